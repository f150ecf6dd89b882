"""The one family of exceptions deckforge raises for anything a user can fix."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class DeckforgeError(Exception):
    """A user-facing problem: the message alone tells what to fix; no traceback is shown."""


@dataclass(frozen=True)
class Problem:
    """One finding in an input file: where it is and what is wrong."""

    file: str
    line: int | None
    column: int | None
    key_path: str
    message: str

    def __str__(self) -> str:
        place = self.file
        if self.line is not None:
            place += f":{self.line}"
            if self.column is not None:
                place += f":{self.column}"
        return f"{place}: {self.key_path}: {self.message}" if self.key_path else f"{place}: {self.message}"


class DeckError(DeckforgeError):
    """A deck file that cannot be loaded; carries every problem found in it."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class PlayerCountError(DeckforgeError):
    """A player count outside the deck's supported range."""


class BuildError(DeckforgeError):
    """A layout or rulebook build that cannot be completed as asked."""


def display_path(path: Path | str) -> str:
    """Return the path relative to the working directory when it lies below it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)
