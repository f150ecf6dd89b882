"""Runs (`always: sets: {run: true}`): cards of one suit whose ranks follow one another are laid down at once,
read from a scripted game on a tiny described deck (docs/rules-format.md, "always")."""
from __future__ import annotations

import pytest

from deckforge.errors import DeckError
from deckforge.load import load_deck
from deckforge.rules import model as m
from deckforge.rules.turns import _first_run
from rules_tables import act, engine, feed, hand, start, write_deck

RUNS = """  ranks: ["1", "2", "3", "4", "5", "6"]
  setup:
    - deal: {to: hand, count: 3}
  play:
    moves:
      - draw: {count: 1}
    always:
      - sets: {size: 3, run: true}
  score:
    - per_set: 1
  end: {round: stock_empty}
"""
RANKS = ("1", "2", "3", "4", "5", "6")


def test_a_run_loads_with_suit_as_its_default_attribute(tmp_path):
    rules = load_deck(write_deck(tmp_path, RUNS, ranks=RANKS)).described
    assert rules.play.always == (m.Sets(size=3, same="suit", run=True),)


def test_run_must_be_true_or_false(tmp_path):
    with pytest.raises(DeckError) as caught:
        load_deck(write_deck(tmp_path, RUNS.replace("run: true", "run: 3"), ranks=RANKS))
    assert "rules.play.always[0].sets.run" in str(caught.value)


def test_three_of_a_suit_in_a_row_are_laid_and_gaps_or_other_suits_are_not(tmp_path):
    game = engine(tmp_path, RUNS, ranks=RANKS)
    # dealt one at a time from seat 0: seat 0 red-1 red-3 blue-5, seat 1 blue-1 blue-2 red-6
    state = start(game, 0, "red-1", "blue-1", "red-3", "blue-2", "blue-5", "red-6")
    act(state, game.draw)
    feed(state, "red-2")                      # red 1, 2, 3: a run
    assert hand(state, 0) == ["blue-5"] and state.sets_won[0] == 1
    assert sorted(game.t.labels[c] for c in state.zones[state.t.slot("won", 0)]) == ["red-1", "red-2", "red-3"]
    act(state, game.draw)
    feed(state, "red-5")                      # blue 1, 2 and red 5, 6: two in a row of each suit, no run
    assert hand(state, 1) == ["blue-1", "blue-2", "red-5", "red-6"] and state.sets_won[1] == 0
    act(state, game.draw)
    feed(state, "blue-4")                     # blue 4, 5 for seat 0
    act(state, game.draw)
    feed(state, "red-4")                      # red 4, 5, 6: a run for seat 1
    assert hand(state, 1) == ["blue-1", "blue-2"] and state.sets_won[1] == 1


def test_the_lowest_run_goes_first_with_one_card_per_rank():
    rank_of = (0, 1, 1, 2, 3, 5)              # card 2 repeats card 1's rank; rank 4 is missing
    assert _first_run([5, 3, 2, 1, 0, 4], rank_of, 3) == [0, 1, 3]
    assert _first_run([3, 4, 5], rank_of, 3) == []
    assert _first_run([1, 2, 3, 4], rank_of, 3) == [1, 3, 4]
