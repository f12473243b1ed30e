"""The README's outputs are what the commands print: the worked examples stay true."""

from __future__ import annotations

import re
import shlex

import pytest

from pyglue.cli import main

from conftest import REPO_ROOT

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
# ```sh\nmtgasp ask [OPTIONS] FILE\n```  then  ```\nOUTPUT\n```
EXAMPLE = re.compile(r"```sh\n(?:.*&& )?mtgasp ask ([^\n]+)\n```\n\n```\n(.*?)\n```", re.S)


def test_readme_has_the_worked_examples():
    files = [shlex.split(match.group(1))[-1] for match in EXAMPLE.finditer(README)]
    assert {"examples/copy_of_a_prototyped_spell.toml", "examples/mirrorpool_copies_a_clone.toml",
            "examples/fling_copied.toml", "extending/anthem_and_counters.toml"} <= set(files)


@pytest.mark.parametrize("match", list(EXAMPLE.finditer(README)), ids=lambda m: m.group(1))
def test_readme_output_is_the_real_output(match, capsys, monkeypatch):
    monkeypatch.chdir(REPO_ROOT)
    assert main(["ask", *shlex.split(match.group(1))]) == 0
    assert capsys.readouterr().out.rstrip("\n") == match.group(2)


def test_readme_python_example_is_the_real_output(monkeypatch):
    """The README's ```pycon blocks run as doctests, from the repository's root."""
    import doctest

    monkeypatch.chdir(REPO_ROOT)
    blocks = re.findall(r"```pycon\n(.*?)```", README, re.S)
    assert blocks
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for n, block in enumerate(blocks):
        runner.run(doctest.DocTestParser().get_doctest(block, {}, f"README pycon block {n + 1}", "README.md", 0))
    assert runner.summarize(verbose=False).failed == 0
