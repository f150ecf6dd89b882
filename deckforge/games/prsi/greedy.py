"""The greedy Prší player: answer 7s and aces, shed the suit it holds most of, keep svršky until stuck
(docs/simulator.md). It reads only what a player at the table knows: its own hand and the top of the pile.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import ACE, CHANGER, SEVEN

if TYPE_CHECKING:
    from .engine import PrsiEngine, PrsiState


def greedy_action(engine: PrsiEngine, state: PrsiState) -> int:
    """Choose as the greedy player.

    A pending 7 or ace is answered whenever the hand holds one (the lowest card that does); otherwise the penalty is
    drawn or the turn stood. A last card that fits is laid. Else it lays a card that fits and is not a svršek, from
    the suit it holds most of, a 7 or an ace before a plain card of that suit; only when nothing else fits does it
    lay a svršek, and it names the suit it holds most of. With nothing to lay it draws (or passes).
    """
    hand, legal = state.hands[state.player], state._legal_actions()
    first = legal[0]
    if first >= engine.name_base:  # its svršek is down: name a suit
        return engine.name_base + favourite_suit(engine, hand, engine.suit_of[state.pile[-1]])
    if first >= engine.size or state.penalty or state.ace or len(hand) == 1:
        return first  # nothing to lay; an answer to a 7 or an ace; or the last card, which goes out
    power_of, suit_of = engine.power_of, engine.suit_of
    counts = suit_counts(engine, hand)
    best, best_key = -1, -1
    for card in legal:
        if card >= engine.size:
            break
        power = power_of[card]
        if power == CHANGER:
            continue
        key = counts[suit_of[card]] * 2 + (power == SEVEN or power == ACE)
        if key > best_key:
            best, best_key = card, key
    return best if best >= 0 else first  # only svršky fit: lay one rather than draw


def suit_counts(engine: PrsiEngine, hand: list[int]) -> list[int]:
    """Return how many cards of each suit the hand holds, svršky left out (they go on anything)."""
    counts = [0] * len(engine.suits)
    power_of, suit_of = engine.power_of, engine.suit_of
    for card in hand:
        if power_of[card] != CHANGER:
            counts[suit_of[card]] += 1
    return counts


def favourite_suit(engine: PrsiEngine, hand: list[int], fallback: int) -> int:
    """Return the suit the hand holds most of (the lowest of equals); `fallback` when it holds only svršky."""
    counts = suit_counts(engine, hand)
    most = max(counts)
    return counts.index(most) if most else fallback
