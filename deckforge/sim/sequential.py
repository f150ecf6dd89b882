"""Play in rounds and stop when the answer is settled: the stopping rules of validate's play check and the report.

Round r of a run is always games r·ROUND .. (r+1)·ROUND-1 of its seed (whole series, runner.py), so where a run
stops, and every figure up to there, depends on the seed alone and never on the number of processes. After each
round a caller's rule looks at each run's summary and says whether more games could still change its answer;
a settled run, or one at its maximum, plays no more. docs/simulator.md states the rules.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Hashable, Sequence

from .pool import Batch, GamePool
from .runner import SERIES_LENGTH
from .summary import Summary

# The stall test: Wald's sequential probability ratio test of "stalls in 1% of games" (fine) against "in 5%"
# (broken), each error at most 5%. The 2% limit the findings use lies between the two.
STALL_FINE, STALL_BROKEN = 0.01, 0.05
STALL_ALPHA = STALL_BETA = 0.05
_STALL_STEP = math.log(STALL_BROKEN / STALL_FINE), math.log((1 - STALL_BROKEN) / (1 - STALL_FINE))
_STALL_BOUNDS = math.log(STALL_BETA / (1 - STALL_ALPHA)), math.log((1 - STALL_BETA) / STALL_ALPHA)

# Something never seen (a card never laid, an effect never taken) is settled as a finding once a run is long
# enough to say, at 95% confidence, that it turns up in fewer than 1 game in 20: (1 - 1/20)^n <= 5%.
RARE_SHARE, RARE_CONFIDENCE = 0.05, 0.95
RARE_GAMES = math.ceil(math.log(1 - RARE_CONFIDENCE) / math.log(1 - RARE_SHARE))   # 59


def stall_decision(stalls: int, games: int) -> bool | None:
    """Return True when the games stall too often (the SPRT chose 5%), False when they do not (it chose 1%), and
    None while neither is settled."""
    ratio = stalls * _STALL_STEP[0] + (games - stalls) * _STALL_STEP[1]
    if ratio >= _STALL_BOUNDS[1]:
        return True
    if ratio <= _STALL_BOUNDS[0]:
        return False
    return None


def absence_settled(games: int) -> bool:
    """Return True when `games` games without something are enough to call it (almost) never happening."""
    return games >= RARE_GAMES


@dataclass
class Run:
    """One run to play in rounds: deck number `deck` of the pool at `players`, summed as its games come in."""

    key: Hashable
    deck: int
    players: int
    policies: tuple[str, ...]
    seed: int
    limit: int                 # the most games it may play; a rule may lower it
    summary: Summary
    check: int = 0             # its first games with the invariants checked after every step
    settled: bool = False
    rounds: int = 0

    @property
    def done(self) -> bool:
        return self.settled or self.summary.games >= self.limit


@dataclass
class Rounds:
    """How to play: games per round (whole series), whether to stop settled runs, what to tell of progress."""

    games: int
    full: bool = False         # play every run to its limit, whatever the rule says (the old fixed-count runs)
    progress: Callable[[int], None] | None = None
    measure: bool = False      # the games carry their design measures (the report's; measures.py)
    standing_games: int | None = None  # ... those that follow the standings only in each run's first games (None: all)
    played: int = field(default=0, init=False)


def play_rounds(pool: GamePool, runs: Sequence[Run], plan: Rounds,
                rule: Callable[[Run], bool], after_round: Callable[[Sequence[Run]], None] | None = None) -> int:
    """Play the runs round by round until each is settled (`rule`) or at its limit; return the games played.

    `after_round(runs)` is called with every run after each round, before the rule, in the runs' order (e.g. to
    share what one run saw with another); both see the same figures whatever the number of processes.
    """
    assert plan.games % SERIES_LENGTH == 0, plan.games
    assert plan.standing_games is None or plan.standing_games % SERIES_LENGTH == 0, plan.standing_games
    while active := [run for run in runs if not run.done]:
        batches, owners = [], []
        for run in active:
            for batch in _round_batches(run, plan):
                batches.append(batch)
                owners.append(run)
        for run, outcomes in zip(owners, pool.play(batches, plan.progress)):
            for outcome in outcomes:
                run.summary.add(outcome)
            plan.played += len(outcomes)
        for run in active:
            run.rounds += 1
        if after_round:
            after_round(runs)
        for run in active:
            before = run.limit
            run.settled = rule(run) and not plan.full  # the rule may lower the limit even in a full run
            _skip(run, plan, before)
    return plan.played


def _round_batches(run: Run, plan: Rounds) -> list[Batch]:
    start = run.rounds * plan.games
    stop = min(start + plan.games, run.limit)
    follow = plan.standing_games
    return [Batch(run.deck, run.players, run.policies, run.seed, first, min(SERIES_LENGTH, stop - first),
                  run.check if first == 0 else 0, plan.measure, follow is None or first < follow)
            for first in range(start, stop, SERIES_LENGTH)]


def _skip(run: Run, plan: Rounds, limit_before: int) -> None:
    """Move the progress bar past the games a run will not play (settled early, or its limit lowered)."""
    if not plan.progress:
        return
    skipped = (limit_before - run.summary.games) if run.done else (limit_before - run.limit)
    if skipped > 0:
        plan.progress(skipped)
