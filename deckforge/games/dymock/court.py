"""DYMOCK's court figures: the Jack, the Queen and the King as double-headed busts, like a French-suited deck.

Each figure is drawn once in the upper half of a 100 × 186 design box and again turned half round in the lower
half, the halves parted by a slanting band, so the card reads the same either way up. The figures differ in
headgear, hair and what they hold: the Jack a beret with a feather and a halberd, the Queen a tiara over long
hair and a flower, the King a crown, a full beard and a sword. The card template puts the suit's pip beside each
head, as printed decks do.
"""
from __future__ import annotations

import math
from typing import Callable

from ...layout.art import register
from ...layout.art.ink import Ink, design_box, polygon, smooth_closed

FIGURE_BOX = (100, 186)
MIDDLE = 93  # the centre of the card: each half is drawn from here up, its own y = 0


def _robe(canvas, ink: Ink) -> None:
    """Draw the shoulders, arms and chest, running below the middle so the parting band cuts them cleanly."""
    robe = canvas.beginPath()
    robe.moveTo(16, -10)
    robe.lineTo(17, 20)
    robe.curveTo(18, 31, 28, 37, 40, 40)
    robe.curveTo(45, 41.5, 55, 41.5, 60, 40)
    robe.curveTo(72, 37, 82, 31, 83, 20)
    robe.lineTo(84, -10)
    robe.close()
    ink.body(canvas, robe)
    for side in (-1, 1):  # where the arms meet the chest
        arm = canvas.beginPath()
        arm.moveTo(50 + side * 22, 35)
        arm.curveTo(50 + side * 19, 24, 50 + side * 18, 10, 50 + side * 19, -8)
        ink.detail(canvas, arm, 1.6)


def _head(canvas, ink: Ink, top: float = 73) -> None:
    """Draw a pale face with eyes, a nose and a mouth, its chin at y 43 and its crown at `top`."""
    face = canvas.beginPath()
    face.ellipse(38, 43, 24, top - 43)
    ink.body(canvas, face)
    inner = canvas.beginPath()
    inner.ellipse(40.2, 45.2, 19.6, top - 47.4)
    ink.mark(canvas, inner, 1.4)
    for eye_x in (45, 55):
        eye = canvas.beginPath()
        eye.circle(eye_x, 60, 0.9)
        ink.line(canvas, eye, 2.6)
    nose = canvas.beginPath()
    nose.moveTo(50, 59)
    nose.curveTo(48.4, 55, 48.6, 54, 50.8, 53.4)
    ink.line(canvas, nose, 1.5)
    mouth = canvas.beginPath()
    mouth.moveTo(46.5, 49.6)
    mouth.curveTo(48.5, 48, 51.5, 48, 53.5, 49.6)
    ink.line(canvas, mouth, 1.5)


def _hand(canvas, ink: Ink, x: float, y: float) -> None:
    """Draw a pale fist at (x, y), closed round what the figure holds."""
    fist = canvas.beginPath()
    fist.circle(x, y, 4.2)
    ink.body(canvas, fist)
    inner = canvas.beginPath()
    inner.circle(x, y, 2.8)
    ink.mark(canvas, inner, 1)


# -- the Jack -------------------------------------------------------------------------------------------------------

def _jack(canvas, ink: Ink) -> None:
    """Draw the Jack: a halberd, a doublet with a square collar, a page-boy bob and a beret with a feather."""
    ink.body(canvas, polygon(canvas, [(80, -10), (84, -10), (86, 84), (82, 84)]))  # the halberd's shaft
    blade = canvas.beginPath()
    blade.moveTo(85, 78)
    blade.curveTo(94, 76, 98, 70, 98, 62)
    blade.curveTo(94, 66, 90, 67, 85, 67)
    blade.close()
    ink.body(canvas, blade)
    ink.body(canvas, polygon(canvas, [(81.5, 83), (86.5, 83), (84, 92)]))
    _robe(canvas, ink)
    collar = polygon(canvas, [(36, 40), (64, 40), (60, 30), (40, 30)])
    ink.mark(canvas, collar, 1.4)
    for y in (8, 16, 24):
        button = canvas.beginPath()
        button.circle(50, y, 2.2)
        ink.mark(canvas, button, 1.2)
    _hand(canvas, ink, 82, 22)
    hair = smooth_closed(canvas, [(35, 46), (34, 62), (40, 72), (50, 75), (60, 72), (66, 62), (65, 46), (61, 50),
                                  (60, 62), (50, 66), (40, 62), (39, 50)], tension=0.8)
    _head(canvas, ink)
    ink.body(canvas, hair)
    beret = canvas.beginPath()
    beret.moveTo(30, 68)
    beret.curveTo(28, 80, 44, 86, 58, 85)
    beret.curveTo(72, 84, 76, 76, 70, 68)
    beret.curveTo(58, 72, 42, 72, 30, 68)
    beret.close()
    ink.body(canvas, beret)
    band = canvas.beginPath()
    band.moveTo(31, 69)
    band.curveTo(43, 73.5, 58, 73.5, 69.5, 69)
    band.curveTo(70, 71, 70, 72, 69, 73.5)
    band.curveTo(58, 77, 43, 77, 32, 73)
    band.close()
    ink.mark(canvas, band, 1.2)
    feather = canvas.beginPath()
    feather.moveTo(62, 80)
    feather.curveTo(68, 90, 76, 93, 80, 90)
    feather.curveTo(74, 89, 70, 84, 66, 78)
    feather.close()
    ink.body(canvas, feather)


# -- the Queen ------------------------------------------------------------------------------------------------------

def _queen(canvas, ink: Ink) -> None:
    """Draw the Queen: long hair over the shoulders, a necklace, a tiara and a flower held up beside her."""
    stem = canvas.beginPath()
    stem.moveTo(80, 30)
    stem.curveTo(84, 48, 82, 62, 84, 72)
    ink.line(canvas, stem, 2.6)
    leaf = canvas.beginPath()
    leaf.moveTo(83, 52)
    leaf.curveTo(88, 56, 94, 56, 96, 52)
    leaf.curveTo(92, 48, 86, 48, 83, 52)
    leaf.close()
    ink.body(canvas, leaf)
    for k in range(5):  # five round petals about a white heart
        petal = canvas.beginPath()
        angle = math.radians(90 + 72 * k)
        petal.circle(84 + 5.2 * math.cos(angle), 76 + 5.2 * math.sin(angle), 3.8)
        ink.body(canvas, petal)
    heart = canvas.beginPath()
    heart.circle(84, 76, 2.4)
    ink.mark(canvas, heart, 1)
    hair = smooth_closed(canvas, [(32, 30), (30, 52), (34, 70), (42, 78), (50, 79), (58, 78), (66, 70), (70, 52),
                                  (68, 30), (62, 34), (62, 56), (50, 66), (38, 56), (38, 34)], tension=0.8)
    ink.body(canvas, hair)
    _robe(canvas, ink)
    neckline = canvas.beginPath()
    neckline.moveTo(38, 41)
    neckline.curveTo(42, 30, 58, 30, 62, 41)
    neckline.close()
    ink.mark(canvas, neckline, 1.4)
    for k, x in enumerate((40, 45, 50, 55, 60)):  # a string of pearls below the neckline
        pearl = canvas.beginPath()
        pearl.circle(x, 26 - (2 if k in (1, 3) else 3 if k == 2 else 0), 1.9)
        ink.mark(canvas, pearl, 1)
    lacing = canvas.beginPath()  # the bodice laced down the middle
    for y in (18, 10, 2):
        lacing.moveTo(46, y + 4)
        lacing.lineTo(54, y)
        lacing.moveTo(54, y + 4)
        lacing.lineTo(46, y)
    ink.detail(canvas, lacing, 1.3)
    _hand(canvas, ink, 80, 30)
    _head(canvas, ink, top=72)
    fringe = canvas.beginPath()
    fringe.moveTo(38, 64)
    fringe.curveTo(40, 74, 60, 74, 62, 64)
    fringe.curveTo(56, 69, 44, 69, 38, 64)
    fringe.close()
    ink.body(canvas, fringe)
    tiara = polygon(canvas, [(37, 72), (38, 79), (43, 76), (46.5, 82), (50, 77), (53.5, 82), (57, 76), (62, 79),
                             (63, 72), (56, 74), (44, 74)])
    ink.body(canvas, tiara)
    for x, y in ((38, 80.5), (46.5, 83.5), (53.5, 83.5), (62, 80.5)):
        ball = canvas.beginPath()
        ball.circle(x, y, 1.8)
        ink.body(canvas, ball)


# -- the King -------------------------------------------------------------------------------------------------------

def _king(canvas, ink: Ink) -> None:
    """Draw the King: a sword held upright beside him, an ermine collar, a full beard and a tall crown."""
    ink.body(canvas, polygon(canvas, [(81, 34), (87, 34), (87, 82), (84, 88), (81, 82)]))  # the blade
    ink.body(canvas, polygon(canvas, [(74, 30), (94, 30), (94, 34), (74, 34)]))  # the cross-guard
    grip = canvas.beginPath()
    grip.roundRect(82, 16, 4, 14, 1.5)
    ink.body(canvas, grip)
    pommel = canvas.beginPath()
    pommel.circle(84, 14, 3)
    ink.body(canvas, pommel)
    _robe(canvas, ink)
    opening = polygon(canvas, [(47, 30), (53, 30), (54, -10), (46, -10)])  # the robe's fur-trimmed opening
    ink.mark(canvas, opening, 1.2)
    stole = canvas.beginPath()
    stole.moveTo(21, 30)
    stole.curveTo(32, 43, 68, 43, 79, 30)
    stole.curveTo(81, 27, 81, 25, 80, 22)
    stole.curveTo(68, 33, 32, 33, 20, 22)
    stole.curveTo(19, 25, 19, 27, 21, 30)
    stole.close()
    ink.mark(canvas, stole, 1.4)
    _hand(canvas, ink, 84, 23)
    for x, y in ((29, 31), (40, 34.5), (60, 34.5), (71, 31)):  # the ermine's black tails
        tail = polygon(canvas, [(x - 1.6, y + 1.6), (x + 1.6, y + 1.6), (x, y - 2.4)])
        ink.body(canvas, tail)
    _head(canvas, ink, top=72)
    beard = canvas.beginPath()
    beard.moveTo(38, 56)
    beard.curveTo(37, 42, 44, 32, 50, 31)
    beard.curveTo(56, 32, 63, 42, 62, 56)
    beard.curveTo(60, 50, 56, 48, 50, 49)
    beard.curveTo(44, 48, 40, 50, 38, 56)
    beard.close()
    ink.body(canvas, beard)
    moustache = canvas.beginPath()
    moustache.moveTo(50, 52.6)
    moustache.curveTo(46, 54.6, 42, 53, 40.5, 50)
    moustache.curveTo(44, 51.4, 47, 51, 50, 50.4)
    moustache.curveTo(53, 51, 56, 51.4, 59.5, 50)
    moustache.curveTo(58, 53, 54, 54.6, 50, 52.6)
    moustache.close()
    ink.body(canvas, moustache)
    crown = polygon(canvas, [(36, 70), (34, 85), (42, 78), (50, 88), (58, 78), (66, 85), (64, 70)])
    ink.body(canvas, crown)
    for x, y in ((34, 86.5), (50, 89), (66, 86.5)):
        ball = canvas.beginPath()
        ball.circle(x, y, 2.6)
        ink.body(canvas, ball)
    band = polygon(canvas, [(36.4, 71.5), (63.6, 71.5), (63.2, 76), (36.8, 76)])
    ink.mark(canvas, band, 1.2)
    for x in (43, 50, 57):
        jewel = canvas.beginPath()
        jewel.circle(x, 73.75, 1.3)
        ink.body(canvas, jewel)


def _double(draw_half: Callable) -> Callable:
    """Turn a half figure into a symbol: the half above the parting band, and again turned below it."""
    def symbol(canvas, x, y, w, h, *, colour, ink_saver):
        ink = Ink.of(colour, ink_saver, edge=2)
        with design_box(canvas, x, y, w, h, size=FIGURE_BOX):
            for turn in (0, 180):
                canvas.saveState()
                canvas.translate(50, MIDDLE)
                canvas.rotate(turn)
                half = polygon(canvas, [(-50, -6), (50, 6), (50, MIDDLE), (-50, MIDDLE)])
                canvas.clipPath(half, stroke=0, fill=0)
                canvas.translate(-50, 0)
                draw_half(canvas, ink)
                canvas.restoreState()
            ink.body(canvas, polygon(canvas, [(0, MIDDLE - 7.2), (100, MIDDLE + 4.8), (100, MIDDLE + 7.2),
                                              (0, MIDDLE - 4.8)]))
    symbol.__doc__ = f"{draw_half.__doc__} Twice: the second turned half round below the band."
    return symbol


register("court-jack")(_double(_jack))
register("court-queen")(_double(_queen))
register("court-king")(_double(_king))
