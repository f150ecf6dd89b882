"""Static checks of a loaded deck: what can be proved about it without playing it.

Play checks (seeded simulations) are added by the simulator; `validate_deck` runs both when they exist.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from .model import Deck
from .vocab import ITEMS


@dataclass
class Finding:
    """One reason a deck may not work, with the player count it concerns (None: every count)."""

    message: str
    players: int | None = None

    def __str__(self) -> str:
        return f"{self.players} players: {self.message}" if self.players else self.message


@dataclass
class ValidationReport:
    deck: Deck
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings


def _knp(deck: Deck) -> list[Finding]:
    items = Counter(c.get("item") for c in deck.cards for _ in range(c.count) if c.get("item"))
    missing = [i for i in ITEMS if not items[i]]
    return [Finding(f"no {item} card: every item must be in the deck for play to flow") for item in missing]


def _wizard(deck: Deck) -> list[Finding]:
    found = []
    for n in deck.players:
        if deck.total_for(n) // n < 1:
            found.append(Finding("the deck is too small to deal one card each", n))
    return found


def _rychle_sipy(deck: Deck) -> list[Finding]:
    numbers = sorted({c.get("number") for c in deck.cards if c.kind == "character"})
    gaps = [n for n in range(1, (numbers[-1] if numbers else 0) + 1) if n not in numbers]
    found = [Finding(f"the row has no card with number {n}") for n in gaps]
    if sum(c.count for c in deck.cards if c.kind == "prize") != 1:
        found.append(Finding("the deck needs exactly one prize card (the Ježek v kleci)"))
    return found


def _dymock(deck: Deck) -> list[Finding]:
    found = []
    by_rank: dict[str, set] = {}
    for card in deck.cards:
        if card.get("strength") is None and card.get("special") is None:
            found.append(Finding(f"card '{card.id}' has neither a strength nor a special power"))
        by_rank.setdefault(card.get("rank"), set()).add((card.get("strength"), card.get("special")))
    for rank, powers in by_rank.items():
        if len(powers) > 1:
            found.append(Finding(f"the cards of rank {rank} differ in strength or special power"))
    for n in deck.players:
        if deck.total_for(n) < 9 * n:
            found.append(Finding(f"{deck.total_for(n)} cards cannot deal nine to each player", n))
    return found


STATIC_CHECKS: dict[str, Callable[[Deck], list[Finding]]] = {
    "kamen-nuzky-papir": _knp,
    "wizard": _wizard,
    "rychle-sipy": _rychle_sipy,
    "dymock": _dymock,
}


def static_findings(deck: Deck) -> list[Finding]:
    """Return what is wrong with the deck's composition for its game, at any player count."""
    return STATIC_CHECKS[deck.game](deck)


# Play checks register here: game id -> function(deck, player_counts) -> (findings, notes).
PLAY_CHECKS: dict[str, Callable[[Deck, list[int]], tuple[list[Finding], list[str]]]] = {}


def _register_play_checks() -> None:
    """Give every game that has a simulator engine the seeded play check (deckforge/sim/playcheck.py)."""
    from .sim import games  # noqa: F401  (each engine module registers itself on import)
    from .sim.base import ENGINES
    from .sim.playcheck import play_check

    for game in ENGINES:
        PLAY_CHECKS.setdefault(game, play_check)


_register_play_checks()


def validate_deck(deck: Deck, players: int | None = None, play: bool = True) -> ValidationReport:
    """Run the static checks and, where the game's engine exists, the play checks."""
    report = ValidationReport(deck, static_findings(deck))
    counts = [players] if players else list(deck.players)
    if not play:
        return report
    check = PLAY_CHECKS.get(deck.game)
    if check is None:
        report.notes.append(f"the play check for '{deck.game}' is not available yet; static checks only")
        return report
    findings, notes = check(deck, counts)
    report.findings.extend(findings)
    report.notes.extend(notes)
    return report
