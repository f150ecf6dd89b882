"""A deck's own fonts: `fonts: {title: fonts/X.ttf, body: fonts/Y.ttf}`, checked with fontTools when the deck loads.

A font must be a real TrueType font (glyph outlines ReportLab can embed and subset), its licence flags must allow
embedding in documents (OS/2 fsType: not "restricted licence", not "bitmap only"), and it must have a glyph for
every character the deck's texts use in every language: names in the title font, texts in the body font.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

ROLES = ("title", "body")
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
        outlines = "glyf" in font
    except (TTLibError, OSError, KeyError, AssertionError, ValueError, struct_error()) as exc:
        return f"is not a font fontTools can read ({exc or type(exc).__name__})", frozenset()
    if fs_type & RESTRICTED:
        return "may not be embedded: its licence flags (OS/2 fsType) mark it 'restricted licence'", frozenset()
    if fs_type & BITMAP_ONLY:
        return "may only be embedded as bitmaps (OS/2 fsType), which cannot print sharply", frozenset()
    if not outlines:
        return ("has PostScript (CFF) outlines, which deckforge cannot embed yet; use a TrueType version of the "
                "font (.ttf)"), frozenset()
    return None, frozenset(cmap)


def struct_error() -> type:
    import struct

    return struct.error


def font_problem(path: Path) -> str | None:
    """Return why the file cannot serve as a deck font, or None."""
    return _read(path, path.stat().st_mtime)[0]


def covered(path: Path) -> frozenset[int]:
    """Return the code points the font has glyphs for."""
    return _read(path, path.stat().st_mtime)[1]


def missing_character(text: str, path: Path) -> str | None:
    """Return the first character of `text` the font has no glyph for (white space aside), or None."""
    chars = covered(path)
    return next((ch for ch in text if not ch.isspace() and ord(ch) not in chars), None)
