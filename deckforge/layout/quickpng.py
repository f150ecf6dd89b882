"""PNG for images that only travel on this machine: the preview's faces and the rulebook's card pictures.

Pillow chooses a filter for every row of a PNG (libpng's heuristic: it tries all five and keeps the one with the
smallest sum), and it offers no way to skip that; for a card face at preview size the choice took two thirds of
the save, even at zlib's quickest level. These images go to a browser on this machine or to WeasyPrint, which
decodes them and compresses the pixels again, so a few more bytes cost nothing: rows are written unfiltered and
compressed at zlib's quickest level, a third of Pillow's time for a flat card face and two thirds for a photograph.
The file is a plain PNG (signature, IHDR, pHYs when a resolution is given, one IDAT, IEND) that any reader decodes
to the same pixels. Files a maker keeps (`cards-png`) are still written by Pillow, compressed properly.
"""
from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}  # Pillow mode → (PNG colour type, bytes a pixel)
_INCH_M = 0.0254


def quick_png(image, dpi: float | None = None) -> bytes:
    """Return `image` (a PIL image) as PNG bytes, rows unfiltered, zlib level 1; `dpi` recorded in pHYs.

    A mode PNG cannot hold 8 bits a channel of (palette, CMYK, 16-bit) is saved by Pillow instead."""
    if image.mode not in _COLOUR_TYPES:
        import io

        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1, **({"dpi": (dpi, dpi)} if dpi else {}))
        return out.getvalue()
    colour_type, depth = _COLOUR_TYPES[image.mode]
    width, height = image.size
    stride = width * depth
    pixels = image.tobytes()
    rows = b"".join(b"\0" + pixels[start:start + stride] for start in range(0, stride * height, stride))
    parts = [SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))]
    if dpi:
        per_metre = round(dpi / _INCH_M)
        parts.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts += [_chunk(b"IDAT", zlib.compress(rows, 1)), _chunk(b"IEND", b"")]
    return b"".join(parts)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
