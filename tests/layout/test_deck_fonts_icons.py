"""A homemade deck's own fonts and `:name:` icons, read back from the PDF; validate runs the print checks."""
import csv
import shutil
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image, ImageDraw

from deckforge.errors import DeckError
from deckforge.layout import BuildOptions, build_deck
from deckforge.load import load_deck
from deckforge.validate import validate_deck

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
pytestmark = pytest.mark.skipif(not (DEJAVU / "DejaVuSans.ttf").is_file(), reason="needs fonts-dejavu-core")

DECK = """id: hexduel
name: {en: Hex Duel, cs: Čarodějný souboj}
languages: [en, cs]
players: {min: 2, max: 4}
card_size: poker
fonts: {title: fonts/DejaVuSerif-Bold.ttf, body: fonts/DejaVuSans.ttf}
cards: cards.csv
"""


def hexduel(folder: Path, text_en: str = "Strike :sword: for {n}.", extra_rows=()) -> Path:
    (folder / "fonts").mkdir(parents=True)
    (folder / "icons").mkdir()
    for name in ("DejaVuSerif-Bold.ttf", "DejaVuSans.ttf"):
        shutil.copy(DEJAVU / name, folder / "fonts" / name)
    icon = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    ImageDraw.Draw(icon).polygon([(32, 2), (40, 50), (24, 50)], fill="#803030")
    icon.save(folder / "icons" / "sword.png")
    (folder / "icons" / "shield.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M12 2 L20 6 L20 12 '
        'C20 17 16 21 12 22 C8 21 4 17 4 12 L4 6 Z" fill="#305080"/></svg>', encoding="utf-8")
    (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
    rows = [["id", "count", "name.en", "name.cs", "text.en", "text.cs"]]
    rows += [[f"c{n}", "6", f"Card {n}", f"Karta {n}", text_en.format(n=n), f"Úder :shield: za {n}."]
             for n in range(5)]
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows + list(extra_rows))
    return folder


def test_the_decks_fonts_are_embedded_and_its_icons_drawn_not_printed(tmp_path):
    deck = load_deck(hexduel(tmp_path / "d"))
    out = build_deck(deck, BuildOptions(players=2, lang="en"), out=tmp_path / "hex.pdf").path
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        fonts = {char["fontname"].split("+")[-1] for char in page.chars}
        text = "".join(char["text"] for char in page.chars)  # in drawing order: the cards on A4 are turned
        images = page.images
    assert {"DejaVuSerif-Bold", "DejaVuSans"} <= fonts
    assert "Card 0" in text and "Strike" in text and ":sword:" not in text
    assert len(images) >= 8  # one sword per card on the sheet (8 poker cards fit an A4 sheet)


def test_an_svg_icon_draws_as_vectors(tmp_path):
    deck = load_deck(hexduel(tmp_path / "d"))
    out = build_deck(deck, BuildOptions(players=2, lang="cs"), out=tmp_path / "hex.pdf").path
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        assert ":shield:" not in "".join(char["text"] for char in page.chars)
        shield_fill = [c for c in page.curves if c.get("non_stroking_color") and
                       [round(v, 2) for v in c["non_stroking_color"]] == [0.19, 0.31, 0.5]]
    assert len(shield_fill) >= 8


def test_an_svg_icon_names_no_font_the_pdf_does_not_embed(tmp_path):
    """ReportLab's drawing renderer sets its default font, Helvetica, before anything else: a PDF/X file with an SVG
    icon named Helvetica without embedding it, which a print shop's preflight rejects."""
    import pikepdf

    deck = load_deck(hexduel(tmp_path / "d"))
    out = build_deck(deck, BuildOptions(players=2, lang="cs", pdf_x="x1a"), out=tmp_path / "hex.pdf").path
    with pikepdf.open(out) as pdf:
        fonts = {}
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and "/BaseFont" in obj:
                descendant = obj.DescendantFonts[0] if "/DescendantFonts" in obj else obj
                descriptor = descendant.get("/FontDescriptor")
                fonts[str(obj.BaseFont)] = descriptor is not None and any(
                    key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
    assert fonts and all(fonts.values()), fonts
    assert not [name for name in fonts if "Helvetica" in name]


def test_an_unknown_icon_fails_naming_the_card_row_and_icon(tmp_path):
    folder = hexduel(tmp_path / "d", extra_rows=[["bad", "1", "Bad", "Zlá", "Hit :axe:.", "Rána."]])
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert "cards.csv:7" in str(caught.value) and "card 'bad'" in str(caught.value) and ":axe:" in str(caught.value)


def test_an_unknown_icon_in_both_languages_of_a_card_is_reported_once(tmp_path):
    """The error came once per language, twice alike, without saying which language each was."""
    folder = hexduel(tmp_path / "d", extra_rows=[["bad", "1", "Bad", "Zlá", "Hit :axe:.", "Rána :axe:."]])
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert [str(p) for p in caught.value.problems] == [
        f"{caught.value.problems[0].file}:7:1: card 'bad': unknown icon ':axe:': add icons/axe.svg or icons/axe.png "
        "to the deck's folder"]


def test_a_misspelt_icon_is_told_the_nearest_icon_the_deck_has(tmp_path):
    folder = hexduel(tmp_path / "d", extra_rows=[["bad", "1", "Bad", "Zlá", "Hit :swrd:.", "Rána :shild:."]])
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert [p.message for p in caught.value.problems] == [
        "unknown icon ':swrd:'; did you mean ':sword:'? Otherwise add icons/swrd.svg or icons/swrd.png to the "
        "deck's folder",
        "unknown icon ':shild:'; did you mean ':shield:'? Otherwise add icons/shild.svg or icons/shild.png to the "
        "deck's folder"]


def test_a_character_the_decks_font_lacks_is_named_with_card_and_language(tmp_path):
    folder = hexduel(tmp_path / "d", extra_rows=[["odd", "1", "Odd ☃", "Divná", "Text.", "Text."]])
    with pytest.raises(DeckError, match=r"card 'odd'.*en name uses '☃'.*DejaVuSerif-Bold.ttf"):
        load_deck(folder)


def test_a_character_the_rules_text_needs_is_checked_in_the_body_font_too(tmp_path):
    """The rulebook sets the deck's rules text in its body font: a character that font lacks was set in another
    font by the browser, and validate said ok."""
    folder = hexduel(tmp_path / "d")
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8") + "rules:\n  en: Play a card 漢 each turn.\n"
                         "  cs: Každý tah zahraj kartu.\n", encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    (problem,) = caught.value.problems
    assert str(problem).endswith("deck.yaml:9:7: rules.en: the en rules text uses '漢' (U+6F22), which the deck's "
                                 "body font DejaVuSans.ttf has no glyph for; the rulebook would set it in another "
                                 "font"), str(problem)


def test_a_font_that_is_no_font_is_refused(tmp_path):
    folder = hexduel(tmp_path / "d")
    (folder / "fonts" / "DejaVuSans.ttf").write_bytes(b"not a font at all")
    with pytest.raises(DeckError, match=r"deck.yaml:6:\d+: fonts.body: font file 'fonts/DejaVuSans.ttf' is not a font"):
        load_deck(folder)


def test_validate_catches_text_that_cannot_fit_and_names_the_spreadsheet_row(tmp_path):
    folder = hexduel(tmp_path / "d", text_en="Strike " + "again and " * 120 + "stop {n}.")
    report = validate_deck(load_deck(folder))
    assert not report.ok
    first = str(report.findings[0])
    assert first.startswith(str(folder / "cards.csv") + ":2:") or "cards.csv:2:" in first
    assert "does not fit" in first and "card 'c0' (en)" in first
