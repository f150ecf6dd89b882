"""Portraits of the five boys of the Rychlé šípy club, drawn to sit in the ring of their character cards.

The seed's motto names the club: Mirek Dušín, Jarka Metelka, Jindra Hojer, Rychlonožka and Červenáček. Each is a
head and shoulders in one colour (the card's), told apart by hair and headgear so that they stay apart on a
black-and-white print: Mirek, the leader, with neatly parted hair and the club's neckerchief; Jarka in a peaked
cap; Jindra with a mop of curls; Rychlonožka, the runner, with spiky hair and a striped jersey; Červenáček, the
youngest, in a beret, with the round cheeks that give him his name. The looks are ours, not the books'.
"""
from __future__ import annotations

import math
from typing import Callable

from ...layout.art import register
from ...layout.art.ink import Ink, design_box, polygon, smooth_closed


def _shoulders(canvas, ink: Ink) -> None:
    """Draw the shirt, its collar and the neck."""
    shirt = canvas.beginPath()
    shirt.moveTo(6, -4)
    shirt.curveTo(8, 18, 20, 27, 38, 30)
    shirt.curveTo(44, 31, 56, 31, 62, 30)
    shirt.curveTo(80, 27, 92, 18, 94, -4)
    shirt.close()
    ink.body(canvas, shirt)
    neck = canvas.beginPath()
    neck.roundRect(43, 24, 14, 18, 4)
    ink.body(canvas, neck)
    inner = canvas.beginPath()
    inner.roundRect(44.6, 25.6, 10.8, 16, 3)
    ink.mark(canvas, inner, 1.2)
    for side in (-1, 1):  # the shirt's collar points
        ink.mark(canvas, polygon(canvas, [(50 + side * 7.5, 31), (50 + side * 1.5, 23), (50 + side * 10, 25)]), 1.2)


def _face(canvas, ink: Ink, ears: bool = True) -> None:
    """Draw the ears, a pale face, eyebrows, eyes, a nose and a smile."""
    if ears:
        for x in (33.5, 66.5):
            ear = canvas.beginPath()
            ear.circle(x, 56, 5)
            ink.body(canvas, ear)
            inner = canvas.beginPath()
            inner.circle(x, 56, 3.3)
            ink.mark(canvas, inner, 1)
    face = canvas.beginPath()
    face.ellipse(34, 38, 32, 40)
    ink.body(canvas, face)
    inner = canvas.beginPath()
    inner.ellipse(36.2, 40.2, 27.6, 35.6)
    ink.mark(canvas, inner, 1.4)
    for side in (-1, 1):
        eye = canvas.beginPath()
        eye.circle(50 + side * 6.5, 58, 1.2)
        ink.line(canvas, eye, 2.8)
        brow = canvas.beginPath()
        brow.moveTo(50 + side * 3.5, 63.5)
        brow.curveTo(50 + side * 5.5, 65, 50 + side * 8, 65, 50 + side * 10, 63.5)
        ink.line(canvas, brow, 1.8)
    nose = canvas.beginPath()
    nose.moveTo(50, 57)
    nose.curveTo(48, 52, 48.5, 51, 51, 50.5)
    ink.line(canvas, nose, 1.6)
    smile = canvas.beginPath()
    smile.moveTo(44, 46.5)
    smile.curveTo(47, 43, 53, 43, 56, 46.5)
    ink.line(canvas, smile, 1.8)


def _mirek(canvas, ink: Ink) -> None:
    """Draw Mirek Dušín: hair parted on his left and swept up in front, the club's neckerchief knotted at the neck."""
    _shoulders(canvas, ink)
    scarf = polygon(canvas, [(38, 30), (62, 30), (50, 12)])
    ink.mark(canvas, scarf, 1.4)
    knot = canvas.beginPath()
    knot.circle(50, 28, 3.4)
    ink.body(canvas, knot)
    _face(canvas, ink)
    hair = canvas.beginPath()
    hair.moveTo(33, 56)
    hair.curveTo(29, 76, 40, 86, 53, 86)
    hair.curveTo(66, 86, 72, 76, 67, 56)
    hair.curveTo(65, 62, 60, 64, 54, 66)  # the sweep falls from the parting across to his right temple
    hair.curveTo(48, 68, 44, 70, 41, 72)
    hair.curveTo(39, 68, 37, 63, 33, 56)
    hair.close()
    ink.body(canvas, hair)
    parting = canvas.beginPath()
    parting.moveTo(41, 72)
    parting.curveTo(41, 77, 42, 81, 44, 85)
    ink.detail(canvas, parting, 1.8)
    for k in range(3):  # combed lines along the sweep
        comb = canvas.beginPath()
        comb.moveTo(46 + k * 6, 80 - k * 1.5)
        comb.curveTo(52 + k * 5, 78 - k * 2, 58 + k * 3, 74 - k * 3, 62 + k * 2, 68 - k * 3)
        ink.detail(canvas, comb, 1.1)


def _jarka(canvas, ink: Ink) -> None:
    """Draw Jarka Metelka: a peaked cap pulled straight, with a button on top, over short hair."""
    _shoulders(canvas, ink)
    _face(canvas, ink)
    for side in (-1, 1):  # short hair below the cap
        ink.body(canvas, polygon(canvas, [(50 + side * 16.5, 56), (50 + side * 17.5, 68), (50 + side * 12, 67)]))
    crown = canvas.beginPath()
    crown.moveTo(32, 66)
    crown.curveTo(31, 82, 40, 88, 50, 88)
    crown.curveTo(60, 88, 69, 82, 68, 66)
    crown.close()
    ink.body(canvas, crown)
    for x in (41, 59):  # the seams of the cap's panels
        seam = canvas.beginPath()
        seam.moveTo(x, 67)
        seam.curveTo(x + (50 - x) * 0.3, 78, x + (50 - x) * 0.7, 85, 50, 87)
        ink.detail(canvas, seam, 1.3)
    visor = canvas.beginPath()
    visor.moveTo(29, 67)
    visor.curveTo(36, 60, 64, 60, 71, 67)
    visor.curveTo(62, 69, 38, 69, 29, 67)
    visor.close()
    ink.body(canvas, visor)
    button = canvas.beginPath()
    button.circle(50, 88.5, 2.6)
    ink.body(canvas, button)


def _jindra(canvas, ink: Ink) -> None:
    """Draw Jindra Hojer: a thick mop of curls over his forehead and ears."""
    _shoulders(canvas, ink)
    _face(canvas, ink, ears=False)
    curls = canvas.beginPath()
    for k in range(11):  # round curls along an arch over the head
        angle = math.radians(190 - k * 20)
        curls.circle(50 + 19 * math.cos(angle), 62 + 20 * math.sin(angle), 6.4)
    curls.circle(43, 72, 6)
    curls.circle(55, 73, 6)
    ink.body(canvas, curls)
    for x, y in ((38, 76), (50, 81), (61, 77), (31, 63), (69, 63)):  # the shine on a few curls
        shine = canvas.beginPath()
        shine.arc(x - 3, y - 3, x + 3, y + 3, startAng=40, extent=110)
        ink.detail(canvas, shine, 1.2)


def _rychlonozka(canvas, ink: Ink) -> None:
    """Draw Rychlonožka, the runner: a striped jersey and short spiky hair standing up from running."""
    _shoulders(canvas, ink)
    for y in (4, 13):  # the jersey's stripes, following the chest's curve
        stripe = canvas.beginPath()
        stripe.moveTo(9, y)
        stripe.curveTo(30, y + 5, 70, y + 5, 91, y)
        stripe.lineTo(91.5, y + 4)
        stripe.curveTo(70, y + 9, 30, y + 9, 8.5, y + 4)
        stripe.close()
        ink.mark(canvas, stripe, 1.2)
    _face(canvas, ink)
    spikes = [(33, 60), (31, 70)]
    for k in range(8):
        x = 34 + k * 4.6
        spikes += [(x, 77 + (k % 2) * 2), (x + 2.3, 88 - abs(k - 3.5) * 1.4)]
    spikes += [(70, 70), (67, 60), (63, 68), (50, 71), (37, 68)]
    ink.body(canvas, polygon(canvas, spikes))


def _cervenacek(canvas, ink: Ink) -> None:
    """Draw Červenáček, the youngest: a beret tilted to one side, a fringe, round cheeks and freckles."""
    _shoulders(canvas, ink)
    _face(canvas, ink)
    for side in (-1, 1):
        cheek = canvas.beginPath()
        cheek.circle(50 + side * 10, 50, 3.6)
        ink.line(canvas, cheek, 1.2)
        for dx, dy in ((-1.2, 0.6), (1.4, 1.2), (0.2, -1.2)):
            freckle = canvas.beginPath()
            freckle.circle(50 + side * 10 + dx, 50 + dy, 0.45)
            ink.line(canvas, freckle, 1)
    fringe = smooth_closed(canvas, [(34, 62), (36, 70), (50, 74), (64, 70), (66, 62), (60, 66), (54, 64), (48, 67),
                                    (42, 64)], tension=0.7)
    ink.body(canvas, fringe)
    beret = canvas.beginPath()
    beret.moveTo(30, 68)
    beret.curveTo(26, 80, 40, 88, 56, 87)
    beret.curveTo(72, 86, 78, 78, 72, 70)
    beret.curveTo(60, 74, 42, 73, 30, 68)
    beret.close()
    ink.body(canvas, beret)
    stalk = polygon(canvas, [(58, 86), (61, 86), (62, 91), (58.5, 91)])  # the beret's little stalk
    ink.body(canvas, stalk)


def _portrait(draw: Callable) -> Callable:
    """Turn a drawing into a symbol: the head and shoulders, cut to a circle that fills the box."""
    def symbol(canvas, x, y, w, h, *, colour, ink_saver):
        ink = Ink.of(colour, ink_saver, edge=2)
        with design_box(canvas, x, y, w, h):
            round_frame = canvas.beginPath()
            round_frame.circle(50, 50, 49)
            canvas.clipPath(round_frame, stroke=0, fill=0)
            draw(canvas, ink)
    symbol.__doc__ = draw.__doc__
    return symbol


PORTRAITS = {"mirek": _mirek, "jarka": _jarka, "jindra": _jindra, "rychlonozka": _rychlonozka,
             "cervenacek": _cervenacek}

for _name, _draw in PORTRAITS.items():
    register(f"portrait-{_name}")(_portrait(_draw))
