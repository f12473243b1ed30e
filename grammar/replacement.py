"""Transformer of grammar/replacement.lark: the facts of VOCABULARY.md's
'Replacement, prevention and "can't" effects on events (v3)'.

A sentence is an event clause (what would happen, to what) and what
happens instead; the two are read apart and checked against each other,
and whatever does not fit raises `NotUnderstood`: the whole sentence stays
unparsed. The shared selector words keep which selectors say "card" and
which a plural only (`card_sels`, `plural_sels` of grammar/selectors.py).

A sentence comes back as clauses for the driver: one `("effect", E)` with
E `replacement(Ev)`, `prevention(damage)` or `cant(Ev)`, then its
`("event_if", C)` conditions and `("event_do", M)` modifications."""

from dataclasses import dataclass, field

from clingo import Number, Symbol, SymbolType
from lark import Token, v_args

from .reading import NOUNS, PLURAL_NOUNS, NotUnderstood, Reading, const, fn

_SELF = const("sel_self")
# words of the sentences here that are no counter kind ("one or more more counters")
_NOT_KINDS = {"more", "get", "have", "additional", "those", "of", "each", "that", "many", "the",
              "a", "an", "any", "put", "be", "on", "counter", "counters", "plus", "minus", "twice"}


@dataclass
class _Event:
    """What an event clause says: its kind (for the outcome to check), its
    conditions, and what "it", "that player" refer back to."""
    kind: str
    conditions: list = field(default_factory=list)
    player: Symbol = None       # the player of "you would gain life"
    by_effect: bool = False     # "If an effect would ..."
    counter_kind: Symbol = None
    recipients: tuple = ()      # "player" / "object": what damage is dealt to
    duration: Symbol = None     # end_of_turn: "If a creature would die this turn"
    spell_effect: bool = False  # a spell's or an ability's effect, with no duration: "If that spell would ..."


class Optional(list):
    """The modifications of a "you may ... instead" (effect_optional)."""


class ThisTurn(list):
    """Clauses of an effect that lasts until end of turn ("Players can't
    gain life this turn"): a spell's or an ability's effect, not a static
    ability's (oracle.lark's `static`, grammar/transformer.py)."""


class ThisWay(ThisTurn):
    """Clauses of a spell's or an ability's effect on an object it spoke of
    before ("If that spell is countered this way, ...", "If that spell would be
    put into your graveyard, ..."): an effect of the ability, with no duration
    (not a static ability)."""


_END_OF_TURN = const("end_of_turn")


def _clauses(effect, conditions, modifications, duration=None):
    return ([("effect", effect)] + ([("effect_duration", duration)] if duration else [])
            + [("event_if", c) for c in conditions] + [("event_do", m) for m in modifications])


def _replacement(kind, conditions, modifications, duration=None):
    clauses = _clauses(fn("replacement", const(kind)), conditions, modifications, duration)
    return clauses[:1] + [("effect_optional",)] + clauses[1:] if isinstance(modifications, Optional) else clauses


@v_args(inline=True)
class Replacement(Reading):

    def _card(self, sel):
        """sel_not_token for a selector of "card(s)"."""
        if sel in self.card_sels and fn("sel_not_token", sel) not in self.facts:
            self.facts.append(fn("sel_not_token", sel))
        return sel

    def _plural(self, sel):
        if sel in self.singular:
            raise NotUnderstood("a singular noun without a determiner")
        return sel

    def _spell(self, sel):
        """A spell is on the stack (sel_zone stack), as a target "spell"."""
        if sel in self.spells:
            self.facts.append(fn("sel_zone", sel, const("stack")))
        return sel

    def kind(self, kind):
        if kind.string in _NOT_KINDS:
            raise NotUnderstood(kind.string)
        return kind

    # ------------------------------------------------------------- objects

    def an_object(self, sel):
        return sel

    def simple_object(self, nouns, *where):
        return self.group(nouns, *where)

    def simple_words(self, *tokens):
        return self.words(*tokens)

    def simple_one_of(self, *tokens):
        return self._one_of(*tokens)

    def simple_any_of(self, *tokens):
        return self.any_of(*tokens)

    def actor_self(self, this):
        return ("self", this)

    def a_card(self):
        return ("card", self._selector([("sel_not_token", None)]))

    def card_or_token(self):
        return ("card_or_token", self._selector([]))

    def owned_by_opponent(self, nouns):
        return ("owned", self._card(self.group(nouns)))

    def not_on_battlefield(self, nouns, _where):
        """"a creature card not on the battlefield": from any other zone (400.1)."""
        sel = self.group(nouns)
        if sel not in self.card_sels:
            raise NotUnderstood("not a card")
        return ("elsewhere", self._card(sel))

    def that_actor(self, *words):
        """"that creature (or planeswalker)": the object the ability spoke of
        before (`it`, as for the other effects)."""
        if len({w.value for w in words}) < len(words):
            raise NotUnderstood("a word said twice")
        for w in words:
            if w.value not in NOUNS or w.value in PLURAL_NOUNS:
                raise NotUnderstood(w.value)
        if [w.value for w in words] == ["spell"]:  # a spell is on the stack (400.7: only there)
            return ("that_spell", const("it"))
        return ("that", const("it"))

    def _damaged(self, nouns, condition):
        """"a creature dealt damage this way (by this creature this turn)":
        an object of the group (no card: on the battlefield) with a condition
        on the damage it was dealt, which events.lp does not check (the
        answer warns)."""
        sel = self.group(nouns)
        if sel in self.card_sels or sel in self.plural_sels:
            raise NotUnderstood("a card or a plural")
        return ("dealt", sel, condition)

    def dealt_damage_this_way(self, nouns):
        if not self._did_before("deal_damage"):
            raise NotUnderstood("this way")  # 608.2c: the ability's own earlier damage
        return self._damaged(nouns, const("dealt_damage_this_way"))

    def dealt_damage_by_this_turn(self, nouns, dealer):
        return self._damaged(nouns, fn("dealt_damage_this_turn_by", dealer[1] if isinstance(dealer, tuple) else dealer))

    def dealer_enchanted(self, word):
        self._one(word)
        return self.enchanted(word)

    def _source(self, tokens, extra):
        words = [t for t in tokens if isinstance(t, Token)]
        wheres = [c for c in tokens if isinstance(c, tuple)]
        if len(words) + len(wheres) < len([t for t in tokens if t is not None]):
            raise NotUnderstood("source")
        if any(w[0] != "sel_controller" for w in wheres):
            raise NotUnderstood("a source's zone")
        if len({w.value for w in words}) < len(words):
            raise NotUnderstood("a word said twice")
        constraints = [self._adjective(w.value) for w in words] + extra + wheres
        return ("source", self._selector(constraints) if constraints else None)

    def a_source(self, *tokens):
        return self._source(tokens, [])

    def another_source(self, *tokens):
        return self._source(tokens, [("sel_other", None)])

    def _object_of(self, actor, allowed):
        """(kind, selector) of an actor, if of a kind the event can have."""
        if isinstance(actor, Symbol):
            actor = ("object", actor)
        if actor[0] not in allowed:
            raise NotUnderstood(actor[0])
        return actor

    # ----------------------------------------------------------- counters

    def _counters_event(self, items, by_effect):
        kind = next((i for i in items if isinstance(i, Symbol) and i.type == SymbolType.String), None)
        sel = self._card(items[-1])
        conditions = ([const("by_effect")] if by_effect else []) + (
            [fn("counter_kind", kind)] if kind is not None else []) + [fn("affected", sel)]
        return _Event("put_counters", conditions, by_effect=by_effect, counter_kind=kind,
                      recipients=("object",))

    def effect_puts(self, *items):
        return self._counters_event(items, True)

    def are_put(self, *items):
        return self._counters_event(items, False)

    def player_puts(self, player, *items):
        """"If you would put one or more counters on a permanent you
        control": by_player, the player who puts them."""
        kind = next((i for i in items if isinstance(i, Symbol)), None)
        recipients = self._recipients([i for i in items if not isinstance(i, Symbol)])
        return _Event("put_counters", [fn("by_player", player)] + (
            [fn("counter_kind", kind)] if kind is not None else []) + self._recipient_conditions(recipients),
            player=player, counter_kind=kind, recipients=tuple(k for k, _ in recipients))

    def player_gets(self, player):
        return _Event("put_counters", [fn("affected_player", player)], player=player,
                      recipients=("player",))

    def twice_that(self):
        return fn("multiply", Number(2))

    def times_that(self, n):
        if n < 2:
            raise NotUnderstood("times")
        return fn("multiply", Number(n))

    def plus(self, n):
        return fn("add", Number(n))

    def minus(self, n):
        return fn("subtract", Number(n))

    def each_kind(self):
        return const("each_kind")

    def _that_object(self, words, event):
        """"on it", "on that creature": the object the event is about."""
        if event.recipients != ("object",):
            raise NotUnderstood("not one object")
        for w in words:
            if w.value not in NOUNS or w.value in PLURAL_NOUNS:
                raise NotUnderstood(w.value)

    def it_puts(self, how, *words):
        return ("it_puts", how, None, words)

    def are_put_instead(self, how, counters, *words):
        return ("are_put", how, counters, words)

    def minus_put(self, kind, n, *words):
        return ("are_put", fn("subtract", Number(n)), kind, words)

    def you_get_instead(self, how):
        return ("you_get", how, const("each_kind"), ())

    def put_instead(self, how, counters, *words):
        return ("you_put", how, counters, words)

    def they_put_half(self, counters, *items):
        *words, rounding = items
        return ("they_put", fn("divide", Number(2), rounding), counters, words)

    def counters(self, event, outcome):
        form, how, counters, words = outcome
        if form == "it_puts" and not event.by_effect:
            raise NotUnderstood("\"it\" with no effect")
        if form == "you_get":
            if event.player != const("you") or "by_player" in [c.name for c in event.conditions]:
                raise NotUnderstood("you get")
        elif form == "you_put":  # "put ... on that permanent or player": you put them, on the same
            if fn("by_player", const("you")) not in event.conditions:
                raise NotUnderstood("you put")
            self._same_recipients([w.value for w in words], event)
        elif form == "they_put":  # "they put ...": the opponent who would put them
            if fn("by_player", const("opponent")) not in event.conditions:
                raise NotUnderstood("they put")
            self._same_recipients([w.value for w in words], event)
        else:
            self._that_object(words, event)
        if counters is not None and counters != const("each_kind") and counters != event.counter_kind:
            raise NotUnderstood("other counters")
        if counters == const("each_kind") and event.counter_kind is not None:
            raise NotUnderstood("each kind of one kind")
        return _replacement("put_counters", event.conditions, [how])

    # ------------------------------------------------------------- tokens

    def effect_creates(self, *under):
        return _Event("create_tokens", [const("by_effect")] + (
            [fn("affected_player", const("you"))] if under else []), by_effect=True)

    def are_created(self, *under):
        return _Event("create_tokens", [fn("affected_player", const("you"))] if under else [])

    def player_creates(self, player):
        """"If an opponent would create one or more tokens": the player under
        whose control they would be created (111.2)."""
        return _Event("create_tokens", [fn("affected_player", player)], player=player)

    def they_create_half(self, rounding):
        return ("they", fn("divide", Number(2), rounding))

    def it_creates(self, how):
        return ("it", how)

    def are_created_instead(self, how):
        return ("are", how)

    def tokens(self, event, outcome):
        form, how = outcome
        if form == "it" and not event.by_effect:
            raise NotUnderstood("\"it\" with no effect")
        if (form == "they") != (event.player is not None and event.player != const("you")):
            raise NotUnderstood("they create")
        return _replacement("create_tokens", event.conditions, [how])

    # ------------------------------------------------------------- damage

    def to_you(self):
        return [("player", const("you"))]

    def to_opponent(self):
        return [("player", const("opponent"))]

    def to_any_player(self):
        return [("player", const("any"))]

    def to_permanent_or_player(self):
        return [("object", self._selector([])), ("player", const("any"))]

    def to_permanent(self, *where):
        return [("object", self._selector([w for w in where if w]))]

    def to_object(self, sel):
        return [("object", sel)]

    @staticmethod
    def _one(word):
        """"enchanted creature": the one the source enchants; "enchanted
        creatures" would be every creature an Aura enchants."""
        if word.value in PLURAL_NOUNS:
            raise NotUnderstood(word.value)

    def to_enchanted(self, word):
        self._one(word)
        return [("object", self.enchanted(word))]

    def to_equipped(self, word):
        self._one(word)
        return [("object", self.equipped(word))]

    def to_target(self, target):
        """"target creature" of a spell's or an ability's prevention: the
        object it targets (115.1), never a player (not read where the target
        may be one)."""
        sel = self.target_sels[target][0] if target in self.target_sels else None
        kinds = {f.name for f in self.facts if f.arguments and f.arguments[0] == sel}
        if sel is None or not kinds & {"sel_type", "sel_type_in"} or kinds & {"sel_any_target", "sel_player", "sel_opponent",
                                                                               "sel_any_of"}:
            raise NotUnderstood("a target that may be a player")
        return [("object", target)]

    def to_it(self, *words):
        """"it", "that creature": the object the ability spoke of before
        (events.lp: what the effect refers to, its target; limits.lp marks
        the others unmodelled)."""
        for w in words:
            if w.value not in NOUNS or w.value in PLURAL_NOUNS:
                raise NotUnderstood(w.value)
        return [("object", const("it"))]

    def chosen_source(self, *words):
        """609.7a: "a source of your choice": chosen as the effect is created,
        `chosen_source(Sel)` (Sel what it may be: "a red source" `sel_color`);
        events.lp does not choose it (the answer warns)."""
        if len({w.value for w in words}) < len(words):
            raise NotUnderstood("a word said twice")
        sel = self._selector([self._adjective(w.value) for w in words])
        return [("object", fn("chosen_source", sel))]

    def to_those(self, word):
        """"those creatures": the objects spoken of before, as "it"."""
        if word.value not in PLURAL_NOUNS:
            raise NotUnderstood(word.value)
        return [("object", const("it"))]

    def source_to(self, source, *items):
        """"<source> would deal [to R] [this turn]": the source's damage."""
        parts, duration = self._split_turn(items)
        to = parts[0] if parts else []
        return [self._recipient_conditions(to) + [fn("source", s) for _, s in source]], duration

    def to_him(self):
        """"him": the card itself (a Gideon's "Prevent all damage that would
        be dealt to him this turn"), no other object in Oracle text."""
        return [("object", _SELF)]

    def to_group(self, sel):
        return [("object", self._plural(sel))]

    @staticmethod
    def _recipients(items):
        out = []
        for item in items:
            out.extend([("object", item)] if isinstance(item, Symbol) else item)
        return out

    def _recipient_conditions(self, recipients):
        return [fn("affected_player", x) if kind == "player" else fn("affected", x)
                for kind, x in recipients]

    def damage_kind(self, token):
        return ("damage_kind", const(token.value))

    def damage_event(self, actor, *rest):
        kind, sel = self._object_of(actor, ("object", "self", "source"))
        conditions = [fn("source", self._spell(sel))] if sel is not None else []
        combat = [r[1] for r in rest if isinstance(r, tuple)]
        recipients = self._recipients([r for r in rest if not isinstance(r, tuple)])
        conditions += combat + self._recipient_conditions(recipients)
        return _Event("damage", conditions, recipients=tuple(k for k, _ in recipients))

    def double(self):
        return fn("multiply", Number(2))

    def triple(self):
        return fn("multiply", Number(3))

    def damage_outcome(self, change, *words):
        return (change, [w.value for w in words])

    @staticmethod
    def _same_recipients(words, event):
        """"that permanent or player": the recipients of the event, no other."""
        said = {"player" if w in ("player", "opponent") else "object" if w in NOUNS else w
                for w in words}
        if said != set(event.recipients) or len(words) != len(event.recipients):
            raise NotUnderstood("to that ...")

    def damage(self, event, outcome):
        change, words = outcome
        if words:
            self._same_recipients(words, event)
        return _replacement("damage", event.conditions, [change])

    def prevent_some(self, event, n):
        return _clauses(fn("prevention", const("damage")), event.conditions,
                        [fn("prevent", fn("n", Number(n)))])

    def rounding(self, token):
        return const(token.value)

    def prevent_half(self, event, rounding):
        """"prevent half that damage, rounded up": prevents N/2 rounded up (615.1)."""
        return _clauses(fn("prevention", const("damage")), event.conditions,
                        [fn("prevent", fn("divide", Number(2), rounding))])

    def half_damage_outcome(self, rounding, *words):
        """"it deals half that damage, rounded down, to that permanent or player instead"."""
        return (fn("divide", Number(2), rounding), [w.value for w in words])

    def prevent_to(self, *recipients):
        out = self._recipients(recipients)
        if any(isinstance(x, Symbol) and x.type == SymbolType.Function and x.name == "chosen_source" for _, x in out):
            raise NotUnderstood("damage dealt to a source")
        return out

    def by_object(self, obj):
        return [("source", sel) for _, sel in obj]

    def by_group(self, sel):
        return [("source", self._spell(self._plural(sel)))]

    def this_turn(self):
        return _END_OF_TURN

    @staticmethod
    def _split_turn(items):
        """The parts of a sentence, and end_of_turn if it said "this turn"."""
        parts = [i for i in items if not isinstance(i, Symbol)]  # the others are lists
        return parts, (_END_OF_TURN if len(parts) < len(items) else None)

    def to_by(self, *items):
        (to, *by), duration = self._split_turn(items)
        by = by[0] if by else []
        return [self._recipient_conditions(to) + [fn("source", s) for _, s in by]], duration

    def by_only(self, *items):
        (by,), duration = self._split_turn(items)
        return [[fn("source", s) for _, s in by]], duration

    def to_and_by(self, *items):
        """"dealt to and dealt by X": two prevention effects."""
        (obj,), duration = self._split_turn(items)
        (_, sel), = obj
        return [[fn("affected", sel)], [fn("source", sel)]], duration

    @staticmethod
    def _referring(groups, duration):
        """`it` and `target(K)` are what a spell's or an ability's effect
        refers to (events.lp): not read in an effect with no duration (a
        static ability's "it" is its own object)."""
        if duration is None and any(c.arguments[0] == const("it") or c.arguments[0].name == "target"
                                    for conditions in groups for c in conditions
                                    if c.name in ("affected", "source")):
            raise NotUnderstood("it of a static ability")

    def _prevent_all(self, prevented, extra):
        groups, duration = prevented
        self._referring(groups, duration)
        out = []
        for conditions in groups:
            out += _clauses(fn("prevention", const("damage")), extra + conditions,
                            [fn("prevent", const("all"))], duration)
        return ThisTurn(out) if duration else out

    def prevent_all(self, prevented):
        return self._prevent_all(prevented, [])

    def prevent_all_combat(self, prevented):
        return self._prevent_all(prevented, [const("combat")])

    def prevent_all_noncombat(self, prevented):
        return self._prevent_all(prevented, [const("noncombat")])

    def _redirect(self, prevented, extra, to, change):
        """614.9: the damage of the event is dealt to the object `to` instead
        (a `redirect_damage(O)`, or `redirect_next_damage(N, O)` for the next N
        of it): events.lp does not apply it (the answer warns)."""
        groups, duration = prevented
        self._referring(groups, duration)
        ((_, new),) = to
        if len(groups) != 1:
            raise NotUnderstood("two events")
        if any(c == fn("affected", new) for c in groups[0]):
            raise NotUnderstood("dealt to itself")
        out = _replacement("damage", extra + groups[0], [change(new)], duration)
        return ThisTurn(out) if duration else out

    def redirect_all(self, prevented, to):
        return self._redirect(prevented, [], to, lambda new: fn("redirect_damage", new))

    def redirect_all_combat(self, prevented, to):
        return self._redirect(prevented, [const("combat")], to, lambda new: fn("redirect_damage", new))

    def redirect_next(self, n, prevented, to):
        if n < 1:
            raise NotUnderstood("the next 0 damage")
        return self._redirect(prevented, [], to, lambda new: fn("redirect_next_damage", Number(n), new))

    def _cant_prevent(self, items, extra):
        """"Damage [that would be dealt ...] can't be prevented [this turn]" (615.12):
        the prevention effects on that damage prevent none of it."""
        prevented = [i for i in items if isinstance(i, tuple)]
        groups, duration = prevented[0] if prevented else ([[]], None)
        if _END_OF_TURN in items:
            if duration:
                raise NotUnderstood("this turn twice")
            duration = _END_OF_TURN
        self._referring(groups, duration)
        out = []
        for conditions in groups:
            out += _clauses(fn("cant", fn("prevention", const("damage"))), extra + conditions, [], duration)
        return ThisTurn(out) if duration else out

    def cant_prevent(self, *items):
        return self._cant_prevent(items, [])

    def cant_prevent_combat(self, *items):
        return self._cant_prevent(items, [const("combat")])

    def tokens_under_your_control(self, duration=None):
        """Crafty Cutpurse: "each token that would be created under an
        opponent's control this turn is created under your control instead"
        (616.1b: an effect on who controls it as it enters)."""
        clauses = _replacement("create_tokens", [fn("affected_player", const("opponent"))],
                               [fn("redirect", const("you"))], duration)
        return ThisTurn(clauses) if duration else clauses

    def enters_under_your_control(self, actor, duration=None):
        """Gather Specimens: "If a creature would enter the battlefield under an
        opponent's control this turn, it enters under your control instead"
        (616.1b: an effect on who controls it as it enters; the player it
        would enter under is checked as the event now is, `entering_under`)."""
        _kind, sel = self._object_of(actor, ("object",))
        clauses = _replacement("enters", [fn("affected", sel), fn("entering_under", const("opponent"))],
                               [fn("redirect", const("you"))], duration)
        return ThisTurn(clauses) if duration else clauses

    # --------------------------------------------------------- life, draw

    def life_event(self, player):
        return _Event("gain_life", [fn("affected_player", player)], player=player)

    def gainer_you(self):
        return const("you")

    def gainer_that(self):
        return const("that_player")

    def no_life(self):
        return const("nothing")

    def life_outcome(self, gainer, change):
        return (gainer, change)

    def _same_player(self, event, said):
        """"you gain": the event's player is you; "that player": another."""
        if (said == const("you")) != (event.player == const("you")):
            raise NotUnderstood("another player")

    def life(self, event, outcome):
        gainer, change = outcome
        self._same_player(event, gainer)
        return _replacement("gain_life", event.conditions, [change])

    def becomes_loss(self):
        """"that player loses that much life instead": the gain becomes a loss
        of the same number, an event of another kind (614.6)."""
        return (const("that_player"), fn("becomes", const("lose_life")))

    def in_your_turn(self):
        """"during your turn" of a loss event: a condition of the event, not of a sentence."""
        return fn("turn", const("you"))

    def loss_event(self, player, *during):
        return _Event("lose_life", [fn("affected_player", player)] + list(during), player=player)

    def loss_outcome(self, loser, change):
        return (loser, change)

    def loss_replacement(self, event, outcome):
        loser, change = outcome
        self._same_player(event, loser)
        return _replacement("lose_life", event.conditions, [change])

    def draw_event(self, player, *except_first):
        """"If you would draw a card except the first one you draw in each of
        your draw steps": the pronouns are the player's."""
        if except_first and except_first[0] != {const("you"): ("you", "your"),
                                                 const("opponent"): ("they", "their"),
                                                 const("any"): ("they", "their")}.get(player):
            raise NotUnderstood("whose draw step")
        return _Event("draw", [fn("affected_player", player)] + (
            [const("not_first_in_draw_step")] if except_first else []), player=player)

    def except_first(self, pronoun, possessive):
        return (pronoun.value, possessive.value)

    def draw_instead(self, n, noun):
        """"If you would draw a card, draw two cards instead": a draw of one
        card (121.2) has n times its cards."""
        if n < 2 or noun.value != "cards":
            raise NotUnderstood("draw")
        return (const("you"), fn("multiply", Number(n)))

    def skip_draw_that(self):
        return (const("that_player"), const("nothing"))

    def skip_draw_you(self):
        return (const("you"), const("nothing"))

    def may_skip_draw(self):
        return (const("you"), const("nothing"), True)

    def redirect_draw(self):
        """"instead that player skips that draw and you draw a card": the
        draw is the effect's controller's instead (614.1a), card for card."""
        return (const("that_player"), fn("redirect", const("you")))

    def would_draw(self, event, outcome):
        who, change, *optional = outcome
        self._same_player(event, who)
        clauses = _replacement("draw", event.conditions, [change])
        return clauses[:1] + [("effect_optional",)] + clauses[1:] if optional else clauses

    # ------------------------------------------------------- zone changes

    def would_die(self, actor, duration=None):
        if isinstance(actor, tuple) and actor[0] == "dealt":
            # "this way": a spell's or an ability's effect, its replacement
            # for this turn ("would die this turn"); "this turn" said once
            _kind, sel, condition = actor
            if (condition.name == "dealt_damage_this_way") != (duration is not None):
                raise NotUnderstood("this turn")
            return _Event("zone_change", [fn("affected", sel), condition, fn("from_zone", const("battlefield")),
                                          fn("to_zone", const("graveyard"))], duration=duration)
        kind, sel = self._object_of(actor, ("object", "self", "owned", "that"))
        return _Event("zone_change", [fn("affected", sel), fn("from_zone", const("battlefield")),
                                      fn("to_zone", const("graveyard"))] + (
            [fn("owner", const("opponent"))] if kind == "owned" else []), duration=duration)

    def into_graveyard(self, actor, owner, duration=None):
        kind, sel = self._object_of(actor, ("object", "self", "card", "card_or_token", "owned",
                                            "elsewhere"))
        conditions = [fn("affected", self._card(sel))] + (
            [fn("from_zone", const(z)) for z in ("library", "hand", "stack", "exile", "command")]
            if kind == "elsewhere" else []) + [fn("to_zone", const("graveyard"))]
        if kind == "owned":
            conditions.append(fn("owner", const("opponent")))
        if owner is not None:
            if kind == "owned":
                raise NotUnderstood("two owners")
            conditions.append(owner)
        return _Event("zone_change", conditions, duration=duration)

    def into_graveyard_from_elsewhere(self, actor, owner):
        """Without "from anywhere": only of a card "not on the battlefield"
        (else it would say from where), or of the ability's own permanent
        ("If this permanent would be put into a graveyard"): a permanent's
        static ability functions on the battlefield (113.6), it moves from there."""
        kind, sel = self._object_of(actor, ("elsewhere", "self", "that_spell"))
        if kind == "that_spell":
            # "If that spell would be put into your graveyard" (after "You may
            # cast target instant card ..."): the spell, from the stack
            return _Event("zone_change", [fn("affected", sel), fn("from_zone", const("stack")),
                                          fn("to_zone", const("graveyard"))] + ([owner] if owner is not None else []),
                          spell_effect=True)
        event = self.into_graveyard(actor, owner)
        if kind == "self":
            event.conditions.insert(1, fn("from_zone", const("battlefield")))
        return event

    @staticmethod
    def _graveyard(zone):
        if zone.value != "graveyard":
            raise NotUnderstood(zone.value)

    def a_graveyard(self, zone):
        self._graveyard(zone)
        return None

    def your_graveyard(self, zone):
        self._graveyard(zone)
        return fn("owner", const("you"))

    def opponents_graveyard(self, zone):
        self._graveyard(zone)
        return fn("owner", const("opponent"))

    @staticmethod
    def _moved(words):
        """"it", "that card": the object that would move."""
        for w in words:
            if w.value not in NOUNS or w.value in PLURAL_NOUNS:
                raise NotUnderstood(w.value)

    def exile_instead(self, *words):
        self._moved(words)
        return [fn("to_zone", const("exile"))]

    def exile_and_create(self, *items):
        *words, count, token = items
        self._moved(words)
        return [fn("to_zone", const("exile")),
                fn("also", fn("create_token", self._count_amount(count), token))]

    @staticmethod
    def _library(zone):
        if zone.value != "library":
            raise NotUnderstood(zone.value)
        return [fn("to_zone", const("library"))]

    def library_instead(self, *items):
        """"put it on top of (on the bottom of) its owner's library instead"
        (the library the card goes to is its owner's, 400.3)."""
        *words, zone = items
        self._moved(words)
        return self._library(zone)

    def shuffle_instead(self, *items):
        """"shuffle it into its owner's library instead" (701.24a: the card goes
        to its owner's library, 400.3, which is then shuffled)."""
        *words, zone = items
        self._moved(words)
        return self._library(zone)

    def reveal_shuffle_instead(self, _this, *items):
        """Colossus: "reveal ~ and shuffle it into its owner's library instead"
        (revealing, 701.20a, changes no zone)."""
        return self.shuffle_instead(*items)

    def may_library_instead(self, *items):
        return Optional(self.library_instead(*items))

    def discard_to_library(self, library, graveyard):
        """Library of Leng: "If an effect causes you to discard a card, discard
        it, but you may put it on top of your library instead of into your
        graveyard": the discard (701.9a) is still one, to the library (not
        as a cost: by an effect)."""
        self._graveyard(graveyard)
        return _replacement("discard", [fn("affected_player", const("you")), const("by_effect"),
                                        fn("to_zone", const("graveyard"))],
                            Optional(self._library(library)))

    def zone_change(self, event, modifications):
        clauses = _replacement("zone_change", event.conditions, modifications, event.duration)
        if event.spell_effect:
            return ThisWay(clauses)
        return ThisTurn(clauses) if event.duration else clauses

    def countered_event(self, noun):
        """701.6a: the spell countered by the ability's own "counter" effect
        (`affected(it)`), put from the stack into its owner's graveyard."""
        if noun.value != "spell":
            raise NotUnderstood(noun.value)
        return _Event("zone_change", [fn("affected", const("it")), fn("from_zone", const("stack")),
                                      fn("to_zone", const("graveyard")), const("countered_this_way")])

    def exile_instead_of_graveyard(self, *items):
        *words, zone = items
        self._graveyard(zone)
        self._moved(words)
        return [fn("to_zone", const("exile"))]

    def library_instead_of_graveyard(self, *items):
        """Memory Lapse: "put it on top of its owner's library instead of into
        that player's graveyard" (the countered spell's owner's, 400.3)."""
        *words, library, graveyard = items
        self._graveyard(graveyard)
        self._moved(words)
        return self._library(library)

    def hand_instead_of_graveyard(self, *items):
        """Remand: "put it into its owner's hand instead of into that player's graveyard"."""
        *words, hand, graveyard = items
        self._graveyard(graveyard)
        self._moved(words)
        if hand.value != "hand":
            raise NotUnderstood(hand.value)
        return [fn("to_zone", const("hand"))]

    def countered_instead(self, event, modifications):
        return ThisWay(_replacement("zone_change", event.conditions, modifications))

    def enter_event(self, actor):
        """"If a nontoken creature would enter and it wasn't cast" (of other
        objects: not the entering object's own)."""
        _kind, sel = self._object_of(actor, ("object",))
        return _Event("enters", [fn("affected", sel), const("not_cast")])

    def enters_instead(self, event, modifications):
        return _replacement("enters", event.conditions, modifications)

    def zone_change_either(self, first, second, modifications):
        """"If X would die or Y would be put into a graveyard, exile that
        card instead": one replacement effect for each event."""
        if first.duration or second.duration:
            raise NotUnderstood("this turn")
        return (_replacement("zone_change", first.conditions, modifications)
                + _replacement("zone_change", second.conditions, modifications))

    # -------------------------------------------------------------- can't

    def any_players(self):
        return const("any")

    def opponents(self):
        return const("opponent")

    def you_alone(self):
        return const("you")

    def player_event(self, *tokens):
        return const({"gain": "gain_life", "get": "put_counters", "draw": "draw"}[tokens[0].value])

    def _cant(self, event, conditions, duration=None):
        clauses = _clauses(fn("cant", event), conditions, [], duration)
        return ThisTurn(clauses) if duration else clauses

    def cant_player(self, who, event, duration=None):
        return self._cant(event, [fn("affected_player", who)], duration)

    def cant_draw_more(self, who, number, noun):
        """"Each player can't draw more than one card each turn": a "can't" on
        the draws of a player past the first N of the turn (N >= 1, checked
        against the top-level `drawn_this_turn`)."""
        if noun.value != ("card" if number == 1 else "cards"):
            raise NotUnderstood(noun.value)
        return self._cant(const("draw"), [fn("affected_player", who), fn("more_than_each_turn", Number(number))])

    def cant_life_change(self):
        """"Your life total can't change": you can't gain life (119.7) and can't
        lose life (119.8), two "can't" effects."""
        return (self._cant(const("gain_life"), [fn("affected_player", const("you"))])
                + self._cant(const("lose_life"), [fn("affected_player", const("you"))]))

    def cant_player_counters(self, who, kind, duration=None):
        """"You can't get poison counters"."""
        return self._cant(const("put_counters"), [fn("affected_player", who), fn("counter_kind", kind)],
                          duration)

    def cant_counters_on(self, sel):
        return self._cant(const("put_counters"), [fn("affected", self._plural(sel))])

    def cant_have_counters(self, sel, *kind):
        return self._cant(const("put_counters"), [fn("affected", sel)] + [
            fn("counter_kind", k) for k in kind])

    def in_zones(self, *words):
        zones = {"graveyards": "graveyard", "libraries": "library", "hands": "hand"}
        if any(w.value not in zones for w in words) or len({w.value for w in words}) < len(words):
            raise NotUnderstood("zones")
        return [fn("from_zone", const(zones[w.value])) for w in words]

    def cant_enter(self, nouns, zones):
        sel = self._card(self._plural(self.group(nouns)))
        return self._cant(const("enters"), [fn("affected", sel)] + zones)

    # --------------------------------------------------- others entering

    def each(self, sel):
        if sel in self.plural_sels:
            raise NotUnderstood("each with a plural")
        return sel

    def plural(self, sel):
        return self._plural(sel)

    def _parts(self, tokens):
        """The WORD tokens of a list, cut at each "," or "and" between them."""
        parts = [[tokens[0]]]
        for before, word in zip(tokens, tokens[1:]):
            gap = self.text[before.end_pos:word.start_pos]
            if gap.strip():
                parts.append([])
            parts[-1].append(word)
        return parts

    def _union(self, parts, where):
        """"Creatures and nonbasic lands your opponents control": the objects
        of either part; plural card types alone are a type list."""
        readings = [self._words(*part) for part in parts]
        if any(("singular", None) in r for r in readings):
            raise NotUnderstood("a singular noun without a determiner")
        readings = [[c for c in r if c[0] != "spell"] for r in readings]
        if all(len(r) == 1 and r[0][0] == "sel_type" for r in readings):
            constraints = [("sel_type_in", r[0][1]) for r in readings]
        else:
            constraints = [("sel_any_of", self._selector(r)) for r in readings]
        return self._selector(constraints + ([where] if where else []))

    def union(self, *items):
        *tokens, where = items
        return self._union(self._parts(tokens), where)

    def union_list(self, *items):
        *tokens, where = items
        parts = self._parts(tokens)
        if any(len(p) != 1 for p in parts) or len({t.value for t in tokens}) < len(tokens):
            raise NotUnderstood("a list of types")
        return self._union(parts, where)

    @staticmethod
    def _entering(items, modification):
        """"(This turn,) <objects> enter tapped (with ...)"."""
        duration = items[0] if items[0] == _END_OF_TURN else None
        sel = items[-1] if duration is None else items[1]
        clauses = _replacement("enters", [fn("affected", sel)], [modification], duration)
        return ThisTurn(clauses) if duration else clauses

    def others_enter_as_copy(self, sel, this):
        """"Creatures you control enter as a copy of this creature": a copy
        effect as they enter (616.1c, 707.2), of this object."""
        return _replacement("enters", [fn("affected", sel)], [fn("as_copy", this)])

    def others_enter_tapped(self, *items):
        return self._entering(items, const("enters_tapped"))

    def others_enter_with(self, *items):
        *items, kind = items
        return self._entering(items, fn("enters_with_counters", kind, Number(1)))
