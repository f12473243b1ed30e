"""Transformer of grammar/selectors.lark. Selectors: the objects and players an
ability speaks of, sel(A, N) and its constraints."""

from clingo import Number, String
from lark import v_args

from .reading import (_n, ANY_OBJECT, CARD_TYPES, COLOR_COUNTS, COLORS, const, fn, KEYWORD_WORDS,
                     NotUnderstood, NOUNS, PERMANENT_TYPES, PLURAL_NOUNS, Reading, SINGULAR_NOUNS,
                     SPELL, SUBTYPES, SUPERTYPES, TOKEN)


COMBAT_STATUS = {"attacking", "blocking"}  # 506.4


@v_args(inline=True)
class Selectors(Reading):
    def _adjective(self, word):
        if word in SUPERTYPES:
            return ("sel_supertype", const(SUPERTYPES[word]))
        if word in CARD_TYPES:
            return ("sel_type", const(CARD_TYPES[word]))
        if word in SUBTYPES:
            return ("sel_subtype_in", const(SUBTYPES[word]))
        if word.startswith("non") and word[3:].lstrip("-") in SUPERTYPES:
            return ("sel_not_supertype", const(SUPERTYPES[word[3:].lstrip("-")]))
        if word.startswith("non") and word[3:].lstrip("-") in CARD_TYPES:
            return ("sel_not_type", const(CARD_TYPES[word[3:].lstrip("-")]))
        if word == "untapped":
            return ("sel_untapped", None)
        if word == "tapped":
            return ("sel_tapped", None)
        if word in COMBAT_STATUS:
            return ("sel_" + word, None)
        if word.startswith("non") and word[3:] in COLORS:  # "nonblack" (105.2)
            return ("sel_not_color", const(COLORS[word[3:]]))
        if word in COLORS:
            return ("sel_color", const(COLORS[word]))
        if word in COLOR_COUNTS:
            return (COLOR_COUNTS[word], None)
        if word == "nontoken":
            return ("sel_not_token", None)
        if word in ("other", "another"):
            return ("sel_other", None)
        if word in TOKEN:
            return ("sel_token", None)
        rest = word[3:].lstrip("-") if word.startswith("non") else None
        if rest in SUBTYPES:  # "non-Aura": an object without that subtype (205.3)
            return ("sel_not_subtype", const(SUBTYPES[rest]))
        raise NotUnderstood(word)

    # The noun phrases of a group keep which selectors say "card" (a token is
    # no card, 111.1) and which a plural only ("creatures"): `card_sels` and
    # `plural_sels`, read by grammar/replacement.py. `_words`, `_one_of` and
    # `_and_of` are the readings without those marks and checks.
    def words(self, *tokens):
        constraints = self._words(*tokens)
        if tokens[-1].value in ("card", "cards"):
            constraints.append(("card", None))
        if tokens[-1].value in PLURAL_NOUNS:
            constraints.append(("plural", None))
        return constraints

    def words_creature(self, *tokens):
        """"other Dragon creature": the head noun "creature", a word of the grammar's own."""
        return self.words(*tokens)

    def one_of(self, *tokens):
        """"artifacts, creatures, or lands": each word once."""
        if len({t.value for t in tokens}) < len(tokens):
            raise NotUnderstood("a word said twice")
        return self._one_of(*tokens)

    def all_and_all(self, token):
        """"all Forests and all Saprolings": the permanents of either subtype (or card type)."""
        _, first, _, _, second = token.value.split()
        return self.group(self.and_of(token.__class__("WORD", first), token.__class__("WORD", second)))

    def and_of(self, *tokens):
        """"legendary creatures and planeswalkers": no plural before them."""
        if PLURAL_NOUNS.intersection(t.value for t in tokens[:-2]) or len({t.value for t in tokens}) < len(tokens):
            raise NotUnderstood(" ".join(t.value for t in tokens))
        return self._and_of(*tokens)

    def group(self, nouns, *rest):
        marks = {("card", None): self.card_sels, ("plural", None): self.plural_sels}
        # alternatives of the nouns and of "with flying or reach" would read as one list
        if any(c[0] == "sel_any_of" for c in nouns) and any(
                isinstance(c, list) and any(d[0] == "sel_any_of" for d in c) for c in rest):
            raise NotUnderstood("two lists of alternatives")
        sel = self._group([c for c in nouns if c not in marks], *rest)
        for mark, sels in marks.items():
            if mark in nouns:
                sels.add(sel)
        return sel

    def _words(self, *tokens):
        *adjectives, head = [t.value for t in tokens]
        if head not in NOUNS:
            raise NotUnderstood(head)
        # "creature creature", "elves creature": a noun said twice, a plural before the head
        if len(set(adjectives + [head])) <= len(adjectives) or PLURAL_NOUNS.intersection(adjectives):
            raise NotUnderstood(" ".join(t.value for t in tokens))
        constraints = []
        for w in adjectives:
            if w == "permanent" and head in ("card", "cards"):  # 110.4a: one of the permanent types
                constraints += [("sel_type_in", const(t)) for t in PERMANENT_TYPES]
            elif w == "historic":  # 700.6: artifacts, legendaries and Sagas
                constraints += [("sel_any_of", self._selector([c])) for c in (
                    ("sel_type", const("artifact")), ("sel_supertype", const("legendary")),
                    ("sel_subtype_in", const("saga")))]
            else:
                constraints.append(self._adjective(w))
        if head in TOKEN:
            constraints.append(("sel_token", None))
        elif head in SPELL:
            constraints.append(("spell", None))  # read by group()
        elif head not in ANY_OBJECT:
            constraints.append(self._adjective(head))
        # "historic" is one of three (sel_any_of): no other alternatives beside it
        if "historic" in adjectives and (len(adjectives) > 1 or head in SUBTYPES):
            raise NotUnderstood(" ".join(t.value for t in tokens))
        # several subtypes would read as "one of": "Elf Warrior" is not that
        if sum(p == "sel_subtype_in" for p, _ in constraints) > 1:
            raise NotUnderstood(" ".join(t.value for t in tokens))
        return constraints + ([("singular", None)] if head in SINGULAR_NOUNS else [])

    def any_of(self, *tokens):
        """"a black or artifact creature": the head noun, and one of the
        adjectives, each a color or a card type (a sub-selector each);
        "an instant or sorcery card": a type list. Other adjectives could
        be nouns of their own ("an artifact or another creature")."""
        *alternatives, head = tokens
        words = [t.value for t in alternatives]
        if (head.value in ANY_OBJECT or head.value in SPELL) and len(set(words)) == len(words) \
                and all(w in COLORS for w in words):
            # "a red or white permanent", "a white, blue, or black spell": one of the colors (105.2)
            return self.words(head) + [("sel_any_of", self._selector([self._adjective(w)])) for w in words]
        if head.value in ANY_OBJECT or head.value in SPELL:
            # the head says singular or plural ("instant or sorcery spells"), not the adjectives
            constraints = self.words(head) + [c for c in self.one_of(*alternatives) if c != ("singular", None)]
            return constraints
        colors_or_types = any(w in COLORS for w in words) and all(w in COLORS or w in CARD_TYPES for w in words)
        statuses = all(w in COMBAT_STATUS for w in words)  # "attacking or blocking creature"
        if len(set(words)) < len(words) or not (head.value in CARD_TYPES and (colors_or_types or statuses)):
            raise NotUnderstood(" ".join(words))
        constraints = self.words(head)
        for w in words:
            constraints.append(("sel_any_of", self._selector([self._adjective(w)])))
        return constraints

    def basic_one_of(self, token):
        """"a basic Forest, Plains, or Island card": "basic" holds and one of
        the listed subtypes (or card types), then the head noun "card(s)"."""
        adjective, *alternatives, head = (token.__class__("WORD", w) for w in
                                          token.value.replace(",", " ").split() if w != "or")
        return self.words(head) + [c for c in self.one_of(*alternatives) if c != ("singular", None)] + [
            self._adjective(adjective.value)]

    def and_types(self, token):
        """"instant and sorcery spells", "artifact and creature cards": the
        spells (cards) of either card type, as "instant or sorcery spells"."""
        first, _and, second, head = (token.__class__("WORD", w) for w in token.value.split())  # "and" or "and/or"
        if not all(t.value in CARD_TYPES and CARD_TYPES[t.value] == t.value for t in (first, second)):
            raise NotUnderstood(token.value)
        return self.any_of(first, second, head)

    def adjective_any_of(self, *tokens):
        """"a red instant or sorcery spell": colors before a list of two card
        types, then the head noun ("spell", "card", "permanent"): each color
        holds and one of the types."""
        *colors, first, second, head = tokens
        if not all(t.value in COLORS for t in colors) or len({t.value for t in colors}) < len(colors):
            raise NotUnderstood(" ".join(t.value for t in tokens))
        if not (head.value in ANY_OBJECT or head.value in SPELL) or not all(
                t.value in CARD_TYPES for t in (first, second)):
            raise NotUnderstood(" ".join(t.value for t in tokens))
        return self.any_of(first, second, head) + [self._adjective(t.value) for t in colors]

    def _and_of(self, *tokens):
        """"legendary creatures and planeswalkers": the objects of either card
        type, the adjectives before applying to both (an "and" of a group
        is a union of objects)."""
        *adjectives, first, second = tokens
        if not adjectives and all(t.value in SUBTYPES and t.value in PLURAL_NOUNS for t in (first, second)):
            # "Forests and Saprolings", "all Forests and all Saprolings" (Life and Limb)
            return [("sel_subtype_in", const(SUBTYPES[t.value])) for t in (first, second)]
        if not all(t.value in CARD_TYPES and CARD_TYPES[t.value] != t.value  # plural
                   for t in (first, second)):
            raise NotUnderstood(" ".join(t.value for t in tokens))
        constraints = [self._adjective(w.value) for w in adjectives]
        return constraints + [("sel_type_in", const(CARD_TYPES[t.value])) for t in (first, second)]

    def _one_of(self, *tokens):
        """"artifact, creature, or land" (card types), "Elf or Warrior"
        (subtypes); "creature or Vehicle" mixes them: a sub-selector each."""
        singular = [("singular", None)] if tokens[-1].value in SINGULAR_NOUNS else []
        for pred, table in (("sel_subtype_in", SUBTYPES), ("sel_type_in", CARD_TYPES)):
            if all(t.value in table for t in tokens):
                return [(pred, const(table[t.value])) for t in tokens] + singular
        if all(t.value in CARD_TYPES or t.value in SUBTYPES for t in tokens):
            return [("sel_any_of", self._selector([self._adjective(t.value)])) for t in tokens] + singular
        raise NotUnderstood(" ".join(t.value for t in tokens))

    def adjective_nouns(self, constraints):
        return constraints

    def adjectives(self, *tokens):
        """"nonartifact, nonblack creature": adjectives with commas, each a "non-" one."""
        return self.words(*[t for t in tokens if t.value != ","])

    def you_control(self):
        return ("sel_controller", const("you"))

    def opponent_controls(self):
        return ("sel_controller", const("opponent"))

    def you_dont_control(self):
        return ("sel_controller", const("not_you"))

    def anywhere(self, *words):
        """"on the battlefield", "a player controls": no constraint. The number
        of the selector the group makes next is kept for "on the battlefield"
        (grammar/conditions.py: "there are four or more creatures on the battlefield")."""
        if words:
            self.on_battlefield_sel = self.next_sel
        return None

    def from_zone(self, zone):
        return ("sel_zone", const(zone.value))

    def from_a_zone(self, zone):
        """"from a graveyard": any player's graveyard, as "in all graveyards";
        "from a library" (whose?) is not read."""
        if zone.value != "graveyard":
            raise NotUnderstood(zone.value)
        return self.in_all_graveyards()

    def in_all_graveyards(self):
        """"in all graveyards": a graveyard, whoever owns it (sel_zone(S, all(graveyard)))."""
        return ("sel_zone", fn("all", const("graveyard")))

    def in_all_hands(self):
        """"in all players' hands": a hand, whoever owns it (sel_zone(S, all(hand)))."""
        return ("sel_zone", fn("all", const("hand")))

    def _group(self, nouns, *rest):
        # a modifier is one constraint, or a list of them ("with mana value 2")
        constraints = nouns + [d for c in rest if c for d in (c if isinstance(c, list) else [c])]
        sel = self._selector([c for c in constraints if c[0] not in ("spell", "singular")])
        if ("spell", None) in constraints:
            self.spells.add(sel)
        if ("singular", None) in constraints:
            self.singular.add(sel)
        return sel

    def plural_group(self, sel):
        """"Creatures you control get +1/+1": no determiner only before a plural."""
        if sel in self.singular:
            raise NotUnderstood("a singular noun without a determiner")
        return sel

    def chosen_type(self, _words):
        """"of the chosen type": the creature or card type chosen for the
        ability's object (sel_chosen_type, read with chosen/3)."""
        return ("sel_chosen_type", None)

    def among_referred(self):
        """"from among them": the cards the ability spoke of before."""
        return ("sel_among_referred", None)

    def mana_value_at_most(self, n):
        return ("sel_mana_value_at_most", Number(n))

    def mana_value_at_least(self, n):
        return ("sel_mana_value_at_least", Number(n))

    def mana_value_at_most_power(self, sel):
        return ("sel_mana_value_at_most", fn("power", sel))

    def with_keyword(self, word):
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return ("sel_keyword", const(word.value))

    def with_keyword_or(self, first, second):
        """"with flying or reach": one of the keywords, a sub-selector each (sel_any_of)."""
        if first.value == second.value:
            raise NotUnderstood(second.value)
        return [("sel_any_of", self._selector([self.with_keyword(w)])) for w in (first, second)]

    def power_less_than_power(self, sel):
        """"with power less than this creature's power": sel_power_less_than(S, power(sel_self))."""
        return ("sel_power_less_than", fn("power", sel))

    def without_keyword(self, word):
        if word.value not in KEYWORD_WORDS:
            raise NotUnderstood(word.value)
        return ("sel_not_keyword", const(word.value))

    def the_exiled(self, _the_exiled, word):
        """"the exiled card": the card in exile put there by a linked ability
        of the source (607.2a), a selector with sel_exiled_with."""
        if word.value not in ("card", "cards", "creature", "permanent", "permanents", "creatures"):
            raise NotUnderstood(word.value)
        return self._selector([("sel_exiled_with", None)])

    def same_name_as_exiled(self):
        exiled = self._selector([("sel_exiled_with", None)])
        return ("sel_same_name", exiled)

    def in_opponents_graveyard(self):
        """"from an opponent's graveyard": sel_zone(S, opponent(graveyard))."""
        return ("sel_zone", fn("opponent", const("graveyard")))

    def opponent_owns_in_exile(self):
        """"a card an opponent owns from exile": sel_zone(S, opponent(exile))."""
        return ("sel_zone", fn("opponent", const("exile")))

    def defending_player_controls(self):
        """506.2: controlled by the defending player."""
        return ("sel_controlled_by", const("defending_player"))

    def that_player_controls(self):
        """controlled by the player the ability spoke of before."""
        return ("sel_controlled_by", const("that_player"))

    def target_player_controls(self):
        """controlled by a player target ("target player controls"): target(K)."""
        return ("sel_controlled_by", self._target(self._selector([("sel_player", None)])))

    def target_opponent_controls(self):
        return ("sel_controlled_by", self._target(self._selector([("sel_opponent", None)])))

    def dealt_damage_this_turn(self):
        return ("sel_dealt_damage_this_turn", None)

    def toughness_at_least(self, n):
        return ("sel_toughness_at_least", Number(n))

    def toughness_at_most(self, n):
        return ("sel_toughness_at_most", Number(n))

    def mana_value_exactly(self, n):
        return [("sel_mana_value_at_most", Number(n)), ("sel_mana_value_at_least", Number(n))]

    def with_counter(self, kind):
        return ("sel_counter", kind)

    def with_counters(self, kind):
        """"with +1/+1 counters on them" (not "with no counters on them": no kind)."""
        if kind.string in ("no", "any"):
            raise NotUnderstood(kind.string)
        return self.with_counter(kind)

    def power_at_least(self, n):
        return ("sel_power_at_least", Number(n))

    def power_at_most(self, n):
        return ("sel_power_at_most", Number(n))

    def named(self, _named, *words):
        start = words[0].start_pos
        if words[0].value == "~":
            name = next(n for n in self.names if self.text.startswith(n, start))
        else:
            name = self.text[start:words[-1].end_pos]
        return ("sel_named", String(name))

    def enchanted(self, word):
        if word.value not in NOUNS:
            raise NotUnderstood(word.value)
        return self._selector([("sel_enchanted", None)])

    def equipped(self, word):
        if word.value not in NOUNS:
            raise NotUnderstood(word.value)
        return self._selector([("sel_equipped", None)])

    def this(self, word=None):
        if word is not None and word.value not in NOUNS and word.value != "emblem":
            raise NotUnderstood(word.value)
        return const("sel_self")

    def one(self):
        return (1, [])

    def another(self):
        return (1, [("sel_other", None)])

    def counted(self, count, sel):
        n, extra = count if isinstance(count, tuple) else (count, [])
        for pred, _ in extra:
            self.facts.append(fn(pred, sel))
        return (sel, _n(n))

    def count(self, n):
        return n

    def number(self, n):
        return n if isinstance(n, int) else int(n)

    def word_number(self, token):
        return {"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20,
                "thirty": 30}.get(token.value) or ["one", "two", "three", "four", "five", "six",
                                                                   "seven", "eight", "nine", "ten"].index(token.value) + 1

    def counter_kind(self, token):
        return String(token.value)

    def this_s(self, word):
        if not (word.value.endswith("'s") and word.value[:-2] in NOUNS):
            raise NotUnderstood(word.value)
        return const("sel_self")

    def referred(self, *_tokens):
        return const("it")

    def that_player(self):
        return const("that_player")

    def its_controller(self):
        return const("its_controller")

    def controller_of_that(self, word):
        """"that creature's controller": the controller of the object spoken of before."""
        if not word.value.endswith("'s") or word.value[:-2] not in NOUNS or word.value[:-2] in PLURAL_NOUNS:
            raise NotUnderstood(word.value)
        return const("its_controller")

    def its_owner(self):
        """"its owner": the owner of the object spoken of before."""
        return const("its_owner")

    def defending_player(self):
        """506.2: the player the attacking creatures attack."""
        return const("defending_player")

    def each_opponent(self):
        return const("each_opponent")

    def that_object(self, word):
        """"that creature": the object the ability spoke of before, as "it"."""
        if word.value not in NOUNS or word.value in PLURAL_NOUNS:
            raise NotUnderstood(word.value)
        return const("it")

    def those_objects(self, word):
        """"those creatures": the objects the ability spoke of before, as "them"."""
        if word.value not in PLURAL_NOUNS:
            raise NotUnderstood(word.value)
        return const("it")

    def they(self):
        """"they": the objects the ability spoke of before, as "them"."""
        return const("it")
