"""Running clingo on the rule files and a fact set, with a time limit.

The solve runs in a forked child process, so that a grounding that runs too
long (which clingo cannot interrupt) is stopped as surely as a search. The
child copies the shown symbols out of the model inside the solve loop and
sends them back as text; the parent parses them back into symbols.
"""

from __future__ import annotations

import multiprocessing
import re
from dataclasses import dataclass, field
from pathlib import Path

import clingo

from rules_asp import ENTRY, RULES_DIR

from .errors import MtgaspError

SCRIPT_BLOCK = re.compile(r"#script\b")


@dataclass
class SolveResult:
    """The one stable model's shown atoms, and what the solve cost."""

    atoms: list[clingo.Symbol]
    warnings: list[str] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)


def facts_text(facts: list[clingo.Symbol]) -> str:
    """The facts as a logic program: what `mtgasp facts` prints."""
    return "".join(f"{symbol}.\n" for symbol in facts)


def check_rule_files(paths: list[Path], allow_scripts: bool) -> None:
    """Extra rule files are data: refuse embedded scripts unless allowed."""
    for path in paths:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise MtgaspError(f"cannot read rule file {path}: {err.strerror}") from None
        if not allow_scripts and SCRIPT_BLOCK.search(text):
            raise MtgaspError(
                f"{path}: contains a #script block; rule files are data, not code to run "
                "(pass --allow-scripts to run it anyway)"
            )


def solve(facts: list[clingo.Symbol], extra_rules: list[Path] = (), *,
          allow_scripts: bool = False, timeout: float = 30.0) -> SolveResult:
    """Ground and solve the entry program with the facts; exactly one model is expected."""
    extra_rules = [Path(p) for p in extra_rules]
    check_rule_files(extra_rules, allow_scripts)
    program = facts_text(facts)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_solve_in_child, args=(program, extra_rules, allow_scripts, sender), daemon=True)
    child.start()
    sender.close()
    if not receiver.poll(timeout):
        child.kill()
        child.join()
        raise MtgaspError(f"the solver ran longer than the time limit of {timeout:g} s (see --timeout)")
    try:
        status, payload = receiver.recv()
    except EOFError:
        child.join()
        raise MtgaspError("the solver stopped unexpectedly (exit code %s)" % child.exitcode) from None
    child.join()
    if status == "error":
        raise MtgaspError(payload)
    atoms, warnings, stats = payload
    return SolveResult([clingo.parse_term(a) for a in atoms], warnings, stats)


def _solve_in_child(program: str, extra_rules: list[Path], allow_scripts: bool, sender) -> None:
    try:
        sender.send(("ok", run_clingo(program, extra_rules, allow_scripts)))
    except MtgaspError as err:
        sender.send(("error", str(err)))
    except RuntimeError as err:  # clingo's own errors: syntax errors in rule files and the like
        sender.send(("error", f"clingo: {err}"))
    finally:
        sender.close()


def run_clingo(program: str, extra_rules: list[Path] = (), allow_scripts: bool = False
               ) -> tuple[list[str], list[str], dict]:
    """Ground and solve in this process; returns (shown atoms, clingo's warnings, statistics)."""
    if allow_scripts:
        from clingo.script import enable_python

        enable_python()
    messages: list[str] = []

    def logger(code: clingo.MessageCode, message: str) -> None:
        messages.append(" ".join(message.split()))

    control = clingo.Control(["--models=2"], logger=logger, message_limit=1000)
    control.load(str(ENTRY))
    for path in extra_rules:
        control.load(str(path))
    control.add("base", [], program)
    control.ground([("base", [])])
    models: list[list[str]] = []
    with control.solve(yield_=True) as handle:
        for model in handle:
            models.append([str(s) for s in model.symbols(shown=True)])
    if not models:
        raise MtgaspError("the rules have no stable model for this scenario (an extra rule file forbids it?)")
    if len(models) > 1:
        raise MtgaspError("the rules have several stable models for this scenario; "
                          "the answers need a deterministic program (an extra rule file adds choices?)")
    summary = control.statistics["summary"]
    problem = control.statistics["problem"]["lp"]
    stats = {
        "ground_atoms": problem["atoms"],
        "ground_rules": problem["rules"],
        "models": summary["models"]["enumerated"],
        "ground_seconds": summary["times"]["total"] - summary["times"]["solve"],
        "solve_seconds": summary["times"]["solve"],
    }
    return models[0], messages, stats


def enumerate_orders(facts: list[clingo.Symbol]) -> tuple[dict[int, dict[clingo.Symbol, int]], int]:
    """The naive count: one stable model of rules_asp/orders.lp per (choice, order,
    trigger choice) of each activate ask; n! models for n effects. For checking the
    path counts of the event graph and for benchmarks, never for answers.

    Returns {ask index: {final mana tuple: models}} and the models enumerated.
    """
    control = clingo.Control(["--models=0"])
    control.load(str(RULES_DIR / "orders.lp"))
    control.add("base", [], facts_text(facts))
    control.ground([("base", [])])
    counts: dict[int, dict[clingo.Symbol, int]] = {}
    with control.solve(yield_=True) as handle:
        for model in handle:
            for symbol in model.symbols(shown=True):
                if symbol.name == "order_result":
                    ask, mana = symbol.arguments
                    per_ask = counts.setdefault(ask.number, {})
                    per_ask[mana] = per_ask.get(mana, 0) + 1
    return counts, int(control.statistics["summary"]["models"]["enumerated"])
