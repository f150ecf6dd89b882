"""Design measures of single games: forced moves, lead changes, drama and decisiveness, after CardStock.

The report asks the runner to measure (`play_game(..., measure=True)`); plain `simulate` never comes here, so its
hot loop stays as it is. A measured game is played with the same random draws as an unmeasured one (the seats
choose exactly as they would), and after every decision, once the chance events it caused are resolved, the
state's `standings()` is read: a score per seat, higher is better (State.standings in base.py).

From a game's standings each seat gets CardStock's *rank estimate* after every decision: (n − 1 − r) / (n − 1),
where r is the number of seats strictly ahead of it (1: at the top, alone or tied; 0: last). Goadrich and Shaw's
drama threshold lies halfway between the top (1) and second place ((n − 2) / (n − 1)). docs/report.md cites the
sources and states the definitions:

- lead changes: how often the seat alone at the top changes (a tie at the top keeps the last leader);
- drama: over the decisions after which the winner stood below the threshold, the mean of √(threshold − estimate)
  (0 when the winner never fell below it); with several winners, their mean;
- decisiveness: the share of the game played before the winner reached the top for good, so 1 when the game ends
  as soon as its winner is clear and 0 when the winner led from the first decision to the last.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from operator import neg
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from .results import GameMeasures, GameResult

if TYPE_CHECKING:  # numpy is imported where a measure is computed: the engines import this module for
    import numpy as np  # shedding_standings, and simulate need not load numpy

Standings = Sequence[float]  # one number per seat (State.standings)


def play_measured(state, rng: random.Random, choosers: Sequence[Callable], bound: int,
                  follow: bool = True) -> GameResult:
    """Play on as base._play does without checks, and return the state's result with its `measures`: the forced
    moves always, the standing ones (lead changes, drama, decisiveness) when `follow` is true.

    A random seat draws with `rng.choice` from the very list it counts, as the runner's own random player does, so
    the game takes the same course measured or not.
    """
    from .base import CHANCE
    from .policies import _random

    decisions = forced = 0
    history: list[float] = []  # every read, one after another: a row of `players` numbers (standings, or cards held)
    feed = follow and state.shedding_feed()
    if feed:  # a shedding game: the cards held after each decision, and how many seats were out then
        read, places = feed
        outs: list[int] | None = []
        note = outs.append
    else:
        read, outs = state.standings, None
    watching, decided = follow and read() is not None, False
    record = history.extend
    is_terminal, sample, apply, legal_actions = (state.is_terminal, state.sample_chance, state._apply_action,
                                                 state._legal_actions)
    while not is_terminal() and state.turns < bound:
        player = state.player
        if player == CHANCE:
            apply(sample(rng))
            continue
        if decided and watching:
            record(read())
            if feed:
                note(len(places))
        legal = legal_actions()
        decisions += 1
        forced += len(legal) == 1
        choose = choosers[player]
        apply(rng.choice(legal) if choose is _random else choose(state, rng))
        decided = True
    if decided and watching:
        record(read())
        if feed:
            note(len(places))
    result = state.result()
    rows = standing_rows(history, state.engine.players, outs, result.places)
    result.measures = game_measures(decisions, forced, rows, result.winners if result.finished else (),
                                    state.engine.players)
    return result


def standing_rows(history: Sequence[float], players: int, outs: Sequence[int] | None,
                  places: Sequence[int]) -> np.ndarray | None:
    """Return the standings after each decision as an array (decisions × seats), from the flat `history`: the
    standings themselves, or with `outs` (a shedding game's feed) the cards held and how many seats of `places`
    were out, made into standings here (`shedding_rows`). None when nothing was read."""
    import numpy as np

    if not history:
        return None
    if outs is None:
        return np.fromiter(history, dtype=float, count=len(history)).reshape(-1, players)
    # counts of cards are whole numbers, read a third faster as such; the measures only compare them
    return shedding_rows(np.fromiter(history, dtype=np.int64, count=len(history)).reshape(-1, players), outs, places)


def shedding_rows(held: np.ndarray, outs: Sequence[int], places: Sequence[int]) -> np.ndarray:
    """Return `shedding_standings` of every decision at once: `held[k]` the cards each seat held after decision k,
    `outs[k]` how many seats of `places` (first out first) were out then."""
    import numpy as np

    rows = -held
    out_counts = np.fromiter(outs, dtype=np.intp, count=len(outs))
    seats = rows.shape[1]
    for place, seat in enumerate(places):
        rows[out_counts > place, seat] = seats - place
    return rows


def game_measures(decisions: int, forced: int, rows: np.ndarray | None, winners: Sequence[int],
                  players: int) -> GameMeasures:
    """Return a game's measures; the standing ones only when it has standings and winners (a finished game).

    `rows` holds the standings after each decision (decisions × seats; `standing_rows`): kept flat during the game
    (a list per decision cost as much again as reading it) and read as one array, so that a game of a thousand
    decisions is read in a few whole-array steps instead of a Python loop per decision."""
    if rows is None or not winners or players < 2:
        return GameMeasures(decisions, forced)
    # drama and decisiveness read the winners' estimates only: n comparisons per winner and decision, not n²
    estimates = winner_estimates(rows, winners)
    seats = range(len(winners))
    return GameMeasures(decisions, forced, lead_changes(rows), drama(estimates, seats, players),
                        decisiveness(estimates, seats))


def rank_estimate(standings: Standings, seat: int) -> float:
    """Return CardStock's rank estimate of a seat: 1 at the top (ties share it), 0 last, evenly between."""
    top, mine = len(standings) - 1, standings[seat]
    return (top - len([other for other in standings if other > mine])) / top


def rank_estimates(standings: Standings) -> tuple[float, ...]:
    """Return every seat's rank estimate."""
    return tuple(rank_estimate(standings, seat) for seat in range(len(standings)))


def winner_estimates(rows: np.ndarray, winners: Sequence[int]) -> np.ndarray:
    """Return the rank estimate of each winner after each decision (`rows`: decisions × seats), decisions × winners:
    the same numbers as `rank_estimate`, row by row."""
    import numpy as np

    top = rows.shape[1] - 1
    ahead = np.count_nonzero(rows[:, None, :] > rows[:, list(winners), None], axis=2)
    return (top - ahead) / top


def drama_threshold(players: int) -> float:
    """Return the estimate halfway between the top (1) and second place: (1 + (n − 2) / (n − 1)) / 2."""
    return (1 + (players - 2) / (players - 1)) / 2


def lead_changes(history: Sequence[Standings] | np.ndarray) -> int:
    """Count how often a seat other than the last sole leader stands alone at the top (a tie at the top keeps the
    last leader)."""
    import numpy as np

    rows = np.asarray(history)
    best = rows.max(axis=1)
    sole = np.count_nonzero(rows == best[:, None], axis=1) == 1
    leaders = rows.argmax(axis=1)[sole]
    return int(np.count_nonzero(leaders[1:] != leaders[:-1]))


def drama(estimates: Sequence[Sequence[float]] | np.ndarray, winners: Sequence[int], players: int) -> float:
    """Return the mean over the winners of how far below the threshold each trailed, as Goadrich and Shaw: the mean
    of √(threshold − estimate) over the decisions after which the winner stood below the threshold, else 0.
    `estimates[k][w]`: winner w's rank estimate after decision k+1."""
    import numpy as np

    threshold = drama_threshold(players)
    table = np.asarray(estimates, dtype=float)
    values = []
    for seat in winners:
        column = table[:, seat]
        gaps = threshold - column[column < threshold]
        values.append(math.fsum(np.sqrt(gaps).tolist()) / len(gaps) if len(gaps) else 0.0)
    return math.fsum(values) / len(values)


def decisiveness(estimates: Sequence[Sequence[float]] | np.ndarray, winners: Sequence[int]) -> float:
    """Return the share of decisions played before the one after which every winner stood at the top for good: 0
    when the winners led throughout, near 1 when only the last decision put them there (`estimates` as for drama)."""
    import numpy as np

    table = np.asarray(estimates, dtype=float)
    settled = 0
    for seat in winners:
        below = np.flatnonzero(table[:, seat] != 1)  # the winner stays at the top from the decision after the last
        settled = max(settled, int(below[-1]) + 1 if len(below) else 0)
    return settled / len(table)


def shedding_standings(held: Iterable[int], places: Sequence[int]) -> list[int]:
    """Return standings for a game won by running out of cards: fewer cards held is better, and a seat already out
    stands above every seat still in, the earlier out the higher (`places`: the seats out, first out first)."""
    standings = list(map(neg, held))  # whole numbers: only their order counts; read after every decision, so in C
    if places:
        seats = len(standings)
        for place, seat in enumerate(places):
            standings[seat] = seats - place
    return standings


@dataclass
class MeasureTally:
    """The measures of a run's finished games, one entry per game (Summary.design): what the report's design
    measures are computed from. Games without standings add nothing to the standing lists."""

    games: int = 0
    decisions: list[int] = field(default_factory=list)
    forced: list[int] = field(default_factory=list)
    lead_changes: list[int] = field(default_factory=list)
    drama: list[float] = field(default_factory=list)
    decisiveness: list[float] = field(default_factory=list)
    effects: Counter = field(default_factory=Counter)        # effect name -> times fired
    effect_games: Counter = field(default_factory=Counter)   # effect name -> games in which it fired

    def add(self, result: GameResult) -> None:
        """Count one finished game that carries its measures."""
        measures = result.measures
        assert measures is not None and result.finished
        self.games += 1
        self.decisions.append(measures.decisions)
        self.forced.append(measures.forced)
        if measures.lead_changes is not None:
            self.lead_changes.append(measures.lead_changes)
            self.drama.append(measures.drama)
            self.decisiveness.append(measures.decisiveness)
        self.effects.update(result.effects)
        self.effect_games.update(name for name, times in result.effects.items() if times)
