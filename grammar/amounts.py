"""Transformer of grammar/amounts.lark: an amount in words ("equal to S",
"..., where X is S") as a typed amount term."""

from clingo import Function, Number, String
from lark import v_args

from .reading import const, fn, NotUnderstood, NOUNS, PLURAL_NOUNS, Reading


def _noun_s(word):
    """The noun of a possessive word ("creature's"), or None."""
    value = word.value
    if not value.endswith("'s") or value[:-2] not in NOUNS or value[:-2] in PLURAL_NOUNS:
        return None
    return value[:-2]


@v_args(inline=True)
class Amounts(Reading):
    def amount_words(self, amount):
        return amount

    # "for each S" (each_amount): the amount of an effect, once for each thing S
    # names, read as "the number of S" is. 608.2c: "for each creature destroyed this way": the objects of the
    # group the ability's own action before (or its cost) acted on
    _DONE_VERBS = {"destroyed": ("destroy",), "sacrificed": ("sacrifice",), "tapped": ("tap",),
                   "discarded": ("discard",), "milled": ("mill", "top_of_library"), "revealed": ("reveal",),
                   "exiled": ("exile",)}

    def counted_this_way(self, nouns, words):
        participle = words.value.split()[0]
        verbs = self._DONE_VERBS[participle]
        done = [term.name for term in self.earlier_effects] + [term.name for term, _ in self.costs]
        if not any(name.startswith(verbs) for name in done):
            raise NotUnderstood("this way")
        return fn("count_this_way", const(participle), self.group(nouns))

    def number_of_group(self, sel):
        """"the number of creatures you control": count(Sel), as "for each"."""
        return fn("count", sel)

    def opponents_count(self):
        return const("opponents_count")

    def life_total_you(self):
        return fn("life_total", const("you"))

    def that_many(self):
        """"that many", "that much": the number the ability spoke of before
        (Reading._that_many), not read where nothing came before."""
        term = self._that_many("that many")
        if term.name == "other":
            raise NotUnderstood("that many")
        return term

    def devotion(self, *colors):
        """700.5: "your devotion to green" devotion(you, (g,)); "to black and
        red" devotion(you, (b, r)), 700.5a."""
        return fn("devotion", const("you"), Function("", list(colors)))

    def greatest(self, characteristic, sel):
        """"the greatest power among creatures you control": greatest(power, Sel)."""
        return fn("greatest", characteristic, sel)

    def total(self, characteristic, sel):
        """"the total power of creatures you control": total(power, Sel)."""
        return fn("total", characteristic, sel)

    def char_power(self):
        return const("power")

    def char_toughness(self):
        return const("toughness")

    def char_mana_value(self):
        return const("mana_value")

    def card_types(self, _words, sel):
        return fn("card_types", sel)

    def basic_land_types(self, _words, sel):
        return fn("basic_land_types", sel)

    def colors_spent(self, _words):
        return const("colors_spent")

    def colors_among(self, _words, sel):
        return fn("colors_among", sel)

    def party_size(self, _words):
        return fn("party_size", const("you"))

    def self_counters_amount(self, words, _this):
        """"the number of charge counters on this artifact": self_counters(Kind), Kind a string."""
        return fn("self_counters", String(words.value.split()[0]))

    def it_counters_amount(self, words):
        """"the number of +1/+1 counters on it": counters_on(it, Kind), Kind a string."""
        if not self.spoke_before:  # "it" of an ability that spoke of nothing before
            raise NotUnderstood("counters on it")
        return fn("counters_on", const("it"), String(words.value.split()[0]))

    def it_any_counters_amount(self, _words):
        """"the number of counters on it": counters_on(it, any)."""
        if not self.spoke_before:
            raise NotUnderstood("counters on it")
        return fn("counters_on", const("it"), const("any"))

    def plus_amount(self, number, amount):
        """"1 plus the number of ...": plus(Amount, K), as define_pt's."""
        return fn("plus", amount, Number(int(number)))

    # 608.2c: "this way" names the result of an earlier action of the same
    # ability: read only where an effect before the sentence did it
    def _this_way(self, kind, done):
        if not any(done(term.name) for term in self.earlier_effects):
            raise NotUnderstood("this way")
        return fn("this_way", const(kind))

    def this_way_life_lost(self, _words):
        """"the life lost this way": after "Each opponent loses 3 life."."""
        return self._this_way("life_lost", lambda name: name == "lose_life")

    def this_way_damage_dealt(self, _words):
        """"the damage dealt this way": after "~ deals 1 damage to each opponent."."""
        return self._this_way("damage_dealt", lambda name: name.startswith("deal_damage"))

    def this_way_damage_prevented(self, _words):
        """"the damage prevented this way": after "Prevent the next 3 damage ..."."""
        return self._this_way("damage_prevented", lambda name: name.startswith("prevent"))

    def this_way_cards_revealed(self, _words):
        """"the number of cards revealed this way": after "Reveal any number of red cards in your hand."."""
        return self._this_way("cards_revealed", lambda name: name == "reveal")

    def die_result(self, _words):
        """"Draw cards equal to the result" after "Roll a d20." (706.2, 706.4):
        the result of the die the ability rolled before; not read where it
        rolled none (a trigger's roll: "Whenever you roll ...")."""
        if not self._did_before("roll_die"):
            raise NotUnderstood("the result")
        return const("die_result")

    def life_gained_this_turn(self, _words):
        """"the amount of life you gained this turn" (119.3)."""
        return fn("life_gained_this_turn", const("you"))

    def cards_discarded_this_turn(self, _words):
        """"the number of cards you've discarded this turn" (701.9)."""
        return fn("cards_discarded_this_turn", const("you"))

    def cards_drawn_this_turn(self, _words):
        """"the number of cards you've drawn this turn" (121.1)."""
        return fn("cards_drawn_this_turn", const("you"))

    def power_of(self, whose):
        return fn("power", whose)

    def toughness_of(self, whose):
        return fn("toughness", whose)

    def mana_value_of(self, whose):
        return fn("mana_value", whose)

    def possessor_it(self):
        return const("it")

    def possessor_that(self, word):
        """"that creature's": the object the ability spoke of before, as "its"."""
        if _noun_s(word) is None:
            raise NotUnderstood(word.value)
        return const("it")

    def possessor_self(self, _this):
        return const("self")

    def possessor_done(self, done, word):
        """"the revealed card's mana value", "the exiled card's toughness": the
        card an effect of the ability before this sentence revealed (exiled,
        milled, discarded), the object it spoke of before (608.2c), as "its"."""
        if _noun_s(word) is None or not self._did_before(*self._DONE_VERBS[done.value]):
            raise NotUnderstood("the %s object" % done.value)
        return const("it")

    def possessor_sacrificed(self, word):
        """"the sacrificed creature's": the one object sacrificed to pay the
        ability's cost or its spell's additional cost (601.2b, 602.2)."""
        sacrifices = [t for t, _ in self.costs if t.name == "sacrifice"]
        if _noun_s(word) is None or len(sacrifices) != 1 or sacrifices[0].arguments[1].number != 1:
            raise NotUnderstood("the sacrificed object")
        return const("sacrificed")
