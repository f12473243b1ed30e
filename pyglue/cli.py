"""The `mtgasp` command line: ask, check, parse, facts.

Every user error (a malformed scenario, an unknown card or id, an ask that
runs too long or too big) ends with one message on stderr and exit status 2;
Ctrl-C ends with exit status 130.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

from .coverage import add_parser as add_coverage_command
from .errors import MtgaspError
from .solve import DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT, MAX_TIMEOUT, internal_error

EXIT_USAGE = 2
EXIT_WARNINGS = 3  # --strict: an answer has warnings
EXIT_INTERRUPTED = 130


def main(argv: list[str] | None = None) -> int:
    try:
        parser = _parser()
        args = parser.parse_args(argv)
        code = args.run(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # a write error is one message here, not an "Exception ignored" at exit
        return code
    except MtgaspError as err:
        print(f"mtgasp: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("mtgasp: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as error:  # reading files has its own messages: mostly writing the output (a full disk)
        if error.filename is not None:
            print(f"mtgasp: {error.filename}: {error.strerror or error}", file=sys.stderr)
        else:
            _silence_stdout()
            print(f"mtgasp: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as error:  # a bug, which bad input may reach: still one message, not a traceback
        print(f"mtgasp: {internal_error(error)}", file=sys.stderr)
        return EXIT_USAGE


def _silence_stdout() -> None:
    """The output cannot be written: what is left of it (and the flush at exit) goes nowhere."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no file descriptor (a test's capture)
        pass


class _ArgumentParser(argparse.ArgumentParser):
    """Python 3.11's argparse drops an option's value "--" (`--text=--`) and gives [] in its
    place: here the value stays "--"."""

    def _get_values(self, action, arg_strings):
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            value = self._get_value(action, "--")
            self._check_value(action, value)
            return value
        return super()._get_values(action, arg_strings)


def _parser() -> argparse.ArgumentParser:
    parser = _ArgumentParser(
        prog="mtgasp",
        description="Answer questions about Magic: The Gathering interactions, exhaustively, "
                    "from the Comprehensive Rules written as answer-set programs.")
    parser.add_argument("--version", action=_VersionAction)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def cards_option(command: argparse.ArgumentParser) -> None:
        command.add_argument("--cards", metavar="PATH",
                             help="a card database (MTGJSON AtomicCards, Scryfall oracle-cards, or a JSON "
                                  "list of MTGJSON card objects, or one mtgasp cards import made); "
                                  "default: $MTGASP_CARDS, else the imported database")

    def solve_options(command: argparse.ArgumentParser) -> None:
        cards_option(command)
        command.add_argument("--rules", metavar="EXTRA.lp", action="append", default=[],
                             help="extra rule file loaded after the built-in ones (repeatable)")
        command.add_argument("--allow-scripts", action="store_true",
                             help="allow #script blocks in extra rule files")
        command.add_argument("--asks", metavar="SCHEMA.toml", action="append", default=[],
                             help="extra ask kinds (schema entries), answered by --rules files (repeatable)")
        command.add_argument("--timeout", metavar="SECONDS", type=_seconds, default=DEFAULT_TIMEOUT,
                             help=f"stop the answering of a file that runs longer: reading, facts, grounding, "
                                  f"solving, answers (default {DEFAULT_TIMEOUT:g})")
        command.add_argument("--memory", metavar="MB", type=_megabytes, default=DEFAULT_MEMORY_MB,
                             help=f"the solver's memory limit in megabytes (default {DEFAULT_MEMORY_MB})")
        command.add_argument("--strict", action="store_true",
                             help=f"exit with status {EXIT_WARNINGS} when an answer has warnings (the output is "
                                  "the same)")

    ask = commands.add_parser("ask", help="answer the asks of scenario files")
    ask.add_argument("files", nargs="+", metavar="FILE")
    ask.add_argument("--json", action="store_true", help="one JSON object per file (a list for several)")
    ask.add_argument("--max-orders", metavar="N", type=_count, default=20,
                     help="orders listed per activate outcome (default 20)")
    ask.add_argument("--stats", action="store_true", help="print grounding and solving costs to stderr")
    ask.add_argument("--explain", action="store_true",
                     help="under each answer, the words of the rules it cites and the facts that made them apply")
    solve_options(ask)
    ask.set_defaults(run=_run_ask)

    check = commands.add_parser("check", help="compare answers with the expectations of scenarios")
    check.add_argument("files", nargs="+", metavar="FILE|DIR")
    solve_options(check)
    check.set_defaults(run=_run_check)

    draw = commands.add_parser("draw", help="a picture of an answer: the event graph of an activate ask, "
                                            "the characteristics of an object")
    draw.add_argument("file", metavar="FILE")
    draw.add_argument("--ask", metavar="N", type=_count, help="the ask to draw (default: the first one that can be)")
    draw.add_argument("-o", "--output", metavar="OUT", required=True, type=Path,
                      help="OUT.dot (Graphviz source), OUT.svg or OUT.png (these need Graphviz's dot program)")
    solve_options(draw)
    draw.set_defaults(run=_run_draw)

    parse = commands.add_parser("parse", help="the facts a card's Oracle text becomes")
    source = parse.add_mutually_exclusive_group(required=True)
    source.add_argument("name", nargs="?", metavar="CARD NAME")
    source.add_argument("--text", metavar="ORACLE TEXT", help="parse this text instead of a card's")
    cards_option(parse)
    parse.set_defaults(run=_run_parse)

    facts = commands.add_parser("facts", help="the complete fact set of a scenario, for plain clingo")
    facts.add_argument("file", metavar="FILE")
    cards_option(facts)
    facts.add_argument("--asks", metavar="SCHEMA.toml", action="append", default=[],
                       help="extra ask kinds (schema entries) the scenario uses (repeatable)")
    facts.set_defaults(run=_run_facts)

    _add_tool_commands(commands)
    add_coverage_command(commands)
    return parser


def _add_tool_commands(commands) -> None:
    """The commands about the program itself: rule (the rules' words), cards (databases), completion."""
    rule = commands.add_parser("rule", help="the words of a Comprehensive Rules rule, with its subrules")
    rule.add_argument("numbers", nargs="+", metavar="NUMBER", help="e.g. 616.1, 616.1a, 702.16b, or a section: 616")
    rule.add_argument("--no-subrules", action="store_true", help="only the rule itself and its examples")
    rule.set_defaults(run=_run_rule)

    cards = commands.add_parser("cards", help="card databases: import one, say which is in use, show a card")
    actions = cards.add_subparsers(dest="cards_command", required=True, metavar="ACTION")
    card_import = actions.add_parser(
        "import", help="make the indexed card database from MTGJSON AtomicCards.json, a Scryfall "
                       "oracle-cards file, or a JSON list of MTGJSON card objects")
    card_import.add_argument("file", metavar="FILE")
    card_import.add_argument("--to", metavar="PATH",
                             help="where to write it (default: cards.sqlite in the data directory: "
                                  "$MTGASP_DATA_DIR, else $XDG_DATA_HOME/mtgasp, else ~/.local/share/mtgasp)")
    card_import.set_defaults(run=_run_cards_import)
    info = actions.add_parser("info", help="which card databases a name is looked up in")
    info.add_argument("--cards", metavar="PATH", help="a card database (default: $MTGASP_CARDS, else the imported one)")
    info.set_defaults(run=_run_cards_info)
    show = actions.add_parser("show", help="the Oracle fields of a card, as the database has them")
    show.add_argument("name", metavar="CARD NAME")
    show.add_argument("--cards", metavar="PATH", help="a card database (default: $MTGASP_CARDS, else the imported one)")
    show.set_defaults(run=_run_cards_show)

    completion = commands.add_parser("completion", help="a shell completion script: mtgasp completion bash|zsh")
    completion.add_argument("shell", choices=["bash", "zsh"])
    completion.set_defaults(run=_run_completion)


class _VersionAction(argparse.Action):
    """--version: the installed package's version, read only when asked (importlib.metadata is slow to import)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or "print the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"mtgasp {package_version()}")
        parser.exit()


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mtgasp")
    except PackageNotFoundError:
        return "(not installed: no package metadata)"


def print_no_expectations(file: Path | str, answers) -> bool:
    """For `check`: print "FILE: no expectations" when no ask of the file has an expect; True if so."""
    from .scenario import MISSING

    if all(answer.ask.expect is MISSING for answer in answers):
        print(f"{file}: no expectations")
        return True
    return False


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value) or not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"should be a number of seconds above 0 and at most {MAX_TIMEOUT:g}")
    return value


def _megabytes(text: str) -> int:
    if not text.isdigit() or not 64 <= int(text) <= 1 << 22:
        raise argparse.ArgumentTypeError(f"should be a whole number of megabytes from 64 to {1 << 22}")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return int(text)


def _settings(args: argparse.Namespace, max_orders: int = 20):
    from .api import Settings
    from .cards import CardDatabase
    from .solve import Limits

    return Settings(cards=CardDatabase.from_settings(args.cards), rules=[Path(p) for p in args.rules],
                    schemas=[Path(p) for p in args.asks], allow_scripts=args.allow_scripts,
                    limits=Limits(args.timeout, args.memory), max_orders=max_orders)


STDIN = "-"  # as FILE: the scenario is read from standard input


def read_stdin() -> str:
    """The scenario on standard input, as TOML text (a newline added: load_scenario reads
    a str with one as text, never as a path)."""
    data = sys.stdin.buffer.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise MtgaspError(f"<stdin>: not UTF-8 text ({error.reason} at byte {error.start})") from None
    return text + "\n"


def display_name(file: Path | str) -> str:
    """A FILE argument as the output and messages name it."""
    return "<stdin>" if str(file) == STDIN else str(file)


def _scenario_source(file: Path | str) -> tuple[Path | str, str]:
    """What to read a FILE argument from, and the name messages give it."""
    if str(file) == STDIN:
        return read_stdin(), display_name(file)
    return Path(file), str(file)


def _answer_file(file: Path | str, args: argparse.Namespace, settings):
    from .api import answer_scenario

    source, name = _scenario_source(file)
    answered = answer_scenario(source, settings, name)
    if getattr(args, "stats", False):
        print(f"{name}: " + ", ".join(f"{k} {v:g}" for k, v in answered.stats.items()), file=sys.stderr)
    for warning in answered.clingo_warnings:
        print(f"mtgasp: clingo: {warning}", file=sys.stderr)
    return answered


def _run_ask(args: argparse.Namespace) -> int:
    from .render import render_table

    if args.files.count(STDIN) > 1:
        raise MtgaspError("standard input (-) can be read once only")
    settings = _settings(args, args.max_orders)
    documents = []
    warned = False
    for file in args.files:
        answered = _answer_file(file, args, settings)
        warned = warned or any(answer.warnings for answer in answered.answers)
        documents.append(answered.to_json(display_name(file)))
        if not args.json:
            print(render_table(display_name(file), answered.answers, answered.shown, explain=args.explain))
    if args.json:
        print(json.dumps(documents[0] if len(documents) == 1 else documents, indent=2))
    return EXIT_WARNINGS if args.strict and warned else 0


def _run_draw(args: argparse.Namespace) -> int:
    from .api import answer_scenario
    from .draw import output_format, write_picture

    output_format(args.output)  # before the solve: a wrong name costs nothing
    source, name = _scenario_source(args.file)
    answered = answer_scenario(source, _settings(args), name, draw=True)
    if args.ask is None:
        if not answered.pictures:
            raise MtgaspError(f"{name}: no ask to draw (draw draws activate, event and characteristics asks)")
        number = min(answered.pictures)
    else:
        number = args.ask
        kinds = {answer.ask.index: answer.ask.kind for answer in answered.answers}
        if number not in kinds:
            raise MtgaspError(f"{name}: no ask {number} (the file has {len(kinds)})")
        if number not in answered.pictures:
            raise MtgaspError(f"{name}: ask {number} is a {kinds[number]} ask; draw draws activate, event and "
                              "characteristics asks")
    write_picture(answered.pictures[number], args.output)
    return EXIT_WARNINGS if args.strict and any(answer.warnings for answer in answered.answers) else 0


def ask_label(answer) -> str:
    """How check names an ask: its kind, an event's kind, its object ("event put_counters bears")."""
    ask = answer.ask
    parts = [ask.kind, answer.data.get(ask.kind) if isinstance(answer.data.get(ask.kind), str) else None,
             ask.object_id]
    return " ".join(str(part) for part in parts if part is not None)


def _run_check(args: argparse.Namespace) -> int:
    """Every file is checked: a file that cannot be is an error line, and the rest go on."""
    from .expectations import compare
    from .scenario import MISSING

    settings = _settings(args)
    files = _scenario_files(args.files)
    passed = failed = errors = 0
    warned = False
    for file in files:
        try:
            answered = _answer_file(file, args, settings)
            warned = warned or any(answer.warnings for answer in answered.answers)
            results = []
            for answer in answered.answers:
                if answer.ask.expect is not MISSING:
                    kind = answered.scenario.schema.kinds[answer.ask.kind]
                    results.append((answer, compare(answer, kind, f"{display_name(file)}: ")))
        except OSError:
            raise  # the output cannot be written: no use going on
        except Exception as error:  # the file's error, or a bug it reached: the other files are still checked
            errors += 1
            message = str(error) if isinstance(error, MtgaspError) else internal_error(error)
            named = message if message.startswith(str(file)) or message.startswith(display_name(file)) \
                else f"{display_name(file)}: {message}"
            print(f"mtgasp: {named}", file=sys.stderr)
            continue
        print_no_expectations(display_name(file), answered.answers)
        for answer, problem in results:
            if problem is None:
                passed += 1
            else:
                failed += 1
                expected, got = problem
                print(f"{display_name(file)}: ask {answer.ask.index} ({ask_label(answer)}): "
                      f"expected {json.dumps(expected)}, got {json.dumps(got)}")
    print(f"{passed} passed, {failed} failed, {errors} error{'s' if errors != 1 else ''}")
    return EXIT_USAGE if errors else 1 if failed else EXIT_WARNINGS if args.strict and warned else 0


def _scenario_files(names: list[str]) -> list[Path | str]:
    if names.count(STDIN) > 1:
        raise MtgaspError("standard input (-) can be read once only")
    files: list[Path | str] = []
    for name in names:
        path = Path(name)
        if name == STDIN:
            files.append(STDIN)
        elif path.is_dir():
            found = sorted(path.rglob("*.toml"))
            if not found:
                raise MtgaspError(f"{path}: no scenario files (*.toml) in this directory")
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            raise MtgaspError(f"{path}: no such file or directory")
    # A file named twice (a folder and a folder inside it) is checked once.
    unique: list[Path | str] = []
    seen: set[Path] = set()
    for file in files:
        if file == STDIN or file.resolve() not in seen:
            unique.append(file)
            seen.add(Path(file).resolve())
    return unique


def _run_parse(args: argparse.Namespace) -> int:
    from .api import parse
    from .cards import CardDatabase

    if args.text is not None:
        name, type_line, mana_cost, text = "this card", None, None, args.text.replace("\\n", "\n")
    else:
        card = CardDatabase.from_settings(args.cards).lookup(args.name)
        name, type_line, mana_cost, text = card.name, card.type_line, card.mana_cost, card.text
    parsed = parse(text, name, type_line, mana_cost)
    print(f"% {name}")
    for symbol in parsed.facts:
        print(f"{symbol}.")
    if parsed.unparsed:
        print("% not understood:")
        for ability, start, end, fragment in parsed.unparsed:
            print(f"%   {ability} [{start}:{end}] {fragment!r}")
    return 0


def _run_facts(args: argparse.Namespace) -> int:
    from .cards import CardDatabase
    from .facts import scenario_facts
    from .scenario import load_scenario
    from .schema import load_schema
    from .solve import facts_text

    source, name = _scenario_source(args.file)
    scenario = load_scenario(source, CardDatabase.from_settings(args.cards), load_schema([Path(p) for p in args.asks]),
                             name)
    sys.stdout.write(f"% facts of {name}: python -m clingo rules_asp/main.lp THIS_FILE\n")
    sys.stdout.write(facts_text(scenario_facts(scenario)))
    return 0


def _run_rule(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from .rules_text import format_rule, rule

    found = [rule(number) for number in args.numbers]  # every number checked before printing
    for n, item in enumerate(found):
        if n:
            print()
        print(format_rule(replace(item, subrules=()) if args.no_subrules else item))
    return 0


def _run_cards_import(args: argparse.Namespace) -> int:
    from .card_store import import_cards

    summary = import_cards(args.file, args.to)
    print(f"{summary.path}: {summary.cards} cards ({summary.names} names) from {summary.source} "
          f"in {summary.seconds:.1f} s")
    print(f"parse cache: {summary.parsed} faces read in {summary.parse_seconds:.1f} s")
    return 0


def _run_cards_info(args: argparse.Namespace) -> int:
    from .card_store import default_database_path
    from .cards import CARDS_ENV_VAR, CardDatabase

    database = CardDatabase.from_settings(args.cards)
    (_, bundled), (_, extra) = database.describe()
    print(f"bundled: {bundled}")
    if args.cards:
        print(f"extra (from --cards): {extra}")
    elif os.environ.get(CARDS_ENV_VAR):
        print(f"extra (from ${CARDS_ENV_VAR}): {extra}")
    elif database.extra_path is not None:
        print(f"extra (imported): {extra}")
    else:
        print(f"extra: none: no --cards, no ${CARDS_ENV_VAR}, and {default_database_path()} does not exist "
              "(make it with mtgasp cards import FILE)")
    return 0


def _run_cards_show(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from .cards import CardDatabase

    card = CardDatabase.from_settings(args.cards).lookup(args.name)
    for field, value in asdict(card).items():
        if value not in (None, ""):
            shown = " ".join(value) if isinstance(value, tuple) else str(value).replace("\n", "\n  ")
            print(f"{field}: {shown}")
    return 0


# What the completion scripts offer for each kind of argument (shtab's own names).
_COMPLETE_FILES = {"bash": "_shtab_compgen_files", "zsh": "_files"}


def _run_completion(args: argparse.Namespace) -> int:
    try:
        import shtab
    except ImportError:
        raise MtgaspError("shell completion needs the package shtab: pip install shtab") from None
    parser = _parser()
    for action in _all_actions(parser):
        if action.metavar in ("FILE", "FILE|DIR", "EXTRA.lp", "PATH", "OUT"):
            action.complete = _COMPLETE_FILES
    print(shtab.complete(parser, shell=args.shell), end="")
    return 0


def _all_actions(parser: argparse.ArgumentParser):
    for action in parser._actions:
        yield action
        if isinstance(action, argparse._SubParsersAction):
            for subparser in dict.fromkeys(action.choices.values()):
                yield from _all_actions(subparser)


if __name__ == "__main__":
    sys.exit(main())
