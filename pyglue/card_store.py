"""Indexed card databases: `mtgasp cards import FILE` and the SQLite file it makes.

A JSON card file (MTGJSON AtomicCards, a Scryfall oracle-cards file, or a JSON
list of MTGJSON card objects; read by :mod:`pyglue.cards`) becomes an SQLite
database with one row per card or face and an index of names, so that a
lookup reads one row instead of parsing the whole file (tens of megabytes).

The default place is the user's data directory: ``$MTGASP_DATA_DIR``, else
``$XDG_DATA_HOME/mtgasp``, else ``~/.local/share/mtgasp``; the file is
``cards.sqlite``. ``CardDatabase.from_settings`` uses it when neither
``--cards`` nor ``$MTGASP_CARDS`` is given.

Importing this module does not import sqlite3; opening a database does.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from .cards import Card, _CardIndex, close_names, is_sqlite_file, loose_key, read_cards
from .errors import MtgaspError

DATA_DIR_ENV_VAR = "MTGASP_DATA_DIR"
DATABASE_NAME = "cards.sqlite"
SCHEMA_VERSION = "1"

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, mana_cost TEXT, type_line TEXT NOT NULL,
    text TEXT NOT NULL, power TEXT, toughness TEXT, loyalty TEXT, layout TEXT NOT NULL,
    full_name TEXT, color_indicator TEXT
);
-- every name a card answers to (its own, its face's, its full "A // B"), by name_key
CREATE TABLE names (key TEXT PRIMARY KEY, loose TEXT NOT NULL, card_id INTEGER NOT NULL, display TEXT NOT NULL)
    WITHOUT ROWID;
CREATE INDEX names_loose ON names (loose);
-- faces the source names but has no data for: key -> the full card name
CREATE TABLE faces_without_data (key TEXT PRIMARY KEY, full_name TEXT NOT NULL) WITHOUT ROWID;
"""

_CARD_COLUMNS = "name, mana_cost, type_line, text, power, toughness, loyalty, layout, full_name, color_indicator"


def data_dir() -> Path:
    """Where mtgasp keeps its data: $MTGASP_DATA_DIR, else $XDG_DATA_HOME/mtgasp, else ~/.local/share/mtgasp."""
    if os.environ.get(DATA_DIR_ENV_VAR):
        return Path(os.environ[DATA_DIR_ENV_VAR]).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "mtgasp"
    try:
        home = Path.home()
    except RuntimeError:
        raise MtgaspError(f"no home directory to keep the card database in; set ${DATA_DIR_ENV_VAR}") from None
    return home / ".local" / "share" / "mtgasp"


def default_database_path() -> Path:
    return data_dir() / DATABASE_NAME


@dataclass(frozen=True)
class ImportSummary:
    path: Path
    source: Path
    cards: int
    names: int
    seconds: float
    parsed: int = 0             # faces read into the parse cache (grammar/cache.py)
    parse_seconds: float = 0.0


def import_cards(source: str | Path, target: str | Path | None = None, parse: bool = True) -> ImportSummary:
    """Read a JSON card file and write it as an indexed SQLite database (replacing one there);
    `parse`: and read each card's text into the parse cache."""
    import sqlite3

    started = time.perf_counter()
    source = Path(source)
    target = Path(target) if target is not None else default_database_path()
    if not source.is_file():
        raise MtgaspError(f"card database {source}: file not found")
    if is_sqlite_file(source):
        raise MtgaspError(f"card database {source}: already an SQLite database; give it with --cards, "
                          "or import a JSON card file")
    cards, faces_without_data = read_cards(source)
    index = _CardIndex(cards, faces_without_data)
    if not index.cards:
        raise MtgaspError(f"card database {source}: no cards in it")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise MtgaspError(f"cannot make the directory {target.parent} ({error.strerror})") from None
    partial = target.with_name(target.name + f".{os.getpid()}.partial")
    try:
        partial.unlink(missing_ok=True)
        connection = sqlite3.connect(partial)
        try:
            with connection:
                connection.executescript(_SCHEMA)
                ids: dict[int, int] = {}
                rows = []
                for card in cards:
                    if id(card) not in ids:
                        ids[id(card)] = len(ids) + 1
                        rows.append((ids[id(card)], card.name, card.mana_cost, card.type_line, card.text,
                                     card.power, card.toughness, card.loyalty, card.layout, card.full_name,
                                     None if card.color_indicator is None else "".join(card.color_indicator)))
                connection.executemany(f"INSERT INTO cards (id, {_CARD_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                                       rows)
                connection.executemany(
                    "INSERT INTO names VALUES (?,?,?,?)",
                    ((key, loose_key(key), ids[id(card)], index.display_names[key])
                     for key, card in index.cards.items()))
                connection.executemany("INSERT INTO faces_without_data VALUES (?,?)",
                                       index.faces_without_data.items())
                connection.executemany("INSERT INTO meta VALUES (?,?)", [
                    ("schema", SCHEMA_VERSION),
                    ("source", str(source.resolve())),
                    ("imported", time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())),
                    ("cards", str(len(rows))),
                ])
        finally:
            connection.close()
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as error:
        partial.unlink(missing_ok=True)
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise MtgaspError(f"cannot write the card database {target} ({reason})") from None
    seconds = time.perf_counter() - started
    from grammar.cache import warm
    from .answers import gc_paused

    started = time.perf_counter()
    with gc_paused():  # as `mtgasp coverage`: the parser's caches are not scanned again and again
        parsed = warm(cards) if parse else 0  # so that each card is parsed once, now
    return ImportSummary(target, source, len(rows), len(index.cards), seconds, parsed,
                         time.perf_counter() - started)


class SqliteCardIndex:
    """The cards of an imported database; the same questions as pyglue.cards._CardIndex."""

    def __init__(self, path: Path):
        import sqlite3

        self.path = path
        try:
            self._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
            meta = dict(self._db.execute("SELECT key, value FROM meta"))
        except sqlite3.Error as error:
            raise MtgaspError(f"card database {path}: not a database mtgasp cards import made ({error})") from None
        if meta.get("schema") != SCHEMA_VERSION:
            raise MtgaspError(f"card database {path}: made by another version of mtgasp; "
                              "import the card file again with mtgasp cards import FILE")
        self.meta = meta
        self._cards: dict[int, Card] = {}

    def __len__(self) -> int:
        return int(self.meta.get("cards", 0))

    def summary(self) -> str:
        return f"{len(self)} cards, SQLite, imported {self.meta.get('imported')} from {self.meta.get('source')}"

    def _query(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        import sqlite3

        try:
            return self._db.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise MtgaspError(f"card database {self.path}: cannot read it ({error}); "
                              "import the card file again with mtgasp cards import FILE") from None

    def _card(self, card_id: int) -> Card:
        if card_id not in self._cards:
            row = self._query(f"SELECT {_CARD_COLUMNS} FROM cards WHERE id = ?", (card_id,))[0]
            *fields, indicator = row
            self._cards[card_id] = Card(*fields, color_indicator=None if indicator is None else tuple(indicator))
        return self._cards[card_id]

    def get(self, key: str) -> Card | None:
        rows = self._query("SELECT card_id FROM names WHERE key = ?", (key,))
        return self._card(rows[0][0]) if rows else None

    def get_loose(self, loose: str) -> Card | None:
        rows = self._query("SELECT DISTINCT card_id FROM names WHERE loose = ? LIMIT 2", (loose,))
        return self._card(rows[0][0]) if len(rows) == 1 else None

    def face_of(self, key: str) -> str | None:
        rows = self._query("SELECT full_name FROM faces_without_data WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def prefixed(self, loose: str, limit: int) -> list[str]:
        """Display names of the (at most limit) shortest names of cards whose loose name starts with loose."""
        rows = self._query(
            "SELECT MIN(display) AS shown FROM names WHERE loose >= ? AND loose < ? GROUP BY card_id "
            "ORDER BY length(shown), shown LIMIT ?",
            (loose, loose + "\U0010ffff", limit))
        return [shown for (shown,) in rows]

    def close_names(self, key: str, count: int) -> list[tuple[float, str]]:
        display = dict(self._query("SELECT key, display FROM names"))
        return close_names(key, display, display.__getitem__, count)
