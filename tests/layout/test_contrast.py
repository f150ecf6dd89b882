"""Every coloured text and symbol on the bundled decks' faces and backs stands out from what it is drawn on by at
least 3 : 1 (WCAG 2 contrast, the bar for large text and graphics), in normal and ink-saver prints.

The faces are planned as the build plans them, from the templates' and decks' colours; what a text or symbol is
drawn on is the last filled shape under its middle (the background, a panel, a medallion). A back's pattern, a
tone-on-tone motif that fills most of the back, is decoration and not held to the bar.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from deckforge.colour import parse_colour
from deckforge.layout.build import BuildOptions, prepare
from deckforge.layout.faces import Face, ShapeOp, SymbolOp, TextOp
from deckforge.load import load_deck
from face_book import standard_deck

MINIMUM = 3.0
ROOT = Path(__file__).resolve().parents[2]
DECKS = ("kamen-nuzky-papir", "wizard", "rychle-sipy", "dymock", "prsi", "standard")


def luminance(colour: str) -> float:
    """Return the WCAG relative luminance of a colour word (sRGB; a CMYK colour as ReportLab shows it)."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = parse_colour(colour).rgb()
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first: str, second: str) -> float:
    """Return the WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _under(shape: ShapeOp, x: float, y: float) -> bool:
    box = shape.box
    if shape.kind == "ellipse":
        rx, ry = box.w / 2, box.h / 2
        return ((x - box.x - rx) / rx) ** 2 + ((y - box.y - ry) / ry) ** 2 <= 1
    return box.x <= x <= box.right and box.y <= y <= box.top


def ground_of(face: Face, index: int) -> str:
    """Return the fill of the last filled shape drawn before op `index` under the op's middle."""
    frame = face.ops[index].frame
    x, y = frame.x + frame.w / 2, frame.y + frame.h / 2
    fills = [op.fill for op in face.ops[:index] if isinstance(op, ShapeOp) and op.fill and _under(op, x, y)]
    assert fills, f"{face.key}: op {index} is drawn on nothing"
    return fills[-1]


def is_pattern(face: Face, op: SymbolOp) -> bool:
    """Return whether a symbol fills most of its face: a back's wallpaper, not a sign to be read."""
    return op.frame.w * op.frame.h >= 0.5 * face.width * face.height


def low_contrasts(face: Face) -> list[str]:
    """Return a line for every text or symbol of a face below the minimum contrast against its ground."""
    found = []
    for index, op in enumerate(face.ops):
        if not isinstance(op, (TextOp, SymbolOp)) or isinstance(op, SymbolOp) and is_pattern(face, op):
            continue
        ground = ground_of(face, index)
        ratio = contrast(op.colour, ground)
        if ratio < MINIMUM:
            what = op.name if isinstance(op, SymbolOp) else repr(op.lines[0][2])
            found.append(f"{face.key}: {what} {op.colour} on {ground} is {ratio:.2f} : 1")
    return found


def test_the_contrast_of_known_colours():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#d4a017", "#fffdf8") == pytest.approx(2.34, abs=0.01)  # the old Rychlé šípy yellow on cream
    assert contrast("cmyk(0, 0, 0, 1)", "#ffffff") == pytest.approx(21)


@pytest.mark.parametrize("ink_saver", [False, True], ids=["normal", "ink-saver"])
@pytest.mark.parametrize("deck", DECKS)
def test_every_text_and_symbol_stands_out_from_its_ground(tmp_path, deck, ink_saver):
    source = standard_deck(tmp_path) if deck == "standard" else deck  # the standard cards, jokers included
    for lang in ("cs", "en"):
        job = prepare(load_deck(source), BuildOptions(lang=lang, ink_saver=ink_saver))
        faces = {face.key: face for face in job.fronts}
        found = [line for face in [*faces.values(), job.back] for line in low_contrasts(face)]
        assert not found, f"{deck} ({lang}): {len(found)} below {MINIMUM:g} : 1, e.g. " + "; ".join(found[:6])


def test_the_check_finds_yellow_on_cream(tmp_path):
    """The reading itself: Rychlé šípy with its old yellow is caught on every yellow card."""
    deck = (ROOT / "decks/rychle-sipy/deck.yaml").read_text(encoding="utf-8")
    start = deck.index("{id: yellow,")
    colour = deck[start:deck.index("}", deck.index("colour:", start))]
    (tmp_path / "deck.yaml").write_text(deck.replace(colour, colour[:colour.index("colour:")] + 'colour: "#d4a017"'),
                                        encoding="utf-8")
    job = prepare(load_deck(tmp_path / "deck.yaml"), BuildOptions(lang="cs"))
    yellow = [face for face in job.fronts if face.key.endswith("-yellow")]
    assert len(yellow) == 13 and all(low_contrasts(face) for face in yellow)
