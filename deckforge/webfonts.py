"""Fonts for a page that travels alone: a face subset to the characters deckforge's pages print, as a WOFF2 `data:`
URL, kept in deckforge's cache folder. The report page and the standalone HTML rulebook use it; it imports nothing
heavy, so a command that makes neither pays nothing for it."""
from __future__ import annotations

import base64
import io
from functools import lru_cache
from pathlib import Path

# Latin, Latin-1, Latin Extended-A (every Czech letter), general punctuation, and the maths signs the page prints.
WEB_FONT_UNICODES = [*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2010, 0x203B), 0x2212, 0x2264, 0x2265]


@lru_cache(maxsize=None)
def web_font(path: Path) -> str:
    """Return the face's WOFF2 subset as a data URL. The subset is the same for every page, and making it (Brotli
    at its densest) takes most of a second for four faces, so it is kept in deckforge's cache folder, keyed on
    the font file, the characters and fontTools' version; a cache that cannot be read or written costs only that."""
    import hashlib

    import fontTools

    from .load.listing import cache_dir, keep_file

    stat = path.stat()
    key = hashlib.sha256(repr((str(path), stat.st_size, stat.st_mtime_ns, fontTools.version,
                               WEB_FONT_UNICODES)).encode()).hexdigest()[:32]
    folder = cache_dir()
    kept = folder / "web-fonts" / f"{key}.woff2" if folder else None
    try:
        data = kept.read_bytes() if kept else b""
    except OSError:
        data = b""
    if data[:4] != b"wOF2":  # none kept, or not a WOFF2 file
        data = subset_web_font(path)
        if kept:
            keep_file(kept, data)
    return "data:font/woff2;base64," + base64.b64encode(data).decode("ascii")


def subset_web_font(path: Path) -> bytes:
    """Return the face subset to WEB_FONT_UNICODES, as WOFF2."""
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff2"
    font = subset.load_font(str(path), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=WEB_FONT_UNICODES)
    subsetter.subset(font)
    buffer = io.BytesIO()
    subset.save_font(font, buffer, options)
    return buffer.getvalue()
