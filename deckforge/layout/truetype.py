"""TrueType outlines for a deck font with PostScript (CFF) outlines, which ReportLab cannot embed as they are.

The cubic CFF curves are approximated by quadratic TrueType curves with fontTools (cu2qu, within 1 font unit), as
fontTools' own snippet otf2ttf.py does; every other table (cmap, metrics, names, licence flags) is kept. The result
is cached in $XDG_CACHE_HOME/deckforge/fonts (or ~/.cache/deckforge/fonts), keyed by the font file's SHA-256, and
written atomically; never beside the deck. Where no cache can be written, the font is converted in memory.
The rulebook needs none of this: WeasyPrint embeds the .otf itself.
"""
from __future__ import annotations

import hashlib
import io
import os
import tempfile
from pathlib import Path

from ..errors import BuildError, display_path
from ..load.listing import cache_dir

MAX_ERR = 1.0  # font units: the largest distance between a cubic curve and its quadratic approximation
POST_FORMAT = 2.0  # keeps glyph names; format 3 (none) when they do not fit


def has_cff_outlines(path: Path) -> bool:
    """Say whether the font's outlines are CFF (an OpenType font whose file starts with 'OTTO')."""
    with open(path, "rb") as handle:
        return handle.read(4) == b"OTTO"


def truetype_source(path: Path) -> str | io.BytesIO:
    """Return a file name or an in-memory file holding the font with TrueType outlines, for ReportLab's TTFont."""
    if not has_cff_outlines(path):
        return str(path)
    data = path.read_bytes()
    cached = _cached_file(data)
    if cached is not None and cached.is_file():
        return str(cached)
    converted = _convert(data, path)
    if cached is not None and _store(cached, converted):
        return str(cached)
    memory = io.BytesIO(converted)
    memory.name = str(path)
    return memory


def _cached_file(data: bytes) -> Path | None:
    where = cache_dir()
    return None if where is None else where / "fonts" / f"{hashlib.sha256(data).hexdigest()}.ttf"


def _store(target: Path, converted: bytes) -> bool:
    """Write the converted font atomically (a temporary file renamed into place); say whether it worked."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".font.", suffix=".part", dir=target.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(converted)
            os.replace(temporary, target)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:
        return False
    return True


def _convert(data: bytes, path: Path) -> bytes:
    """Return the font with its CFF outlines replaced by TrueType (glyf/loca) outlines."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(io.BytesIO(data))
        otf_to_ttf(font)
        out = io.BytesIO()
        font.save(out)
    except (TTLibError, KeyError, ValueError, AssertionError, TypeError) as exc:
        raise BuildError(f"{display_path(path)}: cannot convert its CFF outlines to TrueType for embedding "
                         f"({exc or type(exc).__name__}); use a TrueType version of the font (.ttf)") from None
    return out.getvalue()


def otf_to_ttf(font) -> None:
    """Replace a fontTools TTFont's CFF table by glyf/loca and adjust maxp, hmtx and post to match."""
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = _quadratic_glyphs(font.getGlyphSet())
    del font["CFF "]
    if "VORG" in font:  # vertical origins belong to CFF fonts only
        del font["VORG"]
    glyf.compile(font)
    _left_side_bearings(font, glyf)
    _truetype_maxp(font, glyf)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = POST_FORMAT, [], {}, order
    try:
        post.compile(font)
    except OverflowError:
        post.formatType = 3.0
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\000\001\000\000"


def _quadratic_glyphs(glyph_set) -> dict:
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    glyphs = {}
    for name in glyph_set.keys():
        pen = TTGlyphPen(glyph_set)
        # CFF contours run counter-clockwise, TrueType ones clockwise: reverse them.
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        glyphs[name] = pen.glyph()
    return glyphs


def _left_side_bearings(font, glyf) -> None:
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)


def _truetype_maxp(font, glyf) -> None:
    from fontTools.ttLib import newTable

    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones, maxp.maxTwilightPoints, maxp.maxStorage = 1, 0, 0
    maxp.maxFunctionDefs = maxp.maxInstructionDefs = maxp.maxStackElements = maxp.maxSizeOfInstructions = 0
    maxp.maxComponentElements = max((len(getattr(glyph, "components", [])) for glyph in glyf.glyphs.values()),
                                    default=0)
    maxp.compile(font)
