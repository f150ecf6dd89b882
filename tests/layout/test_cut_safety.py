"""Sheets that survive a bad cut, read back from the PDF: own bleed where neighbouring edges differ, edge to edge
where they agree, the whole bleed on every paper, crop marks and page labels 8 mm inside the paper edge (5 mm where
that fits more cards, said in a note), a refused back offset."""
from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.layout import BuildOptions, build_deck
from deckforge.layout.build import narrow_margin_note, prepare, sheet_gap
from deckforge.layout.geometry import NARROW_PRINT_MARGIN
from deckforge.layout.imposition import SheetSpec, plan_sheets
from deckforge.layout.paper import paper
from deckforge.load import load_deck
from layout_pdf import MM, read_pages

MINI = Path(__file__).parent / "fixtures" / "mini"  # every face cream to the edge, the back one blue
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
BUILDS = {  # Rychlé šípy's cards differ at their edges; Kámen, nůžky, papír's all share one dark edge
    "r-a4": ("rychle-sipy", BuildOptions(players=3)),
    "r-letter": ("rychle-sipy", BuildOptions(players=3, paper="letter")),
    "r-gap0": ("rychle-sipy", BuildOptions(players=3, gap=0)),
    "k-a4": ("kamen-nuzky-papir", BuildOptions(players=4)),
    "k-a4-8mm": ("kamen-nuzky-papir", BuildOptions(players=4, printer_margin=8)),
    "mini-a4": (MINI, BuildOptions()),
    "mini-letter": (MINI, BuildOptions(paper="letter", backs="duplex-short")),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("cuts")
    return {name: build_deck(load_deck(deck), options, out=folder / f"{name}.pdf")
            for name, (deck, options) in BUILDS.items()}


def _pages(result):
    return read_pages(result.path, 63, 88)


def _neighbour_distances(trims) -> list[float]:
    """Return the distance between each card and the nearest card beside it (same row) or above it."""
    found = []
    for x0, y0, x1, y1 in trims:
        beside = [t[0] - x1 for t in trims if abs(t[1] - y0) < 0.01 and t[0] > x1 - 0.01]
        above = [t[1] - y1 for t in trims if abs(t[0] - x0) < 0.01 and t[1] > y1 - 0.01]
        found += [min(d) for d in (beside, above) if d]
    return found


@pytest.mark.parametrize("deck", ["wizard", "rychle-sipy"])
def test_decks_whose_cards_differ_at_the_edge_get_a_gap_of_twice_the_bleed(deck: str) -> None:
    gap, warnings, notes = sheet_gap(prepare(load_deck(deck), BuildOptions()))
    assert gap / MM == pytest.approx(6.0) and not warnings
    assert "own 3 mm bleed, 6 mm from the next" in notes[0]


@pytest.mark.parametrize("name", ["r-a4", "r-letter"])
def test_differing_edges_are_cut_apart_each_in_its_own_bleed_with_marks_for_both_cuts(built, name: str) -> None:
    for page in _pages(built[name]):
        trims = [f.trim for f in page.faces]
        distances = _neighbour_distances(trims)
        assert distances and all(d == pytest.approx(6.0, abs=0.01) for d in distances)
        for face in page.faces:  # every card paints its whole bleed on every side, never its neighbour's
            (tx0, ty0, tx1, ty1), (cx0, cy0, cx1, cy1) = face.trim, face.clip
            assert (tx0 - cx0, ty0 - cy0, cx1 - tx1, cy1 - ty1) == pytest.approx((3, 3, 3, 3), abs=0.01)
        verticals = {round(x0, 2) for x0, _, x1, _ in page.lines if abs(x0 - x1) < 1e-6}
        horizontals = {round(y0, 2) for _, y0, _, y1 in page.lines if abs(y0 - y1) < 1e-6}
        assert verticals == {round(v, 2) for t in trims for v in (t[0], t[2])}
        assert horizontals == {round(v, 2) for t in trims for v in (t[1], t[3])}


@pytest.mark.parametrize("name", ["mini-a4", "mini-letter", "k-a4", "k-a4-8mm"])
def test_cards_that_share_their_edge_colour_stay_edge_to_edge(built, name: str) -> None:
    warnings = [w for w in built[name].warnings if "cannot deal" not in w]  # the mini deck is too small to deal
    assert not warnings and not any("own" in note for note in built[name].notes)
    pages = _pages(built[name])
    assert all(d == pytest.approx(0.0, abs=0.01) for page in pages for d in _neighbour_distances(
        [f.trim for f in page.faces]))
    assert _neighbour_distances([f.trim for f in pages[0].faces])


def test_an_explicit_gap_0_wins_with_a_warning_that_says_what_can_go_wrong(built) -> None:
    result = built["r-gap0"]
    assert all(d == pytest.approx(0.0, abs=0.01) for d in _neighbour_distances([f.trim for f in
                                                                                _pages(result)[0].faces]))
    assert len(result.warnings) == 1
    assert result.warnings[0].startswith("--gap 0: neighbouring cards print different colours at their edges")
    assert "a cut 0.3–0.5 mm off the shared line leaves a sliver of the neighbour" in result.warnings[0]


def test_a_gap_narrower_than_two_mis_cuts_warns_where_the_edges_differ(tmp_path) -> None:
    """--gap 0 warned, --gap 0.5 or 1 did not, though each card then keeps only a quarter or half a millimetre of
    its own colour beyond its cut line, less than a careful cut misses by (0.75 mm)."""
    narrow = build_deck(load_deck("rychle-sipy"), BuildOptions(players=3, gap="1mm"), out=tmp_path / "r1.pdf")
    assert all(d == pytest.approx(1.0, abs=0.01) for d in _neighbour_distances([f.trim for f in
                                                                               _pages(narrow)[0].faces]))
    (warning,) = narrow.warnings
    assert warning.startswith("--gap 1: neighbouring cards print different colours at their edges")
    assert "only 0.5 mm of its own colour beyond its cut line, less than the 0.75 mm" in warning
    assert "give --gap 1.5 or more" in warning
    wide = build_deck(load_deck("rychle-sipy"), BuildOptions(players=3, gap="1.5mm"), out=tmp_path / "r2.pdf")
    shared = build_deck(load_deck("kamen-nuzky-papir"), BuildOptions(players=4, gap="1mm"), out=tmp_path / "k.pdf")
    assert wide.warnings == () and shared.warnings == ()  # wide enough; one colour at every edge


@pytest.mark.parametrize("name", sorted(BUILDS))
def test_the_block_keeps_the_whole_bleed_and_marks_stay_8_mm_inside_the_paper(built, name: str) -> None:
    width, height = PAPERS[BUILDS[name][1].paper]
    # nine poker cards edge to edge on A4 need crop marks 5 mm from the edge, and the build says so; else 8 mm
    margin = 5 if any("come to 5 mm from the paper edge" in n for n in built[name].notes) else 8
    assert margin == (5 if name in ("k-a4", "mini-a4", "r-gap0") else 8)
    for page in _pages(built[name]):
        trims = [f.trim for f in page.faces]
        block = (min(t[0] for t in trims), min(t[1] for t in trims), max(t[2] for t in trims),
                 max(t[3] for t in trims))
        painted = (min(f.clip[0] for f in page.faces), min(f.clip[1] for f in page.faces),
                   max(f.clip[2] for f in page.faces), max(f.clip[3] for f in page.faces))
        assert block[0] - painted[0] >= 3 - 0.01 and block[1] - painted[1] >= 3 - 0.01
        assert painted[2] - block[2] >= 3 - 0.01 and painted[3] - block[3] >= 3 - 0.01
        assert page.lines
        for x0, y0, x1, y1 in page.lines:
            assert min(x0, x1) >= margin - 0.01 and max(x0, x1) <= width - margin + 0.01, (x0, x1)
            assert min(y0, y1) >= margin - 0.01 and max(y0, y1) <= height - margin + 0.01, (y0, y1)
            assert abs(x1 - x0) + abs(y1 - y0) >= 2.5 - 0.01  # long enough to line a trimmer up with


def test_nine_poker_cards_on_a4_bring_the_marks_to_5_mm_and_say_so_unless_the_printer_margin_is_given(built):
    nine, eight = built["k-a4"], built["k-a4-8mm"]
    assert len(_pages(nine)[0].faces) == 9 and len(_pages(eight)[0].faces) == 8
    assert nine.pages == 8 and eight.pages == 8  # 30 cards: 4 sheets either way, fronts and backs
    note = next(n for n in nine.notes if "from the paper edge" in n)
    assert note == ("the page labels and the crop marks at the left and right come to 5 mm from the paper edge, "
                    "not 8 mm, to fit 9 cards a sheet instead of 8; a printer that leaves more than 5 mm unprinted "
                    "cuts them off: then use --printer-margin 8 (8 cards a sheet, everything 8 mm inside)")
    assert not any("from the paper edge" in n for n in eight.notes)
    lines = _pages(nine)[0].lines
    side = min(min(x0, x1) for x0, _, x1, _ in lines)
    assert 5 - 0.01 <= side < 8  # the side marks of the outer columns, between the paper's edge and the bleed
    assert min(min(y0, y1, 297 - y0, 297 - y1) for _, y0, _, y1 in lines) >= 8 - 0.01  # as the note says
    assert 5 - 0.01 <= _nearest_word(nine.path) < 8  # the page labels too
    assert _nearest_word(eight.path) >= 8 - 0.01


@pytest.mark.parametrize("name", ["r-a4", "r-letter", "mini-letter"])
def test_page_labels_keep_8_mm_from_the_paper_edge_where_the_marks_do(built, name: str) -> None:
    assert _nearest_word(built[name].path) >= 8 - 0.01


def _nearest_word(path: Path) -> float:
    """Return how near any printed character on any page comes to the paper's edge, in mm (cards' own words are far
    inside). Each character's box is its font's full height (PDFium's loose box, as pdfplumber's word boxes are);
    PDFium reads a sheet's thousands of characters a hundred times faster than pdfplumber."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        nearest = float("inf")
        for page in document:
            width, height = page.get_size()
            text = page.get_textpage()
            for i in range(text.count_chars()):
                if not text.get_text_range(i, 1).isspace():
                    left, bottom, right, top = text.get_charbox(i, loose=True)
                    nearest = min(nearest, left, bottom, width - right, height - top)
        return nearest / MM
    finally:
        document.close()


def test_a_printer_margin_out_of_range_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "kamen-nuzky-papir", "--printer-margin", "40",
                                       "-o", str(tmp_path / "k.pdf")])
    assert result.exit_code != 0 and "Traceback" not in result.output and "printer margin" in result.output
    assert not list(tmp_path.iterdir())


def test_a_back_offset_that_pushes_marks_off_the_paper_is_refused_without_writing(tmp_path: Path) -> None:
    target = tmp_path / "k.pdf"
    result = CliRunner().invoke(main, ["build", "kamen-nuzky-papir", "--paper", "letter", "--back-offset", "10,10",
                                       "-o", str(target)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "Error: --back-offset 10,10 would push the backs' cards, bleed or crop marks off the letter paper; " \
           "on these sheets DX can be -10.0 to 10.0 mm and DY -8.0 to 8.0 mm" in result.output  # ±10 mm: the option's own
    assert not target.exists() and not list(tmp_path.iterdir())
    ok = CliRunner().invoke(main, ["build", "kamen-nuzky-papir", "--paper", "letter", "--back-offset", "8,-7.5",
                                   "-o", str(target)])
    assert ok.exit_code == 0 and target.exists()


def test_any_gap_given_gives_cards_their_own_cut_lines_without_a_warning() -> None:
    job = prepare(load_deck("rychle-sipy"), BuildOptions(gap="2mm"))
    assert sheet_gap(job) == (pytest.approx(2 * MM), (), ())  # a cut up to 1 mm off shows the card's own bleed


def test_the_narrow_margin_note_names_only_what_comes_near_and_a_way_out_when_8_mm_fits_nothing() -> None:
    spec = SheetSpec(paper("a4"), 63 * MM, 88 * MM, 3 * MM, margin=NARROW_PRINT_MARGIN)
    plan = plan_sheets(spec, 9)  # no page labels: only the side marks come within 8 mm
    assert narrow_margin_note(plan, 0) == (
        "the crop marks at the left and right come to 5 mm from the paper edge, not 8 mm, to fit 9 cards a sheet "
        "instead of none; a printer that leaves more than 5 mm unprinted cuts them off: then choose larger paper "
        "(--paper a3)")


def test_bleed_0_warns_where_neighbours_differ_at_their_edges(tmp_path: Path) -> None:
    """With no bleed the cards touch, as with --gap 0: Rychlé šípy's colours differ at the edges and the build says
    what a mis-cut shows; Kámen, nůžky, papír's cards share one dark edge (its corners, rounded inside the trim
    when there is no bleed, and the page edge's anti-aliased pixels are not what a neighbour's sliver shows)."""
    differ = build_deck(load_deck("rychle-sipy"), BuildOptions(players=3, bleed=0), out=tmp_path / "r.pdf")
    assert [w for w in differ.warnings if w.startswith("--bleed 0: neighbouring cards print different colours at "
                                                       "their edges (card '")]
    assert "a cut 0.3–0.5 mm off the shared line leaves a sliver of the neighbour" in differ.warnings[-1]
    alike = build_deck(load_deck("kamen-nuzky-papir"), BuildOptions(players=4, bleed=0), out=tmp_path / "k.pdf")
    assert not [w for w in alike.warnings if w.startswith("--bleed 0")]


@pytest.mark.parametrize("paper_name, bleed", [("a4", 0), ("letter", 0), ("a4", 3)])
def test_page_labels_keep_clear_of_every_cut_line_at_any_bleed(tmp_path: Path, paper_name: str, bleed: float) -> None:
    """With --bleed 0 the labels beside the block stood in the band the crop marks run in, which then ends at the
    cut line: the printing hint came within 0.05 mm of the cards' edge (the page line 0.15 mm on Letter), and a
    cut that far off printed it on the cards. Every word outside the cards keeps a careful cut's miss (0.75 mm)."""
    result = build_deck(load_deck("kamen-nuzky-papir"), BuildOptions(players=4, paper=paper_name, bleed=bleed),
                        out=tmp_path / "k.pdf")
    pages = _pages(result)
    clearance = min(_label_clearance(result.path, index, [f.trim for f in page.faces])
                    for index, page in enumerate(pages[:2]))  # a front and its back
    assert clearance >= 0.75 - 0.01
    if bleed == 0 and paper_name == "a4":  # no room left beside the marks for the printing hint: the build says so
        assert "no room in the margin for the print hint" in result.notes


def _label_clearance(path: Path, index: int, trims: list) -> float:
    """Return how near any printed character outside the cards comes to a card's trim on one page, in mm."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        text, nearest = document[index].get_textpage(), float("inf")
        for i in range(text.count_chars()):
            if text.get_text_range(i, 1).isspace():
                continue
            left, bottom, right, top = (v / MM for v in text.get_charbox(i, loose=True))
            gaps = [max(x0 - right, left - x1, y0 - top, bottom - y1) for x0, y0, x1, y1 in trims]
            if all(gap > 0 for gap in gaps):  # a page label's character, not a card's own
                nearest = min(nearest, *gaps)
        return nearest
    finally:
        document.close()
