"""Regenerate pyglue/data/cards.json, the cards bundled with mtgasp, from the corpus.

    python tools/bundle_cards.py [CORPUS_JSON]

CORPUS_JSON defaults to ../shared/data/oracle_corpus.json (a JSON list of cards
with MTGJSON field names). Names missing from the corpus are skipped with a
warning. A multi-faced card is bundled with all its entries, so that each face
name resolves.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = REPO_ROOT.parent / "shared" / "data" / "oracle_corpus.json"
OUTPUT = REPO_ROOT / "pyglue" / "data" / "cards.json"

# Only what pyglue.cards.Card reads, to keep the bundled file small.
KEPT_FIELDS = ("name", "manaCost", "type", "text", "power", "toughness", "loyalty", "layout", "face", "front")

BASIC_LANDS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Snow-Covered Forest"]
ORIGINAL_DUALS = [
    "Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah",
    "Scrubland", "Volcanic Island", "Bayou", "Plateau", "Tropical Island",
]
MANA_INTERACTIONS = [
    "Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Naga Vitalist", "Contamination",
    "Mana Reflection", "Nyxbloom Ancient", "Damping Sphere", "Pale Moon", "Blood Moon",
    "Urborg, Tomb of Yawgmoth", "Chromatic Lantern", "Celestial Dawn", "Vivid Crag",
    "Llanowar Elves", "Mind Stone", "City of Brass", "Command Tower", "Sol Ring",
    "Birds of Paradise", "Mana Flare", "Heartbeat of Spring", "Zendikar Resurgent",
    "Wild Growth", "Overgrowth", "Utopia Sprawl", "Infernal Darkness", "Ritual of Subdual",
    "Pulse of Llanowar", "Prismatic Omen", "Gemstone Mine", "Harvest Mage", "Deep Water",
    "Dark Ritual", "Gilded Lotus", "Star Compass", "Sylvan Caryatid", "Lotus Cobra",
    "Ancient Tomb", "Cascading Cataracts", "Sakura-Tribe Scout", "Thran Dynamo",
    "Worn Powerstone", "Elvish Mystic", "Llanowar Wastes", "Adarkar Wastes", "Shivan Reef",
    "Plaza of Harmony", "Guildless Commons",
]
COPY_AND_CASTING = [
    "Mirrorpool", "Blitz Automaton", "Arcane Proxy", "Fling", "Armed with Proof",
    "Alquist Proft, Master Sleuth", "Wrench", "Red Herring", "Fall of the Titans",
    "Chandra, Dressed to Kill", "Recommission",
    # the scenarios of tests/seeds and tests/scenarios/v2_*
    "Abzan Charm", "Arc Lightning", "Blaze", "Bonesplitter", "Cabal Coffers", "Chalice of the Void",
    "Clone", "Coastal Discovery", "Detritivore", "Diabolic Edict", "Divination", "Endless One",
    "Fireball", "Forked Bolt", "Gadwick, the Wizened", "Giant Growth", "Hangarback Walker", "Hill Giant",
    "Izzet Charm", "Kolaghan's Command", "Lotus Petal", "Monastery Swiftspear", "Muldrotha, the Gravetide",
    "Mutavault", "Pili-Pala", "Press for Answers", "Shock", "Shrapnel Blast", "Spike Feeder",
    "Thraben Inspector", "Thud", "Tireless Tracker", "Twincast", "Weakness", "Young Pyromancer",
    "Reverberate", "Cackling Counterpart", "Great Hall of Starnheim", "Abbey Gargoyles",
]
SIMPLE_SPELLS_AND_CREATURES = ["Lightning Bolt", "Grizzly Bears", "Raging Goblin"]
# the README's worked examples of the layer system (examples/)
LAYERS = ["Humility", "Opalescence", "Worship", "Painter's Servant"]

BUNDLED_NAMES = BASIC_LANDS + ORIGINAL_DUALS + MANA_INTERACTIONS + COPY_AND_CASTING + SIMPLE_SPELLS_AND_CREATURES + LAYERS


def entries_of_card(corpus: list[dict], name: str) -> list[dict]:
    """The corpus entries of the card with this name (or face name), front first.

    A single-faced card wins over a face of the same name (the corpus also has
    reversible "Forest // Forest" entries)."""
    wanted = name.casefold()
    exact = [entry for entry in corpus if entry["name"].casefold() == wanted]
    if exact and "face" not in exact[0]:
        return exact
    for entry in corpus:
        if wanted in entry["name"].casefold().split(" // ") or entry["name"].casefold() == wanted:
            front = entry.get("front", entry["name"].split(" // ")[0])
            return [
                other for other in corpus
                if (" // " in other["name"] and other["name"].split(" // ")[0] == front)
                or other.get("front") == front
            ]
    return []


def main(argv: list[str]) -> int:
    corpus_path = Path(argv[1]) if len(argv) > 1 else DEFAULT_CORPUS
    corpus = json.loads(corpus_path.read_text(encoding="utf-8"))
    bundled: dict[str, dict] = {}
    for name in BUNDLED_NAMES:
        entries = entries_of_card(corpus, name)
        if not entries:
            print(f"warning: '{name}' is not in {corpus_path}; skipped", file=sys.stderr)
        for entry in entries:
            bundled[entry["name"]] = {
                field: entry[field]
                for field in KEPT_FIELDS
                if entry.get(field) not in (None, "") and not (field == "layout" and entry[field] == "normal")
            }
    OUTPUT.write_text(
        "[\n" + ",\n".join(json.dumps(card, ensure_ascii=False) for card in bundled.values()) + "\n]\n",
        encoding="utf-8",
    )
    print(f"{len(bundled)} card entries written to {OUTPUT.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
