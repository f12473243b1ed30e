"""Answering a scenario, start to end, within its limits: read, facts, ground,
solve, answers. The command line and a notebook both come through here."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .answers import Answer, ModelIndex, build_answers
from .cards import CardDatabase
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

    def to_json(self, file: str) -> dict[str, Any]:
        document: dict[str, Any] = {"file": file, "answers": [a.to_json() for a in self.answers]}
        if self.shown:
            document["shown"] = self.shown
        return document


def answer_scenario(source: str | Path | dict, settings: Settings, name: str = "<scenario>") -> FileAnswers:
    """Every answer of one scenario (a path, TOML text or a dict), within settings.limits
    from the start: reading, facts and answers are stopped past the deadline too."""
    with time_limit(settings.limits) as deadline:
        scenario = load_scenario(source, settings.cards, settings.schema(), name)
        facts = scenario_facts(scenario)

        def answers(result: SolveResult) -> tuple:
            index = ModelIndex(result)
            built = build_answers(scenario, facts, result, settings.max_orders, index)
            return built, result.stats, result.warnings, index.unread

        built, stats, warnings, shown = solve_then(
            facts, answers, settings.rules, allow_scripts=settings.allow_scripts, limits=settings.limits,
            deadline=deadline)
    return FileAnswers(scenario, built, stats, warnings, shown)
