"""Answers of the v2 asks (characteristics, casting, targets, copies, triggers,
attachments), read from the shown atoms. Formatting only: the rules decide."""

from __future__ import annotations

from typing import Any

import clingo

from grammar import lexicon

from .scenario import Ask

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
              "Planeswalker", "Sorcery", "Conspiracy", "Dungeon", "Emblem", "Hero", "Phenomenon",
              "Plane", "Scheme", "Vanguard")
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host")
COLOR_LETTERS = "wubrg"


def _word_table() -> dict[str, str]:
    words = list(CARD_TYPES) + list(SUPERTYPES)
    for name in dir(lexicon):
        if name.endswith("_TYPES"):
            words.extend(getattr(lexicon, name))
    from grammar import constant_name
    return {constant_name(word): word for word in words}


TYPE_WORDS = _word_table()


def type_word(constant: clingo.Symbol) -> str:
    """A type constant as printed: `urza_s` -> "Urza's"; unknown ones are capitalised."""
    name = constant.name
    return TYPE_WORDS.get(name) or " ".join(part.capitalize() for part in name.split("_"))


def key(symbol: clingo.Symbol) -> str:
    """An object's id (a string), or the text of a term the rules made (hyp(3))."""
    return symbol.string if symbol.type == clingo.SymbolType.String else str(symbol)


def value(symbol: clingo.Symbol) -> Any:
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    return str(symbol)


class Subjects:
    """How answers name the objects an ask makes: the copy of a permanent or a spell
    is "copy_of_ID", the spell a card would become "spell_of_ID"."""

    def __init__(self, asks: list[Ask]):
        self.names: dict[str, str] = {}
        for ask in asks:
            prefix = {"copy": "copy_of_", "copy_permanent": "copy_of_", "can_cast": "spell_of_"}.get(ask.kind)
            if prefix:
                self.names[f"hyp({ask.index})"] = prefix + ask.object_id

    def name(self, symbol: clingo.Symbol) -> str:
        if symbol.type == clingo.SymbolType.String:
            return symbol.string
        return self.names.get(str(symbol), str(symbol))


def characteristics(index, subject: clingo.Symbol) -> dict[str, Any]:
    rows: dict[str, list[clingo.Symbol]] = {}
    for key, val in index.characteristics_of.get(subject, []):
        rows.setdefault(key.name, []).append(val)

    def single(key: str) -> Any:
        values = rows.get(key, [])
        return value(values[0]) if values else None

    abilities = sorted((v.arguments[0].number, v.arguments[1].string) for v in rows.get("ability", []))
    result = {
        "name": single("name"),
        "mana_cost": single("mana_cost") or "",
        "mana_value": single("mana_value") or 0,
        "colors": [c.upper() for c in COLOR_LETTERS if any(v.name == c for v in rows.get("color", []))],
        "types": sorted(type_word(v) for v in rows.get("type", [])),
        "subtypes": sorted(type_word(v) for v in rows.get("subtype", [])),
        "supertypes": sorted(type_word(v) for v in rows.get("supertype", [])),
        "power": single("power"),
        "toughness": single("toughness"),
        "loyalty": single("loyalty"),
        "abilities": [text[:1].upper() + text[1:] for _, text in abilities],
    }
    if "colors_unknown" in rows:
        result["colors"] = None
    return result


def _subject(index, ask: Ask) -> clingo.Symbol:
    subjects = index.of("ask_subject", ask.index)
    return subjects[0][0] if subjects else clingo.String(ask.object_id)


def _x(index, ask: Ask) -> int | None:
    rows = index.of("ask_x", ask.index)
    return rows[0][0].number if rows else None


def _triggered(index, ask: Ask, subjects: Subjects) -> list[dict[str, Any]]:
    x_of = {(key(src), str(a)): n.number for src, a, n in index.of("trigger_x", ask.index)}
    out = []
    for src, ability in index.of("triggered", ask.index):
        entry = {"source": subjects.name(src), "ability": index.ability_numbers.get((key(src), ability))}
        if (key(src), str(ability)) in x_of:
            entry["x"] = x_of[key(src), str(ability)]
        out.append(entry)
    return sorted(out, key=lambda e: (e["source"], e["ability"] or 0))


def _replacements(index, ask: Ask, subjects: Subjects) -> list[dict[str, Any]]:
    return sorted(({"source": subjects.name(o), "ability": index.ability_numbers.get((key(o), a)), "x": n.number}
                   for o, a, n in index.of("entering_replacement", ask.index)),
                  key=lambda e: (e["source"], e["ability"] or 0))


def answer(ask: Ask, index, subjects: Subjects, rules: list[str]) -> dict[str, Any]:
    """The answer to a v2 ask; rules: the rule numbers forbidden/2 gave for it."""
    head = {"ask": ask.kind, "object": ask.object_id}
    if ask.kind == "characteristics":
        return head | characteristics(index, _subject(index, ask))
    if ask.kind == "can_cast":
        return head | {"legal": not rules, "rules": rules,
                       "spell": characteristics(index, _subject(index, ask)), "x": _x(index, ask)}
    if ask.kind in ("can_target", "can_attach"):
        other = {"target": ask.fields.get("target")} if ask.kind == "can_target" else {"to": ask.fields.get("to")}
        return head | other | {"legal": not rules, "rules": rules}
    if ask.kind == "resolves":
        illegal = [subjects.name(t) for _, t in sorted(index.of("illegal_target", ask.index),
                                                         key=lambda row: row[0].number)]
        return head | {"resolves": not index.of("does_not_resolve", ask.index), "illegal_targets": illegal,
                       "rules": rules}
    if ask.kind == "copy":
        by_position = lambda rows: [row[-1] for row in sorted(rows, key=lambda row: row[0].number)]
        return head | {
            "characteristics": characteristics(index, _subject(index, ask)),
            "modes": sorted(m.number for (m,) in index.of("copy_mode", ask.index)),
            "x": _x(index, ask),
            "targets": [subjects.name(t) for t in by_position(index.of("copy_target", ask.index))],
            "divided": {subjects.name(t): n.number for t, n in index.of("copy_divided", ask.index)},
            "sacrificed": sorted(subjects.name(x) for (x,) in index.of("copy_sacrificed", ask.index)),
            "cast": [flag.name == "true" for (flag,) in index.of("copy_cast", ask.index)] == [True],
            "triggered": _triggered(index, ask, subjects),
            "damage": {subjects.name(t): n.number for t, n in index.of("copy_damage", ask.index)},
            "rules": rules,
        }
    if ask.kind == "copy_permanent":
        return head | {"characteristics": characteristics(index, _subject(index, ask)),
                       "triggered": _triggered(index, ask, subjects),
                       "replacements": _replacements(index, ask, subjects)}
    if ask.kind == "triggers":
        return head | {"event": ask.fields["kind"], "triggered": _triggered(index, ask, subjects),
                       "replacements": _replacements(index, ask, subjects)}
    raise AssertionError(f"no answer for ask kind {ask.kind}")
