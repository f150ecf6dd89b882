"""Sheets in any language a deck declares: deckforge's own words on them (page labels, scale bar, printing hint,
calibration sheet) come from its gettext catalog; a language without a catalog prints them in English, with one
warning, and still builds."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckforge
from deckforge.cli import main
from deckforge.load import load_deck
from deckforge.layout.pagelabels import page_texts

FIXTURES = Path(__file__).parent / "fixtures"
PACKAGE_DIR = Path(deckforge.__file__).parent


def page_text(path: Path, page: int) -> str:
    """Return a page's text as poppler's pdftotext reads it, turned cards too, on one line (pdfplumber took 2.4 s
    for a page of backs)."""
    text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    return " ".join(text.split())


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def warnings_of(result) -> list[str]:
    """Return the warnings of a build but that the mini deck, seven cards, is too small to deal."""
    return [line for line in result.stderr.splitlines() if line.startswith("warning:") and "cannot deal" not in line]


@pytest.fixture(scope="module")
def german_sheets(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("de") / "de.pdf"
    result = run("build", "kamen-nuzky-papir", "--players", "4", "--lang", "de", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert warnings_of(result) == []   # German has a catalog
    return out


def test_german_page_labels_read_back_from_the_sheet(german_sheets: Path) -> None:
    first, second = page_text(german_sheets, 1), page_text(german_sheets, 2)
    assert "Schere, Stein, Papier · 4 Spieler · Seite 1 von 8 · Vorderseite" in first
    assert "Seite 2 von 8 · Rückseite von Seite 1" in second
    assert "dieser Balken misst 50 mm" in first
    assert "mit 100 % drucken, nicht an Seite anpassen; beidseitig, Wenden an der langen Kante" in first
    assert "Schere" in first and "Schlägt Papier." in first


def test_german_card_template_strings_are_printed(german_sheets: Path) -> None:
    spells = page_text(german_sheets, 5)
    assert "Zauber · zählt als Papier" in spells and "Schicksalsstein" in spells


@pytest.mark.parametrize("lang, players, crowd", [
    ("cs", 2, "2 hráči"), ("cs", 5, "5 hráčů"), ("en", 1, "1 player"), ("en", 5, "5 players"),
    ("de", 1, "1 Spieler"), ("de", 5, "5 Spieler"),
])
def test_the_page_line_counts_players_with_the_catalog_plurals(lang: str, players: int, crowd: str) -> None:
    deck = load_deck("kamen-nuzky-papir")
    texts = page_texts(deck, lang, players, ["front", "back"], "duplex-short")
    assert f"{deck.name(lang)} · {crowd} · " in texts[0].info
    assert texts[1].hint == texts[0].hint


@pytest.fixture()
def polish_deck(tmp_path: Path) -> Path:
    """The layout fixture deck written in Polish and English: deckforge has no Polish catalog."""
    folder = tmp_path / "polish"
    shutil.copytree(FIXTURES / "mini", folder)
    for name in ("deck.yaml", "mini.yaml"):
        path = folder / name
        path.write_text(path.read_text(encoding="utf-8").replace("{cs: ", "{pl: ")
                        .replace("languages: [cs, en]", "languages: [pl, en]"), encoding="utf-8")
    return folder


def test_a_deck_in_a_language_without_a_catalog_builds_with_one_warning(polish_deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "pl.pdf"
    result = run("build", str(polish_deck), "--lang", "pl", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert len(warnings_of(result)) == 1
    assert "no 'pl' catalog" in warnings_of(result)[0] and "print in English" in warnings_of(result)[0]
    first = page_text(out, 1)
    assert "Malý balíček · 4 players · page 1 of 2 · front" in first and "this bar is 50 mm" in first
    again = run("build", str(polish_deck), "--lang", "en", "-o", str(out))
    assert again.exit_code == 0 and warnings_of(again) == []


def test_a_language_the_deck_does_not_declare_is_refused_by_name() -> None:
    result = run("build", "kamen-nuzky-papir", "--lang", "fr")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "has no 'fr' texts; it declares: cs, en, de" in result.output


def test_the_calibration_sheet_speaks_any_catalog_and_english_otherwise(tmp_path: Path) -> None:
    german = run("calibrate", "--lang", "de", "--backs", "duplex-short", "-o", str(tmp_path / "de.pdf"))
    assert german.exit_code == 0 and warnings_of(german) == []
    front = page_text(tmp_path / "de.pdf", 1)
    assert "deckforge – Kalibrierung für den beidseitigen Druck" in front and "Wenden an der kurzen Kante." in front
    assert "dieser Balken misst 50 mm" in front
    polish = run("calibrate", "--lang", "pl", "-o", str(tmp_path / "pl.pdf"))
    assert polish.exit_code == 0 and len(warnings_of(polish)) == 1
    assert "deckforge duplex calibration" in page_text(tmp_path / "pl.pdf", 1)
    nonsense = run("calibrate", "--lang", "../de", "-o", str(tmp_path / "x.pdf"))
    assert nonsense.exit_code == 1 and "not a language code" in nonsense.output
    assert not (tmp_path / "x.pdf").exists()


INLINE_TRANSLATIONS = re.compile(r"""["'](?:cs|de|en)["']\s*:\s*[{"']|\blang\s*==\s*["'][a-z]{2}["']""")


def test_no_inline_translations_or_hand_written_plurals_remain() -> None:
    """Interface words live in deckforge/locale/*/deckforge.po only (issue: any language a deck declares)."""
    found = [f"{path.relative_to(PACKAGE_DIR)}:{number}: {line.strip()}"
             for path in sorted(PACKAGE_DIR.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if INLINE_TRANSLATIONS.search(line)]
    assert not found, "translations outside the catalogs:\n" + "\n".join(found)
