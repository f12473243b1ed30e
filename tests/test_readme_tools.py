"""The README's outputs of the tool commands (rule, cards, --version) are what they print."""

from __future__ import annotations

import re
import shlex

import pytest

from conftest import CORPUS, REPO_ROOT
from pyglue.cli import main

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
# ```sh\nmtgasp rule ARGS\n```  then  ```\nOUTPUT\n```  (stdout, or "mtgasp: ..." on stderr)
EXAMPLE = re.compile(r"```sh\nmtgasp ((?:rule|cards show|--version)[^\n]*)\n```\n\n```\n(.*?)\n```", re.S)


def test_readme_shows_the_tool_commands():
    commands = [command.split()[0] for command, _ in EXAMPLE.findall(README)]
    assert commands.count("rule") >= 2 and commands.count("cards") >= 2


@pytest.mark.parametrize("match", list(EXAMPLE.finditer(README)), ids=lambda m: m.group(1))
def test_readme_output_is_the_real_output(match, capsys, monkeypatch):
    monkeypatch.chdir(REPO_ROOT)
    args = shlex.split(match.group(1))
    if "../shared/data/oracle_corpus.json" in args and not CORPUS.is_file():
        pytest.skip(f"the card corpus {CORPUS} is absent")
    try:
        main(args)
    except SystemExit:  # --version
        pass
    out, err = capsys.readouterr()
    assert (out + err).rstrip("\n") == match.group(2)
