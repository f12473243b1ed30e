"""Oracle text to the ability facts of rules_asp/VOCABULARY.md.

The driver here takes a card's text line by line (a mode's "•" line kept
with its ability) and walks the trees of grammars that read the text's
structure, then has oracle.lark read each piece they name:

- grammar/pieces.lark cuts: a line's reminder text out, a keyword line
  into its keyword abilities ("Flying, first strike"), a keyword ability
  into its keyword and what follows it (a mana cost, a number, "N—{cost}",
  a prototype, or words for oracle.lark: "Protection from red", "Ward—Pay
  2 life."), a text into its sentences ("Choose a color." kept with the
  sentence after it, "It's still a land." with the one before), a cost
  into its comma-separated parts, and a modal ability into its own words
  and its modes;
- grammar/ability.lark reads a line's structure (its station, sticker and
  deck-building marks, a chapter number, a keyword's label, "Visit" or an
  ability word before an em dash, and whether the rest is triggered,
  activated ("cost: effect") or neither);
- grammar/trigger_structure.lark reads a triggered ability's first
  sentence: its commas (a list's, a number list's, or a clause's) and the
  words that begin the parts after them (603.4's "if", 603.7's "until end
  of turn, whenever", an effect adding mana); the driver tries oracle.lark's
  `trigger` at its commas, as no LALR grammar can, and reads the parts
  after the one where it parses;
- grammar/quotes.lark cuts a text's quoted abilities out (single quotes
  inside a quoted ability, apostrophes kept), each read as an ability of
  its own;
- grammar/conditions.lark reads the words of a condition ("if S", "unless
  S", "as long as S", an intervening "if") as a typed term, through the
  one function grammar/conditions.py's `condition` that every reader of a
  condition calls (the words are kept where it does not read them all);
- grammar/variable_x.lark tells whether an ability's own words use X
  (107.3m: not in a mana symbol nor a chapter number);
- grammar/short_name.lark reads a legendary card's shortened name (201.5c),
  grammar/type_line.lark a type line, with the lexicon's words;
- grammar/target_words.lark reads a span that is not understood for its
  targets (115.1): each word "target" with the count before it (115.1d)
  and the words a target phrase may end before; the driver tries
  oracle.lark's `target` from each start to each end it gives.

A card is a station card when a keyword line of it is Station (pieces.lark).
The driver still writes the card's names "~" in the text (a name may be any
words) and finds the "..., where X is" of 107.3c with a regular expression.
grammar/oracle.lark parses one piece at a time, so a piece that is not
understood becomes `unparsed` for its own span only; the grammar also reads
a sentence's condition ("If S,", "As long as S,": `conditional`,
`static_conditional`) and a leveler's layout lines (`level_symbol`,
`level_box`)."""

import re
from dataclasses import dataclass, field
from functools import lru_cache

from clingo import Function, Number, String, Symbol, SymbolType
from lark import Lark, Token, Tree
from lark.lexer import PatternStr
from lark.exceptions import VisitError

from . import cache as _cache
from .conditions import ability_condition as _ability_condition
from .lexing import open_grammar, parse_or_none
from .mana_cost import _symbols as _mana_symbols, parse_mana_cost
from .reading import CARD_TYPES, COLORS, SUBTYPES, SUPERTYPES, NotUnderstood, const, constant_name, fn
from .target_words import target_words as _target_words

TYPE_WORDS = {**CARD_TYPES, **SUBTYPES, **SUPERTYPES, **COLORS}

__all__ = ["CardText", "parse_card", "parse_type_line", "type_line_words", "parse_mana_cost", "constant_name"]


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The parser of oracle.lark, built at its first use: a card whose facts are
    in the parse cache needs none, so an ask on known cards starts faster."""
    return open_grammar("oracle.lark", ["cost", "sentence", "triggered", "trigger", "trigger_effect",
                                        "keyword_arg", "keyword_phrase", "target", "conditional",
                                        "static_conditional", "level_symbol", "level_box",
                                        "amount_words", "cost_words"])


def __getattr__(name):
    if name == "PARSER":  # grammar.PARSER, for the tests and tools that read the grammar's tables
        return parser()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass
class CardText:
    facts: list = field(default_factory=list)
    abilities: list = field(default_factory=list)   # (N, ab(O, N), text)
    unparsed: list = field(default_factory=list)    # (ability, start, end, text)


# ------------------------------------------------------------- type line

_TYPE_LINE_FACTS = {"SUPERTYPE": "printed_supertype", "CARD_TYPE": "printed_card_type",
                    "OTHER_TYPE": "printed_card_type", "TWO_WORD_SUBTYPE": "printed_subtype",
                    "SUBTYPE": "printed_subtype"}


def parse_type_line(obj_id, type_line):
    """printed_card_type / printed_supertype / printed_subtype facts of a
    type line (grammar/type_line.lark); none where it does not parse."""
    obj = String(obj_id)
    return [Function(_TYPE_LINE_FACTS[t.type], [obj, Function(constant_name(t))]) for t in type_line_words(type_line)]


@lru_cache(maxsize=1 << 13)
def type_line_words(type_line):
    """The words of a type line (grammar/type_line.lark's tokens: SUPERTYPE,
    CARD_TYPE, OTHER_TYPE, TWO_WORD_SUBTYPE, SUBTYPE), () where it does not
    parse (cards share their type lines)."""
    tree = parse_or_none(_type_line_parser(), type_line, "type_line")
    return () if tree is None else tuple(tree.children)


@lru_cache(maxsize=1)
def _type_line_parser() -> Lark:
    """The parser of type_line.lark (built at its first use)."""
    return open_grammar("type_line.lark", "type_line")


# ---------------------------------------------------------- cutting text

_number = lru_cache(maxsize=1024)(Number)  # small numbers, made once


def _printed_number(token) -> Symbol:
    """A printed power or toughness (pieces.lark's PRINTED_NUMBER): a number, or the string "*"."""
    return String(token) if token == "*" else Number(int(token))


# 107.3c: "..., where X is S"
WHERE_X = re.compile(r",\s*where\s+x\s+is\b")


def _x_left(result):
    """Whether an effect of a parse result still has the amount x."""
    def has_x(sym):
        return sym == _X or (isinstance(sym, Symbol) and sym.type == SymbolType.Function
                             and any(has_x(a) for a in sym.arguments))
    clauses = result[1] if isinstance(result, tuple) and len(result) == 2 and isinstance(result[1], list) else []
    return any(c[0] == "effect" and any(has_x(a) for a in c[1:]) for c in clauses if isinstance(c, tuple))


_X = Function("x")


def _lines(text):
    """Ability texts in order: reminder text removed, modes kept with their
    ability, keyword lists split."""
    out = []
    for line in text.split("\n"):
        line = _without_reminders(line).strip() if "(" in line else line.strip()
        if not line:
            continue
        if line.startswith("•") and out:
            out[-1] += "\n" + line
        else:
            out.extend(_keyword_abilities(line))
    return out


def _without_reminders(line):
    """The line without its reminder text and the spaces before each
    reminder (pieces.lark's printed_line); the line as it is where a
    parenthesis opened is not closed."""
    tree = _pieces_tree(line, "printed_line")
    if tree is None:
        return line
    kept, end = "", 0  # end: where the child before ends
    for child in tree.children:
        if isinstance(child, Token):  # words of the line, with the spaces before them
            kept += line[end:child.end_pos]
            end = child.end_pos
        else:  # a reminder: the spaces before it go with it
            kept = kept.rstrip()
            end = child.children[-1].end_pos
    return kept + line[end:]


@lru_cache(maxsize=1 << 14)
def _keyword_abilities(line):
    """The abilities of a line (pieces.lark's keyword_line): each keyword
    ability of a keyword list ("Flying, first strike"), else the line
    itself (cards repeat their keyword lines: the tuple is shared)."""
    tree = _pieces_tree(line, "keyword_line")
    if tree is None or tree.data != "keyword_list":
        return (line,)
    return tuple(line[k.children[0].start_pos:k.children[-1].end_pos] for k in tree.children)


def _keyword_ability(text):
    """text read as one keyword ability (pieces.lark's keyword_ability), or
    None: the tree of text as a keyword line, which _lines has most often
    read already."""
    tree = _pieces_tree(text, "keyword_line")
    return tree.children[0] if tree is not None and tree.data == "keyword_line" else None


def _is_keyword(line, keyword):
    """Whether a line of a card is the keyword ability `keyword` (lower case)."""
    ability = _keyword_ability(line)
    return ability is not None and ability.children[0].lower() == keyword


@lru_cache(maxsize=1)
def _pieces_parser() -> Lark:
    """The parser of pieces.lark: how a text is cut into pieces."""
    return open_grammar("pieces.lark", ["printed_line", "keyword_line", "keyword_parameter", "sentences",
                                        "cost_list", "modal_ability"])


@lru_cache(maxsize=1 << 14)
def _pieces_tree(text, rule):
    """The tree of text read as `rule` of pieces.lark, or None (cards repeat their texts)."""
    return parse_or_none(_pieces_parser(), text, rule)


@lru_cache(maxsize=1)
def _quotes_parser() -> Lark:
    """The parser of quotes.lark: the quoted abilities of a text."""
    return open_grammar("quotes.lark", ["quoted_abilities", "inner_quoted_abilities"])


def _quoted_abilities(text, inside):
    """The (start, end) spans of the quoted abilities of text (quotes.lark),
    quotes included; `inside`: text is itself a quoted ability, whose quotes
    are single."""
    quote, rule = ("'", "inner_quoted_abilities") if inside else ('"', "quoted_abilities")
    if quote not in text:
        return ()  # most texts: no need to ask the parser
    return tuple((t.start_pos, t.end_pos) for t in parse_or_none(_quotes_parser(), text, rule).children)


def _mask_names(text, names):
    """text, the card's names (as whole words) written "~" and spaces."""
    for name in names:
        at = text.find(name)
        while at >= 0:
            end = at + len(name)
            if not (text[at - 1:at].isalnum() or text[end:end + 1].isalnum()):
                text = text[:at] + "~" + " " * (len(name) - 1) + text[end:]
            at = text.find(name, end)
    return text


def _lower(text):
    """Lower-cased text of the same length."""
    lower = text.lower()
    if len(lower) == len(text):
        return lower
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


@lru_cache(maxsize=1 << 16)
def _tree(piece, rule):
    """The parse tree of a piece, or None; boards repeat their texts."""
    if not piece.lstrip().startswith(_first_words(rule)):
        return None  # no token `rule` may begin with: no need to ask the parser
    return parse_or_none(parser(), piece, rule)


@lru_cache(maxsize=None)
def _first_words(rule):
    """The strings a piece read as `rule` may begin with, as the parser's
    first state accepts them; "" (any piece) when one of them is no plain
    string (WORD, NUMBER...). The lexer takes such a string wherever the
    piece begins with it."""
    words = []
    for name in parser().parse_interactive(start=rule).accepts():
        pattern = parser().get_terminal(name).pattern
        if not isinstance(pattern, PatternStr) or pattern.flags:
            return ("",)
        words.append(pattern.value)
    return tuple(words)


def _sentences(text, start, end):
    """(start, end) spans of the sentences of text[start:end] (pieces.lark's
    `sentences`); "Choose a color." alone at the end reaches to `end`."""
    for piece in _pieces_tree(text[start:end], "sentences").children:
        first, last = piece.children[0], piece.children[-1]
        i = start + first.start_pos + _stray_periods(first)
        yield i, (end if piece.data == "choice_alone" else start + last.end_pos)


def _stray_periods(token):
    """The length of the periods that end no sentence at the beginning of a
    token of pieces.lark (". . ." before it), with the spaces among them."""
    k = 0
    while token[k] == "." or token[k].isspace():
        k += 1
    return k


# -------------------------------------------------------------- abilities

class _Ability:
    """Facts of one ability: the pieces parsed one at a time."""

    def __init__(self, card, ab, text, quoted, condition=None):
        self.card, self.ab, self.text = card, ab, text
        self.condition = condition  # the level A belongs to (711.2, 716.2a)
        self.next_sel = 1
        self.next_target = 1    # 115.1: targets numbered in text order
        self.effects = 0
        self.before = range(0)  # the effects of the last piece that had some (effect_instead_of)
        self.before_terms = []  # and their terms
        self.effect_terms = []  # the terms of the ability's effects so far ("the life lost this way", 608.2c)
        self.costs = []         # (cost term, printed text), for "that land", "that much"
        self.quotes = {}
        self.subs = 0           # abilities inside this one: sub(A, 1), sub(A, 2)...
        self.allow_other = False  # effects other(S): only in activated and triggered abilities
        self.static_ability = False  # a permanent's own static ability: "it" may be its object
        self.has_trigger = False  # a trigger condition was read (trigger/2): "that many" may be its number
        masked = text
        # (a text with no bullet at a line's beginning has no modes: no need to ask the parser)
        modes = [mode.children for mode in _pieces_tree(text, "modal_ability").children] if "\n•" in text else []
        self.end = modes[0][0].start_pos - 1 if modes else len(text)  # the newline before the first mode
        self.mode_texts = [str(words[0]) if words else "" for _, *words in modes]
        # a modal ability's modes are its subs: each mode reads its own quotes
        quotes = () if modes else _quoted_abilities(text, quoted)
        for k, (i, j) in enumerate(quotes, 1):
            self.subs = k
            sub = Function("sub", [ab, Number(k)])
            # a comma before the closing quote belongs to the sentence around it
            card.ability(sub, text[i + 1:j - 1].removesuffix(","), True)
            placeholder = '"q%d"' % k
            if len(placeholder) <= j - i:
                self.quotes["q%d" % k] = sub
                masked = masked[:i] + placeholder.ljust(j - i) + masked[j:]
        self.named = _mask_names(masked, card.names)  # the card's names written "~"
        self.norm = _lower(self.named)
        self.masked = masked    # quoted abilities written "q1", "q2"...

    def fact(self, name, *args):
        if name == "trigger":
            self.has_trigger = True
        self.card.out.facts.append(fn(name, self.ab, *args))  # symbols made once (clingo's calls are dear)

    def unparsed(self, start, end):
        text = self.text[start:end]
        self.fact("unparsed", Number(start), Number(end), String(text))
        self.card.out.unparsed.append((self.ab, start, end, text))
        self.targets_in(start, end)

    def targets_in(self, start, end):
        """The targets of a span not understood (grammar/target_words.lark):
        each word "target" read from the starts of the counts before it
        (the longest first), each to the words after it where a target
        phrase may end (the longest first); the first reading kept."""
        if "target" not in self.norm[start:end]:
            return  # no word "target": no need to ask the parser
        words = _target_words(self.norm[start:end])
        for at, firsts in words.targets:
            ends = words.ends_after(at)
            found = next((parsed for i in firsts for j in ends
                          if (parsed := self.parse(start + i, start + j, "target")) is not None), None)
            if found is not None:
                self.take(found)

    def parse(self, start, end, rule):
        """Piece text[start:end] read as `rule`: (result, selector facts), or None."""
        piece = self.norm[start:end].rstrip(".")  # a trailing comma is no sentence end
        if not piece.strip():
            return None
        if rule == "triggered" and "for mana" not in piece:
            return None  # condition and mana effect in one: tapped for mana (106.12a)
        return self._read(piece, rule, self.text[start:start + len(piece)],
                          self.costs + self.card.additional_costs)

    def _read(self, piece, rule, printed, costs):
        tree = _tree(piece, rule)
        if tree is None:
            return None
        clauses = _clauses_class()(self.ab, printed, self.next_sel, self.quotes, self.card.names)
        clauses.costs = costs
        clauses.piece = piece
        clauses.next_target = self.next_target
        clauses.static_ability = self.static_ability
        clauses.spoke_before = self.effects > 0 or self.has_trigger
        clauses.earlier_effects = list(self.effect_terms)
        try:
            result = clauses.transform(tree), clauses
        except VisitError as e:
            if isinstance(e.orig_exc, NotUnderstood):
                return None
            raise
        if clauses.pending_that_color:  # "that color" with no color named before
            return None
        if WHERE_X.search(piece) and _x_left(result[0]):
            return None  # 107.3c: an X of "..., where X is S" read as another X (one action of several)
        if clauses.triggering_player and rule not in ("triggered", "trigger_effect"):
            return None  # "the player" of a trigger
        return result

    def take(self, parsed):
        """Keep a parse: its selectors are numbered from now on."""
        result, clauses = parsed
        self.next_sel = clauses.next_sel
        self.next_target = clauses.next_target
        self.card.out.facts.extend(clauses.facts)
        if clauses.additional is not None:
            self.card.additional_costs.append(clauses.additional)
        return result

    def emit(self, clauses):
        first = self.effects + 1  # this piece's effects, from here
        for name, *args in clauses:
            if name == "effect":
                self.effects += 1
                self.fact("effect", _number(self.effects), *args)
                self.effect_terms.append(args[0])
            elif name == "effect_instead":  # 614.15: in place of the effects of the piece before
                for j in self.before:
                    self.fact("effect_instead_of", _number(self.effects), _number(j))
            elif name in ("effect_condition", "effect_optional", "effect_duration", "effect_delayed", "effect_player",
                          "event_if", "event_do", "effect_enters_with_counters", "effect_enters_attacking",
                          "effect_enters_attached", "effect_at_random"):
                # of the effect just before
                self.fact(name, _number(self.effects), *args)
            elif name == "grant_keyword":  # a keyword ability, read as an ability of its own
                sel, text = args
                self.subs += 1
                sub = Function("sub", [self.ab, Number(self.subs)])
                self.card.ability(sub, text.string)
                self.effects += 1
                self.fact("effect", Number(self.effects), Function("grant_ability", [sel, sub]))
                self.effect_terms.append(Function("grant_ability", [sel, sub]))
            else:
                self.fact(name, *args)
        if self.effects >= first:
            self.before = range(first, self.effects + 1)
            self.before_terms = [args[0] for name, *args in clauses if name == "effect"]

    def replaces(self, effects):
        """614.15: whether effects said "instead" replace the effects of the
        piece before: one effect, or as many of the same verbs ("deals 2
        damage to each creature and each player. If ..., it deals 4 damage
        to each creature and each player instead"), never part of a chain
        ("Search ..., reveal it, and put it into your hand. If ..., put that
        card onto the battlefield instead") nor mana (106: the mana rules
        would add both)."""
        def verb(term):
            return "deal_damage" if term.name == "deal_damage_by" else term.name
        if not self.before or any(e.name == "add_mana" for e in effects):
            return False
        return len(self.before) == 1 or (len(self.before) == len(effects) and
                                         sorted(map(verb, self.before_terms)) == sorted(map(verb, effects)))

    def sentences(self, start, end, rule="sentence"):
        """Parse each sentence; the kinds of ability they make, in order."""
        kinds = []
        for i, j in _sentences(self.norm, start, end):
            parsed = self.parse(i, j, rule)
            if parsed is None and self.allow_other:
                parsed = self.parse(i, j, "conditional")
            if parsed is None:
                parsed = self.parse(i, j, "static_conditional")
            if parsed is not None and parsed[0][0] == "other_effect" and not self.allow_other:
                parsed = None
            if parsed is not None and any(c[0] == "effect_instead" for c in parsed[0][1]) and not self.replaces(
                    [c[1] for c in parsed[0][1] if c[0] == "effect"]):
                parsed = None
            if parsed is None:
                self.unparsed(i, j)
                kinds.append(None)  # the kind of the ability is its first sentence's
            else:
                for s, e in parsed[1].not_read:  # words of the sentence not read (layer_statics.py)
                    self.unparsed(i + s, i + e)
                kind, clauses = self.take(parsed)
                kinds.append(kind)
                self.emit(clauses)
            rule = "sentence"
        return kinds

    def modes(self):
        """700.2: each "• mode" line a spell ability sub(A, K): mode(A, K, sub(A, K))."""
        for k, text in enumerate(self.mode_texts, 1):
            sub = Function("sub", [self.ab, Number(k)])
            self.fact("mode", Number(k), sub)
            mode = _Ability(self.card, sub, text, False)
            mode.fact("ability_text", String(mode.text))
            mode.fact("ability_kind", const("spell"))
            mode.refers_to_x()
            mode.allow_other = True  # a mode is a spell ability: "Draw two cards."
            mode.sentences(0, len(mode.text))
            self.subs = k

    def delayed(self, i, j, commas, k):
        """"until end of turn, whenever ..., <effect>" after comma k: the
        effect creates a delayed triggered ability (603.7), sub(A, K),
        lasting that long."""
        duration = commas[k].delay
        if duration is None or k + 1 == len(commas) or commas[k + 1].first_type != "WHENEVER":
            return False
        self.subs += 1
        sub = Function("sub", [self.ab, Number(self.subs)])
        inner = _Ability(self.card, sub, self.text[i + commas[k + 1].first_at:j], False)
        inner.allow_other = True
        inner.fact("ability_text", String(inner.text))
        inner.refers_to_x()
        inner.triggered(0)
        inner.fact("duration", duration)
        self.emit([("effect", Function("create_trigger", [sub]))])
        return True

    def keyword(self, at, tree):
        """702: the keyword ability text[at:] (pieces.lark's keyword_ability):
        its keyword, and what follows it read as a parameter (a cost, a
        number), as words that depend on the keyword ("Gift a card") or
        that describe a quality ("Protection from red"), or as costs."""
        self.fact("ability_kind", const("keyword"))
        word, *argument = tree.children
        self.fact("keyword", Function(constant_name(word)))
        if not argument:
            return
        argument, = argument
        rest, start, end = str(argument), at + argument.start_pos, at + argument.end_pos
        parameter = _pieces_tree(rest, "keyword_parameter")
        kind = parameter.data if parameter is not None else None
        if kind == "keyword_prototype" and constant_name(word) == "prototype":  # 702.160: "Prototype {2}{R} — 3/2"
            cost, power, toughness = parameter.children
            self.fact("prototype", String(cost), _printed_number(power), _printed_number(toughness))
            for k, sym in enumerate(_mana_symbols(cost) or (), 1):
                self.fact("prototype_mana_symbol", Number(k), sym)
            if _mana_symbols(cost) is None:
                self.unparsed(start, start + len(cost))
        elif kind == "keyword_mana_cost":
            self.fact("cost", Function("mana", [String(rest)]))
            self.fact("keyword_cost", String(rest))
        elif kind == "keyword_number_cost":  # "Awaken 4—{5}{U}"
            number, cost = parameter.children
            self.fact("keyword_number", Number(int(number)))
            self.fact("keyword_cost", String(cost))
        elif kind == "keyword_number":  # "Crew 2", "Bushido 1"
            self.fact("keyword_number", Number(int(rest)))
        else:
            # an argument that depends on the keyword is read with its word ("Gift a card")
            parsed = self.parse(at + word.start_pos, end, "keyword_phrase") or self.parse(start, end, "keyword_arg")
            costs = self.keyword_costs(start, end) if parsed is None and rest.endswith(".") else None
            if costs is not None:  # "Ward—Pay 2 life.", "Escape—{1}{R}, Exile two other cards ..." (702.21a, 702.138a)
                for cost in costs:
                    self.fact("cost", cost)
                self.fact("keyword_cost", String(rest.rstrip(".")))
            elif parsed is None:
                self.unparsed(start, end)
            else:
                self.emit(self.take(parsed))

    def keyword_costs(self, start, end):
        """The cost terms of a keyword's cost after its dash, each comma-separated part a cost; None if one is not."""
        whole = self.parse(start, end, "cost")  # one cost, its list's commas its own ("Discard an enchantment, instant, or sorcery card.")
        if whole is not None:
            taken = self.take(whole)
            return taken if isinstance(taken, list) else [taken]
        marks = len(self.card.out.facts), self.next_sel, self.next_target
        terms = []
        for piece in _pieces_tree(self.norm[start:end].rstrip("."), "cost_list").children:
            part = self.parse(start + piece.start_pos, start + piece.end_pos, "cost")
            if part is None:  # one part not understood: none of its facts kept
                del self.card.out.facts[marks[0]:]
                self.next_sel, self.next_target = marks[1:]
                return None
            taken = self.take(part)  # in turn: each part numbers its selectors after the last
            terms += taken if isinstance(taken, list) else [taken]
        return terms or None

    def activated(self, start, colon):
        self.fact("ability_kind", const("activated"))
        self.allow_other = True
        for part in _pieces_tree(self.norm[start:colon], "cost_list").children:
            i, j = start + part.start_pos, start + part.end_pos
            parsed = self.parse(i, j, "cost")
            if parsed is None:
                self.unparsed(i, j)
            else:
                terms = self.take(parsed)
                for term in terms if isinstance(terms, list) else [terms]:
                    self.fact("cost", term)
                    self.costs.append((term, self.text[i:j]))
        self.sentences(colon + 1, self.end)

    def triggered(self, start):
        self.fact("ability_kind", const("triggered"))
        self.allow_other = True
        first = next(_sentences(self.norm, start, self.end), None)
        if first is None:
            return
        i, j = first
        parsed = self.parse(i, j, "triggered")
        if parsed is not None:
            self.emit(self.take(parsed))
        else:
            self.split_trigger(i, j)
        self.sentences(j, self.end)

    def split_trigger(self, i, j):
        """A first sentence read as condition and effect, its commas as
        grammar/trigger_structure.lark reads them: the condition ends at the
        first comma where oracle.lark's `trigger` reads it (never a number
        list's nor a list's last; a list comma's list goes on to the list's
        end where it reads there too), else at the first clause comma; else
        the effect begins after the first comma where it parses; the part not
        understood stays unparsed. A condition read at a list comma whose
        list neither the condition nor the effect reads is no reading: the
        sentence stays unparsed. A condition that does not speak of tapping
        is trigger(A, other(S)): it cannot react to tapping for mana."""
        structure = _trigger_structure(self.norm[i:j])
        commas = structure.commas
        for k, comma in enumerate(commas):
            if comma.kind in ("number_list_comma", "last_list_comma"):
                continue  # "with mana value 4, 5, or 6", "dies, or is put into exile": the condition goes on
            trigger = self.parse(i, i + comma.at, "trigger")
            if trigger is not None and comma.kind == "list_comma":
                # the list may be the condition's ("Whenever you cast an instant, sorcery, or
                # Wizard spell,") or the effect's ("When ~ enters, destroy target artifact,
                # enchantment, or land."): the condition goes on to the list's end where it reads so
                end = next((m for m in range(k + 1, len(commas)) if commas[m].kind == "clause_comma"), None)
                whole = None if end is None else self.parse(i, i + commas[end].at, "trigger")
                if whole is not None:
                    trigger, k = whole, end
                elif end is not None and self.parse(i + comma.at + 1, j, comma.effect_rule) is None:
                    # neither reads: the list may be the condition's ("Whenever this creature attacks,
                    # blocks, or becomes the target of a spell, ...": never `attacks` alone) or the
                    # effect's ("When ~ enters, search your graveyard, hand, and library for ..."):
                    # no guess, the sentence is not understood
                    return self.unparsed(i, j)
            if trigger is not None:
                clauses = self.take(trigger)
                self.emit(clauses)
                mana = any(t[0] == "trigger" and t[1].name == "tapped_for_mana" for t in clauses)
                k = self.intervening_if(i, j, commas, k)
                if k is None:
                    return
                c = i + commas[k].at
                if mana and not self.trigger_effect(c + 1, j, commas[k]):
                    self.sentences(c + 1, j)
                elif not mana and not self.delayed(i, j, commas, k):
                    self.sentences(c + 1, j)
                return
        k = next((k for k, comma in enumerate(commas) if comma.kind == "clause_comma"), None)
        if k is not None and not structure.tapping_before(k):
            self.fact("trigger", Function("other", [String(self.text[i:i + commas[k].at])]))
            k = self.intervening_if(i, j, commas, k)
            if k is not None and not self.delayed(i, j, commas, k):
                self.sentences(i + commas[k].at + 1, j)
            return
        for comma in commas:
            c = i + comma.at
            if self.parse(c + 1, j, comma.effect_rule) is not None:
                self.unparsed(i, c + 1)
                self.trigger_effect(c + 1, j, comma)
                return
        self.unparsed(i, j)

    def intervening_if(self, i, j, commas, k):
        """603.4: "<condition>, if <S>, <effect>" after comma k:
        trigger_if(A, S), S up to the next clause comma; the index of the
        comma before the effect (None: no comma ends S, which is unparsed)."""
        if not commas[k].intervening_if:
            return k
        end = next((m for m in range(k + 1, len(commas)) if commas[m].kind == "clause_comma"), None)
        if end is None:
            self.unparsed(i + commas[k].first_at, j)
            return None
        self.fact("trigger_if", _ability_condition(self, i + commas[k].if_words_at, i + commas[end].at))
        return end

    def trigger_effect(self, i, j, comma):
        """Emit the effect of a trigger in text[i:j], after `comma`; False if it does not parse."""
        parsed = self.parse(i, j, comma.effect_rule)
        if parsed is None:
            return False
        result = self.take(parsed)
        self.emit(result[1] if isinstance(result, tuple) else result)
        return True

    def other(self, start):
        self.allow_other = self.card.spell  # a spell's effects: "Draw two cards."
        self.static_ability = not self.card.spell
        kinds = self.sentences(start, self.end)
        if self.card.spell:
            kind = "spell"
        elif kinds and kinds[0] in ("spell", "static"):
            kind = kinds[0]
        else:
            return
        self.fact("ability_kind", const(kind))

    def refers_to_x(self):
        """107.3m: the ability's own words (not its quoted abilities nor its
        modes, each read on its own) use X, outside mana symbols."""
        words = self.named[:self.end]
        if "X" not in words:
            return  # most abilities: no need to ask the parser
        if parse_or_none(_variable_x_parser(), words, "x_words").children:
            self.fact("refers_to_x")

    def run(self):
        self.fact("ability_text", String(self.text))
        if self.condition is not None:
            self.fact("ability_condition", self.condition)
        self.refers_to_x()
        self.read()
        if self.mode_texts:
            self.modes()

    def read(self):
        """The line's structure (grammar/ability.lark), then each piece."""
        tree = _line_tree(self.named, "station_line" if self.card.station else "line")
        *station, marks = tree.children
        if station:  # 721.2a: its object has A only with that many charge counters
            self.fact("station", Number(int(station[0][:-4])))
        *tokens, head = marks.children
        start = _start(head, len(self.named))
        for token in tokens:
            if token.type == "STICKER":  # the object has A only while a sticker with this ticket cost is on it
                self.fact("sticker", Number(token.count("{TK}")))
                box = _layout(self.text[token.end_pos:], "level_box")
                if box is not None:  # 123.8: a power and toughness sticker sets the object's P/T
                    return self.fact("sticker_pt", *box)
            else:  # A exists only if chosen as the deck was built
                self.fact("deckbuilding_option", String(token[:-3]))
        keyword = _keyword_ability(self.text[start:])
        if keyword is not None:
            return self.keyword(start, keyword)
        if head.data == "chapter":  # 714.2b: triggers as lore counters reach the chapter
            self.fact("ability_kind", const("triggered"))
            self.fact("trigger", _chapter_trigger(head.children[0].rstrip(" —")))
            return self.sentences(head.children[0].end_pos, self.end)
        if head.data == "visit":  # 702.159a: "Whenever you roll to visit your Attractions, if ... lit up"
            self.fact("ability_kind", const("triggered"))
            self.fact("trigger", const("visit"))
            self.allow_other = True
            return self.sentences(head.children[0].end_pos, self.end)
        kind = head
        if head.data in ("labelled", "ability_word"):
            word, kind = head.children
            if head.data == "labelled":
                label = word[:-3]
                self.fact("ability_condition", Function(constant_name(label)))
                if label == "Forecast":  # 702.57a: activated only from its owner's hand
                    self.fact("activation_zone", const("hand"))
        start = _start(kind, len(self.named))
        keyword = _keyword_ability(self.text[start:]) if head.data == "ability_word" else None
        if keyword is not None and ". " not in self.text[start:]:
            return self.keyword(start, keyword)  # 207.2c: a flavor word before a keyword ability ("Krishna — Equip {3}")
        if kind.data == "triggered":
            return self.triggered(start)
        if kind.data == "activated":
            colon = next(t for t in kind.children if t.type == "COLON")
            return self.activated(start, colon.start_pos)
        return self.other(start)


@lru_cache(maxsize=1)
def _variable_x_parser() -> Lark:
    """The parser of variable_x.lark: the X of an ability's own words."""
    return open_grammar("variable_x.lark", "x_words")


@lru_cache(maxsize=1)
def _line_parser() -> Lark:
    """The parser of ability.lark: a line's structure."""
    return open_grammar("ability.lark", ["line", "station_line"])


@lru_cache(maxsize=1 << 14)
def _line_tree(text, rule):
    """The structure of a line (cards repeat their lines: "Flying")."""
    return parse_or_none(_line_parser(), text, rule)


def _start(tree, end):
    """Where the text of a tree of ability.lark begins (end: it has none)."""
    return tree.children[0].start_pos if tree.children else end


@lru_cache(maxsize=1)
def _short_name_parser() -> Lark:
    """The parser of short_name.lark."""
    return open_grammar("short_name.lark", "short_name")


def _short_names(face):
    """201.5c: a legendary card's text may use a shortened name ("Rasputin" on
    Rasputin Dreamweaver, "Arcanis" on Arcanis the Omnipotent: short_name.lark);
    never a word that could mean something else in its text (a type, a color, "The")."""
    tree = parse_or_none(_short_name_parser(), face, "short_name")
    if tree is None:
        return []
    words = tree.children
    the_or_of = next((w for w in words if w.type in ("THE", "OF")), None)
    if the_or_of is not None:
        short = face[:the_or_of.start_pos].rstrip()
    elif len(words) > 1:
        short = str(words[0])
    else:
        return []  # a name of one word
    if not short[0].isupper():
        return []
    if any(w.lower() in TYPE_WORDS or w.lower() in ("the", "a", "an") for w in short.split()):
        return []
    return [short]


class _Card:
    def __init__(self, name, spell, legendary=False):
        self.out = CardText()
        # each face of "A // B"; "A-" marks a rebalanced card (Alchemy)
        faces = [face.removeprefix("A-") for face in name.split(" // ")]
        names = faces + [face.split(", ")[0] for face in faces]
        if legendary:
            names += [short for face in faces if ", " not in face for short in _short_names(face)]
        self.names = tuple(sorted({n for n in names if n}, key=len, reverse=True))
        self.spell = spell
        self.station = False    # a station card (721): "N+ |" lines
        self.additional_costs = []  # (cost term, printed text) of the spell (601.2b)

    def ability(self, ab, text, quoted=False, condition=None):
        """Read ability `ab`; an ability read before in the same context
        (cards repeat their keywords and templates) gives the same facts."""
        key = (ab, text, quoted, condition, self.spell, self.station,
               tuple(n for n in self.names if n in text), tuple(self.additional_costs))
        found = _ABILITIES.get(key)
        if found is None:
            out = self.out
            marks = len(out.facts), len(out.unparsed), len(self.additional_costs)
            _Ability(self, ab, text, quoted, condition).run()
            found = (out.facts[marks[0]:], out.unparsed[marks[1]:], self.additional_costs[marks[2]:])
            if len(_ABILITIES) >= _ABILITIES_MAX:
                _ABILITIES.clear()
            _ABILITIES[key] = found
            return
        self.out.facts.extend(found[0])
        self.out.unparsed.extend(found[1])
        self.additional_costs.extend(found[2])


# The facts of the abilities read so far, by all an ability's reading depends
# on: its term and text, the card's kind, the names its text holds and the
# spell's additional costs before it (the facts are values: shared, never changed).
_ABILITIES = {}
_ABILITIES_MAX = 1 << 16


def parse_card(obj_id, name, text, types=(), supertypes=(), cache=True):
    """All ability facts of a card. `types` (card types, optional) tells
    instants and sorceries, whose abilities are spell abilities (113.3a);
    `supertypes` (optional) tells legendary cards, whose text may use a
    shortened name (201.5c). `cache`: read and keep the result in the
    parse cache (grammar/cache.py)."""
    if not cache:
        return _parse_card(obj_id, name, text, types, supertypes)
    store = _cache.current()
    key = _cache.key(obj_id, name, text or "", list(types), list(supertypes))
    found = store.load(key, CardText())
    if found is not None:
        return found
    out = _parse_card(obj_id, name, text, types, supertypes)
    store.put(key, _cache.dumps(out))
    return out


def _parse_card(obj_id, name, text, types, supertypes):
    card = _Card(name, bool({t.lower() for t in types} & {"instant", "sorcery"}),
                 "legendary" in {t.lower() for t in supertypes})
    lines = _lines(text or "")
    # 702.184a: a card with station (a keyword line's, pieces.lark) has "N+ |" lines (721.2a);
    # ("tation": the keyword in any case, a fast path for the cards without it)
    card.station = "tation" in (text or "") and any(_is_keyword(line, "station") for line in lines)
    obj = String(obj_id)
    n, level = 0, None  # level: the condition of the lines of a level (711.2, 716.2a)
    for line in lines:
        symbol = _layout(line, "level_symbol")
        if symbol is not None:  # a level symbol is no ability of its own: the lines after it are its
            level = symbol
            continue
        box = _layout(line, "level_box") if level is not None else None
        if box is not None:
            card.out.facts.append(Function("level_pt", [obj, level, *box]))
            continue
        n += 1
        ab = fn("ab", obj, _number(n))
        card.out.abilities.append((n, ab, line))
        card.out.facts.append(fn("printed_ability", obj, _number(n), ab))
        first = len(card.out.facts)
        card.ability(ab, line, condition=level)
        # 716.2a: a Class's level bar "[Cost]: Level N" (its effect become_level(N)):
        # the lines after it are level N's
        bar = next((f.arguments[2].arguments[0] for f in card.out.facts[first:]
                    if f.name == "effect" and f.arguments[0] == ab
                    and f.arguments[2].name == "become_level"), None) if ": Level " in line else None
        if bar is not None:
            level = Function("class_level", [bar])
    return card.out


def _layout(line, rule):
    """A line of a card's layout read as `rule` (level_symbol, level_box), or None."""
    tree = _tree(line.lower(), rule)
    if tree is None:
        return None
    return _clauses_class()(None, line, 1, {}, ()).transform(tree)


@lru_cache(maxsize=1)
def _clauses_class():
    """The transformer of oracle.lark's trees, imported at its first use (a card found
    in the parse cache needs none), once: an import statement per piece is dear."""
    from .transformer import Clauses

    return Clauses


# --------------------------------------------- a chapter ability's condition
# 714.2a: the chapter symbol's Roman numeral and its number
_CHAPTER_NUMBERS = {numeral: n for n, numeral in enumerate(
    ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"], start=1)}


def _chapter_trigger(symbols):
    """714.2b: "III — " is chapter(3), as lore counters reach 3; 714.2c:
    "I, II — " is both, any_of((chapter(1), chapter(2))); more numerals, or
    one that is not a number here, keep their words (other(S))."""
    numbers = [_CHAPTER_NUMBERS.get(symbol) for symbol in symbols.split(", ")]
    if None in numbers or len(numbers) > 2:
        return Function("other", [String(symbols)])
    terms = [Function("chapter", [Number(n)]) for n in numbers]
    return terms[0] if len(terms) == 1 else Function("any_of", [Function("", terms)])


# --------------------------------------------- a triggered ability's commas

@lru_cache(maxsize=1)
def _trigger_structure_parser() -> Lark:
    """The parser of trigger_structure.lark: a triggered ability's commas."""
    return open_grammar("trigger_structure.lark", "trigger_sentence")


# the words that begin an effect read as oracle.lark's trigger_effect (106.12a)
_MANA_ADDERS = frozenset(["ADD", "THAT_PLAYER", "ITS_CONTROLLER"])
# a word or words that speak of tapping
_TAPPING = frozenset(["TAPPING", "CLAUSE_WORDS_TAPPING"])
# 603.7: how long a delayed triggered ability lasts
_DELAYS = {"UNTIL_END_OF_TURN": Function("end_of_turn"), "UNTIL_YOUR_NEXT_TURN": Function("until_your_next_turn")}


@dataclass(frozen=True)
class _Comma:
    """A comma of a triggered ability's first sentence and the segment
    after it, up to the next comma (offsets in the sentence)."""
    at: int
    kind: str                   # list_comma, last_list_comma, number_list_comma or clause_comma
    segment: tuple              # the segment's tokens (its words after a fourth or a sign: spans)

    @property
    def first_type(self):
        return self.segment[0].type if self.segment else None

    @property
    def first_at(self):
        return self.segment[0].start_pos

    @property
    def intervening_if(self):
        """The segment begins an "if" clause (603.4): "if" and its words."""
        return len(self.segment) > 1 and self.first_type == "IF"

    @property
    def if_words_at(self):
        """Where the words of the "if" clause begin."""
        return self.segment[1].start_pos

    @property
    def delay(self):
        """The segment is "until end of turn" or "until your next turn"
        alone: the duration of a delayed trigger (603.7), else None."""
        return _DELAYS.get(self.first_type) if len(self.segment) == 1 else None

    @property
    def effect_rule(self):
        """The rule of oracle.lark an effect after this comma is read as."""
        return "trigger_effect" if self.first_type in _MANA_ADDERS else "sentence"


@dataclass(frozen=True)
class _TriggerStructure:
    first: tuple                # the tokens before the first comma
    commas: tuple               # the _Comma of each comma, in order

    def tapping_before(self, k):
        """Whether a word before comma k speaks of tapping ("tap", "tapped")."""
        return any(t.type in _TAPPING for t in self.first) or any(
            t.type in _TAPPING for comma in self.commas[:k] for t in comma.segment)


@lru_cache(maxsize=1 << 14)
def _trigger_structure(sentence):
    """A triggered ability's first sentence read by trigger_structure.lark:
    its tree nests each comma in the one before (a list's commas are known
    at its end); here they are in order."""
    if "," not in sentence:
        return _TriggerStructure((), ())
    node = parse_or_none(_trigger_structure_parser(), sentence, "trigger_sentence")
    first = tuple(c for c in node.children if not isinstance(c, Tree))
    commas = []
    while node.children and isinstance(node.children[-1], Tree):
        node = node.children[-1]
        comma, *segment = (c for c in node.children if not isinstance(c, Tree))
        commas.append(_Comma(comma.start_pos, node.data, tuple(segment)))
    return _TriggerStructure(first, tuple(commas))
