"""The vector art: every symbol stays in its box, leaves the canvas as it found it, saves ink in ink-saver mode,
and the symbols that tell cards apart differ in shape, not only in colour (they are rendered here in one colour)."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image, ImageChops
from reportlab.pdfgen.canvas import Canvas

from deckforge.layout.art import SYMBOLS

CELL = 80  # points per grid cell; rendered at 72 dpi, one pixel is one point
BOX = 60
MARGIN = (CELL - BOX) / 2
COLUMNS = 8
BACKS = sorted(name for name in SYMBOLS if name.endswith("-back"))
FACES = sorted(name for name in SYMBOLS if name not in BACKS)

# Symbols a player uses to tell cards apart: within a group, each must have its own silhouette.
GROUPS = {
    "wizard suits": ["crown", "leaf", "hammer", "mountain"],
    "wizard specials": ["wizard", "jester"],
    "dymock suits": ["hearts", "diamonds", "clubs", "spades"],
    "items": ["rock", "scissors", "paper", "changer"],
    "sides": ["arrows", "brotherhood", "ally"],
    "colour pips": ["pip-circle", "pip-square", "pip-triangle", "pip-diamond"],
}


def _cell_origin(index: int, page_height: float) -> tuple[float, float]:
    column, row = index % COLUMNS, index // COLUMNS
    return column * CELL, page_height - (row + 1) * CELL


@pytest.fixture(scope="module")
def contact_sheet(tmp_path_factory) -> dict[bool, Image.Image]:
    """Render every face symbol once in normal and once in ink-saver mode, one page each, in grayscale."""
    folder = tmp_path_factory.mktemp("art")
    rows = -(-len(FACES) // COLUMNS)
    size = (COLUMNS * CELL, rows * CELL)
    canvas = Canvas(str(folder / "sheet.pdf"), pagesize=size)
    for ink_saver in (False, True):
        for index, name in enumerate(FACES):
            x, y = _cell_origin(index, size[1])
            SYMBOLS[name](canvas, x + MARGIN, y + MARGIN, BOX, BOX, colour="#336699", ink_saver=ink_saver)
        canvas.showPage()
    canvas.save()
    subprocess.run(["pdftoppm", "-r", "72", "-gray", "-png", str(folder / "sheet.pdf"), str(folder / "p")],
                   check=True)
    pages = sorted(folder.glob("p-*.png"))
    return {False: Image.open(pages[0]).convert("L"), True: Image.open(pages[1]).convert("L")}


def _cell(image: Image.Image, name: str, inset: float = 0) -> Image.Image:
    index = FACES.index(name)
    column, row = index % COLUMNS, index // COLUMNS
    left, top = column * CELL + inset, row * CELL + inset
    return image.crop((int(left), int(top), int(left + CELL - 2 * inset), int(top + CELL - 2 * inset)))


def _ink(image: Image.Image) -> int:
    """Sum how dark the pixels are: 0 for blank paper."""
    return sum(count * (255 - value) for value, count in enumerate(image.histogram()))


@pytest.mark.parametrize("name", FACES)
def test_symbol_draws_inside_its_box(contact_sheet, name):
    for ink_saver, page in contact_sheet.items():
        cell = _cell(page, name)
        inner = cell.crop((int(MARGIN) + 1, int(MARGIN) + 1, int(MARGIN + BOX) - 1, int(MARGIN + BOX) - 1))
        assert _ink(inner) > 0, f"{name} draws nothing"
        outside = _ink(cell) - _ink(cell.crop((int(MARGIN) - 1, int(MARGIN) - 1,
                                                int(MARGIN + BOX) + 1, int(MARGIN + BOX) + 1)))
        assert outside == 0, f"{name} (ink saver {ink_saver}) draws outside its box"


@pytest.mark.parametrize("name", FACES)
def test_ink_saver_uses_less_ink(contact_sheet, name):
    """Every symbol saves ink; symbols made of lines (the cycle's arrows) cannot save as much as filled ones."""
    normal, saver = _ink(_cell(contact_sheet[False], name)), _ink(_cell(contact_sheet[True], name))
    assert saver < 0.9 * normal, f"{name}: ink saver {saver} vs normal {normal}"


def test_ink_saver_halves_the_ink_of_all_symbols(contact_sheet):
    normal, saver = _ink(contact_sheet[False]), _ink(contact_sheet[True])
    assert saver < 0.55 * normal, f"ink saver {saver} vs normal {normal}"


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_symbols_of_a_group_differ_in_grayscale(contact_sheet, group):
    """Two symbols of a group, drawn in the same colour, must differ over a good part of their combined area."""
    for page in contact_sheet.values():
        names = GROUPS[group]
        shapes = {name: _cell(page, name).point(lambda v: 255 if v < 200 else 0) for name in names}
        for i, first in enumerate(names):
            for second in names[i + 1:]:
                differing = ImageChops.difference(shapes[first], shapes[second]).histogram()[255]
                covered = ImageChops.lighter(shapes[first], shapes[second]).histogram()[255]
                assert differing > 0.15 * covered, f"{first} and {second} look alike ({differing} of {covered} px)"


@pytest.mark.parametrize("name", sorted(SYMBOLS))
def test_symbol_leaves_canvas_state_as_found(tmp_path, name):
    canvas = Canvas(str(tmp_path / "state.pdf"))
    canvas.setFillColorRGB(0.1, 0.2, 0.3)
    canvas.setLineWidth(0.7)
    before = (canvas._fillColorObj, canvas._strokeColorObj, canvas._lineWidth)
    SYMBOLS[name](canvas, 10, 10, 100, 140, colour="#c0392b", ink_saver=False)
    code = " ".join(canvas._code).split()
    assert code.count("q") == code.count("Q"), f"{name} leaves the graphics state stack unbalanced"
    assert (canvas._fillColorObj, canvas._strokeColorObj, canvas._lineWidth) == before


@pytest.mark.parametrize("ink_saver", [False, True])
def test_backs_cover_the_whole_box_and_no_more(tmp_path, ink_saver):
    canvas = Canvas(str(tmp_path / "backs.pdf"), pagesize=(len(BACKS) * 100, 140))
    for index, name in enumerate(BACKS):
        SYMBOLS[name](canvas, index * 100 + 10, 10, 80, 120, colour="#3b4a6b", ink_saver=ink_saver)
    canvas.save()
    subprocess.run(["pdftoppm", "-r", "72", "-gray", "-png", str(tmp_path / "backs.pdf"), str(tmp_path / "b")],
                   check=True)
    page = Image.open(next(Path(tmp_path).glob("b*.png"))).convert("L")
    for index, name in enumerate(BACKS):
        left = index * 100
        corners = [page.getpixel((left + 11, 11)), page.getpixel((left + 88, 128))]
        assert all(value < 250 for value in corners), f"{name} leaves the box's corners blank"
        assert page.getpixel((left + 5, 70)) == 255 and page.getpixel((left + 95, 70)) == 255, name


def test_no_symbol_draws_lines_that_look_like_crop_marks(tmp_path):
    """Crop-mark readers take short straight horizontal or vertical lines for cut marks (docs/card-templates.md):
    symbols draw such strokes as filled shapes or paths of several points instead."""
    canvas = Canvas(str(tmp_path / "lines.pdf"), pagesize=(200, 200))
    for name in sorted(SYMBOLS):
        for ink_saver in (False, True):
            SYMBOLS[name](canvas, 20, 20, 160, 160, colour="#336699", ink_saver=ink_saver)
            canvas.showPage()
    canvas.save()
    with pdfplumber.open(tmp_path / "lines.pdf") as pdf:
        for index, page in enumerate(pdf.pages):
            straight = [line for line in page.lines if abs(line["x0"] - line["x1"]) < 0.01
                        or abs(line["top"] - line["bottom"]) < 0.01]
            assert not straight, f"{sorted(SYMBOLS)[index // 2]} draws {len(straight)} axis-aligned line(s)"
