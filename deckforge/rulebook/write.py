"""Write rulebooks: check the choices, arrange the context, render the HTML and typeset it (WeasyPrint)."""
from __future__ import annotations

from pathlib import Path

from ..errors import BuildError
from ..load import load_deck
from ..model import Deck
from ..output import atomic_write, default_output
from . import FORMATS
from .context import build_context
from .render import PAPERS, render_html
from .typeset import typeset


def _resolve(deck: Deck | str | Path, lang: str, players: int | None) -> tuple[Deck, int]:
    """Load the deck if given by id or path; check the language and the player count."""
    model = deck if isinstance(deck, Deck) else load_deck(deck)
    model.language(lang)
    return model, model.player_count(players)


def _check_choice(value: str, allowed, what: str) -> None:
    if value not in allowed:
        raise BuildError(f"unknown {what} '{value}' (one of: {', '.join(allowed)})")


def rulebook_html(deck: Deck | str | Path, lang: str, players: int | None = None, paper: str = "a4") -> str:
    """Return the rulebook of a deck as one HTML document."""
    _check_choice(paper, PAPERS, "paper size")
    model, n = _resolve(deck, lang, players)
    return render_html(model, build_context(model, lang, n), paper)


def write_rulebook(deck: Deck | str | Path, lang: str, players: int | None = None, fmt: str = "pdf",
                   paper: str = "a4", out: Path | str | None = None) -> Path:
    """Write the rulebook of a deck (PDF or HTML) and return its path.

    The default path is output/<deck>/<deck>-rules-<lang>.<fmt>; the file appears only when complete.
    """
    _check_choice(fmt, FORMATS, "format")
    model, n = _resolve(deck, lang, players)
    html = rulebook_html(model, lang, n, paper)
    target = Path(out) if out else default_output(model.id, f"{model.id}-rules-{lang}.{fmt}")
    data = typeset(html) if fmt == "pdf" else html.encode("utf-8")
    return atomic_write(target, data)
