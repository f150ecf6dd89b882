"""The runner: seeds, series, job counts, errors recorded, and the summary's figures."""
import json
from collections import Counter
from dataclasses import replace

import pytest

from deckforge.load import load_deck
from deckforge.sim.base import Bids, GameResult, InvariantError, SimulationError
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


@pytest.mark.parametrize("figures, message", [
    ({"draws": 1, "dragons": 2}, "the result holds the figure 'dragons', which GameSpec.figures does not declare"),
    ({"draws": {"0": 1}}, "the figure 'draws' should be a number, not {'0': 1}"),
    ({"spell_effects": 3}, "the figure 'spell_effects' should be a count per spell and effect, not 3"),
])
def test_a_checked_run_reports_a_figure_its_game_does_not_declare(monkeypatch, figures, message):
    real = KnpState.result
    monkeypatch.setattr(KnpState, "result", lambda state: replace(real(state), figures=figures))
    errors = simulate(DECK, 2, games=2, seed=1, check=True).errors
    assert len(errors) == 2 and f"InvariantError: {message}" in errors[0].error
    assert not simulate(DECK, 2, games=2, seed=1).errors  # unchecked runs sum what they get


def test_greedy_players_beat_random_ones():
    summary = simulate(DECK, 2, games=200, seed=3, policy="greedy,random")
    assert summary.policy == "greedy,random"
    assert summary.wins_by_seat[0] > 0.75 * summary.finished


@pytest.mark.parametrize("policy, message", [("smart", "unknown policy 'smart'"),
                                             ("random,greedy", "2 policies given for 3 players")])
def test_bad_policies_are_refused(policy, message):
    with pytest.raises(SimulationError, match=message):
        seat_policies(policy, 3)


def test_the_summary_sums_the_figures_and_the_loser_and_leaves_out_the_log():
    summary = Summary.start(DECK, 2, 1, ("random", "random"))
    for loser in (1, 1, 0):
        summary.add(GameResult(2, True, False, 10 + loser, [1 - loser], [1 - loser, loser],
                               plays=[Counter({"rock": 2}), Counter({"changer": 1})], effects=Counter({"skip": 1}),
                               loser=loser, figures={"draws": 2, "by_seat": {str(loser): 1}}, log=["x"]))
    summary.add(GameError(3, 1, "ValueError: boom"))
    data = summary.as_dict()
    assert data["extra"] == {"by_seat": {"0": 1, "1": 2}, "draws": 6, "loser_seat": {"0": 1, "1": 2}}
    assert data["wins_by_seat"] == {"0": 2, "1": 1} and data["turns_max"] == 11 and data["turns_median"] == 11
    assert data["plays_by_card"]["rock"] == 6 and data["plays_by_card"]["changer"] == 3
    assert "paper" in data["unplayed_cards"] and "rock" not in data["unplayed_cards"]
    assert data["effects"] == {"skip": 3} and data["games"] == 4 and len(data["errors"]) == 1


def test_numbered_figure_keys_sort_by_number():
    summary = Summary.start(DECK, 2, 1, ("random", "random"))
    summary.add(GameResult(2, True, False, 5, [0], [0, 1], figures={"made": {"10": 1, "9": 2, "1": 3}}))
    assert list(summary.as_dict()["extra"]["made"]) == ["1", "9", "10"]


def test_bids_are_counted_by_round_and_seat_and_printed_under_their_names():
    summary = Summary.start(DECK, 2, 1, ("random", "random"))
    for made_by_round, made_by_seat in (((1, 0), (1, 0)), ((2, 1), (2, 1))):
        summary.add(GameResult(2, True, False, 5, [0], [0, 1], bids=Bids(1, made_by_round, made_by_seat)))
    assert summary.bids == {1: [3, 4], 2: [1, 4]}
    assert summary.as_dict()["extra"] == {
        "bids": 8, "bids_by_round": {"1": 4, "2": 4}, "bids_made": 4, "bids_made_by_round": {"1": 3, "2": 1},
        "bids_made_by_seat": {"0": 3, "1": 1}, "rounds": 4}


def _stuck_at_turn_3(monkeypatch):
    """Make the seat to move at decision 3 have no legal action, as a described game whose rules leave a seat
    nothing to do would."""
    legal = KnpState._legal_actions
    monkeypatch.setattr(KnpState, "_legal_actions", lambda state: [] if state.turns == 3 else legal(state))


def test_a_seat_left_with_nothing_legal_is_said_so(monkeypatch):
    _stuck_at_turn_3(monkeypatch)
    errors = simulate(DECK, 2, games=3, seed=1).errors  # random seats: the runner's quickest loop
    assert len(errors) == 3 and all("InvariantError: seat " in e.error and " is to move with nothing legal" in e.error
                                    for e in errors), errors
    greedy = simulate(DECK, 2, games=1, seed=1, policy="greedy").errors
    assert len(greedy) == 1 and "is to move with nothing legal" in greedy[0].error


def test_a_traced_game_that_breaks_keeps_its_steps(monkeypatch):
    from deckforge.sim.runner import BrokenGame, trace_game

    _stuck_at_turn_3(monkeypatch)
    with pytest.raises(BrokenGame, match=r"^game 0 of seed 1 broke: InvariantError: seat \d is to move with "
                                         r"nothing legal") as caught:
        trace_game(DECK, 2, seed=1)
    log = caught.value.log
    assert log[0].startswith("deal: seat 0: ") and [line.split(":")[0] for line in log[1:]] == ["1", "2", "3"]
