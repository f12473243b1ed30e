"""The command line's conventions: --version, "no expectations" in check, shell
completion, one message and exit 2 for bad input, and a cold start that does
not pay for the tool modules."""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.metadata import version

import pytest

from conftest import REPO_ROOT
from pyglue.cli import main, print_no_expectations


def run(capsys, *args) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in args])
    except SystemExit as exit:  # argparse: --version, usage errors
        code = exit.code
    out, err = capsys.readouterr()
    return code, out, err


def test_version_comes_from_the_package_metadata(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out == f"mtgasp {version('mtgasp')}\n"


FOREST = '[[object]]\nid = "forest"\ncard = "Forest"\ncontroller = "you"\n\n[[ask]]\nactivate = "forest"\n'


def test_check_says_when_a_file_has_no_expectations(capsys, tmp_path):
    bare = tmp_path / "bare.toml"
    bare.write_text(FOREST)
    expecting = tmp_path / "expecting.toml"
    expecting.write_text(FOREST + 'expect = ["{G}"]\n')
    code, out, _ = run(capsys, "check", bare, expecting)
    assert code == 0
    assert out.splitlines() == [f"{bare}: no expectations", "1 passed, 0 failed, 0 errors"]


def test_print_no_expectations_helper(capsys):
    assert print_no_expectations("f.toml", []) is True
    assert capsys.readouterr().out == "f.toml: no expectations\n"


def test_bash_completion_script(capsys, tmp_path):
    code, out, _ = run(capsys, "completion", "bash")
    assert code == 0 and "_shtab_mtgasp_subparsers=(ask check draw parse facts rule cards completion coverage)" in out
    script = tmp_path / "mtgasp.bash"
    script.write_text(out)
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash to run the script")
    done = subprocess.run(
        [bash, "-c", f'source {script}; COMP_WORDS=(mtgasp cards i); COMP_CWORD=2; COMP_LINE="mtgasp cards i"; '
                     'COMP_POINT=14; _shtab_mtgasp; echo "${COMPREPLY[@]}"'],
        capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.split() == ["import", "info"], done.stderr


def test_zsh_completion_script(capsys, tmp_path):
    code, out, _ = run(capsys, "completion", "zsh")
    assert code == 0 and out.startswith("#compdef mtgasp") and "_files" in out
    zsh = shutil.which("zsh")
    if zsh is None:
        pytest.skip("zsh is not installed: the script's syntax is not checked")
    script = tmp_path / "_mtgasp"
    script.write_text(out)
    assert subprocess.run([zsh, "-n", str(script)]).returncode == 0


@pytest.mark.parametrize("args", [
    ["completion", "fish"],
    ["completion"],
    ["cards"],
    ["cards", "import"],
    ["rule"],
    ["nonsense"],
])
def test_usage_errors_exit_2(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and "error:" in err and "Traceback" not in err


@pytest.mark.parametrize("args, message", [
    (["rule", "616.1zz"], "is not a rule number"),
    (["cards", "import", "/nonexistent/cards.json"], "file not found"),
    (["cards", "show", "Zzyzx Qwv"], "unknown card 'Zzyzx Qwv'"),
    (["cards", "info", "--cards", "/nonexistent/cards.json"], "file not found"),
])
def test_bad_input_of_the_tool_commands_is_one_message_exit_2(args, message):
    done = subprocess.run([sys.executable, "-m", "pyglue.cli", *args], capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("mtgasp: ") and message in done.stderr and done.stderr.count("\n") == 1


def test_importing_a_database_into_itself_is_refused(capsys, tmp_path):
    source = tmp_path / "c.json"
    source.write_text('[{"name": "A Card", "type": "Land"}]')
    assert run(capsys, "cards", "import", source, "--to", tmp_path / "c.sqlite")[0] == 0
    code, _, err = run(capsys, "cards", "import", tmp_path / "c.sqlite")
    assert code == 2 and "already an SQLite database" in err


def test_ask_does_not_import_the_tool_modules():
    # sqlite3 it does import: the parse cache (grammar/cache.py) is a database
    code = ("import sys; from pyglue.cli import main; main(['ask', 'examples/reflection_then_contamination.toml']); "
            "print(sorted(m for m in ('shtab', 'pyglue.rules_text', 'importlib.metadata', 'graphviz', 'pyglue.draw') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"
