"""Play check for `deckforge validate`: seeded games at every player count, findings a deck maker can act on.

For each player count and each policy (random and greedy) it plays a few seeded games with the engine's invariants
checked after every step, then up to 200 more (fewer where games are long, to keep validate to a few seconds), and
reports games that stall more than rarely, cards never played, effects never triggered, and invariants broken or
games that raised. It works for any game with an engine.

Stalls count against the deck only with greedy players: random players may play themselves into a dead end that no
sensible player would reach (in Rychlé šípy they hoard second copies until every card is locked up), so their stall
rate is reported as a note, not a finding. A deck that stalls even for sensible players is a broken deck.
"""
from __future__ import annotations

import os

from ..model import Deck
from .base import SimulationError, engine_for
from .runner import CHECKED_POLICIES as POLICIES, simulate
from .summary import Summary

SEED = 20240601
STALL_LIMIT = 0.02     # more than 2% stalled games (and at least two) is a finding
STALL_POLICY = "greedy"  # whose stalls are findings (see the module docstring)
CHECKED_GAMES = 6      # games per count and policy with invariants checked at every step; they also size the run
DECISIONS = 60_000     # a run's budget of decisions: long games (large tables, random players) get fewer games
MIN_GAMES, MAX_GAMES = 40, 200


def games_for(mean_turns: float) -> int:
    """Return how many games to play for a run whose games take `mean_turns` decisions on average."""
    return max(MIN_GAMES, min(MAX_GAMES, int(DECISIONS // max(mean_turns, 1.0))))


def play_check(deck: Deck, counts: list[int]) -> tuple[list, list[str]]:
    """Play the deck at each count and return (findings, notes) for the validate report."""
    from ..validate import Finding  # validate imports this module to register it

    jobs = min(2, os.cpu_count() or 1)
    findings, notes, played, triggered, total = [], [], {}, {}, 0
    for players in counts:
        for policy in POLICIES:
            try:
                checked = simulate(deck, players, CHECKED_GAMES, SEED + 1, policy, check=True)
            except SimulationError as exc:  # e.g. too few cards to deal at this count
                findings.append(Finding(f"cannot be played: {exc}", players))
                break
            run = simulate(deck, players, games_for(checked.turns_stats()[0]), SEED, policy, jobs=jobs)
            findings.extend(Finding(message, players) for message in run_findings(checked, run))
            if policy != STALL_POLICY and _stalls_often(run):
                notes.append(f"{players} players: random players stalled in {run.stalemates} of {run.games} "
                             f"games ({run.stalemate_share:.0%}); greedy players are what the stall check counts")
            for card in (card for card, times in run.plays_by_card.items() if times):
                played.setdefault(card, set()).add(players)
            for name in run.effects:
                triggered.setdefault(name, set()).add(players)
            total += run.games + checked.games
    findings.extend(Finding(m) for m in _coverage_findings(deck, counts, played, triggered))
    notes.insert(0, f"played {total} seeded games (random and greedy players) at {_span(counts)} players")
    return findings, notes


def run_findings(checked: Summary, run: Summary) -> list[str]:
    messages = []
    if run.policy == STALL_POLICY and _stalls_often(run):
        messages.append(f"{run.policy} players: {run.stalemates} of {run.games} games stalled "
                        f"({run.stalemate_share:.0%}, more than {STALL_LIMIT:.0%}): play reached a point where "
                        f"nobody could move, or ran past the game's turn bound; the deck lacks cards that let "
                        f"play go on")
    for error in (checked.errors + run.errors)[:3]:
        messages.append(f"{run.policy} players: game {error.game} of seed {error.seed} broke: {error.error} "
                        f"(replay it with: deckforge simulate {run.deck.id} --players {run.players} --seed "
                        f"{error.seed} --policy {run.policy} --trace --game {error.game})")
    return messages


def _stalls_often(run: Summary) -> bool:
    return run.stalemate_share > STALL_LIMIT and run.stalemates >= 2


def _coverage_findings(deck: Deck, counts: list[int], played: dict, triggered: dict) -> list[str]:
    messages = []
    for card in deck.cards:
        missing = [n for n in counts if n not in played.get(card.id, ())]
        if missing:
            messages.append(f"card '{card.id}' was never played at {_span(missing)} players: no seeded game "
                            f"found a moment to lay it")
    expected = engine_for(deck, counts[0]).expected_effects()
    for name in sorted(expected):
        missing = [n for n in counts if n not in triggered.get(name, ())]
        if missing:
            messages.append(f"the effect '{name}' never took effect at {_span(missing)} players in any seeded "
                            f"game: the card that causes it was never played, or every time it did nothing")
    return messages


def _span(counts: list[int]) -> str:
    """Return player counts briefly: '2–12' for a run of numbers, else '2, 5, 7'."""
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]}"
    return ", ".join(str(n) for n in ordered)
