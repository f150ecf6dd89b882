"""Playing for the report: each game's starter as the runner chose it, tallies agreeing with the runner's summary."""
import pytest

from deckforge.load import load_deck
from deckforge.report.play import play_deck
from deckforge.sim.base import engine_for, first_seat, play_game
from deckforge.sim.runner import SERIES_LENGTH, game_rng, iter_outcomes, seat_policies, simulate
from deckforge.sim.summary import GameError, Summary

BUNDLED = ["kamen-nuzky-papir", "wizard", "rychle-sipy", "dymock"]


@pytest.mark.parametrize("deck_id", BUNDLED)
def test_first_seat_is_the_starter_the_engine_was_given(deck_id):
    deck = load_deck(deck_id)
    for players in (deck.players.low, deck.players.high):
        engine = engine_for(deck, players)
        for index in range(8):
            for starter in range(players):
                assert first_seat(engine, engine.new_game(game_rng(5, index), starter)) == starter


@pytest.mark.parametrize("deck_id,players", [("kamen-nuzky-papir", 3), ("dymock", 4)])
def test_later_games_of_a_series_replay_exactly_from_the_recorded_starter(deck_id, players):
    deck = load_deck(deck_id)
    engine = engine_for(deck, players, {"variants": (), "trace": False})
    policies = seat_policies("random", players)
    outcomes = list(iter_outcomes(engine, 2 * SERIES_LENGTH, 11, policies))
    starters = [outcome.first_player for outcome in outcomes]
    for index, outcome in enumerate(outcomes):
        chosen = engine.next_starter(outcomes[index - 1]) if index % SERIES_LENGTH else None
        if chosen is not None:  # RULES.md: the previous winner starts (DYMOCK: the player after the loser)
            assert starters[index] == chosen
            replay = play_game(engine, game_rng(11, index), policies, starter=starters[index])
            assert (replay.turns, replay.places) == (outcome.turns, outcome.places)


def test_tallies_agree_with_the_runner_summary():
    """The report's measured games, every one played (full), are the runner's games: the same seeds, the same
    games."""
    deck = load_deck("kamen-nuzky-papir")
    count = play_deck(deck, 60, seed=2, player_counts=[4], full=True).counts[4]  # greedy players, the default
    summary = simulate(deck, 4, games=60, seed=2, policy="greedy")
    assert (count.games, count.finished, count.stalemates) == (summary.games, summary.finished, summary.stalemates)
    assert count.turns == summary.turns
    assert sum(count.wins_by_position) == sum(summary.wins_by_seat)
    played = {card_id: t.played for card_id, t in count.cards.items()}
    assert all(played[card_id] > 0 for card_id, times in summary.plays_by_card.items() if times)


def test_the_same_seed_gives_the_same_tallies_whatever_the_jobs():
    deck = load_deck("kamen-nuzky-papir")
    one = play_deck(deck, 40, seed=9, jobs=1, player_counts=[2, 5])
    two = play_deck(deck, 40, seed=9, jobs=2, player_counts=[2, 5])
    assert one.counts == two.counts
    assert one.counts[5].wins_by_position != play_deck(deck, 40, seed=10, player_counts=[5]).counts[5].wins_by_position


def test_a_broken_game_is_tallied_as_an_error():
    error = GameError(0, 1, "InvariantError: a card vanished")
    run = Summary.start(load_deck("kamen-nuzky-papir"), 3, 1, ("random",))
    run.add(error)
    assert (run.games, run.finished, run.errors) == (1, 0, [error])
