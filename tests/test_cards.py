from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from conftest import tool_module
from pyglue.cards import BUNDLED_CARDS, CARDS_ENV_VAR, Card, CardDatabase, name_key
from pyglue.errors import MtgaspError, UnknownCardError


def write_json(path: Path, data) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def load_bundle_script():
    return tool_module("bundle_cards")


# Bundled cards


def test_bundled_card_has_its_oracle_fields():
    pool = CardDatabase().lookup("Reflecting Pool")
    assert pool == Card(
        name="Reflecting Pool",
        mana_cost=None,
        type_line="Land",
        text="{T}: Add one mana of any type that a land you control could produce.",
    )
    elves = CardDatabase().lookup("Llanowar Elves")
    assert (elves.mana_cost, elves.type_line, elves.power, elves.toughness) == ("{G}", "Creature — Elf Druid", "1", "1")
    assert CardDatabase().lookup("Chandra, Dressed to Kill").loyalty == "3"


def test_every_name_of_the_bundle_script_is_bundled():
    database = CardDatabase()
    missing = [name for name in load_bundle_script().BUNDLED_NAMES if name not in database]
    assert missing == [], "rerun tools/bundle_cards.py"


def test_bundled_file_stays_small():
    assert BUNDLED_CARDS.stat().st_size < 60_000


def test_lookup_ignores_case_spacing_accents_and_curly_apostrophes():
    database = CardDatabase()
    assert database.lookup("reflecting POOL").name == "Reflecting Pool"
    assert database.lookup("  urborg,  tomb of yawgmoth ").name == "Urborg, Tomb of Yawgmoth"
    assert name_key("Lim-Dûl’s Vault") == name_key("lim-dul's vault")


def test_unknown_card_suggests_close_names_and_how_to_add_cards():
    with pytest.raises(UnknownCardError) as caught:
        CardDatabase().lookup("Relfecting Pool")
    message = str(caught.value)
    assert message.startswith("unknown card 'Relfecting Pool' (did you mean: Reflecting Pool")
    assert "--cards PATH" in message and CARDS_ENV_VAR in message
    assert isinstance(caught.value, MtgaspError)


def test_unknown_card_without_close_names_has_no_suggestion():
    with pytest.raises(UnknownCardError, match=r"^unknown card 'Zzyzx Qwv';"):
        CardDatabase().lookup("Zzyzx Qwv")


# The three database formats


MTGJSON_LIST = [
    {"name": "Test Grove", "manaCost": None, "type": "Land", "text": "{T}: Add {G} or {U}.", "layout": "normal"},
    {"name": "Delver of Secrets // Insectile Aberration", "manaCost": "{U}", "type": "Creature — Human Wizard",
     "text": "At the beginning of your upkeep, look at the top card of your library.", "power": "1",
     "toughness": "1", "layout": "transform", "back": "Insectile Aberration"},
    {"name": "Insectile Aberration", "manaCost": None, "type": "Creature — Human Insect", "text": "Flying",
     "power": "3", "toughness": "2", "layout": "transform", "face": "back", "front": "Delver of Secrets"},
    {"name": "Brazen Borrower // Petty Theft", "manaCost": "{1}{U}{U}", "type": "Creature — Faerie Rogue",
     "text": "Flash\nFlying", "power": "3", "toughness": "1", "layout": "adventure"},
    {"name": "Forest", "type": "Basic Land — Forest", "text": "Not the bundled Forest."},
]


def test_mtgjson_list_format_with_faces(tmp_path):
    database = CardDatabase(write_json(tmp_path / "cards.json", MTGJSON_LIST))
    assert database.lookup("test grove") == Card("Test Grove", None, "Land", "{T}: Add {G} or {U}.")
    back = database.lookup("Insectile Aberration")
    assert (back.name, back.power, back.full_name) == (
        "Insectile Aberration", "3", "Delver of Secrets // Insectile Aberration")
    front = database.lookup("delver of secrets")
    assert (front.name, front.power, front.full_name) == (
        "Delver of Secrets", "1", "Delver of Secrets // Insectile Aberration")
    assert database.lookup("Delver of Secrets // Insectile Aberration") == front
    assert database.lookup("Brazen Borrower").text == "Flash\nFlying"


def test_a_face_the_database_has_no_data_for_is_explained(tmp_path):
    database = CardDatabase(write_json(tmp_path / "cards.json", MTGJSON_LIST))
    with pytest.raises(UnknownCardError, match="'Petty Theft' is a face of 'Brazen Borrower // Petty Theft'"):
        database.lookup("Petty Theft")


def test_bundled_cards_win_over_the_extra_database(tmp_path):
    database = CardDatabase(write_json(tmp_path / "cards.json", MTGJSON_LIST))
    assert database.lookup("Forest").text == "({T}: Add {G}.)"


def test_mtgjson_atomic_cards_format(tmp_path):
    atomic = {
        "meta": {"version": "5"},
        "data": {
            "Fire // Ice": [
                {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "manaCost": "{1}{R}", "type": "Instant",
                 "text": "Fire deals 2 damage divided as you choose among one or two targets.", "layout": "split"},
                {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "manaCost": "{1}{U}", "type": "Instant",
                 "text": "Tap target permanent.\nDraw a card.", "layout": "split"},
            ],
            "Test Grove": [{"name": "Test Grove", "type": "Land", "text": "{T}: Add {G}.", "layout": "normal"}],
        },
    }
    database = CardDatabase(write_json(tmp_path / "AtomicCards.json", atomic))
    ice = database.lookup("ice")
    assert (ice.name, ice.mana_cost, ice.full_name, ice.layout) == ("Ice", "{1}{U}", "Fire // Ice", "split")
    assert database.lookup("Fire // Ice").name == "Fire"
    assert database.lookup("Test Grove").full_name is None


def test_scryfall_oracle_cards_format(tmp_path):
    scryfall = [
        {"object": "card", "name": "Test Grove", "layout": "normal", "mana_cost": "", "type_line": "Land",
         "oracle_text": "{T}: Add {G}."},
        {"object": "card", "name": "Test Grove // Test Grove", "layout": "art_series", "type_line": "Card",
         "card_faces": [{"name": "Test Grove", "type_line": "Card", "oracle_text": "art"}]},
        {"object": "card", "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
         "card_faces": [
             {"name": "Delver of Secrets", "mana_cost": "{U}", "type_line": "Creature — Human Wizard",
              "oracle_text": "At the beginning of your upkeep...", "power": "1", "toughness": "1"},
             {"name": "Insectile Aberration", "mana_cost": "", "type_line": "Creature — Human Insect",
              "oracle_text": "Flying", "power": "3", "toughness": "2"},
         ]},
    ]
    database = CardDatabase(write_json(tmp_path / "oracle-cards.json", scryfall))
    assert database.lookup("test grove") == Card("Test Grove", None, "Land", "{T}: Add {G}.")
    back = database.lookup("Insectile Aberration")
    assert (back.mana_cost, back.toughness, back.layout) == (None, "2", "transform")
    assert database.lookup("Delver of Secrets // Insectile Aberration").name == "Delver of Secrets"


# Errors and laziness


def test_a_missing_database_file_is_reported_at_once(tmp_path):
    missing = tmp_path / "nope.json"
    with pytest.raises(MtgaspError, match=f"card database {missing}: file not found"):
        CardDatabase(missing)


@pytest.mark.parametrize(
    "content, problem",
    [
        ("{not json", "not valid JSON"),
        ('{"cards": []}', "unrecognized format"),
        ('[{"name": "No Type Line", "type": null}]', "card 'No Type Line': missing 'type'"),
        ('[{"name": "Bad Power", "type": "Creature", "power": [1]}]', "'power' should be a string"),
    ],
)
def test_a_malformed_database_is_reported_with_its_file_name(tmp_path, content, problem):
    path = tmp_path / "cards.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(MtgaspError, match=f"card database {path}: .*{problem}"):
        CardDatabase(path).lookup("Some Unbundled Card")


def test_the_extra_database_is_read_only_for_names_not_bundled(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text("{not json", encoding="utf-8")
    database = CardDatabase(path)
    assert database.lookup("Forest").name == "Forest"  # the broken file was not read
    with pytest.raises(MtgaspError, match="not valid JSON"):
        database.lookup("Test Grove")


def test_settings_take_the_command_line_path_then_the_environment(tmp_path, monkeypatch):
    from_env = write_json(tmp_path / "env.json", [{"name": "Env Card", "type": "Land"}])
    from_option = write_json(tmp_path / "option.json", [{"name": "Option Card", "type": "Land"}])
    monkeypatch.setenv(CARDS_ENV_VAR, str(from_env))
    assert "Env Card" in CardDatabase.from_settings()
    assert "Option Card" in CardDatabase.from_settings(from_option)
    assert "Env Card" not in CardDatabase.from_settings(from_option)
    monkeypatch.delenv(CARDS_ENV_VAR)
    assert CardDatabase.from_settings().extra_path is None


# The shared corpus as the extra database


def test_corpus_through_the_environment(corpus_path, monkeypatch):
    monkeypatch.setenv(CARDS_ENV_VAR, str(corpus_path))
    database = CardDatabase.from_settings()
    assert database.lookup("lightning bolt").name == "Lightning Bolt"  # bundled
    assert database.lookup("Delver of Secrets").full_name == "Delver of Secrets // Insectile Aberration"
    assert database.lookup("Insectile Aberration").power == "3"
    assert database.lookup("Lim-Dul's Vault").name == "Lim-Dûl's Vault"
    with pytest.raises(UnknownCardError, match="is a face of 'Brazen Borrower // Petty Theft'"):
        database.lookup("Petty Theft")


def test_suggestions_among_the_whole_corpus_rank_a_shortlist(corpus_path, monkeypatch):
    database = CardDatabase(corpus_path)
    with pytest.raises(UnknownCardError):
        database.lookup("Some Card Nobody Printed")  # loads the corpus
    ranked = []  # difflib ranks a shortlist only, not 35,000 names (its cost: benchmarks/card_lookup.py)
    real_ratio = difflib.SequenceMatcher.ratio
    monkeypatch.setattr(difflib.SequenceMatcher, "ratio", lambda self: ranked.append(1) or real_ratio(self))
    with pytest.raises(UnknownCardError) as caught:
        database.lookup("Relfecting Pool")
    assert 0 < len(ranked) <= 2 * 60  # the shortlist of each index (pyglue.cards.close_names)
    assert "did you mean: Reflecting Pool; " in str(caught.value)
    assert "--cards" not in str(caught.value)  # a database was given
