"""Play a deck at every player count it supports and tally the outcomes the report draws.

Games are played by the simulator's runner (`iter_outcomes`: seeded, in game order, the same whatever the number of
processes). A seat number alone says nothing about turn order: the first game of a series has a random starter and
later ones start with the previous winner (RULES.md). So wins are counted by *position from the starter* that each
result records (`GameResult.first_player`; 1 = the first to play), which is what a first-player advantage is about.
The sums themselves are the simulator's `Summary` (deckforge/sim/summary.py), the one place that adds up results.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from ..model import Deck
from ..sim.base import GameResult, SimulationError, engine_for
from ..sim.runner import iter_outcomes, seat_policies
from ..sim.summary import GameError, Summary

Outcome = GameResult | GameError
Progress = Callable[[int], None]
CountRun = Summary  # what the report shows about one player count: the simulator's own summary of its games


@dataclass
class DeckRun:
    """A deck played at several player counts with one seed and policy."""

    deck: Deck
    seed: int
    policy: str
    games: int
    counts: dict[int, CountRun]

    @property
    def has_card_comparisons(self) -> bool:
        """Return True when some card was played by some seats and not by others (in a finished game)."""
        return any(t.played and t.unplayed for run in self.counts.values() for t in run.cards.values())


def tally(deck: Deck, players: int, outcomes: Iterable[tuple[Outcome, int]], policies: Sequence[str] = ("random",),
          seed: int = 1) -> CountRun:
    """Sum (outcome, starter) pairs of one player count into the simulator's Summary."""
    run = Summary.start(deck, players, seed, tuple(policies))
    for outcome, starter in outcomes:
        if isinstance(outcome, GameResult):
            outcome.first_player = starter
        run.add(outcome)
    return run


def play_count(deck: Deck, players: int, games: int, seed: int, policy: str = "random", jobs: int = 1,
               progress: Progress | None = None) -> CountRun:
    """Play `games` seeded games at one player count and tally them."""
    policies = seat_policies(policy, players)
    engine = engine_for(deck, players, {"variants": (), "trace": False})
    outcomes = iter_outcomes(engine, games, seed, policies, jobs)
    if progress:
        outcomes = _reporting(outcomes, progress)
    return tally(deck, players, ((outcome, _starter(outcome)) for outcome in outcomes), policies, seed)


def _starter(outcome: Outcome) -> int:
    """Return the seat that started the game (a broken game counts as an error only: its starter does not matter)."""
    return outcome.first_player if isinstance(outcome, GameResult) else 0


def _reporting(outcomes: Iterator[Outcome], progress: Progress) -> Iterator[Outcome]:
    for outcome in outcomes:
        progress(1)
        yield outcome


def play_deck(deck: Deck, games: int, seed: int, policy: str = "random", jobs: int = 1,
              player_counts: Iterable[int] | None = None, progress: Progress | None = None) -> DeckRun:
    """Play the deck at every player count it supports (or those given) and return the tallies."""
    if games < 1:
        raise SimulationError(f"the number of games must be at least 1, not {games}")
    counts = list(player_counts) if player_counts is not None else list(deck.players)
    runs = {n: play_count(deck, n, games, seed, policy, jobs, progress) for n in counts}
    return DeckRun(deck, seed, policy, games, runs)


def error_kinds(run: CountRun) -> Counter:
    """Return how many games broke with each error message (the place in the code included)."""
    return Counter(error.error for error in run.errors)
