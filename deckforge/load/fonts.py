"""A deck's own fonts: `fonts: {title: fonts/X.ttf, body: fonts/Y.ttf}`, checked with fontTools when the deck loads.

`italic` and `bold-italic` give the faces of the templates' `italic` and `bold-italic` styles (and of the rulebook's
emphasis); without them those styles print upright in the body and title fonts (layout/fonts.py).

A font must be a real TrueType or OpenType font (TrueType outlines, or CFF outlines, which the layout converts to
TrueType for ReportLab), its licence flags must allow embedding in documents (OS/2 fsType: not "restricted
licence", not "bitmap only"), and it must have a glyph for every character the deck's texts use in every language:
names in the title font, texts in the body font.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..limits import MAX_FONT_BYTES, file_problem

ROLES = ("title", "body", "italic", "bold-italic")
SUFFIXES = (".ttf", ".otf")
RESTRICTED, BITMAP_ONLY = 0x0002, 0x0200  # OS/2 fsType bits (OpenType spec)


@lru_cache(maxsize=32)
def _read(path: Path, mtime: float) -> tuple[str | None, frozenset[int]]:
    """Return (a problem, or None) and the code points the font maps, cached by file and modification time."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(str(path), lazy=True)
        cmap = font.getBestCmap() or {}
        fs_type = font["OS/2"].fsType if "OS/2" in font else 0
        outlines = "glyf" in font or "CFF " in font  # CFF outlines are made TrueType for ReportLab (layout/truetype.py)
    except (TTLibError, OSError, KeyError, AssertionError, ValueError, struct_error()) as exc:
        return f"is not a font fontTools can read ({exc or type(exc).__name__})", frozenset()
    if fs_type & RESTRICTED:
        return "may not be embedded: its licence flags (OS/2 fsType) mark it 'restricted licence'", frozenset()
    if fs_type & BITMAP_ONLY:
        return "may only be embedded as bitmaps (OS/2 fsType), which cannot print sharply", frozenset()
    if not outlines:
        return ("has no outlines deckforge can embed (TrueType or CFF; a variable CFF2 font is not supported); "
                "use a static .ttf or .otf version of the font"), frozenset()
    return None, frozenset(cmap)


def struct_error() -> type:
    import struct

    return struct.error


def font_problem(path: Path) -> str | None:
    """Return why the file cannot serve as a deck font, or None."""
    if (problem := file_problem(path, MAX_FONT_BYTES, "a font")) is not None:
        return f"cannot be used: {problem}"
    return _read(path, path.stat().st_mtime)[0]


def covered(path: Path) -> frozenset[int]:
    """Return the code points the font has glyphs for."""
    return _read(path, path.stat().st_mtime)[1]


def missing_characters(text: str, path: Path) -> list[str]:
    """Return every character of `text` the font has no glyph for (white space aside), each once, in text order."""
    chars = covered(path)
    return list(dict.fromkeys(ch for ch in text if not ch.isspace() and ord(ch) not in chars))
