"""`-` as FILE reads standard input; --strict exits 3 when an answer has warnings,
with the same output; every bad input is one message and exit status 2."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from pyglue.cli import main

from conftest import REPO_ROOT

EXAMPLE = REPO_ROOT / "examples" / "reflection_then_contamination.toml"
WARNED = REPO_ROOT / "tests" / "scenarios" / "sticker_abilities_are_unknown.toml"


def run(capsys, monkeypatch, *args, stdin: bytes | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_ask_reads_standard_input(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, "ask", "-", stdin=EXAMPLE.read_bytes())
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "<stdin>"
    assert out.splitlines()[1:] == run(capsys, monkeypatch, "ask", EXAMPLE)[1].splitlines()[1:]


def test_check_and_facts_read_standard_input(capsys, monkeypatch):
    assert run(capsys, monkeypatch, "check", "-", stdin=EXAMPLE.read_bytes())[1] == "1 passed, 0 failed, 0 errors\n"
    code, out, _ = run(capsys, monkeypatch, "facts", "-", stdin=EXAMPLE.read_bytes())
    assert code == 0 and out.startswith("% facts of <stdin>: ") and 'ask_arg(1,object,"forest").' in out


def test_standard_input_from_a_pipe():
    done = subprocess.run([sys.executable, "-m", "pyglue.cli", "ask", "--json", "-"], input=EXAMPLE.read_bytes(),
                          capture_output=True, cwd=REPO_ROOT)
    assert done.returncode == 0 and b'"file": "<stdin>"' in done.stdout


@pytest.mark.parametrize("command", ["ask", "check", "facts", "draw"])
@pytest.mark.parametrize("stdin, message", [
    (b'[[ask]]\nactivate = "nothing"\n', "mtgasp: <stdin>:2: [[ask]] #1: 'activate' names unknown object"),
    (b"\xff\xfe", "mtgasp: <stdin>: not UTF-8 text"),
    (b"[[ask", "mtgasp: <stdin>:1: malformed TOML"),
])
def test_bad_standard_input_is_one_message(capsys, monkeypatch, tmp_path, command, stdin, message):
    extra = ["-o", tmp_path / "x.dot"] if command == "draw" else []
    code, _, err = run(capsys, monkeypatch, command, "-", *extra, stdin=stdin)
    assert code == 2 and err.startswith(message) and err.count("\n") == 1 and "Traceback" not in err


def test_standard_input_is_read_once(capsys, monkeypatch):
    for command in ("ask", "check"):
        code, _, err = run(capsys, monkeypatch, command, "-", "-", stdin=b"")
        assert code == 2 and err == "mtgasp: standard input (-) can be read once only\n"


def test_strict_exits_3_on_warnings_with_the_same_output(capsys, monkeypatch):
    plain = run(capsys, monkeypatch, "ask", WARNED)
    strict = run(capsys, monkeypatch, "ask", "--strict", WARNED)
    assert plain[0] == 0 and strict[0] == 3 and strict[1:] == plain[1:] and "note:" in plain[1]
    assert run(capsys, monkeypatch, "ask", "--strict", "--json", WARNED)[0] == 3
    assert run(capsys, monkeypatch, "ask", "--strict", EXAMPLE)[0] == 0
    assert run(capsys, monkeypatch, "check", "--strict", WARNED)[0] == 3
    assert run(capsys, monkeypatch, "check", "--strict", EXAMPLE)[0] == 0


def test_strict_does_not_hide_a_failed_expectation(capsys, monkeypatch, tmp_path):
    failing = tmp_path / "f.toml"
    failing.write_text(WARNED.read_text().replace("expect = []", 'expect = ["G"]'))
    assert "expect = []" in WARNED.read_text()
    assert run(capsys, monkeypatch, "check", "--strict", failing)[0] == 1
