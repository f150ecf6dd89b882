"""Helpers for the rulebook tests: text read back from PDFs, custom decks made from a bundled one."""
from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pdfplumber
import pytest

from deckforge.load import BUNDLED_DIR
from parsed_pdf import open_parsed

DECKS = ("kamen-nuzky-papir", "wizard", "rychle-sipy", "dymock")
LANGS = ("cs", "en")

# Each bundled deck's rulebook in each language, for the tests that typeset them. A developer's run typesets every
# deck in Czech (the pictures of the cards are checked there) and Kámen, nůžky, papír in English too; the other
# English books are the same templates and code with another text, so they are marked slow and typeset in CI.
QUICK_BOOKS = {(deck, "cs") for deck in DECKS} | {("kamen-nuzky-papir", "en")}
DECK_LANGS = [pytest.param(deck, lang, id=f"{lang}-{deck}",
                           marks=() if (deck, lang) in QUICK_BOOKS else pytest.mark.slow)
              for deck in DECKS for lang in LANGS]


def squash(text: str) -> str:
    """Make every run of white space (line breaks, no-break spaces) one space."""
    return " ".join(text.split())


# The spell rows of Kámen, nůžky, papír's Czech book for 8 players: two sets, each card's copies doubled.
EIGHT_PLAYER_SPELL_ROWS = ("14× Kámen", "6× Měnič", "2× Kámen osudu")

# The last column of the special-card table, in each language.
TEXT_HEADERS = {"cs": "Text na kartě", "en": "Text on the card"}


@dataclass(frozen=True)
class PdfText:
    """The text of a PDF: each page, and what stands in the special-card table's text column."""

    pages: tuple[str, ...]
    card_texts: str

    @property
    def all(self) -> str:
        return " ".join(self.pages)


@lru_cache(maxsize=None)
def open_pdf(path: Path) -> pdfplumber.PDF:
    """Open a PDF once per test process and keep it open: each page keeps what pdfplumber parsed of it, so the
    tests reading its text, its words and its images parse it once between them; a rulebook shared by the test
    run (conftest.py) is parsed once in the run, by whichever worker opens it first (tests/helpers/parsed_pdf.py)."""
    return open_parsed(path)


@lru_cache(maxsize=None)
def read_pdf(path: Path) -> PdfText:
    """Read a PDF once: its pages' text (white space squashed) and its card-text column."""
    pages, column = [], []
    for page in open_pdf(path).pages:
        pages.append(squash(page.extract_text() or ""))
        column += _below_header(page)
    return PdfText(tuple(pages), squash(" ".join(column)))


def _below_header(page) -> list[str]:
    """Return the text below and right of the card-text header on a page (a wrapped cell is read whole)."""
    words = page.extract_words()
    found = []
    for header in TEXT_HEADERS.values():
        size = len(header.split())
        for i, word in enumerate(words):
            if " ".join(w["text"] for w in words[i:i + size]) == header:
                area = page.crop((word["x0"] - 1, word["bottom"], page.width, page.height))
                found.append(area.extract_text() or "")
    return found


def pdf_fonts(path: Path) -> list[tuple[str, str]]:
    """Return (font name, embedded yes/no) for every font pdffonts lists."""
    rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()
    return [(row.split()[0], row.split()[-5]) for row in rows[2:] if row.strip()]


def custom_deck(folder: Path, extra_yaml: str, edits: dict[str, str] | None = None) -> Path:
    """Copy the bundled Kámen, nůžky, papír deck into `folder`, apply regex edits, append cards; return the folder."""
    shutil.copytree(BUNDLED_DIR / "kamen-nuzky-papir", folder)
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    for pattern, replacement in (edits or {}).items():
        text, n = re.subn(pattern, replacement, text, count=1, flags=re.M)
        assert n == 1, f"pattern {pattern!r} not found in the bundled deck"
    deck_file.write_text(text.rstrip("\n") + "\n" + extra_yaml, encoding="utf-8")
    return folder
