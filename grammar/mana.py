"""Transformer of grammar/mana.lark. Mana: what an ability adds (106), and
replacements of it (614.1a)."""

import re

from clingo import Number, String
from lark import Token, v_args

from .conditions import condition as typed_condition
from .reading import const, fn, NotUnderstood, NOUNS, Reading


class _Parts(list):
    """The parts of one option, and effects that follow the mana ("and this
    enchantment deals 1 damage to the player")."""

    def __init__(self, parts, then):
        super().__init__(parts)
        self.then = then


@v_args(inline=True)
class Mana(Reading):
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
            ("effect_condition", typed_condition(self, "unless", condition))]

    def x_where(self, amount, kind, quantity):
        if amount != const("x"):
            raise NotUnderstood("where X is")
        return [(kind, self._amount(quantity))]

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
        others, _ = self._x_is(others, amount)  # the other actions' X too ("each opponent loses X life")
        return self.options([(kind, amount, *among) for kind, _, *among in parts]) + others

    def each_other_add(self, amount, *rest):
        """"For each nonland card revealed this way, add {G} and you gain 1
        life": each symbol counted by the whole "for each" (amount other(S))."""
        syms = [t for t in rest if isinstance(t, Token)]
        others = [c for c in rest if not isinstance(c, Token)]
        return self.options([(fn("mana", self._type(s)), amount) for s in syms]) + others

    def add_to(self, recipient, clauses):
        return [("mana_recipient", recipient)] + clauses

    def chosen_player(self):
        return const("chosen_player")

    def each_color_among(self, sel):
        return self.options([(fn("each_color_among", sel), fn("n", Number(1)))])

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
