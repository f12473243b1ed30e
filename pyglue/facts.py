"""A scenario as clingo facts: the "Scenario facts" and "Asks" of
rules_asp/VOCABULARY.md, plus the grammar's facts of each card."""

from __future__ import annotations

import re
from typing import Any

import clingo

from .scenario import Ask, ObjectSpec, Scenario

String, Number, Constant = clingo.String, clingo.Number, clingo.Function

_NUMBER = re.compile(r"-?\d+")
# Facts of a card's type line and mana cost: a copy's come from the rules (copy.lp).
_CARD_FACTS = ("printed_card_type", "printed_supertype", "printed_subtype", "printed_mana_symbol",
               "unparsed_mana_cost")


def scenario_facts(scenario: Scenario) -> list[clingo.Symbol]:
    facts: list[clingo.Symbol] = []

    def fact(predicate: str, *arguments: clingo.Symbol) -> None:
        facts.append(clingo.Function(predicate, arguments))

    for seat, player in enumerate(scenario.players, 1):
        fact("player", String(player))
        fact("seat", String(player), Number(seat))
    fact("active_player", String(scenario.active_player))
    fact("step", Constant(scenario.step))
    for player, number in scenario.drawn_this_turn.items():
        fact("drawn_this_turn", String(player), Number(number))

    objects = {obj.id: obj for obj in scenario.objects}
    order = timestamp_order(scenario)
    for obj in scenario.objects:
        facts.extend(object_facts(obj, objects, order[obj.id]))
    for number, effect in enumerate(scenario.effects, 1):
        facts.extend(effect_facts(number, effect, order[number]))
    for ask in scenario.asks:
        facts.extend(ask_facts(scenario, ask))
    return facts


def timestamp_order(scenario: Scenario) -> dict[str | int, int]:
    """613.7: each object's and effect's place in timestamp order, from 1 (format v3): an
    object's `timestamp`, else its position; an effect's, else after the latest object,
    in file order; ties broken by file order. The rules compare places only."""
    keys: dict[str | int, tuple[int, int]] = {}
    for position, obj in enumerate(scenario.objects, 1):
        keys[obj.id] = (obj.explicit_timestamp if obj.explicit_timestamp is not None else position, position)
    latest = max((key[0] for key in keys.values()), default=0)
    for number, effect in enumerate(scenario.effects, 1):
        given = effect.get("timestamp")
        keys[number] = (given if given is not None else latest + number, len(scenario.objects) + number)
    return {name: place for place, name in enumerate(sorted(keys, key=keys.__getitem__), 1)}


def _chosen_term(kind: str, value: str) -> clingo.Symbol:
    """A color is a constant (`u`), a type a type constant (`elf`), a card name or a player a string."""
    from grammar import constant_name

    if kind == "color":
        return Constant(value.lower())
    if kind in ("creature_type", "card_type", "basic_land_type"):
        return Constant(constant_name(value))
    return String(value)


def object_facts(obj: ObjectSpec, objects: dict[str, ObjectSpec], timestamp: int) -> list[clingo.Symbol]:
    from grammar.card_facts import card_facts

    facts: list[clingo.Symbol] = []

    def fact(predicate: str, *arguments: clingo.Symbol) -> None:
        facts.append(clingo.Function(predicate, arguments))

    o = String(obj.id)
    fact("object", o)
    fact("zone", o, Constant(obj.zone))
    if obj.controller is not None:
        fact("controller", o, String(obj.controller))
    fact("owner", o, String(obj.owner))
    for flag in ("tapped", "summoning_sick", "token", "face_down"):
        if getattr(obj, flag):
            fact(flag, o)
    if obj.face_down_as is not None:
        fact("face_down_as", o, Constant(obj.face_down_as))
    if obj.attached_to is not None:
        fact("attached", o, String(obj.attached_to))
    for kind, value in obj.chosen.items():
        fact("chosen", o, Constant(kind), _chosen_term(kind, value))
    if obj.damage:
        fact("damage_marked", o, Number(obj.damage))
    for kind, number in obj.counters.items():
        fact("counter", o, String(kind), Number(number))
    fact("timestamp", o, Number(timestamp))
    if obj.card is not None:
        card = obj.card
        fact("name", o, String(card.name))
        for predicate, value in (("printed_mana_cost", card.mana_cost), ("printed_power", card.power),
                                 ("printed_toughness", card.toughness), ("printed_loyalty", card.loyalty)):
            if value:
                fact(predicate, o, String(value))
                if _NUMBER.fullmatch(value):
                    fact(predicate + "_number", o, Number(int(value)))  # the reader checked it fits
        for letter in card.color_indicator or ():
            fact("printed_color_indicator", o, Constant(letter.lower()))
        if obj.copy_of is None:
            facts.extend(card_facts(obj.id, card.name, card.type_line, card.mana_cost, card.text))
    if obj.copy_of is not None:
        fact("copy_of", o, String(obj.copy_of))
        facts.extend(copied_text_facts(obj, objects))
    if obj.cast_as == "prototype":
        fact("cast_prototyped", o)
    if obj.x is not None:
        fact("x_value", o, Number(obj.x))
    for mode in obj.modes or []:
        fact("chosen_mode", o, Number(mode))
    for position, target in enumerate(obj.targets or [], 1):
        fact("chosen_target", o, Number(position), String(target))
    for target, amount in (obj.divided or {}).items():
        fact("divided", o, String(target), Number(amount))
    for paid in obj.sacrificed or []:
        fact("sacrificed", o, String(paid))
    for key, value in (obj.last_known or {}).items():
        if key in ("power", "toughness", "loyalty") and _NUMBER.fullmatch(str(value)):
            fact("last_known", o, Constant(key), Number(int(value)))
    return facts


def copied_text_facts(obj: ObjectSpec, objects: dict[str, ObjectSpec]) -> list[clingo.Symbol]:
    """An object with copy_of is described by what it copies: the abilities of the text of
    the card its copy_of chain ends at, as abilities of its own (ab(ID, N)), so that each
    copy's abilities are distinct from the original's; `copied_ability(ID, N, A)` lists
    them. Which values the copy has is for the rules to say (copy.lp)."""
    from grammar.card_facts import card_facts

    root = obj
    while root.copy_of is not None:
        root = objects[root.copy_of]
    card = root.card
    facts = []
    for symbol in card_facts(obj.id, card.name, card.type_line, card.mana_cost, card.text):
        if symbol.name == "printed_ability":
            facts.append(clingo.Function("copied_ability", symbol.arguments))
        elif symbol.name not in _CARD_FACTS:
            facts.append(symbol)
    # The copy's own card says how it copies (707.9: its exceptions): its abilities,
    # ab(copier(ID), N), are `copier_ability(ID, A)`.
    own = obj.card
    if own is not None and own.text:
        subject = clingo.Function("copier", [String(obj.id)])
        for symbol in card_facts(subject, own.name, own.type_line, own.mana_cost, own.text):
            if symbol.name == "printed_ability":
                facts.append(clingo.Function("copier_ability", [String(obj.id), symbol.arguments[2]]))
            elif symbol.name not in _CARD_FACTS:
                facts.append(symbol)
    return facts


def effect_facts(number: int, effect: dict[str, Any], timestamp: int) -> list[clingo.Symbol]:
    """An [[effect]] in force: fx(N), its controller, source, referents and its text's facts,
    parsed as the text of a resolved spell."""
    from grammar.card_facts import card_facts

    fx = clingo.Function("fx", [Number(number)])
    facts = [clingo.Function("effect_in_force", [fx]),
             clingo.Function("controller", [fx, String(effect["controller"])]),
             clingo.Function("timestamp", [fx, Number(timestamp)])]
    if "source" in effect:
        facts.append(clingo.Function("effect_source", [fx, String(effect["source"])]))
    for position, referent in enumerate(effect.get("refers", []), 1):
        facts.append(clingo.Function("refers", [fx, Number(position), String(referent)]))
    for kind, value in effect.get("chosen", {}).items():
        if isinstance(value, list):  # 612: a text change, the replaced word, then the new one
            facts.append(clingo.Function("chosen_words", [fx, Constant(kind), _chosen_term(kind, value[0]),
                                                          _chosen_term(kind, value[1])]))
        else:
            facts.append(clingo.Function("chosen", [fx, Constant(kind), _chosen_term(kind, value)]))
    for symbol in card_facts(fx, "this effect", None, None, effect["text"], types_from="Sorcery"):
        if symbol.name == "printed_ability":
            facts.append(clingo.Function("effect_ability", [fx, symbol.arguments[2]]))
        else:
            facts.append(symbol)
    return facts


def ask_facts(scenario: Scenario, ask: Ask) -> list[clingo.Symbol]:
    """ask(I, Kind), and for each field ask_arg(I, Field, Value), or ask_item(I, Field, P,
    Value) for the P-th of a list (VOCABULARY.md, "Asks"). Which defaults apply is the
    rules' business (rules_asp/asks/KIND.lp)."""
    from .cards import Card

    kind = scenario.schema.kinds[ask.kind]
    i = Number(ask.index)
    facts = [clingo.Function("ask", [i, Constant(ask.kind)])]
    variant = ask.args.get(ask.kind) if kind.variants else None
    types = {"object": kind.main, ask.kind: "word", **kind.table_fields, **kind.fields_of(variant)}
    for key, value in ask.args.items():
        if isinstance(value, Card):
            card = ask_card(i, key)
            facts.append(clingo.Function("ask_arg", [i, Constant(key), card]))
            facts.extend(described_card_facts(card, value))
        elif isinstance(value, dict):  # count_table: { "+1/+1" = 2 }
            facts += [clingo.Function("ask_item", [i, Constant(key), String(name), Number(n)])
                      for name, n in value.items()]
        elif isinstance(value, list):
            facts += [clingo.Function("ask_item", [i, Constant(key), Number(p), _term(types[key], v)])
                      for p, v in enumerate(value, 1)]
        else:
            facts.append(clingo.Function("ask_arg", [i, Constant(key), _term(types[key], value)]))
    return facts


def ask_card(index: clingo.Symbol, key: str) -> clingo.Symbol:
    """The card a field of an ask describes (an event's token), as the rules name it."""
    return clingo.Function("ask_card", [index, Constant(key)])


def described_card_facts(subject: clingo.Symbol, card) -> list[clingo.Symbol]:
    """A described card's printed facts, as an object's (no object/1: it is in no zone)."""
    from grammar.card_facts import card_facts

    facts = []
    from .cards import default_token_name

    name = card.name or default_token_name(card.type_line.partition("—")[2].split())
    facts.append(clingo.Function("name", [subject, String(name)]))
    for predicate, value in (("printed_power", card.power), ("printed_toughness", card.toughness)):
        if value:
            facts.append(clingo.Function(predicate, [subject, String(value)]))
            if _NUMBER.fullmatch(value):
                facts.append(clingo.Function(predicate + "_number", [subject, Number(int(value))]))
    for letter in card.color_indicator or ():
        facts.append(clingo.Function("printed_color_indicator", [subject, Constant(letter.lower())]))
    facts.extend(card_facts(subject, name, card.type_line, None, card.text))
    return facts


def _term(field_type: str, value: Any) -> clingo.Symbol:
    """Ids and players are strings; numbers numbers; booleans, words and choices constants."""
    if isinstance(value, bool):
        return Constant("true" if value else "false")
    if isinstance(value, int):
        return Number(value)
    if field_type == "word" or field_type.startswith("one_of:"):
        return Constant(re.sub(r"[^a-z0-9]+", "_", value.lower()).strip("_"))
    return String(value)
