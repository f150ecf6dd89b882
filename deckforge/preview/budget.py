"""Budget: run one piece of the preview's work (loading the deck, drawing faces, a check) with a time limit.

A deck from a stranger can make work that never ends: a card template that loops for hours, an art file that is
slow to decode. The work runs in a daemon thread of its own while the caller waits; when it makes no progress
within its budget, or the preview stops, the caller gives up with `OverBudget` (a `DeckforgeError` the page
shows) and the thread is told to stop. Python cannot kill a thread, so it is stopped the one way it can be: an
exception (`Abandoned`) raised in it at its next Python instruction, which ends a template's loop at once and a
long C call (decoding, drawing) as soon as it returns. Being a daemon, the thread never holds up the exit.
"""
from __future__ import annotations

import ctypes
import threading
import time
from typing import Callable, TypeVar

from ..errors import DeckforgeError

T = TypeVar("T")
LOAD_SECONDS = 20.0   # reading a deck: a 2 MB file with 5,000 cards and their art takes a few seconds
STEP_SECONDS = 10.0   # planning and drawing one face, or a batch of 16; about 0.1 s each normally
CHECK_SECONDS = 30.0  # the quick check: a second or less for the bundled decks
POLL_SECONDS = 0.05   # how often a waiting caller looks whether the preview is stopping


class Abandoned(BaseException):
    """Raised inside work that its caller gave up on; a BaseException, so no `except Exception` swallows it."""


class OverBudget(DeckforgeError):
    """Work that ran past its budget (or was cut short because the preview stops), and was abandoned."""


class Progress:
    """What the work is doing now; each `step` names it and gives it a fresh budget."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds
        self.doing = ""

    def step(self, doing: str) -> None:
        self.doing = doing
        self.deadline = time.monotonic() + self.seconds


class Budget:
    """Runs work with time limits; `close` makes every waiting caller give up at once."""

    def __init__(self):
        self.closing = threading.Event()

    def run(self, work: Callable[[Progress], T], seconds: float, what: str, advice: str) -> T:
        """Return `work(progress)`, or raise OverBudget naming `what` and the last step when it stalls."""
        if self.closing.is_set():
            raise OverBudget(f"{what} was not started: the preview is stopping")
        progress = Progress(seconds)
        worker = _Worker(work, progress)
        worker.start()
        while not worker.done.wait(POLL_SECONDS):
            if self.closing.is_set():
                worker.abandon()
                raise OverBudget(f"{what} was stopped: the preview is stopping")
            if time.monotonic() > progress.deadline:
                worker.abandon()
                at = f" at {progress.doing}" if progress.doing else ""
                raise OverBudget(f"{what} took longer than {seconds:g} s{at}, so it was stopped: {advice}")
        return worker.result()

    def close(self) -> None:
        self.closing.set()


class _Worker(threading.Thread):
    """A daemon thread running one piece of work; `abandon` raises Abandoned in it unless it has finished."""

    def __init__(self, work: Callable[[Progress], T], progress: Progress):
        super().__init__(name="deckforge-preview-work", daemon=True)
        self._work, self._progress = work, progress
        self._value: object = None
        self._error: BaseException | None = None
        self._state = threading.Lock()  # held while finishing or abandoning, so one cannot overtake the other
        self._finished = False
        self.done = threading.Event()

    def run(self) -> None:
        try:
            try:
                self._value = self._work(self._progress)
            except Exception as exc:  # noqa: BLE001  (handed to the caller, who knows what it means)
                self._error = exc
            with self._state:
                self._finished = True
            self.done.set()
        except Abandoned:
            pass  # the caller has gone; nothing to report

    def result(self) -> object:
        if self._error is not None:
            raise self._error
        return self._value

    def abandon(self) -> None:
        with self._state:
            if not self._finished:  # still running: its thread id is its own, not reused by another thread
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.ident), ctypes.py_object(Abandoned))
