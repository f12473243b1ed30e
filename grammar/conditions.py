"""Conditions in typed terms: the words of "if S", "unless S", "as long as
S", an intervening "if" (603.4), "Activate only if S", "Cast this spell only
S", read by grammar/conditions.lark (a small LALR parser of its own, its
selectors selectors.lark's). `condition` is the one function the grammar's
readers call with the kept words: the typed condition term where
conditions.lark reads them all, else the words as they were kept (a
condition typed wrongly is worse than words kept). The terms are listed in
rules_asp/VOCABULARY.md ("Conditions"); the rules evaluate none of them
(rules_asp/limits.lp: every ability with one is unmodelled)."""

from functools import lru_cache

from clingo import Number, String
from lark import Lark, Token, v_args
from lark.exceptions import VisitError

from .lexing import open_grammar, parse_or_none
from .reading import COLORS, KEYWORD_WORDS, NOUNS, ORDINALS, NotUnderstood, Reading, const, fn
from .selectors import Selectors

YOU = const("you")
_LOCATED = ("sel_controller", "sel_controlled_by", "sel_zone")
# what "O is <word>" reads: a color (105.2) or supertype (205.4)
_ADJECTIVES = ("sel_color", "sel_not_color", "sel_supertype", "sel_not_supertype",
               "sel_monocolored", "sel_multicolored", "sel_colorless")


@v_args(inline=True)
class Conditions(Reading):
    """The rules of conditions.lark (selectors.lark's are Selectors').
    `subject`: the object the condition begins with ("enchanted creature is
    white"), which "it" of a static sentence after it names (transformer.py)."""

    subject = None

    # 118.12: the result of the action before ("If you do", "If they don't")
    def you_do(self):
        return fn("did", YOU)

    def you_dont(self):
        return fn("did_not", YOU)

    def you_cant(self):
        return fn("could_not", YOU)

    def they_do(self):
        return fn("did", const("that_player"))

    def they_dont(self):
        return fn("did_not", const("that_player"))

    def kicked(self, obj):
        """702.33d: "this spell was kicked", "it was kicked"."""
        self.subject = obj
        return fn("kicked", obj)

    def your_turn(self):
        return const("your_turn")

    def not_your_turn(self):
        return const("not_your_turn")

    def _located(self, sel) -> bool:
        """Whether the text gave the selector a controller or a zone already."""
        return any(f.arguments[0] == sel for f in self.facts if f.name in _LOCATED)

    def _unlocated(self, sel, what="a located selector"):
        """The selector, which the text gave no controller or zone."""
        if self._located(sel):
            raise NotUnderstood(what)
        return sel

    # how many objects a selector selects
    def _where(self, sel, pred, who):
        """The selector with its controller (a selector of the text's own
        controller or zone is refused: "you control a card in your graveyard")."""
        if not isinstance(sel, type(YOU)) or self._located(sel):
            raise NotUnderstood("a located selector")
        self.facts.append(fn(pred, sel, who))
        return sel

    def _controlled(self, sel):
        return self._where(sel, "sel_controller", YOU)

    def you_control_one(self, sel):
        return fn("count_at_least", self._controlled(sel), Number(1))

    def you_control_at_least(self, n, sel):
        return fn("count_at_least", self._controlled(sel), Number(n))

    def you_control_at_most(self, n, sel):
        return fn("count_at_most", self._controlled(sel), Number(n))

    def you_control_none(self, sel):
        return fn("count_at_most", self._controlled(sel), Number(0))

    def you_control_another(self, sel):
        self.facts.append(fn("sel_other", sel))
        return self.you_control_one(sel)

    def you_control_either(self, first, second):
        """"you control a Plains or an Island": one object with either subtype
        (or card type), as selectors.lark's "Plains or Island"."""
        return self.you_control_one(self._group(self._one_of(first, second)))

    def opponents_at_least(self, player, n):
        """"you have two or more opponents" (102.2)."""
        if player != YOU:
            raise NotUnderstood("opponents of another player")
        return fn("opponents_at_least", YOU, Number(n))

    def defending_player_controls_one(self, sel):
        """506.2: controlled by the defending player."""
        return fn("count_at_least", self._where(sel, "sel_controlled_by", const("defending_player")), Number(1))

    def defending_player_controls_none(self, sel):
        return fn("count_at_most", self._where(sel, "sel_controlled_by", const("defending_player")), Number(0))

    def opponent_controls_more(self, sel):
        """"an opponent controls more lands than you": Sel with no controller."""
        self._unlocated(sel)
        return fn("controls_more", const("an_opponent"), YOU, sel)

    def controls_commander(self):
        return fn("controls_commander", YOU)

    def opponent_controls_one(self, sel):
        return fn("count_at_least", self._where(sel, "sel_controller", const("opponent")), Number(1))

    def opponents_control_at_least(self, n, sel):
        """"your opponents control eight or more lands": all of them together."""
        return fn("count_at_least", self._where(sel, "sel_controller", const("opponent")), Number(n))

    def _zoned(self, sel):
        """A selector of cards in a zone ("cards in your graveyard")."""
        if not any(f.name == "sel_zone" and f.arguments[0] == sel for f in self.facts):
            raise NotUnderstood("no zone")
        return sel

    def _zoned_or_battlefield(self, sel):
        """A selector of cards in a zone, or of permanents "on the battlefield"
        (anyone's: no controller)."""
        if self.on_battlefield_sel == sel.arguments[1].number and not self._located(sel):
            return sel
        return self._zoned(sel)

    def there_are_at_least(self, n, sel):
        """"there are seven or more cards in your graveyard", "there are four or more creatures on the battlefield"."""
        return fn("count_at_least", self._zoned_or_battlefield(sel), Number(n))

    def there_is_one(self, sel):
        """"there's a Lesson card in your graveyard", "there is a Mountain on the battlefield"."""
        return fn("count_at_least", self._zoned_or_battlefield(sel), Number(1))

    def there_are_none(self, sel):
        return fn("count_at_most", self._zoned_or_battlefield(sel), Number(0))

    # 119: life totals; 402: hands
    def life_at_least(self, player, n):
        return fn("life_at_least", player, Number(n))

    def life_at_most(self, player, n):
        return fn("life_at_most", player, Number(n))

    def hand_empty(self, player):
        return fn("hand_at_most", player, Number(0))

    def hand_at_most(self, player, n):
        return fn("hand_at_most", player, Number(n))

    def hand_at_least(self, player, n):
        return fn("hand_at_least", player, Number(n))

    def library_empty(self, player):
        """401: "your library has no cards in it"."""
        return fn("library_at_most", player, Number(0))

    def library_at_most(self, player, n):
        """401: "a library has twenty or fewer cards in it" (player a_player: some player's)."""
        return fn("library_at_most", player, Number(n))

    def library_at_least(self, player, n):
        """401: "your library has ten or more cards in it"."""
        return fn("library_at_least", player, Number(n))

    def poison_at_least(self, player, n):
        """122.1f: counters on a player, as on an object."""
        return fn("counters_at_least", player, String("poison"), Number(n))

    # an object's status, combat state and characteristics
    def is_state(self, obj, state):
        self.subject = obj
        return fn("is", obj, const(state.value))

    def object_is_a(self, obj, sel):
        self.subject = obj
        return fn("matches", obj, sel)

    def object_is_not_a(self, obj, sel):
        """"it isn't a creature or Vehicle": O has none of the characteristics Sel selects."""
        self.subject = obj
        return fn("not_matches", obj, sel)

    def not_mana_ability(self, obj):
        """605.1a: "it isn't a mana ability": the ability spoken of (activated) is no mana ability."""
        return fn("not_mana_ability", obj)

    def object_was_a(self, obj, sel):
        """608.2h: "it was a creature card": its characteristics as it last existed."""
        self.subject = obj
        return fn("matched", obj, sel)

    def has_counter(self, obj, kind):
        self.subject = obj
        return fn("counters_at_least", obj, kind, Number(1))

    def has_counters_at_least(self, obj, n, kind):
        self.subject = obj
        return fn("counters_at_least", obj, kind, Number(n))

    def no_counters(self, kind, obj):
        return fn("counters_at_most", obj, kind, Number(0))

    def counters_on_at_least(self, n, kind, obj):
        return fn("counters_at_least", obj, kind, Number(n))

    def in_zone(self, obj, zone):
        """"this card is in your graveyard"."""
        return fn("in_zone", obj, const(zone.value))

    # 118.12a: "unless its controller pays {2}"; cost terms as costs.py's
    def pays_one(self, player, cost):
        return fn("pays", player, cost)

    def pays_either(self, player, first, second):
        """"unless they sacrifice a nonland permanent of their choice or
        discard a card": the player pays either cost."""
        return fn("any_of", fn("", fn("pays", player, first), fn("pays", player, second)))

    def pay_mana(self, token):
        return fn("mana", String(token.value.upper()))

    def pay_life(self, n):
        return fn("pay_life", Number(n))

    def pays_mana_or_life(self, player, token, n):
        """"unless that player pays {1} or 1 life": either cost (as pays_either)."""
        return self.pays_either(player, self.pay_mana(token), self.pay_life(n))

    def pay_its_mana_cost(self):
        """"unless you pay its mana cost": the mana cost of the object spoken of before (202.1)."""
        return fn("mana_cost_of", const("it"))

    def _cost_object(self, count, sel):
        """(selector, number) of a cost's object: "a creature card", "two Islands", "another creature"."""
        self._unlocated(sel, "a located object")
        sel, n = self.counted(count, sel)
        if not isinstance(n, type(Number(1))):
            raise NotUnderstood("no number")
        return sel, n

    def pay_discard(self, count, sel):
        return fn("discard", *self._cost_object(count, sel))

    def pay_sacrifice(self, count, sel, *_choice):
        return fn("sacrifice", *self._cost_object(count, sel))

    def mana_spent_at_least(self, n, obj):
        """601.2h: the mana spent to cast the object."""
        return fn("mana_spent_at_least", obj, Number(n))

    def total_power_at_least(self, sel, n):
        return fn("total_power_at_least", sel, Number(n))

    def card_types_at_least(self, n, sel):
        """205.2a: the card types among the cards the selector selects."""
        return fn("card_types_at_least", self._zoned(sel), Number(n))

    def class_level_exactly(self, n):
        """716.2a: "this Class is level 2" (its level bar's restriction)."""
        return fn("class_level_exactly", Number(n))

    def mana_values_at_least(self, n, sel):
        """202.3: the mana values among the cards the selector selects."""
        return fn("mana_values_at_least", self._zoned(sel), Number(n))

    def night(self):
        return const("night")

    def day(self):
        return const("day")

    def you_cast(self, obj):
        return fn("was_cast", obj, YOU)

    def you_cast_from(self, obj, zone):
        return fn("was_cast_from", obj, YOU, const(zone.value))

    # designations of a player
    def monarch(self):
        return fn("monarch", YOU)

    def initiative(self, player):
        return fn("initiative", player)

    def citys_blessing(self, player):
        return fn("citys_blessing", player)

    def gift_promised(self):
        return const("gift_promised")

    def gift_not_promised(self):
        return const("gift_not_promised")

    def bargained(self, obj):
        """702.166a."""
        self.subject = obj
        return fn("bargained", obj)

    def completed_dungeon(self):
        return fn("completed_dungeon", YOU)

    def tribute_not_paid(self):
        return const("tribute_not_paid")

    def you_win(self):
        """"Clash with an opponent. If you win, ...": the contest before (701.30)."""
        return fn("won", YOU)

    def won_flip(self):
        return fn("won_flip", YOU)

    def lost_flip(self):
        return fn("lost_flip", YOU)

    # what happened this turn or last turn: happened(Event, When)
    def this_turn(self):
        return const("this_turn")

    def last_turn(self):
        return const("last_turn")

    def _one(self, count, sel):
        """The selector of "a creature", "another creature" (one object)."""
        sel, n = self.counted(count, sel)
        if n != Number(1):
            raise NotUnderstood("a count")
        return sel

    def died(self, count, sel, when):
        return fn("happened", fn("died", self._one(count, sel)), when)

    def entered(self, count, sel, when):
        """"another creature entered the battlefield under your control this turn"."""
        return fn("happened", fn("entered", self._controlled(self._one(count, sel)), Number(1)), when)

    def entered_at_least(self, n, sel, when):
        return fn("happened", fn("entered", self._controlled(sel), Number(n)), when)

    def attacked(self, when):
        return fn("happened", fn("attacked", YOU), when)

    def left_battlefield(self, count, sel, when):
        """"a permanent left the battlefield under your control this turn"."""
        return fn("happened", fn("left_battlefield", self._controlled(self._one(count, sel))), when)

    def left_battlefield_yours(self, count, sel, _words, when):
        """"a permanent you controlled left the battlefield this turn"."""
        return self.left_battlefield(count, sel, when)

    def no_spells_cast(self, when):
        return fn("not_happened", fn("spells_cast", const("a_player"), self._any_spell(), Number(1)), when)

    def gained_life(self, when):
        return fn("happened", fn("gained_life", YOU, Number(1)), when)

    def gained_life_at_least(self, n, when):
        return fn("happened", fn("gained_life", YOU, Number(n)), when)

    def life_above_starting(self, player, n):
        """103.4: "you have at least 7 life more than your starting life total":
        your life total minus your starting life total is N or more."""
        if player != YOU:
            raise NotUnderstood("another player's life against your starting life total")
        return fn("life_above_starting", YOU, Number(n))

    def your_life_above_starting(self, n):
        """"your life total is at least 10 greater than your starting life total"."""
        return fn("life_above_starting", YOU, Number(n))

    def your_life_greater_than_starting(self):
        """"your life total is greater than your starting life total": 1 or more above."""
        return fn("life_above_starting", YOU, Number(1))

    def your_life_at_least_starting(self):
        """"your life total is greater than or equal to your starting life total": 0 or more above."""
        return fn("life_above_starting", YOU, Number(0))

    def descended(self, when):
        return fn("happened", fn("descended", YOU), when)

    def committed_crime(self, when):
        return fn("happened", fn("committed_crime", YOU), when)

    def _spells(self, sel):
        """A selector of spells ("a noncreature spell"), cast by you."""
        if sel not in self.spells or self._located(sel):
            raise NotUnderstood("no spell")
        self.facts.append(fn("sel_zone", sel, const("stack")))
        return sel

    def _any_spell(self):
        return self._selector([("sel_zone", const("stack"))])

    def cast_one(self, sel, when):
        return fn("happened", fn("spells_cast", YOU, self._spells(sel), Number(1)), when)

    def cast_at_least(self, n, sel, when):
        return fn("happened", fn("spells_cast", YOU, self._spells(sel), Number(n)), when)

    def cast_another(self, when):
        """"you've cast another spell this turn": one besides the spell itself."""
        return fn("happened", fn("spells_cast", YOU, self._selector([("sel_other", None), ("sel_zone", const("stack"))]), Number(1)), when)

    def drew_at_least(self, n, when):
        return fn("happened", fn("drew", YOU, Number(n)), when)

    def targets(self, obj, sel):
        """115.9b: "it targets a tapped creature": the spell or ability O
        targets an object Sel selects."""
        return fn("targets", obj, sel)

    def shares_creature_type(self, obj, other):
        """205.3: "it shares a creature type with this creature"."""
        return fn("shares_creature_type", obj, other)

    def powers_at_least(self, n, sel, _words):
        """"you control three or more creatures with different powers": N
        different powers among the objects Sel selects (208.1)."""
        return fn("powers_at_least", self._controlled(sel), Number(n))

    def object_is_adjective(self, obj, word):
        """"enchanted creature is white" (105.2), "equipped creature is
        legendary" (205.4): a color or supertype of O."""
        pred, arg = self._adjective(word.value)
        if pred not in _ADJECTIVES:
            raise NotUnderstood(word.value)
        self.subject = obj
        return fn("matches", obj, self._selector([(pred, arg)]))

    def object_is_another(self, obj, sel):
        """"that creature is another Hero": not the ability's own object."""
        self.facts.append(fn("sel_other", sel))
        return self.object_is_a(obj, sel)

    def graveyard_at_least(self, player, n):
        """"an opponent has eight or more cards in their graveyard" (404)."""
        return fn("graveyard_at_least", player, Number(n))

    def _alone(self, state):
        """506.5: attacking alone, blocking alone."""
        if state.value not in ("attacking", "blocking"):
            raise NotUnderstood(state.value + " alone")
        return const(state.value + "_alone")

    def is_state_alone(self, obj, state):
        self.subject = obj
        return fn("is", obj, self._alone(state))

    def first_combat_phase(self):
        """506.1: "it's the first combat phase of the turn"."""
        return const("first_combat_phase")

    def cast_during_main_phase(self, obj):
        """505.1: "you cast this spell during your main phase"."""
        return fn("was_cast_during", obj, YOU, const("main_phase"))

    def resolved_nth_time(self, ordinal):
        """"this is the second time this ability has resolved this turn"."""
        return fn("resolved_this_turn", Number(ORDINALS[ordinal.children[0].value]))

    def activated_at_least(self, n):
        """"this ability has been activated four or more times this turn" (602)."""
        return fn("activated_this_turn_at_least", Number(n))

    def none_on_battlefield(self, sel, _words):
        """"no creatures are on the battlefield": whoever controls them."""
        self._unlocated(sel)
        return fn("count_at_most", sel, Number(0))

    def any_player_controls_one(self, sel):
        self._unlocated(sel)
        return fn("count_at_least", sel, Number(1))

    def object_power_at_least(self, obj, n):
        """208.1: "this creature's power is 4 or greater"."""
        return fn("power_at_least", obj, Number(n))

    def object_power_at_most(self, obj, n):
        return fn("power_at_most", obj, Number(n))

    def object_entered(self, obj, when):
        """"this creature entered this turn", "it entered this turn"."""
        self.subject = obj
        return fn("happened", fn("object_entered", obj), when)

    def died_yours(self, count, sel, when):
        """"a creature died under your control this turn": it was yours as it died."""
        return fn("happened", fn("died", self._controlled(self._one(count, sel))), when)

    def died_at_least(self, n, sel, when):
        """"three or more creatures died this turn"."""
        self._unlocated(sel)
        return fn("happened", fn("died_at_least", sel, Number(n)), when)

    def discarded(self, when):
        return fn("happened", fn("discarded", YOU, Number(1)), when)

    def created_token(self, when):
        return fn("happened", fn("created_token", YOU), when)

    def mana_spent_includes(self, token, obj):
        """601.2h: "{B} was spent to cast this spell": at least that mana."""
        return fn("mana_spent_includes", obj, self.pay_mana(token))

    def colored_mana_spent(self, n, color, obj):
        """"at least three white mana was spent to cast this spell": {W}{W}{W}."""
        word = color.children[0].value if hasattr(color, "children") else color.value
        return self.mana_spent_includes(Token("MANA", "{%s}" % COLORS[word] * n), obj)

    def no_mana_spent(self, obj):
        return fn("mana_spent_at_most", obj, Number(0))

    def more_life(self, player, other):
        return fn("more_life", player, other)

    def more_cards_in_hand(self, player, other):
        return fn("more_cards_in_hand", player, other)

    def power_was_at_most(self, obj, n):
        self.subject = obj
        return fn("matched", obj, self._selector([("sel_power_at_most", Number(n))]))

    def had_counter(self, obj, kind):
        """"it had a +1/+1 counter on it" (608.2h)."""
        self.subject = obj
        return fn("matched", obj, self._selector([("sel_counter", kind)]))

    def object_did_not_attack(self, obj, when):
        self.subject = obj
        return fn("not_happened", fn("attacked", obj), when)

    def did_not_attack(self, when):
        return fn("not_happened", fn("attacked", YOU), when)

    def did_not_play_land(self, when):
        return fn("not_happened", fn("played_land", YOU), when)

    def lost_life(self, player, when):
        return fn("happened", fn("lost_life", player, Number(1)), when)

    def lost_life_at_least(self, player, n, when):
        return fn("happened", fn("lost_life", player, Number(n)), when)

    def did_not_put(self, zone):
        """"If you don't put the card into your hand": the card the ability
        spoke of was not put there (the optional action before, 118.12)."""
        return fn("did_not_put", YOU, const(zone.value))

    def did_not_put_onto_battlefield(self):
        return fn("did_not_put", YOU, const("battlefield"))

    def they_cant(self):
        return fn("could_not", const("that_player"))

    def controlled(self, obj):
        """608.2h: "if you controlled that permanent" (as it last existed)."""
        return fn("controlled", YOU, obj)

    def controls_object(self, obj):
        if isinstance(obj, type(YOU)) and obj.name == "sel":
            raise NotUnderstood("a group")
        return fn("controls", YOU, obj)

    def full_party(self, player):
        """700.8: "you have a full party"."""
        return fn("full_party", player)

    def has_keyword(self, obj, word):
        """"that creature has toxic": O has the keyword ability (702)."""
        pred, arg = self.with_keyword(word)
        self.subject = obj
        return fn("matches", obj, self._selector([(pred, arg)]))

    def pays_energy(self, player, *tokens):
        return fn("pays", player, fn("pay_energy", Number(len(tokens))))

    def pays_exile(self, player, count, sel):
        """"unless you exile a card from your graveyard": costs.lark's exile(Sel, N), Sel in its zone."""
        if not any(f.name == "sel_zone" and f.arguments[0] == sel for f in self.facts):
            raise NotUnderstood("no zone")
        sel, n = self.counted(count, sel)
        if not isinstance(n, type(Number(1))):
            raise NotUnderstood("no number")
        return fn("pays", player, fn("exile", sel, n))

    def cast_from_a_graveyard(self, obj):
        return fn("was_cast_from", obj, YOU, fn("all", const("graveyard")))

    def not_starting_player(self):
        return fn("not_starting_player", YOU)

    def left_battlefield_any(self, count, sel, when):
        """"a nonland permanent left the battlefield this turn": whoever controlled it."""
        sel = self._one(count, sel)
        self._unlocated(sel)
        return fn("happened", fn("left_battlefield", sel), when)

    def spell_warped(self, when):
        """702.185c: a spell was cast for its warp cost."""
        return fn("happened", fn("warped", const("a_player")), when)


    def left_graveyard(self, count, sel, when):
        """"a card left your graveyard this turn": N or more cards Sel selects
        left your graveyard (left_graveyard(you, Sel, N))."""
        return fn("happened", fn("left_graveyard", YOU, self._unlocated(self._one(count, sel)), Number(1)), when)

    def left_graveyard_at_least(self, n, sel, when):
        return fn("happened", fn("left_graveyard", YOU, self._unlocated(sel), Number(n)), when)

    def player_cast_one(self, player, sel, when):
        """"an opponent cast a creature spell this turn": one opponent did."""
        return fn("happened", fn("spells_cast", player, self._spells(sel), Number(1)), when)

    def not_cast(self, sel, when):
        """"you haven't cast a spell this turn"; "you haven't cast a spell from
        your hand this turn": spells_cast_from(you, Sel, hand, 1), Sel's zone the stack."""
        zones = [f for f in self.facts if f.name == "sel_zone" and f.arguments[0] == sel]
        if len(zones) == 1 and zones[0].arguments[1] in (const("hand"), const("graveyard"), const("exile")):
            self.facts.remove(zones[0])
            return fn("not_happened", fn("spells_cast_from", YOU, self._spells(sel), zones[0].arguments[1],
                                         Number(1)), when)
        return fn("not_happened", fn("spells_cast", YOU, self._spells(sel), Number(1)), when)

    def surveilled(self, when):
        """701.25: "you've surveilled this turn"."""
        return fn("happened", fn("surveilled", YOU), when)

    def none_died(self, sel, when):
        """"no creatures died this turn"."""
        return fn("not_happened", fn("died", self._unlocated(sel)), when)

    def no_monarch(self):
        return const("no_monarch")

    def pays_return_to_hand(self, player, count, sel):
        """118.12a: "unless you return a non-Lair land you control to its owner's
        hand": costs.lark's return_to_hand(Sel, N), Sel a permanent the paying
        player controls (nothing else located)."""
        if player != YOU or not any(f.name == "sel_controller" and f.arguments == [sel, YOU] for f in self.facts) \
                or any(f.arguments[0] == sel for f in self.facts if f.name in ("sel_controlled_by", "sel_zone")):
            raise NotUnderstood("not a permanent you control")
        sel, n = self.counted(count, sel)
        if not isinstance(n, type(Number(1))):
            raise NotUnderstood("no number")
        return fn("pays", player, fn("return_to_hand", sel, n))

    def pays_discard_at_random(self, player, count, sel):
        """"unless you discard a card at random": costs.lark's discard_at_random(Sel, N)."""
        return fn("pays", player, fn("discard_at_random", *self._cost_object(count, sel)))

    def pays_mana_for_each(self, player, token, sel):
        """118.12a: "unless its controller pays {1} for each card in your
        graveyard": the mana once for each object Sel selects, as
        ability_cost_change's for_each(mana(S), count(Sel))."""
        return fn("pays", player, fn("for_each", self.pay_mana(token), fn("count", sel)))

    def any_player_pays_mana(self, token):
        """118.12a: "unless any player pays {1}": any one player may pay."""
        return fn("pays", const("any_player"), self.pay_mana(token))

    def gained_or_lost_life(self, when):
        return fn("any_of", fn("", fn("happened", fn("gained_life", YOU, Number(1)), when),
                               fn("happened", fn("lost_life", YOU, Number(1)), when)))

    def you_have_at_least(self, player, n, sel):
        """"you have four or more creature cards in your graveyard": the cards
        in a zone of yours (as "there are N or more ... in your graveyard")."""
        zones = [f.arguments[1] for f in self.facts if f.name == "sel_zone" and f.arguments[0] == sel]
        if player != YOU or len(zones) != 1 or zones[0].arguments \
                or any(f.arguments[0] == sel for f in self.facts if f.name in ("sel_owner", "sel_controller", "sel_controlled_by")):
            raise NotUnderstood("not cards in a zone of yours")  # "your graveyard": sel_zone(Sel, graveyard)
        return fn("count_at_least", sel, Number(n))

    def mana_from_spent(self, sel, obj):
        """601.2h, 106.3: "mana from a Treasure was spent to cast it": some of
        the mana spent to cast O was produced by a source Sel selects."""
        self._unlocated(sel, "a located source")
        return fn("mana_spent_from", obj, sel)

    def this_way(self, count, sel, verb, *_words):
        """608.2c: an object Sel selects was exiled (destroyed, milled,
        discarded, sacrificed, revealed, returned) by the ability's own
        effects before: this_way(Verb, Sel)."""
        sel = self._unlocated(self._one(count, sel))
        return fn("this_way", const(verb.value), sel)

    def this_way_one(self, sel, verb, *_words):
        """"if at least one Zombie card is milled this way": one or more."""
        return fn("this_way", const(verb.value), self._unlocated(sel))

    def dealt_damage_this_way(self, count, sel, *_words):
        """"if a creature is dealt damage this way": by the ability's own damage."""
        return fn("this_way", const("dealt_damage"), self._unlocated(self._one(count, sel)))

    def enchanted_s(self, word):
        """"enchanted creature's power": the enchanted object's."""
        if not word.value.endswith("'s"):
            raise NotUnderstood(word.value)
        return self.enchanted(Token("WORD", word.value[:-2]))

    def that_s(self, word):
        """"that creature's power": the object spoken of before, as "that creature"."""
        if not word.value.endswith("'s"):
            raise NotUnderstood(word.value)
        return self.that_object(Token("WORD", word.value[:-2]))

    def lacks_keyword(self, obj, word):
        """"it doesn't have suspend": O matches a selector without the keyword (702)."""
        pred, arg = self.without_keyword(word)
        self.subject = obj
        return fn("matches", obj, self._selector([(pred, arg)]))

    def attacked_total_power(self, n):
        """702.190a pack tactics: the creatures you attacked with this combat
        (508.1) had total power N or greater."""
        return fn("happened", fn("attacked_with_total_power_at_least", YOU, Number(n)), const("this_combat"))

    def life_exactly(self, player, n):
        return fn("all_of", fn("", fn("life_at_least", player, Number(n)), fn("life_at_most", player, Number(n))))

    def you_lost_life(self, when):
        return fn("happened", fn("lost_life", YOU, Number(1)), when)

    def x_at_least(self, n):
        """107.3: the value of X of the text (chosen, or its "where X is ..."): "X is 5 or more"."""
        return fn("x_at_least", Number(n))

    # the cost a spell was cast for: 702.117a surge, 702.35 madness, 702.138c escape, teamwork
    def its_cost_paid(self, word):
        """"its surge cost was paid": the spell spoken of was cast for that cost."""
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return fn("cast_using", const("it"), const(word.value))

    def escaped(self, obj):
        """702.138c: "it escaped": it was cast with escape (an escaped permanent, 702.138d)."""
        self.subject = obj
        return fn("cast_using", obj, const("escape"))

    def cast_using(self, obj, word):
        """"this spell was cast using teamwork": for that optional additional (or alternative) cost."""
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        self.subject = obj
        return fn("cast_using", obj, const(word.value))

    def additional_cost_paid(self, obj):
        """601.2b: "this spell's additional cost was paid" (an optional one)."""
        return fn("additional_cost_paid", obj)

    def evidence_collected(self):
        """701.59: "evidence was collected" (the spell's optional additional cost)."""
        return const("evidence_collected")

    def not_kicked(self, obj):
        """702.33d: "this creature wasn't kicked"."""
        self.subject = obj
        return fn("not_kicked", obj)

    def was_state(self, obj, state):
        """608.2h: "it was attacking": its state as it last existed."""
        self.subject = obj
        return fn("was", obj, const(state.value))

    def was_not_state(self, obj, state):
        """608.2h: "it wasn't blocking": not so as it last existed."""
        self.subject = obj
        return fn("was_not", obj, const(state.value))

    def it_is_not_state(self, state):
        return fn("is_not", const("it"), const(state.value))

    def is_not_state(self, obj, state):
        self.subject = obj
        return fn("is_not", obj, const(state.value))

    def had_counters(self, obj):
        """608.2h: "it had counters on it": one or more counters of any kind as it last existed."""
        self.subject = obj
        return fn("had_counters_at_least", obj, const("any"), Number(1))

    def had_no_counters(self, obj, kind):
        """"it had no time counters on it" (608.2h)."""
        self.subject = obj
        return fn("had_counters_at_most", obj, kind, Number(0))

    def has_any_counter(self, obj):
        """122.1: "this creature has a counter on it": of any kind."""
        self.subject = obj
        return fn("counters_at_least", obj, const("any"), Number(1))

    def has_counters_at_most(self, obj, n, kind):
        self.subject = obj
        return fn("counters_at_most", obj, kind, Number(n))

    def object_dealt_damage(self, obj, player, when):
        """"this creature dealt damage to an opponent this turn" (120)."""
        self.subject = obj
        return fn("happened", fn("dealt_damage", obj, player), when)

    def damage_dealt_to_at_least(self, n, obj, when):
        """"4 or more damage was dealt to it this turn" (120)."""
        return fn("happened", fn("was_dealt_damage", obj, Number(n)), when)

    def object_attacked(self, obj, when):
        """508.1: "it attacked during your last turn", "this creature attacked this turn"."""
        self.subject = obj
        return fn("happened", fn("attacked", obj), when)

    def attacked_or_blocked(self, obj, when):
        """508.1, 509.1: "this creature attacked or blocked this combat" ("this turn")."""
        self.subject = obj
        return fn("any_of", fn("", fn("happened", fn("attacked", obj), when), fn("happened", fn("blocked", obj), when)))

    def object_was_blocked(self, obj, state, when):
        """509.1h: "it was blocked this turn"."""
        if state.value != "blocked":
            raise NotUnderstood(state.value)
        self.subject = obj
        return fn("happened", fn("was_blocked", obj), when)

    def this_combat(self):
        return const("this_combat")

    def came_under_control(self, obj, when):
        """"it came under your control this turn": it entered under your control or you gained control of it."""
        self.subject = obj
        return fn("happened", fn("came_under_control", obj, YOU), when)

    def put_counter(self, sel, when):
        """122.1: "you put a counter on a creature this turn": of any kind, on one object Sel selects."""
        return fn("happened", fn("put_counters", YOU, const("any"), self._unlocated(sel)), when)

    def put_counters_kind(self, kind, sel, when):
        """"you've put one or more +1/+1 counters on a creature this turn"."""
        return fn("happened", fn("put_counters", YOU, kind, self._unlocated(sel)), when)

    def player_not_cast(self, player, sel, when):
        """"that player didn't cast a creature spell this turn"."""
        return fn("not_happened", fn("spells_cast", player, self._spells(sel), Number(1)), when)

    def did_not_lose_life(self, when):
        return fn("not_happened", fn("lost_life", YOU, Number(1)), when)

    def is_monarch(self, player):
        """724: "defending player is the monarch", "an opponent is the monarch"."""
        return fn("monarch", player)

    def no_opponent_controls(self, sel):
        """"no opponent controls a white or blue creature": at most 0 among all opponents'."""
        return fn("count_at_most", self._where(sel, "sel_controller", const("opponent")), Number(0))

    def object_was_adjective(self, obj, word):
        """608.2h: "the sacrificed creature was legendary", "it was blue": as it last existed."""
        pred, arg = self._adjective(word.value)
        if pred not in _ADJECTIVES:
            raise NotUnderstood(word.value)
        self.subject = obj
        return fn("matched", obj, self._selector([(pred, arg)]))

    def object_was_either_adjective(self, obj, first, second):
        """"that permanent was blue or black": one of two colors as it last existed (105.2)."""
        subs = []
        for word in (first, second):
            pred, arg = self._adjective(word.value)
            if pred not in ("sel_color", "sel_supertype") or word.value == second.value and first.value == second.value:
                raise NotUnderstood(word.value)
            subs.append(("sel_any_of", self._selector([(pred, arg)])))
        self.subject = obj
        return fn("matched", obj, self._selector(subs))

    def cast_not_from(self, obj, zone):
        """601.2: "this spell was cast from anywhere other than your hand"."""
        self.subject = obj
        return fn("was_cast_not_from", obj, const(zone.value))

    def entered_from(self, obj, zone):
        """"it entered from your graveyard": it was put onto the battlefield from there."""
        self.subject = obj
        return fn("entered_from", obj, const(zone.value))

    def the_sacrificed(self, word):
        """"the sacrificed creature": the one object sacrificed to pay the
        ability's cost or its spell's additional cost (601.2b, 602.2), as
        amounts.py's `sacrificed`."""
        sacrifices = [t for t, _ in self.costs if t.name == "sacrifice"]
        if word.value not in NOUNS or len(sacrifices) != 1 or sacrifices[0].arguments[1] != Number(1):
            raise NotUnderstood("the sacrificed object")
        return const("sacrificed")

    def cost_paid(self, obj, word, *_words):
        """"this spell's surge cost was paid" (702: cast for that cost)."""
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return fn("cast_using", obj, const(word.value))

    def was_cast_from_your(self, obj, zone):
        """601.2: "this spell was cast from your hand" (by its controller, as "you cast it from your hand")."""
        self.subject = obj
        return fn("was_cast_from", obj, YOU, const(zone.value))

    def was_cast_from_exile(self, obj):
        self.subject = obj
        return fn("was_cast_from", obj, YOU, const("exile"))

    def you_control_both(self, first, second):
        """"you control an artifact and an enchantment": one of each."""
        return fn("all_of", fn("", self.you_control_one(first), self.you_control_one(second)))

    def you_control_exactly(self, n, sel):
        """"you control exactly one creature": N or more and N or fewer."""
        sel = self._controlled(sel)
        return fn("all_of", fn("", fn("count_at_least", sel, Number(n)), fn("count_at_most", sel, Number(n))))

    def has_no_counters(self, obj, kind):
        """122.1: "it has no ice counters on it"."""
        self.subject = obj
        return fn("counters_at_most", obj, kind, Number(0))

    def had_counters_at_least(self, obj, n, kind):
        """608.2h: "it had seven or more verse counters on it"."""
        self.subject = obj
        return fn("had_counters_at_least", obj, kind, Number(n))

    def object_is_either_adjective(self, obj, first, second):
        """105.2: "that creature is white or blue": one of two colors."""
        return fn("matches", *self.object_was_either_adjective(obj, first, second).arguments)

    def _quality(self, quality, n, bound):
        """The selector of "toughness 4 or greater", "mana value 3 or less" (208.1, 202.3)."""
        name = "_".join(t.value for t in quality.children)
        side = {"less": "at_most", "greater": "at_least", "more": "at_least"}[bound.children[0].value]
        return self._selector([("sel_%s_%s" % (name, side), Number(n))])

    def quality_is(self, obj, quality, n, bound):
        """"its mana value is 3 or less", "that creature's toughness is 4 or greater": O matches."""
        return fn("matches", obj, self._quality(quality, n, bound))

    def quality_was(self, obj, quality, n, bound):
        """608.2h: "that spell's mana value was 2 or less": as it last existed."""
        return fn("matched", obj, self._quality(quality, n, bound))

    def quality_is_of(self, obj, quality, n, bound):
        """"it has mana value 3 or less", "that creature has toughness 4 or greater"."""
        self.subject = obj
        return self.quality_is(obj, quality, n, bound)

    def quality_was_of(self, obj, quality, n, bound):
        """"that permanent had mana value 2 or less" (608.2h)."""
        self.subject = obj
        return self.quality_was(obj, quality, n, bound)

    def attacked_with(self, count, sel, when):
        """508.1: "you attacked with a Spacecraft this turn": one or more attackers Sel selects."""
        return fn("happened", fn("attacked_with", YOU, self._unlocated(self._one(count, sel)), Number(1)), when)

    def attacked_with_at_least(self, n, sel, when):
        """"you attacked with two or more creatures this turn"."""
        return fn("happened", fn("attacked_with", YOU, self._unlocated(sel), Number(n)), when)

    def player_cast_at_least_of(self, player, n, sel, when):
        """"an opponent cast two or more spells this turn": one opponent did."""
        return fn("happened", fn("spells_cast", player, self._spells(sel), Number(n)), when)

    def was_dealt_damage(self, obj, when):
        """120: "it was dealt damage this turn"."""
        self.subject = obj
        return fn("happened", fn("was_dealt_damage", obj, Number(1)), when)

    def was_not_dealt_damage(self, obj, when):
        self.subject = obj
        return fn("not_happened", fn("was_dealt_damage", obj, Number(1)), when)

    def sacrificed(self, count, sel, when):
        """701.21: "you've sacrificed an artifact this turn": N or more objects Sel selects."""
        sel, n = self.counted(count, self._unlocated(sel))
        if n == const("x"):  # "one or more"
            n = Number(1)
        if n != Number(1):
            raise NotUnderstood("a count")
        return fn("happened", fn("sacrificed", YOU, sel, n), when)

    def sacrificed_at_least(self, n, sel, when):
        return fn("happened", fn("sacrificed", YOU, self._unlocated(sel), Number(n)), when)

    def died_yours_at_least(self, n, sel, when):
        """"two or more creatures died under your control this turn"."""
        return fn("happened", fn("died_at_least", self._controlled(sel), Number(n)), when)

    def on_battlefield(self, obj, _words):
        """400.1: "this creature is on the battlefield"."""
        self.subject = obj
        return fn("in_zone", obj, const("battlefield"))

    def one_in_zone(self, count, sel, zone):
        """"an artifact card is in your graveyard": one or more cards Sel selects there."""
        return fn("count_at_least", self._in_your(self._one(count, sel), zone), Number(1))

    def in_zone_at_least(self, n, sel, zone):
        """"seven or more cards are in your graveyard"."""
        return fn("count_at_least", self._in_your(sel, zone), Number(n))

    def _in_your(self, sel, zone):
        self._unlocated(sel)
        self.facts.append(fn("sel_zone", sel, const(zone.value)))
        return sel

    def player_dealt_damage(self, player, *rest):
        """120: "an opponent was dealt damage this turn"."""
        return fn("happened", fn("was_dealt_damage", player, Number(1)), rest[-1])

    def attached_to(self, obj, sel):
        """301.5, 303.4: "this Equipment is attached to a creature"."""
        self.subject = obj
        return fn("attached_to", obj, self._unlocated(sel))

    def is_either_state(self, obj, first, second):
        self.subject = obj
        return fn("any_of", fn("", fn("is", obj, const(first.value)), fn("is", obj, const(second.value))))

    def is_neither_state(self, obj, first, second):
        """"it isn't attacking or blocking": neither."""
        self.subject = obj
        return fn("all_of", fn("", fn("is_not", obj, const(first.value)), fn("is_not", obj, const(second.value))))

    def hand_exactly(self, player, n, sel, in_hand=False):
        """402: "you have exactly seven cards in hand", "... thirteen cards in your hand": N and no more."""
        zones = [f for f in self.facts if f.name == "sel_zone" and f.arguments[0] == sel]
        constraints = [f for f in self.facts if f.arguments and f.arguments[0] == sel and f not in zones]
        if player != YOU or constraints or sel in self.singular and n != 1 \
                or [f.arguments[1] for f in zones] != ([] if in_hand else [const("hand")]):
            raise NotUnderstood("not the cards in your hand")
        self.facts = [f for f in self.facts if f not in zones]
        return fn("all_of", fn("", fn("hand_at_least", player, Number(n)), fn("hand_at_most", player, Number(n))))

    def hand_exactly_in_hand(self, player, n, sel, _in_hand):
        return self.hand_exactly(player, n, sel, True)

    def poisoned(self, player):
        """122.1f: a poisoned player has one or more poison counters."""
        return fn("counters_at_least", player, String("poison"), Number(1))

    def has_counters_fewer(self, obj, n, kind):
        if n < 1:
            raise NotUnderstood("fewer than 0")
        self.subject = obj
        return fn("counters_at_most", obj, kind, Number(n - 1))

    def entered_opponents(self, count, sel, when):
        """"a creature entered the battlefield under an opponent's control this turn"."""
        return fn("happened", fn("entered", self._where(self._one(count, sel), "sel_controller", const("opponent")),
                                 Number(1)), when)

    def died_opponents(self, count, sel, when):
        return fn("happened", fn("died", self._where(self._one(count, sel), "sel_controller", const("opponent"))), when)

    def there_is_another(self, sel):
        """"there's another creature on the battlefield"."""
        self.facts.append(fn("sel_other", sel))
        return self.there_is_one(sel)

    def one_on_battlefield(self, count, sel, _words):
        """"an enchantment is on the battlefield": anyone's. ("another creature
        is on the battlefield" of a trigger may mean other than the one the
        event spoke of: not read.)"""
        if count != (1, []):
            raise NotUnderstood("not one object")
        return fn("count_at_least", self._unlocated(sel), Number(1))

    def put_counter_on_object(self, obj, when):
        """"you put a counter on this creature this turn" (122.1)."""
        return fn("happened", fn("put_counters_on", YOU, const("any"), obj), when)

    def player_controls_at_least(self, player, n, sel):
        """"an opponent controls three or more creatures": one player P controls N or more objects Sel selects."""
        if player == YOU:
            raise NotUnderstood("you control")
        return fn("controls_at_least", player, self._unlocated(sel), Number(n))

    def player_controls_more(self, player, sel):
        """"defending player controls more lands than you"."""
        return fn("controls_more", player, YOU, self._unlocated(sel))

    def an_opponent_controls_at_least(self, n, sel):
        return self.player_controls_at_least(const("an_opponent"), n, sel)

    def defending_player_controls_more(self, sel):
        return self.player_controls_more(const("defending_player"), sel)

    def gained_and_lost_life(self, when):
        return fn("all_of", fn("", fn("happened", fn("gained_life", YOU, Number(1)), when),
                               fn("happened", fn("lost_life", YOU, Number(1)), when)))

    def none_left_battlefield(self, sel, when):
        """"no permanents left the battlefield this turn"."""
        return fn("not_happened", fn("left_battlefield", self._unlocated(sel)), when)

    def the_discarded(self, word):
        """"the discarded card": the one card discarded to pay the ability's
        cost or its spell's additional cost (`discarded`, as `sacrificed`)."""
        discards = [t for t, _ in self.costs if t.name == "discard"]
        if word.value not in NOUNS or len(discards) != 1 or discards[0].arguments[1] != Number(1):
            raise NotUnderstood("the discarded card")
        return const("discarded")

    def mana_spent_on(self, sel):
        """106.6: "If that mana is spent on a creature spell": the mana the ability added was spent to cast a spell Sel selects."""
        return fn("mana_spent_on", self._spells(sel))

    def you_sacrificed_this_way(self, count, sel):
        return self.this_way(count, sel, Token("THIS_WAY_VERB", "sacrificed"))

    def player_sacrificed_this_way(self, player, count, sel):
        """"you sacrifice an Island this way" (608.2c)."""
        if player != YOU:
            raise NotUnderstood("another player")
        return self.you_sacrificed_this_way(count, sel)

    def you_discarded_this_way(self):
        """"you discarded a card this way" (608.2c): any card."""
        return fn("this_way", const("discarded"), self._selector([]))

    def you_put_this_way(self, count, sel, zone):
        """"you put an artifact card into your hand this way" (608.2c)."""
        if zone.value != "hand":
            raise NotUnderstood(zone.value)
        return self.this_way(count, sel, Token("THIS_WAY_VERB", "put_into_hand"))

    def object_this_way(self, obj, verb):
        """"this creature is destroyed this way" (608.2c): O itself."""
        self.subject = obj
        return fn("this_way", const(verb.value), obj)

    def cast_another_of(self, sel, when):
        """"you've cast another instant or sorcery spell this turn": besides the spell itself."""
        self.facts.append(fn("sel_other", sel))
        return fn("happened", fn("spells_cast", YOU, self._spells(sel), Number(1)), when)

    def has_counters_exactly(self, obj, n, kind):
        self.subject = obj
        return fn("all_of", fn("", fn("counters_at_least", obj, kind, Number(n)), fn("counters_at_most", obj, kind, Number(n))))

    def an_opponent_controls_none(self, sel):
        """"an opponent controls no basic lands": some one opponent controls none."""
        return fn("controls_at_most", const("an_opponent"), self._unlocated(sel), Number(0))

    # 706: the result of the die roll before
    def roll_exactly(self, n):
        return fn("all_of", fn("", fn("roll_at_least", Number(n)), fn("roll_at_most", Number(n))))

    def roll_at_least(self, n):
        return fn("roll_at_least", Number(n))

    def roll_at_most(self, n):
        return fn("roll_at_most", Number(n))

    def your_last_turn(self):
        return const("your_last_turn")

    def its_controllers_last_turn(self):
        return const("its_controllers_last_turn")

    # "Cast this spell only S" (601.3)
    def cast_only_both(self, first, second):
        return fn("all_of", fn("", first, second))

    def during(self, period):
        return fn("during", period)

    def combat_before_blockers(self):
        """"during combat before blockers are declared" (509)."""
        return fn("all_of", fn("", fn("during", const("combat")), const("before_blockers_declared")))

    def combat_after_blockers(self):
        return fn("all_of", fn("", fn("during", const("combat")), const("after_blockers_declared")))

    def combat_on(self, period):
        """"during combat on an opponent's turn"."""
        return fn("all_of", fn("", fn("during", const("combat")), fn("during", period)))

    def before_attackers_declared(self):
        return const("before_attackers_declared")

    def before_combat_damage(self):
        return const("before_combat_damage_step")

    def after_combat(self):
        return const("after_combat")

    def attacked_this_step(self):
        """508.1: "you've been attacked this step": a creature attacks you."""
        return fn("happened", fn("was_attacked", YOU), const("this_step"))

    def combat(self):
        return const("combat")

    def declare_attackers_step(self):
        return const("declare_attackers_step")

    def declare_blockers_step(self):
        return const("declare_blockers_step")

    def your_declare_attackers_step(self):
        return const("your_declare_attackers_step")

    def your_turn_period(self):
        return const("your_turn")

    def opponents_turn(self):
        return const("opponents_turn")

    def opponents_upkeep(self):
        return const("opponents_upkeep")

    # the players and objects of a condition
    def you(self):
        return YOU

    def an_opponent(self):
        return const("an_opponent")

    def a_player(self):
        return const("a_player")

    def it(self):
        return const("it")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The parser of conditions.lark: a condition, and the words of "Cast
    this spell only S" (rule cast_only)."""
    return open_grammar("conditions.lark", ["condition", "cast_only"])


@lru_cache(maxsize=1)
def _reader_class():
    from .transformer import merged  # transformer.py's readers call `condition`
    return merged(Conditions, selectors=Selectors)


@lru_cache(maxsize=1 << 12)
def _tree(words, start="condition"):
    return parse_or_none(_parser(), words, start)


def _joined(words):
    """The one way `words` read as two conditions joined by "or" / "and"
    ("you control a Desert or there is a Desert card in your graveyard";
    "... or if you control a basic land"): (joiner, the parts' trees), or
    None where no way, or more than one, reads."""
    found = []
    at = 0
    while True:
        i = min((j for j in (words.find(" or ", at), words.find(" and ", at)) if j >= 0), default=-1)
        if i < 0:
            break
        joiner = "or" if words.startswith(" or ", i) else "and"
        begin = i + len(joiner) + 2
        if words.startswith("if ", begin):
            begin += 3
        first, second = _tree(words[:i]), _tree(words[begin:])
        if first is not None and second is not None:
            found.append((joiner, (first, second)))
        at = i + 1
    return found[0] if len(found) == 1 else None


def read_condition(ab, words, printed, next_sel, quotes, names, start="condition", costs=()):
    """(term, selector facts, the next selector's number, the object it
    begins with or None) of the condition
    `words` (lower-cased, names masked; `printed` the same words as printed),
    or None where conditions.lark does not read them all. Two conditions
    joined by "or" ("and"), each read, are any_of((C1, C2)) (all_of)."""
    words = words.rstrip().rstrip(".")
    if not words.strip():
        return None
    tree = _tree(words, start)
    joined = None
    if tree is None:
        if start != "condition" or len(words) != len(printed.rstrip().rstrip(".")):
            return None
        joined = _joined(words)
        if joined is None:
            return None
    reader = _reader_class()(ab, printed, next_sel, quotes, names)
    reader.costs = list(costs)  # the ability's costs: "the sacrificed creature"
    try:
        if joined is None:
            term = reader.transform(tree)
        else:
            joiner, trees = joined
            terms = [reader.transform(t) for t in trees]
            term = fn("any_of" if joiner == "or" else "all_of", fn("", *terms))
            reader.subject = None
    except VisitError as e:
        if isinstance(e.orig_exc, NotUnderstood):
            return None
        raise
    return term, reader.facts, reader.next_sel, reader.subject


def condition(reading, kind, token, printed=None):
    """The condition of `token` (a token of the piece `reading` reads):
    kind(C), C the typed condition term where conditions.lark reads it,
    else kind("<printed words>") as the words were kept (`printed`, the
    token's printed words by default); C alone where kind is None
    (trigger_if). `token` may be words of the grammar's own ("it is your
    turn" of "During your turn, ..."). The selectors of C are numbered
    after the reading's."""
    if not isinstance(token, Token):
        words, text, printed = token.lower(), token, token
    else:
        words, text = token.value, reading.text[token.start_pos:token.end_pos]
        if printed is None:
            printed = reading._original(token)
    read = read_condition(reading.ab, words, text, reading.next_sel, reading.quotes, reading.names,
                          "cast_only" if kind == "only" else "condition", reading.costs)
    if read is None:
        term = String(printed)
    else:
        term, facts, reading.next_sel, reading.condition_subject = read
        reading.facts.extend(facts)
    return term if kind is None else fn(kind, term)


def ability_condition(ability, start, end):
    """The condition of an ability's text[start:end] (grammar/__init__.py's
    _Ability: an intervening "if", 603.4): the typed term, else the
    printed words; its selectors numbered after the ability's."""
    printed = ability.text[start:end]
    read = read_condition(ability.ab, ability.norm[start:end], printed, ability.next_sel,
                          ability.quotes, ability.card.names)
    if read is None:
        return String(printed)
    term, facts, ability.next_sel, _ = read
    ability.card.out.facts.extend(facts)
    return term
