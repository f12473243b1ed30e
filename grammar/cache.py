"""The parse cache: what `parse_card` made of a card, kept in an SQLite
database in the user's cache directory ($MTGASP_CACHE_DIR, else
$XDG_CACHE_HOME/mtgasp, else ~/.cache/mtgasp; the file parse.sqlite).

A row is keyed by the card's words (object id, name, text, card types and
supertypes) and the grammar's own hash (its .lark files and the Python
beside them), so a card database is parsed once, and again only when the
grammar changes (the rows of the KEEP_GRAMMARS grammars used last are
kept). `warm` (and `mtgasp cards import`) fills it ahead of time.
A cache that cannot be read or written is no cache: parsing goes on."""

from __future__ import annotations

import atexit
import getpass
import hashlib
import json
import os
import sqlite3
import sys
import tempfile
import time
import zlib
from functools import lru_cache
from pathlib import Path

from clingo import parse_term

CACHE_DIR_ENV_VAR = "MTGASP_CACHE_DIR"
FILE_NAME = "parse.sqlite"
COMMIT_EVERY = 512  # rows written between commits: one commit a card would be slow
# The rows of this many grammars, the most recently used, are kept: two
# versions of mtgasp in use at once (a worktree, a virtualenv) do not delete
# each other's parses, and a cache does not grow with every grammar there was.
KEEP_GRAMMARS = 4


def cache_dir() -> Path | None:
    """$MTGASP_CACHE_DIR, else $XDG_CACHE_HOME/mtgasp, else ~/.cache/mtgasp (None: no home)."""
    if os.environ.get(CACHE_DIR_ENV_VAR):
        return Path(os.environ[CACHE_DIR_ENV_VAR]).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "mtgasp"
    try:
        return Path.home() / ".cache" / "mtgasp"
    except RuntimeError:
        return None


@lru_cache(maxsize=1)
def grammar_hash() -> str:
    """The hash of grammar/'s .lark and .py files: what decides how a text reads."""
    digest = hashlib.sha256()
    here = Path(__file__).parent
    for path in sorted([*here.glob("*.lark"), *here.glob("*.py")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def parser_cache_file(main: str = "oracle.lark") -> str:
    """Lark's cache of the compiled parser of grammar/`main`, named by it and
    the hash of every .lark file of grammar/: Lark's own default names it by
    the main file's text alone, and checks the files that one imports at the
    paths they had when the cache was written, so two checkouts whose
    imported grammars differ would share one."""
    digest = hashlib.sha256(main.encode() + b"\0")
    here = Path(__file__).parent
    for path in sorted(here.glob("*.lark")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    try:
        user = getpass.getuser()  # one file per user of a shared temporary folder, as Lark's own
    except Exception:  # no user name, for any reason (as Lark does)
        user = "unknown"
    version = f"{sys.version_info[0]}_{sys.version_info[1]}"
    return str(Path(tempfile.gettempdir()) / f".mtgasp_lark_{user}_{digest.hexdigest()[:32]}_{version}.tmp")


def key(obj_id, name, text, types, supertypes) -> str:
    words = json.dumps([obj_id, name, text, sorted(types), sorted(supertypes)], ensure_ascii=False)
    return hashlib.sha256(words.encode()).hexdigest()


def dumps(card_text) -> bytes:
    """The facts and the ability terms of abilities and unparsed parts as one
    tuple term: clingo reads one term faster than many."""
    terms = ([str(f) for f in card_text.facts] + [str(ab) for _, ab, _ in card_text.abilities]
             + [str(ab) for ab, _, _, _ in card_text.unparsed])
    value = json.dumps({"terms": "(%s,)" % ",".join(terms) if terms else "",
                        "abilities": [[n, text] for n, _, text in card_text.abilities],
                        "unparsed": [[i, j, text] for _, i, j, text in card_text.unparsed]},
                       ensure_ascii=False)
    return zlib.compress(value.encode(), 1)  # a sixth of the size, read back in microseconds


def loads(value: bytes, card_text):
    data = json.loads(zlib.decompress(value))
    terms = parse_term(data["terms"]).arguments if data["terms"] else []
    abilities, unparsed = data["abilities"], data["unparsed"]
    facts = len(terms) - len(abilities) - len(unparsed)
    card_text.facts = terms[:facts]
    card_text.abilities = [(n, ab, text) for (n, text), ab in zip(abilities, terms[facts:])]
    card_text.unparsed = [(ab, i, j, text) for (i, j, text), ab in
                          zip(unparsed, terms[facts + len(abilities):])]
    return card_text


class ParseCache:
    """One database of parses for one grammar hash; opened at first use."""

    def __init__(self, path: Path | None, grammar: str):
        self.path, self.grammar = path, grammar
        self.hits = self.misses = 0
        self._db = None
        self._broken = path is None
        self._unsaved = 0
        self._pruned = False

    def _connection(self):
        if self._db is None and not self._broken:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(self.path, timeout=5)
                try:  # readers go on while another process writes (its batches of COMMIT_EVERY rows)
                    db.execute("PRAGMA journal_mode=WAL")
                except sqlite3.OperationalError:
                    pass  # a file system without WAL: the default journal, readers may wait
                db.execute("PRAGMA synchronous=OFF")
                # Opening writes nothing (IF NOT EXISTS): a process that only reads never waits
                # for a writer's lock; old grammars are pruned by the first write (_prune).
                db.execute("CREATE TABLE IF NOT EXISTS parse (grammar TEXT, key TEXT, value BLOB NOT NULL, "
                           "PRIMARY KEY (grammar, key)) WITHOUT ROWID")
                db.execute("CREATE TABLE IF NOT EXISTS grammars (grammar TEXT PRIMARY KEY, written REAL NOT NULL)")
                self._db = db
            except (OSError, sqlite3.Error):
                self._give_up()
        return self._db

    def _mark_used(self) -> None:
        """A process that only read: its grammar counts as written now, if that can be
        done without waiting for another process's lock (else it is left as it was)."""
        try:
            self._db.execute("PRAGMA busy_timeout=0")
            self._db.execute("INSERT OR REPLACE INTO grammars VALUES (?, ?)", (self.grammar, time.time()))
            self._db.commit()
        except sqlite3.Error:
            pass

    def _prune(self, db) -> None:
        """Before this process's first write: this grammar is the one last written; the rows
        of grammars past the KEEP_GRAMMARS last used go (and rows of no known grammar)."""
        self._pruned = True
        db.execute("INSERT OR REPLACE INTO grammars VALUES (?, ?)", (self.grammar, time.time()))
        db.execute("DELETE FROM grammars WHERE grammar NOT IN "
                   "(SELECT grammar FROM grammars ORDER BY written DESC LIMIT ?)", (KEEP_GRAMMARS,))
        db.execute("DELETE FROM parse WHERE grammar NOT IN (SELECT grammar FROM grammars)")

    def _give_up(self):
        self._broken = True
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
        self._db = None

    def get(self, key: str) -> bytes | None:
        db = self._connection()
        if db is None:
            return None
        try:
            row = db.execute("SELECT value FROM parse WHERE grammar = ? AND key = ?",
                             (self.grammar, key)).fetchone()
        except sqlite3.Error:
            self._give_up()
            return None
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return row[0]

    def load(self, key: str, card_text):
        """card_text filled from the row of key, or None (no row, or a damaged one)."""
        value = self.get(key)
        if value is None:
            return None
        try:
            return loads(value, card_text)
        except (zlib.error, ValueError, KeyError, TypeError, RuntimeError):
            self.hits -= 1
            self.misses += 1
            return None

    def put(self, key: str, value: bytes) -> None:
        db = self._connection()
        if db is None:
            return
        try:
            if not self._pruned:
                self._prune(db)
            db.execute("INSERT OR REPLACE INTO parse VALUES (?, ?, ?)", (self.grammar, key, value))
            self._unsaved += 1
            if self._unsaved >= COMMIT_EVERY:
                self.flush()
        except sqlite3.Error:
            self._give_up()

    def flush(self) -> None:
        if self._db is not None and self._unsaved:
            try:
                self._db.commit()
                self._unsaved = 0
            except sqlite3.Error:
                self._give_up()

    def close(self) -> None:
        self.flush()
        if self._db is not None and self.hits and not self._pruned:
            self._mark_used()
        if self._db is not None:
            self._give_up()
            self._broken = False  # may be opened again


_current: ParseCache | None = None
_settings = None   # the environment _current was made for


def current() -> ParseCache:
    """The cache of the cache directory in force now (tests change it)."""
    global _current, _settings
    settings = (os.environ.get(CACHE_DIR_ENV_VAR), os.environ.get("XDG_CACHE_HOME"))
    if _current is None or settings != _settings:
        if _current is not None:
            _current.close()
        folder = cache_dir()
        _current = ParseCache(folder / FILE_NAME if folder is not None else None, grammar_hash())
        _settings = settings
    return _current


@atexit.register
def _save():
    if _current is not None:
        _current.close()


def warm(cards) -> int:
    """Parse each card with text (objects with name, type_line and text, as
    pyglue.cards reads them) into the cache, as a scenario's objects would
    read it; the number of faces parsed."""
    from .card_facts import STAND_IN, card_types
    from . import parse_card

    count = 0
    for card in cards:
        if card.text:
            types, supertypes = card_types(card.type_line or "")
            parse_card(STAND_IN.string, card.name, card.text, types, supertypes)
            count += 1
    current().flush()
    return count

