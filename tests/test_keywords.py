"""Keyword abilities (rules_asp/keywords.lp): every keyword the grammar reads
is modelled by the rules or says which answers it could change, and an answer
it could change warns: silence would be a wrong answer."""

from __future__ import annotations

import json
import re
from functools import cache

import clingo
import pytest

from grammar import lexicon, parse_card
from grammar.reading import constant_name
from pyglue.api import Settings, answer_scenario
from pyglue.cards import CardDatabase
from rules_asp import RULES_DIR


@cache
def keyword_concerns() -> dict[str, set[str]]:
    """keyword_concern/2 and keyword_modelled/3 of keywords.lp, grounded with every
    rule file on no facts: the concerns of each keyword, "modelled" for a modelled one."""
    control = clingo.Control(["--warn=none"])
    control.load(str(RULES_DIR / "rules.lp"))
    control.ground([("base", [])])
    concerns: dict[str, set[str]] = {}
    for name, arity in (("keyword_concern", 2), ("keyword_modelled", 3)):
        for atom in control.symbolic_atoms.by_signature(name, arity):
            kind = str(atom.symbol.arguments[1]) if arity == 2 else "modelled"
            concerns.setdefault(str(atom.symbol.arguments[0]), set()).add(kind)
    return concerns


def unclassified(keywords: set[str]) -> list[str]:
    return sorted(keywords - keyword_concerns().keys())


def test_every_keyword_of_the_lexicon_is_modelled_or_has_a_concern():
    assert unclassified({constant_name(k) for k in lexicon.KEYWORDS}) == []


def test_every_keyword_of_the_corpus_is_modelled_or_has_a_concern(corpus_path):
    # keyword/2 facts come only from lines that hold a keyword's words (a keyword
    # line, or a grant: "Creatures you control have persist"); each different
    # line is parsed once, in the context of the first card that has it.
    phrases = {k.lower() for k in lexicon.KEYWORDS}
    words = {p for p in phrases if " " not in p} | {"megamorph", "multikicker", "bands"}
    lines: dict[str, dict] = {}
    for card in json.loads(corpus_path.read_text(encoding="utf-8")):
        for line in (card.get("text") or "").split("\n"):
            low = line.lower()
            if line not in lines and (any(w in words or w.endswith(("walk", "cycling"))
                                          for w in re.findall(r"[a-z!-]+", low))
                                      or any(p in low for p in phrases if " " in p)):
                lines[line] = card
    read: set[str] = set()
    for i, (line, card) in enumerate(lines.items()):
        facts = parse_card(str(i), card["name"], line, card.get("types") or (), card.get("supertypes") or ()).facts
        read |= {str(f.arguments[1]) for f in facts if f.name == "keyword"}
    assert len(read) > 150  # the corpus's keywords were read
    assert unclassified(read) == []


def test_a_keyword_without_effect_on_answers_has_no_other_concern():
    assert sorted(k for k, c in keyword_concerns().items() if "none" in c and len(c) > 1) == []


def warnings_of(scenario: str, cards: CardDatabase) -> list[list[dict]]:
    return [answer.warnings for answer in answer_scenario(scenario, Settings(cards=cards)).answers]


def not_modelled(warnings: list[dict]) -> list[str]:
    return [w["not_modelled"] for w in warnings if "not_modelled" in w]


FINKS = """
[[object]]
id = "finks"
card = "Kitchen Finks"
controller = "you"
{counters}

[[ask]]
triggers = {{ kind = "dies", object = "finks" }}

[[ask]]
triggers = {{ kind = "sacrifice", object = "finks" }}

[[ask]]
characteristics = "finks"
"""


def test_persist_warns_on_what_triggers_as_its_creature_dies(corpus_path):
    # 702.79a: persist is a dies trigger the rules don't model; it can change
    # what triggers on the creature dying (or being sacrificed), not its characteristics.
    dies, sacrificed, characteristics = warnings_of(FINKS.format(counters=""), CardDatabase(corpus_path))
    assert not_modelled(dies) == ["Persist"]
    assert dies[0]["object"] == "finks"
    assert not_modelled(sacrificed) == ["Persist"]
    assert "Persist" not in not_modelled(characteristics)


def test_persist_with_a_minus_counter_does_not_trigger_so_does_not_warn(corpus_path):
    # 702.79a: "if it had no -1/-1 counters on it".
    scenario = FINKS.format(counters='counters = { "-1/-1" = 1 }')
    dies, _, _ = warnings_of(scenario, CardDatabase(corpus_path))
    assert "Persist" not in not_modelled(dies)


def test_flying_changes_no_answer():
    scenario = """
[[object]]
id = "birds"
card = "Birds of Paradise"
controller = "you"

[[ask]]
characteristics = "birds"

[[ask]]
triggers = { kind = "dies", object = "birds" }
"""
    assert warnings_of(scenario, CardDatabase()) == [[], []]


def test_changeling_warns_on_characteristics(corpus_path):
    # 702.73a: every creature type, which the layers don't give it.
    scenario = """
[[object]]
id = "outcast"
card = "Changeling Outcast"
controller = "you"

[[ask]]
characteristics = "outcast"
"""
    [warnings] = warnings_of(scenario, CardDatabase(corpus_path))
    assert "Changeling" in not_modelled(warnings)


BEARER_SCENARIO = """
[[object]]
id = "bearer"
card = "Keyword Bearer"
controller = "opponent"

[[object]]
id = "bolt"
card = "Lightning Bolt"
owner = "you"
zone = "hand"

[[object]]
id = "bears"
card = "Grizzly Bears"
controller = "opponent"

[[object]]
id = "bonesplitter"
card = "Bonesplitter"
controller = "opponent"

[[ask]]
"""


@pytest.mark.parametrize("keyword_line, ask, warns", [
    # 702.21a: targeting a permanent with ward triggers it.
    ("Ward {2}", 'can_target = "bolt"\ntarget = "bearer"', True),
    ("Flying", 'can_target = "bolt"\ntarget = "bearer"', False),
    # 702.11d: hexproof from a quality is read as plain hexproof.
    ("Hexproof from black", 'can_target = "bolt"\ntarget = "bearer"', True),
    ("Hexproof", 'can_target = "bolt"\ntarget = "bearer"', False),
    # 702.16b: protection from red is read; from a quality not understood, it is not.
    ("Protection from red", 'can_target = "bolt"\ntarget = "bearer"', False),
    ("Protection from the chosen player", 'can_target = "bolt"\ntarget = "bearer"', True),
    # 702.16j: from everything, read as a quality every object has.
    ("Protection from everything", 'can_target = "bolt"\ntarget = "bearer"', False),
    # 702.122a: crew is an activated ability the rules don't read.
    ("Crew 1", 'can_activate = "bearer"\nability = 1', True),
    # 702.100a: evolve watches creatures entering under its controller's control.
    ("Evolve", 'triggers = { kind = "enters", object = "bears" }', True),
    ("Evolve", 'triggers = { kind = "dies", object = "bears" }', False),
    # 702.16d: protection from artifacts keeps Equipment off; attach.lp reads it now.
    ("Protection from artifacts", 'can_attach = "bonesplitter"\nto = "bearer"', False),
    ("Flying", 'can_attach = "bonesplitter"\nto = "bearer"', False),
])
def test_keyword_warnings_by_concern(keyword_line, ask, warns, tmp_path):
    # A creature whose only text is the keyword line, in a card file of its own.
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([{"name": "Keyword Bearer", "manaCost": "{1}", "type": "Creature — Shapeshifter",
                                  "power": "1", "toughness": "1", "text": keyword_line}]), encoding="utf-8")
    [warnings] = warnings_of(BEARER_SCENARIO + ask + "\n", CardDatabase(cards))
    assert (keyword_line in not_modelled(warnings)) == warns, warnings


EQUIPMENT = """
[[object]]
id = "bonesplitter"
card = "Bonesplitter"
controller = "you"
{creature}

[[ask]]
can_activate = "bonesplitter"
ability = 2
"""


def test_equip_warns_only_when_no_creature_of_its_controller_may_be_its_target():
    # 702.6a, 602.2b: "Attach to target creature you control", a target the
    # rules don't read; a creature its controller controls is one.
    bears = '\n[[object]]\nid = "bears"\ncard = "Grizzly Bears"\ncontroller = "you"'
    assert warnings_of(EQUIPMENT.format(creature=bears), CardDatabase()) == [[]]
    [alone] = warnings_of(EQUIPMENT.format(creature=""), CardDatabase())
    assert not_modelled(alone) == ["Equip {1}"]


def test_split_second_on_the_stack_warns_on_casting():
    # 702.61a: while it is on the stack, no other spell can be cast.
    scenario = """
[[object]]
id = "sudden"
name = "Sudden Thing"
mana_cost = "{B}"
type = "Instant"
text = "Split second"
controller = "opponent"
zone = "stack"

[[object]]
id = "bolt"
card = "Lightning Bolt"
owner = "you"
zone = "hand"

[[ask]]
can_cast = "bolt"
"""
    [warnings] = warnings_of(scenario, CardDatabase())
    assert not_modelled(warnings) == ["Split second"]


@pytest.mark.parametrize("sick, warns", [("true", True), ("false", False)])
def test_dash_warns_on_tapping_a_summoning_sick_creature(sick, warns):
    # 702.109b: a creature cast for its dash cost has haste; whether it was is
    # not part of a scenario. It matters only where summoning sickness does (302.6).
    scenario = f"""
[[object]]
id = "dasher"
name = "Dashing Thing"
mana_cost = "{{2}}{{R}}"
type = "Creature — Goblin"
text = "Dash {{1}}{{R}}\\n{{T}}: Add {{R}}."
power = "1"
toughness = "1"
controller = "you"
summoning_sick = {sick}

[[ask]]
can_activate = "dasher"
ability = 2
"""
    [warnings] = warnings_of(scenario, CardDatabase())
    assert (not_modelled(warnings) == ["Dash {1}{R}"]) == warns, warnings
