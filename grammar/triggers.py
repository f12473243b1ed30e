"""Transformer of grammar/triggers.lark. Triggered abilities (603): trigger
conditions and the mana a trigger adds."""

from clingo import Function, Number, String
from lark import v_args

from .conditions import condition as typed_condition
from .reading import KEYWORD_WORDS, NOUNS, const, fn, NotUnderstood, Reading


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

    def tapped_for_mana(self, subjects):
        if len(subjects) > 1:
            raise NotUnderstood("several subjects tapped for mana")
        sel, = subjects
        return [("trigger", fn("tapped_for_mana", const("any"), sel))]

    def taps_for_mana_while(self, player, obj, condition):
        return self.taps_for_mana(player, obj) + [
            ("trigger_if", typed_condition(self, None, condition))]

    def tapped_for_chosen_color(self, subjects):
        return self.tapped_for_mana(subjects) + [("trigger_produces", const("chosen_color"))]

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

    # ---- 603.2: a subject's events and a player's events, composed.
    # Each event rule returns a function of its subject (the selector, or the
    # player constant) giving the event term; subject_events applies each
    # event to each subject.

    def subject_events(self, subjects, events):
        """"When this creature enters or dies": any_of((enters(sel_self),
        dies(sel_self))); "Whenever this creature or another Ally you control
        enters": any_of((enters(sel_self), enters(S))); one term when one.
        "attacks or blocks" is the older attacks_or_blocks(S)."""
        if len(subjects) > 1 and len(events) > 1:
            raise NotUnderstood("several subjects and several events")
        terms = [event(sel) for sel in subjects for event in events]
        if len(terms) > 1 and any(t.name == "any_of" for t in terms):
            raise NotUnderstood("an event of two events among others")
        if len(terms) == 1:
            return [("trigger", terms[0])]
        if [t.name for t in terms] == ["attacks", "blocks"]:
            return [("trigger", fn("attacks_or_blocks", subjects[0]))]
        return [("trigger", fn("any_of", Function("", terms)))]

    # ---- two conditions, limits on an event
    def subject_events_and(self, subjects, events, second):
        """"When you cycle this card and when this creature dies": 603.2,
        any_of((cycles(you,sel_self),dies(sel_self))), the events of both."""
        return self._both(self.subject_events(subjects, events), second)

    def player_events_and(self, player, event, second):
        return self._both(self.player_events(player, event), second)

    @staticmethod
    def _both(first, second):
        terms = [t for part in (first, second) for k, t in part if k == "trigger"]
        if len(terms) != 2 or any(t.name == "any_of" for t in terms):
            raise NotUnderstood("two conditions of several events")
        return [("trigger", fn("any_of", Function("", terms)))]

    def subject_event_limited(self, subjects, event, limit):
        """"Whenever you gain life for the first time each turn":
        first_each_turn(gains_life(you)); "during your turn":
        during_turn(E, you)."""
        if len(subjects) > 1:
            raise NotUnderstood("a limit on the events of several subjects")
        return [("trigger", self._limited(limit, event(subjects[0])))]

    def player_event_limited(self, player, event, limit):
        return [("trigger", self._limited(limit, event(player)))]

    @staticmethod
    def _limited(limit, term):
        """One event limited once: never several events, nor a limited one."""
        if term.name in ("any_of", "first_each_turn", "during_turn", "this_turn"):
            raise NotUnderstood("a limit on several events or a limited one")
        return limit(term)

    def limit_first_each_turn(self):
        return lambda term: fn("first_each_turn", term)

    def limit_during_your_turn(self):
        return lambda term: fn("during_turn", term, const("you"))

    def limit_during_opponents_turn(self):
        return lambda term: fn("during_turn", term, const("opponent"))

    def tr_counters_put_one_or_more(self, *args):
        """122.6: "Whenever one or more +1/+1 counters are put on this
        creature": one_or_more(counters_put(sel_self, "+1/+1")); Kind `any`
        for "one or more counters"."""
        *kind, sel = args
        return [("trigger", fn("one_or_more", fn("counters_put", sel, kind[0] if kind else const("any"))))]

    def tr_counter_put(self, pt, sel):
        """122.6: "Whenever a +1/+1 counter is put on this creature":
        counters_put(sel_self, "+1/+1"), once for each counter put."""
        return [("trigger", fn("counters_put", sel, String(str(pt))))]

    def tr_gains_or_loses_life(self, player, limit=None):
        """"Whenever you gain or lose life during your turn":
        any_of((during_turn(gains_life(you),you),during_turn(loses_life(you),you)));
        without a limit any_of((gains_life(you),loses_life(you)))."""
        terms = [fn("gains_life", player), fn("loses_life", player)]
        if limit is not None:
            terms = [limit(t) for t in terms]
        return [("trigger", fn("any_of", Function("", terms)))]

    @staticmethod
    def _keyword(word):
        if word.value.lower() not in KEYWORD_WORDS:
            raise NotUnderstood("an ability of no keyword: " + word.value)
        return const(word.value.lower())

    def pev_activates_keyword_ability(self, word, _ability=None):
        """602.2: "Whenever you activate an exhaust ability":
        activates_ability(you, exhaust) (a keyword of lexicon.KEYWORDS only;
        "a loyalty ability" is no keyword, not read)."""
        kw = self._keyword(word)
        return self._event("activates_ability", kw)

    def pev_activates_either_keyword_ability(self, first, second):
        """"Whenever you activate an eternalize or embalm ability":
        any_of((activates_ability(you,eternalize),activates_ability(you,embalm)))."""
        kws = [self._keyword(first), self._keyword(second)]
        def term(player):
            return fn("any_of", Function("", [fn("activates_ability", player, k) for k in kws]))
        term.event_name = "any_of"
        return term

    def pev_gets_energy(self, _energy):
        """107.14: "Whenever you get one or more {E}": one_or_more(gets_energy(you))."""
        return self._one_or_more("gets_energy")

    def ev_becomes_unattached(self):
        return self._event("becomes_unattached")

    def tr_ring_tempts(self):
        return [("trigger", fn("ring_tempts", const("you")))]

    def tr_day_night_changes(self):
        return [("trigger", const("day_night_changes"))]

    def ev_becomes_level(self, n):
        return self._event("becomes_level", Number(n))

    def ev_enters_from_a_graveyard(self):
        return self._event("enters_from_graveyard", const("any"))

    def ev_enters_from_your_graveyard(self):
        return self._event("enters_from_graveyard", const("you"))

    def ev_enters_untapped(self):
        return self._event("enters_untapped")

    def ev_attacks_whom(self, whom):
        return self._event("attacks_player", whom)

    def attacked_you(self):
        return const("you")

    def attacked_you_or_your_planeswalker(self):
        return const("you_or_your_planeswalker")

    def attacked_opponent(self):
        return const("opponent")

    def attacked_enchanted_player(self):
        return const("enchanted_player")

    def ev_becomes_target_of_controlled(self, player):
        return self._event("becomes_target", fn("controlled", const("spell_or_ability"), player))

    def ev_becomes_target_of_controlled_spell(self, player):
        return self._event("becomes_target", fn("controlled", const("spell"), player))

    def controlled_by_you(self):
        return const("you")

    def controlled_by_opponent(self):
        return const("opponent")

    def ev_phases_in(self):
        return self._event("phases_in")

    def ev_specializes(self):
        return self._event("specializes")

    def ev_crews(self):
        return self._event("crews")

    def ev_becomes_crewed(self):
        return self._event("becomes_crewed")

    def ev_explores(self):
        return self._event("explores")

    def ev_leave_your_graveyard(self):
        return self._event("leaves_graveyard", const("you"))

    def damaged_player_or_permanent(self, token):
        """"to a player or planeswalker": player_or_planeswalker; "or battle": player_or_battle."""
        return const("player_or_" + token.split()[-1])

    def pev_cast_first(self, sel):
        """"your first spell each turn", "their first noncreature spell each
        turn": first_each_turn(cast(W, S))."""
        def term(player):
            return fn("first_each_turn", fn("cast", player, sel))
        term.event_name = "limited"
        return term

    def pev_cast_first_opponents_turn(self, sel):
        """"your first spell during each opponent's turn":
        during_turn(first_each_turn(cast(W, S)), opponent)."""
        def term(player):
            return fn("during_turn", fn("first_each_turn", fn("cast", player, sel)), const("opponent"))
        term.event_name = "limited"
        return term

    def pev_scries_or_surveils(self):
        term = lambda player: fn("any_of", Function("", [fn("scries", player), fn("surveils", player)]))
        term.event_name = "any_of"
        return term

    def pev_attacks_with(self, n):
        return self._event("player_attacks_with", Number(n))

    def pev_exerts(self, sel):
        return self._event("exerts", sel)

    def pev_discards_one_or_more(self, sel):
        """"Whenever you discard one or more cards": one_or_more(discards(W, S))."""
        return self._one_or_more("discards", sel)

    def pev_puts_counters(self, kind, sel):
        """"Whenever you put one or more +1/+1 counters on a creature you
        control": one_or_more(puts_counters(W, S, "+1/+1"))."""
        return self._one_or_more("puts_counters", sel, kind)

    def pev_dealt_damage(self):
        return self._event("player_dealt_damage", const("any"))

    def pev_dealt_noncombat_damage(self):
        return self._event("player_dealt_damage", const("noncombat"))

    def you_are_dealt_damage(self):
        """"Whenever you're dealt damage": player_dealt_damage(you, any)."""
        return [("trigger", fn("player_dealt_damage", const("you"), const("any")))]

    def pev_plays_land(self):
        return self._event("plays_land")

    def pev_sacrifice_one_or_more(self, sel):
        """"Whenever you sacrifice one or more Foods": one_or_more(sacrifice(W, S))."""
        return self._one_or_more("sacrifice", sel)

    def pev_sacrifice_one_or_more_other(self, sel):
        """"one or more other creatures": S with sel_other."""
        return self.pev_sacrifice_one_or_more(self.another_group(sel))

    def pev_rolls_die(self):
        return self._event("rolls_die")

    def pev_rolls_result(self, n):
        """706.2: "Whenever you roll a 6": rolls_die_result(you, 6), the
        result after modifiers."""
        return self._event("rolls_die_result", Number(n))

    def pev_rolls_result_at_least(self, n):
        """"Whenever you roll a 4 or higher on a die": rolls_die_result_at_least(you, 4)."""
        return self._event("rolls_die_result_at_least", Number(n))

    def pev_rolls_natural(self, n):
        """706.2: "When you roll a natural 20": rolls_die_natural(you, 20),
        the number on the die before modifiers."""
        return self._event("rolls_die_natural", Number(n))

    def pev_rolls_dice(self):
        """"Whenever you roll one or more dice": one_or_more(rolls_die(W))."""
        return self._one_or_more("rolls_die")

    def pev_rolls_planar_die(self):
        return self._event("rolls_planar_die")

    def pev_wins_coin_flip(self):
        return self._event("wins_coin_flip")

    def pev_becomes_monarch(self):
        return self._event("becomes_monarch")

    def state_you_control_none(self, sel):
        """603.8: "When you control no Islands": state(count_at_most(S, 0)),
        S of the permanents you control, as conditions.lark reads "you
        control no Islands"."""
        self.facts.append(fn("sel_controller", sel, const("you")))
        return [("trigger", fn("state", fn("count_at_most", sel, Number(0))))]

    def state_you_control_no_other(self, sel):
        """"When you control no other creatures": S with sel_other."""
        self.facts.append(fn("sel_other", sel))
        return self.state_you_control_none(sel)

    def pev_completes_dungeon(self):
        return self._event("completes_dungeon")

    def pev_clashes(self):
        return self._event("clashes")

    def pev_fully_unlocks_room(self):
        return self._event("fully_unlocks_room")

    def one_or_more(self, sel, event):
        """603.2c: "Whenever one or more creatures you control deal combat
        damage to a player": one_or_more(deals_combat_damage(S, player)),
        triggering once for all the objects of one event."""
        return [("trigger", fn("one_or_more", event(sel)))]

    def one_or_more_limited(self, sel, event, limit):
        """"Whenever one or more cards leave your graveyard during your turn":
        during_turn(one_or_more(leaves_graveyard(S, you)), you)."""
        return [("trigger", limit(fn("one_or_more", event(sel))))]

    def attacks_with_others(self, this, n):
        """"Whenever this creature and at least two other creatures attack"."""
        return [("trigger", fn("attacks_with_others", this, Number(n)))]

    def player_events(self, player, event):
        return [("trigger", event(player))]

    def trigger_subjects(self, sel):
        return [sel]

    def self_or_another(self, this, sel):
        """"this creature or another Ally you control": the object itself,
        and another object of the group (sel_other)."""
        return [this, self.another_group(sel)]

    def self_or_attached(self, this, sel):
        """"this creature or equipped creature": the object itself and the
        one it is attached to (two objects, never the same one)."""
        return [this, sel]

    def attached_enchanted(self, word):
        return self.enchanted(word)

    def attached_equipped(self, word):
        return self.equipped(word)

    def events(self, event):
        return [event]

    def either_event(self, first, second):
        """"enters or dies"; never an event that is itself two ("blocks or
        becomes blocked by a creature", read as one verb phrase)."""
        if "any_of" in (getattr(first, "event_name", None), getattr(second, "event_name", None)):
            raise NotUnderstood("an event of two events in a pair")
        return [first, second]

    @staticmethod
    def _event(name, *rest):
        def term(subject):
            return fn(name, subject, *rest)
        term.event_name = name
        return term

    @staticmethod
    def _one_or_more(name, *rest):
        """603.2c: a player's event once for all its objects: one_or_more(E(W, ...))."""
        def term(player):
            return fn("one_or_more", fn(name, player, *rest))
        term.event_name = "one_or_more"
        return term

    def ev_enters(self, under=None):
        """Also the older "enters the battlefield (under your control)"."""
        def term(sel):
            if under is not None and sel != const("sel_self"):
                self.facts.append(fn("sel_controller", sel, const("you")))
            return fn("enters", sel)
        return term

    def under_your_control(self):
        return True

    def ev_dies(self):
        return self._event("dies")

    def ev_attacks(self):
        return self._event("attacks")

    def ev_attacks_alone(self):
        return self._event("attacks_alone")

    def ev_attacks_while_saddled(self):
        return self._event("attacks_while_saddled")

    def ev_blocks(self):
        return self._event("blocks")

    def ev_blocks_creature(self, sel):
        return self._event("blocks_creature", sel)

    def ev_blocks_or_becomes_blocked(self):
        """"blocks or becomes blocked": any_of((blocks(S), becomes_blocked(S)))."""
        def term(sel):
            return fn("any_of", Function("", [fn("blocks", sel), fn("becomes_blocked", sel)]))
        term.event_name = "any_of"
        return term

    def ev_blocks_or_becomes_blocked_by(self, by):
        """"blocks or becomes blocked by a non-Wall creature": each creature
        it blocks or is blocked by that By selects (509.3d; the rulings of
        Engulfing Slagwurm, Ashmouth Hound): any_of((blocks_creature(S, By),
        becomes_blocked_by(S, By)))."""
        def term(sel):
            return fn("any_of", Function("", [fn("blocks_creature", sel, by), fn("becomes_blocked_by", sel, by)]))
        term.event_name = "any_of"
        return term

    def ev_attacks_unblocked(self):
        return self._event("attacks_unblocked")

    def ev_becomes_tapped(self):
        """"Whenever this creature becomes tapped": whatever taps it (a cost,
        an effect, attacking, 508.1f), tapping for mana too (106.12a)."""
        return self._event("becomes_tapped")

    def ev_becomes_untapped(self):
        return self._event("becomes_untapped")

    def ev_becomes_blocked(self):
        return self._event("becomes_blocked")

    def ev_becomes_blocked_by(self, sel):
        return self._event("becomes_blocked_by", sel)

    def ev_becomes_target_of_spell(self):
        return self._event("becomes_target", const("spell"))

    def ev_becomes_target_of_spell_or_ability(self):
        return self._event("becomes_target", const("spell_or_ability"))

    def ev_becomes_target_of_aura_spell(self):
        return self._event("becomes_target", const("aura_spell"))

    def ev_becomes_attached(self, to):
        """"Whenever an Aura becomes attached to this creature":
        becomes_attached(S, sel_self)."""
        return self._event("becomes_attached", to)

    def ev_evolves(self):
        return self._event("evolves")

    def ev_connives(self):
        """701.50a: connives(Sel)."""
        return self._event("connives")

    def ev_becomes_plotted(self):
        return self._event("becomes_plotted")

    def ev_becomes_monstrous(self):
        return self._event("becomes_monstrous")

    def ev_turned_face_up(self):
        return self._event("turned_face_up")

    def ev_dealt_damage(self):
        return self._event("dealt_damage", const("any"))

    def ev_dealt_combat_damage(self):
        return self._event("dealt_damage", const("combat"))

    def ev_leaves_battlefield(self):
        return self._event("leaves_battlefield")

    def ev_put_into_graveyard_from_battlefield(self, whose):
        """"is put into a graveyard from the battlefield":
        put_into_graveyard_from_battlefield(S); "into your graveyard" (400.3:
        its owner's): put_into_graveyard_from_battlefield(S, you)."""
        if whose == const("any"):
            return self._event("put_into_graveyard_from_battlefield")
        return self._event("put_into_graveyard_from_battlefield", whose)

    def ev_put_into_graveyard_from_anywhere(self, whose):
        """"is put into an opponent's graveyard from anywhere":
        put_into_graveyard_from_anywhere(S, opponent) (any zone, 400.3)."""
        return self._event("put_into_graveyard_from_anywhere", whose)

    def graveyard_of_any(self):
        return const("any")

    def graveyard_of_you(self):
        return const("you")

    def graveyard_of_opponent(self):
        return const("opponent")

    def ev_deals_damage(self, to=None):
        return self._event("deals_damage", to or const("any"))

    def ev_deals_noncombat_damage(self, to=None):
        """"Whenever a source you control deals noncombat damage to an
        opponent": deals_noncombat_damage(S, opponent)."""
        return self._event("deals_noncombat_damage", to or const("any"))

    def source_subject(self, controller=None):
        """"a source an opponent controls": a selector of any object
        (sel_controller when said); "a source": no constraint."""
        return self._selector([("sel_controller", controller)] if controller is not None else [])

    def ev_deals_combat_damage(self, to=None):
        return self._event("deals_combat_damage", to or const("any"))

    def damaged_player(self):
        return const("player")

    def damaged_you(self):
        return const("you")

    def damaged_opponent(self):
        return const("opponent")

    def damaged_creature(self):
        return const("creature")

    def ev_mutates(self):
        return self._event("mutates")

    def ev_exploits(self):
        return self._event("exploits")

    # the events of a player
    def pev_cast(self, sel):
        return self._event("cast", sel)

    def pev_cast_this_spell(self):
        return self._event("cast_this_spell")

    def pev_cast_targeting(self, sel, _that_targets, target):
        return self._event("cast_targeting", sel, target)

    def target_object(self, sel):
        return sel

    def pev_cast_or_copy(self, sel):
        return lambda player: fn("any_of", Function("", [fn("cast", player, sel), fn("copies", player, sel)]))

    def pev_cast_nth(self, n):
        return self._event("cast_nth", n)

    def pev_sacrifice_trigger(self, sel):
        return self._event("sacrifice", sel)

    def pev_gains_life(self):
        return self._event("gains_life")

    def pev_loses_life(self):
        return self._event("loses_life")

    def pev_draws(self):
        return self._event("draws")

    def pev_draws_nth(self, n):
        return self._event("draws_nth", n)

    def pev_discards(self, sel):
        return self._event("discards", sel)

    def pev_cycles_this(self, this):
        return self._event("cycles", this)

    def pev_cycles(self, sel):
        return self._event("cycles", sel)

    def pev_cycles_another(self, sel):
        return self._event("cycles", self.another_group(sel))

    def pev_cycles_or_discards(self, sel):
        return lambda player: fn("any_of", Function("", [fn("cycles", player, sel), fn("discards", player, sel)]))

    def pev_cycles_or_discards_another(self, sel):
        return self.pev_cycles_or_discards(self.another_group(sel))

    def pev_sets_in_motion(self):
        return self._event("sets_in_motion", const("sel_self"))

    def pev_unlocks_door(self):
        return self._event("unlocks_door", const("sel_self"))

    def pev_expends(self, n):
        return self._event("expends", Number(n))

    def pev_commits_crime(self):
        return self._event("commits_crime")

    def pev_player_attacks(self):
        return self._event("player_attacks")

    def pev_cranks(self, this):
        return self._event("cranks", this)

    def pev_scries(self):
        return self._event("scries")

    def pev_surveils(self):
        return self._event("surveils")

    def pev_searches_library(self):
        """701.23a: searches_library(Who), their own library."""
        return self._event("searches_library")

    def pev_collects_evidence(self):
        """701.59a: collects_evidence(Who)."""
        return self._event("collects_evidence")

    def pev_forages(self):
        """701.61a: forages(Who)."""
        return self._event("forages")

    def ordinal_second(self):
        return Number(2)

    def ordinal_third(self):
        return Number(3)

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

    def whose_enchanted_player(self):
        """"enchanted player's upkeep": the player the Aura enchants (303.4)."""
        return const("enchanted_player")

    def beginning_of_enchanted_controller(self, whose, step, word):
        """"At the beginning of the upkeep of enchanted creature's
        controller": beginning_of(upkeep, controller_of(S)), S the enchanted
        permanent (sel_enchanted)."""
        noun = word.value[:-2] if word.value.endswith("'s") else None
        if whose != const("each_player") or noun not in NOUNS:
            raise NotUnderstood(word.value)
        sel = self._selector([("sel_enchanted", None)])
        return [("trigger", fn("beginning_of", step, fn("controller_of", sel)))]

    def whose_each_opponent(self):
        return const("each_opponent")

    # ---- planes, delayed triggers, haunt, damage by a source, transforming
    def planeswalks_to(self, this):
        """701.31d: "When you planeswalk to this plane": planeswalks_to(you, sel_self)."""
        return [("trigger", fn("planeswalks_to", const("you"), this))]

    def planeswalks_to_and_beginning(self, this, beginning):
        """"When you planeswalk to this plane and at the beginning of your
        upkeep": any_of((planeswalks_to(you,sel_self),beginning_of(upkeep,you))) (603.2)."""
        return self._both(self.planeswalks_to(this), beginning)

    def subject_events_and_beginning(self, subjects, events, beginning):
        """"When this artifact enters and at the beginning of your upkeep":
        any_of((enters(sel_self),beginning_of(upkeep,you))) (603.2)."""
        return self._both(self.subject_events(subjects, events), beginning)

    def this_plane(self):
        return const("sel_self")

    def beginning_condition(self, whose, step):
        return self.beginning_of(whose, step)

    def beginning_of_next(self, step):
        """603.7b: "At the beginning of your next upkeep" (a delayed trigger,
        once): next_beginning_of(upkeep, you)."""
        return [("trigger", fn("next_beginning_of", step, const("you")))]

    def beginning_of_combat_opponents(self):
        """"At the beginning of combat on each opponent's turn": beginning_of(combat, each_opponent)."""
        return [("trigger", fn("beginning_of", const("combat"), const("each_opponent")))]

    def haunted_dies(self):
        """702.55b, 702.55c: "When the creature this card haunts dies":
        haunted_dies(sel_self), the creature the card (in exile) haunts."""
        return [("trigger", fn("haunted_dies", const("sel_self")))]

    def subject_event_or_haunted_dies(self, subjects, event):
        """"When this creature enters or the creature it haunts dies":
        any_of((enters(sel_self),haunted_dies(sel_self)))."""
        if subjects != [const("sel_self")] or getattr(event, "event_name", None) == "any_of":
            raise NotUnderstood("a haunt condition of another subject")
        return self._both(self.subject_events(subjects, [event]), self.haunted_dies())

    def dies_dealt_damage_by(self, sel, by):
        """120.3: "Whenever a creature dealt damage by this creature this turn
        dies": dies_dealt_damage_by(S, sel_self), S a creature By dealt damage
        to this turn ("by equipped creature": a selector with sel_equipped)."""
        return [("trigger", fn("dies_dealt_damage_by", sel, by))]

    def discarded_by(self, _words, player, this):
        """"When a spell or ability an opponent controls causes you to discard
        this card": discarded_by(you, sel_self, controlled(spell_or_ability,
        opponent)) (701.9a: a discard an effect of it instructs)."""
        return [("trigger", fn("discarded_by", const("you"), this,
                               fn("controlled", const("spell_or_ability"), player)))]

    def limit_this_turn(self):
        """603.7b: "Whenever a creature attacks this turn" (a delayed trigger
        with a stated duration): this_turn(attacks(S))."""
        return lambda term: fn("this_turn", term)

    def ev_transforms_into_face(self):
        """701.27e: "When this creature transforms into ~" (~ the face whose
        text this is): transforms_into_face(sel_self)."""
        return self._event("transforms_into_face")

    def ev_transforms(self):
        """701.27a: "When equipped creature transforms": transforms(S)."""
        return self._event("transforms")

    def pev_attacks_with_group(self, n, sel):
        """508.1a: "Whenever you attack with one or more Birds": one or more
        Birds the player controls declared as attackers at once,
        one_or_more(attacks(S)) with sel_controller(S, Who) (as "Whenever one
        or more Birds you control attack"); only "one or more"."""
        if n != 1:
            raise NotUnderstood("attacks with N or more of a group")
        def term(player):
            if player not in (const("you"), const("opponent")):
                raise NotUnderstood("attacks with: whose creatures")
            self.facts.append(fn("sel_controller", sel, player))
            return fn("one_or_more", fn("attacks", sel))
        term.event_name = "one_or_more"
        return term

    def pev_attacks_with_other_group(self, n, sel):
        return self.pev_attacks_with_group(n, self.another_group(sel))

    # ---- a spell cast with a quality no selector says
    def _cast_with(self, sel, quality):
        return self._event("cast_with", sel, const(quality))

    def pev_cast_x_in_cost(self, sel, _words):
        """107.3: "Whenever you cast a spell with {X} in its mana cost":
        cast_with(you, S, x_in_mana_cost)."""
        return self._cast_with(sel, "x_in_mana_cost")

    def pev_cast_kicked(self, sel):
        """702.33d: "Whenever you cast a kicked spell", "Whenever a player
        kicks a spell": cast_with(W, S, kicked)."""
        return self._cast_with(sel, "kicked")

    def pev_cast_chosen_color(self, sel, _words):
        """"Whenever a player casts a spell of the chosen color" (the color
        chosen for the ability's object): cast_with(any, S, chosen_color)."""
        return self._cast_with(sel, "chosen_color")

    def pev_cast_not_from_hand(self, sel, _words):
        """601.2a: "Whenever you cast a spell from anywhere other than your
        hand" ("an opponent ... their hand": the caster's):
        cast_with(W, S, not_from_hand)."""
        return self._cast_with(sel, "not_from_hand")

    def pev_next_cast_this_turn(self, sel):
        """603.7b: "When you next cast an instant or sorcery spell this turn"
        (a delayed trigger, once): next_this_turn(cast(you, S))."""
        def term(player):
            return fn("next_this_turn", fn("cast", player, sel))
        term.event_name = "limited"
        return term

    def pev_plays_card(self):
        """"Whenever you play a card": plays_card(W), a land played (305.1)
        or a spell cast from a card (601.2)."""
        return self._event("plays_card")

    def subject_attacks_while(self, subjects, condition):
        """"Whenever this creature attacks while you control a Dinosaur":
        attacks(sel_self) and trigger_if(A, C), C the state when it attacks."""
        return self._while(self.subject_events(subjects, [self.ev_attacks()]), condition)

    def subject_enters_while(self, subjects, condition):
        """"Whenever another creature you control enters while this creature
        has a -1/-1 counter on it": enters(S) and trigger_if(A, C)."""
        return self._while(self.subject_events(subjects, [self.ev_enters()]), condition)

    def _while(self, trigger, condition):
        if len(trigger) != 1 or trigger[0][1].name == "any_of":
            raise NotUnderstood("a state of several events")
        return trigger + [("trigger_if", typed_condition(self, None, condition))]

    def you_sacrifice_it(self):
        """"... and when you sacrifice it": sacrifice(you, sel_self), "it" the
        ability's object (only after an event of it: subject_events_and)."""
        return [("trigger", fn("sacrifice", const("you"), const("sel_self")))]

    def counters_spell(self, _words, player, sel):
        """701.6a: "Whenever a spell or ability you control counters a spell":
        counters_spell(controlled(spell_or_ability, you), S)."""
        return [("trigger", fn("counters_spell", fn("controlled", const("spell_or_ability"), player), sel))]

    def ability_of_activated(self, _words, sel):
        """602.2: "Whenever an ability of equipped creature is activated":
        ability_activated(S) (a mana ability too)."""
        return [("trigger", fn("ability_activated", sel))]

    def two_subjects_events(self, subjects, first, second, event):
        """"Whenever this Aura enters or enchanted creature becomes the target
        of an Aura spell": any_of((enters(sel_self),becomes_target(S,aura_spell)))."""
        if len(subjects) != 1 or "any_of" in (getattr(first, "event_name", None), getattr(event, "event_name", None)):
            raise NotUnderstood("two subjects' events of several")
        return [("trigger", fn("any_of", Function("", [first(subjects[0]), event(second)])))]

    def player_event_or_subject_event(self, player, pevent, _or_a, sel, event):
        """"Whenever you cast a green spell or a Forest you control enters":
        any_of((cast(you,S1),enters(S2)))."""
        first, second = pevent(player), event(sel)
        if "any_of" in (first.name, second.name):
            raise NotUnderstood("an event of two events among others")
        return [("trigger", fn("any_of", Function("", [first, second])))]

    def pev_cast_adventurer(self, sel, _words):
        """715.2: "Whenever you cast a creature spell that has an Adventure":
        cast_with(you, S, adventure)."""
        return self._cast_with(sel, "adventure")

    def pev_cast_chosen_name(self, sel, _words):
        """"Whenever you cast an instant or sorcery spell with the chosen
        name": cast_with(you, S, chosen_name) (the name chosen for the object)."""
        return self._cast_with(sel, "chosen_name")

    def pev_draws_except_first(self):
        """"Whenever an opponent draws a card except the first one they draw in
        each of their draw steps" (121.1, 504.1): draws_except_first_in_draw_step(opponent)."""
        return self._event("draws_except_first_in_draw_step")

    def ev_milled(self):
        """701.17a: "Whenever one or more nonland cards are milled": one_or_more(milled(S))."""
        return self._event("milled")

    def ev_put_into_graveyard_from_library(self, whose):
        """"Whenever one or more creature cards are put into your graveyard
        from your library": one_or_more(put_into_graveyard_from_library(S, you))."""
        if whose != const("you"):
            raise NotUnderstood("a graveyard and a library of whom")
        return self._event("put_into_graveyard_from_library", whose)

    # ---- more events of a player and of an object
    def _activates(self, of, kind):
        return self._event("activates", of, const(kind))

    def pev_activates_any(self, _words):
        """602.2: "Whenever you activate an ability": activates(you, any, any)
        (a mana ability too, 605.3a)."""
        return self._activates(const("any"), "any")

    def pev_activates_nonmana(self, _words, _nonmana):
        """"Whenever an opponent activates an ability that isn't a mana
        ability" (605.1a): activates(opponent, any, nonmana)."""
        return self._activates(const("any"), "nonmana")

    def pev_activates_of(self, _words, sel):
        """"Whenever you activate an ability of an artifact": activates(you, S, any)."""
        return self._activates(sel, "any")

    def pev_activates_nonmana_of(self, _words, sel, _nonmana):
        """"Whenever an opponent activates an ability of a creature or land
        that isn't a mana ability": activates(opponent, S, nonmana)."""
        return self._activates(sel, "nonmana")

    def pev_proliferates(self):
        """701.34a: proliferates(Who)."""
        return self._event("proliferates")

    def pev_pays_life(self):
        """119.4: "Whenever you pay life": pays_life(Who) (a cost of a spell too)."""
        return self._event("pays_life")

    def pev_shuffles_library(self):
        """701.20a: "Whenever an opponent shuffles their library": shuffles_library(Who)."""
        return self._event("shuffles_library")

    def pev_turns_face_up(self, sel):
        """702.37e, 708.8: "Whenever you turn a permanent face up": turns_face_up(Who, S)."""
        return self._event("turns_face_up", sel)

    def pev_creates(self, sel):
        """111.1: "Whenever you create a Blood token": creates(Who, S)."""
        return self._event("creates", sel)

    def pev_creates_one_or_more(self, sel):
        """603.2c: "Whenever you create one or more creature tokens":
        one_or_more(creates(Who, S))."""
        return self._one_or_more("creates", sel)

    def pev_copies(self, sel):
        """707.10: "Whenever you copy an instant spell": copies(Who, S)."""
        return self._event("copies", sel)

    def pev_discards_this(self, this):
        """701.9a: "When you discard this card": discards(Who, sel_self)."""
        return self._event("discards", this)

    def limit_first_during_your_turns(self):
        """"Whenever you gain life for the first time during each of your
        turns": during_turn(first_each_turn(E), you)."""
        return lambda term: fn("during_turn", fn("first_each_turn", term), const("you"))

    def ev_phases_out(self):
        """702.26a: phases_out(S)."""
        return self._event("phases_out")

    def ev_fights(self):
        """701.14a: "Whenever a creature you control fights": fights(S)."""
        return self._event("fights")

    def ev_returned_to_hand(self, whose):
        """"Whenever a permanent is returned to your hand" (Whose `you`; "a
        player's hand", "its owner's hand": `any`): returned_to_hand(S, Whose)
        (400.3: its owner's hand)."""
        return self._event("returned_to_hand", whose)

    def damaged_defending_player(self):
        return const("defending_player")

    def damaged_planeswalker(self):
        return const("planeswalker")

    def enchanted_player(self):
        return const("enchanted_player")

    def damaged_one_or_more_players(self):
        """"deal combat damage to one or more players": one_or_more_players
        (one event for all the players, 120.3)."""
        return const("one_or_more_players")

    def damaged_group(self, sel):
        """"Whenever this creature deals damage to a Vampire": the recipient a
        selector (120.3: a permanent of the group)."""
        return sel

    def ev_becomes_target_of_instant_or_sorcery(self):
        """115.9: "becomes the target of an instant or sorcery spell":
        becomes_target(S, instant_or_sorcery_spell)."""
        return self._event("becomes_target", const("instant_or_sorcery_spell"))

    def pev_sacrifice_self_or_another(self, this, sel):
        """"Whenever you sacrifice this artifact or another artifact":
        any_of((sacrifice(you,sel_self),sacrifice(you,S))), S with sel_other."""
        other = self.another_group(sel)
        def term(player):
            return fn("any_of", Function("", [fn("sacrifice", player, this), fn("sacrifice", player, other)]))
        term.event_name = "any_of"
        return term

    def pev_becomes_target_of_spell(self):
        """115.9: "Whenever you become the target of a spell":
        player_becomes_target(you, spell)."""
        return self._event("player_becomes_target", const("spell"))

    def attacked_player(self):
        return const("player")

    def tr_counters_put_one_or_more_limited(self, *args):
        """"Whenever one or more +1/+1 counters are put on this creature for
        the first time each turn": first_each_turn(one_or_more(counters_put(sel_self,"+1/+1")))."""
        *rest, limit = args
        (kind, term), = self.tr_counters_put_one_or_more(*rest)
        return [(kind, self._limited(limit, term))]

    def pev_cast_from_exile(self, sel, _words):
        """"Whenever you cast a spell from exile": cast_with(you, S, from_exile) (601.2a)."""
        return self._cast_with(sel, "from_exile")

    def chaos_ensues(self):
        return [("trigger", const("chaos_ensues"))]

    def beginning_of_each_combat(self):
        return [("trigger", fn("beginning_of", const("combat"), const("each_player")))]

    def end_of_each_combat(self):
        """511.2: "At end of combat" (every turn's): the end of combat step begins."""
        return [("trigger", fn("beginning_of", const("end_of_combat"), const("each_player")))]

    def end_of_combat_your_turn(self):
        """511.2: "At end of combat on your turn"."""
        return [("trigger", fn("beginning_of", const("end_of_combat"), const("you")))]
