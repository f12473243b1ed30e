"""Transformer of grammar/statics.lark. Static abilities (604) and how an
object enters (614.1c)."""

import re

from clingo import Function, Number, String, SymbolType
from lark import v_args

from .conditions import condition as typed_condition
from .replacement import ThisTurn
from .reading import (_plural, BASIC_LAND_TYPES, CARD_TYPES, const, fn, KEYWORD_PHRASES, mentions,
                     KEYWORD_WORDS, NotUnderstood, ORDINALS, Reading, SUBTYPES)


def _word(token, word):
    """A WORD token that must be `word` (a literal there would take the word from WORD elsewhere)."""
    if token.value != word:
        raise NotUnderstood(token.value)


@v_args(inline=True)
class Statics(Reading):
    def enters_tapped(self, _self, *counters):
        return [("effect", const("enters_tapped"))] + (
            self.enters_with_counters(_self, *counters) if counters else [])

    def enters_tapped_unless(self, _self, condition):
        return [("effect", const("enters_tapped")),
                ("effect_condition", typed_condition(self, "unless", condition))]

    def enters_with_counters(self, _self, count, kind):
        return [("effect", fn("enters_with_counters", kind, self._count(count)))]

    def _enters_for_each(self, count, kind, unit):
        """614.1c: enters_with_counters_for_each(Kind, Amount): N counters for each
        unit, Amount `unit` or times(N, unit); not read by events.lp (answers warn)."""
        n = self._count(count)
        if n.type != SymbolType.Number:
            raise NotUnderstood("X for each")
        n = n.number
        return [("effect", fn("enters_with_counters_for_each", kind, unit if n == 1 else fn("times", Number(n), unit)))]

    def enters_with_counters_for_each(self, _self, count, kind, group):
        return self._enters_for_each(count, kind, fn("count", group))

    def enters_with_counters_converge(self, _self, count, kind):
        return self._enters_for_each(count, kind, const("colors_of_mana_spent"))

    def enters_with_counters_kicked(self, _self, count, kind):
        return self._enters_for_each(count, kind, const("times_kicked"))

    def enters_with_counters_if(self, _self, count, kind, condition):
        """"This creature enters with a +1/+1 counter on it if you attacked
        this turn" (614.1c, only if S holds as it enters)."""
        if "would" in condition.value:
            raise NotUnderstood(condition.value)
        return self.enters_with_counters(_self, count, kind) + [
            ("effect_condition", typed_condition(self, "if", condition))]

    def layer_static(self, *parts):
        """A sentence of grammar/layer_statics.lark, after its subject or alone."""
        *sel, sentence = parts
        return sentence(*sel) if callable(sentence) else sentence

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

    def grant(self, sel, items):
        return self._grants(sel, items)

    def enter_as_copy(self, _self, sel, exceptions=()):
        """707.9, 614.1c: "You may have this creature enter as a copy of any
        creature on the battlefield", and the exceptions of 707.9b, each an
        effect copy_exception(E) after it."""
        return [("effect", fn("enter_as_copy", sel)), ("effect_optional",)] + [
            ("effect", fn("copy_exception", e)) for e in exceptions]

    def copy_exceptions(self, *exceptions):
        return list(exceptions)

    def copy_not_legendary(self):
        return fn("not_supertype", const("legendary"))

    def copy_add_type(self, *rest):
        word = rest[-1].value
        if word in CARD_TYPES:
            return fn("add_card_type", const(CARD_TYPES[word]))
        if word not in SUBTYPES:
            raise NotUnderstood(word)
        return fn("add_subtype", const(SUBTYPES[word]))

    def copy_grant(self, quote):
        return fn("grant_ability", self.quotes[quote.value.strip('"')])

    def copy_enters_with_counter(self, kind, *rest):
        word = rest[-1].value
        if CARD_TYPES.get(word) != word:
            raise NotUnderstood(word)
        return fn("enters_with_counter_if", kind, const(word))

    def modify_pt(self, sel, pt, grants=None):
        return [("effect", fn("modify_pt", sel, *self._pt(pt)))] + (
            self._grants(sel, grants) if grants else [])

    def grant_items(self, *items):
        return list(items)

    def granted_keyword(self, *tokens):
        words = " ".join(t.value for t in tokens if t.type == "WORD")
        if words not in KEYWORD_PHRASES:
            raise NotUnderstood(words)
        return String(self.text[tokens[0].start_pos:tokens[-1].end_pos])

    def granted_keyword_from(self, keyword, *tokens):
        """"protection from black" (702.16a), "hexproof from white" (702.11d):
        the driver reads the quality as it reads the ability granted."""
        if keyword.value not in ("protection", "hexproof"):
            raise NotUnderstood(keyword.value)
        return String(self.text[keyword.start_pos:tokens[-1].end_pos])

    def add_type_and_grant(self, sel, *rest):
        *article, word, grants = rest
        return self.add_subtype(sel, word) + self._grants(sel, grants)

    def can_block_additional(self, sel):
        return self._effect(fn("can_block_additional", sel, Number(1)))

    def additional_land(self):
        return self._effect(fn("additional_land_play", Number(1)))

    def additional_lands(self, n):
        return self._effect(fn("additional_land_play", Number(n)))

    def maximum_hand_size(self, n):
        """402.2: "Your maximum hand size is two": maximum_hand_size(you, N)."""
        return self._effect(fn("maximum_hand_size", const("you"), Number(n)))

    def control_enchanted(self, word):
        return self._effect(fn("gain_control", self.enchanted(word)))

    def can_block_only(self, sel, blocked):
        return self._effect(fn("can_block_only", sel, blocked))

    def may_not_untap(self, sel):
        return self._effect(fn("may_not_untap", sel))

    def cant_unless(self, sel, action, condition):
        return [("effect", fn("cant", sel, action)),
                ("effect_condition", typed_condition(self, "unless", condition))]

    def skip_draw_step(self):
        return self._effect(fn("skip", const("draw_step")))

    def modify_pt_as_long_as(self, sel, pt, condition):
        """"This creature gets +2/+2 as long as S" (611.3a)."""
        return self.modify_pt(sel, pt) + [
            ("effect_condition", typed_condition(self, "as_long_as", condition))]

    def player_keyword(self, word):
        """"You have hexproof" (702.11d): a keyword a player has."""
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return self._effect(fn("player_keyword", const("you"), const(word.value)))

    def choose_as_enters(self, _self, kind):
        """614.12: "As this enchantment enters, choose a creature type"."""
        return self._effect(fn("choose_as_enters", kind))

    def _it(self):
        """"It" of "..., it enters tapped": this object, in a static ability
        of the object (elsewhere "it" is another object: not read)."""
        if not getattr(self, "static_ability", False):
            raise NotUnderstood("it")
        return const("sel_self")

    def it_enters_tapped(self):
        return self.enters_tapped(self._it())

    def it_enters_with_counters(self, count, kind):
        return self.enters_with_counters(self._it(), count, kind)

    def choose_color_word_as_enters(self, _self):
        """614.12: "As this enchantment enters, choose a color word": the
        chosen color (the scenario's chosen color)."""
        return self.choose_as_enters(None, const("color"))

    def choose_as_it_enters(self, kind):
        return self.choose_as_enters(None, kind)

    def enters_prepared(self, _self):
        """"This creature enters prepared": it has the prepared designation
        as it enters."""
        return [("effect", const("enters_prepared"))]

    def as_enters_may_pay(self, _self, term):
        """"As this land enters, you may pay 2 life" (614.12): the choice is
        made as it enters; the sentence after says what happens if not."""
        # its own words, not the sentence's
        term = self._other_cost_words(term, self.text.strip().rstrip(".").split(None, 6)[-1])
        return [("effect", fn("as_enters_cost", term)), ("effect_optional",)]

    def enters_tapped_if_you_dont(self, *_self):
        """"If you don't, it enters tapped": only if the cost before was not paid."""
        return [("effect", const("enters_tapped")), ("effect_condition", const("if_you_dont"))]

    def blocked_by_one_at_most(self, sel):
        return self._effect(fn("cant_be_blocked_by_more_than", sel, Number(1)))

    def must_be_blocked(self, sel):
        """"This creature must be blocked if able" (509.1c)."""
        return self._effect(fn("must_be_blocked", sel))

    def must_be_blocked_by_all_this_turn(self, _words, target):
        """509.1c: "All creatures able to block target creature this turn do so": an
        effect of the spell or ability for the turn (effect_duration end_of_turn)."""
        return ThisTurn(self._effect(fn("must_be_blocked_by_all", target), const("end_of_turn")))

    def must_be_blocked_by_all(self, _words, sel):
        """"All creatures able to block this creature do so" (509.1c)."""
        return self._effect(fn("must_be_blocked_by_all", sel))

    def cant_alone(self, sel, *actions):
        """"This creature can't attack or block alone" (506.5): each action, alone."""
        if any(a.name not in ("attack", "block") for a in actions):
            raise NotUnderstood("alone")
        return [("effect", fn("cant", sel, const(a.name + "_alone"))) for a in actions]

    def assign_as_though_unblocked(self, sel):
        """"You may have this creature assign its combat damage as though it
        weren't blocked" (510.1c)."""
        return self._effect(fn("may_assign_combat_damage_as_though_unblocked", sel))

    def begin_game_on_battlefield(self):
        """103.6a: "If this card is in your opening hand, you may begin the game with it on the battlefield"."""
        return self._effect(const("may_begin_game_on_battlefield"))

    def grant_as_long_as(self, sel, items, condition):
        """611.3a: each ability granted only while the condition holds."""
        out, term = [], typed_condition(self, "as_long_as", condition)
        for clause in self.grant(sel, items):
            out += [clause, ("effect_condition", term)]
        return out

    def cant_be_blocked_by(self, sel, blockers):
        """"This creature can't be blocked by creatures with power 2 or less" (509.1b)."""
        return self._effect(fn("cant_be_blocked_by", sel, blockers))

    def exert_as_attacks(self, sel):
        """701.43d: "You may exert this creature as it attacks": an optional
        cost to attack (508.1g)."""
        return self._effect(fn("may_exert_as_attacks", sel))

    def look_at_top_card_any_time(self, _words):
        return self._effect(fn("may_look_at_top_card", const("you")))

    def play_with_top_card_revealed(self):
        """701.18c: "Play with the top card of your library revealed"."""
        return self._effect(fn("top_card_revealed", const("you")))

    def flash_permission(self, _self):
        """"You may cast this spell as though it had flash" (601.3)."""
        return self._effect(const("may_cast_as_though_it_had_flash"))

    def flash_permission_for(self, _self, token):
        """"... as though it had flash if you pay {2} more to cast it": only
        with that additional cost (601.2f)."""
        return self.flash_permission(_self) + [
            ("effect_condition", fn("additional_cost", fn("mana", String(token.value.upper()))))]

    def flash_permission_if(self, _self, condition):
        """"... as though it had flash if you control a Faerie"."""
        if "would" in condition.value or "pay" in condition.value.split():
            raise NotUnderstood(condition.value)
        return self.flash_permission(_self) + [
            ("effect_condition", typed_condition(self, "if", condition))]

    def spend_as_any_color(self, _self):
        """609.4b: "You may spend mana as though it were mana of any color to cast this spell"."""
        return self._effect(const("spend_mana_as_any_color"))

    def no_maximum_hand_size(self):
        return self._effect(const("no_maximum_hand_size"))

    def can_be_commander(self, sel):
        if sel != const("sel_self"):
            raise NotUnderstood("a group as commander")
        return self._effect(const("can_be_commander"))

    def modify_pt_for_each_static(self, sel, pt, amount):
        """613.4c: "This creature gets +1/+0 for each artifact you control":
        modify_pt_var, as the one-shot effect (grammar/effects.py); the amount
        amounts.lark's `each_amount` (count(G) of a group)."""
        return self.modify_pt_for_each(sel, pt, None, amount)

    def modify_pt_where_static(self, sel, pt, quantity):
        """613.4c, 107.3c: "Equipped creature gets +X/+X, where X is the number of
        Forests you control": modify_pt_var, x the amount S (amounts.lark; other(S)
        where it does not read S), as the one-shot effect's. "its" in S (the
        subject's own, of each object) is not read: `it` is an object spoken of before."""
        if "x" not in pt.value:
            raise NotUnderstood("where X")
        term = self._modify_pt(sel, pt, quantity)
        if mentions(term, const("it")):
            raise NotUnderstood("its")
        return [("effect", term)]

    def modify_pt_and(self, sel, pt, rider):
        """"Enchanted creature gets +2/+2 and is goaded": the P/T change, then the rider's effects."""
        return self.modify_pt(sel, pt) + rider(sel)

    def rider_cant(self, *actions):
        return lambda sel: self.cant(sel, *actions)

    def rider_must_attack(self):
        return lambda sel: self.must_attack(sel)

    def rider_goaded(self):
        """701.15: in a static ability, Sel is goaded as long as the ability applies."""
        return lambda sel: self._effect(fn("goad", sel))

    def rider_doesnt_untap(self):
        return lambda sel: self.doesnt_untap(sel)

    def cant_and_no_activation(self, sel, *actions):
        """602.5: "... can't attack or block, and its activated abilities can't be activated"."""
        return self.cant(sel, *actions) + self._effect(fn("cant_activate_abilities", sel))

    def cant_and_no_activation_but_mana(self, sel, *actions):
        """"... unless they're mana abilities" (605.1a): its other activated abilities."""
        return self.cant(sel, *actions) + self._effect(fn("cant_activate_non_mana_abilities", sel))

    def costs_less_if(self, sel, token, condition):
        """"This spell costs {3} less to cast if it targets a tapped creature":
        only while S holds (its words)."""
        if "would" in condition.value.split():
            raise NotUnderstood(condition.value)
        return self._cost_change(sel, token, "less") + [
            ("effect_condition", typed_condition(self, "if", condition))]

    def costs_less_during_your_turn(self, sel, token):
        """611.3a: "This spell costs {2} less to cast during your turn": as_long_as(your_turn)."""
        return self._cost_change(sel, token, "less") + [
            ("effect_condition", typed_condition(self, "as_long_as", "it is your turn"))]

    def costs_less_as_long_as(self, sel, token, condition):
        """611.3a: "This spell costs {1} less to cast as long as S"."""
        return self._cost_change(sel, token, "less") + [
            ("effect_condition", typed_condition(self, "as_long_as", condition))]

    def this_ability_costs_during_your_turn(self, token, direction):
        """"This ability costs {2} less to activate during your turn"."""
        return self.this_ability_costs(token, direction) + [
            ("effect_condition", typed_condition(self, "as_long_as", "it is your turn"))]

    def cant_be_blocked_except_by(self, sel, blockers):
        """509.1b: "This creature can't be blocked except by creatures with flying"."""
        return self._effect(fn("cant_be_blocked_except_by", sel, blockers))

    def cant_be_blocked_except_by_at_least(self, sel, n):
        """509.1b: "... except by three or more creatures"."""
        return self._effect(fn("cant_be_blocked_except_by_at_least", sel, Number(n)))

    def _it_subject(self):
        """"it" of "As long as <subject> ..., it ...": that subject (611.3a);
        no other "it" of a static ability is read."""
        if getattr(self, "it_words", None) is None or \
                not self.text[self.sentence_start:].lstrip().lower().startswith("it "):
            raise NotUnderstood("it")
        return self.it_subject()

    def it_modify_pt(self, _it, pt, grants=None):
        return self.modify_pt(self._it_subject(), pt, grants)

    def it_modify_pt_and(self, _it, pt, rider):
        return self.modify_pt_and(self._it_subject(), pt, rider)

    def cant_block_group(self, sel, blocked):
        """509.1b: Sel can't block the creatures `blocked` selects."""
        return self._effect(fn("cant_block_group", sel, blocked))

    def can_block_any_number(self, sel, word):
        _word(word, "creatures")
        return self._effect(fn("can_block_any_number", sel))

    def doesnt_untap_if(self, sel, condition):
        """"This land doesn't untap during your untap step if it has a depletion counter on it"."""
        if "would" in condition.value.split():
            raise NotUnderstood(condition.value)
        return self.doesnt_untap(sel) + [("effect_condition", typed_condition(self, "if", condition))]

    def assigns_damage_by_toughness(self, sel):
        return self._effect(fn("assigns_combat_damage_by_toughness", sel))

    def attack_tax(self, sel, token):
        """"Creatures can't attack you unless their controller pays {2} for each creature ...":
        a creature Sel selects attacks you only if its controller pays S for it."""
        return self._effect(fn("attack_tax", sel, const("you"), self.mana_cost(token)))

    def crews_greater(self, sel, n):
        return self._effect(fn("crews_as_though_power_greater", sel, Number(n)))

    def saddles_and_crews_greater(self, sel, n):
        return self._effect(fn("saddles_as_though_power_greater", sel, Number(n))) + self.crews_greater(sel, n)

    @staticmethod
    def _players(who):
        """The players of replacement.lark's `players`: `any` is each player."""
        return const("each_player") if who == const("any") else who

    def hands_revealed(self, players):
        """"Your opponents play with their hands revealed" (402.3)."""
        if players == const("you"):
            raise NotUnderstood("you ... their")
        return self._effect(fn("hand_revealed", self._players(players)))

    def top_cards_revealed(self, players):
        if players == const("you"):
            raise NotUnderstood("you ... their")
        return self._effect(fn("top_card_revealed", self._players(players)))

    def may_play_lands_from_graveyard(self, word):
        """305.1, 601.3: "You may play lands from your graveyard": may_play(Sel)."""
        _word(word, "lands")
        sel = self._selector([("sel_type", const("land")), ("sel_zone", const("graveyard"))])
        return self._effect(fn("may_play", sel))

    def may_cast_group_as_though_flash(self, spells):
        """"You may cast spells (sorcery spells) as though they had flash": the spells Sel selects."""
        if spells not in self.spells:
            raise NotUnderstood("not spells")
        self.facts.append(fn("sel_zone", spells, const("stack")))
        return self._effect(fn("may_cast_as_though_flash", spells))

    def cant_cast(self, players, spells):
        """601.3: the players can't cast the spells Sel selects."""
        if spells not in self.spells:
            raise NotUnderstood("not spells")
        self.facts.append(fn("sel_zone", spells, const("stack")))
        return self._effect(fn("cant_cast", self._players(players), spells))

    def cant_cast_during_your_turn(self, players, spells):
        return self.cant_cast(players, spells) + [("effect_condition", typed_condition(self, "as_long_as", "it is your turn"))]

    def cant_cast_more_than_one(self, players):
        return self._effect(fn("cant_cast_more_than", self._players(players), Number(1)))

    def deck_any_number(self, deck, cards):
        """100.2a: "A deck can have any number of cards named ~"."""
        _word(deck, "deck")
        _word(cards, "cards")
        return self._effect(const("deck_any_number"))

    def deck_up_to(self, deck, n, cards):
        _word(deck, "deck")
        _word(cards, "cards")
        return self._effect(fn("deck_up_to", Number(n)))

    def day_as_enters(self, _self):
        """726.2: "If it's neither day nor night, it becomes day as this creature enters"."""
        return self._effect(const("day_if_neither_as_enters"))

    def cant_as_long_as(self, sel, *rest):
        *actions, condition = rest
        term = typed_condition(self, "as_long_as", condition)
        return [clause for effect in self.cant(sel, *actions) for clause in (effect, ("effect_condition", term))]

    def cant_if(self, sel, *rest):
        """"This creature can't attack if defending player controls an untapped land"."""
        *actions, condition = rest
        if "would" in condition.value.split():
            raise NotUnderstood(condition.value)
        term = typed_condition(self, "if", condition)
        return [clause for effect in self.cant(sel, *actions) for clause in (effect, ("effect_condition", term))]

    def may_cast_self_from(self, _self, zone):
        """601.3: "You may cast this card from your graveyard": may_cast_from(Zone)."""
        return self._effect(fn("may_cast_from", const(zone.value)))

    def may_cast_self_from_exile(self, _self):
        return self._effect(fn("may_cast_from", const("exile")))

    def protection_doesnt_remove(self, this):
        """702.16n: the protection the ability grants doesn't put this Aura into its owner's graveyard."""
        return self._effect(fn("protection_doesnt_remove", this))

    def land_type_one(self, sel, word):
        """305.7: "Enchanted land is a Swamp": set_land_subtype(Sel, swamp), its
        other land types gone (the one-object form of `land_type`)."""
        if word.value not in BASIC_LAND_TYPES:
            raise NotUnderstood(word.value)
        return self.land_type(sel, word.__class__("WORD", _plural(word.value)))

    def cant_activate_group(self, sel):
        """602.5: "Activated abilities of artifacts can't be activated":
        cant_activate_abilities(Sel) of the objects Sel selects."""
        if sel in self.spells:
            raise NotUnderstood("spells")
        return self._effect(fn("cant_activate_abilities", sel))

    def enchanted_s(self, which, word):
        """"enchanted creature's", "equipped creature's": the object the source enchants or equips."""
        noun = word.value.removesuffix("'s")
        if noun == word.value:
            raise NotUnderstood(word.value)
        return self.enchanted(word.__class__("WORD", noun)) if which.value == "enchanted" else \
            self.equipped(word.__class__("WORD", noun))

    def cant_activate_enchanted(self, sel):
        return self._effect(fn("cant_activate_abilities", sel))

    def cant_block_it(self, sel):
        """509.1b: "Creatures with power less than this creature's power can't
        block it": the creatures Sel selects can't block this object
        (cant_block_group(Sel, sel_self)); "it" is the ability's object."""
        if sel == const("sel_self"):
            raise NotUnderstood("it")
        return self._effect(fn("cant_block_group", sel, const("sel_self")))

    def modify_pt_for_each_counter(self, sel, pt, kind):
        """613.4c: "This creature gets +1/+1 for each oil counter on it": the
        counters of the ability's own object, self_counters(Kind), as "... on this
        creature" (amounts.lark's each_amount); "on it" only of the object itself."""
        if sel != const("sel_self"):
            raise NotUnderstood("it")
        return self.modify_pt_for_each_static(sel, pt, fn("self_counters", kind))

    def modify_pt_for_each_attached(self, sel, pt, nouns):
        """613.4c: "This creature gets +1/+1 for each Aura attached to it": the
        objects the nouns name that are attached to this object
        (sel_attached_to_self); "it" only of the object itself."""
        if sel != const("sel_self"):
            raise NotUnderstood("it")
        return self.modify_pt_for_each_static(sel, pt, fn("count", self.group(nouns, ("sel_attached_to_self", None))))

    def modify_pt_for_each_attached_either(self, sel, pt, first, second):
        """613.4c, 301.5, 303.4: "This creature gets +1/+1 for each Aura and Equipment
        attached to it": the objects of either subtype attached to it, read as
        "for each Aura or Equipment attached to it" (the same selector)."""
        return self.modify_pt_for_each_attached(sel, pt, self.one_of(first, second))

    def must_block(self, sel):
        """509.1c: "This creature blocks each combat if able": must_block(Sel)."""
        return self._effect(fn("must_block", sel))

    def must_attack_or_block(self, sel):
        """508.1d, 509.1c: "This creature attacks or blocks each combat if able": both requirements."""
        return self.must_attack(sel) + self.must_block(sel)

    def untap_during_other_untap_steps(self, sel):
        """502.3: "Untap this creature during each other player's untap step":
        Sel untaps during the untap step of each other player too."""
        return self._effect(fn("untaps_during_other_untap_steps", sel))

    def cant_and_grant(self, sel, action, items):
        """"Equipped creature can't be blocked and has shroud": the restriction, then the abilities."""
        return self.cant(sel, action) + self._grants(sel, items)

    def escapes_with_counters(self, _self, count, kind):
        """702.138c: "This creature escapes with a +1/+1 counter on it": if it
        escaped, it enters with those counters, escapes_with_counters(Kind, N)."""
        return [("effect", fn("escapes_with_counters", kind, self._count(count)))]

    def doesnt_untap_no_activation(self, sel):
        """"Enchanted permanent doesn't untap during its controller's untap step
        and its activated abilities can't be activated" (502.3, 602.5)."""
        return self.doesnt_untap(sel) + self._effect(fn("cant_activate_abilities", sel))

    def rider_cant_be_blocked_except_by(self, blockers):
        return lambda sel: self.cant_be_blocked_except_by(sel, blockers)

    def cant_block_or_be_blocked_by(self, sel, first, second, group):
        """509.1b: "This token can't block or be blocked by non-Spirit creatures":
        it can't block them, nor can they block it."""
        if (first, second) != (const("block"), const("be_blocked")):
            raise NotUnderstood("by")
        return self.cant_block_group(sel, group) + self.cant_be_blocked_by(sel, group)

    def direction(self, token):
        return const(token.value)

    def _spells_cost(self, sel, token, direction):
        if sel not in self.spells:
            raise NotUnderstood("not spells")
        self.facts.append(fn("sel_zone", sel, const("stack")))
        return self._effect(fn("cost_change", sel, direction, self.mana_cost(token)))

    def nth_spell_costs(self, nth, sel, token, direction):
        """601.2f: "The second spell you cast each turn costs {1} less to cast":
        cost_change(Sel, Dir, mana(S)), Sel with sel_nth_spell_this_turn(Sel, N)."""
        self.facts.append(fn("sel_nth_spell_this_turn", sel, Number(ORDINALS[nth.value.split()[-1]])))
        return self._spells_cost(sel, token, direction)

    def targeting_spells_cost(self, sel, target, token, direction):
        """601.2f, 115.9b: "Spells your opponents cast that target this creature cost {2} more to cast"."""
        self.facts.append(fn("sel_targets", sel, target))
        return self._spells_cost(sel, token, direction)

    def this_ability_costs(self, token, direction):
        """602.2b, 601.2f: "This ability costs {1} more to activate"."""
        return self._effect(fn("ability_cost_change", const("this_ability"), direction, self.mana_cost(token)))

    def this_ability_costs_if(self, token, direction, condition):
        """"... costs {2} less to activate if you control a creature with a +1/+1 counter on it"."""
        if "would" in condition.value.split():
            raise NotUnderstood(condition.value)
        return self.this_ability_costs(token, direction) + [
            ("effect_condition", typed_condition(self, "if", condition))]

    def costs_less_for_each_amount(self, sel, token, amount):
        """601.2f: "This spell costs {1} less to cast for each creature in your
        party": cost_change(Sel, less, for_each(mana(S), Amount))."""
        return self._cost_change_for_each(sel, token, "less", amount)

    def costs_more_for_each_amount(self, sel, token, amount):
        """601.2f: "This spell costs {1}{W} more to cast for each target beyond
        the first": cost_change(sel_self, more, for_each(mana(S), targets_beyond_first))."""
        return self._cost_change_for_each(sel, token, "more", amount)

    def _cost_change_for_each(self, sel, token, direction, amount):
        [(name, term)] = self._cost_change(sel, token, direction)
        spell, direction, mana = term.arguments
        return [(name, fn("cost_change", spell, direction, fn("for_each", mana, amount)))]

    def costs_less_where_x(self, sel, token, quantity):
        """107.3c, 601.2f: "This spell costs {X} less to cast, where X is S":
        {1} less for each of the amount S, cost_change(Sel, less, for_each(mana("{1}"), Amount))."""
        if token.value != "{x}" or re.search(r"\btargets?\b", quantity.value):
            raise NotUnderstood(token.value)
        [(name, term)] = self._cost_change(sel, token, "less")
        return [(name, fn("cost_change", term.arguments[0], const("less"),
                          fn("for_each", fn("mana", String("{1}")), self._amount(quantity))))]

    def this_ability_costs_for_each_amount(self, token, direction, amount):
        """602.2b: "This ability costs {1} less to activate for each basic land
        type among lands you control": for_each(mana(S), Amount)."""
        return self._effect(fn("ability_cost_change", const("this_ability"), direction,
                               fn("for_each", self.mana_cost(token), amount)))

    def this_ability_costs_where_x(self, token, direction, quantity):
        """"This ability costs {X} less to activate, where X is S"."""
        if token.value != "{x}" or direction != const("less") or re.search(r"\btargets?\b", quantity.value):
            raise NotUnderstood(token.value)
        return self._effect(fn("ability_cost_change", const("this_ability"), direction,
                               fn("for_each", fn("mana", String("{1}")), self._amount(quantity))))

    # 601.2f: what a cost change is applied for, once each
    def per_each_amount(self, amount):
        """"for each creature card in your graveyard", "for each basic land type
        among lands you control": amounts.lark's "for each" amounts."""
        return amount

    def per_each_target_beyond_first(self):
        """"for each target beyond the first": the number of the spell's targets less one (601.2c)."""
        return const("targets_beyond_first")

    def keyword_abilities(self, word):
        """"Equip abilities you activate": the keyword's abilities of the objects you control."""
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return fn("keyword_abilities", const(word.value), const("you"))

    def keyword_abilities_targeting(self, word, target):
        """115.9b: "Equip abilities you activate that target this creature": those of
        the keyword abilities that target this object."""
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return fn("keyword_abilities_targeting", const(word.value), const("you"), target)

    def activated_abilities_of(self, sel):
        return fn("activated_abilities_of", sel)

    def abilities_cost(self, which, token, direction):
        """602.2b, 601.2f: "Equip abilities you activate cost {1} less to activate",
        "Activated abilities of creatures you control cost {1} less to activate"."""
        return self._effect(fn("ability_cost_change", which, direction, self.mana_cost(token)))

    def may_play_lands_from_top(self, word):
        """305.1, 601.3: "You may play lands from the top of your library":
        may_play_from_top_of_library(Sel), Sel lands."""
        _word(word, "lands")
        return self._effect(fn("may_play_from_top_of_library", self._selector([("sel_type", const("land"))])))

    def may_cast_from_top(self, spells):
        """601.3: "You may cast creature spells from the top of your library": may_cast_from_top_of_library(Sel)."""
        if spells not in self.spells:
            raise NotUnderstood("not spells")
        return self._effect(fn("may_cast_from_top_of_library", spells))

    def may_play_and_cast_from_top(self, word, spells):
        return self.may_play_lands_from_top(word) + self.may_cast_from_top(spells)

    def static_attack_despite_defender(self, sel):
        """702.3b: "This creature can attack as though it didn't have defender" (the
        one-shot effect's term, static)."""
        return self._effect(fn("may_attack_as_though_no_defender", sel))

    def it_attack_despite_defender(self):
        return self.static_attack_despite_defender(self._it_subject())

    def _pair(self):
        """702.95: the two creatures of the pair this creature is part of (none while unpaired)."""
        return self._selector([("sel_paired", None)])

    def paired_grant(self, this, items):
        return self._grants(self._pair(), items)

    def paired_modify_pt(self, this, pt, grants=None):
        return self.modify_pt(self._pair(), pt, grants)

    def by_spells(self):
        return const("spells"), const("any_player")

    def by_spells_or_abilities(self):
        return const("spells_or_abilities"), const("any_player")

    def by_opponents_spells_or_abilities(self):
        return const("spells_or_abilities"), const("opponent")

    def cant_be_targeted_by(self, sel, sources):
        """115.4, 702.11a: "Enchanted creature can't be the target of spells or abilities your
        opponents control": cant_be_targeted_by(Sel, Kind, Who)."""
        kind, who = sources
        return self._effect(fn("cant_be_targeted_by", sel, kind, who))

    def no_maximum_hand_size_rest_of_game(self):
        """402.2: for the rest of the game (effect_duration rest_of_game)."""
        return self._effect(const("no_maximum_hand_size"), const("rest_of_game"))

    def may_cast_self_free(self, this):
        """118.9: "You may cast this spell without paying its mana cost" (an
        alternative cost of the spell itself, mostly under a condition):
        may_cast_without_paying(sel_self)."""
        return self._effect(fn("may_cast_without_paying", this))

    def alternative_cost_of_self(self, *costs):
        """118.9, 601.2b: "You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost":
        may_pay_instead_of_mana_cost(mana(S)); "You may sacrifice a Mountain rather than ...":
        the cost term, as cost/2's; costs paid together ("pay 1 life and exile a blue card from
        your hand") a tuple of them."""
        if any(sel == const("sel_self") for c in costs for sel in c.arguments[:1]):
            raise NotUnderstood("this object as the cost of its own spell")
        return self._effect(fn("may_pay_instead_of_mana_cost", costs[0] if len(costs) == 1 else Function("", list(costs))))
