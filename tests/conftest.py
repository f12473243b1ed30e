"""Shared paths and fixtures. The shared data folder sits next to the repository
(../shared); tests that need it skip with a reason where it is absent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = REPO_ROOT.parent / "shared"
CORPUS = SHARED / "data" / "oracle_corpus.json"
SPEC_EXAMPLES = SHARED / "spec" / "examples"


def tool_module(name: str):
    """A script of tools/ (not a package), loaded as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, REPO_ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"the shared data folder {SHARED} is absent")
    return SHARED


@pytest.fixture
def corpus_path(shared_dir: Path) -> Path:
    if not CORPUS.is_file():
        pytest.skip(f"the card corpus {CORPUS} is absent")
    return CORPUS


@pytest.fixture
def spec_examples(shared_dir: Path) -> list[Path]:
    examples = sorted(SPEC_EXAMPLES.glob("*.toml"))
    if not examples:
        pytest.skip(f"no scenario examples in {SPEC_EXAMPLES}")
    return examples


@pytest.fixture(autouse=True, scope="session")
def isolated_parse_cache(tmp_path_factory) -> Path:
    """A parse cache of the test session's own: the suite never writes to the
    user's cache directory."""
    path = tmp_path_factory.mktemp("mtgasp-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MTGASP_CACHE_DIR", str(path))
        yield path


@pytest.fixture(autouse=True, scope="session")
def grounding_decides_every_atom():
    """Every solve of the suite checks that grounding alone decided every atom
    (pyglue.solve.CHECK_GROUNDING): the rules stay stratified on every scenario."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MTGASP_CHECK_GROUNDING", "1")
        yield


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path_factory, monkeypatch) -> Path:
    """An empty data directory and no $MTGASP_CARDS: a card database the user imported or
    set never leaks into a test (tests that need the corpus name it)."""
    path = tmp_path_factory.mktemp("mtgasp-data")
    monkeypatch.setenv("MTGASP_DATA_DIR", str(path))
    monkeypatch.delenv("MTGASP_CARDS", raising=False)
    return path


def ask_answers(tmp_path: Path, capsys, scenario: str) -> list[dict]:
    """The answers of `mtgasp ask --json` on a scenario's text (exit status 0)."""
    from pyglue.cli import main

    path = tmp_path / "scenario.toml"
    path.write_text(scenario)
    assert main(["ask", "--json", str(path)]) == 0
    return json.loads(capsys.readouterr().out)["answers"]
