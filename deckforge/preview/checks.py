"""Checks: after each good save, the deck's static checks and, where they pass, a quick seeded simulation, in a
background thread.

The quick check is a small cut of `deckforge validate`'s play check (deckforge/sim/playcheck.py): a few games
with every invariant checked, then QUICK_GAMES more per policy, at the player count on the page. It reports
stalled and broken games; whether every card and effect comes up needs the full check's hundreds of games.
"""
from __future__ import annotations

import queue
import sys
import threading
import traceback
from dataclasses import dataclass
from typing import Callable

from ..errors import DeckforgeError
from ..model import Deck
from ..games import deck_spec
from ..sim.playcheck import CHECKED_GAMES, SEED, error_findings, run_findings
from ..sim.runner import CHECKED_POLICIES as POLICIES, simulate
from ..said import S_
from ..validate import Finding, static_findings
from .budget import CHECK_SECONDS, Budget, OverBudget

QUICK_GAMES = 30  # unchecked games per policy: a second or less for the bundled decks
CHECK_ADVICE = "deckforge validate runs the full check and shows its progress"


@dataclass(frozen=True)
class Verdict:
    """What the checks found for one player count: findings a deck maker can act on, and what was run."""

    players: int
    findings: tuple[Finding, ...]  # said in the page's language (`Finding.said`)
    notes: tuple[str, ...]
    games: int = 0  # seeded games played; the page says so in its language
    simulated: bool = True  # False: the deck's game has no simulator (or it names none), so nothing was played
    held_back: bool = False  # True: a static check failed, so no game was played (as `deckforge validate` does)

    @property
    def ok(self) -> bool:
        return not self.findings


def quick_check(deck: Deck, players: int) -> Verdict:
    """Run the static checks and, where they found nothing, a quick seeded simulation at `players` players."""
    findings = static_findings(deck, [players])
    if deck_spec(deck).engine is None:
        return Verdict(players, tuple(findings), (), simulated=False)  # the page says why, in its language
    if findings:  # a deck that cannot be dealt would only fail again as "cannot be played"
        return Verdict(players, tuple(findings), (), held_back=True)
    games = 0
    for policy in POLICIES:
        try:
            checked = simulate(deck, players, CHECKED_GAMES, SEED + 1, policy, check=True)
            run = simulate(deck, players, QUICK_GAMES, SEED, policy)
        except DeckforgeError as exc:  # e.g. too few cards to deal at this count
            findings.append(Finding(S_("cannot be played: %(reason)s", reason=str(exc)), players))
            break
        # the checked games catch broken rules; the quick run counts stalls
        messages = error_findings(checked) + run_findings(run)
        findings.extend(Finding(message, players) for message in dict.fromkeys(messages))
        games += checked.games + run.games
    return Verdict(players, tuple(findings), (), games)


class CheckQueue:
    """Runs quick checks one at a time in a background thread and keeps the verdicts of the newest revision."""

    def __init__(self, on_done: Callable[[], None], check: Callable[[Deck, int], Verdict] = quick_check,
                 budget: Budget | None = None):
        self._on_done = on_done
        self._check = check
        self._budget = budget or Budget()
        self._verdicts: dict[tuple[int, int], Verdict | None] = {}  # (revision, players); None while running
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[tuple[Deck, tuple[int, int]] | None] = queue.SimpleQueue()
        # A daemon thread, not an executor: interpreter exit joins an executor's threads, so a long check would
        # hold up Ctrl+C.
        threading.Thread(target=self._work, name="deckforge-preview-check", daemon=True).start()

    def verdict(self, deck: Deck, revision: int, players: int) -> Verdict | None:
        """Return the verdict for this revision and count, or None after queueing its check."""
        key = (revision, players)
        with self._lock:
            if key in self._verdicts:
                return self._verdicts[key]
            for stale in [k for k in self._verdicts if k[0] != revision]:
                del self._verdicts[stale]  # an older save: its queued check is skipped
            self._verdicts[key] = None
        self._queue.put((deck, key))
        return None

    def close(self) -> None:
        """Drop queued checks and stop the running one."""
        self._budget.close()
        self._queue.put(None)

    def _work(self) -> None:
        while (job := self._queue.get()) is not None:
            self._run(*job)

    def _run(self, deck: Deck, key: tuple[int, int]) -> None:
        with self._lock:
            if key not in self._verdicts:
                return
        try:
            verdict = self._budget.run(lambda progress: self._check(deck, key[1]), CHECK_SECONDS, "the quick check",
                                       CHECK_ADVICE)
        except OverBudget as exc:
            if self._budget.closing.is_set():
                return
            verdict = Verdict(key[1], (str(exc),), ())
        except Exception as exc:  # noqa: BLE001  (a broken check is shown on the page, never kills the server)
            traceback.print_exc(file=sys.stderr)
            verdict = Verdict(key[1], (f"the check itself failed: {type(exc).__name__}: {exc}",), ())
        with self._lock:
            if key not in self._verdicts:
                return
            self._verdicts[key] = verdict
        self._on_done()
