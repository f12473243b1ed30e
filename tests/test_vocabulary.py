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


def test_every_selector_constraint_is_checked_or_marked_unmodelled():
    # A constraint the rules ignored would make a selector pick too much: a
    # silently wrong answer. Each one is checked (selectors.lp) or makes the
    # abilities using it warn (limits.lp).
    constraints = {name for name, _ in documented("Abilities (from the grammar)") if name.startswith("sel_")}
    assert "sel_type" in constraints
    text = (RULES_DIR / "selectors.lp").read_text() + (RULES_DIR / "limits.lp").read_text()
    checking = ("selector_fails", "selector_admits_controller", "selects", "selector_context_bound",
                "selector_unmodelled")
    rules = "\n".join(line for line in text.splitlines() if line.startswith(checking))
    ignored = sorted(name for name in constraints if not re.search(rf"\b{name}\(", rules))
    assert ignored == [], f"selector constraints neither checked nor marked unmodelled: {ignored}"


def test_layer4_selectors_check_every_constraint_the_others_check():
    # Layer 4 reads selectors on printed characteristics with its own rules
    # (layers.lp); a constraint missing there would make Blood Moon-like
    # effects apply too widely.
    selectors = (RULES_DIR / "selectors.lp").read_text()
    layers = (RULES_DIR / "layers.lp").read_text()
    checks = "\n".join(line for line in selectors.splitlines() if line.startswith("selector_fails"))
    checked = set(re.findall(r"\b(sel_[a-z_]+)\(", checks))
    assert "sel_type" in checked
    missing = sorted(name for name in checked if not re.search(rf"\b{name}\(", layers))
    assert missing == [], f"constraints checked in selectors.lp but not in layer 4: {missing}"


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
