"""Parse trees of grammar/oracle.lark to the facts of rules_asp/VOCABULARY.md.

One `Clauses` transformer reads one cost part or sentence of an ability.
Costs come back as cost terms, sentences as lists of `(predicate, args)`
for the ability (the driver adds the ability term and numbers the effects).
Selector constraints are collected in `facts`. Whatever the vocabulary
cannot say raises `NotUnderstood`: the text then stays unparsed.

Each file NAME.lark that oracle.lark imports has its transformer in
NAME.py; `Clauses` joins them as lark's `merge_transformers` does."""

import inspect
import re

from clingo import Function, Number, String
from lark import Token, Transformer, Tree, v_args
from lark.exceptions import GrammarError, VisitError
from lark.visitors import _VArgsWrapper

from .actions import Actions
from .conditions import condition as typed_condition
from .costs import Costs
from .effects import Effects
from .amounts import Amounts
from .layer_statics import LayerStatics
from .mana import Mana
from .reading import COLORS, SUBTYPES, NotUnderstood, Reading, const, each_optional, fn
from .replacement import Replacement, ThisTurn
from .selectors import Selectors
from .statics import Statics
from .targets import Targets
from .triggers import Triggers


@v_args(inline=True)
class Sentences(Reading):
    """The rules of oracle.lark itself: sentences, riders, keyword arguments."""

    def other_effect(self, *actions):
        """One or several actions: "You draw two cards and you lose 2 life",
        "Scry 2, then reveal the top card of your library"."""
        return ("other_effect", [c for a in actions for c in (a if isinstance(a, list) else [a])])

    def other_sentence(self, _self, _n):
        """"Then this enchantment intensifies by 1": the sentence after "Then"."""
        text = self.text[self.sentence_start:].strip().rstrip(".")
        text = re.sub(r"^then\s+", "", text, flags=re.IGNORECASE)
        return ("other_effect", [("effect", fn("other", String(text)))])

    def keyword_group(self, sel):
        return [("keyword_selector", sel)]

    def keyword_player(self):
        return [("keyword_selector", const("player"))]

    def keyword_color(self, color):
        return [("keyword_selector", self._selector([("sel_color", color)]))]

    def keyword_plus_number(self, n):
        return [("keyword_number", Number(int(n)))]

    def keyword_froms(self, *qualities):
        """"Protection from black and from red": a selector for each quality."""
        return [item for quality in qualities for item in quality]

    def keyword_monocolored(self):
        return [("keyword_selector", self._selector([("sel_monocolored", None)]))]

    def keyword_multicolored(self):
        return [("keyword_selector", self._selector([("sel_multicolored", None)]))]

    def keyword_everything(self):
        """702.16j: a selector with no constraint, which every object matches."""
        return [("keyword_selector", self._selector([]))]

    def keyword_each_color(self):
        """702.16h: from each of the five colors, one selector each."""
        return [("keyword_selector", self._selector([("sel_color", const(c))])) for c in COLORS.values()]

    def _keyword_group(self, nouns):
        """The group of a keyword's argument with its article: one object."""
        sel = self.group(nouns)
        if sel in self.plural_sels:
            raise NotUnderstood("a plural after an article")
        return sel

    def champion(self, nouns):
        """702.72a: "Champion a Goblin": what the permanent exiles."""
        return [("keyword_selector", self._keyword_group(nouns))]

    def gift_card(self):
        return [("keyword_gift", const("card"))]

    def gift_extra_turn(self):
        return [("keyword_gift", const("extra_turn"))]

    def gift_token(self, word, tapped=False):
        """702.174: "Gift a Food", "Gift an Octopus": a token of that subtype."""
        if word.value not in SUBTYPES:
            raise NotUnderstood(word.value)
        return [("keyword_gift", fn("tapped_token" if tapped else "token", const(SUBTYPES[word.value])))]

    def gift_tapped_token(self, word):
        return self.gift_token(word, True)

    def partner_with(self, rest):
        """702.124j: "Partner with Name": the name, as printed."""
        name = self._original(rest)
        if not name[:1].isupper() or name.endswith("."):
            raise NotUnderstood(name)
        return [("keyword_name", String(name))]

    def partner_text(self, rest):
        """702.124: "Partner—Friends forever": the words after the dash."""
        text = self._original(rest)
        if not text[:1].isupper() or text.endswith("."):
            raise NotUnderstood(text)
        return [("keyword_text", String(text))]

    def _keyword_cost(self, token):
        cost = self._original(token)
        return [("cost", fn("mana", String(cost))), ("keyword_cost", String(cost))]

    def splice(self, nouns, token):
        """702.47a: "Splice onto Arcane {1}{R}": the spells it is spliced onto, and its cost."""
        sel = self.group(nouns)
        self.facts.append(fn("sel_zone", sel, const("stack")))
        return [("keyword_selector", sel)] + self._keyword_cost(token)

    def craft(self, nouns, token):
        """702.167a: "Craft with artifact {3}{W}": one object of the group, and the cost."""
        return [("keyword_selector", self._keyword_group(nouns))] + self._keyword_cost(token)

    def color(self, token):
        return const(COLORS[token.value])

    def once_each_turn(self):
        return [("activation_restriction", const("once_each_turn"))]

    def once(self):
        """"Activate only once": once for this object (602.5b; a new object,
        400.7, may again)."""
        return [("activation_restriction", const("once"))]

    def activate_only(self, *limits):
        """602.5b: each limit of "Activate only ... and only ..." an activation_restriction."""
        return [clause for limit in limits for clause in limit]

    def _during(self, when):
        return [("activation_restriction", fn("during", const(when)))]

    def during_opponents_turn(self):
        return self._during("opponents_turn")

    def during_opponents_upkeep(self):
        return self._during("opponents_upkeep")

    def during_each_upkeep(self):
        return self._during("each_upkeep")

    def during_combat(self):
        return self._during("combat")

    def during_end_of_combat_step(self):
        return self._during("end_of_combat_step")

    def during_declare_attackers_step(self):
        return self._during("declare_attackers_step")

    def during_declare_blockers_step(self):
        return self._during("declare_blockers_step")

    def before_combat_damage_step(self):
        return [("activation_restriction", const("before_combat_damage_step"))]

    def instant_speed(self):
        return [("activation_restriction", const("instant_speed"))]

    def sorcery_speed(self):
        return [("activation_restriction", const("sorcery_speed"))]

    def any_player_sorcery_speed(self):
        return self.any_player_may_activate() + self.sorcery_speed()

    def only_if(self, condition):
        if re.search(r"\bonly\b", condition.value):  # "only if S, and only once each turn": more limits
            raise NotUnderstood(condition.value)
        return [("activation_restriction", typed_condition(self, "only_if", condition))]

    def spend_only(self, _rest):
        return [("spend_restriction", String(self.text.strip().rstrip(".")))]

    def one_shot(self, clauses):
        return ("spell", clauses)

    def static(self, clauses):
        """A static ability's sentence; one of grammar/replacement.lark lasting
        until end of turn is a spell's effect (as "until end of turn, ...")."""
        if isinstance(clauses, ThisTurn):
            return ("spell", list(clauses))
        return ("static", clauses)

    def until_end_of_turn(self, clauses):
        return ("spell", [("duration", const("end_of_turn"))] + clauses)

    def rider(self, clauses):
        return ("rider", clauses)

    def additional_cost(self, term):
        """601.2b: additional_cost(A, C); the spell's other abilities may
        speak of what it costs ("the sacrificed creature")."""
        return self._additional(term, self.text.split(",", 1)[1].strip())

    def additional_cost_either(self, first, second):
        """601.2b: "As an additional cost to cast this spell, sacrifice a creature
        or pay {3}{B}": additional_cost(A, any_of((C1, C2))), the caster's choice."""
        if any(sel == const("sel_self") for c in (first, second) for sel in c.arguments[:1]):
            raise NotUnderstood("this object as a cost of its own spell")
        return self._additional(fn("any_of", Function("", [first, second])), self.text.split(",", 1)[1].strip())

    def additional_cost_optional(self, term):
        text = self.text.split(",", 1)[1].split(None, 2)[2]  # the words after "you may"
        kind, clauses = self._additional(term, text)
        return kind, clauses + [("additional_cost_optional",)]

    def _additional(self, term, text):
        term = self._other_cost_words(term, text)  # other(S): S the cost's own words, not the sentence's
        self.additional = (term, text)
        return ("static", [("additional_cost", term)])

    def modal(self, counts):
        return ("spell", [("modal", *map(Number, counts))])

    def level_range(self, low, high):
        """711.2a: "LEVEL N1-N2"."""
        return fn("level", Number(int(low)), Number(int(high)))

    def level_at_least(self, low):
        """711.2b: "LEVEL N+"."""
        return fn("level_at_least", Number(int(low)))

    def level_box(self, power, toughness):
        return power, toughness

    def box_value(self, token):
        """A printed power or toughness: a number, or the string "*"."""
        return String(token.value) if token.value == "*" else Number(int(token.value))

    def modal_not_chosen(self, counts):
        """700.2: "Choose one that hasn't been chosen —": no mode this object's
        ability chose before (modes_not_chosen(A, ever))."""
        return ("spell", [("modal", *map(Number, counts)), ("modes_not_chosen", const("ever"))])

    def modal_not_chosen_this_turn(self, counts):
        return ("spell", [("modal", *map(Number, counts)), ("modes_not_chosen", const("this_turn"))])

    def modes_both_with_commander(self):
        """Up to two modes if its controller controls a commander as it is cast (903.3)."""
        return ("spell", [("modes_max_if", Number(2), fn("controls_a_commander", const("you")))])

    def modes_target_different_players(self):
        return ("spell", [("modes_target_different_players",)])

    def modes_repeatable(self):
        """700.2d: "You may choose the same mode more than once"."""
        return ("spell", [("modes_repeatable",)])

    def modes_exactly(self, n):
        return (n, n)

    def modes_one_or_both(self, n):
        if n != 1:
            raise NotUnderstood("or both")
        return (1, 2)

    def modes_or_more(self, n):
        return (n, -1)

    def modes_up_to(self, n):
        return (0, n)

    def modes_any_number(self):
        return (0, -1)

    def delayed_effect(self, clauses, when):
        """"Sacrifice it at the beginning of the next end step" (603.7); an
        action of no term keeps the sentence where other(S) may be."""
        if isinstance(clauses, tuple):  # other(S)
            return ("other_effect", [clauses, ("effect_delayed", when)])
        out = []
        for clause in clauses:
            out.append(clause)
            if clause[0] == "effect":
                out.append(("effect_delayed", when))
        return ("spell", out)

    def delayed_effect_first(self, when, clauses):
        """"At the beginning of the next end step, sacrifice it" (603.7): the
        time before the effect, as after it. A target there is the delayed
        ability's own, chosen as it triggers (603.7c): not read."""
        if any(f.name == "target" for f in self.facts):
            raise NotUnderstood("a target of the delayed triggered ability")
        return self.delayed_effect(clauses, when)

    def if_words(self, words):
        """The condition of "If S, <effect>" (oracle.lark's IF_CONDITION_WORDS:
        never a replacement's "If ... would ..., ... instead", 614, nor a
        target). The sentence begins after its comma."""
        self.sentence_start = words.end_pos + 1
        return typed_condition(self, "if", words)

    def when_you_do_words(self):
        """603.12: "<effect>. When you do, <effect>": a reflexive trigger.
        The sentence begins after its comma."""
        self.sentence_start = len("when you do,")
        return const("when_you_do")

    def when_you_do(self, condition, sentence):
        return self._conditional(condition, sentence)

    def if_condition(self, condition, sentence):
        return self._conditional(condition, sentence)

    def otherwise_words(self):
        """"Otherwise, <effect>": the sentence begins after its comma."""
        self.sentence_start = self.text.index(",") + 1
        return const("otherwise")

    def otherwise(self, condition, sentence):
        """effect_condition(A, I, otherwise): effect I happens only if the
        condition of the sentence before ("If it's a land card, ...") did not hold."""
        return self._conditional(condition, sentence)

    def if_instead(self, condition, sentence):
        """614.15: "If this spell was kicked, it deals 4 damage instead": each
        effect under if(S), and in place of the effects of the sentence
        before (the driver writes effect_instead_of(A, I, J) for each)."""
        kind, clauses = self._conditional(condition, sentence)
        return kind, [c for clause in clauses for c in
                      ([clause, ("effect_instead",)] if clause[0] == "effect" else [clause])]

    def if_instead_damage(self, condition, clauses):
        return self.if_instead(condition, ("spell", clauses))

    def instead_if_damage(self, clauses, condition):
        """"~ deals 4 damage instead if S": the condition after its effect."""
        self.sentence_start = 0
        return self.if_instead(condition, ("spell", clauses))

    @staticmethod
    def _conditional(condition, sentence):
        """The condition on each effect of a one-shot sentence (a granted
        keyword is an effect too): effect_condition after each of them."""
        kind, clauses = sentence
        if kind not in ("spell", "other_effect"):
            raise NotUnderstood(kind)
        out, seen = [], False
        for clause in clauses:
            if clause[0] in ("effect", "grant_keyword"):
                if seen:
                    out.append(("effect_condition", condition))
                seen = True
            out.append(clause)
        if not seen:
            raise NotUnderstood("no effect")
        return kind, out + [("effect_condition", condition)]

    # the subject an "As long as" condition begins with, which "it" of its sentence names
    IT_SUBJECT = re.compile(r"(this [a-z]+|~|enchanted [a-z]+|equipped [a-z]+)\s")

    def as_long_as_words(self, words):
        self.sentence_start = words.end_pos + 1
        subject = self.IT_SUBJECT.match(words.value)
        if subject is not None:  # its selector made only if "it" is read
            self.it_words = subject.group(1).split()
        return typed_condition(self, "as_long_as", words)

    def during_your_turn_words(self):
        return typed_condition(self, "as_long_as", "it is your turn")

    def during_your_turn(self, condition, sentence):
        return self._static_conditional(condition, sentence)

    def as_long_as(self, condition, sentence):
        kind, clauses = sentence
        if kind == "spell" and getattr(self, "it_words", None) is not None:
            sentence = ("static", self._it_static(clauses))
        return self._static_conditional(condition, sentence)

    def it_subject(self):
        """The selector of the condition's subject (once for the sentence)."""
        if getattr(self, "it_sel", None) is None and getattr(self, "condition_subject", None) is not None:
            self.it_sel = self.condition_subject  # the condition's own selector (grammar/conditions.py)
        if getattr(self, "it_sel", None) is None:
            first, *rest = self.it_words
            token = Token("WORD", rest[-1]) if rest else None
            self.it_sel = (self.this() if first in ("~", "this") else
                           self.enchanted(token) if first == "enchanted" else self.equipped(token))
        return self.it_sel

    def _it_static(self, clauses):
        """"As long as enchanted creature is white, it gets +1/+1 (it has
        flying)": read as an effect on "it", the condition's subject's."""
        if not self.text[self.sentence_start:].lstrip().lower().startswith("it "):
            raise NotUnderstood("it")
        out = []
        for clause in clauses:
            name, *args = clause
            if name == "effect" and args[0].name in ("modify_pt", "grant_ability") and args[0].arguments[0] == const("it"):
                out.append((name, fn(args[0].name, self.it_subject(), *args[0].arguments[1:])))
            elif name == "grant_keyword" and args[0] == const("it"):
                out.append((name, self.it_subject(), *args[1:]))
            else:
                raise NotUnderstood(name)
        return out

    ENTERING = ("enters_tapped", "enters_with_counters")
    COST_CHANGES = ("cost_change", "ability_cost_change", "may_pay_instead_of_mana_cost",
                     "may_cast_without_paying")

    def if_entering(self, condition, sentence):
        """614.1c: "If S, this object enters tapped (with counters)": a
        static ability's replacement effect on its own entering, applied only
        if S holds: effect_condition(A, I, if(S))."""
        kind, clauses = sentence
        effects = [c[1] for c in clauses if c[0] == "effect"]
        entering = getattr(self, "static_ability", False) and all(e.name in self.ENTERING for e in effects)
        # 601.2f, 602.2b: "If an opponent controls seven or more lands, this spell costs {4} less
        # to cast", as "This spell costs {4} less to cast if ..." (a spell's too: it applies on the stack)
        costs = all(e.name in self.COST_CHANGES for e in effects)
        if not effects or not (entering or costs):
            raise NotUnderstood("if")
        out = []
        for clause in clauses:
            out.append(clause)
            if clause[0] == "effect":
                out.append(("effect_condition", condition))
        return kind, out

    @staticmethod
    def _static_conditional(condition, sentence):
        """611.3a: effect_condition(A, I, as_long_as(S)) on each effect of a
        static sentence."""
        kind, clauses = sentence
        if kind != "static":
            raise NotUnderstood(kind)
        out = []
        for clause in clauses:
            out.append(clause)
            if clause[0] in ("effect", "grant_keyword"):
                out.append(("effect_condition", condition))
        return kind, out

    def any_player_may_activate(self):
        return [("activation_restriction", const("any_player"))]

    def only_during(self, word):
        """"Activate only during your turn (upkeep)"."""
        if word.value not in ("turn", "upkeep"):
            raise NotUnderstood(word.value)
        return [("activation_restriction", fn("during", const("your_" + word.value)))]

    def only_your_turn_before_attackers(self, word):
        """"Activate only during your turn, before attackers are declared":
        during the controller's turn and before its declare attackers step (508)."""
        if word.value != "turn":
            raise NotUnderstood(word.value)
        return [("activation_restriction", fn("during", const("your_turn"))),
                ("activation_restriction", const("before_attackers_declared"))]

    def triggers_once_each_turn(self):
        return [("trigger_limit", const("once_each_turn"))]

    def twice_each_turn(self):
        return self.times_each_turn(2)

    def flashback_cost_is_mana_cost(self, word=None):
        """702.34a: "The flashback cost is equal to its mana cost" after an effect
        that grants flashback (Sub, a keyword ability read on its own):
        granted_cost_is_mana_cost(A, Sub), the one ability the effects before granted."""
        if word is not None and word.value != "card's":
            raise NotUnderstood(word.value)
        subs = [t.arguments[1] for t in self.earlier_effects if t.name == "grant_ability"]
        if len(subs) != 1:
            raise NotUnderstood("no one granted ability")
        return [("granted_cost_is_mana_cost", subs[0])]

    def x_cant_be(self, n):
        """107.3a, 601.2b: "X can't be 0": x_cant_be(A, 0)."""
        return [("x_cant_be", Number(n))]

    def times_each_turn(self, n):
        """"Activate no more than twice each turn" (602.5b)."""
        return [("activation_restriction", fn("times_each_turn", Number(n)))]

    def action_once_each_turn(self):
        """"Do this only once each turn": the ability's optional action
        ("you may ...") is taken at most once each turn."""
        return [("action_limit", const("once_each_turn"))]

    def mana_kept_until_end_of_turn(self):
        """"Until end of turn, you don't lose this mana as steps and phases
        end": the mana A adds does not empty from its pool (106.4) until the
        turn ends."""
        return [("mana_kept", const("end_of_turn"))]

    def cast_only(self, condition):
        """"Cast this spell only during combat": when the spell may be cast
        (601.3), S the printed words after "only"."""
        return [("cast_restriction", typed_condition(self, "only", condition))]

    def one_shot_chain(self, *effects):
        """"Surveil 1, then draw a card": typed effects, and actions of no
        term (other(S)) which keep the sentence to the abilities that may
        have them."""
        clauses = [c for e in effects for c in (e if isinstance(e, list) else [e])]
        other = any(not isinstance(e, list) for e in effects)
        return ("other_effect" if other else "spell", clauses)

    def may_verb(self, clauses):
        """"..., then you may <effect>": that effect only is optional."""
        return each_optional(clauses)

    def may_one_shot(self, *effects):
        """"You may ...": each effect happens only if its player chooses so."""
        kind, clauses = self.one_shot_chain(*effects)
        return kind, each_optional(clauses)

    def _where_x(self, kind, clauses, quantity):
        """107.3c: each amount X of the effects is the quantity S (`other(S)`,
        `power(self)` for "this creature's power"). Only where the sentence's
        own words say X (not "any number of", also read as x) and every X is
        an amount of a typed effect."""
        head = self.text[:quantity.start_pos].rsplit(",", 1)[0]
        if not re.search(r"\bX\b", head) or re.search(r"any number of|one or more", head, re.IGNORECASE):
            raise NotUnderstood("where X")
        if re.search(r"\btargets?\b", quantity.value):
            raise NotUnderstood("a target in S")  # a target must be read as one (115.1)
        out, found = self._x_is(clauses, self._amount(quantity))
        if not found:
            raise NotUnderstood("no X")
        return kind, out

    def where_x(self, clauses, quantity):
        return self._where_x("spell", clauses, quantity)

    def until_end_of_turn_continuous(self, clauses):
        """"Until end of turn, creatures you control gain haste": the effects of
        a continuous sentence, each a one-shot effect's lasting until end of turn
        (611.2a, 611.2c), each with its effect_duration (not the whole ability's:
        other sentences of it may have effects that last); only effects."""
        if isinstance(clauses, ThisTurn) or any(c[0] not in ("effect", "grant_keyword") for c in clauses):
            raise NotUnderstood("until end of turn, <static>")
        return ("spell", [c for clause in clauses for c in (clause, ("effect_duration", const("end_of_turn")))])

    def until_end_of_turn_where_x(self, clauses, quantity):
        return self.until_end_of_turn(self._where_x("spell", clauses, quantity)[1])

    def where_x_chain(self, *rest):
        *effects, quantity = rest
        return self._where_x(*self.one_shot_chain(*effects), quantity)

    def may_where_x(self, *rest):
        *effects, quantity = rest
        return self._where_x(*self.may_one_shot(*effects), quantity)

    def for_as_long_as(self, clauses, duration):
        """611.2b: each effect of the sentence lasts for as long as the
        condition holds (effect_duration(A, I, for_as_long_as(C))); an
        effect with a duration of its own ("until end of turn") is not read."""
        out = []
        for clause in clauses:
            if clause[0] == "effect_duration":
                raise NotUnderstood("two durations")
            out.append(clause)
            if clause[0] in ("effect", "grant_keyword"):
                out.append(("effect_duration", duration))
        return ("spell", out)

    def may_for_as_long_as(self, clauses, duration):
        kind, out = self.for_as_long_as(clauses, duration)
        return self.may_one_shot(out)

    def _unless(self, clauses, condition):
        """Each effect of the clauses with effect_condition(A, I, unless(S)),
        S the condition's words; a target in S is not read as one: refused."""
        if re.search(r"\btargets?\b", condition.value):
            raise NotUnderstood("a target in the condition")
        unless = ("effect_condition", typed_condition(self, "unless", condition, self._original(condition).rstrip(".")))
        return [c for clause in clauses for c in ([clause, unless] if clause[0] == "effect" else [clause])]

    def effect_unless(self, clauses, condition):
        if any(c[0] not in ("effect", "effect_duration") for c in clauses):
            raise NotUnderstood("unless after a non-effect")
        return ("spell", self._unless(clauses, condition))

    def other_unless(self, action, condition):
        return ("other_effect", self._unless([action], condition))

    def may_other_effect(self, *actions):
        return ("other_effect", self.may_one_shot(*actions)[1])

    def player_may_one_shot(self, who, *effects):
        """"Its controller may search their library ...": each effect
        optional (effect_optional), its player Who (effect_player)."""
        kind, clauses = self.may_one_shot(*effects)
        return kind, self._acting(who, clauses)

    def player_may_other_effect(self, who, *actions):
        return ("other_effect", self._acting(who, self.may_one_shot(*actions)[1]))


def merged(top, **namespaces):
    """lark.visitors.merge_transformers on classes, once rather than for each
    piece read: rule R of NAME.lark (tree label NAME__R) is method R of
    NAME's class. The rules shared by several files keep their names, so
    the class also inherits each namespace's methods; a method name may
    belong to one namespace only."""
    attrs, owner = {}, {}
    for prefix, cls in namespaces.items():
        for name, value in vars(cls).items():
            if name.startswith("_") or not callable(value):
                continue
            if name in owner or name in vars(top):
                raise TypeError("%s.%s: also in %s" % (cls.__name__, name, owner.get(name, top.__name__)))
            owner[name] = cls.__name__
        for name in dir(cls):
            if not name.startswith("_") and name not in vars(Transformer) and callable(getattr(cls, name)):
                attrs[prefix + "__" + name] = next(c.__dict__[name] for c in cls.__mro__ if name in c.__dict__)
    methods = {label: value.base_func for label, value in attrs.items()}
    for cls in (top, *namespaces.values()):
        for name in dir(cls):
            value = inspect.getattr_static(cls, name)
            if isinstance(value, _VArgsWrapper) and name not in methods:
                methods[name] = value.base_func
    attrs["_methods"] = methods
    attrs["_call_userfunc"] = _call_userfunc
    attrs["transform"] = _transform
    return type("Clauses", (top, *namespaces.values()), attrs)


def _transform(self, tree):
    """Transformer.transform without its generators: each subtree's children
    first, then the subtree's method, as lark does (no method discards);
    _call_userfunc written out, one call less for each node."""
    children = [_transform(self, c) if type(c) is Tree else c for c in tree.children]
    method = self._methods.get(tree.data)
    if method is None:
        return self.__default__(tree.data, children, tree.meta)
    try:
        return method(self, *children)
    except GrammarError:
        raise
    except Exception as e:
        raise VisitError(tree.data, tree, e)


def _call_userfunc(self, tree, new_children=None):
    """Transformer._call_userfunc for methods of v_args(inline=True), called
    as the functions they are: lark's binds a new wrapper at each call."""
    children = tree.children if new_children is None else new_children
    method = self._methods.get(tree.data)
    if method is None:
        return self.__default__(tree.data, children, tree.meta)
    try:
        return method(self, *children)
    except GrammarError:
        raise
    except Exception as e:
        raise VisitError(tree.data, tree, e)


Clauses = merged(Sentences, selectors=Selectors, targets=Targets, costs=Costs, mana=Mana,
                 triggers=Triggers, effects=Effects, actions=Actions, statics=Statics,
                 replacement=Replacement, layer_statics=LayerStatics, amounts=Amounts)
