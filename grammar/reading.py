"""What the transformers of grammar/*.lark share: the word tables, and the
state and helpers of reading one piece of an ability (`Reading`), which
each namespace's transformer extends (grammar/transformer.py joins them)."""

import re
from functools import lru_cache

from clingo import Function, Number, String, Symbol, SymbolType
from lark import Token, Transformer, v_args
from lark.exceptions import VisitError

from . import lexicon
from .lexing import parse_or_none


class NotUnderstood(Exception):
    """The text parses, but the vocabulary has no fact for it."""


def constant_name(word):
    """A type word as a constant: "Urza's" -> urza_s, "Power-Plant" -> power_plant."""
    return re.sub(r"[^a-z0-9]+", "_", word.lower()).strip("_")


def _n(n):
    """A count: a number, or the constant x (107.3: the player chooses)."""
    return Number(n) if isinstance(n, int) else n


@lru_cache(maxsize=None)  # symbols are values: each made once (clingo's calls are dear)
def const(name):
    return Function(name)


@lru_cache(maxsize=1 << 16)
def fn(name, *args):
    return Function(name, list(args))


def _plural(word):
    irregular = {"mouse": "mice", "fungus": "fungi", "homunculus": "homunculi",
                 "sorcery": "sorceries", "plains": "plains", "myr": "myr"}
    if word in irregular:
        return irregular[word]
    if re.search(r"(s|x|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    if re.search(r"(el|ar|ol)f$", word):  # elf, dwarf, wolf
        return word[:-1] + "ves"
    return word + "s"


def _words(names):
    """Singular and plural spelling of each name -> its constant."""
    table = {}
    for name in names:
        word = name.lower()
        table[word] = table[_plural(word)] = constant_name(name)
    return table


CARD_TYPES = _words(lexicon.CARD_TYPES)
SUPERTYPES = _words(lexicon.SUPERTYPES)
PERMANENT_TYPES = [constant_name(t) for t in lexicon.PERMANENT_TYPES]
SUBTYPES = _words(lexicon.ARTIFACT_TYPES + lexicon.ENCHANTMENT_TYPES
                  + lexicon.LAND_TYPES + lexicon.PLANESWALKER_TYPES
                  + lexicon.SPELL_TYPES + lexicon.BATTLE_TYPES + lexicon.CREATURE_TYPES)
BASIC_LAND_TYPES = [t.lower() for t in lexicon.BASIC_LAND_TYPES]
ANY_OBJECT = {"permanent", "permanents", "card", "cards"}  # no constraint
TOKEN = {"token", "tokens"}
SPELL = {"spell", "spells"}  # an object on the stack (a target "spell": sel_zone stack)
NOUNS = CARD_TYPES.keys() | SUBTYPES.keys() | ANY_OBJECT | TOKEN | SPELL
# "creature gets" needs a determiner; subtypes are left out, since many are
# spelled alike in the plural ("Merfolk you control get +1/+1")
SINGULAR_NOUNS = {w for w in CARD_TYPES.keys() | ANY_OBJECT | TOKEN | SPELL if _plural(w) in NOUNS}
# plural spellings that are no singular one: never an adjective ("elves creature")
_SINGULAR_SPELLINGS = {w for w in NOUNS if _plural(w) in NOUNS}
PLURAL_NOUNS = {_plural(w) for w in _SINGULAR_SPELLINGS} - _SINGULAR_SPELLINGS

COLORS = {color.lower(): letter for color, letter in lexicon.COLORS.items()}
COLOR_COUNTS = {"monocolored": "sel_monocolored", "multicolored": "sel_multicolored",
                "colorless": "sel_colorless"}  # 105.2
PREDEFINED_TOKENS = {_plural(t.lower()): t.lower() for t in lexicon.PREDEFINED_TOKENS}
PREDEFINED_TOKENS.update({t: t for t in PREDEFINED_TOKENS.values()})
KEYWORD_WORDS = {k.lower() for k in lexicon.KEYWORDS + lexicon.LANDWALK if " " not in k}
KEYWORD_PHRASES = {k.lower() for k in lexicon.KEYWORDS + lexicon.LANDWALK}


def each_optional(clauses):
    """Each effect (a granted keyword too) optional, as "You may ..." makes them."""
    return [c for clause in clauses for c in
            ([clause, ("effect_optional",)] if clause[0] in ("effect", "grant_keyword") else [clause])]


def mentions(term, part) -> bool:
    """Whether a term is part or has it among its arguments, at any depth."""
    return term == part or (term.type == SymbolType.Function and any(mentions(a, part) for a in term.arguments))


# "the second ...", "third from the top"
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


# 706.1: the dice a text names ("Roll a six-sided die", "Roll two six-sided dice")
DIE_SIDES = {"four-sided": 4, "six-sided": 6, "eight-sided": 8, "ten-sided": 10, "twelve-sided": 12, "twenty-sided": 20}


def die_sides(token) -> int:
    if token.value not in DIE_SIDES:
        raise NotUnderstood(token.value)
    return DIE_SIDES[token.value]


@v_args(inline=True)
class Reading(Transformer):
    """One piece of an ability being read: its selectors, targets and facts so far."""

    def __init__(self, ab, text, first_sel, quotes, names):
        super().__init__(visit_tokens=False)  # no method reads a token on its own
        self.ab = ab            # the ability term
        self.names = names      # the card's names, longest first ("~")
        self.text = text        # the printed piece, same offsets as the parsed one
        self.next_sel = first_sel
        self.quotes = quotes    # "q1" -> sub(A, 1)
        self.facts = []
        self.costs = []         # (cost term, printed text) of the ability, when activated
        self.pending_that_color = False  # "that color" not yet given its kind by a trigger
        self.triggering_player = False  # "the player" of a trigger was read
        self.next_target = 1    # 115.1: the ability's targets, in text order
        self.target_sels = {}   # target(K) -> its selector
        self.spells = set()     # selectors whose noun is "spell"
        self.singular = set()   # selectors whose head noun is singular ("creature")
        self.additional = None  # (cost term, printed text) of an additional cost (601.2b)
        self.sacrifices = []    # sacrifice costs of the ability and its spell (additional costs)
        self.card_sels = set()  # selectors whose noun is "card" (grammar/selectors.py)
        self.plural_sels = set()  # selectors whose noun is spelled as a plural only ("creatures")
        self.on_battlefield_sel = None  # the number of the selector "on the battlefield" follows (selectors.py)
        self.sentence_start = 0  # where the sentence begins after a condition (conditional)
        self.not_read = ()      # (start, end) of words of the piece not read (grammar/layer_statics.py)
        self.piece = ""         # the piece as parsed: lower-cased, names masked (grammar/__init__.py)
        self.spoke_before = False  # the ability has a trigger condition or effects before this piece
        self.earlier_effects = []  # the terms of the ability's effects before this piece

    def _did_before(self, *verbs) -> bool:
        """608.2c: whether an effect of the ability before this piece did one of
        the verbs (an effect term whose name begins with one)."""
        return any(term.name.startswith(verbs) for term in self.earlier_effects)

    def _original(self, token):
        return self.text[token.start_pos:token.end_pos].strip()

    def _selector(self, constraints):
        sel = fn("sel", self.ab, Number(self.next_sel))
        self.next_sel += 1
        for pred, arg in constraints:
            self.facts.append(fn(pred, sel) if arg is None else fn(pred, sel, arg))
        return sel

    def _object(self, obj):
        """(selector, count) for an object phrase; "this land" is one."""
        return obj if isinstance(obj, tuple) else (obj, Number(1))

    def _type(self, sym):
        return const(sym.value[1])

    @staticmethod
    def _x_is(clauses, amount):
        """107.3c: the clauses with each amount x of their effects `amount`, and
        whether there was one; an X in words of no term (other(S)) is refused."""
        found = []

        def put(sym):
            if sym == const("x"):
                found.append(sym)
                return amount
            if sym.type == SymbolType.Function and sym.arguments:
                if sym.name == "other" and re.search(r"\bx\b", str(sym), re.IGNORECASE):
                    raise NotUnderstood("X in words of no term")
                return Function(sym.name, [put(a) for a in sym.arguments], sym.positive)
            return sym

        out = [(c[0], *[put(a) if isinstance(a, Symbol) else a for a in c[1:]]) if c[0] == "effect" else c
               for c in clauses]
        return out, bool(found)

    def _amount(self, token):
        """The amount of words S ("equal to S", "where X is S"): a typed term
        where grammar/amounts.lark reads S (oracle.lark's start
        `amount_words`), else other(S), S as printed."""
        typed = self._typed_amount(token)
        return fn("other", String(self._original(token))) if typed is None else typed

    def _typed_amount(self, token):
        """S read by amounts.lark, or None."""
        return self._read_again(token.start_pos, token.value.rstrip(), "amount_words")

    def _read_again(self, start, words, rule):
        """Words of the piece from offset `start`, read again as the driver's
        start `rule` (oracle.lark) and transformed here, or None; the words
        are parsed at their own offsets (spaces before them), so that a
        selector's words point into the printed piece, and what the
        transformer added for a reading that failed is taken back."""
        from . import parser  # the driver's: grammar/__init__.py imports this module
        # (not the driver's _tree: its first words leave out a namespaced
        # terminal, amounts__SELF_S, which lark's accepts() does not list)
        tree = parse_or_none(parser(), " " * start + words, rule)
        if tree is None:
            return None
        saved = len(self.facts), self.next_sel, self.next_target, dict(self.target_sels), \
            set(self.card_sels), set(self.plural_sels), set(self.singular), set(self.spells)
        try:
            return self.transform(tree)
        except VisitError as e:
            if not isinstance(e.orig_exc, NotUnderstood):
                raise
            del self.facts[saved[0]:]
            self.next_sel, self.next_target = saved[1:3]
            self.target_sels, self.card_sels, self.plural_sels, self.singular, self.spells = saved[3:]
            return None

    def _that_many(self, words):
        """"that many", "that much": the number the ability spoke of before,
        that_many, where it has a trigger condition (whose event gave the
        number: "Whenever you gain life, put that many +1/+1 counters") or
        effects before this sentence (608.2c: later text refers to what
        earlier text did); else other(S), words S."""
        return const("that_many") if self.spoke_before else fn("other", String(words))

    def _amount_term(self, amount):
        return fn("n", Number(amount)) if isinstance(amount, int) else amount

    def x(self):
        return const("x")

    def add(self, clauses):
        return clauses

    def each_player(self):
        return const("each_player")

    def _count(self, count):
        n, extra = count if isinstance(count, tuple) else (count, [])
        if extra:
            raise NotUnderstood("another")
        return _n(n)

    def _target(self, sel, low=1, high=1):
        if any(f.name == "sel_controlled_by" and f.arguments[0] == sel and f.arguments[1].name == "target"
               for f in self.facts):
            raise NotUnderstood("a target controlled by a target")  # 115.1: numbered in text order
        k = self.next_target
        self.next_target += 1
        if sel in self.spells:
            self.facts.append(fn("sel_zone", sel, const("stack")))
        self.facts.append(fn("target", self.ab, Number(k), sel))
        if (low, high) != (1, 1):
            self.facts.append(fn("target_count", self.ab, Number(k), *(
                n if isinstance(n, Symbol) else Number(n) for n in (low, high))))
        term = fn("target", Number(k))
        self.target_sels[term] = (sel, (low, high))
        return term

    def _pt(self, token):
        p, t = token.value.split("/")
        if "x" in p or "x" in t:
            raise NotUnderstood(token.value)
        return Number(int(p)), Number(int(t))

    def _grants(self, sel, items):
        """A quoted ability is sub(A, K) already; a keyword ability becomes
        one as the driver reads it (grant_keyword). Spells ("Spells you cast
        have cascade") are on the stack (112.1): not the permanents their
        other words select."""
        if sel in self.spells:
            self.facts.append(fn("sel_zone", sel, const("stack")))
        return [("effect", fn("grant_ability", sel, self.quotes[i.value.strip('"')]))
                if isinstance(i, Token) else ("grant_keyword", sel, i) for i in items]

    @staticmethod
    def _effect(term, duration=None):
        return [("effect", term)] + ([("effect_duration", duration)] if duration else [])
