"""Word lists from the Comprehensive Rules (2026-01-16): the card types,
supertypes, colors, keywords, predefined tokens and subtypes the grammar
recognises, each listed once."""

# 702.2 and on: keyword abilities.
KEYWORDS = (
    'Deathtouch', 'Defender', 'Double Strike', 'Enchant', 'Equip',
    'First Strike', 'Flash', 'Flying', 'Haste', 'Hexproof', 'Indestructible',
    'Intimidate', 'Landwalk', 'Lifelink', 'Protection', 'Reach', 'Shroud',
    'Trample', 'Vigilance', 'Ward', 'Banding', 'Rampage', 'Cumulative Upkeep',
    'Flanking', 'Phasing', 'Buyback', 'Shadow', 'Cycling', 'Echo',
    'Horsemanship', 'Fading', 'Kicker', 'Flashback', 'Madness', 'Fear',
    'Morph', 'Amplify', 'Provoke', 'Storm', 'Affinity', 'Entwine', 'Modular',
    'Sunburst', 'Bushido', 'Soulshift', 'Splice', 'Offering', 'Ninjutsu',
    'Epic', 'Convoke', 'Dredge', 'Transmute', 'Bloodthirst', 'Haunt',
    'Replicate', 'Forecast', 'Graft', 'Recover', 'Ripple', 'Split Second',
    'Suspend', 'Vanishing', 'Absorb', 'Aura Swap', 'Delve', 'Fortify',
    'Frenzy', 'Gravestorm', 'Poisonous', 'Transfigure', 'Champion',
    'Changeling', 'Evoke', 'Hideaway', 'Prowl', 'Reinforce', 'Conspire',
    'Persist', 'Wither', 'Retrace', 'Devour', 'Exalted', 'Unearth', 'Cascade',
    'Annihilator', 'Level Up', 'Rebound', 'Umbra Armor', 'Infect',
    'Battle Cry', 'Living Weapon', 'Undying', 'Miracle', 'Soulbond',
    'Overload', 'Scavenge', 'Unleash', 'Cipher', 'Evolve', 'Extort', 'Fuse',
    'Bestow', 'Tribute', 'Dethrone', 'Hidden Agenda', 'Outlast', 'Prowess',
    'Dash', 'Exploit', 'Menace', 'Renown', 'Awaken', 'Devoid', 'Ingest',
    'Myriad', 'Surge', 'Skulk', 'Emerge', 'Escalate', 'Melee', 'Crew',
    'Fabricate', 'Partner', 'Undaunted', 'Improvise', 'Aftermath', 'Embalm',
    'Eternalize', 'Afflict', 'Ascend', 'Assist', 'Jump-Start', 'Mentor',
    'Afterlife', 'Riot', 'Spectacle', 'Escape', 'Companion', 'Mutate',
    'Encore', 'Boast', 'Foretell', 'Demonstrate', 'Daybound', 'Nightbound',
    'Disturb', 'Decayed', 'Cleave', 'Training', 'Compleated', 'Reconfigure',
    'Blitz', 'Casualty', 'Enlist', 'Read Ahead', 'Ravenous', 'Squad',
    'Space Sculptor', 'Visit', 'Prototype', 'Living Metal',
    'More Than Meets the Eye', 'For Mirrodin!', 'Toxic', 'Backup', 'Bargain',
    'Craft', 'Disguise', 'Solved', 'Plot', 'Saddle', 'Spree', 'Freerunning',
    'Gift', 'Offspring', 'Impending', 'Exhaust', 'Max Speed',
    'Start Your Engines!', 'Harmonize', 'Mobilize', 'Job Select', 'Tiered',
    'Station', 'Warp', 'Mayhem', 'Web-slinging', 'Firebending',
    # 702.124a: partner abilities written with their own names
    'Choose a Background', "Doctor's Companion",
) + (
    # Keywords of digital-only (Alchemy) and recent cards that the CR does not
    # define: what they do is their reminder text's (rules_asp/keywords.lp)
    'Specialize', 'Double Team', 'Increment', 'Starting Intensity', 'Teamwork',
    'Ready to Run',
    # playtest cards (Un-sets)
    'Poison Tolerance', 'Spell Commander', 'Commander Enchantment',
)

# 205.2a: card types.
CARD_TYPES = (
    'Artifact', 'Battle', 'Creature', 'Enchantment', 'Instant', 'Kindred',
    'Land', 'Planeswalker', 'Sorcery',
)

# 205.2a: the card types of casual variants (Conspiracy Draft, Archenemy,
# Planechase, Vanguard, dungeons): type lines print them, no text reads them.
VARIANT_CARD_TYPES = ('Conspiracy', 'Dungeon', 'Phenomenon', 'Plane', 'Scheme', 'Vanguard')

# 110.4a: a "permanent card" is a card of one of these types.
PERMANENT_TYPES = ('Artifact', 'Battle', 'Creature', 'Enchantment', 'Land', 'Planeswalker')

# 205.4a: supertypes; the Un-sets print two more on type lines.
SUPERTYPES = ('Basic', 'Legendary', 'Ongoing', 'Snow', 'World')
UN_SUPERTYPES = ('Elite', 'Host')

# 105.1: the five colors, with their mana symbols' letters.
COLORS = {'White': 'w', 'Blue': 'u', 'Black': 'b', 'Red': 'r', 'Green': 'g'}

# 305.6: the basic land types, in the order of their colors (WUBRG).
BASIC_LAND_TYPES = ('Plains', 'Island', 'Swamp', 'Mountain', 'Forest')

# 702.14c: landwalk written with a basic land type ("forestwalk")
LANDWALK = tuple(t + 'walk' for t in BASIC_LAND_TYPES)

# 111.10: predefined tokens whose name alone says what they are (Incubator
# and the Roles need more words).
PREDEFINED_TOKENS = (
    'Treasure', 'Food', 'Gold', 'Walker', 'Shard', 'Clue', 'Blood',
    'Powerstone', 'Map', 'Junk', 'Lander',
    # 111.10j-r: the Role tokens, colorless Aura Role enchantment tokens
    'Cursed Role', 'Monster Role', 'Royal Role', 'Sorcerer Role', 'Virtuous Role',
    'Wicked Role', 'Young Hero Role',
    # a predefined token of cards newer than the Comprehensive Rules text of
    # shared/data (2026-01-16), which has no 111.10 entry for it: a name only
    'Mutagen',
)

# 205.3g: artifact types.
ARTIFACT_TYPES = (
    'Attraction', 'Blood', 'Bobblehead', 'Clue', 'Contraption', 'Equipment',
    'Food', 'Fortification', 'Gold', 'Incubator', 'Infinity', 'Junk', 'Lander',
    'Map', 'Powerstone', 'Spacecraft', 'Stone', 'Treasure', 'Vehicle',
)

# 205.3h: enchantment types.
ENCHANTMENT_TYPES = (
    'Aura', 'Background', 'Cartouche', 'Case', 'Class', 'Curse', 'Role',
    'Room', 'Rune', 'Saga', 'Shard', 'Shrine',
)

# 205.3i: land types.
LAND_TYPES = (
    'Cave', 'Desert', 'Forest', 'Gate', 'Island', 'Lair', 'Locus', 'Mine',
    'Mountain', 'Plains', 'Planet', 'Power-Plant', 'Sphere', 'Swamp', 'Tower',
    'Town', "Urza's",
)

# 205.3j: planeswalker types.
PLANESWALKER_TYPES = (
    'Ajani', 'Aminatou', 'Angrath', 'Arlinn', 'Ashiok', 'Bahamut', 'Basri',
    'Bolas', 'Calix', 'Chandra', 'Comet', 'Dack', 'Dakkon', 'Daretti',
    'Davriel', 'Dihada', 'Domri', 'Dovin', 'Ellywick', 'Elminster', 'Elspeth',
    'Estrid', 'Freyalise', 'Garruk', 'Gideon', 'Grist', 'Guff', 'Huatli',
    'Jace', 'Jared', 'Jaya', 'Jeska', 'Kaito', 'Karn', 'Kasmina', 'Kaya',
    'Kiora', 'Koth', 'Liliana', 'Lolth', 'Lukka', 'Minsc', 'Mordenkainen',
    'Nahiri', 'Narset', 'Niko', 'Nissa', 'Nixilis', 'Oko', 'Quintorius', 'Ral',
    'Rowan', 'Saheeli', 'Samut', 'Sarkhan', 'Serra', 'Sivitri', 'Sorin',
    'Szat', 'Tamiyo', 'Tasha', 'Teferi', 'Teyo', 'Tezzeret', 'Tibalt', 'Tyvar',
    'Ugin', 'Urza', 'Venser', 'Vivien', 'Vraska', 'Vronos', 'Will',
    'Windgrace', 'Wrenn', 'Xenagos', 'Yanggu', 'Yanling', 'Zariel',
)

# 205.3k: spell types.
SPELL_TYPES = (
    'Adventure', 'Arcane', 'Lesson', 'Omen', 'Trap',
)

# 205.3q: the battle types
BATTLE_TYPES = (
    'Siege',
)

# 205.3m: creature types.
CREATURE_TYPES = (
    'Advisor', 'Aetherborn', 'Alien', 'Ally', 'Angel', 'Antelope', 'Ape',
    'Archer', 'Archon', 'Armadillo', 'Army', 'Artificer', 'Assassin',
    'Assembly-Worker', 'Astartes', 'Atog', 'Aurochs', 'Avatar', 'Azra',
    'Badger', 'Balloon', 'Barbarian', 'Bard', 'Basilisk', 'Bat', 'Bear',
    'Beast', 'Beaver', 'Beeble', 'Beholder', 'Berserker', 'Bird', 'Bison',
    'Blinkmoth', 'Boar', 'Bringer', 'Brushwagg', 'Camarid', 'Camel',
    'Capybara', 'Caribou', 'Carrier', 'Cat', 'Centaur', 'Child', 'Chimera',
    'Citizen', 'Cleric', 'Clown', 'Cockatrice', 'Construct', 'Coward',
    'Coyote', 'Crab', 'Crocodile', "C'tan", 'Custodes', 'Cyberman', 'Cyclops',
    'Dalek', 'Dauthi', 'Demigod', 'Demon', 'Deserter', 'Detective', 'Devil',
    'Dinosaur', 'Djinn', 'Doctor', 'Dog', 'Dragon', 'Drake', 'Dreadnought',
    'Drix', 'Drone', 'Druid', 'Dryad', 'Dwarf', 'Echidna', 'Efreet', 'Egg',
    'Elder', 'Eldrazi', 'Elemental', 'Elephant', 'Elf', 'Elk', 'Employee',
    'Eye', 'Faerie', 'Ferret', 'Fish', 'Flagbearer', 'Fox', 'Fractal', 'Frog',
    'Fungus', 'Gamer', 'Gargoyle', 'Germ', 'Giant', 'Gith', 'Glimmer', 'Gnoll',
    'Gnome', 'Goat', 'Goblin', 'God', 'Golem', 'Gorgon', 'Graveborn',
    'Gremlin', 'Griffin', 'Guest', 'Hag', 'Halfling', 'Hamster', 'Harpy',
    'Hedgehog', 'Hellion', 'Hero', 'Hippo', 'Hippogriff', 'Homarid',
    'Homunculus', 'Horror', 'Horse', 'Human', 'Hydra', 'Hyena', 'Illusion',
    'Imp', 'Incarnation', 'Inkling', 'Inquisitor', 'Insect', 'Jackal',
    'Jellyfish', 'Juggernaut', 'Kangaroo', 'Kavu', 'Kirin', 'Kithkin',
    'Knight', 'Kobold', 'Kor', 'Kraken', 'Llama', 'Lamia', 'Lammasu', 'Leech',
    'Lemur', 'Leviathan', 'Lhurgoyf', 'Licid', 'Lizard', 'Lobster',
    'Manticore', 'Masticore', 'Mercenary', 'Merfolk', 'Metathran', 'Minion',
    'Minotaur', 'Mite', 'Mole', 'Monger', 'Mongoose', 'Monk', 'Monkey',
    'Moogle', 'Moonfolk', 'Mount', 'Mouse', 'Mutant', 'Myr', 'Mystic',
    'Nautilus', 'Necron', 'Nephilim', 'Nightmare', 'Nightstalker', 'Ninja',
    'Noble', 'Noggle', 'Nomad', 'Nymph', 'Octopus', 'Ogre', 'Ooze', 'Orb',
    'Orc', 'Orgg', 'Otter', 'Ouphe', 'Ox', 'Oyster', 'Pangolin', 'Peasant',
    'Pegasus', 'Pentavite', 'Performer', 'Pest', 'Phelddagrif', 'Phoenix',
    'Phyrexian', 'Pilot', 'Pincher', 'Pirate', 'Plant', 'Platypus',
    'Porcupine', 'Possum', 'Praetor', 'Primarch', 'Prism', 'Processor', 'Qu',
    'Rabbit', 'Raccoon', 'Ranger', 'Rat', 'Rebel', 'Reflection', 'Rhino',
    'Rigger', 'Robot', 'Rogue', 'Sable', 'Salamander', 'Samurai', 'Sand',
    'Saproling', 'Satyr', 'Scarecrow', 'Scientist', 'Scion', 'Scorpion',
    'Scout', 'Sculpture', 'Seal', 'Serf', 'Serpent', 'Servo', 'Shade',
    'Shaman', 'Shapeshifter', 'Shark', 'Sheep', 'Siren', 'Skeleton', 'Skunk',
    'Slith', 'Sliver', 'Sloth', 'Slug', 'Snail', 'Snake', 'Soldier', 'Soltari',
    'Sorcerer', 'Spawn', 'Specter', 'Spellshaper', 'Sphinx', 'Spider', 'Spike',
    'Spirit', 'Splinter', 'Sponge', 'Squid', 'Squirrel', 'Starfish',
    'Surrakar', 'Survivor', 'Symbiote', 'Synth', 'Tentacle', 'Tetravite',
    'Thalakos', 'Thopter', 'Thrull', 'Tiefling', 'Toy', 'Treefolk',
    'Trilobite', 'Triskelavite', 'Troll', 'Turtle', 'Tyranid', 'Unicorn',
    'Vampire', 'Varmint', 'Vedalken', 'Villain', 'Volver', 'Wall', 'Walrus',
    'Warlock', 'Warrior', 'Weasel', 'Weird', 'Werewolf', 'Whale', 'Wizard',
    'Wolf', 'Wolverine', 'Wombat', 'Worm', 'Wraith', 'Wurm', 'Yeti', 'Zombie',
    'Zubera', 'Time Lord',
)
