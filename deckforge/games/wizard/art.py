"""Art for Wizard: the four suit emblems (crown, leaf, hammer, mountain), the Wizard's hat, the Jester's cap, the back.

The emblems differ in outline, not only in colour, so suits stay apart on a black-and-white print. The Wizard is one
tall pointed hat and the Jester a cap of three drooping points with bells: two silhouettes no one confuses.
"""
from __future__ import annotations

from ...layout.art import register
from ...layout.art.ink import Ink, back_canvas, design_box, draw_fools_cap, fitted, polygon, polyline, star_points, tile


def draw_crown(canvas, ink: Ink) -> None:
    """Draw a three-pointed crown with a jewelled band."""
    ink.body(canvas, polygon(canvas, [(17, 34), (12, 74), (33, 54), (50, 86), (67, 54), (88, 74), (83, 34)]))
    band = canvas.beginPath()
    band.roundRect(14, 14, 72, 22, 4)
    ink.body(canvas, band)
    for cx, cy in ((12, 76), (50, 88), (88, 76)):
        jewel = canvas.beginPath()
        jewel.circle(cx, cy, 6.5)
        ink.body(canvas, jewel)
    for cx in (30, 50, 70):
        gem = canvas.beginPath()
        gem.circle(cx, 25, 4)
        ink.mark(canvas, gem)


def draw_leaf(canvas, ink: Ink) -> None:
    """Draw a tilted leaf with its stem, midrib and veins."""
    canvas.saveState()
    canvas.translate(50, 50)
    canvas.rotate(-38)
    ink.line(canvas, polyline(canvas, [(0, -36), (0, -50)]), 5)
    leaf = canvas.beginPath()
    leaf.moveTo(0, -38)
    leaf.curveTo(34, -22, 28, 24, 0, 48)
    leaf.curveTo(-28, 24, -34, -22, 0, -38)
    leaf.close()
    ink.body(canvas, leaf)
    ink.detail(canvas, polyline(canvas, [(0, -34), (0, 38)]), 3)
    for y in (-18, 0, 18):
        ink.detail(canvas, polyline(canvas, [(-15, y + 10), (0, y - 2), (15, y + 10)]), 2.4)
    canvas.restoreState()


def draw_hammer(canvas, ink: Ink) -> None:
    """Draw a tilted smith's hammer: a long handle and a heavy head."""
    canvas.saveState()
    canvas.translate(61, 45)
    canvas.scale(0.92, 0.92)
    canvas.rotate(32)
    handle = canvas.beginPath()
    handle.roundRect(-6, -46, 12, 70, 5)
    ink.body(canvas, handle)
    head = canvas.beginPath()
    head.moveTo(-34, 18)
    head.lineTo(30, 18)
    head.lineTo(34, 22)
    head.lineTo(34, 38)
    head.lineTo(30, 42)
    head.lineTo(-34, 42)
    head.close()
    ink.body(canvas, head)
    for x in (-22, 20):
        ink.detail(canvas, polyline(canvas, [(x, 22), (x, 38)]), 2.6)
    for y in (-40, -33):
        ink.detail(canvas, polyline(canvas, [(-4, y), (4, y)]), 2.4)
    canvas.restoreState()


def draw_mountain(canvas, ink: Ink) -> None:
    """Draw two peaks, the higher one capped with snow."""
    ink.body(canvas, polygon(canvas, [(4, 14), (30, 58), (44, 40), (58, 14)]))
    ink.body(canvas, polygon(canvas, [(22, 14), (56, 86), (96, 14)]))
    cap = polygon(canvas, [(45, 63), (56, 86), (68, 61), (62, 66), (56, 58), (51, 66)])
    ink.mark(canvas, cap)


EMBLEMS = {"crown": draw_crown, "leaf": draw_leaf, "hammer": draw_hammer, "mountain": draw_mountain}


for _name, _draw in EMBLEMS.items():
    register(_name)(fitted(_draw))


@register("wizard")
def wizard(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the Wizard: a tall pointed hat with a wide brim, a star and a crescent moon."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h):
        hat = canvas.beginPath()
        hat.moveTo(24, 24)
        hat.curveTo(34, 46, 40, 74, 62, 96)
        hat.curveTo(60, 78, 70, 46, 78, 24)
        hat.close()
        ink.body(canvas, hat)
        brim = canvas.beginPath()
        brim.ellipse(6, 10, 88, 22)
        ink.body(canvas, brim)
        ink.mark(canvas, polygon(canvas, star_points(50, 46, 10, 4.2, 5)))
        moon = canvas.beginPath()
        moon.moveTo(63, 76)
        moon.curveTo(50, 77, 50, 59, 63, 60)
        moon.curveTo(56, 63, 56, 73, 63, 76)
        moon.close()
        ink.mark(canvas, moon)


@register("jester")
def jester(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the Jester: a fool's cap with three belled points."""
    with design_box(canvas, x, y, w, h):
        draw_fools_cap(canvas, Ink.of(colour, ink_saver))


@register("wizard-back")
def back(canvas, x, y, w, h, *, colour, ink_saver):
    """Fill the box with a night sky of alternating large and small stars."""
    step = min(w, h) / 5

    def motif(cx, cy, column, row):
        size = step * (0.6 if (column + row) % 2 == 0 else 0.3)
        with design_box(canvas, cx - size / 2, cy - size / 2, size, size):
            ink.body(canvas, polygon(canvas, star_points(50, 50, 48, 20, 5)))

    with back_canvas(canvas, x, y, w, h, colour, ink_saver) as ink:
        tile(x, y, w, h, step, motif)
