"""Reading the stable model back as typed answers, one per ask.

Nothing here decides a game rule. Each ask kind's rule file gives its answer
as facts (answer/3, answer_item/4, ask_error/2, forbidden/2; VOCABULARY.md,
"Answers"), and the kind's schema entry (rules_asp/asks/schema.toml) says
the type of each answer key; this module only assembles them. One
post-processor counts: the paths of an event graph (`event_outcomes`).
"""

from __future__ import annotations

import gc
import json
import re
import string
from array import array
from collections import Counter, defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterator

import clingo

from . import symbols
from .errors import MtgaspError
from .scenario import Ask, Scenario
from .schema import AskKind, Schema, Shape
from .solve import SolveResult

MANA_SYMBOLS = "WUBRGC"
# The shown predicates the answers are read from; any other shown atom (an
# extra rule file's #show) is passed on as it is, under "shown".
READ = {"answer", "answer_item", "ask_error", "forbidden", "forbidden_because", "event_root", "event_step", "event_effect_class",
        "event_final", "depends_on_unparsed", "depends_on_unmodelled", "uncertain_effect", "replacement",
        "ability_number", "ask_ability", "could_produce", "outcome", "ask_subject", "ask_x",
        "copy_target", "copy_mode", "copy_cast", "does_not_resolve", "copy_divided", "copy_sacrificed",
        "copy_damage", "illegal_target", "triggered", "trigger_x", "entering_replacement", "event_result",
        "event_created", "event_sub", "event_final_chooser", "event_mana"}
# The event graph interface (VOCABULARY.md), read by EventGraph.
GRAPH = {"event_root", "event_step", "event_final", "event_effect_class"}


@dataclass
class Answer:
    ask: Ask
    data: dict[str, Any]
    warnings: list[dict[str, Any]] = field(default_factory=list)
    # rule -> the facts that made it forbid (forbidden_because/3), as terms; for --explain
    because: dict[str, list[str]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out = dict(self.data)
        if self.warnings:
            out["warnings"] = self.warnings
        return out

    def _repr_markdown_(self) -> str:
        """A notebook shows an answer as a table of its keys, each value as JSON."""
        rows = [f"| {key} | {_markdown_cell(value)} |" for key, value in self.to_json().items()]
        return "\n".join([f"**ask {self.ask.index}**", "", "| key | value |", "| --- | --- |", *rows])


def _markdown_cell(value: Any) -> str:
    """A JSON value fit for one table cell (JSON writes newlines as \\n): its pipes escaped."""
    return json.dumps(value, ensure_ascii=False).replace("|", "\\|")


# Answers write mana symbol by symbol (the format's "{G}{G}"): past this many, an error.
MAX_MANA_SYMBOLS = 100_000


def mana_string(tuple_term: clingo.Symbol) -> str:
    """m(W,U,B,R,G,C) -> "{W}{W}{G}"."""
    amounts = [argument.number for argument in tuple_term.arguments]
    if sum(amounts) > MAX_MANA_SYMBOLS:
        raise MtgaspError(f"an outcome adds {sum(amounts):,} mana: answers write mana symbol by symbol, "
                          f"and stop at {MAX_MANA_SYMBOLS:,}")
    return "".join("{%s}" % letter * amount for letter, amount in zip(MANA_SYMBOLS, amounts))


def mana_sort_key(mana: str) -> tuple:
    symbols = mana.replace("{", "").replace("}", "")
    return (len(symbols), [MANA_SYMBOLS.index(s) for s in symbols])


def rule_order(rule: str) -> list[tuple[int, str]]:
    """CR numbers in rule-book order: 302.6 < 602.5 < 602.5a < 602.10."""
    return [(int(number), letters) for number, letters in re.findall(r"(\d+)([a-z]*)", rule)]


class ModelIndex:
    """The shown atoms grouped by predicate, by ask, and, for answers, by table."""

    def __init__(self, result: SolveResult):
        self.atoms: dict[str, list[tuple[clingo.Symbol, ...]]] = defaultdict(list)
        self.unread: list[str] = []
        # by ask, or by the event an event leads to (a term: its graph is read the same way),
        # both by the key of the first argument (pyglue.symbols)
        self.per_ask: dict[tuple[str, int], list[tuple[clingo.Symbol, ...]]] = defaultdict(list)
        # the event graphs' atoms of each ask, as keys (pyglue.symbols): read by EventGraph;
        # the steps (event_step/5) grouped by state once, as Steps
        self.graph_keys: dict[tuple[str, int], list[tuple[int, ...]]] = defaultdict(list)
        symbol = symbols.symbol
        self.steps: dict[int, Steps] = {}
        read_steps = Steps.reader(self.steps)  # event_step/5's argument keys, five a step, a chunk at a time
        groups = symbols.by_name(result.keys, raw={"event_step": (5, read_steps)})
        if any(name not in READ or any(len(keys) != _ARITY.get(name, len(keys)) for keys in rows)
               for name, rows in groups.items()):  # an extra rule file's atoms: kept in the model's order
            self.unread = [str(atom) for atom in result.atoms if _unread(*symbols.name_and_arguments(atom))]
        for name, rows in groups.items():
            graph = name in GRAPH
            for keys in rows:
                first = keys[0] if keys else None
                if graph and first is not None:
                    self.graph_keys[name, first].append(tuple(keys[1:]))
                    continue
                arguments = tuple(map(symbol, keys))
                self.atoms[name].append(arguments)
                if first is not None:
                    self.per_ask[name, first].append(arguments[1:])
        self.values: dict[clingo.Symbol, dict[str, clingo.Symbol]] = defaultdict(dict)
        self.items: dict[clingo.Symbol, dict[str, list[tuple[clingo.Symbol, clingo.Symbol]]]] = \
            defaultdict(lambda: defaultdict(list))
        self.keys: dict[clingo.Symbol, dict[str, clingo.Symbol]] = defaultdict(dict)
        for row in self.atoms["answer"]:
            if len(row) == 3:
                node, key = row[0], _key_name(row[1])
                if key in self.values[node] and self.values[node][key] != row[2]:
                    raise MtgaspError(f"the rules give two values for '{key}' of {_table_name(node)}: "
                                      f"{self.values[node][key]} and {row[2]} (an extra rule file adds one?)")
                self.values[node][key] = row[2]
                self.keys[node][key] = row[1]
        for row in self.atoms["answer_item"]:
            if len(row) == 4:
                self.items[row[0]][_key_name(row[1])].append((row[2], row[3]))
        self.effect_names: dict[clingo.Symbol, str] = {}  # effect_name's, once each
        self.replacements_of: Counter[str] = Counter(
            row[1].string for row in self.atoms["replacement"] if len(row) == 2 and _is_string(row[1]))

    @staticmethod
    def ask_key(index: int | clingo.Symbol) -> int:
        """The key atoms of an ask (a number) or of an event an event leads to (a term) are read by."""
        return symbols.key(clingo.Number(index) if isinstance(index, int) else index)

    def of(self, name: str, index: int | clingo.Symbol) -> list[tuple[clingo.Symbol, ...]]:
        key = self.ask_key(index)
        if name == "event_step":
            steps = self.steps.get(key, Steps())
            return [(symbols.symbol(steps.keys[node]), symbols.symbol(effect_class), symbols.symbol(steps.keys[target]),
                     clingo.Number(left)) for node, effect_class, target, left in steps]
        if name in GRAPH:
            return [tuple(map(symbols.symbol, keys)) for keys in self.graph_keys.get((name, key), [])]
        return self.per_ask.get((name, key), [])


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection in the block: reading a model makes hundreds of
    thousands of small containers (no cycles), each of which would count towards a
    collection scanning them all again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_ARITY = {"answer": 3, "answer_item": 4, "ask_error": 2, "forbidden": 2, "forbidden_because": 3}


def _unread(name: str, keys: tuple[int, ...]) -> bool:
    """An atom no answer reads: a predicate not read, or not of the arity read."""
    return name not in READ or len(keys) != _ARITY.get(name, len(keys))


def _table_name(node: clingo.Symbol) -> str:
    return f"the answer to ask {node.number}" if node.type == clingo.SymbolType.Number else f"table {node}"


def _is_string(symbol: clingo.Symbol) -> bool:
    return symbol.type == clingo.SymbolType.String


def _key_name(symbol: clingo.Symbol) -> str:
    """An answer key's name; read once per symbol (a few keys, read over and over)."""
    name = _key_names.get(symbol._rep)
    if name is None:
        name = symbol.string if _is_string(symbol) else str(symbol)
        if len(_key_names) < _MAX_KEY_NAMES:
            _key_names[symbol._rep] = name
    return name


_key_names: dict[int, str] = {}
_MAX_KEY_NAMES = 1 << 12


def build_answers(scenario: Scenario, facts: list[clingo.Symbol], result: SolveResult,
                  max_orders: int = 20, index: ModelIndex | None = None) -> list[Answer]:
    index = index or ModelIndex(result)
    builder = _Builder(scenario, index, max_orders)
    notes = AbilityNotes(facts)
    board_warnings = [notes.about(a) for (a,) in _rows(index, "uncertain_effect", 1)]
    answers = []
    for ask in scenario.asks:
        builder.raise_ask_error(ask)
        data = builder.answer(ask)
        warnings = [notes.unparsed(a) for (a,) in index.of("depends_on_unparsed", ask.index)]
        warnings += [notes.unmodelled(a) for (a,) in index.of("depends_on_unmodelled", ask.index)]
        warnings += [w for w in board_warnings if w not in warnings]
        because: dict[str, list[str]] = defaultdict(list)
        for rule, why in sorted(index.of("forbidden_because", ask.index)):
            because[builder.plain(rule)].append(str(why))
        answers.append(Answer(ask, data, sorted(warnings, key=lambda w: (w["object"], w["ability"] or 0)),
                              dict(because)))
    builder.check_unexpected()
    return answers


def _rows(index: ModelIndex, name: str, arity: int) -> list[tuple[clingo.Symbol, ...]]:
    return [row for row in index.atoms[name] if len(row) == arity]


class _Builder:
    """One ask's answer from its facts, as its schema entry types them."""

    def __init__(self, scenario: Scenario, index: ModelIndex, max_orders: int):
        self.scenario = scenario
        self.schema: Schema = scenario.schema
        self.index = index
        self.max_orders = max_orders
        self._plain: dict[int, Any] = {}  # plain() of each symbol read, by its key
        self._tables: dict[int, clingo.Symbol | None] = {}  # the node of each table(T) read, by its key
        self.names: dict[clingo.Symbol, str] = {  # effects in force and the objects asks make, as answers name them
            clingo.Function("fx", [clingo.Number(n)]): f"effect {n}" for n in range(1, len(scenario.effects) + 1)}
        for ask in scenario.asks:
            kind = self.schema.kinds[ask.kind]
            if kind.makes:
                made = clingo.Function("hyp", [clingo.Number(ask.index)])
                self.names[made] = kind.makes.format(object=ask.object_id, index=ask.index)

    def where(self, ask: Ask) -> str:
        line = f":{ask.line}" if ask.line else ""
        return f"{self.scenario.path}{line}: ask {ask.index}"

    def raise_ask_error(self, ask: Ask) -> None:
        for (error,) in sorted(self.index.of("ask_error", ask.index)):
            if error.type == clingo.SymbolType.String:
                message = error.string
            else:
                arguments = [self.plain(argument) for argument in error.arguments]
                template = self.schema.errors.get(error.name)
                try:
                    message = template.format(None, *arguments, object=ask.object_id) if template else None
                except (IndexError, KeyError, ValueError):
                    message = None
                message = message or f"the rules say this {ask.kind} ask does not fit: {error}"
            raise MtgaspError(f"{self.where(ask)}: {message}")

    def check_unexpected(self) -> None:
        """An answer atom for an ask, or of a key, that no schema entry has: an error naming it."""
        asks = {ask.index: self.schema.kinds[ask.kind] for ask in self.scenario.asks}
        for name in ("answer", "answer_item"):
            for row in self.index.atoms[name]:
                if len(row) != _ARITY[name]:
                    raise MtgaspError(f"the rules gave {name}/{len(row)}, not {name}/{_ARITY[name]}: "
                                      f"{name}({','.join(map(str, row))})")
                node, key = row[0], _key_name(row[1])
                if node.type != clingo.SymbolType.Number:
                    continue  # a nested table: read where an answer names it
                kind = asks.get(node.number)
                if kind is None:
                    raise MtgaspError(f"the rules answer ask {node.number}, which the scenario does not have: "
                                      f"{name}({','.join(map(str, row))})")
                if key not in kind.answer:
                    raise MtgaspError(f"the rules give ask {node.number} ({kind.name}) the answer key '{key}', "
                                      f"which its schema entry does not have (keys: {', '.join(kind.answer)})")

    # Answers

    def answer(self, ask: Ask) -> dict[str, Any]:
        kind: AskKind = self.schema.kinds[ask.kind]
        data: dict[str, Any] = {"ask": ask.kind}
        if not kind.variants or ask.object_id is not None:
            data["object"] = ask.object_id
        for field_name in kind.echo:
            data[field_name] = ask.args.get(field_name)
        root = clingo.Number(ask.index)
        for key, answer_type in kind.answer.items():
            data[key] = self.typed(ask, root, key, answer_type)
        if kind.inline:
            data.update(data.pop(kind.inline) or {})
        return data

    def typed(self, ask: Ask, node: clingo.Symbol, key: str, answer_type: str) -> Any:
        value = self.index.values.get(node, {}).get(key)
        items = self.index.items.get(node, {}).get(key, [])
        kind, _, shape = answer_type.partition(":")
        if answer_type == "event_outcomes":
            return self.event_outcomes(ask)
        if answer_type == "rules":
            return sorted({str(self.plain(v)) for _, v in items}, key=rule_order)
        if kind in ("list", "sorted_list", "tables", "rules") and value is not None:
            raise MtgaspError(f"the rules give {_table_name(node)} one value for its list '{key}' "
                              f"({value}): a list is answer_item/4")
        if kind == "tables":
            tables = [self.value(v, shape) for _, v in items]
            if not all(isinstance(table, dict) for table in tables):
                raise MtgaspError(f"the rules give {_table_name(node)} an item of '{key}' that is no table "
                                  f"(answer_item(..., table(T)) expected): {[v for _, v in items]}")
            return self.sorted_tables(tables, self.schema.shapes[shape])
        if kind in ("list", "sorted_list"):
            values = [self.plain(v) for _, v in sorted(items, key=lambda item: item[0])]
            return sorted(values, key=str) if kind == "sorted_list" else values
        if value is None:
            return False if kind == "bool" else {} if kind == "map" else None
        return self.value(value, shape or None)

    def value(self, symbol: clingo.Symbol, shape: str | None = None) -> Any:
        """A table(T) value as the table of that shape (or a map); any other value plain."""
        if symbol._rep in self._plain:
            return self._plain[symbol._rep]
        node = self._tables.get(symbol._rep, False)
        if node is False:
            node = self._tables[symbol._rep] = symbol.arguments[0] if symbol.match("table", 1) else None
        if node is not None:
            return self.table(node, self.schema.shapes.get(shape) if shape else None)
        return self.plain(symbol)

    def table(self, node: clingo.Symbol, shape: Shape | None) -> dict[str, Any]:
        values = self.index.values.get(node, {})
        items = self.index.items.get(node, {})
        if shape is None:  # a map: its keys are objects, players or words
            keys = self.index.keys.get(node, {})
            return {self.name(keys[key]): self.value(value) for key, value in values.items()}
        out: dict[str, Any] = {}
        for key in list(shape.keys) + [k for k in list(values) + list(items) if k not in shape.keys]:
            if key in out:
                continue
            list_type = shape.lists.get(key)
            if key in values:
                out[key] = self.value(values[key])
            elif list_type:
                entry_shape = list_type.partition(":")[2] or None  # tables:SHAPE: a list of tables
                formatted = [self.formatted(shape, key, self.value(v, entry_shape))
                             for _, v in sorted(items.get(key, []), key=lambda item: item[0])]
                out[key] = sorted(formatted, key=str) if list_type == "sorted_list" else formatted
            elif key in shape.keys:
                out[key] = shape.defaults.get(key)
        return out

    @staticmethod
    def formatted(shape: Shape, key: str, value: Any) -> Any:
        how = shape.formats.get(key)
        if how == "type_word" and isinstance(value, str):
            return type_word(value)
        if how == "capitalized" and isinstance(value, str):
            return value[:1].upper() + value[1:]
        return value

    @staticmethod
    def sorted_tables(tables: list[dict[str, Any]], shape: Shape) -> list[dict[str, Any]]:
        def key(table: dict[str, Any]) -> tuple:
            return tuple((table.get(k) is None, str(table.get(k)) if not isinstance(table.get(k), int)
                          else f"{table.get(k):012d}") for k in shape.sort)
        return sorted(tables, key=key)

    def plain(self, symbol: clingo.Symbol) -> Any:
        """Numbers, strings, true, false and null as JSON values; an object an ask makes by
        its name; any other constant by its name, any other term as written. Read once
        per symbol (clingo interns terms: one key, one symbol)."""
        try:
            return self._plain[symbol._rep]
        except KeyError:
            value = self._plain[symbol._rep] = self._read_plain(symbol)
            return value

    def _read_plain(self, symbol: clingo.Symbol) -> Any:
        if symbol.type == clingo.SymbolType.Number:
            return symbol.number
        if symbol.type == clingo.SymbolType.String:
            return symbol.string
        if symbol.match("true", 0):
            return True
        if symbol.match("false", 0):
            return False
        if symbol.match("null", 0):
            return None
        if symbol in self.names:
            return self.names[symbol]
        if symbol.match("text_changed", 3):
            return changed_text(symbol.arguments[0].string, symbol.arguments[1], symbol.arguments[2].string)
        if symbol.type == clingo.SymbolType.Function and not symbol.arguments:
            return symbol.name
        return str(symbol)

    def name(self, symbol: clingo.Symbol) -> str:
        value = self.plain(symbol)
        return value if isinstance(value, str) else str(value)

    # The one post-processor: the paths of an event graph

    def event_outcomes(self, ask: Ask) -> list[dict[str, Any]]:
        kind = self.schema.kinds[ask.kind]
        if "legal" in kind.answer and \
                self.index.values.get(clingo.Number(ask.index), {}).get("legal") != clingo.Function("true"):
            return []
        results = EventResults(self, ask.index) if kind.expect_field == "result" else None
        try:
            graph = EventGraph(self.index, ask.index, results.key if results else None,
                               results.endings if results else None)
        except MtgaspError as error:
            raise MtgaspError(f"{self.where(ask)}: {error}") from None

        # An object is named ID#N when several of its abilities have effects on this event
        # (for an event ask; for a mana event, several replacement effects at all).
        several = abilities_by_object(graph) if results else None

        names: dict[int, str] = {}  # by the key of the ability (pyglue.symbols)

        def name(key: int) -> str:
            if key not in names:
                names[key] = effect_name(self.index, symbols.symbol(key), several)
            return names[key]

        def orders(outcome: str) -> list[list[str]]:
            return [[name(key) for key in order] for order in graph.orders(outcome, self.max_orders)]

        counts = graph.outcome_counts()
        if results is None:  # a mana event: outcomes by the mana they add
            return [{"mana": mana, "order_count": count, "orders": orders(mana)}
                    for mana, count in sorted(counts.items(), key=lambda kv: mana_sort_key(kv[0]))]
        # v3: by order_count descending, then by the JSON text of the result
        outcomes = [{"result": json.loads(result), "order_count": count, "orders": orders(result)}
                    for result, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
        choosers = results.final_choosers()
        for outcome in outcomes if choosers else ():
            players = sorted(choosers.get(json.dumps(outcome["result"], sort_keys=True), ()))
            outcome["chooser"] = players[0] if len(players) == 1 else players
        return outcomes


class EventResults:
    """What each outcome of an event does (`result`), from event_result/4 and
    event_created/5: a key term counters(X, K) is result["counters"][X][K]."""

    LISTS = ("types", "subtypes", "supertypes", "colors", "abilities")

    def __init__(self, builder: "_Builder", ask_index: int | clingo.Symbol):
        self.builder = builder
        self.index = builder.index
        self.ask_index = ask_index
        self.subs: dict[clingo.Symbol, list[tuple[clingo.Symbol, int]]] = defaultdict(list)
        for node, event, start in builder.index.of("event_sub", ask_index):
            self.subs[node].append((event, start.number))
        self._contained: dict[clingo.Symbol, Counter[str]] = {}
        self.tables: dict[clingo.Symbol, dict[str, Any]] = defaultdict(dict)
        for node, key, value in builder.index.of("event_result", ask_index):
            table = self.tables[node]
            path = [key.name] + [builder.name(argument) for argument in key.arguments]
            for part in path[:-1]:
                table = table.setdefault(part, {})
            table[path[-1]] = _linear(value) or builder.plain(value)
        groups: dict[clingo.Symbol, dict[clingo.Symbol, dict[str, Any]]] = defaultdict(dict)
        for node, group, key, value in builder.index.of("event_created", ask_index):
            entry = groups[node].setdefault(group, {})
            entry[key.name] = self.created_value(key.name, value)
        for node, entries in groups.items():
            created = sorted(entries.values(), key=lambda entry: json.dumps(entry, sort_keys=True))
            self.tables[node]["created"] = created

    def final_choosers(self) -> dict[str, set[str]]:
        """For an event a redirect may give to another player (event_final_chooser/3):
        the players who choose for it as it finally is, by the outcomes they end with."""
        choosers: dict[str, set[str]] = defaultdict(set)
        for node, player in self.index.of("event_final_chooser", self.ask_index):
            for result in self.endings(node):
                choosers[result].add(self.builder.name(player))
        return choosers

    def created_value(self, key: str, value: clingo.Symbol) -> Any:
        if key == "characteristics" and value.match("token", 1):
            return token_characteristics(value.arguments[0])
        if key == "characteristics":
            return self.builder.value(value, "characteristics")
        return _linear(value) or self.builder.plain(value)

    def key(self, node: clingo.Symbol) -> str:
        return json.dumps(self.tables.get(node, {}), sort_keys=True)

    def endings(self, node: clingo.Symbol) -> Counter[str]:
        """The outcomes a final node ends with, in how many ways: its own result, combined
        with each outcome of every event it leads to (their ways multiply)."""
        combined: Counter[str] = Counter({self.key(node): 1})
        for event, start in self.subs.get(node, ()):
            following = self.contained(event)
            combined = Counter({_merged(mine, _started(theirs, start)): ways * more
                                for mine, ways in combined.items() for theirs, more in following.items()})
        return combined

    def contained(self, event: clingo.Symbol) -> Counter[str]:
        """The outcomes of an event another leads to, with their numbers as lin(X, Y)."""
        if event not in self._contained:
            results = EventResults(self.builder, event)
            self._contained[event] = EventGraph(self.index, event, results.key, results.endings).outcome_counts()
        return self._contained[event]


def _linear(value: clingo.Symbol) -> list | None:
    """lin(X, Y), the number of an event another leads to: X times its start, plus Y."""
    if value.match("lin", 2):
        return ["lin", value.arguments[0].number, value.arguments[1].number]
    return None


def _started(result: str, start: int) -> str:
    """A contained event's result with its start number: lin(X, Y) is X * start + Y (exact)."""
    def walk(value: Any) -> Any:
        if isinstance(value, list) and value[:1] == ["lin"]:
            return value[1] * start + value[2]
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        if isinstance(value, list):
            return [walk(item) for item in value]
        return value
    return json.dumps(walk(json.loads(result)), sort_keys=True)


def _merged(first: str, second: str) -> str:
    """Two results as one: numbers of one key add up, lists join; `nothing` only if both say it."""
    def merge(a: dict, b: dict) -> dict:
        out = dict(a)
        for key, value in b.items():
            if isinstance(value, dict) and isinstance(out.get(key), dict):
                out[key] = merge(out[key], value)
            elif isinstance(value, list) and isinstance(out.get(key), list):
                out[key] = sorted(out[key] + value, key=lambda entry: json.dumps(entry, sort_keys=True))
            elif isinstance(value, int) and not isinstance(value, bool) and isinstance(out.get(key), int):
                out[key] = out[key] + value
            else:
                out[key] = value
        return out
    a, b = json.loads(first), json.loads(second)
    merged = merge(a, b)
    if not (a.get("nothing") and b.get("nothing")):
        merged.pop("nothing", None)
    return json.dumps(merged, sort_keys=True)


def token_characteristics(token: clingo.Symbol) -> dict[str, Any]:
    """A token the rules describe (VOCABULARY.md, `create_token`; a predefined one as
    its definition, 111.10), as a characteristics table. Its name is the one the rules
    give (`named(Name, T)`), else its subtypes plus "Token" (111.4,
    pyglue.cards.default_token_name: clingo has no strings to join)."""
    from .cards import default_token_name

    def words(symbol: clingo.Symbol) -> list[str]:
        return [type_word(part.name) for part in symbol.arguments] if symbol.type == clingo.SymbolType.Function \
            else []
    name = None
    if token.match("named", 2):
        name, token = type_word(token.arguments[0].name), token.arguments[1]
    power, toughness, colors, subtypes, types = token.arguments[:5]
    sub = words(subtypes)
    table = {"name": name or default_token_name(sub), "types": sorted(words(types)), "subtypes": sorted(sub),
             "colors": [part.name.upper() for part in colors.arguments]}
    for key, value in (("power", power), ("toughness", toughness)):
        if value.type == clingo.SymbolType.Number:
            table[key] = value.number
        elif not value.match("none", 0):  # a noncreature token has none (111.10)
            table[key] = str(value)
    return table



def effect_name(index: ModelIndex, ability: clingo.Symbol, several: Counter | None = None) -> str:
    if several is not None:  # named for one event's effects
        return _effect_name(index, ability, several)
    if ability not in index.effect_names:
        index.effect_names[ability] = _effect_name(index, ability)
    return index.effect_names[ability]


def abilities_by_object(graph: "EventGraph") -> Counter:
    """How many abilities of each object have effects in an event's graph (an object
    with several is named ID#N in the answers)."""
    abilities = {_granting(a) for members in graph.members.values() for a in members}
    return Counter(a.arguments[0] for a in abilities if a.match("ab", 2))


def _granting(ability: clingo.Symbol) -> clingo.Symbol:
    """The printed ability a quoted one comes from: sub(A, K) (All Slivers have "...") is A's;
    an instance of an ability (instance(A, Src), 113.2c) is A's."""
    if ability.match("instance", 2):
        ability = ability.arguments[0]
    while ability.match("sub", 2):
        ability = ability.arguments[0]
    return ability


def _effect_name(index: ModelIndex, ability: clingo.Symbol, several: Counter | None = None) -> str:
    """A replacement effect is named by its object's id, with #N when it has several, or
    `effect N` for the N-th [[effect]] (spec); an ability granted by another's quoted text
    (sub(A, K)) is named as the ability A that grants it; one of several instances of an
    ability (113.2c: granted to several objects) as the ability, "@" the object that has it."""
    if ability.match("instance", 2):
        holder = ability.arguments[1]
        return _effect_name(index, ability.arguments[0], several) + "@" + (
            holder.string if _is_string(holder) else str(holder))
    ability = _granting(ability)
    if ability.match("ab", 2) and _is_string(ability.arguments[0]):
        obj, number = ability.arguments
        if (several[obj] if several is not None else index.replacements_of[obj.string]) > 1:
            return f"{obj.string}#{number}"
        return obj.string
    if ability.match("ab", 2) and ability.arguments[0].match("fx", 1):
        return f"effect {ability.arguments[0].arguments[0]}"
    return str(ability)


@lru_cache(maxsize=None)
def _type_words() -> dict[str, str]:
    from grammar import constant_name, lexicon

    words = ["Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker",
             "Sorcery", "Conspiracy", "Dungeon", "Emblem", "Hero", "Phenomenon", "Plane", "Scheme", "Vanguard",
             "Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"]
    for name in dir(lexicon):
        if name.endswith("_TYPES"):
            words.extend(getattr(lexicon, name))
    return {constant_name(word): word for word in words}


def changed_text(text: str, pairs: clingo.Symbol, name: str = "") -> str:
    """An ability's text with the words a text-changing effect replaced (rules_asp/
    characteristics.lp decides which: pairs is ((From, To), Rest) down to ()): each word
    written in place of the other, all at once, also inside "nonblack", "Swamps" and
    "swampwalk"; the first letter keeps its case; the object's name stays as it is."""
    if name and name in text:
        return name.join(changed_text(part, pairs) for part in text.split(name))
    words: dict[str, str] = {}
    while pairs.arguments:
        pair, pairs = pairs.arguments
        old, new = pair.arguments
        words[_word_text(old).lower()] = _word_text(new)
    if not words:
        return text
    pattern = re.compile(r"(?<![A-Za-z])(?:(an?) )?(non-?)?(" + "|".join(map(re.escape, words)) +
                         r")(?=(?:s|walk)?(?![A-Za-z]))", re.IGNORECASE)

    def replace(match: re.Match) -> str:
        article, non, old = match.groups()
        new = words[old.lower()]
        new = new[:1].upper() + new[1:] if old[:1].isupper() else new[:1].lower() + new[1:]
        if article and not non:  # "a Swamp" -> "an Island"
            article = article[0] + ("n" if new[:1].lower() in "aeiou" else "")
        return (article + " " if article else "") + (non or "") + new
    return pattern.sub(replace, text)


def _word_text(symbol: clingo.Symbol) -> str:
    return symbol.string if symbol.type == clingo.SymbolType.String else type_word(symbol.name)


def type_word(constant: str) -> str:
    """A type constant as printed: `urza_s` -> "Urza's"; unknown ones are capitalised."""
    return _type_words().get(constant) or string.capwords(constant.replace("_", " "))


class Steps:
    """The steps (event_step/5) of one ask's graph as read: its states numbered in the
    order met (`keys`: each number's key, pyglue.symbols), the steps from each as one
    flat list class, target, left, class, target, left...: no tuple or new number per
    step (a graph of millions of steps fits where its atoms did)."""

    __slots__ = ("ids", "keys", "out", "classes")
    NONE: tuple = ()  # the steps of a state with none

    def __init__(self) -> None:
        self.ids: dict[int, int] = {}
        self.keys: list[int] = []
        self.out: list[list[int] | tuple] = []
        self.classes: dict[int, int] = {}  # each class's key, kept once

    @classmethod
    def reader(cls, graphs: dict[int, "Steps"]) -> Callable[[array], None]:
        """What adds to `graphs` (the steps of each graph, by the key of its ask or of the
        event an event leads to) the steps of a chunk of event_step/5's argument keys:
        ask, node, class, target, left, ask..."""
        number, none = symbols.number, cls.NONE
        lefts: dict[int, int | None] = {}  # a step's Left: key -> number, a few keys

        def add(flat: array) -> None:
            ask_now = None
            columns = iter(flat)
            for ask, node, effect_class, target, left in zip(columns, columns, columns, columns, columns):
                if ask != ask_now:  # (a few times: the steps of a graph mostly come together)
                    graph = graphs.get(ask)
                    if graph is None:
                        graph = graphs[ask] = cls()
                    ask_now, ids, state, out, classes = ask, graph.ids, graph.id, graph.out, graph.classes
                source = ids.get(node)
                if source is None:
                    source = state(node)
                to = ids.get(target)
                if to is None:
                    to = state(target)
                row = out[source]
                if row is none:
                    row = out[source] = []
                count = lefts.get(left)
                if count is None:
                    count = lefts[left] = number(left)
                row += (classes.setdefault(effect_class, effect_class), to, count)

        return add

    def id(self, key: int) -> int:
        """The number of a state, given one if it is new."""
        number = self.ids.get(key)
        if number is None:
            number = self.ids[key] = len(self.keys)
            self.keys.append(key)
            self.out.append(self.NONE)
        return number

    def __iter__(self) -> Iterator[tuple[int, int, int, int]]:
        """(state, class, target, left) of each step, states as numbers."""
        for node, row in enumerate(self.out):
            for i in range(0, len(row), 3):
                yield node, row[i], row[i + 1], row[i + 2]


class EventGraph:
    """The states one ask's event can pass through (616.1), from the model: any
    producer of event_root/3, event_step/5, event_final/4 and event_effect_class/3.

    A step stands for any of the `left` interchangeable effects of its class
    not applied yet; order_count of a result = the number of (choice, order,
    trigger choice) sequences that end with it, computed over states in one
    pass over the edges, never over orders; Python integers, so exact at any size.
    States are the keys of their terms outside (roots, endings, edges, orders_from)
    and their numbers in Steps inside.
    """

    def __init__(self, index: ModelIndex, ask_index: int | clingo.Symbol,
                 outcome_key: Callable[[clingo.Symbol], str] | None = None,
                 endings: Callable[[clingo.Symbol], Counter[str]] | None = None):
        """outcome_key names an outcome (by default the mana it adds); endings, if given,
        says in how many ways each final node ends with each outcome (an event that
        leads to others: their ways multiply)."""
        outcome_key = outcome_key or mana_string
        ask = index.ask_key(ask_index)
        # States and classes by their keys (pyglue.symbols): one dict lookup per edge
        self.roots = [node for _choice, node in index.graph_keys.get(("event_root", ask), [])]
        self.steps = index.steps.get(ask) or Steps()
        self.members: dict[int, list[clingo.Symbol]] = defaultdict(list)
        for effect_class, effect in sorted(index.of("event_effect_class", ask_index)):
            self.members[symbols.key(effect_class)].append(effect)
        self.endings: dict[int, Counter[str]] = defaultdict(Counter)
        named: dict[int, str] = {}
        for node, _choice, total in index.graph_keys.get(("event_final", ask), []):
            if endings is not None:
                self.endings[node].update(endings(symbols.symbol(total)))
                continue
            if total not in named:
                named[total] = outcome_key(symbols.symbol(total))
            self.endings[node][named[total]] += 1
        state = self.steps.id
        self._roots = [state(root) for root in self.roots]
        self._ends = {state(node): ends for node, ends in self.endings.items()}
        self._order: list[int] | None = None
        self._totals: list[int] | None = None
        self._outcomes: list[int] | None = None  # state -> bit set of the outcomes reachable from it
        self._sorted: dict[int, list[tuple[int, int]]] = {}  # state -> its steps in the orders' order
        self._rank: dict[int, int] | None = None  # class -> its place among the classes' terms
        self._orders: tuple[int, dict[str, list[tuple[int, ...]]]] | None = None  # (limit, orders of each outcome)
        self._keys: dict[int, list[int]] = {}  # class -> the keys of its effects, by their terms
        self._terms: dict[int, clingo.Symbol] = {}  # key -> its symbol, for sorting steps
        self._bits = {mana: 1 << n for n, mana in enumerate(sorted({m for e in self.endings.values() for m in e}))}

    @staticmethod
    def symbol(key: int) -> clingo.Symbol:
        """The state (or class) of a key of `roots`, `edges` and `endings`."""
        return symbols.symbol(key)

    @property
    def edges(self) -> dict[int, list[tuple[int, int, int]]]:
        """The steps from each state, by keys: (class, target, left)."""
        keys = self.steps.keys
        edges: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
        for node, effect_class, target, left in self.steps:
            edges[keys[node]].append((effect_class, keys[target], left))
        return dict(edges)

    def _after(self) -> list[int]:
        """The states reachable from the roots, each after every state with a step into it."""
        if self._order is not None:
            return self._order
        out = self.steps.out
        done = bytearray(len(out))
        order: list[int] = []
        finished = order.append
        for root in self._roots:
            if done[root]:
                continue
            done[root] = 1
            stack = [(root, iter(out[root][1::3]))]  # each state with the targets it has left to visit
            while stack:
                node, targets = stack[-1]
                for target in targets:
                    if not done[target]:
                        done[target] = 1
                        stack.append((target, iter(out[target][1::3])))
                        break
                else:
                    finished(node)
                    stack.pop()
        order.reverse()
        self._order = order
        return order

    def outcome_counts(self) -> Counter[str]:
        """Forward over the states: the sequences that reach each, then those that end there."""
        out, ends = self.steps.out, self._ends
        ways = [0] * len(out)
        for root in self._roots:
            ways[root] += 1
        total: Counter[str] = Counter()
        for node in self._after():
            reached = ways[node]
            if node in ends:
                for mana, count in ends[node].items():
                    total[mana] += reached * count
            row = out[node]
            for target, left in zip(row[1::3], row[2::3]):
                ways[target] += reached * left
        return total

    def _reachable(self) -> list[int]:
        """From the last states back: the bit set of the outcomes each state can end with."""
        if self._outcomes is not None:
            return self._outcomes
        out, ends, bit = self.steps.out, self._ends, self._bits
        outcomes = self._outcomes = [0] * len(out)
        for node in reversed(self._after()):
            bits = 0
            for mana in ends.get(node, ()):
                bits |= bit[mana]
            for target in out[node][1::3]:
                bits |= outcomes[target]
            outcomes[node] = bits
        return outcomes

    def orders_from(self, node: int) -> int:
        """The number of (order, trigger choice) sequences from node (a key) to a final state."""
        if self._totals is None:
            out, ends = self.steps.out, self._ends
            totals = self._totals = [0] * len(out)
            for state in reversed(self._after()):
                row = out[state]
                totals[state] = sum(ends.get(state, {}).values()) + sum(
                    row[i + 2] * totals[row[i + 1]] for i in range(0, len(row), 3))
        number = self.steps.ids.get(node)
        return 0 if number is None else self._totals[number]

    def orders(self, mana: str, limit: int) -> list[tuple[int, ...]]:
        """Up to `limit` distinct orders of effects that end with `mana` (choices merged),
        first by the effects' terms; each effect as its key (pyglue.symbols)."""
        if self._orders is None or self._orders[0] != limit:
            self._orders = (limit, self._first_orders(limit))
        return self._orders[1].get(mana, [])

    def _first_orders(self, limit: int) -> dict[str, list[tuple[int, ...]]]:
        """The orders of every outcome in one walk of the paths, in the order `orders`
        lists them: a state is entered while some outcome it can end with has fewer than
        `limit` orders (with one order each, every state once)."""
        reachable, ends, bit = self._reachable(), self._ends, self._bits
        found: dict[str, list[tuple[int, ...]]] = {mana: [] for mana in bit}
        seen: dict[str, set[tuple[int, ...]]] = {mana: set() for mana in bit}
        wanted = (1 << len(bit)) - 1 if limit > 0 else 0  # the outcomes with fewer orders than limit

        def walk(node: int, path: tuple[int, ...]) -> None:
            nonlocal wanted
            for mana in ends.get(node, ()):
                if bit[mana] & wanted and path not in seen[mana]:
                    seen[mana].add(path)
                    found[mana].append(path)
                    if len(found[mana]) >= limit:
                        wanted &= ~bit[mana]
            for effect_class, target in self._sorted_steps(node):
                for effect in self._member_keys(effect_class):
                    if not reachable[target] & wanted:
                        break
                    if effect not in path:
                        walk(target, path + (effect,))

        for root in self._roots:
            if reachable[root] & wanted:
                walk(root, ())
        return found

    def _sorted_steps(self, node: int) -> list[tuple[int, int]]:
        """The steps from a state by class, then state (as terms): the orders listed do not
        depend on the order of the atoms. Sorted once per state, by the classes' ranks
        (their terms, compared once), and by the states' terms only where a class has
        several steps."""
        steps = self._sorted.get(node)
        if steps is None:
            rank, row = self._class_rank(), self.steps.out[node]
            steps = self._sorted[node] = sorted(zip(row[0::3], row[1::3]), key=lambda step: rank[step[0]])
            if len({effect_class for effect_class, _ in steps}) < len(steps):
                term, keys = self._term, self.steps.keys
                steps.sort(key=lambda step: (rank[step[0]], term(keys[step[1]])))
        return steps

    def _class_rank(self) -> dict[int, int]:
        """Each class's place among the classes' terms."""
        if self._rank is None:
            self._rank = {key: n for n, key in enumerate(sorted(self.steps.classes, key=symbols.symbol))}
        return self._rank

    def _term(self, key: int) -> clingo.Symbol:
        """The symbol of a key, made once: a state is the target of many steps."""
        term = self._terms.get(key)
        if term is None:
            term = self._terms[key] = symbols.symbol(key)
        return term

    def _member_keys(self, effect_class: int) -> list[int]:
        keys = self._keys.get(effect_class)
        if keys is None:
            keys = self._keys[effect_class] = [symbols.key(effect) for effect in self.members.get(effect_class, ())]
        return keys


class AbilityNotes:
    """Warnings about abilities, from the facts the answer was computed from."""

    def __init__(self, facts: list[clingo.Symbol]):
        self.texts: dict[clingo.Symbol, str] = {}
        self.fragments: dict[clingo.Symbol, list[str]] = defaultdict(list)
        for fact in facts:
            name = symbols.name(fact)
            if name == "ability_text":
                self.texts[fact.arguments[0]] = fact.arguments[1].string
            elif name == "unparsed":
                self.fragments[fact.arguments[0]].append(fact.arguments[3].string)
            elif name == "unparsed_mana_cost":
                self.fragments[clingo.Function("mana_cost", [fact.arguments[0]])].append(fact.arguments[1].string)

    @staticmethod
    def _where(ability: clingo.Symbol) -> dict[str, Any]:
        """The printed ability an ability term belongs to (a quoted one: its quoting ability)."""
        while ability.match("sub", 2):
            ability = ability.arguments[0]
        if ability.match("ab", 2) and _is_string(ability.arguments[0]) \
                and ability.arguments[1].type == clingo.SymbolType.Number:
            return {"object": ability.arguments[0].string, "ability": ability.arguments[1].number}
        if ability.match("mana_cost", 1) and _is_string(ability.arguments[0]):  # the mana cost of an object
            return {"object": ability.arguments[0].string, "ability": None}
        if ability.match("ab", 2) and ability.arguments[0].match("copier", 1):  # a copy's own text (707.9)
            return {"object": ability.arguments[0].arguments[0].string, "ability": ability.arguments[1].number}
        if ability.match("ab", 2) and ability.arguments[0].match("fx", 1):  # an [[effect]], as the format names it
            return {"object": f"effect {ability.arguments[0].arguments[0]}", "ability": None}
        return {"object": str(ability), "ability": None}

    def unparsed(self, ability: clingo.Symbol) -> dict[str, Any]:
        return {**self._where(ability), "unparsed": self.fragments.get(ability, [])}

    def unmodelled(self, ability: clingo.Symbol) -> dict[str, Any]:
        return {**self._where(ability), "not_modelled": self.texts.get(ability, str(ability))}

    def about(self, ability: clingo.Symbol) -> dict[str, Any]:
        return self.unparsed(ability) if ability in self.fragments else self.unmodelled(ability)
