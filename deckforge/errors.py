"""The one family of exceptions deckforge raises for anything a user can fix."""
from __future__ import annotations

import re
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
        message = _shortened(self.message)
        return f"{place}: {self.key_path}: {message}" if self.key_path else f"{place}: {message}"


QUOTED_MAX = 80  # characters of a quoted value an error message repeats; a longer one is cut in the middle


def _shortened(message: str) -> str:
    """Cut each over-long quoted value in a message (a hostile 100,000-character id stays a one-line error)."""
    if len(message) <= 2 * QUOTED_MAX:
        return message

    def cut(match: re.Match) -> str:
        quote, value = match.group(1), match.group(2)
        if len(value) <= QUOTED_MAX:
            return match.group(0)
        half = QUOTED_MAX // 2
        return f"{quote}{value[:half]}…{value[-half:]}{quote} ({len(value):,} characters)"

    return re.sub(r"(['\"])(.*?)\1", cut, message, flags=re.S)


class DeckError(DeckforgeError):
    """A deck file that cannot be loaded; carries every problem found in it."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class PlayerCountError(DeckforgeError):
    """A player count outside the deck's supported range."""


class BuildError(DeckforgeError):
    """A layout or rulebook build that cannot be completed as asked."""


class FaceErrors(BuildError):
    """Every element of one face that could not be laid out, one message each (validate lists them apart); a card's
    are `Problem`s at the card's own line, so the preview can show the file and line in their columns."""

    def __init__(self, problems: list[str] | list[Problem]):
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = problems


class TemplateSpent(FaceErrors):
    """A face whose card template ran out of its time or memory (sandbox.TemplateProblem.spent): it took seconds
    to fail and would take them again on every face, so the face planner fails every later face with it at once
    (`FacePlanner.spent`), and the planning of type sizes stops at it."""


def display_path(path: Path | str) -> str:
    """Return the path relative to the working directory when it lies below it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, RuntimeError, OSError):  # not below it, or a loop of links that cannot be resolved
        return str(p)


def windows_1250_reading(raw: bytes, at: int, stops: bytes) -> str:
    """Return the run of bytes around `at` on its line, between any two of `stops`, as Windows-1250 reads it (what
    Windows editors and Czech Excel save Czech text in), or "" where it cannot."""
    start = raw.rfind(b"\n", 0, at) + 1
    end = raw.find(b"\n", at)
    line = raw[start:len(raw) if end < 0 else end]
    offset = at - start
    first = max((line.rfind(stop, 0, offset) for stop in stops), default=-1) + 1
    last = min([i for i in (line.find(stop, offset) for stop in stops) if i >= 0] or [len(line)])
    try:
        return line[first:last].decode("cp1250")
    except UnicodeDecodeError:
        return ""


def counted(number: int, noun: str) -> str:
    """Return `number` with the English `noun`, plural unless the number is one: "1 card", "2 cards"."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
