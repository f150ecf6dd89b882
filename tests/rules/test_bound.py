"""The interpreter's bound on decisions per game (engine._max_turns) lets random play of a game written as data run
as long as its hand-written engine lets it run, and stays finite for a game to a score.

Before, the bound was about 1,800 decisions for Prší at 6 players, while a random game there often runs 2,000 to
5,000 (the hand-written engine allows 13,000), so `deckforge validate examples/prsi-as-data` called a quarter of its
random games at 6 players stalled.
"""
from __future__ import annotations

import pytest

from deckforge.load import load_deck
from deckforge.sim.base import engine_for
from tests.helpers.cross_check import Recording, play_both, uniform

OLD_BOUND_PRSI_6 = 400 + 40 * 32 + 20 * 6   # the formula before, for 32 cards and 6 players


def _prsi_to_data(hand, data):
    """Map the hand-written Prší engine's actions to the described engine's (cards are the same indices)."""
    specials = {hand.draw: data.draw, hand.stand: data.stand, hand.pass_: data.pass_}
    specials.update({hand.name_base + s: data.name_base + s for s in range(len(hand.suits))})
    return lambda action: action if action < hand.size else specials[action]


def test_a_long_random_game_at_six_players_is_not_cut_short():
    """Seed 2 at 6 players is one random game played through both engines step by step (the cross-check of
    tests/rules/test_cross_prsi.py): 3,606 decisions, twice the old bound. The hand-written engine plays it to its
    end; the runner (sim.base.play_game, which stops a game at `max_game_length()`) lets the description end too."""
    hand = Recording(engine_for(load_deck("prsi"), 6))
    data = Recording(engine_for(load_deck("examples/prsi-as-data"), 6))
    play_both(hand, data, 2, _prsi_to_data(hand.engine, data.engine), uniform)
    ours, theirs = hand.states[-1], data.states[-1]
    assert ours.result().finished and theirs.result().finished   # a loser, not a stalemate, in both
    assert theirs.turns == ours.turns > 2 * OLD_BOUND_PRSI_6
    assert theirs.turns < data.engine.max_game_length()


@pytest.mark.parametrize("game, counts, share", [
    ("prsi", range(2, 7), 1.0),                 # the same decisions in both engines
    ("kamen-nuzky-papir", range(2, 13), 1.25),  # laying a changer and naming its item: two decisions as data
])
def test_the_bound_is_as_generous_as_the_hand_written_engines(game, counts, share):
    hand_deck, data_deck = load_deck(game), load_deck(f"examples/{game}-as-data")
    for players in counts:
        ours, theirs = engine_for(hand_deck, players), engine_for(data_deck, players)
        assert theirs.max_game_length() >= share * ours.max_game_length(), players


def test_a_game_to_a_score_keeps_a_finite_bound():
    """Hearts plays to 100 points: at most 60 rounds (engine.ROUND_CAP), so a bound of 60 generous rounds."""
    engine = engine_for(load_deck("examples/hearts"), 4)
    assert 0 < engine.max_game_length() < 1_000_000
    assert engine.max_game_length() == 60 * engine_for(load_deck("examples/whist"), 4).max_game_length() // 3
