"""The layer system (613) end to end: every scenario of tests/layers passes
`mtgasp check` with the card corpus, and each says which official ruling or
rule of the Comprehensive Rules its expectations come from."""

from __future__ import annotations

import re

from pyglue.cli import main

from conftest import REPO_ROOT

LAYERS = REPO_ROOT / "tests" / "layers"


def test_layer_scenarios_pass_check(capsys, corpus_path):
    files = sorted(LAYERS.glob("*.toml"))
    assert files
    code = main(["check", "--cards", str(corpus_path), str(LAYERS)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip().endswith(", 0 failed, 0 errors"), out
    assert int(out.strip().splitlines()[-1].split()[0]) >= len(files)


def test_each_layer_scenario_quotes_its_source():
    for path in sorted(LAYERS.glob("*.toml")):
        head = "".join(line for line in path.read_text().splitlines(True) if line.startswith("#"))
        assert re.search(r"ruling|CR \d{3}\.\d", head), f"{path.name}: no ruling or CR rule quoted"


FACE_DOWN = """
[[object]]
id = "morph"
name = "Hidden Angel"
mana_cost = "{2}{W}{W}"
type = "Creature — Angel"
text = "Flying"
power = "4"
toughness = "5"
controller = "you"
face_down = true

[[ask]]
characteristics = "morph"
"""


def test_a_face_down_permanent_has_no_name_and_its_layer_1b_no_ability():
    # 708.2a: a 2/2 creature with no text, no name, no subtypes, no mana cost
    from pyglue.api import ask

    (answer,) = ask(FACE_DOWN)
    data = answer.data
    assert (data["name"], data["mana_value"], data["colors"], data["types"], data["subtypes"]) == \
        (None, 0, [], ["Creature"], [])
    assert (data["power"], data["toughness"], data["abilities"]) == (2, 2, [])
    assert data["layers"] == [{"layer": "1b", "source": "morph", "ability": None}]
    (face_up,) = ask(FACE_DOWN.replace("face_down = true", "face_down = false"))
    assert (face_up.data["name"], face_up.data["power"], face_up.data["layers"]) == ("Hidden Angel", 4, [])


def test_face_down_is_read_only_for_a_permanent_or_a_spell():
    import pytest

    from pyglue.api import ask
    from pyglue.errors import MtgaspError

    with pytest.raises(MtgaspError, match='face_down is for a permanent or a spell .708., not an object with zone = "hand"'):
        ask(FACE_DOWN.replace('controller = "you"', 'owner = "you"\nzone = "hand"'))
    with pytest.raises(MtgaspError, match="face_down.*true or false"):
        ask(FACE_DOWN.replace("face_down = true", 'face_down = "yes"'))


def test_a_copy_exception_the_grammar_does_not_read_is_said(corpus_path):
    # 707.9b: the copy's own text says how it copies; Sakashima's exceptions are
    # not read, Phantasmal Image's are (and a Clone of it says nothing)
    from pyglue.api import ask

    answers = ask(LAYERS / "copy_exception_not_understood.toml", cards=corpus_path)
    assert [(w["object"], w["ability"]) for w in answers[0].warnings] == [("sakashima", 1)]
    answers = ask(LAYERS / "phantasmal_image_is_an_illusion.toml", cards=corpus_path)
    assert [a.warnings for a in answers[:2]] == [[], []]


CHAIN = """
[[object]]
card = "Sol Ring"
controller = "you"

[[object]]
card = "March of the Machines"
controller = "you"

[[object]]
card = "Xenograft"
controller = "you"
chosen = { creature_type = "Elf" }

[[object]]
id = "grove"
name = "Elf Grove"
type = "Enchantment"
text = "Elves are Forests in addition to their other types."
controller = "you"

[[ask]]
characteristics = "sol_ring"
"""


def test_a_dependency_chain_is_said_only_when_it_changes_what_an_effect_sees(corpus_path):
    # 613.8c: the grove depends on Xenograft, which applies to Sol Ring only after
    # March of the Machines made it a creature: one step of dependency reads
    # Xenograft as it applied without March, so the answer warns
    from pyglue.api import ask

    (answer,) = ask(CHAIN, cards=corpus_path)
    assert [(w["object"], w["ability"]) for w in answer.warnings] == [("grove", 1)]
    # two Marches and Xenograft: Xenograft reads what both Marches did, and the
    # second March (in a loop with the first) applying to nothing changes nothing
    (answer,) = ask(LAYERS / "two_marches_and_xenograft.toml", cards=corpus_path)
    assert answer.warnings == [] and answer.data["subtypes"] == ["Elf"]
