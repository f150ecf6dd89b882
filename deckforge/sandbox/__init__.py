"""The template sandbox: Jinja2's `SandboxedEnvironment` with budgets, for card-face and rulebook templates alike.

Jinja's sandbox keeps a template away from Python's internals, but not from the machine's time and memory:
`{% for %}` over `range` three deep, `10 ** 10 ** 9`, `'x' * 10 ** 9` or a macro that calls itself would hang a
build or fill the memory. Here every evaluation runs under a budget (`render`, `evaluate`): a limit of time
(the thread's CPU time, so that a busy machine does not fail a good template) and of memory, checked in pure
Python as the template steps through loop iterations, calls, attributes, operators, filters and outputs (no
threads needed); every single operation that could make a huge value — `*`, `**`, `+`, `~`, `%`,
`range`, text formatting, filters and text methods with a size — is measured before it runs; calls nested too
deep and Python's own recursion limit end in a message. Every failure becomes `TemplateProblem`, whose message
starts with the template's file and line (docs/security.md, "Templates").

limits.py measures and keeps the budget; environment.py hooks the checks into Jinja; here templates are
rendered and their errors placed.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from jinja2 import TemplateError, TemplateSyntaxError

from ..errors import DeckforgeError, display_path
from .environment import LimitedSandbox
from .limits import TemplateLimit, budget

__all__ = ["CARD_SECONDS", "RULEBOOK_SECONDS", "LimitedSandbox", "TemplateLimit", "TemplateProblem", "budget",
           "evaluate", "problem", "render"]

CARD_SECONDS = 2.0          # one expression of a card template: a millisecond or less normally
RULEBOOK_SECONDS = 30.0     # one rulebook: some 3 s for a bundled deck with its pictures, on a slow machine


class TemplateProblem(DeckforgeError):
    """A template that cannot be evaluated; the message is `file:line: reason`, the template's own line. `spent`:
    it ran out of its time or memory (TemplateLimit.spent, or Python's MemoryError)."""

    def __init__(self, file: str, line: int | None, reason: str, spent: bool = False):
        self.file, self.line, self.reason, self.spent = file, line, reason, spent
        super().__init__(f"{file}:{line}: {reason}" if line else f"{file}: {reason}")


def render(template, context: dict, seconds: float) -> str:
    """Render `template` within `seconds`; raise TemplateProblem (`file:line: reason`) for any failure."""
    try:
        with budget(seconds):
            return "".join(template.generate(context))
    except Exception as exc:  # noqa: BLE001  (whatever a template does wrong is the template's problem)
        raise problem(exc, template.filename) from None


def evaluate(expression: Callable[..., Any], context: dict, seconds: float) -> Any:
    """Evaluate a compiled expression (`compile_expression`) within `seconds`; raise TemplateProblem."""
    try:
        with budget(seconds):
            return expression(**context)
    except Exception as exc:  # noqa: BLE001
        raise problem(exc) from None


def problem(exc: BaseException, name: str | None = None) -> TemplateProblem:
    """Return a TemplateProblem naming the file and line of the template code that raised `exc`."""
    file, line = _place(exc)
    file = file or name or "<template>"
    spent = isinstance(exc, MemoryError) or getattr(exc, "spent", False) is True
    return TemplateProblem(file if file.startswith("<") else display_path(file), line, _message(exc), spent)


def _place(exc: BaseException) -> tuple[str | None, int | None]:
    if isinstance(exc, TemplateSyntaxError):
        return exc.filename or exc.name, exc.lineno
    frames: list[tuple[str | None, int | None]] = []
    tb = exc.__traceback__
    while tb is not None:  # jinja rewrote the frames of template code to show the template's file and line
        filename = tb.tb_frame.f_code.co_filename
        if not filename.endswith(".py") and not filename.startswith("<frozen"):
            frames.append((None if filename == "<template>" else filename, tb.tb_lineno))
        tb = tb.tb_next
    if isinstance(exc, RecursionError):  # a loop through our own base template: name the maker's file in it
        own = [frame for frame in frames if frame[0] and not _bundled(frame[0])]
        frames = own or frames
    return frames[-1] if frames else (None, None)


def _bundled(filename: str) -> bool:
    """Whether a template file is one of deckforge's own (the maker's files are named in errors first)."""
    from ..load.paths import TEMPLATES_DIR

    try:
        return Path(filename).resolve().is_relative_to(Path(TEMPLATES_DIR).resolve())
    except (OSError, RuntimeError, ValueError):
        return False


def _message(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "templates include, extend or call each other without end"
    if isinstance(exc, MemoryError):
        return "the template ran out of memory"
    if isinstance(exc, (TemplateError, DeckforgeError)):
        text = (exc.message if isinstance(exc, TemplateError) else None) or str(exc)
    else:
        text = f"{type(exc).__name__}: {exc}" if not isinstance(exc, (ArithmeticError, LookupError)) else str(exc)
    return " ".join(text.split()) or type(exc).__name__
