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


@pytest.mark.parametrize("size", [(37, 23), (5, 1), (1, 1)])
@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_pillow_reads_back_the_same_pixels(mode, size):
    image = _image(mode, size)
    read = Image.open(io.BytesIO(quick_png(image)))
    read.load()
    assert (read.format, read.mode, read.size) == ("PNG", mode, image.size)
    assert read.tobytes() == image.tobytes()


def _filters(png: bytes, stride: int) -> set[int]:
    """Return the filter bytes the rows of a PNG start with."""
    rows = zlib.decompress(dict(_chunks(png))[b"IDAT"])
    assert len(rows) % stride == 0
    return {rows[i] for i in range(0, len(rows), stride)}


def test_the_resolution_is_recorded_in_a_plain_png():
    png = quick_png(_image("RGB"), dpi=200)
    assert Image.open(io.BytesIO(png)).info["dpi"] == pytest.approx((200, 200), abs=0.05)  # whole pixels a metre
    assert [kind for kind, _ in _chunks(png)] == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]
    assert [kind for kind, _ in _chunks(quick_png(_image("RGB")))] == [b"IHDR", b"IDAT", b"IEND"]


def test_a_flat_face_is_written_unfiltered():
    face = Image.new("RGB", (300, 200), "white")
    face.paste((200, 30, 30), (20, 20, 280, 60))
    png = quick_png(face)
    assert _filters(png, 1 + 300 * 3) == {0}
    assert Image.open(io.BytesIO(png)).tobytes() == face.tobytes()


def test_an_image_a_filter_shrinks_is_written_up_filtered():
    """Each row the one above plus one: no repeat for zlib to find unfiltered, one byte repeated after Up."""
    rng = random.Random(7)
    first = bytes(rng.randrange(256) for _ in range(300 * 3))
    rows = [bytes((value + k) % 256 for value in first) for k in range(200)]
    image = Image.frombytes("RGB", (300, 200), b"".join(rows))
    png = quick_png(image)
    assert _filters(png, 1 + 300 * 3) == {2}
    assert len(png) < len(image.tobytes()) / 20
    assert Image.open(io.BytesIO(png)).tobytes() == image.tobytes()


def test_a_mode_png_cannot_hold_as_it_is_goes_through_pillow():
    image = _image("L").convert("P")
    read = Image.open(io.BytesIO(quick_png(image, dpi=150)))
    read.load()
    assert read.mode == "P" and read.convert("L").tobytes() == image.convert("L").tobytes()
    assert read.info["dpi"] == pytest.approx((150, 150), abs=0.05)
