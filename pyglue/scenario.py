"""Scenario files: TOML -> Scenario (strictly validated) -> clingo facts.

The format is specified in the shared scenario-format.md; the facts are the
"Scenario facts" of rules_asp/VOCABULARY.md. Every error names the file and,
where it can be found in the text, the line.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, NoReturn

import clingo

from .cards import Card, CardDatabase
from .errors import MtgaspError, ScenarioError


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()  # an ask without `expect`

DEFAULT_PLAYERS = ["you", "opponent"]
ZONES = ("battlefield", "hand", "graveyard", "exile", "library", "stack", "command")
ZONES_WITH_CONTROLLER = ("battlefield", "stack")
CAST_AS = ("normal", "prototype")

TOP_LEVEL_KEYS = ("active_player", "player", "object", "ask", "effect")
PLAYER_FIELDS = ("name",)
INLINE_CARD_FIELDS = ("name", "mana_cost", "type", "text", "power", "toughness", "loyalty")
V2_OBJECT_FIELDS = (
    "token", "copy_of", "cast_as", "x", "modes", "targets", "divided", "sacrificed",
    "attached_to", "last_known",
)
COLOR_LETTERS = ("W", "U", "B", "R", "G")
OBJECT_FIELDS = (
    ("id", "card") + INLINE_CARD_FIELDS
    + ("controller", "owner", "zone", "tapped", "summoning_sick", "counters", "chosen_color")
    + V2_OBJECT_FIELDS
)
LAST_KNOWN_FIELDS = INLINE_CARD_FIELDS + ("controller", "owner", "counters", "tapped", "token")
EFFECT_FIELDS = ("text", "source", "controller", "refers")

# Each ask kind and the fields it takes besides `expect`.
V1_ASK_FIELDS = {
    "could_produce": (),
    "activate": ("ability",),
    "can_activate": ("ability",),
}
V2_ASK_FIELDS = {
    "characteristics": (),
    "can_cast": ("as", "without_paying_mana_cost", "x"),
    "can_target": ("target", "ability"),
    "resolves": (),
    "copy": ("controller", "new_targets"),
    "copy_permanent": ("controller",),
    "triggers": (),
    "can_attach": ("to",),
}
# Fields this project adds to the spec's asks (README, "Scenario files").
EXTENSION_ASK_FIELDS = {
    "can_cast": ("during", "alternative_cost", "additional_cost"),
    "resolves": ("ability",),
}
V2_ASK_FIELDS = {kind: fields + EXTENSION_ASK_FIELDS.get(kind, ()) for kind, fields in V2_ASK_FIELDS.items()}
ASK_FIELDS = V1_ASK_FIELDS | V2_ASK_FIELDS
TRIGGERS_FIELDS = ("kind", "object", "player")
TRIGGER_KINDS = ("cast", "copy", "sacrifice", "enters", "dies", "attacks", "tapped_for_mana")


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
    timestamp: int
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
    chosen_color: str | None = None  # an extension: the color chosen as it entered (W U B R G)
    last_known: dict[str, Any] | None = None


@dataclass
class Ask:
    """One [[ask]]: kind is its question key (could_produce, activate...)."""

    index: int
    kind: str
    object_id: str | None  # the object asked about (a triggers ask may name none)
    ability: int | None = None
    expect: Any = MISSING
    fields: dict[str, Any] = field(default_factory=dict)  # the kind's other fields
    line: int | None = None



@dataclass
class Scenario:
    path: Path
    players: list[str]
    active_player: str
    objects: list[ObjectSpec]
    asks: list[Ask]
    effects: list[dict[str, Any]]  # [[effect]] tables as written (validated), v2


def default_id(name: str) -> str:
    """The spec's id for a name: lower case, runs of other characters than a-z0-9 -> `_`, stripped."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def load_scenario(path: str | Path, cards: CardDatabase) -> Scenario:
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise MtgaspError(f"{path}: cannot read the scenario ({error.strerror})") from None
    except UnicodeDecodeError as error:
        raise ScenarioError(path, None, f"not UTF-8 text ({error.reason} at byte {error.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _toml_error(path, text, error) from None
    return _ScenarioReader(path, text, cards).read(data)


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
        return self.get(key, _is_count, "a whole number >= 0", default)

    def positive(self, key: str, default: Any = None) -> Any:
        return self.get(key, lambda v: _is_count(v) and v > 0, "a whole number >= 1", default)

    def printed_value(self, key: str) -> str | None:
        """power, toughness, loyalty: as printed ("*" possible); a number is accepted too."""
        value = self.get(key, lambda v: _is_nonempty_string(v) or _is_int(v), 'a string like "2" or "*"')
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
                    self.fail(key, f"'{key}': '{name}' should be a whole number >= 0, got {_show(number)}")
        return value


class _ScenarioReader:
    def __init__(self, path: Path, text: str, cards: CardDatabase):
        self.path = path
        self.source = _SourceLines(text)
        self.cards = cards
        self.players: list[str] = []
        self.ids: dict[str, ObjectSpec] = {}

    def read(self, data: dict[str, Any]) -> Scenario:
        top = _Table(self, None, 0, data)
        top.check_keys(TOP_LEVEL_KEYS, "top-level key")
        self.players = players = self.read_players(self.tables(top, "player"))
        active_player = top.string("active_player", players[0])
        if active_player not in players:
            top.fail("active_player", f"active_player {_show(active_player)} is not a player; "
                                      f"the players are: {', '.join(players)}")
        object_tables = self.tables(top, "object")
        objects = [self.read_object(table, number) for number, table in enumerate(object_tables, 1)]
        self.assign_ids(objects, object_tables)
        self.ids = {obj.id: obj for obj in objects}
        for obj, table in zip(objects, object_tables):
            self.check_object_references(obj, table)
        for obj, table in zip(objects, object_tables):
            self.check_copy_chain(obj, table)
        asks = [self.read_ask(table, number) for number, table in enumerate(self.tables(top, "ask"), 1)]
        effects = [self.read_effect(table) for table in self.tables(top, "effect")]
        return Scenario(self.path, players, active_player, objects, asks, effects)

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

    def read_object(self, table: _Table, timestamp: int) -> ObjectSpec:
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
        return ObjectSpec(
            id=explicit_id or "",  # default ids are given once every object is read
            card=card,
            controller=controller,
            owner=owner,
            zone=zone,
            tapped=table.boolean("tapped"),
            summoning_sick=table.boolean("summoning_sick"),
            counters=table.count_table("counters") or {},
            timestamp=timestamp,
            line=table.line(),
            token=table.boolean("token"),
            copy_of=table.string("copy_of"),
            cast_as=table.one_of("cast_as", CAST_AS),
            x=table.count("x"),
            modes=table.get("modes", lambda v: isinstance(v, list) and all(_is_count(m) and m > 0 for m in v),
                            "a list of mode numbers from 1"),
            targets=table.string_list("targets"),
            divided=table.count_table("divided"),
            sacrificed=table.string_list("sacrificed"),
            attached_to=table.string("attached_to"),
            last_known=self.read_last_known(table),
            chosen_color=table.one_of("chosen_color", COLOR_LETTERS),
        )

    def object_card(self, table: _Table) -> Card | None:
        inline = [key for key in INLINE_CARD_FIELDS if key in table.data]
        card_name = table.string("card")
        if card_name is not None:
            if inline:
                table.fail(inline[0], f"an object has either card = ... or inline fields ({', '.join(inline)}), "
                                      "not both: drop card to describe it inline")
            try:
                return self.cards.lookup(card_name)
            except MtgaspError as error:
                table.fail("card", str(error))
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

    def inline_card(self, table: _Table) -> Card:
        name, type_line = table.string("name"), table.string("type")
        if name is None:
            table.fail(None, 'an inline object needs a name (name = "Test Grove")')
        if type_line is None:
            table.fail(None, 'an inline object needs its type line (type = "Land")')
        return Card(
            name=name,
            mana_cost=table.get("mana_cost", lambda v: isinstance(v, str), 'a string like "{2}{G}"') or None,
            type_line=type_line,
            text=table.get("text", lambda v: isinstance(v, str), "a string", ""),
            power=table.printed_value("power"),
            toughness=table.printed_value("toughness"),
            loyalty=table.printed_value("loyalty"),
        )

    def read_last_known(self, table: _Table) -> dict[str, Any] | None:
        value = table.get("last_known", lambda v: isinstance(v, dict), "a table like { power = 3 }")
        if value is not None:
            for key in value:
                if key not in LAST_KNOWN_FIELDS:
                    table.fail("last_known", f"unknown field '{key}' in last_known{_did_you_mean(key, LAST_KNOWN_FIELDS)}; "
                                             f"expected some of: {', '.join(LAST_KNOWN_FIELDS)}")
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
                taken[obj.id] = table
        for obj, table in zip(objects, tables):
            if not obj.id:
                base = default_id(obj.card.name)
                if not base:
                    table.fail(None, f"cannot make an id from the name {_show(obj.card.name)}; give one (id = \"...\")")
                candidate, number = base, 1
                while candidate in taken:
                    number += 1
                    candidate = f"{base}_{number}"
                obj.id = candidate
                taken[candidate] = table

    def object_id(self, table: _Table, key: str, value: str) -> str:
        if value not in self.ids:
            table.fail(key, f"'{key}' names unknown object {_show(value)}{_did_you_mean(value, self.ids)}; "
                            f"the ids are: {', '.join(self.ids) or 'none'}")
        return value

    def object_or_player(self, table: _Table, key: str, value: str) -> str:
        if value not in self.ids and value not in self.players:
            choices = list(self.ids) + self.players
            table.fail(key, f"'{key}' names {_show(value)}, which is neither an object id nor a player"
                            f"{_did_you_mean(value, choices)}; expected one of: {', '.join(choices)}")
        return value

    def check_object_references(self, obj: ObjectSpec, table: _Table) -> None:
        for key in ("copy_of", "attached_to"):
            referenced = getattr(obj, key)
            if referenced is not None:
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
        """copy_of may chain (707.3) but not loop."""
        seen = [obj.id]
        current = obj
        while current.copy_of is not None:
            if current.copy_of in seen:
                table.fail("copy_of", "copy_of makes a loop: " + " -> ".join(seen + [current.copy_of]))
            seen.append(current.copy_of)
            current = self.ids[current.copy_of]

    # Asks

    def read_ask(self, table: _Table, index: int) -> Ask:
        kinds = [key for key in table.data if key in ASK_FIELDS]
        if len(kinds) != 1:
            found = f"found {', '.join(kinds)}" if kinds else "found none"
            table.fail(kinds[1] if kinds else None,
                       f"an [[ask]] asks exactly one question ({', '.join(ASK_FIELDS)} = ID); {found}")
        kind = kinds[0]
        allowed = (kind,) + ASK_FIELDS[kind] + ("expect",)
        for key in table.data:
            if key not in allowed and any(key in fields for fields in ASK_FIELDS.values()):
                table.fail(key, f"'{key}' is not a field of {kind} asks; expected: {', '.join(allowed[1:])}")
        table.check_keys(allowed, "ask field")
        fields: dict[str, Any] = {}
        if kind == "triggers":
            object_id = self.read_triggers(table, fields)
        else:
            object_id = self.object_id(table, kind, table.get(kind, _is_nonempty_string, "an object id (a string)"))
        for key in ASK_FIELDS[kind]:
            if key in table.data:
                fields[key] = self.ask_field(table, key)
        return Ask(
            index=index,
            kind=kind,
            object_id=object_id,
            ability=fields.pop("ability", None),
            expect=table.data.get("expect", MISSING),
            fields=fields,
            line=table.line(),
        )

    def read_triggers(self, table: _Table, fields: dict[str, Any]) -> str | None:
        """`triggers = { kind = "cast", object = ID, player = NAME }`: the event asked about."""
        event = table.get("triggers", lambda v: isinstance(v, dict),
                          'a table like { kind = "cast", object = "ID" }')
        event_table = _Table(self, table.kind, table.index, event)
        for key in event:
            if key not in TRIGGERS_FIELDS:
                table.fail("triggers", f"unknown field '{key}' in triggers; expected: {', '.join(TRIGGERS_FIELDS)}")
        kind = event.get("kind")
        if not _is_nonempty_string(kind):
            table.fail("triggers", f"triggers needs kind = \"cast\" (or sacrifice, enters...), got {_show(kind)}")
        if kind not in TRIGGER_KINDS:
            table.fail("triggers", f"unknown triggers kind {_show(kind)}{_did_you_mean(kind, TRIGGER_KINDS)}; "
                                   f"expected one of: {', '.join(TRIGGER_KINDS)}")
        fields["kind"] = kind
        object_id = event.get("object")
        if object_id is not None:
            if not _is_nonempty_string(object_id):
                table.fail("triggers", f"triggers object should be an object id, got {_show(object_id)}")
            self.object_id(table, "triggers", object_id)
        if "player" in event:
            fields["player"] = self.player(event_table, "player", event["player"])
        return object_id

    def ask_field(self, table: _Table, key: str) -> Any:
        if key == "ability":
            return table.positive(key)
        if key == "as":
            return table.one_of(key, CAST_AS)
        if key == "without_paying_mana_cost":
            return table.boolean(key)
        if key == "x":
            return table.count(key)
        if key == "controller":
            return self.player(table, key)
        if key == "target":
            return self.object_or_player(table, key, table.string(key))
        if key in ("to", "during"):
            return self.object_id(table, key, table.string(key))
        if key in ("alternative_cost", "additional_cost"):
            return table.string(key)
        if key == "new_targets":
            return [self.object_or_player(table, key, value) for value in table.string_list(key)]
        raise AssertionError(f"ask field {key} has no reader")

    # Effects

    def read_effect(self, table: _Table) -> dict[str, Any]:
        table.check_keys(EFFECT_FIELDS, "effect field")
        if table.string("text") is None:
            table.fail(None, 'an effect needs its Oracle wording (text = "...")')
        if self.player(table, "controller") is None:
            table.fail(None, f'an effect needs a controller (controller = "{self.players[0]}")')
        if table.string("source") is not None:
            self.object_id(table, "source", table.data["source"])
        for referenced in table.string_list("refers") or []:
            self.object_or_player(table, "refers", referenced)
        return dict(table.data)


def _is_nonempty_string(value: Any) -> bool:
    return isinstance(value, str) and value != ""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_count(value: Any) -> bool:
    return _is_int(value) and value >= 0


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


def _did_you_mean(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


# Facts


_NUMBER = re.compile(r"-?\d+")


def scenario_facts(scenario: Scenario) -> list[clingo.Symbol]:
    """The "Scenario facts" of VOCABULARY.md, plus the facts of each object's type line and text."""
    facts: list[clingo.Symbol] = []

    def fact(predicate: str, *arguments: clingo.Symbol) -> None:
        facts.append(clingo.Function(predicate, arguments))

    String, Number, Constant = clingo.String, clingo.Number, clingo.Function

    for seat, player in enumerate(scenario.players, 1):
        fact("player", String(player))
        fact("seat", String(player), Number(seat))
    fact("active_player", String(scenario.active_player))

    objects = {obj.id: obj for obj in scenario.objects}
    for obj in scenario.objects:
        o = String(obj.id)
        fact("object", o)
        fact("zone", o, Constant(obj.zone))
        if obj.controller is not None:
            fact("controller", o, String(obj.controller))
        fact("owner", o, String(obj.owner))
        if obj.tapped:
            fact("tapped", o)
        if obj.summoning_sick:
            fact("summoning_sick", o)
        if obj.token:
            fact("token", o)
        if obj.attached_to is not None:
            fact("attached", o, String(obj.attached_to))
        if obj.chosen_color is not None:
            fact("chosen_color", o, Constant(obj.chosen_color.lower()))
        for kind, number in obj.counters.items():
            fact("counter", o, String(kind), Number(number))
        fact("timestamp", o, Number(obj.timestamp))
        if obj.card is not None:
            card = obj.card
            fact("name", o, String(card.name))
            for predicate, value in (
                ("printed_mana_cost", card.mana_cost),
                ("printed_power", card.power),
                ("printed_toughness", card.toughness),
                ("printed_loyalty", card.loyalty),
            ):
                if value:
                    fact(predicate, o, String(value))
                    if _NUMBER.fullmatch(value):
                        fact(predicate + "_number", o, Number(int(value)))
            if obj.copy_of is None:
                facts.extend(card_text_facts(obj.id, card))
        if obj.copy_of is not None:
            fact("copy_of", o, String(obj.copy_of))
            facts.extend(copied_text_facts(obj, objects))
        if obj.cast_as == "prototype":
            fact("cast_prototyped", o)
        if obj.x is not None:
            fact("x_value", o, Number(obj.x))
        for mode in obj.modes or []:
            fact("chosen_mode", o, Number(mode))
        for position, target in enumerate(obj.targets or [], 1):
            fact("chosen_target", o, Number(position), String(target))
        for target, amount in (obj.divided or {}).items():
            fact("divided", o, String(target), Number(amount))
        for paid in obj.sacrificed or []:
            fact("sacrificed", o, String(paid))
        for key, value in (obj.last_known or {}).items():
            if key in ("power", "toughness", "loyalty") and _NUMBER.fullmatch(str(value)):
                fact("last_known", o, Constant(key), Number(int(value)))

    timestamp = len(scenario.objects)
    for number, effect in enumerate(scenario.effects, 1):
        facts.extend(effect_facts(number, effect, timestamp + number))

    for ask in scenario.asks:
        facts.extend(ask_facts(scenario, ask))
    return facts


# Facts of a card's type line and mana cost: a copy's come from the rules (copy.lp).
_CARD_FACTS = ("printed_card_type", "printed_supertype", "printed_subtype", "printed_mana_symbol",
               "unparsed_mana_cost")


def copied_text_facts(obj: ObjectSpec, objects: dict[str, ObjectSpec]) -> list[clingo.Symbol]:
    """An object with copy_of is described by what it copies: the abilities of the text of
    the card its copy_of chain ends at, as abilities of its own (ab(ID, N)), so that each
    copy's abilities are distinct from the original's; `copied_ability(ID, N, A)` lists
    them. Which values the copy has is for the rules to say (copy.lp)."""
    root = obj
    while root.copy_of is not None:
        root = objects[root.copy_of]
    facts = []
    for symbol in card_text_facts(obj.id, root.card):
        if symbol.name == "printed_ability":
            facts.append(clingo.Function("copied_ability", symbol.arguments))
        elif symbol.name not in _CARD_FACTS:
            facts.append(symbol)
    return facts


def effect_facts(number: int, effect: dict[str, Any], timestamp: int) -> list[clingo.Symbol]:
    """An [[effect]] in force: fx(N), its controller, source, referents and its text's facts,
    parsed as the text of a resolved spell."""
    from grammar import parse_card

    fx = clingo.Function("fx", [clingo.Number(number)])
    facts = [clingo.Function("effect_in_force", [fx]),
             clingo.Function("controller", [fx, clingo.String(effect["controller"])]),
             clingo.Function("timestamp", [fx, clingo.Number(timestamp)])]
    if "source" in effect:
        facts.append(clingo.Function("effect_source", [fx, clingo.String(effect["source"])]))
    for position, referent in enumerate(effect.get("refers", []), 1):
        facts.append(clingo.Function("refers", [fx, clingo.Number(position), clingo.String(referent)]))
    parsed = parse_card(_STAND_IN_ID.string, "this effect", effect["text"], types=("sorcery",))
    for symbol in parsed.facts:
        symbol = _replace_symbol(symbol, _STAND_IN_ID, fx)
        if symbol.name == "printed_ability":
            facts.append(clingo.Function("effect_ability", [fx, symbol.arguments[2]]))
        else:
            facts.append(symbol)
    return facts


def ask_facts(scenario: Scenario, ask: Ask) -> list[clingo.Symbol]:
    """ask(I, Q) and the ask's options (VOCABULARY.md, "Asks")."""
    String, Number, Function = clingo.String, clingo.Number, clingo.Function
    i = Number(ask.index)
    o = String(ask.object_id) if ask.object_id is not None else Function("none")
    objects = {obj.id: obj for obj in scenario.objects}
    ability = Number(ask.ability) if ask.ability is not None else Function("only")
    facts = []

    def owner_or_controller(object_id: str) -> str:
        obj = objects[object_id]
        return obj.controller or obj.owner

    if ask.kind == "could_produce":
        question = Function("could_produce", [o])
    elif ask.kind in ("activate", "can_activate"):
        question = Function(ask.kind, [o, ability])
    elif ask.kind == "characteristics":
        question = Function(ask.kind, [o])
    elif ask.kind == "can_cast":  # cast by the card's owner
        question = Function(ask.kind, [o, String(objects[ask.object_id].owner)])
    elif ask.kind == "resolves":
        question = Function("resolves", [o, ability if ask.ability is not None else Function("spell")])
    elif ask.kind == "can_target":
        question = Function("can_target", [o, String(ask.fields["target"]), ability])
    elif ask.kind in ("copy", "copy_permanent"):
        player = ask.fields.get("controller") or owner_or_controller(ask.object_id)
        question = Function(ask.kind, [o, String(player)])
        for position, target in enumerate(ask.fields.get("new_targets", []), 1):
            facts.append(Function("ask_new_target", [i, Number(position), String(target)]))
    elif ask.kind == "can_attach":
        question = Function("can_attach", [o, String(ask.fields["to"])])
    elif ask.kind == "triggers":
        player = ask.fields.get("player") or (owner_or_controller(ask.object_id) if ask.object_id else None)
        question = Function("triggers", [Function(ask.fields["kind"]), o,
                                         String(player) if player else Function("none")])
    else:
        raise AssertionError(f"no facts for ask kind {ask.kind}")
    facts.append(Function("ask", [i, question]))
    for key in ("as", "without_paying_mana_cost", "x", "during", "alternative_cost", "additional_cost"):
        if key in ask.fields:
            value = ask.fields[key]
            term = (Number(value) if isinstance(value, int) and not isinstance(value, bool)
                    else Function("true" if value is True else "false") if isinstance(value, bool)
                    else String(value) if key == "during" else Function(_constant(value)))
            facts.append(Function("ask_option", [i, Function(key), term]))
    return facts


def _constant(word: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", word.lower()).strip("_")


# Parsing card text is the slow part, and a scenario often has several copies of a
# card: the facts are parsed once per card with a stand-in id, then re-keyed.
_STAND_IN_ID = clingo.String("#object")  # ids cannot contain '#', so no real id matches
_card_text_cache: dict[tuple, list[clingo.Symbol]] = {}


def card_text_facts(object_id: str, card: Card) -> list[clingo.Symbol]:
    """The grammar's facts for the card's type line and Oracle text, about object_id."""
    from grammar import parse_card, parse_mana_cost, parse_type_line  # imported when first needed

    key = (parse_card, parse_type_line, card.name, card.type_line, card.text)
    template = _card_text_cache.get(key)
    if template is None:
        stand_in = _STAND_IN_ID.string
        template = list(parse_type_line(stand_in, card.type_line)) + parse_mana_cost(stand_in, card.mana_cost)
        types, supertypes = card_types(card.type_line)
        template += parse_card(stand_in, card.name, card.text, types=types, supertypes=supertypes).facts
        _card_text_cache[key] = template
    return [_replace_symbol(symbol, _STAND_IN_ID, clingo.String(object_id)) for symbol in template]


def card_types(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The card types and supertypes of a type line, as the grammar names them."""
    from grammar import parse_type_line

    facts = parse_type_line("", type_line)
    return tuple(tuple(str(f.arguments[1]) for f in facts if f.name == predicate)
                 for predicate in ("printed_card_type", "printed_supertype"))


def _replace_symbol(symbol: clingo.Symbol, old: clingo.Symbol, new: clingo.Symbol) -> clingo.Symbol:
    if symbol == old:
        return new
    if symbol.type == clingo.SymbolType.Function and symbol.arguments:
        return clingo.Function(
            symbol.name, [_replace_symbol(argument, old, new) for argument in symbol.arguments], symbol.positive
        )
    return symbol
