"""The `mtgasp` command line: ask, check, parse, facts.

Every user error (a malformed scenario, an unknown card or id, a solve that
runs too long) ends with one message on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .coverage import add_parser as add_coverage_command
from .errors import MtgaspError

EXIT_USAGE = 2


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except MtgaspError as err:
        print(f"mtgasp: {err}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtgasp",
        description="Answer questions about Magic: The Gathering interactions, exhaustively, "
                    "from the Comprehensive Rules written as answer-set programs.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def cards_option(command: argparse.ArgumentParser) -> None:
        command.add_argument("--cards", metavar="PATH",
                             help="a card database (MTGJSON AtomicCards, Scryfall oracle-cards, or a JSON "
                                  "list of MTGJSON card objects); default: $MTGASP_CARDS")

    def solve_options(command: argparse.ArgumentParser) -> None:
        cards_option(command)
        command.add_argument("--rules", metavar="EXTRA.lp", action="append", default=[],
                             help="extra rule file loaded after the built-in ones (repeatable)")
        command.add_argument("--allow-scripts", action="store_true",
                             help="allow #script blocks in extra rule files")
        command.add_argument("--timeout", metavar="SECONDS", type=_positive_float, default=30.0,
                             help="stop a solve that runs longer (default 30)")

    ask = commands.add_parser("ask", help="answer the asks of scenario files")
    ask.add_argument("files", nargs="+", metavar="FILE")
    ask.add_argument("--json", action="store_true", help="one JSON object per file (a list for several)")
    ask.add_argument("--max-orders", metavar="N", type=_count, default=20,
                     help="orders listed per activate outcome (default 20)")
    ask.add_argument("--stats", action="store_true", help="print grounding and solving costs to stderr")
    solve_options(ask)
    ask.set_defaults(run=_run_ask)

    check = commands.add_parser("check", help="compare answers with the expectations of scenarios")
    check.add_argument("files", nargs="+", metavar="FILE|DIR")
    solve_options(check)
    check.set_defaults(run=_run_check)

    parse = commands.add_parser("parse", help="the facts a card's Oracle text becomes")
    source = parse.add_mutually_exclusive_group(required=True)
    source.add_argument("name", nargs="?", metavar="CARD NAME")
    source.add_argument("--text", metavar="ORACLE TEXT", help="parse this text instead of a card's")
    cards_option(parse)
    parse.set_defaults(run=_run_parse)

    facts = commands.add_parser("facts", help="the complete fact set of a scenario, for plain clingo")
    facts.add_argument("file", metavar="FILE")
    cards_option(facts)
    facts.set_defaults(run=_run_facts)
    add_coverage_command(commands)
    return parser


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return int(text)


def _answer_file(path: Path, args: argparse.Namespace, max_orders: int = 20):
    from .answers import build_answers
    from .cards import CardDatabase
    from .scenario import load_scenario, scenario_facts
    from .solve import solve

    scenario = load_scenario(path, CardDatabase.from_settings(args.cards))
    facts = scenario_facts(scenario)
    result = solve(facts, [Path(p) for p in args.rules],
                   allow_scripts=args.allow_scripts, timeout=args.timeout)
    if getattr(args, "stats", False):
        print(f"{path}: " + ", ".join(f"{k} {v:g}" for k, v in result.stats.items()), file=sys.stderr)
    for warning in result.warnings:
        print(f"mtgasp: clingo: {warning}", file=sys.stderr)
    return scenario, build_answers(scenario, facts, result, max_orders)


def _run_ask(args: argparse.Namespace) -> int:
    from .render import render_table

    documents = []
    for file in args.files:
        scenario, answers = _answer_file(Path(file), args, args.max_orders)
        documents.append({"file": file, "answers": [a.to_json() for a in answers]})
        if not args.json:
            print(render_table(file, answers))
    if args.json:
        print(json.dumps(documents[0] if len(documents) == 1 else documents, indent=2))
    return 0


def _run_check(args: argparse.Namespace) -> int:
    from .expectations import compare
    from .scenario import MISSING

    files = _scenario_files(args.files)
    passed = failed = 0
    for file in files:
        scenario, answers = _answer_file(file, args)
        for answer in answers:
            if answer.ask.expect is MISSING:
                continue
            problem = compare(answer, f"{file}: ")
            if problem is None:
                passed += 1
            else:
                failed += 1
                expected, got = problem
                print(f"{file}: ask {answer.ask.index} ({answer.ask.kind} {answer.ask.object_id}): "
                      f"expected {json.dumps(expected)}, got {json.dumps(got)}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def _scenario_files(names: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted(path.rglob("*.toml"))
            if not found:
                raise MtgaspError(f"{path}: no scenario files (*.toml) in this directory")
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            raise MtgaspError(f"{path}: no such file or directory")
    return files


def _run_parse(args: argparse.Namespace) -> int:
    from grammar import parse_card, parse_mana_cost, parse_type_line

    from .cards import CardDatabase
    from .scenario import card_types, default_id

    if args.text is not None:
        name, type_line, mana_cost, text = "this card", None, None, args.text.replace("\\n", "\n")
    else:
        card = CardDatabase.from_settings(args.cards).lookup(args.name)
        name, type_line, mana_cost, text = card.name, card.type_line, card.mana_cost, card.text
    object_id = default_id(name)
    types, supertypes = card_types(type_line) if type_line else ((), ())
    parsed = parse_card(object_id, name, text, types=types, supertypes=supertypes)
    facts = ((parse_type_line(object_id, type_line) if type_line else [])
             + parse_mana_cost(object_id, mana_cost) + parsed.facts)
    print(f"% {name}")
    for symbol in facts:
        print(f"{symbol}.")
    if parsed.unparsed:
        print("% not understood:")
        for ability, start, end, fragment in parsed.unparsed:
            print(f"%   {ability} [{start}:{end}] {fragment!r}")
    return 0


def _run_facts(args: argparse.Namespace) -> int:
    from .cards import CardDatabase
    from .scenario import load_scenario, scenario_facts
    from .solve import facts_text

    scenario = load_scenario(Path(args.file), CardDatabase.from_settings(args.cards))
    sys.stdout.write(f"% facts of {args.file}: python -m clingo rules_asp/main.lp THIS_FILE\n")
    sys.stdout.write(facts_text(scenario_facts(scenario)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
