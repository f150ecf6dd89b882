"""Rendered rulebooks shared by the rulebook tests: WeasyPrint is slow, so each PDF is made once per test run, by
whichever xdist worker needs it first (tests/helpers/made_once.py)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from deckforge.load import load_deck
from deckforge.rulebook import rulebook_html, write_rulebook

from made_once import deck_key, made_once, shared_folder
from rulebook_helpers import custom_deck

# A copy of the bundled deck with one spell more and other counts: 2 + 2 + 4 plain items, 10 spells, 3 changers
# make 21 cards a set; one set serves up to 5 players.
NEW_SPELL = """
  - id: fire-paper
    kind: spell
    item: paper
    count: 1
    name: {cs: Ohnivý dopis, en: Letter of Fire, de: Feuerbrief}
    text:
      cs: Další hráč si lízne 3 karty a vynechá tah.
      en: "<b>Burn</b> {{ 7 * 7 }} & the next player draws 3 cards."
      de: Der nächste Spieler zieht 3 Karten und setzt aus.
    effects:
      - {effect: draw, target: next, count: 3}
      - {effect: skip, target: next}
"""
EDITS = {r"^(  - id: rock\n(?:    .*\n)*?)    count: 7": r"\g<1>    count: 2",
         r"^(  - id: scissors\n(?:    .*\n)*?)    count: 7": r"\g<1>    count: 2",
         r"^players: .*$": "players: {min: 2, max: 10, per_set: 5}"}


@pytest.fixture(scope="session")
def pdf_dir(tmp_path_factory) -> Path:
    return shared_folder(tmp_path_factory, "rulebooks")


def book_key(deck: str, lang: str, players: int | None) -> str:
    """Name a rulebook by its deck, language and player count, the deck's default count for None (write_rulebook
    makes the same book of both), so asking with either shares one file."""
    return f"{deck_key(deck)}-{lang}-{_player_count(deck, players)}"


@lru_cache(maxsize=None)
def _player_count(deck: str, players: int | None) -> int:
    return load_deck(deck).player_count(players)


@pytest.fixture(scope="session")
def rulebook_pdf(pdf_dir):
    """Return a function (deck, lang, players) -> PDF path that renders each combination once per test run."""
    def render(deck: str, lang: str, players: int | None = None) -> Path:
        return made_once(pdf_dir, f"{book_key(deck, lang, players)}.pdf",
                         lambda out: write_rulebook(deck, lang, players, out=out))
    return render


@pytest.fixture(scope="session")
def rulebook_page(pdf_dir):
    """Return a function (deck, lang, players) -> the rulebook's HTML, rendered once per test run."""
    def render(deck: str, lang: str, players: int | None = None) -> str:
        path = made_once(pdf_dir, f"{book_key(deck, lang, players)}.html",
                         lambda out: out.write_text(rulebook_html(deck, lang, players), encoding="utf-8"))
        return path.read_text(encoding="utf-8")
    return render


@pytest.fixture(scope="session")
def custom_folder(tmp_path_factory) -> Path:
    return custom_deck(tmp_path_factory.mktemp("custom") / "fire-deck", NEW_SPELL, EDITS)


@pytest.fixture(scope="session")
def custom(custom_folder):
    return load_deck(custom_folder)
