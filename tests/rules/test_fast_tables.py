"""The merged fit tables of the turns style (engine._build_shared_target) say what the per-move tables say.

When every `play` move lays from one zone onto one, the interpreter lists the cards a seat may lay from one merged
table and finds the move that lays a card from another, instead of asking each move's table (issue 21's speed).
For every top card and every value a seat may name: a card is in the merged table exactly when some move lays it,
and the move found is the first move listed that lays it.
"""
from __future__ import annotations

import pytest

from deckforge.load import load_deck
from deckforge.sim.base import engine_for


@pytest.mark.parametrize("deck, players", [
    ("examples/crazy-eights", 5),                # a wild eight, then match suit or rank
    ("examples/prsi-as-data", 4),                # the same, with suits named after the wild card
    ("examples/kamen-nuzky-papir-as-data", 12),  # a wild changer, then a beats-table; three sets of cards
])
def test_the_merged_tables_agree_with_each_moves_table(deck, players):
    engine = engine_for(load_deck(deck), players)
    tables = engine.fit_table
    assert len(tables) == 2 and engine.fit_any is not None
    checked = 0
    for named, rows in enumerate(zip(*tables)):
        for top, per_move in enumerate(zip(*rows)):
            for card in range(engine.size):
                laying = [k for k, row in enumerate(per_move) if row[card]]
                assert engine.fit_any[named][top][card] == bool(laying)
                assert engine.first_fit[named][top][card] == (laying[0] if laying else 0)
                checked += bool(laying[1:])
    assert checked  # some card fits both moves (a wild card that also matches): the first move must win


def test_a_game_without_play_moves_has_no_merged_table():
    """Twenty-one only hits and stands: no table to merge, so its turns are listed by the general loop."""
    engine = engine_for(load_deck("examples/twenty-one"), 3)
    assert engine.fit_any is None and engine.first_fit is None
