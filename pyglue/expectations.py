"""`mtgasp check`: an ask's `expect` against its answer (scenario-format.md, Expectations).

One comparison for every kind, by the shape of the values: a table compares
the keys it names (nested tables likewise), a list of tables matches the
answer's entries one to one in any order, each on the keys it names, a
`rules` list passes when each rule it lists is among the answer's, any other
value must be equal. The kind's schema entry says what a bare expectation
is compared with.
"""

from __future__ import annotations

from typing import Any

from .answers import Answer
from .errors import MtgaspError
from .schema import AskKind


def compare(answer: Answer, kind: AskKind, where: str = "") -> tuple[Any, Any] | None:
    """None when the answer meets the expectation, else (expected, got)."""
    expect = answer.ask.expect
    data = answer.data
    what = f"{where}ask {answer.ask.index}"
    bare = not isinstance(expect, dict)
    if bare:
        if kind.expect is None:
            raise MtgaspError(f"{what}: a {kind.name} expectation is a table of answer keys (expect = {{ ... }})")
        expect = {kind.expect: expect}
    if kind.inline and kind.inline in expect:
        # `expect = { characteristics = { ... } }` names the answer itself
        data = data | {kind.inline: data}
    expected, got = {}, {}
    for key, wanted in expect.items():
        if key not in data:
            keys = ", ".join(k for k in data if k not in ("ask", "object"))
            raise MtgaspError(f"{what}: '{key}' is not a key of {kind.name} answers; the keys are: {keys}")
        actual = data[key]
        if key == kind.expect and kind.expect_field and isinstance(wanted, list) and _projects(wanted, actual, kind, bare):
            # a list of the values of one field of the entries (an event's results), in any order
            actual = [entry[kind.expect_field] for entry in actual or []]
        if not _matches(key, wanted, actual, key in kind.unordered, f"{what}: '{key}'"):
            expected[key], got[key] = wanted, _shown(wanted, actual)
    if not expected:
        return None
    if bare:
        return expected[kind.expect], got[kind.expect]
    return expected, got


def _projects(wanted: list, actual: Any, kind: AskKind, bare: bool) -> bool:
    """A list names the entries' field: plain values (mana), or, given bare, tables when that
    field holds tables (an event's `result`); the table form's outcomes are whole entries."""
    if not any(isinstance(entry, dict) for entry in wanted):
        return True
    return bare and all(isinstance(entry, dict) and isinstance(entry.get(kind.expect_field), dict) for entry in actual or [])


def _absent_ok(wanted: Any) -> bool:
    """A key a result leaves out means none or zero: [] , {}, 0, false, or tables of those."""
    if isinstance(wanted, dict):
        return all(_absent_ok(value) for value in wanted.values())
    return wanted in ([], 0, False) and not (wanted is True)


def _matches(key: str, wanted: Any, actual: Any, sort: bool, what: str) -> bool:
    if key == "rules":  # passes when each listed rule is among the answer's
        if not isinstance(wanted, list):
            raise MtgaspError(f"{what} should be a list of rule numbers, got {_shown_type(wanted)}")
        return all(rule in (actual or []) for rule in wanted)
    if isinstance(wanted, dict):
        if not isinstance(actual, dict):
            return False
        return all(_matches(name, value, actual[name], False, f"{what}.{name}") if name in actual
                   else _absent_ok(value) for name, value in wanted.items())
    if isinstance(wanted, list) and isinstance(actual, list):
        if any(isinstance(entry, dict) for entry in wanted):
            if not all(isinstance(entry, dict) for entry in wanted):
                raise MtgaspError(f"{what} mixes tables and plain values; expected a list of one or the other")
            return len(wanted) == len(actual) and _entries_match(wanted, actual, what)
        return _sorted(wanted) == _sorted(actual) if sort else wanted == actual
    return wanted == actual


def _entries_match(wanted: list[dict], actual: list, what: str) -> bool:
    """Each expected table matches a different entry, on the keys it names (one to one)."""
    candidates = [[j for j, entry in enumerate(actual) if isinstance(entry, dict)
                   and all(_matches(k, v, entry[k], False, what) if k in entry else _absent_ok(v)
                           for k, v in table.items())]
                  for table in wanted]
    match: dict[int, int] = {}  # entry -> expected table, by augmenting paths (Kuhn)

    def assign(i: int, seen: set[int]) -> bool:
        for j in candidates[i]:
            if j not in seen:
                seen.add(j)
                if j not in match or assign(match[j], seen):
                    match[j] = i
                    return True
        return False

    return all(assign(i, set()) for i in range(len(wanted)))


def _sorted(values: list) -> list:
    return sorted(values, key=lambda v: (str(type(v)), str(v)))


def _shown(wanted: Any, actual: Any) -> Any:
    """The part of the answer the expectation looked at."""
    if isinstance(wanted, dict) and isinstance(actual, dict):
        return {name: actual.get(name) for name in wanted}
    return actual


def _shown_type(value: Any) -> str:
    return {bool: "true or false", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "a table"}.get(type(value), type(value).__name__)
