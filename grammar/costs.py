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
