"""Rulebooks as a printer receives them, read back from the PDFs: no word split across a break, a page count a
booklet can take, the cards pictured, an example of play, the booklet's imposition and the one-page score pad."""
from __future__ import annotations

import re

import pdfplumber
import pikepdf
import pytest

from deckforge.load import load_deck
from deckforge.rulebook import write_rulebook, write_scorepad
from deckforge.rulebook.booklet import booklet_order
from deckforge.rulebook.examples import play_example
from deckforge.rulebook.pictures import picture_width

from pdf_words import rows_of
from rulebook_helpers import DECK_LANGS, DECKS, open_pdf, read_pdf

MM = 72 / 25.4
SPLIT = re.compile(r"\w[-\u2010\u00ad]$")
COLUMN_END_GAP = 2.2   # lines further apart than this many line heights are in different blocks
COLUMN_GAP = 15        # points: wider than a justified word space, narrower than the 7 mm between columns


def segments(row: list[dict]) -> list[list[dict]]:
    """Cut a line where its words stand further apart than any word space: the gap between two columns."""
    parts = [[row[0]]]
    for before, word in zip(row, row[1:]):
        if word["x0"] - before["x1"] > COLUMN_GAP:
            parts.append([])
        parts[-1].append(word)
    return parts


def column_ends(page) -> list[str]:
    """Return the last word of every line that ends a column: the last line of each column on the page (the
    footer left out), and any line followed in its column by a gap wider than a paragraph's. A line across the
    page (a caption under pictures) belongs to the column it starts in."""
    columns: dict[bool, list[list[dict]]] = {False: [], True: []}
    words = [w for w in page.extract_words() if w["bottom"] < page.height - 18 * MM]
    for row in rows_of(words) if words else []:
        for part in segments(row):
            columns[part[0]["x0"] > page.width / 2].append(part)
    ends = []
    for lines in columns.values():
        for line, after in zip(lines, lines[1:] + [None]):
            height = line[0]["bottom"] - line[0]["top"]
            if after is None or after[0]["top"] - line[0]["top"] > COLUMN_END_GAP * height * 1.45:
                ends.append(line[-1]["text"])
    return ends


@pytest.mark.parametrize("deck, lang", DECK_LANGS)
def test_no_word_is_split_across_a_column_or_page_break(rulebook_pdf, deck: str, lang: str) -> None:
    pages = open_pdf(rulebook_pdf(deck, lang)).pages
    split = [(number, word) for number, page in enumerate(pages, 1) for word in column_ends(page)
             if SPLIT.search(word)]
    assert not split, f"{deck} {lang}: words split at a break (page, word): {split}"


@pytest.mark.parametrize("deck, lang", DECK_LANGS)
def test_pages_fill_folded_sheets_with_notes_not_blanks(rulebook_pdf, deck: str, lang: str) -> None:
    pages = read_pdf(rulebook_pdf(deck, lang)).pages
    notes = "Poznámky" if lang == "cs" else "Notes"
    assert len(pages) % 4 == 0, f"{deck} {lang}: {len(pages)} pages"
    assert all(page.strip() for page in pages), "a blank page"
    # a notes page holds the running title, its heading (twice: in the header too) and its number
    padding = [n for n, page in enumerate(pages, 1) if re.search(rf"\b{notes} {notes} {n} / \d+$", page)]
    assert len(padding) < 4 and padding == list(range(len(pages) - len(padding) + 1, len(pages) + 1))


@pytest.mark.parametrize("deck", DECKS)
def test_every_distinct_card_and_the_back_are_pictured_as_printed(rulebook_pdf, deck: str) -> None:
    model = load_deck(deck)
    path = rulebook_pdf(deck, "cs")
    images = [image for page in open_pdf(path).pages for image in page.images]
    components = [i for i in images if abs(i["width"] - picture_width(model) * MM) < 0.5]
    assert len(components) >= len(model.cards) + 1   # every card and the back, then the example's cards
    card = model.card_size
    for image in components:   # each one a whole card, in the card's proportions
        assert image["height"] / image["width"] == pytest.approx(card.height_mm / card.width_mm, rel=0.02)
    words = set(read_pdf(path).all.split())   # a caption may wrap under its narrow picture
    assert all(set(c.name("cs").split()) <= words for c in model.cards) and {"Rub", "karty"} <= words


def test_the_acceptance_count_of_pictures_for_kamen_nuzky_papir(rulebook_pdf) -> None:
    with pikepdf.open(rulebook_pdf("kamen-nuzky-papir", "cs")) as pdf:
        images = {obj.objgen for page in pdf.pages
                  for obj in (page.obj.Resources.get("/XObject") or {}).values() if obj.Subtype == "/Image"}
    assert len(images) >= 13 + 1     # its 13 distinct cards and the back, each one image drawn once


@pytest.mark.parametrize("deck, lang", DECK_LANGS)
def test_an_example_of_play_is_pictured_and_explained(rulebook_pdf, deck: str, lang: str) -> None:
    model = load_deck(deck)
    example = play_example(model, model.player_count(), lang)
    text = read_pdf(rulebook_pdf(deck, lang)).all
    heading = "Příklad hry" if lang == "cs" else "Example of play"
    assert heading in text
    after = text[text.index(heading):]
    words = set(after.split())   # a caption may wrap under its narrow picture
    player = "Hráč" if lang == "cs" else "Player"
    for card in example.cards:
        assert set(model.card(card.card_id).name(lang).split()) <= words
    assert any(f"{player} {seat}" in after for seat in {c.seat for c in example.cards if c.seat})


def test_examples_come_from_seeded_games_and_follow_the_rules() -> None:
    beats = {"paper": "rock", "rock": "scissors", "scissors": "paper"}
    deck = load_deck("kamen-nuzky-papir")
    chain = play_example(deck, 4, "en")
    assert chain == play_example(deck, 4, "en")
    items = [deck.card(c.card_id).get("item") for c in chain.cards]
    assert len(items) == 4 and all(beats[upper] == lower for lower, upper in zip(items, items[1:]))
    wizard = load_deck("wizard")
    trick = play_example(wizard, 4, "en")
    assert len(trick.cards) == 4 and len({c.seat for c in trick.cards}) == 4
    winner = next(c for c in trick.cards if c.seat == trick.facts["winner"])
    card = wizard.card(winner.card_id)
    assert card.kind == "wizard" or card.name("en") == trick.facts["winning"]
    row = play_example(load_deck("rychle-sipy"), 4, "en")
    numbers = [load_deck("rychle-sipy").card(c.card_id).get("number") for c in row.cards]
    assert numbers == list(range(1, len(numbers) + 1)) and row.facts["length"] == len(numbers)


def test_booklet_imposes_a5_pages_in_saddle_stitch_order(tmp_path) -> None:
    assert booklet_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    path = write_rulebook("kamen-nuzky-papir", "en", booklet=True, out=tmp_path / "booklet.pdf")
    with pdfplumber.open(path) as pdf:
        sides = pdf.pages
        pages = len(sides) * 2
        assert pages % 4 == 0
        texts = {}
        for side, (left, right) in zip(sides, booklet_order(pages)):
            assert (round(side.width / MM), round(side.height / MM)) == (297, 210)
            texts[left] = side.crop((0, 0, side.width / 2, side.height)).extract_text() or ""
            texts[right] = side.crop((side.width / 2, 0, side.width, side.height)).extract_text() or ""
        # the rules' pages say "n / N" (N: the last of them), the notes pages after them their number alone
        notes = [n for n in range(1, pages + 1) if texts[n].strip().splitlines()[-2:] == ["Notes", str(n)]]
        rules = pages - len(notes)
        assert notes == list(range(rules + 1, pages + 1))
        for number in range(2, rules + 1):   # the title page has no number
            assert f"{number} / {rules}" in texts[number], number
    with pikepdf.open(path) as pdf:
        fonts = [font for font in pdf.objects if isinstance(font, pikepdf.Dictionary)
                 and font.get("/Type") == "/FontDescriptor"]
        assert fonts and all("/FontFile2" in font or "/FontFile3" in font for font in fonts)
        # printed at 100 %, flipped on the short edge; the header admits the pages' transparency groups (PDF 1.4)
        preferences = pdf.Root.ViewerPreferences
        assert preferences.PrintScaling == "/None" and preferences.Duplex == "/DuplexFlipShortEdge"
        groups = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary) and "/Group" in obj]
        assert pdf.pdf_version >= "1.4" or not groups


def test_booklet_refuses_html(tmp_path) -> None:
    from deckforge.errors import BuildError

    with pytest.raises(BuildError, match="--booklet makes a PDF"):
        write_rulebook("wizard", "en", fmt="html", booklet=True, out=tmp_path / "b.html")
    assert not (tmp_path / "b.html").exists()


@pytest.mark.parametrize("paper, players", [("a5", 3), ("a5", 4), ("a5", 6), ("letter", 3)])
def test_score_pad_keeps_a_game_on_one_page(tmp_path, paper: str, players: int) -> None:
    path = write_scorepad("wizard", players, "en", out=tmp_path / "pad.pdf", paper=paper)
    pages = read_pdf(path).pages
    rounds = {3: 20, 4: 15, 6: 10}[players]
    assert len(pages) == 1
    assert re.search(" ".join(str(r) for r in range(1, rounds + 1)), pages[0])
