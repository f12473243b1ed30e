"""Errors meant for the user: the command line prints the message and exits 2."""

from __future__ import annotations

from pathlib import Path


class MtgaspError(Exception):
    """A problem with the user's input, described by one clear message."""


class UnknownCardError(MtgaspError):
    """A card name that no card database knows."""


class ScenarioError(MtgaspError):
    """A malformed scenario file; the message starts with FILE:LINE: where the line is known."""

    def __init__(self, file: str | Path, line: int | None, message: str):
        self.file = str(file)
        self.line = line
        self.message = message
        where = f"{self.file}:{line}" if line is not None else self.file
        super().__init__(f"{where}: {message}")
