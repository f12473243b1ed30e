"""How much of the corpus's mana abilities the rules model, beyond parsing.

Every card whose text says "add" is put on the battlefield (in batches, one
object per card); an activated or triggered ability that adds mana counts as
*modelled* when it has no `unparsed` span and the rules do not mark it
`unmodelled` (rules_asp/limits.lp): the answers about it carry no warning.

    python benchmarks/rules_coverage.py [--corpus PATH] [--show N]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import clingo  # noqa: E402

from grammar import parse_card, parse_mana_cost, parse_type_line  # noqa: E402
from pyglue.solve import facts_text  # noqa: E402
from rules_asp import RULES_DIR  # noqa: E402

ADD = re.compile(r"\badds?\b", re.IGNORECASE)
BATCH = 100


def card_facts(index: int, card: dict) -> list[clingo.Symbol]:
    obj = f"c{index}"
    o = clingo.String(obj)
    facts = [clingo.Function(name, args) for name, args in (
        ("object", [o]), ("zone", [o, clingo.Function("battlefield")]),
        ("controller", [o, clingo.String("you")]), ("owner", [o, clingo.String("you")]),
        ("timestamp", [o, clingo.Number(index)]), ("name", [o, clingo.String(card["name"])]))]
    facts += parse_type_line(obj, card.get("type") or "")
    facts += parse_mana_cost(obj, card.get("manaCost"))
    facts += parse_card(obj, card["name"], card.get("text") or "", card.get("types") or (),
                        card.get("supertypes") or ()).facts
    return facts


def measure(cards: list[dict]) -> tuple[int, Counter, list[str], float]:
    """(mana abilities, why not modelled -> count, examples, seconds)."""
    start = time.perf_counter()
    total, reasons, examples = 0, Counter(), []
    players = [clingo.Function("player", [clingo.String(p)]) for p in ("you", "opponent")]
    for first in range(0, len(cards), BATCH):
        batch = list(enumerate(cards[first:first + BATCH], first))
        facts = players + [f for i, card in batch for f in card_facts(i, card)]
        control = clingo.Control(["--warn=none"])
        control.load(str(RULES_DIR / "rules.lp"))
        control.add("base", [], facts_text(facts) + "#show.\n"
                    "#show mana(A) : adds_mana(_, A), printed_ability(_, _, A).\n"
                    "#show unmodelled(A) : unmodelled(A, effect).\n"
                    "#show unparsed(A) : unparsed(A, _, _, _).\n")
        control.ground([("base", [])])
        with control.solve(yield_=True) as handle:
            model = next(iter(handle))
            shown = [(s.name, s.arguments[0]) for s in model.symbols(shown=True)]
        unmodelled = {a for name, a in shown if name == "unmodelled"}
        unparsed = {a for name, a in shown if name == "unparsed"}
        for name, ability in shown:
            if name != "mana":
                continue
            total += 1
            if ability in unparsed or ability in unmodelled:
                reasons["unparsed" if ability in unparsed else "not modelled"] += 1
                if ability in unmodelled and ability not in unparsed:
                    card = cards[int(ability.arguments[0].string[1:])]
                    examples.append(f"{card['name']}: {card.get('text', '')}".replace("\n", " / "))
    return total, reasons, examples, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "data" / "oracle_corpus.json"))
    parser.add_argument("--show", type=int, default=15, help="not modelled abilities to list")
    args = parser.parse_args()
    cards = [c for c in json.loads(Path(args.corpus).read_text()) if ADD.search(c.get("text") or "")]
    total, reasons, examples, seconds = measure(cards)
    modelled = total - sum(reasons.values())
    print(f"mana abilities on the battlefield: {total}; modelled without warning: {modelled} "
          f"({100 * modelled / total:.1f}%); {dict(reasons)}; {seconds:.1f} s")
    for line in examples[:args.show]:
        print("  " + line[:160])


if __name__ == "__main__":
    main()
