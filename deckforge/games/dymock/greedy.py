"""The greedy DYMOCK player: lay the lowest set that beats the pile, keep specials for need (docs/simulator.md).

It sees what a player at the table sees: its own hand and table, and the pile.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import BLIND, FACE_UP, MASKS, POSITIONS, READY, SWAP, TAKE, THROW

if TYPE_CHECKING:
    from .engine import DymockEngine
    from .state import DymockState


def greedy(engine: DymockEngine, state: DymockState) -> int:
    """Choose as the greedy player.

    Swap phase: swap the most valuable hand card for the least valuable face-up card while that raises the table
    (specials count above every plain rank). Play: lay the lowest plain rank that beats the pile, all copies; only
    when it would otherwise take the pile, one special (reset, then reset-reverse, then burn); at the table, then a
    released face-down card; with nothing to play at the table, throw the lowest face-up card onto the pile and take
    it. Never takes the pile by choice.
    """
    seat = state.player
    if state.swapping:
        return _greedy_swap(engine, state)
    if state.hand_size[seat]:
        hand = state.hands[seat]
        for g in engine.beaters[state.need]:
            if hand[g]:
                return engine.lays[g][0 if engine.special[g] else len(hand[g]) - 1]
        return TAKE
    return min(state._legal_actions(), key=_greedy_table_key(engine, state))


def _greedy_table_key(engine: DymockEngine, state: DymockState):
    """Rank table actions: plain face-up sets (lowest rank, most cards), one face-up special, a blind card, then a
    throw (the lowest face-up card), and last a take without throwing."""
    face_up, rank_of, special, worth = state.faceup[state.player], engine.rank_of, engine.special, engine.worth

    def key(action: int) -> tuple[int, int, int]:
        if FACE_UP < action < SWAP:
            positions = MASKS[action - FACE_UP]
            g = rank_of[face_up[positions[0]]]
            return (1, worth[g], len(positions)) if special[g] else (0, worth[g], -len(positions))
        if BLIND <= action < READY:
            return (2, action, 0)
        if THROW <= action < BLIND:
            return (3, worth[rank_of[face_up[action - THROW]]], 0)
        return (4, 0, 0)  # take without throwing: the throw above moves a card off the table as well
    return key


def _greedy_swap(engine: DymockEngine, state: DymockState) -> int:
    best, gain = READY, 0
    face_up = state.faceup[state.player]
    for g, cards in enumerate(state.hands[state.player]):
        if cards:
            for p in range(POSITIONS):
                gained = engine.worth[g] - engine.worth[engine.rank_of[face_up[p]]]
                if gained > gain:
                    best, gain = SWAP + POSITIONS * g + p, gained
    return best
