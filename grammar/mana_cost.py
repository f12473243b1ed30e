"""Printed mana costs to `printed_mana_symbol(O, K, Symbol)` facts (107.4).

A cost with a symbol the grammar does not know gives no symbol facts but
`unparsed_mana_cost(O, S)`: the object's colors are then not known."""

from functools import lru_cache
from pathlib import Path

from clingo import Function, Number, String
from lark import Lark, Transformer
from lark.exceptions import LarkError

PARSER = Lark.open(Path(__file__).with_name("mana_cost.lark"), parser="lalr", start="cost", cache=True)


class ManaSymbols(Transformer):
    """Each symbol as a clingo term: colored(w), generic(2), hybrid(w,u)..."""

    def cost(self, symbols):
        return symbols

    def colored(self, children):
        return Function("colored", [Function(children[0].value)])

    def generic(self, children):
        return Function("generic", [Number(int(children[0]))])

    def colorless(self, _children):
        return Function("colorless")

    def snow(self, _children):
        return Function("snow")

    def variable(self, children):
        return Function("variable", [Function(children[0].value)])

    def hybrid(self, children):
        return Function("hybrid", [Function(c.value) for c in children])

    def generic_hybrid(self, children):
        return Function("generic_hybrid", [Number(int(children[0])), Function(children[1].value)])

    def colorless_hybrid(self, children):
        return Function("colorless_hybrid", [Function(children[0].value)])

    def phyrexian(self, children):
        return Function("phyrexian", [Function(children[0].value)])

    def phyrexian_hybrid(self, children):
        return Function("phyrexian_hybrid", [Function(c.value) for c in children])


@lru_cache(maxsize=None)
def _symbols(cost):
    try:
        return tuple(ManaSymbols().transform(PARSER.parse(cost.lower())))
    except LarkError:
        return None


def parse_mana_cost(obj_id, cost):
    """The facts of a printed mana cost ("{2}{W/U}"); none for no cost."""
    obj = String(obj_id)
    symbols = _symbols(cost or "")
    if symbols is None:
        return [Function("unparsed_mana_cost", [obj, String(cost)])]
    return [Function("printed_mana_symbol", [obj, Number(k), s]) for k, s in enumerate(symbols, 1)]
