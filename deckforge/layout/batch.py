"""Batch: everything `deckforge build --all` writes — every bundled deck's sheets in each of its languages, at
its default player count, and its rulebooks where the rulebook stage is installed — with the independent jobs run
side by side in forked processes."""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from ..errors import DeckforgeError, display_path
from ..load import bundled_decks, load_deck
from ..model import Deck
from .build import BuildOptions, build_deck


@dataclass(frozen=True)
class Made:
    """What a job wrote: a one-line summary, and the warnings the user should read, as a single build gives them."""

    summary: str
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class BatchJob:
    """One file to write: a label for progress display and the call that writes it."""

    label: str
    run: Callable[[], Made]


@dataclass(frozen=True)
class JobResult:
    """What one job did: its summary and warnings, or the error that stopped it (a user's mistake, not a bug)."""

    label: str
    summary: str | None = None
    error: str | None = None
    warnings: tuple[str, ...] = ()


def bundled_jobs(options: BuildOptions | None = None) -> tuple[list[BatchJob], list[str]]:
    """Return the jobs that build every bundled deck, and notes on anything skipped."""
    options = options or BuildOptions()
    write_rulebook = _rulebook_writer()
    jobs: list[BatchJob] = []
    for path in bundled_decks():
        deck = load_deck(path)
        for lang in deck.languages:
            jobs.append(BatchJob(f"{deck.id} {lang}", _sheets(deck, replace(options, lang=lang, players=None))))
            if write_rulebook:
                jobs.append(BatchJob(f"{deck.id} {lang} rulebook",
                                     _rulebook(write_rulebook, deck, lang, options.pdf_x)))
    notes = [] if write_rulebook else ["rulebooks skipped: deckforge.rulebook.write_rulebook is not available"]
    return jobs, notes


def _sheets(deck: Deck, options: BuildOptions) -> Callable[[], Made]:
    """Build the sheets, keeping the build's warnings; its notes (how the cards fit the paper) are left out: every
    bundled deck gives them, and they are advice for tuning one deck's build, which --all does not take."""
    def run() -> Made:
        result = build_deck(deck, options)
        return Made(result.summary, result.warnings)
    return run


def _rulebook(write_rulebook: Callable, deck: Deck, lang: str, pdf_x: str | None = None) -> Callable[[], Made]:
    def run() -> Made:
        path = write_rulebook(deck, lang, pdf_x=pdf_x) if pdf_x else write_rulebook(deck, lang)
        return Made(f"{display_path(path)}: rulebook")
    return run


def _rulebook_writer() -> Callable | None:
    """Return deckforge.rulebook.write_rulebook when that stage is installed, else None."""
    try:
        from ..rulebook import write_rulebook
    except ImportError:
        return None
    return write_rulebook


_PENDING: list[BatchJob] = []  # the jobs of the running batch, which forked workers find by index


def run_jobs(jobs: list[BatchJob], workers: int | None = None) -> Iterator[JobResult]:
    """Run the jobs, `workers` at a time (default: every core; 1 runs them here), yielding each one's result in
    the jobs' order, whatever order they finish in. A job that fails with a DeckforgeError gives its message and
    the others go on; any other exception is a bug and stops the batch. SIGTERM or Ctrl-C stops the workers too,
    each removing the file it was writing (deckforge/output.py), and ends the batch as it ends any command."""
    workers = min(workers or os.cpu_count() or 1, len(jobs))
    if workers <= 1:
        yield from (_run(job) for job in jobs)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    _PENDING[:] = jobs  # forked workers inherit the list: the jobs' closures need not be pickled
    # Forked, not spawned: the workers start with the decks already loaded. Their processes are not daemons, so a
    # job may start processes of its own.
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_worker_start)
    try:
        for future in [pool.submit(_run_pending, index) for index in range(len(jobs))]:
            try:
                yield _result_of(future)
            except BrokenProcessPool:
                raise DeckforgeError("a worker of the batch was stopped (killed, or out of memory) before its "
                                     "file was made; nothing half-written is left: run the command again") from None
    except BaseException:  # a signal, a bug: stop what still runs
        _stop_workers(pool)
        raise
    else:
        pool.shutdown(wait=True)
    finally:
        _PENDING.clear()


STOP_SECONDS = 5.0  # how long stopped workers have to remove their files before they are killed


def _stop_workers(pool) -> None:
    """Stop the batch's workers, SIGTERM first, so that each removes the file it was writing, and shut the pool down
    without waiting for it: a worker stopped while it held one of the pool's queue locks (a signal's exception can
    land between taking a lock and the block that gives it back) leaves the others waiting for the lock for ever,
    and the pool waiting for them (test_batch hung so about once in 300 runs). A worker still there after
    STOP_SECONDS is killed; then the pool's own thread is waited for, which has nothing left to wait on."""
    import multiprocessing
    import time

    workers = multiprocessing.active_children()
    for worker in workers:
        worker.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + STOP_SECONDS
    for worker in workers:
        worker.join(max(0.0, deadline - time.monotonic()))
        if worker.is_alive():
            worker.kill()
            worker.join()
    pool.shutdown(wait=True)


def _result_of(future) -> JobResult:
    """Wait for a job in short steps: Python runs a signal's handler only in the main thread, which a wait without
    a timeout would keep asleep when the signal lands on one of the pool's threads."""
    from concurrent.futures import TimeoutError as StillRunning

    while True:
        try:
            return future.result(timeout=0.2)
        except StillRunning:
            continue


_SIGNALS: list[int] = []  # in a worker: the signals received, the first of which is ending the job
_UNWINDING: list[bool] = []  # in a worker: a stop's exception is on its way through the job


def _worker_start() -> None:
    """In a worker: end the job on SIGTERM or Ctrl-C as a command ends (an exception through its writers, which
    remove their temporary files), not at once as a simulation worker does (deckforge/cli/__init__.py); then end
    the worker, which would otherwise take the next job (`_run_pending`).

    Ctrl-C in a terminal reaches the whole process group: the worker starts unwinding, and the batch, stopping,
    sends its workers SIGTERM. A second signal must not cut that cleanup short (it would leave a `.part` file), so
    it is only noted. But a handler that runs inside a callback whose exceptions Python drops (a weak reference's,
    `__del__`) loses its exception, and nothing is unwinding: then the signal is sent again a moment later, from
    another thread, to be raised in ordinary code (as the command does: `cli._resend_lost_stop`)."""
    import gc
    import signal
    import sys

    from ..output import send_again  # here, not in the hook: a lost stop is often one in an import's own cleanup

    # What the worker was forked with is never collected here: among it may be an earlier batch's pool, whose
    # collection calls back into a lock that was held by one of the parent's threads at the fork, and so is held
    # for ever in this copy (a worker hung so in formatting a bug's traceback, about once in 300 batches).
    gc.freeze()

    def stop(signum, frame):
        _SIGNALS.append(signum)
        if _UNWINDING:
            return
        _UNWINDING.append(True)
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise SystemExit(128 + signum)

    passed_on = sys.unraisablehook

    def lost(unraisable) -> None:
        if not (_UNWINDING and isinstance(unraisable.exc_value, (KeyboardInterrupt, SystemExit))):
            return passed_on(unraisable)
        _UNWINDING.clear()
        if not send_again(_SIGNALS[0]):  # the interpreter is shutting down: nothing left to stop
            passed_on(unraisable)

    sys.unraisablehook = lost
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)


def _run_pending(index: int) -> JobResult:
    try:
        return _run(_PENDING[index])
    finally:
        if _SIGNALS:  # stopped: the job has unwound; the batch is stopping too, or learns of it (`run_jobs`)
            os._exit(128 + _SIGNALS[0])


def _run(job: BatchJob) -> JobResult:
    try:
        made = job.run()
    except DeckforgeError as error:
        return JobResult(job.label, error=str(error))
    return JobResult(job.label, summary=made.summary, warnings=made.warnings)
