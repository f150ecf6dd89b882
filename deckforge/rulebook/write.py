"""Write rulebooks: check the choices, arrange the context, render the HTML and typeset it (WeasyPrint)."""
from __future__ import annotations

from pathlib import Path

from ..errors import BuildError
from ..i18n import deck_words
from ..load import load_deck
from ..model import Deck
from ..output import atomic_write, default_output
from . import FORMATS
from .context import build_context
from .render import PAPERS, render_html
from .typeset import check_pdf_x, write_booklet, write_pdf


def _resolve(deck: Deck | str | Path, lang: str, players: int | None) -> tuple[Deck, int]:
    """Load the deck if given by id or path; check the language and the player count."""
    model = deck if isinstance(deck, Deck) else load_deck(deck)
    model.language(lang)
    return model, model.player_count(players)


def _check_choice(value: str, allowed, what: str) -> None:
    if value not in allowed:
        raise BuildError(f"unknown {what} '{value}' (one of: {', '.join(allowed)})")


def _check_booklet(fmt: str, paper: str, pdf_x: str | None) -> None:
    """Refuse what a booklet cannot be: HTML, a PDF/X file (a print shop imposes its own), a page other than A5."""
    if fmt != "pdf":
        raise BuildError(f"--booklet makes a PDF to print and fold; it goes with --format pdf, not {fmt}")
    if pdf_x:
        raise BuildError("--booklet and --pdf-x do not go together: a print shop imposes the pages itself; "
                         "send it the plain rulebook with --pdf-x")
    if paper not in ("a4", "a5"):  # a4 is the option's default: the booklet's pages are A5 on A4 sheets
        raise BuildError(f"--booklet prints A5 pages on A4 sheets; leave out --paper {paper}")


def rulebook_html(deck: Deck | str | Path, lang: str, players: int | None = None, paper: str = "a4") -> str:
    """Return the rulebook of a deck as one HTML document."""
    _check_choice(paper, PAPERS, "paper size")
    model, n = _resolve(deck, lang, players)
    with deck_words(model.folder):
        return render_html(model, build_context(model, lang, n), paper)


def write_rulebook(deck: Deck | str | Path, lang: str, players: int | None = None, fmt: str = "pdf",
                   paper: str = "a4", out: Path | str | None = None, pdf_x: str | None = None,
                   booklet: bool = False) -> Path:
    """Write the rulebook of a deck (PDF or HTML) and return its path.

    The default path is output/<deck>/<deck>-rules-<lang>.<fmt>; the file appears only when complete. `pdf_x`
    "x4" writes PDF/X-4 for a print shop (docs/print-shop.md). `booklet` sets the rulebook on A5 and imposes it
    two pages a side on A4 landscape for folding (booklet.py); the default name ends in -booklet.pdf.
    """
    _check_choice(fmt, FORMATS, "format")
    check_pdf_x(pdf_x, fmt)
    if booklet:
        _check_booklet(fmt, paper, pdf_x)
        paper = "a5"
    model, n = _resolve(deck, lang, players)
    with deck_words(model.folder):
        html = rulebook_html(model, lang, n, paper)
    variant = f"-pdf{pdf_x}" if pdf_x else "-booklet" if booklet else ""
    target = Path(out) if out else default_output(model.id, f"{model.id}-rules-{lang}{variant}.{fmt}")
    if booklet:
        return write_booklet(html, target, (model.folder,) if model.folder else ())
    folders = (model.folder,) if model.folder else ()
    if fmt == "pdf":
        return write_pdf(html, target, pdf_x, folders)
    from .fetch import standalone  # imports WeasyPrint's fetcher, which a PDF read from the cache does without

    return atomic_write(target, standalone(html, folders).encode("utf-8"))
