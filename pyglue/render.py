"""The readable table `mtgasp ask` prints without --json."""

from __future__ import annotations

from .answers import Answer


def render_table(file: str, answers: list[Answer]) -> str:
    lines = [file]
    for answer in answers:
        data = answer.data
        head = f"  {answer.ask.index}. {data['ask']} {data['object']}"
        if data["ask"] == "could_produce":
            lines.append(f"{head}: {' '.join(data['types']) or '(no type)'}")
        elif data["ask"] not in ("activate", "can_activate"):
            lines.extend(_render_v2(head, data))
        else:
            verdict = "legal" if data["legal"] else "not legal (" + ", ".join(data["rules"]) + ")"
            lines.append(f"{head} (ability {data['ability']}): {verdict}")
        for outcome in data.get("outcomes", []):
            mana = outcome["mana"] or '""'
            count = outcome["order_count"]
            shown = "; ".join(" > ".join(order) or "no effect" for order in outcome["orders"])
            more = ", ..." if len(outcome["orders"]) < count else ""
            lines.append(f"       {mana:<12} {count} way{'s' if count != 1 else ''}: {shown}{more}")
        for warning in answer.warnings:
            where = f"{warning['object']} (ability {warning['ability']})"
            if "unparsed" in warning:
                lines.append(f"     note: depends on text not understood on {where}: "
                             + " / ".join(warning["unparsed"]))
            else:
                lines.append(f"     note: depends on what the rules do not model yet on {where}: "
                             + warning["not_modelled"])
    return "\n".join(lines)


def _characteristics(c: dict) -> str:
    """One line, as a judge would say it: name, cost, colors, type line, P/T."""
    type_line = " ".join(c["supertypes"] + c["types"])
    if c["subtypes"]:
        type_line += " \u2014 " + " ".join(c["subtypes"])
    parts = [c["name"] or "(no name)", c["mana_cost"] or "(no mana cost)", f"mana value {c['mana_value']}",
             "colors " + ("".join(c["colors"]) or "none" if c["colors"] is not None else "unknown"), type_line]
    if c["power"] is not None:
        parts.append(f"{c['power']}/{c['toughness']}")
    if c["loyalty"] is not None:
        parts.append(f"loyalty {c['loyalty']}")
    text = "; ".join(parts)
    if c["abilities"]:
        text += "; abilities: " + " | ".join(c["abilities"])
    return text


def _render_v2(head: str, data: dict) -> list[str]:
    ask = data["ask"]
    rules = f" ({', '.join(data['rules'])})" if data.get("rules") else ""
    if ask == "characteristics":
        return [f"{head}: {_characteristics(data)}"]
    if ask in ("can_cast", "can_target", "can_attach"):
        head += f" target {data['target']}" if ask == "can_target" else f" to {data['to']}" if ask == "can_attach" else ""
        lines = [f"{head}: {'legal' if data['legal'] else 'not legal' + rules}"]
        if ask == "can_cast":
            lines.append(f"       spell: {_characteristics(data['spell'])}"
                         + (f"; X = {data['x']}" if data["x"] is not None else ""))
        return lines
    if ask == "resolves":
        verdict = "resolves" if data["resolves"] else "does not resolve" + rules
        illegal = f"; illegal targets: {', '.join(data['illegal_targets'])}" if data["illegal_targets"] else ""
        return [f"{head}: {verdict}{illegal}"]
    lines = [head + ":"]
    if "characteristics" in data:
        lines.append(f"       {_characteristics(data['characteristics'])}")
    if ask == "copy":
        details = [f"modes {data['modes']}" if data["modes"] else "", f"X = {data['x']}" if data["x"] is not None else "",
                   f"targets {', '.join(data['targets'])}" if data["targets"] else "",
                   "divided " + ", ".join(f"{n} to {t}" for t, n in data["divided"].items()) if data["divided"] else "",
                   f"sacrificed {', '.join(data['sacrificed'])}" if data["sacrificed"] else "",
                   "damage " + ", ".join(f"{n} to {t}" for t, n in data["damage"].items()) if data["damage"] else "",
                   "cast" if data["cast"] else "not cast"]
        lines.append("       " + "; ".join(d for d in details if d) + rules)
    triggered = ", ".join(f"{t['source']} ability {t['ability']}" + (f" (X = {t['x']})" if "x" in t else "")
                          for t in data.get("triggered", []))
    lines.append(f"       triggered: {triggered or 'nothing'}")
    for replacement in data.get("replacements", []):
        lines.append(f"       enters with X = {replacement['x']}: {replacement['source']} ability {replacement['ability']}")
    return lines
