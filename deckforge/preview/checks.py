"""Checks: after each good save, the deck's static checks and a quick seeded simulation, in a background thread.

The quick check is a small cut of `deckforge validate`'s play check (deckforge/sim/playcheck.py): a few games
with every invariant checked, then QUICK_GAMES more per policy, at the player count on the page. It reports
stalled and broken games; whether every card and effect comes up needs the full check's hundreds of games.
"""
from __future__ import annotations

import sys
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

from ..errors import DeckforgeError
from ..model import Deck
from ..games import spec_for
from ..sim.playcheck import CHECKED_GAMES, SEED, run_findings
from ..sim.runner import CHECKED_POLICIES as POLICIES, simulate
from ..validate import no_simulator_note, static_findings

QUICK_GAMES = 30  # unchecked games per policy: a second or less for the bundled decks


@dataclass(frozen=True)
class Verdict:
    """What the checks found for one player count: findings a deck maker can act on, and what was run."""

    players: int
    findings: tuple[str, ...]
    notes: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.findings


def quick_check(deck: Deck, players: int) -> Verdict:
    """Run the static checks and a quick seeded simulation at `players` players."""
    findings = [str(finding) for finding in static_findings(deck)]
    if spec_for(deck.game).engine is None:
        return Verdict(players, tuple(findings), (no_simulator_note(deck),))
    games = 0
    for policy in POLICIES:
        try:
            checked = simulate(deck, players, CHECKED_GAMES, SEED + 1, policy, check=True)
            run = simulate(deck, players, QUICK_GAMES, SEED, policy)
        except DeckforgeError as exc:  # e.g. too few cards to deal at this count
            findings.append(f"{players} players: cannot be played: {exc}")
            break
        findings.extend(f"{players} players: {message}" for message in run_findings(checked, run))
        games += checked.games + run.games
    notes = (f"played {games} seeded games (random and greedy players) at {players} players; "
             "deckforge validate plays hundreds and checks that every card comes up",) if games else ()
    return Verdict(players, tuple(findings), notes)


class CheckQueue:
    """Runs quick checks one at a time in a background thread and keeps the verdicts of the newest revision."""

    def __init__(self, on_done: Callable[[], None], check: Callable[[Deck, int], Verdict] = quick_check):
        self._on_done = on_done
        self._check = check
        self._verdicts: dict[tuple[int, int], Verdict | None] = {}  # (revision, players); None while running
        self._lock = threading.Lock()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deckforge-preview-check")

    def verdict(self, deck: Deck, revision: int, players: int) -> Verdict | None:
        """Return the verdict for this revision and count, or None after queueing its check."""
        key = (revision, players)
        with self._lock:
            if key in self._verdicts:
                return self._verdicts[key]
            for stale in [k for k in self._verdicts if k[0] != revision]:
                del self._verdicts[stale]  # an older save: its queued check is skipped
            self._verdicts[key] = None
        self._executor.submit(self._run, deck, key)
        return None

    def close(self) -> None:
        """Drop queued checks; a running one finishes on its own (a second or two at most)."""
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _run(self, deck: Deck, key: tuple[int, int]) -> None:
        with self._lock:
            if key not in self._verdicts:
                return
        try:
            verdict = self._check(deck, key[1])
        except Exception as exc:  # noqa: BLE001  (a broken check is shown on the page, never kills the server)
            traceback.print_exc(file=sys.stderr)
            verdict = Verdict(key[1], (f"the check itself failed: {type(exc).__name__}: {exc}",), ())
        with self._lock:
            if key not in self._verdicts:
                return
            self._verdicts[key] = verdict
        self._on_done()
