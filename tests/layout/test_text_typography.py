"""Card text as a typesetter sets it, read back from built PDFs: line ends that follow each language's rules
(typography.py) and one type size per text role across a deck (layout/roles.py)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from deckforge.layout.build import BuildOptions, build_deck
from deckforge.layout.fonts import font_for
from deckforge.layout.text import fit_text
from deckforge.typography import tie
from pdf_words import distinct_pages, rows_of

FIXTURES = Path(__file__).parent / "fixtures"
MM = 72 / 25.4
BODY_BELOW = 12  # points: what is smaller is body text, whose line ends the Czech rules govern
TITLE_BAND = 0.22  # the top of a card page that holds its title
ONE_LETTER_OR_NUMBER = re.compile(r"(?:^|\s)([kvszouaiKVSZOUAI]|\d+)$")



def paragraphs_of(words: list[dict]) -> list[list[str]]:
    """Return the body text's paragraphs as their lines: a line just below another, at its size, goes on it."""
    paragraphs: list[list[str]] = []
    previous = None
    for row in rows_of([w for w in words if w["size"] < BODY_BELOW]):
        text = " ".join(w["text"] for w in row)
        follows = previous is not None and 0 < row[0]["top"] - previous[0]["top"] < previous[0]["size"] * 1.6
        if follows:
            paragraphs[-1].append(text)
        else:
            paragraphs.append([text])
        previous = row
    return paragraphs


@pytest.fixture(scope="module")
def card_pages(tmp_path_factory):
    """Build a deck's one-card-a-page PDF once per language; return the words, with their sizes, of each page that
    differs from every earlier one (the copies of a card read back alike)."""
    built: dict[tuple[str, str], list[tuple[float, list[dict]]]] = {}

    def pages(deck_id: str, lang: str) -> list[tuple[float, list[dict]]]:
        if (deck_id, lang) not in built:
            out = tmp_path_factory.mktemp("cards") / f"{deck_id}-{lang}.pdf"
            build_deck(deck_id, BuildOptions(lang=lang, fmt="cards-pdf"), out=out)
            with pdfplumber.open(out) as pdf:
                built[deck_id, lang] = [(page.height, page.extract_words(extra_attrs=["size"]))
                                        for page in distinct_pages(pdf)]
        return built[deck_id, lang]

    return pages


DECKS = ["kamen-nuzky-papir", "rychle-sipy"]


@pytest.mark.parametrize("deck_id", DECKS)
def test_no_czech_line_ends_on_a_one_letter_word_or_a_number(card_pages, deck_id):
    bad = [f"page {n}: {line!r}" for n, (_, words) in enumerate(card_pages(deck_id, "cs"), 1)
           for paragraph in paragraphs_of(words) for line in paragraph[:-1] if ONE_LETTER_OR_NUMBER.search(line)]
    assert bad == []


@pytest.mark.parametrize("deck_id", DECKS)
def test_the_cards_that_broke_the_rules_now_keep_their_words_together(card_pages, deck_id):
    """The lines the issue found: "karty v / ruce", "kartu z / ruky", "lízne 1 / kartu", "nebere a / odhodí"."""
    wanted = {"kamen-nuzky-papir": ["v ruce", "z ruky", "1 kartu"], "rychle-sipy": ["a odhodí"]}[deck_id]
    lines = [line for _, words in card_pages(deck_id, "cs") for p in paragraphs_of(words) for line in p]
    for pair in wanted:
        assert any(pair in line for line in lines), f"{pair!r} is on no line as one"


@pytest.mark.parametrize("deck_id", DECKS)
def test_no_english_paragraph_ends_in_a_lone_word(card_pages, deck_id):
    widows = [p for _, words in card_pages(deck_id, "en") for p in paragraphs_of(words)
              if len(p) > 1 and len(p[-1].split()) == 1]
    assert widows == []


@pytest.mark.parametrize("deck_id", DECKS)
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_card_title_is_set_at_one_size(card_pages, deck_id, lang):
    sizes = {round(max(w["size"] for w in words if w["top"] < height * TITLE_BAND), 1)
             for height, words in card_pages(deck_id, lang) if any(w["top"] < height * TITLE_BAND for w in words)}
    assert len(sizes) == 1, sizes


@pytest.mark.parametrize("deck_id", DECKS)
def test_both_languages_set_the_titles_alike(card_pages, deck_id):
    def title_size(lang):
        return {round(max(w["size"] for w in words if w["top"] < height * TITLE_BAND), 1)
                for height, words in card_pages(deck_id, lang) if any(w["top"] < height * TITLE_BAND for w in words)}

    assert title_size("cs") == title_size("en")


def test_rule_texts_use_a_few_shared_sizes(card_pages):
    """Kámen, nůžky, papír's spell texts: one role, at most three sizes however many spells."""
    sizes = {round(w["size"], 1) for _, words in card_pages("kamen-nuzky-papir", "cs") for w in words
             if w["size"] < BODY_BELOW and w["size"] > 9}
    assert 1 <= len(sizes) <= 3, sizes


# The fitter on its own.

def test_the_fitter_never_breaks_at_a_tie_when_the_box_allows():
    font = font_for("regular")
    text = "Vyměň si všechny karty v ruce s hráčem, kterého si vybereš."

    def bad_ends(words: str) -> list[int]:
        """Return the box widths (mm) at which a line of the fitted text ends on a one-letter word."""
        fitted = {w: fit_text(words, font, 10, 10, w * MM, 200) for w in range(20, 60)}
        assert all("\u00a0" not in line for f in fitted.values() for line, _ in f.lines)  # printed plain
        return [w for w, f in fitted.items() if any(ONE_LETTER_OR_NUMBER.search(line) for line, _ in f.lines[:-1])]

    assert len(bad_ends(text)) > 10  # without the ties, most widths part "v ruce" or "s hráčem"
    assert bad_ends(tie(text, "cs")) == []


def test_a_tie_gives_way_when_the_tied_words_are_wider_than_the_box():
    font = font_for("regular")
    width = stringWidth("nejneobyčejnějším", font, 10) + 1  # room for the long word, not for "v" before it
    fitted = fit_text(tie("v nejneobyčejnějším", "cs"), font, 10, 10, width, 200)
    assert fitted is not None and [line for line, _ in fitted.lines] == ["v", "nejneobyčejnějším"]


# Roles across a deck: one size, unless one card alone would drag every other down.

def mini_deck(tmp_path: Path, fate_name: dict[str, str]) -> Path:
    """Copy the mini deck with its spell renamed."""
    shutil.copytree(FIXTURES / "mini", tmp_path / "mini")
    deck = tmp_path / "mini" / "deck.yaml"
    source = deck.read_text(encoding="utf-8")
    assert "name: {cs: Kámen osudu, en: Stone of Fate}" in source
    deck.write_text(source.replace("name: {cs: Kámen osudu, en: Stone of Fate}",
                                   f"name: {{cs: \"{fate_name['cs']}\", en: \"{fate_name['en']}\"}}"), encoding="utf-8")
    return deck


def title_sizes(path: Path) -> list[float]:
    with pdfplumber.open(path) as pdf:
        return [max(w["size"] for w in page.extract_words(extra_attrs=["size"]) if w["top"] < 20 * MM)
                for page in pdf.pages]


def test_a_longer_title_sets_every_title_of_the_deck_smaller(tmp_path):
    deck = mini_deck(tmp_path, {"cs": "Kámen osudu a hvězd", "en": "Stone of Fate"})
    result = build_deck(deck, BuildOptions(lang="en", fmt="cards-pdf", backs="none"), out=tmp_path / "en.pdf")
    sizes = title_sizes(tmp_path / "en.pdf")
    assert len(set(sizes)) == 1 and sizes[0] < 14  # the Czech name sets the English titles too
    assert result.notes == ()


def test_one_card_alone_is_shrunk_and_the_build_names_it(tmp_path):
    long_name = "Kámen osudu, který všechno obrací naruby"
    deck = mini_deck(tmp_path, {"cs": long_name, "en": "Stone of Fate"})
    result = build_deck(deck, BuildOptions(lang="cs", fmt="cards-pdf", backs="none"), out=tmp_path / "cs.pdf")
    sizes = title_sizes(tmp_path / "cs.pdf")
    assert sorted(set(sizes))[-1] == 14 and len(set(sizes)) == 2  # the others keep their size
    assert len(result.notes) == 1 and "card 'fate' (cs): its title is set at" in result.notes[0]
    english = build_deck(deck, BuildOptions(lang="en", fmt="cards-pdf", backs="none"), out=tmp_path / "en.pdf")
    assert set(title_sizes(tmp_path / "en.pdf")) == {14} and english.notes == ()  # in English it fits with the rest
