"""Vector art: turn a symbol name into ReportLab paths drawn inside a box on a card.

Every symbol is a function `fn(canvas, x, y, w, h, *, colour, ink_saver)` that draws inside the box (points,
origin at the box's bottom-left corner) and leaves the canvas state as it found it. Card templates name symbols;
`SYMBOLS` maps each name to its function. Importing this package registers every game's art (each game
folder's art module, deckforge/games/<game>/art.py).
"""
from __future__ import annotations

from typing import Callable, Protocol


class Symbol(Protocol):
    """Draw one symbol inside a box, in a colour, solid or as light outlines for ink-saver prints."""

    def __call__(self, canvas, x: float, y: float, w: float, h: float, *, colour: str, ink_saver: bool) -> None:
        ...


SYMBOLS: dict[str, Symbol] = {}


def register(name: str) -> Callable[[Symbol], Symbol]:
    """Register the decorated function as the symbol called `name` in card templates."""
    def add(fn: Symbol) -> Symbol:
        assert name not in SYMBOLS, f"symbol {name!r} registered twice"
        SYMBOLS[name] = fn
        return fn
    return add


def _register_every_game() -> None:
    """Import each game's art module (named in its GameSpec); each registers its symbols."""
    from ...games import specs

    for spec in specs().values():
        spec.load_art()


_register_every_game()


from . import courts  # noqa: E402,F401  the standard playing cards' court figures
