"""The Comprehensive Rules' words by number: parsing the shipped file, lookups,
"did you mean" for unknown numbers, and `mtgasp rule`."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

from conftest import REPO_ROOT
from pyglue.cli import main
from pyglue.errors import MtgaspError
from pyglue.rules_text import RULES_FILE, Rule, effective_date, format_rule, normalize_number, rule, rule_text


def test_the_rules_file_ships_as_package_data():
    assert RULES_FILE.parent == REPO_ROOT / "pyglue" / "data" and RULES_FILE.is_file()
    package_data = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert any(RULES_FILE.match(pattern) for pattern in package_data["pyglue"])
    assert effective_date() == "January 16, 2026"


def test_a_rule_has_its_text_and_subrules_in_order():
    found = rule("616.1")
    assert isinstance(found, Rule) and found.number == "616.1" and found.label == "616.1."
    assert found.text.startswith("If two or more replacement and/or prevention effects are attempting")
    assert [sub.number for sub in found.subrules] == [f"616.1{letter}" for letter in "abcdefg"]
    assert found.subrules[0].text.startswith("If any of the replacement and/or prevention effects are self-replacement")


def test_examples_belong_to_the_rule_above_them():
    found = rule("616.1f")
    assert len(found.examples) == 2 and found.examples[0].startswith("Two permanents are on the battlefield.")
    assert "Example" not in found.text
    assert rule("616.1e").examples == ()


def test_lookup_accepts_the_usual_spellings():
    assert rule("702.16b").text.startswith("A permanent or player with protection can’t be targeted")
    assert normalize_number(" CR 616.1. ") == "616.1"
    assert normalize_number("702.16B") == "702.16b"
    assert rule_text("616.1a") == rule("616.1a").text


def test_sections_and_chapters_hold_their_rules():
    assert rule("616").text == "Interaction of Replacement and/or Prevention Effects"
    assert [sub.number for sub in rule("616").subrules] == ["616.1", "616.2"]
    assert rule("6").text == "Spells, Abilities, and Effects" and rule("6").subrules[0].number == "600"
    assert rule("701.8").text == "Destroy" and rule("701.8").subrules[0].number == "701.8a"


def test_the_files_irregular_lines_are_read():
    # "606.5 Text" without the rule's period, "119.1d. Text" with a subrule's period,
    # and an indented line continuing the rule above.
    assert rule("606.5").text.startswith("If the total cost to activate a loyalty ability")
    assert rule("119.1d").text.startswith("In a two-player Brawl game")
    assert rule("205.4c").text.endswith("Snow-Covered Plains, and Snow-Covered Swamp.")
    assert "\nCards printed in sets prior to the Eighth Edition" in rule("205.4c").text


def test_the_glossary_and_credits_are_not_rules():
    assert rule("905").subrules[-1].number == "905.6"
    assert not rule("905.6").text.endswith("Glossary")
    assert all("Abandon" not in sub.text for sub in rule("905").subrules)


@pytest.mark.parametrize("number, suggestions", [
    ("616.1z", "616.1e, 616.1f, 616.1g"),
    ("616.9", "616.1, 616.2"),
    ("999.9", "905.4, 905.5, 905.6"),
])
def test_an_unknown_number_suggests_the_closest(number, suggestions):
    with pytest.raises(MtgaspError, match=rf"^no rule {number} in the Comprehensive Rules .*\(did you mean: {suggestions}\?\)$"):
        rule(number)


@pytest.mark.parametrize("text", ["abc", "6161.1", "", "616.1ab"])
def test_a_malformed_number_is_refused(text):
    with pytest.raises(MtgaspError, match="is not a rule number"):
        rule(text)


def test_format_rule_indents_subrules_and_examples():
    lines = format_rule(rule("616.1")).splitlines()
    assert lines[0].startswith("616.1. If two or more")
    assert any(line.startswith("  616.1a If any") for line in lines)
    assert any(line.startswith("    Example: Two permanents") for line in lines)
    assert all(len(line) <= 80 for line in lines)


def test_rule_command(capsys):
    assert main(["rule", "616.1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("616.1. If two or more") and "\n  616.1g While following" in out


def test_rule_command_without_subrules(capsys):
    assert main(["rule", "616.1", "--no-subrules"]) == 0
    assert "616.1a" not in capsys.readouterr().out


def test_rule_command_unknown_number_is_one_message_exit_2(capsys):
    assert main(["rule", "616.1", "999.9"]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # every number is checked before anything is printed
    assert err.count("\n") == 1 and err.startswith("mtgasp: no rule 999.9")


def test_rule_command_in_a_process_has_no_traceback():
    done = subprocess.run([sys.executable, "-m", "pyglue.cli", "rule", "999.9"], capture_output=True, text=True,
                          cwd=REPO_ROOT)
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.startswith("mtgasp: no rule")
