"""Transformer of grammar/triggers.lark. Triggered abilities (603): trigger
conditions and the mana a trigger adds."""

from clingo import String
from lark import v_args

from .conditions import condition as typed_condition
from .reading import const, fn, NotUnderstood, Reading


@v_args(inline=True)
class Triggers(Reading):
    def another_group(self, sel):
        self.facts.append(fn("sel_other", sel))
        return sel

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
            ("trigger_if", typed_condition(self, None, condition))]

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

    def attacks_or_blocks(self, sel):
        return [("trigger", fn("attacks_or_blocks", sel))]

    def blocks(self, sel):
        return [("trigger", fn("blocks", sel))]

    def beginning_of(self, whose, step):
        """beginning_of(Step, Whose): the step of whose turn."""
        return [("trigger", fn("beginning_of", step, whose))]

    def step(self, *words):
        """upkeep, draw_step, end_step."""
        return const("_".join(w.value for w in words))

    def beginning_of_combat(self):
        return [("trigger", fn("beginning_of", const("combat"), const("you")))]

    def whose_you(self):
        return const("you")

    def whose_each_player(self):
        return const("each_player")

    def whose_each_opponent(self):
        return const("each_opponent")

    def deals_combat_damage_to_player(self, sel):
        return [("trigger", fn("deals_combat_damage", sel, const("player")))]

    def becomes_tapped(self, sel):
        """"Whenever this creature becomes tapped": whatever taps it (a cost,
        an effect, attacking, 508.1f), tapping for mana too (106.12a)."""
        return [("trigger", fn("becomes_tapped", sel))]
