"""Read card placements back from a built PDF: which face is drawn where, clipped to what, turned how.

Walks each page's content stream, and the sheet forms it places, keeping the transformation matrix, so the
geometry asserted in tests is the geometry a PDF viewer would draw, not the planner's own numbers. A face is a
form placed ('face-<key>' Do) or, painted where it shows, a marked-content sequence tagged /Face with its key.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
FACE_PREFIX = "/FormXob.face-"
FACE_TAG = "/Face"


@dataclass(frozen=True)
class PageDrawing:
    """What one page draws: the faces it places and the straight lines it strokes itself (crop marks)."""

    faces: list
    lines: list  # (x0, y0, x1, y1) in mm, origin bottom-left


@dataclass(frozen=True)
class Placed:
    """One face drawn on a page: its key, its trim box and clip box in mm, its turn in degrees."""

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
    """Return, per page, every face drawn with its trim (from the card size) and clip, and the page's lines.

    Forms that are not faces (a sheet's cards, its crop marks and labels, drawn once and placed on every page
    like it) are followed as if their content were the page's. Lines drawn inside a face (a symbol's strokes)
    are not the page's own and are not listed.
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
    rect, stack, start, marked = None, [], None, []
    for operands, op in operations:
        if op in (b"BDC", b"BMC"):
            face = operands[0] == FACE_TAG and op == b"BDC"
            if face:
                placed.append(_placed(str(operands[1][FACE_TAG])[1:], ctm, clip, card_w_mm, card_h_mm))
            marked.append(face)
        elif op == b"EMC":
            marked.pop()
        elif any(marked):
            continue  # inside a face: its own drawing
        elif op == b"q":
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
            placed.append(_placed(str(operands[0])[len(FACE_PREFIX):], ctm, clip, card_w_mm, card_h_mm))
        elif op == b"Do":
            form = resources["/XObject"][operands[0]].get_object()
            if form.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in form.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                _walk(ContentStream(form, reader).operations, form.get("/Resources"), _multiply(matrix, ctm), clip,
                      placed, lines, reader, card_w_mm, card_h_mm)


def _placed(key: str, ctm: tuple, clip, card_w_mm: float, card_h_mm: float) -> Placed:
    trim = _bounds(ctm, 0, 0, card_w_mm * MM, card_h_mm * MM)
    return Placed(key, trim, clip, round(math.degrees(math.atan2(ctm[1], ctm[0]))) % 360)


def placed_faces(path, card_w_mm: float, card_h_mm: float) -> list[list[Placed]]:
    """Return, per page, every face drawn on it."""
    return [page.faces for page in read_pages(path, card_w_mm, card_h_mm)]


def face_operations(path) -> dict[str, list]:
    """Return each distinct face's own drawing, by key: the operations of its form, or of its marked-content
    sequence where it is painted in place (a face shown once), as (operands, operator) pairs."""
    reader = PdfReader(path)
    found: dict[str, list] = {}
    seen: set = set()

    def visit(operations, resources) -> None:
        marked: list = []  # the open marked-content sequences: a face's key, or None
        for operands, op in operations:
            if op in (b"BDC", b"BMC"):
                key = str(operands[1][FACE_TAG])[1:] if op == b"BDC" and operands[0] == FACE_TAG else None
                marked.append(key)
                if key is not None:
                    found.setdefault(key, [])
            elif op == b"EMC":
                marked.pop()
            elif any(key is not None for key in marked):
                found[next(key for key in marked if key is not None)].append((operands, op))
        for name, reference in ((resources or {}).get("/XObject") or {}).items():
            xobject = reference.get_object()
            if xobject.get("/Subtype") != "/Form" or reference.idnum in seen:
                continue
            seen.add(reference.idnum)
            if name.startswith(FACE_PREFIX):
                found[name[len(FACE_PREFIX):]] = list(ContentStream(xobject, reader).operations)
            else:
                visit(ContentStream(xobject, reader).operations, xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get_contents().operations, page.get("/Resources"))
    return found
