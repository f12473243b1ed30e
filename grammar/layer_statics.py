"""The facts of grammar/layer_statics.lark: static abilities of the layer
system (613), a mixin of `transformer.Clauses`.

Each sentence after a subject comes back as a function of the subject's
selector; `layer_static` applies it. Words of a sentence that are not read
(Mycosynth Lattice's "cards that aren't on the battlefield, spells") are
kept in `not_read`, (start, end) offsets in the piece, which the driver
writes as `unparsed` facts."""

import re

from clingo import Function
from lark import Transformer, v_args

NOT_PERMANENTS = re.compile(r"cards\s+that\s+aren't\s+on\s+the\s+battlefield\s*,\s*spells")


def _tuple(items):
    return Function("", list(items))


@v_args(inline=True)
class LayerStatics(Transformer):
    """Transformer methods of the layer_statics namespace."""

    not_read = ()

    def layer_adjective(self, word):
        """"non-Aura": an object without that subtype (205.3)."""
        from .transformer import NotUnderstood, SUBTYPES, const

        rest = word[3:].lstrip("-") if word.startswith("non") else None
        if rest in SUBTYPES:
            return ("sel_not_subtype", const(SUBTYPES[rest]))
        raise NotUnderstood(word)

    def layer_static(self, *parts):
        *sel, sentence = parts
        return sentence(*sel) if callable(sentence) else sentence

    def _effects(self, *effects):
        return [("effect", e) for e in effects]

    # ---- layer 6, 7b: "lose all abilities", "have base power and toughness N/N"
    def layer_statics__lose_all(self):
        from .transformer import fn
        return lambda sel: self._effects(fn("lose_all_abilities", sel))

    def layer_statics__lose_all_base_pt(self, pt):
        from .transformer import fn
        p, t = self._pt(pt)
        return lambda sel: self._effects(fn("lose_all_abilities", sel), fn("set_pt", sel, p, t))

    def layer_statics__base_pt(self, pt):
        from .transformer import fn
        p, t = self._pt(pt)
        return lambda sel: self._effects(fn("set_pt", sel, p, t))

    # ---- layer 4 and 7b: Opalescence, March of the Machines
    def layer_statics__creature_base_mana_value(self, _creature=None):
        from .transformer import const, fn
        return lambda sel: self._effects(fn("add_card_type", sel, const("creature")),
                                         fn("set_pt_mana_value", sel))

    def layer_statics__add_creature_type(self, _creature=None):
        from .transformer import const, fn
        return lambda sel: self._effects(fn("add_card_type", sel, const("creature")))

    def layer_statics__add_creature_type_and_grant(self, _creature, grants):
        from .transformer import const, fn
        return lambda sel: self._effects(fn("add_card_type", sel, const("creature"))) + self._grants(sel, grants)

    def layer_statics__type_creature_mana_value(self, word, _creature=None):
        """"Each noncreature artifact is an artifact creature with power and
        toughness each equal to its mana value": it keeps its other types
        (the rulings of March of the Machines)."""
        from .transformer import CARD_TYPES, NotUnderstood, const, fn
        if CARD_TYPES.get(word.value) != word.value:  # a singular card type
            raise NotUnderstood(word.value)
        return lambda sel: self._effects(fn("add_card_type", sel, const(CARD_TYPES[word.value])),
                                         fn("add_card_type", sel, const("creature")),
                                         fn("set_pt_mana_value", sel))

    # ---- layer 4: the chosen creature type (Xenograft, Conspiracy)
    def layer_statics__add_chosen_type(self):
        from .transformer import fn
        return lambda sel: self._effects(fn("add_chosen_type", sel))

    def layer_statics__set_chosen_type(self):
        from .transformer import fn
        return lambda sel: self._effects(fn("set_chosen_type", sel))

    # ---- layer 5: colors
    def layer_statics__colors(self, *colors):
        return list(colors)

    def layer_statics__set_colors(self, colors):
        from .transformer import fn
        return lambda sel: self._effects(fn("set_colors", sel, _tuple(colors)))

    def layer_statics__colorless(self):
        from .transformer import fn
        return lambda sel: self._effects(fn("set_colors", sel, _tuple(())))

    def layer_statics__add_colors(self, colors):
        from .transformer import fn
        return lambda sel: self._effects(*(fn("add_color", sel, c) for c in colors))

    def layer_statics__add_chosen_color(self):
        from .transformer import fn
        return lambda sel: self._effects(fn("add_chosen_color", sel))

    def layer_statics__everything(self, token, sentence):
        """Of "all cards that aren't on the battlefield, spells, and
        permanents", the permanents: a selector of no constraint."""
        m = NOT_PERMANENTS.search(token.value)
        self.not_read = (*self.not_read, (token.start_pos + m.start(), token.start_pos + m.end()))
        return sentence(self._selector([]))

    # ---- 7a: characteristic-defining abilities (604.3)
    def layer_statics__pt_equal_count(self, _self, sel):
        from .transformer import fn
        return self._effects(fn("define_pt", fn("count", sel), fn("count", sel)))

    def layer_statics__power_equal_count(self, _self, sel):
        from .transformer import fn
        return self._effects(fn("define_power", fn("count", sel)))
