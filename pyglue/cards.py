"""The card database: Oracle cards by name.

Names resolve first against the cards bundled in ``pyglue/data/cards.json``,
then against an optional extra database (``--cards PATH`` or the
``MTGASP_CARDS`` environment variable), which is only read when a name is not
bundled, so that a small scenario does not pay for parsing a big file.

The extra database may be MTGJSON's AtomicCards.json, a Scryfall oracle-cards
file, or a JSON list of card objects with MTGJSON field names (the format of
the bundled file and of the shared corpus). The format is detected from the
content. It may also be an SQLite database made by ``mtgasp cards import``
(see ``pyglue.card_store``); without --cards and $MTGASP_CARDS, the one
imported into the user's data directory is used when it exists.

Names match ignoring case, spacing, accents and curly apostrophes; a name that
matches no card so also matches ignoring all punctuation when that picks out
one card ("urborg tomb of yawgmoth").
"""

from __future__ import annotations

import bisect
import difflib
import functools
import heapq
import json
import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from .errors import MtgaspError, UnknownCardError

BUNDLED_CARDS = Path(__file__).parent / "data" / "cards.json"
CARDS_ENV_VAR = "MTGASP_CARDS"

FACE_SEPARATOR = " // "


@dataclass(frozen=True)
class Card:
    """One card, or one face of a multi-faced card, as printed (Oracle wording)."""

    name: str
    mana_cost: str | None
    type_line: str
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    layout: str = "normal"
    # "A // B" when this is one face of a multi-faced card, else None.
    full_name: str | None = None
    # The color indicator's colors in W U B R G order (202.2e), None when it has none.
    color_indicator: tuple[str, ...] | None = None


COLOR_ORDER = "WUBRG"


def default_token_name(subtypes: list[str]) -> str:
    """111.4: a token an effect gives no name is named after its subtypes, plus "Token"
    (the one place this is said; the rules get the name as a fact)."""
    return " ".join(list(subtypes) + ["Token"])


def name_key(name: str) -> str:
    """The form names are compared in: case, accents, curly apostrophes and spacing ignored."""
    if name.isascii():  # most names; skips the slower Unicode decomposition
        return " ".join(name.casefold().split())
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.replace("\u2019", "'").casefold().split())


def loose_key(name: str) -> str:
    """The form names are compared in when nothing matches by name_key: letters and digits only."""
    return "".join(ch for ch in name_key(name) if ch.isalnum())


def close_names(key: str, keys: Iterable[str], display: Callable[[str], str], count: int) -> list[tuple[float, str]]:
    """(similarity, display name) of the keys most like key.

    difflib alone takes about 0.4 s on 35,000 names, so shared letter pairs
    (a set intersection per name, fast) pick a shortlist that difflib ranks.
    """
    wanted_pairs = set(zip(key, key[1:]))

    def shared_pairs(candidate: str) -> float:
        return len(wanted_pairs.intersection(zip(candidate, candidate[1:]))) / (len(key) + len(candidate))

    shortlist = heapq.nlargest(60, keys, key=shared_pairs)
    matcher = difflib.SequenceMatcher(b=key)
    scored = []
    for candidate in shortlist:
        matcher.set_seq1(candidate)
        similarity = matcher.ratio()
        if similarity >= 0.6:
            scored.append((similarity, display(candidate)))
    return heapq.nlargest(count, scored)


class _CardIndex:
    """The cards of one database, by name key."""

    def __init__(self, cards: list[Card], faces_without_data: dict[str, str]):
        self.cards: dict[str, Card] = {}
        self.display_names: dict[str, str] = {}
        # A card's own name wins over a face name, which wins over a full "A // B" name.
        for names_of in (
            lambda card: [card.name] if card.full_name is None else [],
            lambda card: [card.name] if card.full_name is not None else [],
            lambda card: [card.full_name] if card.full_name is not None else [],
        ):
            for card in cards:
                for name in names_of(card):
                    key = name_key(name)
                    if key not in self.cards:
                        self.cards[key] = card
                        self.display_names[key] = name
        # Faces the database names but has no data for (the corpus keeps only the
        # front half of split and adventure cards): key -> the full card name.
        self.faces_without_data = {
            name_key(face): full_name
            for face, full_name in faces_without_data.items()
            if name_key(face) not in self.cards
        }

    def __len__(self) -> int:
        return len({id(card) for card in self.cards.values()})

    def summary(self) -> str:
        return f"{len(self)} cards, a JSON file read whole on the first name not bundled"

    def get(self, key: str) -> Card | None:
        return self.cards.get(key)

    def face_of(self, key: str) -> str | None:
        return self.faces_without_data.get(key)

    @functools.cached_property
    def _loose(self) -> tuple[dict[str, list[str]], list[str]]:
        """loose key -> the name keys it stands for; the loose keys in order, for prefixes."""
        loose: dict[str, list[str]] = {}
        for key in self.cards:
            loose.setdefault(loose_key(key), []).append(key)
        return loose, sorted(loose)

    def get_loose(self, loose: str) -> Card | None:
        """The card of a name ignoring punctuation, when it names one card only."""
        cards = {id(self.cards[key]): self.cards[key] for key in self._loose[0].get(loose, [])}
        return next(iter(cards.values())) if len(cards) == 1 else None

    def prefixed(self, loose: str, limit: int) -> list[str]:
        """Display names of the (at most limit) shortest names of cards whose loose name starts with loose."""
        by_loose, ordered = self._loose
        found: dict[int, str] = {}
        for candidate in ordered[bisect.bisect_left(ordered, loose):]:
            if not candidate.startswith(loose):
                break
            for key in by_loose[candidate]:
                found.setdefault(id(self.cards[key]), self.display_names[key])
        return sorted(found.values(), key=lambda name: (len(name), name))[:limit]

    def close_names(self, key: str, count: int) -> list[tuple[float, str]]:
        """(similarity, display name) of the names most like key."""
        return close_names(key, self.cards, self.display_names.__getitem__, count)


class CardDatabase:
    """Case-insensitive card lookup: bundled cards first, then the extra database."""

    def __init__(self, extra_path: str | Path | None = None, bundled_path: str | Path = BUNDLED_CARDS):
        self._bundled = _load_index(Path(bundled_path))
        self._extra_path = Path(extra_path) if extra_path else None
        self._extra = None
        # Checked now so that a mistyped path is reported even when every card is bundled.
        if self._extra_path is not None and not self._extra_path.is_file():
            raise MtgaspError(f"card database {self._extra_path}: file not found")

    @classmethod
    def from_settings(cls, cards_path: str | Path | None = None) -> CardDatabase:
        """The database the command line uses: --cards PATH, else $MTGASP_CARDS, else the
        database imported into the user's data directory when there is one, else bundled only."""
        return cls(cards_path or os.environ.get(CARDS_ENV_VAR) or _imported_database())

    @property
    def extra_path(self) -> Path | None:
        return self._extra_path

    def find(self, name: str) -> Card | None:
        key = name_key(name)
        loose = None
        for index in self._indexes(key):
            card = index.get(key)
            if card is None:
                loose = loose_key(key) if loose is None else loose
                card = index.get_loose(loose) if loose else None
            if card is not None:
                return card
        return None

    def lookup(self, name: str) -> Card:
        card = self.find(name)
        if card is not None:
            return card
        raise UnknownCardError(self._unknown_card_message(name))

    def __contains__(self, name: str) -> bool:
        return self.find(name) is not None

    def describe(self) -> list[tuple[str, str]]:
        """(what, description) of the databases in use, for `mtgasp cards info`."""
        lines = [("bundled", f"{BUNDLED_CARDS} ({len(self._bundled)} cards; names resolve here first)")]
        if self._extra_path is None:
            lines.append(("extra", "none"))
        else:
            lines.append(("extra", f"{self._extra_path} ({self._extra_index().summary()})"))
        return lines

    def _extra_index(self):
        if self._extra is None:
            self._extra = _load_index(self._extra_path)
        return self._extra

    def _indexes(self, key: str) -> Iterable:
        yield self._bundled
        if self._extra_path is not None:
            yield self._extra_index()

    def _unknown_card_message(self, name: str) -> str:
        key = name_key(name)
        indexes = list(self._indexes(key))
        for index in indexes:
            face_of = index.face_of(key)
            if face_of is not None:
                return (
                    f"card '{name}' is a face of '{face_of}', but the card "
                    "database has no data for that face; describe the object inline "
                    "(name, type, text...)"
                )
        loose = loose_key(key)
        # A prefix or short name ("Ghave") first, then the names spelled alike.
        prefixed = sorted((found for index in indexes for found in (index.prefixed(loose, 5) if len(loose) >= 3 else [])),
                          key=lambda name: (len(name), name))
        scored = [match for index in indexes for match in index.close_names(key, 5)]
        close = [display for _, display in sorted(scored, reverse=True)]
        suggestions = list(dict.fromkeys(prefixed[:5] + close))[:5]
        message = f"unknown card '{name}'"
        if suggestions:
            # "; " between names: a name may have a comma ("Ghave, Guru of Spores").
            message += f" (did you mean: {'; '.join(suggestions)}?)"
        if self._extra_path is None:
            message += (
                f"; only the bundled cards are known: give a card database with --cards PATH "
                f"or {CARDS_ENV_VAR}, import one with mtgasp cards import FILE, or describe the object inline"
            )
        return message


def _imported_database() -> Path | None:
    """The database `mtgasp cards import` made, when there is one (checked without importing sqlite3)."""
    from .card_store import default_database_path

    try:
        path = default_database_path()
    except MtgaspError:  # no home directory: no imported database
        return None
    return path if path.is_file() else None


@functools.lru_cache(maxsize=8)
def _load_index_cached(path: Path, mtime_ns: int):
    if is_sqlite_file(path):
        from .card_store import SqliteCardIndex

        return SqliteCardIndex(path)
    cards, faces_without_data = _read_cards(path)
    return _CardIndex(cards, faces_without_data)


def is_sqlite_file(path: Path) -> bool:
    try:
        with open(path, "rb") as file:
            return file.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def _load_index(path: Path):
    try:
        mtime_ns = path.stat().st_mtime_ns
    except OSError as error:
        raise MtgaspError(f"card database {path}: cannot read it ({error.strerror})") from None
    return _load_index_cached(path, mtime_ns)


def read_cards(path: Path) -> tuple[list[Card], dict[str, str]]:
    """The cards of a JSON card file of any of the three formats, and the faces it names
    without data; MtgaspError naming the file when it cannot be read."""
    return _read_cards(path)


def _read_cards(path: Path) -> tuple[list[Card], dict[str, str]]:
    try:
        data = json.loads(_decompressed(path.read_bytes(), path))
    except OSError as error:
        raise MtgaspError(f"card database {path}: cannot read it ({error.strerror})") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise MtgaspError(f"card database {path}: not valid JSON ({error})") from None
    except RecursionError:
        raise MtgaspError(f"card database {path}: not a card database (JSON nested too deeply)") from None
    reader = _detect_format(data)
    if reader is None:
        raise MtgaspError(
            f"card database {path}: unrecognized format; expected MTGJSON AtomicCards.json "
            "({\"data\": {name: [faces]}}), a Scryfall oracle-cards file, or a JSON list "
            "of cards with MTGJSON field names"
        )
    try:
        return reader(data)
    except _BadEntry as error:
        raise MtgaspError(f"card database {path}: {error}") from None


def _decompressed(content: bytes, path: Path) -> bytes:
    """The JSON of a file as downloaded: plain, or gzip, xz, bzip2 or zip (of one file)."""
    try:
        if content.startswith(b"\x1f\x8b"):
            import gzip

            return gzip.decompress(content)
        if content.startswith(b"\xfd7zXZ\x00"):
            import lzma

            return lzma.decompress(content)
        if content.startswith(b"BZh"):
            import bz2

            return bz2.decompress(content)
        if content.startswith(b"PK\x03\x04"):
            import io
            import zipfile

            with zipfile.ZipFile(io.BytesIO(content)) as archive:
                members = [name for name in archive.namelist() if not name.endswith("/")]
                if len(members) != 1:
                    raise MtgaspError(f"card database {path}: a zip file of {len(members)} files; "
                                      "expected one JSON file in it")
                return archive.read(members[0])
    except MtgaspError:
        raise
    except Exception as error:  # every decompressor has its own errors
        raise MtgaspError(f"card database {path}: cannot decompress it ({error})") from None
    return content


class _BadEntry(Exception):
    """A malformed card entry; becomes an MtgaspError naming the file."""


def _detect_format(data: Any) -> Callable[[Any], tuple[list[Card], dict[str, str]]] | None:
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        return _read_mtgjson_atomic
    if isinstance(data, list):
        first = data[0] if data else {}
        if not isinstance(first, dict):
            return None
        if {"oracle_text", "type_line", "card_faces"} & first.keys():
            return _read_scryfall
        if "type" in first or not data:
            return _read_mtgjson_list
    return None


def _read_mtgjson_list(data: list) -> tuple[list[Card], dict[str, str]]:
    """A list of MTGJSON card objects, the back faces of transforming cards as separate
    entries (``face = "back"``, ``front = NAME``) and other multi-faced cards as one
    entry "A // B" holding face A."""
    cards, faces_without_data = [], {}
    for number, entry in enumerate(data, 1):
        _require_object(entry, f"card #{number}")
        entry_name = _string_field(entry, "name", f"card #{number}", required=True)
        if entry.get("face") == "back" and isinstance(entry.get("front"), str):
            full_name = entry["front"] + FACE_SEPARATOR + entry_name
            cards.append(_mtgjson_card(entry, entry_name, full_name))
        elif FACE_SEPARATOR in entry_name:
            front, *others = entry_name.split(FACE_SEPARATOR)
            cards.append(_mtgjson_card(entry, front, entry_name))
            for face in others:
                faces_without_data.setdefault(face, entry_name)
        else:
            cards.append(_mtgjson_card(entry, entry_name, None))
    return cards, faces_without_data


def _read_mtgjson_atomic(data: dict) -> tuple[list[Card], dict[str, str]]:
    """MTGJSON AtomicCards.json: {"data": {name: [face, ...]}}, each face with faceName."""
    cards = []
    for full_name, faces in data["data"].items():
        if not isinstance(faces, list):
            raise _BadEntry(f"card '{full_name}': expected a list of faces")
        for face in faces:
            _require_object(face, f"card '{full_name}'")
            face_name = _string_field(face, "faceName", f"card '{full_name}'")
            if face_name is None:
                cards.append(_mtgjson_card(face, full_name, None))
            else:
                cards.append(_mtgjson_card(face, face_name, full_name))
    return cards, {}


# Where each database format keeps each field of a Card.
MTGJSON_FIELDS = {"mana_cost": "manaCost", "type_line": "type", "text": "text", "power": "power",
                  "toughness": "toughness", "loyalty": "loyalty"}
SCRYFALL_FIELDS = {"mana_cost": "mana_cost", "type_line": "type_line", "text": "oracle_text",
                   "power": "power", "toughness": "toughness", "loyalty": "loyalty"}
COLOR_INDICATOR_FIELD = {"mtgjson": "colorIndicator", "scryfall": "color_indicator"}


def _card(entry: dict, fields: dict[str, str], name: str, layout: str, full_name: str | None,
          color_field: str) -> Card:
    where = f"card '{name}'"
    value = {key: _string_field(entry, field, where, required=key == "type_line") for key, field in fields.items()}
    indicator = entry.get(color_field)
    return Card(
        name=name,
        mana_cost=value["mana_cost"] or None,
        type_line=value["type_line"],
        text=value["text"] or "",
        power=value["power"],
        toughness=value["toughness"],
        loyalty=value["loyalty"],
        layout=layout,
        full_name=full_name,
        color_indicator=None if indicator is None else _colors(indicator, color_field, where),
    )


def _colors(value: Any, field: str, where: str) -> tuple[str, ...]:
    """A list of color letters in W U B R G order."""
    if not isinstance(value, list) or not all(isinstance(c, str) and len(c) == 1 and c in COLOR_ORDER for c in value):
        raise _BadEntry(f"{where}: '{field}' should be a list of color letters W U B R G, got {json.dumps(value)}")
    return tuple(c for c in COLOR_ORDER if c in value)


def _mtgjson_card(entry: dict, name: str, full_name: str | None) -> Card:
    layout = _string_field(entry, "layout", f"card '{name}'") or "normal"
    return _card(entry, MTGJSON_FIELDS, name, layout, full_name, COLOR_INDICATOR_FIELD["mtgjson"])


def _read_scryfall(data: list) -> tuple[list[Card], dict[str, str]]:
    """Scryfall card objects; multi-faced cards keep their faces in card_faces."""
    cards = []
    for number, entry in enumerate(data, 1):
        _require_object(entry, f"card #{number}")
        name = _string_field(entry, "name", f"card #{number}", required=True)
        layout = _string_field(entry, "layout", f"card '{name}'") or "normal"
        if layout == "art_series":  # art cards, not playable cards; their names collide
            continue
        faces = entry.get("card_faces")
        if isinstance(faces, list) and faces:
            for face in faces:
                _require_object(face, f"card '{name}'")
                face_name = _string_field(face, "name", f"card '{name}'", required=True)
                cards.append(_scryfall_card(face, face_name, layout, name))
        else:
            cards.append(_scryfall_card(entry, name, layout, None))
    return cards, {}


def _scryfall_card(entry: dict, name: str, layout: str, full_name: str | None) -> Card:
    return _card(entry, SCRYFALL_FIELDS, name, layout, full_name, COLOR_INDICATOR_FIELD["scryfall"])


def _require_object(entry: Any, where: str) -> None:
    if not isinstance(entry, dict):
        raise _BadEntry(f"{where}: expected a JSON object, got {type(entry).__name__}")


def _string_field(entry: dict, field: str, where: str, required: bool = False) -> str | None:
    value = entry.get(field)
    if type(value) is str:  # the usual case first: this runs for every field of 35,000 cards
        return value
    if value is None:
        if required:
            raise _BadEntry(f"{where}: missing '{field}'")
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise _BadEntry(f"{where}: '{field}' should be a string, got {json.dumps(value)}")
    return str(value)
