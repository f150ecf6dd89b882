"""Runner: play many seeded games of a deck, over several processes if asked, and sum them up.

Each game's `random.Random` is derived from (seed, game index) alone, and games are played in series of
SERIES_LENGTH consecutive games: the first game of a series has a random starter, each later one is started as the
engine's `next_starter` says (by default the previous winner; RULES.md). A series is never split between processes
and results are gathered in game order, so the same seed gives the same figures whatever the number of jobs.

Seats may play different policies (policies.py); `policy_options` carries a policy's settings to every process,
e.g. `{"mcts": {"budget": 200}}` for the search player.
"""
from __future__ import annotations

import multiprocessing
import random
import shlex
import signal
import traceback
from typing import Iterator, Sequence

from ..model import Deck
from .base import Engine, GameResult, InvariantError, SimulationError, engine_for, play_game
from .policies import POLICIES
from .summary import GameError, Summary

SERIES_LENGTH = 10
CHECKED_POLICIES = ("random", "greedy")  # what validate plays: the search player would only make it slower


def game_rng(seed: int, index: int) -> random.Random:
    """Return the generator of game `index` in a run seeded with `seed` (string seeds hash the same everywhere)."""
    return random.Random(f"deckforge/{seed}/{index}")


def seat_policies(policy: str | Sequence[str], players: int, per_seat: bool = False) -> tuple[str, ...]:
    """Return one policy per seat from one policy name (every seat) or a comma list with one policy per seat;
    `per_seat`: the list must name every seat, even a single name is not repeated."""
    names = policy.split(",") if isinstance(policy, str) else list(policy)
    names = [name.strip() for name in names]
    unknown = [name for name in names if name not in POLICIES]
    if unknown:
        raise SimulationError(f"unknown policy '{unknown[0]}' (one of: {', '.join(POLICIES)})")
    if len(names) == 1 and not per_seat:
        names = names * players
    if len(names) != players:
        given = f"{len(names)} {'policy' if len(names) == 1 else 'policies'} given for {players} players"
        example = ",".join(["greedy"] + ["random"] * (players - 1))
        raise SimulationError(f"{given}: give one per seat, e.g. {example}" if per_seat
                              else f"{given}: give one, or one per seat")
    return tuple(names)


def play_series(engine: Engine, seed: int, first: int, count: int, policies: Sequence[str],
                check: bool | int = False, policy_options: dict | None = None,
                measure: bool = False, standings: bool = True) -> list[GameResult | GameError]:
    """Play games first .. first+count-1 as one series and return their outcomes in order.

    `check`: True checks the invariants after every step of every game, a number only in that many games at the
    start of the series (checking changes no choice, so the outcomes are the same either way). `measure`: the
    unchecked games also carry their design measures (measures.py), for the report; `standings`: those that follow
    the standings too."""
    outcomes: list[GameResult | GameError] = []
    previous = None
    for index in range(first, first + count):
        starter = engine.next_starter(previous) if index > first else None
        checked = check if isinstance(check, bool) else index - first < check
        try:
            previous = play_game(engine, game_rng(seed, index), policies, check=checked, starter=starter,
                                 options=policy_options, measure=measure, standings=standings)
        except Exception as exc:  # noqa: BLE001  (a broken game is a finding about the deck or engine)
            previous = GameError(index, seed, describe_error(exc))
        outcomes.append(previous)
        previous = previous if isinstance(previous, GameResult) else None
    return outcomes


def replay_command(deck: str, players: int, seed: int, game: int, policy: str | None = None, seats: str | None = None,
                   variants: Sequence[str] = (), mcts_budget: int | None = None, check: bool = False) -> str:
    """Return the `simulate --trace` command that plays game `game` of a run again, step by step. `deck` is as it
    goes on the command line (quoted where it must be); `check`: the run checked invariants, so must the replay."""
    replay = [f"deckforge simulate {deck} --players {players} --seed {seed}"]
    if policy:
        replay.append(f"--policy {shlex.quote(policy)}")
    if seats:
        replay.append(f"--seats {shlex.quote(seats)}")
    if variants:
        replay.append(f"--variant {shlex.quote(','.join(variants))}")
    if mcts_budget is not None:
        replay.append(f"--mcts-budget {mcts_budget}")
    if check:
        replay.append("--check")
    return " ".join(replay + [f"--trace --game {game}"])


class BrokenGame(SimulationError):
    """A traced game that raised: what broke, and the steps it logged before that."""

    def __init__(self, message: str, log: tuple[str, ...] = ()):
        super().__init__(message)
        self.log = log


def describe_error(exc: Exception) -> str:
    """Return a broken game's error as one line: its type, message and the function and line that raised it (not
    for a broken invariant, whose message says what broke and whose place is only the check)."""
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ and not isinstance(exc, InvariantError) \
        else None
    place = f" (at {where.name}, line {where.lineno})" if where else ""
    return f"{type(exc).__name__}: {exc}{place}"


def iter_outcomes(engine: Engine, games: int, seed: int, policies: Sequence[str], jobs: int = 1,
                  check: bool = False, policy_options: dict | None = None) -> Iterator[GameResult | GameError]:
    """Yield the outcome of each game in game order, playing series in `jobs` processes."""
    series = [(first, min(SERIES_LENGTH, games - first)) for first in range(0, games, SERIES_LENGTH)]
    if jobs <= 1 or len(series) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        for first, count in series:
            yield from play_series(engine, seed, first, count, policies, check, policy_options)
        return
    # fork: workers inherit the engine (decks hold mapping proxies, which cannot be pickled)
    context = multiprocessing.get_context("fork")
    batch = max(1, len(series) // (jobs * 8))
    with context.Pool(min(jobs, len(series)), initializer=_start_worker,
                      initargs=(engine, seed, tuple(policies), check, policy_options)) as pool:
        for outcomes in pool.imap(_play_in_worker, series, chunksize=batch):
            yield from outcomes


_WORKER: dict = {}


def _start_worker(engine: Engine, seed: int, policies: tuple[str, ...], check: bool,
                  policy_options: dict | None) -> None:
    # the pool ends its workers with SIGTERM: a handler inherited from the parent (the CLI's) must not delay that
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches every process; the parent stops the pool
    _WORKER.update(engine=engine, seed=seed, policies=policies, check=check, policy_options=policy_options)


def _play_in_worker(series: tuple[int, int]) -> list[GameResult | GameError]:
    w = _WORKER
    return play_series(w["engine"], w["seed"], series[0], series[1], w["policies"], w["check"], w["policy_options"])


def simulate(deck: Deck, players: int, games: int = 1000, seed: int = 1, policy: str | Sequence[str] = "random",
             jobs: int = 1, variants: Sequence[str] = (), check: bool = False,
             policy_options: dict | None = None) -> Summary:
    """Play `games` seeded games of the deck and return their summary (`policy_options`: see the module)."""
    if games < 1:
        raise SimulationError(f"the number of games must be at least 1, not {games}")
    policies = seat_policies(policy, players)
    engine = engine_for(deck, players, {"variants": tuple(variants), "trace": False})
    summary = Summary.start(deck, players, seed, policies, tuple(variants))
    for outcome in iter_outcomes(engine, games, seed, policies, jobs, check, policy_options):
        summary.add(outcome)
    return summary


def trace_game(deck: Deck, players: int, seed: int = 1, policy: str | Sequence[str] = "random",
               variants: Sequence[str] = (), game: int = 0, policy_options: dict | None = None,
               check: bool = False) -> GameResult:
    """Play game number `game` of the seeded run with the state's log on (in `result.log`).

    The games before it in its series are replayed first, so it has the same starter as in the full run. `check`
    checks the invariants after every step of the traced game, as `simulate --check` does (no choice changes).
    """
    if game < 0:
        raise SimulationError(f"the game number must be 0 or more, not {game}")
    policies = seat_policies(policy, players)
    options = {"variants": tuple(variants)}
    first = game - game % SERIES_LENGTH
    quiet = engine_for(deck, players, {**options, "trace": False})
    before = play_series(quiet, seed, first, game - first, policies, policy_options=policy_options)
    engine = engine_for(deck, players, {**options, "trace": True})
    previous = before[-1] if before and isinstance(before[-1], GameResult) else None
    starter = engine.next_starter(previous) if game > first else None
    try:
        return play_game(engine, game_rng(seed, game), policies, check=check, starter=starter,
                         options=policy_options)
    except Exception as exc:  # noqa: BLE001  (a broken game is a finding about the deck or engine, not a crash)
        raise BrokenGame(f"game {game} of seed {seed} broke: {describe_error(exc)}",
                         tuple(getattr(exc, "trace_log", ()))) from None
