"""Trigger conditions (603.2) read in typed terms: "when(ever)" + a subject
(or "this creature or another ...") + an event verb phrase (or two joined by
"or"), and the events of a player ("whenever you gain life"); see
rules_asp/VOCABULARY.md, Trigger events."""

import pytest

from test_grammar import facts, without_text


def trigger_of(text):
    fs = without_text(facts(text))
    assert "effect(A,1,draw(you,n(1)))" in fs, fs
    found = [f for f in fs if f.startswith("trigger(A,")]
    assert len(found) == 1, fs
    return found[0][len("trigger(A,"):-1], {f for f in fs if f.startswith("sel_")}


@pytest.mark.parametrize("condition, term", [
    # a subject's events
    ("When this creature is turned face up", "turned_face_up(sel_self)"),
    ("When this creature leaves the battlefield", "leaves_battlefield(sel_self)"),
    ("When this Aura is put into a graveyard from the battlefield", "put_into_graveyard_from_battlefield(sel_self)"),
    ("When this Siege enters", "enters(sel_self)"),
    ("Whenever this creature becomes blocked", "becomes_blocked(sel_self)"),
    ("Whenever this creature becomes untapped", "becomes_untapped(sel_self)"),
    ("Whenever this creature is dealt damage", "dealt_damage(sel_self,any)"),
    ("Whenever this creature is dealt combat damage", "dealt_damage(sel_self,combat)"),
    ("Whenever this creature deals damage", "deals_damage(sel_self,any)"),
    ("Whenever this creature deals damage to an opponent", "deals_damage(sel_self,opponent)"),
    ("Whenever this creature deals combat damage to a creature", "deals_combat_damage(sel_self,creature)"),
    ("Whenever this creature deals combat damage", "deals_combat_damage(sel_self,any)"),
    ("Whenever this creature mutates", "mutates(sel_self)"),
    ("When this creature exploits a creature", "exploits(sel_self)"),
    ("When this creature becomes monstrous", "becomes_monstrous(sel_self)"),
    ("Whenever this creature attacks alone", "attacks_alone(sel_self)"),
    ("Whenever this creature attacks while saddled", "attacks_while_saddled(sel_self)"),
    ("Whenever this creature attacks and isn't blocked", "attacks_unblocked(sel_self)"),
    ("When this creature becomes the target of a spell or ability", "becomes_target(sel_self,spell_or_ability)"),
    ("When this creature becomes the target of a spell", "becomes_target(sel_self,spell)"),
    ("When this creature attacks", "attacks(sel_self)"),
    # two events, two subjects
    ("When this creature enters or dies", "any_of((enters(sel_self),dies(sel_self)))"),
    ("Whenever this creature enters or attacks", "any_of((enters(sel_self),attacks(sel_self)))"),
    ("When this creature enters or is turned face up", "any_of((enters(sel_self),turned_face_up(sel_self)))"),
    ("Whenever this creature blocks or becomes blocked", "any_of((blocks(sel_self),becomes_blocked(sel_self)))"),
    ("When this creature attacks or blocks", "attacks_or_blocks(sel_self)"),
    # a player's events
    ("Whenever you gain life", "gains_life(you)"),
    ("Whenever an opponent loses life", "loses_life(opponent)"),
    ("Whenever you draw a card", "draws(you)"),
    ("Whenever an opponent draws their second card each turn", "draws_nth(opponent,2)"),
    ("Whenever you draw your second card each turn", "draws_nth(you,2)"),
    ("Whenever you cast your second spell each turn", "cast_nth(you,2)"),
    ("Whenever a player casts their third spell each turn", "cast_nth(any,3)"),
    ("When you cast this spell", "cast_this_spell(you)"),
    ("When you cycle this card", "cycles(you,sel_self)"),
    ("Whenever you attack", "player_attacks(you)"),
    ("Whenever you crank this Contraption", "cranks(you,sel_self)"),
    ("Whenever you scry", "scries(you)"),
    ("Whenever you surveil", "surveils(you)"),
    ("Whenever you commit a crime", "commits_crime(you)"),
    ("When you unlock this door", "unlocks_door(you,sel_self)"),
    ("When you set this scheme in motion", "sets_in_motion(you,sel_self)"),
    ("When you sacrifice this Aura", "sacrifice(you,sel_self)"),
    ("Whenever chaos ensues", "chaos_ensues"),
    ("Whenever you expend 4", "expends(you,4)"),
    ("At the beginning of enchanted player's upkeep", "beginning_of(upkeep,enchanted_player)"),
    ("Whenever this creature and at least two other creatures attack", "attacks_with_others(sel_self,2)"),
])
def test_condition_without_selector(condition, term):
    assert trigger_of(condition + ", draw a card.") == (term, set())


@pytest.mark.parametrize("condition, term, sels", [
    ("Whenever this creature or another Ally you control enters", "any_of((enters(sel_self),enters(S1)))",
     {"sel_other(S1)", "sel_controller(S1,you)", "sel_subtype_in(S1,ally)"}),
    ("Whenever this creature or another creature dies", "any_of((dies(sel_self),dies(S1)))",
     {"sel_other(S1)", "sel_type(S1,creature)"}),
    ("Whenever another creature you control enters or dies", "any_of((enters(S1),dies(S1)))",
     {"sel_other(S1)", "sel_controller(S1,you)", "sel_type(S1,creature)"}),
    ("Whenever you cast a spell that targets this creature", "cast_targeting(you,S1,sel_self)", set()),
    ("Whenever you cast an instant or sorcery spell that targets a creature you control",
     "cast_targeting(you,S1,S2)", {"sel_type_in(S1,instant)", "sel_type_in(S1,sorcery)",
                                   "sel_type(S2,creature)", "sel_controller(S2,you)"}),
    ("Whenever you cast or copy an instant or sorcery spell", "any_of((cast(you,S1),copies(you,S1)))",
     {"sel_type_in(S1,instant)", "sel_type_in(S1,sorcery)"}),
    ("Whenever you cycle or discard a card", "any_of((cycles(you,S1),discards(you,S1)))", set()),
    ("Whenever an opponent discards a creature card", "discards(opponent,S1)", {"sel_type(S1,creature)"}),
    ("Whenever this creature becomes blocked by a creature", "becomes_blocked_by(sel_self,S1)",
     {"sel_type(S1,creature)"}),
    ("Whenever this creature blocks a creature", "blocks_creature(sel_self,S1)", {"sel_type(S1,creature)"}),
    # the object is both verbs' (509.3d): once for each creature it blocks or is blocked by
    ("Whenever this creature blocks or becomes blocked by a non-Wall creature",
     "any_of((blocks_creature(sel_self,S1),becomes_blocked_by(sel_self,S1)))",
     {"sel_type(S1,creature)", "sel_not_subtype(S1,wall)"}),
    ("Whenever a creature you control attacks alone", "attacks_alone(S1)",
     {"sel_controller(S1,you)", "sel_type(S1,creature)"}),
    ("Whenever enchanted creature is dealt damage", "dealt_damage(S1,any)", {"sel_enchanted(S1)"}),
    ("Whenever an artifact is put into a graveyard from the battlefield", "put_into_graveyard_from_battlefield(S1)",
     {"sel_type(S1,artifact)"}),
    ("Whenever a creature deals combat damage to you", "deals_combat_damage(S1,you)", {"sel_type(S1,creature)"}),
    ("When an opponent casts a creature spell", "cast(opponent,S1)", {"sel_type(S1,creature)"}),
    ("Whenever one or more creatures you control deal combat damage to a player",
     "one_or_more(deals_combat_damage(S1,player))", {"sel_controller(S1,you)", "sel_type(S1,creature)"}),
    ("Whenever one or more other creatures die", "one_or_more(dies(S1))", {"sel_other(S1)", "sel_type(S1,creature)"}),
    ("At the beginning of the upkeep of enchanted creature's controller", "beginning_of(upkeep,controller_of(S1))",
     {"sel_enchanted(S1)"}),
    ("Whenever one or more tokens you control enter", "one_or_more(enters(S1))",
     {"sel_controller(S1,you)", "sel_token(S1)"}),
])
def test_condition_with_selectors(condition, term, sels):
    assert trigger_of(condition + ", draw a card.") == (term, sels)


@pytest.mark.parametrize("condition", [
    # two subjects and two events
    "Whenever this creature or another creature you control enters or dies",
    "Whenever this creature or another creature blocks or becomes blocked",
    # counts and qualifiers not read
    "Whenever you cast your first spell each turn",
    "Whenever this creature becomes the target of a spell or ability an opponent controls",
    "Whenever this creature deals combat damage to a player or planeswalker",
    "Whenever you gain life for the first time each turn",
])
def test_conditions_not_read(condition):
    assert trigger_of(condition + ", draw a card.") == ('other("%s")' % condition, set())


def test_tapped_for_mana_still_read():
    fs = without_text(facts("Whenever enchanted land is tapped for mana, its controller adds an additional {G}."))
    assert "trigger(A,tapped_for_mana(any,S1))" in fs and "sel_enchanted(S1)" in fs
    fs = without_text(facts("Whenever a player taps a land for mana, that player adds an additional {R}."))
    assert "trigger(A,tapped_for_mana(any,S1))" in fs


@pytest.mark.parametrize("text, term", [
    # 714.2b: a chapter ability triggers as lore counters reach its number; 714.2c: two numbers, both
    ("I — Draw a card.", "chapter(1)"),
    ("III — Draw a card.", "chapter(3)"),
    ("I, II — Draw a card.", "any_of((chapter(1),chapter(2)))"),
    ("I, II, III — Draw a card.", 'other("I, II, III")'),
])
def test_chapter_abilities(text, term):
    fs = without_text(facts(text))
    assert {"ability_kind(A,triggered)", "trigger(A,%s)" % term} <= fs
    assert [f for f in fs if f.startswith("trigger(")] == ["trigger(A,%s)" % term]
