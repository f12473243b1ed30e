"""The layer system (613) end to end: every scenario of tests/layers passes
`mtgasp check` with the card corpus, and each says which official ruling or
rule of the Comprehensive Rules its expectations come from."""

from __future__ import annotations

import re

import clingo
import pytest

from pyglue.answers import changed_text
from pyglue.api import ask
from pyglue.cli import main
from pyglue.errors import MtgaspError

from conftest import REPO_ROOT

LAYERS = REPO_ROOT / "tests" / "layers"


def test_layer_scenarios_are_there():
    assert len(list(LAYERS.glob("*.toml"))) >= 50


# One test per file: the suite's workers share them out.
@pytest.mark.parametrize("path", sorted(LAYERS.glob("*.toml")), ids=lambda p: p.stem)
def test_layer_scenarios_pass_check(capsys, corpus_path, path):
    code = main(["check", "--cards", str(corpus_path), str(path)])
    out, err = capsys.readouterr()
    assert code == 0, out
    assert out.strip().endswith(", 0 failed, 0 errors"), out
    assert int(out.strip().splitlines()[-1].split()[0]) >= 1, out
    assert "mtgasp: clingo:" not in err, err


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
    (answer,) = ask(FACE_DOWN)
    data = answer.data
    assert (data["name"], data["mana_value"], data["colors"], data["types"], data["subtypes"]) == \
        (None, 0, [], ["Creature"], [])
    assert (data["power"], data["toughness"], data["abilities"]) == (2, 2, [])
    assert data["layers"] == [{"layer": "1b", "source": "morph", "ability": None}]
    (face_up,) = ask(FACE_DOWN.replace("face_down = true", "face_down = false"))
    assert (face_up.data["name"], face_up.data["power"], face_up.data["layers"]) == ("Hidden Angel", 4, [])


def test_face_down_is_read_only_for_a_permanent_or_a_spell():
    with pytest.raises(MtgaspError, match='face_down is for a permanent or a spell .708., not an object with zone = "hand"'):
        ask(FACE_DOWN.replace('controller = "you"', 'owner = "you"\nzone = "hand"'))
    with pytest.raises(MtgaspError, match="face_down.*true or false"):
        ask(FACE_DOWN.replace("face_down = true", 'face_down = "yes"'))
    with pytest.raises(MtgaspError, match='how it was turned face down: "morph", "manifest", "disguise", "cloak"'):
        ask(FACE_DOWN.replace("face_down = true", 'face_down = "hidden"'))


def test_a_disguised_or_cloaked_permanent_has_ward_2_and_a_morph_none():
    # 702.168a, 701.58a: a 2/2 with ward {2}; 708.2a (morph, manifest): no ability
    for way, abilities in (("disguise", ["Ward {2}"]), ("cloak", ["Ward {2}"]), ("morph", []), ("manifest", [])):
        (answer,) = ask(FACE_DOWN.replace("face_down = true", f'face_down = "{way}"'))
        assert (answer.data["power"], answer.data["abilities"], answer.data["name"]) == (2, abilities, None), way


def test_a_copy_exception_the_grammar_does_not_read_is_said(corpus_path):
    # 707.9b: the copy's own text says how it copies; Sakashima's exceptions are
    # not read, Phantasmal Image's are (and a Clone of it says nothing)
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


def test_a_dependency_chain_is_followed_exactly(corpus_path):
    # 613.8c: the grove depends on Xenograft, which applies to Sol Ring only after
    # March of the Machines made it a creature: the rounds follow the chain, so
    # Sol Ring is an Elf, then a Forest, and nothing warns
    (answer,) = ask(CHAIN, cards=corpus_path)
    assert answer.warnings == []
    assert answer.data["types"] == ["Artifact", "Creature"] and answer.data["subtypes"] == ["Elf", "Forest"]
    # two Marches and Xenograft: Xenograft reads what both Marches did, and the
    # second March (in a loop with the first) applying to nothing changes nothing
    (answer,) = ask(LAYERS / "two_marches_and_xenograft.toml", cards=corpus_path)
    assert answer.warnings == [] and answer.data["subtypes"] == ["Elf"]


PLURALS = {"Elf": "Elves", "Wolf": "Wolves"}


def subtype_chain(words):
    """Enchantments "Elves are Goblins ...", "Goblins are Orcs ...", ..., the last
    link the earliest: each link depends on the one before only once that one
    has applied to Llanowar Elves (613.8c)."""
    tables = []
    for i in range(len(words) - 1, 0, -1):
        first, second = (PLURALS.get(w, w + "s") for w in words[i - 1:i + 1])
        tables.append(f'[[object]]\nid = "link_{i}"\nname = "Link {i}"\ntype = "Enchantment"\n'
                      f'text = "{first} are {second} in addition to their other types."\ncontroller = "you"\n')
    tables.append('[[object]]\ncard = "Llanowar Elves"\ncontroller = "you"\n')
    return "\n".join(tables) + '\n[[ask]]\ncharacteristics = "llanowar_elves"\n'


def test_a_chain_longer_than_the_rounds_warns_and_a_shorter_one_is_exact(corpus_path):
    # layer_rounds.lp: four rounds after the first follow three links that each
    # appear only once the one before applied; a fourth is still moving after
    # the last round, and the answer names it instead of guessing
    words = ["Elf", "Goblin", "Orc", "Zombie", "Giant"]
    (answer,) = ask(subtype_chain(words[:4]), cards=corpus_path)
    assert answer.warnings == [] and answer.data["subtypes"] == ["Druid", "Elf", "Goblin", "Orc", "Zombie"]
    (answer,) = ask(subtype_chain(words), cards=corpus_path)
    assert [(w["object"], w["ability"]) for w in answer.warnings] == [("link_4", 1)]
    assert "Giant" not in answer.data["subtypes"]


TEXT_CHANGE = """
[[object]]
id = "knight"
name = "Pale Knight"
mana_cost = "{1}{W}"
type = "Creature — Human Knight"
text = "Protection from black\\nOther white creatures you control get +1/+1."
power = "2"
toughness = "2"
controller = "you"

[[object]]
id = "squire"
name = "Squire"
mana_cost = "{W}"
type = "Creature — Human"
power = "1"
toughness = "1"
controller = "you"

[[effect]]
text = "Change the text of target spell or permanent by replacing all instances of one color word with another."
controller = "you"
refers = ["knight"]
CHOSEN

[[ask]]
characteristics = "knight"

[[ask]]
characteristics = "squire"
"""


def test_a_text_change_follows_its_chosen_words_in_timestamp_order():
    # 612.2, 613.7: black -> white, then white -> black: the printed "black" ends
    # black again, the printed "white" black; without chosen words, nothing
    # changes and the answer says why
    knight, squire = ask(TEXT_CHANGE.replace("CHOSEN", 'chosen = { color = ["W", "R"] }'))
    assert knight.data["abilities"] == ["Protection from black", "Other red creatures you control get +1/+1."]
    assert squire.data["power"] == 1 and knight.warnings == []
    second = TEXT_CHANGE.replace("CHOSEN", 'chosen = { color = ["B", "W"] }') + (
        '[[effect]]\ntext = "Change the text of target spell or permanent by replacing all instances of one color '
        'word with another."\ncontroller = "you"\nrefers = ["knight"]\nchosen = { color = ["W", "B"] }\n')
    knight, squire = ask(second)
    assert knight.data["abilities"] == ["Protection from black", "Other black creatures you control get +1/+1."]
    assert squire.data["power"] == 1
    knight, squire = ask(TEXT_CHANGE.replace("CHOSEN", ""))
    assert knight.data["abilities"][1] == "Other white creatures you control get +1/+1."
    assert squire.data["power"] == 2
    assert [w["object"] for w in knight.warnings] == ["effect 1"]


def test_a_text_change_needs_two_different_words_of_its_kind():
    with pytest.raises(MtgaspError, match="two different words"):
        ask(TEXT_CHANGE.replace("CHOSEN", 'chosen = { color = ["W", "W"] }'))
    with pytest.raises(MtgaspError, match="two different words"):
        ask(TEXT_CHANGE.replace("CHOSEN", 'chosen = { card_type = ["Creature", "Land"] }'))
    with pytest.raises(MtgaspError, match="chosen color should be one of"):
        ask(TEXT_CHANGE.replace("CHOSEN", 'chosen = { color = ["W", "Purple"] }'))


def test_changed_text_writes_each_new_word_in_place_of_the_old_at_once():
    def pairs(*words):
        term = clingo.Tuple_([])
        for old, new in words:
            term = clingo.Tuple_([clingo.Tuple_([old, new]), term])
        return term
    s, f = clingo.String, clingo.Function
    assert changed_text("Nonblack creatures and black ones; Black Knight", pairs((s("black"), s("white"))),
                        "Black Knight") == "Nonwhite creatures and white ones; Black Knight"
    assert changed_text("Each land is a Swamp. Swampwalk; Swamps", pairs((f("swamp"), f("island")))) == \
        "Each land is an Island. Islandwalk; Islands"
    assert changed_text("black and white", pairs((s("black"), s("white")), (s("white"), s("black")))) == "white and black"


def test_a_dependency_is_tried_on_the_board_not_read_from_the_words(corpus_path):
    # 613.8a: Dryad of the Ilysian Grove ("Lands you control are every basic land
    # type") and Life and Limb (which makes Forests and Saprolings lands) would
    # form a loop by their words; on a board with no Saproling applying Life and
    # Limb changes no land the Dryad applies to, so only Life and Limb depends (on
    # the Dryad), and the Plains becomes a Saproling creature, with no warning
    plains, theirs = ask(LAYERS / "dryad_and_life_and_limb.toml", cards=corpus_path)
    assert plains.warnings == [] and "Saproling" in plains.data["subtypes"]
    assert plains.data["types"] == ["Creature", "Land"]
    # with a Saproling creature token, Life and Limb makes it a land the Dryad then
    # applies to: a loop (613.8b), applied in timestamp order (Life and Limb first,
    # when the Plains is no Forest yet)
    token = ('\n[[object]]\nid = "saproling"\ntoken = true\nname = "Saproling"\ntype = "Creature — Saproling"\n'
             'power = "1"\ntoughness = "1"\ncontroller = "you"\n')
    text = (LAYERS / "dryad_and_life_and_limb.toml").read_text()
    plains, theirs = ask(text.replace("[[ask]]", token + "\n[[ask]]", 1), cards=corpus_path)
    assert "Saproling" not in plains.data["subtypes"] and plains.data["types"] == ["Land"]


def _shown_by_main_lp(program: str) -> set[str]:
    """What plain clingo shows for the facts with every rule file (main.lp)."""
    from rules_asp import ENTRY

    control = clingo.Control(["--models=2"])
    control.load(str(ENTRY))
    control.add("base", [], program)
    control.ground([("base", [])])
    with control.solve(yield_=True) as handle:
        (shown,) = [{str(atom) for atom in model.symbols(shown=True)} for model in handle]
    return shown


def _solved(source: str, corpus_path) -> tuple[set[str], dict, str]:
    from pyglue.cards import CardDatabase
    from pyglue.facts import scenario_facts
    from pyglue.scenario import load_scenario
    from pyglue.solve import facts_text, run_clingo

    program = facts_text(scenario_facts(load_scenario(source, CardDatabase.from_settings(corpus_path))))
    keys, _warnings, stats = run_clingo(program)
    return {str(clingo.Symbol(key)) for key in keys}, stats, program


def test_the_later_rounds_are_ground_only_where_round_0_leaves_a_layer_unsettled(corpus_path, tmp_path,
                                                                                  monkeypatch):
    # rules.lp, layers.lp: without two effects of one layer no round after round
    # 0 is active, and the glue grounds the rules without matcher_rounds.lp
    # (about 1,100 rules); with a chain of dependencies (613.8c) it grounds them
    # with it. Either way the atoms are those of main.lp, all its files.
    shown, stats, program = _solved(str(REPO_ROOT / "examples" / "reflection_then_contamination.toml"), corpus_path)
    assert (stats["later_rounds"], stats["groundings"]) == (0, 1)
    assert shown == _shown_by_main_lp(program)
    shown, stats, program = _solved(CHAIN, corpus_path)
    assert (stats["later_rounds"], stats["groundings"]) == (1, 1)
    assert shown == _shown_by_main_lp(program)
    # rounds_gate.lp only guesses from the facts: guessing wrong, the glue finds
    # round 0 unsettled and grounds again with the rounds, and the answer is the same
    import pyglue.solve

    never = tmp_path / "never.lp"
    never.write_text("rounds_gate_likely :- #false.\n")
    monkeypatch.setattr(pyglue.solve, "ROUNDS_GATE", never)
    guessed_wrong, stats, _ = _solved(CHAIN, corpus_path)
    assert (stats["later_rounds"], stats["groundings"]) == (1, 2)
    assert guessed_wrong == shown
