"""Transformer of grammar/effects.lark. Effects: what a spell or ability does,
the typed effect terms."""

import re

from clingo import Function, Number, String, Symbol, SymbolType
from lark import Token, v_args

from .conditions import condition as typed_condition
from .reading import (die_sides, each_optional, mentions, _n, BASIC_LAND_TYPES, CARD_TYPES, COLORS, const, constant_name, fn, KEYWORD_PHRASES, KEYWORD_WORDS,
                     NotUnderstood, NOUNS, PLURAL_NOUNS, PREDEFINED_TOKENS, Reading, SUBTYPES)

_IT = const("it")



def _has_x(sym):
    """Whether a term holds the constant x (107.3)."""
    return sym == const("x") or (sym.type == SymbolType.Function and any(_has_x(a) for a in sym.arguments))


def _x_replaced(sym, amount):
    """The term with each x the amount of "..., where X is S" (an X/X token's power and toughness)."""
    if sym == const("x"):
        return amount
    if sym.type != SymbolType.Function or not sym.arguments:
        return sym
    return Function(sym.name, [_x_replaced(a, amount) for a in sym.arguments], sym.positive)


@v_args(inline=True)
class Effects(Reading):
    def untyped_action(self, *tokens):
        """An action the vocabulary has no term for: other(S), S its words."""
        return ("effect", fn("other", String(self.text[tokens[0].start_pos:tokens[-1].end_pos].strip())))

    # the words of life_action, draw_action and discard_action (their tokens, in order)
    LIFE_PLAYERS = {"you": "you", "each opponent": "each_opponent", "each player": "each_player"}
    CARD_COUNTS = {"a": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                   "nine": 9, "ten": 10}

    @staticmethod
    def _action_amount(word):
        """A number of the action's words: n(K), or x (107.3)."""
        if word == "x":
            return const("x")
        return fn("n", Number(Effects.CARD_COUNTS[word] if word in Effects.CARD_COUNTS else int(word)))

    def life_action(self, *tokens):
        """"you gain 3 life", "each opponent loses 1 life", "lose 2 life" (you)."""
        words = [t.value for t in tokens]
        who = "you" if words[0] == "lose" else self.LIFE_PLAYERS[" ".join(words[:-3])]
        verb = "gain_life" if words[-3] in ("gain", "gains") else "lose_life"
        return ("effect", fn(verb, const(who), self._action_amount(words[-2])))

    def draw_action(self, *tokens):
        """"Draw a card", "you draw two cards": draw(you, N)."""
        if tokens[-2].value == "additional":  # "draw an additional card": one card
            return ("effect", fn("draw", const("you"), fn("n", Number(1))))
        if tokens[-2].value == "many":  # "Draw that many cards"
            return ("effect", fn("draw", const("you"), self._that_many("that many")))
        return ("effect", fn("draw", const("you"), self._action_amount(tokens[-2].value)))

    def discard_action(self, *tokens):
        """"Discard a card", "you discard two cards": discard(you, N)."""
        return ("effect", fn("discard", const("you"), self._action_amount(tokens[-2].value)))

    def discard_at_random_action(self, *tokens):
        """701.9a: "Discard a card at random" (you): discard_at_random(you, n(1))."""
        return ("effect", fn("discard_at_random", const("you"), fn("n", Number(1))))

    def lose_life_equal_action(self, *tokens):
        """"You lose life equal to that creature's toughness": lose_life(you,
        Amount), the amount read by grammar/amounts.lark; words it does not
        read (or a condition, a target, a further action after them) keep the
        whole action as other(S)."""
        rest = tokens[-1]
        typed = None
        if not re.search(r"\btargets?\b|\bunless\b|\bif\b|,", rest.value):
            typed = self._typed_amount(rest)
        if typed is None:
            return self.untyped_action(*tokens)
        return ("effect", fn("lose_life", const("you"), typed))

    def flip_coin_action(self, *tokens):
        """705.1: "Flip a coin" (you): flip_coin(you)."""
        return ("effect", fn("flip_coin", const("you")))

    def scry_action(self, _scry, n):
        """701.22: "Scry 2"."""
        return ("effect", fn("scry", fn("n", Number(int(n)))))

    def damage_n(self, n):
        return fn("n", Number(n))

    def damage_x(self):
        return const("x")

    def recipient_you(self):
        return const("you")

    def recipient_it(self):
        """"to it": the object spoken of before ("them" may be players: not read)."""
        return const("it")

    def recipient_attacked(self, *words):
        """"the player or planeswalker it's attacking": the one the creature
        spoken of before (`it`) attacks, defender_of(it) (506.3)."""
        for w in words:
            if w.value not in NOUNS or w.value in PLURAL_NOUNS:
                raise NotUnderstood(w.value)
        return fn("defender_of", _IT)

    def recipient_itself(self):
        return const("itself")  # the damager: read by deal_damage_parts

    def damage_part(self, amount, *recipients):
        return amount, recipients

    def damage_part_equal(self, amount, *recipients):
        return amount, recipients

    def damage_part_equal_after(self, *rest):
        *recipients, amount = rest
        return amount, recipients

    def damage_that_much(self):
        """"that much damage": the amount the ability spoke of before."""
        return self._that_many("that much")

    def damager_power(self):
        return const("damager_power")  # power(D) of the damager D: read by deal_damage_parts

    def damager_toughness(self):
        return const("damager_toughness")

    def damager_mana_value(self):
        return const("damager_mana_value")

    def _acting(self, who, clauses):
        """Each effect of the clauses done by player Who, not by the
        ability's controller: effect_player(A, I, Who) after it."""
        self._player(who)
        return [c for clause in clauses for c in
                ([clause, ("effect_player", who)] if clause[0] in ("effect", "grant_keyword") else [clause])]

    def player_creates_token(self, who, count, token, state=None):
        """"Its controller creates a 1/1 white Spirit creature token": the tokens are Who's (111.2)."""
        return self._acting(who, self._create(self._count_amount(count), token, state))

    def they_lose_life(self, amount):
        """"they lose 2 life": "they", the player spoken of before (that_player)."""
        return self.lose_life(const("that_player"), amount)

    def give_control(self, who, _words, what, duration=None):
        """"Target opponent gains control of this creature" (layer 2, 613.1b): Who controls O."""
        self._player(who)
        return self._effect(fn("give_control", who, what), duration)

    def search_their(self, zone, count, sel):
        """"(Its controller may) search their library for a basic land card": the acting player's library."""
        return self.search(zone, count, sel)

    def deal_damage_parts(self, damager, *parts):
        """120.3: deal_damage(R, Amount) for each recipient R when this object
        deals it, deal_damage_by(D, R, Amount) when another object D does ("it",
        "that creature", a target); "itself" is the damager."""
        out = []
        for amount, recipients in parts:
            amount = self._damage_amount(damager, amount)
            for r in recipients:
                if r == const("itself"):
                    r = damager
                if isinstance(r, tuple):
                    raise NotUnderstood("a counted recipient")
                if r == _IT and mentions(amount, _IT):
                    raise NotUnderstood("two objects spoken of before")
                out += self._effect(fn("deal_damage", r, amount) if damager == const("sel_self")
                                    else fn("deal_damage_by", damager, r, amount))
        return out

    @staticmethod
    def _damage_amount(damager, amount):
        """An amount of damage "equal to S" of damager D: "its power"
        (toughness, mana value) is D's, `power(self)` where D is this object;
        "the number of charge counters on it" counts the counters on D
        (`self_counters(Kind)` where D is this object). Another object spoken
        of before ("that card's mana value", `it`) is not read where D is
        `it` too (two objects, one word) or a target."""
        own = {"damager_power": "power", "damager_toughness": "toughness", "damager_mana_value": "mana_value"}
        is_self = damager == const("sel_self")
        if amount.type == SymbolType.Function and amount.name in own and not amount.arguments:
            return fn(own[amount.name], const("self") if is_self else damager)
        if amount.type == SymbolType.Function and amount.name == "counters_on" and amount.arguments[0] == _IT:
            if is_self:
                return fn("self_counters", amount.arguments[1])
            if damager != _IT:
                raise NotUnderstood("counters on another object than the damager")
            return amount
        if mentions(amount, _IT) and not is_self:
            raise NotUnderstood("an object spoken of before, and another damager")
        return amount

    def damage_again(self, damager, amount):
        """"it deals 5 damage (instead)": the damage effects the ability had
        just before (the last of its effects, each to its recipients, of one
        amount and one damager), with the new amount. The damager is the one
        of those ("it" also this spell's own, as "~ deals")."""
        run = []
        for term in reversed(self.earlier_effects):
            if term.name not in ("deal_damage", "deal_damage_by"):
                break
            run.insert(0, term)
        if not run or len({t.arguments[-1] for t in run}) != 1 or len({t.name for t in run}) != 1:
            raise NotUnderstood("no damage before")
        if run[0].name == "deal_damage":
            if damager not in (const("sel_self"), _IT):
                raise NotUnderstood("another damager")
            return [c for t in run for c in self._effect(fn("deal_damage", t.arguments[0], amount))]
        if damager not in (run[0].arguments[0], _IT) or len({t.arguments[0] for t in run}) != 1:
            raise NotUnderstood("another damager")
        return [c for t in run for c in self._effect(fn("deal_damage_by", t.arguments[0], t.arguments[1], amount))]

    def may_have_deal_damage(self, damager, *parts):
        """"You may have this creature deal 2 damage to any target": optional."""
        return [c for e in self.deal_damage_parts(damager, *parts) for c in [e, ("effect_optional",)]]

    def deal_damage_where(self, damager, *rest):
        """"~ deals X damage to any target, where X is S": each amount X is other(S)."""
        *parts, quantity = rest
        amount = self._amount(quantity)
        if not any(a == const("x") for a, _ in parts):
            raise NotUnderstood("where X")
        return self.deal_damage_parts(damager, *[(amount if a == const("x") else a, r) for a, r in parts])

    @staticmethod
    def _self_damager(damager):
        if damager != const("sel_self"):
            raise NotUnderstood("another damager")

    def deal_damage_sacrificed_power(self, damager, word, target):
        """"equal to the sacrificed creature's power": the one creature
        sacrificed to pay the ability's (or its spell's) cost."""
        self._self_damager(damager)
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

    def _damage_divided(self, damager, target, amount, division):
        self._self_damager(damager)
        how, k = self._divided(target, "damage_division")
        return [("effect", fn("deal_damage", target, amount)), (how, k, const(division))]

    def deal_damage_divided(self, damager, amount, target):
        return self._damage_divided(damager, target, amount, "as_you_choose")

    def deal_damage_evenly(self, damager, amount, target):
        return self._damage_divided(damager, target, amount, "evenly_rounded_down")

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

    def may_have_get(self, target, pt, duration=None):
        """"You may have target creature get -2/-2 until end of turn"."""
        return self.modify_pt_target(target, pt, duration) + [("effect_optional",)]

    def may_have_fight(self, first, second):
        return self.fight(first, second) + [("effect_optional",)]

    def may_have_lose_life(self, who, amount):
        return self.lose_life(who, amount) + [("effect_optional",)]

    def may_have_discard(self, who, count, noun):
        self._player(who)
        return self._effect(fn("discard", who, self._cards(count, noun))) + [("effect_optional",)]

    def protection_chosen_color(self, what, _words, duration=None):
        """702.16: protection from a color its controller chooses as the effect resolves."""
        return self._effect(fn("protection_from_chosen_color", what), duration)

    def detain(self, target):
        """701.35: "Detain target creature"."""
        return self._effect(fn("detain", target))

    def double_counters(self, kind, what):
        """701.10e... "Double the number of +1/+1 counters on this creature" (122.8)."""
        return self._effect(fn("double_counters", what, kind))

    def phase_out(self, what):
        """702.26: "This creature phases out"."""
        return self._effect(fn("phase_out", what))

    def unattach(self, what):
        """701.3d: "Unattach this Equipment"."""
        return self._effect(fn("unattach", what))

    def end_the_turn(self):
        """724: "End the turn"."""
        return self._effect(const("end_the_turn"))

    def skip_next_turn(self):
        return self._effect(fn("skip_next_turn", const("you")))

    def seek(self, count, sel):
        """"Seek a nonland card" (Alchemy: a card at random from your library matching Sel, into your hand)."""
        return self._effect(fn("seek", *self._chosen(count, sel)))

    def draw_additional(self, who):
        """"That player draws an additional card": one more card."""
        self._player(who)
        return self._effect(fn("draw", who, fn("n", Number(1))))

    def return_under_your_control(self, what):
        """"Return that card to the battlefield under your control"."""
        return self._effect(fn("return_to_battlefield_under_your_control", what))

    def entering_counters(self, *items):
        """122.6: (Kind, N) of "with a finality counter on it", "with two +1/+1 counters on them"."""
        numbers = [i for i in items if isinstance(i, int)]
        kind = next(i for i in items if isinstance(i, Symbol))
        return kind, Number(numbers[0] if numbers else 1)

    @staticmethod
    def _entering_with(clauses, counters):
        """The object the effect puts onto the battlefield enters with the
        counters (122.6, 614.1c): effect_enters_with_counters(A, I, Kind, N)."""
        return clauses + [("effect_enters_with_counters", *counters)]

    def return_to_battlefield_with(self, what, counters):
        return self._entering_with(self.return_to_battlefield(what), counters)

    def return_under_your_control_with(self, what, counters):
        return self._entering_with(self.return_under_your_control(what), counters)

    def return_under_owner_with(self, what, counters):
        return self._entering_with(self.return_under_owner(what), counters)

    def return_under_owner_tapped_with(self, what, counters):
        return self._entering_with(self.return_under_owner_tapped(what), counters)

    def return_to_battlefield_from_with(self, what, zone, counters):
        return self._entering_with(self.return_to_battlefield_from(what, zone), counters)

    def return_transformed_under_your_control(self, what):
        """"Exile this Saga, then return it to the battlefield transformed under your control" (712.14a)."""
        return self._effect(fn("return_to_battlefield_transformed_under_your_control", what))

    def becomes_prepared(self, what):
        """"This creature becomes prepared": it gets the designation."""
        return self._effect(fn("become_prepared", what))

    def top_card_of_target(self, verb, noun, token):
        """"Look at the top card of target player's library": a target that is a player."""
        if noun.value != "card":
            raise NotUnderstood(noun.value)
        who = "sel_opponent" if token.value.startswith("opponent") else "sel_player"
        target = self._target(self._selector([(who, None)]))
        return self._effect(fn("top_of_library", const(verb), target, Number(1)))

    def top_cards_of_target(self, verb, n, noun, token):
        """"Look at the top three cards of target player's library"."""
        if noun.value != "cards":
            raise NotUnderstood(noun.value)
        who = "sel_opponent" if token.value.startswith("opponent") else "sel_player"
        target = self._target(self._selector([(who, None)]))
        return self._effect(fn("top_of_library", const(verb), target, Number(n)))

    def put_that_many_counters(self, kind, where):
        """"Put that many +1/+1 counters on it": the amount the ability spoke of before."""
        return [("effect", fn("put_counters", where, kind, self._that_many("that many")))]

    def exile_until_leaves(self, what, source):
        """610.3c: exile(O) lasting until the source leaves the battlefield:
        effect_duration(A, I, until_leaves(sel_self))."""
        return self._effect(fn("exile", what), fn("until_leaves", source))

    def reveal_chosen(self, count, sel):
        """"Reveal a creature card from among them": you choose which."""
        return self._effect(fn("reveal", const("you"), *self._chosen(count, sel)))

    def put_chosen_into(self, count, sel, zone):
        """"Put a land card from among them into your hand"."""
        return self._effect(fn("put_into", const("you"), *self._chosen(count, sel), const(zone.value)))

    def put_chosen_on_bottom(self, count, sel, zone):
        """"Put a card from your hand on the bottom of your library"."""
        if zone.value != "library":
            raise NotUnderstood(zone.value)
        return self._effect(fn("put_on_library", const("you"), *self._chosen(count, sel), const("bottom")))

    def put_back_any_order(self, *_words):
        """"(look at the top three cards of your library,) then put them back in any order"."""
        return self._effect(fn("put_back", const("any_order")))

    def look_at_hand(self, token):
        """"Look at target opponent's hand": a target that is a player."""
        who = "sel_opponent" if token.value.startswith("opponent") else "sel_player"
        return self._effect(fn("look_at_hand", self._target(self._selector([(who, None)]))))

    def who_discards_at_random(self, who, count, noun, _random):
        """"Target player discards a card at random", "That player discards two cards at random"."""
        self._player(who)
        return self._effect(fn("discard_at_random", who, self._cards(count, noun)))

    def shuffle_graveyard_into_library(self, who):
        self._player(who)
        return self._effect(fn("shuffle_graveyard_into_library", who))

    def extra_turn_who(self, who):
        """"Target player takes an extra turn after this one"."""
        self._player(who)
        return self._effect(fn("extra_turn", who))

    def top_x_cards(self, verb, noun, zone):
        if noun.value != "cards" or zone.value != "library":
            raise NotUnderstood(noun.value)
        return self._effect(fn("top_of_library", const(verb), const("you"), const("x")))

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
                ("effect_condition", typed_condition(self, "unless", condition))]

    def counter_that(self, _words):
        """"Counter that spell or ability": the one the ability spoke of before."""
        return [("effect", fn("counter", const("it")))]

    def counter_that_unless(self, _words, condition):
        return [("effect", fn("counter", const("it"))),
                ("effect_condition", typed_condition(self, "unless", condition))]

    def copy_that_spell_or_ability(self, _words):
        """707.10: "Copy that spell or ability": which of them the words do not tell."""
        return [("effect", fn("copy_object", const("it")))]

    def copy_spell(self, target):
        return [("effect", fn("copy_spell", target))]

    def copy_card(self):
        return [("effect", fn("copy_card", const("it")))]

    def may_choose_new_targets(self):
        return [("effect", const("may_choose_new_targets"))]

    def create_token_copy(self, target, exceptions=()):
        """707.2; 707.9b: the exceptions of the copy, each an effect
        copy_exception(E) after it, as those of enter_as_copy."""
        return [("effect", fn("create_token_copy", target))] + [
            ("effect", fn("copy_exception", e)) for e in exceptions]

    def create_token_copies(self, count, target, exceptions=()):
        """"Create two tokens that are copies of it": create_token_copies(N, O)."""
        return ([("effect", fn("create_token_copies", self._count_amount(count), target))]
                + [("effect", fn("copy_exception", e)) for e in exceptions])

    def _token_copy_state(self, count, state, target, exceptions):
        """"Create a tapped (and attacking) token that's a copy of O": create_token_copy(O, State)."""
        if self._count(count) != Number(1):
            raise NotUnderstood("tokens")
        return ([("effect", fn("create_token_copy", target, const(state)))]
                + [("effect", fn("copy_exception", e)) for e in exceptions])

    def create_tapped_token_copy(self, count, target, exceptions=()):
        return self._token_copy_state(count, "tapped", target, exceptions)

    def create_attacking_token_copy(self, count, target, exceptions=()):
        return self._token_copy_state(count, "tapped_and_attacking", target, exceptions)

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
        return self._lasting([("effect", fn("may_cast", sel))], const("end_of_turn"))

    def eot(self):
        return const("end_of_turn")

    # 611.2b: "for as long as C": effect_duration(A, I, for_as_long_as(C))
    def lasting(self, condition):
        return fn("for_as_long_as", condition)

    def lasting_both(self, first, second):
        """"you control this creature and this creature remains tapped": both hold."""
        return fn("for_as_long_as", fn("all_of", Function("", [first, second])))

    def lasting_you_control(self, what):
        return fn("controls", const("you"), what)

    def lasting_tapped(self, what):
        return fn("is", what, const("tapped"))

    def lasting_on_battlefield(self, what):
        """As the condition "it's on the battlefield" (conditions.lark): in_zone(O, battlefield)."""
        return fn("in_zone", what, const("battlefield"))

    def lasting_exiled(self, what):
        return fn("in_zone", what, const("exile"))

    def lasting_enchanted(self, what):
        return fn("is", what, const("enchanted"))

    def modify_pt_target(self, target, pt, duration=None):
        return self._lasting([("effect", self._modify_pt(target, pt))], duration)

    def modify_pt_target_where(self, target, pt, *rest):
        *duration, quantity = rest
        return self._lasting([("effect", self._modify_pt(target, pt, quantity))], duration[0] if duration else None)

    def _modify_pt(self, sel, pt, where=None):
        """modify_pt(Sel, P, T) (integers: what the layer rules read, 613.4c),
        or with an X, modify_pt_var(Sel, P, T): each of P and T an integer,
        x or neg(x); "..., where X is S" writes other(S) for x."""
        if "x" not in pt.value:
            if where is not None:
                raise NotUnderstood("where X")
            return fn("modify_pt", sel, *self._pt(pt))
        x = const("x") if where is None else self._amount(where)

        def part(value):
            if value[1:] != "x":
                return Number(int(value))
            return x if value[0] == "+" else fn("neg", x)
        return fn("modify_pt_var", sel, *map(part, pt.value.split("/")))

    def modify_pt_for_each(self, sel, pt, duration, amount):
        """"Target creature gets +1/+0 until end of turn for each artifact you
        control": modify_pt_var(Sel, P, T), each part K for each thing the
        amount counts (amounts.lark's `each_amount`: count(G) of a group):
        0, count(G), neg(count(G)) or times(K, count(G))."""
        if "x" in pt.value:
            raise NotUnderstood("X for each")

        def part(value):
            k = int(value)
            if k == 0:
                return Number(0)
            if abs(k) == 1:
                return amount if k > 0 else fn("neg", amount)
            return fn("times", Number(k), amount)
        return self._effect(fn("modify_pt_var", sel, *map(part, pt.value.split("/"))), duration)

    def modify_pt_for_each_after(self, sel, pt, amount, duration=None):
        return self.modify_pt_for_each(sel, pt, duration, amount)

    def pump_for_each_and_gain(self, sel, pt, amount, items):
        """"Until end of turn, target creature gets +1/+1 for each creature you
        control and gains trample": the P/T change, then the grant, of one object."""
        return self.modify_pt_for_each(sel, pt, None, amount) + self.gain_abilities(sel, items)

    # 613.4d: "Switch target creature's power and toughness": the possessive is one word.
    def switch_pt_target(self, possessive, duration=None):
        noun = possessive.value.removesuffix("'s")
        if noun == possessive.value or noun not in NOUNS:
            raise NotUnderstood(possessive.value)
        target = self._target(self.group(self.words(possessive.__class__("WORD", noun))))
        return self._effect(fn("switch_pt", target), duration)

    def switch_pt_self(self, sel, duration=None):
        """"Switch this creature's power and toughness until end of turn" (613.4d)."""
        return self._effect(fn("switch_pt", sel), duration)

    def pump_and_cant_this_turn(self, what, pt, duration, *actions):
        """modify_pt until end of turn, then cant(O, Act) this turn, of one object."""
        return self.modify_pt_target(what, pt, duration) + self.cant_this_turn(what, *actions)

    def doesnt_untap_next_target(self, target):
        """"Target creature doesn't untap during its controller's next untap step"."""
        return [("effect", fn("doesnt_untap_next", target))]

    def modify_pt_until(self, sel, pt, duration, where=None):
        return self._lasting([("effect", self._modify_pt(sel, pt, where))], duration)

    def becomes_pair(self, first, second):
        """"blue and black": two colors (105.3)."""
        if first.value not in COLORS or second.value not in COLORS:
            raise NotUnderstood(f"{first.value} and {second.value}")
        return ("pair", [first, second])

    def becomes_with(self, items):
        return ("with", items)

    def still_land(self, duration=None):
        return ("still_land", duration)

    def _animated(self, sel, pt, parts, artifact_only=False):
        """"becomes a 2/2 blue and black Elemental artifact creature with
        flying": set_pt, add_card_type (artifact, creature), set_colors
        (105.3), add_subtype and the abilities granted, in that order."""
        words, grants = [], []
        for part in parts:
            if isinstance(part, Token):
                words.append(part)
            elif isinstance(part, tuple) and part[0] == "pair":
                words += part[1]
            elif isinstance(part, tuple) and part[0] == "with":
                grants = part[1]
        artifact = bool(words) and words[-1].value == "artifact"
        if artifact_only and not artifact:
            raise NotUnderstood("not an artifact creature")
        words = words[:-1] if artifact else words
        p, t = self._pt(pt)
        out = [("effect", fn("set_pt", sel, p, t))]
        out += [("effect", fn("add_card_type", sel, const("artifact")))] if artifact else []
        out += [("effect", fn("add_card_type", sel, const("creature")))]
        return out + self._becomes_words(sel, words) + self._grants(sel, grants)

    def becomes_creature(self, sel, pt, *rest):
        """"becomes a 0/0 Elemental creature with haste that's still a land"
        (205.1b: it keeps its types only when the text says so)."""
        *parts, tail = rest
        return self._lasting(self._animated(sel, pt, parts), tail[1])

    def _becomes_words(self, sel, words):
        """The colors (105.3: they replace the object's colors) and creature
        types of "becomes a 2/2 green Elf creature", in that order."""
        colors = []
        while words and words[0].value in COLORS:
            colors.append(const(COLORS[words.pop(0).value]))
        if not all(w.value in SUBTYPES for w in words) or len(set(colors)) < len(colors):
            raise NotUnderstood(" ".join(w.value for w in words))
        out = [("effect", fn("set_colors", sel, fn("", *colors)))] if colors else []
        return out + [("effect", fn("add_subtype", sel, const(SUBTYPES[w.value]))) for w in words]

    def becomes_land_type(self, sel, word, duration=None):
        """305.7: "Target land becomes a Swamp (until end of turn)": its land
        subtypes become that one, set_land_subtype(O, T), as "Enchanted land is a Swamp"."""
        if word.value not in BASIC_LAND_TYPES:
            raise NotUnderstood(word.value)
        return self._effect(fn("set_land_subtype", sel, const(SUBTYPES[word.value])), duration)

    def may_have_become_creature(self, sel, pt, *rest):
        """"You may have target land you control become a 3/3 Elemental
        creature with haste until end of turn. It's still a land.": the
        animation of becomes_creature, optional (effect_optional)."""
        return each_optional(self.becomes_creature(sel, pt, *rest))

    def may_have_become_artifact_creature(self, sel, pt, *rest):
        return each_optional(self.becomes_artifact_creature(sel, pt, *rest))

    def becomes_type_too(self, sel, word, duration=None):
        """205.1b: "It becomes a Vampire in addition to its other types":
        add_subtype(O, T), or add_card_type(O, T) of a card type."""
        if word.value in CARD_TYPES:
            term = fn("add_card_type", sel, const(CARD_TYPES[word.value]))
        elif word.value in SUBTYPES:
            term = fn("add_subtype", sel, const(SUBTYPES[word.value]))
        else:
            raise NotUnderstood(word.value)
        return self._effect(term, duration)

    def becomes_artifact_creature(self, sel, pt, *rest):
        """205.1b: "becomes a 4/4 Construct artifact creature (with flying) until
        end of turn": an artifact creature keeps its prior card types."""
        duration = next((r for r in rest if isinstance(r, Symbol)), None)
        parts = [r for r in rest if not isinstance(r, Symbol)]
        return self._lasting(self._animated(sel, pt, parts, artifact_only=True), duration)

    @staticmethod
    def _lasting(clauses, duration):
        """Each effect of the clauses with its own duration (effect_duration), if any."""
        if duration is None:
            return clauses
        return [c for clause in clauses for c in
                ([clause, ("effect_duration", duration)] if clause[0] in ("effect", "grant_keyword") else [clause])]

    def becomes_artifact_creature_only(self, sel, duration=None):
        """205.1b: "This Vehicle becomes an artifact creature until end of turn"."""
        return self._lasting([("effect", fn("add_card_type", sel, const("artifact"))),
                              ("effect", fn("add_card_type", sel, const("creature")))], duration)

    def becomes_colors(self, sel, *rest):
        """105.3: "becomes white" (or "becomes colorless"): its color is that
        one alone, until end of turn if said."""
        colors = [c for c in rest if isinstance(c, Symbol) and c.name in COLORS.values()]
        duration = next((c for c in rest if isinstance(c, Symbol) and c.name not in COLORS.values()), None)
        if len(set(colors)) < len(colors):
            raise NotUnderstood("a color said twice")
        return self._lasting([("effect", fn("set_colors", sel, fn("", *colors)))], duration)

    def creature_all_types(self):
        return True

    def becomes_creature_all_types(self, sel, pt, _all, tail):
        """"becomes a 2/2 creature with all creature types ... It's still a
        land" (Mutavault; 205.3m)."""
        p, t = pt.value.split("/")
        return self._lasting([("effect", fn("set_pt", sel, Number(int(p)), Number(int(t)))),
                              ("effect", fn("add_card_type", sel, const("creature"))),
                              ("effect", fn("add_all_creature_types", sel))], tail[1])

    def surveil(self, amount):
        return self._effect(fn("surveil", self._amount_term(amount)))

    def flip_effect(self, what):
        """710: "Flip this creature": its alternative characteristics apply (flip(O))."""
        return self._effect(fn("flip", what))

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

    def you_and_target_draw(self, target, count, noun):
        self._player(target)
        return self.draw(const("you"), count, noun) + self.draw(target, count, noun)

    def draw_then_discard(self, who, count, noun, count2, noun2):
        self._player(who)
        return self._effect(fn("draw", who, self._cards(count, noun))) + self._effect(
            fn("discard", who, self._cards(count2, noun2)))

    def discard_then_draw(self, who, count, noun, count2, noun2):
        self._player(who)
        return self._effect(fn("discard", who, self._cards(count, noun))) + self._effect(
            fn("draw", who, self._cards(count2, noun2)))

    def discard_hand_who(self, who, zone):
        """"Each player discards their hand": discard_hand(Who)."""
        self._player(who)
        if zone.value != "hand":
            raise NotUnderstood(zone.value)
        return self._effect(fn("discard_hand", who))

    def discard_hand_then_draw(self, who, zone, count, noun):
        return self.discard_hand_who(who, zone) + self._effect(fn("draw", who, self._cards(count, noun)))

    def shuffle_hand_graveyard_then_draw(self, who, hand, graveyard, library, count, noun):
        """"Each player shuffles their hand and graveyard into their library, then draws seven cards"."""
        self._player(who)
        if (hand.value, graveyard.value, library.value) != ("hand", "graveyard", "library"):
            raise NotUnderstood(hand.value)
        return self._effect(fn("shuffle_hand_and_graveyard_into_library", who)) + self._effect(
            fn("draw", who, self._cards(count, noun)))

    def draw_and_lose_life(self, who, count, noun, amount):
        return self.draw(who, count, noun) + self.lose_life(who, amount)

    def draw_and_gain_life(self, who, count, noun, amount):
        return self.draw(who, count, noun) + self.gain_life(who, amount)

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

    def regenerate(self, what):
        return self._effect(fn("regenerate", what))

    def transform_effect(self, what):
        return self._effect(fn("transform", what))

    def sacrifice_object(self, what):
        return self._effect(fn("sacrifice", what))

    def create_token(self, count, token):
        return self._effect(fn("create_token", self._count_amount(count), token))

    def predefined_token(self, *words):
        """111.10: "a Treasure token", "a Monster Role token": token(K)."""
        name = " ".join(w.value for w in words)
        if name not in PREDEFINED_TOKENS:
            raise NotUnderstood(name)
        return fn("token", const(constant_name(PREDEFINED_TOKENS[name])))

    def role_token(self, *words):
        """111.10j-r: "a Wicked Role token": token(wicked_role)."""
        return self.predefined_token(*words[:-1], Token("WORD", "role"))

    def token_name_words(self, *words):
        return words

    def token_name(self, words):
        """111.4: the name the effect gives the token, as printed."""
        return ("name", String(self.text[words[0].start_pos:words[-1].end_pos]))

    def named_creature_token(self, pt, words, *rest):
        """"a 1/1 colorless Insect artifact creature token with flying named
        Wasp": named(Name, T), T the token's characteristics."""
        name = next(r[1] for r in rest if r[0] == "name")
        withs = [r for r in rest if r[0] != "name"]
        keywords = [k for w in withs for k in w[0]]
        quoted = [q for w in withs for q in w[1]]
        if len(set(keywords)) < len(keywords):
            raise NotUnderstood("a keyword said twice")
        return fn("named", name, self.creature_token(pt, words, (keywords, quoted)))

    def named_two_color_token(self, pt, color, words, *rest):
        if color.value not in COLORS or not words or words[0] not in COLORS:
            raise NotUnderstood(color.value)
        return self.named_creature_token(pt, [color.value] + words, *rest)

    def legendary_token(self, *parts):
        """"Karox Bladewing, a legendary 4/4 red Dragon creature token with
        flying": legendary(named(Name, T)) (205.4: the legend rule applies to it)."""
        names = [p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Token)]
        rest = [p for p in parts if not (isinstance(p, tuple) and p and isinstance(p[0], Token))]
        name = String(self.text[names[0][0].start_pos:names[-1][-1].end_pos])
        token = (self.two_color_token if len(rest) > 1 and isinstance(rest[1], Token) else self.creature_token)(*rest)
        return fn("legendary", fn("named", name, token))


    def create_legendary_token(self, token):
        return self._create(fn("n", Number(1)), token)

    def get_emblem(self, who, *quotes):
        """114.1, 114.4: the player gets an emblem with the quoted abilities:
        get_emblem(Who, (B1, ...)), each B the sub(A, K) of a quoted ability."""
        self._player(who)
        return self._effect(fn("get_emblem", who, fn("", *[self.quotes[q.value.strip('"')] for q in quotes])))

    def get_emblem_you(self, *quotes):
        return self.get_emblem(const("you"), *quotes)

    def create_token_list(self, *parts):
        """"Create a 1/1 green Snake creature token, a 2/2 green Wolf creature
        token, and a 3/3 green Elephant creature token": one create_token each."""
        return [c for count, token in zip(parts[::2], parts[1::2]) for c in self.create_token(count, token)]

    def create_one_tapped_token(self, token):
        """"You create a tapped Treasure token"."""
        return self._create(fn("n", Number(1)), token, const("tapped"))

    def create_that_many_tapped(self, token):
        return self._create(self._that_many("that many"), token, const("tapped"))

    def attached_to(self, what):
        """303.4f: the Aura token enters attached to O: State attached_to(O)."""
        return fn("attached_to", what)

    def creature_token(self, pt, words, abilities=((), ())):
        """"a 1/1 green Saproling creature token with flying": token(P, T,
        Colors, Subtypes, Types, Keywords), each list a tuple in text order;
        colors, then subtypes, then card types, as the Oracle writes them;
        a quoted ability B adds the tuple of them: token(..., Keywords, (B,))."""
        keywords, quoted = abilities
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
        # a power and toughness: a creature's, or a Vehicle's (301.7)
        vehicle = const("vehicle") in subtypes and types == [const("artifact")]
        if (const("creature") not in types and not vehicle) or len(set(words)) < len(words):
            raise NotUnderstood(" ".join(words))
        p, t = (const("x"), const("x")) if pt.value == "x/x" else map(Number, map(int, pt.value.split("/")))
        args = [p, t, fn("", *colors), fn("", *subtypes),
                fn("", *types), fn("", *keywords)]
        return fn("token", *args, *([fn("", *quoted)] if quoted else []))

    def token_with(self, *abilities):
        keywords = [a for a in abilities if a.name != "sub"]
        if len(set(keywords)) < len(keywords):
            raise NotUnderstood("a keyword said twice")
        return keywords, [a for a in abilities if a.name == "sub"]

    def token_keyword(self, word):
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return const(constant_name(word.value))

    def token_keyword_n(self, word, n):
        """"toxic 1", "crew 1": a keyword with its number, toxic(1)."""
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return fn(constant_name(word.value), Number(int(n.value)))

    def token_quoted(self, quote):
        return self.quotes[quote.value.strip('"')]

    def tapped_and_attacking(self):
        return const("tapped_and_attacking")

    def attacking(self):
        return const("attacking")

    def create_token_state(self, count, token, state):
        """"Create a 1/1 red Goblin creature token that's tapped and attacking":
        create_token(N, T, State), State `tapped`, `attacking`, `tapped_and_attacking` (508.4)."""
        return self._effect(fn("create_token", self._count_amount(count), token, state))

    def create_token_attacking(self, count, token):
        return self.create_token_state(count, token, const("tapped_and_attacking"))

    def _create(self, amount, token, state=None):
        return self._effect(fn("create_token", amount, token, *([state] if state else [])))

    def create_that_many(self, token, state=None):
        """"Create that many Treasure tokens": the amount the ability spoke of before."""
        return self._create(self._that_many("that many"), token, state)

    def create_token_where(self, count, token, *rest):
        """"Create X 1/1 green Saproling creature tokens, where X is S"."""
        *state, quantity = rest
        amount = self._amount(quantity)
        number = self._count_amount(count)
        if number != const("x") and not _has_x(token):
            raise NotUnderstood("where X")
        return self._create(amount if number == const("x") else number, _x_replaced(token, amount), *state)

    def create_token_for_each(self, count, token, *rest):
        """"Create a 1/1 green Elf Warrior creature token for each Elf you control": count(Sel)."""
        *state, amount = rest
        if self._count(count) != Number(1):
            raise NotUnderstood("for each")
        return self._create(amount, token, *state)

    def create_token_equal(self, token, *rest):
        """"Create a number of Food tokens equal to S"."""
        *state, quantity = rest
        return self._create(self._amount(quantity), token, *state)

    def token_words(self, *tokens):
        return [t.value for t in tokens]

    def get_energy(self, *tokens):
        return self._effect(fn("get_energy", Number(len(tokens))))

    def become_monarch(self):
        return self._effect(const("become_monarch"))

    def library_verb(self, *tokens):
        return "_".join(t.value for t in tokens)

    def until_verb(self, token):
        return token.value

    def top_until(self, verb, zone, again, count, sel):
        """"Reveal (exile) cards from the top of your library until you reveal
        (exile) a creature card": top_until(Verb, you, Sel), one card matching
        Sel the last of them."""
        if verb != again or zone.value != "library" or self._count(count) != Number(1):
            raise NotUnderstood("until")
        return self._effect(fn("top_until", const(verb), const("you"), sel))

    def top_card(self, verb, noun, zone):
        if noun.value != "card":
            raise NotUnderstood(noun.value)
        return self.top_cards(verb, 1, Token("WORD", "cards"), zone)

    def top_card_face_down(self, verb, noun, zone):
        """"Exile the top card of your library face down" (406.3):
        top_of_library(exile_face_down, you, 1)."""
        if verb != "exile":
            raise NotUnderstood(verb)
        return self.top_card("exile_face_down", noun, zone)

    def top_cards(self, verb, n, noun, zone):
        """"look at (reveal, exile, mill) the top N cards of your library"."""
        if noun.value != "cards" or zone.value != "library":
            raise NotUnderstood(noun.value)
        return self._effect(fn("top_of_library", const(verb), const("you"), Number(n)))

    def lost_keyword(self, *words):
        phrase = " ".join(w.value for w in words)
        if phrase not in KEYWORD_PHRASES:
            raise NotUnderstood(phrase)
        return const(constant_name(phrase))

    def lose_keyword_until(self, sel, keyword, duration):
        """613.1f: an effect in force removes one keyword ability until end of turn."""
        return self._effect(fn("lose_keyword", sel, keyword), duration)

    def pump_and_lose(self, sel, pt, keyword, duration):
        return self.modify_pt_referred(sel, pt, duration) + self.lose_keyword_until(sel, keyword, duration)

    def gain_abilities(self, sel, items, duration=None):
        """The duration belongs to each ability granted."""
        lasting = [("effect_duration", duration)] if duration else []
        return [c for grant in self._grants(sel, items) for c in [grant] + lasting]

    def pump_and_gain(self, sel, pt, items, duration=None):
        return self.modify_pt_referred(sel, pt, duration) + self.gain_abilities(sel, items, duration)

    def gain_and_pump(self, sel, items, pt, duration=None):
        """"Target creature gains trample and gets +2/+2 until end of turn":
        the grants, then the P/T change, of one object, each with the duration."""
        return self.gain_abilities(sel, items, duration) + self.modify_pt_referred(sel, pt, duration)

    def modify_pt_referred(self, sel, pt, duration=None):
        return self._effect(self._modify_pt(sel, pt), duration)

    def modify_pt_referred_where(self, sel, pt, *rest):
        *duration, quantity = rest
        return self._effect(self._modify_pt(sel, pt, quantity), *duration)

    def class_level_up(self, n):
        """716.2a: "[Cost]: Level N": this Class's level becomes N; activate
        only if it is level N-1 and only as a sorcery."""
        if n < 2:
            raise NotUnderstood("level")
        return self._effect(fn("become_level", Number(n))) + [
            ("activation_restriction", const("sorcery_speed")),
            ("activation_restriction", typed_condition(self, "only_if", "this Class is level %d" % (n - 1)))]

    def cant_be_regenerated(self, it):
        return self._effect(fn("cant", it, const("be_regenerated")))

    def pay_mana(self, token):
        """"(You may) pay {2}": pay(C), C a cost term as of cost/2."""
        return self._effect(fn("pay", self.mana_cost(token)))

    def pay_energy_effect(self, *tokens):
        return self._effect(fn("pay", self.pay_energy(*tokens)))

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

    def change_text(self, target, words, duration=None):
        """612, 613.1c: "Change the text of target permanent by replacing all instances of one
        color word with another": change_text(target(1), Kind), Kind the words replaced
        (color, basic_land_type, creature_type, or color_or_basic_land_type: either); the
        scenario's `chosen` says which word became which."""
        return self._effect(fn("change_text", target, const(words)), duration)

    def text_words_color(self):
        return "color"

    def text_words_land(self):
        return "basic_land_type"

    def text_words_creature(self):
        return "creature_type"

    def text_words_color_or_land(self):
        return "color_or_basic_land_type"

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

    def may_cast_this_turn_it(self, what):
        """"You may cast that card this turn" (a card exiled, revealed): may_cast_card(O)."""
        return self._effect(fn("may_cast_card", what), const("end_of_turn")) + [("effect_optional",)]

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

    def prevent_next_combat_damage_to_you(self, n):
        return self._effect(fn("prevent_next_combat_damage", const("you"), Number(n)), const("end_of_turn"))

    def source_quality(self, word):
        """"a red source": the color (or card type) the source must have, a selector constraint."""
        if word.value not in COLORS and word.value not in CARD_TYPES:
            raise NotUnderstood(word.value)
        return self._adjective(word.value)

    def prevent_next_from_source(self, *rest):
        """609.7: prevent_next_damage_from(R, Sel): the next time a source of
        its controller's choice (chosen as the effect is created, 609.7a)
        matching Sel would deal damage to R this turn, that damage is
        prevented (615); R `you` or a target."""
        recipient = rest[-1] if rest and isinstance(rest[-1], Symbol) and rest[-1].name == "target" else const("you")
        quality = [r for r in rest if isinstance(r, tuple)]
        return self._effect(fn("prevent_next_damage_from", recipient, self._selector(quality)), const("end_of_turn"))

    def prevent_combat_damage(self):
        return self._effect(const("prevent_all_combat_damage"), const("end_of_turn"))

    def gain_life_equal(self, quantity):
        """"You gain life equal to ...": the amount in its own words."""
        return self._effect(fn("gain_life", const("you"), self._quantity(quantity)))

    def _quantity(self, token):
        """An amount "equal to S" read to the sentence's end: S alone, not a
        target (115.1), a condition or a further action after it."""
        if re.search(r"\btargets?\b|\bunless\b|,\s*(then|and)\b", token.value):
            raise NotUnderstood("more than a quantity")
        return self._amount(token)

    def draw_equal(self, quantity):
        """"Draw cards equal to the greatest power among creatures you control"."""
        return self._effect(fn("draw", const("you"), self._quantity(quantity)))

    def gain_life_equal_who(self, who, quantity):
        """"Its controller (target player) gains life equal to ..."."""
        self._player(who)
        return self._effect(fn("gain_life", who, self._quantity(quantity)))

    def each_opponent_loses_life_equal(self, quantity):
        return self.lose_life_equal(const("each_opponent"), quantity)

    def lose_life_equal(self, who, quantity):
        """"Each opponent loses life equal to the number of creatures you control"."""
        self._player(who)
        return self._effect(fn("lose_life", who, self._quantity(quantity)))

    def put_on_top(self, what):
        return self._effect(fn("put_on_library", what, const("top")))

    def put_on_bottom(self, what):
        return self._effect(fn("put_on_library", what, const("bottom")))

    def owner_shuffles_into_library(self, who, what):
        """"Its owner shuffles it into their library": only its owner's library is its own (400.3)."""
        if who != const("its_owner"):
            raise NotUnderstood("another player shuffles it into their library")
        return self.shuffle_into_library(what)

    def shuffle_into_library(self, what):
        return self._effect(fn("shuffle_into_library", what))

    def attach(self, what, target):
        return self._effect(fn("attach", what, target))

    def next_end_step(self):
        return const("next_end_step")

    def your_next_end_step(self):
        """603.7: "at the beginning of your next end step": the next end step
        of a turn of the ability's controller."""
        return const("your_next_end_step")

    def next_upkeep(self):
        return const("next_upkeep")

    def end_of_combat(self):
        return const("end_of_combat")

    def gain_that_much_life(self):
        return self._effect(fn("gain_life", const("you"), self._that_many("that much")))

    def lose_that_much_life(self):
        return self._effect(fn("lose_life", const("you"), self._that_many("that much")))

    def roll_die_sided(self, sides):
        """"Roll a six-sided die"."""
        return self._effect(fn("roll_die", Number(die_sides(sides))))

    def roll_die(self, sides):
        """"Roll a d20" (706)."""
        return self._effect(fn("roll_die", sides))

    def die_size(self, word):
        """"d20": the number of sides of a die."""
        return Number(int(word[1:]))

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

    def may_play_until_next_end_step(self, what):
        """"You may play those cards until your next end step"."""
        return self._effect(fn("may_play", what), const("until_your_next_end_step")) + [
            ("effect_optional",)]

    def discard_it(self, who, what):
        """"That player discards that card"."""
        return self._effect(fn("discard_card", who, what))

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

    def may_cast_free(self, what):
        return self._effect(fn("may_cast_without_paying", what)) + [("effect_optional",)]

    def may_cast_chosen_free(self, sel):
        """608.2g, 601.2: "You may cast an instant or sorcery spell from your
        hand without paying its mana cost": one card Sel selects, from the zone
        the words name (none named: not read)."""
        if not any(f.name in ("sel_zone", "sel_among_referred") and f.arguments[0] == sel for f in self.facts):
            raise NotUnderstood("cast from where")
        return self._effect(fn("may_cast_without_paying", sel)) + [("effect_optional",)]

    def copy_that_spell(self, what):
        """"Copy that spell" (707.10): the spell spoken of before."""
        if self.text.split()[-1].lower().rstrip(".") != "spell":
            raise NotUnderstood("copy that")
        return self._effect(fn("copy_spell", what))

    def populate(self):
        return self._effect(const("populate"))

    def discard_hand(self, zone):
        if zone.value != "hand":
            raise NotUnderstood(zone.value)
        return self._effect(fn("discard_hand", const("you")))

    def choose_one_from(self, sel):
        """"Choose a creature card in your hand": choose(you, Sel, 1)."""
        return self._effect(fn("choose", const("you"), sel, Number(1)))

    def choose_one_of_them(self, _them=None):
        """"Choose one of them": one of the cards spoken of before (sel_among_referred)."""
        return self._effect(fn("choose", const("you"), self._selector([("sel_among_referred", None)]), Number(1)))

    def top_card_of_that_player(self, verb, noun, zone):
        """"Exile the top card of that player's library"."""
        if noun.value != "card" or zone.value != "library":
            raise NotUnderstood(noun.value)
        return self._effect(fn("top_of_library", const(verb), const("that_player"), Number(1)))

    def choose_from(self, count, sel):
        """"You choose a nonland card from it": you choose N objects matching
        Sel, `sel_among_referred` among the cards spoken of before (a hand revealed)."""
        return self._effect(fn("choose", const("you"), *self._chosen(count, sel)))

    def player_gets_counters(self, who, count, kind):
        """"That player gets two poison counters", "Each opponent gets a poison counter"."""
        self._player(who)
        return self._counters_of(who, count, kind)

    def _counters_of(self, who, count, kind):
        if kind.value not in ("experience", "poison", "rad", "ticket"):
            raise NotUnderstood(kind.value)
        return self._effect(fn("player_counters", who, String(kind.value), self._count_amount(count)))

    def player_counters(self, count, kind):
        """"You get an experience counter" (122.1)."""
        return self._counters_of(const("you"), count, kind)

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

    def two_color_token(self, pt, color, words, *abilities):
        """"a 1/1 green and white Citizen creature token"."""
        if color.value not in COLORS or not words or words[0] not in COLORS:
            raise NotUnderstood(color.value)
        return self.creature_token(pt, [color.value] + words, *abilities)

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

    @staticmethod
    def _for_each(n, amount):
        """N for each thing the amount counts (amounts.lark's `each_amount`):
        count(Sel), times(N, count(Sel)) of a group."""
        return amount if n == 1 else fn("times", Number(n), amount)

    def gain_life_for_each(self, n, sel):
        """"You gain 2 life for each creature you control"."""
        return self._effect(fn("gain_life", const("you"), self._for_each(int(n.value), sel)))

    def draw_for_each(self, sel):
        """"Draw a card for each creature you control": draw(you, count(Sel))."""
        return self._effect(fn("draw", const("you"), self._for_each(1, sel)))

    def put_counters_for_each(self, count, kind, where, sel):
        """"Put a +1/+1 counter on it for each artifact you control"."""
        n = self._count(count)
        if n == const("x"):
            raise NotUnderstood("X for each")
        return self._effect(fn("put_counters", where, kind, self._for_each(n.number, sel)))

    def lose_life_for_each(self, who, n, sel):
        """"Target opponent loses 1 life for each creature you control"."""
        self._player(who)
        if not isinstance(n, int):
            raise NotUnderstood("X for each")
        return self._effect(fn("lose_life", who, self._for_each(n, sel)))

    def _this_turn(self, term):
        return self._effect(term, const("end_of_turn"))

    def attacks_this_turn(self, what):
        """508.1d: "Target creature attacks this turn if able"."""
        return self._this_turn(fn("must_attack", what))

    def blocks_this_turn(self, what):
        """509.1c: "Target creature blocks this turn if able"."""
        return self._this_turn(fn("must_block", what))

    def blocks_this_this_turn(self, what, this):
        """509.1c: "Target creature blocks this creature this turn if able"."""
        return self._this_turn(fn("must_block_creature", what, this))

    def cant_block_this_this_turn(self, what, action, this):
        """509.1b: "Target creature can't block this creature this turn"."""
        if action.name != "block":
            raise NotUnderstood(action.name)
        return self._this_turn(fn("cant_block_creature", what, this))

    def base_pt_until(self, what, pt, duration):
        """613.4b: "Target creature has base power and toughness 4/4 until end of turn"."""
        p, t = pt.value.split("/")
        return self._effect(fn("set_pt", what, Number(int(p)), Number(int(t))), duration)

    def assigns_no_combat_damage(self, what):
        """510.1a: "This creature assigns no combat damage this turn"."""
        return self._this_turn(fn("assigns_no_combat_damage", what))

    def must_be_blocked_this_turn(self, what):
        """509.1c: "Target creature must be blocked this turn if able"."""
        return self._this_turn(fn("must_be_blocked", what))

    def attack_despite_defender(self, what):
        """702.3b: "This creature can attack this turn as though it didn't have defender"."""
        return self._this_turn(fn("may_attack_as_though_no_defender", what))

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

    def additional_land_this_turn(self):
        return self._effect(fn("additional_land_play", Number(1)), const("end_of_turn"))

    def tap_or_untap(self, what):
        """"(You may) tap or untap target creature": the player chooses which."""
        return self._effect(fn("tap_or_untap", what))

    def becomes_chosen(self, what, kind, duration=None):
        """"becomes the creature type (color, basic land type) of your choice
        until end of turn": the one chosen as it resolves replaces the others
        of its kind (105.3, 205.3, 305.7); the layer rules do not read it."""
        return self._effect(fn("becomes_chosen", what, kind), duration)

    def cant_be_regenerated_this_turn(self, what):
        return self._this_turn(fn("cant", what, const("be_regenerated")))

    def endure(self, what, n):
        return self._effect(fn("endure", what, Number(n)))

    def forage(self):
        return self._effect(const("forage"))

    def abandon_scheme(self):
        return self._effect(const("abandon_this_scheme"))

    def creature_type(self, _words=None):
        return const("creature_type")

    def card_name(self, _words=None):
        return const("card_name")

    def a_color(self):
        return const("color")

    def an_opponent(self):
        return const("opponent")

    def basic_land_type(self, _words=None):
        return const("basic_land_type")

    def choose(self, kind):
        """"Choose a creature type." (the choice the ability's later words use)."""
        return self._effect(fn("choose", kind))

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

    def venture(self):
        return self._effect(const("venture_into_the_dungeon"))

    def ring_tempts(self):
        return self._effect(const("ring_tempts_you"))

    def return_to_hand_from(self, what, zone):
        return self._effect(fn("return_to_hand", what, const(zone.value)))

    def return_to_battlefield_from(self, what, zone):
        return self._effect(fn("return_to_battlefield", what, const(zone.value)))
