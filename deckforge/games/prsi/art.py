"""Art for Prší, after the German-suited Czech deck (mariášky): the four suit signs (srdce a heart, listy a leaf,
kule a round sleigh bell, žaludy an acorn), the three court figures (spodek, svršek, král), the ace's laurel
wreath and the back.

The suit signs differ in outline, not only in colour, so they stay apart on a black-and-white print. The figures are
busts told apart by their headgear, as on the printed deck: the spodek (Unter) wears a flat cap, the svršek (Ober) a
hat with a plume, the král (King) a crown and a beard; the card template puts the svršek's suit sign above the
figure and the spodek's below it, as mariášky do.
"""
from __future__ import annotations

import math

from ...layout.art import register
from ...layout.art.ink import Ink, back_canvas, design_box, fitted, polygon, rotated, smooth_closed, tile

FIGURE_BOX = (100, 130)  # the court figures are drawn taller than wide


def draw_srdce(canvas, ink: Ink) -> None:
    """Draw a full, round heart with a highlight, as on mariášky."""
    heart = canvas.beginPath()
    heart.moveTo(50, 6)
    heart.curveTo(42, 22, 5, 38, 5, 64)
    heart.curveTo(5, 82, 17, 94, 31, 94)
    heart.curveTo(41, 94, 48, 88, 50, 79)
    heart.curveTo(52, 88, 59, 94, 69, 94)
    heart.curveTo(83, 94, 95, 82, 95, 64)
    heart.curveTo(95, 38, 58, 22, 50, 6)
    heart.close()
    ink.body(canvas, heart)
    shine = canvas.beginPath()
    shine.moveTo(17, 66)
    shine.curveTo(16, 77, 23, 84, 31, 85)
    shine.curveTo(25, 80, 22, 74, 23, 66)
    shine.curveTo(22, 62, 18, 62, 17, 66)
    shine.close()
    ink.mark(canvas, shine)


def draw_listy(canvas, ink: Ink) -> None:
    """Draw an upright leaf: a broad blade pointed at the top, lobed at its base, on a curved stem, with veins."""
    stem = canvas.beginPath()
    stem.moveTo(47, 26)
    stem.curveTo(47, 16, 44, 9, 38, 4)
    stem.curveTo(45, 6, 52, 12, 53, 26)
    stem.close()
    ink.body(canvas, stem)
    blade = canvas.beginPath()
    blade.moveTo(50, 96)
    blade.curveTo(60, 84, 88, 72, 90, 48)
    blade.curveTo(92, 30, 76, 18, 62, 22)
    blade.curveTo(56, 24, 52, 27, 50, 31)
    blade.curveTo(48, 27, 44, 24, 38, 22)
    blade.curveTo(24, 18, 8, 30, 10, 48)
    blade.curveTo(12, 72, 40, 84, 50, 96)
    blade.close()
    ink.body(canvas, blade)
    ink.detail(canvas, _curve(canvas, [(50, 30), (49, 52), (50, 72), (50, 88)]), 2.6)
    for side in (-1, 1):
        for y, reach in ((40, 30), (56, 27), (70, 18)):
            ink.detail(canvas, _curve(canvas, [(50, y - 4), (50 + side * reach * 0.55, y + 3),
                                               (50 + side * reach, y + 9)]), 2)


def draw_kule(canvas, ink: Ink) -> None:
    """Draw a round sleigh bell: a ball with a raised band, a slit ending in two holes, and a loop on top."""
    loop = canvas.beginPath()
    loop.circle(50, 84, 9)
    loop.circle(50, 84, 4.2)
    ink.body(canvas, loop, even_odd=True)
    ball = canvas.beginPath()
    ball.circle(50, 44, 38)
    ink.body(canvas, ball)
    band = canvas.beginPath()
    band.moveTo(13, 52)
    band.curveTo(30, 60, 70, 60, 87, 52)
    band.curveTo(88, 48, 88, 46, 87, 43)
    band.curveTo(70, 51, 30, 51, 13, 43)
    band.curveTo(12, 46, 12, 48, 13, 52)
    band.close()
    ink.mark(canvas, band)
    slit = canvas.beginPath()
    slit.moveTo(30, 26)
    slit.curveTo(40, 22, 60, 22, 70, 26)
    slit.curveTo(60, 24.5, 40, 24.5, 30, 26)
    slit.close()
    for hole_x in (28, 72):
        slit.circle(hole_x, 26.5, 4)
    ink.mark(canvas, slit, 1.6)


def draw_zaludy(canvas, ink: Ink) -> None:
    """Draw an acorn: an egg-shaped nut pointed below, a scaly cup over it and a short stem."""
    stem = canvas.beginPath()
    stem.moveTo(47, 70)
    stem.curveTo(47, 82, 52, 90, 60, 96)
    stem.curveTo(62, 92, 56, 84, 54, 70)
    stem.close()
    ink.body(canvas, stem)
    nut = canvas.beginPath()
    nut.moveTo(50, 4)
    nut.curveTo(36, 8, 24, 26, 24, 46)
    nut.curveTo(24, 58, 34, 64, 50, 64)
    nut.curveTo(66, 64, 76, 58, 76, 46)
    nut.curveTo(76, 26, 64, 8, 50, 4)
    nut.close()
    ink.body(canvas, nut)
    cup = canvas.beginPath()
    cup.moveTo(16, 52)
    cup.curveTo(16, 68, 32, 78, 50, 78)
    cup.curveTo(68, 78, 84, 68, 84, 52)
    cup.curveTo(72, 46, 28, 46, 16, 52)
    cup.close()
    ink.body(canvas, cup)
    for row, y in enumerate((56, 65)):
        for k in range(5 - row):
            scale = canvas.beginPath()
            scale.circle(28 + row * 6 + k * 11, y + (2 if k in (0, 4 - row) else 0), 2.6)
            ink.mark(canvas, scale, 1.2)
    shine = canvas.beginPath()
    shine.moveTo(36, 44)
    shine.curveTo(34, 30, 40, 18, 47, 12)
    shine.curveTo(43, 22, 40, 32, 41, 44)
    shine.close()
    ink.mark(canvas, shine, 1.2)


SUIT_SIGNS = {"srdce": draw_srdce, "listy": draw_listy, "kule": draw_kule, "zaludy": draw_zaludy}

for _name, _draw in SUIT_SIGNS.items():
    register(_name)(fitted(_draw))


def _curve(canvas, points):
    """Return an open smooth curve through three or four points (Béziers through their middles)."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    if len(points) == 3:
        path.curveTo(*points[1], *points[1], *points[2])
    else:
        path.curveTo(*points[1], *points[2], *points[3])
    return path


# -- court figures --------------------------------------------------------------------------------------------------

def _bust(canvas, ink: Ink, collar: str) -> None:
    """Draw the shoulders and chest shared by the three figures, with a collar: 'plain', 'ruff' or 'ermine'."""
    body = canvas.beginPath()
    body.moveTo(8, 4)
    body.curveTo(8, 30, 14, 42, 32, 48)
    body.curveTo(40, 51, 44, 53, 50, 53)
    body.curveTo(56, 53, 60, 51, 68, 48)
    body.curveTo(86, 42, 92, 30, 92, 4)
    body.close()
    ink.body(canvas, body)
    for x in (50,):  # the doublet's buttons down the middle
        for y in (12, 22, 32):
            button = canvas.beginPath()
            button.circle(x, y, 2.6)
            ink.mark(canvas, button, 1.2)
    if collar == "ruff":
        ruff = smooth_closed(canvas, [(50 + 22 * math.cos(a) * (1 if k % 2 else 0.82),
                                        52 + 7 * math.sin(a) * (1 if k % 2 else 0.82))
                                       for k, a in enumerate(math.radians(d) for d in range(0, 360, 30))])
        ink.mark(canvas, ruff, 1.6)
    elif collar == "ermine":
        stole = canvas.beginPath()
        stole.moveTo(26, 46)
        stole.curveTo(36, 40, 64, 40, 74, 46)
        stole.curveTo(70, 54, 30, 54, 26, 46)
        stole.close()
        ink.mark(canvas, stole, 1.6)
        for x in (36, 50, 64):
            tail = polygon(canvas, [(x - 2, 46.5), (x + 2, 46.5), (x, 43)])
            ink.line(canvas, tail, 1.6)
    else:
        collar_path = polygon(canvas, [(38, 51), (50, 40), (62, 51), (56, 53), (50, 47), (44, 53)])
        ink.mark(canvas, collar_path, 1.6)


def _face(canvas, ink: Ink, beard: str) -> None:
    """Draw the head: a pale face with eyes, a nose and a moustache; 'short' or 'full' adds a beard."""
    face = canvas.beginPath()
    face.ellipse(36, 54, 28, 34)
    ink.body(canvas, face)
    inner = canvas.beginPath()
    inner.ellipse(38.5, 56.5, 23, 29)
    ink.mark(canvas, inner, 1.4)
    for eye_x in (44.5, 55.5):
        eye = canvas.beginPath()
        eye.circle(eye_x, 74, 0.9)
        ink.line(canvas, eye, 2.8)
    ink.line(canvas, _curve(canvas, [(50, 73), (48.2, 68), (50.5, 66.5)]), 1.6)
    moustache = canvas.beginPath()
    moustache.moveTo(50, 64.5)
    moustache.curveTo(46, 66.5, 42, 65, 40, 61.5)
    moustache.curveTo(44, 63, 47, 62.5, 50, 62)
    moustache.curveTo(53, 62.5, 56, 63, 60, 61.5)
    moustache.curveTo(58, 65, 54, 66.5, 50, 64.5)
    moustache.close()
    ink.body(canvas, moustache)
    if beard == "none":
        return
    low = 50 if beard == "full" else 54
    chin = canvas.beginPath()
    chin.moveTo(39, 66)
    chin.curveTo(40, 58, 44, low, 50, low - 1)
    chin.curveTo(56, low, 60, 58, 61, 66)
    chin.curveTo(58, 60, 54, 59, 50, 59)
    chin.curveTo(46, 59, 42, 60, 39, 66)
    chin.close()
    ink.body(canvas, chin)


def _cap(canvas, ink: Ink) -> None:
    """Draw the spodek's flat, tilted cap with a small feather tucked in its band."""
    cap = canvas.beginPath()
    cap.moveTo(30, 82)
    cap.curveTo(28, 92, 44, 100, 60, 98)
    cap.curveTo(74, 96, 78, 88, 72, 82)
    cap.curveTo(60, 86, 42, 86, 30, 82)
    cap.close()
    ink.body(canvas, cap)
    band = canvas.beginPath()
    band.moveTo(32, 83)
    band.curveTo(44, 88, 60, 88, 71, 83)
    band.curveTo(71, 86, 70, 87, 69, 88)
    band.curveTo(58, 91, 44, 91, 33, 87)
    band.close()
    ink.mark(canvas, band, 1.4)


def _plumed_hat(canvas, ink: Ink) -> None:
    """Draw the svršek's broad-brimmed hat with a tall curling plume."""
    plume = canvas.beginPath()
    plume.moveTo(58, 94)
    plume.curveTo(66, 110, 84, 118, 92, 112)
    plume.curveTo(86, 114, 78, 108, 76, 100)
    plume.curveTo(82, 104, 88, 102, 90, 98)
    plume.curveTo(80, 100, 70, 96, 64, 90)
    plume.close()
    ink.body(canvas, plume)
    crown = canvas.beginPath()
    crown.moveTo(34, 86)
    crown.curveTo(34, 100, 40, 106, 50, 106)
    crown.curveTo(60, 106, 66, 100, 66, 86)
    crown.close()
    ink.body(canvas, crown)
    brim = canvas.beginPath()
    brim.moveTo(18, 84)
    brim.curveTo(30, 92, 70, 92, 84, 84)
    brim.curveTo(80, 80, 72, 79, 66, 81)
    brim.curveTo(56, 84, 44, 84, 34, 81)
    brim.curveTo(28, 79, 21, 80, 18, 84)
    brim.close()
    ink.body(canvas, brim)
    band = canvas.beginPath()
    band.moveTo(35, 88)
    band.curveTo(44, 91, 56, 91, 65, 88)
    band.curveTo(65, 91, 65, 92, 65, 93)
    band.curveTo(56, 95, 44, 95, 35, 93)
    band.close()
    ink.mark(canvas, band, 1.4)


def _crown(canvas, ink: Ink) -> None:
    """Draw the král's crown: a band with three points, each tipped with a ball, and jewels on the band."""
    crown = polygon(canvas, [(33, 84), (31, 108), (41, 96), (50, 114), (59, 96), (69, 108), (67, 84)])
    ink.body(canvas, crown)
    for x, y in ((31, 110), (50, 116), (69, 110)):
        ball = canvas.beginPath()
        ball.circle(x, y, 3.6)
        ink.body(canvas, ball)
    band = canvas.beginPath()
    band.moveTo(33, 85)
    band.curveTo(44, 88, 56, 88, 67, 85)
    band.curveTo(67, 88, 67, 90, 67, 92)
    band.curveTo(56, 95, 44, 95, 33, 92)
    band.close()
    ink.mark(canvas, band, 1.4)
    for x in (41, 50, 59):
        jewel = polygon(canvas, [(x, 86.5), (x + 2.6, 90), (x, 93.5), (x - 2.6, 90)])
        ink.line(canvas, jewel, 1.4)


def _halberd(canvas, ink: Ink) -> None:
    """Draw the spodek's halberd over his shoulder: a slanting shaft with an axe blade and a spike."""
    shaft = polygon(canvas, [(10, 6), (14, 5), (30, 112), (26, 113)])
    ink.body(canvas, shaft)
    blade = canvas.beginPath()
    blade.moveTo(27, 98)
    blade.curveTo(16, 100, 10, 106, 9, 116)
    blade.curveTo(16, 112, 22, 110, 29, 109)
    blade.close()
    ink.body(canvas, blade)
    ink.body(canvas, polygon(canvas, [(26, 112), (31, 111), (30, 126)]))


def _sceptre(canvas, ink: Ink) -> None:
    """Draw the král's sceptre: a slanting rod topped with a ball and a small cross."""
    ink.body(canvas, polygon(canvas, [(84, 6), (88, 7), (80, 104), (76, 103)]))
    orb = canvas.beginPath()
    orb.circle(78, 109, 6)
    ink.body(canvas, orb)
    ink.body(canvas, polygon(canvas, [(77, 114), (79, 114), (79.4, 117), (82, 117.4), (82, 119.4), (79.4, 119.8),
                                      (79, 124), (77, 124), (76.6, 119.8), (74, 119.4), (74, 117.4), (76.6, 117)]))


@register("spodek")
def spodek(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the spodek (Unter): a bust in a flat cap with a plain collar, a halberd over the shoulder."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h, size=FIGURE_BOX):
        _halberd(canvas, ink)
        _bust(canvas, ink, "plain")
        _face(canvas, ink, "none")
        _cap(canvas, ink)


@register("svrsek")
def svrsek(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the svršek (Ober): a bust in a broad hat with a plume, a ruff and a short beard."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h, size=FIGURE_BOX):
        _bust(canvas, ink, "ruff")
        _face(canvas, ink, "short")
        _plumed_hat(canvas, ink)


@register("kral")
def kral(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the král (King): a crowned bust with a full beard, an ermine collar and a sceptre."""
    ink = Ink.of(colour, ink_saver)
    with design_box(canvas, x, y, w, h, size=FIGURE_BOX):
        _sceptre(canvas, ink)
        _bust(canvas, ink, "ermine")
        _face(canvas, ink, "full")
        _crown(canvas, ink)


@register("eso-wreath")
def eso_wreath(canvas, x, y, w, h, *, colour, ink_saver):
    """Draw the ace's laurel wreath: two branches of leaves rising round an empty middle, tied below."""
    ink = Ink.of(colour, ink_saver, edge=1.6)
    with design_box(canvas, x, y, w, h):
        for side in (-1, 1):
            _branch(canvas, ink, side)
        bow = canvas.beginPath()
        bow.moveTo(50, 10)
        bow.curveTo(42, 16, 34, 14, 36, 6)
        bow.curveTo(40, 4, 46, 6, 50, 10)
        bow.curveTo(54, 6, 60, 4, 64, 6)
        bow.curveTo(66, 14, 58, 16, 50, 10)
        bow.close()
        ink.body(canvas, bow)


def _branch(canvas, ink: Ink, side: int) -> None:
    """Draw one side of the wreath: a curved twig from the bow up to the top with pairs of leaves along it."""
    twig = canvas.beginPath()
    twig.moveTo(50, 10)
    twig.curveTo(50 + side * 44, 14, 50 + side * 50, 60, 50 + side * 16, 92)
    ink.line(canvas, twig, 2.4)
    for k in range(6):
        px, py, angle = _on_branch(0.16 + k * 0.15, side)
        for lean in (38, -38):
            ink.body(canvas, _leaf(canvas, (px, py), angle + lean, 15 - k, 4.6 - k * 0.3))
    px, py, angle = _on_branch(1, side)
    ink.body(canvas, _leaf(canvas, (px, py), angle, 10, 3.4))


def _leaf(canvas, base, angle: float, length: float, half_width: float):
    """Return a pointed leaf from `base`, `length` long, pointing at `angle` degrees."""
    outline = [(0, 0), (length * 0.3, half_width), (length * 0.75, half_width), (length, 0),
               (length * 0.75, -half_width), (length * 0.3, -half_width)]
    (x0, y0), (a, b), (c, d), (x1, y1), (e, f), (g, h) = [(base[0] + x, base[1] + y)
                                                            for x, y in rotated(outline, angle)]
    path = canvas.beginPath()
    path.moveTo(x0, y0)
    path.curveTo(a, b, c, d, x1, y1)
    path.curveTo(e, f, g, h, x0, y0)
    path.close()
    return path


def _on_branch(t: float, side: int) -> tuple[float, float, float]:
    """Return the point of the branch at t (0 at the bow, 1 at the top) and the direction it runs, in degrees."""
    p0, p1, p2, p3 = (50, 10), (50 + side * 44, 14), (50 + side * 50, 60), (50 + side * 16, 92)

    def at(u: float) -> tuple[float, float]:
        return tuple((1 - u) ** 3 * a + 3 * (1 - u) ** 2 * u * b + 3 * (1 - u) * u ** 2 * c + u ** 3 * d
                     for a, b, c, d in zip(p0, p1, p2, p3))
    here, ahead = at(t), at(min(t + 0.01, 1))
    return here[0], here[1], math.degrees(math.atan2(ahead[1] - here[1], ahead[0] - here[0]))


@register("prsi-back")
def back(canvas, x, y, w, h, *, colour, ink_saver):
    """Fill the box with rows of the four suit signs, each row shifted by one sign, on the deck colour."""
    step = min(w, h) / 5
    signs = list(SUIT_SIGNS.values())

    def motif(cx, cy, column, row):
        size = step * 0.56
        with design_box(canvas, cx - size / 2, cy - size / 2, size, size):
            signs[(column + row) % len(signs)](canvas, ink)

    with back_canvas(canvas, x, y, w, h, colour, ink_saver) as ink:
        tile(x, y, w, h, step, motif)
