"""The Comprehensive Rules' own words, by rule number.

The rules file ships with the package (``pyglue/data/MagicCompRules-*.txt``)
and is parsed on the first lookup only (about 30 ms), so that importing this
module costs nothing.

Numbers are the rules' own: a section ``616``, a rule ``616.1``, a subrule
``616.1a`` (also ``702.16b``); the chapters ``1`` to ``9`` hold the sections.
``rule(number)`` gives a :class:`Rule` with its text, examples and subrules;
``rule_text(number)`` the text alone. An unknown number raises
:class:`~pyglue.errors.MtgaspError` naming the closest existing numbers.

What is parsed: the lines of the numbered rules between the table of contents
and the glossary. A line ``Example: ...`` belongs to the rule above it, and so
does an indented line continuing it. The glossary and the credits are not
rules.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import MtgaspError

DATA_DIR = Path(__file__).parent / "data"
RULES_FILE = next(iter(sorted(DATA_DIR.glob("MagicCompRules-*.txt"), reverse=True)), DATA_DIR / "MagicCompRules.txt")

# A number as the user may write it: "616", "616.1", "616.1.", "616.1a", "CR 616.1a".
_NUMBER = re.compile(r"^(?:cr\s*)?(\d)\.?$|^(?:cr\s*)?(\d{3})(?:\.(\d+)([a-z])?)?\.?$")
# A line of the rules: chapter "1. Game Concepts", section "100. General",
# rule "100.1. Text" (the file sometimes drops the final period: "606.5 Text"),
# subrule "100.1a Text" (sometimes "119.1d. Text").
_LINE = re.compile(r"^(?:(\d)\. (.+)|(\d{3})\. (.+)|(\d{3})\.(\d+)([a-z]?)\.? (.+))$")


@dataclass(frozen=True)
class Rule:
    """One numbered rule: a chapter, a section, a rule or a subrule."""

    number: str  # "616", "616.1", "616.1a" (no final period)
    text: str  # the rule's words; for a chapter or a section its title
    examples: tuple[str, ...] = ()  # each without its "Example: " prefix
    subrules: tuple[Rule, ...] = ()

    @property
    def label(self) -> str:
        """The number as the rules print it: "616.", "616.1.", "616.1a"."""
        return self.number if self.number[-1].isalpha() else self.number + "."


@dataclass
class _Entry:
    text: str
    examples: list[str]
    children: list[str]


class _Rules:
    def __init__(self, path: Path):
        self.path = path
        self.effective = ""
        self.entries: dict[str, _Entry] = {}
        self._parse(path)
        self.sorted_keys = sorted(self.entries, key=_sort_key)

    def _parse(self, path: Path) -> None:
        try:
            lines = path.read_text(encoding="utf-8-sig").splitlines()
        except OSError as error:
            raise MtgaspError(f"the rules file {path}: cannot read it ({error.strerror})") from None
        for line in lines[:10]:
            if line.startswith("These rules are effective as of "):
                self.effective = line.removeprefix("These rules are effective as of ").rstrip(".")
        # The rules begin at the second "1. ..." line (the first is in the contents)
        # and end at the glossary that follows them.
        starts = [i for i, line in enumerate(lines) if line.startswith("1. ")]
        if len(starts) < 2:
            raise MtgaspError(f"the rules file {path}: no numbered rules found")
        last: _Entry | None = None
        for line in lines[starts[1]:]:
            if line.strip() == "Glossary":
                break
            if not line.strip():
                continue
            match = _LINE.match(line)
            if match is None:
                if last is None:
                    continue
                piece = line.strip()
                if piece.startswith("Example:"):
                    last.examples.append(piece.removeprefix("Example:").strip())
                elif last.examples:
                    last.examples[-1] += "\n" + piece
                else:
                    last.text += "\n" + piece
                continue
            chapter, chapter_title, section, section_title, rule_section, rule_number, letter, text = match.groups()
            if chapter:
                number, parent, text = chapter, None, chapter_title
            elif section:
                number, parent, text = section, section[0], section_title
            elif letter:
                parent = f"{rule_section}.{rule_number}"
                number = parent + letter
            else:
                number, parent = f"{rule_section}.{rule_number}", rule_section
            if number in self.entries:  # never in the official file; keep the first
                last = None
                continue
            last = _Entry(text.strip(), [], [])
            self.entries[number] = last
            if parent is not None and parent in self.entries:
                self.entries[parent].children.append(number)
        if not self.entries:
            raise MtgaspError(f"the rules file {path}: no numbered rules found")

    def rule(self, number: str) -> Rule:
        entry = self.entries[number]
        return Rule(number, entry.text, tuple(entry.examples), tuple(self.rule(child) for child in entry.children))

    def closest(self, number: str, count: int = 3) -> list[str]:
        """Existing numbers next to an unknown one: its nearest siblings (same parent),
        else the nearest numbers of the same depth."""
        key = _sort_key(number)
        parent = _parent(number)
        candidates = [n for n in self.sorted_keys if _parent(n) == parent and _depth(n) == _depth(number)]
        if not candidates:
            candidates = [n for n in self.sorted_keys if _depth(n) == _depth(number)]
        at = bisect.bisect_left([_sort_key(n) for n in candidates], key)
        around = candidates[max(0, at - count):at + count]
        around.sort(key=lambda n: _distance(_sort_key(n), key))
        return sorted(around[:count], key=_sort_key)


def _sort_key(number: str) -> tuple:
    match = re.fullmatch(r"(\d+)(?:\.(\d+)([a-z]?))?", number)
    section, rule_number, letter = match.groups()
    return (int(section) if len(section) == 3 else int(section) * 100 - 1,
            int(rule_number) if rule_number else -1, letter or "")


def _distance(a: tuple, b: tuple) -> tuple:
    return (abs(a[0] - b[0]), abs(a[1] - b[1]), abs(ord(a[2] or "`") - ord(b[2] or "`")))


def _depth(number: str) -> int:
    if "." not in number:
        return 0 if len(number) == 1 else 1
    return 3 if number[-1].isalpha() else 2


def _parent(number: str) -> str | None:
    if "." not in number:
        return number[0] if len(number) == 3 else None
    if number[-1].isalpha():
        return number[:-1]
    return number.split(".")[0]


@functools.lru_cache(maxsize=4)
def _rules(path: Path = RULES_FILE) -> _Rules:
    return _Rules(path)


def normalize_number(number: str) -> str:
    """"616.1." -> "616.1", " CR 702.16B " -> "702.16b"; MtgaspError when it is not a rule number."""
    text = " ".join(str(number).split()).casefold()
    match = _NUMBER.match(text)
    if match is None:
        raise MtgaspError(
            f"'{number}' is not a rule number (a section like 616, a rule like 616.1, "
            "a subrule like 616.1a)")
    chapter, section, rule_number, letter = match.groups()
    if chapter:
        return chapter
    result = section
    if rule_number is not None:
        result += f".{int(rule_number)}" + (letter or "")
    return result


def rule(number: str, path: Path = RULES_FILE) -> Rule:
    """The rule with this number, with its examples and subrules."""
    key = normalize_number(number)
    rules = _rules(path)
    if key not in rules.entries:
        suggestions = rules.closest(key)
        message = f"no rule {key} in the Comprehensive Rules"
        if rules.effective:
            message += f" of {rules.effective}"
        if suggestions:
            message += f" (did you mean: {', '.join(suggestions)}?)"
        raise MtgaspError(message)
    return rules.rule(key)


def rule_text(number: str, path: Path = RULES_FILE) -> str:
    """The words of one rule (without its number, examples or subrules)."""
    return rule(number, path).text


def effective_date(path: Path = RULES_FILE) -> str:
    """The date the rules file says it is effective from, e.g. "January 16, 2026"."""
    return _rules(path).effective


def format_rule(found: Rule, indent: str = "  ", width: int = 80) -> str:
    """A rule, its examples and its subrules, each level indented, wrapped to width."""
    import textwrap

    out: list[str] = []

    def add(item: Rule, depth: int) -> None:
        prefix = indent * depth
        for n, paragraph in enumerate(item.text.split("\n")):
            head = f"{item.label} " if n == 0 else ""
            out.append(textwrap.fill(head + paragraph, width, initial_indent=prefix,
                                     subsequent_indent=prefix + indent, break_on_hyphens=False))
        for example in item.examples:
            for n, paragraph in enumerate(example.split("\n")):
                head = "Example: " if n == 0 else ""
                out.append(textwrap.fill(head + paragraph, width, initial_indent=prefix + indent,
                                         subsequent_indent=prefix + indent * 2, break_on_hyphens=False))
        for child in item.subrules:
            add(child, depth + 1)

    add(found, 0)
    return "\n".join(out)
