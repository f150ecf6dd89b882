"""How one game went: `GameResult`, the typed figures it carries, and the rewards OpenSpiel reads from it.

Engines build one result per game (`State.result()`), so nothing here is on the simulator's hot path. The summary
(summary.py) adds results up; the report and `simulate --json` read the sums.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

Figures = dict[str, "int | dict[str, int]"]  # a game's own figures by name: a number, or a count per key


@dataclass(frozen=True)
class Bids:
    """A bidding game's bids in one game: every seat bids each round; how many bids came true per round played
    (from `first_round` on) and per seat."""

    first_round: int
    made_by_round: tuple[int, ...]
    made_by_seat: tuple[int, ...]


@dataclass(frozen=True)
class GameMeasures:
    """How one game played, for the report's design measures (measures.py, which defines each): collected only when
    the runner is asked to measure. `decisions` and `forced` count the seats' decisions and those with exactly one
    legal action; the standing figures are None for a game whose state has no `standings()`, or with no winner.
    """

    decisions: int
    forced: int
    lead_changes: int | None = None
    drama: float | None = None
    decisiveness: float | None = None


@dataclass
class GameResult:
    """How one game went. Seats are 0..n-1 in play order from seat 0.

    Beyond what every game reports, `loser` and `bids` are figures the summary and report know by name (the seat
    that lost a game with one loser; a bidding game's bids); `figures` holds the game's own, each named once with its
    label in the game's `GameSpec.figures`; `log` the readable trace of a traced game.
    """

    players: int
    finished: bool                  # ended by the rules (not by the turn bound or a stalemate)
    stalemate: bool                 # no progress possible, or the turn bound was reached
    turns: int                      # decisions taken
    winners: list[int]              # seats that won (first place; several on a tied score)
    places: list[int] = field(default_factory=list)   # seats from first to last
    scores: list[int] | None = None
    plays: list[Counter] = field(default_factory=list)  # per seat: card id -> times played
    effects: Counter = field(default_factory=Counter)    # effect name -> times triggered
    first_player: int | None = None                     # the seat that started, in turn order (play_game)
    loser: int | None = None                            # the one seat that lost (DYMOCK, Prší), else None
    bids: Bids | None = None                            # bidding games only
    figures: Figures = field(default_factory=dict)      # the game's own figures (GameSpec.figures)
    log: list[str] | None = None                        # the trace, when the engine's "trace" option is on
    measures: GameMeasures | None = None                # the decisions and standings, when the runner measures
    bounded: bool = False                               # a stalemate at the turn bound: play went on, never ending


def place_returns(result: "GameResult", n: int) -> list[float]:
    """Turn a result into rewards from +1 (first) to -1 (last); ties share the mean; no winner: all 0."""
    if result.stalemate or not result.finished or n < 2:
        return [0.0] * n
    if result.scores is not None:
        order = sorted(range(n), key=lambda seat: -result.scores[seat])
        key = result.scores.__getitem__
    else:
        order = list(result.places) + [seat for seat in range(n) if seat not in result.places]
        key = order.index
    values = [0.0] * n
    place = 0
    while place < n:
        tied = [seat for seat in order[place:] if key(seat) == key(order[place])]
        mean = sum(1 - 2 * (place + k) / (n - 1) for k in range(len(tied))) / len(tied)
        for seat in tied:
            values[seat] = mean
        place += len(tied)
    return values
