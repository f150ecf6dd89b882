"""A deck's own italic faces (`fonts: {italic, bold-italic}`): on the cards, in the rulebook, and the warning when
a deck with its own body font has none (italic then prints upright, as no tool here slants a face)."""
import shutil
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.errors import DeckError
from deckforge.layout import BuildOptions, build_deck
from deckforge.load import BUNDLED_DIR, load_deck
from deckforge.rulebook.write import write_rulebook
from deckforge.validate import validate_deck

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
pytestmark = pytest.mark.skipif(not (DEJAVU / "DejaVuSans-Oblique.ttf").is_file(), reason="needs fonts-dejavu-core")

DECK = """id: slant
name: {en: Slant}
languages: [en]
players: {min: 2, max: 4}
card_size: poker
fonts: {FONTS}
cards:
  - {id: bolt, count: 3, type: Spell, name: {en: Bolt}, text: {en: Deal two damage.}}
  - {id: wall, count: 3, type: Ward, name: {en: Wall}, text: {en: Stop one attack.}}
"""
SANS = "title: fonts/DejaVuSans-Bold.ttf, body: fonts/DejaVuSans.ttf"


def slant(folder: Path, fonts: str) -> Path:
    """A homemade deck on the basic template, whose type line ("Spell") is set in the italic style."""
    (folder / "fonts").mkdir(parents=True)
    for name in ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSerif.ttf",
                 "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf"):
        shutil.copy(DEJAVU / name, folder / "fonts" / name)
    (folder / "deck.yaml").write_text(DECK.replace("FONTS", fonts), encoding="utf-8")
    return folder


def words_by_font(pdf: Path) -> dict[str, str]:
    """Return each word of the PDF with the face it is set in (subset tag dropped)."""
    with pdfplumber.open(pdf) as opened:
        return {word["text"]: word["fontname"].split("+")[-1] for page in opened.pages
                for word in page.extract_words(extra_attrs=["fontname"])}


def test_the_italic_style_takes_the_decks_italic_face(tmp_path):
    deck = load_deck(slant(tmp_path / "d", SANS + ", italic: fonts/DejaVuSans-Oblique.ttf"))
    result = build_deck(deck, BuildOptions(players=2, lang="en"), out=tmp_path / "slant.pdf")
    faces = words_by_font(result.path)
    assert faces["Spell"] == faces["Ward"] == "DejaVuSans-Oblique"  # the basic template's italic type line
    assert faces["Deal"] == "DejaVuSans" and faces["Bolt"] == "DejaVuSans-Bold"
    assert not [w for w in result.warnings if "italic" in w]


def test_without_an_italic_face_the_build_and_validate_say_it_prints_upright(tmp_path):
    deck = load_deck(slant(tmp_path / "d", SANS))
    result = build_deck(deck, BuildOptions(players=2, lang="en"), out=tmp_path / "slant.pdf")
    assert words_by_font(result.path)["Spell"] == "DejaVuSans"  # upright: never another family's italic
    upright = [w for w in result.warnings if "no italic font" in w]
    assert len(upright) == 1  # once for the template's element, not once per card
    assert "deck.yaml: fonts:" in upright[0] and "basic.yaml" in upright[0] and "type line" in upright[0]
    assert "DejaVuSans.ttf, the body font" in upright[0] and "`italic: fonts/<file>`" in upright[0]
    report = validate_deck(deck, play=False)
    assert report.ok and upright[0] in report.warnings


def test_a_bold_italic_face_serves_the_bold_italic_style(tmp_path):
    """Bold italic falls back to the title font, upright, and takes `bold-italic` where given."""
    from deckforge.layout.fonts import deck_font

    deck = load_deck(slant(tmp_path / "d", SANS))
    assert deck_font(deck, "bold-italic") == deck_font(deck, "bold")
    given = load_deck(slant(tmp_path / "e", SANS + ", bold-italic: fonts/DejaVuSerif-Italic.ttf"))
    assert deck_font(given, "bold-italic").startswith("DejaVuSerif-Italic")
    assert deck_font(given, "italic") == deck_font(given, "regular")  # no italic: the body font, upright


def test_an_italic_font_is_checked_like_the_others(tmp_path):
    folder = slant(tmp_path / "d", SANS + ", italic: fonts/Missing-Italic.ttf")
    with pytest.raises(DeckError, match=r"fonts.italic: font file 'fonts/Missing-Italic.ttf' not found"):
        load_deck(folder)


def prsi_with_fonts(folder: Path, fonts: str) -> Path:
    """Prší, whose rulebook prose sets its terms in italic (<em>), in a folder with DejaVu Serif as its fonts."""
    (folder / "fonts").mkdir(parents=True)
    for name in ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf"):
        shutil.copy(DEJAVU / name, folder / "fonts" / name)
    text = (BUNDLED_DIR / "prsi" / "deck.yaml").read_text(encoding="utf-8")
    (folder / "deck.yaml").write_text(f"fonts: {{{fonts}}}\n{text}", encoding="utf-8")
    return folder


def test_the_rulebook_sets_every_word_in_the_decks_fonts_its_emphasis_in_italic(tmp_path):
    """Emphasis took the body font upright; the running header, the page numbers and the command names (<code>)
    stayed in Open Sans, whose family the stylesheet named after the deck's fonts were declared."""
    fonts = ("title: fonts/DejaVuSerif-Bold.ttf, body: fonts/DejaVuSerif.ttf, "
             "italic: fonts/DejaVuSerif-Italic.ttf")
    deck = load_deck(prsi_with_fonts(tmp_path / "prsi", fonts))
    out = write_rulebook(deck, "cs", out=tmp_path / "rules.pdf")
    with pdfplumber.open(out) as pdf:
        faces = {char["fontname"].split("+")[-1] for page in pdf.pages for char in page.chars}
        page = pdf.pages[2]
        words = page.extract_words(extra_attrs=["fontname"])
        header = [w for w in words if w["top"] < 60]
        footer = [w for w in words if w["top"] > page.height - 60]
    assert faces == {"Deck-Title-Bold", "Deck-Body", "Deck-Body-Italic"}  # no Open Sans anywhere
    italic = " ".join(w["text"] for w in words if w["fontname"].endswith("Deck-Body-Italic"))
    assert "odkládací hromádka" in italic and "balíček" in italic  # the terms of the set-up
    assert header and footer  # the running title and section, the page number
    assert {w["fontname"].split("+")[-1] for w in header + footer} <= {"Deck-Title-Bold", "Deck-Body"}


def test_the_rulebook_warns_when_its_emphasis_prints_upright(tmp_path):
    folder = prsi_with_fonts(tmp_path / "prsi", "title: fonts/DejaVuSerif-Bold.ttf, body: fonts/DejaVuSerif.ttf")
    result = CliRunner().invoke(main, ["rulebook", str(folder), "--format", "html", "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    assert ("fonts: no italic font, so the rulebook's emphasis prints upright in DejaVuSerif.ttf, the body font; "
            "add `italic: fonts/<file>` under `fonts`") in result.stderr
    given = prsi_with_fonts(tmp_path / "given", "body: fonts/DejaVuSerif.ttf, italic: fonts/DejaVuSerif-Italic.ttf")
    result = CliRunner().invoke(main, ["rulebook", str(given), "--format", "html", "-o", str(tmp_path / "g.html")])
    assert result.exit_code == 0 and "italic" not in result.stderr


def test_a_character_the_italic_face_lacks_is_named_when_the_deck_loads(tmp_path):
    """An italic face may cover less than its upright one: a template may set any card text in it."""
    folder = slant(tmp_path / "d", SANS + ", italic: fonts/DejaVuSans-Oblique.ttf")
    shutil.copy(DEJAVU / "DejaVuSans-ExtraLight.ttf", folder / "fonts" / "DejaVuSans-Oblique.ttf")  # fewer glyphs
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Stop one attack.", "Stop one attack ∰."),
                    encoding="utf-8")
    with pytest.raises(DeckError, match=r"card 'wall'.*en text uses '∰' \(U\+2230\).*italic font DejaVuSans-Oblique"):
        load_deck(folder)
