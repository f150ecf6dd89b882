"""Draw: paint planned faces and sheets with ReportLab, deciding nothing.

Each distinct face is painted once: a face shown more than once into a PDF form placed wherever the plan puts a
copy of it, a face shown once where it shows (marked as that face: `FACE_TAG`), each clipped to the area that
copy may paint; each sheet shown on more than one page is one more form, placed on every page like it, so such a
page itself holds only its page number; crop marks are 0.25 pt lines; page labels go into the boxes the plan
reserved.
"""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfdoc import PDFName
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..colour import parse_colour
from ..pdfx.canvas import PrintCanvas
from .faces import Face, ImageOp, ShapeOp, SymbolOp, TextOp
from .imposition import Box, Label, Placement, Sheet, SheetPlan
from .pagelabels import LABEL_SIZE, SCALE_GAP, SCALE_HEIGHT, SCALE_LENGTH, SCALE_TEXT_SIZE, PageText
from .fonts import font_for
from .pdfwrite import end_form, kept_on, show_page_sharing_start, text_block, text_out
from .text import INK_BELOW

MARK_WIDTH = 0.25  # points: thin enough to vanish in the cut, dark enough to see
LABEL_COLOUR = "#333333"
_FORM_PREFIX = "face-"
FACE_TAG = "Face"  # marks a face painted where it shows, its key in the marked content's properties
_PAGE_PREFIX = "page-"  # a sheet's cards ("page-sheet-n"), or what sheets share around them ("page-frame-n")
_SEPARATOR = " · "  # between the parts of a page line (pagelabels.page_texts)


def define_face(canvas: Canvas, face: Face) -> None:
    """Paint a face once into a form named after its key, covering the trimmed card and its bleed."""
    b = face.bleed
    canvas.beginForm(_FORM_PREFIX + face.key, -b, -b, face.width + b, face.height + b)
    paint_face(canvas, face)
    end_form(canvas)


def paint_face(canvas: Canvas, face: Face) -> None:
    """Paint a face's operations in the card's own coordinates; a shape, picture or symbol painted before on this
    canvas is appended again as it was painted (`_replay`)."""
    for op in face.ops:
        if type(op) is TextOp:
            _text(canvas, op)
        else:
            _replay(canvas, op)


# A shape, a picture or a symbol appends the same operators wherever it recurs (a face's frame and art are the same
# on every card; a sheet's card slots on every sheet), whatever was painted before it; of the graphics state, only a
# shape leaves its colours and line width set. So what it appended and left set the first time is kept per canvas and
# appended again instead of painting it anew (tests/layout/test_pdfwrite.py builds decks both ways).
_REPLAYS = "_deckforge_replays"  # on a canvas: operation → (operators, forms used, state left set)
_SLOTS = "_deckforge_slots"  # on a canvas: card slot → the operators that place a face there, up to its form


def _left_set(op) -> tuple[str, ...]:
    """The graphics state an operation leaves set: a shape's fill colour, outline colour and width (`_shape`), a
    text's fill colour (`_Fill`)."""
    if type(op) is _Fill:
        return ("_fillColorObj",)
    if type(op) is not ShapeOp or op.dash:
        return ()
    return ("_fillColorObj",) * bool(op.fill) + ("_strokeColorObj", "_lineWidth") * bool(op.stroke)


@dataclass(frozen=True)
class _Fill:
    """Setting the fill colour a text is written in: replayed as a shape is (`_replay`)."""

    colour: str


@lru_cache(maxsize=256)
def _fill(colour: str) -> _Fill:
    return _Fill(colour)


def _set_fill(canvas: Canvas, op: _Fill) -> None:
    canvas.setFillColor(_colour(op.colour))


def _replay(canvas: Canvas, op) -> None:
    """Append what painting `op` appended on this canvas before and set what it left set; the first time, paint it
    and keep that (`_record`)."""
    kept = kept_on(canvas, _REPLAYS)
    found = kept.get(op)
    if found is None:
        return _record(canvas, op, kept)
    code, forms, left = found
    canvas._code.extend(code)
    canvas._formsinuse.extend(forms)
    canvas.__dict__.update(left)


def _record(canvas: Canvas, op, kept: dict) -> None:
    """Paint `op` and keep what it appended, unless it did more than append operators and forms and set the
    graphics state that `_left_set` names (a colour that names a separation, a change of anything else)."""
    state = canvas.__dict__
    left_set = _left_set(op)
    before = {name: state[name] for name in canvas.STATE_ATTRIBUTES if name not in left_set}
    code, forms, separations = canvas._code, canvas._formsinuse, len(canvas._colorsUsed)
    start, forms_start = len(code), len(forms)
    last = code[-1] if code else None
    _PAINTERS[type(op)](canvas, op)
    if (canvas._code is not code or canvas._formsinuse is not forms or len(canvas._colorsUsed) != separations
            or len(code) < start or (start and code[start - 1] is not last)
            or any(state[name] is not value for name, value in before.items())):
        return
    left = {name: state[name] for name in left_set}
    if forms_start < len(forms):
        left["_currentPageHasImages"] = 1
    kept[op] = (tuple(code[start:]), tuple(forms[forms_start:]), left)


def place_face(canvas: Canvas, face: Face, placement: Placement, inline: bool = False) -> None:
    """Show a face in a placement: clipped to the area it may paint, turned as planned. The face is the form
    `define_face` painted, or, `inline`, painted here (a face shown once gains nothing from a form of its own).

    A card slot recurs on every sheet like it: what placing a face there appends before the face is kept per
    canvas and appended again for the next face placed in the same slot."""
    slots = kept_on(canvas, _SLOTS)
    slot = (placement.painted, placement.trim, placement.rotation, face.width, face.height)
    found = slots.get(slot)
    if found is None:
        before = _place_face(canvas, face, placement, inline)
        if before and before[0] == "q":
            slots[slot] = before
        return
    canvas._code.extend(found)
    canvas.push_state_stack()  # as the saveState that `found` begins with
    _show(canvas, face, inline)
    canvas.restoreState()


def _place_face(canvas: Canvas, face: Face, placement: Placement, inline: bool = False) -> tuple[str, ...]:
    """Place a face as `place_face` does, without its shortcut; return the operators appended before the face."""
    code, start = canvas._code, len(canvas._code)
    canvas.saveState()
    clip = canvas.beginPath()
    area = placement.painted
    clip.rect(area.x, area.y, area.w, area.h)
    canvas.clipPath(clip, stroke=0, fill=0)
    trim = placement.trim
    canvas.translate(trim.x + trim.w / 2, trim.y + trim.h / 2)
    canvas.rotate(placement.rotation)
    canvas.translate(-face.width / 2, -face.height / 2)
    before = tuple(code[start:]) if code is canvas._code else ()
    _show(canvas, face, inline)
    canvas.restoreState()
    return before


def _show(canvas: Canvas, face: Face, inline: bool) -> None:
    """Paint a face here, marked as the face it is (`FACE_TAG`), or place its form."""
    if inline:
        canvas._code.append(f"/{FACE_TAG} <</{FACE_TAG} {PDFName(face.key)}>> BDC")
        paint_face(canvas, face)
        canvas._code.append("EMC")
    else:
        canvas.doForm(_FORM_PREFIX + face.key)


@dataclass
class PageForms:
    """The page-sized forms painted so far on one canvas, and the start that every page line shares."""

    shared: str = ""  # the start of every page line (deck, players), painted once with the crop marks
    names: dict = field(default_factory=dict)

    @classmethod
    def for_texts(cls, texts: list[PageText]) -> PageForms:
        """Share the page lines' common start up to its last separator (the page number comes after it)."""
        common = os.path.commonprefix([t.info for t in texts]) if texts else ""
        return cls(common[: common.rfind(_SEPARATOR) + len(_SEPARATOR)] if _SEPARATOR in common else "")

    def name(self, canvas: Canvas, key: tuple, paint: Callable[[], object]) -> str:
        """Return the name of the form painted for `key`, painting it the first time."""
        name = self.names.get(key)
        if name is None:
            name = self.names[key] = f"{_PAGE_PREFIX}{key[0]}-{len(self.names) + 1}"
            canvas.beginForm(name, 0, 0, *canvas._pagesize)
            paint()
            end_form(canvas)
        return name


def draw_sheet(canvas: Canvas, sheet: Sheet, face_of: Callable[[Placement], Face], text: PageText,
               forms: PageForms | None = None, once: frozenset[str] = frozenset(), repeated: bool = True) -> None:
    """Draw one page: every placed face, the crop marks, the page labels; then end the page. A face whose key is
    in `once` is painted where it shows, any other placed as the form `define_face` painted.

    Given `forms` (kept across the pages of one canvas), the crop marks and labels are painted once into a form
    that sheets share and, for a sheet `repeated` on other pages, its cards once into a form placed on every page
    like it, so thirty times the copies of the same faces make little more file.
    """
    info = sheet.labels[0] if len(sheet.labels) == 3 else None
    if forms is None:
        _paint_cards(canvas, sheet, face_of, once)
        _paint_frame(canvas, sheet, text, "")
        return _end_page(canvas, info, text.info, "")
    shared = forms.shared if text.info.startswith(forms.shared) else ""
    frame = forms.name(canvas, ("frame", sheet.marks, sheet.labels, shared, text.scale, text.hint),
                       lambda: _paint_frame(canvas, sheet, text, shared))
    if repeated:
        canvas.doForm(forms.name(canvas, ("sheet", _cards(sheet, face_of), frame),
                                 lambda: (_paint_cards(canvas, sheet, face_of, once), canvas.doForm(frame))))
    else:
        _paint_cards(canvas, sheet, face_of, once)
        canvas.doForm(frame)
    _end_page(canvas, info, text.info, shared, share_start=repeated)


def _cards(sheet: Sheet, face_of: Callable[[Placement], Face]) -> tuple:
    """What a sheet shows: each placed face's key and place."""
    return tuple((face_of(p).key, p.trim, p.painted, p.rotation) for p in sheet.placements)


def _paint_cards(canvas: Canvas, sheet: Sheet, face_of: Callable[[Placement], Face], once: frozenset[str]) -> None:
    for placement in sheet.placements:
        face = face_of(placement)
        place_face(canvas, face, placement, inline=face.key in once)


def _paint_frame(canvas: Canvas, sheet: Sheet, text: PageText, shared: str) -> None:
    """Paint what pages of a kind share around their cards: crop marks, the page line's start, scale bar, hint."""
    canvas.saveState()
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeColor(HexColor("#000000"))
    for mark in sheet.marks:
        canvas.line(mark.x0, mark.y0, mark.x1, mark.y1)
    canvas.restoreState()
    info, scale, hint = sheet.labels if len(sheet.labels) == 3 else (None, None, None)
    if scale:
        _scale_bar(canvas, scale, text.scale)
    if hint:
        _label_text(canvas, hint, text.hint)
    if info and shared:  # last, so that the page's own part follows it in the text a reader extracts
        _label_text(canvas, info, shared)


def _end_page(canvas: Canvas, info: Label | None, line: str, shared: str, share_start: bool = False) -> None:
    """Write the page line after the start the frame painted, then end the page; given `share_start` (a page that
    shows a repeated sheet), all but its own words are one content stream that pages like it share."""
    if info:
        _label_text(canvas, info, line[len(shared):], stringWidth(shared, font_for("regular"), LABEL_SIZE))
    if share_start and info:
        return show_page_sharing_start(canvas)
    canvas.showPage()


def draw_sheets(canvas: Canvas, plan: SheetPlan, fronts: list[Face], back: Face | None, texts: list[PageText],
                progress: Callable[[int, int], None] | None = None) -> None:
    """Draw every sheet of the plan in order, each distinct face painted once.

    A face painted more than once (copies of it, or the back, in sheets that are not one repeated sheet) is painted
    into a form first and placed wherever it shows; a face painted once is painted where it shows, as a form would
    only add its own object to the file (a deck of distinct faces is thousands). `fronts` holds the face of every
    physical card, by the card index the plan uses.
    """
    forms = PageForms.for_texts(texts)
    sides = [(lambda p: fronts[p.card]) if sheet.side == "front" else (lambda p: back) for sheet in plan.sheets]
    cards = [_cards(sheet, face_of) for sheet, face_of in zip(plan.sheets, sides)]
    shown = Counter(cards)
    painted = Counter(key for sheet in (shown if forms is not None else cards) for key, *_ in sheet)
    distinct = {face.key: face for face in fronts}
    if back is not None:
        distinct[back.key] = back
    for face in distinct.values():
        if painted[face.key] > 1:
            define_face(canvas, face)
    once = frozenset(key for key, times in painted.items() if times == 1)
    for number, (sheet, face_of) in enumerate(zip(plan.sheets, sides)):
        draw_sheet(canvas, sheet, face_of, texts[number], forms, once, shown[cards[number]] > 1)
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
    return parse_colour(hex_colour)


# Shapes and upright text set every colour and width they use, so they need no saveState of their own; only
# clipping and turning are wrapped in one.
def _shape(canvas: Canvas, op: ShapeOp) -> None:
    if op.dash:  # a dash would outlive this shape: keep it inside a state of its own
        canvas.saveState()
        canvas.setDash(list(op.dash))
        _shape(canvas, ShapeOp(op.kind, op.box, op.fill, op.stroke, op.stroke_width, op.radius))
        canvas.restoreState()
        return
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
    _replay(canvas, _fill(op.colour))
    if text_block(canvas, op.font, op.size, op.lines, dx, dy):
        if turned:
            canvas.restoreState()
        return
    text = canvas.beginText()
    text.setFont(op.font, op.size)
    (x, y, first), rest = op.lines[0], op.lines[1:]
    text.setTextOrigin(x + dx, y + dy)
    text_out(text, first)
    for next_x, next_y, line in rest:
        text.moveCursor(next_x - x, y - next_y)  # a relative move: two numbers per line instead of six
        text_out(text, line)
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

    drawing = svg2rlg(path)
    if drawing is not None:
        # ReportLab's renderer starts every drawing by setting its default font, Helvetica, which a PDF then names
        # without embedding it (PDF/X forbids that) even when the drawing has no text: start it in the deck's
        # embedded font instead (a text of the SVG's own still names the font it asks for)
        drawing.initialFontName = font_for("regular")
    return drawing


def _image(canvas: Canvas, op: ImageOp) -> None:
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(op.clip.x, op.clip.y, op.clip.w, op.clip.h)
    canvas.clipPath(clip, stroke=0, fill=0)
    matte = {"matte": op.matte} if isinstance(canvas, PrintCanvas) else {}
    canvas.drawImage(op.path, op.draw.x, op.draw.y, op.draw.w, op.draw.h, mask="auto", **matte)
    canvas.restoreState()


def _symbol(canvas: Canvas, op: SymbolOp) -> None:
    canvas.saveState()
    width, height = _enter_frame(canvas, op.frame, op.rotation)
    op.draw(canvas, 0.0, 0.0, width, height, colour=op.colour, ink_saver=op.ink_saver)
    canvas.restoreState()


_PAINTERS = {ShapeOp: _shape, TextOp: _text, ImageOp: _image, SymbolOp: _symbol, _Fill: _set_fill}


def _label_text(canvas: Canvas, label: Label, words: str, start: float = 0.0) -> None:
    """Write words into a label's box, `start` points along its line."""
    canvas.saveState()
    _enter_frame(canvas, label.box, label.rotation)
    canvas.setFillColor(HexColor(LABEL_COLOUR))
    canvas.setFont(font_for("regular"), LABEL_SIZE)
    canvas.drawString(start, INK_BELOW * LABEL_SIZE, words)
    canvas.restoreState()


def _scale_bar(canvas: Canvas, label: Label, caption: str) -> None:
    """Draw a 50 mm bar of five 10 mm blocks, alternately filled, with its caption beside it."""
    canvas.saveState()
    _, depth = _enter_frame(canvas, label.box, label.rotation)
    canvas.setLineWidth(0.3)
    canvas.setStrokeColor(HexColor(LABEL_COLOUR))
    canvas.setFillColor(HexColor(LABEL_COLOUR))
    block = SCALE_LENGTH / 5
    for i in range(5):
        canvas.rect(i * block, (depth - SCALE_HEIGHT) / 2, block, SCALE_HEIGHT, stroke=1, fill=int(i % 2 == 0))
    canvas.setFont(font_for("regular"), SCALE_TEXT_SIZE)
    canvas.drawString(SCALE_LENGTH + SCALE_GAP, INK_BELOW * SCALE_TEXT_SIZE, caption)
    canvas.restoreState()
