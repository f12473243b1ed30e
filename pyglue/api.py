"""Answering a scenario, start to end, within its limits: read, facts, ground,
solve, answers. The command line and a notebook both come through here."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from .answers import Answer, ModelIndex, build_answers, gc_paused
from .cards import CardDatabase
from .errors import MtgaspError
from .facts import scenario_facts
from .scenario import Scenario, load_scenario
from .schema import Schema, load_schema
from .solve import Limits, SolveResult, solve_then, time_limit


@dataclass
class Settings:
    """What answering needs besides the scenario: the cards, extra rule files and ask
    kinds, and the limits of each file's ask."""

    cards: CardDatabase = field(default_factory=CardDatabase.from_settings)
    rules: list[Path] = field(default_factory=list)
    schemas: list[Path] = field(default_factory=list)
    allow_scripts: bool = False
    limits: Limits = field(default_factory=Limits)
    max_orders: int = 20

    def schema(self) -> Schema:
        return load_schema(self.schemas)


@dataclass
class FileAnswers:
    """The answers to one scenario, and what answering it cost and said."""

    scenario: Scenario
    answers: list[Answer]
    stats: dict[str, float]
    clingo_warnings: list[str]
    shown: list[str]  # atoms an extra rule file shows that no answer reads
    pictures: dict[int, str] = field(default_factory=dict)  # ask number -> DOT source (answer_scenario(draw=True))

    def to_json(self, file: str) -> dict[str, Any]:
        document: dict[str, Any] = {"file": file, "answers": [a.to_json() for a in self.answers]}
        if self.shown:
            document["shown"] = self.shown
        return document


def answer_scenario(source: str | Path | dict, settings: Settings, name: str = "<scenario>",
                    draw: bool = False) -> FileAnswers:
    """Every answer of one scenario (a path, TOML text or a dict), within settings.limits
    from the start: reading, facts and answers are stopped past the deadline too.
    draw: also the picture of each ask pyglue.draw can draw, made from the same solve."""
    with time_limit(settings.limits) as deadline:
        scenario = load_scenario(source, settings.cards, settings.schema(), name)
        facts = scenario_facts(scenario)

        def answers(result: SolveResult) -> tuple:
            with gc_paused():
                index = ModelIndex(result)
                built = build_answers(scenario, facts, result, settings.max_orders, index)
            return built, result.stats, result.warnings, index.unread, pictures(index, built) if draw else {}

        def pictures(index: ModelIndex, built: list[Answer]) -> dict[int, str]:
            from .draw import drawable, picture

            kinds = {answer.ask.index: scenario.schema.kinds[answer.ask.kind] for answer in built}
            return {answer.ask.index: picture(index, answer, kinds[answer.ask.index], scenario)
                    for answer in built if drawable(kinds[answer.ask.index])}

        built, stats, warnings, shown, drawn = solve_then(
            facts, answers, settings.rules, allow_scripts=settings.allow_scripts, limits=settings.limits,
            deadline=deadline)
    return FileAnswers(scenario, built, stats, warnings, shown, drawn)


# ---- The Python API: pyglue.ask, pyglue.check, pyglue.parse ---------------------

def _settings(cards: CardDatabase | str | Path | None, rules, asks, timeout: float, memory_mb: int,
              max_orders: int) -> Settings:
    if not (cards is None or isinstance(cards, (CardDatabase, str, Path))):
        raise MtgaspError(f"cards should be a CardDatabase or the path of one, got {type(cards).__name__}")
    if not isinstance(cards, CardDatabase):
        cards = CardDatabase.from_settings(cards)
    if isinstance(rules, (str, Path)) or isinstance(asks, (str, Path)):
        raise MtgaspError("rules and asks are lists of paths (rules=['house.lp'], not rules='house.lp')")
    if isinstance(max_orders, bool) or not isinstance(max_orders, int) or max_orders < 0:
        raise MtgaspError(f"max_orders should be a whole number from 0, got {max_orders!r}")
    return Settings(cards=cards, rules=[Path(p) for p in rules], schemas=[Path(p) for p in asks],
                    limits=Limits(timeout, memory_mb), max_orders=max_orders)


def _checked(scenario: Any) -> str | Path | dict:
    if not isinstance(scenario, (str, Path, dict)):
        raise MtgaspError(f"a scenario is a path, TOML text or a dict, got {type(scenario).__name__}")
    return scenario


def ask(scenario: str | Path | dict, cards: CardDatabase | str | Path | None = None, rules=(), asks=(),
        timeout: float = 30, memory_mb: int = 4096, max_orders: int = 20) -> list[Answer]:
    """The answers to a scenario's asks. scenario: a file's path, TOML text or a dict as
    tomllib gives; cards: a CardDatabase or the path of one (default: as `mtgasp ask`);
    rules, asks: extra rule files and ask kinds (lists of paths). Bad input raises
    MtgaspError with the message the command line prints."""
    settings = _settings(cards, rules, asks, timeout, memory_mb, max_orders)
    return answer_scenario(_checked(scenario), settings).answers


@dataclass
class CheckResult:
    """The asks of a scenario with an `expect`: those whose answer meets it, and those
    whose answer does not, each with (expected, got) as `mtgasp check` prints them."""

    passed: list[Answer]
    failed: list[tuple[Answer, Any, Any]]

    @property
    def ok(self) -> bool:
        return not self.failed


def check(scenario: str | Path | dict, cards: CardDatabase | str | Path | None = None, rules=(), asks=(),
          timeout: float = 30, memory_mb: int = 4096) -> CheckResult:
    """The answers compared with the expectations of the scenario's asks (as `mtgasp check`)."""
    from .expectations import compare
    from .scenario import MISSING

    answered = answer_scenario(_checked(scenario), _settings(cards, rules, asks, timeout, memory_mb, 20))
    result = CheckResult([], [])
    for answer in answered.answers:
        if answer.ask.expect is MISSING:
            continue
        problem = compare(answer, answered.scenario.schema.kinds[answer.ask.kind])
        if problem is None:
            result.passed.append(answer)
        else:
            result.failed.append((answer, *problem))
    return result


@dataclass
class ParsedText:
    """What the grammar makes of a card: its facts, and each part of its text it did
    not understand as (ability term, start, end, fragment)."""

    facts: list[clingo.Symbol]
    unparsed: list[tuple[Any, int, int, str]]


def parse(text: str, name: str = "this card", type_line: str | None = None,
          mana_cost: str | None = None) -> ParsedText:
    """The facts of Oracle text (abilities separated by newlines), as `mtgasp parse --text`;
    name, type line and mana cost add their facts when given."""
    from grammar import parse_card, parse_mana_cost, parse_type_line
    from grammar.card_facts import card_types

    from .scenario import default_id

    if not isinstance(text, str):
        raise MtgaspError(f"parse takes Oracle text (a string), got {type(text).__name__}")
    if any("\x00" in (value or "") for value in (name, type_line, mana_cost, text)):
        raise MtgaspError("the text contains a NUL character (\\u0000), which clingo cannot carry")
    object_id = default_id(name)
    types, supertypes = card_types(type_line) if type_line else ((), ())
    parsed = parse_card(object_id, name, text, types=types, supertypes=supertypes)
    facts = ((parse_type_line(object_id, type_line) if type_line else [])
             + parse_mana_cost(object_id, mana_cost) + parsed.facts)
    return ParsedText(facts, list(parsed.unparsed))
