"""Write rules_asp/matcher_views.lp from rules_asp/matcher.lp: one copy of
the selector matcher per view, each its own predicate family.

    python tools/generate_matchers.py          # rewrite the file
    python tools/generate_matchers.py --check  # exit 1 if it is not current

matcher.lp declares the views (matcher_view/1), what each does not check
(matcher_skips/2: not modelled, matcher_leaves/2: checked elsewhere) and
where it reads characteristics that are the same in every context
(matcher_direct/3). For a view V, every rule whose body has view_checks(K)
is kept without that marker unless V skips or leaves K; every rule whose
body has view_skips(K) is kept without it when V skips K; an accessor
view_A(C, X, ...) that V reads directly from P becomes P(X, ...); every
other predicate view_NAME becomes V_NAME. The declarations themselves are
not copied.

It then writes the rounds of the layer system (613.8c) from
rules_asp/layer_rounds.lp: that template declares layer_rounds(N, R) (layer
N is reevaluated in rounds 1 to R) and writes its rules with tokens in the
names of predicates: NN the layer, KK a round, PP the round before it, RR the
last round and QQ the one before that. A rule whose head is named layerNN_...
is copied for every declared layer, one named layerN_... for layer N only; a
layerNN_ rule with KK and not PP (the order, which round 0 needs too) for
each round 0..R, any other rule with KK or PP for each round 1..R, one with
neither once. Each round is a predicate family of its own, as the views
are, so that grounding decides every round.

Rounds 1 to R, their views (layerN_rK) and the rules that read the last
rounds (RR, QQ) go to rules_asp/matcher_rounds.lp, the rest (round 0 and
what needs only it) to matcher_views.lp: the glue loads matcher_rounds.lp
only when round 0 leaves a layer unsettled (layer_rounds_needed, layers.lp),
since otherwise nothing it derives is read outside it (a round K does
something only while layerN_active_rK, which needs round K-1 unsettled);
main.lp includes both."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import clingo
from clingo import ast

RULES_DIR = Path(__file__).resolve().parent.parent / "rules_asp"
MASTER = RULES_DIR / "matcher.lp"
ROUNDS = RULES_DIR / "layer_rounds.lp"
TARGET = RULES_DIR / "matcher_views.lp"
ROUNDS_TARGET = RULES_DIR / "matcher_rounds.lp"
PREFIX = "view_"
MARKERS = {"view_checks", "view_skips"}
DECLARATIONS = {"matcher_view", "matcher_skips", "matcher_leaves", "matcher_direct"}


def declarations(text: str) -> tuple[list[str], dict[str, set[str]], dict[str, set[str]], dict[str, dict[str, str]]]:
    """The views in their order, what each skips and leaves, and the accessors it reads
    directly, from the ground facts of matcher.lp."""
    control = clingo.Control(["--warn=none"])
    control.add("base", [], "\n".join(f"#show {name}/{arity}." for name, arity in
                                      (("matcher_view", 1), ("matcher_skips", 2), ("matcher_leaves", 2),
                                       ("matcher_direct", 3))))
    order: list[str] = []  # the views as matcher.lp declares them, one fact each

    def declaration(stm) -> None:
        if _head_name(stm) in DECLARATIONS:
            builder.add(stm)
        if _head_name(stm) == "matcher_view":
            order.append(str(stm.head.atom.symbol.arguments[0]))
    with ast.ProgramBuilder(control) as builder:
        ast.parse_string(text, declaration)
    control.ground([("base", [])])
    views: list[str] = []
    skips: dict[str, set[str]] = {}
    leaves: dict[str, set[str]] = {}
    direct: dict[str, dict[str, str]] = {}
    with control.solve(yield_=True) as handle:
        for model in handle:
            for symbol in model.symbols(shown=True):
                args = [str(a) for a in symbol.arguments]
                if symbol.name == "matcher_view":
                    views.append(args[0])
                elif symbol.name == "matcher_direct":
                    direct.setdefault(args[0], {})[args[1]] = args[2]
                else:
                    (skips if symbol.name == "matcher_skips" else leaves).setdefault(args[0], set()).add(args[1])
    return sorted(views, key=order.index), skips, leaves, direct


def _head_name(stm) -> str | None:
    if stm.ast_type != ast.ASTType.Rule or stm.head.ast_type != ast.ASTType.Literal:
        return None
    atom = stm.head.atom
    if atom.ast_type == ast.ASTType.SymbolicAtom and atom.symbol.ast_type == ast.ASTType.Function:
        return atom.symbol.name
    return None


def _marker(literal) -> tuple[str, str] | None:
    """(marker, constraint) of a body literal view_checks(K) or view_skips(K)."""
    if literal.ast_type != ast.ASTType.Literal or literal.atom.ast_type != ast.ASTType.SymbolicAtom:
        return None
    symbol = literal.atom.symbol
    if symbol.ast_type == ast.ASTType.Function and symbol.name in MARKERS:
        return symbol.name, str(symbol.arguments[0])
    return None


class _Renamer(ast.Transformer):
    def __init__(self, prefix: str, direct: dict[str, str]):
        self.prefix = prefix
        self.direct = direct

    def visit_Function(self, node):
        node = node.update(**self.visit_children(node))
        if not node.name.startswith(PREFIX):
            return node
        name = node.name[len(PREFIX):]
        if name in self.direct:  # view_A(C, X, ...) read as P(X, ...)
            return node.update(name=self.direct[name], arguments=node.arguments[1:])
        return node.update(name=self.prefix + name)


def _rules(text: str) -> list:
    rules: list = []
    ast.parse_string(text, lambda stm: rules.append(stm) if stm.ast_type == ast.ASTType.Rule
                     and _head_name(stm) not in DECLARATIONS else None)
    return rules


def constraints(rules: list) -> tuple[set[str], set[str]]:
    """The constraints the master checks, and those it can report as unmodelled."""
    checked, reported = set(), set()
    for rule in rules:
        for literal in rule.body:
            found = _marker(literal)
            if found:
                (checked if found[0] == "view_checks" else reported).add(found[1])
    return checked, reported


TOKEN = re.compile(r"(?<=[a-z0-9_])(NN|KK|PP|RR|QQ)")


def layer_rounds(text: str) -> tuple[list[tuple[int, int]], list]:
    """The declared layer_rounds(N, R) and the template's other rules."""
    declared: list[tuple[int, int]] = []
    rules: list = []

    def visit(stm) -> None:
        if stm.ast_type != ast.ASTType.Rule:
            return
        if _head_name(stm) == "layer_rounds" and not stm.body:
            n, r = (int(str(a)) for a in stm.head.atom.symbol.arguments)
            declared.append((n, r))
        else:
            rules.append(stm)
    ast.parse_string(text, visit)
    return declared, rules


def round_views(text: str) -> set[str]:
    """The views of rounds 1 to R (layerN_rK) of the layers the template declares."""
    declared, _rules = layer_rounds(text)
    return {f"layer{n}_r{k}" for n, last in declared for k in range(1, last + 1)}


def generate_rounds(text: str, views: list[str]) -> tuple[list[str], list[str]]:
    """Round 0 and the rules that need only it; rounds 1 to R and the rules that read them."""
    declared, rules = layer_rounds(text)
    first = ["", "% ---- The rounds of the layer system (613.8c), from layer_rounds.lp: round 0",
             "% (rounds 1 and later are in matcher_rounds.lp)"]
    finals: list[str] = []
    later = ["", "% ---- The rounds of the layer system (613.8c), from layer_rounds.lp: rounds 1 and later"]
    for n, last in declared:
        for k in range(1, last + 1):
            if n in (4, 5) and f"layer{n}_r{k}" not in views:
                raise SystemExit(f"layer_rounds.lp: layer {n} has round {k}, but matcher.lp declares no view layer{n}_r{k}")
        values = {"NN": n, "RR": last, "QQ": last - 1}
        lines = [(str(rule), (_head_name(rule) or "").startswith("layerNN_")) for rule in rules
                 if (_head_name(rule) or "").startswith(("layerNN_", f"layer{n}_"))]
        for k in range(0, last + 1):
            out = first if k == 0 else later
            out.append(f"% -- layer {n}, round {k}")
            values.update({"KK": k, "PP": k - 1})
            for line, generic in lines:
                tokens = set(TOKEN.findall(line))
                if tokens & {"KK", "PP"} and (k > 0 or generic and "PP" not in tokens):
                    out.append(TOKEN.sub(lambda match: str(values[match.group(1)]), line))
        after = [(TOKEN.sub(lambda match: str(values[match.group(1)]), line), bool({"RR", "QQ"} & set(TOKEN.findall(line))))
                 for line, _ in lines if not {"KK", "PP"} & set(TOKEN.findall(line))]
        for out, wanted in ((first, False), (later, True)):
            out.append(f"% -- layer {n}, after the last round")
            out += [line for line, reads_rounds in after if reads_rounds == wanted]
        finals += [line for line, reads_rounds in after if reads_rounds]
    # What only the later rounds' final rules derive, for the rules that read it
    # when those rounds are not loaded (limits.lp, layers.lp).
    unloaded = sorted(_heads(finals) - _heads(first))
    first.append("% -- derived only by the rounds after round 0 (matcher_rounds.lp): empty without them")
    first += [f"#defined {name}/{arity}." for name, arity in unloaded]
    return first, later


def _heads(lines: list[str]) -> set[tuple[str, int]]:
    """(name, arity) of the heads of the rules among lines."""
    found: set[tuple[str, int]] = set()

    def visit(stm) -> None:
        if _head_name(stm):
            found.add((_head_name(stm), len(stm.head.atom.symbol.arguments)))
    ast.parse_string("\n".join(line for line in lines if not line.startswith("#")), visit)
    return found


def generate(text: str, rounds: str | None = None) -> tuple[str, str]:
    """The texts of matcher_views.lp and matcher_rounds.lp."""
    rounds = ROUNDS.read_text(encoding="utf-8") if rounds is None else rounds
    views, skips, leaves, direct = declarations(text)
    rules = _rules(text)
    checked, reported = constraints(rules)
    errors = []
    for view in views:
        for constraint in sorted(skips.get(view, set()) - reported):
            errors.append(f"{view} skips {constraint}, but no view_skips({constraint}) rule reports it")
        for constraint in sorted(reported - checked - skips.get(view, set()) - leaves.get(view, set())):
            errors.append(f"{view} neither checks, skips nor leaves {constraint}")
    if errors:
        raise SystemExit("matcher.lp: " + "; ".join(errors))
    header = "% Generated by tools/generate_matchers.py from matcher.lp and layer_rounds.lp: do not edit."
    out = [header, "% One copy of the selector matcher per view; matcher.lp says what each rule means."]
    later_out = [header, "% The rounds 1 and later of layers 4, 5 and 6 (613.8c) and their views of the matcher:",
                 "% loaded when round 0 leaves a layer unsettled (layer_rounds_needed, layers.lp)."]
    in_rounds = round_views(rounds)
    for view in views:
        target = later_out if view in in_rounds else out
        renamer = _Renamer(view + "_", direct.get(view, {}))
        target.append("")
        target.append(f"% ---- {view}: skips {', '.join(sorted(skips.get(view, set()))) or 'nothing'}; "
                      f"leaves {', '.join(sorted(leaves.get(view, set()))) or 'nothing'}")
        for rule in rules:
            keep, body = True, []
            for literal in rule.body:
                found = _marker(literal)
                if found is None:
                    body.append(literal)
                elif found[0] == "view_checks":
                    keep &= found[1] not in skips.get(view, set()) | leaves.get(view, set())
                else:
                    keep &= found[1] in skips.get(view, set())
            if keep:
                target.append(str(renamer(rule.update(body=body))))
    first, later = generate_rounds(rounds, views)
    return "\n".join(out + first) + "\n", "\n".join(later_out + later) + "\n"


def main() -> None:
    texts = dict(zip((TARGET, ROUNDS_TARGET), generate(MASTER.read_text(encoding="utf-8"))))
    if sys.argv[1:] == ["--check"]:
        stale = [path.name for path, text in texts.items() if path.read_text(encoding="utf-8") != text]
        sys.exit(f"{', '.join(stale)} not current: run python tools/generate_matchers.py" if stale else 0)
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
