"""Transformer of grammar/costs.lark. Costs: one part of an activation cost
(602.1a) as a cost term."""

from clingo import Number, String
from lark import v_args

from .reading import _n, const, fn, NotUnderstood, Reading


@v_args(inline=True)
class Costs(Reading):
    def tap(self):
        return const("tap")

    def untap(self):
        return const("untap")

    def mana_cost(self, token):
        return fn("mana", String(token.value.upper()))

    def pay_life(self, n):
        return fn("pay_life", Number(n))

    def pay_life_x(self):
        """"Pay X life": pay_life(x), X announced as the spell is cast (107.3a)."""
        return fn("pay_life", const("x"))

    def pay_energy(self, *tokens):
        return fn("pay_energy", Number(len(tokens)))

    def pay_energy_n(self, n, _energy):
        """"Pay eight {E}" (107.14)."""
        return fn("pay_energy", Number(n))

    def waterbend(self, token):
        """701.67a: pay the mana, tapping artifacts and creatures for its generic part."""
        return fn("waterbend", fn("mana", String(token.value.upper())))

    def blight(self, n):
        """701.68a: put N -1/-1 counters on a creature you control."""
        return fn("blight", Number(n))

    def sacrifice(self, obj):
        sel, n = self._object(obj)
        return fn("sacrifice", sel, n)

    def sacrifice_this_and(self, this, obj):
        """"Sacrifice this land and a creature you control": two costs, one part."""
        return [fn("sacrifice", this, Number(1)), self.sacrifice(obj)]

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
        """A cost of no rule of `cost`: its words read as `cost_words` (a
        second parse of the piece), else other(S), S as printed."""
        term = self._cost_words(self.text)
        return fn("other", String(self.text.strip())) if term is None else term

    def _other_cost_words(self, term, text):
        """A cost term other(S) of a sentence ("As an additional cost to cast
        this spell, collect evidence 6"): its own words `text` (a part of
        the piece) read as `cost_words`, else other(text)."""
        if term.name != "other":
            return term
        typed = self._cost_words(text)
        return fn("other", String(text)) if typed is None else typed

    def _cost_words(self, text):
        """The cost term of words `text` of the piece (the same words of the
        printed piece) read as `cost_words`, or None."""
        start = self.text.find(text)
        if start < 0:
            return None
        return self._read_again(start, self.piece[start:start + len(text)].rstrip().rstrip("."), "cost_words")

    def mill_one(self, word):
        return self.mill_cost(1, word)

    def mill_cost(self, n, word):
        """701.17a: "Mill a card", "Mill two cards"."""
        if word.value != ("card" if n == 1 else "cards"):
            raise NotUnderstood(word.value)
        return fn("mill", Number(n))

    def exert_cost(self, this):
        """701.43a: the permanent does not untap during its controller's next untap step."""
        return fn("exert", this)

    def forage_cost(self):
        return const("forage")

    def collect_evidence(self, n):
        return fn("collect_evidence", Number(n))

    def discard_hand_cost(self):
        return const("discard_hand")

    def return_to_hand_cost(self, obj):
        sel, n = self._object(obj)
        return fn("return_to_hand", sel, n)

    def reveal_this_cost(self, this):
        """"Reveal this card from your hand": the ability is activated from
        the hand (activation_zone, 602.2a)."""
        self.facts.append(fn("activation_zone", self.ab, const("hand")))
        return fn("reveal", this, Number(1))

    def reveal_cost(self, obj):
        """"Reveal a Dragon card from your hand": cards of your hand only
        (the group's sel_zone(Sel, hand))."""
        sel, n = self._object(obj)
        if fn("sel_zone", sel, const("hand")) not in self.facts:
            raise NotUnderstood("a revealed card not from the hand")
        return fn("reveal", sel, n)

    def put_counters_cost(self, count, kind, obj):
        sel, one = self._object(obj)
        if one != Number(1):
            raise NotUnderstood("counters on several objects")
        return fn("put_counters", sel, kind, self._count(count))

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

    def remove_counters_and_sacrifice(self, count, kind, this):
        """Two costs of one part: the counters, then the object itself."""
        return [self.remove_counters(count, kind, this), fn("sacrifice", this, Number(1))]

    def remove_counters_from(self, count, *rest):
        """"Remove a +1/+1 counter from a creature you control":
        remove_counters_from(Sel, Kind, N), Kind `any` for "a counter"."""
        *kind, obj = rest
        sel, one = self._object(obj)
        n = count[0] if isinstance(count, tuple) else count
        if sel == const("sel_self"):
            return fn("remove_counters", kind[0], _n(n)) if kind else fn("remove_any_counters", _n(n))
        if one != Number(1):
            raise NotUnderstood("counters from several objects")
        return fn("remove_counters_from", sel, kind[0] if kind else const("any"), _n(n))

    def remove_counters_from_among(self, count, *rest):
        """"Remove two +1/+1 counters from among creatures you control": from any of them."""
        *kind, sel = rest
        n = count[0] if isinstance(count, tuple) else count
        return fn("remove_counters_from_among", sel, kind[0] if kind else const("any"), _n(n))

    def sacrifice_other(self, n, sel):
        self.facts.append(fn("sel_other", sel))
        return fn("sacrifice", sel, Number(n))

    def exile_other(self, n, sel):
        """"Exile three other cards from your graveyard": cards other than
        the object itself (702.138a: an escaping card is on the stack)."""
        self.facts.append(fn("sel_other", sel))
        return fn("exile", sel, Number(n))

    def unattach_cost(self, this):
        """"Unattach Sunforger": the Equipment's own ability. In a quoted
        ability it grants ("Unattach Blinding Powder" on the equipped
        creature) the name is not the ability's object: not read."""
        if self.ab.name == "sub":
            raise NotUnderstood("a name in a quoted ability")
        return fn("unattach", this)

    def exile_top_of_library(self):
        return fn("exile_top_of_library", Number(1))
