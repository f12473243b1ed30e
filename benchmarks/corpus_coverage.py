"""How much of the Oracle corpus the grammar understands.

Mana abilities (605.1): activated abilities whose effect adds mana (not
loyalty abilities, no target) and triggered abilities that add mana on a
"tapped for mana" trigger, quoted (granted) ones included, on cards whose
text says "add". One is *unparsed* when an `unparsed` span overlaps its cost
or its "Add ..." sentence; an unparsed other sentence (a rider) is counted
apart. The issue's goal: no unparsed mana ability.

    python benchmarks/corpus_coverage.py [--corpus PATH] [--show N]
"""

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grammar import parse_card  # noqa: E402
from pyglue.coverage import ADD, ability_facts, mana_ability_understood  # noqa: E402


@dataclass
class Coverage:
    abilities: int = 0
    clean: int = 0
    mana: int = 0
    rider_unparsed: int = 0
    seconds: float = 0.0
    kinds: Counter = field(default_factory=Counter)
    unparsed_mana: list = field(default_factory=list)  # "Card: ability text"


def measure(cards) -> Coverage:
    """Parse every card; count abilities, clean ones, and mana abilities with unparsed parts."""
    result = Coverage()
    for i, card in enumerate(cards):
        text = card.get("text") or ""
        start = time.perf_counter()
        ct = parse_card(str(i), card["name"], text, card.get("types") or (),
                        card.get("supertypes") or ())
        result.seconds += time.perf_counter() - start
        texts, kind, spans, _kept = ability_facts(ct)
        result.abilities += len(texts)
        result.clean += sum(ab not in spans for ab in texts)
        result.kinds.update(kind.values())
        if not ADD.search(text):
            continue
        for ab, ab_text in texts.items():
            understood = mana_ability_understood(kind.get(ab), ab_text, spans.get(ab, []))
            if understood is None:
                continue
            result.mana += 1
            if not understood:
                result.unparsed_mana.append("%s: %s" % (card["name"], ab_text))
            elif spans.get(ab):
                result.rider_unparsed += 1
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=str(ROOT / ".." / "shared" / "data" / "oracle_corpus.json"))
    parser.add_argument("--show", type=int, default=20, help="unparsed mana abilities to list")
    args = parser.parse_args()
    cards = json.loads(Path(args.corpus).read_text())
    result = measure(cards)
    print("abilities: %d, fully parsed: %d (%.1f%%)"
          % (result.abilities, result.clean, 100.0 * result.clean / result.abilities))
    print("kinds: %s" % dict(result.kinds))
    print("mana abilities: %d, unparsed: %d, parsed with an unparsed rider: %d"
          % (result.mana, len(result.unparsed_mana), result.rider_unparsed))
    print("speed: %.0f abilities/s (%.2f s for %d cards)"
          % (result.abilities / result.seconds, result.seconds, len(cards)))
    for line in result.unparsed_mana[:args.show]:
        print("  " + line.replace("\n", " "))


if __name__ == "__main__":
    main()
