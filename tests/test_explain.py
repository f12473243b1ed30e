"""`forbidden_because/3` (rules_asp/explain.lp) and `mtgasp ask --explain`: every
forbidden rule of activation.lp and targets.lp says which facts made it apply."""

from __future__ import annotations

import tomllib

import pytest

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


def expects_a_forbidden_answer(path) -> bool:
    """A scenario some expectation of which is a "no" (a rule then forbids it)."""
    def no(value) -> bool:
        if isinstance(value, dict):
            return value.get("legal") is False or value.get("resolves") is False or bool(value.get("rules")) \
                or any(no(v) for v in value.values())
        return isinstance(value, list) and any(no(v) for v in value)
    return any(no(ask.get("expect")) for ask in tomllib.loads(path.read_text()).get("ask", []))


EXPLAINED = [path for folder in ("scenarios", "seeds") for path in sorted((REPO_ROOT / "tests" / folder).glob("*.toml"))
             if expects_a_forbidden_answer(path)]


def forbidding_rules(path) -> set[str]:
    """The rules the answers of a scenario cite as forbidding; each must say
    which facts made it apply (explain.lp restates each forbidden/2 rule)."""
    seen = set()
    for answer in pyglue.ask(path):
        for rule in answer.data.get("rules") or []:
            seen.add(rule)
            assert answer.because.get(rule), f"{path.name} ask {answer.ask.index}: {rule} without a reason"
    return seen


# One test per file: the suite's workers share them out.
@pytest.mark.parametrize("path", EXPLAINED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_forbidding_rule_of_every_answer_has_a_reason(path):
    forbidding_rules(path)


def test_the_scenarios_explained_are_those_with_a_no():
    assert len(EXPLAINED) >= 30
    assert not expects_a_forbidden_answer(REPO_ROOT / "tests" / "scenarios" / "blood_moon_and_contamination.toml")


def test_the_reasons_cover_rules_of_every_kind():
    # The scenarios above cite rules of every kind: costs, targets, attaching,
    # casting, resolving, copies (so the test above reads their reasons).
    found = set()
    for name in ("scenarios/tap_untap_costs", "scenarios/v2_copy_of_izzet_charm_counter_mode",
                 "scenarios/v2_only_target_gone_does_not_resolve", "scenarios/v2_protection_from_red_stops_red_targets",
                 "scenarios/v3_aura_enchant_controller_and_protection",
                 "seeds/prototype_cast_legality_uses_prototype_color"):
        found |= forbidding_rules(REPO_ROOT / "tests" / f"{name}.toml")
    assert {"302.6", "107.6", "118.3", "702.16b", "303.4a", "702.16c", "601.3", "608.2b", "707.10c"} <= found


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
