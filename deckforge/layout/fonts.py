"""Fonts: register each Open Sans face (from the `ttf_opensans` package) the first time a style asks for it, embedded
and subset by ReportLab, and a deck's own fonts (`fonts: {title: …, body: …}`, checked by the loader) when a deck
brings them.

Open Sans covers Czech fully (ě š č ř ž ý á í é ú ů ď ť ň); ReportLab's own Vera does not. Every style a
template may ask for maps to one registered TrueType face, so no unembedded standard font is ever referenced.
"""
from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

STYLES: dict[str, str] = {
    "regular": "OpenSans",
    "bold": "OpenSans-Bold",
    "italic": "OpenSans-Italic",
    "bold-italic": "OpenSans-BoldItalic",
}
_FILES = {
    "OpenSans": "OpenSans-Regular.ttf",
    "OpenSans-Bold": "OpenSans-Bold.ttf",
    "OpenSans-Italic": "OpenSans-Italic.ttf",
    "OpenSans-BoldItalic": "OpenSans-BoldItalic.ttf",
}


@lru_cache(maxsize=None)
def _register_face(name: str) -> str:
    """Register one Open Sans face, the first time a style asks for it (reading a face costs about 5 ms, and most
    builds use two of the four); return its name."""
    import ttf_opensans

    pdfmetrics.registerFont(TTFont(name, str(ttf_opensans.TTF_BIN_FOLDER / _FILES[name])))
    return name


def font_for(style: str) -> str:
    """Return the registered face name for a template style (regular, bold, italic, bold-italic)."""
    return _register_face(STYLES[style])


@lru_cache(maxsize=None)
def vertical_metrics(font_name: str) -> tuple[float, float]:
    """Return the face's ascent and descent (descent negative) per point of font size."""
    face = pdfmetrics.getFont(font_name).face
    return face.ascent / 1000, face.descent / 1000


# Which of a deck's own fonts serves each template style: its own face where the deck gives one, else the face of
# the same weight (bold styles are titles, the others body text), upright: a text is never set in a face of another
# family than the deck's own.
ROLE_OF_STYLE = {"regular": "body", "italic": "italic", "bold": "title", "bold-italic": "bold-italic"}
UPRIGHT_ROLE = {"italic": "body", "bold-italic": "title"}


@lru_cache(maxsize=None)
def _register_deck_font(path: str, mtime: float) -> str:
    """Register a deck's font under a name unique to the file; return that name. A font with CFF outlines (.otf)
    is registered with TrueType outlines made from them (truetype.py), as ReportLab embeds only those."""
    from pathlib import Path

    from .truetype import truetype_source

    name = f"{Path(path).stem}-{abs(hash((path, mtime))) % 10**8}"
    pdfmetrics.registerFont(TTFont(name, truetype_source(Path(path))))
    return name


def deck_font(deck, style: str) -> str:
    """Return the face for a template style in this deck: the deck's own font for the style where it gives one (an
    italic style without its own face: the upright font of its weight), else the Open Sans style."""
    path = _deck_font_path(deck, style)
    if path is None:
        return font_for(style)
    return _register_deck_font(str(path), path.stat().st_mtime)


def _deck_font_path(deck, style: str):
    if deck is None:
        return None
    role = ROLE_OF_STYLE.get(style, "body")
    return deck.fonts.get(role) or deck.fonts.get(UPRIGHT_ROLE.get(role, role))


def upright_instead(deck, style: str) -> tuple[str, str] | None:
    """Return (the missing role, the upright role) when an italic style prints in the deck's upright font because
    the deck gives no face of its own for it; None when the style has its face (or Open Sans's)."""
    role = ROLE_OF_STYLE.get(style, "body")
    upright = UPRIGHT_ROLE.get(role)
    if deck is None or upright is None or role in deck.fonts or upright not in deck.fonts:
        return None
    return role, upright
