"""Read card placements back from a built PDF: which face form is drawn where, clipped to what, turned how.

Walks each page's content stream, and the sheet forms it places, keeping the transformation matrix, so the
geometry asserted in tests is the geometry a PDF viewer would draw, not the planner's own numbers.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
FACE_PREFIX = "/FormXob.face-"


@dataclass(frozen=True)
class PageDrawing:
    """What one page draws: the face forms it places and the straight lines it strokes itself (crop marks)."""

    faces: list
    lines: list  # (x0, y0, x1, y1) in mm, origin bottom-left


@dataclass(frozen=True)
class Placed:
    """One face drawn on a page: its form's key, its trim box and clip box in mm, its turn in degrees."""

    key: str
    trim: tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, origin bottom-left
    clip: tuple[float, float, float, float]
    rotation: int


def _multiply(m: tuple, n: tuple) -> tuple:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _apply(m: tuple, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _bounds(m: tuple, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    points = [_apply(m, x, y) for x in (x0, x1) for y in (y0, y1)]
    xs, ys = [p[0] / MM for p in points], [p[1] / MM for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def read_pages(path, card_w_mm: float, card_h_mm: float) -> list[PageDrawing]:
    """Return, per page, every face form drawn with its trim (from the card size) and clip, and the page's lines.

    Forms that are not faces (a sheet's cards, its crop marks and labels, drawn once and placed on every page
    like it) are followed as if their content were the page's. Lines drawn inside the face forms (a symbol's
    strokes) are not the page's own and are not listed.
    """
    reader = PdfReader(path)
    pages = []
    for page in reader.pages:
        placed, lines = [], []
        _walk(page.get_contents().operations, page.get("/Resources"), (1, 0, 0, 1, 0, 0), None, placed, lines,
              reader, card_w_mm, card_h_mm)
        pages.append(PageDrawing(placed, lines))
    return pages


def _walk(operations, resources, ctm: tuple, clip, placed: list, lines: list, reader, card_w_mm: float,
          card_h_mm: float) -> None:
    """Follow one content stream, starting from `ctm` and `clip`, into `placed` and `lines`."""
    rect, stack, start = None, [], None
    for operands, op in operations:
        if op == b"q":
            stack.append((ctm, clip))
        elif op == b"Q":
            ctm, clip = stack.pop()
        elif op == b"cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            rect = _bounds(ctm, x, y, x + w, y + h)
        elif op in (b"W", b"W*"):
            clip = rect
        elif op == b"m":
            start = _apply(ctm, *(float(v) for v in operands))
        elif op == b"l" and start is not None:
            end = _apply(ctm, *(float(v) for v in operands))
            lines.append((start[0] / MM, start[1] / MM, end[0] / MM, end[1] / MM))
            start = None
        elif op == b"Do" and str(operands[0]).startswith(FACE_PREFIX):
            trim = _bounds(ctm, 0, 0, card_w_mm * MM, card_h_mm * MM)
            turn = round(math.degrees(math.atan2(ctm[1], ctm[0]))) % 360
            placed.append(Placed(str(operands[0])[len(FACE_PREFIX):], trim, clip, turn))
        elif op == b"Do":
            form = resources["/XObject"][operands[0]].get_object()
            if form.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in form.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                _walk(ContentStream(form, reader).operations, form.get("/Resources"), _multiply(matrix, ctm), clip,
                      placed, lines, reader, card_w_mm, card_h_mm)


def placed_faces(path, card_w_mm: float, card_h_mm: float) -> list[list[Placed]]:
    """Return, per page, every face form drawn on it."""
    return [page.faces for page in read_pages(path, card_w_mm, card_h_mm)]
