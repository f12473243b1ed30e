"""Imported card databases (mtgasp cards import, SQLite), the data directory, color
indicators, names ignoring punctuation, prefix suggestions, and `mtgasp cards`."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO_ROOT
from pyglue.card_store import DATABASE_NAME, SqliteCardIndex, data_dir, default_database_path, import_cards
from pyglue.cards import CARDS_ENV_VAR, Card, CardDatabase, _load_index, loose_key, name_key
from pyglue.cli import main
from pyglue.errors import MtgaspError, UnknownCardError

from test_cards import MTGJSON_LIST

MORE_CARDS = [
    {"name": "Kalitas, Traitor of Ghet", "manaCost": "{2}{B}{B}", "type": "Legendary Creature — Vampire Warrior",
     "text": "Lifelink", "power": "3", "toughness": "4", "layout": "normal"},
    {"name": "Lim-Dûl the Necromancer", "manaCost": "{5}{B}{B}", "type": "Legendary Creature — Human Wizard",
     "text": "", "power": "4", "toughness": "4", "layout": "normal"},
    {"name": "Ancestral Vision", "manaCost": None, "type": "Sorcery", "text": "Target player draws three cards.",
     "layout": "normal", "colorIndicator": ["U"]},
    {"name": "Dryad Arbor", "manaCost": None, "type": "Land Creature — Forest Dryad", "text": "",
     "power": "1", "toughness": "1", "layout": "normal", "colorIndicator": ["G"]},
    {"name": "Two Color Thing", "type": "Creature", "layout": "normal", "colorIndicator": ["G", "W"]},
]


def write_json(path: Path, data) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def source(tmp_path) -> Path:
    return write_json(tmp_path / "cards.json", MTGJSON_LIST + MORE_CARDS)


@pytest.fixture
def imported(source, isolated_data_dir) -> Path:
    import_cards(source)
    return isolated_data_dir / DATABASE_NAME


# The data directory


def test_data_directory_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("MTGASP_DATA_DIR", str(tmp_path / "d"))
    assert default_database_path() == tmp_path / "d" / "cards.sqlite"
    monkeypatch.delenv("MTGASP_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "mtgasp"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "mtgasp"


# Import and lookup


def test_an_imported_database_has_the_same_cards_as_its_source(source, imported):
    from_json = _load_index(source)
    from_sqlite = SqliteCardIndex(imported)
    assert len(from_sqlite) == len(from_json) == len(MTGJSON_LIST + MORE_CARDS) + 0
    for key, card in from_json.cards.items():
        assert from_sqlite.get(key) == card, key
    assert from_sqlite.face_of(name_key("Petty Theft")) == "Brazen Borrower // Petty Theft"


def test_from_settings_uses_the_imported_database_by_default(imported, tmp_path, monkeypatch):
    database = CardDatabase.from_settings()
    assert database.extra_path == imported
    assert database.lookup("Kalitas, Traitor of Ghet").power == "3"
    assert database.lookup("Forest").text == "({T}: Add {G}.)"  # bundled cards resolve first
    with pytest.raises(UnknownCardError, match="'Petty Theft' is a face of 'Brazen Borrower // Petty Theft'"):
        database.lookup("Petty Theft")
    # $MTGASP_CARDS and --cards win over it
    other = write_json(tmp_path / "other.json", [{"name": "Env Card", "type": "Land"}])
    monkeypatch.setenv(CARDS_ENV_VAR, str(other))
    assert CardDatabase.from_settings().extra_path == other
    assert CardDatabase.from_settings(imported).extra_path == imported


def test_cards_option_takes_an_imported_database(imported, capsys, tmp_path):
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(imported.read_bytes())
    assert CardDatabase(copy).lookup("dryad arbor").color_indicator == ("G",)


def test_a_scenario_resolves_a_card_of_the_imported_database(imported, capsys, tmp_path):
    scenario = tmp_path / "s.toml"
    scenario.write_text('[[object]]\nid = "arbor"\ncard = "Dryad Arbor"\ncontroller = "you"\n\n'
                        '[[ask]]\ncould_produce = "arbor"\n', encoding="utf-8")
    code, out, err = run(capsys, "ask", scenario)
    assert code == 0, err
    assert out.endswith("1. could_produce arbor: G\n")


# Names


def test_names_match_ignoring_punctuation(imported):
    database = CardDatabase.from_settings()
    assert database.lookup("urborg tomb of yawgmoth").name == "Urborg, Tomb of Yawgmoth"  # bundled
    assert database.lookup("kalitas traitor of ghet").name == "Kalitas, Traitor of Ghet"
    assert database.lookup("Lim-Dul the Necromancer").name == "Lim-Dûl the Necromancer"
    assert database.lookup("lim dul the necromancer").name == "Lim-Dûl the Necromancer"
    assert loose_key("Lim-Dûl’s Vault") == "limdulsvault"


def test_names_ignoring_punctuation_on_a_json_database(source):
    assert CardDatabase(source).lookup("KALITAS TRAITOR OF GHET").name == "Kalitas, Traitor of Ghet"


def test_a_loose_name_of_two_cards_matches_neither(tmp_path):
    path = write_json(tmp_path / "c.json", [{"name": "Ab-C", "type": "Land"}, {"name": "Ab C", "type": "Land"}])
    import_cards(path, tmp_path / "c.sqlite")
    for database in (CardDatabase(path), CardDatabase(tmp_path / "c.sqlite")):
        assert database.lookup("ab c").name == "Ab C"
        assert database.find("abc") is None


def test_a_short_name_suggests_the_card(imported):
    with pytest.raises(UnknownCardError) as caught:
        CardDatabase.from_settings().lookup("Kalitas")
    assert str(caught.value).startswith("unknown card 'Kalitas' (did you mean: Kalitas, Traitor of Ghet")


def test_a_short_name_suggests_the_card_in_a_json_database(source):
    with pytest.raises(UnknownCardError, match=r"did you mean: Kalitas, Traitor of Ghet"):
        CardDatabase(source).lookup("kalitas")


def test_close_names_are_suggested_from_the_imported_database(imported):
    with pytest.raises(UnknownCardError, match=r"did you mean: Dryad Arbor"):
        CardDatabase.from_settings().lookup("Dryad Arbour")


# Color indicators


def test_color_indicator_from_mtgjson(source):
    database = CardDatabase(source)
    assert database.lookup("Ancestral Vision").color_indicator == ("U",)
    assert database.lookup("Two Color Thing").color_indicator == ("W", "G")  # W U B R G order
    assert database.lookup("Kalitas, Traitor of Ghet").color_indicator is None


def test_color_indicator_from_mtgjson_atomic_and_scryfall(tmp_path):
    atomic = {"data": {"Ancestral Vision": [{"name": "Ancestral Vision", "type": "Sorcery", "layout": "normal",
                                             "colorIndicator": ["U"]}]}}
    assert CardDatabase(write_json(tmp_path / "a.json", atomic)).lookup("Ancestral Vision").color_indicator == ("U",)
    scryfall = [
        {"object": "card", "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
         "card_faces": [
             {"name": "Delver of Secrets", "mana_cost": "{U}", "type_line": "Creature — Human Wizard"},
             {"name": "Insectile Aberration", "mana_cost": "", "type_line": "Creature — Human Insect",
              "color_indicator": ["U"]},
         ]},
        {"object": "card", "name": "Dryad Arbor", "layout": "normal", "type_line": "Land Creature — Forest Dryad",
         "color_indicator": ["G"]},
    ]
    path = write_json(tmp_path / "s.json", scryfall)
    import_cards(path, tmp_path / "s.sqlite")
    for database in (CardDatabase(path), CardDatabase(tmp_path / "s.sqlite")):
        assert database.lookup("Insectile Aberration").color_indicator == ("U",)
        assert database.lookup("Delver of Secrets").color_indicator is None
        assert database.lookup("Dryad Arbor").color_indicator == ("G",)


def test_a_bad_color_indicator_is_one_message(tmp_path):
    path = write_json(tmp_path / "c.json", [{"name": "Odd", "type": "Land", "colorIndicator": ["Green"]}])
    with pytest.raises(MtgaspError, match=r"card 'Odd': 'colorIndicator' should be a list of color letters"):
        CardDatabase(path).lookup("Odd")


def test_a_card_built_without_a_color_indicator_has_none():
    assert Card("X", None, "Land").color_indicator is None


# The command line


def test_cards_import_and_info(source, capsys, isolated_data_dir):
    code, out, err = run(capsys, "cards", "info")
    assert code == 0, err
    assert "extra: none" in out and "does not exist" in out
    code, out, err = run(capsys, "cards", "import", source)
    assert code == 0, err
    assert out.startswith(f"{isolated_data_dir / DATABASE_NAME}: {len(MTGJSON_LIST + MORE_CARDS)} cards")
    code, out, err = run(capsys, "cards", "info")
    assert f"extra (imported): {isolated_data_dir / DATABASE_NAME} ({len(MTGJSON_LIST + MORE_CARDS)} cards, SQLite" in out
    code, out, err = run(capsys, "cards", "show", "dryad arbor")
    assert code == 0 and "name: Dryad Arbor\n" in out and "color_indicator: G\n" in out


def test_cards_import_to_a_chosen_path(source, capsys, tmp_path):
    code, out, _ = run(capsys, "cards", "import", source, "--to", tmp_path / "x" / "mine.sqlite")
    assert code == 0 and (tmp_path / "x" / "mine.sqlite").is_file()
    code, out, _ = run(capsys, "cards", "info", "--cards", tmp_path / "x" / "mine.sqlite")
    assert f"extra (from --cards): {tmp_path / 'x' / 'mine.sqlite'} (" in out


def test_reimport_replaces_the_database(source, capsys, tmp_path, isolated_data_dir):
    assert run(capsys, "cards", "import", source)[0] == 0
    smaller = write_json(tmp_path / "small.json", [{"name": "Only Card", "type": "Land"}])
    assert run(capsys, "cards", "import", smaller)[0] == 0
    database = CardDatabase.from_settings()
    assert "Only Card" in database and "Dryad Arbor" not in database
    assert [p.name for p in isolated_data_dir.iterdir()] == [DATABASE_NAME]  # no partial file left


@pytest.mark.parametrize("content, problem", [
    (None, "file not found"),
    ("{not json", "not valid JSON"),
    ('{"cards": []}', "unrecognized format"),
    ("[]", "no cards in it"),
    ('[{"name": "No Type", "type": null}]', "missing 'type'"),
])
def test_cards_import_of_bad_input_is_one_message_exit_2(capsys, tmp_path, content, problem):
    path = tmp_path / "in.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "cards", "import", path)
    assert code == 2 and out == ""
    assert err.startswith(f"mtgasp: card database {path}: ") and problem in err and err.count("\n") == 1


def test_cards_import_to_an_unwritable_place_is_one_message(capsys, source, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run(capsys, "cards", "import", source, "--to", blocker / "cards.sqlite")
    assert code == 2 and err.startswith("mtgasp: cannot ") and err.count("\n") == 1


def test_a_broken_or_foreign_sqlite_file_is_one_message(capsys, tmp_path):
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE meta (key TEXT, value TEXT)")
        connection.execute("INSERT INTO meta VALUES ('schema', '0')")
    connection.close()
    for path, problem in ((broken, "not a database mtgasp cards import made"), (foreign, "another version")):
        code, _, err = run(capsys, "cards", "show", "Some Card", "--cards", path)
        assert code == 2 and problem in err and err.count("\n") == 1, err


def test_cards_show_of_an_unknown_card_is_one_message_exit_2(capsys):
    code, out, err = run(capsys, "cards", "show", "Relfecting Pool")
    assert code == 2 and out == "" and err.startswith("mtgasp: unknown card 'Relfecting Pool' (did you mean")
    assert "mtgasp cards import FILE" in err


def test_cards_command_in_a_process_has_no_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pyglue.cli", "cards", "import", tmp_path / "nope.json"],
                          capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "file not found" in done.stderr


# The whole corpus


@pytest.fixture(scope="module")
def corpus_database(tmp_path_factory) -> Path:
    from conftest import CORPUS

    if not CORPUS.is_file():
        pytest.skip(f"the card corpus {CORPUS} is absent")
    path = tmp_path_factory.mktemp("corpus") / "cards.sqlite"
    import_cards(CORPUS, path, parse=False)  # the index only: parsing is test_parse_cache.py's
    return path


def test_corpus_lookups_read_only_what_they_need_and_agree_with_the_json(corpus_database, corpus_path):
    from_json = _load_index(corpus_path)
    keys = random.Random(11).sample(sorted(from_json.cards), 300)
    database = CardDatabase(corpus_database)
    database.lookup("Kalitas, Traitor of Ghet")  # opens the database
    for key in keys:
        card = database.lookup(key)
        bundled = database._bundled.get(key)
        assert card == (bundled or from_json.cards[key]), key
    # Cheap whatever the corpus's size (the time is the benchmark's, benchmarks/card_lookup.py):
    # a lookup is one indexed query, and only the cards looked up are read.
    index = database._extra_index()
    assert isinstance(index, SqliteCardIndex) and 0 < len(index._cards) <= 301
    for query in ("SELECT card_id FROM names WHERE key = ?", "SELECT DISTINCT card_id FROM names WHERE loose = ?"):
        plan = " ".join(row[-1] for row in index._db.execute("EXPLAIN QUERY PLAN " + query, ("x",)))
        assert plan.startswith("SEARCH names USING") and "SCAN" not in plan, (query, plan)


def test_corpus_suggestions_from_the_imported_database(corpus_database):
    database = CardDatabase(corpus_database)
    with pytest.raises(UnknownCardError) as caught:
        database.lookup("Kalitas")
    assert "Kalitas, Traitor of Ghet" in str(caught.value) and "Kalitas, Bloodchief of Ghet" in str(caught.value)
    with pytest.raises(UnknownCardError, match="did you mean: Reflecting Pool; "):
        database.lookup("Relfecting Pool")
    assert database.lookup("lim dul the necromancer").name == "Lim-Dûl the Necromancer"


# Compressed downloads


@pytest.mark.parametrize("suffix", ["gz", "xz", "bz2", "zip"])
def test_a_compressed_card_file_is_read(tmp_path, suffix):
    import bz2
    import gzip
    import lzma
    import zipfile

    content = json.dumps(MORE_CARDS).encode()
    path = tmp_path / f"AtomicCards.json.{suffix}"
    if suffix == "zip":
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("AtomicCards.json", content)
    else:
        path.write_bytes({"gz": gzip, "xz": lzma, "bz2": bz2}[suffix].compress(content))
    import_cards(path, tmp_path / "c.sqlite")
    assert CardDatabase(tmp_path / "c.sqlite").lookup("Dryad Arbor").color_indicator == ("G",)


def test_a_broken_compressed_file_is_one_message(tmp_path):
    path = tmp_path / "cards.json.gz"
    path.write_bytes(b"\x1f\x8b" + b"garbage")
    with pytest.raises(MtgaspError, match=rf"card database {path}: cannot decompress it"):
        import_cards(path, tmp_path / "c.sqlite")


def test_a_name_of_punctuation_only_matches_nothing(tmp_path):
    path = write_json(tmp_path / "c.json", [{"name": "_____", "type": "Creature"}])
    import_cards(path, tmp_path / "c.sqlite")
    for database in (CardDatabase(path), CardDatabase(tmp_path / "c.sqlite")):
        assert database.lookup("_____").name == "_____"
        assert database.find("!!!") is None and database.find("") is None


def test_without_a_home_directory_there_is_no_imported_database(monkeypatch):
    monkeypatch.delenv("MTGASP_DATA_DIR")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)

    def no_home():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    with pytest.raises(MtgaspError, match="set \\$MTGASP_DATA_DIR"):
        data_dir()
    assert CardDatabase.from_settings().extra_path is None
