"""The court figures of the French-suited standard playing cards (templates/cards/standard.yaml): `king`, `queen`
and `jack`, busts drawn in one colour like the suit pips, told apart by their headgear as on a printed deck: the
king wears a crown and a full beard, the queen a small coronet over long hair and holds a rose, the jack a feathered
cap. The card template draws each figure twice, the second turned round, for a double-ended court card.
"""
from __future__ import annotations

from . import register
from .ink import Ink, design_box, polygon, star_points


def _robe(canvas, ink: Ink) -> None:
    """Draw the shoulders and chest the three figures share, with buttons down the middle."""
    robe = canvas.beginPath()
    robe.moveTo(8, 3)
    robe.curveTo(8, 24, 16, 34, 32, 38)
    robe.curveTo(40, 40, 44, 41, 50, 41)
    robe.curveTo(56, 41, 60, 40, 68, 38)
    robe.curveTo(84, 34, 92, 24, 92, 3)
    robe.close()
    ink.body(canvas, robe)
    for y in (10, 19, 28):
        button = canvas.beginPath()
        button.circle(50, y, 2.4)
        ink.mark(canvas, button, 1.2)


def _face(canvas, ink: Ink, moustache: bool) -> None:
    """Draw the head: a pale face in an outline, with eyes and a nose, and a moustache if asked."""
    face = canvas.beginPath()
    face.ellipse(38, 40, 24, 30)
    ink.body(canvas, face)
    inner = canvas.beginPath()
    inner.ellipse(40.5, 42.5, 19, 25)
    ink.mark(canvas, inner, 1.4)
    for eye_x in (45.5, 54.5):
        eye = canvas.beginPath()
        eye.circle(eye_x, 58, 0.9)
        ink.line(canvas, eye, 2.6)
    nose = canvas.beginPath()
    nose.moveTo(50, 57)
    nose.curveTo(48.4, 53, 49, 51.5, 50.8, 51)
    ink.line(canvas, nose, 1.5)
    if moustache:
        lip = canvas.beginPath()
        lip.moveTo(50, 49.5)
        lip.curveTo(46.5, 51.5, 43, 50, 41.5, 46.5)
        lip.curveTo(45, 48, 47.5, 47.5, 50, 47.2)
        lip.curveTo(52.5, 47.5, 55, 48, 58.5, 46.5)
        lip.curveTo(57, 50, 53.5, 51.5, 50, 49.5)
        lip.close()
        ink.body(canvas, lip)
    else:
        mouth = canvas.beginPath()
        mouth.moveTo(47, 48)
        mouth.curveTo(49, 46.6, 51, 46.6, 53, 48)
        ink.line(canvas, mouth, 1.5)


def _crown(canvas, ink: Ink, low: float, high: float, tips: int) -> None:
    """Draw a crown from `low` to `high`: a band with `tips` points, each tipped with a ball."""
    left, right = 36.0, 64.0
    step = (right - left) / (tips - 1)
    points = [(left, low)]
    for k in range(tips):
        x = left + k * step
        points.append((x, high if k % 2 == 0 else high - (high - low) * 0.45))
        if k < tips - 1:
            points.append((x + step / 2, low + (high - low) * 0.4))
    points.append((right, low))
    ink.body(canvas, polygon(canvas, points))
    for k in range(0, tips, 2):
        ball = canvas.beginPath()
        ball.circle(left + k * step, high + 2.4, 2.4)
        ink.body(canvas, ball)
    band = canvas.beginPath()
    band.moveTo(left, low + 1)
    band.curveTo(44, low + 3.5, 56, low + 3.5, right, low + 1)
    band.curveTo(right, low + 4, right, low + 5, right, low + 6)
    band.curveTo(56, low + 8.5, 44, low + 8.5, left, low + 6)
    band.close()
    ink.mark(canvas, band, 1.2)


@register("king")
def king(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the king: a crowned bust with a full beard and an ermine collar."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h):
        _robe(canvas, ink)
        stole = canvas.beginPath()
        stole.moveTo(24, 35)
        stole.curveTo(36, 29, 64, 29, 76, 35)
        stole.curveTo(70, 43, 30, 43, 24, 35)
        stole.close()
        ink.mark(canvas, stole, 1.4)
        for spot_x in (34, 50, 66):
            spot = polygon(canvas, [(spot_x - 1.8, 35.5), (spot_x + 1.8, 35.5), (spot_x, 32.5)])
            ink.line(canvas, spot, 1.4)
        _face(canvas, ink, moustache=True)
        beard = canvas.beginPath()
        beard.moveTo(38.5, 51)
        beard.curveTo(39, 40, 44, 32, 50, 31)
        beard.curveTo(56, 32, 61, 40, 61.5, 51)
        beard.curveTo(58, 45, 54, 44, 50, 44)
        beard.curveTo(46, 44, 42, 45, 38.5, 51)
        beard.close()
        ink.body(canvas, beard)
        _crown(canvas, ink, 67, 90, 5)


@register("queen")
def queen(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the queen: a bust with long hair under a small coronet, a necklace, and a rose in her hand."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h):
        hair = canvas.beginPath()
        hair.moveTo(30, 34)
        hair.curveTo(26, 56, 30, 76, 50, 78)
        hair.curveTo(70, 76, 74, 56, 70, 34)
        hair.curveTo(62, 38, 38, 38, 30, 34)
        hair.close()
        ink.body(canvas, hair)
        _robe(canvas, ink)
        necklace = canvas.beginPath()
        necklace.moveTo(37, 38)
        necklace.curveTo(42, 31, 58, 31, 63, 38)
        ink.detail(canvas, necklace, 1.6)
        pearl = canvas.beginPath()
        pearl.circle(50, 32, 2.2)
        ink.mark(canvas, pearl, 1.2)
        _face(canvas, ink, moustache=False)
        _crown(canvas, ink, 69, 84, 5)
        stem = canvas.beginPath()  # the rose, held in front of her chest
        stem.moveTo(24, 5)
        stem.curveTo(26, 12, 28, 18, 31, 23)
        ink.detail(canvas, stem, 1.8)
        rose = canvas.beginPath()
        for k, (px, py) in enumerate(star_points(31, 27, 6.5, 4, 5)):
            (rose.moveTo if k == 0 else rose.lineTo)(px, py)
        rose.close()
        ink.mark(canvas, rose, 1.2)
        heart = canvas.beginPath()
        heart.circle(31, 27, 1.6)
        ink.body(canvas, heart)


@register("jack")
def jack(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the jack: a young bust with curly hair and a plain collar under a cap with a long feather."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h):
        for curl_x, curl_y in ((36.5, 56), (35.5, 48), (63.5, 56), (64.5, 48)):
            curl = canvas.beginPath()
            curl.circle(curl_x, curl_y, 5)
            ink.body(canvas, curl)
        _robe(canvas, ink)
        collar = polygon(canvas, [(38, 39), (50, 28), (62, 39), (56, 41), (50, 35), (44, 41)])
        ink.mark(canvas, collar, 1.4)
        _face(canvas, ink, moustache=True)
        feather = canvas.beginPath()
        feather.moveTo(60, 78)
        feather.curveTo(70, 94, 86, 100, 94, 94)
        feather.curveTo(86, 95, 78, 88, 75, 80)
        feather.curveTo(80, 84, 86, 84, 89, 80)
        feather.curveTo(78, 82, 70, 78, 64, 72)
        feather.close()
        ink.body(canvas, feather)
        cap = canvas.beginPath()
        cap.moveTo(32, 66)
        cap.curveTo(28, 80, 46, 88, 62, 86)
        cap.curveTo(74, 84, 78, 76, 70, 66)
        cap.curveTo(58, 70, 44, 70, 32, 66)
        cap.close()
        ink.body(canvas, cap)
        band = canvas.beginPath()
        band.moveTo(34, 67.5)
        band.curveTo(46, 72, 58, 72, 69.5, 67.5)
        band.curveTo(70, 70, 69.5, 71, 69, 72)
        band.curveTo(58, 75.5, 46, 75.5, 35, 71.5)
        band.close()
        ink.mark(canvas, band, 1.2)
