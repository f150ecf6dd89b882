"""Play a deck at every player count it supports and tally the outcomes the report draws.

Games are played by the simulator's runner (`iter_outcomes`: seeded, in game order, the same whatever the number of
processes). A seat number alone says nothing about turn order: the first game of a series has a random starter and
later ones start with the previous winner (RULES.md). So wins are counted by *position from the starter* that each
result records (`GameResult.first_player`; 1 = the first to play), which is what a first-player advantage is about.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from ..model import Deck
from ..sim.base import GameResult, SimulationError, engine_for
from ..sim.runner import iter_outcomes, seat_policies
from ..sim.summary import GameError

# Game-specific figures that engines put in GameResult.extra (the bidding games' and the losing seat's).
BIDS_MADE = "bids_made_by_round"
BIDS_TOTAL = "bids_by_round"
LOSER_SEAT = "loser_seat"

Outcome = GameResult | GameError
Progress = Callable[[int], None]


@dataclass
class CardTally:
    """Seats (in finished games) that played a card at least once, and those that did not, with their wins."""

    played: int = 0
    played_wins: int = 0
    unplayed: int = 0
    unplayed_wins: int = 0

    def add(self, played: bool, won: bool) -> None:
        if played:
            self.played += 1
            self.played_wins += won
        else:
            self.unplayed += 1
            self.unplayed_wins += won


@dataclass
class CountRun:
    """Everything the report shows about one player count, summed over its games."""

    players: int
    games: int = 0
    finished: int = 0
    stalemates: int = 0
    errors: list[GameError] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    wins_by_position: list[int] = field(default_factory=list)
    winner_slots: int = 0                    # winners over finished games (more than one per game on a tie)
    cards: dict[str, CardTally] = field(default_factory=dict)
    losers_by_position: list[int] = field(default_factory=list)
    loser_games: int = 0
    bids: dict[int, list[int]] = field(default_factory=dict)   # round number -> [made, attempted]

    def __post_init__(self):
        self.wins_by_position = self.wins_by_position or [0] * self.players
        self.losers_by_position = self.losers_by_position or [0] * self.players

    @property
    def fair_share(self) -> float:
        """Return the share of finished games a seat wins when no seat is favoured (ties give several winners)."""
        if not self.finished:
            return 1 / self.players
        return self.winner_slots / (self.finished * self.players)

    def add(self, outcome: Outcome, starter: int) -> None:
        """Count one game, knowing the seat that played first."""
        self.games += 1
        if not isinstance(outcome, GameResult):
            self.errors.append(outcome)
            return
        self.turns.append(outcome.turns)
        self._add_bids(outcome.extra)
        if not outcome.finished:
            self.stalemates += 1
            return
        self.finished += 1
        position = lambda seat: (seat - starter) % self.players  # noqa: E731
        for seat in outcome.winners:
            self.wins_by_position[position(seat)] += 1
        self.winner_slots += len(outcome.winners)
        for loser in outcome.extra.get(LOSER_SEAT, {}):
            self.losers_by_position[position(int(loser))] += 1
            self.loser_games += 1
        self._add_cards(outcome)

    def _add_cards(self, outcome: GameResult) -> None:
        for seat, plays in enumerate(outcome.plays):
            won = seat in outcome.winners
            for card_id, tally in self.cards.items():
                tally.add(plays.get(card_id, 0) > 0, won)

    def _add_bids(self, extra: dict) -> None:
        made, total = extra.get(BIDS_MADE), extra.get(BIDS_TOTAL)
        if not made or not total:
            return
        for round_no, attempted in total.items():
            counts = self.bids.setdefault(int(round_no), [0, 0])
            counts[0] += made.get(round_no, 0)
            counts[1] += attempted


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


def tally(deck: Deck, players: int, outcomes: Iterable[tuple[Outcome, int]]) -> CountRun:
    """Sum (outcome, starter) pairs of one player count into a CountRun."""
    run = CountRun(players, cards={card.id: CardTally() for card in deck.cards})
    for outcome, starter in outcomes:
        run.add(outcome, starter)
    return run


def play_count(deck: Deck, players: int, games: int, seed: int, policy: str = "random", jobs: int = 1,
               progress: Progress | None = None) -> CountRun:
    """Play `games` seeded games at one player count and tally them."""
    policies = seat_policies(policy, players)
    engine = engine_for(deck, players, {"variants": (), "trace": False})
    outcomes = iter_outcomes(engine, games, seed, policies, jobs)
    if progress:
        outcomes = _reporting(outcomes, progress)
    return tally(deck, players, ((outcome, _starter(outcome)) for outcome in outcomes))


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
