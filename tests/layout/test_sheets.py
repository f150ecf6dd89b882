"""Built sheets read back from the PDF: page count and size, crop marks in mm, backs behind fronts, card counts,
embedded fonts, extractable Czech text, qpdf's verdict."""
from __future__ import annotations

import subprocess
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckforge.layout import BuildOptions, build_deck
from deckforge.load import load_deck
from layout_pdf import MM, placed_faces, read_pages

A4 = (210.0, 297.0)
BUILDS = {
    "k4": ("kamen-nuzky-papir", BuildOptions(players=4, lang="cs")),
    "k8": ("kamen-nuzky-papir", BuildOptions(players=8, lang="en")),
    "k4-short": ("kamen-nuzky-papir", BuildOptions(players=4, backs="duplex-short", back_offset=(0.5, -1))),
    "k4-none": ("kamen-nuzky-papir", BuildOptions(players=4, backs="none")),
    "w-letter": ("wizard", BuildOptions(paper="letter", lang="en")),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("sheets")
    return {name: build_deck(deck, options, out=folder / f"{name}.pdf").path for name, (deck, options) in BUILDS.items()}


def _marks(path: Path, page_no: int, card=(63, 88)) -> list[tuple[float, float, float, float]]:
    """Return the lines the page strokes itself, outside the card faces: its crop marks, in mm."""
    return read_pages(path, *card)[page_no].lines


def _text(path: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return subprocess.run(["pdftotext", *pages, str(path), "-"], capture_output=True, text=True, check=True).stdout


# Kámen, nůžky, papír's cards share one edge colour: nine a sheet, edge to edge, on A4. Wizard's differ at their
# edges, so each card has its own bleed: 6 poker cards a sheet on Letter (docs/printing-at-home.md).
@pytest.mark.parametrize("name, pages, size", [("k4", 8, A4), ("k8", 14, A4), ("k4-none", 4, A4),
                                               ("w-letter", 20, (215.9, 279.4))])
def test_page_count_and_size(built, name: str, pages: int, size: tuple[float, float]) -> None:
    reader = PdfReader(built[name])
    assert len(reader.pages) == pages
    for page in reader.pages:
        assert (float(page.mediabox.width) / MM, float(page.mediabox.height) / MM) == pytest.approx(size, abs=0.01)


def test_crop_marks_lie_on_the_extensions_of_the_cut_lines(built) -> None:
    # A4 210 × 297 with a 3 × 3 block of 63 × 88 cards centred: cut lines at x 10.5 + 63k and y 16.5 + 88k (mm).
    # Marks begin at the 3 mm bleed; they run 5 mm above and below and 2.5 mm beside, to 5 mm from the paper edge
    # (nine cards a sheet need that; the build says so and --printer-margin 8 keeps 8 mm).
    expected = set()
    for x in (10.5, 73.5, 136.5, 199.5):
        expected |= {(x, 8.5, x, 13.5), (x, 283.5, x, 288.5)}
    for y in (16.5, 104.5, 192.5, 280.5):
        expected |= {(5.0, y, 7.5, y), (202.5, y, 205.0, y)}
    found = _marks(built["k4"], 0)
    assert len(found) == len(expected)
    for line in found:
        assert any(all(abs(a - b) <= 0.1 for a, b in zip(line, want)) for want in expected), line


@pytest.mark.parametrize("name", ["k4", "k4-short", "w-letter"])
def test_no_mark_enters_any_card_area_including_bleed(built, name: str) -> None:
    deck = load_deck(BUILDS[name][0])
    pages = read_pages(built[name], deck.card_size.width_mm, deck.card_size.height_mm)
    for page in pages:
        areas = [p.clip for p in page.faces]
        assert areas and page.lines
        for x0, y0, x1, y1 in page.lines:
            for ax0, ay0, ax1, ay1 in areas:
                inside = min(x0, x1) < ax1 - 0.01 and max(x0, x1) > ax0 + 0.01 and \
                    min(y0, y1) < ay1 - 0.01 and max(y0, y1) > ay0 + 0.01
                assert not inside, ((x0, y0, x1, y1), (ax0, ay0, ax1, ay1))


@pytest.mark.parametrize("name, offset", [("k4", (0, 0)), ("k4-short", (0.5, -1))])
def test_each_back_lies_behind_its_own_front(built, name: str, offset: tuple[float, float]) -> None:
    pages = placed_faces(built[name], 63, 88)
    short = BUILDS[name][1].backs == "duplex-short"
    for front, back in zip(pages[::2], pages[1::2]):
        assert len(front) == len(back) and all(p.key == "back" for p in back)
        for f, b in zip(front, back):
            x0, y0, x1, y1 = f.trim
            mirrored = (x0, A4[1] - y1) if short else (A4[0] - x1, y0)
            assert (b.trim[0], b.trim[1]) == pytest.approx((mirrored[0] + offset[0], mirrored[1] + offset[1]),
                                                           abs=0.01)
            assert b.rotation == (180 if short else 0) and f.rotation == 0


@pytest.mark.parametrize("name, players", [("k4", 4), ("k8", 8)])
def test_the_cards_on_the_sheets_are_the_decks_cards(built, name: str, players: int) -> None:
    deck = load_deck("kamen-nuzky-papir")
    pages = placed_faces(built[name], 63, 88)
    found = Counter(p.key for page in pages[::2] for p in page)
    assert found == Counter({f"card-{card.id}": copies for card, copies in deck.counts_for(players)})
    assert sum(found.values()) == deck.total_for(players)
    assert sum(len(page) for page in pages[1::2]) == deck.total_for(players)


def test_czech_names_are_text_with_their_diacritics(built) -> None:
    text = _text(built["k4"])
    for name in ("Kámen osudu", "Přestřižená nit", "Výměna psaní", "Měnič", "strana 1 z 8"):
        assert name in text


@pytest.mark.parametrize("name", ["k4", "w-letter"])
def test_every_font_is_embedded_and_qpdf_is_content(built, name: str) -> None:
    rows = subprocess.run(["pdffonts", str(built[name])], capture_output=True, text=True, check=True)
    fonts = rows.stdout.splitlines()[2:]
    assert fonts and all(row.split()[-5] == "yes" for row in fonts), rows.stdout
    assert all("OpenSans" in row for row in fonts)
    assert subprocess.run(["qpdf", "--check", str(built[name])], capture_output=True).returncode == 0


def test_page_labels_name_deck_page_and_side(built) -> None:
    first, second = (_text(built["k8"], page) for page in (1, 2))
    assert "Rock, Paper, Scissors · 8 players · page 1 of 14 · front" in first
    assert "page 2 of 14 · back (behind page 1)" in second
    assert "this bar is 50 mm" in first
