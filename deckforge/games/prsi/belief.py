"""Prší: what the public history suggests about the cards a seat holds, for the search player's deals.

RULES.md lets a player draw even when able to lay, but a player who wants to go out seldom does (the greedy player
never does), many keep a svršek until nothing else fits, and nobody takes a 7's penalty or stands for an ace while
holding the card that passes it on. So the search player believes: a seat that drew when nothing was pending, or
passed, held no card that fitted the top; one that laid a svršek, none but svršky; one that drew a 7's penalty held
no 7; one that stood held no ace. A belief is a set of cards B (a bit mask) and a count
f for each seat: at most f of the seat's cards are in B, f being the cards it received since B was last renewed,
less the cards of B it laid since. The deals keep the beliefs where they can and relax them where they cannot: a
belief read from the public history, never a look at the hidden cards.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING

from .rules import ACE, CHANGER, DEALER_CHOSEN, PENALTY, RANKS, SEAT_MASK, SEVEN, TURNED_UP

if TYPE_CHECKING:
    from .engine import PrsiEngine
    from .state import PrsiState

TRIES = 30  # random hands tried per seat before the belief is relaxed


@lru_cache(maxsize=8)
def _masks(engine: PrsiEngine) -> tuple[tuple[int, ...], int, int, int]:
    """Return the bit masks of the cards that fit each top (suit * len(RANKS) + rank), of the 7s, the aces and the
    svršky."""
    fits = tuple(sum(1 << card for card, fit in enumerate(row) if fit) for row in engine.fits)
    sevens = sum(1 << card for card, seven in enumerate(engine.sevens) if seven)
    aces = sum(1 << card for card, ace in enumerate(engine.aces) if ace)
    changers = sum(1 << card for card, power in enumerate(engine.power_of) if power == CHANGER)
    return fits, sevens, aces, changers


def beliefs(state: PrsiState) -> list[tuple[int, int]]:
    """Replay the public history; return each seat's belief (B as a bit mask, f)."""
    engine, n = state.engine, state.n
    fits, sevens, aces, changers = _masks(engine)
    barred, free = [0] * n, [0] * n
    suit = rank = -1
    penalty, ace = 0, False

    def renew(seat: int, lacking: int) -> None:
        # the whole hand lacks these cards now: add them to B while nothing in B may be held, else start over
        barred[seat] = barred[seat] | lacking if free[seat] == 0 else lacking
        free[seat] = 0

    for entry in state.history:
        if entry < 0:
            outcome, to = ~entry >> 8, ~entry & SEAT_MASK
            if to == TURNED_UP:
                suit, rank = engine.suit_of[outcome], engine.rank_of[outcome]
                penalty, ace = PENALTY if engine.power_of[outcome] == SEVEN else 0, engine.power_of[outcome] == ACE
            elif to < DEALER_CHOSEN:  # a card dealt or drawn to a seat
                free[to] += 1
            continue
        action, seat = entry >> 8, entry & SEAT_MASK
        if action < engine.size:
            if engine.power_of[action] == CHANGER:  # laid only when nothing else fitted
                renew(seat, fits[suit * len(RANKS) + rank] & ~changers)
            if barred[seat] >> action & 1:
                free[seat] = max(0, free[seat] - 1)
            suit, rank = engine.suit_of[action], engine.rank_of[action]
            power = engine.power_of[action]
            penalty += PENALTY if power == SEVEN else 0
            ace = ace or power == ACE
        elif action >= engine.name_base:
            suit = action - engine.name_base
        elif action == engine.draw:
            renew(seat, sevens if penalty else fits[suit * len(RANKS) + rank])
            penalty = 0
        elif action == engine.stand:
            renew(seat, aces)
            ace = False
        else:  # a pass: nothing fitted and nothing could be drawn
            renew(seat, fits[suit * len(RANKS) + rank])
    return list(zip(barred, free))


def deal_hand(pool: list[int], size: int, belief: tuple[int, int], rng: random.Random) -> list[int]:
    """Take `size` cards from `pool` (changing it) for a seat with `belief`: at random among the hands that keep
    it when one of TRIES random hands does, else the hand that breaks it least (cards outside B first)."""
    barred, free = belief
    if barred and free < size:
        for _ in range(TRIES):
            hand = rng.sample(pool, size)
            if sum(barred >> card & 1 for card in hand) <= free:
                break
        else:
            shuffled = rng.sample(pool, len(pool))
            hand = sorted(shuffled, key=lambda card: barred >> card & 1)[:size]  # stable: random within each kind
    else:
        hand = rng.sample(pool, size)
    for card in hand:
        pool.remove(card)
    return sorted(hand)
