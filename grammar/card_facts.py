"""A card's facts, once per card: its type line, mana cost and Oracle text.

Parsing is the slow part and a scenario often holds several copies of a
card, so the facts are made once per card with a stand-in id and re-keyed
for each object.
"""

from __future__ import annotations

from functools import lru_cache

import clingo

from . import parse_card, parse_mana_cost, parse_type_line

STAND_IN = clingo.String("#object")  # ids cannot contain '#', so no real id matches


def card_facts(object_id: str | clingo.Symbol, name: str, type_line: str | None, mana_cost: str | None,
               text: str, types_from: str | None = None) -> list[clingo.Symbol]:
    """The facts of a card about object_id. `types_from` is the type line whose card
    types and supertypes decide how the text reads (a sorcery's text is a spell's)."""
    subject = clingo.String(object_id) if isinstance(object_id, str) else object_id
    return [_build(shape, subject) for shape in _template(name, type_line, mana_cost, text, types_from)]


@lru_cache(maxsize=4096)
def _template(name: str, type_line: str | None, mana_cost: str | None, text: str,
              types_from: str | None) -> tuple:
    stand_in = STAND_IN.string
    facts = list(parse_type_line(stand_in, type_line)) if type_line else []
    facts += parse_mana_cost(stand_in, mana_cost)
    types, supertypes = card_types(types_from or type_line or "")
    facts += parse_card(stand_in, name, text, types=types, supertypes=supertypes).facts
    return tuple(_shape(fact) for fact in facts)


# A template fact is kept as its shape: the parts that hold the stand-in are
# rebuilt for each object, the others are reused as they are (cheaper than
# walking every symbol again, which a 16,000-object scenario would feel).
_SUBJECT = object()


def _shape(symbol: clingo.Symbol):
    if symbol == STAND_IN:
        return _SUBJECT
    if symbol.type == clingo.SymbolType.Function and symbol.arguments:
        arguments = [_shape(argument) for argument in symbol.arguments]
        if any(not isinstance(a, clingo.Symbol) for a in arguments):
            return (symbol.name, symbol.positive, arguments)
    return symbol


def _build(shape, subject: clingo.Symbol) -> clingo.Symbol:
    if shape is _SUBJECT:
        return subject
    if isinstance(shape, clingo.Symbol):
        return shape
    name, positive, arguments = shape
    return clingo.Function(name, [_build(a, subject) for a in arguments], positive)


@lru_cache(maxsize=4096)
def card_types(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The card types and supertypes of a type line, as the grammar names them."""
    facts = parse_type_line("", type_line) if type_line else []
    return tuple(tuple(str(f.arguments[1]) for f in facts if f.name == predicate)
                 for predicate in ("printed_card_type", "printed_supertype"))
