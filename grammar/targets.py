"""Transformer of grammar/targets.lark. Targets (115.1): target(K) and the
selector of each."""

import re

from clingo import Number
from lark import v_args

from .reading import const, fn, NotUnderstood, Reading


@v_args(inline=True)
class Targets(Reading):
    def target_one(self, sel):
        return self._target(sel)

    def target_counted(self, count, sel):
        return self._target(sel, *count)

    def target_counted_single_graveyard(self, count, sel):
        """"up to two target cards from a single graveyard": cards in any
        graveyard (sel_zone(S, all(graveyard))), all of them in the same one
        (target_same_graveyard(A, K))."""
        if any(f.name == "sel_zone" and f.arguments[0] == sel for f in self.facts):
            raise NotUnderstood("two zones")
        self.facts.append(fn("sel_zone", sel, fn("all", const("graveyard"))))
        self.facts.append(fn("target_same_graveyard", self.ab, Number(self.next_target)))
        return self._target(sel, *count)

    def target_counted_other(self, count, sel):
        return self._other_target(sel, *count)

    def target_another(self, sel):
        return self._other_target(sel)

    def _other_target(self, sel, low=1, high=1):
        """"another target creature": after an earlier target of the ability,
        one other than those (115.3, target_other); else other than the
        ability's source (sel_other)."""
        first = self.next_target == 1
        self.facts.append(fn("sel_other", sel) if first else fn("target_other", self.ab, Number(self.next_target)))
        return self._target(sel, low, high)

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

    def between_one(self, high):
        return self.between(1, high)

    def any_number(self):
        return (0, -1)

    def exactly(self, n):
        return (n, n)

    def _chosen_x(self):
        """107.3a: the X of "X target creatures" is chosen as the spell is
        cast (the ability activated); "..., where X is S" is not read so."""
        if re.search(r"\bwhere\s+x\s+is\b", self.text, re.IGNORECASE):
            raise NotUnderstood("X targets, where X is S")
        return const("x")

    def exactly_x(self):
        x = self._chosen_x()
        return (x, x)

    def up_to_x(self):
        return (0, self._chosen_x())

    def target_group(self, sel):
        return sel

    def target_player(self):
        return self._selector([("sel_player", None)])

    def target_opponent(self):
        return self._selector([("sel_opponent", None)])

    def target_spell_or_permanent(self, _words):
        """"target spell or permanent": a spell (on the stack) or a permanent."""
        spell = self._selector([("sel_zone", const("stack"))])
        permanent = self._selector([])
        return self._selector([("sel_any_of", spell), ("sel_any_of", permanent)])

    def _abilities(self, kinds, control):
        """113.7, 405.1: an activated or triggered ability on the stack, one
        sub-selector (sel_any_of) for each kind when there are two;
        "you control" its controller (113.8)."""
        if len(kinds) == 1:
            return self._selector([("sel_ability", const(kinds[0]))] + control)
        subs = [self._selector([("sel_ability", const(kind))]) for kind in kinds]
        return self._selector([("sel_any_of", sub) for sub in subs] + control)

    def target_ability(self, words, control=None):
        """"target activated ability", "target activated or triggered ability (you don't control)"."""
        kinds = [kind for kind in ("activated", "triggered") if kind in words.value]
        return self._abilities(kinds, control or [])

    def target_spell_or_ability(self, _words, control=None):
        """"target spell or ability", "target spell, activated ability, or
        triggered ability": a spell (on the stack) or an activated or triggered ability."""
        spell = self._selector([("sel_zone", const("stack"))])
        abilities = [self._selector([("sel_ability", const(kind))]) for kind in ("activated", "triggered")]
        return self._selector([("sel_any_of", sub) for sub in [spell] + abilities] + (control or []))

    def ability_you_control(self):
        return [("sel_controller", const("you"))]

    def ability_you_dont_control(self):
        return [("sel_controller", const("not_you"))]

    def target_player_or_planeswalker(self):
        player = self._selector([("sel_player", None)])
        walker = self._selector([("sel_type", const("planeswalker"))])
        return self._selector([("sel_any_of", player), ("sel_any_of", walker)])

    def target_opponent_or_planeswalker(self):
        opponent = self._selector([("sel_opponent", None)])
        walker = self._selector([("sel_type", const("planeswalker"))])
        return self._selector([("sel_any_of", opponent), ("sel_any_of", walker)])
