"""`mtgasp coverage`: the figures on a small database of known cards."""

from __future__ import annotations

import json

from pyglue.cli import main
from pyglue.coverage import template

CARDS = [
    {"name": "Llanowar Elves", "type": "Creature — Elf Druid", "text": "{T}: Add {G}.",
     "layout": "normal"},
    {"name": "Grim Flayer", "type": "Creature — Human Warrior",
     "text": "Trample\nWhenever Grim Flayer deals combat damage to a player, surveil 3.",
     "layout": "normal"},
    {"name": "Delver of Secrets", "type": "Creature — Human Wizard", "layout": "transform",
     "text": "At the beginning of your upkeep, look at the top card of your library."},
    {"name": "Insectile Aberration", "type": "Creature — Human Insect", "layout": "transform",
     "text": "Flying", "face": "back", "front": "Delver of Secrets"},
    {"name": "Vanilla", "type": "Creature — Bear", "text": None, "layout": "normal"},
]


def test_coverage_json_has_the_issue_keys(capsys, tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS))
    assert main(["coverage", "--cards", str(path), "--json", "--top", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"cards_total", "cards_understood", "abilities_by_kind", "mana_abilities_total",
            "mana_abilities_understood", "cards_per_second", "seconds", "top_unparsed",
            "cpu_seconds", "cards_per_cpu_second", "cards_typed"} <= data.keys()
    assert data["cpu_seconds"] > 0 and data["cards_per_cpu_second"] > 0
    # the two faces of Delver are one card; a card without text is not counted
    assert data["cards_total"] == 3
    assert data["mana_abilities_total"] == data["mana_abilities_understood"] == 1
    assert data["abilities_by_kind"]["keyword"] == {"total": 2, "understood": 2, "typed": 2}
    for entry in data["top_unparsed"]:
        assert entry.keys() == {"template", "count", "example"}
        assert entry["example"] in {"Grim Flayer", "Delver of Secrets // Insectile Aberration"}


def test_coverage_table_and_no_progress_bar_off_a_terminal(capsys, tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS))
    assert main(["coverage", "--cards", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("cards understood strictly: ")
    assert err == ""


def test_coverage_needs_a_database(capsys, monkeypatch):
    monkeypatch.delenv("MTGASP_CARDS", raising=False)
    assert main(["coverage"]) == 2
    assert "--cards" in capsys.readouterr().err


def test_templates_write_names_and_numbers_alike():
    assert template("Grim Flayer deals 3 damage to any target.", ["Grim Flayer"]) == \
        "~ deals N damage to any target."
    assert template("Pay {2} and X life", []) == "pay {N} and N life"


def test_coverage_parses_with_the_cyclic_collector_paused(capsys, tmp_path, monkeypatch):
    """The figure is the parser's: no collection scanning its caches while it parses;
    the collector is on again afterwards."""
    import gc

    import grammar

    seen = []
    parse_card = grammar.parse_card

    def recording(*args, **kwargs):
        seen.append(gc.isenabled())
        return parse_card(*args, **kwargs)

    monkeypatch.setattr(grammar, "parse_card", recording)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS))
    assert gc.isenabled()
    assert main(["coverage", "--cards", str(path), "--json"]) == 0
    assert seen and not any(seen)
    assert gc.isenabled()


def test_ability_facts_read_once_are_the_same():
    # pyglue/coverage.py keeps what each fact object said (by its id) from one
    # card to the next: cards that share abilities (and so fact objects) read the same
    from grammar import parse_card
    from pyglue.coverage import ability_facts

    texts = ["Flying\n{T}: Add {G}.", "Flying\n{T}: Add {G}.\nWhenever ~ attacks, draw a card and blorp.",
             "Trample\n{T}: Add {G}."]
    readings = {}
    for text in texts:
        parsed = parse_card("c", "Some Elf", text, ["Creature"], cache=False)
        assert ability_facts(parsed, readings) == ability_facts(parsed)
    assert readings  # and it was used


def test_measure_leaves_the_garbage_collector_as_it_was():
    import gc

    from pyglue.cards import Card
    from pyglue.coverage import measure

    card = Card(name="Some Elf", mana_cost="{G}", type_line="Creature — Elf", text="Flying")
    assert gc.isenabled()
    assert measure([card]).cards_total == 1
    assert gc.isenabled()


def test_words_kept_as_text_are_no_typed_understanding(capsys, tmp_path):
    # "Choose a random color" is other(S) (VOCABULARY.md): no unparsed part, but words
    # the vocabulary keeps as text: understood, not in typed terms; a trigger condition
    # not read (trigger(A, other(S))) likewise; Llanowar Elves is typed, and so is
    # "Draw a card, then discard a card" (draw(you, n(1)), discard(you, n(1)))
    cards = [{"name": "Llanowar Elves", "type": "Creature — Elf Druid", "text": "{T}: Add {G}.", "layout": "normal"},
             {"name": "Flipper", "type": "Creature — Goblin", "layout": "normal", "text": "{T}: Choose a random color."},
             {"name": "Watcher", "type": "Creature — Spirit", "layout": "normal",
              "text": "Whenever you seek one or more cards, put a +1/+1 counter on this creature."},
             {"name": "Looter", "type": "Creature — Merfolk", "layout": "normal",
              "text": "{T}: Draw a card, then discard a card."}]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards))
    assert main(["coverage", "--cards", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cards_understood"] == 4 and data["cards_typed"] == 2
    assert data["abilities_by_kind"]["activated"] == {"total": 3, "understood": 3, "typed": 2}
    assert data["abilities_by_kind"]["triggered"] == {"total": 1, "understood": 1, "typed": 0}
    assert main(["coverage", "--cards", str(path)]) == 0
    out = capsys.readouterr().out
    assert "cards understood strictly: 4 of 4 (100.0%)" in out
    assert "of which in typed terms (no words kept as text): 2 of 4 (50.0%)" in out
