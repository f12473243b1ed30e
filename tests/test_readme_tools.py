"""The README's outputs of the tool commands (rule, cards, --version) are what they print."""

from __future__ import annotations

import re

import pytest

from conftest import REPO_ROOT
from pyglue.cli import main

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
# ```sh\nmtgasp rule ARGS\n```  then  ```\nOUTPUT\n```  (stdout, or "mtgasp: ..." on stderr)
EXAMPLE = re.compile(r"```sh\nmtgasp (rule [^\n]+)\n```\n\n```\n(.*?)\n```", re.S)


def test_readme_shows_the_rule_command():
    assert len(EXAMPLE.findall(README)) >= 2


@pytest.mark.parametrize("match", list(EXAMPLE.finditer(README)), ids=lambda m: m.group(1))
def test_readme_output_is_the_real_output(match, capsys, monkeypatch):
    monkeypatch.chdir(REPO_ROOT)
    main(match.group(1).split())
    out, err = capsys.readouterr()
    assert (out + err).rstrip("\n") == match.group(2)
