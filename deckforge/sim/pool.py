"""One pool of worker processes for a command's games, forked once and reused for every round and player count.

A command names its decks when it opens the pool; the workers inherit them at the fork (decks hold mapping
proxies, which cannot be pickled) and build each engine the first time a batch needs it. A batch is one series of
seeded games (runner.py), so what a batch returns depends on its seed and game numbers alone, never on the worker
that played it or on the number of workers. Small work (a single series, or one job) is played in this process and
forks nothing.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
from dataclasses import dataclass
from typing import Callable, Sequence

from ..model import Deck
from .base import Engine, GameResult, engine_for
from .runner import play_series
from .summary import GameError

PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies

Outcome = GameResult | GameError


@dataclass(frozen=True)
class Batch:
    """One series of games: games first .. first+count-1 of `seed` with deck number `deck` at `players` players."""

    deck: int
    players: int
    policies: tuple[str, ...]
    seed: int
    first: int
    count: int
    check: int = 0   # how many games at the start of the series have their invariants checked after every step
    measure: bool = False  # the games carry their design measures (GameResult.measures), for the report
    standings: bool = True  # ... and, when measured, those that follow the standings (measures.py)


class GamePool:
    """Play batches in `jobs` processes (default: every core), forked on first need and ended on close."""

    def __init__(self, decks: Sequence[Deck], jobs: int | None = None):
        self.decks = tuple(decks)
        self.jobs = jobs or os.cpu_count() or 1
        self._engines: dict = {}
        self._pool = None

    def __enter__(self) -> "GamePool":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def engine(self, deck: int, players: int) -> Engine:
        """Return the engine of deck number `deck` at `players` (raises SimulationError when it cannot be dealt)."""
        return _engine(self._engines, self.decks, deck, players)

    def play(self, batches: Sequence[Batch], progress: Callable[[int], None] | None = None) -> list[list[Outcome]]:
        """Play the batches and return each one's outcomes, in the order given; `progress(games)` after each.

        They are handed to the processes longest first (most players, then most games): a round ends when its last
        batch does, and a long batch taken last would keep one process busy while the others wait. Each batch's
        games depend on their seeds alone, so the order changes no outcome."""
        order = sorted(range(len(batches)), key=lambda i: (-batches[i].players, -batches[i].count, i))
        results: list[list[Outcome]] = [[] for _ in batches]
        for index, outcomes in zip(order, self._outcomes([batches[i] for i in order])):
            results[index] = outcomes
            if progress:
                progress(len(outcomes))
        return results

    def _outcomes(self, batches: Sequence[Batch]):
        for batch in batches:  # engines are built here first, so a deck that cannot be dealt raises in the caller
            self.engine(batch.deck, batch.players)
        if self.jobs <= 1 or len(batches) < 2 or "fork" not in multiprocessing.get_all_start_methods():
            return (_play_batch(self._engines, self.decks, batch) for batch in batches)
        if self._pool is None:
            context = multiprocessing.get_context("fork")
            self._pool = context.Pool(self.jobs, initializer=_start_worker, initargs=(self.decks,))
        return self._pool.imap(_play_in_worker, batches)


def _engine(cache: dict, decks: tuple[Deck, ...], deck: int, players: int) -> Engine:
    key = (deck, players)
    if key not in cache:
        cache[key] = engine_for(decks[deck], players, {"variants": (), "trace": False})
    return cache[key]


def _play_batch(cache: dict, decks: tuple[Deck, ...], batch: Batch) -> list[Outcome]:
    engine = _engine(cache, decks, batch.deck, batch.players)
    return play_series(engine, batch.seed, batch.first, batch.count, batch.policies, check=batch.check,
                       measure=batch.measure, standings=batch.standings)


_WORKER: dict = {}


def _start_worker(decks: tuple[Deck, ...]) -> None:
    # the pool ends its workers with SIGTERM: a handler inherited from the parent (the CLI's) must not delay that
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches every process; the parent stops the pool
    _end_with_parent()
    _WORKER.update(decks=decks, engines={})


def _end_with_parent() -> None:
    """Have the kernel end this worker when its parent dies, however it dies (SIGKILL included): an orphaned
    worker would play its games on for hours. Linux only (prctl PR_SET_PDEATHSIG); elsewhere the pool's own end
    stops the workers."""
    origin = multiprocessing.parent_process()
    parent = origin.pid if origin is not None else os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request took hold
        os._exit(1)


def _play_in_worker(batch: Batch) -> list[Outcome]:
    return _play_batch(_WORKER["engines"], _WORKER["decks"], batch)
