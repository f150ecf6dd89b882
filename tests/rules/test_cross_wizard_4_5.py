"""The other half of the 1,000 Wizard games of test_cross_wizard.py (described against hand-written, step by
step), at 4 and 5 players: a file of its own so that pytest-xdist runs the two halves on two workers."""
from __future__ import annotations

import pytest

from deckforge.load import load_deck
from tests.rules.test_cross_wizard import GAMES_PER_COUNT, PLAYER_COUNTS, play_counts

# Slow: test_cross_wizard.py plays the same code at 3 and 6 players; CI plays these counts too.
pytestmark = pytest.mark.slow

# A trick of Jesters only needs every card of a trick to be one of the four Jesters: impossible at 5 players and
# rarer than once in 250 games at 4; the games at 3 players (test_cross_wizard.py) make it happen.
JESTERS_ONLY = "a trick of Jesters only goes to the first"


@pytest.fixture(scope="module")
def decks():
    return load_deck("wizard"), load_deck("examples/wizard-as-data")


def test_described_wizard_plays_as_the_hand_written_engine_at_4_and_5_players(decks):
    assert play_counts(decks, (4, 5), rare=(JESTERS_ONLY,)) == 2 * GAMES_PER_COUNT
    assert sorted((3, 6, 4, 5)) == list(PLAYER_COUNTS)   # the two files together cover every player count
