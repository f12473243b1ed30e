"""The rule files of mtgasp, shipped as package data (see VOCABULARY.md)."""
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent
ENTRY = RULES_DIR / "main.lp"
