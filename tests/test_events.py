"""The event ask (v3): replacement, prevention and "can't" effects on every kind
of event, over every order (events.lp, asks/event.lp).

The machinery is tested here on effects given as vocabulary facts in a rule
file (as a researcher would write them), so that each test says exactly which
effect it is about; the card pool's own texts are the business of the grammar
tests and of the scenarios under tests/events.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from pyglue.answers import EventGraph, EventResults, ModelIndex, _Builder
from pyglue.cards import CardDatabase
from pyglue.cli import main
from pyglue.facts import scenario_facts
from pyglue.scenario import load_scenario
from pyglue.solve import enumerate_orders, solve

from conftest import REPO_ROOT

EVENTS = REPO_ROOT / "tests" / "events"


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def effect_facts(obj: str, event: str, conditions: list[str], changes: list[str], kind: str = "replacement",
                 optional: bool = False) -> str:
    """One effect of ability 1 of the inline object `obj`, as the grammar would give it."""
    ability = f'ab("{obj}",1)'
    lines = [f"effect({ability},1,{kind}({event}))."]
    lines += [f"event_if({ability},1,{c})." for c in conditions]
    lines += [f"event_do({ability},1,{c})." for c in changes]
    if optional:
        lines.append(f"effect_optional({ability},1).")
    return "\n".join(lines).replace("SEL", f"sel({ability},1)") + "\n"


def enchantment(obj: str, controller: str = "you") -> str:
    return (f'[[object]]\nid = "{obj}"\nname = "Test {obj}"\ntype = "Enchantment"\n'
            f'text = "Placeholder."\ncontroller = "{controller}"\n')


BEARS = '[[object]]\nid = "bears"\ncard = "Grizzly Bears"\ncontroller = "you"\n'
DOUBLER = ("put_counters", ["affected(SEL)", "by_effect"], ["multiply(2)"])
PLUS_ONE = ("put_counters", ["affected(SEL)", 'counter_kind("+1/+1")'], ["add(1)"])


def scenario(tmp_path: Path, objects: str, asks: str, effects: dict[str, tuple]) -> tuple[Path, Path]:
    rules = "".join(effect_facts(obj, *spec) for obj, spec in effects.items())
    for obj, spec in effects.items():  # "a ... you control"
        rules += f'sel_controller(sel(ab("{obj}",1),1),you).\n'
    (tmp_path / "effects.lp").write_text(rules)
    path = tmp_path / "s.toml"
    path.write_text(objects + asks)
    return path, tmp_path / "effects.lp"


def answers(capsys, path: Path, rules: Path, *extra: str) -> list[dict]:
    code, out, err = run(capsys, "ask", "--json", "--rules", rules, *extra, path)
    assert code == 0, err
    return json.loads(out)["answers"]


def outcomes(answer: dict) -> dict[str, int]:
    return {json.dumps(o["result"], sort_keys=True): o["order_count"] for o in answer["outcomes"]}


def counters(n: int) -> str:
    return json.dumps({"counters": {"bears": {"+1/+1": n}}}, sort_keys=True)


def test_interchangeable_effects_are_counted_not_listed(tmp_path, capsys):
    # Two Doubling Seasons and a Hardened Scales, two counters (616.1, 614.5):
    # 3! = 6 orders; the two doublers are interchangeable, so each result has 2.
    path, rules = scenario(tmp_path, enchantment("ds1") + enchantment("ds2") + enchantment("hs") + BEARS,
                           '[[ask]]\nevent = "put_counters"\nobject = "bears"\ncounter = "+1/+1"\ncount = 2\n',
                           {"ds1": DOUBLER, "ds2": DOUBLER, "hs": PLUS_ONE})
    [answer] = answers(capsys, path, rules)
    assert answer["chooser"] == "you"
    assert outcomes(answer) == {counters(9): 2, counters(10): 2, counters(12): 2}
    twelve = next(o for o in answer["outcomes"] if o["result"]["counters"]["bears"]["+1/+1"] == 12)
    assert sorted(twelve["orders"]) == [["hs", "ds1", "ds2"], ["hs", "ds2", "ds1"]]


def test_path_counts_equal_the_naive_enumeration(tmp_path):
    path, rules = scenario(tmp_path, enchantment("ds1") + enchantment("ds2") + enchantment("hs") + BEARS,
                           '[[ask]]\nevent = "put_counters"\nobject = "bears"\ncounter = "+1/+1"\ncount = 1\n',
                           {"ds1": DOUBLER, "ds2": DOUBLER,
                            "hs": ("put_counters", ["affected(SEL)"], ["add(1)"], "replacement", True)})
    graph, naive = graph_and_naive_counts(path, _facts_of(rules))
    assert graph == naive
    # the optional +1 declined: 2 orders of the doublers; applied: 3! = 6 orders
    assert sum(graph.values()) == 2 + 6


def test_an_effect_whose_change_the_rules_cannot_make_is_an_error_not_missing_outcomes(tmp_path, capsys):
    # "enters with a -1/-1 counter" met on a put_counters event of +1/+1 counters:
    # it applies, and the rules have no change for it; the ask is one clear
    # error, not an answer whose outcomes leave its ways out.
    path, rules = scenario(tmp_path, enchantment("odd") + BEARS,
                           '[[ask]]\nevent = "put_counters"\nobject = "bears"\ncounter = "+1/+1"\ncount = 1\n',
                           {"odd": ("put_counters", [], ['enters_with_counters("-1/-1",1)'])})
    code, out, err = run(capsys, "ask", "--rules", rules, path)
    assert code == 2 and out == ""
    assert "whose change the rules cannot make" in err and err.count("\n") == 1


def graph_and_naive_counts(path: Path, extra: list = ()) -> tuple[Counter, Counter]:
    """The ways of each result of ask 1 of a scenario (with extra facts): counted
    by paths in the event graph, and by the naive enumeration of orders.lp."""
    loaded = load_scenario(path, CardDatabase())
    facts = scenario_facts(loaded) + list(extra)
    index = ModelIndex(solve(facts))
    results = EventResults(_Builder(loaded, index, max_orders=10), 1)
    graph = Counter(EventGraph(index, 1, results.key).outcome_counts())
    naive: Counter = Counter()
    for node, models in enumerate_orders(facts)[0][1].items():
        naive[results.key(node)] += models
    return graph, naive


def _facts_of(rules: Path) -> list:
    import clingo
    return [clingo.parse_term(line.rstrip(".")) for line in rules.read_text().splitlines()]


def test_an_optional_effect_gives_both_outcomes(tmp_path, capsys):
    # "You may exile it instead": the affected player may apply it or not.
    path, rules = scenario(tmp_path, enchantment("exiler") + BEARS,
                           '[[ask]]\nevent = "zone_change"\nobject = "bears"\ndies = true\n',
                           {"exiler": ("zone_change", ["to_zone(graveyard)"], ["to_zone(exile)"], "replacement", True)})
    (tmp_path / "effects.lp").write_text((tmp_path / "effects.lp").read_text().replace(
        'sel_controller(sel(ab("exiler",1),1),you).\n', ""))
    [answer] = answers(capsys, path, rules)
    assert outcomes(answer) == {json.dumps({"zone": "exile"}): 1, json.dumps({"zone": "graveyard"}): 1}


def test_a_shield_and_a_doubler_in_either_order(tmp_path, capsys):
    # 615.7: a shield prevents the next 2 damage; a doubler before it: 6 - 2 = 4,
    # after it: (3 - 2) * 2 = 2. Damage to a player is life loss (120.3a).
    objects = enchantment("shield", "opponent") + enchantment("doubler") + \
        '[[object]]\nid = "bolt"\ncard = "Lightning Bolt"\nzone = "stack"\ncontroller = "you"\n'
    path, rules = scenario(tmp_path, objects,
                           '[[ask]]\nevent = "damage"\nsource = "bolt"\nto = "opponent"\namount = 3\n',
                           {"shield": ("damage", ["affected_player(you)"], ["prevent(n(2))"], "prevention"),
                            "doubler": ("damage", [], ["multiply(2)"])})
    [answer] = answers(capsys, path, rules)
    assert answer["chooser"] == "opponent"
    assert outcomes(answer) == {
        json.dumps({"damage": {"opponent": 4}, "life": {"opponent": -4}, "prevented": 2}, sort_keys=True): 1,
        json.dumps({"damage": {"opponent": 2}, "life": {"opponent": -2}, "prevented": 2}, sort_keys=True): 1}


BOLT = '[[object]]\nid = "bolt"\ncard = "Lightning Bolt"\nzone = "stack"\ncontroller = "you"\n'


def damage_outcomes(capsys, tmp_path, amount: int, effects: dict[str, tuple], owners: dict[str, str]) -> dict:
    objects = "".join(enchantment(obj, owners.get(obj, "you")) for obj in effects) + BOLT
    path, rules = scenario(tmp_path, objects, '[[ask]]\nevent = "damage"\nsource = "bolt"\nto = "opponent"\n'
                           f'amount = {amount}\n', effects)
    [answer] = answers(capsys, path, rules)
    return {(o["result"].get("damage", {}).get("opponent", 0), o["result"].get("prevented", 0)): o["order_count"]
            for o in answer["outcomes"]}


@pytest.mark.parametrize("amount, rounding, dealt", [(5, "down", 2), (5, "up", 3), (4, "up", 2), (1, "down", 0)])
def test_halving_rounds_as_it_says(tmp_path, capsys, amount, rounding, dealt):
    halver = ("damage", [], [f"divide(2,{rounding})"])
    assert damage_outcomes(capsys, tmp_path, amount, {"halver": halver}, {}) == {(dealt, 0): 1}


def test_half_prevented_rounded_up_and_a_doubler_in_either_order(tmp_path, capsys):
    # Gisela's "prevent half that damage, rounded up" and a doubler on 3 damage:
    # prevent 2 of 3, then 1 doubled: 2; or doubled 6, prevent 3: 3.
    shield = ("damage", ["affected_player(you)"], ["prevent(divide(2,up))"], "prevention")
    assert damage_outcomes(capsys, tmp_path, 3, {"shield": shield, "doubler": ("damage", [], ["multiply(2)"])},
                           {"shield": "opponent"}) == {(2, 2): 1, (3, 3): 1}


def test_unpreventable_damage_goes_through_every_shield(tmp_path, capsys):
    # 615.12: the shields still apply (so they are ordered), and prevent nothing.
    effects = {"fog": ("damage", [], ["prevent(all)"], "prevention"),
               "shield": ("damage", [], ["prevent(n(2))"], "prevention"),
               "leyline": ("prevention(damage)", [], [], "cant")}
    assert damage_outcomes(capsys, tmp_path, 3, effects, {}) == {(3, 0): 2}


def test_a_gain_become_a_loss_is_said_not_applied_inside_another_event(tmp_path, capsys):
    # becomes(lose_life) on the lifelink gain of a damage event (an event that
    # event leads to): not modelled there, and the answer says so.
    objects = enchantment("remedy", "opponent") + (
        '[[object]]\nid = "cat"\nname = "Test Cat"\ntype = "Creature — Cat"\npower = "2"\ntoughness = "2"\n'
        'text = "Lifelink"\ncontroller = "you"\n')
    path, rules = scenario(tmp_path, objects, '[[ask]]\nevent = "damage"\nsource = "cat"\nto = "opponent"\n'
                           'amount = 2\n', {"remedy": ("gain_life", ["affected_player(opponent)"], ["becomes(lose_life)"])})
    (tmp_path / "effects.lp").write_text((tmp_path / "effects.lp").read_text().replace(
        "affected_player(opponent)", "affected_player(any)"))
    [answer] = answers(capsys, path, rules)
    assert [o["result"] for o in answer["outcomes"]] == [{"damage": {"opponent": 2}, "life": {"opponent": -2, "you": 2}}]
    assert any(w.get("object") == "remedy" for w in answer["warnings"])


def test_a_gain_become_a_loss_is_modified_as_a_loss(tmp_path, capsys):
    # 616.2: after the gain became a loss, the gain doubler no longer applies
    # and the loss doubler does: Remedy first, 3 lost doubled: 6; doubler of
    # the gain first: 6, lost doubled: 12.
    objects = enchantment("remedy", "opponent") + enchantment("gains") + enchantment("losses", "opponent")
    path, rules = scenario(tmp_path, objects, '[[ask]]\nevent = "gain_life"\nplayer = "you"\namount = 3\n',
                           {"remedy": ("gain_life", ["affected_player(opponent)"], ["becomes(lose_life)"]),
                            "gains": ("gain_life", ["affected_player(you)"], ["multiply(2)"]),
                            "losses": ("lose_life", ["affected_player(opponent)"], ["multiply(2)"])})
    [answer] = answers(capsys, path, rules)
    assert outcomes(answer) == {json.dumps({"life": {"you": -6}}): 1, json.dumps({"life": {"you": -12}}): 1}


@pytest.mark.parametrize("drawn, count, draws, said", [(0, 1, 1, False), (1, 1, 2, False), (0, 2, 2, True)])
def test_the_first_draw_of_the_draw_step(tmp_path, capsys, drawn, count, draws, said):
    # "except the first one you draw in each of your draw steps": the first is
    # not replaced; a draw of two cards starting with it is not modelled (said).
    top = f'step = "draw"\nactive_player = "you"\ndrawn_this_turn = {{ you = {drawn} }}\n'
    path, rules = scenario(tmp_path, top + enchantment("archive"),
                           f'[[ask]]\nevent = "draw"\nplayer = "you"\ncount = {count}\n',
                           {"archive": ("draw", ["affected_player(you)", "not_first_in_draw_step"], ["multiply(2)"])})
    [answer] = answers(capsys, path, rules)
    assert [o["result"] for o in answer["outcomes"]] == [{"draws": {"you": draws}}]
    assert any(w.get("object") == "archive" and "not_modelled" in w for w in answer["warnings"]) == said


def test_a_cant_effect_stops_the_event_and_no_one_orders_it(tmp_path, capsys):
    objects = enchantment("vortex", "opponent") + enchantment("doubler")
    path, rules = scenario(tmp_path, objects, '[[ask]]\nevent = "gain_life"\nplayer = "you"\namount = 3\n',
                           {"vortex": ("gain_life", ["affected_player(any)"], [], "cant"),
                            "doubler": ("gain_life", ["affected_player(you)"], ["multiply(2)"])})
    [answer] = answers(capsys, path, rules)
    assert answer["outcomes"] == [{"result": {"nothing": True}, "order_count": 1, "orders": [[]]}]


def test_a_replacements_own_token_is_in_the_result(tmp_path, capsys):
    # Kalitas: "instead exile that card and create a 2/2 black Zombie creature token".
    token = "token(2,2,(b,),(zombie,),(creature,),())"
    objects = enchantment("kalitas", "opponent") + BEARS
    path, rules = scenario(tmp_path, objects, '[[ask]]\nevent = "zone_change"\nobject = "bears"\ndies = true\n',
                           {"kalitas": ("zone_change", ["affected(SEL)", "from_zone(battlefield)", "to_zone(graveyard)"],
                                        ["to_zone(exile)", f"also(create_token(n(1),{token}))"])})
    (tmp_path / "effects.lp").write_text((tmp_path / "effects.lp").read_text().replace(
        "sel_controller(sel(ab(\"kalitas\",1),1),you)", "sel_controller(sel(ab(\"kalitas\",1),1),opponent)"))
    [answer] = answers(capsys, path, rules)
    [outcome] = answer["outcomes"]
    assert outcome["result"]["zone"] == "exile"
    [zombie] = outcome["result"]["created"]
    assert zombie["count"] == 1 and zombie["controller"] == "opponent"
    assert zombie["characteristics"] == {"name": "Zombie Token", "types": ["Creature"], "subtypes": ["Zombie"],
                                         "power": 2, "toughness": 2, "colors": ["B"]}


@pytest.mark.parametrize("token, characteristics", [
    # 111.10a: a colorless Treasure artifact token; 111.10d: a 2/2 black Zombie creature token
    # named Walker; 111.10e: a colorless Shard enchantment token
    ("treasure", {"name": "Treasure Token", "types": ["Artifact"], "subtypes": ["Treasure"], "colors": []}),
    ("walker", {"name": "Walker", "types": ["Creature"], "subtypes": ["Zombie"], "colors": ["B"],
                "power": 2, "toughness": 2}),
    ("shard", {"name": "Shard Token", "types": ["Enchantment"], "subtypes": ["Shard"], "colors": []}),
])
def test_a_predefined_token_has_the_characteristics_of_its_definition(tmp_path, capsys, token, characteristics):
    objects = enchantment("keeper") + BEARS
    path, rules = scenario(tmp_path, objects, '[[ask]]\nevent = "zone_change"\nobject = "bears"\ndies = true\n',
                           {"keeper": ("zone_change", ["affected(SEL)", "from_zone(battlefield)", "to_zone(graveyard)"],
                                       ["to_zone(exile)", f"also(create_token(n(1),token({token})))"])})
    [answer] = answers(capsys, path, rules)
    [outcome] = answer["outcomes"]
    [made] = outcome["result"]["created"]
    assert made["characteristics"] == characteristics


def test_an_entering_permanents_own_counters_come_first(tmp_path, capsys):
    # 616.1a: the object's "enters with" ability (a self-replacement effect,
    # 614.15) applies before the others.
    objects = enchantment("doubler") + (
        '[[object]]\nid = "ooze"\nname = "Test Ooze"\ntype = "Creature — Ooze"\npower = "0"\ntoughness = "0"\n'
        'text = "This creature enters with two +1/+1 counters on it."\nzone = "hand"\nowner = "you"\n')
    path, rules = scenario(tmp_path, objects, '[[ask]]\nevent = "enters"\nobject = "ooze"\n',
                           {"doubler": ("put_counters", ["affected(SEL)"], ["multiply(2)"])})
    [answer] = answers(capsys, path, rules)
    assert [(o["result"]["counters"], o["orders"]) for o in answer["outcomes"]] == \
        [({"ooze": {"+1/+1": 4}}, [["ooze", "doubler"]])]
    assert answer["outcomes"][0]["result"]["controller"] == "you"


def test_indestructible_is_not_destroyed(tmp_path, capsys):
    objects = ('[[object]]\nid = "wall"\nname = "Test Wall"\ntype = "Creature — Wall"\npower = "0"\n'
               'toughness = "4"\ntext = "Indestructible"\ncontroller = "you"\n')
    path = tmp_path / "s.toml"
    path.write_text(objects + '[[ask]]\nevent = "destroy"\nobject = "wall"\n')
    code, out, err = run(capsys, "ask", "--json", path)
    assert code == 0, err
    [answer] = json.loads(out)["answers"]
    assert [o["result"] for o in answer["outcomes"]] == [{"zone": "battlefield", "nothing": True}]


def test_an_effect_with_an_unknown_condition_is_not_applied_and_said(tmp_path, capsys):
    path, rules = scenario(tmp_path, enchantment("odd") + BEARS,
                           '[[ask]]\nevent = "put_counters"\nobject = "bears"\ncounter = "+1/+1"\n',
                           {"odd": ("put_counters", ["phase_of_the_moon(full)"], ["multiply(2)"])})
    [answer] = answers(capsys, path, rules)
    assert [o["result"] for o in answer["outcomes"]] == [{"counters": {"bears": {"+1/+1": 1}}}]
    assert any(w.get("object") == "odd" for w in answer["warnings"])


def test_a_number_past_clingos_integers_is_an_error(tmp_path, capsys):
    path, rules = scenario(tmp_path, enchantment("ds") + BEARS,
                           '[[ask]]\nevent = "put_counters"\nobject = "bears"\ncounter = "+1/+1"\n'
                           'count = 2000000000\n', {"ds": DOUBLER})
    code, _out, err = run(capsys, "ask", "--rules", rules, path)
    assert code == 2, err
    assert "the amount of the event would be more than 1073741823" in err


@pytest.mark.parametrize("ask, message", [
    ('event = "put_counter"', "did you mean 'put_counters'"),
    ('event = "draw"\nplayer = "you"\namount = 2', "'amount' is not a field of event asks of event = \"draw\""),
    ('event = "damage"\nsource = "bears"', "needs to = ..."),
    ('event = "enters"\nobject = "bears"\ncounters = { "+1/+1" = -1 }', "a table of names to whole numbers"),
    ('event = "create_tokens"\ntoken = { type = "Creature", toughness = 1, flavor = "x" }', "unknown field 'flavor'"),
])
def test_bad_event_asks_are_one_clear_error(tmp_path, capsys, ask, message):
    path = tmp_path / "s.toml"
    path.write_text(BEARS + "[[ask]]\n" + ask + "\n")
    code, _out, err = run(capsys, "ask", path)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_no_effect_is_one_plain_outcome(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text(BEARS + '[[ask]]\nevent = "draw"\nplayer = "opponent"\ncount = 2\n')
    code, out, _ = run(capsys, "ask", "--json", path)
    [answer] = json.loads(out)["answers"]
    assert answer["chooser"] == "opponent"
    assert answer["outcomes"] == [{"result": {"draws": {"opponent": 2}}, "order_count": 1, "orders": [[]]}]


def test_shared_v3_examples_pass_check(capsys, spec_examples, corpus_path):
    folder = spec_examples[0].parent / "v3"
    code, out, err = run(capsys, "check", "--cards", corpus_path, folder)
    assert code == 0, out + err
    assert out.strip().endswith("0 failed, 0 errors")


@pytest.mark.parametrize("path", sorted(EVENTS.glob("*.toml")), ids=lambda p: p.stem)
def test_event_scenarios_pass_check(capsys, corpus_path, path):
    # Each solve of the suite also checks that grounding alone decided every
    # atom (MTGASP_CHECK_GROUNDING, conftest.py): the event graphs stay
    # stratified, built only where they are reached. One test per file: the
    # suite's workers share them out.
    code, out, err = run(capsys, "check", "--cards", corpus_path, path)
    assert code == 0, out + err
    assert out.strip().endswith(", 0 failed, 0 errors"), out
    assert "mtgasp: clingo:" not in err, err


def test_event_scenarios_are_there():
    assert len(list(EVENTS.glob("*.toml"))) >= 100


def test_after_a_redirect_each_outcome_names_who_chooses_then(capsys, corpus_path):
    # 616.1f: Notion Thief gives the opponent's draw to you; you then choose for
    # it (the Archive's ruling: "the player drawing the card chooses"). An
    # event no redirect touches has no per-outcome chooser.
    code, out, err = run(capsys, "ask", "--json", "--cards", corpus_path,
                         EVENTS / "draw_notion_thief_then_alhammarrets_archive.toml")
    assert code == 0, err
    first, second = json.loads(out)["answers"]
    assert first["chooser"] == "opponent"
    assert [o["chooser"] for o in first["outcomes"]] == ["you"]
    assert [o["chooser"] for o in second["outcomes"]] == ["you"]
    code, out, err = run(capsys, "ask", "--cards", corpus_path, EVENTS / "draw_notion_thief_then_alhammarrets_archive.toml")
    assert "(chosen by opponent)" in out and "(then chosen by you)" in out
    code, out, err = run(capsys, "ask", "--json", "--cards", corpus_path, EVENTS / "draw_no_effects.toml")
    assert all("chooser" not in o for a in json.loads(out)["answers"] for o in a["outcomes"])


def test_a_resolving_sources_unread_self_replacement_warns(tmp_path, capsys, corpus_path):
    # 614.15: Desertion's "If an artifact or creature spell is countered this
    # way, put that card onto the battlefield under your control instead ..."
    # is not read: the countered spell's move is answered without it, and the
    # answer says so.
    path = tmp_path / "desertion.toml"
    path.write_text('[[object]]\nid = "bears"\ncard = "Grizzly Bears"\ncontroller = "opponent"\nzone = "stack"\n'
                    '[[object]]\nid = "desertion"\ncard = "Desertion"\ncontroller = "you"\nzone = "stack"\n'
                    'targets = ["bears"]\n'
                    '[[ask]]\nevent = "zone_change"\nobject = "bears"\nto = "graveyard"\nsource = "desertion"\n')
    code, out, err = run(capsys, "ask", "--json", "--cards", corpus_path, path)
    assert code == 0, err
    [answer] = json.loads(out)["answers"]
    assert [w["object"] for w in answer["warnings"]] == ["desertion"]
    assert [o["result"] for o in answer["outcomes"]] == [{"zone": "graveyard"}]


def test_atoms_are_read_by_name_in_their_order():
    # pyglue.symbols.by_name: one pass over the C API, names decoded once; the keys are
    # the arguments' symbols, a constant has none
    import clingo

    from pyglue import symbols

    atoms = [clingo.parse_term(text) for text in ('event_step(1,n(0),c,n(1),2)', 'answer(1,"k",v)', "flag",
                                                  'event_step(1,n(1),d,n(3),1)')]
    groups = symbols.by_name([symbols.key(atom) for atom in atoms])
    assert list(groups) == ["event_step", "answer", "flag"]
    assert [[str(symbols.symbol(k)) for k in keys] for keys in groups["event_step"]] == \
        [["1", "n(0)", "c", "n(1)", "2"], ["1", "n(1)", "d", "n(3)", "1"]]
    assert groups["flag"] == [[]]
    assert symbols.name_and_arguments(atoms[2]) == ("flag", ())


def test_atoms_of_a_name_and_arity_are_copied_raw(monkeypatch):
    # by_name's raw: event_step/5's argument keys go to an array, five a step, in the
    # atoms' order, given on a chunk at a time (here: two steps a chunk, and the one
    # left at the end); an event_step of another arity is kept as any atom
    import clingo

    from pyglue import symbols

    atoms = [clingo.parse_term(text) for text in ('event_step(1,n(0),c,n(1),2)', 'event_step(1,x)', 'answer(1,"k",v)',
                                                  'event_step(1,n(1),d,n(3),1)', 'event_step(2,n(0),c,n(1),1)')]
    chunks = []
    monkeypatch.setattr(symbols, "RAW_CHUNK", 10)
    groups = symbols.by_name([symbols.key(atom) for atom in atoms],
                             raw={"event_step": (5, lambda keys: chunks.append([str(symbols.symbol(k)) for k in keys]))})
    assert chunks == [["1", "n(0)", "c", "n(1)", "2", "1", "n(1)", "d", "n(3)", "1"], ["2", "n(0)", "c", "n(1)", "1"]]
    assert [[str(symbols.symbol(k)) for k in keys] for keys in groups["event_step"]] == [["1", "x"]]
    assert list(groups) == ["event_step", "answer"]


def test_a_models_shown_atoms_are_copied_out_as_keys():
    # pyglue.symbols.shown_keys: the model's shown atoms in one call, in the order
    # clingo's own Model.symbols gives them, as keys
    import clingo

    from pyglue import symbols

    control = clingo.Control()
    control.add("base", [], "p(1..3). q(X, f(X)) :- p(X), X > 1. r. #show q/2. #show r/0.")
    control.ground([("base", [])])
    with control.solve(yield_=True) as handle:
        model = next(iter(handle))
        keys, shown = symbols.shown_keys(model), model.symbols(shown=True)
    assert sorted(str(symbols.symbol(key)) for key in keys) == ["q(2,f(2))", "q(3,f(3))", "r"]
    assert list(keys) == [symbols.key(atom) for atom in shown]


def test_a_clone_copies_what_is_a_creature_now(tmp_path, capsys):
    # 616.1c, 707.2: Clone may copy any creature on the battlefield, a
    # permanent an effect makes a creature too (613.1d: Opalescence makes
    # Doubling Season one, not itself); Grizzly Bears in the hand is not on
    # the battlefield; or it copies nothing.
    path = tmp_path / "clone.toml"
    path.write_text('[[object]]\ncard = "Opalescence"\ncontroller = "you"\n'
                    '[[object]]\nid = "season"\ncard = "Doubling Season"\ncontroller = "you"\n'
                    '[[object]]\nid = "bears"\ncard = "Grizzly Bears"\nzone = "hand"\nowner = "you"\n'
                    '[[object]]\nid = "clone"\ncard = "Clone"\nzone = "stack"\ncontroller = "you"\n'
                    '[[ask]]\nevent = "enters"\nobject = "clone"\n')
    code, out, err = run(capsys, "ask", "--json", path)
    assert code == 0, err
    answer = json.loads(out)["answers"][0]
    assert sorted(o["result"].get("copy_of", "") for o in answer["outcomes"]) == ["", "season"]
    assert all(o["order_count"] == 1 for o in answer["outcomes"])
    assert "warnings" not in answer


GRANTED = """[[object]]
id = "anthem"
name = "Granting Anthem"
type = "Enchantment"
text = "{grant} have \\"{ability}\\""
controller = "you"

[[object]]
id = "bears"
card = "Grizzly Bears"
controller = "you"
{more}
[[ask]]
event = "{event}"
player = "you"
{amount}
"""
GAIN_DOUBLER = {"grant": "Creatures you control", "ability": "If you would gain life, you gain twice that much life instead.",
           "event": "gain_life", "amount": "amount = 1"}
ELVES = '\n[[object]]\nid = "elves"\ncard = "Llanowar Elves"\ncontroller = "{controller}"\n'


def _granted(tmp_path, capsys, more="", **fields):
    path = tmp_path / "granted.toml"
    path.write_text(GRANTED.format(more=more, **{**GAIN_DOUBLER, **fields}))
    code, out, _ = run(capsys, "ask", "--json", str(path))
    [answer] = json.loads(out)["answers"]
    assert code == 0
    return answer


def test_each_instance_of_an_ability_several_objects_have_is_an_effect(tmp_path, capsys):
    # 113.2c: each creature's instance of the granted ability is an effect of
    # its own: with one creature one doubler (1 life is 2), with two, two
    # (1 life is 4, in 2 orders, each instance named by the object that has it).
    answer = _granted(tmp_path, capsys)
    assert [(o["result"], o["orders"]) for o in answer["outcomes"]] == [({"life": {"you": 2}}, [["anthem"]])]
    assert "warnings" not in answer
    answer = _granted(tmp_path, capsys, ELVES.format(controller="you"))
    assert [(o["result"], o["order_count"], o["orders"]) for o in answer["outcomes"]] == [
        ({"life": {"you": 4}}, 2, [["anthem@bears", "anthem@elves"], ["anthem@elves", "anthem@bears"]])]
    assert "warnings" not in answer
    # An opponent's creature has no instance of "Creatures you control have".
    answer = _granted(tmp_path, capsys, ELVES.format(controller="opponent"))
    assert [o["result"] for o in answer["outcomes"]] == [{"life": {"you": 2}}]


def test_instances_counted_as_the_naive_enumeration(tmp_path):
    # Three creatures with the granted doubler and a Rhox Faithmender's own
    # (inline): four doublers of one class, 4! orders in both counts.
    rhox = ('\n[[object]]\nid = "rhox"\nname = "Test Rhox"\ntype = "Creature"\npower = 3\ntoughness = 5\n'
            'text = "If you would gain life, you gain twice that much life instead."\ncontroller = "you"\n')
    path = tmp_path / "granted.toml"
    path.write_text(GRANTED.format(more=ELVES.format(controller="you") + rhox, **GAIN_DOUBLER))
    graph, naive = graph_and_naive_counts(path)
    assert graph == naive == Counter({json.dumps({"life": {"you": 16}}): 24})


def test_instances_of_different_controllers_or_optional_are_not_applied(tmp_path, capsys):
    # Instances whose additional results would go to different players, or
    # that are each accepted or declined: not modelled, so not applied, and
    # the answer says so. One instance is modelled.
    grant = {"grant": "All creatures",
             "ability": "If a player would gain life, that player gains twice that much life instead."}
    answer = _granted(tmp_path, capsys, ELVES.format(controller="opponent"), **grant)
    assert [o["result"] for o in answer["outcomes"]] == [{"life": {"you": 1}}]
    assert [w["object"] for w in answer["warnings"]] == ["anthem"]
    skip = {"ability": "If you would draw a card, you may skip that draw instead.", "event": "draw",
            "amount": "count = 1"}
    answer = _granted(tmp_path, capsys, **skip)
    assert sorted(json.dumps(o["result"]) for o in answer["outcomes"]) == ['{"draws": {"you": 1}}',
                                                                          '{"nothing": true}']
    assert "warnings" not in answer
    answer = _granted(tmp_path, capsys, ELVES.format(controller="you"), **skip)
    assert [o["result"] for o in answer["outcomes"]] == [{"draws": {"you": 1}}]
    assert [w["object"] for w in answer["warnings"]] == ["anthem"]
