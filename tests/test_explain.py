"""`forbidden_because/3` (rules_asp/explain.lp) and `mtgasp ask --explain`: every
forbidden rule of activation.lp and targets.lp says which facts made it apply."""

from __future__ import annotations

import pyglue
from pyglue.cli import main

from conftest import REPO_ROOT

TARGETS = """
[[object]]
id = "caryatid"
card = "Sylvan Caryatid"
controller = "opponent"

[[object]]
id = "veil"
name = "Test Veiled Bear"
type = "Creature — Bear"
text = "Shroud"
power = "2"
toughness = "2"
controller = "you"

[[object]]
id = "forest"
card = "Forest"
controller = "you"

[[object]]
id = "growth"
card = "Giant Growth"
owner = "you"
zone = "hand"

[[ask]]
can_target = "growth"
target = "caryatid"

[[ask]]
can_target = "growth"
target = "veil"

[[ask]]
can_target = "growth"
target = "forest"

[[object]]
id = "tapped_forest"
card = "Forest"
controller = "you"
tapped = true

[[ask]]
can_activate = "tapped_forest"
"""


def reasons(answer) -> dict[str, list[str]]:
    return {rule: sorted(why) for rule, why in answer.because.items()}


def test_each_target_rule_says_why():
    hexproof, shroud, land, tapped = pyglue.ask(TARGETS)
    assert hexproof.data["rules"] == ["115.1", "601.2c", "702.11b"]
    assert reasons(hexproof)["702.11b"] == ['controller("caryatid","opponent")', 'has_keyword("caryatid",hexproof)']
    assert set(reasons(hexproof)["115.1"]) == set(reasons(hexproof)["702.11b"])
    assert reasons(shroud) == {rule: ['has_keyword("veil",shroud)'] for rule in ("115.1", "601.2c", "702.18a")}
    assert land.data["rules"] == ["115.1", "601.2c"]
    assert [why.split("(")[0] for why in reasons(land)["115.1"]] == ["not_matching"]
    assert reasons(tapped) == {"107.5": ['cost(intrinsic(forest),tap)', 'tapped("tapped_forest")']}


def test_every_forbidding_rule_of_every_answer_has_a_reason():
    # Every rule an answer of the scenarios and seeds cites as forbidding says
    # which facts made it apply (explain.lp restates each forbidden/2 rule).
    seen = set()
    for folder in ("scenarios", "seeds"):
        for path in sorted((REPO_ROOT / "tests" / folder).glob("*.toml")):
            for answer in pyglue.ask(path):
                for rule in answer.data.get("rules") or []:
                    seen.add(rule)
                    assert answer.because.get(rule), f"{path.name} ask {answer.ask.index}: {rule} without a reason"
    assert {"302.6", "107.6", "118.3", "702.16b", "303.4a", "702.16c", "601.3", "608.2b", "707.10c"} <= seen


def test_a_cast_without_anything_to_sacrifice_says_so():
    path = REPO_ROOT / "tests" / "scenarios" / "v2_free_cast_still_needs_artifact_to_sacrifice.toml"
    answer = next(answer for answer in pyglue.ask(path) if "118.3" in answer.data["rules"])
    assert [why.split("(")[0] for why in answer.because["118.3"]] == ["too_few_to_sacrifice"]
    assert answer.because["118.3"][0].endswith(",0,1)")


def test_explain_prints_the_rule_text_and_the_reasons(capsys, monkeypatch):
    monkeypatch.chdir(REPO_ROOT)
    assert main(["ask", "--explain", "tests/scenarios/tap_untap_costs.toml"]) == 0
    out = capsys.readouterr().out
    assert "       107.6 The untap symbol is {Q}. The untap symbol in an activation cost\n" in out
    assert '         because: untapped("untapper")\n' in out
    assert '         because: too_few_counters("crag","charge",0,1)\n' in out
    assert all(len(line) <= 80 for line in out.splitlines() if "because" not in line and "abilities:" not in line)


def test_explain_leaves_json_alone(capsys, monkeypatch):
    monkeypatch.chdir(REPO_ROOT)
    assert main(["ask", "--json", "tests/scenarios/tap_untap_costs.toml"]) == 0
    assert "because" not in capsys.readouterr().out
