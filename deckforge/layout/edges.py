"""Edges: look at the colours the faces print along their trim, to decide whether neighbours may share a cut line.

With cards edge to edge, a cut 0.3–0.5 mm off the shared line leaves a sliver of the neighbouring card on this
one. That sliver is invisible only when both cards print the same colour there, so the faces are rendered
(PDFium, as `cards-png` does) and the strip just inside each trim edge is read back: when every edge of every
face given prints one colour, those cards may share cut lines; otherwise each needs its own bleed.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import Iterator

from PIL import Image, ImageStat

from ..pdfx.canvas import PrintCanvas, binary_streams
from .draw import place_face
from .faces import Face, ImageOp, ShapeOp
from .imposition import Box, Placement
from .units import mm

PX_PER_MM = 4
STRIP = mm(0.75)  # a mis-cut of up to 0.75 mm shows this much of the neighbour
TOLERANCE = 24    # of 255 per channel: anti-aliasing and rounding, not a different colour
REACH = STRIP + mm(1)  # an element this near the trim may paint into the strip (a stroke, a symbol's overhang)
SIDES = ("left", "right", "bottom", "top")


@dataclass(frozen=True)
class EdgeCheck:
    """Whether all faces print one colour along their edges; if not, one pair of edges that differ."""

    shared: bool
    differing: tuple[str, str] = ("", "")  # e.g. "card 'joker' (#1b1b3a along its left edge)"


def check_edges(faces: list[Face]) -> EdgeCheck:
    """Render each distinct face and compare the colours of the strips just inside its four trim edges.

    Stops at the first strip that differs, so a deck whose cards differ costs a face or two, not all of them.
    """
    distinct = list({face.key: face for face in faces}.values())
    # Only what reaches the edge can colour its strip; faces alike there are looked at once (and a face is made of
    # those operations only for each look: a deck of distinct faces is mostly alike at its edges).
    alike: dict[tuple, Face] = {}
    for face in distinct:
        ops = _edge_ops(face)
        if ops not in alike:
            alike[ops] = replace(face, ops=ops)
    looks = list(alike.values())
    if not any(face.ops for face in looks):  # nothing reaches an edge: every strip is the bare paper, alike
        return EdgeCheck(True)
    first = None
    for face, image in zip(looks, _rendered(looks)):
        for side, (low, high, mean) in _strips(face, image):
            first = first or (face, side, mean)
            if any(h - l > TOLERANCE for l, h in zip(low, high)) or any(abs(a - b) > TOLERANCE
                                                                       for a, b in zip(mean, first[2])):
                return EdgeCheck(False, (_describe(*first), _describe(face, side, mean)))
    return EdgeCheck(True)


def _edge_ops(face: Face) -> tuple:
    """Return the face's operations that paint within REACH of its trim edge."""
    right, top = face.width - REACH, face.height - REACH
    return tuple(op for op in face.ops if (box := _box_of(op)).x < REACH or box.y < REACH or box.right > right
                 or box.top > top)


def _box_of(op) -> Box:
    if isinstance(op, ShapeOp):
        return op.box
    if isinstance(op, ImageOp):
        return op.clip
    return op.frame  # text and symbols


def _rendered(faces: list[Face]) -> Iterator[Image.Image]:
    """Yield each face rasterised at PX_PER_MM with its bleed, drawing them in growing batches (4, 8, 16…)."""
    start, size = 0, 4
    while start < len(faces):
        yield from _render_batch(faces[start:start + size])
        start, size = start + size, 2 * size


def _render_batch(faces: list[Face]) -> list[Image.Image]:
    import pypdfium2

    buffer = io.BytesIO()
    canvas = PrintCanvas(buffer)  # the colours as they print, pictures resampled and binary as the build draws them
    for face in faces:  # each shown once: painted on its page, not into a form
        b = face.bleed
        canvas.setPageSize((face.width + 2 * b, face.height + 2 * b))
        place_face(canvas, face, Placement(0, 0, Box(b, b, face.width, face.height),
                                           Box(0, 0, face.width + 2 * b, face.height + 2 * b), 0), inline=True)
        canvas.showPage()
    with binary_streams():  # pages ASCII85-encoded only to be decoded at once would be time lost twice
        canvas.save()
    document = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        return [page.render(scale=PX_PER_MM * 25.4 / 72).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def _strips(face: Face, image: Image.Image):
    """Yield each side with the per-channel minimum, maximum and mean of the strip just inside the trim."""
    scale = image.width / (face.width + 2 * face.bleed)
    left, bottom = face.bleed * scale, face.bleed * scale
    right, top = left + face.width * scale, image.height - bottom - face.height * scale
    lower, depth = image.height - bottom, max(1.0, STRIP * scale)
    # With no bleed the trim is the rendered page's own edge: its outermost pixels are half paper (anti-aliasing),
    # and a rounded corner that a bleed would have pushed out shows there. Neither is what a neighbour's mis-cut
    # shows along the edge, so each strip is read one pixel in and without its corners.
    inset, corner = (1, depth) if face.bleed == 0 else (0, 0)
    left, top, right, lower = left + inset, top + inset, right - inset, lower - inset
    boxes = {"left": (left, top + corner, left + depth, lower - corner),
             "right": (right - depth, top + corner, right, lower - corner),
             "bottom": (left + corner, lower - depth, right - corner, lower),
             "top": (left + corner, top, right - corner, top + depth)}
    for side in SIDES:
        strip = image.crop(tuple(round(v) for v in boxes[side]))
        extrema = strip.getextrema()
        yield side, ([lo for lo, _ in extrema], [hi for _, hi in extrema], ImageStat.Stat(strip).mean)


def _describe(face: Face, side: str, mean) -> str:
    name = "the back" if face.key == "back" else f"card '{face.key.removeprefix('card-')}'"
    colour = "#" + "".join(f"{round(c):02x}" for c in mean)
    return f"{name} ({colour} along its {side} edge)"
