"""`mtgasp check`: an ask's `expect` against its answer (scenario-format.md, Expectations)."""

from __future__ import annotations

from typing import Any

from .answers import Answer

# What a bare (non-table) expectation is compared with, per ask kind.
MAIN_KEY = {"could_produce": "types", "can_activate": "legal", "activate": "outcomes"}


def compare(answer: Answer) -> tuple[Any, Any] | None:
    """None when the answer meets the expectation, else (expected, got)."""
    expect = answer.ask.expect
    data = answer.data
    if not isinstance(expect, dict):
        expect = {MAIN_KEY[answer.ask.kind]: expect}
    expected, got = {}, {}
    for key, wanted in expect.items():
        actual = _comparable(key, data.get(key))
        if not _matches(key, wanted, actual):
            expected[key], got[key] = wanted, actual
    if not expected:
        return None
    if set(expected) == {MAIN_KEY[answer.ask.kind]} and not isinstance(answer.ask.expect, dict):
        key = MAIN_KEY[answer.ask.kind]
        return expected[key], got[key]
    return expected, got


def _comparable(key: str, value: Any) -> Any:
    if key == "outcomes":  # an activate expectation lists the distinct mana results
        return [outcome["mana"] for outcome in value or []]
    return value


def _matches(key: str, wanted: Any, actual: Any) -> bool:
    if key == "rules":  # passes when each listed rule is among the answer's
        return isinstance(wanted, list) and all(rule in (actual or []) for rule in wanted)
    if key in ("types", "outcomes") and isinstance(wanted, list):
        return sorted(wanted) == sorted(actual or [])
    return wanted == actual
