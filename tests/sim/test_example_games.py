"""The example games (decks/examples/) play through the rules interpreter: a few seeded games of each, at its fewest
and its default number of players, end by their rules with the outcome the rules say (books, tricks, points)."""
from __future__ import annotations

import random

import pytest

from deckforge.games import load_game
from deckforge.load import load_deck
from deckforge.load.paths import EXAMPLES_DIR
from deckforge.sim.base import play_game

EXAMPLES = sorted(path.parent.name for path in EXAMPLES_DIR.glob("*/deck.yaml"))
SEEDS = (1, 2)


def games(name: str, players: int, policy: str = "greedy", seeds=SEEDS):
    """Play one game per seed, checking the state's invariants after every step; return the results."""
    engine = load_game(load_deck(f"examples/{name}"), players)
    return [play_game(engine, random.Random(seed), [policy] * players, check=True) for seed in seeds]


def counts(name: str) -> list[int]:
    deck = load_deck(f"examples/{name}")
    return sorted({deck.players.low, deck.players.default_players})


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_ends_by_its_rules_at_its_fewest_and_default_players(name):
    for players in counts(name):
        for result in [*games(name, players), *games(name, players, "random", seeds=(3,))]:
            assert result.finished and not result.stalemate, f"{name} at {players} players: {result.turns} turns"
            assert result.winners and set(result.winners) <= set(range(players))
            assert sum(sum(seat.values()) for seat in result.plays) > 0


def test_go_fish_makes_all_thirteen_books():
    for result in games("go-fish", 4):
        assert sum(result.scores) == 13
        assert result.winners == [seat for seat in range(4) if result.scores[seat] == max(result.scores)]


def test_hearts_hands_out_26_points_a_deal_and_the_lowest_wins():
    for result in games("hearts", 4):
        assert sum(result.scores) % 26 == 0 and max(result.scores) >= 100
        assert result.winners == [seat for seat in range(4) if result.scores[seat] == min(result.scores)]


@pytest.mark.parametrize("name", ["spades", "whist"])
def test_partners_share_their_score(name):
    for result in games(name, 4):
        assert result.scores[0] == result.scores[2] and result.scores[1] == result.scores[3]
        assert set(result.winners) in ({0, 2}, {1, 3}, {0, 1, 2, 3})


def test_whist_scores_every_trick_of_three_deals():
    for result in games("whist", 4):
        assert result.scores[0] + result.scores[1] == 3 * 13


def test_old_maid_is_lost_by_the_one_left_holding_a_queen():
    for result in games("old-maid", 4):
        assert result.loser is not None and result.loser not in result.winners
        assert len(result.winners) == 3


def test_twenty_one_scores_at_most_21_a_round_and_gops_at_most_the_diamonds():
    for result in games("twenty-one", 4):
        assert all(0 <= score <= 5 * 21 for score in result.scores)
    for result in games("gops", 2):
        assert 0 <= sum(result.scores) <= sum(range(1, 14))


def test_crazy_eights_has_one_winner_who_played_out():
    for result in games("crazy-eights", 4):
        assert len(result.winners) == 1 and result.places[0] == result.winners[0]
