"""Running clingo on the rule files and a fact set, within limits of time and memory.

Grounding and solving run in a forked child process: a grounding that runs
too long (which clingo cannot interrupt) is stopped as surely as a search,
the child has a memory limit of its own, and it dies with its parent. The
child inherits the parent's memory, so it can build the answers itself and
send back plain Python values (no text round trip of the model).
"""

from __future__ import annotations

import ctypes
import functools
import math
import multiprocessing
import os
import resource
import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TypeVar

import clingo

from rules_asp import LATER_ROUNDS, ROUNDS_GATE, RULES, RULES_DIR, SHOWN

from . import symbols
from .errors import MtgaspError

T = TypeVar("T")
DEFAULT_TIMEOUT = 30.0
DEFAULT_MEMORY_MB = 4096
MAX_TIMEOUT = 100_000.0


@dataclass
class SolveResult:
    """The one stable model's shown atoms, as their keys (pyglue.symbols: a symbol's
    interned value; an event graph's hundreds of thousands of steps are read from
    them with no Python object per atom), and what the solve cost."""

    keys: Sequence[int]
    warnings: list[str] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)

    @property
    def atoms(self) -> list[clingo.Symbol]:
        """The shown atoms as symbols."""
        return [clingo.Symbol(key) for key in self.keys]


@dataclass(frozen=True)
class Limits:
    """What one ask of a file may cost: seconds from its start, and the solver's memory."""

    timeout: float = DEFAULT_TIMEOUT
    memory_mb: int = DEFAULT_MEMORY_MB

    def __post_init__(self) -> None:
        if not (isinstance(self.timeout, (int, float)) and math.isfinite(self.timeout)
                and 0 < self.timeout <= MAX_TIMEOUT):
            raise MtgaspError(f"the time limit should be a number of seconds above 0 and at most "
                              f"{MAX_TIMEOUT:g}, got {self.timeout!r}")
        if not (isinstance(self.memory_mb, int) and 64 <= self.memory_mb <= 1 << 22):
            raise MtgaspError(f"the memory limit should be a whole number of megabytes from 64 to {1 << 22}, "
                              f"got {self.memory_mb!r}")


def facts_text(facts: list[clingo.Symbol]) -> str:
    """The facts as a logic program: what `mtgasp facts` prints."""
    return "".join(f"{symbol}.\n" for symbol in facts)


# ---- Extra rule files -------------------------------------------------------

def check_rule_files(paths: list[Path], allow_scripts: bool) -> None:
    """Extra rule files are data: UTF-8 text that clingo parses, with no embedded
    script unless allowed (found by clingo's own parser, not by a text search)."""
    from clingo import ast

    from .scenario import read_limited

    for path in paths:
        try:
            text = read_limited(path).decode("utf-8")
        except OSError as error:
            raise MtgaspError(f"cannot read rule file {path}: {error.strerror}") from None
        except UnicodeDecodeError as error:
            raise MtgaspError(f"{path}: a rule file must be UTF-8 text ({error.reason} at byte {error.start})") from None
        scripts: list[Any] = []
        messages: list[str] = []

        def statement(node: Any) -> None:
            if node.ast_type == ast.ASTType.Script:
                scripts.append(node)

        try:
            ast.parse_string(text, statement, logger=lambda _code, message: messages.append(message),
                             message_limit=20)
        except RuntimeError:
            details = "; ".join(" ".join(m.split()).replace("<string>", str(path)) for m in messages)
            raise MtgaspError(f"{path}: clingo cannot parse this rule file: {details or 'syntax error'}") from None
        if scripts and not allow_scripts:
            line = scripts[0].location.begin.line
            raise MtgaspError(f"{path}:{line}: contains a #script block; rule files are data, not code to run "
                              "(pass --allow-scripts to run it anyway)")


# ---- The solve ----------------------------------------------------------------

def run_clingo(program: str, extra_rules: list[Path] = (), allow_scripts: bool = False
               ) -> tuple[Sequence[int], list[str], dict]:
    """Ground and solve in this process: (the keys of the shown atoms, clingo's warnings,
    statistics). Exactly one stable model is expected. The grounding's memory is given
    back before this returns: what reads the model does not add to it."""
    if allow_scripts:
        from clingo.script import enable_python

        enable_python()
    messages: list[str] = []

    def logger(code: clingo.MessageCode, message: str) -> None:
        messages.append(" ".join(message.split()))

    # main.lp's rules; without the later rounds of the layer system unless
    # rounds_gate.lp guesses them needed, and then grounded anew with them if
    # round 0 leaves a layer unsettled after all (rules.lp). An extra rule file
    # may read those rounds: it gets them all.
    full = [RULES, LATER_ROUNDS, SHOWN]
    files = full if extra_rules or _holds(_grounded(_read_by(ROUNDS_GATE, program), [ROUNDS_GATE], [], None, []),
                                          "rounds_gate_likely") else [RULES, SHOWN]
    control, groundings = _grounded(program, files, extra_rules, logger, messages), 1
    if files is not full and _holds(control, "layer_rounds_needed"):
        messages.clear()
        control, files, groundings = _grounded(program, full, extra_rules, logger, messages), full, 2
    if os.environ.get(CHECK_GROUNDING) and not extra_rules:
        _check_grounding_decided(control)
    models = _models(control)
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
        "later_rounds": int(files is full),  # 1: matcher_rounds.lp loaded
        "groundings": groundings,  # 2: without those rounds first, which round 0 then needed
    }
    del control  # (the keys stay valid: clingo keeps every symbol)
    _give_back_memory()
    return models[0], messages, stats


def _models(control: clingo.Control) -> list[Sequence[int]]:
    models = []
    with control.solve(yield_=True) as handle:
        for model in handle:
            models.append(symbols.shown_keys(model))  # copied out inside the loop
    return models


def _give_back_memory() -> None:
    """glibc keeps what clingo freed for the next allocations of the C heap, which Python's
    small objects do not use: the pages go back to the system (Linux), so that a big graph's
    grounding and the answer read from it are not both in memory."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


def _grounded(program: str, files: list[Path], extra_rules: list[Path], logger: Callable[..., None] | None,
              messages: list[str]) -> clingo.Control:
    control = clingo.Control(["--models=2"], logger=logger or (lambda _code, _message: None), message_limit=1000)
    try:
        for path in [*files, *extra_rules]:
            control.load(str(path))
        control.add("base", [], program)
        control.ground([("base", [])])
    except RuntimeError as error:
        raise MtgaspError("clingo: " + ("; ".join(messages) or str(error))) from None
    return control


def _read_by(path: Path, program: str) -> str:
    """The facts (one a line, as facts_text writes them) of the predicates the rule file reads."""
    prefixes = _inputs(path)
    return "".join(line + "\n" for line in program.splitlines() if line.startswith(prefixes))


@functools.lru_cache(maxsize=None)
def _inputs(path: Path) -> tuple[str, ...]:
    """"name(" of each predicate a rule file reads and does not derive."""
    from clingo import ast

    read, derived = set(), set()

    def visit(node: Any) -> None:
        if node.ast_type == ast.ASTType.Rule:
            derived.update(atom.name for atom in _functions(node.head))
            read.update(atom.name for literal in node.body for atom in _functions(literal))

    ast.parse_files([str(path)], visit)
    return tuple(f"{name}(" for name in sorted(read - derived))


def _functions(node: Any) -> list[Any]:
    """The predicates' atoms (function terms at the top of a literal) within an AST node."""
    from clingo import ast

    found: list[Any] = []

    class Atoms(ast.Transformer):
        def visit_SymbolicAtom(self, atom: Any) -> Any:
            if atom.symbol.ast_type == ast.ASTType.Function:
                found.append(atom.symbol)
            return atom

    Atoms()(node)
    return found


def _holds(control: clingo.Control, name: str) -> bool:
    """Whether the atom name/0 is true after grounding (a fact: the rules are stratified)."""
    atom = control.symbolic_atoms[clingo.Function(name)]
    return atom is not None and atom.is_fact


# Set (as the test suite does) to check that grounding alone decided every
# atom: the rules are stratified, which keeps big boards cheap, and a rule
# with recursion through negation would leave atoms to the solver.
CHECK_GROUNDING = "MTGASP_CHECK_GROUNDING"


def _check_grounding_decided(control: clingo.Control) -> None:
    undecided = sorted({atom.symbol.name for atom in control.symbolic_atoms if not atom.is_fact})
    if undecided:
        raise MtgaspError(f"{CHECK_GROUNDING}: grounding left atoms of {', '.join(undecided)} undecided "
                          "(recursion through negation in the rules?)")


def solve(facts: list[clingo.Symbol], extra_rules: list[Path] = (), *, allow_scripts: bool = False,
          timeout: float = DEFAULT_TIMEOUT, memory_mb: int = DEFAULT_MEMORY_MB) -> SolveResult:
    """Ground and solve the entry program with the facts, in a child process."""
    return solve_then(facts, lambda result: result, extra_rules, allow_scripts=allow_scripts,
                      limits=Limits(timeout, memory_mb), as_text=True)


def solve_then(facts: list[clingo.Symbol], then: Callable[[SolveResult], T], extra_rules: list[Path] = (), *,
               allow_scripts: bool = False, limits: Limits = Limits(), deadline: float | None = None,
               as_text: bool = False) -> T:
    """Solve in a child process and apply `then` to the result there; its value (plain
    Python data) comes back. as_text: the result itself comes back, its atoms as text."""
    extra_rules = [Path(p) for p in extra_rules]
    check_rule_files(extra_rules, allow_scripts)
    program = facts_text(facts)

    def work() -> Any:
        keys, warnings, stats = run_clingo(program, extra_rules, allow_scripts)
        result = SolveResult(keys, warnings, stats)
        if as_text:
            return [str(a) for a in result.atoms], warnings, stats
        return then(result)

    value = in_child(work, limits, deadline)
    if as_text:
        atoms, warnings, stats = value
        return then(SolveResult([symbols.key(clingo.parse_term(a)) for a in atoms], warnings, stats))
    return value


def in_child(work: Callable[[], T], limits: Limits, deadline: float | None = None) -> T:
    """work() in a forked child with the memory limit, until the deadline (monotonic
    seconds; default: limits.timeout from now). Its errors come back as MtgaspError."""
    deadline = deadline if deadline is not None else time.monotonic() + limits.timeout
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(work, limits.memory_mb, sender, os.getpid()), daemon=True)
    try:
        with _alarm_held():  # an alarm past the deadline must not come between the fork and the try
            child.start()
        sender.close()
        while not receiver.poll(min(0.2, max(0.0, deadline - time.monotonic()))):
            if time.monotonic() >= deadline:
                raise MtgaspError(f"the ask ran longer than the time limit of {limits.timeout:g} s (see --timeout)")
            if not child.is_alive() and not receiver.poll(0):
                break
        try:
            status, payload = receiver.recv()
        except EOFError:
            child.join()
            raise MtgaspError(_stopped(child.exitcode, limits)) from None
    finally:
        with _alarm_held():  # nor stop this cleanup half way, leaving the child running
            if child.is_alive():
                child.kill()
            if child.pid is not None:
                child.join()
            sender.close()
            receiver.close()
    if status == "error":
        raise MtgaspError(payload)
    return payload


@contextmanager
def _alarm_held() -> Iterator[None]:
    """SIGALRM (time_limit's alarm) held back in this block, delivered after it."""
    held = hasattr(signal, "pthread_sigmask")
    if held:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        yield
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})


def _stopped(exitcode: int | None, limits: Limits) -> str:
    if exitcode == -signal.SIGKILL:
        return f"the solver was killed (past the memory limit of {limits.memory_mb} MB? see --memory)"
    return f"the solver stopped unexpectedly (exit code {exitcode})"


PR_SET_PDEATHSIG = 1


def _child(work: Callable[[], Any], memory_mb: int, sender: Any, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers Ctrl-C and ends this process
    try:  # die with the parent (Linux), also if it was killed
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # it died before prctl: this process was handed to init or a subreaper
        os._exit(1)
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        sender.send(("ok", work()))
    except MtgaspError as error:
        sender.send(("error", str(error)))
    except MemoryError:
        sender.send(("error", f"the solver needed more than the memory limit of {memory_mb} MB (see --memory)"))
    except RecursionError as error:
        sender.send(("error", internal_error(error)))
    except RuntimeError as error:  # clingo's own errors
        text = str(error)
        if "bad_alloc" in text or "memory" in text.lower():
            text = f"the solver needed more than the memory limit of {memory_mb} MB (see --memory)"
        else:
            text = f"clingo: {text}"
        sender.send(("error", text))
    except Exception as error:  # a bug: one message in the parent, not a traceback from this process
        sender.send(("error", internal_error(error)))
    finally:
        sender.close()


def internal_error(error: BaseException) -> str:
    """The one message of an error that is mtgasp's fault, with where it was raised."""
    import traceback

    frames = traceback.extract_tb(error.__traceback__)
    ours = [frame for frame in frames if Path(frame.filename).parent.name in ("pyglue", "grammar")] or frames
    where = f" ({'/'.join(Path(ours[-1].filename).parts[-2:])}:{ours[-1].lineno})" if ours else ""
    return f"internal error, please report it with the input: {type(error).__name__}: {error}{where}"


@contextmanager
def time_limit(limits: Limits) -> Iterator[float]:
    """The deadline of one ask, with an alarm that stops Python work past it (reading,
    facts, answers: interrupted between two bytecodes) where signals can be used."""
    deadline = time.monotonic() + limits.timeout
    usable = hasattr(signal, "setitimer") and _in_main_thread()
    if not usable:
        yield deadline
        return

    def expired(_signum: int, _frame: Any) -> None:
        raise MtgaspError(f"the ask ran longer than the time limit of {limits.timeout:g} s (see --timeout)")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, limits.timeout)
    try:
        yield deadline
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _in_main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


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
