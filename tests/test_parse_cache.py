"""The parse cache (grammar/cache.py): a card is parsed once per grammar, in
a database of the cache directory, and a cache that cannot be used is none."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import grammar
from grammar import cache

TEXT = "Flying\n{T}: Add {G}.\nWhen this creature enters, draw a card. Frob the zorp."


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.CACHE_DIR_ENV_VAR, str(tmp_path))
    return tmp_path


def _parse():
    return grammar.parse_card("c", "Frobber", TEXT, ["Creature"])


def test_the_suite_writes_no_user_cache():
    """conftest.py gives the session a cache directory of its own."""
    assert cache.current().path.parent == cache.cache_dir()
    assert Path.home() / ".cache" not in cache.cache_dir().parents


def test_a_second_parse_is_read_from_the_cache(cache_dir):
    first = _parse()
    store = cache.current()
    assert (store.hits, store.misses) == (0, 1)
    second = _parse()
    assert (store.hits, store.misses) == (1, 1)
    assert (second.facts, second.abilities, second.unparsed) == (first.facts, first.abilities, first.unparsed)
    assert (cache_dir / cache.FILE_NAME).is_file()


def test_the_cache_outlives_the_process(cache_dir):
    _parse()
    cache.current().close()
    rows = sqlite3.connect(cache_dir / cache.FILE_NAME).execute("SELECT grammar FROM parse").fetchall()
    assert rows == [(cache.grammar_hash(),)]


def test_another_grammar_misses_the_cache(cache_dir, monkeypatch):
    _parse()
    cache.current().close()
    monkeypatch.setattr(cache, "_current", cache.ParseCache(cache_dir / cache.FILE_NAME, "another grammar"))
    _parse()
    assert (cache.current().hits, cache.current().misses) == (0, 1)


def test_the_grammar_hash_is_of_the_grammar_files():
    assert len(cache.grammar_hash()) == 64
    assert cache.grammar_hash() == cache.grammar_hash.__wrapped__()


@pytest.mark.parametrize("damage", ["corrupt", "unwritable"])
def test_a_cache_that_cannot_be_used_is_no_cache(cache_dir, damage, capsys, monkeypatch):
    if damage == "corrupt":
        (cache_dir / cache.FILE_NAME).write_bytes(b"not a database" * 100)
    else:
        (cache_dir / "file").write_text("a file where the folder would be")
        monkeypatch.setenv(cache.CACHE_DIR_ENV_VAR, str(cache_dir / "file" / "dir"))
    first, second = _parse(), _parse()
    assert first.facts == second.facts and first.unparsed
    assert (cache.current().hits, capsys.readouterr().err) == (0, "")


def test_a_damaged_row_is_parsed_again(cache_dir):
    first = _parse()
    store = cache.current()
    store.flush()
    store._db.execute("UPDATE parse SET value = ?", (b"garbage",))
    assert _parse().facts == first.facts
    assert store.hits == 0


def test_warm_fills_the_cache(cache_dir):
    from pyglue.cards import Card
    from grammar.card_facts import STAND_IN

    card = Card(name="Frobber", mana_cost="{G}", type_line="Creature — Elf", text=TEXT)
    assert cache.warm([card, Card(name="Vanilla", mana_cost="{G}", type_line="Creature", text="")]) == 1
    grammar.parse_card(STAND_IN.string, "Frobber", TEXT, ("creature",), ())
    assert cache.current().hits == 1


def test_cards_import_fills_the_cache(cache_dir, tmp_path, capsys):
    from pyglue.cli import main
    from test_cards import MTGJSON_LIST
    from test_card_store import write_json

    source = write_json(tmp_path / "cards.json", MTGJSON_LIST)
    assert main(["cards", "import", str(source), "--to", str(tmp_path / "cards.sqlite")]) == 0
    faces = sum(1 for card in MTGJSON_LIST if card.get("text"))
    assert f"parse cache: {faces} faces read in " in capsys.readouterr().out
    grammar.parse_card("#object", "Test Grove", "{T}: Add {G} or {U}.", ("land",), ())
    assert cache.current().hits == 1


def test_two_grammars_in_use_keep_each_others_parses(cache_dir, monkeypatch):
    """Two versions of mtgasp sharing a cache (a worktree, a virtualenv) do not delete
    each other's rows; past KEEP_GRAMMARS grammars, those written longest ago go."""
    path = cache_dir / cache.FILE_NAME
    _parse()
    cache.current().close()
    for other in range(cache.KEEP_GRAMMARS - 1):
        monkeypatch.setattr(cache, "_current", cache.ParseCache(path, f"grammar {other}"))
        _parse()
        cache.current().close()
    monkeypatch.setattr(cache, "_current", None)
    _parse()
    assert (cache.current().hits, cache.current().misses) == (1, 0)
    cache.current().close()
    monkeypatch.setattr(cache, "_current", cache.ParseCache(path, "one grammar too many"))
    _parse()
    cache.current().close()
    kept = {grammar for (grammar,) in sqlite3.connect(path).execute("SELECT DISTINCT grammar FROM parse")}
    assert len(kept) == cache.KEEP_GRAMMARS and "grammar 0" not in kept and cache.grammar_hash() in kept


def test_a_reader_does_not_wait_for_a_writer(cache_dir, monkeypatch):
    """Another process in the middle of writing its batch of rows: this one still reads
    (before, opening the cache wrote to it, waited for the lock, and gave the cache up)."""
    _parse()
    cache.current().close()
    writer = sqlite3.connect(cache_dir / cache.FILE_NAME, timeout=0)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT OR REPLACE INTO parse VALUES ('some grammar', 'some key', x'00')")
    monkeypatch.setattr(cache, "_current", None)
    _parse()
    assert (cache.current().hits, cache.current().misses, cache.current()._broken) == (1, 0, False)
    writer.rollback()


def test_a_card_read_from_the_cache_needs_no_transformer(cache_dir):
    # process start-up: the transformer modules (grammar/transformer.py and the
    # modules it imports) are imported only to parse a text the cache does not hold
    code = ("import sys, grammar; grammar.parse_card('c', 'Frobber', %r, ['Creature']); "
            "print('grammar.transformer' in sys.modules, grammar.cache.current().hits)" % TEXT)
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=Path(grammar.__file__).parent.parent,
                           env={**os.environ, cache.CACHE_DIR_ENV_VAR: str(cache_dir)}) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], [run.stderr for run in runs]
    assert [run.stdout.split() for run in runs] == [["True", "0"], ["False", "1"]]
