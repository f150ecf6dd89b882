"""Each distinct face (and the back) is drawn once: a face shown more than once as a PDF form placed wherever a
copy of it goes, a face shown once where it shows; each sheet shown on more than one page is one more form. So
thirty times the copies make thirty times the placements, not the drawings."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ArrayObject

from deckforge.layout import BuildOptions, build_deck, draw
from deckforge.load import load_deck
from layout_pdf import read_pages

MINI = Path(__file__).parent / "fixtures" / "mini"
FACE = "/FormXob.face-"


def _deck(tmp_path: Path, copies: int) -> Path:
    """The mini deck with every card's count multiplied by `copies`."""
    folder = tmp_path / f"x{copies}"
    shutil.copytree(MINI, folder)
    deck = folder / "deck.yaml"
    text = re.sub(r"(?m)^(\s+count: )(\d+)$", lambda m: f"{m.group(1)}{int(m.group(2)) * copies}",
                  deck.read_text(encoding="utf-8"))
    deck.write_text(text, encoding="utf-8")
    return folder


def _face_forms(path: Path) -> dict[str, int]:
    """Return every face form the PDF holds, by name, with its object number, following forms inside forms."""
    found: dict[str, set] = {}

    def visit(xobjects) -> None:
        for name, reference in (xobjects or {}).items():
            xobject = reference.get_object()
            if name.startswith(FACE):
                found.setdefault(name[len(FACE):], set()).add(reference.idnum)
            elif xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources", {}).get("/XObject"))

    for page in PdfReader(path).pages:
        visit(page["/Resources"].get("/XObject"))
    assert all(len(numbers) == 1 for numbers in found.values()), found  # one object per face, shared
    return {name: numbers.pop() for name, numbers in found.items()}


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[object, tuple[Path, object]]:
    """The mini deck with one and with thirty times the copies; and the latter drawn page by page, no sheet forms,
    and with each page's content in one stream."""
    tmp_path = tmp_path_factory.mktemp("copies")
    built = {}
    for copies in (1, 30, "30-direct", "30-one-stream"):
        deck = load_deck(_deck(tmp_path / str(copies), copies if copies == 1 else 30))
        with pytest.MonkeyPatch.context() as patch:
            if copies == "30-direct":
                patch.setattr(draw.PageForms, "for_texts", classmethod(lambda cls, texts: None))
            if copies == "30-one-stream":
                patch.setattr(draw, "show_page_sharing_start", lambda canvas: canvas.showPage())
            out = build_deck(deck, BuildOptions(players=2, lang="en"), out=tmp_path / f"x{copies}.pdf").path
        built[copies] = (out, deck)
    return built


def test_thirty_times_the_copies_hold_one_form_per_distinct_face(builds) -> None:
    path, deck = builds[30]
    faces = _face_forms(path)
    assert sorted(faces) == sorted([f"card-{card.id}" for card in deck.cards] + ["back"])


def test_every_copy_is_placed_and_placements_name_the_shared_forms(builds) -> None:
    path, deck = builds[30]
    size = deck.card_size
    pages = read_pages(path, size.width_mm, size.height_mm)
    placed = [p.key for page in pages for p in page.faces]
    fronts = [key for key in placed if key != "back"]
    assert len(fronts) == deck.total_for(2) == 30 * load_deck(MINI).total_for(2)
    assert placed.count("back") == len(fronts)
    for card, copies in deck.counts_for(2):
        assert fronts.count(f"card-{card.id}") == copies


def test_sheet_forms_draw_what_drawing_page_by_page_draws(builds) -> None:
    """The same cards in the same places, clipped alike, with the same crop marks, on every page."""
    (shared, deck), (direct, _) = builds[30], builds["30-direct"]
    size = deck.card_size
    pages = read_pages(shared, size.width_mm, size.height_mm)
    assert pages == read_pages(direct, size.width_mm, size.height_mm)
    assert all(page.faces and page.lines for page in pages)
    assert len(_face_forms(direct)) == len(_face_forms(shared))  # faces are forms either way
    assert PdfReader(direct).pages[0]["/Resources"]["/XObject"].keys() != PdfReader(shared).pages[0][
        "/Resources"]["/XObject"].keys()


def test_thirty_times_the_copies_make_well_under_twice_the_file(builds) -> None:
    one, thirty = builds[1][0].stat().st_size, builds[30][0].stat().st_size
    assert len(PdfReader(builds[30][0]).pages) > 20 * len(PdfReader(builds[1][0]).pages)
    assert thirty < 1.5 * one, (one, thirty)


def test_each_page_holds_only_its_page_line_and_the_sheet_form(builds) -> None:
    """A page of many copies draws one sheet form and writes its own page number; the rest is shared. A sheet
    shown on one page alone (the copies left over) draws its cards on the page, around the shared crop marks."""
    reader = PdfReader(builds[30][0])
    sheet_forms, own = set(), []
    for page in reader.pages:
        names = list(page["/Resources"]["/XObject"])
        if len(names) == 1 and names[0].startswith("/FormXob.page-sheet-"):
            sheet_forms.add(page["/Resources"]["/XObject"].raw_get(names[0]).idnum)
        else:
            own.append(names)
    assert len(sheet_forms) < len(reader.pages) / 4
    assert 0 < len(own) <= 3
    for names in own:  # the crop marks and labels are shared; the faces shown more than once are forms
        assert sum(name.startswith("/FormXob.page-frame-") for name in names) == 1
        assert all(name.startswith(("/FormXob.page-frame-", FACE)) for name in names)
    assert "page 3 of" in reader.pages[2].extract_text()


def test_a_face_shown_once_is_painted_where_it_shows(builds) -> None:
    """A card of one copy has no form of its own (a card of more copies has, and the back behind every card), yet
    every card is read back where it goes, marked with its key, and its text is on the page."""
    path, deck = builds[1]
    counts = deck.counts_for(2)
    assert {copies for _, copies in counts} > {1}
    assert sorted(_face_forms(path)) == sorted(["back"] + [f"card-{card.id}" for card, copies in counts if copies > 1])
    size = deck.card_size
    placed = [p.key for page in read_pages(path, size.width_mm, size.height_mm) for p in page.faces]
    fronts = sorted(key for key in placed if key != "back")
    assert fronts == sorted(f"card-{card.id}" for card, copies in counts for _ in range(copies))
    text = " ".join(page.extract_text() for page in PdfReader(path).pages)
    assert all(card.name("en") in text for card, _ in counts)


def test_pages_of_a_repeated_sheet_share_the_start_of_their_content(builds) -> None:
    """Such a page's content is two streams: all but its own words, one stream for every page like it, and its
    page line's own words. Read as one, each page holds what a single stream held."""
    shared, single = PdfReader(builds[30][0]), PdfReader(builds["30-one-stream"][0])
    starts, own = set(), []
    for page, alone in zip(shared.pages, single.pages, strict=True):
        contents = page.raw_get("/Contents").get_object()
        streams = [reference.get_object() for reference in contents] if isinstance(contents, ArrayObject) else [
            contents]
        assert b"".join(stream.get_data() for stream in streams) == alone.get_contents().get_data()
        if len(streams) > 1:
            start, words = streams
            starts.add(contents[0].idnum)
            own.append(words.get_data())
            assert "/Filter" not in words and b"Tj" in words.get_data() and len(words.get_data()) < 80
    assert len(own) > len(shared.pages) * 0.9 and len(starts) < len(own) / 4
    assert any(b"page 3 of" in words for words in own)
    assert builds[30][0].stat().st_size < builds["30-one-stream"][0].stat().st_size
