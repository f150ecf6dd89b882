"""The Wizard score sheet: a row per round (deck size / players), bid and points per player."""
from __future__ import annotations

import re

import pytest

from deckforge.errors import BuildError, PlayerCountError
from deckforge.load import load_deck
from deckforge.rulebook import write_scorepad
from deckforge.rulebook.scorepad import scorepad_html

from rulebook_helpers import read_pdf


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_one_row_per_round_and_two_columns_per_player(players: int, rounds: int) -> None:
    page = scorepad_html(load_deck("wizard"), players, "en")
    body = page.split("<tbody>")[1]
    assert body.count("<tr") == rounds
    assert body.count('<td class="bid">') == rounds * players
    assert body.count('<td class="points">') == rounds * players
    assert ("landscape" in page) == (players > 4)


def test_printed_sheet_in_czech(tmp_path) -> None:
    path = write_scorepad("wizard", 4, "cs", out=tmp_path / "pad.pdf")
    pdf = read_pdf(path)
    assert len(pdf.pages) == 1
    assert "Čaroděj – Zápis skóre" in pdf.all and "4 hráči · 15 kol" in pdf.all
    assert pdf.all.count("Tip Body") == 4
    assert re.search(r"\b1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\b", pdf.all)


def test_only_for_wizard_decks() -> None:
    with pytest.raises(BuildError, match="deck 'dymock' is a dymock deck; score pads exist for: wizard"):
        scorepad_html(load_deck("dymock"), 4, "cs")


def test_player_count_checked() -> None:
    with pytest.raises(PlayerCountError, match="deck 'wizard': this deck serves 3 to 6 players, not 7"):
        scorepad_html(load_deck("wizard"), 7, "cs")
