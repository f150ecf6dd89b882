"""Play a deck at every player count it supports and tally the outcomes the report draws.

Games are played by the simulator's pool in rounds (deckforge/sim/sequential.py), seeded as the runner seeds them
(`simulate` plays the same games), the same whatever the number of processes. A seat number alone says nothing about
turn order: the first game of a series has a random starter and later ones start with the previous winner
(RULES.md). So wins are counted by *position from the starter* that each result records (`GameResult.first_player`;
1 = the first to play), which is what a first-player advantage is about. The sums themselves are the simulator's
`Summary` (deckforge/sim/summary.py), the one place that adds up results.

`play_deck` plays every count in rounds of ROUND_GAMES (deckforge/sim/sequential.py) and stops a count once its
verdict is settled (`verdict_settled`), at most `games` games; docs/report.md states the rule. Its games are
measured (deckforge/sim/measures.py: forced moves, standings), which changes none of them.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable

from ..errors import DeckforgeError, counted, display_path
from ..model import Deck
from ..sim.base import SimulationError
from ..sim.playcheck import STALL_POLICY  # the players validate judges stalls with: the report too
from ..sim.pool import GamePool
from ..sim.runner import seat_policies
from ..sim.sequential import Rounds, Run, play_rounds, stall_decision
from ..sim.summary import Summary
from .stats import Share

Progress = Callable[[int], None]
CountRun = Summary  # what the report shows about one player count: the simulator's own summary of its games
ROUND_GAMES = 50    # games per round at each player count
SEAT_POINTS = 0.05  # a seat's win share is settled once it is known to within 5 points (or clearly off)
STANDING_GAMES = 150  # the measures that follow the standings come from each count's first games (docs/report.md)


@dataclass
class DeckRun:
    """A deck played at several player counts with one seed and policy."""

    deck: Deck
    seed: int
    policy: str
    games: int                   # the most games played at a count
    counts: dict[int, CountRun]
    standing_games: int | None = None  # the standing measures come from each count's first games (None: all)

    @property
    def played(self) -> int:
        """Return the games played at all counts (fewer than games × counts where a verdict settled early)."""
        return sum(run.games for run in self.counts.values())

    @property
    def has_card_comparisons(self) -> bool:
        """Return True when some card was played by some seats and not by others (in a finished game)."""
        return any(t.played and t.unplayed for run in self.counts.values() for t in run.cards.values())


def play_deck(deck: Deck, games: int, seed: int, policy: str = STALL_POLICY, jobs: int = 1,
              player_counts: Iterable[int] | None = None, progress: Progress | None = None, full: bool = False,
              pool: GamePool | None = None, number: int = 0) -> DeckRun:
    """Play the deck at every player count it supports (or those given) until each count's verdict is settled,
    at most `games` games a count (`full`: all of them), and return the tallies. `pool`: the command's processes,
    whose deck number `number` this deck is (default: a pool of `jobs` processes of its own)."""
    if games < 1:
        raise SimulationError(f"the number of games must be at least 1, not {games}")
    counts = list(player_counts) if player_counts is not None else list(deck.players)
    if pool is None:
        with GamePool([deck], jobs) as own:
            return play_deck(deck, games, seed, policy, jobs, counts, progress, full, own, 0)
    runs = []
    for n in counts:
        policies = seat_policies(policy, n)
        runs.append(Run(n, number, n, policies, seed, games, Summary.start(deck, n, seed, policies)))
    plan = Rounds(ROUND_GAMES, full=full, progress=progress, measure=True, standing_games=STANDING_GAMES)
    play_rounds(pool, runs, plan, verdict_settled)
    return DeckRun(deck, seed, policy, games, {run.players: run.summary for run in runs}, plan.standing_games)


def verdict_settled(run: Run) -> bool:
    """Return True when more games would not change a count's verdict: the stall test has decided, and every
    seat's win share is either known to within SEAT_POINTS or clearly beyond its fair share (`_seat_settled`)."""
    summary = run.summary
    if stall_decision(summary.stalemates, summary.games) is None:
        return False
    fair = summary.fair_share
    return all(_seat_settled(Share(wins, summary.finished), fair) for wins in summary.wins_by_position)


def _seat_settled(share: Share, fair: float) -> bool:
    """Return True when the share's 95% interval is at most 2 × SEAT_POINTS wide, or lies wholly beyond its fair
    share ± `seat_tolerance`. A run of the default length flags a seat only some 5 points off its fair share (the
    Bonferroni correction over every comparison asks that much), so a share known to within 5 points answers it."""
    if not share.trials:
        return True  # every game stalled: there are no wins to weigh
    low, high = share.interval
    tolerance = seat_tolerance(fair)
    return high - low <= 2 * SEAT_POINTS or low > fair + tolerance or high < fair - tolerance


def seat_tolerance(fair: float) -> float:
    """Return how far a seat's win share may be from its fair share before it matters: the deviation the report
    flags (10% of the fair share), or SEAT_POINTS where that is finer than a run of the default length can tell."""
    from .analysis import MIN_SEAT_DEVIATION  # analysis reads this module's tallies

    return max(MIN_SEAT_DEVIATION * fair, SEAT_POINTS)


def refuse_broken(deck: Deck) -> None:
    """Raise DeckforgeError when a static check fails: no game needs playing to know the deck does not work."""
    from ..validate import static_findings

    findings = static_findings(deck)
    if findings:
        lines = "\n".join(f"- {finding}" for finding in findings)
        where = display_path(deck.path) if deck.path else deck.id
        need = "needs" if len(findings) == 1 else "need"
        raise DeckforgeError(f"{where}: {counted(len(findings), 'problem')} that {need} no game to find; "
                             f"no games were played (fix them first, 'deckforge validate' checks them):\n{lines}")


def error_kinds(run: CountRun) -> Counter:
    """Return how many games broke with each error message (the place in the code included)."""
    return Counter(error.error for error in run.errors)
