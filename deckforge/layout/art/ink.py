"""Shared drawing helpers: fit a design into a box, paint shapes solid or ink-saving, build common paths.

Symbols are drawn in design units (usually a 100 × 100 square) and scaled to their box, so one drawing serves a
large centre symbol and a small corner index alike. `Ink` decides how a shape is painted: normal prints fill it in
the deck colour with a darker edge; ink-saver prints fill it with a light tint and outline it, so large solid areas
never reach a home printer.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from reportlab.lib.colors import CMYKColor, Color, white
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

from ...colour import parse_colour

Point = tuple[float, float]


def mix(colour: str | Color, other: Color, amount: float) -> Color:
    """Blend `amount` (0–1) of `other` into `colour`; a CMYK colour is blended in inks, so it stays CMYK."""
    base = parse_colour(colour) if isinstance(colour, str) else colour
    if not isinstance(base, CMYKColor):
        return Color(*(a + (b - a) * amount for a, b in zip(base.rgb(), other.rgb())))
    inks = tuple(base.density * v for v in (base.cyan, base.magenta, base.yellow, base.black))
    # Towards white is less of every ink; towards black is more black over the same colour inks.
    target = (0, 0, 0, 0) if other.rgb() == (1, 1, 1) else (*inks[:3], 1) if other.rgb() == (0, 0, 0) else None
    if target is None:
        from ...pdfx.canvas import press_colour

        target = press_colour(other).cmyk()
    return CMYKColor(*(a + (b - a) * amount for a, b in zip(inks, target)))


def tint(colour: str | Color, amount: float) -> Color:
    """Lighten towards white by `amount` (0 keeps the colour, 1 is white)."""
    return mix(colour, white, amount)


def shade(colour: str | Color, amount: float) -> Color:
    """Darken towards black by `amount`."""
    return mix(colour, Color(0, 0, 0), amount)


@contextmanager
def design_box(canvas, x: float, y: float, w: float, h: float, size: Point = (100, 100)) -> Iterator[float]:
    """Scale a drawing made in `size` design units to fit centred in the box, keeping its proportions."""
    design_w, design_h = size
    scale = min(w / design_w, h / design_h)
    canvas.saveState()
    canvas.translate(x + (w - design_w * scale) / 2, y + (h - design_h * scale) / 2)
    canvas.scale(scale, scale)
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    try:
        yield scale
    finally:
        canvas.restoreState()


@dataclass(frozen=True)
class Ink:
    """How to paint one symbol's shapes: body fill and edge, marks on top of a body, and open lines.

    `Ink.of` gives the two card styles: solid bodies with a darker edge, or (ink saver) a pale tint with a strong
    outline. `Ink.pattern` gives the quiet style of a back's repeated motif.
    """

    fill: Color
    edge_colour: Color
    edge: float  # visible outline width in design units
    detail_colour: Color
    pen_colour: Color
    outlined: bool  # marks are outlined rather than filled (ink saver)
    line_scale: float = 1.0  # open lines are drawn this much thinner or thicker

    @classmethod
    def of(cls, colour: str | Color, ink_saver: bool, edge: float = 2.5) -> "Ink":
        """Return the ink for a face symbol in the deck colour `colour`."""
        dark = shade(colour, 0.3)
        if ink_saver:
            line = shade(colour, 0.15)
            return cls(tint(colour, 0.85), line, edge, line, line, True, line_scale=0.7)
        solid = parse_colour(colour) if isinstance(colour, str) else colour
        return cls(solid, dark, edge * 0.5, white, solid, False)

    @classmethod
    def pattern(cls, motif: Color, ground: Color, ink_saver: bool, edge: float = 2.5) -> "Ink":
        """Return the ink for a back's motif: filled on a dark ground, thin outlines on a pale one."""
        if ink_saver:
            return cls(ground, motif, edge, motif, motif, True)
        return cls(motif, motif, 0, ground, motif, False)

    def body(self, canvas, path, even_odd: bool = False) -> None:
        """Fill a closed shape and edge it.

        The edge is stroked at twice its width and the fill painted over it, so only the outer half shows: shapes
        built from overlapping parts (a club's three leaves) get one clean outline around their union.
        """
        canvas.saveState()
        if self.edge:
            canvas.setStrokeColor(self.edge_colour)
            canvas.setLineWidth(self.edge * 2)
            canvas.drawPath(path, stroke=1, fill=0)
        canvas.setFillColor(self.fill)
        canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)
        canvas.restoreState()

    def mark(self, canvas, path, width: float = 2.0) -> None:
        """Paint a closed mark on top of a body: filled white on solid ink, outlined on ink-saver tints."""
        self.detail(canvas, path, width, fill=not self.outlined)

    def detail(self, canvas, path, width: float, fill: bool = False) -> None:
        """Stroke (or fill) marks on top of a body in the detail colour."""
        canvas.saveState()
        canvas.setStrokeColor(self.detail_colour)
        canvas.setFillColor(self.detail_colour)
        canvas.setLineWidth(width)
        canvas.drawPath(path, stroke=0 if fill else 1, fill=1 if fill else 0)
        canvas.restoreState()

    def line(self, canvas, path, width: float) -> None:
        """Stroke an open line (lines use little ink, so they stay in full colour)."""
        canvas.saveState()
        canvas.setStrokeColor(self.pen_colour)
        canvas.setLineWidth(width * self.line_scale)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()


def polygon(canvas, points: Sequence[Point]):
    """Return a closed straight-edged path through the points."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def polyline(canvas, points: Sequence[Point]):
    """Return an open straight-edged path through the points."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    return path


def smooth_closed(canvas, points: Sequence[Point], path=None, tension: float = 1.0):
    """Return (or extend) a closed smooth curve through the points (a Catmull-Rom spline as Béziers)."""
    path = path if path is not None else canvas.beginPath()
    count = len(points)
    path.moveTo(*points[0])
    for i in range(count):
        p0, p1, p2, p3 = (points[(i + k) % count] for k in (-1, 0, 1, 2))
        c1 = (p1[0] + (p2[0] - p0[0]) * tension / 6, p1[1] + (p2[1] - p0[1]) * tension / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) * tension / 6, p2[1] - (p3[1] - p1[1]) * tension / 6)
        path.curveTo(*c1, *c2, *p2)
    path.close()
    return path


def star_points(cx: float, cy: float, outer: float, inner: float, tips: int, turn: float = 90) -> list[Point]:
    """Return the corners of a star with `tips` points, the first pointing at `turn` degrees."""
    points = []
    for i in range(tips * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + i * 180 / tips)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def rotated(points: Sequence[Point], degrees: float, centre: Point = (0, 0)) -> list[Point]:
    """Return the points turned counter-clockwise about `centre`."""
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = centre
    return [(cx + (px - cx) * cos - (py - cy) * sin, cy + (px - cx) * sin + (py - cy) * cos) for px, py in points]


@contextmanager
def back_canvas(canvas, x: float, y: float, w: float, h: float, colour: str, ink_saver: bool) -> Iterator[Ink]:
    """Fill a back's whole box, clip drawing to it, and yield the ink its repeated motif should use.

    Normal prints get the deck colour with a lighter motif; ink-saver prints a near-white ground with thin pale
    outlines, so a sheet of backs costs almost no ink.
    """
    ground = tint(colour, 0.94) if ink_saver else parse_colour(colour)
    canvas.saveState()
    box = canvas.beginPath()
    box.rect(x, y, w, h)
    canvas.clipPath(box, stroke=0, fill=0)
    canvas.setFillColor(ground)
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    motif = tint(colour, 0.5) if ink_saver else tint(colour, 0.2)
    try:
        yield Ink.pattern(motif, ground, ink_saver)
    finally:
        canvas.restoreState()


def tile(x: float, y: float, w: float, h: float, step: float,
         motif: Callable[[float, float, int, int], None], stagger: bool = True, row_step: float | None = None) -> None:
    """Repeat `motif(cx, cy, column, row)` over the box on a grid of `step` (rows `row_step`, default `step`, apart).

    The grid is centred on the box so a back looks the same whichever way round the card is held; draw inside
    `back_canvas` so motifs that run over the edge are clipped.
    """
    row_step = row_step or step
    columns = int(w / step / 2) + 2
    rows = int(h / row_step / 2) + 2
    centre_x, centre_y = x + w / 2, y + h / 2
    for row in range(-rows, rows + 1):
        offset = step / 2 if stagger and row % 2 else 0
        for column in range(-columns, columns + 1):
            motif(centre_x + column * step + offset, centre_y + row * row_step, column, row)


def fitted(draw: Callable) -> Callable:
    """Turn `draw(canvas, ink)`, drawn in a 100 × 100 design box, into a symbol that fits any box."""
    def symbol(canvas, x, y, w, h, *, colour, ink_saver):
        with design_box(canvas, x, y, w, h):
            draw(canvas, Ink.of(colour, ink_saver))
    symbol.__doc__ = f"Fit `{getattr(draw, '__name__', 'the drawing')}` into the box."
    return symbol


def draw_fools_cap(canvas, ink: Ink, top: float = 0) -> None:
    """Draw a fool's cap: two points drooping sideways and one standing up, each ending in a bell.

    `top` raises the whole cap by that many design units, leaving room below it for the Joker's face.
    """
    canvas.saveState()
    canvas.translate(4, top + 4)
    canvas.scale(0.92, 0.92)
    left = canvas.beginPath()
    left.moveTo(46, 26)
    left.curveTo(40, 64, 18, 76, 5, 52)
    left.curveTo(16, 60, 26, 48, 20, 26)
    left.close()
    right = canvas.beginPath()
    right.moveTo(54, 26)
    right.curveTo(60, 64, 82, 76, 95, 52)
    right.curveTo(84, 60, 74, 48, 80, 26)
    right.close()
    middle = canvas.beginPath()
    middle.moveTo(37, 26)
    middle.curveTo(36, 58, 44, 80, 58, 90)
    middle.curveTo(56, 72, 66, 50, 63, 26)
    middle.close()
    for horn in (left, right, middle):
        ink.body(canvas, horn)
    band = canvas.beginPath()
    band.roundRect(14, 12, 72, 17, 6)
    ink.body(canvas, band)
    for bell_x, bell_y in ((6, 46), (94, 46), (60, 90)):
        bell = canvas.beginPath()
        bell.circle(bell_x, bell_y, 6)
        ink.body(canvas, bell)
    canvas.restoreState()
