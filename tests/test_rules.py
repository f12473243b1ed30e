"""The rule files on their own: clean grounding, one stable model, the same
answers from plain clingo on `mtgasp facts`, and order counts that agree
with enumerating every order (rules_asp/orders.lp)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import clingo
import pytest

from pyglue.answers import EventGraph, ModelIndex, mana_string
from pyglue.cards import CardDatabase
from pyglue.facts import scenario_facts
from pyglue.scenario import load_scenario
from pyglue.solve import enumerate_orders, run_clingo, solve
from rules_asp import RULES_DIR

from conftest import REPO_ROOT, SPEC_EXAMPLES, ask_answers

SHARED_EXAMPLES = sorted(SPEC_EXAMPLES.glob("*.toml"))
# The worked examples (their cards bundled), among them event asks of every shape.
OWN_EXAMPLES = sorted((REPO_ROOT / "examples").glob("*.toml"))
ASK_KINDS = set(tomllib.loads((RULES_DIR / "asks" / "schema.toml").read_text())["kinds"])


def ask_kinds(path: Path) -> set[tuple]:
    """The kinds of ask of a scenario file (an event ask by its event kind)."""
    asks = tomllib.loads(path.read_text()).get("ask", [])
    return {(kind, ask[kind] if kind == "event" else None) for ask in asks for kind in ASK_KINDS & set(ask)}


def with_every_ask_kind(base: list[Path], others: list[Path]) -> list[Path]:
    """The base files, then those of the others asking a kind the files before did not."""
    chosen, seen = list(base), set().union(*map(ask_kinds, base))
    for path in others:
        kinds = ask_kinds(path)
        if kinds - seen:
            chosen.append(path)
            seen |= kinds
    return chosen


def facts_of(path: Path) -> list[clingo.Symbol]:
    return scenario_facts(load_scenario(path, CardDatabase()))


def test_empty_fact_set_grounds_without_warnings():
    atoms, messages, _ = run_clingo("")
    assert messages == []
    assert list(atoms) == []


def test_undefined_atom_warnings_are_reported():
    # The check of clingo's warnings below can fail: a rule using an input nobody defines warns.
    extra = RULES_DIR.parent / "tests" / "undefined_input.lp"
    extra.write_text("odd(X) :- no_such_input(X).\n")
    try:
        _atoms, messages, _ = run_clingo("", [extra])
    finally:
        extra.unlink()
    assert any("no_such_input" in m for m in messages)


def test_the_plain_clingo_files_cover_every_ask_kind():
    assert {kind for path in PLAIN_CLINGO for kind, _event in ask_kinds(path)} == ASK_KINDS


# The worked examples, the shared ones and the seeds, and of the scenarios
# those asking a kind (or an event kind) the others did not: the glue adds
# nothing to the rules but the facts, whatever the ask (every scenario is
# checked for clingo's warnings by `mtgasp check`, tests/test_cli.py).
PLAIN_CLINGO = with_every_ask_kind(OWN_EXAMPLES + SHARED_EXAMPLES + sorted((REPO_ROOT / "tests" / "seeds").glob("*.toml")),
                                   sorted((REPO_ROOT / "tests" / "scenarios").glob("*.toml")))


@pytest.mark.parametrize("path", PLAIN_CLINGO, ids=lambda p: p.stem)
def test_no_clingo_warnings_and_plain_clingo_on_printed_facts_gives_the_same_answers(path, tmp_path, capsys):
    # What `mtgasp facts` prints (its command run in this process: starting
    # the interpreter for it each time was most of the suite's time), solved
    # by a plain clingo process, gives the atoms the answers are read from;
    # and clingo's logger says nothing (an undefined atom, an unsafe rule)
    # while the glue solves the same facts (one solve for both checks).
    from pyglue.cli import main

    if not path.exists():
        pytest.skip(f"{path} is absent")
    facts_file = tmp_path / "facts.lp"
    assert main(["facts", str(path)]) == 0
    facts_file.write_text(capsys.readouterr().out)
    plain = subprocess.run([sys.executable, "-m", "clingo", str(RULES_DIR / "main.lp"), str(facts_file),
                            "--outf=2", "-n", "0"], capture_output=True, text=True)
    output = json.loads(plain.stdout)
    assert output["Result"] == "SATISFIABLE", plain.stderr
    witnesses = output["Call"][0]["Witnesses"]
    assert len(witnesses) == 1
    through_python = solve(facts_of(path))
    assert through_python.warnings == [], through_python.warnings
    assert set(witnesses[0]["Value"]) == {str(a) for a in through_python.atoms}


def count_by_enumeration(facts: list[clingo.Symbol], ask: int) -> Counter:
    """One model per (choice, order, trigger choice): the naive n! count."""
    counts, _models = enumerate_orders(facts)
    return Counter({mana_string(mana): count for mana, count in counts.get(ask, {}).items()})


ORDER_SCENARIOS = ["damping_after_reflection", "pale_moon_effect", "nyxbloom_and_reflection",
                   "pulse_color_choice", "mana_flare_contamination", "celestial_dawn_contamination"]


@pytest.mark.parametrize("name", ORDER_SCENARIOS)
def test_path_counts_equal_enumerated_orders(name):
    path = REPO_ROOT / "tests" / "scenarios" / f"{name}.toml"
    scenario = load_scenario(path, CardDatabase())
    facts = scenario_facts(scenario)
    index = ModelIndex(solve(facts))
    for ask in scenario.asks:
        if ask.kind != "activate":
            continue
        # orders.lp picks one order per activate ask: count the others away
        only_this = [f for f in facts if not (f.name == "ask" and f.arguments[0].number != ask.index)]
        assert EventGraph(index, ask.index).outcome_counts() == count_by_enumeration(only_this, ask.index)


def test_order_counts_of_mixed_effects(tmp_path):
    # Two Mana Reflections, one Nyxbloom Ancient and Contamination on a Forest:
    # 4! = 24 orders; Contamination last gives {B}, earlier it is multiplied.
    text = '[[object]]\nid = "forest"\ncard = "Forest"\ncontroller = "you"\n'
    for card in ["Mana Reflection", "Mana Reflection", "Nyxbloom Ancient", "Contamination"]:
        text += f'[[object]]\ncard = "{card}"\ncontroller = "you"\n'
    text += '[[ask]]\nactivate = "forest"\n'
    path = tmp_path / "mixed_orders.toml"
    path.write_text(text)
    facts = facts_of(path)
    counts = EventGraph(ModelIndex(solve(facts)), 1).outcome_counts()
    assert counts == count_by_enumeration(facts, 1)
    assert sum(counts.values()) == 24
    assert counts["{B}"] == 6  # Contamination applied last
    assert counts["{B}" * 12] == 6  # Contamination first


PAIRWISE_DIFFERENT = ["Contamination", "Mana Reflection", "Nyxbloom Ancient", "Damping Sphere"]
ANY_COLOR_EFFECT = ('[[object]]\nid = "dawn"\nname = "Dawn effect"\ntype = "Instant"\ncontroller = "you"\n'
                    'text = "Until end of turn, if a land is tapped for mana, it produces mana of a color of your '
                    'choice instead of any other type."\n')
PALE_MOON = ('[[object]]\nid = "pale_moon"\nname = "Pale Moon effect"\ntype = "Instant"\ncontroller = "you"\n'
             'text = "Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana '
             'instead of any other type."\n')


def pairwise_different_scenario(tmp_path: Path) -> Path:
    """Six pairwise different effects (no two of one class) on a Tundra: type changes, a
    color choice, multipliers and a threshold ("two or more mana")."""
    text = '[[object]]\nid = "tundra"\ncard = "Tundra"\ncontroller = "you"\n' + ANY_COLOR_EFFECT + PALE_MOON
    for card in PAIRWISE_DIFFERENT:
        text += f'[[object]]\ncard = "{card}"\ncontroller = "you"\n'
    path = tmp_path / "pairwise.toml"
    path.write_text(text + '[[ask]]\nactivate = "tundra"\nability = 1\n[[ask]]\ncould_produce = "tundra"\n')
    return path


def test_order_counts_of_pairwise_different_effects(tmp_path):
    facts = facts_of(pairwise_different_scenario(tmp_path))
    counts = EventGraph(ModelIndex(solve(facts)), 1).outcome_counts()
    assert counts == count_by_enumeration(facts, 1)
    assert len(counts) > 10


def test_could_produce_over_abstract_states_is_what_the_exact_orders_end_with(tmp_path):
    # 106.7 is answered on types and capped amounts, one graph per effect signature;
    # activate on the exact mana: the types must agree.
    scenario = load_scenario(pairwise_different_scenario(tmp_path), CardDatabase())
    from pyglue.api import Settings, answer_scenario

    activate, could_produce = answer_scenario(scenario.path, Settings(cards=CardDatabase())).answers
    ended = {symbol for outcome in activate.data["outcomes"] for symbol in outcome["mana"].strip("{}").split("}{")}
    assert set(could_produce.data["types"]) == ended


def test_the_grounding_check_catches_recursion_through_negation():
    # The rules are stratified: grounding alone computes the one stable model,
    # which keeps big boards cheap. The suite sets MTGASP_CHECK_GROUNDING
    # (conftest.py), so every solve of every scenario checks it; this shows
    # the check is not vacuous.
    import clingo

    from pyglue.errors import MtgaspError
    from pyglue.solve import _check_grounding_decided

    control = clingo.Control()
    control.add("base", [], "p :- not q. q :- not p. r.")
    control.ground([("base", [])])
    with pytest.raises(MtgaspError, match="grounding left atoms of p, q undecided"):
        _check_grounding_decided(control)
    assert os.environ.get("MTGASP_CHECK_GROUNDING") == "1"


def test_a_combat_status_the_scenario_cannot_say_warns(tmp_path, capsys):
    # "attacking" is read (506.4) but scenarios have no combat: the matcher
    # skips it in every view, and the answer says so.
    answer = ask_answers(tmp_path, capsys,
        '[[object]]\nid = "knight"\nname = "Test Knight"\ntype = "Instant"\n'
        'text = "Destroy target attacking creature."\nowner = "you"\nzone = "hand"\n'
        '[[object]]\nid = "bears"\ncard = "Grizzly Bears"\ncontroller = "opponent"\n'
        '[[ask]]\ncan_target = "knight"\ntarget = "bears"\n')[0]
    assert answer["warnings"] == [{"object": "knight", "ability": 1,
                                   "not_modelled": "Destroy target attacking creature."}]


def test_a_power_compared_with_the_sources_warns(tmp_path, capsys):
    # "with power less than this creature's power" (208) is read, not
    # checked by the matcher: a target so selected warns, not silently
    # matched as any creature.
    answer = ask_answers(tmp_path, capsys,
        '[[object]]\nid = "psycho"\nname = "Test Psychopath"\ntype = "Creature — Zombie Assassin"\n'
        'power = "3"\ntoughness = "4"\n'
        'text = "{B}, {T}: Destroy target creature with power less than this creature\'s power."\n'
        'controller = "you"\n'
        '[[object]]\nid = "bears"\ncard = "Grizzly Bears"\ncontroller = "opponent"\n'
        '[[ask]]\ncan_target = "psycho"\ntarget = "bears"\n')[0]
    assert answer["warnings"] == [{"object": "psycho", "ability": 1,
                                   "not_modelled": "{B}, {T}: Destroy target creature with power less than this creature's power."}]


def test_escaping_with_counters_is_not_applied_and_warns(tmp_path, capsys):
    # 702.138c: read as escapes_with_counters, which no rule applies: every
    # answer on the board says so.
    answer = ask_answers(tmp_path, capsys,
        '[[object]]\nid = "hound"\nname = "Test Hound"\ntype = "Creature — Elemental Dog"\n'
        'power = "6"\ntoughness = "1"\n'
        'text = "This creature escapes with a +1/+1 counter on it."\ncontroller = "you"\n'
        '[[object]]\nid = "forest"\ncard = "Forest"\ncontroller = "you"\n'
        '[[ask]]\ncould_produce = "forest"\n')[0]
    assert {"object": "hound", "ability": 1,
            "not_modelled": "This creature escapes with a +1/+1 counter on it."} in answer["warnings"]


def test_amounts_and_costs_in_words_the_rules_do_not_model_warn(tmp_path, capsys):
    # "equal to the number of <group>" is count(Sel), which mana.lp counts as
    # "for each" (limits_amount_modelled); life_total(you) and the cost
    # forage are typed but not modelled: their answers still warn.
    counter, forager, life = ask_answers(tmp_path, capsys,
        '[[object]]\nid = "counter"\nname = "Test Counter"\ntype = "Artifact"\n'
        'text = "{T}: Add an amount of {G} equal to the number of creatures you control."\ncontroller = "you"\n'
        '[[object]]\ncard = "Grizzly Bears"\ncontroller = "you"\n'
        '[[object]]\ncard = "Grizzly Bears"\ncontroller = "opponent"\n'
        '[[object]]\nid = "forager"\nname = "Test Forager"\ntype = "Artifact"\n'
        'text = "{T}, Forage: Add {G}."\ncontroller = "you"\n'
        '[[object]]\nid = "life"\nname = "Test Life"\ntype = "Artifact"\n'
        'text = "{T}: Add an amount of {G} equal to your life total."\ncontroller = "you"\n'
        '[[ask]]\nactivate = "counter"\n[[ask]]\nactivate = "forager"\n[[ask]]\nactivate = "life"\n')
    assert [o["mana"] for o in counter["outcomes"]] == ["{G}"] and "warnings" not in counter
    assert forager["warnings"] == [{"object": "forager", "ability": 1, "not_modelled": "{T}, Forage: Add {G}."}]
    assert life["warnings"] == [{"object": "life", "ability": 1,
                                 "not_modelled": "{T}: Add an amount of {G} equal to your life total."}]


def test_a_grant_to_spells_is_no_grant_to_permanents_unwarned(tmp_path, capsys):
    # "Spells you cast have cascade" grants to spells on the stack (112.1):
    # its selector has sel_zone(stack), which layer 6's view does not check,
    # so a permanent's abilities are answered with a warning, not silently
    # with cascade.
    [answer] = ask_answers(tmp_path, capsys,
        '[[object]]\nid = "src"\nname = "Test Cascader"\ntype = "Enchantment"\n'
        'text = "Spells you cast have cascade."\ncontroller = "you"\n'
        '[[object]]\nid = "bears"\ncard = "Grizzly Bears"\ncontroller = "you"\n'
        '[[ask]]\ncharacteristics = "bears"\n')
    assert [(w["object"], w["ability"]) for w in answer["warnings"]] == [("src", 1)]
