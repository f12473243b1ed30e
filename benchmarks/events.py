"""Benchmark: the event ask with many replacement effects (target: an event
with 12 effects of mixed kinds under 1 s, peak memory under 1 GB).

    python benchmarks/events.py [--max-n 8] [--naive-up-to 7]

Two series: n effects of four kinds (copies of one kind are interchangeable,
616.1: counted, not ordered), and n pairwise different effects (the worst
case: every order is its own path).

Each case runs `mtgasp ask --json` in a fresh process and reports the wall
time, the peak memory of the process and its children, the number of
distinct results and the total order count, which must be n! for n pairwise
different effects that all apply (each order is one way). Up to
--naive-up-to effects the count is also checked against the naive
enumeration of rules_asp/orders.lp (one stable model per order).
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
TIMES = {2: "twice", 3: "three times", 4: "four times", 5: "five times"}


def effects(n: int) -> list[str]:
    """n pairwise different effects on +1/+1 counters on a creature you control: adders
    "that many plus K" and multipliers "K times that many", alternating."""
    texts = []
    for i in range(n):
        if i % 3 == 2:
            k = 2 + (i // 3) % 4
            texts.append(f"If an effect would put one or more counters on a permanent you control, it puts "
                         f"{TIMES[k]} that many of those counters on that permanent instead.")
        else:
            texts.append(f"If one or more +1/+1 counters would be put on a creature you control, that many "
                         f"plus {WORDS[i % 10]} +1/+1 counters are put on it instead.")
    # pairwise different: the same text twice would be one class of two interchangeable effects
    assert len(set(texts)) == n or n > 10, "effects repeat"
    return texts


def mixed(n: int) -> list[str]:
    """n effects of four kinds, as a board has them: doublers (Doubling Season), "plus
    one" (Hardened Scales, Winding Constrictor), triplers and "plus two", in turn."""
    kinds = [effects(3)[2], effects(1)[0],
             "If an effect would put one or more counters on a permanent you control, it puts three times "
             "that many of those counters on that permanent instead.", effects(2)[1]]
    return [kinds[i % 4] for i in range(n)]


def scenario(n: int, pairwise: bool = True) -> str:
    lines = []
    texts = effects(n) if pairwise else mixed(n)
    for i, text in enumerate(texts):
        lines += ["[[object]]", f'id = "e{i}"', f'name = "Effect {i}"', 'type = "Enchantment"',
                  f'text = "{text}"', 'controller = "you"', ""]
    lines += ["[[object]]", 'id = "bears"', 'card = "Grizzly Bears"', 'controller = "you"', "",
              "[[ask]]", 'event = "put_counters"', 'object = "bears"', 'counter = "+1/+1"', "count = 1", ""]
    return "\n".join(lines)


def run(path: Path, *extra: str) -> tuple[float, dict]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pyglue.cli", "ask", "--json", "--max-orders", "1",
                           "--timeout", "300", *extra, str(path)], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{path}: {done.stderr.strip()}")
    return seconds, json.loads(done.stdout)


def naive_count(path: Path) -> int:
    from pyglue.cards import CardDatabase
    from pyglue.facts import scenario_facts
    from pyglue.scenario import load_scenario
    from pyglue.solve import enumerate_orders

    counts, models = enumerate_orders(scenario_facts(load_scenario(path, CardDatabase())))
    return models


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=8, help="pairwise different effects up to this many")
    parser.add_argument("--naive-up-to", type=int, default=7)
    args = parser.parse_args()
    print(f"{'effects':>16} {'seconds':>8} {'peak MB':>8} {'results':>8} {'order_count':>14} {'naive':>8}")
    cases = [(n, False) for n in (4, 8, 12)] + [(n, True) for n in range(2, args.max_n + 1, 2)]
    with tempfile.TemporaryDirectory() as folder:
        for n, pairwise in cases:
            path = Path(folder) / f"event_{n}_{pairwise}.toml"
            path.write_text(scenario(n, pairwise))
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            seconds, answer = run(path)
            peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
            outcomes = answer["answers"][0]["outcomes"]
            total = sum(o["order_count"] for o in outcomes)
            assert total == math.factorial(n), (n, total)
            naive = naive_count(path) if n <= args.naive_up_to else None
            if naive is not None:
                assert naive == total, (n, naive, total)
            label = f"{n} {'different' if pairwise else 'of 4 kinds'}"
            print(f"{label:>16} {seconds:>8.2f} {peak:>8.0f} {len(outcomes):>8} {total:>14,} "
                  f"{naive if naive is not None else '-':>8}")


if __name__ == "__main__":
    main()
