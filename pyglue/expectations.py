"""`mtgasp check`: an ask's `expect` against its answer (scenario-format.md, Expectations)."""

from __future__ import annotations

from typing import Any

from .answers import Answer
from .errors import MtgaspError

# What a bare (non-table) expectation is compared with, per ask kind; the
# kinds not listed take only tables.
MAIN_KEY = {
    "could_produce": "types", "can_activate": "legal", "activate": "outcomes",
    "can_cast": "legal", "can_target": "legal", "can_attach": "legal",
    "resolves": "resolves", "triggers": "triggered",
}
# Answer keys whose value is a table compared key by key.
NESTED = ("characteristics", "spell")
# Answer keys whose value is a list of tables: each expected table matches one
# answer entry on the keys it names, in any order.
ENTRIES = ("triggered", "replacements")


def compare(answer: Answer, where: str = "") -> tuple[Any, Any] | None:
    """None when the answer meets the expectation, else (expected, got)."""
    expect = answer.ask.expect
    data = answer.data
    bare = not isinstance(expect, dict)
    if bare:
        if answer.ask.kind not in MAIN_KEY:
            raise MtgaspError(f"{where}ask {answer.ask.index}: a {answer.ask.kind} expectation is a table "
                              "of answer keys (expect = { ... })")
        expect = {MAIN_KEY[answer.ask.kind]: expect}
    if answer.ask.kind == "characteristics" and "characteristics" in expect:
        # `expect = { characteristics = { ... } }` names the answer itself
        data = data | {"characteristics": data}
    expected, got = {}, {}
    for key, wanted in expect.items():
        if key not in data:
            raise MtgaspError(f"{where}ask {answer.ask.index}: '{key}' is not a key of {answer.ask.kind} answers; "
                              f"the keys are: {', '.join(k for k in data if k not in ('ask', 'object'))}")
        actual = _comparable(key, data.get(key))
        if not _matches(key, wanted, actual):
            expected[key], got[key] = wanted, _shown(key, wanted, actual)
    if not expected:
        return None
    if bare:
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
    if key in NESTED and isinstance(wanted, dict) and isinstance(actual, dict):
        return all(name in actual and wanted[name] == actual[name] for name in wanted)
    if key in ENTRIES and isinstance(wanted, list) and isinstance(actual, list):
        return len(wanted) == len(actual) and _entries_match(wanted, actual)
    return wanted == actual


def _entries_match(wanted: list, actual: list) -> bool:
    left = list(actual)
    for entry in wanted:
        found = next((a for a in left if isinstance(entry, dict)
                      and all(k in a and a[k] == v for k, v in entry.items())), None)
        if found is None:
            return False
        left.remove(found)
    return True


def _shown(key: str, wanted: Any, actual: Any) -> Any:
    """The part of the answer the expectation looked at."""
    if key in NESTED and isinstance(wanted, dict) and isinstance(actual, dict):
        return {name: actual.get(name) for name in wanted}
    return actual
