"""The layer system (613) end to end: every scenario of tests/layers passes
`mtgasp check` with the card corpus, and each says which official ruling or
rule of the Comprehensive Rules its expectations come from."""

from __future__ import annotations

import re

from pyglue.cli import main

from conftest import REPO_ROOT

LAYERS = REPO_ROOT / "tests" / "layers"


def test_layer_scenarios_pass_check(capsys, corpus_path):
    files = sorted(LAYERS.glob("*.toml"))
    assert files
    code = main(["check", "--cards", str(corpus_path), str(LAYERS)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip().endswith(", 0 failed, 0 errors"), out
    assert int(out.strip().splitlines()[-1].split()[0]) >= len(files)


def test_each_layer_scenario_quotes_its_source():
    for path in sorted(LAYERS.glob("*.toml")):
        head = "".join(line for line in path.read_text().splitlines(True) if line.startswith("#"))
        assert re.search(r"ruling|CR \d{3}\.\d", head), f"{path.name}: no ruling or CR rule quoted"
