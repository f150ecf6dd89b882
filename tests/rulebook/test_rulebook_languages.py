"""Rulebooks in any language a deck declares: German from its catalog and prose template, and English headings
with one warning for a language deckforge has no catalog for."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.rulebook import rulebook_html
from deckforge.rulebook.render import visible_text

from language_decks import polish_deck
from rulebook_helpers import read_pdf


@pytest.mark.slow   # German typesets in three rounds of keeping split words whole (test_breaks.py tests the rounds)
def test_the_german_rulebook_is_german_throughout(rulebook_pdf) -> None:
    text = read_pdf(rulebook_pdf("kamen-nuzky-papir", "de", 4)).all
    for words in ("Ziel des Spiels", "Spielmaterial", "Fragen und Antworten", "Für 4 Spieler: 30 Karten",
                  "(1 Satz)", "Jeder Spieler erhält 4 Karten", "Kartentext", "Schicksalsstein",
                  "Die Spielrichtung kehrt sich um.", "Teilt jedem Spieler 4 Karten aus."):
        assert words in text, words
    assert "Karte " in text and "Karten" in text


def test_german_lists_and_plurals_in_the_prose() -> None:
    text = visible_text(rulebook_html("kamen-nuzky-papir", "de", 8))
    assert "Für 8 Spieler: 60 Karten (2 Sätze)" in text
    assert "Briefwechsel, Paket für den Nachbarn, Fels in der Brandung und Zweites Blatt" in text  # CLDR's "und"
    assert "Jeder weitere Satz bringt 4 Plätze am Tisch dazu." in text and "Zählt als" in text


def test_a_language_without_a_catalog_gets_english_headings_and_one_warning(tmp_path: Path) -> None:
    folder, out = polish_deck(tmp_path / "polish"), tmp_path / "rules.html"
    result = CliRunner().invoke(main, ["rulebook", str(folder), "--lang", "pl", "--format", "html", "-o", str(out)])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "no 'pl' catalog" in warnings[0]
    text = visible_text(out.read_text(encoding="utf-8"))
    assert "Goal of the game" in text and "Zasady gry po polsku, rozdział goal." in text
    assert "Kamień" not in text and "Malý balíček" in text   # the deck's own words, as written


def test_a_language_without_prose_says_which_file_to_write(tmp_path: Path) -> None:
    """A deck in a language deckforge has no prose for: the message names the deck's own file to write, and a
    bundled text to translate; it listed deckforge's folder only."""
    folder, out = polish_deck(tmp_path / "polish"), tmp_path / "rules.html"
    (folder / "rulebook" / "pl.html").unlink()
    result = CliRunner().invoke(main, ["rulebook", str(folder), "--lang", "pl", "--format", "html", "-o", str(out)])
    assert result.exit_code == 1 and not out.exists()
    message = " ".join(result.output.split())
    assert "no pl rulebook text for the game 'kamen-nuzky-papir': deckforge has none (" in message
    assert f"and the deck has none of its own; write {folder / 'rulebook' / 'pl.html'}, for instance by translating " \
           in message and message.rstrip().endswith("kamen-nuzky-papir/en.html")
    # validate says so beforehand, as a warning: the cards print in Polish all the same
    from deckforge.load import load_deck
    from deckforge.validate import validate_deck

    report = validate_deck(load_deck(folder), play=False, prints=False)
    assert report.warnings[0] == ("no pl rulebook text for the game 'kamen-nuzky-papir': `rulebook --lang pl` will "
                                  "stop; write rulebook/pl.html in the deck's folder")
    # and, as build and rulebook say it, that deckforge's own words print in English (no Polish catalog)
    assert len(report.warnings) == 2 and report.warnings[1].startswith("deckforge has no 'pl' catalog")


def test_a_spell_counts_as_its_item_named_as_the_decks_card(tmp_path: Path) -> None:
    """The special cards' "Counts as" column printed the item's id ("rock") in a language without a catalog; it
    names the item as the deck's own plain card of it is named in that language, whatever the language."""
    folder, out = polish_deck(tmp_path / "polish"), tmp_path / "rules.pdf"
    result = CliRunner().invoke(main, ["rulebook", str(folder), "--lang", "pl", "-o", str(out)])
    assert result.exit_code == 0, result.output
    layout = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True)
    rows = [" ".join(line.split()) for line in layout.stdout.splitlines()]
    assert "Kámen osudu Kámen 1× Směr hry se obrací." in rows   # the Polish deck's rock card is „Kámen“
    assert not [row for row in rows if row.startswith("Kámen osudu rock")]
    english = " ".join(visible_text(rulebook_html(str(folder), "en", 4)).split())
    assert "Stone of Fate Rock" in english
