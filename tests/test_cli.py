"""The command line end to end: answers, expectations, and one clear error
(exit status 2, no traceback) for every kind of bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyglue.cli import main

from conftest import REPO_ROOT

SCENARIOS = REPO_ROOT / "tests" / "scenarios"
SEEDS = REPO_ROOT / "tests" / "seeds"
EXAMPLES = REPO_ROOT / "examples"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


FOREST_SCENARIO = """
[[object]]
id = "forest"
card = "Forest"
controller = "you"

[[ask]]
activate = "forest"
"""


def test_shared_examples_pass_check(capsys, spec_examples):
    code, out, err = run(capsys, "check", *spec_examples)
    assert code == 0, out
    assert "mtgasp: clingo:" not in err, err
    assert out.strip().endswith(", 0 failed, 0 errors")


OWN_CHECKED = [path for folder in (SCENARIOS, SEEDS, EXAMPLES) for path in sorted(folder.glob("*.toml"))]


def test_own_scenarios_are_there():
    assert len(OWN_CHECKED) >= 150


# One test per file: the suite's workers share them out.
@pytest.mark.parametrize("path", OWN_CHECKED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_own_scenarios_pass_check(capsys, path):
    code, out, err = run(capsys, "check", path)
    assert code == 0, out
    assert out.strip().endswith(", 0 failed, 0 errors"), out
    assert "mtgasp: clingo:" not in err, err  # an undefined atom, an unsafe rule


def test_check_says_what_clingo_warns(capsys, tmp_path):
    # The test above can fail: a rule using an input nobody defines warns.
    rules = write(tmp_path, "odd(X) :- no_such_input(X).\n", "extra.lp")
    code, _out, err = run(capsys, "check", "--rules", rules, write(tmp_path, FOREST_SCENARIO))
    assert code == 0 and "mtgasp: clingo:" in err and "no_such_input" in err, err


def test_check_reports_a_failed_expectation(capsys, tmp_path):
    path = write(tmp_path, FOREST_SCENARIO + 'expect = ["{U}"]\n')
    code, out, _ = run(capsys, "check", path)
    assert code == 1
    assert 'expected ["{U}"], got ["{G}"]' in out
    assert out.strip().endswith("0 passed, 1 failed, 0 errors")


def test_ask_json_has_order_counts_and_orders(capsys, spec_examples):
    example = next(p for p in spec_examples if p.name == "reflection_then_contamination.toml")
    code, out, _ = run(capsys, "ask", "--json", example)
    assert code == 0
    (answer,) = json.loads(out)["answers"]
    assert answer["outcomes"] == [
        {"mana": "{B}", "order_count": 1, "orders": [["mana_reflection", "contamination"]]},
        {"mana": "{B}{B}", "order_count": 1, "orders": [["contamination", "mana_reflection"]]},
    ]


def test_max_orders_limits_the_listed_orders_not_the_count(capsys, tmp_path):
    text = FOREST_SCENARIO + "".join(
        f'\n[[object]]\nid = "refl{i}"\ncard = "Mana Reflection"\ncontroller = "you"\n' for i in range(4))
    code, out, _ = run(capsys, "ask", "--json", "--max-orders", "3", write(tmp_path, text))
    assert code == 0
    (outcome,) = json.loads(out)["answers"][0]["outcomes"]
    assert outcome["mana"] == "{G}" * 16
    assert outcome["order_count"] == 24
    assert len(outcome["orders"]) == 3


def test_ask_table_names_effects_and_warns_on_unparsed_text(capsys):
    code, out, _ = run(capsys, "ask", EXAMPLES / "reflection_then_contamination.toml")
    assert code == 0
    assert "mana_reflection > contamination" in out
    assert "{B}{B}" in out


def test_warning_names_object_and_text(capsys, tmp_path):
    text = FOREST_SCENARIO + """
[[object]]
id = "mystery"
name = "Mystery Rock"
type = "Artifact"
text = "Lands you control frobnicate wildly."
controller = "you"
"""
    code, out, _ = run(capsys, "ask", "--json", write(tmp_path, text))
    assert code == 0
    (answer,) = json.loads(out)["answers"]
    assert answer["warnings"] == [
        {"object": "mystery", "ability": 1, "unparsed": ["Lands you control frobnicate wildly."]}]


def test_parse_card_and_text(capsys):
    code, out, _ = run(capsys, "parse", "reflecting pool")
    assert code == 0
    assert 'produces(ab("reflecting_pool",1),1,1,could_produce(sel(ab("reflecting_pool",1),1),type),n(1)).' in out
    assert "printed_card_type(\"reflecting_pool\",land)." in out
    code, out, _ = run(capsys, "parse", "--text", "{T}: Add {G}.\nFrobnicate.")
    assert code == 0
    assert "not understood" in out and "Frobnicate." in out


def test_facts_prints_a_program(capsys, tmp_path):
    code, out, _ = run(capsys, "facts", write(tmp_path, FOREST_SCENARIO))
    assert code == 0
    assert 'ask(1,activate).' in out and 'ask_arg(1,object,"forest").' in out
    assert 'printed_subtype("forest",forest).' in out


# ---- bad input: one message, exit status 2 ---------------------------------

def error_of(capsys, *args) -> str:
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    assert err.startswith("mtgasp: ") and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    return err


def test_malformed_toml_names_its_line(capsys, tmp_path):
    path = write(tmp_path, '[[object]]\ncard = "Forest"\ncontroller = you\n')
    err = error_of(capsys, "ask", path)
    assert f"{path}:3:" in err


def test_unknown_card_suggests_names(capsys, tmp_path):
    path = write(tmp_path, '[[object]]\ncard = "Relfecting Pool"\ncontroller = "you"\n')
    err = error_of(capsys, "ask", path)
    assert "Relfecting Pool" in err and "Reflecting Pool" in err


def test_unknown_id(capsys, tmp_path):
    path = write(tmp_path, FOREST_SCENARIO.replace('activate = "forest"', 'activate = "swamp"'))
    err = error_of(capsys, "ask", path)
    assert "swamp" in err


def test_bad_ability_index(capsys, tmp_path):
    path = write(tmp_path, FOREST_SCENARIO + "ability = 3\n")
    err = error_of(capsys, "ask", path)
    assert "'forest' has no ability 3 (it has 1)" in err


def test_several_mana_abilities_need_a_number(capsys, tmp_path):
    path = write(tmp_path, FOREST_SCENARIO.replace('"Forest"', '"Tundra"'))
    err = error_of(capsys, "ask", path)
    assert "several mana abilities" in err


def test_unknown_triggers_kind(capsys, tmp_path):
    path = write(tmp_path, FOREST_SCENARIO.replace('activate = "forest"', 'triggers = { kind = "enter", object = "forest" }'))
    err = error_of(capsys, "ask", path)
    assert "triggers kind should be one of cast, copy, sacrifice, enters" in err
    assert "got \"enter\" (did you mean 'enters'?)" in err


def test_script_in_extra_rules_is_refused(capsys, tmp_path):
    rules = write(tmp_path, '#script (python)\nprint("hi")\n#end.\n', "extra.lp")
    err = error_of(capsys, "ask", write(tmp_path, FOREST_SCENARIO), "--rules", rules)
    assert "#script" in err and "--allow-scripts" in err


def test_script_allowed_on_request(capsys, tmp_path):
    rules = write(tmp_path, "#script (python)\nimport clingo\ndef house(): return clingo.String('scripted')\n#end.\n"
                            'forbidden(I, @house()) :- activation(I, _, _).\n', "extra.lp")
    code, out, _ = run(capsys, "ask", write(tmp_path, FOREST_SCENARIO), "--rules", rules, "--allow-scripts")
    assert code == 0 and "not legal (scripted)" in out


def test_extra_rules_are_loaded_after_the_built_in_ones(capsys, tmp_path):
    # A researcher's rule: a house rule that forbids tapping Forests.
    rules = write(tmp_path, 'forbidden(I, "house") :- activation(I, O, _), subtype(O, forest).\n', "house.lp")
    code, out, _ = run(capsys, "ask", write(tmp_path, FOREST_SCENARIO), "--rules", rules)
    assert code == 0 and "not legal (house)" in out


def test_extra_rules_may_name_rules_with_constants(capsys, tmp_path):
    rules = write(tmp_path, 'forbidden(I, house_rule) :- activation(I, _, _).\n', "house.lp")
    code, out, _ = run(capsys, "ask", write(tmp_path, FOREST_SCENARIO), "--rules", rules)
    assert code == 0 and "not legal (house_rule)" in out


def test_timeout(capsys, tmp_path):
    # Pigeon-hole: 13 pigeons, 12 holes: clasp needs far longer than the limit.
    hard = write(tmp_path, """
        pigeon(1..13). hole(1..12).
        1 { in(P, H) : hole(H) } 1 :- pigeon(P).
        :- in(P, H), in(Q, H), P < Q.
    """, "hard.lp")
    err = error_of(capsys, "ask", write(tmp_path, FOREST_SCENARIO), "--rules", hard, "--timeout", "0.5")
    assert "time limit of 0.5 s" in err


def test_syntax_error_in_extra_rules(capsys, tmp_path):
    rules = write(tmp_path, "p(.\n", "bad.lp")
    err = error_of(capsys, "ask", write(tmp_path, FOREST_SCENARIO), "--rules", rules)
    assert "clingo" in err


def test_missing_file(capsys, tmp_path):
    err = error_of(capsys, "ask", tmp_path / "nope.toml")
    assert "nope.toml" in err


def test_console_script_exits_2_without_traceback(tmp_path):
    path = write(tmp_path, '[[object]]\ncard = "Forest"\nzone = "nowhere"\n')
    proc = subprocess.run([sys.executable, "-m", "pyglue.cli", "ask", str(path)],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "nowhere" in proc.stderr


FLING_SCENARIO = """
[[object]]
id = "giant"
card = "Hill Giant"
owner = "you"
zone = "graveyard"
last_known = { power = 5 }

[[object]]
id = "fling"
card = "Fling"
controller = "you"
zone = "stack"
targets = ["opponent"]
sacrificed = ["giant"]

[[ask]]
copy = "fling"
controller = "opponent"
new_targets = ["you"]
"""


def test_copy_answer_has_every_key_of_the_spec(capsys, tmp_path):
    code, out, _ = run(capsys, "ask", "--json", write(tmp_path, FLING_SCENARIO))
    assert code == 0
    answer = json.loads(out)["answers"][0]
    assert {"characteristics", "modes", "x", "targets", "divided", "sacrificed", "cast", "triggered"} <= set(answer)
    assert answer["characteristics"]["name"] == "Fling"
    assert (answer["targets"], answer["sacrificed"], answer["cast"], answer["damage"]) == (
        ["you"], ["giant"], False, {"you": 5})


def test_copy_of_an_object_not_on_the_stack_is_an_error(capsys, tmp_path):
    path = write(tmp_path, FLING_SCENARIO.replace('zone = "stack"', 'zone = "hand"\nowner = "you"')
                 .replace('controller = "you"\nzone = "hand"', 'zone = "hand"'))
    err = error_of(capsys, "ask", path)
    assert "'fling' is not a spell on the stack" in err


def test_table_expectation_needed_for_characteristics(capsys, tmp_path):
    path = write(tmp_path, FOREST_SCENARIO.replace('activate = "forest"', 'characteristics = "forest"\nexpect = 3'))
    err = error_of(capsys, "check", path)
    assert "a characteristics expectation is a table of answer keys" in err


def test_unknown_answer_key_in_expectation(capsys, tmp_path):
    path = write(tmp_path, FOREST_SCENARIO.replace('activate = "forest"',
                                                   'characteristics = "forest"\nexpect = { colour = [] }'))
    err = error_of(capsys, "check", path)
    assert "'colour' is not a key of characteristics answers" in err


def test_characteristics_expectation_compares_only_named_keys(capsys, tmp_path):
    path = write(tmp_path, FOREST_SCENARIO.replace(
        'activate = "forest"', 'characteristics = "forest"\n'
        'expect = { characteristics = { types = ["Land"], subtypes = ["Forest"], supertypes = ["Basic"] } }'))
    code, out, _ = run(capsys, "check", path)
    assert (code, out.strip()) == (0, "1 passed, 0 failed, 0 errors")
    path.write_text(path.read_text().replace('types = ["Land"]', 'types = ["Creature"]'))
    code, out, _ = run(capsys, "check", path)
    assert code == 1
    assert 'expected {"characteristics": {"types": ["Creature"]' in out


def test_triggered_entries_match_on_the_keys_they_name(capsys, tmp_path):
    text = FLING_SCENARIO.replace('[[ask]]\ncopy = "fling"\ncontroller = "opponent"\nnew_targets = ["you"]\n', "") + """
[[object]]
id = "pyromancer"
card = "Young Pyromancer"
controller = "you"

[[ask]]
triggers = { kind = "cast", object = "fling" }
expect = [{ source = "pyromancer" }]
"""
    code, out, _ = run(capsys, "check", write(tmp_path, text))
    assert (code, out.strip()) == (0, "1 passed, 0 failed, 0 errors")


def test_resolves_needs_a_spell_or_an_ability(capsys, tmp_path):
    path = write(tmp_path, FOREST_SCENARIO.replace('activate = "forest"', 'resolves = "forest"'))
    assert "'forest' is not a spell on the stack" in error_of(capsys, "ask", path)
    path = write(tmp_path, FOREST_SCENARIO.replace('activate = "forest"', 'resolves = "forest"\nability = 3'))
    assert "'forest' has no ability 3" in error_of(capsys, "ask", path)


def test_an_effect_in_force_not_understood_warns_every_answer(capsys, tmp_path):
    path = write(tmp_path, '[[object]]\nid = "bears"\ncard = "Grizzly Bears"\ncontroller = "you"\n'
                           '[[effect]]\ntext = "Target creature frobnicates wildly."\ncontroller = "you"\n'
                           'refers = ["bears"]\n[[ask]]\ncharacteristics = "bears"\n')
    code, out, _ = run(capsys, "ask", "--json", path)
    (answer,) = json.loads(out)["answers"]
    assert code == 0
    assert answer["warnings"] == [{"object": "effect 1", "ability": None,
                                   "unparsed": ["Target creature frobnicates wildly."]}]
    code, out, _ = run(capsys, "ask", path)
    assert "note: depends on text not understood on effect 1: Target creature frobnicates wildly." in out


def test_objects_an_ask_makes_stay_out_of_the_scenario_predicates(capsys, tmp_path):
    # A researcher's rule over permanent/1 sees the scenario's permanents, not
    # the token copy a copy_permanent ask makes (made/2, scoped_permanent/1).
    rules = write(tmp_path, "seen(X) :- permanent(X).\nscoped(X) :- scoped_permanent(X).\n"
                            "#show seen/1.\n#show scoped/1.\n", "seen.lp")
    path = write(tmp_path, '[[object]]\nid = "bears"\ncard = "Grizzly Bears"\ncontroller = "you"\n'
                           '[[ask]]\ncopy_permanent = "bears"\n')
    code, out, _ = run(capsys, "ask", "--json", "--rules", rules, path)
    assert code == 0
    assert sorted(json.loads(out)["shown"]) == ['scoped("bears")', "scoped(hyp(1))", 'seen("bears")']


def test_shared_v3_example_of_control_and_switching_passes_check(capsys, spec_examples, corpus_path):
    # Layer 2 (Control Magic) and 7d after 7c (613.1b, 613.4c, 613.4d), with the
    # answer keys controller and layers of the format's v3.
    example = spec_examples[0].parent / "v3" / "control_and_switch.toml"
    code, out, _ = run(capsys, "check", "--cards", corpus_path, example)
    assert (code, out.strip()) == (0, "2 passed, 0 failed, 0 errors")
    code, out, _ = run(capsys, "ask", "--json", "--cards", corpus_path, example)
    bears, wall = json.loads(out)["answers"]
    assert bears["layers"] == [{"layer": "2", "source": "control_magic", "ability": 2}]
    assert wall["layers"] == [{"layer": "7c", "source": "effect 1", "ability": None},
                              {"layer": "7d", "source": "effect 2", "ability": None}]


def test_max_orders_zero_lists_no_order_and_says_so(capsys):
    code, out, _ = run(capsys, "ask", "--max-orders", "0", EXAMPLES / "reflection_then_contamination.toml")
    assert code == 0
    assert "{B}          1 way (none listed: --max-orders 0)" in out and ", ..." not in out


def test_long_mana_keeps_the_table_aligned(capsys, tmp_path):
    text = FOREST_SCENARIO + "".join(
        f'\n[[object]]\nid = "refl{i}"\ncard = "Mana Reflection"\ncontroller = "you"\n' for i in range(3))
    code, out, _ = run(capsys, "ask", write(tmp_path, text))
    (line,) = [line for line in out.splitlines() if "{G}" in line]
    # the mana column is as wide as the longest mana and one space, never run together
    assert code == 0 and line.startswith("       " + "{G}" * 8 + "  6 ways: ")


def test_v3_object_fields_become_facts(capsys, tmp_path):
    path = write(tmp_path, '[[object]]\nid = "bears"\ncard = "Grizzly Bears"\ncontroller = "you"\ndamage = 1\n'
                           'timestamp = 5\nchosen = { creature_type = "Elf", card_name = "Forest", player = "opponent" }\n'
                           '[[object]]\ncard = "Forest"\ncontroller = "you"\ntimestamp = 5\n'
                           '[[effect]]\ntext = "Target creature gets +1/+1 until end of turn."\ncontroller = "you"\n'
                           'refers = ["bears"]\ntimestamp = 1\n')
    code, out, _ = run(capsys, "facts", path)
    assert code == 0
    for fact in ('damage_marked("bears",1).', 'chosen("bears",creature_type,elf).', 'chosen("bears",card_name,"Forest").',
                 'chosen("bears",player,"opponent").', 'timestamp(fx(1),1).', 'timestamp("bears",2).',
                 'timestamp("forest",3).'):
        assert fact in out, fact


def test_check_reads_a_file_named_twice_once(capsys, tmp_path):
    inner = tmp_path / "inner"
    inner.mkdir()
    write(inner, FOREST_SCENARIO + 'expect = ["{G}"]\n')
    code, out, _ = run(capsys, "check", tmp_path, inner)
    assert (code, out.strip()) == (0, "1 passed, 0 failed, 0 errors")


TWO_TARGETS = """[[object]]
id = "spell"
name = "Two Bolts"
type = "Instant"
text = "~ deals 3 damage to target creature and 1 damage to another target creature."
controller = "you"
zone = "stack"
targets = [{targets}]

[[object]]
id = "bears"
card = "Grizzly Bears"
controller = "opponent"

[[object]]
id = "elves"
card = "Llanowar Elves"
controller = "opponent"

[[ask]]
resolves = "spell"
"""


def test_another_target_chosen_twice_is_an_error(capsys, tmp_path):
    """115.3: "another target" is a different creature from the first target."""
    path = write(tmp_path, TWO_TARGETS.format(targets='"bears", "bears"'))
    err = error_of(capsys, "ask", path)
    assert "targets 1 and 2 of 'spell' are the same" in err and "115.3" in err
    code, out, _ = run(capsys, "ask", "--json", write(tmp_path, TWO_TARGETS.format(targets='"bears", "elves"')))
    assert code == 0 and json.loads(out)["answers"][0]["resolves"] is True
