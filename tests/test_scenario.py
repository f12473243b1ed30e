from __future__ import annotations

import textwrap
import types

import clingo
import pytest

from grammar import card_facts as card_facts_module
from pyglue.cards import Card, CardDatabase
from pyglue.errors import MtgaspError, ScenarioError
from pyglue.facts import scenario_facts
from pyglue.scenario import MISSING, default_id, load_scenario

S, N, F = clingo.String, clingo.Number, clingo.Function

V1_PREDICATES = {
    "player", "active_player", "seat", "object", "name", "zone", "controller", "owner", "tapped",
    "summoning_sick", "counter", "timestamp", "printed_mana_cost", "printed_power", "printed_toughness",
    "printed_loyalty", "ask",
}


@pytest.fixture(scope="module")
def cards() -> CardDatabase:
    return CardDatabase()


@pytest.fixture
def write(tmp_path):
    def write_scenario(text: str, name: str = "scenario.toml"):
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write_scenario


@pytest.fixture
def load(write, cards):
    return lambda text: load_scenario(write(text), cards)


class StubGrammar:
    """Stands in for grammar/, so loader tests count parses: one fact per type line and per text."""

    def __init__(self):
        self.parsed_texts: list[str] = []

    def parse_type_line(self, object_id, type_line):
        return [F("printed_card_type", [S(object_id), F(type_line.split()[0].lower())])]

    def parse_card(self, object_id, name, text, **_options):
        self.parsed_texts.append(text)
        ability = F("ab", [S(object_id), N(1)])
        return types.SimpleNamespace(facts=[F("printed_ability", [S(object_id), N(1), ability])] if text else [])


@pytest.fixture
def stub_grammar(monkeypatch):
    stub = StubGrammar()
    monkeypatch.setattr(card_facts_module, "parse_card", stub.parse_card)
    monkeypatch.setattr(card_facts_module, "parse_type_line", stub.parse_type_line)
    monkeypatch.setattr(card_facts_module, "parse_mana_cost", lambda object_id, cost: [])
    for cached in (card_facts_module._template, card_facts_module.card_types):
        cached.cache_clear()
    yield stub
    for cached in (card_facts_module._template, card_facts_module.card_types):
        cached.cache_clear()


# Players, objects, ids


def test_default_players(load):
    scenario = load('[[object]]\ncard = "Forest"\ncontroller = "opponent"\n')
    assert scenario.players == ["you", "opponent"]
    assert scenario.active_player == "you"


def test_declared_players_and_active_player(load):
    scenario = load("""
        [[player]]
        name = "alice"
        [[player]]
        name = "bob"
    """)
    assert (scenario.players, scenario.active_player) == (["alice", "bob"], "alice")
    scenario = load('active_player = "bob"\n[[player]]\nname = "alice"\n[[player]]\nname = "bob"\n')
    assert scenario.active_player == "bob"


def test_object_fields_and_defaults(load):
    scenario = load("""
        [[object]]
        card = "Vivid Crag"
        controller = "opponent"
        tapped = true
        counters = { charge = 0 }

        [[object]]
        card = "Forest"
        owner = "you"
        zone = "hand"
    """)
    crag, forest = scenario.objects
    assert (crag.id, crag.card.name, crag.controller, crag.owner, crag.zone) == (
        "vivid_crag", "Vivid Crag", "opponent", "opponent", "battlefield")
    assert (crag.tapped, crag.summoning_sick, crag.counters, crag.explicit_timestamp, crag.line) == (
        True, False, {"charge": 0}, None, 1)
    assert (forest.controller, forest.owner, forest.zone, forest.explicit_timestamp, forest.line) == (
        None, "you", "hand", None, 7)


def test_inline_object(load):
    scenario = load("""
        [[object]]
        name = "Test Grove"
        type = "Creature — Treefolk"
        text = "{T}: Add {G} or {U}."
        power = 2
        toughness = "*"
        controller = "you"
    """)
    (grove,) = scenario.objects
    assert grove.id == "test_grove"
    assert grove.card == Card("Test Grove", None, "Creature — Treefolk", "{T}: Add {G} or {U}.", "2", "*")


def test_default_ids_follow_the_spec(load):
    assert default_id("Urborg, Tomb of Yawgmoth") == "urborg_tomb_of_yawgmoth"
    assert default_id("Sakura-Tribe Scout") == "sakura_tribe_scout"
    scenario = load("""
        [[object]]
        card = "urborg, tomb of yawgmoth"
        controller = "you"
        [[object]]
        card = "Reflecting Pool"
        controller = "you"
        [[object]]
        card = "REFLECTING POOL"
        controller = "you"
        [[object]]
        card = "Reflecting Pool"
        controller = "you"
    """)
    assert [obj.id for obj in scenario.objects] == [
        "urborg_tomb_of_yawgmoth", "reflecting_pool", "reflecting_pool_2", "reflecting_pool_3"]


def test_explicit_ids_are_kept_and_default_ids_avoid_them(load):
    scenario = load("""
        [[object]]
        card = "Forest"
        controller = "you"
        [[object]]
        id = "forest"
        card = "Forest"
        controller = "you"
    """)
    assert [obj.id for obj in scenario.objects] == ["forest_2", "forest"]


def test_v2_object_fields_and_effects_are_stored(load):
    scenario = load("""
        [[object]]
        id = "bolt"
        card = "Lightning Bolt"
        controller = "you"
        zone = "stack"
        targets = ["bears", "opponent"]
        x = 0
        modes = [1, 2]
        divided = { bears = 2, opponent = 1 }
        sacrificed = ["goblin"]
        cast_as = "prototype"

        [[object]]
        id = "bolt_copy"
        copy_of = "bolt"
        token = true
        controller = "opponent"
        zone = "stack"

        [[object]]
        id = "bears"
        card = "Grizzly Bears"
        controller = "opponent"

        [[object]]
        id = "goblin"
        card = "Raging Goblin"
        owner = "you"
        zone = "graveyard"
        last_known = { power = 3, controller = "you" }

        [[object]]
        card = "Wrench"
        controller = "opponent"
        attached_to = "bears"

        [[effect]]
        text = "Target land becomes a 0/0 Elemental creature with haste that's still a land."
        source = "bolt"
        controller = "you"
        refers = ["bears"]
    """)
    bolt, copy, _, goblin, wrench = scenario.objects
    assert (bolt.targets, bolt.x, bolt.modes, bolt.divided, bolt.sacrificed, bolt.cast_as) == (
        ["bears", "opponent"], 0, [1, 2], {"bears": 2, "opponent": 1}, ["goblin"], "prototype")
    assert (copy.card, copy.copy_of, copy.token) == (None, "bolt", True)
    assert goblin.last_known == {"power": 3, "controller": "you"}
    assert wrench.attached_to == "bears"
    assert scenario.effects == [{
        "text": "Target land becomes a 0/0 Elemental creature with haste that's still a land.",
        "source": "bolt", "controller": "you", "refers": ["bears"]}]


# Asks


def test_v1_asks(load):
    scenario = load("""
        [[object]]
        id = "stone"
        card = "Mind Stone"
        controller = "you"

        [[ask]]
        could_produce = "stone"
        expect = ["C"]

        [[ask]]
        can_activate = "stone"
        ability = 1
        expect = { legal = false, rules = ["302.6"] }

        [[ask]]
        activate = "stone"
    """)
    first, second, third = scenario.asks
    assert (first.index, first.kind, first.args, first.expect, first.line) == (
        1, "could_produce", {"object": "stone"}, ["C"], 6)
    assert (second.kind, second.args, second.expect) == (
        "can_activate", {"object": "stone", "ability": 1}, {"legal": False, "rules": ["302.6"]})
    assert (third.kind, third.args, third.expect) == ("activate", {"object": "stone"}, MISSING)


def test_v2_asks_are_parsed_into_ask_facts(load, stub_grammar):
    scenario = load("""
        [[object]]
        id = "proxy"
        card = "Arcane Proxy"
        owner = "you"
        zone = "hand"
        [[object]]
        id = "bears"
        card = "Grizzly Bears"
        controller = "you"

        [[ask]]
        can_cast = "proxy"
        as = "prototype"
        x = 2
        [[ask]]
        can_target = "proxy"
        target = "opponent"
        ability = 1
        [[ask]]
        copy = "proxy"
        controller = "opponent"
        new_targets = ["bears"]
        [[ask]]
        triggers = { kind = "enters", object = "bears", player = "you" }
        expect = []
        [[ask]]
        can_attach = "proxy"
        to = "bears"
        [[ask]]
        characteristics = "bears"
    """)
    kinds = [(ask.kind, ask.args) for ask in scenario.asks]
    assert kinds == [
        ("can_cast", {"object": "proxy", "as": "prototype", "x": 2}),
        ("can_target", {"object": "proxy", "target": "opponent", "ability": 1}),
        ("copy", {"object": "proxy", "controller": "opponent", "new_targets": ["bears"]}),
        ("triggers", {"kind": "enters", "object": "bears", "player": "you"}),
        ("can_attach", {"object": "proxy", "to": "bears"}),
        ("characteristics", {"object": "bears"}),
    ]
    asks = {str(fact) for fact in scenario_facts(scenario) if fact.name in ("ask", "ask_arg", "ask_item")}
    assert asks == {
        "ask(1,can_cast)", 'ask_arg(1,object,"proxy")', "ask_arg(1,as,prototype)", "ask_arg(1,x,2)",
        "ask(2,can_target)", 'ask_arg(2,object,"proxy")', 'ask_arg(2,target,"opponent")', "ask_arg(2,ability,1)",
        "ask(3,copy)", 'ask_arg(3,object,"proxy")', 'ask_arg(3,controller,"opponent")',
        'ask_item(3,new_targets,1,"bears")',
        "ask(4,triggers)", "ask_arg(4,kind,enters)", 'ask_arg(4,object,"bears")', 'ask_arg(4,player,"you")',
        "ask(5,can_attach)", 'ask_arg(5,object,"proxy")', 'ask_arg(5,to,"bears")',
        "ask(6,characteristics)", 'ask_arg(6,object,"bears")',
    }


# Errors, each with its line


def error_of(load, text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load(text)
    return caught.value


FOREST = '[[object]]\ncard = "Forest"\ncontroller = "you"\n'

ERRORS = {
    "malformed TOML": (
        '[[object]]\ncard = "Forest\n', 2, "malformed TOML: "),
    "unknown top-level key": (
        'active_player = "you"\nturn = 3\n' + FOREST, 2, "unknown top-level key 'turn'"),
    "[player] instead of [[player]]": (
        '[player]\nname = "alice"\n', 1, "'player' should be [[player]] tables"),
    "player without name": (
        '[[player]]\nname = "alice"\n[[player]]\nnick = "bob"\n', 4, "unknown player field 'nick'"),
    "duplicate player": (
        '[[player]]\nname = "alice"\n[[player]]\nname = "alice"\n', 4, 'duplicate player name "alice"'),
    "unknown active player": (
        'active_player = "carol"\n' + FOREST, 1, 'active_player "carol" is not a player'),
    "unknown object field": (
        FOREST + "tappd = true\n", 4, "unknown object field 'tappd' (did you mean 'tapped'?)"),
    "wrong value type": (
        FOREST + 'tapped = "yes"\n', 4, "'tapped' should be true or false, got \"yes\""),
    "missing controller on the battlefield": (
        '[[object]]\ncard = "Forest"\n', 1, "an object on the battlefield needs a controller"),
    "missing controller on the stack": (
        '[[object]]\ncard = "Lightning Bolt"\nowner = "you"\nzone = "stack"\n', 1,
        "an object on the stack needs a controller"),
    "no owner off the battlefield": (
        '[[object]]\ncard = "Forest"\nzone = "hand"\n', 1, 'an object with zone = "hand" needs an owner'),
    "copy without an id": (
        FOREST + '[[object]]\ncopy_of = "forest"\ncontroller = "you"\n', 5,
        "a copy described by copy_of alone needs an id"),
    "unknown zone": (
        FOREST + 'zone = "sideboard"\n', 4, "'zone' should be one of battlefield, hand, graveyard"),
    "unknown player": (
        '[[object]]\ncard = "Forest"\ncontroller = "bob"\n', 3, 'unknown player "bob" in \'controller\''),
    "neither card nor inline fields": (
        FOREST + '[[object]]\ncontroller = "you"\n', 4, "[[object]] #2: an object needs card = "),
    "card and inline fields": (
        FOREST + 'text = "{T}: Add {B}."\n', 4, "either card = ... or inline fields (text), not both"),
    "inline object without type line": (
        '[[object]]\nname = "Test Grove"\ncontroller = "you"\n', 1, "an inline object needs its type line"),
    "unknown card": (
        '[[object]]\ncontroller = "you"\ncard = "Relfecting Pool"\n', 3,
        "unknown card 'Relfecting Pool' (did you mean: Reflecting Pool"),
    "explicit duplicate id": (
        '[[object]]\nid = "a"\ncard = "Forest"\ncontroller = "you"\n'
        '[[object]]\ncard = "Island"\ncontroller = "you"\nid = "a"\n', 8,
        "duplicate id \"a\", already the id of [[object]] #1 (line 1)"),
    "negative counters": (
        FOREST + "counters = { charge = -1 }\n", 4, "'counters': 'charge' should be a whole number from 0 to 2147483647 (the rules' integers are 32-bit), got -1"),
    "ask naming an unknown id": (
        FOREST + '[[ask]]\ncould_produce = "forrest"\n', 5,
        "'could_produce' names unknown object \"forrest\" (did you mean 'forest'?)"),
    "ask without a question": (
        FOREST + '[[ask]]\nexpect = ["G"]\n', 4, "an [[ask]] asks exactly one question"),
    "ask with several questions": (
        FOREST + '[[ask]]\ncould_produce = "forest"\nactivate = "forest"\n', 6, "found could_produce, activate"),
    "ability on could_produce": (
        FOREST + '[[ask]]\ncould_produce = "forest"\nability = 1\n', 6,
        "'ability' is not a field of could_produce asks"),
    "ability zero": (
        FOREST + '[[ask]]\nactivate = "forest"\nability = 0\n', 6, "'ability' should be a whole number from 1 to 2147483647, got 0"),
    "ability as text": (
        FOREST + '[[ask]]\nactivate = "forest"\nability = "1"\n', 6, "'ability' should be a whole number from 1 to 2147483647"),
    "unknown ask field": (
        FOREST + '[[ask]]\nactivate = "forest"\nexpected = [""]\n', 6, "unknown ask field 'expected'"),
    "copy of an unknown object": (
        FOREST + 'copy_of = "island"\n', 4, "'copy_of' names unknown object \"island\""),
    "target neither object nor player": (
        FOREST + 'targets = ["carol"]\n', 4, "'targets' names \"carol\", which is neither an object id nor a player"),
    "effect without controller": (
        FOREST + '[[effect]]\ntext = "Forests are Islands."\n', 4, "an effect needs a controller"),
}


@pytest.mark.parametrize("text, line, message", ERRORS.values(), ids=ERRORS.keys())
def test_errors_name_the_file_and_line(load, text, line, message):
    error = error_of(load, text)
    assert error.line == line
    assert str(error).startswith(f"{error.file}:{line}: ")
    assert message in str(error)
    assert error.file.endswith("scenario.toml")


def test_an_unreadable_file_is_an_error(tmp_path, cards):
    with pytest.raises(MtgaspError, match="cannot read the scenario"):
        load_scenario(tmp_path / "missing.toml", cards)


# Facts


def test_facts_of_a_scenario(load, stub_grammar):
    scenario = load("""
        [[object]]
        id = "elves"
        card = "Llanowar Elves"
        controller = "you"
        owner = "opponent"
        summoning_sick = true
        counters = { "+1/+1" = 2 }

        [[object]]
        card = "Mind Stone"
        controller = "you"
        tapped = true

        [[ask]]
        can_activate = "elves"
        [[ask]]
        activate = "mind_stone"
        ability = 2
        [[ask]]
        could_produce = "elves"
    """)
    facts = set(scenario_facts(scenario))
    elves, stone = S("elves"), S("mind_stone")
    expected = {
        F("player", [S("you")]), F("player", [S("opponent")]), F("active_player", [S("you")]),
        F("seat", [S("you"), N(1)]), F("seat", [S("opponent"), N(2)]),
        F("object", [elves]), F("name", [elves, S("Llanowar Elves")]), F("zone", [elves, F("battlefield")]),
        F("controller", [elves, S("you")]), F("owner", [elves, S("opponent")]), F("summoning_sick", [elves]),
        F("counter", [elves, S("+1/+1"), N(2)]), F("timestamp", [elves, N(1)]),
        F("printed_mana_cost", [elves, S("{G}")]), F("printed_power", [elves, S("1")]),
        F("printed_toughness", [elves, S("1")]),
        F("printed_card_type", [elves, F("creature")]),
        F("printed_ability", [elves, N(1), F("ab", [elves, N(1)])]),
        F("object", [stone]), F("tapped", [stone]), F("timestamp", [stone, N(2)]),
        F("ask", [N(1), F("can_activate")]), F("ask_arg", [N(1), F("object"), elves]),
        F("ask", [N(2), F("activate")]), F("ask_arg", [N(2), F("object"), stone]),
        F("ask_arg", [N(2), F("ability"), N(2)]),
        F("ask", [N(3), F("could_produce")]), F("ask_arg", [N(3), F("object"), elves]),
    }
    assert expected <= facts
    assert F("tapped", [elves]) not in facts
    assert not [fact for fact in facts if fact.name == "printed_loyalty"]


def test_lands_have_no_mana_cost_fact_and_off_battlefield_objects_no_controller(load, stub_grammar):
    scenario = load('[[object]]\ncard = "Forest"\nowner = "you"\nzone = "library"\n')
    facts = set(scenario_facts(scenario))
    assert F("zone", [S("forest"), F("library")]) in facts
    assert not [fact for fact in facts if fact.name in ("printed_mana_cost", "controller")]


def test_card_text_is_parsed_once_per_card(load, stub_grammar):
    scenario = load(FOREST * 3)
    facts = scenario_facts(scenario)
    assert stub_grammar.parsed_texts == ["({T}: Add {G}.)"]
    for object_id in ("forest", "forest_2", "forest_3"):
        o = S(object_id)
        assert F("printed_ability", [o, N(1), F("ab", [o, N(1)])]) in facts


def test_v2_object_fields_and_effects_become_facts(load, stub_grammar):
    scenario = load("""
        [[object]]
        id = "bolt"
        card = "Lightning Bolt"
        controller = "you"
        zone = "stack"
        targets = ["opponent", "bears"]
        x = 2
        modes = [1]
        divided = { opponent = 2 }
        sacrificed = ["bears"]
        cast_as = "prototype"
        [[object]]
        id = "bolt_copy"
        copy_of = "bolt"
        controller = "you"
        zone = "stack"
        [[object]]
        id = "bears"
        card = "Grizzly Bears"
        owner = "you"
        zone = "graveyard"
        last_known = { power = 3 }
        [[effect]]
        text = "Creatures you control get +1/+1 until end of turn."
        controller = "you"
        source = "bolt"
        refers = ["bears"]
    """)
    facts = {str(fact) for fact in scenario_facts(scenario)}
    assert {
        'chosen_target("bolt",1,"opponent")', 'chosen_target("bolt",2,"bears")', 'x_value("bolt",2)',
        'chosen_mode("bolt",1)', 'divided("bolt","opponent",2)', 'sacrificed("bolt","bears")',
        'cast_prototyped("bolt")', 'copy_of("bolt_copy","bolt")', 'last_known("bears",power,3)',
        'printed_power_number("bears",2)', "effect_in_force(fx(1))", 'controller(fx(1),"you")',
        "timestamp(fx(1),4)", 'effect_source(fx(1),"bolt")', 'refers(fx(1),1,"bears")',
    } <= facts
    assert not [fact for fact in facts if '"#object"' in fact]


def test_copy_of_loops_are_refused(load, stub_grammar):
    with pytest.raises(ScenarioError, match="copy_of makes a loop: a -> b -> a"):
        load("""
            [[object]]
            id = "a"
            copy_of = "b"
            controller = "you"
            [[object]]
            id = "b"
            copy_of = "a"
            controller = "you"
        """)


def test_facts_ground_in_clingo(load, stub_grammar):
    scenario = load(FOREST + '[[ask]]\nactivate = "forest"\n')
    control = clingo.Control(["--warn=none"])
    control.add("base", [], "".join(f"{fact}." for fact in scenario_facts(scenario)))
    control.ground([("base", [])])
    atoms = {str(atom.symbol) for atom in control.symbolic_atoms}
    assert {'ask(1,activate)', 'ask_arg(1,object,"forest")'} <= atoms


def test_shared_examples_load_and_give_facts(spec_examples, cards, stub_grammar):
    for path in spec_examples:
        scenario = load_scenario(path, cards)
        facts = set(scenario_facts(scenario))
        assert len([fact for fact in facts if fact.name == "ask"]) == len(scenario.asks), path.name
        assert all(ask.expect is not MISSING for ask in scenario.asks), path.name
    colors = load_scenario(path.parent / "colors_versus_types.toml", cards)
    facts = set(scenario_facts(colors))
    assert F("controller", [S("pool"), S("you")]) in facts
    assert F("controller", [S("orchard"), S("opponent")]) in facts
    assert {F("ask", [N(3), F("activate")]), F("ask_arg", [N(3), F("object"), S("orchard")])} <= facts
    crag = set(scenario_facts(load_scenario(path.parent / "costs_ignored.toml", cards)))
    assert {F("tapped", [S("vivid_crag")]), F("counter", [S("vivid_crag"), S("charge"), N(0)])} <= crag
    pools = load_scenario(path.parent / "pools_alone.toml", cards)
    assert [obj.id for obj in pools.objects] == ["reflecting_pool", "reflecting_pool_2"]


def test_shared_examples_with_the_real_grammar(spec_examples, cards):
    for path in spec_examples:
        scenario = load_scenario(path, cards)
        typed = {fact.arguments[0].string for fact in scenario_facts(scenario) if fact.name == "printed_card_type"}
        assert typed == {obj.id for obj in scenario.objects}, path.name


def test_card_text_facts_match_the_grammar_called_directly(cards):
    from grammar import parse_card, parse_mana_cost, parse_type_line

    for name in ("Vivid Crag", "Wild Growth", "Mana Reflection", "Urborg, Tomb of Yawgmoth"):
        card = cards.lookup(name)
        types, supertypes = card_facts_module.card_types(card.type_line)
        direct = (set(parse_type_line("x", card.type_line)) | set(parse_mana_cost("x", card.mana_cost))
                  | set(parse_card("x", card.name, card.text, types=types, supertypes=supertypes).facts))
        facts = card_facts_module.card_facts("x", card.name, card.type_line, card.mana_cost, card.text)
        assert set(facts) == direct, name


def test_a_copy_has_its_own_instances_of_the_copied_text(load):
    scenario = load("""
        [[object]]
        id = "reflection"
        card = "Mana Reflection"
        controller = "you"
        [[object]]
        id = "copy"
        copy_of = "reflection"
        controller = "you"
        [[object]]
        id = "copy_of_copy"
        card = "Grizzly Bears"
        copy_of = "copy"
        controller = "you"
    """)
    facts = {str(fact) for fact in scenario_facts(scenario)}
    assert 'copied_ability("copy",1,ab("copy",1))' in facts
    assert 'copied_ability("copy_of_copy",1,ab("copy_of_copy",1))' in facts
    assert any(fact.startswith('effect(ab("copy_of_copy",1),1,replace_mana(') for fact in facts)
    # the copy's own card and type line give no facts: the copy effect overwrites them
    assert not [fact for fact in facts if fact.startswith(("printed_ability(\"copy", "printed_card_type(\"copy"))]
