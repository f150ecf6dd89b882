"""Draw: paint planned faces and sheets with ReportLab, deciding nothing.

Each distinct face is painted once into a PDF form and placed wherever the plan puts a copy of it, clipped to
the area that copy may paint; crop marks are 0.25 pt lines; page labels go into the boxes the plan reserved.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from .faces import Face, ImageOp, ShapeOp, SymbolOp, TextOp
from .imposition import Box, Label, Placement, Sheet, SheetPlan
from .pagelabels import LABEL_SIZE, SCALE_GAP, SCALE_HEIGHT, SCALE_LENGTH, SCALE_TEXT_SIZE, PageText
from .fonts import font_for
from .text import INK_BELOW

MARK_WIDTH = 0.25  # points: thin enough to vanish in the cut, dark enough to see
LABEL_COLOUR = "#333333"
_FORM_PREFIX = "face-"


def define_face(canvas: Canvas, face: Face) -> None:
    """Paint a face once into a form named after its key, covering the trimmed card and its bleed."""
    b = face.bleed
    canvas.beginForm(_FORM_PREFIX + face.key, -b, -b, face.width + b, face.height + b)
    paint_face(canvas, face)
    canvas.endForm()


def paint_face(canvas: Canvas, face: Face) -> None:
    """Paint a face's operations in the card's own coordinates."""
    for op in face.ops:
        _PAINTERS[type(op)](canvas, op)


def place_face(canvas: Canvas, face: Face, placement: Placement) -> None:
    """Show a defined face in a placement: clipped to the area it may paint, turned as planned."""
    canvas.saveState()
    clip = canvas.beginPath()
    area = placement.painted
    clip.rect(area.x, area.y, area.w, area.h)
    canvas.clipPath(clip, stroke=0, fill=0)
    trim = placement.trim
    canvas.translate(trim.x + trim.w / 2, trim.y + trim.h / 2)
    canvas.rotate(placement.rotation)
    canvas.translate(-face.width / 2, -face.height / 2)
    canvas.doForm(_FORM_PREFIX + face.key)
    canvas.restoreState()


def draw_sheet(canvas: Canvas, sheet: Sheet, face_of: Callable[[Placement], Face], text: PageText) -> None:
    """Draw one page: every placed face, the crop marks, the page labels; then end the page."""
    for placement in sheet.placements:
        place_face(canvas, face_of(placement), placement)
    canvas.saveState()
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeColor(HexColor("#000000"))
    for mark in sheet.marks:
        canvas.line(mark.x0, mark.y0, mark.x1, mark.y1)
    canvas.restoreState()
    info, scale, hint = sheet.labels if len(sheet.labels) == 3 else (None, None, None)
    if info:
        _label_text(canvas, info, text.info)
    if scale:
        _scale_bar(canvas, scale, text.scale)
    if hint:
        _label_text(canvas, hint, text.hint)
    canvas.showPage()


def draw_sheets(canvas: Canvas, plan: SheetPlan, fronts: list[Face], back: Face | None, texts: list[PageText],
                progress: Callable[[int, int], None] | None = None) -> None:
    """Define each distinct face once, then draw every sheet of the plan in order.

    `fronts` holds the face of every physical card, by the card index the plan uses.
    """
    distinct = {face.key: face for face in fronts}
    if back is not None:
        distinct[back.key] = back
    for face in distinct.values():
        define_face(canvas, face)
    for number, sheet in enumerate(plan.sheets):
        face_of = (lambda p: fronts[p.card]) if sheet.side == "front" else (lambda p: back)
        draw_sheet(canvas, sheet, face_of, texts[number])
        if progress:
            progress(number + 1, len(plan.sheets))


def _enter_frame(canvas: Canvas, frame: Box, rotation: int) -> tuple[float, float]:
    """Move the origin to a frame's bottom-left as seen after turning it; return the turned width and height.

    One combined matrix (a single `cm`) instead of translate, rotate, translate.
    """
    width, height = (frame.w, frame.h) if rotation in (0, 180) else (frame.h, frame.w)
    cos, sin = _TURNS[rotation]
    cx, cy = frame.x + frame.w / 2, frame.y + frame.h / 2
    canvas.transform(cos, sin, -sin, cos, cx - (cos * width - sin * height) / 2, cy - (sin * width + cos * height) / 2)
    return width, height


_TURNS = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}


@lru_cache(maxsize=256)
def _colour(hex_colour: str):
    return HexColor(hex_colour)


# Shapes and upright text set every colour and width they use, so they need no saveState of their own; only
# clipping and turning are wrapped in one.
def _shape(canvas: Canvas, op: ShapeOp) -> None:
    if op.fill:
        canvas.setFillColor(_colour(op.fill))
    if op.stroke:
        canvas.setStrokeColor(_colour(op.stroke))
        canvas.setLineWidth(op.stroke_width)
    fill, stroke = int(op.fill is not None), int(op.stroke is not None)
    b = op.box
    if op.kind == "ellipse":
        canvas.ellipse(b.x, b.y, b.right, b.top, stroke=stroke, fill=fill)
    elif op.radius > 0:
        canvas.roundRect(b.x, b.y, b.w, b.h, op.radius, stroke=stroke, fill=fill)
    else:
        canvas.rect(b.x, b.y, b.w, b.h, stroke=stroke, fill=fill)


def _text(canvas: Canvas, op: TextOp) -> None:
    if op.icons:
        return _text_with_icons(canvas, op)
    turned = op.rotation != 0
    if turned:
        canvas.saveState()
        _enter_frame(canvas, op.frame, op.rotation)
    dx, dy = (0.0, 0.0) if turned else (op.frame.x, op.frame.y)
    canvas.setFillColor(_colour(op.colour))
    text = canvas.beginText()
    text.setFont(op.font, op.size)
    (x, y, first), rest = op.lines[0], op.lines[1:]
    text.setTextOrigin(x + dx, y + dy)
    text.textOut(first)
    for next_x, next_y, line in rest:
        text.moveCursor(next_x - x, y - next_y)  # a relative move: two numbers per line instead of six
        text.textOut(line)
        x, y = next_x, next_y
    canvas.drawText(text)
    if turned:
        canvas.restoreState()


def _text_with_icons(canvas: Canvas, op: TextOp) -> None:
    """Draw lines piece by piece: words as text, `:name:` tokens as the deck's icon at the line's size."""
    from .text import line_pieces

    icons = dict(op.icons)
    canvas.saveState()
    if op.rotation:
        _enter_frame(canvas, op.frame, op.rotation)
    else:
        canvas.translate(op.frame.x, op.frame.y)
    canvas.setFillColor(_colour(op.colour))
    canvas.setFont(op.font, op.size)
    for x, y, line in op.lines:
        for kind, piece, width in line_pieces(line, op.font, op.size, icons):
            if kind == "icon":
                _icon(canvas, icons[piece], x + 0.025 * op.size, y - INK_BELOW * op.size * 0.4, op.size)
            else:
                canvas.drawString(x, y, piece)
            x += width
    canvas.restoreState()


def _icon(canvas: Canvas, path: str, x: float, y: float, size: float) -> None:
    """Draw an icon file (SVG as vectors through svglib, PNG as an image) in a square of `size` points."""
    if path.endswith(".svg"):
        drawing = _svg(path)
        if drawing is None or not drawing.width or not drawing.height:
            return
        scale = size / max(drawing.width, drawing.height)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(scale, scale)
        from reportlab.graphics import renderPDF

        renderPDF.draw(drawing, canvas, 0, 0)
        canvas.restoreState()
    else:
        canvas.drawImage(path, x, y, size, size, mask="auto", preserveAspectRatio=True, anchor="sw")


@lru_cache(maxsize=64)
def _svg(path: str):
    from svglib.svglib import svg2rlg

    return svg2rlg(path)


def _image(canvas: Canvas, op: ImageOp) -> None:
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(op.clip.x, op.clip.y, op.clip.w, op.clip.h)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.drawImage(op.path, op.draw.x, op.draw.y, op.draw.w, op.draw.h, mask="auto")
    canvas.restoreState()


def _symbol(canvas: Canvas, op: SymbolOp) -> None:
    canvas.saveState()
    width, height = _enter_frame(canvas, op.frame, op.rotation)
    op.draw(canvas, 0.0, 0.0, width, height, colour=op.colour, ink_saver=op.ink_saver)
    canvas.restoreState()


_PAINTERS = {ShapeOp: _shape, TextOp: _text, ImageOp: _image, SymbolOp: _symbol}


def _label_text(canvas: Canvas, label: Label, words: str) -> None:
    canvas.saveState()
    _enter_frame(canvas, label.box, label.rotation)
    canvas.setFillColor(HexColor(LABEL_COLOUR))
    canvas.setFont(font_for("regular"), LABEL_SIZE)
    canvas.drawString(0, INK_BELOW * LABEL_SIZE, words)
    canvas.restoreState()


def _scale_bar(canvas: Canvas, label: Label, caption: str) -> None:
    """Draw a 50 mm bar of five 10 mm blocks, alternately filled, with its caption above it."""
    canvas.saveState()
    _enter_frame(canvas, label.box, label.rotation)
    canvas.setLineWidth(0.3)
    canvas.setStrokeColor(HexColor(LABEL_COLOUR))
    canvas.setFillColor(HexColor(LABEL_COLOUR))
    block = SCALE_LENGTH / 5
    for i in range(5):
        canvas.rect(i * block, 0, block, SCALE_HEIGHT, stroke=1, fill=int(i % 2 == 0))
    canvas.setFont(font_for("regular"), SCALE_TEXT_SIZE)
    canvas.drawString(0, SCALE_HEIGHT + SCALE_GAP + INK_BELOW * SCALE_TEXT_SIZE, caption)
    canvas.restoreState()
