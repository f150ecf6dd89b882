"""Art for Kámen, nůžky, papír: the three items, the changer that becomes any of them, the spell mark, the back.

Each item is drawn in a 100 × 100 design square by a `draw_*` function so the changer and the back can reuse it at
any size; the registered symbols fit it into their box.
"""
from __future__ import annotations

import math

from ...layout.art import register
from ...layout.art.ink import Ink, back_canvas, design_box, fitted, polygon, polyline, rotated, smooth_closed, tile


def draw_rock(canvas, ink: Ink) -> None:
    """Draw a faceted boulder resting on its flat side."""
    outline = [(10, 26), (16, 52), (34, 76), (60, 82), (82, 66), (92, 40), (84, 18), (50, 12), (22, 14)]
    ink.body(canvas, smooth_closed(canvas, outline, tension=0.55))
    ink.detail(canvas, polyline(canvas, [(30, 58), (46, 50), (62, 62), (72, 48)]), 3.2)
    ink.detail(canvas, polyline(canvas, [(46, 50), (44, 30)]), 3.2)
    ink.detail(canvas, polyline(canvas, [(66, 30), (76, 26)]), 3.2)


def _scissor_half(canvas, ink: Ink, pivot: tuple[float, float], degrees: float, mirror: float) -> None:
    """Draw one blade with its finger ring, turned about the pivot."""
    px, py = pivot
    blade = [(-5 * mirror, -6), (-5 * mirror, 28), (1 * mirror, 50), (6 * mirror, 26), (5 * mirror, -6)]
    shank = [(-4 * mirror, -6), (4 * mirror, -6), (10 * mirror, -24), (2 * mirror, -26)]
    ring_centre = rotated([(8 * mirror, -37)], degrees)[0]

    def place(points):
        return [(px + qx, py + qy) for qx, qy in rotated(points, degrees)]

    ink.body(canvas, polygon(canvas, place(blade + shank[2:])))
    ring = canvas.beginPath()
    ring.circle(px + ring_centre[0], py + ring_centre[1], 14)
    ring.circle(px + ring_centre[0], py + ring_centre[1], 8)
    ink.body(canvas, ring, even_odd=True)


def draw_scissors(canvas, ink: Ink) -> None:
    """Draw open scissors: two crossed blades pointing up, finger rings below."""
    pivot = (50, 50)
    _scissor_half(canvas, ink, pivot, 22, 1)
    _scissor_half(canvas, ink, pivot, -22, -1)
    screw = canvas.beginPath()
    screw.circle(*pivot, 3.2)
    ink.detail(canvas, screw, 0, fill=True)


def draw_paper(canvas, ink: Ink) -> None:
    """Draw a written sheet with a folded corner."""
    ink.body(canvas, polygon(canvas, [(20, 8), (80, 8), (80, 72), (64, 92), (20, 92)]))
    ink.detail(canvas, polyline(canvas, [(64, 92), (64, 72), (80, 72)]), 3)
    for row, length in enumerate((21, 40, 40, 40, 28)):
        # Lines of writing as thin filled bars: bare horizontal strokes would look like crop marks to a reader.
        writing = canvas.beginPath()
        writing.roundRect(30, 72 - row * 12, length, 4, 2)
        ink.detail(canvas, writing, 0, fill=True)


ITEM_DRAWINGS = {"rock": draw_rock, "scissors": draw_scissors, "paper": draw_paper}


for _name, _draw in ITEM_DRAWINGS.items():
    register(_name)(fitted(_draw))


def _cycle_arrow(canvas, ink: Ink, start: float, end: float, radius: float) -> None:
    """Draw an arc arrow around (50, 50) from angle `start` to `end` (degrees, counter-clockwise)."""
    arc = canvas.beginPath()
    arc.arc(50 - radius, 50 - radius, 50 + radius, 50 + radius, startAng=start, extent=end - start)
    ink.line(canvas, arc, 4)
    tip = math.radians(end)
    tx, ty = 50 + radius * math.cos(tip), 50 + radius * math.sin(tip)
    head = rotated([(0, 0), (-9, 5), (-9, -5)], end + 90)
    ink.line(canvas, polygon(canvas, [(tx + hx, ty + hy) for hx, hy in head]), 4)


def _cycle_arrows(canvas, ink: Ink) -> None:
    """Draw three arc arrows in the gaps between items placed at 90, 210 and 330 degrees round (50, 50)."""
    for angle in (90, 210, 330):
        _cycle_arrow(canvas, ink, angle + 40, angle + 80, 40)


@register("cycle")
def cycle(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw only the three arrows of the changer's cycle, for templates that place the items themselves.

    An item placed centred at 90, 210 or 330 degrees on a circle through 33 % of the box from its centre, 38 %
    of the box wide, sits between the arrows.
    """
    with design_box(canvas, x, y, w, h):
        _cycle_arrows(canvas, Ink.of(colour, ink_saver))


@register("changer")
def changer(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw all three items round a circle joined by arrows: the card becomes whichever is named."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h):
        _cycle_arrows(canvas, ink)
        for angle, draw in zip((90, 210, 330), (draw_rock, draw_scissors, draw_paper)):
            cx = 50 + 33 * math.cos(math.radians(angle))
            cy = 50 + 33 * math.sin(math.radians(angle))
            with design_box(canvas, cx - 19, cy - 19, 38, 38):
                draw(canvas, ink)


def sparkle_path(canvas, cx: float, cy: float, radius: float):
    """Return a four-pointed sparkle with concave sides."""
    path = canvas.beginPath()
    tips = [(cx, cy + radius), (cx + radius, cy), (cx, cy - radius), (cx - radius, cy)]
    path.moveTo(*tips[0])
    for (tx, ty), (nx, ny) in zip(tips, tips[1:] + tips[:1]):
        # Pull both control points close to the centre so the sides curve inwards.
        path.curveTo(cx + (tx - cx) * 0.12, cy + (ty - cy) * 0.12, cx + (nx - cx) * 0.12, cy + (ny - cy) * 0.12, nx, ny)
    path.close()
    return path


@register("spell")
def spell(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the spell mark: a large sparkle with two small ones."""
    ink = Ink.of(colour, ink_saver, edge=1.6)
    with design_box(canvas, x, y, w, h):
        ink.body(canvas, sparkle_path(canvas, 45, 45, 40))
        ink.body(canvas, sparkle_path(canvas, 82, 82, 13))
        ink.body(canvas, sparkle_path(canvas, 84, 18, 9))


@register("kamen-nuzky-papir-back")
def back(canvas, x, y, w, h, *, colour, ink_saver):
    """Fill the box with rows of rocks, scissors and papers on the deck colour."""
    drawings = (draw_rock, draw_scissors, draw_paper)
    step = min(w, h) / 4.2

    def motif(cx, cy, column, row):
        with design_box(canvas, cx - step * 0.32, cy - step * 0.32, step * 0.64, step * 0.64):
            drawings[(column + row) % 3](canvas, ink)

    with back_canvas(canvas, x, y, w, h, colour, ink_saver) as ink:
        tile(x, y, w, h, step, motif)
