"""Scenario generators for the benchmarks: big boards and stacks of effects."""

from __future__ import annotations

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
DUALS = ["Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah",
         "Scrubland", "Volcanic Island", "Bayou", "Plateau", "Tropical Island"]
REFERENTIAL = ["Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Naga Vitalist"]
OTHERS = ["Llanowar Elves", "Mind Stone", "Sol Ring", "Birds of Paradise", "City of Brass",
          "Command Tower", "Gemstone Mine", "Vivid Crag", "Ancient Tomb", "Grizzly Bears"]
PALE_MOON_EFFECT = {
    "name": "Pale Moon effect", "type": "Instant",
    "text": "Until end of turn, if a player taps a nonbasic land for mana, "
            "it produces colorless mana instead of any other type.",
}


def _object(lines: list[str], controller: str, card: str | None = None, **inline: str) -> None:
    lines.append("[[object]]")
    if card:
        lines.append(f'card = "{card}"')
    for key, value in inline.items():
        lines.append(f"{key} = {value!r}".replace("'", '"'))
    lines.append(f'controller = "{controller}"')
    lines.append("")


def _land_effect(result: str, condition: str = "") -> dict:
    return {"name": f"Land effect: {condition}{result}", "type": "Instant",
            "text": f"Until end of turn, if a land is tapped for {condition}mana, it produces {result}."}


# Ten pairwise different replacement effects on every land tapped for mana.
LAND_EFFECTS = [_land_effect(f"{{{t}}} instead of any other type") for t in "WUBRG"] + [
    _land_effect("colorless mana instead of any other type"),
    _land_effect("mana of a color of your choice instead of any other type"),
    _land_effect("twice as much of that mana instead"),
    _land_effect("three times as much of that mana instead"),
    _land_effect("{C} instead of any other type and amount", "two or more "),
]
# More pairwise different effects for stacks of up to 14 (with Contamination,
# Pale Moon, Mana Reflection, Nyxbloom Ancient and Damping Sphere).
MORE_LAND_EFFECTS = [
    _land_effect(f"{{{t}}} instead of any other type") for t in "WURG"] + [
    _land_effect("mana of a color of your choice instead of any other type"),
    _land_effect("four times as much of that mana instead"),
    _land_effect("{R}{R} instead of any other type and amount", "three or more "),
    _land_effect("two mana of a color of your choice instead of any other type and amount"),
    _land_effect("{G} instead of any other type and amount", "four or more "),
]


def board(per_side: int, copies: int = 1, land_effects: bool = False) -> str:
    """A two-sided board of 2 * per_side permanents: per side 30% basics, 20% duals,
    10% referential lands and artifacts, 3 replacement effects (each `copies`
    times); Urborg and Chromatic Lantern on one side, Blood Moon on the other;
    the rest mana creatures, rocks and lands. land_effects: instead of those 6
    effects, the 10 pairwise different LAND_EFFECTS, 5 a side, on every land.
    Asks could_produce of every permanent."""
    lines: list[str] = []
    replacements = {"you": [("Mana Reflection", {}), ("Nyxbloom Ancient", {}), ("Damping Sphere", {})] * copies,
                    "opponent": [("Mana Reflection", {}), ("Pulse of Llanowar", {}), (None, PALE_MOON_EFFECT)] * copies}
    if land_effects:
        replacements = {"you": [(None, e) for e in LAND_EFFECTS[:5]], "opponent": [(None, e) for e in LAND_EFFECTS[5:]]}
    specials = {"you": ["Urborg, Tomb of Yawgmoth", "Chromatic Lantern"], "opponent": ["Blood Moon"]}
    for side in ("you", "opponent"):
        cards: list[str] = []
        cards += [BASICS[i % 5] for i in range(per_side * 30 // 100)]
        cards += [DUALS[i % 10] for i in range(per_side * 20 // 100)]
        cards += [REFERENTIAL[i % 4] for i in range(per_side * 10 // 100)]
        cards += specials[side]
        fill = per_side - len(cards) - len(replacements[side])
        cards += [OTHERS[i % len(OTHERS)] for i in range(fill)]
        for card in cards:
            _object(lines, side, card)
        for card, inline in replacements[side]:
            _object(lines, side, card, **inline)
    count = sum(1 for line in lines if line == "[[object]]")
    ids = _ids(lines)
    assert len(ids) == count
    for object_id in ids:
        lines += ["[[ask]]", f'could_produce = "{object_id}"', ""]
    return "\n".join(lines)


def _ids(lines: list[str]) -> list[str]:
    from pyglue.scenario import default_id

    ids, seen = [], {}
    for line in lines:
        if line.startswith("card = ") or line.startswith("name = "):
            base = default_id(line.split(" = ", 1)[1].strip('"'))
            seen[base] = seen.get(base, 0) + 1
            ids.append(base if seen[base] == 1 else f"{base}_{seen[base]}")
    return ids


def different_effects(n: int) -> str:
    """n pairwise different replacement effects (no two of one class) on one nonbasic
    land tapped for {W}: Contamination, the Pale Moon effect, Mana Reflection,
    Nyxbloom Ancient, Damping Sphere, then MORE_LAND_EFFECTS; n at most 14."""
    lines: list[str] = []
    _object(lines, "you", "Tundra")
    effects = [("Contamination", {}), (None, PALE_MOON_EFFECT), ("Mana Reflection", {}), ("Nyxbloom Ancient", {}),
               ("Damping Sphere", {})] + [(None, e) for e in MORE_LAND_EFFECTS]
    assert n <= len(effects)
    for card, inline in effects[:n]:
        _object(lines, "you", card, **inline)
    lines += ["[[ask]]", 'activate = "tundra"', "ability = 1", ""]
    return "\n".join(lines)


def stacked_effects(n: int) -> str:
    """n mutually applicable replacement effects on one nonbasic land tapped for {W}:
    Contamination, the Pale Moon effect, then Mana Reflections and Nyxbloom Ancients."""
    lines: list[str] = []
    _object(lines, "you", "Tundra")
    effects: list[tuple[str | None, dict]] = [("Contamination", {}), (None, PALE_MOON_EFFECT)]
    multipliers = ["Mana Reflection", "Nyxbloom Ancient"]
    effects += [(multipliers[i % 2], {}) for i in range(n - 2)]
    for card, inline in effects[:n]:
        _object(lines, "you", card, **inline)
    lines += ["[[ask]]", 'activate = "tundra"', "ability = 1", ""]
    return "\n".join(lines)


CLUE = {"name": "Clue", "type": "Artifact — Clue", "text": "{2}, Sacrifice this artifact: Draw a card."}


def copy_board(per_side: int) -> str:
    """A two-sided board for the layer system: per side 2 Armed with Proof, 20% Clue
    tokens, 30% creatures with counters, 20% Clones each copying one of them (some a
    Clone copying a Clone), Wrenches attached to creatures; an awaken effect on
    one land. Asks the characteristics of every permanent and a token copy of
    every fifth."""
    lines: list[str] = []
    ids: list[str] = []

    def add(object_id: str, side: str, card: str | None = None, extra: str = "", **inline: str) -> None:
        lines.append("[[object]]")
        lines.append(f'id = "{object_id}"')
        if card:
            lines.append(f'card = "{card}"')
        for key, value in inline.items():
            lines.append(f'{key} = "{value}"')
        if extra:
            lines.append(extra)
        lines.extend([f'controller = "{side}"', ""])
        ids.append(object_id)

    for side in ("you", "opponent"):
        creatures = [f"{side}_bears_{i}" for i in range(per_side * 30 // 100)]
        add(f"{side}_proof_1", side, "Armed with Proof")
        add(f"{side}_proof_2", side, "Armed with Proof")
        add(f"{side}_plains", side, "Plains")
        for i in range(per_side * 20 // 100):
            add(f"{side}_clue_{i}", side, extra="token = true", **CLUE)
        for i, creature in enumerate(creatures):
            add(creature, side, "Hill Giant" if i % 2 else "Grizzly Bears", extra=f'counters = {{ "+1/+1" = {i % 3} }}')
        for i in range(per_side * 20 // 100):
            copied = creatures[i % len(creatures)] if i < 2 else f"{side}_clone_{i - 2}"
            add(f"{side}_clone_{i}", side, "Clone", extra=f'copy_of = "{copied}"')
        for i in range(per_side - len([x for x in ids if x.startswith(side)])):
            add(f"{side}_wrench_{i}", side, "Wrench", extra=f'attached_to = "{creatures[i % len(creatures)]}"')
    lines += ["[[effect]]", 'text = "Target land becomes a 0/0 Elemental creature with haste that\'s still a land."',
              'controller = "you"', 'refers = ["you_plains"]', ""]
    for number, object_id in enumerate(ids):
        lines += ["[[ask]]", f'characteristics = "{object_id}"', ""]
        if number % 5 == 0:
            lines += ["[[ask]]", f'copy_permanent = "{object_id}"', ""]
    return "\n".join(lines)


# The layer board: lords, anthems, type-changers and pairs of effects of which
# the second depends on the first (613.8a), the same number at every size.
LORDS = ["Lord of the Accursed", "Goblin Chieftain", "Elvish Archdruid", "Merrow Reejerey", "Imperious Perfect"]
ANTHEMS = ["Glorious Anthem", "Crusade", "Honor of the Pure", "Bad Moon", "Intangible Virtue"]
TYPE_CHANGERS = [("Prismatic Omen", ""), ("Xenograft", 'chosen = { creature_type = "Goblin" }'),
                 ("Conspiracy", 'chosen = { creature_type = "Zombie" }'), ("Blood Moon", "")]
# Urborg's effect depends on Blood Moon's (existence), Xenograft's and
# Conspiracy's on March of the Machines' (what they apply to), the Chieftain's
# haste on Humility's removal of its abilities (existence).
DEPENDENCY_PAIRS = [(("Blood Moon", ""), ("Urborg, Tomb of Yawgmoth", ""))] * 4 + [
    (("March of the Machines", ""), ("Xenograft", 'chosen = { creature_type = "Elf" }'))] * 3 + [
    (("March of the Machines", ""), ("Conspiracy", 'chosen = { creature_type = "Merfolk" }'))] * 2 + [
    (("Humility", ""), ("Goblin Chieftain", ""))]
LAYER_FILLER = ["Grizzly Bears", "Walking Corpse", "Goblin Piker", "Merfolk of the Pearl Trident", "Elvish Warrior",
                "Forest", "Swamp", "Tundra", "Badlands", "Sol Ring", "Mind Stone", "Ornithopter"]
LAYER_BOARD_CARDS = sorted({*LORDS, *ANTHEMS, *LAYER_FILLER, *(card for card, _ in TYPE_CHANGERS),
                            *(card for pair in DEPENDENCY_PAIRS for card, _ in pair)})


def layer_board(per_side: int) -> str:
    """A two-sided board of 2 * per_side permanents for the layer system: 20
    lords, 20 anthems, 20 type-changers and 10 dependency pairs (the same at
    every size), the rest creatures, lands and artifacts. Asks the
    characteristics of every permanent."""
    singles: list[tuple[str, str]] = [(card, "") for card in LORDS * 4 + ANTHEMS * 4] + TYPE_CHANGERS * 5
    assert per_side >= 40
    lines: list[str] = []
    ids: list[str] = []
    for half, side in enumerate(("you", "opponent")):
        mine = singles[half::2] + [card for pair in DEPENDENCY_PAIRS[half::2] for card in pair]
        cards = mine + [(LAYER_FILLER[i % len(LAYER_FILLER)], "") for i in range(per_side - len(mine))]
        for number, (card, extra) in enumerate(cards):
            object_id = f"{side}_{number}"
            lines += ["[[object]]", f'id = "{object_id}"', f'card = "{card}"']
            lines += [extra] if extra else []
            lines += [f'controller = "{side}"', ""]
            ids.append(object_id)
    for object_id in ids:
        lines += ["[[ask]]", f'characteristics = "{object_id}"', ""]
    return "\n".join(lines)
