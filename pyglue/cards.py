"""The card database: Oracle cards by name.

Names resolve first against the cards bundled in ``pyglue/data/cards.json``,
then against an optional extra database (``--cards PATH`` or the
``MTGASP_CARDS`` environment variable), which is only read when a name is not
bundled, so that a small scenario does not pay for parsing a big file.

The extra database may be MTGJSON's AtomicCards.json, a Scryfall oracle-cards
file, or a JSON list of card objects with MTGJSON field names (the format of
the bundled file and of the shared corpus). The format is detected from the
content.
"""

from __future__ import annotations

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


def name_key(name: str) -> str:
    """The form names are compared in: case, accents, curly apostrophes and spacing ignored."""
    if name.isascii():  # most names; skips the slower Unicode decomposition
        return " ".join(name.casefold().split())
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.replace("\u2019", "'").casefold().split())


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

    def close_names(self, key: str, count: int) -> list[tuple[float, str]]:
        """(similarity, display name) of the names most like key.

        difflib alone takes about 0.4 s on 35,000 names, so shared letter pairs
        (a set intersection per name, fast) pick a shortlist that difflib ranks.
        """
        wanted_pairs = set(zip(key, key[1:]))

        def shared_pairs(candidate: str) -> float:
            return len(wanted_pairs.intersection(zip(candidate, candidate[1:]))) / (len(key) + len(candidate))

        shortlist = heapq.nlargest(60, self.cards, key=shared_pairs)
        matcher = difflib.SequenceMatcher(b=key)
        scored = []
        for candidate in shortlist:
            matcher.set_seq1(candidate)
            similarity = matcher.ratio()
            if similarity >= 0.6:
                scored.append((similarity, self.display_names[candidate]))
        return heapq.nlargest(count, scored)


class CardDatabase:
    """Case-insensitive card lookup: bundled cards first, then the extra database."""

    def __init__(self, extra_path: str | Path | None = None, bundled_path: str | Path = BUNDLED_CARDS):
        self._bundled = _load_index(Path(bundled_path))
        self._extra_path = Path(extra_path) if extra_path else None
        self._extra: _CardIndex | None = None
        # Checked now so that a mistyped path is reported even when every card is bundled.
        if self._extra_path is not None and not self._extra_path.is_file():
            raise MtgaspError(f"card database {self._extra_path}: file not found")

    @classmethod
    def from_settings(cls, cards_path: str | Path | None = None) -> CardDatabase:
        """The database the command line uses: --cards PATH, else $MTGASP_CARDS, else bundled only."""
        return cls(cards_path or os.environ.get(CARDS_ENV_VAR) or None)

    @property
    def extra_path(self) -> Path | None:
        return self._extra_path

    def find(self, name: str) -> Card | None:
        key = name_key(name)
        for index in self._indexes(key):
            if key in index.cards:
                return index.cards[key]
        return None

    def lookup(self, name: str) -> Card:
        card = self.find(name)
        if card is not None:
            return card
        raise UnknownCardError(self._unknown_card_message(name))

    def __contains__(self, name: str) -> bool:
        return self.find(name) is not None

    def _indexes(self, key: str) -> Iterable[_CardIndex]:
        yield self._bundled
        if key not in self._bundled.cards and self._extra_path is not None:
            if self._extra is None:
                self._extra = _load_index(self._extra_path)
            yield self._extra

    def _unknown_card_message(self, name: str) -> str:
        key = name_key(name)
        indexes = list(self._indexes(key))
        for index in indexes:
            if key in index.faces_without_data:
                return (
                    f"card '{name}' is a face of '{index.faces_without_data[key]}', but the card "
                    "database has no data for that face; describe the object inline "
                    "(name, type, text...)"
                )
        scored = [match for index in indexes for match in index.close_names(key, 5)]
        suggestions = list(dict.fromkeys(display for _, display in sorted(scored, reverse=True)))[:5]
        message = f"unknown card '{name}'"
        if suggestions:
            message += f" (did you mean: {', '.join(suggestions)}?)"
        if self._extra_path is None:
            message += (
                f"; only the bundled cards are known: give a card database with --cards PATH "
                f"or {CARDS_ENV_VAR}, or describe the object inline"
            )
        return message


@functools.lru_cache(maxsize=8)
def _load_index_cached(path: Path, mtime_ns: int) -> _CardIndex:
    cards, faces_without_data = _read_cards(path)
    return _CardIndex(cards, faces_without_data)


def _load_index(path: Path) -> _CardIndex:
    try:
        mtime_ns = path.stat().st_mtime_ns
    except OSError as error:
        raise MtgaspError(f"card database {path}: cannot read it ({error.strerror})") from None
    return _load_index_cached(path, mtime_ns)


def _read_cards(path: Path) -> tuple[list[Card], dict[str, str]]:
    try:
        data = json.loads(path.read_bytes())
    except OSError as error:
        raise MtgaspError(f"card database {path}: cannot read it ({error.strerror})") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise MtgaspError(f"card database {path}: not valid JSON ({error})") from None
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


def _card(entry: dict, fields: dict[str, str], name: str, layout: str, full_name: str | None) -> Card:
    where = f"card '{name}'"
    value = {key: _string_field(entry, field, where, required=key == "type_line") for key, field in fields.items()}
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
    )


def _mtgjson_card(entry: dict, name: str, full_name: str | None) -> Card:
    layout = _string_field(entry, "layout", f"card '{name}'") or "normal"
    return _card(entry, MTGJSON_FIELDS, name, layout, full_name)


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
    return _card(entry, SCRYFALL_FIELDS, name, layout, full_name)


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
