"""Static abilities and costs the grammar reads and the rules do not apply:
an answer that depends on one warns (rules_asp/limits.lp) instead of being
silently wrong."""

from __future__ import annotations

import json

from pyglue.api import Settings, answer_scenario
from pyglue.cards import CardDatabase

CARDS = [
    {"name": "Counting Golem", "manaCost": "{3}", "type": "Artifact Creature — Golem", "power": "1",
     "toughness": "1", "text": "This creature gets +1/+0 for each artifact you control."},
    {"name": "Plain Golem", "manaCost": "{3}", "type": "Artifact Creature — Golem", "power": "1",
     "toughness": "1", "text": "This creature gets +1/+0."},
    {"name": "Web of Stillness", "manaCost": "{W}", "type": "Enchantment — Aura",
     "text": "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated."},
    {"name": "Steel Warden", "manaCost": "{2}", "type": "Artifact",
     "text": "You can't cast creature spells."},
    {"name": "Counter Spender", "manaCost": "{G}", "type": "Creature — Elf", "power": "1", "toughness": "1",
     "text": "Remove a +1/+1 counter from a creature you control: Draw a card."},
    {"name": "Land Kicked Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2",
     "text": "Kicker—Sacrifice a land."},
    {"name": "Mana Kicked Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2",
     "text": "Kicker {1}"},
    {"name": "Graveyard Troll", "manaCost": "{G}", "type": "Creature — Troll", "power": "0", "toughness": "0",
     "text": "This creature enters with a +1/+1 counter on it for each creature card in your graveyard."},
    {"name": "Pinger", "manaCost": "{R}", "type": "Creature — Human", "power": "1", "toughness": "1",
     "text": "{T}: This creature deals 1 damage to any target."},
    {"name": "Thrifty Pinger", "manaCost": "{R}", "type": "Creature — Human", "power": "1", "toughness": "1",
     "text": "{3}, {T}: This creature deals 1 damage to any target. This ability costs {1} less to activate "
             "for each artifact you control."},
    {"name": "Top Seer", "manaCost": "{G}", "type": "Creature — Elf", "power": "1", "toughness": "1",
     "text": "You may cast creature spells from the top of your library."},
    {"name": "Pair Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2",
     "text": "Soulbond\nAs long as this creature is paired with another creature, each of those creatures gets +1/+1."},
    {"name": "Human Mattock", "manaCost": "{1}", "type": "Artifact — Equipment",
     "text": "Equipped creature gets +1/+1.\nAs long as equipped creature is a Human, it gets an additional +1/+1.\n"
             "Equip {2}"},
    {"name": "Plain Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2",
     "text": ""},
]


def warnings(tmp_path, scenario: str) -> list[list[dict]]:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(CARDS), encoding="utf-8")
    return [a.warnings for a in answer_scenario(scenario, Settings(cards=CardDatabase(cards))).answers]


def not_modelled(found: list[dict]) -> list[str]:
    return [w["not_modelled"] for w in found if "not_modelled" in w]


def golem(card: str) -> str:
    return f"""
[[object]]
id = "golem"
card = "{card}"
controller = "you"

[[ask]]
characteristics = "golem"
"""


def test_a_static_pt_change_for_each_object_warns(tmp_path):
    # 613.4c: layer 7c counts no objects for it; "+1/+0" alone it applies
    [counting] = warnings(tmp_path, golem("Counting Golem"))
    assert not_modelled(counting) == ["This creature gets +1/+0 for each artifact you control."]
    [plain] = warnings(tmp_path, golem("Plain Golem"))
    assert not_modelled(plain) == []


def test_activated_abilities_that_cant_be_activated_warn(tmp_path):
    [stopped] = warnings(tmp_path, """
[[object]]
id = "pinger"
card = "Pinger"
controller = "you"

[[object]]
id = "web"
card = "Web of Stillness"
controller = "opponent"
attached_to = "pinger"

[[ask]]
can_activate = "pinger"
ability = 1
""")
    assert "Enchanted creature can't attack or block, and its activated abilities can't be activated." in \
        not_modelled(stopped), stopped


def test_a_spell_that_cant_be_cast_warns(tmp_path):
    # 601.3: casting.lp does not read "can't cast"; without the artifact, no warning
    scenario = """
[[object]]
id = "pinger"
card = "Pinger"
owner = "you"
zone = "hand"

[[ask]]
can_cast = "pinger"
"""
    [alone] = warnings(tmp_path, scenario)
    assert not_modelled(alone) == []
    [warded] = warnings(tmp_path, scenario + """
[[object]]
id = "warden"
card = "Steel Warden"
controller = "you"
""")
    assert not_modelled(warded) == ["You can't cast creature spells."], warded


def test_a_cost_of_counters_from_another_creature_warns(tmp_path):
    # activation.lp checks counters on the ability's own object only
    [found] = warnings(tmp_path, """
[[object]]
id = "spender"
card = "Counter Spender"
controller = "you"

[[ask]]
can_activate = "spender"
ability = 1
""")
    assert not_modelled(found) == ["Remove a +1/+1 counter from a creature you control: Draw a card."], found


def kicked(card: str) -> str:
    return f"""
[[object]]
id = "bear"
card = "{card}"
owner = "you"
zone = "hand"

[[ask]]
can_cast = "bear"
additional_cost = "kicker"
"""


def test_a_keyword_cost_that_is_not_mana_warns(tmp_path):
    # 601.2h: casting.lp takes mana as payable and checks no other part of a kicker cost
    [sacrifice] = warnings(tmp_path, kicked("Land Kicked Bear"))
    assert not_modelled(sacrifice) == ["Kicker—Sacrifice a land."], sacrifice
    [mana] = warnings(tmp_path, kicked("Mana Kicked Bear"))
    assert not_modelled(mana) == [], mana


def test_counters_for_each_object_as_it_enters_warn(tmp_path):
    # 614.1c: events.lp counts no objects for it
    [found] = warnings(tmp_path, """
[[object]]
id = "troll"
card = "Graveyard Troll"
zone = "stack"
controller = "you"

[[ask]]
event = "enters"
object = "troll"
""")
    assert not_modelled(found) == [
        "This creature enters with a +1/+1 counter on it for each creature card in your graveyard."], found



def test_an_activation_cost_reduction_warns(tmp_path):
    # 602.2b: activation.lp pays {3} and reduces nothing
    [found] = warnings(tmp_path, """
[[object]]
id = "pinger"
card = "Thrifty Pinger"
controller = "you"

[[ask]]
can_activate = "pinger"
ability = 1
""")
    assert "This ability costs {1} less to activate for each artifact you control." in " ".join(
        not_modelled(found)), found


def test_casting_from_the_top_of_a_library_warns(tmp_path):
    # 601.3: casting.lp reads no permission to cast from a library
    [found] = warnings(tmp_path, """
[[object]]
id = "seer"
card = "Top Seer"
controller = "you"

[[object]]
id = "pinger"
card = "Pinger"
owner = "you"
zone = "library"

[[ask]]
can_cast = "pinger"
""")
    assert not_modelled(found) == ["You may cast creature spells from the top of your library."], found


def test_a_soulbond_pair_warns(tmp_path):
    # 702.95: the matcher knows no pairs, so layer 7c's selection of "each of those creatures" warns
    [found] = warnings(tmp_path, """
[[object]]
id = "bear"
card = "Pair Bear"
controller = "you"

[[ask]]
characteristics = "bear"
""")
    assert "As long as this creature is paired with another creature, each of those creatures gets +1/+1." in \
        not_modelled(found), found


def test_an_additional_pt_change_under_a_condition_warns(tmp_path):
    # 611.3a: layers.lp applies a static P/T change whatever its condition, so one
    # with a condition warns; the unconditional +1/+1 alone does not
    [found] = warnings(tmp_path, """
[[object]]
id = "bear"
card = "Plain Bear"
controller = "you"

[[object]]
id = "mattock"
card = "Human Mattock"
controller = "you"
attached_to = "bear"

[[ask]]
characteristics = "bear"
""")
    assert not_modelled(found) == ["As long as equipped creature is a Human, it gets an additional +1/+1."], found
