"""Make sure every character of a card text can really be printed, before it is measured or drawn.

ReportLab draws a missing glyph as an empty box and does no shaping, so deckforge decides here: text is put in NFC
form (a letter typed with a combining accent becomes the precomposed letter the font has), invisible formatting
characters are dropped, and anything that would print wrongly — a character the font lacks (emoji, most scripts),
right-to-left text, a combining mark with no precomposed form, a control character — fails the build with the
character named.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics

from ..errors import BuildError
from ..said import S_, Said

# Invisible characters a user may paste from a word processor; they print as nothing, which is what they mean.
INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f")


class GlyphError(BuildError):
    """A character of a card text that the card font cannot print correctly; `what` says what is wrong with it,
    without the place, in any language (the face planner says the place: faces.py)."""

    def __init__(self, message: str, what: Said | None = None):
        super().__init__(message)
        self.what = what


@lru_cache(maxsize=None)
def _covered(font_name: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(font_name).face.charToGlyph)


def describe(char: str) -> str:
    """Return e.g. "'😀' (U+1F600 GRINNING FACE)"."""
    name = unicodedata.name(char, "unnamed character")
    shown = repr(char) if unicodedata.category(char).startswith(("C", "M", "Z")) else f"'{char}'"
    return f"{shown} (U+{ord(char):04X} {name})"


# Invisible characters go, a tab becomes a space: one `str.translate` pass.
_CLEAN = {**{ord(ch): None for ch in INVISIBLE}, ord("\t"): " "}


@lru_cache(maxsize=None)
def _printable(font_name: str) -> set[str]:
    """Return the characters already found printable in the font; it grows as texts are checked.

    Keyed on the font's registered name, like `_covered`: a deck's own font is registered under a name unique to
    its file (fonts.py), so the set never mixes two fonts."""
    return set()


def printable_text(text: str, font_name: str, label: str) -> str:
    """Return the text ready to draw in the font, or raise GlyphError naming the first character it cannot print."""
    if text.isascii():  # NFC leaves it as it is, and of what _CLEAN removes it can hold only a tab
        text = text.replace("\t", " ") if "\t" in text else text
    else:
        text = unicodedata.normalize("NFC", text).translate(_CLEAN)
    printable = _printable(font_name)
    unchecked = set(text) - printable
    if not unchecked:  # every character was checked before: the usual case after a deck's first few cards
        return text
    covered = _covered(font_name)
    for ch in dict.fromkeys(text):  # each character once, in the order it first appears
        if ch not in unchecked:
            continue
        problem = _problem(ch, covered, font_name)
        if problem:
            what = S_("the character %(char)s %(problem)s; remove it or replace it with a character the font has",
                      char=describe(ch), problem=problem)
            raise GlyphError(f"{label}: {what}", what)
        printable.add(ch)
    return text


def _problem(ch: str, covered: frozenset[int], font_name: str) -> Said | None:
    if ch == "\n":
        return None
    category = unicodedata.category(ch)
    if category.startswith("C"):
        return S_("is a control or unassigned character and prints nothing")
    if unicodedata.bidirectional(ch) in ("R", "AL"):
        return S_("is right-to-left text, which card faces cannot lay out")
    if category.startswith("M"):
        return S_("is a combining mark with no precomposed letter, which the card font cannot place")
    if ord(ch) not in covered:
        return S_("is not in the card font (%(font)s)", font=font_name)
    return None


def first_missing(text: str, font_name: str) -> str | None:
    """Return the first character of the text that the font has no glyph for (after NFC), or None.

    For typesetters that shape text themselves (the rulebook's WeasyPrint): there only a missing glyph is a problem,
    since it would be drawn from another font or as an empty box.
    """
    covered = _covered(font_name)
    for ch in unicodedata.normalize("NFC", text):
        if ch != "\n" and ch not in INVISIBLE and ord(ch) not in covered:
            return ch
    return None
