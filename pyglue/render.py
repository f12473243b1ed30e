"""The readable table `mtgasp ask` prints without --json.

Driven by the answer's keys, not by its kind, so that an ask kind a
researcher adds renders too: the keys known here get their phrase, any
other key is shown as `key: value`.
"""

from __future__ import annotations

import json
from typing import Any

from .answers import Answer

CHARACTERISTICS_KEYS = ("name", "mana_cost", "mana_value", "colors", "types", "subtypes", "supertypes",
                        "power", "toughness", "loyalty", "abilities", "layers")
# Keys said on the head line or by the lines below; the rest are listed as they are.
SAID = {"ask", "object", "types", "ability", "target", "to", "legal", "rules", "resolves", "illegal_targets", "outcomes",
        "characteristics", "spell", "x", "modes", "targets", "divided", "sacrificed", "damage", "cast",
        "triggered", "replacements", "event", "chooser"}


def render_table(file: str, answers: list[Answer], shown: list[str] = (), explain: bool = False) -> str:
    lines = [file]
    for answer in answers:
        lines.extend(_render(answer))
        if explain:
            lines.extend(_explanation(answer))
    for atom in shown:
        lines.append(f"  shown: {atom}")
    return "\n".join(lines)


def _render(answer: Answer) -> list[str]:
    data = answer.data
    head = f"  {answer.ask.index}. {data['ask']}"
    if data.get("event") and "chooser" in data:  # v3: "event put_counters bears"
        head += f" {data['event']}"
    head = f"{head} {data.get('object') or ''}".rstrip()
    if data.get("chooser"):
        head += f" (chosen by {data['chooser']})"
    if "target" in data:
        head += f" target {data['target']}"
    if "to" in data:
        head += f" to {data['to']}"
    if data.get("ability") is not None:
        head += f" (ability {data['ability']})"
    rules = f" ({', '.join(data['rules'])})" if data.get("rules") else ""
    verdicts = []
    if "types" in data and "name" not in data:  # could_produce
        verdicts.append(" ".join(data["types"]) or "(no type)")
    if "name" in data and "types" in data:  # a characteristics answer is its table
        verdicts.append(_characteristics(data))
    if "legal" in data:
        verdicts.append("legal" if data["legal"] else "not legal" + rules)
    if "resolves" in data:
        verdict = "resolves" if data["resolves"] else "does not resolve" + rules
        if data.get("illegal_targets"):
            verdict += f"; illegal targets: {', '.join(data['illegal_targets'])}"
        verdicts.append(verdict)
    body = _body(data, rules)
    lines = [f"{head}: {'; '.join(verdicts)}" if verdicts else head + ":"] if verdicts or body else [head]
    lines += body
    if data.get("layers"):
        lines.append("       layers: " + " > ".join(
            f"{e['layer']} {e['source']}" + (f" (ability {e['ability']})" if e["ability"] is not None else "")
            for e in data["layers"]))
    said = SAID | (set(CHARACTERISTICS_KEYS) if "name" in data and "types" in data else set())
    for key, value in data.items():
        if key not in said and value is not None:
            lines.append(f"       {key}: {value if isinstance(value, str) else json.dumps(value)}")
    for warning in answer.warnings:
        where = warning["object"] + (f" (ability {warning['ability']})" if warning["ability"] is not None else "")
        if "unparsed" in warning:
            lines.append(f"     note: depends on text not understood on {where}: " + " / ".join(warning["unparsed"]))
        else:
            lines.append(f"     note: depends on what the rules do not model yet on {where}: "
                         + warning["not_modelled"])
    return lines


def _body(data: dict[str, Any], rules: str) -> list[str]:
    lines = []
    if data.get("spell") is not None:
        lines.append(f"       spell: {_characteristics(data['spell'])}"
                     + (f"; X = {data['x']}" if data.get("x") is not None else ""))
    if data.get("characteristics") is not None:
        lines.append(f"       {_characteristics(data['characteristics'])}")
    if "cast" in data:
        details = [f"modes {data['modes']}" if data.get("modes") else "",
                   f"X = {data['x']}" if data.get("x") is not None else "",
                   f"targets {', '.join(data['targets'])}" if data.get("targets") else "",
                   "divided " + ", ".join(f"{n} to {t}" for t, n in data["divided"].items())
                   if data.get("divided") else "",
                   f"sacrificed {', '.join(data['sacrificed'])}" if data.get("sacrificed") else "",
                   "damage " + ", ".join(f"{n} to {t}" for t, n in data["damage"].items()) if data.get("damage") else "",
                   "cast" if data["cast"] else "not cast"]
        lines.append("       " + "; ".join(d for d in details if d) + rules)
    if "triggered" in data:
        triggered = ", ".join(f"{t['source']} ability {t['ability']}" + (f" (X = {t['x']})" if "x" in t else "")
                              for t in data["triggered"])
        lines.append(f"       triggered: {triggered or 'nothing'}")
    for replacement in data.get("replacements", []):
        lines.append(f"       enters with X = {replacement['x']}: {replacement['source']} ability {replacement['ability']}")
    outcomes = data.get("outcomes", [])
    said = [_result_phrase(o["result"]) if "result" in o else o["mana"] or '""' for o in outcomes]
    width = max([12] + [len(phrase) + 1 for phrase in said])
    for outcome, phrase in zip(outcomes, said):
        count = outcome["order_count"]
        shown = "; ".join(" > ".join(order) or "no effect" for order in outcome["orders"])
        more = ", ..." if len(outcome["orders"]) < count else ""
        listing = f": {shown}{more}" if outcome["orders"] else " (none listed: --max-orders 0)"
        chooser = outcome.get("chooser", data.get("chooser"))  # 616.1f: the player of the event as it ends
        then = f" (then chosen by {', '.join(chooser) if isinstance(chooser, list) else chooser})" \
            if chooser != data.get("chooser") else ""
        lines.append(f"       {phrase:<{width}} {count:,} way{'s' if count != 1 else ''}{listing}{then}")
    return lines


def _result_phrase(result: dict) -> str:
    """An event's result on one line: "counters bears +1/+1 5; life opponent -3"."""
    parts = []
    for key, value in result.items():
        if key == "created":
            for group in value:
                c = group.get("characteristics") or {}
                parts.append(f"created {group.get('count')} {c.get('name') or 'token'} for {group.get('controller')}")
        elif isinstance(value, dict):
            def flat(prefix: str, table: dict) -> None:
                for name, item in table.items():
                    flat(f"{prefix} {name}", item) if isinstance(item, dict) else parts.append(f"{prefix} {name} {_said(item)}")
            flat(key, value)
        elif value is True:
            parts.append(key)
        else:
            parts.append(f"{key} {_said(value)}")
    return "; ".join(parts) or "(nothing)"


def _said(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _characteristics(c: dict) -> str:
    """One line, as a judge would say it: name, cost, colors, type line, P/T."""
    type_line = " ".join(c["supertypes"] + c["types"])
    if c["subtypes"]:
        type_line += " \u2014 " + " ".join(c["subtypes"])
    colors = ("".join(c["colors"]) or "none") if c["colors"] is not None else "unknown"
    parts = [c["name"] or "(no name)", c["mana_cost"] or "(no mana cost)", "mana value " + (str(c["mana_value"]) if c["mana_value"] is not None else "unknown"),
             "colors " + colors, type_line]
    if c["power"] is not None:
        parts.append(f"{c['power']}/{c['toughness']}")
    if c["loyalty"] is not None:
        parts.append(f"loyalty {c['loyalty']}")
    text = "; ".join(parts)
    if c["abilities"]:
        text += "; abilities: " + " | ".join(c["abilities"])
    return text


def _explanation(answer: Answer, width: int = 80) -> list[str]:
    """--explain: the words of each rule the answer cites, wrapped, then the facts
    that made it forbid (forbidden_because/3)."""
    import textwrap

    from .rules_text import rule_text

    lines = []
    for number in answer.data.get("rules") or []:
        words = " ".join(rule_text(number).split())
        lines.extend(textwrap.wrap(f"{number} {words}", width, initial_indent=" " * 7, subsequent_indent=" " * 9,
                                   break_on_hyphens=False))
        for why in answer.because.get(number, []):
            lines.append(f"{' ' * 9}because: {why}")
    return lines
