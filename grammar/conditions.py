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
from .reading import NotUnderstood, Reading, const, fn
from .selectors import Selectors

YOU = const("you")
_LOCATED = ("sel_controller", "sel_controlled_by", "sel_zone")


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

    # how many objects a selector selects
    def _where(self, sel, pred, who):
        """The selector with its controller (a selector of the text's own
        controller or zone is refused: "you control a card in your graveyard")."""
        if not isinstance(sel, type(YOU)) or any(
                f.name in _LOCATED and f.arguments[0] == sel for f in self.facts):
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
        if any(f.arguments[0] == sel for f in self.facts if f.name in _LOCATED):
            raise NotUnderstood("a located selector")
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

    def there_are_at_least(self, n, sel):
        return fn("count_at_least", self._zoned(sel), Number(n))

    def there_is_one(self, sel):
        """"there's a Lesson card in your graveyard"."""
        return fn("count_at_least", self._zoned(sel), Number(1))

    def there_are_none(self, sel):
        return fn("count_at_most", self._zoned(sel), Number(0))

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

    def poison_at_least(self, player, n):
        """122.1f: counters on a player, as on an object."""
        return fn("counters_at_least", player, String("poison"), Number(n))

    # an object's status, combat state and characteristics
    def is_state(self, obj, state):
        self.subject = obj
        return fn("is", obj, const(state.value))

    def it_is_state(self, state):
        return fn("is", const("it"), const(state.value))

    def it_is_a(self, sel):
        """"it's a land card": the object spoken of matches the selector."""
        return fn("matches", const("it"), sel)

    def object_is_a(self, obj, sel):
        self.subject = obj
        return fn("matches", obj, sel)

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
    def pays_mana(self, player, token):
        return fn("pays", player, fn("mana", String(token.value.upper())))

    def pays_life(self, player, n):
        return fn("pays", player, fn("pay_life", Number(n)))

    def _cost_object(self, count, sel):
        """(selector, number) of a cost's object: "a creature card", "two Islands", "another creature"."""
        if any(f.arguments[0] == sel for f in self.facts if f.name in _LOCATED):
            raise NotUnderstood("a located object")
        sel, n = self.counted(count, sel)
        if not isinstance(n, type(Number(1))):
            raise NotUnderstood("no number")
        return sel, n

    def pays_discard(self, player, count, sel):
        return fn("pays", player, fn("discard", *self._cost_object(count, sel)))

    def pays_sacrifice(self, player, count, sel):
        return fn("pays", player, fn("sacrifice", *self._cost_object(count, sel)))

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

    def it_bargained(self):
        return fn("bargained", const("it"))

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

    def no_spells_cast(self, when):
        return fn("not_happened", fn("spells_cast", const("a_player"), self._any_spell(), Number(1)), when)

    def player_cast_at_least(self, n, when):
        """"a player cast two or more spells last turn": one player did."""
        return fn("happened", fn("spells_cast", const("a_player"), self._any_spell(), Number(n)), when)

    def gained_life(self, when):
        return fn("happened", fn("gained_life", YOU, Number(1)), when)

    def gained_life_at_least(self, n, when):
        return fn("happened", fn("gained_life", YOU, Number(n)), when)

    def opponent_lost_life(self, when):
        return fn("happened", fn("lost_life", const("an_opponent"), Number(1)), when)

    def descended(self, when):
        return fn("happened", fn("descended", YOU), when)

    def committed_crime(self, when):
        return fn("happened", fn("committed_crime", YOU), when)

    def _spells(self, sel):
        """A selector of spells ("a noncreature spell"), cast by you."""
        if sel not in self.spells or any(f.arguments[0] == sel for f in self.facts if f.name in _LOCATED):
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
    """The parser of conditions.lark."""
    return open_grammar("conditions.lark", "condition")


@lru_cache(maxsize=1)
def _reader_class():
    from .transformer import merged  # transformer.py's readers call `condition`
    return merged(Conditions, selectors=Selectors)


@lru_cache(maxsize=1 << 12)
def _tree(words):
    return parse_or_none(_parser(), words, "condition")


def read_condition(ab, words, printed, next_sel, quotes, names):
    """(term, selector facts, the next selector's number, the object it
    begins with or None) of the condition
    `words` (lower-cased, names masked; `printed` the same words as printed),
    or None where conditions.lark does not read them all."""
    words = words.rstrip().rstrip(".")
    if not words.strip():
        return None
    tree = _tree(words)
    if tree is None:
        return None
    reader = _reader_class()(ab, printed, next_sel, quotes, names)
    try:
        term = reader.transform(tree)
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
    read = read_condition(reading.ab, words, text, reading.next_sel, reading.quotes, reading.names)
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
