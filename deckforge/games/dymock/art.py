"""Art for DYMOCK: the four French suit pips (named like the deck's suit ids), the Joker and the back."""
from __future__ import annotations

from ...layout.art import register
from ...layout.art.ink import Ink, back_canvas, design_box, draw_fools_cap, fitted, polygon, tile


def draw_hearts(canvas, ink: Ink) -> None:
    """Draw a heart."""
    heart = canvas.beginPath()
    heart.moveTo(50, 8)
    heart.curveTo(38, 26, 7, 42, 7, 66)
    heart.curveTo(7, 82, 19, 93, 31, 93)
    heart.curveTo(42, 93, 48, 86, 50, 76)
    heart.curveTo(52, 86, 58, 93, 69, 93)
    heart.curveTo(81, 93, 93, 82, 93, 66)
    heart.curveTo(93, 42, 62, 26, 50, 8)
    heart.close()
    ink.body(canvas, heart)


def draw_diamonds(canvas, ink: Ink) -> None:
    """Draw a diamond (rhombus) with slightly hollow sides."""
    diamond = canvas.beginPath()
    diamond.moveTo(50, 5)
    diamond.curveTo(59, 21, 70, 36, 84, 50)
    diamond.curveTo(70, 64, 59, 79, 50, 95)
    diamond.curveTo(41, 79, 30, 64, 16, 50)
    diamond.curveTo(30, 36, 41, 21, 50, 5)
    diamond.close()
    ink.body(canvas, diamond)


def _stem(canvas, top: float):
    """Return the flared stem shared by clubs and spades, from y=`top` down to the foot."""
    stem = canvas.beginPath()
    stem.moveTo(46, top)
    stem.curveTo(46, 28, 42, 14, 31, 6)
    stem.lineTo(69, 6)
    stem.curveTo(58, 14, 54, 28, 54, top)
    stem.close()
    return stem


def draw_clubs(canvas, ink: Ink) -> None:
    """Draw a club: three round leaves on a flared stem."""
    club = _stem(canvas, 48)
    for cx, cy, radius in ((50, 72, 19), (29, 46, 19), (71, 46, 19), (50, 52, 10)):
        club.circle(cx, cy, radius)
    ink.body(canvas, club)


def draw_spades(canvas, ink: Ink) -> None:
    """Draw a spade: an upturned heart on a flared stem."""
    spade = _stem(canvas, 40)
    spade.moveTo(50, 96)
    spade.curveTo(40, 78, 8, 64, 8, 42)
    spade.curveTo(8, 28, 18, 20, 30, 20)
    spade.curveTo(40, 20, 47, 26, 50, 34)
    spade.curveTo(53, 26, 60, 20, 70, 20)
    spade.curveTo(82, 20, 92, 28, 92, 42)
    spade.curveTo(92, 64, 60, 78, 50, 96)
    spade.close()
    ink.body(canvas, spade)


SUIT_PIPS = {"hearts": draw_hearts, "diamonds": draw_diamonds, "clubs": draw_clubs, "spades": draw_spades}


for _name, _draw in SUIT_PIPS.items():
    register(_name)(fitted(_draw))


@register("joker")
def joker(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the Joker: a grinning face under a three-pointed fool's cap with bells."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h, size=(100, 130)):
        face = canvas.beginPath()
        face.circle(50, 32, 25)
        ink.body(canvas, face)
        draw_fools_cap(canvas, ink, top=30)
        smile = canvas.beginPath()
        smile.arc(36, 14, 64, 38, startAng=200, extent=140)
        ink.detail(canvas, smile, 3.2)
        for eye_x in (41, 59):
            eye = canvas.beginPath()
            eye.circle(eye_x, 38, 3.4)
            ink.detail(canvas, eye, 0, fill=True)


@register("dymock-back")
def back(canvas, x, y, w, h, *, colour, ink_saver):
    """Fill the box with a trellis of diamonds, each with a small pip at its heart."""
    step = min(w, h) / 6

    def motif(cx, cy, column, row):
        _trellis_cell(canvas, ink, cx, cy, step / 2)

    with back_canvas(canvas, x, y, w, h, colour, ink_saver) as ink:
        tile(x, y, w, h, step, motif, row_step=step / 2)


def _trellis_cell(canvas, ink: Ink, cx: float, cy: float, half: float) -> None:
    """Draw one diamond of the trellis and the small diamond inside it."""
    canvas.setStrokeColor(ink.pen_colour)
    canvas.setLineWidth(half * 0.05)
    outer = polygon(canvas, [(cx, cy + half), (cx + half, cy), (cx, cy - half), (cx - half, cy)])
    canvas.drawPath(outer, stroke=1, fill=0)
    with design_box(canvas, cx - half * 0.35, cy - half * 0.35, half * 0.7, half * 0.7):
        draw_diamonds(canvas, ink)


from . import court  # noqa: E402,F401  (registers the court figures beside the pips)
