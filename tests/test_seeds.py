"""The rulings the project was founded on (../shared/seeds) are each a scenario in tests/seeds."""

from __future__ import annotations

import re

import pytest

from conftest import REPO_ROOT, SHARED

SEED_DIR = SHARED / "seeds"
SEED_SCENARIOS = sorted((REPO_ROOT / "tests" / "seeds").glob("*.toml"))


def collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def seed_rulings() -> list[str]:
    """The distinct rulings of the seed pages (paragraphs; a page starts with "Search")."""
    rulings: list[str] = []
    for page in sorted(SEED_DIR.glob("*.txt")):
        for paragraph in page.read_text(encoding="utf-8").split("\n\n"):
            paragraph = collapse(paragraph.removeprefix("Search"))
            if paragraph and paragraph not in rulings:
                rulings.append(paragraph)
    return rulings


def quoted_ruling(path) -> str:
    """The leading comment's quote: `# Ruling (Card): "..."`, over several lines."""
    comment = collapse(" ".join(line[1:] for line in path.read_text(encoding="utf-8").splitlines()
                                if line.startswith("#")))
    match = re.match(r'Ruling \([^)]*\): "(.*?)" What it tests:', comment)
    assert match, f"{path.name} does not start with a quoted ruling"
    return match.group(1)


def test_every_seed_scenario_quotes_one_ruling_and_asks_something():
    assert len(SEED_SCENARIOS) == 47
    quotes = [quoted_ruling(path) for path in SEED_SCENARIOS]
    assert len(set(quotes)) == 47
    for path in SEED_SCENARIOS:
        assert "expect =" in path.read_text(encoding="utf-8"), path.name


@pytest.mark.skipif(not SEED_DIR.is_dir(), reason="../shared/seeds is absent")
def test_each_seed_ruling_is_a_scenario():
    rulings = seed_rulings()
    assert len(rulings) == 47
    quotes = {quoted_ruling(path): path.name for path in SEED_SCENARIOS}
    missing = [ruling for ruling in rulings if ruling not in quotes]
    assert missing == []
