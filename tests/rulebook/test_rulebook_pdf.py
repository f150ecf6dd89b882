"""Typeset rulebooks read back from their PDFs: sections, counts, card texts, plural forms, fonts."""
from __future__ import annotations

import re
import shutil

import pytest

from deckforge.load import load_deck
from deckforge.rulebook import build_context
from deckforge.i18n import translations
from deckforge.rulebook.render import SECTIONS, visible_text

from rulebook_helpers import DECK_LANGS, EIGHT_PLAYER_SPELL_ROWS, pdf_fonts, read_pdf

HEADINGS = ("Goal of the game", "Components", "Setting up", "Playing the game", "Special cards",
            "End of the game and scoring", "Variants", "Questions and answers")


def test_headings_cover_every_section() -> None:
    assert len(HEADINGS) == len(SECTIONS)


@pytest.mark.parametrize("deck, lang", DECK_LANGS)
def test_each_rulebook_has_its_sections(rulebook_pdf, deck: str, lang: str) -> None:
    pages = read_pdf(rulebook_pdf(deck, lang)).pages
    body = " ".join(pages[1:])     # page 1 holds the contents, which name every section too
    _ = translations(lang).gettext
    for number, heading in enumerate(HEADINGS, start=1):
        assert f"{number} {_(heading)}" in body, f"{deck} {lang}: no section '{_(heading)}' after the title page"
    # Page numbers: "n / N" on the rules' pages, N the last of them; the notes pages that pad the booklet to a
    # multiple of four pages carry their number alone.
    notes = [number for number, page in enumerate(pages, start=1)
             if page.split()[-2:] == [_("Notes"), str(number)]]
    rules = len(pages) - len(notes)
    assert notes == list(range(rules + 1, len(pages) + 1)) and len(pages) % 4 == 0 and len(notes) < 4
    for number, page in enumerate(pages[1:rules], start=2):
        assert f"{number} / {rules}" in page, (deck, lang, number)


@pytest.mark.parametrize("deck, lang", DECK_LANGS)
def test_every_special_card_is_printed_as_on_the_card(rulebook_pdf, deck: str, lang: str) -> None:
    model = load_deck(deck)
    pdf = read_pdf(rulebook_pdf(deck, lang))
    texts, everything = pdf.card_texts, pdf.all
    for row in build_context(model, lang, model.players.default_players).specials:
        assert row.text in texts, f"{deck} {lang}: '{row.text}' is not in the special-card table"
        for name in row.names:
            assert name in everything


# A book of its own for 8 players, and the custom deck's two books, are typeset in CI only (marked slow): a quick run
# checks their words in the HTML (test_rulebook_html.py), and the typesetting itself on the books above.
@pytest.mark.parametrize("lang, players, phrase", [
    ("cs", 4, "Pro 4 hráče: 30 karet (1 sada)."),
    pytest.param("cs", 8, "Pro 8 hráčů: 60 karet (2 sady).", marks=pytest.mark.slow),
    ("en", 4, "For 4 players: 30 cards (1 set)."),
])
def test_component_count_follows_the_player_count(rulebook_pdf, lang: str, players: int, phrase: str) -> None:
    text = read_pdf(rulebook_pdf("kamen-nuzky-papir", lang, players)).all   # 4: the default count's own book
    assert phrase in text
    total = re.search(r": (\d+)", phrase).group(1)
    assert re.search(rf"\b{players} \d {total} 4 \d+\b", text)    # its row in the scaling table


@pytest.mark.slow
def test_spell_rows_count_copies_for_eight_players(rulebook_pdf) -> None:
    text = read_pdf(rulebook_pdf("kamen-nuzky-papir", "cs", 8)).all
    assert all(row in text for row in EIGHT_PLAYER_SPELL_ROWS)


@pytest.mark.slow
def test_a_custom_deck_with_a_new_spell_and_czech_plurals(rulebook_pdf, custom_folder) -> None:
    pdf = read_pdf(rulebook_pdf(str(custom_folder), "cs", 5))
    text = pdf.all
    assert "Ohnivý dopis" in text
    assert "Další hráč si lízne 3 karty a vynechá tah." in pdf.card_texts
    # 21 karet (not "21 karta"), 5 hráčů, 1 sada, 4 karty: the three Czech plural forms in print.
    assert "Pro 5 hráčů: 21 karet (1 sada)." in text
    assert "Jedna sada: 21 karet, až 5 hráčů." in text
    assert "Každý hráč dostane 4 karty" in text
    assert "Počet hráčů 2–10" in text


@pytest.mark.slow
def test_a_hostile_spell_text_is_printed_literally(rulebook_pdf, custom_folder) -> None:
    texts = read_pdf(rulebook_pdf(str(custom_folder), "en", 5)).card_texts
    assert "<b>Burn</b> {{ 7 * 7 }} & the next player draws 3 cards." in texts


@pytest.mark.skipif(not shutil.which("pdffonts"), reason="needs pdffonts (poppler-utils)")
@pytest.mark.parametrize("deck, lang", DECK_LANGS)
def test_only_open_sans_embedded_and_subset(rulebook_pdf, deck: str, lang: str) -> None:
    fonts = pdf_fonts(rulebook_pdf(deck, lang))
    assert fonts, "pdffonts lists no font"
    for name, embedded in fonts:
        assert embedded == "yes", f"{name} is not embedded"
        assert re.fullmatch(r"[A-Z]{6}\+Open-Sans(-[A-Za-z-]+)?", name), f"{name} is not a subset of Open Sans"


@pytest.mark.parametrize("deck, lang", DECK_LANGS)
def test_typesetting_loses_no_word(rulebook_pdf, rulebook_page, deck: str, lang: str) -> None:
    """Every word of the HTML reaches the PDF (WeasyPrint can drop a box that falls badly on a page break)."""
    words = set(re.findall(r"\w+", visible_text(rulebook_page(deck, lang)).casefold()))
    printed = read_pdf(rulebook_pdf(deck, lang)).all.casefold()
    whole = set(re.findall(r"\w+", printed))
    heads = set(re.findall(r"(\w+)-(?=\s)", printed))    # a word hyphenated at a line's end, maybe in another column
    lost = sorted(w for w in words - whole
                  if not any(w[:i] in heads and w[i:] in whole for i in range(1, len(w))))
    assert not lost, f"{deck} {lang}: words missing from the PDF: {lost[:20]}"
