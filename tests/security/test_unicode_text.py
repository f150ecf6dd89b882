"""Any Unicode a user types either prints correctly or fails naming the card and the character."""
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from deckforge.cli import main

SOURCE = Path(__file__).resolve().parents[2] / "decks" / "kamen-nuzky-papir" / "deck.yaml"


def deck_with_spell_text(folder: Path, text: str) -> Path:
    source = SOURCE.read_text(encoding="utf-8")
    old = "      cs: Směr hry se obrátí."
    assert old in source
    path = folder / "deck.yaml"
    path.write_text(source.replace(old, f"      cs: \"{text}\""), encoding="utf-8")
    return path


def build(deck: Path, out: Path):
    return CliRunner().invoke(main, ["build", str(deck), "--lang", "cs", "--backs", "none", "-o", str(out)])


@pytest.mark.parametrize("typed,printed", [
    ("Sme\u030cr se obraci\u0301.", "Směr se obrací."),       # combining accents become precomposed letters
    ("Smě\u00adr\u200b hry se obrací.", "Směr hry se obrací."),  # soft hyphen and zero-width space print as nothing
    ("Ďábelský „obrat“ – ŤŇŮ…", "Ďábelský „obrat“ – ŤŇŮ…"),
])
def test_text_that_can_print_prints(tmp_path: Path, typed: str, printed: str) -> None:
    out = tmp_path / "deck.pdf"
    result = build(deck_with_spell_text(tmp_path, typed), out)
    assert result.exit_code == 0, result.output
    # in drawing order (a card's lines one after another, whichever cards stand beside it), the line breaks a
    # card may put anywhere read as spaces
    text = " ".join(page.extract_text() or "" for page in pypdf.PdfReader(out).pages)
    assert printed in " ".join(text.split())


@pytest.mark.parametrize("typed,named", [
    ("Obrat 😀", "'😀' (U+1F600 GRINNING FACE) is not in the card font"),
    ("Obrat שלום", "(U+05E9 HEBREW LETTER SHIN) is right-to-left text"),
    ("Obrat q\u0308", "(U+0308 COMBINING DIAERESIS) is a combining mark with no precomposed letter"),
    ("Obrat \\a", "(U+0007"),  # YAML's escape: raw control characters are refused by the YAML reader
])
def test_text_that_cannot_print_fails_naming_card_and_character(tmp_path: Path, typed: str, named: str) -> None:
    out = tmp_path / "deck.pdf"
    result = build(deck_with_spell_text(tmp_path, typed), out)
    assert result.exit_code == 1
    assert named in result.output and "card 'stone-of-fate' (cs)" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_rulebook_refuses_a_character_its_font_lacks(tmp_path: Path) -> None:
    deck = deck_with_spell_text(tmp_path, "Obrat 😀")
    result = CliRunner().invoke(main, ["rulebook", str(deck), "--lang", "cs", "--format", "html",
                                       "-o", str(tmp_path / "rules.html")])
    assert result.exit_code == 1
    assert "card 'stone-of-fate' text (cs)" in result.output and "U+1F600" in result.output
    assert not (tmp_path / "rules.html").exists()
