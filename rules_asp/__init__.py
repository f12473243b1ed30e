"""The rule files of mtgasp, shipped as package data (see VOCABULARY.md)."""
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent
ENTRY = RULES_DIR / "main.lp"
# What the glue loads: main.lp's files, the later rounds of the layer system
# only when round 0 leaves a layer unsettled (rules.lp says why), which
# ROUNDS_GATE guesses from the facts first.
RULES = RULES_DIR / "rules.lp"
SHOWN = RULES_DIR / "show.lp"
LATER_ROUNDS = RULES_DIR / "matcher_rounds.lp"
ROUNDS_GATE = RULES_DIR / "rounds_gate.lp"
