"""mtgasp benchmarks: the cost of each solve, as the README reports it.

    python benchmarks/run.py            # everything
    python benchmarks/run.py --quick    # smaller repetitions

Times exclude interpreter start-up except for the whole-process `mtgasp ask`
figure. For each solve it prints the grounding size and the models
enumerated, so that a slower figure can be traced to its cause.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "benchmarks")]

import clingo  # noqa: E402

from boards import board, copy_board, different_effects, layer_board, LAYER_BOARD_CARDS, stacked_effects  # noqa: E402
from pyglue.answers import mana_string  # noqa: E402
from pyglue.api import Settings, answer_scenario  # noqa: E402
from pyglue.cards import CardDatabase  # noqa: E402
from pyglue.facts import scenario_facts  # noqa: E402
from pyglue.scenario import load_scenario  # noqa: E402
from pyglue.solve import Limits, enumerate_orders  # noqa: E402


def write_temp(text: str) -> Path:
    handle = tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False)
    handle.write(text)
    handle.close()
    return Path(handle.name)


SETTINGS = Settings(cards=CardDatabase(), limits=Limits(timeout=600, memory_mb=16384))


def cpu_seconds() -> float:
    """CPU time of this process and of its children that ended (the solver's)."""
    return sum(r.ru_utime + r.ru_stime for r in map(resource.getrusage, (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)))


def answer(path: Path, settings: Settings = SETTINGS) -> tuple[float, dict, list]:
    """Whole in-process answer of a scenario file as `mtgasp ask` makes it: load, facts,
    ground and solve in the child, which builds the answers. The stats gain `cpu_seconds`."""
    start, cpu = time.perf_counter(), cpu_seconds()
    answered = answer_scenario(path, settings)
    return time.perf_counter() - start, {**answered.stats, "cpu_seconds": cpu_seconds() - cpu}, answered.answers


def best_of(path: Path, repeat: int, settings: Settings = SETTINGS) -> tuple[float, dict, list]:
    runs = [answer(path, settings) for _ in range(repeat)]
    return min(runs, key=lambda run: run[0])


def _measured(path: Path, repeat: int, sender) -> None:
    seconds, stats, answers = best_of(path, repeat)
    peak_kb = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    sender.send((seconds, stats, [a.data for a in answers], peak_kb / 1024))


def measured(path: Path, repeat: int) -> tuple[float, dict, list[dict], float]:
    """best_of in a fresh process: also the peak memory (MB) of that process and of the
    solver's child, the largest resident size either reached."""
    receiver, sender = multiprocessing.Pipe(duplex=False)
    worker = multiprocessing.get_context("fork").Process(target=_measured, args=(path, repeat, sender))
    worker.start()
    result = receiver.recv()
    worker.join()
    return result


def describe(stats: dict) -> str:
    return (f"ground atoms {stats['ground_atoms']:.0f}, rules {stats['ground_rules']:.0f}, "
            f"models {stats['models']:.0f}")


def bench_board_sizes(title: str, make_board, repeat: int, settings: Settings = SETTINGS) -> None:
    """The same board at 200 and 400 permanents: the cost must grow about linearly."""
    print(f"== {title} ==")
    times = {}
    for per_side in (100, 200):
        path = write_temp(make_board(per_side))
        seconds, stats, answers = best_of(path, repeat, settings)
        times[per_side] = seconds
        print(f"{2 * per_side} permanents: {seconds:.3f} s, CPU {stats['cpu_seconds']:.3f} s  "
              f"({describe(stats)}; {len(answers)} answers)")
    print(f"400 / 200 ratio: {times[200] / times[100]:.2f} (limit 2.5)")


def bench_boards(repeat: int) -> None:
    bench_board_sizes("could_produce of every permanent, one ask file", board, repeat)


def bench_copy_boards(repeat: int) -> None:
    bench_board_sizes("characteristics of every permanent and token copies of a fifth (layers 1, 4, 6, 7)",
                      copy_board, repeat)


def bench_layer_boards(repeat: int) -> None:
    """Cards of the corpus: the database `mtgasp` would use ($MTGASP_CARDS or the
    imported one), read before the clock starts."""
    cards = CardDatabase.from_settings()
    for card in LAYER_BOARD_CARDS:
        cards.lookup(card)
    bench_board_sizes("characteristics of every permanent, 20 lords, 20 anthems, 20 type-changers, "
                      "10 dependency pairs (layers 4-7)", layer_board, repeat,
                      Settings(cards=cards, limits=SETTINGS.limits))


def bench_replacement_boards(repeat: int) -> None:
    """could_produce of every permanent of the 200 board with k copies of each of its 6
    replacement effects, and with 10 pairwise different effects on every land."""
    print("== could_produce of every permanent, 200 permanents, copies of every replacement effect ==")
    times = {}
    for copies in (1, 2, 4):
        seconds, stats, answers, peak = measured(write_temp(board(100, copies)), repeat)
        times[copies] = seconds
        print(f"{copies} cop{'y' if copies == 1 else 'ies'}: {seconds:.3f} s, peak {peak:.0f} MB ({describe(stats)})")
    print(f"2 copies / 1 copy ratio: {times[2] / times[1]:.2f} (limit 2.5); 4 copies: limit 2 s")
    seconds, stats, answers, peak = measured(write_temp(board(100, land_effects=True)), repeat)
    print(f"10 different effects on every land: {seconds:.3f} s, peak {peak:.0f} MB ({describe(stats)}; limit 2 s)")


def bench_different_effects(repeat: int) -> None:
    print("== activate with n pairwise different replacement effects ==")
    for n in (8, 10, 12, 14):
        path = write_temp(different_effects(n))
        seconds, stats, answers, peak = measured(path, repeat if n < 14 else 1)
        outcomes = answers[0]["outcomes"]
        total = sum(o["order_count"] for o in outcomes)
        line = f"n={n:2}: {seconds:.3f} s, peak {peak:.0f} MB, {len(outcomes)} outcomes, {total} orders ({describe(stats)})"
        if n == 8:
            facts = scenario_facts(load_scenario(path, CardDatabase()))
            naive_seconds, counts, models = naive_counts(facts)
            assert counts == Counter({o["mana"]: o["order_count"] for o in outcomes})
            line += f"\n      naive enumeration of every order: {naive_seconds:.3f} s ({models} models), same counts"
        print(line)


def naive_counts(facts: list[clingo.Symbol]) -> tuple[float, Counter, int]:
    """All orders, one model each (rules_asp/orders.lp): the n! way."""
    start = time.perf_counter()
    counts, models = enumerate_orders(facts)
    seconds = time.perf_counter() - start
    return seconds, Counter({mana_string(m): c for m, c in counts.get(1, {}).items()}), models


def bench_orders(repeat: int) -> None:
    print("== activate with n mutually applicable replacement effects ==")
    for n in (8, 9, 10, 12):
        path = write_temp(stacked_effects(n))
        seconds, stats, answers = best_of(path, repeat)
        outcomes = answers[0].data["outcomes"]
        total = sum(o["order_count"] for o in outcomes)
        line = (f"n={n:2}: {seconds:.3f} s, {len(outcomes)} outcomes, {total} orders "
                f"(n! = {__import__('math').factorial(n)}) ({describe(stats)})")
        if n <= 9:
            facts = scenario_facts(load_scenario(path, CardDatabase()))
            naive_seconds, counts, models = naive_counts(facts)
            assert counts == Counter({o["mana"]: o["order_count"] for o in outcomes})
            line += f"\n      naive enumeration of every order: {naive_seconds:.3f} s ({models} models), " \
                    f"ratio {naive_seconds / seconds:.0f}x"
        print(line)


def bench_process(repeat: int) -> None:
    print("== whole process: mtgasp ask on a small scenario ==")
    example = REPO / "examples" / "reflection_then_contamination.toml"
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pyglue.cli", "ask", str(example)],
                       check=True, capture_output=True, cwd=REPO)
        runs.append(time.perf_counter() - start)
    print(f"median of {repeat}: {statistics.median(runs):.3f} s (min {min(runs):.3f} s)")


def bench_reading(repeat: int) -> None:
    """Reading and fact building stay linear in the file: 16,000 Forests with default ids."""
    print("== reading: load and facts of 16,000 objects with default ids ==")
    path = write_temp("".join('[[object]]\ncard = "Forest"\ncontroller = "you"\n' for _ in range(16_000)))
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        facts = scenario_facts(load_scenario(path, CardDatabase()))
        runs.append(time.perf_counter() - start)
    print(f"best of {repeat}: {min(runs):.2f} s, {len(facts):,} facts")


BENCHMARKS = {"boards": bench_boards, "copy_boards": bench_copy_boards,
              "layer_boards": bench_layer_boards, "orders": bench_orders,
              "replacement_boards": bench_replacement_boards, "different_effects": bench_different_effects,
              "reading": bench_reading, "process": bench_process}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--only", choices=sorted(BENCHMARKS), action="append", help="run these only (repeatable)")
    args = parser.parse_args()
    repeat = 1 if args.quick else 3
    for name in args.only or BENCHMARKS:
        BENCHMARKS[name](repeat if name != "process" else 5 if args.quick else 11)


if __name__ == "__main__":
    main()
