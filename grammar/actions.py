"""Transformer of grammar/actions.lark: one-shot verbs of effects (701
keyword actions and others) over the shared object phrases."""

from clingo import Number
from lark import Token, v_args

from .reading import NOUNS, ORDINALS, PLURAL_NOUNS, NotUnderstood, Reading, String, _n, const, die_sides, fn


@v_args(inline=True)
class Actions(Reading):
    def connives(self, what):
        """701.50a: "Target creature you control connives", "This creature connives"."""
        return self._effect(fn("connive", what))

    def he_connives(self):
        """701.50a: "(Whenever Kang attacks,) he connives": the character
        spoken of before, as "it connives" (connive(it))."""
        return self._effect(fn("connive", const("it")))

    def explores(self, what):
        """701.44a: "Target creature you control explores"."""
        return self._effect(fn("explore", what))

    def may_have_connive(self, what):
        """"You may have it connive": its controller's action, your choice."""
        return self._effect(fn("connive", what)) + [("effect_optional",)]

    def may_have_explore(self, what):
        return self._effect(fn("explore", what)) + [("effect_optional",)]

    def doesnt_untap_next_it(self, what, *_words):
        """"It (that creature, those creatures) doesn't untap during its
        controller's next untap step" (502.3): the object spoken of before."""
        if what == const("they"):
            what = const("it")
        return self._effect(fn("doesnt_untap_next", what))

    def remove_any_counters(self, count, what):
        """122.1: "Remove a counter from target permanent": remove_counters(O, any, N),
        a counter of any kind (its controller's choice of kinds)."""
        return self.remove_counters_effect(count, const("any"), what)

    def remove_up_to_counters(self, n, *rest):
        """"Remove up to three counters from target permanent": N up_to(K), as "Discard up to two cards"."""
        *kind, what = rest
        return self._effect(fn("remove_counters", what, kind[0] if kind else const("any"), fn("up_to", Number(n))))

    def they_each_get(self, they, pt, duration=None):
        """"They each get +2/+2 until end of turn": modify_pt(it, P, T), as "They get ..."."""
        return self.modify_pt_referred(they, pt, duration)

    # 122.5: move_counters(From, To, Kind, N): Kind a string, or any ("a counter");
    # N n(K), x ("any number of") or all
    def move_counters(self, count, *rest):
        *kind, source, destination = rest
        if isinstance(count, tuple) and count[1]:
            raise NotUnderstood("another")
        n = self._count(count)
        amount = n if n == const("x") else fn("n", n)
        return self._move(source, destination, kind, amount)

    def move_all_counters(self, *rest):
        *kind, source, destination = rest
        return self._move(source, destination, kind, const("all"))

    def _move(self, source, destination, kind, amount):
        kind = kind[0] if kind else const("any")
        return self._effect(fn("move_counters", source, destination, kind, amount))

    # 701.10b: double_pt(O, Which), Which power, toughness or power_and_toughness
    def doubled_power(self):
        return const("power")

    def doubled_toughness(self):
        return const("toughness")

    def doubled_power_and_toughness(self):
        return const("power_and_toughness")

    def double_pt(self, what, which, duration=None):
        """"Double this creature's power until end of turn" (O sel_self), "double its
        power" (O it): it gets +X/+0, X its power as the effect begins (701.10b)."""
        if isinstance(what, Token):  # "its": the object spoken of before
            if not self.spoke_before:
                raise NotUnderstood("its")
            what = const("it")
        return self._effect(fn("double_pt", what, which), duration)

    def double_target_pt(self, possessive, which, duration=None):
        """"Double target creature's power and toughness until end of turn": the possessive one word."""
        noun = possessive.value.removesuffix("'s")
        if noun == possessive.value or noun not in NOUNS or noun in PLURAL_NOUNS:
            raise NotUnderstood(possessive.value)
        target = self._target(self.group(self.words(possessive.__class__("WORD", noun))))
        return self.double_pt(target, which, duration)

    def double_pt_of(self, which, what, duration=None):
        """"Double the power of each creature you control until end of turn": each its own."""
        return self.double_pt(what, which, duration)

    def double_each_counter(self, what):
        """701.10e: "Double the number of each kind of counter on target permanent":
        double_counters(O, any), as "Double the number of +1/+1 counters on ..."."""
        return self._effect(fn("double_counters", what, const("any")))

    def double_target_life(self, token):
        """701.10d: "Double target player's life total": double_life_total(target(K))."""
        who = "sel_opponent" if token.value.startswith("opponent") else "sel_player"
        return self._effect(fn("double_life_total", self._target(self._selector([(who, None)]))))

    def double_your_life(self):
        return self._effect(fn("double_life_total", const("you")))

    def doesnt_untap_it(self, what, *_words):
        """"That creature doesn't untap during its controller's untap step"
        (502.3): doesnt_untap(O), as a static ability's, for as long as the
        sentence says (611.2b; without a duration, for the rest of the game, 611.2a)."""
        return self._effect(fn("doesnt_untap", what))

    @staticmethod
    def _zones(tokens, *zones):
        if tuple(t.value for t in tokens) != zones:
            raise NotUnderstood(" ".join(t.value for t in tokens))

    def shuffle_your_library(self, zone):
        """701.24a: "Shuffle your library"."""
        self._zones([zone], "library")
        return self._effect(fn("shuffle", const("you")))

    def shuffles_their_library(self, who, zone):
        """"Target player shuffles their library", "Each player shuffles their library"."""
        self._zones([zone], "library")
        self._player(who)
        return self._effect(fn("shuffle", who))

    def shuffle_your_graveyard(self, graveyard, library):
        """"Shuffle your graveyard into your library"."""
        self._zones([graveyard, library], "graveyard", "library")
        return self._effect(fn("shuffle_graveyard_into_library", const("you")))

    def each_shuffles_graveyard(self, who, graveyard, library):
        """"Each player shuffles their graveyard into their library"."""
        self._zones([graveyard, library], "graveyard", "library")
        return self._effect(fn("shuffle_graveyard_into_library", who))

    def shuffle_your_hand_and_graveyard(self, hand, graveyard, library):
        """"Shuffle your hand and graveyard into your library"."""
        self._zones([hand, graveyard, library], "hand", "graveyard", "library")
        return self._effect(fn("shuffle_hand_and_graveyard_into_library", const("you")))

    def owner_shuffles_it(self, what, library):
        """400.3: "The owner of target nonland permanent shuffles it into
        their library": the object into its owner's library."""
        self._zones([library], "library")
        return self._effect(fn("shuffle_into_library", what))

    def exchange_control(self, first, second):
        """701.12b: "Exchange control of this creature and target creature"."""
        return self._effect(fn("exchange_control", first, second))

    def exchange_control_of_two(self, target):
        """701.12b: "Exchange control of two target creatures": the two objects of the target."""
        if self.target_sels.get(target, (None, None))[1] != (2, 2):
            raise NotUnderstood("not two targets")
        return self._effect(fn("exchange_control", target, target))

    def chosen_count(self, n):
        return n

    def chosen_x(self):
        return const("x")

    def chosen_one(self):
        return 1

    def chosen_another(self):
        """"another": one, other than the ability's source."""
        return (1, ["sel_other"])

    def _you_choose(self, verb, count, sel):
        n, extra = count if isinstance(count, tuple) else (count, [])
        for pred in extra:
            self.facts.append(fn(pred, sel))
        return self._effect(fn(verb, const("you"), sel, _n(n)))

    def tap_chosen(self, count, sel):
        """701.26a: "Tap two untapped creatures you control": you choose which."""
        return self._you_choose("tap", count, sel)

    def tap_chosen_untapped(self, count, sel):
        """"Tap two untapped creatures you control" (as the cost tap_untapped)."""
        self.facts.append(fn("sel_untapped", sel))
        return self._you_choose("tap", count, sel)

    def exile_chosen(self, count, sel):
        """"Exile a creature card from your graveyard": you choose which (as "Sacrifice a creature")."""
        return self._you_choose("exile", count, sel)

    def untap_chosen(self, count, sel):
        """701.26a: "Untap two lands": you choose which."""
        return self._you_choose("untap", count, sel)

    def tap_up_to(self, n, sel):
        return self._effect(fn("tap", const("you"), sel, fn("up_to", Number(n))))

    def untap_up_to(self, n, sel):
        """"Untap up to four lands": you choose which, none to four."""
        return self._effect(fn("untap", const("you"), sel, fn("up_to", Number(n))))

    def return_up_to_to_hand(self, n, sel):
        """"Return up to two creature cards from your graveyard to your hand"."""
        return self._effect(fn("return_to_hand", const("you"), sel, fn("up_to", Number(n))))

    def put_up_to_onto_battlefield(self, n, sel):
        """"Put up to two creature cards from your hand onto the battlefield"."""
        return self._effect(fn("put_onto_battlefield", const("you"), sel, fn("up_to", Number(n)),
                               const("untapped")))

    def put_up_to_onto_battlefield_tapped(self, n, sel):
        return self._effect(fn("put_onto_battlefield", const("you"), sel, fn("up_to", Number(n)),
                               const("tapped")))

    def put_up_to_into(self, n, sel, zone):
        """"Put up to two land cards from among them into your hand"."""
        return self._effect(fn("put_into", const("you"), sel, fn("up_to", Number(n)), const(zone.value)))

    def _objects(self, verb, *targets):
        """Each target's effect of the verb."""
        self._no_player(*targets)
        return [c for t in targets for c in self._effect(fn(verb, t))]

    def _no_player(self, *targets):
        """Targets that are objects: a player target ("target player") is refused."""
        for target in targets:
            sel = self.target_sels.get(target, (None,))[0]
            if any(f.name in ("sel_player", "sel_opponent", "sel_any_target") and f.arguments[0] == sel
                   for f in self.facts):
                raise NotUnderstood("a player target")

    def destroy_both(self, first, second):
        """701.8a: "Destroy target creature and target land": each destroyed."""
        return self._objects("destroy", first, second)

    def exile_both(self, first, second):
        return self._objects("exile", first, second)

    def return_both_to_hand(self, first, second):
        """"Return target creature and target land to their owners' hands"."""
        return self._objects("return_to_hand", first, second)

    def _among_them(self):
        """The cards spoken of before, as "Choose one of them" (sel_among_referred)."""
        return self._selector([("sel_among_referred", None)])

    def put_n_of_them(self, n, zone, rest):
        """"Put two of them into your hand and the rest on the bottom of your
        library in any order": you choose N of the cards looked at."""
        return self._effect(fn("put_into", const("you"), self._among_them(), Number(n), const(zone.value))) + rest

    def put_up_to_n_of_them(self, n, zone, rest):
        return self._effect(fn("put_into", const("you"), self._among_them(), fn("up_to", Number(n)),
                               const(zone.value))) + rest

    def put_one_onto_other_into(self, zone):
        """"Put one onto the battlefield tapped and the other into your hand"
        (of the two cards revealed)."""
        if zone.value != "hand":
            raise NotUnderstood(zone.value)
        return (self._effect(fn("put_onto_battlefield", const("you"), self._among_them(), Number(1), const("tapped")))
                + self._effect(fn("put_rest", const("hand"), const("any_order"))))

    def who_reveals_at_random(self, who, count, noun, _random, zone):
        """701.20a: "Target opponent reveals a card at random from their hand",
        "That player reveals a card at random from their hand":
        reveal_at_random(Who, N); the card revealed is then "it" ("that card")."""
        if zone.value != "hand":
            raise NotUnderstood(zone.value)
        self._player(who)
        return self._effect(fn("reveal_at_random", who, self._cards(count, noun)))

    def one_into_other_on_bottom(self, zone, library):
        """"Put one of them into your hand and the other on the bottom of your
        library" (of the two cards looked at): put_one_of(it, hand) and
        put_rest(library_bottom, any_order), one card left so no order to choose."""
        return self._one_into(zone, self._rest_on_bottom(library, "any_order"))

    def put_chosen_on_top(self, count, sel, zone):
        """"Put two cards from your hand on top of your library in any order"
        (401.4: the order is their owner's choice)."""
        if zone.value != "library":
            raise NotUnderstood(zone.value)
        return self._you_choose_on_top(count, sel)

    def _you_choose_on_top(self, count, sel):
        n, extra = count if isinstance(count, tuple) else (count, [])
        for pred, _ in extra:
            self.facts.append(fn(pred, sel))
        return self._effect(fn("put_on_library", const("you"), sel, _n(n), const("top")))

    def copy_it(self, *_words):
        """707.10: "Copy it", "Copy that ability": the spell or ability spoken of before."""
        return self._effect(fn("copy_object", const("it")))

    def copy_this_spell(self, this):
        """707.10: "Copy this spell" (as "When you cast this spell, copy it")."""
        if not self.text.lower().rstrip(" .").endswith("this spell"):
            raise NotUnderstood("copy this")
        return self._effect(fn("copy_spell", this))

    def may_have_mill(self, who, n, noun):
        """"You may have target player mill two cards"."""
        self._player(who)
        return self._effect(fn("mill", who, self._cards(n, noun))) + [("effect_optional",)]

    def may_have_shuffle(self, who):
        """"You may have that player shuffle"."""
        self._player(who)
        return self._effect(fn("shuffle", who)) + [("effect_optional",)]

    def owner_puts_top_or_bottom(self, target, zone):
        """401.4: the owner chooses the top or the bottom of their library."""
        self._zones([zone], "library")
        self._no_player(target)
        return self._effect(fn("put_on_library", target, const("top_or_bottom")))

    def put_from_top(self, what, zone, ordinal):
        """"Put target creature into its owner's library second from the top"."""
        self._zones([zone], "library")
        return self._effect(fn("put_on_library", what, fn("from_top", Number(ORDINALS[ordinal.value]))))

    def return_chosen_to_battlefield(self, count, sel, state="untapped"):
        """"Return a creature card from your graveyard to the battlefield": you choose which."""
        n, extra = count if isinstance(count, tuple) else (count, [])
        if extra:  # "another creature card": other than one spoken of before, not the source
            raise NotUnderstood("another")
        return self._effect(fn("return_to_battlefield", const("you"), sel, _n(n), const(state)))

    def return_chosen_to_battlefield_tapped(self, count, sel):
        return self.return_chosen_to_battlefield(count, sel, "tapped")

    def half_rounding(self, token):
        return const(token.value)

    def lose_half_life(self, who, rounding):
        """107.1a: "Target opponent loses half their life, rounded up": half
        of the player's life total (half_life(up), half_life(down))."""
        self._player(who)
        return self._effect(fn("lose_life", who, fn("half_life", rounding)))

    def _player_exiles_top(self, who, n, noun, zone, face_down):
        if zone.value != "library" or noun.value != ("card" if n == Number(1) else "cards"):
            raise NotUnderstood(noun.value)
        verb = "exile_face_down" if face_down is not None else "exile"
        return self._acting(who, self._effect(fn("top_of_library", const(verb), const("you"), n)))

    def player_exiles_top_card(self, who, noun, zone, face_down=None):
        """"Target opponent exiles the top card of their library": that player
        exiles it, top_of_library(exile, you, 1) with effect_player(A, I, Who)
        ("you" in the term is Who); "... face down" is exile_face_down (406.3)."""
        return self._player_exiles_top(who, Number(1), noun, zone, face_down)

    def player_exiles_top_cards(self, who, n, noun, zone, face_down=None):
        """"Each player exiles the top three cards of their library", "the top X cards"."""
        n = const("x") if isinstance(n, Token) else Number(n)
        return self._player_exiles_top(who, n, noun, zone, face_down)

    def face_down(self):
        return True

    def mill_half_library(self, who, zone, rounding):
        """701.17a, 107.1a: "Target player mills half their library, rounded
        down": mill(Who, half_library(down)), half of the cards in their library."""
        if zone.value != "library":
            raise NotUnderstood(zone.value)
        self._player(who)
        return self._effect(fn("mill", who, fn("half_library", rounding)))

    @staticmethod
    def _self_counters(words, k=1):
        """122.1: K for each counter of a kind on the ability's own object:
        self_counters(Kind) (Kind a string), times(K, self_counters(Kind))."""
        amount = fn("self_counters", String(words.value.split()[0]))
        return amount if k == 1 else fn("times", Number(k), amount)

    def draw_for_each_counter_on_it(self, words):
        """"Draw a card for each +1/+1 counter on it": draw(you, counters_on(it, "+1/+1"))."""
        if not self.spoke_before:  # no object spoken of before: whose counters?
            raise NotUnderstood("counters on it")
        return self._effect(fn("draw", const("you"), fn("counters_on", const("it"), String(words.value.split()[0]))))

    def lose_life_for_each_self_counter(self, n, words, _this):
        """"You lose 3 life for each soul counter on this artifact"."""
        return self._effect(fn("lose_life", const("you"), self._self_counters(words, int(n))))

    def mill_for_each_self_counter(self, count, noun, words, _this):
        """"Mill a card for each shred counter on this creature"."""
        if count != (1, []) or noun.value != "card":
            raise NotUnderstood(noun.value)
        return self._effect(fn("mill", const("you"), self._self_counters(words)))

    def collect_evidence_effect(self, n):
        """701.59a: "(You may) collect evidence 4": exile cards with total mana
        value 4 or more from your graveyard: collect_evidence(N)."""
        return self._effect(fn("collect_evidence", Number(n)))

    def collect_evidence_effect_x(self):
        return self._effect(fn("collect_evidence", const("x")))

    def lose_half_your_life(self, rounding):
        return self._effect(fn("lose_life", const("you"), fn("half_life", rounding)))

    def discard_all_cards(self, who, zone):
        """"Each player discards all the cards in their hand": discard_hand(Who)."""
        self._player(who)
        self._zones([zone], "hand")
        return self._effect(fn("discard_hand", who))

    def discard_and_lose_life(self, who, count, noun, amount):
        """"Target player discards two cards and loses 2 life"."""
        return self.discard_each(who, count, noun) + self.lose_life(who, amount)

    def return_transformed_under_owner(self, what=None):
        """712.14a: "Return it to the battlefield transformed under its owner's
        control": with its back face up; "him"/"her" the card spoken of before."""
        return self._effect(fn("return_to_battlefield_transformed_under_owner", const("it") if what is None else what))

    def return_to_their_owners_hand(self, what):
        """"Return all attacking creatures to their owner's hand" (each to its owner's)."""
        return self._effect(fn("return_to_hand", what))

    def put_its_counters(self, what):
        """"Put its counters on target creature you control": the counters of
        each kind the object spoken of before had (`any`), on O."""
        return self._effect(fn("put_counters_of", const("it"), what, const("any")))

    def put_its_counters_of_kind(self, kind, what):
        """"Put its +1/+1 counters on target creature you control"."""
        return self._effect(fn("put_counters_of", const("it"), what, kind))

    def remove_all_counters(self, what):
        """"Remove all counters from target creature": of every kind (`any`), all of them."""
        return self._effect(fn("remove_counters", what, const("any"), const("all")))

    def remove_all_counters_of_kind(self, kind, what):
        """"Remove all flood counters from this enchantment"."""
        return self._effect(fn("remove_counters", what, kind, const("all")))

    def remove_from_combat(self, what):
        """506.4: "Remove it from combat": it stops being an attacking or blocking creature."""
        return self._effect(fn("remove_from_combat", what))

    def goad_each(self, sel):
        """701.15a: "Goad all creatures you don't control"."""
        return self._effect(fn("goad", sel))

    def suspect(self, what):
        """701.60a: "Suspect target creature": it becomes suspected."""
        return self._effect(fn("suspect", what))

    def airbend(self, what):
        """701.65a: "Airbend up to one target creature": exiled, castable for {2}."""
        return self._effect(fn("airbend", what))

    def convert(self, what):
        """701.28a: "Convert ~": its other face up."""
        return self._effect(fn("convert", what))

    def _life_total_becomes(self, who, n):
        """119.5: a player's life total becomes N: they gain or lose the
        difference (life_total_becomes(Who, n(N)))."""
        return self._effect(fn("life_total_becomes", who, self._amount_term(n)))

    def your_life_total_becomes(self, n):
        """119.5: "Your life total becomes 10"."""
        return self._life_total_becomes(const("you"), n)

    def target_life_total_becomes(self, token, n):
        """"Target player's life total becomes 10": a target that is a player."""
        who = "sel_opponent" if token.value.startswith("opponent") else "sel_player"
        return self._life_total_becomes(self._target(self._selector([(who, None)])), n)

    def that_player_life_total_becomes(self, n):
        """"That player's life total becomes 1": the player spoken of before."""
        return self._life_total_becomes(const("that_player"), n)

    def roll_dice(self, n, sides):
        """706: "Roll two six-sided dice": roll_dice(K, N), K dice of N sides."""
        if n < 2:
            raise NotUnderstood("dice")
        return self._effect(fn("roll_dice", Number(n), Number(die_sides(sides))))

    def additional_combat_and_main_phase(self):
        """500.8: an additional combat phase after this main phase, then an additional main phase."""
        return self._effect(const("additional_combat_and_main_phase"))

    def lose_that_much_life_who(self, who):
        """"Target opponent loses that much life": that_many where the ability
        spoke of an amount before, else other("that much")."""
        self._player(who)
        return self._effect(fn("lose_life", who, self._that_many("that much")))

    def each_opponent_loses_that_much_life(self):
        return self._effect(fn("lose_life", const("each_opponent"), self._that_many("that much")))

    def perpetually_gets(self, what, pt):
        """Alchemy's "perpetually" (no CR rule): "It perpetually gets +1/+1":
        perpetual_modify_pt(O, P, T), a change that stays with the card in
        every zone for the rest of the game (unmodelled, limits.lp)."""
        if "x" in pt.value:
            raise NotUnderstood("X")
        return self._effect(fn("perpetual_modify_pt", what, *self._pt(pt)))

    def discard_your_hand(self, zone):
        """"Discard all the cards in your hand": discard_hand(you)."""
        self._zones([zone], "hand")
        self.spoke_before = True  # ", then draw that many cards": the cards discarded (608.2c)
        return self._effect(fn("discard_hand", const("you")))

    def discard_up_to(self, n, noun):
        """"Discard up to two cards": you choose how many, none to N (discard(you, up_to(N)))."""
        if noun.value != ("card" if n == 1 else "cards"):
            raise NotUnderstood(noun.value)
        self.spoke_before = True  # ", then draw that many cards": the cards discarded (608.2c)
        return self._effect(fn("discard", const("you"), fn("up_to", Number(n))))

    def owned_creature(self, _noun):
        """"target creature's (owner)": a creature target."""
        return self._target(self._selector([("sel_type", const("creature"))]))

    def owned_nonland_permanent(self, _noun):
        return self._target(self._selector([("sel_not_type", const("land"))]))

    def owned_artifact_or_creature(self, _noun):
        return self._target(self._selector([("sel_type_in", const("artifact")), ("sel_type_in", const("creature"))]))

    def owned_target_puts_top_or_bottom(self, target, zone):
        """401.4: "Target creature's owner puts it on their choice of the top or
        bottom of their library" (as "The owner of target creature puts it ...")."""
        return self.owner_puts_top_or_bottom(target, zone)

    def owned_target_shuffles_it(self, target, library):
        """400.3: "Target creature's owner shuffles it into their library"."""
        return self.owner_shuffles_it(target, library)

    def player_puts_on_top(self, who, count, noun, zone, library):
        """"Target opponent puts a card from their hand on top of their library":
        that player chooses which, put_on_library(you, Sel, N, top) with
        effect_player(A, I, Who) (Sel a card in their hand)."""
        n, extra = count if isinstance(count, tuple) else (count, [])
        if extra or zone.value not in ("hand", "graveyard") or library.value != "library" or (
                noun.value != ("card" if n == 1 else "cards")):
            raise NotUnderstood(noun.value)
        sel = self._selector([("sel_zone", const(zone.value))])
        return self._acting(who, self._effect(fn("put_on_library", const("you"), sel, _n(n), const("top"))))

    def exile_from(self, what, zone):
        """"Exile this card from your graveyard": exile(O, Z), O only if it is in zone Z."""
        if zone.value not in ("graveyard", "hand"):
            raise NotUnderstood(zone.value)
        return self._effect(fn("exile", what, const(zone.value)))

    def return_from_tapped_attacking(self, what, zone):
        """508.4: "Return this card from your graveyard to the battlefield tapped
        and attacking": return_to_battlefield(O, Z, tapped) with effect_enters_attacking."""
        return self._effect(fn("return_to_battlefield", what, const(zone.value), const("tapped"))) + [
            ("effect_enters_attacking",)]

    def return_tapped_attacking(self, what):
        """508.4: "Return target creature card from your graveyard to the battlefield tapped and attacking"."""
        return self._effect(fn("return_to_battlefield_under_owner", what, const("tapped"))) + [
            ("effect_enters_attacking",)]

    def put_chosen_tapped_attacking(self, count, sel):
        """508.4: "You may put a Dragon creature card from your hand onto the battlefield tapped and attacking"."""
        return self.put_chosen_onto_battlefield_tapped(count, sel) + [("effect_enters_attacking",)]

    def put_chosen_under_your_control(self, count, sel):
        """110.2a: "Put a creature card from a graveyard onto the battlefield under your control"."""
        return self.put_chosen_onto_battlefield(count, sel)

    def put_chosen_tapped_under_your_control(self, count, sel):
        return self.put_chosen_onto_battlefield_tapped(count, sel)

    def put_chosen_attached(self, count, sel, host):
        """303.4f: "You may put an Aura card from your hand onto the battlefield attached to it"."""
        return self.put_chosen_onto_battlefield(count, sel) + [("effect_enters_attached", host)]

    def put_chosen_into_graveyard(self, count, sel):
        """400.3: "You may put a card an opponent owns from exile into that
        player's graveyard": put_into(you, Sel, N, graveyard), its owner's."""
        if not any(f.name == "sel_zone" and f.arguments[0] == sel and f.arguments[1] == fn("opponent", const("exile"))
                   for f in self.facts):
            raise NotUnderstood("whose graveyard")
        return self.put_chosen_into(count, sel, Token("ZONE", "graveyard"))

    def mill_that_many_you(self):
        return self._effect(fn("mill", const("you"), self._that_many("that many")))

    def mill_that_many(self, who):
        self._player(who)
        return self._effect(fn("mill", who, self._that_many("that many")))

    def discard_that_many(self, who):
        self._player(who)
        return self._effect(fn("discard", who, self._that_many("that many")))

    def you_and_draw_that_many(self, who):
        """"You and that player each draw that many cards": two draws."""
        self._player(who)
        return (self._effect(fn("draw", const("you"), self._that_many("that many")))
                + self._effect(fn("draw", who, self._that_many("that many"))))

    def exile_top_that_many(self, zone, face_down=None):
        return self._top_that_many("exile", zone, face_down)

    def look_top_that_many(self, zone):
        return self._top_that_many("look_at", zone)

    def _top_that_many(self, verb, zone, face_down=None):
        """"Exile that many cards from the top of your library (face down)":
        top_of_library(Verb, you, that_many)."""
        if zone.value != "library" or (face_down is not None and verb != "exile"):
            raise NotUnderstood(zone.value)
        verb = "exile_face_down" if face_down is not None else verb
        return self._effect(fn("top_of_library", const(verb), const("you"), self._that_many("that many")))

    def return_at_random_to_hand(self, count, sel, _random, zone):
        """"Return a creature card at random from your graveyard to your hand":
        return_to_hand(you, Sel, N) (Sel in your graveyard) with
        effect_at_random(A, I): the cards are chosen at random, not by you."""
        if zone.value != "graveyard":
            raise NotUnderstood(zone.value)
        if any(f.name == "sel_zone" and f.arguments[0] == sel for f in self.facts):
            raise NotUnderstood("two zones")
        self.facts.append(fn("sel_zone", sel, const("graveyard")))
        return self._effect(fn("return_to_hand", const("you"), *self._chosen(count, sel))) + [("effect_at_random",)]

    def put_onto_tapped_and_rest(self, what, rest):
        """"Put that card onto the battlefield tapped and the rest on the bottom of your library in a random order"."""
        return self._effect(fn("put_onto_battlefield", what, const("tapped"))) + rest

    def put_onto_attacking_and_rest(self, what, rest):
        """508.4: "... onto the battlefield tapped and attacking and the rest ..."."""
        return self._effect(fn("put_onto_battlefield", what, const("tapped"))) + [("effect_enters_attacking",)] + rest

    def put_one_of_them_on_top(self, zone):
        """"You may put one of those cards back on top of your library": you choose one of the cards spoken of before."""
        if zone.value != "library":
            raise NotUnderstood(zone.value)
        return self._effect(fn("put_on_library", const("you"), self._among_them(), Number(1), const("top")))

    def return_from_attached(self, what, zone, host):
        """303.4f: "Return this card from your graveyard to the battlefield
        attached to that creature": return_to_battlefield(O, Z) with
        effect_enters_attached(A, I, Host)."""
        return self._effect(fn("return_to_battlefield", what, const(zone.value))) + [
            ("effect_enters_attached", host)]

    def player_exiles_from_their_zone(self, who, count, noun, zone):
        """"Target opponent exiles a card from their hand": that player chooses
        which and exiles them, exile(you, Sel, N) with effect_player(A, I,
        Who) ("you" and "your" in the term are Who's: Sel a card in their hand)."""
        n, extra = count if isinstance(count, tuple) else (count, [])
        if extra or zone.value not in ("hand", "graveyard") or noun.value != ("card" if n == 1 else "cards"):
            raise NotUnderstood(noun.value)
        sel = self._selector([("sel_zone", const(zone.value))])
        return self._acting(who, self._effect(fn("exile", const("you"), sel, _n(n))))
