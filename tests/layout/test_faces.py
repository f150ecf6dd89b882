"""The bundled decks' card faces, read back from rendered PDFs: every card shows its name and text, no text leaves
its box or runs into other text, corner indices are drawn, Wizards and Jesters differ at a glance, DYMOCK shows as
many pips as the rank says, and ink-saver prints use much less ink.

Each distinct face of a deck is drawn once, on a page of its own (trimmed card plus bleed), the way the build
draws it; texts are read with pdfplumber and pixels from pdftoppm.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from deckforge.layout.art import SYMBOLS
from deckforge.layout.build import BuildOptions, build_deck
from deckforge.layout.faces import Face, SymbolOp, TextOp
from deckforge.layout.imposition import Box
from deckforge.layout.text import INK_ABOVE, INK_BELOW
from deckforge.load import load_deck
from face_book import FaceBook, draw_face_book

DECKS = ("kamen-nuzky-papir", "wizard", "rychle-sipy", "dymock")
LANGS = ("cs", "en")
TOLERANCE = 0.5  # points


@pytest.fixture(scope="module")
def face_books(book_folder):
    """Return a function giving the face book of (deck, lang, ink_saver), drawn once per test run."""
    books: dict[tuple[str, str, bool], FaceBook] = {}

    def book(deck_id: str, lang: str, ink_saver: bool = False) -> FaceBook:
        key = (deck_id, lang, ink_saver)
        if key not in books:
            books[key] = draw_face_book(deck_id, lang, ink_saver, book_folder)
        return books[key]

    return book


def rasterise(path: Path, dpi: int, first: int | None = None, last: int | None = None) -> list[Image.Image]:
    """Render pages (1-based, inclusive) of a PDF in grayscale."""
    pages = ["-f", str(first), "-l", str(last)] if first else []
    prefix = path.with_name(f"{path.stem}-r{dpi}-{first}")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", *pages, str(path), str(prefix)], check=True)
    files = sorted(prefix.parent.glob(prefix.name + "-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [Image.open(f).convert("L") for f in files]


def ink(image: Image.Image) -> int:
    """Sum how dark the pixels are: 0 for blank paper."""
    return sum(count * (255 - value) for value, count in enumerate(image.histogram()))


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", DECKS)
def test_every_card_shows_its_name_and_text(face_books, deck_id, lang):
    book = face_books(deck_id, lang)
    for card, (text, _, _) in zip(book.cards, book.printed):
        if card is not None:
            printed = flat(text)
            assert flat(card.name(lang)) in printed, f"{card.id} ({lang}) does not show its name: {printed!r}"
            assert flat(card.text(lang)) in printed, f"{card.id} ({lang}) does not show its text: {printed!r}"


def _page_frames(face: Face, page_height: float, bleed: float) -> list[tuple[float, float, float, float]]:
    """Return each text box of a face as (x0, top, x1, bottom) in pdfplumber's page coordinates."""
    frames = []
    for op in face.ops:
        if isinstance(op, TextOp):
            box = op.frame
            frames.append((box.x + bleed, page_height - (box.top + bleed), box.right + bleed,
                           page_height - (box.y + bleed)))
    return frames


def _inside(char: dict, frame: tuple[float, float, float, float]) -> bool:
    x0, top, x1, bottom = frame
    return (char["x0"] >= x0 - TOLERANCE and char["x1"] <= x1 + TOLERANCE
            and char["top"] >= top - TOLERANCE and char["bottom"] <= bottom + TOLERANCE)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", DECKS)
def test_no_text_is_drawn_outside_its_box(face_books, deck_id, lang):
    book = face_books(deck_id, lang)
    for face, (_, chars, height) in zip(book.faces, book.printed):
        frames = _page_frames(face, height, book.bleed)
        strays = [c["text"] for c in chars if not any(_inside(c, f) for f in frames)]
        assert chars, f"{face.key} ({lang}) shows no text"
        assert not strays, f"{face.key} ({lang}): {''.join(strays)!r} drawn outside every text box"


def _line_boxes(face: Face) -> list[tuple[int, str, Box]]:
    """Return the ink box of every upright text line of a face, in card coordinates, with its text box's index."""
    boxes = []
    for index, op in enumerate(face.ops):
        if isinstance(op, TextOp) and op.rotation == 0:
            for x, y, line in op.lines:
                width = stringWidth(line, op.font, op.size)
                boxes.append((index, line, Box(op.frame.x + x, op.frame.y + y - INK_BELOW * op.size, width,
                                               (INK_ABOVE + INK_BELOW) * op.size)))
    return boxes


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", DECKS)
def test_texts_on_a_card_do_not_run_into_each_other(face_books, deck_id, lang):
    """Lines of different text boxes never share ink space (a title running into a corner index, say)."""
    for face in face_books(deck_id, lang).faces:
        lines = _line_boxes(face)
        for i, (first_box, first, box) in enumerate(lines):
            for second_box, second, other in lines[i + 1:]:
                assert first_box == second_box or not box.overlaps(other, tolerance=0.5), \
                    f"{face.key} ({lang}): {first!r} overlaps {second!r}"


def _corner(image: Image.Image, dpi: int, left_mm: float, top_mm: float, w_mm: float, h_mm: float,
            bleed: float) -> Image.Image:
    px = dpi / 25.4
    offset = bleed / 72 * dpi
    return image.crop((round(offset + left_mm * px), round(offset + top_mm * px),
                       round(offset + (left_mm + w_mm) * px), round(offset + (top_mm + h_mm) * px)))


@pytest.mark.parametrize("ink_saver", [False, True])
def test_wizard_corner_indices_show_rank_and_emblem(face_books, ink_saver):
    book = face_books("wizard", "en", ink_saver)
    dpi = 100
    width_mm, height_mm = 63, 88
    for suit in ("humans", "elves", "dwarves", "giants"):
        page = book.page_of(f"{suit}-7") + 1
        image = rasterise(book.path, dpi, page, page)[0]
        top_left = _corner(image, dpi, 6, 6.5, 10, 17, book.bleed)
        bottom_right = _corner(image, dpi, width_mm - 16, height_mm - 23.5, 10, 17, book.bleed)
        middle_margin = _corner(image, dpi, 6, 40, 10, 17, book.bleed)  # the same size, between the corners
        for corner in (top_left, bottom_right):
            marked = sum(corner.point(lambda v: 255 if v < 200 else 0).histogram()[255:])
            assert marked > 0.06 * corner.width * corner.height, f"{suit}: a corner index is (nearly) blank"
        assert ink(middle_margin) < 0.2 * ink(top_left), f"{suit}: the margin is as dark as the corner index"


def test_wizards_and_jesters_differ_at_a_glance(face_books):
    book = face_books("wizard", "cs")
    wizard, jester = (rasterise(book.path, 20, book.page_of(c) + 1, book.page_of(c) + 1)[0]
                      for c in ("wizard", "jester"))
    wizard_grey = sum(v * n for v, n in enumerate(wizard.histogram())) / (wizard.width * wizard.height)
    jester_grey = sum(v * n for v, n in enumerate(jester.histogram())) / (jester.width * jester.height)
    assert jester_grey - wizard_grey > 80, (wizard_grey, jester_grey)


@pytest.mark.parametrize("lang", LANGS)
def test_dymock_shows_as_many_pips_as_its_rank(face_books, lang):
    book = face_books("dymock", lang)
    counted = 0
    for face, card in zip(book.faces, book.cards):
        if card is None or not str(card.get("rank")).isdigit() or card.get("special"):
            continue
        pips = [op for op in face.ops if isinstance(op, SymbolOp) and op.name == card.get("suit")]
        assert len(pips) == int(card.get("rank")) + 2, f"{card.id}: {len(pips)} pips (two are corner indices)"
        middle = face.height / 2
        for op in pips:
            centre = op.frame.y + op.frame.h / 2
            if abs(centre - middle) > 1:
                assert (op.rotation == 180) == (centre < middle), f"{card.id}: a pip faces the wrong way"
        counted += 1
    assert counted == 24  # 4 to 9 in four suits


@pytest.mark.parametrize("deck_id", DECKS)
def test_ink_saver_pages_use_much_less_ink(face_books, deck_id):
    """Every face and the back together take far less ink (DYMOCK's faces are mostly white already)."""
    normal = sum(ink(page) for page in rasterise(face_books(deck_id, "cs").path, 12))
    saver = sum(ink(page) for page in rasterise(face_books(deck_id, "cs", True).path, 12))
    assert saver < 0.7 * normal, f"{deck_id}: ink saver {saver} vs normal {normal}"


def test_side_names_come_from_the_template(tmp_path):
    """A template beside a deck file overrides the bundled one, and its `strings` reach every card."""
    root = Path(__file__).resolve().parents[2]
    (tmp_path / "deck.yaml").write_text((root / "decks/rychle-sipy/deck.yaml").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    template = (root / "templates/cards/rychle-sipy.yaml").read_text(encoding="utf-8")
    assert "Bratrstvo kočičí pracky" in template
    (tmp_path / "rychle-sipy.yaml").write_text(template.replace("Bratrstvo kočičí pracky", "Vontové z Dvorku"),
                                               encoding="utf-8")
    build_deck(tmp_path / "deck.yaml", BuildOptions(lang="cs", backs="none"), out=tmp_path / "out.pdf")
    printed = subprocess.run(["pdftotext", str(tmp_path / "out.pdf"), "-"], capture_output=True, text=True,
                             check=True).stdout
    assert printed.count("Vontové z Dvorku") == 16  # four brotherhood characters in four colours
    assert "Bratrstvo kočičí pracky" not in printed


def test_card_and_back_art_replace_the_drawn_motif(tmp_path):
    """A deck's own pictures show on its cards and backs (here: every rock and the back of Kámen, nůžky, papír)."""
    root = Path(__file__).resolve().parents[2]
    Image.new("RGB", (300, 420), (200, 120, 40)).save(tmp_path / "picture.png", dpi=(300, 300))
    deck = (root / "decks/kamen-nuzky-papir/deck.yaml").read_text(encoding="utf-8")
    deck = deck.replace("    item: rock\n    count: 7\n", "    item: rock\n    count: 7\n    art: picture.png\n", 1)
    deck = deck.replace('  colour: "#3b4a6b"\n', '  colour: "#3b4a6b"\n  art: picture.png\n', 1)
    (tmp_path / "deck.yaml").write_text(deck, encoding="utf-8")
    build_deck(tmp_path / "deck.yaml", BuildOptions(lang="en"), out=tmp_path / "out.pdf")
    with pdfplumber.open(tmp_path / "out.pdf") as pdf:
        fronts, backs = pdf.pages[0], pdf.pages[1]
        assert len(fronts.images) == 7  # the seven rocks on the first sheet
        assert len(backs.images) == 9  # a back behind each of the 9 cards an A4 sheet holds
        assert len(pdf.pages[2].images) == 0  # scissors and papers keep their drawn symbols


def _worked_example() -> str:
    doc = (Path(__file__).resolve().parents[2] / "docs/card-templates.md").read_text(encoding="utf-8")
    return doc[doc.index("## A worked example"):doc.index("## Design notes")]


@pytest.mark.parametrize("ink_saver", [False, True])
def test_the_worked_example_template_in_the_docs_builds(tmp_path, ink_saver):
    root = Path(__file__).resolve().parents[2]
    blocks = re.findall(r"```yaml\n(.*?)```", _worked_example(), re.S)
    (tmp_path / "night.yaml").write_text("".join(blocks), encoding="utf-8")
    deck = (root / "decks/wizard/deck.yaml").read_text(encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(deck.replace("template: wizard\n", "template: night\n"), encoding="utf-8")
    for lang, letters in (("cs", {"Z", "N"}), ("en", {"W", "J"})):
        out = tmp_path / f"{lang}.pdf"
        build_deck(tmp_path / "deck.yaml", BuildOptions(lang=lang, ink_saver=ink_saver), out=out)
        printed = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
        assert letters <= set(printed.split("\n")), f"{lang}: the corner letters {letters} are missing"
        names = {card.name(lang) for card in load_deck(tmp_path / "deck.yaml").cards}
        assert {name for name in names if name not in printed} == set()


def test_the_symbol_example_in_the_docs_draws(tmp_path):
    source = re.findall(r"```python\n(.*?)```", _design_notes(), re.S)[-1]
    exec(compile(source, "docs/card-templates.md", "exec"), {})  # registers the example's symbol, 'acorn'
    try:
        canvas_path = tmp_path / "acorn.pdf"
        canvas = Canvas(str(canvas_path), pagesize=(100, 100))
        SYMBOLS["acorn"](canvas, 10, 10, 80, 80, colour="#8a5a2b", ink_saver=False)
        canvas.save()
        assert ink(rasterise(canvas_path, 36)[0]) > 0
    finally:
        SYMBOLS.pop("acorn", None)


def _design_notes() -> str:
    doc = (Path(__file__).resolve().parents[2] / "docs/card-templates.md").read_text(encoding="utf-8")
    return doc[doc.index("## Design notes"):]


def test_every_bundled_symbol_is_documented():
    notes = _design_notes()
    assert sorted(name for name in SYMBOLS if f"`{name}`" not in notes) == []
