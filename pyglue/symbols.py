"""Reading the shown atoms of a model fast.

clingo's Python API (5.8) allocates a new C buffer for every name, argument
list and number it reads, and a Python object for every argument; an event
graph has hundreds of thousands of edges, each an atom of five arguments.
These read the same C functions into buffers made once, and give arguments
as keys: a symbol's interned value, equal exactly when the symbols are
(clingo interns every term), turned into a symbol only where one is needed;
a model's shown atoms are copied out as keys in one call (`shown_keys`).
pyproject pins clingo to 5.8, whose `_internal` module this uses.
"""

from __future__ import annotations

from array import array
from typing import Any, Callable, Iterable

import clingo
from clingo._internal import _ffi, _lib

_ARGUMENTS = _ffi.new("clingo_symbol_t**")
_SIZE = _ffi.new("size_t*")
_NAME = _ffi.new("char**")
_NUMBER = _ffi.new("int*")
_NUMBER_TYPE = _lib.clingo_symbol_type_number
_SYMBOL_BYTES = _ffi.sizeof("clingo_symbol_t")  # a key, as array("Q") holds it


def key(symbol: clingo.Symbol) -> int:
    """The symbol's interned value: equal keys, equal symbols."""
    return symbol._rep


def symbol(key: int) -> clingo.Symbol:
    return clingo.Symbol(key)


def name(atom: clingo.Symbol) -> str | None:
    """A function symbol's name; None for any other symbol."""
    if not _lib.clingo_symbol_name(atom._rep, _NAME):
        return None
    return _ffi.string(_NAME[0]).decode()


def name_and_arguments(atom: clingo.Symbol) -> tuple[str, tuple[int, ...]]:
    """A function symbol's name and the keys of its arguments."""
    if not (_lib.clingo_symbol_name(atom._rep, _NAME) and _lib.clingo_symbol_arguments(atom._rep, _ARGUMENTS, _SIZE)):
        raise ValueError(f"not a function symbol: {atom}")
    return _ffi.string(_NAME[0]).decode(), tuple(_ffi.unpack(_ARGUMENTS[0], _SIZE[0])) if _SIZE[0] else ()


def shown_keys(model: clingo.Model) -> array:
    """The keys of a model's shown atoms, copied out in one call (no Python object per atom,
    8 bytes a key)."""
    shown = _lib.clingo_show_type_shown
    if not _lib.clingo_model_symbols_size(model._rep, shown, _SIZE):
        raise RuntimeError(_error())
    size = _SIZE[0]
    buffer = _ffi.new("clingo_symbol_t[]", size)
    if not _lib.clingo_model_symbols(model._rep, shown, buffer, size):
        raise RuntimeError(_error())
    keys = array("Q")
    keys.frombytes(_ffi.buffer(buffer))
    return keys


def _error() -> str:
    message = _lib.clingo_error_message()
    return _ffi.string(message).decode() if message else "clingo could not copy the model"


# the keys a raw name's array holds before they are given on (a few MB: never a whole graph's)
RAW_CHUNK = 1 << 18


def by_name(atoms: Iterable[int], raw: dict[str, tuple[int, Callable[[array], Any]]] | None = None
            ) -> dict[str, list[list[int]]]:
    """The keys of the arguments of each atom (given by its key), grouped by the atom's
    name (in the atoms' order within a name). The atoms of a name in `raw` with its
    arity are not kept: their arguments' keys are copied as bytes into an array (no
    Python object per atom, for a graph's hundreds of thousands of steps), which is
    given to the name's function whenever it holds RAW_CHUNK keys or more, then
    emptied, and once at the end: memory for a chunk, not for every step. clingo
    interns names: a name is decoded once per the address of its characters, alive
    as long as the atoms are."""
    name_of, arguments_of, unpack, buffer = _lib.clingo_symbol_name, _lib.clingo_symbol_arguments, _ffi.unpack, _ffi.buffer
    raw = raw or {}
    chunks = {name: array("Q") for name in raw}
    # by name: the arity copied raw (-1: none), the array such atoms' keys go to and who takes
    # it, where the others go
    sink_at: dict[Any, tuple[int, array | None, Callable[[array], Any] | None, Callable[[list[int]], Any]]] = {}
    groups: dict[str, list[list[int]]] = {}
    for atom in atoms:
        if not (name_of(atom, _NAME) and arguments_of(atom, _ARGUMENTS, _SIZE)):
            raise ValueError(f"not a function symbol: {symbol(atom)}")
        sink = sink_at.get(_NAME[0])
        if sink is None:
            characters = _NAME[0]
            name = _ffi.string(characters).decode()
            arity, take = raw.get(name, (-1, None))
            sink = sink_at[characters] = (arity, chunks.get(name), take, groups.setdefault(name, []).append)
        size = _SIZE[0]
        if size == sink[0]:
            chunk = sink[1]
            chunk.frombytes(buffer(_ARGUMENTS[0], size * _SYMBOL_BYTES))
            if len(chunk) >= RAW_CHUNK:
                sink[2](chunk)
                del chunk[:]
        else:
            sink[3](unpack(_ARGUMENTS[0], size) if size else [])
    for name, chunk in chunks.items():
        if chunk:
            raw[name][1](chunk)
    return groups


def number(key: int) -> int | None:
    """The value of a number symbol given by its key; None for any other symbol."""
    if key in _numbers:
        return _numbers[key]
    value = None
    if _lib.clingo_symbol_type(key) == _NUMBER_TYPE:
        _lib.clingo_symbol_number(key, _NUMBER)
        value = _NUMBER[0]
    if len(_numbers) < _MAX_NUMBERS:  # ask numbers and counts of effects: a few keys, read over and over
        _numbers[key] = value
    return value


_numbers: dict[int, int | None] = {}
_MAX_NUMBERS = 1 << 16
