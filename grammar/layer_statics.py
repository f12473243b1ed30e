"""Transformer of grammar/layer_statics.lark: static abilities of the layer
system (613).

Each sentence after a subject comes back as a function of the subject's
selector; `layer_static` (grammar/statics.py) applies it. Words of a
sentence that are not read (Mycosynth Lattice's "cards that aren't on the
battlefield, spells") are kept in `not_read`, (start, end) offsets in the
piece, which the driver writes as `unparsed` facts."""


from clingo import Function, Number
from lark import v_args

from . import lexicon
from .reading import CARD_TYPES, KEYWORD_PHRASES, NotUnderstood, Reading, const, constant_name, fn

# The subtypes of each card type a "... creatures and ... lands" sentence names.
SUBTYPE_KINDS = {**{t.lower(): "creature" for t in lexicon.CREATURE_TYPES},
                 **{t.lower(): "land" for t in lexicon.LAND_TYPES}}

def _tuple(items):
    return Function("", list(items))


@v_args(inline=True)
class LayerStatics(Reading):
    """The rules of layer_statics.lark."""

    def _effects(self, *effects):
        return [("effect", e) for e in effects]

    # ---- layer 6, 7b: "lose all abilities", "have base power and toughness N/N"
    def lose_all(self):
        return lambda sel: self._effects(fn("lose_all_abilities", sel))

    def lose_all_base_pt(self, pt):
        p, t = self._pt(pt)
        return lambda sel: self._effects(fn("lose_all_abilities", sel), fn("set_pt", sel, p, t))

    def base_pt(self, pt):
        p, t = self._pt(pt)
        return lambda sel: self._effects(fn("set_pt", sel, p, t))

    # ---- layer 6: losing one keyword ability; 613.1f "can't have"
    def ls_keyword(self, *words):
        phrase = " ".join(w.value for w in words)
        if phrase not in KEYWORD_PHRASES:
            raise NotUnderstood(phrase)
        return const(constant_name(phrase))

    def lose_keyword(self, keyword):
        return lambda sel: self._effects(fn("lose_keyword", sel, keyword))

    def lose_keyword_for_good(self, keyword, again):
        if keyword != again:
            raise NotUnderstood(str(again))
        return lambda sel: self._effects(fn("lose_keyword", sel, keyword), fn("cant_have_keyword", sel, keyword))

    # ---- layer 4 and 7b: Opalescence, March of the Machines
    def creature_base_mana_value(self):
        return lambda sel: self._effects(fn("add_card_type", sel, const("creature")),
                                         fn("set_pt_mana_value", sel))

    def add_creature_type(self):
        return lambda sel: self._effects(fn("add_card_type", sel, const("creature")))

    def add_creature_type_base_pt(self, pt):
        """Layer 4 and layer 7b: a creature, with base power and toughness P/T."""
        p, t = self._pt(pt)
        return lambda sel: self._effects(fn("add_card_type", sel, const("creature")), fn("set_pt", sel, p, t))

    def add_creature_type_and_grant(self, grants):
        return lambda sel: self._effects(fn("add_card_type", sel, const("creature"))) + self._grants(sel, grants)

    def type_creature_mana_value(self, word):
        """"Each noncreature artifact is an artifact creature with power and
        toughness each equal to its mana value": it keeps its other types
        (the rulings of March of the Machines)."""
        if CARD_TYPES.get(word.value) != word.value:  # a singular card type
            raise NotUnderstood(word.value)
        return lambda sel: self._effects(fn("add_card_type", sel, const(CARD_TYPES[word.value])),
                                         fn("add_card_type", sel, const("creature")),
                                         fn("set_pt_mana_value", sel))

    # ---- layer 4: the chosen creature type (Xenograft, Conspiracy)
    def add_chosen_type(self):
        return lambda sel: self._effects(fn("add_chosen_type", sel))

    def set_chosen_type(self):
        return lambda sel: self._effects(fn("set_chosen_type", sel))

    # ---- layer 5: colors
    def colors(self, *colors):
        return list(colors)

    def creature_lands(self, pt, color, creature_type, land_type):
        """"All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands
        in addition to their other types": creature and land in addition (layer 4, each
        subtype with its card type: the rulings of Life and Limb), green (layer 5, 105.3),
        base power and toughness 1/1 (layer 7b)."""
        kinds = [(creature_type.value, "creature"), (land_type.value, "land")]
        if any(SUBTYPE_KINDS.get(word.lower()) != kind for word, kind in kinds):
            raise NotUnderstood(f"{creature_type.value} {land_type.value}")
        p, t = (Number(int(n)) for n in pt.value.split("/"))
        return lambda sel: self._effects(fn("add_card_type", sel, const("creature")), fn("add_card_type", sel, const("land")),
                                         fn("add_subtype", sel, const(constant_name(creature_type.value))),
                                         fn("add_subtype", sel, const(constant_name(land_type.value))),
                                         fn("set_colors", sel, _tuple([color])), fn("set_pt", sel, p, t))

    def set_colors(self, colors):
        return lambda sel: self._effects(fn("set_colors", sel, _tuple(colors)))

    def colorless(self):
        return lambda sel: self._effects(fn("set_colors", sel, _tuple(())))

    def add_colors(self, colors):
        return lambda sel: self._effects(*(fn("add_color", sel, c) for c in colors))

    def add_chosen_color(self):
        return lambda sel: self._effects(fn("add_chosen_color", sel))

    def everything(self, not_permanents, sentence):
        """Of "all cards that aren't on the battlefield, spells, and
        permanents", the permanents: a selector of no constraint."""
        self.not_read = (*self.not_read, (not_permanents.start_pos, not_permanents.end_pos))
        return sentence(self._selector([]))

    def change_all_color_words(self):
        return self._effects(fn("change_all_text", const("color")))

    # ---- 7a: characteristic-defining abilities (604.3)
    def pt_equal_count(self, _self, sel):
        return self._effects(fn("define_pt", fn("count", sel), fn("count", sel)))

    def power_equal_count(self, _self, sel):
        return self._effects(fn("define_power", fn("count", sel)))

    def power_count_toughness_plus(self, _self, sel, plus):
        """The number (lexicon.lark: at most nine digits) fits clingo's integers."""
        return self._effects(fn("define_pt", fn("count", sel), fn("plus", fn("count", sel), Number(int(plus)))))

    def card_types_toughness_plus(self, _self, sel, plus):
        return self._effects(fn("define_pt", fn("card_types", sel), fn("plus", fn("card_types", sel), Number(int(plus)))))
