"""PNG for images that only travel on this machine: the preview's faces and the rulebook's card pictures.

Pillow chooses a filter for every row of a PNG (libpng's heuristic: it tries all five and keeps the one with the
smallest sum), and it offers no way to skip that; for a card face at preview size the choice took two thirds of the
save, even at zlib's quickest level. Here the rows are written unfiltered at zlib's quickest level: a flat card face
(the bundled decks' vector faces) in under half of Pillow's time, and a sixth smaller. A photograph compresses badly
without a filter (1.8 times Pillow's size, and the preview keeps 800 faces), so an image whose rows (one in eight,
compressed as a sample) come out larger than an eighth of their size unfiltered is written with every row
"Up"-filtered instead (each byte less the byte above it, which Pillow's `ImageChops.subtract_modulo` computes for
the whole image at once): 7 % larger than Pillow's, in 0.55 of its time. The file is a plain PNG (signature, IHDR,
pHYs when a resolution is given, one IDAT, IEND) that any reader decodes to the same pixels. Files a maker keeps
(`cards-png`) are still written by Pillow, compressed properly.
"""
from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}  # Pillow mode → (PNG colour type, bytes a pixel)
_INCH_M = 0.0254
_NONE, _UP = b"\x00", b"\x02"  # a row's filter byte: none, or Up
SAMPLE_EVERY = 8  # rows: one in this many, compressed unfiltered, tells a flat face from a photograph


def quick_png(image, dpi: float | None = None) -> bytes:
    """Return `image` (a PIL image) as PNG bytes: rows unfiltered, or all Up-filtered where a sample of them does
    not compress well unfiltered (a photograph), zlib level 1; `dpi` recorded in pHYs.

    A mode PNG cannot hold 8 bits a channel of (palette, CMYK, 16-bit) is saved by Pillow instead."""
    if image.mode not in _COLOUR_TYPES:
        import io

        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1, **({"dpi": (dpi, dpi)} if dpi else {}))
        return out.getvalue()
    colour_type, depth = _COLOUR_TYPES[image.mode]
    width, height = image.size
    pixels, stride = image.tobytes(), width * depth
    sample = b"".join(pixels[start:start + stride] for start in range(0, len(pixels), SAMPLE_EVERY * stride))
    if len(zlib.compress(sample, 1)) > len(sample) / 8:  # a photograph, not a flat face: a filter pays
        data = zlib.compress(_rows(_up(image), _UP, stride), 1)
    else:
        data = zlib.compress(_rows(pixels, _NONE, stride), 1)
    parts = [SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))]
    if dpi:
        per_metre = round(dpi / _INCH_M)
        parts.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts += [_chunk(b"IDAT", data), _chunk(b"IEND", b"")]
    return b"".join(parts)


def _rows(pixels: bytes, filter_type: bytes, stride: int) -> bytes:
    """Return the image's rows, each after its filter byte, as the IDAT data holds them before compression."""
    return b"".join(filter_type + pixels[start:start + stride] for start in range(0, len(pixels), stride))


def _up(image) -> bytes:
    """Return the pixels filtered "Up": each byte less the one above it, the first row less zeros (PNG's rule)."""
    from PIL import Image, ImageChops

    width, height = image.size
    above = Image.new(image.mode, image.size)
    above.paste(image.crop((0, 0, width, height - 1)), (0, 1))
    return ImageChops.subtract_modulo(image, above).tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
