"""The runner: seeds, series, job counts, errors recorded, and the summary's figures."""
import json
from collections import Counter

import pytest

from deckforge.load import load_deck
from deckforge.sim.base import GameResult, InvariantError, SimulationError
from deckforge.games.kamen_nuzky_papir.engine import KamenNuzkyPapir, KnpState
from deckforge.sim.runner import SERIES_LENGTH, iter_outcomes, play_series, seat_policies, simulate
from deckforge.sim.summary import GameError, Summary

DECK = load_deck("kamen-nuzky-papir")


def as_json(summary: Summary) -> str:
    return json.dumps(summary.as_dict(), ensure_ascii=False)


def test_the_same_seed_gives_the_same_json_whatever_the_job_count():
    one = as_json(simulate(DECK, 4, games=60, seed=9, jobs=1))
    assert one == as_json(simulate(DECK, 4, games=60, seed=9, jobs=1))
    assert one == as_json(simulate(DECK, 4, games=60, seed=9, jobs=2))
    assert one != as_json(simulate(DECK, 4, games=60, seed=10, jobs=1))


class Recording(KamenNuzkyPapir):
    """The engine, noting who it was asked to let start each game."""

    def __init__(self, *args):
        super().__init__(*args)
        self.starters = []

    def new_game(self, rng, starter=None):
        state = super().new_game(rng, starter)
        self.starters.append((starter, state.player))
        return state


def test_each_later_game_of_a_series_is_started_by_the_previous_winner():
    engine = Recording(DECK, 3)
    outcomes = play_series(engine, seed=4, first=0, count=6, policies=["random"] * 3)
    assert engine.starters[0][0] is None  # the first game's starter is drawn at random
    for previous, (asked, started) in zip(outcomes, engine.starters[1:]):
        assert asked == started == previous.winners[0]
    assert [outcome.first_player for outcome in outcomes] == [started for _, started in engine.starters]


def test_a_new_series_starts_every_series_length_games():
    engine = Recording(DECK, 2)
    list(iter_outcomes(engine, SERIES_LENGTH * 2 + 3, seed=1, policies=["greedy"] * 2))
    fresh = [i for i, (asked, _) in enumerate(engine.starters) if asked is None]
    assert fresh == [0, SERIES_LENGTH, 2 * SERIES_LENGTH]


def test_a_broken_invariant_is_recorded_with_its_seed_not_raised(monkeypatch):
    def broken(state):
        if state.turns == 3 and state.player == 0:
            raise InvariantError("a card went missing")
    monkeypatch.setattr(KnpState, "check_invariants", broken)
    summary = simulate(DECK, 2, games=30, seed=5, check=True, jobs=2)
    data = summary.as_dict()
    assert data["errors"] and data["games"] == 30
    assert data["finished"] + data["stalemates"] + len(data["errors"]) == 30
    first = data["errors"][0]
    assert first["seed"] == 5 and "InvariantError: a card went missing" in first["error"]
    assert as_json(summary) == as_json(simulate(DECK, 2, games=30, seed=5, check=True, jobs=1))


def test_greedy_players_beat_random_ones():
    summary = simulate(DECK, 2, games=200, seed=3, policy="greedy,random")
    assert summary.policy == "greedy,random"
    assert summary.wins_by_seat[0] > 0.75 * summary.finished


@pytest.mark.parametrize("policy, message", [("smart", "unknown policy 'smart'"),
                                             ("random,greedy", "2 policies given for 3 players")])
def test_bad_policies_are_refused(policy, message):
    with pytest.raises(SimulationError, match=message):
        seat_policies(policy, 3)


def test_the_summary_sums_extras_and_leaves_out_the_log():
    summary = Summary.start(DECK, 2, 1, ("random", "random"))
    for loser in (1, 1, 0):
        summary.add(GameResult(2, True, False, 10 + loser, [1 - loser], [1 - loser, loser],
                               plays=[Counter({"rock": 2}), Counter({"changer": 1})], effects=Counter({"skip": 1}),
                               extra={"loser_seat": {str(loser): 1}, "bids": 2, "log": ["x"], "flag": True}))
    summary.add(GameError(3, 1, "ValueError: boom"))
    data = summary.as_dict()
    assert data["extra"] == {"bids": 6, "loser_seat": {"0": 1, "1": 2}}
    assert data["wins_by_seat"] == {"0": 2, "1": 1} and data["turns_max"] == 11 and data["turns_median"] == 11
    assert data["plays_by_card"]["rock"] == 6 and data["plays_by_card"]["changer"] == 3
    assert "paper" in data["unplayed_cards"] and "rock" not in data["unplayed_cards"]
    assert data["effects"] == {"skip": 3} and data["games"] == 4 and len(data["errors"]) == 1


def test_numbered_extra_keys_sort_by_number():
    summary = Summary.start(DECK, 2, 1, ("random", "random"))
    summary.add(GameResult(2, True, False, 5, [0], [0, 1], extra={"made": {"10": 1, "9": 2, "1": 3}}))
    assert list(summary.as_dict()["extra"]["made"]) == ["1", "9", "10"]
