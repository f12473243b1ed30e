"""mtgasp: the rules of Magic: The Gathering as answer-set programs (Python glue).

    import pyglue
    answers = pyglue.ask("examples/reflection_then_contamination.toml")

The public names are imported on first use (a module-level __getattr__), so
that `import pyglue`, and with it the `mtgasp` command's start, stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["ask", "check", "parse", "CardDatabase", "Answer", "CheckResult", "ParsedText", "MtgaspError"]

_HOME = {"ask": "api", "check": "api", "parse": "api", "CheckResult": "api", "ParsedText": "api",
         "CardDatabase": "cards", "Answer": "answers", "MtgaspError": "errors"}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'pyglue' has no attribute {name!r}")
    value = getattr(import_module(f".{_HOME[name]}", __name__), name)
    globals()[name] = value  # found once, then an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
