"""Art for Záhada hlavolamu a Rychlé šípy: side badges, colour pips, the Ježek v kleci and the back.

Side badges are named after the deck's `side` values: an arrow for the Rapid Arrows, a cat's paw for the
Brotherhood of the Cat's Paw, a star for their allies. Colour pips come in four shapes so that a template can give
each colour its own shape and the colours stay apart in grayscale.
"""
from __future__ import annotations

import math

from ...layout.art import register
from ...layout.art.ink import Ink, back_canvas, design_box, fitted, polygon, shade, smooth_closed, star_points, tile


def draw_arrow(canvas, ink: Ink) -> None:
    """Draw an arrow flying up to the right, with a barbed head and two pairs of feathers."""
    canvas.saveState()
    canvas.translate(50, 50)
    canvas.rotate(-45)
    shaft = canvas.beginPath()
    shaft.rect(-3.2, -44, 6.4, 70)
    ink.body(canvas, shaft)
    ink.body(canvas, polygon(canvas, [(0, 50), (-13, 22), (0, 27), (13, 22)]))
    for y in (-46, -34):
        for side in (-1, 1):
            ink.body(canvas, polygon(canvas, [(0, y + 10), (11 * side, y), (11 * side, y - 6), (0, y + 2)]))
    canvas.restoreState()


def draw_paw(canvas, ink: Ink) -> None:
    """Draw a cat's paw print: a broad pad and four toes."""
    pad = [(30, 18), (50, 12), (70, 18), (80, 36), (66, 52), (50, 47), (34, 52), (20, 36)]
    ink.body(canvas, smooth_closed(canvas, pad, tension=0.9))
    for cx, cy, tilt in ((16, 60, 30), (38, 78, 10), (62, 78, -10), (84, 60, -30)):
        canvas.saveState()
        canvas.translate(cx, cy)
        canvas.rotate(tilt)
        toe = canvas.beginPath()
        toe.ellipse(-9, -12, 18, 24)
        ink.body(canvas, toe)
        canvas.restoreState()


def draw_ally_star(canvas, ink: Ink) -> None:
    """Draw a five-pointed star with a ring inside: the mark of a friend of the club."""
    ink.body(canvas, polygon(canvas, star_points(50, 48, 48, 20, 5)))
    ring = canvas.beginPath()
    ring.circle(50, 48, 10)
    ink.detail(canvas, ring, 3)


SIDE_BADGES = {"arrows": draw_arrow, "brotherhood": draw_paw, "ally": draw_ally_star}


def _pip_path(canvas, shape: str):
    """Return the closed path of a colour pip of the given shape."""
    if shape == "circle":
        path = canvas.beginPath()
        path.circle(50, 50, 40)
        return path
    if shape == "square":
        path = canvas.beginPath()
        path.roundRect(10, 10, 80, 80, 5)
        return path
    if shape == "triangle":
        return polygon(canvas, [(50, 94), (96, 14), (4, 14)])
    assert shape == "diamond", shape
    return polygon(canvas, [(50, 96), (90, 50), (50, 4), (10, 50)])


PIP_SHAPES = ("circle", "square", "triangle", "diamond")


for _name, _draw in SIDE_BADGES.items():
    register(_name)(fitted(_draw))
for _shape in PIP_SHAPES:
    register(f"pip-{_shape}")(fitted(lambda canvas, ink, shape=_shape: ink.body(canvas, _pip_path(canvas, shape))))


def _hedgehog(canvas, ink: Ink) -> None:
    """Draw a hedgehog facing right: a spiky back, a pointed snout, an eye and a nose."""
    spikes = []
    for i in range(23):
        angle = math.radians(176 - i * 7.4)
        reach = 1.0 if i % 2 == 0 else 0.78
        spikes.append((46 + 28 * reach * math.cos(angle), 20 + 28 * reach * math.sin(angle)))
    body = [(18, 20)] + spikes + [(66, 36), (80, 24), (70, 18)]
    ink.body(canvas, polygon(canvas, body))
    face = canvas.beginPath()
    face.moveTo(60, 20)
    face.curveTo(62, 32, 66, 34, 70, 32)
    ink.detail(canvas, face, 2)
    eye = canvas.beginPath()
    eye.circle(67, 27, 2.2)
    ink.detail(canvas, eye, 0, fill=True)
    nose = canvas.beginPath()
    nose.circle(80, 24, 2.6)
    ink.body(canvas, nose)


@register("jezek-v-kleci")
def jezek_v_kleci(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the Ježek v kleci: a hedgehog inside a round-topped cage with a ring to hang it by."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h):
        _hedgehog(canvas, ink)
        bar_width = 2.4 if ink_saver else 3.2
        bars = canvas.beginPath()
        for bar_x in (12, 27, 42, 58, 73, 88):
            top = 58 + 22 * math.sqrt(max(0.0, 1 - ((bar_x - 50) / 40) ** 2))
            # Filled thin bars rather than stroked lines, which would look like crop marks to a reader.
            bars.roundRect(bar_x - bar_width / 2, 14, bar_width, top - 14, bar_width / 2)
        dome = canvas.beginPath()
        dome.arc(10, 36, 90, 80, startAng=0, extent=180)
        canvas.saveState()
        bar_colour = ink.edge_colour if ink_saver else shade(colour, 0.55)
        canvas.setStrokeColor(bar_colour)
        canvas.setFillColor(bar_colour)
        canvas.setLineWidth(bar_width)
        canvas.drawPath(bars, stroke=0, fill=1)
        canvas.drawPath(dome, stroke=1, fill=0)
        ring = canvas.beginPath()
        ring.circle(50, 86, 5)
        canvas.drawPath(ring, stroke=1, fill=0)
        canvas.restoreState()
        base = canvas.beginPath()
        base.roundRect(4, 4, 92, 11, 3)
        ink.body(canvas, base)


@register("rychle-sipy-back")
def back(canvas, x, y, w, h, *, colour, ink_saver):
    """Fill the box with a herringbone of arrows, alternate rows flying the other way."""
    step = min(w, h) / 4.5

    def motif(cx, cy, column, row):
        size = step * 0.8
        canvas.saveState()
        canvas.translate(cx, cy)
        canvas.rotate(0 if row % 2 else 90)
        with design_box(canvas, -size / 2, -size / 2, size, size):
            draw_arrow(canvas, ink)
        canvas.restoreState()

    with back_canvas(canvas, x, y, w, h, colour, ink_saver) as ink:
        tile(x, y, w, h, step, motif, stagger=False)


from . import portraits  # noqa: E402,F401  (registers the boys' portraits beside the badges and pips)
