"""Parse trees of grammar/oracle.lark to the facts of rules_asp/VOCABULARY.md.

One `Clauses` transformer reads one cost part or sentence of an ability.
Costs come back as cost terms, sentences as lists of `(predicate, args)`
for the ability (the driver adds the ability term and numbers the effects).
Selector constraints are collected in `facts`. Whatever the vocabulary
cannot say raises `NotUnderstood`: the text then stays unparsed."""

import re
from functools import lru_cache

from clingo import Function, Number, String
from lark import Token, Transformer, v_args

from . import lexicon
from .layer_statics import LayerStatics  # grammar/layer_statics.lark


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
SUBTYPES = _words(lexicon.ARTIFACT_TYPES + lexicon.ENCHANTMENT_TYPES
                  + lexicon.LAND_TYPES + lexicon.PLANESWALKER_TYPES
                  + lexicon.SPELL_TYPES + lexicon.CREATURE_TYPES)
BASIC_LAND_TYPES = ["plains", "island", "swamp", "mountain", "forest"]  # 305.6, WUBRG
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
KEYWORD_WORDS = {k.lower() for k in lexicon.KEYWORDS if " " not in k}
KEYWORD_PHRASES = {k.lower() for k in lexicon.KEYWORDS}
SELF_POWER = re.compile(r"(~|this [a-z]+)\s*'s power")


class _Parts(list):
    """The parts of one option, and effects that follow the mana ("and this
    enchantment deals 1 damage to the player")."""

    def __init__(self, parts, then):
        super().__init__(parts)
        self.then = then


@v_args(inline=True)
class Clauses(LayerStatics, Transformer):
    def __init__(self, ab, text, first_sel, quotes, names):
        super().__init__()
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
        self.sacrifices = []    # sacrifice costs of the ability and its spell (additional costs)

    def _original(self, token):
        return self.text[token.start_pos:token.end_pos].strip()

    # ------------------------------------------------------------ selectors

    def _selector(self, constraints):
        sel = fn("sel", self.ab, Number(self.next_sel))
        self.next_sel += 1
        for pred, arg in constraints:
            self.facts.append(fn(pred, sel) if arg is None else fn(pred, sel, arg))
        return sel

    def _adjective(self, word):
        if word in SUPERTYPES:
            return ("sel_supertype", const(SUPERTYPES[word]))
        if word in CARD_TYPES:
            return ("sel_type", const(CARD_TYPES[word]))
        if word in SUBTYPES:
            return ("sel_subtype_in", const(SUBTYPES[word]))
        if word.startswith("non") and word[3:].lstrip("-") in SUPERTYPES:
            return ("sel_not_supertype", const(SUPERTYPES[word[3:].lstrip("-")]))
        if word.startswith("non") and word[3:].lstrip("-") in CARD_TYPES:
            return ("sel_not_type", const(CARD_TYPES[word[3:].lstrip("-")]))
        if word == "untapped":
            return ("sel_untapped", None)
        if word in COLORS:
            return ("sel_color", const(COLORS[word]))
        if word in COLOR_COUNTS:
            return (COLOR_COUNTS[word], None)
        if word == "nontoken":
            return ("sel_not_token", None)
        if word in ("other", "another"):
            return ("sel_other", None)
        if word in TOKEN:
            return ("sel_token", None)
        return self.layer_adjective(word)

    def words(self, *tokens):
        *adjectives, head = [t.value for t in tokens]
        if head not in NOUNS:
            raise NotUnderstood(head)
        # "creature creature", "elves creature": a noun said twice, a plural before the head
        if len(set(adjectives + [head])) <= len(adjectives) or PLURAL_NOUNS.intersection(adjectives):
            raise NotUnderstood(" ".join(t.value for t in tokens))
        constraints = [self._adjective(w) for w in adjectives]
        if head in TOKEN:
            constraints.append(("sel_token", None))
        elif head in SPELL:
            constraints.append(("spell", None))  # read by group()
        elif head not in ANY_OBJECT:
            constraints.append(self._adjective(head))
        # several subtypes would read as "one of": "Elf Warrior" is not that
        if sum(p == "sel_subtype_in" for p, _ in constraints) > 1:
            raise NotUnderstood(" ".join(t.value for t in tokens))
        return constraints + ([("singular", None)] if head in SINGULAR_NOUNS else [])

    def any_of(self, *tokens):
        """"a black or artifact creature": the head noun, and one of the
        adjectives, each a color or a card type (a sub-selector each);
        "an instant or sorcery card": a type list. Other adjectives could
        be nouns of their own ("an artifact or another creature")."""
        *alternatives, head = tokens
        words = [t.value for t in alternatives]
        if head.value in ANY_OBJECT or head.value in SPELL:
            constraints = self.words(head) + self.one_of(*alternatives)
            return constraints
        if not (head.value in CARD_TYPES and any(w in COLORS for w in words)
                and all(w in COLORS or w in CARD_TYPES for w in words)):
            raise NotUnderstood(" ".join(words))
        constraints = self.words(head)
        for w in words:
            constraints.append(("sel_any_of", self._selector([self._adjective(w)])))
        return constraints

    def and_of(self, *tokens):
        """"legendary creatures and planeswalkers": the objects of either card
        type, the adjectives before applying to both (an "and" of a group
        is a union of objects)."""
        *adjectives, first, second = tokens
        if not all(t.value in CARD_TYPES and CARD_TYPES[t.value] != t.value  # plural
                   for t in (first, second)):
            raise NotUnderstood(" ".join(t.value for t in tokens))
        constraints = [self._adjective(w.value) for w in adjectives]
        return constraints + [("sel_type_in", const(CARD_TYPES[t.value])) for t in (first, second)]

    def one_of(self, *tokens):
        singular = [("singular", None)] if tokens[-1].value in SINGULAR_NOUNS else []
        for pred, table in (("sel_subtype_in", SUBTYPES), ("sel_type_in", CARD_TYPES)):
            if all(t.value in table for t in tokens):
                return [(pred, const(table[t.value])) for t in tokens] + singular
        raise NotUnderstood(" ".join(t.value for t in tokens))

    def you_control(self):
        return ("sel_controller", const("you"))

    def opponent_controls(self):
        return ("sel_controller", const("opponent"))

    def anywhere(self, *_words):
        return None

    def from_zone(self, zone):
        return ("sel_zone", const(zone.value))

    def group(self, nouns, *rest):
        constraints = nouns + [c for c in rest if c]
        sel = self._selector([c for c in constraints if c[0] not in ("spell", "singular")])
        if ("spell", None) in constraints:
            self.spells.add(sel)
        if ("singular", None) in constraints:
            self.singular.add(sel)
        return sel

    def plural_group(self, sel):
        """"Creatures you control get +1/+1": no determiner only before a plural."""
        if sel in self.singular:
            raise NotUnderstood("a singular noun without a determiner")
        return sel

    def among_referred(self):
        """"from among them": the cards the ability spoke of before."""
        return ("sel_among_referred", None)

    def mana_value_at_most(self, n):
        return ("sel_mana_value_at_most", Number(n))

    def mana_value_at_least(self, n):
        return ("sel_mana_value_at_least", Number(n))

    def mana_value_at_most_power(self, sel):
        return ("sel_mana_value_at_most", fn("power", sel))

    def with_keyword(self, word):
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return ("sel_keyword", const(word.value))

    def same_name_as_exiled(self):
        exiled = self._selector([("sel_exiled_with", None)])
        return ("sel_same_name", exiled)

    def power_at_least(self, n):
        return ("sel_power_at_least", Number(n))

    def named(self, _named, *words):
        start = words[0].start_pos
        if words[0].value == "~":
            name = next(n for n in self.names if self.text.startswith(n, start))
        else:
            name = self.text[start:words[-1].end_pos]
        return ("sel_named", String(name))

    def enchanted(self, word):
        if word.value not in NOUNS:
            raise NotUnderstood(word.value)
        return self._selector([("sel_enchanted", None)])

    def equipped(self, word):
        if word.value not in NOUNS:
            raise NotUnderstood(word.value)
        return self._selector([("sel_equipped", None)])

    def another_group(self, sel):
        self.facts.append(fn("sel_other", sel))
        return sel

    def this(self, word=None):
        if word is not None and word.value not in NOUNS | {"emblem"}:
            raise NotUnderstood(word.value)
        return const("sel_self")

    def one(self):
        return (1, [])

    def another(self):
        return (1, [("sel_other", None)])

    def counted(self, count, sel):
        n, extra = count if isinstance(count, tuple) else (count, [])
        for pred, _ in extra:
            self.facts.append(fn(pred, sel))
        return (sel, _n(n))

    def count(self, n):
        return n

    def number(self, n):
        return n if isinstance(n, int) else int(n)

    def word_number(self, token):
        return ["one", "two", "three", "four", "five", "six", "seven", "eight",
                "nine", "ten"].index(token.value) + 1

    # ---------------------------------------------------------------- costs

    def _object(self, obj):
        """(selector, count) for an object phrase; "this land" is one."""
        return obj if isinstance(obj, tuple) else (obj, Number(1))

    def tap(self):
        return const("tap")

    def untap(self):
        return const("untap")

    def mana_cost(self, token):
        return fn("mana", String(token.value.upper()))

    def pay_life(self, n):
        return fn("pay_life", Number(n))

    def pay_energy(self, *tokens):
        return fn("pay_energy", Number(len(tokens)))

    def sacrifice(self, obj):
        sel, n = self._object(obj)
        return fn("sacrifice", sel, n)

    def sacrifice_this_and(self, this, obj):
        """"Sacrifice this land and a creature you control": two costs, one part."""
        return [fn("sacrifice", this, Number(1)), self.sacrifice(obj)]

    def counter_kind(self, token):
        return String(token.value)

    def remove_counters(self, count, kind, _self):
        n = count[0] if isinstance(count, tuple) else count
        return fn("remove_counters", kind, _n(n))

    def tap_untapped(self, count, sel):
        n, extra = count if isinstance(count, tuple) else (count, [])
        self.facts.append(fn("sel_untapped", sel))
        for pred, _ in extra:
            self.facts.append(fn(pred, sel))
        return fn("tap_untapped", sel, _n(n))

    def exile_from_zone(self, sel, zone):
        self.facts.append(fn("activation_zone", self.ab, const(zone.value)))
        return fn("exile", sel, Number(1))

    def loyalty(self, token):
        """[+1], [\u22122], [0], [\u2212X] (606.4)."""
        k = token.value.strip("[]").replace("\u2212", "-").lstrip("+")
        if k.endswith("x"):
            return fn("loyalty", fn("neg", const("x")) if k.startswith("-") else const("x"))
        return fn("loyalty", Number(int(k)))

    def other_cost(self, _rest=None):
        return fn("other", String(self.text.strip()))

    def discard(self, obj):
        sel, n = self._object(obj)
        if sel == const("sel_self"):  # "Discard this card" (channel, 702.29): from the hand
            self.facts.append(fn("activation_zone", self.ab, const("hand")))
        return fn("discard", sel, n)

    def discard_at_random(self, obj, _at_random):
        sel, n = self._object(obj)
        return fn("discard_at_random", sel, n)

    def exile(self, obj):
        sel, n = self._object(obj)
        return fn("exile", sel, n)

    # ----------------------------------------------------------------- mana

    def _type(self, sym):
        return const(sym.value[1])

    def _amount(self, token):
        if SELF_POWER.fullmatch(" ".join(token.value.split())):
            return fn("power", const("self"))
        return fn("other", String(self._original(token)))

    def symbols(self, *syms):
        counts = {}
        for s in syms:
            counts[s.value] = counts.get(s.value, 0) + 1
        return [(fn("mana", const(s[1])), fn("n", Number(n))) for s, n in counts.items()]

    def symbols_times(self, n, sym):
        return [(fn("mana", self._type(sym)), fn("n", Number(n)))]

    def symbols_x(self, sym):
        return [(fn("mana", self._type(sym)), const("x"))]

    def generic_symbol(self, token):
        """106.10: a generic mana symbol in an effect adds that much colorless mana."""
        return [(fn("mana", const("c")), fn("n", Number(int(token.value.strip("{}")))))]

    def odd_symbols(self, *tokens):
        """Un-set symbols of no mana type ({∞}, {T}): kind symbol(S)."""
        counts = {}
        for t in tokens:
            printed = self._original(t)
            counts[printed] = counts.get(printed, 0) + 1
        return [(fn("symbol", String(s)), fn("n", Number(n))) for s, n in counts.items()]

    def options_where(self, *rest):
        """"Add X {G} or X {W}, where X is ...": the amount of every option."""
        *options, quantity = rest
        if any(amount != const("x") for parts in options for _, amount, *_ in parts):
            raise NotUnderstood("where X is")
        amount = self._amount(quantity)
        return self.options(*[[(kind, amount, *among) for kind, _, *among in parts]
                              for parts in options])

    def for_each(self, *rest):
        """"{C}{C} for each ...": one part per symbol, each counted."""
        *syms, sel = rest
        return [(fn("mana", self._type(s)), fn("count", sel)) for s in syms]

    def for_each_other(self, *rest):
        *syms, amount = rest
        return [(fn("mana", self._type(s)), amount) for s in syms]

    def each_other(self, *tokens):
        return fn("other", String(self.text[tokens[0].start_pos:tokens[-1].end_pos].strip()))

    def for_each_removed(self, *rest):
        syms = [t for t in rest if isinstance(t, Token)]
        return [(fn("mana", self._type(s)), const("x")) for s in syms]

    def for_each_counter(self, *rest):
        syms = [t for t in rest if isinstance(t, Token)]
        kind = rest[-2] if len(rest) > len(syms) + 1 else const("any")
        return [(fn("mana", self._type(s)), fn("self_counters", kind)) for s in syms]

    def combination_of(self, amount, *syms):
        return [(fn("combination", const("listed")), self._amount_term(amount),
                 [self._type(s) for s in syms])]

    def combination_of_where(self, amount, *rest):
        *syms, quantity = rest
        if amount != const("x"):
            raise NotUnderstood("where X is")
        return [(fn("combination", const("listed")), self._amount(quantity),
                 [self._type(s) for s in syms])]

    def amount_of(self, sym, quantity):
        return [(fn("mana", self._type(sym)), self._amount(quantity))]

    def _amount_term(self, amount):
        return fn("n", Number(amount)) if isinstance(amount, int) else amount

    def mana_of(self, amount, kind):
        return [(kind, self._amount_term(amount))]

    # "that color": the amounts; the kind is said by the choice before.
    def that_color(self, amount):
        return self._amount_term(amount)

    def that_color_equal(self, quantity):
        return self._amount(quantity)

    def that_color_counters(self, amount, *rest):
        if amount != 1:
            raise NotUnderstood("amount")
        return fn("self_counters", rest[0] if len(rest) == 2 else const("any"))

    def any_color_add(self, amount):
        return self.options([(const("any_color"), amount)])

    def color_among_add(self, obj, amount):
        return self.options([(fn("color_among", self._object(obj)[0]), amount)])

    def that_color_powers(self, amount, sel):
        if amount != 1:
            raise NotUnderstood("amount")
        return fn("different_powers", sel)

    def any_color_add_unless(self, amount, condition):
        return self.options([(const("any_color"), amount)]) + [
            ("effect_condition", fn("unless", String(self._original(condition))))]

    def x_where(self, amount, kind, quantity):
        if amount != const("x"):
            raise NotUnderstood("where X is")
        return [(kind, self._amount(quantity))]

    def x(self):
        return const("x")

    def any_color(self):
        return const("any_color")

    def any_type(self):
        return const("any_type")

    def combination_colors(self):
        return fn("combination", const("colors"))

    def different_colors(self):
        return const("different_colors")

    def chosen_color(self):
        return const("chosen_color")

    def color_among(self, sel):
        return fn("color_among", sel)

    def this_s(self, word):
        if not (word.value.endswith("'s") and word.value[:-2] in NOUNS):
            raise NotUnderstood(word.value)
        return const("sel_self")

    def exiled_colors(self, word):
        """607.2a: "the exiled card's colors", linked to the exiling ability."""
        if word.value not in ("card's", "cards'"):
            raise NotUnderstood(word.value)
        return fn("color_among", self._selector([("sel_exiled_with", None)]))

    PAID = {"sacrificed": "sacrifice", "milled": "mill", "discarded": "discard",
            "exiled": "exile", "untapped": "untap", "tapped": "tap"}

    def _paid(self, *words):
        """"that land", "the sacrificed land", "the milled card's": the one
        object the ability's cost names with that noun (and verb)."""
        *participle, noun = [w.value for w in words]
        noun = noun[:-2] if noun.endswith("'s") else noun
        if noun not in NOUNS or len(participle) > 1:
            raise NotUnderstood(noun)
        verb = self.PAID.get(participle[0]) if participle else ""
        if verb is None:
            raise NotUnderstood(participle[0])
        named = [text for _, text in self.costs
                 if text.lower().startswith(verb) and noun in re.findall(r"[a-z]+", text.lower())]
        if len(named) != 1:
            raise NotUnderstood("the object paid")

    def paid_could_produce_type(self, *words):
        self._paid(*words)
        return fn("paid_could_produce", const("type"))

    def paid_could_produce_color(self, *words):
        self._paid(*words)
        return fn("paid_could_produce", const("color"))

    def paid_colored_symbols(self, *words):
        self._paid(*words)
        return self.options([(const("paid_colored_symbols"), fn("n", Number(1)))])

    def last_noted_type(self, _self):
        return const("last_noted_type")

    def last_noted(self, _self):
        return self.options([(const("last_noted_type"), const("last_noted_amount"))])

    def described(self, *tokens):
        end = tokens[-1].end_pos
        if tokens[-1].value == "~":  # the card's name, as printed
            end = tokens[-1].start_pos + len(next(
                n for n in self.names if self.text.startswith(n, tokens[-1].start_pos)))
        return String(self.text[tokens[0].start_pos:end].strip())

    def described_color(self, words):
        return fn("described_color", words)

    def combination_described(self, words):
        return fn("combination", fn("described", words))

    def deckbuilding_color(self):
        return const("deckbuilding_color")

    def drafted_color(self, named):
        if named[1].string not in self.names:
            raise NotUnderstood("named")
        return const("deckbuilding_color")

    def each_color_crafted(self, _self):
        crafted = self._selector([("sel_used_to_craft", None)])
        return self.options([(fn("each_color_among", crafted), fn("n", Number(1)))])

    def that_much(self, sym):
        """"Remove X counters ...: Add that much {C}" (the cost's X)."""
        if not any(t.name == "remove_counters" and t.arguments[1] == const("x")
                   for t, _ in self.costs):
            raise NotUnderstood("that much")
        return self.options([(fn("mana", self._type(sym)), const("x"))])

    def half_mana(self, token):
        """{HR} (Un-sets): one half of a red mana."""
        return self.options([(fn("mana", const(token.value[2])), fn("halves", Number(1)))])

    def one_and_a_half(self):
        return fn("halves", Number(3))

    def commander_identity(self):
        return const("commander_identity")

    def could_produce_type(self, obj):
        return fn("could_produce", self._object(obj)[0], const("type"))

    def could_produce_color(self, obj):
        return fn("could_produce", self._object(obj)[0], const("color"))

    def produced_type(self, *words):
        if not all(w.value in NOUNS for w in words):
            raise NotUnderstood(" ".join(w.value for w in words))
        return const("produced_type")

    def options(self, *options):
        clauses = [("effect", const("add_mana"))]
        for i, parts in enumerate(options, 1):
            for j, (kind, amount, *among) in enumerate(parts, 1):
                clauses.append(("produces", Number(i), Number(j), kind, amount))
                clauses.extend(("produces_among", Number(i), Number(j), t)
                               for t in (among[0] if among else []))
        extra = [c for parts in options for c in getattr(parts, "then", [])]
        if extra and len(options) > 1:
            raise NotUnderstood("options and another effect")
        return clauses + extra

    def and_damage_player(self, parts, _self, n):
        """"..., and this enchantment deals 1 damage to the player" (the
        player of the trigger)."""
        return self.options(parts) + [
            ("effect", self._damage_triggering_player(n))]

    def _damage_triggering_player(self, n):
        self.triggering_player = True
        return fn("deal_damage", const("triggering_player"), fn("n", Number(n)))

    def kind_and_damage_player(self, amount, kind, _self, n):
        return _Parts([(kind, self._amount_term(amount))], [
            ("effect", self._damage_triggering_player(n))])

    def more(self, first, then):
        """"Add {B}, then add an additional {B} for each ...": one option."""
        return self.options(first + then)

    # -------------------------------------------------------------- effects

    def other_action(self, *tokens):
        """An action the vocabulary has no term for: other(S), S its words."""
        return ("effect", fn("other", String(self.text[tokens[0].start_pos:tokens[-1].end_pos].strip())))

    def other_effect(self, *actions):
        """One or several actions: "You draw two cards and you lose 2 life",
        "Scry 2, then reveal the top card of your library"."""
        return ("other_effect", [c for a in actions for c in (a if isinstance(a, list) else [a])])

    def other_sentence(self, _self, _n):
        """"Then this enchantment intensifies by 1": the sentence after "Then"."""
        text = self.text.strip().rstrip(".")
        text = re.sub(r"^then\s+", "", text, flags=re.IGNORECASE)
        return ("other_effect", [("effect", fn("other", String(text)))])

    def add_also(self, parts, *others):
        """"Add {G} and you gain 1 life": the mana, then each other action."""
        return self.options(parts) + list(others)

    def add_also_where(self, parts, *rest):
        """"Add X {G} and each opponent loses X life, where X is ...": X is
        the amount of the mana (and of the other action, in its own words)."""
        *others, quantity = rest
        if any(amount != const("x") for _, amount, *_ in parts):
            raise NotUnderstood("where X is")
        amount = self._amount(quantity)
        return self.options([(kind, amount, *among) for kind, _, *among in parts]) + others

    def each_other_add(self, amount, *rest):
        """"For each nonland card revealed this way, add {G} and you gain 1
        life": each symbol counted by the whole "for each" (amount other(S))."""
        syms = [t for t in rest if isinstance(t, Token)]
        others = [c for c in rest if not isinstance(c, Token)]
        return self.options([(fn("mana", self._type(s)), amount) for s in syms]) + others

    def add(self, clauses):
        return clauses

    def add_to(self, recipient, clauses):
        return [("mana_recipient", recipient)] + clauses

    def each_player(self):
        return const("each_player")

    def chosen_player(self):
        return const("chosen_player")

    def each_color_among(self, sel):
        return self.options([(fn("each_color_among", sel), fn("n", Number(1)))])

    def damage_to_you(self, _self, n):
        return [("effect", fn("deal_damage", const("you"), fn("n", Number(n))))]

    def at_least(self, n):
        return ("replace_if", fn("amount_at_least", Number(n)))

    def replace_tapped(self, sel, *rest):
        *condition, result = rest
        return [("effect", fn("replace_mana", const("any"), sel)), *condition,
                ("replace_with", result)]

    def replace_taps(self, player, obj, result):
        return [("effect", fn("replace_mana", player, self._object(obj)[0])),
                ("replace_with", result)]

    def _one_type(self, syms):
        if len({s.value for s in syms}) != 1:
            raise NotUnderstood(" ".join(s.value for s in syms))
        return fn("mana", self._type(syms[0]))

    def chosen_mana(self, n=1):
        return (const("any_color"), n)

    def set_type_and_amount(self, *result):
        if isinstance(result[0], tuple):
            kind, n = result[0]
        else:
            kind, n = self._one_type(result), len(result)
        return fn("set_type_and_amount", kind, Number(n))

    def set_type(self, *result):
        if isinstance(result[0], tuple):
            if result[0][1] != 1:
                raise NotUnderstood("amount")
            return fn("set_type", result[0][0])
        if len(result) != 1:
            raise NotUnderstood("amount")
        return fn("set_type", self._one_type(result))

    def set_colorless(self):
        return fn("set_type", fn("mana", const("c")))

    def twice(self):
        return 2

    def times(self, n):
        return n

    def multiply(self, k):
        return fn("multiply", Number(k))

    def _count(self, count):
        n, extra = count if isinstance(count, tuple) else (count, [])
        if extra:
            raise NotUnderstood("another")
        return _n(n)

    def enters_tapped(self, _self, *counters):
        return [("effect", const("enters_tapped"))] + (
            self.enters_with_counters(_self, *counters) if counters else [])

    def enters_tapped_unless(self, _self, condition):
        return [("effect", const("enters_tapped")),
                ("effect_condition", fn("unless", String(self._original(condition))))]

    def enters_with_counters(self, _self, count, kind):
        return [("effect", fn("enters_with_counters", kind, self._count(count)))]

    def land_type(self, sel, word):
        if word.value not in [_plural(t) for t in BASIC_LAND_TYPES]:
            raise NotUnderstood(word.value)
        return [("effect", fn("set_land_subtype", sel, const(SUBTYPES[word.value])))]

    def add_subtype(self, sel, *rest):
        word = rest[-1].value
        if word in CARD_TYPES:  # "are artifacts in addition to their other types"
            return [("effect", fn("add_card_type", sel, const(CARD_TYPES[word])))]
        if word not in SUBTYPES:
            raise NotUnderstood(word)
        return [("effect", fn("add_subtype", sel, const(SUBTYPES[word])))]

    def every_basic_type(self, sel):
        return [("effect", fn("add_subtype", sel, const(t))) for t in BASIC_LAND_TYPES]

    def cant(self, sel, *actions):
        return [("effect", fn("cant", sel, a)) for a in actions]

    def action(self, *tokens):
        return const("_".join(t.value for t in tokens))

    def doesnt_untap_next(self, sel):
        """"This land doesn't untap during your next untap step": once."""
        return [("effect", fn("doesnt_untap_next", sel))]

    def _cost_change(self, sel, token, direction):
        """"This spell costs {1} less to cast", "Creature spells you cast cost
        {1} less to cast" (601.2f): spells only."""
        if sel != const("sel_self") and sel not in self.spells:
            raise NotUnderstood("not a spell")
        if sel in self.spells:
            self.facts.append(fn("sel_zone", sel, const("stack")))
        return [("effect", fn("cost_change", sel, const(direction), self.mana_cost(token)))]

    def costs_less(self, sel, token):
        return self._cost_change(sel, token, "less")

    def costs_more(self, sel, token):
        return self._cost_change(sel, token, "more")

    def must_attack(self, sel):
        return [("effect", fn("must_attack", sel))]

    def doesnt_untap(self, sel):
        return [("effect", fn("doesnt_untap", sel))]

    def keyword_group(self, sel):
        return [("keyword_selector", sel)]

    def keyword_player(self):
        return [("keyword_selector", const("player"))]

    def keyword_color(self, color):
        return [("keyword_selector", self._selector([("sel_color", color)]))]

    def color(self, token):
        return const(COLORS[token.value])

    def grant(self, sel, items):
        return self._grants(sel, items)

    # -------------------------------------------------------------- riders

    def once_each_turn(self):
        return [("activation_restriction", const("once_each_turn"))]

    def once(self):
        """"Activate only once": once for this object (602.5b; a new object,
        400.7, may again)."""
        return [("activation_restriction", const("once"))]

    def once_and_only_if(self, condition):
        return self.once() + self.only_if(condition)

    def instant_speed(self):
        return [("activation_restriction", const("instant_speed"))]

    def sorcery_speed(self):
        return [("activation_restriction", const("sorcery_speed"))]

    def only_if(self, condition):
        return [("activation_restriction", fn("only_if", String(self._original(condition))))]

    def spend_only(self, _rest):
        return [("spend_restriction", String(self.text.strip().rstrip(".")))]

    # ------------------------------------------------------------ triggers

    def any(self):
        return const("any")

    def you(self):
        return const("you")

    def opponent(self):
        return const("opponent")

    def taps_for_mana(self, player, obj):
        return [("trigger", fn("tapped_for_mana", player, self._object(obj)[0]))]

    def tapped_for_mana(self, sel):
        return [("trigger", fn("tapped_for_mana", const("any"), sel))]

    def taps_for_mana_while(self, player, obj, condition):
        return self.taps_for_mana(player, obj) + [
            ("trigger_if", String(self._original(condition)))]

    def tapped_for_chosen_color(self, sel):
        return self.tapped_for_mana(sel) + [("trigger_produces", const("chosen_color"))]

    def may_add_additional(self, clauses):
        return self.add_additional(clauses) + [("effect_optional",)]

    def add_additional_that_color(self, amount):
        """"an additional one mana of that color": the color the trigger
        condition names (trigger_produces); checked by `triggered`."""
        self.pending_that_color = True
        return self.add_additional(self.options([(const("that_color"), self._amount_term(amount))]))

    def add_additional_amount_of(self, sym, quantity):
        """"an additional amount of {G} equal to ..." """
        return self.add_additional(self.options([(fn("mana", self._type(sym)), self._amount(quantity))]))

    def add_additional(self, clauses):
        return [("trigger_adds_additional",)] + clauses

    def triggered(self, trigger, effect):
        produced = [c[1] for c in trigger if c[0] == "trigger_produces"]
        that = [c for c in effect if c[0] == "produces" and c[3] == const("that_color")]
        if that and len(produced) != 1:
            raise NotUnderstood("that color")
        self.pending_that_color = False
        return trigger + [c[:3] + (produced[0],) + c[4:] if c in that else c for c in effect]

    # ------------------------------------------------------------ sentences
    # A sentence says which kind of ability it makes on its own.

    def one_shot(self, clauses):
        return ("spell", clauses)

    def static(self, clauses):
        return ("static", clauses)

    def until_end_of_turn(self, clauses):
        return ("spell", [("duration", const("end_of_turn"))] + clauses)

    def rider(self, clauses):
        return ("rider", clauses)

    # -------------------------------------------------------------- targets
    # 115.1: each "target" is one target of the ability, target(A, K, Sel),
    # with target_count(A, K, Min, Max) when not exactly one; the effect
    # names it target(K).

    def _target(self, sel, low=1, high=1):
        k = self.next_target
        self.next_target += 1
        if sel in self.spells:
            self.facts.append(fn("sel_zone", sel, const("stack")))
        self.facts.append(fn("target", self.ab, Number(k), sel))
        if (low, high) != (1, 1):
            self.facts.append(fn("target_count", self.ab, Number(k), Number(low), Number(high)))
        term = fn("target", Number(k))
        self.target_sels[term] = (sel, (low, high))
        return term

    def target_one(self, sel):
        return self._target(sel)

    def target_counted(self, count, sel):
        return self._target(sel, *count)

    def target_counted_other(self, count, sel):
        self.facts.append(fn("sel_other", sel))
        return self._target(sel, *count)

    def target_another(self, sel):
        self.facts.append(fn("sel_other", sel))
        return self._target(sel)

    def any_target(self):
        return self._target(self._selector([("sel_any_target", None)]))

    def each_of_targets(self, count):
        """"each of up to two targets": any target (115.4), so many of them."""
        return self._target(self._selector([("sel_any_target", None)]), *count)

    def counted_targets(self, count):
        """"among one or two targets": any target (115.4), so many of them."""
        return self._target(self._selector([("sel_any_target", None)]), *count)

    def between_three(self, low, middle, high):
        """"one, two, or three": each count from low to high."""
        if not low + 1 == middle == high - 1:
            raise NotUnderstood("count")
        return (low, high)

    def up_to(self, n):
        return (0, n)

    def between(self, low, high):
        if low > high:
            raise NotUnderstood("count")
        return (low, high)

    def any_number(self):
        return (0, -1)

    def exactly(self, n):
        return (n, n)

    def target_group(self, sel):
        return sel

    def target_player(self):
        return self._selector([("sel_player", None)])

    def target_opponent(self):
        return self._selector([("sel_opponent", None)])

    def target_player_or_planeswalker(self):
        player = self._selector([("sel_player", None)])
        walker = self._selector([("sel_type", const("planeswalker"))])
        return self._selector([("sel_any_of", player), ("sel_any_of", walker)])

    def referred(self, *_tokens):
        return const("it")

    # ------------------------------------------------- effects on objects

    def deal_damage(self, _self, n, target):
        return [("effect", fn("deal_damage", target, fn("n", Number(n))))]

    def deal_damage_x(self, _self, target):
        return [("effect", fn("deal_damage", target, const("x")))]

    def deal_damage_where(self, _self, target, quantity):
        return [("effect", fn("deal_damage", target, self._amount(quantity)))]

    def deal_damage_sacrificed_power(self, _self, word, target):
        """"equal to the sacrificed creature's power": the one creature
        sacrificed to pay the ability's (or its spell's) cost."""
        if word.value != "creature's" or len([
                t for t, _ in self.costs if t.name == "sacrifice"]) != 1:
            raise NotUnderstood("the sacrificed creature")
        return [("effect", fn("deal_damage", target, fn("power", const("sacrificed"))))]

    def _divided(self, target, how):
        """601.2d: the amount is divided among the targets of target(K) as
        the spell is cast; only where there may be several of them."""
        if target not in self.target_sels or self.target_sels[target][1][1] == 1:
            raise NotUnderstood("divided")
        return (how, target.arguments[0])

    def _damage_divided(self, target, amount, division):
        how, k = self._divided(target, "damage_division")
        return [("effect", fn("deal_damage", target, amount)), (how, k, const(division))]

    def deal_damage_divided(self, _self, n, target):
        return self._damage_divided(target, fn("n", Number(n)), "as_you_choose")

    def deal_damage_divided_x(self, _self, target):
        return self._damage_divided(target, const("x"), "as_you_choose")

    def deal_damage_evenly(self, _self, n, target):
        return self._damage_divided(target, fn("n", Number(n)), "evenly_rounded_down")

    def deal_damage_evenly_x(self, _self, target):
        return self._damage_divided(target, const("x"), "evenly_rounded_down")

    def tap_target(self, target):
        return [("effect", fn("tap", target))]

    def untap_target(self, target):
        return [("effect", fn("untap", target))]

    def _player_target(self, target):
        """A target that is a player ("target player", "target opponent")."""
        sel = self.target_sels.get(target, (None,))[0]
        if not any(f.name in ("sel_player", "sel_opponent") and f.arguments[0] == sel
                   for f in self.facts):
            raise NotUnderstood("not a player")

    def sacrifice_target(self, target, obj, _choice=None):
        """"Target player sacrifices a creature (of their choice)": Sel what
        they sacrifice, N how many."""
        self._player_target(target)
        if not isinstance(obj, tuple):
            raise NotUnderstood("sacrifices this")
        sel, n = obj
        return [("effect", fn("sacrifice", target, sel, _n(n)))]

    def discard_target(self, target, count, noun):
        """"Target player discards a card": no other kind of card."""
        if noun.value not in ("card", "cards"):
            raise NotUnderstood(noun.value)
        self._player_target(target)
        return [("effect", fn("discard", target, self._count_amount(count)))]

    def _count_amount(self, count):
        """A count as an amount: n(K), or x."""
        n = self._count(count)
        return n if n == const("x") else fn("n", n)

    def put_counters(self, count, kind, where):
        return [("effect", fn("put_counters", where, kind, self._count_amount(count)))]

    def distribute_counters(self, count, kind, target):
        """"Distribute two +1/+1 counters among one or two target creatures" (601.2d)."""
        how, k = self._divided(target, "counter_division")
        return [("effect", fn("put_counters", target, kind, self._count_amount(count))),
                (how, k)]

    def return_to_hand(self, what):
        return [("effect", fn("return_to_hand", what))]

    def destroy(self, what):
        return [("effect", fn("destroy", what))]

    def counter_target(self, what):
        return [("effect", fn("counter", what))]

    def counter_unless(self, what, condition):
        return [("effect", fn("counter", what)),
                ("effect_condition", fn("unless", String(self._original(condition))))]

    def enter_as_copy(self, _self, sel):
        """707.9, 614.1c: "You may have this creature enter as a copy of any
        creature on the battlefield"."""
        return [("effect", fn("enter_as_copy", sel)), ("effect_optional",)]

    def copy_spell(self, target):
        return [("effect", fn("copy_spell", target))]

    def copy_card(self, it):
        return [("effect", fn("copy_card", it))]

    def may_choose_new_targets(self):
        return [("effect", const("may_choose_new_targets"))]

    def create_token_copy(self, target):
        return [("effect", fn("create_token_copy", target))]

    def investigate(self):
        return [("effect", fn("investigate", Number(1)))]

    def investigate_twice(self):
        return [("effect", fn("investigate", Number(2)))]

    def investigate_times(self, amount):
        return [("effect", fn("investigate", _n(amount)))]

    def exile_effect(self, what):
        return [("effect", fn("exile", what))]

    def may_cast_copy_free(self):
        return [("effect", fn("may_cast_copy", const("without_paying_mana_cost")))]

    def may_cast_copy(self):
        return [("effect", fn("may_cast_copy", const("normal")))]

    def return_to_battlefield(self, target):
        return [("effect", fn("return_to_battlefield", target))]

    def may_cast_this_turn(self, sel):
        return [("duration", const("end_of_turn")), ("effect", fn("may_cast", sel))]

    def eot(self):
        return const("end_of_turn")

    def _pt(self, token):
        p, t = token.value.split("/")
        if "x" in p or "x" in t:
            raise NotUnderstood(token.value)
        return Number(int(p)), Number(int(t))

    def modify_pt(self, sel, pt, grants=None):
        return [("effect", fn("modify_pt", sel, *self._pt(pt)))] + (
            self._grants(sel, grants) if grants else [])

    def modify_pt_target(self, target, pt, duration=None):
        return ([("duration", duration)] if duration else []) + [
            ("effect", fn("modify_pt", target, *self._pt(pt)))]

    # 613.4d: "Switch target creature's power and toughness": the possessive is one word.
    def switch_pt_target(self, possessive, duration=None):
        noun = possessive.value.removesuffix("'s")
        if noun == possessive.value or noun not in NOUNS:
            raise NotUnderstood(possessive.value)
        target = self._target(self.group(self.words(possessive.__class__("WORD", noun))))
        return self._effect(fn("switch_pt", target), duration)

    def modify_pt_until(self, sel, pt, duration):
        return [("duration", duration), ("effect", fn("modify_pt", sel, *self._pt(pt)))]

    def creature_with(self, *words):
        for w in words:
            if w.value not in KEYWORD_WORDS:
                raise NotUnderstood(w.value)
        return [w.value for w in words]

    def still_land(self, duration=None):
        return ("still_land", duration)

    def becomes_creature(self, sel, pt, *rest):
        """"becomes a 0/0 Elemental creature with haste that's still a land"
        (205.1b: it keeps its types only when the text says so)."""
        *words, tail = rest
        keywords = words.pop() if words and isinstance(words[-1], list) else []
        if not all(w.value in SUBTYPES for w in words):
            raise NotUnderstood(" ".join(w.value for w in words))
        p, t = pt.value.split("/")
        out = [("duration", tail[1])] if tail[1] else []
        out += [("effect", fn("set_pt", sel, Number(int(p)), Number(int(t)))),
                ("effect", fn("add_card_type", sel, const("creature")))]
        out += [("effect", fn("add_subtype", sel, const(SUBTYPES[w.value]))) for w in words]
        out += [("grant_keyword", sel, String(k)) for k in keywords]
        return out

    def creature_all_types(self):
        return True

    def becomes_creature_all_types(self, sel, pt, _all, tail):
        """"becomes a 2/2 creature with all creature types ... It's still a
        land" (Mutavault; 205.3m)."""
        p, t = pt.value.split("/")
        out = [("duration", tail[1])] if tail[1] else []
        return out + [("effect", fn("set_pt", sel, Number(int(p)), Number(int(t)))),
                      ("effect", fn("add_card_type", sel, const("creature"))),
                      ("effect", fn("add_all_creature_types", sel))]

    def grant_items(self, *items):
        return list(items)

    def granted_keyword(self, *tokens):
        words = " ".join(t.value for t in tokens if t.type == "WORD")
        if words not in KEYWORD_PHRASES:
            raise NotUnderstood(words)
        return String(self.text[tokens[0].start_pos:tokens[-1].end_pos])

    def _grants(self, sel, items):
        """A quoted ability is sub(A, K) already; a keyword ability becomes
        one as the driver reads it (grant_keyword)."""
        return [("effect", fn("grant_ability", sel, self.quotes[i.value.strip('"')]))
                if isinstance(i, Token) else ("grant_keyword", sel, i) for i in items]

    def add_type_and_grant(self, sel, *rest):
        *article, word, grants = rest
        return self.add_subtype(sel, word) + self._grants(sel, grants)

    # ------------------------------------------------------ trigger events

    def enters(self, sel, under=None):
        """Also the older "enters the battlefield (under your control)"."""
        if under is not None and sel != const("sel_self"):
            self.facts.append(fn("sel_controller", sel, const("you")))
        return [("trigger", fn("enters", sel))]

    def under_your_control(self):
        return True

    def cast(self, player, sel):
        return [("trigger", fn("cast", player, sel))]

    def sacrifice_trigger(self, player, sel):
        return [("trigger", fn("sacrifice", player, sel))]

    def dies(self, sel):
        return [("trigger", fn("dies", sel))]

    def attacks(self, sel):
        return [("trigger", fn("attacks", sel))]

    # ------------------------------------------------ compositional effects
    # Each verb a typed effect term over the shared phrases; `duration`
    # words become effect_duration(A, I, D) of the effect they end.

    @staticmethod
    def _effect(term, duration=None):
        return [("effect", term)] + ([("effect_duration", duration)] if duration else [])

    def surveil(self, amount):
        return self._effect(fn("surveil", self._amount_term(amount)))

    def proliferate(self):
        return self._effect(const("proliferate"))

    def _cards(self, count, noun):
        """"a card", "three cards": the amount; no other noun."""
        if noun.value not in ("card", "cards"):
            raise NotUnderstood(noun.value)
        return self._count_amount(count)

    def mill_you(self, count, noun):
        return self._effect(fn("mill", const("you"), self._cards(count, noun)))

    def mill(self, who, count, noun):
        self._player(who)
        return self._effect(fn("mill", who, self._cards(count, noun)))

    def draw(self, who, count, noun):
        self._player(who)
        return self._effect(fn("draw", who, self._cards(count, noun)))

    def discard_each(self, who, count, noun):
        return self._effect(fn("discard", who, self._cards(count, noun)))

    def sacrifice_each(self, who, obj, _choice=None):
        if not isinstance(obj, tuple):
            raise NotUnderstood("sacrifices this")
        sel, n = obj
        return self._effect(fn("sacrifice", who, sel, _n(n)))

    def gain_life(self, who, amount):
        self._player(who)
        return self._effect(fn("gain_life", who, self._amount_term(amount)))

    def lose_life(self, who, amount):
        self._player(who)
        return self._effect(fn("lose_life", who, self._amount_term(amount)))

    def reveal_hand(self, who, zone):
        self._player(who)
        if zone.value != "hand":
            raise NotUnderstood(zone.value)
        return self._effect(fn("reveal_hand", who))

    def _player(self, who):
        """A target here must be a player ("target opponent mills two cards")."""
        if who.name == "target":
            self._player_target(who)

    def that_player(self):
        return const("that_player")

    def its_controller(self):
        return const("its_controller")

    def each_opponent(self):
        return const("each_opponent")

    def that_object(self, word):
        """"that creature": the object the ability spoke of before, as "it"."""
        if word.value not in NOUNS or word.value in PLURAL_NOUNS:
            raise NotUnderstood(word.value)
        return const("it")

    def those_objects(self, word):
        """"those creatures": the objects the ability spoke of before, as "them"."""
        if word.value not in PLURAL_NOUNS:
            raise NotUnderstood(word.value)
        return const("it")

    def regenerate(self, what):
        return self._effect(fn("regenerate", what))

    def transform_effect(self, what):
        return self._effect(fn("transform", what))

    def sacrifice_object(self, what):
        return self._effect(fn("sacrifice", what))

    def create_token(self, count, token):
        return self._effect(fn("create_token", self._count_amount(count), token))

    def predefined_token(self, word):
        if word.value not in PREDEFINED_TOKENS:
            raise NotUnderstood(word.value)
        return fn("token", const(PREDEFINED_TOKENS[word.value]))

    def creature_token(self, pt, *rest):
        """"a 1/1 green Saproling creature token with flying": token(P, T,
        Colors, Subtypes, Types, Keywords), each list a tuple in text order;
        colors, then subtypes, then card types, as the Oracle writes them."""
        words, *keywords = rest
        keywords = keywords[0] if keywords else []
        colors, subtypes, types = [], [], []
        for w in words:
            if w in COLORS and not subtypes and not types:
                colors.append(const(COLORS[w]))
            elif w == "colorless" and not colors and not subtypes and not types:
                continue
            elif w in SUBTYPES and w not in PLURAL_NOUNS and not types:
                subtypes.append(const(SUBTYPES[w]))
            elif w in CARD_TYPES and w not in PLURAL_NOUNS:
                types.append(const(CARD_TYPES[w]))
            else:
                raise NotUnderstood(w)
        if const("creature") not in types or len(set(words)) < len(words):
            raise NotUnderstood(" ".join(words))
        p, t = pt.value.split("/")
        return fn("token", Number(int(p)), Number(int(t)), fn("", *colors), fn("", *subtypes),
                  fn("", *types), fn("", *[const(constant_name(k)) for k in keywords]))

    def token_words(self, *tokens):
        return [t.value for t in tokens]

    def get_energy(self, *tokens):
        return self._effect(fn("get_energy", Number(len(tokens))))

    def become_monarch(self):
        return self._effect(const("become_monarch"))

    def library_verb(self, *tokens):
        return "_".join(t.value for t in tokens)

    def top_card(self, verb, noun, zone):
        if noun.value != "card":
            raise NotUnderstood(noun.value)
        return self.top_cards(verb, 1, Token("WORD", "cards"), zone)

    def top_cards(self, verb, n, noun, zone):
        """"look at (reveal, exile, mill) the top N cards of your library"."""
        if noun.value != "cards" or zone.value != "library":
            raise NotUnderstood(noun.value)
        return self._effect(fn("top_of_library", const(verb), const("you"), Number(n)))

    def gain_abilities(self, sel, items, duration=None):
        """The duration belongs to each ability granted."""
        lasting = [("effect_duration", duration)] if duration else []
        return [c for grant in self._grants(sel, items) for c in [grant] + lasting]

    def pump_and_gain(self, sel, pt, items, duration=None):
        return self.modify_pt_referred(sel, pt, duration) + self.gain_abilities(sel, items, duration)

    def modify_pt_referred(self, sel, pt, duration=None):
        return self._effect(fn("modify_pt", sel, *self._pt(pt)), duration)

    def deal_damage_each_player(self, _self, n, who):
        return self._effect(fn("deal_damage", who, fn("n", Number(n))))

    def deal_damage_each(self, _self, n, sel):
        return self._effect(fn("deal_damage", sel, fn("n", Number(n))))

    def deal_damage_by_it(self, it, n, target):
        """"It deals 3 damage to any target": the object spoken of before deals it."""
        return self._effect(fn("deal_damage_by", it, target, fn("n", Number(n))))

    def class_level_up(self, n):
        """716.2a: "[Cost]: Level N": this Class's level becomes N; activate
        only if it is level N-1 and only as a sorcery."""
        if n < 2:
            raise NotUnderstood("level")
        return self._effect(fn("become_level", Number(n))) + [
            ("activation_restriction", const("sorcery_speed")),
            ("activation_restriction", fn("only_if", String("this Class is level %d" % (n - 1))))]

    def cant_be_regenerated(self, it):
        return self._effect(fn("cant", it, const("be_regenerated")))

    def pay_mana(self, token):
        """"(You may) pay {2}": pay(C), C a cost term as of cost/2."""
        return self._effect(fn("pay", self.mana_cost(token)))

    def pay_energy_effect(self, *tokens):
        return self._effect(fn("pay", self.pay_energy(*tokens)))

    def can_block_additional(self, sel):
        return self._effect(fn("can_block_additional", sel, Number(1)))

    def pay_life_effect(self, n):
        return self._effect(fn("pay", self.pay_life(n)))

    def gain_life_you(self, amount):
        """"(You may) gain 3 life"."""
        return self._effect(fn("gain_life", const("you"), self._amount_term(amount)))

    def shuffle(self, who):
        self._player(who)
        return self._effect(fn("shuffle", who))

    def shuffle_you(self):
        return self.shuffle(const("you"))

    def sacrifice_you(self, count, sel):
        """"Sacrifice a creature": you sacrifice, as "Target player sacrifices"."""
        n, extra = count if isinstance(count, tuple) else (count, [])
        for pred, _ in extra:
            self.facts.append(fn(pred, sel))
        return self._effect(fn("sacrifice", const("you"), sel, _n(n)))

    def gain_control(self, what, duration=None):
        return self._effect(fn("gain_control", what), duration)

    def cant_this_turn(self, what, *actions):
        return [c for a in actions for c in self._effect(fn("cant", what, a), const("end_of_turn"))]

    def _rest_on_bottom(self, zone, order):
        """"Put the rest on the bottom of your library in a random (any) order"."""
        if zone.value != "library":
            raise NotUnderstood(zone.value)
        return self._effect(fn("put_rest", const("library_bottom"), const(order)))

    def rest_on_bottom_random(self, zone):
        return self._rest_on_bottom(zone, "random_order")

    def rest_on_bottom_any(self, zone):
        return self._rest_on_bottom(zone, "any_order")

    def rest_into_graveyard(self, zone):
        if zone.value != "graveyard":
            raise NotUnderstood(zone.value)
        return self._effect(fn("put_rest", const("graveyard"), const("any_order")))

    def deal_damage_player(self, _self, n, who):
        return self._effect(fn("deal_damage", who, fn("n", Number(n))))

    def create_tapped_token(self, count, token):
        return self._effect(fn("create_token", self._count_amount(count), token, const("tapped")))

    def action_word(self, token):
        return token.value

    def keyword_action(self, verb, n):
        return self._effect(fn(verb, Number(n)))

    def amass(self, word, n):
        """"Amass Orcs 2" (701.44): the Army's creature type, and N."""
        if word.value not in SUBTYPES or word.value not in PLURAL_NOUNS:
            raise NotUnderstood(word.value)
        return self._effect(fn("amass", const(SUBTYPES[word.value]), Number(n)))

    def learn(self):
        return self._effect(const("learn"))

    def connive(self, what):
        return self._effect(fn("connive", what))

    def explore(self, what):
        return self._effect(fn("explore", what))

    def manifest_dread(self):
        return self._effect(const("manifest_dread"))

    def take_initiative(self):
        return self._effect(const("take_the_initiative"))

    def win_game(self):
        return self._effect(fn("win_the_game", const("you")))

    def extra_turn(self):
        return self._effect(fn("extra_turn", const("you")))

    def may_play_this_turn(self, what):
        """"You may play that card this turn" (exiled cards, 601.2 / 305.1)."""
        return self._effect(fn("may_play", what), const("end_of_turn")) + [("effect_optional",)]

    def search(self, zone, count, sel):
        """"Search your library for a basic land card": the cards found are "it"."""
        if zone.value != "library":
            raise NotUnderstood(zone.value)
        return self._effect(fn("search", const("library"), sel, self._count_amount(count)))

    def put_onto_battlefield(self, what):
        return self._effect(fn("put_onto_battlefield", what, const("untapped")))

    def put_onto_battlefield_tapped(self, what):
        return self._effect(fn("put_onto_battlefield", what, const("tapped")))

    def put_into_zone(self, what, zone):
        return self._effect(fn("put_into", what, const(zone.value)))

    def reveal_it(self, what):
        return self._effect(fn("reveal", what))

    def return_under_owner(self, what):
        """"Return it to the battlefield under its owner's control"."""
        return self._effect(fn("return_to_battlefield_under_owner", what, const("untapped")))

    def return_under_owner_tapped(self, what):
        return self._effect(fn("return_to_battlefield_under_owner", what, const("tapped")))

    def prevent_next_damage(self, n, recipient):
        return self._effect(fn("prevent_next_damage", recipient, Number(n)), const("end_of_turn"))

    def prevent_next_damage_to_you(self, n):
        return self.prevent_next_damage(n, const("you"))

    def prevent_combat_damage(self):
        return self._effect(const("prevent_all_combat_damage"), const("end_of_turn"))

    def gain_life_equal(self, quantity):
        """"You gain life equal to ...": the amount in its own words."""
        return self._effect(fn("gain_life", const("you"), self._amount(quantity)))

    def put_on_top(self, what):
        return self._effect(fn("put_on_library", what, const("top")))

    def put_on_bottom(self, what):
        return self._effect(fn("put_on_library", what, const("bottom")))

    def shuffle_into_library(self, what):
        return self._effect(fn("shuffle_into_library", what))

    def attach(self, what, target):
        return self._effect(fn("attach", what, target))

    def next_end_step(self):
        return const("next_end_step")

    def next_upkeep(self):
        return const("next_upkeep")

    def end_of_combat(self):
        return const("end_of_combat")

    def delayed_effect(self, clauses, when):
        """"Sacrifice it at the beginning of the next end step" (603.7); an
        action of no term keeps the sentence where other(S) may be."""
        if isinstance(clauses, tuple):  # other(S)
            return ("other_effect", [clauses, ("effect_delayed", when)])
        out = []
        for clause in clauses:
            out.append(clause)
            if clause[0] == "effect":
                out.append(("effect_delayed", when))
        return ("spell", out)

    def gain_that_much_life(self):
        return self._effect(fn("gain_life", const("you"), fn("other", String("that much"))))

    def roll_die_sided(self, sides):
        """"Roll a six-sided die"."""
        words = ["four", "six", "eight", "ten", "twelve", "twenty"]
        numbers = [4, 6, 8, 10, 12, 20]
        if not sides.value.endswith("-sided") or sides.value[:-6] not in words:
            raise NotUnderstood(sides.value)
        return self._effect(fn("roll_die", Number(numbers[words.index(sides.value[:-6])])))

    def roll_die(self, die):
        """"Roll a d20" (706)."""
        if not re.fullmatch(r"d(4|6|8|10|12|20)", die.value):
            raise NotUnderstood(die.value)
        return self._effect(fn("roll_die", Number(int(die.value[1:]))))

    def clash(self):
        return self._effect(const("clash"))

    def open_attraction(self):
        return self._effect(const("open_an_attraction"))

    def additional_combat_phase(self):
        return self._effect(const("additional_combat_phase"))

    def return_to_battlefield_from_tapped(self, what, zone):
        return self._effect(fn("return_to_battlefield", what, const(zone.value), const("tapped")))

    def may_play_until_next_turn(self, what):
        """"Until the end of your next turn, you may play that card (those cards)"."""
        return self._effect(fn("may_play", what), const("until_end_of_your_next_turn")) + [
            ("effect_optional",)]

    def discard_it(self, who, what):
        """"That player discards that card"."""
        return self._effect(fn("discard_card", who, what))

    def additional_land(self):
        return self._effect(fn("additional_land_play", Number(1)))

    def control_enchanted(self, word):
        return self._effect(fn("gain_control", self.enchanted(word)))

    def can_block_only(self, sel, blocked):
        return self._effect(fn("can_block_only", sel, blocked))

    def may_not_untap(self, sel):
        return self._effect(fn("may_not_untap", sel))

    def any_player_may_activate(self):
        return [("activation_restriction", const("any_player"))]

    def bite(self, source, target):
        """"Target creature you control deals damage equal to its power to target creature"."""
        return self._effect(fn("deal_damage_by", source, target, fn("power", source)))

    def grant_it(self, what, items):
        """"It has 'Sacrifice this token: Add {C}.'": the object spoken of before."""
        return self._grants(what, items)

    def _one_into(self, zone, rest):
        if zone.value != "hand":
            raise NotUnderstood(zone.value)
        return self._effect(fn("put_one_of", const("it"), const("hand"))) + rest

    def one_into_rest_bottom(self, zone, library):
        return self._one_into(zone, self._rest_on_bottom(library, "any_order"))

    def one_into_rest_bottom_random(self, zone, library):
        return self._one_into(zone, self._rest_on_bottom(library, "random_order"))

    def one_into_rest_into(self, zone, graveyard):
        return self._one_into(zone, self.rest_into_graveyard(graveyard))

    def search_up_to(self, zone, n, sel):
        """"Search your library for up to two basic land cards"."""
        if zone.value != "library":
            raise NotUnderstood(zone.value)
        return self._effect(fn("search", const("library"), sel, fn("up_to", Number(n))))

    def cant_unless(self, sel, action, condition):
        return [("effect", fn("cant", sel, action)),
                ("effect_condition", fn("unless", String(self._original(condition))))]

    def may_cast_free(self, what):
        return self._effect(fn("may_cast_without_paying", what)) + [("effect_optional",)]

    def copy_that_spell(self, what):
        """"Copy that spell" (707.10): the spell spoken of before."""
        if self.text.split()[-1].lower().rstrip(".") != "spell":
            raise NotUnderstood("copy that")
        return self._effect(fn("copy_spell", what))

    def populate(self):
        return self._effect(const("populate"))

    def skip_draw_step(self):
        return self._effect(fn("skip", const("draw_step")))

    def discard_hand(self, zone):
        if zone.value != "hand":
            raise NotUnderstood(zone.value)
        return self._effect(fn("discard_hand", const("you")))

    def player_counters(self, count, kind):
        """"You get an experience counter" (122.1)."""
        if kind.value not in ("experience", "poison", "rad", "ticket"):
            raise NotUnderstood(kind.value)
        return self._effect(fn("player_counters", const("you"), String(kind.value), self._count_amount(count)))

    def bottom_random(self, zone):
        return self._rest_on_bottom(zone, "random_order")

    def bottom_any(self, zone):
        return self._rest_on_bottom(zone, "any_order")

    def rest_into(self, zone):
        return self.rest_into_graveyard(zone)

    def put_into_and_rest(self, what, zone, rest):
        return self.put_into_zone(what, zone) + rest

    def put_onto_and_rest(self, what, rest):
        return self.put_onto_battlefield(what) + rest

    def fight(self, first, second):
        return self._effect(fn("fight", first, second))

    def remove_counters_effect(self, count, kind, what):
        return self._effect(fn("remove_counters", what, kind, self._count_amount(count)))

    def two_color_token(self, pt, color, words, *keywords):
        """"a 1/1 green and white Citizen creature token"."""
        if color.value not in COLORS or not words or words[0] not in COLORS:
            raise NotUnderstood(color.value)
        return self.creature_token(pt, [color.value] + words, *keywords)

    def modify_pt_as_long_as(self, sel, pt, condition):
        """"This creature gets +2/+2 as long as S" (611.3a)."""
        return self.modify_pt(sel, pt) + [
            ("effect_condition", fn("as_long_as", String(self._original(condition))))]

    def may_play_until_eot(self, what):
        return self.may_play_this_turn(what)

    def one_into_other_into(self, zone, graveyard):
        return self._one_into(zone, self.rest_into_graveyard(graveyard))

    def _chosen(self, count, sel):
        n, extra = count if isinstance(count, tuple) else (count, [])
        for pred, _ in extra:
            self.facts.append(fn(pred, sel))
        return sel, _n(n)

    def return_chosen_to_hand(self, count, sel):
        """"Return a land you control to its owner's hand": you choose which."""
        return self._effect(fn("return_to_hand", const("you"), *self._chosen(count, sel)))

    def put_chosen_onto_battlefield(self, count, sel):
        """"(You may) put a land card from your hand onto the battlefield"."""
        return self._effect(fn("put_onto_battlefield", const("you"), *self._chosen(count, sel),
                               const("untapped")))

    def put_chosen_onto_battlefield_tapped(self, count, sel):
        return self._effect(fn("put_onto_battlefield", const("you"), *self._chosen(count, sel),
                               const("tapped")))

    def gain_life_for_each(self, n, sel):
        """"You gain 2 life for each creature you control"."""
        n = int(n.value)
        amount = fn("count", sel) if n == 1 else fn("times", Number(n), fn("count", sel))
        return self._effect(fn("gain_life", const("you"), amount))

    def deal_damage_its_power(self, it, target):
        return self._effect(fn("deal_damage_by", it, target, fn("power", it)))

    def lose_game(self):
        return self._effect(fn("lose_the_game", const("you")))

    def manifest_top(self, noun, zone):
        if noun.value != "card" or zone.value != "library":
            raise NotUnderstood(noun.value)
        return self._effect(const("manifest_top_card"))

    def exile_all_graveyards(self):
        return self._effect(const("exile_all_graveyards"))

    def goad(self, target):
        return self._effect(fn("goad", target))

    def deal_damage_by_it_to_you(self, it, n):
        return self._effect(fn("deal_damage_by", it, const("you"), fn("n", Number(n))))

    def additional_land_this_turn(self):
        return self._effect(fn("additional_land_play", Number(1)), const("end_of_turn"))

    def player_keyword(self, word):
        """"You have hexproof" (702.11d): a keyword a player has."""
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return self._effect(fn("player_keyword", const("you"), const(word.value)))

    def tap_or_untap(self, what):
        """"(You may) tap or untap target creature": the player chooses which."""
        return self._effect(fn("tap_or_untap", what))

    def creature_token_quoted(self, pt, words, quote):
        """"a 0/1 colorless Eldrazi Spawn creature token with "Sacrifice this
        token: Add {C}."": the quoted ability B, token(..., (), (B,))."""
        token = self.creature_token(pt, words)
        return fn("token", *token.arguments, fn("", self.quotes[quote.value.strip('"')]))

    def creature_type(self):
        return const("creature_type")

    def card_name(self):
        return const("card_name")

    def a_color(self):
        return const("color")

    def an_opponent(self):
        return const("opponent")

    def basic_land_type(self):
        return const("basic_land_type")

    def choose(self, kind):
        """"Choose a creature type." (the choice the ability's later words use)."""
        return self._effect(fn("choose", kind))

    def choose_as_enters(self, _self, kind):
        """614.12: "As this enchantment enters, choose a creature type"."""
        return self._effect(fn("choose_as_enters", kind))

    def blocked_by_one_at_most(self, sel):
        return self._effect(fn("cant_be_blocked_by_more_than", sel, Number(1)))

    def flash_permission(self, _self):
        """"You may cast this spell as though it had flash" (601.3)."""
        return self._effect(const("may_cast_as_though_it_had_flash"))

    def choose_target(self, target):
        """"Choose target creature." (later words say "that creature")."""
        return self._effect(fn("choose", target))

    def put_under_your_control(self, target):
        """"Put target creature card from a graveyard onto the battlefield under your control"."""
        return self._effect(fn("put_onto_battlefield_under_your_control", target))

    def exile_players_graveyard(self, token):
        """"Exile target player's graveyard": a target that is a player."""
        who = "sel_opponent" if token.value.startswith("opponent") else "sel_player"
        target = self._target(self._selector([(who, None)]))
        return self._effect(fn("exile_graveyard", target))

    def spend_as_any_color(self, _self):
        """609.4b: "You may spend mana as though it were mana of any color to cast this spell"."""
        return self._effect(const("spend_mana_as_any_color"))

    def venture(self):
        return self._effect(const("venture_into_the_dungeon"))

    def ring_tempts(self):
        return self._effect(const("ring_tempts_you"))

    def return_to_hand_from(self, what, zone):
        return self._effect(fn("return_to_hand", what, const(zone.value)))

    def return_to_battlefield_from(self, what, zone):
        return self._effect(fn("return_to_battlefield", what, const(zone.value)))

    def they(self):
        """"they": the objects the ability spoke of before, as "them"."""
        return const("it")

    def only_during(self, word):
        """"Activate only during your turn (upkeep)"."""
        if word.value not in ("turn", "upkeep"):
            raise NotUnderstood(word.value)
        return [("activation_restriction", fn("during", const("your_" + word.value)))]

    def triggers_once_each_turn(self):
        return [("trigger_limit", const("once_each_turn"))]

    def no_maximum_hand_size(self):
        return self._effect(const("no_maximum_hand_size"))

    def can_be_commander(self, sel):
        if sel != const("sel_self"):
            raise NotUnderstood("a group as commander")
        return self._effect(const("can_be_commander"))

    # ------------------------------------------------------------ sentences

    def one_shot_chain(self, *effects):
        """"Surveil 1, then draw a card": typed effects, and actions of no
        term (other(S)) which keep the sentence to the abilities that may
        have them."""
        clauses = [c for e in effects for c in (e if isinstance(e, list) else [e])]
        other = any(not isinstance(e, list) for e in effects)
        return ("other_effect" if other else "spell", clauses)

    def may_one_shot(self, *effects):
        """"You may ...": each effect happens only if its player chooses so."""
        kind, clauses = self.one_shot_chain(*effects)
        out = []
        for clause in clauses:
            out.append(clause)
            if clause[0] in ("effect", "grant_keyword"):
                out.append(("effect_optional",))
        return kind, out

    def may_other_effect(self, *actions):
        return ("other_effect", self.may_one_shot(*actions)[1])
