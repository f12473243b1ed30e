"""Reading the stable model back as typed answers, one per ask.

Nothing here decides a game rule: the rules give, for each ask, the facts of
the answer (types, forbidding rules, the graph of states a mana event can
pass through); this module only counts paths in that graph and formats.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import clingo

from .errors import MtgaspError
from .scenario import Ask, Scenario
from .answers_v2 import Subjects
from .answers_v2 import key as _key
from .answers_v2 import answer as answer_v2
from .solve import SolveResult

MANA_SYMBOLS = "WUBRGC"
TYPE_LETTERS = {name: name.upper() for name in "wubrgc"}

ASK_ERRORS = {
    "no_such_object": "there is no object with id '{object}'",
    "not_on_battlefield": "'{object}' is not on the battlefield",
    "no_such_ability": "'{object}' has no ability {arg} (it has {count})",
    "not_a_mana_ability": "ability {arg} of '{object}' is not a mana ability",
    "not_activated": "ability {arg} of '{object}' is not an activated ability",
    "no_mana_ability": "'{object}' has no mana ability",
    "several_mana_abilities": "'{object}' has several mana abilities: say which with `ability = N`",
    "no_target_ability": "'{object}' has no spell or single ability with a target: say which with `ability = N`",
    "not_a_spell": "'{object}' is not a spell on the stack (zone = \"stack\")",
    "no_such_target": "'{object}' has no target {arg} to change",
    "on_the_stack": "'{object}' is already a spell on the stack",
    "on_the_battlefield": "'{object}' is a permanent on the battlefield, not a card to cast",
    "no_object": "this triggers ask needs the object of the event (object = \"ID\")",
}


@dataclass
class Answer:
    ask: Ask
    data: dict[str, Any]
    warnings: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out = dict(self.data)
        if self.warnings:
            out["warnings"] = self.warnings
        return out


def mana_string(tuple_term: clingo.Symbol) -> str:
    """m(W,U,B,R,G,C) -> "{W}{W}{G}"."""
    amounts = [argument.number for argument in tuple_term.arguments]
    return "".join("{%s}" % letter * amount for letter, amount in zip(MANA_SYMBOLS, amounts))


def mana_sort_key(mana: str) -> tuple:
    symbols = mana.replace("{", "").replace("}", "")
    return (len(symbols), [MANA_SYMBOLS.index(s) for s in symbols])


class ModelIndex:
    """The shown atoms grouped by predicate and by ask."""

    def __init__(self, result: SolveResult):
        self.atoms: dict[str, list[tuple[clingo.Symbol, ...]]] = defaultdict(list)
        for atom in result.atoms:
            self.atoms[atom.name].append(tuple(atom.arguments))
        self.per_ask: dict[tuple[str, int], list[tuple[clingo.Symbol, ...]]] = defaultdict(list)
        for name, rows in self.atoms.items():
            for row in rows:
                if row and row[0].type == clingo.SymbolType.Number:
                    self.per_ask[name, row[0].number].append(row[1:])
        self.replacements_of: Counter[str] = Counter(row[1].string for row in self.atoms["replacement"])
        # keyed by the object's id (a string) or, for an object an ask makes, its term as text
        self.ability_numbers: dict[tuple[str, clingo.Symbol], int] = {
            (_key(o), a): n.number for o, n, a in self.atoms["ability_number"]
        }
        self.ability_counts: Counter[str] = Counter(_key(o) for o, _, _ in self.atoms["ability_number"])
        self.characteristics_of: dict[clingo.Symbol, list[tuple[clingo.Symbol, clingo.Symbol]]] = defaultdict(list)
        for obj, key, value in self.atoms["characteristic"]:
            self.characteristics_of[obj].append((key, value))
        self.types_of: dict[str, set[str]] = defaultdict(set)
        for obj, mana_type in self.atoms["could_produce"]:
            self.types_of[obj.string].add(mana_type.name)

    def of(self, name: str, index: int) -> list[tuple[clingo.Symbol, ...]]:
        return self.per_ask.get((name, index), [])


def build_answers(scenario: Scenario, facts: list[clingo.Symbol], result: SolveResult,
                  max_orders: int = 20) -> list[Answer]:
    index = ModelIndex(result)
    notes = AbilityNotes(facts)
    board_warnings = [notes.about(a) for (a,) in index.atoms["uncertain_effect"]]
    subjects = Subjects(scenario.asks)
    answers = []
    for ask in scenario.asks:
        _raise_ask_error(scenario, ask, index)
        answer = {
            "could_produce": _could_produce,
            "can_activate": _can_activate,
            "activate": lambda a, i: _activate(a, i, max_orders),
        }.get(ask.kind, lambda a, i: answer_v2(a, i, subjects, forbidding_rules(i, a.index)))(ask, index)
        warnings = [notes.unparsed(a) for (a,) in index.of("depends_on_unparsed", ask.index)]
        warnings += [notes.unmodelled(a) for (a,) in index.of("depends_on_unmodelled", ask.index)]
        warnings += [w for w in board_warnings if w not in warnings]
        answers.append(Answer(ask, answer, sorted(warnings, key=lambda w: (w["object"], w["ability"] or 0))))
    return answers


def _where(scenario: Scenario, ask: Ask) -> str:
    line = f":{ask.line}" if ask.line else ""
    return f"{scenario.path}{line}: ask {ask.index}"


def _raise_ask_error(scenario: Scenario, ask: Ask, index: ModelIndex) -> None:
    for (error,) in index.of("ask_error", ask.index):
        name = error.name
        arg = error.arguments[0].number if error.arguments else None
        message = ASK_ERRORS[name].format(object=ask.object_id, arg=arg,
                                          count=_ability_count(index, ask.object_id))
        raise MtgaspError(f"{_where(scenario, ask)}: {message}")


def _ability_count(index: ModelIndex, object_id: str) -> str:
    count = index.ability_counts.get(object_id, 0)
    return "no abilities" if count == 0 else f"abilities 1 to {count}" if count > 1 else "ability 1"


def _could_produce(ask: Ask, index: ModelIndex) -> dict[str, Any]:
    types = index.types_of[ask.object_id]
    return {"ask": "could_produce", "object": ask.object_id,
            "types": [TYPE_LETTERS[t] for t in "wubrgc" if t in types]}


def _text(symbol: clingo.Symbol) -> str:
    """A string atom's text; any other term as written (extra rule files may use constants)."""
    return symbol.string if symbol.type == clingo.SymbolType.String else str(symbol)


def rule_order(rule: str) -> list[tuple[int, str]]:
    """CR numbers in rule-book order: 302.6 < 602.5 < 602.5a < 602.10."""
    return [(int(number), letters) for number, letters in re.findall(r"(\d+)([a-z]*)", rule)]


def _legality(ask: Ask, index: ModelIndex) -> tuple[int, list[str]]:
    abilities = index.of("ask_ability", ask.index)
    if len(abilities) != 1 or (ask.object_id, abilities[0][0]) not in index.ability_numbers:
        raise MtgaspError(f"ask {ask.index}: the rules did not name the one ability it is about "
                          "(an extra rule file changed ask_ability/2 or ability_number/3?)")
    return index.ability_numbers[ask.object_id, abilities[0][0]], forbidding_rules(index, ask.index)


def forbidding_rules(index: ModelIndex, ask_index: int) -> list[str]:
    """The rule numbers the rules gave for ask ask_index (forbidden/2), in rule-book order."""
    return sorted({_text(rule) for (rule,) in index.of("forbidden", ask_index)}, key=rule_order)


def _can_activate(ask: Ask, index: ModelIndex) -> dict[str, Any]:
    number, rules = _legality(ask, index)
    return {"ask": "can_activate", "object": ask.object_id, "ability": number,
            "legal": not rules, "rules": rules}


def _activate(ask: Ask, index: ModelIndex, max_orders: int) -> dict[str, Any]:
    number, rules = _legality(ask, index)
    outcomes = []
    if not rules:
        graph = EventGraph(index, ask.index)
        for mana, count in sorted(graph.outcome_counts().items(), key=lambda kv: mana_sort_key(kv[0])):
            outcomes.append({"mana": mana, "order_count": count,
                             "orders": [[_effect_name(a, index) for a in order]
                                        for order in graph.orders(mana, max_orders)]})
    return {"ask": "activate", "object": ask.object_id, "ability": number,
            "legal": not rules, "rules": rules, "outcomes": outcomes}


def _effect_name(ability: clingo.Symbol, index: ModelIndex) -> str:
    """A replacement effect is named by its object's id, with #N when it has several (spec)."""
    if ability.name == "ab":
        obj, number = ability.arguments
        if index.replacements_of[obj.string] > 1:
            return f"{obj.string}#{number.number}"
        return obj.string
    return str(ability)


class EventGraph:
    """The states one activation's mana event can pass through (616.1), from the model.

    A step stands for any of the `left` interchangeable effects of its class
    not applied yet; order_count of a result = the number of (choice, order,
    trigger choice) sequences that end with it, computed over states, never
    over orders.
    """

    def __init__(self, index: ModelIndex, ask_index: int):
        self.roots = [node for _choice, node in index.of("event_root", ask_index)]
        self.edges: dict[clingo.Symbol, list[tuple[clingo.Symbol, clingo.Symbol, int]]] = defaultdict(list)
        for node, effect_class, target, left in index.of("event_step", ask_index):
            self.edges[node].append((effect_class, target, left.number))
        self.members: dict[clingo.Symbol, list[clingo.Symbol]] = defaultdict(list)
        for effect_class, effect in sorted(index.of("event_effect_class", ask_index)):
            self.members[effect_class].append(effect)
        self.endings: dict[clingo.Symbol, Counter[str]] = defaultdict(Counter)
        for node, _choice, total in index.of("event_final", ask_index):
            self.endings[node][mana_string(total)] += 1
        self._counts = lru_cache(maxsize=None)(self._counts_from)

    def _counts_from(self, node: clingo.Symbol) -> Counter[str]:
        counts = Counter(self.endings.get(node, {}))
        for _class, target, left in self.edges.get(node, ()):
            for mana, count in self._counts(target).items():
                counts[mana] += left * count
        return counts

    def outcome_counts(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for root in self.roots:
            total.update(self._counts(root))
        return total

    def orders(self, mana: str, limit: int) -> list[list[clingo.Symbol]]:
        """Up to `limit` distinct orders of effects that end with `mana` (choices merged)."""
        found: list[list[clingo.Symbol]] = []
        seen: set[tuple] = set()

        def walk(node: clingo.Symbol, path: list[clingo.Symbol]) -> None:
            if len(found) >= limit or not self._counts(node).get(mana):
                return
            if mana in self.endings.get(node, {}) and tuple(path) not in seen:
                seen.add(tuple(path))
                found.append(list(path))
            for effect_class, target, _left in self.edges.get(node, ()):
                for effect in self.members[effect_class]:
                    if effect not in path:
                        walk(target, path + [effect])

        for root in self.roots:
            walk(root, [])
        return found[:limit]


class AbilityNotes:
    """Warnings about abilities, from the facts the answer was computed from."""

    def __init__(self, facts: list[clingo.Symbol]):
        self.texts: dict[clingo.Symbol, str] = {}
        self.fragments: dict[clingo.Symbol, list[str]] = defaultdict(list)
        for fact in facts:
            if fact.name == "ability_text":
                self.texts[fact.arguments[0]] = fact.arguments[1].string
            elif fact.name == "unparsed":
                self.fragments[fact.arguments[0]].append(fact.arguments[3].string)

    @staticmethod
    def _where(ability: clingo.Symbol) -> dict[str, Any]:
        """The printed ability an ability term belongs to (a quoted one: its quoting ability)."""
        while ability.name == "sub":
            ability = ability.arguments[0]
        if ability.name == "ab":
            return {"object": ability.arguments[0].string, "ability": ability.arguments[1].number}
        return {"object": str(ability), "ability": None}

    def unparsed(self, ability: clingo.Symbol) -> dict[str, Any]:
        return {**self._where(ability), "unparsed": self.fragments.get(ability, [])}

    def unmodelled(self, ability: clingo.Symbol) -> dict[str, Any]:
        return {**self._where(ability), "not_modelled": self.texts.get(ability, str(ability))}

    def about(self, ability: clingo.Symbol) -> dict[str, Any]:
        return self.unparsed(ability) if ability in self.fragments else self.unmodelled(ability)
