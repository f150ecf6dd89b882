"""Rulebook: turn a `Deck` into a typeset, localized rulebook (context → sandboxed HTML → WeasyPrint PDF).

`build_context` arranges the deck's cards for one language and player count, `render_html` fills the templates
in `templates/rulebooks/` and checks that every card is mentioned, and `write_rulebook` writes the file.
A game's score pad (`write_scorepad`) is made the same way. Names load lazily (deckforge/lazy.py): importing the
package costs nothing until a rulebook is made.
"""
from ..lazy import lazy_attributes

from pathlib import Path

from ..load.paths import TEMPLATES_DIR

FORMATS = ("pdf", "html")
PAPER_NAMES = ("a4", "letter", "a5")  # the sizes render.PAPERS lays out
__all__ = ["FORMATS", "PAPERS", "build_context", "render_html", "rulebook_html", "write_rulebook", "write_scorepad"]
__getattr__ = lazy_attributes(__name__, {"PAPERS": ".render", "render_html": ".render", "build_context": ".context",
                                         "rulebook_html": ".write", "write_rulebook": ".write",
                                         "write_scorepad": ".scorepad"})


def prose_files(deck, lang: str) -> tuple[Path | None, Path]:
    """Return where a game's rulebook prose in `lang` comes from, in the order the rulebook's loader tries them
    (render.prose_template_names): the deck's own `rulebook/<lang>.html` (None for a deck without a folder), then
    deckforge's `templates/rulebooks/<game>/<lang>.html`. A light function: `validate` asks it too."""
    own = deck.folder / "rulebook" / f"{lang}.html" if deck.folder else None
    return own, TEMPLATES_DIR / "rulebooks" / deck.game / f"{lang}.html"


def upright_emphasis(deck) -> str | None:
    """Say that the rulebook's emphasis (italic) prints upright in the deck's body font, which has no italic face
    of its own (render.font_faces), and how to give it one; None when it has one, or uses Open Sans."""
    if "body" not in deck.fonts or "italic" in deck.fonts:
        return None
    from ..errors import display_path

    where = display_path(deck.path) if deck.path else deck.id
    return (f"{where}: fonts: no italic font, so the rulebook's emphasis prints upright in {deck.fonts['body'].name}, "
            "the body font; add `italic: fonts/<file>` under `fonts`: the italic face of that family")
