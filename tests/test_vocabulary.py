"""The fact vocabulary is the contract: every input predicate it documents is
#defined for the rules, and every predicate the rules #show is documented."""

from __future__ import annotations

import re

from rules_asp import RULES_DIR

VOCABULARY = (RULES_DIR / "VOCABULARY.md").read_text()
SIGNATURE = re.compile(r"^\| `([a-z_]+)\(([^`]*)\)`")


def arity(arguments: str) -> int:
    depth, count = 0, 1
    for char in arguments:
        depth += char in "(["
        depth -= char in ")]"
        count += char == "," and depth == 0
    return count


def documented(section: str) -> set[tuple[str, int]]:
    """Predicates of the tables whose first column is `fact` or `atom` in a section."""
    text = VOCABULARY.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    found, in_table = set(), False
    for line in text.splitlines():
        if line.startswith("| fact |") or line.startswith("| atom |"):
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table:
            for match in re.finditer(r"`([a-z_]+)\(([^`]*)\)`", line.split("|")[1]):
                found.add((match.group(1), arity(match.group(2))))
    return found


def defined() -> set[tuple[str, int]]:
    text = (RULES_DIR / "defined.lp").read_text()
    return {(name, int(n)) for name, n in re.findall(r"#defined ([a-z_]+)/(\d+)\.", text)}


def test_every_input_predicate_is_defined():
    inputs = documented("Scenario facts") | documented("Abilities (from the grammar)")
    assert inputs, "no documented input predicates found"
    missing = sorted(inputs - defined())
    assert missing == [], f"documented but not #defined in defined.lp: {missing}"


def test_every_shown_predicate_is_documented():
    shown = {(name, int(n)) for name, n in
             re.findall(r"#show ([a-z_]+)/(\d+)\.", (RULES_DIR / "show.lp").read_text())}
    assert shown
    undocumented = sorted(shown - documented("Answers (from the rules, `#show`n)"))
    assert undocumented == [], f"#shown but not documented in VOCABULARY.md: {undocumented}"


def test_every_selector_constraint_has_a_shape():
    # Selectors are merged by their constraints (selectors.lp, selector_constraint/2):
    # one left out would merge selectors that differ.
    constraints = {name for name, _ in documented("Abilities (from the grammar)") if name.startswith("sel_")}
    shapes = "\n".join(line for line in (RULES_DIR / "selectors.lp").read_text().splitlines()
                       if line.startswith("selector_constraint("))
    missing = sorted(name for name in constraints if not re.search(rf"\b{name}\(", shapes))
    assert missing == [], f"selector constraints missing from selector_constraint/2: {missing}"


def _generator():
    from conftest import tool_module

    return tool_module("generate_matchers")


def test_the_matcher_views_are_generated_from_the_one_matcher():
    generator = _generator()
    views, rounds = generator.generate((RULES_DIR / "matcher.lp").read_text())
    assert (RULES_DIR / "matcher_views.lp").read_text() == views, "run python tools/generate_matchers.py"
    assert (RULES_DIR / "matcher_rounds.lp").read_text() == rounds, "run python tools/generate_matchers.py"


def test_every_selector_constraint_is_checked_or_reported_by_the_matcher():
    # A constraint the rules ignored would make a selector pick too much: a
    # silently wrong answer. The matcher checks each one (view_checks) or
    # reports it unmodelled (view_skips), and the generator refuses a view
    # that neither checks, skips nor leaves one.
    constraints = {name for name, _ in documented("Abilities (from the grammar)") if name.startswith("sel_")}
    assert "sel_type" in constraints
    master = (RULES_DIR / "matcher.lp").read_text()
    marked = "\n".join(line for line in master.split(".\n") if "view_checks(" in line or "view_skips(" in line)
    ignored = sorted(name for name in constraints if not re.search(rf"\b{name}\(", marked))
    assert ignored == [], f"selector constraints the matcher neither checks nor reports: {ignored}"


def test_the_generator_refuses_a_skip_it_cannot_report():
    import pytest

    generator = _generator()
    master = (RULES_DIR / "matcher.lp").read_text()
    assert "layer5_fails" in generator.generate(master)[0]
    with pytest.raises(SystemExit, match="selector skips zone, but no view_skips"):
        generator.generate(master.replace("view_unmodelled(S) :- view_skips(zone)", "% "))
    with pytest.raises(SystemExit, match="match neither checks, skips nor leaves among_referred"):
        generator.generate(master.replace("matcher_leaves(match, among_referred).", ""))


def test_the_rounds_of_the_layer_system_are_generated_from_their_template():
    # 613.8c: each round of layers 4 and 6 is a predicate family of its own,
    # reading only the round before it; a layer with a round but no view for
    # it is refused.
    import pytest

    generator = _generator()
    master = (RULES_DIR / "matcher.lp").read_text()
    rounds = (RULES_DIR / "layer_rounds.lp").read_text()
    first, later = generator.generate(master, rounds)
    assert ("layer4_applies_r4(G,X) :- layer4_applies_r3(G,X); layer4_waiter(G); not layer4_full_r4(G); "
            "not layer4_part_r4(G,X); layer4_active_r4.") in later
    assert "layer6_pos_r0(G,N)" in first and "layer4_redo_r0" not in first + later
    assert "layer4_applies(G,X) :- layer4_applies_r4(G,X); not layer4_settled." in later
    assert "KK" not in first + later and "PP" not in first + later
    # Round 0 and what reads only it in matcher_views.lp; every later round, its
    # view and what reads the last rounds in matcher_rounds.lp, which the glue
    # loads only when round 0 leaves a layer unsettled: what only it derives
    # and other rule files read is #defined without it.
    assert "layer4_applies(G,X) :- layer4_applies_r0(G,X); not layer4_waiter(G)." in first
    assert not re.search(r"_r[1-9]", first.split("% ---- The rounds", 1)[1].replace("#defined", ""))
    assert "% ---- layer4_r1:" in later and "% ---- layer4_r1:" not in first and "% ---- layer4_cv:" in first
    assert "#defined layer4_unsettled/1." in first and "#defined layer6_gone/1." in first
    with pytest.raises(SystemExit, match="layer 4 has round 4, but matcher.lp declares no view layer4_r4"):
        generator.generate(master.replace("matcher_view(layer4_r4).", ""), rounds)


def test_no_rule_file_defines_what_a_matcher_view_derives():
    # A view's derived predicates (V_fails, V_passes, ...) belong to the
    # generated file alone; a rule elsewhere with the same name would be
    # read as part of the matcher.
    from clingo import ast

    def heads(path):
        names = set()

        def visit(stm):
            if stm.ast_type == ast.ASTType.Rule and stm.head.ast_type == ast.ASTType.Literal \
                    and stm.head.atom.ast_type == ast.ASTType.SymbolicAtom \
                    and stm.head.atom.symbol.ast_type == ast.ASTType.Function:
                names.add(stm.head.atom.symbol.name)
        ast.parse_string("\n".join(line for line in path.read_text().splitlines()
                                   if not line.startswith("#include")), visit)
        return names

    generated = heads(RULES_DIR / "matcher_views.lp") | heads(RULES_DIR / "matcher_rounds.lp")
    views = ("match", "selector", "layer4_cv", "layer4", "layer5", "layer6")
    inputs = {f"{view}_{name}" for view in views for name in ("check", "reads")}
    assert "layer6_fails" in generated
    clashes = sorted((path.name, name) for path in RULES_DIR.rglob("*.lp")
                     if path.name not in ("matcher.lp", "matcher_views.lp", "matcher_rounds.lp", "layer_rounds.lp")
                     for name in heads(path) & (generated - inputs))
    assert clashes == []


def test_no_card_name_in_the_rules_or_the_glue():
    # Rules hold for every card: no rule file, and no Python of the glue,
    # names one (the bundled cards are the ones the tests use).
    import json

    from conftest import REPO_ROOT

    bundled = json.loads((REPO_ROOT / "pyglue" / "data" / "cards.json").read_text(encoding="utf-8"))
    # names that are also plain words of rules text are not telling
    words = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Clone", "Blaze", "Shock", "Thud"}
    names = {card["name"] for card in bundled} - words
    files = list(RULES_DIR.rglob("*.lp")) + list((REPO_ROOT / "pyglue").glob("*.py"))
    found = sorted((path.name, name) for path in files for name in names
                   if re.search(rf"\b{re.escape(name)}\b", path.read_text(encoding="utf-8")))
    assert found == []


def test_every_predicate_and_effect_term_the_grammar_emits_is_documented():
    """The golden set's facts are what the grammar emits (tests/test_golden.py
    checks each card): each predicate is in the vocabulary's tables, and each
    effect's term (effect(A, I, T)) is named in VOCABULARY.md."""
    import json
    from pathlib import Path

    import clingo

    golden = json.loads((Path(__file__).with_name("golden") / "cards.json").read_text(encoding="utf-8"))
    facts = [clingo.parse_term(f) for card in golden for f in card["facts"]]
    emitted = {(f.name, len(f.arguments)) for f in facts}
    # in a table, or in the prose with its arguments ("`produces(A, Opt, Part, Kind, Amount)`: one option ...")
    prose = {(m.group(1), arity(m.group(2))) for m in re.finditer(r"`([a-z_]+)\(([^`]*)\)`", VOCABULARY)}
    known = documented("Scenario facts") | documented("Abilities (from the grammar)") | prose
    assert len(emitted) > 40
    assert sorted(emitted - known) == [], "emitted by the grammar but not documented"
    terms = {f.arguments[2].name for f in facts if f.name == "effect" and f.arguments[2].name}
    assert len(terms) > 100
    unnamed = sorted(t for t in terms if not re.search(rf"`{t}[(`]", VOCABULARY))
    assert unnamed == [], f"effect terms not named in VOCABULARY.md: {unnamed}"
