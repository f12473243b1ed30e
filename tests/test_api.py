"""The Python API: pyglue.ask, check, parse and CardDatabase, imported lazily."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

import pyglue

from conftest import REPO_ROOT

EXAMPLE = REPO_ROOT / "examples" / "reflection_then_contamination.toml"
OUTCOMES = [{"mana": "{B}", "order_count": 1, "orders": [["mana_reflection", "contamination"]]},
            {"mana": "{B}{B}", "order_count": 1, "orders": [["contamination", "mana_reflection"]]}]


def test_import_pyglue_loads_nothing_else():
    code = ("import sys, pyglue; print(sorted(m for m in ('clingo', 'lark', 'pyglue.api', 'pyglue.answers', "
            "'pyglue.cards', 'grammar') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_public_names_are_all_there():
    for name in pyglue.__all__:
        assert getattr(pyglue, name) is not None
    assert set(pyglue.__all__) <= set(dir(pyglue))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        pyglue.nothing


@pytest.mark.parametrize("form", ["path", "str path", "text", "dict"])
def test_ask_takes_a_path_text_or_a_dict(form):
    text = EXAMPLE.read_text()
    scenario = {"path": EXAMPLE, "str path": str(EXAMPLE), "text": text, "dict": tomllib.loads(text)}[form]
    (answer,) = pyglue.ask(scenario)
    assert answer.to_json()["outcomes"] == OUTCOMES


def test_ask_options():
    (answer,) = pyglue.ask(EXAMPLE, rules=[REPO_ROOT / "extending" / "house_rule.lp"])
    assert answer.data["legal"] is False and answer.data["rules"] == ["house"]
    (answer,) = pyglue.ask(EXAMPLE, max_orders=0, cards=pyglue.CardDatabase())
    assert [outcome["orders"] for outcome in answer.data["outcomes"]] == [[], []]


def test_bad_input_raises_one_clear_error():
    with pytest.raises(pyglue.MtgaspError, match="names unknown object"):
        pyglue.ask('[[ask]]\nactivate = "nothing"\n')
    with pytest.raises(pyglue.MtgaspError, match="time limit"):
        pyglue.ask(EXAMPLE, timeout=0)
    with pytest.raises(pyglue.MtgaspError, match="lists of paths"):
        pyglue.ask(EXAMPLE, rules="house.lp")
    with pytest.raises(pyglue.MtgaspError, match="a path, TOML text or a dict, got int"):
        pyglue.check(12)
    with pytest.raises(pyglue.MtgaspError, match="max_orders should be a whole number"):
        pyglue.ask(EXAMPLE, max_orders=-1)
    with pytest.raises(pyglue.MtgaspError, match="cards should be a CardDatabase"):
        pyglue.ask(EXAMPLE, cards=3)
    with pytest.raises(pyglue.MtgaspError, match="cannot read the scenario"):
        pyglue.ask(REPO_ROOT / "no such file.toml")


def test_check_passes_and_fails():
    assert pyglue.check(EXAMPLE).ok
    result = pyglue.check(EXAMPLE.read_text().replace('["{B}", "{B}{B}"]', '["{G}"]'))
    assert result.passed == [] and not result.ok
    (answer, expected, got), = result.failed
    assert answer.ask.index == 1 and expected == ["{G}"] and got == ["{B}", "{B}{B}"]


def test_parse():
    parsed = pyglue.parse("Haste\nFrobnicate the widget.")
    assert "keyword(ab(\"this_card\",1),haste)" in map(str, parsed.facts)
    assert [(str(ability), fragment) for ability, _, _, fragment in parsed.unparsed] == \
        [('ab("this_card",2)', "Frobnicate the widget.")]
    with pytest.raises(pyglue.MtgaspError, match="Oracle text"):
        pyglue.parse(None)


def test_an_answer_renders_as_a_markdown_table():
    (answer,) = pyglue.ask(EXAMPLE)
    lines = answer._repr_markdown_().splitlines()
    assert lines[:4] == ["**ask 1**", "", "| key | value |", "| --- | --- |"]
    assert lines[4:8] == ['| ask | "activate" |', '| object | "forest" |', "| ability | 1 |", "| legal | true |"]
    assert len(lines) == 10


def test_markdown_cells_escape_pipes():
    from pyglue.answers import Answer
    from pyglue.scenario import Ask

    answer = Answer(Ask(1, "x"), {"text": "a | b\nc"})
    assert answer._repr_markdown_().splitlines()[-1] == '| text | "a \\| b\\nc" |'
