"""Prší played whole: seeded runs end without stalemates for greedy players, every card is played, every power takes
effect, invariants hold for random players, series pass the deal clockwise, and the greedy player's choices."""
from __future__ import annotations

import random

import pytest

from deckforge.load import load_deck
from deckforge.sim.base import play_game
from deckforge.sim.runner import play_series, simulate, trace_game
from prsi_tables import arrange, card, engine, names

DECK = load_deck("prsi")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_greedy_games_end_and_play_every_card(players):
    summary = simulate(DECK, players, games=300, seed=7, policy="greedy")
    assert summary.errors == []
    assert summary.stalemates <= 3  # the acceptance bar is 1%; none were seen
    assert summary.finished + summary.stalemates == 300
    assert [card_id for card_id, times in summary.plays_by_card.items() if not times] == []
    assert {"seven", "ace", "suit-change"} <= set(summary.effects)


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_random_games_keep_the_invariants(players):
    summary = simulate(DECK, players, games=8, seed=players, policy="random", check=True)
    assert summary.errors == [] and summary.finished == 8


def test_the_deal_passes_clockwise_in_a_series():
    game = engine(4)
    results = play_series(game, seed=3, first=0, count=6, policies=["greedy"] * 4)
    starters = [result.first_player for result in results]
    assert all((later - earlier) % 4 == 1 for earlier, later in zip(starters, starters[1:]))


def test_expected_effects_are_the_powers_of_the_deck():
    assert engine(2).expected_effects() == {"seven", "ace", "suit-change"}


def test_a_trace_shows_every_step():
    result = trace_game(DECK, 3, seed=2, policy="greedy")
    log = result.log
    assert log[0].split()[1].startswith("dealer:P") and any("up:" in line for line in log)
    assert sum(1 for line in log if ":lay-" in line) == sum(sum(plays.values()) for plays in result.plays)


def test_the_turn_bound_makes_a_stalemate():
    game = engine(2)
    game.bound = 10  # this engine only: a bound reached ends the game as a stalemate
    result = play_game(game, random.Random(1), ["random", "random"])
    assert result.stalemate and not result.finished and result.turns == 10


# -- the greedy player ----------------------------------------------------------------------------------------------

def greedy(state) -> str:
    return state.engine.describe(state.engine.greedy_action(state, random.Random(0)))


def test_greedy_answers_a_seven_with_a_seven_and_an_ace_with_an_ace():
    game = engine(2)
    assert greedy(arrange(game, [["kule-8"], ["kule-7", "srdce-8"]], "srdce-7", player=1, penalty=2)) == "lay kule-7"
    assert greedy(arrange(game, [["kule-9"], ["kule-8", "srdce-8"]], "srdce-7", player=1, penalty=2)) == "draw"
    assert greedy(arrange(game, [["kule-8"], ["zaludy-eso"]], "srdce-eso", player=1, ace=True)) == "lay zaludy-eso"


def test_greedy_sheds_the_suit_it_holds_most_and_keeps_the_svrsek():
    game = engine(2)
    hand = ["srdce-8", "kule-9", "kule-10", "kule-kral", "listy-svrsek"]
    state = arrange(game, [hand, ["zaludy-8"]], "srdce-9")
    assert names(game, state.legal_actions()) == ["lay srdce-8", "lay listy-svrsek", "lay kule-9", "draw"]
    assert greedy(state) == "lay kule-9"  # three bells against one heart; the svršek waits


def test_greedy_lays_a_svrsek_only_when_stuck_and_names_its_longest_suit():
    game = engine(2)
    state = arrange(game, [["zaludy-8", "zaludy-10", "kule-kral", "listy-svrsek"], ["srdce-8"]], "srdce-9")
    assert greedy(state) == "lay listy-svrsek"
    state.apply_action(card(game, "listy-svrsek"))
    assert greedy(state) == "name zaludy"


def test_greedy_draws_when_nothing_fits():
    game = engine(2)
    assert greedy(arrange(game, [["kule-8", "zaludy-10"], ["srdce-8"]], "srdce-9")) == "draw"


def test_greedy_decides_from_what_its_seat_may_know():
    game = engine(3)
    mine = ["srdce-8", "kule-9", "kule-10", "listy-svrsek"]
    for top in ("srdce-9", "kule-7", "zaludy-10"):
        choices = {greedy(arrange(game, [mine, others[0], others[1]], top))
                   for others in ([["listy-8"], ["zaludy-8", "zaludy-9"]], [["srdce-kral", "listy-eso"], ["kule-8"]],
                                  [["zaludy-eso"], ["listy-9", "listy-10"]])}
        assert len(choices) == 1, top
