"""`mtgasp draw`: the event graph of an activate or event ask and an object's characteristics,
as DOT, SVG and PNG; the README's picture is the one the command makes now."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pyglue.cli import main

from conftest import REPO_ROOT

EXAMPLES = REPO_ROOT / "examples"
DOCS = REPO_ROOT / "docs"
SVG = "{http://www.w3.org/2000/svg}"
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot program is not installed")


def draw(capsys, *args) -> tuple[int, str]:
    code = main(["draw", *map(str, args)])
    return code, capsys.readouterr().err


def svg_labels(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """{node title: its text lines joined by newlines}, {edge title: likewise}."""
    nodes, edges = {}, {}
    for group in ET.parse(path).getroot().iter(f"{SVG}g"):
        kind = group.get("class")
        if kind in ("node", "edge"):
            title = group.find(f"{SVG}title").text
            text = "\n".join(t.text for t in group.iter(f"{SVG}text"))
            (nodes if kind == "node" else edges)[title] = text
    return nodes, edges


@needs_dot
def test_event_graph_as_svg(capsys, tmp_path):
    out = tmp_path / "graph.svg"
    assert draw(capsys, EXAMPLES / "reflection_then_contamination.toml", "-o", out) == (0, "")
    nodes, edges = svg_labels(out)
    assert nodes == {"start": "activate", "s0": "{G}", "s1": "{B}", "s2": "{G}{G}",
                     "s3": "adds {B}", "s4": "adds {B}{B}"}
    assert edges == {"start->s0": "2 orders",
                     "s0->s1": "contamination\n1 order", "s1->s4": "mana_reflection\n1 order",
                     "s0->s2": "mana_reflection\n1 order", "s2->s3": "contamination\n1 order"}


def test_interchangeable_effects_are_one_step_of_several_orders(capsys, tmp_path):
    out = tmp_path / "graph.dot"
    assert draw(capsys, REPO_ROOT / "tests" / "scenarios" / "ruling_three_mana_reflections.toml", "-o", out)[0] == 0
    source = out.read_text()
    assert 'start -> s0 [label="6 orders"]' in source
    assert source.count('[label="any of mana_reflection, mana_reflection_2, mana_reflection_3\\n6 orders"]') == 3


def test_final_state_says_what_triggered_mana_abilities_add(capsys, tmp_path):
    out = tmp_path / "graph.dot"
    assert draw(capsys, REPO_ROOT / "tests" / "scenarios" / "triggered_mana_abilities.toml", "-o", out)[0] == 0
    assert 's0 [label="{G}\\nadds {G}{G}" fillcolor=palegreen' in out.read_text()


def test_an_illegal_activation_is_one_node(capsys, tmp_path):
    out = tmp_path / "graph.dot"
    assert draw(capsys, EXAMPLES / "reflection_then_contamination.toml", "--rules",
                REPO_ROOT / "extending" / "house_rule.lp", "-o", out)[0] == 0
    assert 'start [label="not legal (house)" shape=circle]' in out.read_text()
    assert "->" not in out.read_text()


@needs_dot
def test_characteristics_as_svg_and_png(capsys, tmp_path):
    out = tmp_path / "object.svg"
    assert draw(capsys, EXAMPLES / "mirrorpool_copies_a_clone.toml", "--ask", 1, "-o", out) == (0, "")
    nodes, edges = svg_labels(out)
    assert nodes["object"] == "Thraben Inspector"
    assert nodes["power"] == "power\n5" and nodes["subtypes"] == "subtypes\nHuman Soldier"
    assert nodes["abilities"] == "abilities\nWhen this creature enters, investigate."
    # the layers in the order they applied lead from the card as printed to the object
    assert nodes["layer1"] == "layer 7c\neffect 1"
    assert {"printed->layer1", "layer1->object"} <= set(edges)
    assert "loyalty" not in nodes
    assert {f"object->{key}" for key in nodes if key not in ("object", "printed", "layer1")} <= set(edges)
    png = tmp_path / "object.png"
    assert draw(capsys, EXAMPLES / "mirrorpool_copies_a_clone.toml", "-o", png)[0] == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_readme_picture_is_current(capsys, tmp_path, monkeypatch):
    """The DOT source is compared (the SVG bytes depend on Graphviz's version), and the
    committed SVG has the labels of that source."""
    monkeypatch.chdir(REPO_ROOT)
    out = tmp_path / "now.dot"
    assert draw(capsys, "examples/reflection_then_contamination.toml", "-o", out)[0] == 0
    assert out.read_text() == (DOCS / "reflection_then_contamination.dot").read_text()
    nodes, edges = svg_labels(DOCS / "reflection_then_contamination.svg")
    assert nodes["s4"] == "adds {B}{B}" and edges["s1->s4"] == "mana_reflection\n1 order"
    assert "docs/reflection_then_contamination.svg" in (REPO_ROOT / "README.md").read_text()


@pytest.mark.parametrize("args, message", [
    (["--ask", "2"], "ask 2 is a can_target ask; draw draws activate, event and characteristics asks"),
    (["--ask", "9"], "no ask 9 (the file has 3)"),
])
def test_an_ask_that_cannot_be_drawn(capsys, tmp_path, args, message):
    code, err = draw(capsys, EXAMPLES / "mirrorpool_copies_a_clone.toml", *args, "-o", tmp_path / "x.dot")
    assert code == 2 and err.count("\n") == 1 and message in err


def test_bad_outputs(capsys, tmp_path):
    example = EXAMPLES / "reflection_then_contamination.toml"
    code, err = draw(capsys, example, "-o", tmp_path / "x.pdf")
    assert code == 2 and "should end with .dot, .svg or .png" in err
    code, err = draw(capsys, example, "-o", tmp_path / "no" / "x.dot")
    assert code == 2 and "cannot write the picture (No such file or directory)" in err
    scenario = tmp_path / "s.toml"
    scenario.write_text('[[object]]\nid = "f"\ncard = "Forest"\ncontroller = "you"\n\n[[ask]]\ncould_produce = "f"\n')
    code, err = draw(capsys, scenario, "-o", tmp_path / "x.dot")
    assert code == 2 and "no ask to draw" in err


def test_without_graphviz_dot_svg_is_one_message(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no dot program on the way
    out = tmp_path / "x.svg"
    code, err = draw(capsys, EXAMPLES / "reflection_then_contamination.toml", "-o", out)
    assert code == 2 and err.count("\n") == 1 and "needs Graphviz's dot program" in err and not out.exists()
    assert draw(capsys, EXAMPLES / "reflection_then_contamination.toml", "-o", tmp_path / "x.dot")[0] == 0


def test_an_event_asks_graph_ends_with_its_results(capsys, tmp_path, corpus_path):
    # Doubling Season and Hardened Scales, one counter (616.1): the two orders are two
    # paths, each ending with its result (3 or 4 counters), not with mana
    out = tmp_path / "graph.dot"
    scenario = REPO_ROOT / "tests" / "events" / "put_counters_doubling_season_and_hardened_scales_one_counter.toml"
    assert draw(capsys, "--cards", corpus_path, scenario, "-o", out)[0] == 0
    source = out.read_text()
    assert 'label="1. event put_counters bears"' in source and "start [label=put_counters" in source
    assert 'start -> s0 [label="2 orders"]' in source
    assert source.count("fillcolor=palegreen") == 2
    assert 'label="counters bears +1/+1 3"' in source and 'label="counters bears +1/+1 4"' in source
    assert 's0 -> s1 [label="doubling_season\\n1 order"]' in source
    assert "mana" not in source and "activate" not in source
