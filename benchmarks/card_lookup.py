"""The cost of card lookups in an imported (SQLite) card database, as the README reports it.

    python benchmarks/card_lookup.py [CARD_FILE]

CARD_FILE defaults to ../shared/data/oracle_corpus.json (35,033 cards). It is
imported into a temporary directory; then, in this process: opening the
database and the first lookup, lookups of 2,000 random names (and the same
names without punctuation), an unknown name with its suggestions, and for
comparison the first lookup from the JSON file itself. Whole-process figures
(interpreter start-up included): `mtgasp cards show NAME` and `mtgasp ask` on
a scenario whose card is in the database only, each the median of 7 runs.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO)]

from pyglue.card_store import import_cards  # noqa: E402
from pyglue.cards import CardDatabase, _load_index, _load_index_cached  # noqa: E402
from pyglue.errors import UnknownCardError  # noqa: E402

DEFAULT_SOURCE = REPO.parent / "shared" / "data" / "oracle_corpus.json"


def process_median(command: list[str], env: dict[str, str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True, cwd=REPO)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE
    with tempfile.TemporaryDirectory() as directory:
        target = Path(directory) / "cards.sqlite"
        summary = import_cards(source, target)
        print(f"import: {summary.cards:,} cards, {summary.names:,} names in {summary.seconds:.2f} s; "
              f"{target.stat().st_size / 1e6:.1f} MB")

        names = random.Random(7).sample(sorted(_load_index(source).display_names.values()), 2000)

        started = time.perf_counter()
        database = CardDatabase(target)
        database.lookup("Kalitas, Traitor of Ghet")
        print(f"open the database and the first lookup: {(time.perf_counter() - started) * 1000:.1f} ms")

        def timed(queries: list[str]) -> tuple[float, float, int]:
            times, found = [], 0
            for name in queries:
                started = time.perf_counter()
                found += database.find(name) is not None
                times.append(time.perf_counter() - started)
            return statistics.mean(times) * 1000, max(times) * 1000, found

        mean, worst, found = timed(names)
        print(f"lookup of {len(names):,} random names: mean {mean:.3f} ms, max {worst:.2f} ms ({found:,} found)")
        loose = ["".join(ch for ch in name if ch.isalnum() or ch == " ").upper() for name in names]
        mean, worst, found = timed(loose)
        print(f"the same names upper-case without punctuation: mean {mean:.3f} ms, max {worst:.2f} ms "
              f"({found:,} found; the others name two cards or none)")

        for unknown in ("Relfecting Pool", "Kalitas"):
            started = time.perf_counter()
            try:
                database.lookup(unknown)
            except UnknownCardError:
                pass
            print(f"unknown name {unknown!r} with suggestions: {(time.perf_counter() - started) * 1000:.0f} ms")

        _load_index_cached.cache_clear()
        started = time.perf_counter()
        CardDatabase(source).lookup("Kalitas, Traitor of Ghet")
        print(f"for comparison, the first lookup from the JSON file: {(time.perf_counter() - started):.2f} s")

        env = dict(os.environ, MTGASP_DATA_DIR=directory)
        env.pop("MTGASP_CARDS", None)
        mtgasp = [sys.executable, "-m", "pyglue.cli"]
        show = process_median(mtgasp + ["cards", "show", "Kalitas, Traitor of Ghet"], env)
        bare = process_median([sys.executable, "-c", "pass"], env)
        print(f"whole process `mtgasp cards show`: median {show:.3f} s (python -c pass: {bare:.3f} s)")
        scenario = Path(directory) / "arbor.toml"
        scenario.write_text('[[object]]\nid = "arbor"\ncard = "Dryad Arbor"\ncontroller = "you"\n\n'
                            '[[ask]]\ncould_produce = "arbor"\n', encoding="utf-8")
        asked = process_median(mtgasp + ["ask", str(scenario)], env)
        bundled = process_median(mtgasp + ["ask", "examples/reflection_then_contamination.toml"], env)
        print(f"whole process `mtgasp ask`, a card of the database: median {asked:.3f} s; "
              f"bundled cards only: {bundled:.3f} s")


if __name__ == "__main__":
    main()
