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
