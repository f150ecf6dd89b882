"""The quick PNG writer (deckforge/layout/quickpng.py): a file any reader decodes to the pixels it was given."""
from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image

from deckforge.layout.quickpng import SIGNATURE, quick_png


def _image(mode: str, size=(37, 23)) -> Image.Image:
    """An image of noise: no two rows alike, so a row written from the wrong place shows."""
    rng = random.Random(mode)
    bands = len(mode)
    data = bytes(rng.randrange(256) for _ in range(size[0] * size[1] * bands))
    return Image.frombytes(mode, size, data)


def _chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    assert png.startswith(SIGNATURE)
    found, at = [], len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at:at + 4])
        kind, data = png[at + 4:at + 8], png[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + data), kind
        found.append((kind, data))
        at += 12 + length
    return found


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_pillow_reads_back_the_same_pixels(mode):
    image = _image(mode)
    read = Image.open(io.BytesIO(quick_png(image)))
    read.load()
    assert (read.format, read.mode, read.size) == ("PNG", mode, image.size)
    assert read.tobytes() == image.tobytes()


def test_the_resolution_is_recorded_and_rows_are_unfiltered():
    png = quick_png(_image("RGB"), dpi=200)
    assert Image.open(io.BytesIO(png)).info["dpi"] == pytest.approx((200, 200), abs=0.05)  # whole pixels a metre
    chunks = _chunks(png)
    assert [kind for kind, _ in chunks] == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]
    rows = zlib.decompress(chunks[2][1])
    stride = 1 + 37 * 3
    assert len(rows) == 23 * stride and all(rows[i] == 0 for i in range(0, len(rows), stride))
    assert b"pHYs" not in quick_png(_image("RGB"))


def test_a_mode_png_cannot_hold_as_it_is_goes_through_pillow():
    image = _image("L").convert("P")
    read = Image.open(io.BytesIO(quick_png(image, dpi=150)))
    read.load()
    assert read.mode == "P" and read.convert("L").tobytes() == image.convert("L").tobytes()
    assert read.info["dpi"] == pytest.approx((150, 150), abs=0.05)
