"""`mtgasp coverage`: how much of a card database the grammar understands.

A card is understood strictly when no ability of any of its faces (quoted
abilities, modes and riders included) has an `unparsed` part, and in typed
terms when, besides, no fact of it keeps words as text where the vocabulary
has no term for them (WORDS_KEPT: an effect, a cost, an amount or a trigger
condition `other(S)`, a condition `if(S)`, `unless(S)`, `as_long_as(S)`,
`only_if(S)`, `only(S)`, an intervening "if" `trigger_if(A, S)` whose S is a string). Mana abilities
(605.1) are counted apart: activated abilities whose effect adds mana (not
loyalty abilities, no target) and triggered abilities that add mana on a
"tapped for mana" trigger, on cards whose text says "add"; one is not
understood when an `unparsed` span overlaps its cost or its "Add" sentence.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from clingo import SymbolType

from .answers import gc_paused
from .cards import CARDS_ENV_VAR, FACE_SEPARATOR

ADD = re.compile(r"\badds?\b", re.IGNORECASE)
# a template: the words of an unparsed span, its numbers written N
NUMBER = re.compile(r"\b(\d+|x)\b|(?<=\{)\d+(?=\})", re.IGNORECASE)
PROGRESS_EVERY = 500  # cards between two redraws of the progress bar
# the terms whose string argument is words the vocabulary keeps as text (VOCABULARY.md)
WORDS_KEPT = frozenset(["other", "if", "unless", "as_long_as", "only_if", "only"])


def add_parser(subcommands: argparse._SubParsersAction) -> None:
    """Register `coverage` on the subcommands of the `mtgasp` parser."""
    command = subcommands.add_parser("coverage", help="how much of a card database the grammar understands")
    command.add_argument("--cards", metavar="PATH",
                         help="a card database (as for `ask`); default: $" + CARDS_ENV_VAR)
    command.add_argument("--json", action="store_true", help="one JSON object")
    command.add_argument("--top", metavar="N", type=int, default=10,
                         help="unparsed templates to list, most frequent first (default 10)")
    command.set_defaults(run=run)


@dataclass
class Kind:
    total: int = 0
    understood: int = 0
    typed: int = 0      # understood, and no words kept as text


@dataclass
class Coverage:
    cards_total: int = 0
    cards_understood: int = 0
    cards_typed: int = 0    # understood in typed terms
    kinds: dict = field(default_factory=dict)       # ability kind -> Kind
    mana_total: int = 0
    mana_understood: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0    # the process's CPU time: the parser's speed on a loaded machine
    templates: Counter = field(default_factory=Counter)
    examples: dict = field(default_factory=dict)    # template -> a card name

    def to_json(self, top: int) -> dict:
        return {
            "cards_total": self.cards_total,
            "cards_understood": self.cards_understood,
            "cards_typed": self.cards_typed,
            "abilities_by_kind": {kind: {"total": k.total, "understood": k.understood, "typed": k.typed}
                                  for kind, k in sorted(self.kinds.items())},
            "mana_abilities_total": self.mana_total,
            "mana_abilities_understood": self.mana_understood,
            "cards_per_second": round(self.cards_total / self.seconds, 1) if self.seconds else 0.0,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "cards_per_cpu_second": round(self.cards_total / self.cpu_seconds, 1) if self.cpu_seconds else 0.0,
            "top_unparsed": [{"template": t, "count": n, "example": self.examples[t]}
                             for t, n in self.templates.most_common(top)],
        }


def template(text: str, names: list[str]) -> str:
    """The pattern of an unparsed span: lower case, the card's names "~", numbers N."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "~")
    return NUMBER.sub("N", " ".join(text.lower().split()))


def _masked(text: str) -> str:
    """text with quoted parts blanked, same length."""
    return re.sub(r'"[^"]*"', lambda m: " " * len(m.group()), text)


def _sentence_spans(text: str, start: int):
    for m in re.finditer(r"[^.\n]+\.?", text[start:]):
        yield start + m.start(), start + m.end()


def mana_ability_understood(kind: str | None, text: str, unparsed: list[tuple[int, int]]) -> bool | None:
    """For a mana ability (None for another ability): whether no unparsed span overlaps
    the ability's own mana part."""
    own = mana_spans(kind, text)
    if own is None:
        return None
    return not any(b < e2 and b2 < e for b, e in unparsed for b2, e2 in own)


def mana_spans(kind: str | None, text: str):
    """The spans of a mana ability's own part (cost and "Add" sentence),
    or None when the ability is no mana ability."""
    plain = _masked(text)
    if kind == "activated":
        colon = plain.find(":")
        if colon < 0 or plain.lstrip().startswith("[") or "target" in plain[colon:].lower():
            return None
        adds = [s for s in _sentence_spans(plain, colon + 1) if ADD.search(plain[s[0]:s[1]])]
        return [(0, colon)] + adds[:1] if adds else None
    if kind == "triggered":
        first = next(_sentence_spans(plain, 0), None)
        if first is None or "for mana" not in plain[first[0]:first[1]]:
            return None
        return [first] if ADD.search(plain[first[0]:first[1]]) else None
    return None


def _faces(cards):
    """The faces of each card with text, by the card's name (a front face's
    entry may not know the back face's name: the first face names it)."""
    grouped: dict[str, list] = {}
    for card in cards:
        if card.text:
            grouped.setdefault((card.full_name or card.name).split(FACE_SEPARATOR)[0], []).append(card)
    return grouped


def measure(cards, progress=None) -> Coverage:
    """Parse every face of every card with text. No cyclic garbage collection
    meanwhile (as `cards import`): the parser's pieces are freed as they go
    (few cycles), and each collection would scan its caches again. What the
    parse keeps (the grammar's caches, millions of objects) is frozen at the
    end (gc.freeze): the first collection after it, and the one at the
    process's end, would scan it all again (about 3 s on the corpus)."""
    with gc_paused():
        try:
            return _measure(cards, progress)
        finally:
            gc.freeze()


def _measure(cards, progress) -> Coverage:
    from grammar import parse_card
    from grammar.card_facts import card_types

    result = Coverage()
    readings = {}  # for ability_facts
    grouped = _faces(cards)
    for number, faces in enumerate(grouped.values(), 1):
        full_name = max((face.full_name or face.name for face in faces), key=len)
        understood = typed = True
        for face in faces:
            types, supertypes = card_types(face.type_line or "")
            start, cpu = time.perf_counter(), time.process_time()
            parsed = parse_card("c", face.name, face.text, types, supertypes, cache=False)  # the parser's own speed
            result.seconds += time.perf_counter() - start
            result.cpu_seconds += time.process_time() - cpu
            understood &= not parsed.unparsed
            typed &= not _count_abilities(result, face, parsed, full_name, readings)
        result.cards_total += 1
        result.cards_understood += understood
        result.cards_typed += understood and typed
        if progress and (number % PROGRESS_EVERY == 0 or number == len(grouped)):
            progress(number, len(grouped))
    return result


def ability_facts(parsed, readings: dict | None = None) -> tuple[dict, dict, dict, set]:
    """Per ability of a parse: its text, its kind, the spans not understood, and
    the abilities with words kept as text (WORDS_KEPT).
    `readings` (a dict kept from one parse to the next) keeps what each fact
    object said: the grammar shares its fact objects among the cards that
    repeat an ability (the corpus has about 86,000 for 420,000 facts), and
    each access to a symbol is a call into clingo."""
    texts, kinds, spans, kept = {}, {}, {}, set()
    readings = {} if readings is None else readings
    for fact in parsed.facts:
        known = readings.get(id(fact))
        if known is None:  # kept with the fact: no other object has its id meanwhile
            known = readings[id(fact)] = (fact, _reading(fact))
        reading = known[1]
        if reading is None:
            continue
        name, ab, value = reading
        if name == "ability_text":
            texts[ab] = value
        elif name == "ability_kind":
            kinds[ab] = value
        elif name == "unparsed":
            spans.setdefault(ab, []).append(value)
        else:
            kept.add(ab)
    return texts, kinds, spans, kept


def _reading(fact):
    """(name, ability, value) of an ability_text, ability_kind or unparsed
    fact, ("words_kept", ability, None) of a fact that keeps words as text;
    None for another fact."""
    name = fact.name  # the name first: most facts are others
    args = fact.arguments
    if name not in ("ability_text", "ability_kind", "unparsed"):
        if (name == "trigger_if" and args[1].type == SymbolType.String) or any(
                _keeps_words(a) for a in args[1:]):
            return "words_kept", str(_ability_of(args[0])), None
        return None
    if name == "ability_text":
        value = args[1].string
    elif name == "ability_kind":
        value = args[1].name
    else:
        value = (args[1].number, args[2].number)
    return name, str(args[0]), value


def _keeps_words(term) -> bool:
    """Whether a term holds words kept as text: other("..."), if("...")..."""
    if term.type != SymbolType.Function:
        return False
    args = term.arguments
    if term.name in WORDS_KEPT and len(args) == 1 and args[0].type == SymbolType.String:
        return True
    return any(_keeps_words(a) for a in args)


def _ability_of(term):
    """The ability a fact is about: its first argument, or the ability of a selector sel(A, K)."""
    return term.arguments[0] if term.type == SymbolType.Function and term.name == "sel" else term


def _count_abilities(result: Coverage, face, parsed, full_name: str, readings: dict) -> bool:
    """Count the face's abilities; whether one of them keeps words as text."""
    texts, kinds, spans, kept = ability_facts(parsed, readings)
    for ab in texts:
        kind = result.kinds.setdefault(kinds.get(ab, "none"), Kind())
        kind.total += 1
        kind.understood += ab not in spans
        kind.typed += ab not in spans and ab not in kept
    names = [face.name] + full_name.split(FACE_SEPARATOR)
    for _, _, _, text in parsed.unparsed:
        key = template(text, names)
        result.templates[key] += 1
        result.examples.setdefault(key, full_name)
    if ADD.search(face.text):
        for ab, text in texts.items():
            understood = mana_ability_understood(kinds.get(ab), text, spans.get(ab, []))
            if understood is not None:
                result.mana_total += 1
                result.mana_understood += understood
    return bool(kept)


def _percent(part: int, whole: int) -> str:
    return "%d of %d (%.1f%%)" % (part, whole, 100.0 * part / whole if whole else 0.0)


def render(result: Coverage, top: int) -> str:
    data = result.to_json(top)
    lines = ["cards understood strictly: " + _percent(result.cards_understood, result.cards_total),
             "  of which in typed terms (no words kept as text): " + _percent(result.cards_typed,
                                                                             result.cards_total),
             "abilities by kind (understood; typed):"]
    lines += ["  %-10s %s; %s" % (kind, _percent(k["understood"], k["total"]), _percent(k["typed"], k["total"]))
              for kind, k in data["abilities_by_kind"].items()]
    lines.append("mana abilities understood: " + _percent(result.mana_understood, result.mana_total))
    lines.append("throughput: %.0f cards/s (%.2f s parsing; %.0f cards per CPU second, %.2f s CPU)" % (
        data["cards_per_second"], data["seconds"], data["cards_per_cpu_second"], data["cpu_seconds"]))
    if data["top_unparsed"]:
        lines.append("top unparsed templates:")
        lines += ["  %6d  %s  (e.g. %s)" % (t["count"], t["template"], t["example"])
                  for t in data["top_unparsed"]]
    return "\n".join(lines)


def _progress_bar(done: int, total: int) -> None:
    width = 40
    filled = width * done // total
    sys.stderr.write("\r[%s%s] %d/%d cards" % ("#" * filled, "." * (width - filled), done, total))
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from .cards import CardDatabase, _read_cards
    from .errors import MtgaspError

    path = CardDatabase.from_settings(args.cards).extra_path
    if path is None:
        raise MtgaspError(f"coverage needs a card database: --cards PATH or ${CARDS_ENV_VAR}")
    cards, _ = _read_cards(path)
    result = measure(cards, _progress_bar if sys.stderr.isatty() else None)
    if args.json:
        print(json.dumps(result.to_json(args.top), indent=2))
    else:
        print(render(result, args.top))
    return 0
