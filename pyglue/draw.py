"""`mtgasp draw`: pictures of answers, as Graphviz DOT.

The event graph of an `activate` or `event` ask (616.1) is drawn from the
solve's atoms (the ModelIndex), in the solver's child process, where the
answers are built: states are nodes (an `activate` ask's labelled with the
mana the event would add), steps are edges labelled with the effects of
their class and the number of complete orders through them, and final
states are highlighted with their outcome (the mana added, or the `result`
of an `event` ask). A `characteristics` answer is drawn from its keys.
Which asks can be drawn is read from the schema (an answer key of type
event_outcomes, or an answer that is a characteristics table), so a
researcher's kind is drawn the same way.
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

import clingo

from .answers import (Answer, EventGraph, EventResults, ModelIndex, _Builder, abilities_by_object, effect_name,
                      mana_string)
from .errors import MtgaspError
from .scenario import Scenario
from .schema import AskKind

FORMATS = ("dot", "svg", "png")
FINAL_COLOR = "palegreen"


def drawable(kind: AskKind) -> bool:
    return "event_outcomes" in kind.answer.values() or kind.inline == "characteristics"


def picture(index: ModelIndex, answer: Answer, kind: AskKind, scenario: Scenario) -> str:
    """The DOT source of one answer's picture."""
    if "event_outcomes" in kind.answer.values() and kind.expect_field == "result":
        return event_ask_dot(index, answer, scenario)
    if "event_outcomes" in kind.answer.values():
        return event_graph_dot(index, answer)
    return characteristics_dot(answer)


def _digraph(answer: Answer, **node_attr: str):
    """An empty left-to-right picture titled with the ask."""
    import graphviz

    return graphviz.Digraph(name=f"ask_{answer.ask.index}", node_attr=node_attr,
                            graph_attr={"rankdir": "LR", "label": _title(answer), "labelloc": "t"})


def _title(answer: Answer) -> str:
    ability = f" (ability {answer.data['ability']})" if answer.data.get("ability") is not None else ""
    event = f" {answer.data['event']}" if answer.data.get("event") is not None else ""
    return f"{answer.ask.index}. {answer.data['ask']}{event} {answer.data.get('object') or ''}{ability}".rstrip()


def _state_label(node: clingo.Symbol, mana: dict[int, clingo.Symbol]) -> str:
    """A state Applied * C + N says the mana the event would add (event_mana/3: the mana
    of each of the C numbers N); `empty`: no type defined (106.5)."""
    if node.type == clingo.SymbolType.Number and mana:
        return mana_string(mana[node.number % len(mana)]) or "no mana"
    return "no mana"


def _orders(count: int) -> str:
    return f"{count:,} order{'s' if count != 1 else ''}"


def event_graph_dot(index: ModelIndex, answer: Answer) -> str:
    """An `activate` ask's graph: each state labelled with the mana it would add."""
    dot = _digraph(answer, shape="box", style="rounded")
    rules = answer.data.get("rules")
    dot.node("start", "activate" if answer.data.get("legal") else
             "not legal" + (f" ({', '.join(rules)})" if rules else ""), shape="circle")
    if not answer.data.get("legal"):
        return dot.source
    graph = EventGraph(index, answer.ask.index)
    mana = {number.number: tuple_term for number, tuple_term in index.of("event_mana", answer.ask.index)}

    def label(node: int, endings) -> str:
        state = _state_label(graph.symbol(node), mana)
        if not endings:
            return state
        outcomes = [mana or "no mana" for mana in endings]
        # triggered mana abilities may add to the state's mana: then both are said
        return f"adds {outcomes[0]}" if outcomes == [state] else f"{state}\\nadds {', '.join(outcomes)}"

    _draw_graph(dot, index, graph, label)
    return dot.source


def event_ask_dot(index: ModelIndex, answer: Answer, scenario: Scenario) -> str:
    """An `event` ask's graph: its states unlabelled; a final state says its results
    (what the event does: the answer's `result`, one line a key)."""
    dot = _digraph(answer, shape="box", style="rounded")
    dot.node("start", answer.data["event"], shape="circle")
    results = EventResults(_Builder(scenario, index, 1), answer.ask.index)
    graph = EventGraph(index, answer.ask.index, results.key, results.endings)

    def label(_node: int, endings) -> str:
        return "\\n\\n".join(_result_lines(json.loads(result)) for result in sorted(endings)) if endings else ""

    _draw_graph(dot, index, graph, label, abilities_by_object(graph))
    return dot.source


def _draw_graph(dot, index: ModelIndex, graph: EventGraph, label, several=None) -> None:
    """The states (label(node, its endings)), final ones highlighted, an edge from the
    start to each root and one for each step, with its effects and the orders through it."""
    names = {node: f"s{n}" for n, node in enumerate(sorted(_states(graph), key=graph.symbol))}
    reached = _ways_to(graph)
    for node, name in names.items():
        endings = graph.endings.get(node)
        if endings:
            dot.node(name, label(node, endings), style="rounded,filled,bold", fillcolor=FINAL_COLOR, peripheries="2")
        else:
            dot.node(name, label(node, None))
    for root, choices in sorted(_root_choices(graph).items(), key=lambda item: graph.symbol(item[0])):
        dot.edge("start", names[root], _orders(choices * graph.orders_from(root)))
    for node in sorted(graph.edges, key=graph.symbol):
        # by class, then state (as terms): not in the order of the model's atoms
        for effect_class, target, left in sorted(graph.edges[node], key=lambda step: tuple(map(graph.symbol, step[:2]))):
            members = [effect_name(index, effect, several) for effect in graph.members[effect_class]]
            effects = members[0] if len(members) == 1 else f"any of {', '.join(members)}"
            through = reached[node] * left * graph.orders_from(target)
            dot.edge(names[node], names[target], f"{effects}\\n{_orders(through)}")


def _result_lines(result: dict, path: str = "") -> str:
    """A result as lines "key value", nested keys joined ("counters bears +1/+1 4");
    nothing done: "nothing"."""
    lines = []
    for key, value in sorted(result.items()):
        name = f"{path}{key}"
        if isinstance(value, dict):
            lines.append(_result_lines(value, name + " "))
        else:
            lines.append(f"{name} {json.dumps(value) if isinstance(value, (list, bool)) else value}")
    return "\\n".join(lines) or "nothing"


def _states(graph: EventGraph) -> set[int]:
    states = set(graph.roots) | set(graph.endings)
    for node, steps in graph.edges.items():
        states.add(node)
        states.update(target for _class, target, _left in steps)
    return states


def _root_choices(graph: EventGraph) -> dict[int, int]:
    """How many choices (option, types) start the event at each root."""
    choices: dict[int, int] = defaultdict(int)
    for root in graph.roots:
        choices[root] += 1
    return choices


def _ways_to(graph: EventGraph) -> dict[int, int]:
    """The number of (choice, order) prefixes that reach each state (by key, as in graph.edges)."""
    into: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for node, steps in graph.edges.items():
        for _class, target, left in steps:
            into[target].append((node, left))
    starts = _root_choices(graph)

    @lru_cache(maxsize=None)
    def ways(node: int) -> int:
        return starts.get(node, 0) + sum(ways(source) * left for source, left in into[node])

    return {node: ways(node) for node in _states(graph)}


CHARACTERISTICS_ORDER = ("mana_cost", "mana_value", "colors", "supertypes", "types", "subtypes", "power",
                         "toughness", "loyalty", "abilities")


def characteristics_dot(answer: Answer) -> str:
    """The layers in the order they applied (the answer's `layers`: each effect's layer,
    source and ability), from the card as printed to the object as it is, with one
    node for each characteristic it ends with."""
    data = answer.data
    dot = _digraph(answer, shape="box")
    dot.node("printed", "as printed (and copied, layer 1)")
    previous = "printed"
    for number, applied in enumerate(data.get("layers") or [], 1):
        ability = f" (ability {applied['ability']})" if applied.get("ability") is not None else ""
        dot.node(f"layer{number}", f"layer {applied['layer']}\\n{applied['source']}{ability}")
        dot.edge(previous, f"layer{number}")
        previous = f"layer{number}"
    dot.node("object", data.get("name") or "(no name)", style="filled,bold", fillcolor=FINAL_COLOR)
    dot.edge(previous, "object")
    for key in CHARACTERISTICS_ORDER:
        value = data.get(key)
        if value in (None, [], ""):
            continue
        shown = "\\n".join(value) if key == "abilities" else " ".join(value) if isinstance(value, list) else str(value)
        dot.node(key, f"{key.replace('_', ' ')}\\n{shown}")
        dot.edge("object", key)
    return dot.source


def output_format(out: Path) -> str:
    """The format OUT's name asks for: dot, svg or png."""
    suffix = out.suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise MtgaspError(f"{out}: the picture's file name should end with .dot, .svg or .png")
    return suffix


def write_picture(source: str, out: Path) -> None:
    """DOT as it is for OUT.dot; rendered by Graphviz's `dot` program for .svg and .png."""
    suffix = output_format(out)
    try:
        if suffix == "dot":
            out.write_text(source, encoding="utf-8")
            return
        import graphviz

        try:
            rendered = graphviz.Source(source).pipe(format=suffix)
        except graphviz.ExecutableNotFound:
            raise MtgaspError(f"{out}: drawing .{suffix} needs Graphviz's dot program (apt-get install graphviz, "
                              f"or brew install graphviz); a .dot file needs nothing") from None
        except graphviz.CalledProcessError as error:
            raise MtgaspError(f"{out}: Graphviz's dot failed: {error.stderr.decode(errors='replace').strip()}") from None
        out.write_bytes(rendered)
    except OSError as error:
        raise MtgaspError(f"{out}: cannot write the picture ({error.strerror})") from None
