"""clingo's integers are 32-bit: numbers that reach the rules are checked as they are
read, and amounts the rules compute stop at max_amount with one clear error, never a
wrapped number. Order counts are Python integers: exact at any size."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from pyglue.cli import main

FOREST = '[[object]]\nid = "forest"\ncard = "Forest"\ncontroller = "you"\n'


def with_copies(card: str, count: int) -> str:
    return "".join(f'[[object]]\nid = "e{i}"\ncard = "{card}"\ncontroller = "you"\n' for i in range(count))


def run(capsys, tmp_path: Path, text: str, *options: str) -> tuple[int, str, str]:
    path = tmp_path / "s.toml"
    path.write_text(text)
    code = main(["ask", *options, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("copies", [31, 40])
def test_mana_past_the_integers_is_an_error_not_no_mana(capsys, tmp_path, copies):
    # Before: 31 Mana Reflections answered "" (no mana) with exit 0, 40 a wrong count.
    code, out, err = run(capsys, tmp_path, FOREST + with_copies("Mana Reflection", copies)
                         + '[[ask]]\nactivate = "forest"\n')
    assert (code, out) == (2, "")
    assert "the mana of 'forest' would be more than 1073741823" in err


def test_mana_too_long_to_write_out_is_an_error(capsys, tmp_path):
    code, _, err = run(capsys, tmp_path, FOREST + with_copies("Mana Reflection", 20)
                       + '[[ask]]\nactivate = "forest"\n')
    assert code == 2 and "adds 1,048,576 mana" in err and "stop at 100,000" in err


def test_order_counts_are_exact_past_64_bits(capsys, tmp_path):
    code, out, _ = run(capsys, tmp_path, FOREST + with_copies("Contamination", 25)
                       + '[[ask]]\nactivate = "forest"\n', "--json", "--max-orders", "1")
    (outcome,) = json.loads(out)["answers"][0]["outcomes"]
    assert code == 0 and outcome["mana"] == "{B}" and outcome["order_count"] == math.factorial(25)


def test_x_past_the_integers_is_refused_as_read(capsys, tmp_path):
    code, _, err = run(capsys, tmp_path, '[[object]]\ncard = "Fireball"\nzone = "stack"\ncontroller = "you"\n'
                       'x = 2147483648\n[[ask]]\ncharacteristics = "fireball"\n')
    assert code == 2 and ":5: [[object]] #1: 'x' should be a whole number from 0 to 2147483647" in err


def test_a_mana_value_past_max_amount_is_an_error(capsys, tmp_path):
    # Before: Fireball with x = 2147483647 had mana value -2147483648.
    code, _, err = run(capsys, tmp_path, '[[object]]\ncard = "Fireball"\nzone = "stack"\ncontroller = "you"\n'
                       'x = 2147483647\n[[ask]]\ncharacteristics = "fireball"\n')
    assert code == 2 and "the mana value of 'fireball' would be more than 1073741823" in err


def test_power_past_max_amount_is_an_error(capsys, tmp_path):
    # Before: a creature with 2147483647 +1/+1 counters had negative power.
    code, _, err = run(capsys, tmp_path, '[[object]]\ncard = "Grizzly Bears"\ncontroller = "you"\n'
                       'counters = { "+1/+1" = 2147483647 }\n[[ask]]\ncharacteristics = "grizzly_bears"\n')
    assert code == 2 and "the power and toughness of 'grizzly_bears' would be more than" in err


def test_big_but_fitting_numbers_are_computed_exactly(capsys, tmp_path):
    code, out, _ = run(capsys, tmp_path, '[[object]]\ncard = "Grizzly Bears"\ncontroller = "you"\n'
                       'counters = { "+1/+1" = 500000000 }\n[[ask]]\ncharacteristics = "grizzly_bears"\n',
                       "--json")
    answer = json.loads(out)["answers"][0]
    assert code == 0 and (answer["power"], answer["toughness"]) == (500000002, 500000002)


def test_a_generic_symbol_past_nine_digits_leaves_the_mana_value_unknown(capsys, tmp_path):
    # Before: mana_cost = "{2147483648}" gave mana value 0 (now refused as read); a
    # ten-digit symbol that fits is not understood, and the answer says so.
    code, out, _ = run(capsys, tmp_path, '[[object]]\nid = "big"\nname = "Big"\ntype = "Artifact"\n'
                       'mana_cost = "{1000000000}"\ncontroller = "you"\n[[ask]]\ncharacteristics = "big"\n', "--json")
    answer = json.loads(out)["answers"][0]
    assert code == 0 and answer["mana_value"] is None and answer["colors"] is None
    assert answer["warnings"] == [{"object": "big", "ability": None, "unparsed": ["{1000000000}"]}]


def test_a_sum_of_mana_symbols_past_max_amount_is_an_error(capsys, tmp_path):
    code, _, err = run(capsys, tmp_path, '[[object]]\nid = "big"\nname = "Big"\ntype = "Artifact"\n'
                       'mana_cost = "{999999999}{999999999}"\ncontroller = "you"\n'
                       '[[ask]]\ncharacteristics = "big"\n')
    assert code == 2 and "the mana value of 'big' would be more than" in err


def test_a_number_past_nine_digits_in_oracle_text_is_not_understood(capsys, tmp_path):
    code, out, _ = run(capsys, tmp_path, '[[object]]\nid = "rock"\nname = "Rock"\ntype = "Artifact"\n'
                       'text = "{T}: Add {2147483648}."\ncontroller = "you"\n[[ask]]\ncould_produce = "rock"\n',
                       "--json")
    answer = json.loads(out)["answers"][0]
    assert code == 0 and answer["types"] == []
    assert answer["warnings"] == [{"object": "rock", "ability": 1, "unparsed": ["Add {2147483648}."]}]
