"""Play check for `deckforge validate`: seeded games at every player count, findings a deck maker can act on.

For each player count and each policy (random and greedy) it plays rounds of 20 seeded games (a sample with the
engine's invariants checked after every step: see CHECKED_GAMES) until the findings are settled (sequential.py:
the stall test has decided and every card and effect has been seen, or missed long enough to say so) or the run
reaches its maximum: 200 games, fewer where games are long, to keep validate to a few seconds. It reports games
that stall more than rarely, cards never played, effects never triggered, and invariants broken or games that
raised. It works for any game with an engine. All runs share one pool of processes (every core by default).

Stalls count against the deck only with greedy players: random players may play themselves into a dead end that no
sensible player would reach (in Rychlé šípy they hoard second copies until every card is locked up), so their stall
rate is reported as a note, not a finding. A deck that stalls even for sensible players is a broken deck.
"""
from __future__ import annotations

import shlex
from typing import Callable, NamedTuple

from ..model import Deck
from ..said import NS_, S_, Number, Percent, Said
from .base import SimulationError, engine_for
from .pool import GamePool
from .runner import CHECKED_POLICIES as POLICIES, replay_command, seat_policies
from .sequential import Rounds, Run, absence_settled, play_rounds, stall_decision
from .summary import Summary

SEED = 20240601
STALL_LIMIT = 0.02     # more than 2% stalled games (and at least two) is a finding
STALL_POLICY = "greedy"  # whose stalls are findings (see the module docstring)
ROUND_GAMES = 20       # games per round of every run
CHECKED_GAMES = 1      # games at the start of a run with invariants checked after every step (3-19x slower):
                       # every greedy run, and the random run at the first count (docs/simulator.md says why)
DECISIONS = 60_000     # a run's budget of decisions: long games (large tables, random players) get fewer games
MIN_GAMES, MAX_GAMES = 40, 200
PLAYERS = {"greedy": S_("greedy players"), "random": S_("random players")}  # who played a run, as findings name them


class PlayCheck(NamedTuple):
    findings: list
    notes: list[str]
    games: int          # games played in all
    runs: dict          # (players, policy) -> the Summary of that run's games


def games_for(mean_turns: float) -> int:
    """Return how many games to play for a run whose games take `mean_turns` decisions on average."""
    return max(MIN_GAMES, min(MAX_GAMES, int(DECISIONS // max(mean_turns, 1.0))))


def progress_total(deck: Deck, players: int | None = None) -> int:
    """Return the most games the play check may play (what its progress bar counts to)."""
    return MAX_GAMES * len(POLICIES) * (1 if players else len(list(deck.players)))


def play_check(deck: Deck, counts: list[int], jobs: int | None = None, full: bool = False,
               progress: Callable[[int], None] | None = None) -> PlayCheck:
    """Play the deck at each count and return its findings and notes for the validate report.

    `full`: play every run to its maximum instead of stopping once its findings are settled."""
    from ..validate import Finding  # validate imports this module to register it

    findings, plan = [], Rounds(ROUND_GAMES, full, progress)
    with GamePool([deck], jobs) as pool:
        runs, playable = [], []
        for players in counts:
            try:
                pool.engine(0, players)
            except SimulationError as exc:  # e.g. too few cards to deal at this count
                findings.append(Finding(f"cannot be played: {exc}", players))
                continue
            playable.append(players)
            runs += [Run((players, policy), 0, players, seat_policies(policy, players), SEED, MAX_GAMES,
                         Summary.start(deck, players, SEED, seat_policies(policy, players)),
                         check=CHECKED_GAMES if policy == STALL_POLICY or len(playable) == 1 else 0)
                     for policy in POLICIES]
        if progress:
            progress(MAX_GAMES * len(POLICIES) * (len(counts) - len(playable)))
        coverage = Coverage(deck, {n: pool.engine(0, n).expected_effects() for n in playable})
        total = play_rounds(pool, runs, plan, coverage.settled, coverage.update)
    notes = []
    for run in (run.summary for run in runs):
        findings.extend(Finding(message, run.players) for message in run_findings(run))
        if run.policy != STALL_POLICY and _stalls_often(run):
            notes.append(f"{run.players} players: random players stalled in {run.stalemates} of {run.games} "
                         f"games ({run.stalemate_share:.0%}); greedy players are what the stall check counts")
    if playable:
        findings.extend(Finding(m) for m in _coverage_findings(deck, playable, coverage.played, coverage.triggered))
        notes.insert(0, f"played {total} seeded games (random and greedy players) at {_span(playable)}"
                        + ("" if full else f"; {sum(run.settled and run.summary.games < run.limit for run in runs)} of {len(runs)} runs stopped "
                                           f"early, their findings settled"))
    return PlayCheck(findings, notes, total, {run.key: run.summary for run in runs})


class Coverage:
    """What the runs have seen so far at each count (cards laid, effects taken), and when a run's answer is
    settled: its stall test decided, and everything either seen at its count or missed long enough."""

    def __init__(self, deck: Deck, expected: dict[int, frozenset | set]):
        self.cards = [card.id for card in deck.cards]
        self.expected = expected
        self.played: dict[str, set[int]] = {}
        self.triggered: dict[str, set[int]] = {}

    def update(self, runs) -> None:
        for run in runs:
            for card, times in run.summary.plays_by_card.items():
                if times:
                    self.played.setdefault(card, set()).add(run.players)
            for name in run.summary.effects:
                self.triggered.setdefault(name, set()).add(run.players)

    def settled(self, run: Run) -> bool:
        summary = run.summary
        if run.rounds == 1:  # the first round says how long the games are, and so how many to play at most
            run.limit = max(summary.games, games_for(summary.turns_stats()[0]))
        if summary.errors:
            return True  # a broken game is a finding already
        if stall_decision(summary.stalemates, summary.games) is None:
            return False
        return absence_settled(summary.games) or self._all_seen(run.players)

    def _all_seen(self, players: int) -> bool:
        return (all(players in self.played.get(card, ()) for card in self.cards)
                and all(players in self.triggered.get(name, ()) for name in self.expected[players]))


def run_findings(run: Summary) -> list[Said]:
    """What one run found: too many stalls (for the stall check's players) and its broken games."""
    messages = []
    if run.policy == STALL_POLICY and _stalls_often(run):
        messages.append(NS_("%(players)s: %(stalled)d of %(num)d game stalled (%(share)s, more than %(limit)s): "
                            "%(causes)s",
                            "%(players)s: %(stalled)d of %(num)d games stalled (%(share)s, more than %(limit)s): "
                            "%(causes)s", run.games, players=PLAYERS[run.policy], stalled=run.stalemates,
                            share=Percent(run.stalemate_share), limit=Percent(STALL_LIMIT), causes=stall_causes(run)))
    return messages + error_findings(run)


def stall_causes(run: Summary) -> Said:
    """Say why a run's games stalled: play stuck (nobody could move), or play that went on without ending."""
    stuck = S_("play reached a point where nobody could move; the deck lacks cards that let play go on")
    if not run.bounded:
        return stuck
    bound = Number(run.turn_bound())
    if run.bounded == run.stalemates:
        return NS_("it was still going at the game's bound of %(bound)s decisions: play went round without coming "
                   "to an end (most often because cards that make players draw or take cards outweigh the ways to "
                   "get rid of them)",
                   "they were still going at the game's bound of %(bound)s decisions: play went round without "
                   "coming to an end (most often because cards that make players draw or take cards outweigh the "
                   "ways to get rid of them)", run.bounded, bound=bound)
    return NS_("%(num)d was still going at the game's bound of %(bound)s decisions: play went round without coming "
               "to an end (most often because cards that make players draw or take cards outweigh the ways to get "
               "rid of them); in the other %(other)d, %(stuck)s",
               "%(num)d were still going at the game's bound of %(bound)s decisions: play went round without coming "
               "to an end (most often because cards that make players draw or take cards outweigh the ways to get "
               "rid of them); in the other %(other)d, %(stuck)s", run.bounded, bound=bound,
               other=run.stalemates - run.bounded, stuck=stuck)


def error_findings(run: Summary) -> list[Said]:
    """The first broken games of a run, each with the command that replays it."""
    messages = []
    for error in run.errors[:3]:
        replay = replay_command(deck_argument(run.deck), run.players, error.seed, error.game, run.policy, check=True)
        messages.append(S_("%(players)s: game %(game)d of seed %(seed)d broke: %(error)s (replay it with: "
                           "%(replay)s)", players=PLAYERS.get(run.policy, f"{run.policy} players"), game=error.game,
                           seed=error.seed, error=error.error, replay=replay))
    return messages


def deck_argument(deck: Deck) -> str:
    """Return what names the deck on a command line: a bundled deck's id (`examples/go-fish` for an example), any
    other deck's file, relative to the working directory when below it."""
    from ..errors import display_path
    from ..load import BUNDLED_DIR

    if deck.path is None:
        return deck.id
    try:
        folder = deck.path.resolve().parent.relative_to(BUNDLED_DIR.resolve())
    except ValueError:
        return shlex.quote(display_path(deck.path))
    return folder.as_posix() if deck.path.name == "deck.yaml" else shlex.quote(display_path(deck.path))


def _stalls_often(run: Summary) -> bool:
    """Return the stall test's decision, or where the run reached its maximum undecided, whether more than 2% of
    its games (and at least two) stalled."""
    decided = stall_decision(run.stalemates, run.games)
    if decided is not None:
        return decided
    return run.stalemate_share > STALL_LIMIT and run.stalemates >= 2


def _coverage_findings(deck: Deck, counts: list[int], played: dict, triggered: dict) -> list[str]:
    messages = []
    for card in deck.cards:
        missing = [n for n in counts if n not in played.get(card.id, ())]
        if missing:
            messages.append(f"card '{card.id}' was never played at {_span(missing)}: no seeded game "
                            f"found a moment to lay it")
    expected = engine_for(deck, counts[0]).expected_effects()
    for name in sorted(expected):
        missing = [n for n in counts if n not in triggered.get(name, ())]
        if missing:
            messages.append(f"the effect '{name}' never took effect at {_span(missing)} in any seeded "
                            f"game: the card that causes it was never played, or every time it did nothing")
    return messages


def _span(counts: list[int]) -> str:
    """Return player counts briefly: '2–12 players' for a run of numbers, else '2, 5, 7 players'; '1 player'."""
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]} players"
    return ", ".join(str(n) for n in ordered) + (" player" if ordered == [1] else " players")
