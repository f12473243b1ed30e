"""Scenario generators for the benchmarks: big boards and stacks of effects."""

from __future__ import annotations

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
DUALS = ["Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah",
         "Scrubland", "Volcanic Island", "Bayou", "Plateau", "Tropical Island"]
REFERENTIAL = ["Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Naga Vitalist"]
OTHERS = ["Llanowar Elves", "Mind Stone", "Sol Ring", "Birds of Paradise", "City of Brass",
          "Command Tower", "Gemstone Mine", "Vivid Crag", "Ancient Tomb", "Grizzly Bears"]
PALE_MOON_EFFECT = {
    "name": "Pale Moon effect", "type": "Instant",
    "text": "Until end of turn, if a player taps a nonbasic land for mana, "
            "it produces colorless mana instead of any other type.",
}


def _object(lines: list[str], controller: str, card: str | None = None, **inline: str) -> None:
    lines.append("[[object]]")
    if card:
        lines.append(f'card = "{card}"')
    for key, value in inline.items():
        lines.append(f"{key} = {value!r}".replace("'", '"'))
    lines.append(f'controller = "{controller}"')
    lines.append("")


def board(per_side: int) -> str:
    """A two-sided board of 2 * per_side permanents: per side 30% basics, 20% duals,
    10% referential lands and artifacts, 3 replacement effects; Urborg and
    Chromatic Lantern on one side, Blood Moon on the other; the rest mana
    creatures, rocks and lands. Asks could_produce of every permanent."""
    lines: list[str] = []
    replacements = {"you": [("Mana Reflection", {}), ("Nyxbloom Ancient", {}), ("Damping Sphere", {})],
                    "opponent": [("Mana Reflection", {}), ("Pulse of Llanowar", {}), (None, PALE_MOON_EFFECT)]}
    specials = {"you": ["Urborg, Tomb of Yawgmoth", "Chromatic Lantern"], "opponent": ["Blood Moon"]}
    for side in ("you", "opponent"):
        cards: list[str] = []
        cards += [BASICS[i % 5] for i in range(per_side * 30 // 100)]
        cards += [DUALS[i % 10] for i in range(per_side * 20 // 100)]
        cards += [REFERENTIAL[i % 4] for i in range(per_side * 10 // 100)]
        cards += specials[side]
        fill = per_side - len(cards) - len(replacements[side])
        cards += [OTHERS[i % len(OTHERS)] for i in range(fill)]
        for card in cards:
            _object(lines, side, card)
        for card, inline in replacements[side]:
            _object(lines, side, card, **inline)
    count = sum(1 for line in lines if line == "[[object]]")
    ids = _ids(lines)
    assert len(ids) == count
    for object_id in ids:
        lines += ["[[ask]]", f'could_produce = "{object_id}"', ""]
    return "\n".join(lines)


def _ids(lines: list[str]) -> list[str]:
    from pyglue.scenario import default_id

    ids, seen = [], {}
    for line in lines:
        if line.startswith("card = ") or line.startswith("name = "):
            base = default_id(line.split(" = ", 1)[1].strip('"'))
            seen[base] = seen.get(base, 0) + 1
            ids.append(base if seen[base] == 1 else f"{base}_{seen[base]}")
    return ids


def stacked_effects(n: int) -> str:
    """n mutually applicable replacement effects on one nonbasic land tapped for {W}:
    Contamination, the Pale Moon effect, then Mana Reflections and Nyxbloom Ancients."""
    lines: list[str] = []
    _object(lines, "you", "Tundra")
    effects: list[tuple[str | None, dict]] = [("Contamination", {}), (None, PALE_MOON_EFFECT)]
    multipliers = ["Mana Reflection", "Nyxbloom Ancient"]
    effects += [(multipliers[i % 2], {}) for i in range(n - 2)]
    for card, inline in effects[:n]:
        _object(lines, "you", card, **inline)
    lines += ["[[ask]]", 'activate = "tundra"', "ability = 1", ""]
    return "\n".join(lines)
