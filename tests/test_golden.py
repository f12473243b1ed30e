"""The golden set: real cards across templates, each with the exact facts it
must produce (tests/golden/cards.json, read and checked by hand), and a
property test that garbled text never raises and known-invalid mutations
stay unparsed.

A card is added, after its facts have been read against its text, with
`python tests/test_golden.py add "CARD NAME"... --cards PATH`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grammar import parse_card
from grammar.reading import NOUNS, PLURAL_NOUNS

GOLDEN = Path(__file__).with_name("golden") / "cards.json"
CARDS = json.loads(GOLDEN.read_text(encoding="utf-8"))


def card_facts(card: dict) -> list[str]:
    parsed = parse_card("o", card["name"], card["text"], card["types"], card["supertypes"])
    return sorted({str(f) for f in parsed.facts})


@pytest.mark.parametrize("card", CARDS, ids=[c["name"] for c in CARDS])
def test_golden_card(card):
    assert card_facts(card) == card["facts"]


def test_golden_set_spans_templates():
    kinds = {f.rsplit(",", 1)[1].rstrip(")") for c in CARDS for f in c["facts"] if f.startswith("ability_kind(")}
    assert kinds == {"activated", "triggered", "static", "spell", "keyword"}
    assert sum(any(f.startswith("ability_condition(") for f in c["facts"]) for c in CARDS) >= 8
    assert sum(any(f.startswith("unparsed(") for f in c["facts"]) for c in CARDS) >= 10
    assert len(CARDS) >= 200


# ------------------------------------------------------------ mutations

TEXTS = [c["text"] for c in CARDS]
WORDS = st.sampled_from(["the", "target", "creature", "Add", "{T}:", ",", ".", "—", "é", "\u2212",
                         "\u00bd", '"', "(", "•", "\n"])


@st.composite
def mutated(draw):
    """A real text with words dropped, swapped, duplicated, inserted, or cut short."""
    words = draw(st.sampled_from(TEXTS)).split(" ")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(words) - 1))
        how = draw(st.sampled_from(["drop", "swap", "duplicate", "insert", "truncate"]))
        if how == "drop" and len(words) > 1:
            del words[i]
        elif how == "swap" and i + 1 < len(words):
            words[i], words[i + 1] = words[i + 1], words[i]
        elif how == "duplicate":
            words.insert(i, words[i])
        elif how == "insert":
            words.insert(i, draw(WORDS))
        elif how == "truncate":
            words = words[:i + 1]
    return " ".join(words)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_texts_give_facts_or_unparsed_parts_never_an_exception(text):
    parsed = parse_card("o", "Test Card", text)
    texts = {str(f.arguments[0]): f.arguments[1].string for f in parsed.facts if f.name == "ability_text"}
    for ability, start, end, fragment in parsed.unparsed:
        assert texts[str(ability)][start:end] == fragment


# Sentences understood in full, in which every noun needs its determiner and
# is said once: a noun said twice, or a determiner dropped, is not English.
UNDERSTOOD = [
    "Destroy target creature.", "Destroy target artifact or enchantment.", "Exile target creature.",
    "Tap target creature.", "Return target creature to its owner's hand.",
    "Target creature gets +2/+2 until end of turn.", "Target creature gains flying until end of turn.",
    "Put a +1/+1 counter on target creature.", "Destroy all creatures.",
    "Put a +1/+1 counter on each creature you control.", "Create a Treasure token.",
    "Create a 1/1 white Soldier creature token.", "Each player sacrifices a creature of their choice.",
    "Target player mills two cards.", "Return target creature card from your graveyard to your hand.",
    "Counter target creature spell.", "Each creature you control gets +1/+1.",
    "Target creature gets +1/+1 and gains trample until end of turn.",
    "Sacrifice a creature: Add {B}.", "{T}, Sacrifice a land: Draw a card.",
]
DETERMINERS = {"target", "a", "an", "each", "all", "another"}


def test_the_understood_sentences_are_understood():
    for text in UNDERSTOOD:
        assert not parse_card("o", "Test Card", text).unparsed, text


@given(st.sampled_from(UNDERSTOOD), st.data())
def test_a_noun_said_twice_stays_unparsed(text, data):
    words = text.split(" ")
    nouns = [i for i, w in enumerate(words) if w.lower().strip(".,:") in NOUNS | PLURAL_NOUNS]
    i = data.draw(st.sampled_from(nouns))
    noun = words[i].strip(".,:")
    words[i] = noun + " " + words[i]
    assert parse_card("o", "Test Card", " ".join(words)).unparsed


@given(st.sampled_from(UNDERSTOOD), st.data())
def test_a_dropped_determiner_stays_unparsed(text, data):
    words = text.split(" ")
    determiners = [i for i, w in enumerate(words) if w.lower() in DETERMINERS]
    if not determiners:
        return
    i = data.draw(st.sampled_from(determiners))
    assert parse_card("o", "Test Card", " ".join(words[:i] + words[i + 1:])).unparsed


# ------------------------------------------------------ adding a card

def _add(names: list[str], cards_path: str) -> None:
    """Append the cards named, with their facts as the grammar reads them now
    (read them against the text before committing)."""
    corpus = {c["name"]: c for c in json.loads(Path(cards_path).read_text(encoding="utf-8"))}
    known = {c["name"] for c in CARDS}
    for name in names:
        if name in known:
            continue
        entry = corpus[name]
        card = {"name": name, "text": entry["text"], "types": entry.get("types") or [],
                "supertypes": entry.get("supertypes") or []}
        CARDS.append({**card, "facts": card_facts(card)})
    GOLDEN.write_text(json.dumps(CARDS, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) < 4 or args[0] != "add" or args[-2] != "--cards":
        sys.exit(__doc__)
    _add(args[1:-2], args[-1])
