"""Scenario files: TOML -> Scenario (strictly validated) -> clingo facts.

The format is specified in the shared scenario-format.md; the facts are the
"Scenario facts" of rules_asp/VOCABULARY.md. Every error names the file and,
where it can be found in the text, the line.
"""

from __future__ import annotations

import datetime
import difflib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, NoReturn


from .cards import Card, CardDatabase
from .errors import MtgaspError, ScenarioError
from .schema import AskKind, Schema, builtin_schema

# clingo's integers are 32-bit: every number a scenario gives the rules fits.
MAX_NUMBER = 2**31 - 1
# No scenario needs deeper tables or arrays; deeper ones would exhaust Python's
# recursion in the checks and comparisons that walk them.
MAX_NESTING = 32
MAX_FILE_BYTES = 64 << 20


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"

    def __reduce__(self) -> str:  # one object, also across processes
        return "MISSING"


MISSING: Any = _Missing()  # an ask without `expect`

DEFAULT_PLAYERS = ["you", "opponent"]
ZONES = ("battlefield", "hand", "graveyard", "exile", "library", "stack", "command")
ZONES_WITH_CONTROLLER = ("battlefield", "stack")
CAST_AS = ("normal", "prototype")

TOP_LEVEL_KEYS = ("active_player", "player", "object", "ask", "effect", "step", "drawn_this_turn")
# v3: the steps and phases of a turn (500.1), the top-level `step`.
STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "main2", "end", "cleanup")
PLAYER_FIELDS = ("name",)
# An event's token (v3): its name defaults as 111.4 says, its colors are the effect's.
DESCRIBED_CARD_FIELDS = ("name", "type", "power", "toughness", "colors", "text")
INLINE_CARD_FIELDS = ("name", "mana_cost", "type", "text", "power", "toughness", "loyalty", "color_indicator")
V2_OBJECT_FIELDS = (
    "token", "copy_of", "cast_as", "x", "modes", "targets", "divided", "sacrificed",
    "attached_to", "last_known",
)
V3_OBJECT_FIELDS = ("timestamp", "chosen", "damage", "face_down")
# face_down = "disguise": how the permanent was turned face down (the project's addition
# to `face_down = true`: 702.168a and 701.58a give a disguised or cloaked one ward {2}).
FACE_DOWN_WAYS = ("morph", "manifest", "disguise", "cloak")
# chosen = { kind = value }: what each kind of choice names (v3).
CHOSEN_KINDS = ("color", "creature_type", "card_type", "card_name", "player", "basic_land_type")
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
COLOR_LETTERS = ("W", "U", "B", "R", "G")
_TYPE_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|—")  # a word of a type line, or its dash (an em dash)
OBJECT_FIELDS = (
    ("id", "card") + INLINE_CARD_FIELDS
    + ("controller", "owner", "zone", "tapped", "summoning_sick", "counters", "chosen_color")
    + V2_OBJECT_FIELDS + V3_OBJECT_FIELDS
)
LAST_KNOWN_FIELDS = INLINE_CARD_FIELDS + ("controller", "owner", "counters", "tapped", "token")
EFFECT_FIELDS = ("text", "source", "controller", "refers", "timestamp", "chosen")
# The kinds of words a text-changing effect replaces (612): chosen = { color = ["B", "W"] }.
TEXT_CHANGE_KINDS = ("color", "basic_land_type", "creature_type")

@dataclass
class ObjectSpec:
    """One [[object]] of a scenario."""

    id: str
    card: Card | None  # None only for a copy (copy_of) described by nothing else
    controller: str | None
    owner: str
    zone: str
    tapped: bool
    summoning_sick: bool
    counters: dict[str, int]
    line: int | None
    # v2
    token: bool = False
    copy_of: str | None = None
    cast_as: str | None = None
    x: int | None = None
    modes: list[int] | None = None
    targets: list[str] | None = None
    divided: dict[str, int] | None = None
    sacrificed: list[str] | None = None
    attached_to: str | None = None
    chosen: dict[str, str] = field(default_factory=dict)  # v3: choices made as it entered or was cast
    damage: int = 0                                       # v3: damage marked on it
    face_down: bool = False                               # v3: a face-down permanent or spell (708)
    face_down_as: str | None = None                       # how: morph, manifest (708.2a), disguise, cloak (ward {2})
    explicit_timestamp: int | None = None                 # v3: `timestamp`; else its position
    last_known: dict[str, Any] | None = None


@dataclass
class Ask:
    """One [[ask]]: kind is its question key (could_produce, activate...), args its
    fields as read by the kind's schema (the main value under `object`, or, for a
    table such as triggers', under the table's own field names)."""

    index: int
    kind: str
    args: dict[str, Any] = field(default_factory=dict)
    expect: Any = MISSING
    line: int | None = None

    @property
    def object_id(self) -> str | None:
        return self.args.get("object")


@dataclass
class Scenario:
    path: Path
    players: list[str]
    active_player: str
    objects: list[ObjectSpec]
    asks: list[Ask]
    effects: list[dict[str, Any]]  # [[effect]] tables as written (validated), v2
    schema: Schema = field(default_factory=builtin_schema)
    step: str = "main1"                                         # v3: the step of the active player's turn
    drawn_this_turn: dict[str, int] = field(default_factory=dict)  # v3: cards each player drew this turn


def default_id(name: str) -> str:
    """The spec's id for a name: lower case, runs of other characters than a-z0-9 -> `_`, stripped."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def load_scenario(source: str | Path | dict, cards: CardDatabase, schema: Schema | None = None,
                  name: str = "<scenario>") -> Scenario:
    """A scenario from a file's path, from TOML text (a str with a newline or a `[`), or from
    a dict as tomllib would give; `name` names a text or a dict in messages."""
    schema = schema or builtin_schema()
    if isinstance(source, dict):
        return _ScenarioReader(Path(name), "", cards, schema).read(source)
    if isinstance(source, str) and ("\n" in source or source.lstrip().startswith("[")):
        path, text = Path(name), source
    else:
        path = Path(source)
        try:
            text = read_limited(path).decode("utf-8-sig")
        except OSError as error:
            raise MtgaspError(f"{path}: cannot read the scenario ({error.strerror})") from None
        except UnicodeDecodeError as error:
            raise ScenarioError(path, None, f"not UTF-8 text ({error.reason} at byte {error.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _toml_error(path, text, error) from None
    except RecursionError:
        raise ScenarioError(path, None, "malformed TOML: arrays or tables nested too deeply") from None
    return _ScenarioReader(path, text, cards, schema).read(data)


def read_limited(path: Path) -> bytes:
    """A scenario's or rule file's bytes, at most MAX_FILE_BYTES: /dev/zero or a runaway
    pipe is refused, not read until memory runs out."""
    with open(path, "rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise MtgaspError(f"{path}: larger than {MAX_FILE_BYTES >> 20} MB; no scenario or rule file needs that")
    return data


def _toml_error(path: Path, text: str, error: tomllib.TOMLDecodeError) -> ScenarioError:
    message = str(error)
    position = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    if position:
        line = int(position.group(1))
        message = f"{message[: position.start()]} (column {position.group(2)})"
    else:
        line = max(len(text.splitlines()), 1) if "end of document" in message else None
        message = re.sub(r"\s*\(at end of document\)$", " (at the end of the file)", message)
    return ScenarioError(path, line, f"malformed TOML: {message}")


class _SourceLines:
    """Line numbers recovered from the text (tomllib gives none for valid TOML):
    the N-th [[kind]] header, and a key's line within a table."""

    _ARRAY_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_-]+)\s*\]\]")
    _ANY_HEADER = re.compile(r"^\s*\[")

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.headers: dict[str, list[int]] = {}
        self.first_header: int | None = None
        for number, line in enumerate(self.lines, 1):
            if self._ANY_HEADER.match(line) and self.first_header is None:
                self.first_header = number
            match = self._ARRAY_HEADER.match(line)
            if match:
                self.headers.setdefault(match.group(1), []).append(number)

    def table_line(self, kind: str, index: int) -> int | None:
        headers = self.headers.get(kind, [])
        return headers[index] if index < len(headers) else None

    def key_line(self, kind: str | None, index: int, key: str | None) -> int | None:
        """The line of `key` in the index-th [[kind]] table (kind None: the top level,
        where a key may also be a table header); the table's header line when the key
        is not found."""
        start = self.table_line(kind, index) if kind else 0
        if start is None or key is None:
            return start or None
        assignment = re.compile(rf"""^\s*(["']?){re.escape(key)}\1\s*[=.]""")
        for number in range(start + 1, len(self.lines) + 1):
            line = self.lines[number - 1]
            if self._ANY_HEADER.match(line):
                break
            if assignment.match(line):
                return number
        if kind is None:
            header = re.compile(rf"""^\s*\[\[?\s*(["']?){re.escape(key)}\1\s*[\].]""")
            return next((number for number, line in enumerate(self.lines, 1) if header.match(line)), None)
        return start


class _Table:
    """One table of the scenario, to read typed fields from with errors at their lines."""

    def __init__(self, reader: _ScenarioReader, kind: str | None, index: int, data: dict[str, Any]):
        self.reader = reader
        self.kind = kind
        self.index = index  # 0-based among the [[kind]] tables
        self.data = data

    def line(self, key: str | None = None) -> int | None:
        return self.reader.source.key_line(self.kind, self.index, key)

    def fail(self, key: str | None, message: str) -> NoReturn:
        where = f"[[{self.kind}]] #{self.index + 1}: " if self.kind else ""
        raise ScenarioError(self.reader.path, self.line(key), where + message)

    def check_values(self, value: Any = MISSING, key: str | None = None) -> None:
        """clingo's strings end at a NUL character: a string with one is refused, not cut
        (ids "a\\u0000x" and "a\\u0000y" would both become "a"). No field takes a TOML
        date or time, which no answer could be compared with or printed as JSON."""
        if value is MISSING:  # the whole table, each [[kind]] table of the top level on its own
            for name, item in self.data.items():
                if self.kind is None and isinstance(item, list) and all(isinstance(t, dict) for t in item):
                    self.check_values(name, name)
                    for index, table in enumerate(item):
                        _Table(self.reader, name, index, table).check_values()
                else:
                    self.check_values({name: item}, name)
        elif isinstance(value, str) and "\x00" in value:
            shown = key.replace("\x00", "\\u0000")
            self.fail(key, f"'{shown}' contains a NUL character (\\u0000), which clingo cannot carry")
        elif isinstance(value, (datetime.date, datetime.time)):
            self.fail(key, f"'{key}' holds a TOML date or time ({value}), which no scenario field takes")
        elif isinstance(value, list):
            for item in value:
                self.check_values(item, key)
        elif isinstance(value, dict):
            for name, item in value.items():
                self.check_values(name, key)
                self.check_values(item, key)

    def check_keys(self, allowed: tuple[str, ...] | list[str], what: str) -> None:
        for key in self.data:
            if key not in allowed:
                self.fail(key, f"unknown {what} '{key}'{_did_you_mean(key, allowed)}; "
                               f"expected one of: {', '.join(allowed)}")

    def get(self, key: str, check: Callable[[Any], bool], expected: str, default: Any = None) -> Any:
        if key not in self.data:
            return default
        value = self.data[key]
        if not check(value):
            self.fail(key, f"'{key}' should be {expected}, got {_show(value)}")
        return value

    def string(self, key: str, default: Any = None) -> Any:
        return self.get(key, _is_nonempty_string, "a non-empty string", default)

    def boolean(self, key: str, default: bool = False) -> bool:
        return self.get(key, lambda v: isinstance(v, bool), "true or false", default)

    def count(self, key: str, default: Any = None) -> Any:
        return self.get(key, _is_count, COUNT, default)

    def positive(self, key: str, default: Any = None) -> Any:
        return self.get(key, lambda v: _is_count(v) and v > 0, f"a whole number from 1 to {MAX_NUMBER}", default)

    def printed_value(self, key: str) -> str | None:
        """power, toughness, loyalty: as printed ("*" possible); a number is accepted too."""
        value = self.get(key, lambda v: (_is_nonempty_string(v) and not _too_large(v)) or _is_count(v),
                         f'a string like "2" or "*" (a number at most {MAX_NUMBER})')
        return None if value is None else str(value)

    def one_of(self, key: str, choices: tuple[str, ...], default: Any = None) -> Any:
        value = self.string(key, default)
        if key in self.data and value not in choices:
            self.fail(key, f"'{key}' should be one of {', '.join(choices)}, got {_show(value)}")
        return value

    def string_list(self, key: str) -> list[str] | None:
        return self.get(key, lambda v: isinstance(v, list) and all(map(_is_nonempty_string, v)),
                        "a list of strings")

    def count_table(self, key: str) -> dict[str, int] | None:
        value = self.get(key, lambda v: isinstance(v, dict), "a table like { name = 2 }")
        if value is not None:
            for name, number in value.items():
                if not _is_count(number):
                    self.fail(key, f"'{key}': '{name}' should be {COUNT}, got {_show(number)}")
        return value


class _ScenarioReader:
    def __init__(self, path: Path, text: str, cards: CardDatabase, schema: Schema):
        self.path = path
        self.source = _SourceLines(text)
        self.cards = cards
        self.schema = schema
        self.players: list[str] = []
        self.ids: dict[str, ObjectSpec] = {}
        self.loop_free: set[str] = set()

    def read(self, data: dict[str, Any]) -> Scenario:
        top = _Table(self, None, 0, data)
        if _nesting(data) > MAX_NESTING:
            top.fail(None, f"tables or arrays nested more than {MAX_NESTING} deep; no scenario needs that")
        top.check_values()
        top.check_keys(TOP_LEVEL_KEYS, "top-level key")
        self.players = players = self.read_players(self.tables(top, "player"))
        active_player = top.string("active_player", players[0])
        if active_player not in players:
            top.fail("active_player", f"active_player {_show(active_player)} is not a player; "
                                      f"the players are: {', '.join(players)}")
        step = top.string("step", "main1")
        if step not in STEPS:
            top.fail("step", f"step should be one of {', '.join(STEPS)}, got {_show(step)}{_did_you_mean(step, STEPS)}")
        drawn = top.get("drawn_this_turn", lambda v: isinstance(v, dict) and all(map(_is_count, v.values())),
                        f"a table of players to numbers of cards, like {{ {players[0]} = 1 }}", {})
        for player in drawn:
            self.player(top, "drawn_this_turn", player)
        object_tables = self.tables(top, "object")
        objects = [self.read_object(table) for table in object_tables]
        self.assign_ids(objects, object_tables)
        self.ids = {obj.id: obj for obj in objects}
        for obj, table in zip(objects, object_tables):
            self.check_object_references(obj, table)
        for obj, table in zip(objects, object_tables):
            self.check_copy_chain(obj, table)
        asks = [self.read_ask(table, number) for number, table in enumerate(self.tables(top, "ask"), 1)]
        effects = [self.read_effect(table) for table in self.tables(top, "effect")]
        return Scenario(self.path, players, active_player, objects, asks, effects, self.schema, step, dict(drawn))

    def tables(self, top: _Table, kind: str) -> list[_Table]:
        value = top.data.get(kind, [])
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            top.fail(kind, f"'{kind}' should be [[{kind}]] tables (an array of tables), got {_show(value)}")
        return [_Table(self, kind, index, item) for index, item in enumerate(value)]

    # Players

    def read_players(self, tables: list[_Table]) -> list[str]:
        if not tables:
            return list(DEFAULT_PLAYERS)
        players: list[str] = []
        for table in tables:
            table.check_keys(PLAYER_FIELDS, "player field")
            name = table.string("name")
            if name is None:
                table.fail(None, 'a player needs a name (name = "alice")')
            if name in players:
                table.fail("name", f"duplicate player name {_show(name)}")
            players.append(name)
        return players

    def player(self, table: _Table, key: str, value: Any = MISSING) -> str | None:
        """A field naming a player; value given when it comes from inside a table."""
        name = table.string(key) if value is MISSING else value
        if name is not None and name not in self.players:
            table.fail(key, f"unknown player {_show(name)} in '{key}'; the players are: {', '.join(self.players)}")
        return name

    # Objects

    def read_object(self, table: _Table) -> ObjectSpec:
        table.check_keys(OBJECT_FIELDS, "object field")
        explicit_id = table.string("id")
        if explicit_id is not None and "#" in explicit_id:
            table.fail("id", f"an id cannot contain '#' (it writes ID#N for an ability), got {_show(explicit_id)}")
        card = self.object_card(table)
        zone = table.one_of("zone", ZONES, "battlefield")
        controller = self.player(table, "controller")
        owner = self.player(table, "owner") or controller
        if controller is None and zone in ZONES_WITH_CONTROLLER:
            table.fail(None, f'an object on the {zone} needs a controller (controller = "{self.players[0]}")')
        if owner is None:
            table.fail(None, f'an object with zone = "{zone}" needs an owner (owner = "{self.players[0]}")')
        face_down_as = table.get("face_down", lambda v: isinstance(v, bool) or v in FACE_DOWN_WAYS,
                                 "true or false, or how it was turned face down: " +
                                 ", ".join(f'"{way}"' for way in FACE_DOWN_WAYS), False)
        face_down = face_down_as is not False
        if face_down and zone not in ZONES_WITH_CONTROLLER:
            table.fail("face_down", f'face_down is for a permanent or a spell (708), not an object with zone = "{zone}"')
        return ObjectSpec(
            id=explicit_id or "",  # default ids are given once every object is read
            card=card,
            controller=controller,
            owner=owner,
            zone=zone,
            tapped=table.boolean("tapped"),
            summoning_sick=table.boolean("summoning_sick"),
            counters=table.count_table("counters") or {},
            line=table.line(),
            token=table.boolean("token"),
            copy_of=table.string("copy_of"),
            cast_as=table.one_of("cast_as", CAST_AS),
            x=table.count("x"),
            modes=table.get("modes", lambda v: isinstance(v, list) and all(_is_count(m) and m > 0 for m in v),
                            f"a list of mode numbers from 1 to {MAX_NUMBER}"),
            targets=table.string_list("targets"),
            divided=table.count_table("divided"),
            sacrificed=table.string_list("sacrificed"),
            attached_to=table.string("attached_to"),
            last_known=self.read_last_known(table),
            chosen=self.read_chosen(table),
            damage=table.count("damage", 0),
            face_down=face_down,
            face_down_as=face_down_as if isinstance(face_down_as, str) else None,
            explicit_timestamp=table.count("timestamp"),
        )

    def read_chosen(self, table: _Table, pairs: bool = False) -> dict[str, Any]:
        """`chosen = { color = "U", ... }` (v3); `chosen_color = "U"` stays its synonym. With
        pairs (an [[effect]]'s), a color, basic land type or creature type may also be a
        list of two different words: a text-changing effect replaced the first with the
        second (612)."""
        chosen = dict(table.get("chosen", lambda v: isinstance(v, dict), 'a table like { color = "U" }', {}))
        for kind, value in chosen.items():
            if kind not in CHOSEN_KINDS:
                table.fail("chosen", f"unknown choice '{kind}' in chosen{_did_you_mean(kind, CHOSEN_KINDS)}; "
                                     f"expected some of: {', '.join(CHOSEN_KINDS)}")
            if pairs and isinstance(value, list):
                if kind not in TEXT_CHANGE_KINDS or len(value) != 2 or value[0] == value[1]:
                    table.fail("chosen", f"a text change's chosen {kind} should be two different words "
                                         f"(the replaced one, then the new one) of a kind among "
                                         f"{', '.join(TEXT_CHANGE_KINDS)}, got {_show(value)}")
                for word in value:
                    self.check_chosen(table, kind, word)
            else:
                self.check_chosen(table, kind, value)
        synonym = table.one_of("chosen_color", COLOR_LETTERS)
        if synonym is not None:
            if chosen.get("color", synonym) != synonym:
                table.fail("chosen_color", "chosen_color and chosen.color name different colors")
            chosen["color"] = synonym
        return chosen

    def check_chosen(self, table: _Table, kind: str, value: Any) -> None:
        if not _is_nonempty_string(value):
            table.fail("chosen", f"chosen {kind} should be a non-empty string, got {_show(value)}")
        if kind == "color" and value not in COLOR_LETTERS:
            table.fail("chosen", f"chosen color should be one of {', '.join(COLOR_LETTERS)}, got {_show(value)}")
        if kind == "basic_land_type" and value not in BASIC_LAND_TYPES:
            table.fail("chosen", f"chosen basic_land_type should be one of {', '.join(BASIC_LAND_TYPES)}, "
                                 f"got {_show(value)}")
        if kind in ("creature_type", "card_type") and not _TYPE_WORD.fullmatch(value):
            table.fail("chosen", f"chosen {kind} should be a word of a type line, got {_show(value)}")
        if kind == "player":
            self.player(table, "chosen", value)

    def object_card(self, table: _Table) -> Card | None:
        inline = [key for key in INLINE_CARD_FIELDS if key in table.data]
        card_name = table.string("card")
        if card_name is not None:
            if inline:
                table.fail(inline[0], f"an object has either card = ... or inline fields ({', '.join(inline)}), "
                                      "not both: drop card to describe it inline")
            try:
                card = self.cards.lookup(card_name)
            except MtgaspError as error:
                table.fail("card", str(error))
            return self.checked_card(table, card)
        if not inline:
            if "copy_of" in table.data:
                # A copy needs nothing else (its characteristics come from what it copies),
                # but an id, having no name to make one from.
                if "id" not in table.data:
                    table.fail("copy_of", 'a copy described by copy_of alone needs an id (id = "...")')
                return None
            table.fail(None, 'an object needs card = "Card Name", or an inline description '
                             '(name = ..., type = ..., text = ...)')
        return self.inline_card(table)

    def checked_card(self, table: _Table, card: Card) -> Card:
        """A card of a database, which nothing type-checked: what clingo cannot hold is refused."""
        for field_name in ("name", "mana_cost", "type_line", "text", "power", "toughness", "loyalty"):
            value = getattr(card, field_name) or ""
            if "\x00" in value:
                table.fail("card", f"the {field_name} of {card.name!r} in the card database contains a NUL "
                                   "character (\\u0000), which clingo cannot carry")
            if field_name not in ("name", "text") and _too_large(value):  # those two become strings
                table.fail("card", f"the {field_name} of {card.name!r} in the card database is {value}, "
                                   f"past what the rules' 32-bit integers hold")
        return card

    @staticmethod
    def check_type_words(table: _Table, type_line: str) -> None:
        """A type line the grammar reads (grammar/type_line.lark), each word
        before its dash a supertype or card type it knows: a card's own type line
        may print another ("Summon"), one written in a scenario is most likely a
        typo, which would make the object silently of no card type."""
        from grammar import type_line_words

        words = type_line_words(type_line)
        if not words and type_line.strip():
            table.fail("type", f"'type' should be a type line with at most one em dash, got {_show(type_line)}")
        unknown = [str(word) for word in words if word.type == "OTHER_TYPE"]
        if unknown:
            table.fail("type", f"'type' names {_show(unknown[0])}, which is no supertype (205.4a) nor card type "
                               f"(205.2a), in {_show(type_line)}")

    def inline_card(self, table: _Table, name_required: bool = True) -> Card:
        name, type_line = table.string("name"), table.string("type")
        if name is None and name_required:
            table.fail(None, 'an inline object needs a name (name = "Test Grove")')
        if type_line is None:
            table.fail(None, 'an inline object needs its type line (type = "Land")')
        if not all(map(_TYPE_WORD.fullmatch, type_line.split())):
            # Each word becomes a clingo constant: "3D" or "12" would not be one, "Ünder" would lose its Ü.
            table.fail("type", f"'type' should be a type line of words in English letters and an em dash, "
                               f'like "Artifact Creature — Golem", got {_show(type_line)}')
        self.check_type_words(table, type_line)
        return Card(
            name=name or "",
            mana_cost=table.get("mana_cost", lambda v: isinstance(v, str) and not _too_large(v),
                                f'a string like "{{2}}{{G}}" (numbers at most {MAX_NUMBER})') or None,
            type_line=type_line,
            text=table.get("text", lambda v: isinstance(v, str), "a string", ""),
            power=table.printed_value("power"),
            toughness=table.printed_value("toughness"),
            loyalty=table.printed_value("loyalty"),
            color_indicator=self.read_color_indicator(table),
        )

    def described_card(self, table: _Table, what: str) -> Card:
        """A card an ask describes (an event's token): a type line, and optionally a name,
        power, toughness, colors (as a color indicator: the colors the effect gives it) and text."""
        for key in table.data:
            if key not in DESCRIBED_CARD_FIELDS:
                table.fail(None, f"unknown field '{key}' in {what}{_did_you_mean(key, DESCRIBED_CARD_FIELDS)}; "
                                 f"expected some of: {', '.join(DESCRIBED_CARD_FIELDS)}")
        if "colors" in table.data:
            table.data = {("color_indicator" if k == "colors" else k): v for k, v in table.data.items()}
        return self.inline_card(table, name_required=False)

    def read_color_indicator(self, table: _Table) -> tuple[str, ...] | None:
        """204: `color_indicator = ["G"]`, letters in W U B R G order."""
        letters = table.get("color_indicator", lambda v: isinstance(v, list) and all(c in COLOR_LETTERS for c in v),
                            "a list of color letters, like [\"G\"]")
        return None if letters is None else tuple(c for c in COLOR_LETTERS if c in letters)

    def read_last_known(self, table: _Table) -> dict[str, Any] | None:
        value = table.get("last_known", lambda v: isinstance(v, dict), "a table like { power = 3 }")
        if value is not None:
            for key, item in value.items():
                if key not in LAST_KNOWN_FIELDS:
                    table.fail("last_known", f"unknown field '{key}' in last_known{_did_you_mean(key, LAST_KNOWN_FIELDS)}; "
                                             f"expected some of: {', '.join(LAST_KNOWN_FIELDS)}")
                expected = _last_known_expected(key, item)
                if expected:
                    table.fail("last_known", f"last_known {key} should be {expected}, got {_show(item)}")
        return value

    def assign_ids(self, objects: list[ObjectSpec], tables: list[_Table]) -> None:
        """Explicit ids first (a duplicate is an error), then default ids in file order,
        `_2`, `_3`... when taken."""
        taken: dict[str, _Table] = {}
        for obj, table in zip(objects, tables):
            if obj.id:
                if obj.id in taken:
                    first = taken[obj.id]
                    table.fail("id", f"duplicate id {_show(obj.id)}, already the id of [[object]] #{first.index + 1}"
                                     + (f" (line {first.line()})" if first.line() else ""))
                if obj.id in self.players:
                    table.fail("id", f"the id {_show(obj.id)} is also a player's name, which targets and answers "
                                     "could not tell apart; give the object another id")
                taken[obj.id] = table
        last_number: dict[str, int] = {}  # per base, the suffix last given: ids stay linear in the file
        for obj, table in zip(objects, tables):
            if not obj.id:
                base = default_id(obj.card.name)
                if not base:
                    table.fail(None, f"cannot make an id from the name {_show(obj.card.name)}; give one (id = \"...\")")
                candidate, number = base, last_number.get(base, 1)
                while candidate in taken:
                    number += 1
                    candidate = f"{base}_{number}"
                last_number[base] = number
                if candidate in self.players:
                    table.fail(None, f"the default id {_show(candidate)} is also a player's name, which targets and "
                                     "answers could not tell apart; give the object an id (id = \"...\")")
                obj.id = candidate
                taken[candidate] = table

    def object_id(self, table: _Table, key: str, value: str) -> str:
        if value not in self.ids:
            table.fail(key, f"'{key}' names unknown object {_show(value)}{_did_you_mean(value, self.ids)}; "
                            f"the ids are: {_listing(self.ids) or 'none'}")
        return value

    def object_or_player(self, table: _Table, key: str, value: str) -> str:
        if value not in self.ids and value not in self.players:
            choices = list(self.ids) + self.players
            table.fail(key, f"'{key}' names {_show(value)}, which is neither an object id nor a player"
                            f"{_did_you_mean(value, choices)}; expected one of: {_listing(choices)}")
        return value

    def check_object_references(self, obj: ObjectSpec, table: _Table) -> None:
        for key in ("copy_of", "attached_to"):
            referenced = getattr(obj, key)
            if referenced is not None:
                if key == "attached_to":  # v3: an Aura may enchant a player (303.4, "Enchant player")
                    self.object_or_player(table, key, referenced)
                else:
                    self.object_id(table, key, referenced)
                if referenced == obj.id:
                    table.fail(key, f"'{key}' names the object itself")
        for referenced in obj.sacrificed or []:
            self.object_id(table, "sacrificed", referenced)
        for referenced in obj.targets or []:
            self.object_or_player(table, "targets", referenced)
        for referenced in obj.divided or {}:
            self.object_or_player(table, "divided", referenced)
        for key in ("controller", "owner"):
            if obj.last_known and key in obj.last_known:
                value = obj.last_known[key]
                if not _is_nonempty_string(value):
                    table.fail("last_known", f"last_known {key} should be a player name, got {_show(value)}")
                self.player(table, "last_known", value)

    def check_copy_chain(self, obj: ObjectSpec, table: _Table) -> None:
        """copy_of may chain (707.3) but not loop; a chain checked once is not walked again."""
        seen = [obj.id]
        current = obj
        while current.copy_of is not None and current.id not in self.loop_free:
            if current.copy_of in seen:
                table.fail("copy_of", "copy_of makes a loop: " + " -> ".join(seen + [current.copy_of]))
            seen.append(current.copy_of)
            current = self.ids[current.copy_of]
        self.loop_free.update(seen)

    # Asks: read through the schema of their kind (pyglue/schema.py)

    def read_ask(self, table: _Table, index: int) -> Ask:
        kinds = self.schema.kinds
        named = [key for key in table.data if key in kinds]
        planned = [key for key in table.data if key in self.schema.planned]
        if not named and planned:
            table.fail(planned[0], self.schema.planned[planned[0]])
        if len(named) != 1:
            found = f"found {', '.join(named)}" if named else "found none"
            table.fail(named[1] if len(named) > 1 else None,
                       f"an [[ask]] asks exactly one question ({', '.join(kinds)} = ID); {found}")
        kind = kinds[named[0]]
        args: dict[str, Any] = {}
        variant = None
        if kind.variants:
            variant = self.typed(table, kind.name, "one_of:" + "|".join(kind.variants), table.data[kind.name])
            args[kind.name] = variant
        fields = kind.fields_of(variant)
        allowed = (kind.name,) + tuple(fields) + ("expect",)
        of = f"{kind.name} asks of {kind.name} = \"{variant}\"" if variant else f"{kind.name} asks"
        for key in table.data:
            if key not in allowed and (any(key in other.fields for other in kinds.values())
                                       or any(key in other[0] for other in kind.variants.values())):
                table.fail(key, f"'{key}' is not a field of {of}; expected: {', '.join(allowed[1:])}")
        table.check_keys(allowed, "ask field")
        if kind.main.startswith("table:"):
            self.read_table_field(table, kind, args)
        elif not kind.variants:
            args["object"] = self.typed(table, kind.name, kind.main, table.data[kind.name])
        for key, field_type in fields.items():
            if key in table.data:
                args[key] = self.typed(table, key, field_type, table.data[key])
        for key in kind.required_of(variant):
            if key not in args:
                table.fail(None, f"a{'n' if of[0] in 'aeiou' else ''} {of.replace('asks', 'ask', 1)} needs {key} = ...")
        return Ask(index=index, kind=kind.name, args=args, expect=table.data.get("expect", MISSING),
                   line=table.line())

    def read_table_field(self, table: _Table, kind: AskKind, args: dict[str, Any]) -> None:
        """`triggers = { kind = "cast", object = ID, player = NAME }`: a table of typed fields."""
        value = table.data[kind.name]
        listed = kind.main.partition(":")[2].split("|")
        if not isinstance(value, dict):
            example = ", ".join(f"{name} = ..." for name in listed)
            table.fail(kind.name, f"'{kind.name}' should be a table like {{ {example} }}, got {_show(value)}")
        for key, item in value.items():
            if key not in listed:
                table.fail(kind.name, f"unknown field '{key}' in {kind.name}{_did_you_mean(key, listed)}; "
                                      f"expected: {', '.join(listed)}")
            args[key] = self.typed(table, kind.name, kind.table_fields[key], item, f"{kind.name} {key}")
        for key in kind.required:
            if key in listed and key not in args:
                table.fail(kind.name, f"{kind.name} needs {key} = ...")

    def typed(self, table: _Table, key: str, field_type: str, value: Any, what: str | None = None) -> Any:
        """A field's value checked against its schema type: object ids and players must exist,
        numbers fit the rules' integers, words become constants."""
        what = what or f"'{key}'"

        def fail(expected: str) -> NoReturn:
            table.fail(key, f"{what} should be {expected}, got {_show(value)}")

        prefix, _, choices = field_type.partition(":")
        if field_type in ("object", "player", "object_or_player", "word") or prefix == "one_of":
            if not _is_nonempty_string(value):
                fail("an object id (a string)" if field_type == "object" else "a non-empty string")
        if field_type == "object":
            return self.object_id(table, key, value)
        if field_type == "player":
            return self.player(table, key, value)
        if field_type == "object_or_player":
            return self.object_or_player(table, key, value)
        if field_type == "objects_or_players":
            if not isinstance(value, list) or not all(map(_is_nonempty_string, value)):
                fail("a list of object ids or players")
            return [self.object_or_player(table, key, item) for item in value]
        if field_type == "count":
            return value if _is_count(value) else fail(COUNT)
        if field_type == "positive":
            return value if _is_count(value) and value > 0 else fail(f"a whole number from 1 to {MAX_NUMBER}")
        if field_type == "bool":
            return value if isinstance(value, bool) else fail("true or false")
        if field_type == "string":
            return value if _is_nonempty_string(value) else fail("a non-empty string")
        if field_type == "count_table":
            if not isinstance(value, dict) or not value or not all(map(_is_nonempty_string, value)) \
                    or not all(map(_is_count, value.values())):
                fail(f'a table of names to whole numbers ({{ "+1/+1" = 2 }}), each {COUNT}')
            return dict(value)
        if field_type == "card":
            if not isinstance(value, dict):
                fail('a table like { type = "Creature — Zombie", power = 2, toughness = 2, colors = ["B"] }')
            return self.described_card(_Table(self, table.kind, table.index, value), what)
        if field_type == "word":
            if not _constant(value)[:1].isalpha():
                fail("a word such as \"kicker\"")
            return value
        if prefix == "one_of":
            options = choices.split("|")
            if value not in options:
                table.fail(key, f"{what} should be one of {', '.join(options)}, got {_show(value)}"
                                f"{_did_you_mean(value, options)}")
            return value
        raise AssertionError(f"field type {field_type} has no reader")

    # Effects

    def read_effect(self, table: _Table) -> dict[str, Any]:
        table.check_keys(EFFECT_FIELDS, "effect field")
        if table.string("text") is None:
            table.fail(None, 'an effect needs its Oracle wording (text = "...")')
        if self.player(table, "controller") is None:
            table.fail(None, f'an effect needs a controller (controller = "{self.players[0]}")')
        table.count("timestamp")
        if table.string("source") is not None:
            self.object_id(table, "source", table.data["source"])
        for referenced in table.string_list("refers") or []:
            self.object_or_player(table, "refers", referenced)
        data = dict(table.data)
        if "chosen" in data:
            data["chosen"] = self.read_chosen(table, pairs=True)
        return data


def _nesting(value: Any) -> int:
    """How deep tables and arrays nest in value (a TOML document's data), walked without recursion."""
    deepest, pending = 0, [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth + 1)
            pending.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _is_nonempty_string(value: Any) -> bool:
    return isinstance(value, str) and value != ""


def _too_large(printed: str) -> bool:
    """A printed value (power, toughness, loyalty, a mana cost) with a number too large for
    the rules' integers."""
    return any(int(digits) > MAX_NUMBER for digits in re.findall(r"[0-9]+", printed))


def _last_known_expected(key: str, value: Any) -> str | None:
    """What the last_known field key should be, when value is not that (controller and
    owner are checked as players once every player is known)."""
    if key in ("power", "toughness", "loyalty"):
        fits = (_is_int(value) and -MAX_NUMBER <= value <= MAX_NUMBER) or (
            _is_nonempty_string(value) and not _too_large(value))
        return None if fits else f'a number or a string like "3" or "*" (at most {MAX_NUMBER})'
    if key in ("tapped", "token"):
        return None if isinstance(value, bool) else "true or false"
    if key == "counters":
        fits = isinstance(value, dict) and all(map(_is_count, value.values()))
        return None if fits else f"a table like {{ charge = 2 }} of whole numbers from 0 to {MAX_NUMBER}"
    if key in ("controller", "owner"):
        return None
    return None if isinstance(value, str) else "a string"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_count(value: Any) -> bool:
    return _is_int(value) and 0 <= value <= MAX_NUMBER


COUNT = f"a whole number from 0 to {MAX_NUMBER} (the rules' integers are 32-bit)"


def _show(value: Any) -> str:
    """A value as it would be written in TOML, for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(map(_show, value)) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {_show(item)}" for key, item in value.items()) + " }"
    return str(value)


def _listing(names: Any, most: int = 12) -> str:
    names = list(names)
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def _did_you_mean(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _constant(word: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", word.lower()).strip("_")


