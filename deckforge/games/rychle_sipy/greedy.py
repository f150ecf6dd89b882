"""The greedy Rychlé šípy player: it keeps what extends its row and throws penalty cards at the next player.

It takes the top discard when its row needs that number and it holds no copy, else draws from the stock, and takes
nothing over a complete row. It discards what its row does not need (numbers laid, second copies), penalty cards
first, then those with the largest bonus, but keeps its last spare card to close with; it gives up a needed card
only when a discard is owed or compulsory, the highest number first, and breaks its row from the top.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import DISCARD, NO_DISCARD, NO_TAKE, OWING, TAKE_DISCARD, TAKE_STOCK

if TYPE_CHECKING:
    from .engine import RychleSipyEngine
    from .state import RychleSipyState

# How the greedy player weighs a discard: keeping its last spare card beats throwing a penalty card at the next
# player, which beats any other spare card; a card the row needs goes only when a discard is owed or compulsory.
PENALTY_FIRST, KEEP_LAST_SPARE, NEEDED = 200, 300, 100


def wanted(engine: RychleSipyEngine, state: RychleSipyState, p: int, card: int) -> bool:
    """Tell whether a card would bring p's row closer: its number is not laid and p holds no copy of it."""
    number = engine.number
    k = number[card]
    if state.slots[p][k] >= 0:
        return False
    for held in state.hands[p]:
        if held != card and number[held] == k:
            return False
    return True


def greedy_take(engine: RychleSipyEngine, state: RychleSipyState) -> int:
    """Take nothing over a complete row; take the top discard when wanted; else draw from the stock."""
    legal, p = state.legal, state.seat
    if NO_TAKE in legal:
        return NO_TAKE
    if TAKE_DISCARD in legal and (TAKE_STOCK not in legal or wanted(engine, state, p, state.pile[-1])):
        return TAKE_DISCARD
    return TAKE_STOCK


def greedy_discard(engine: RychleSipyEngine, state: RychleSipyState) -> int:
    """Discard what the row does not need, penalty cards first (at the next player), then bonus cards, but keep
    the last spare card to close with and never give back the number just taken from the pile; keep every card the
    row needs unless a discard is owed or compulsory; break the row from its highest number, a penalty card first
    when it lands on top."""
    p, number = state.seat, engine.number
    slots, hand = state.slots[p], state.hands[p]
    copies = [0] * (engine.top + 1)
    for card in hand:
        copies[number[card]] += 1
    spares = len(hand)  # less one card of each number the row still needs
    for k in {number[card] for card in hand}:
        if slots[k] < 0:
            spares -= 1
    last = state.phase != OWING or state.owed == 1  # this discard lands on top, so its penalty binds
    taken = number[state.from_pile] if state.from_pile >= 0 else -1
    penalty, bonus = engine.penalty_take, engine.bonus
    best, best_value = NO_DISCARD, None
    for action in state.legal:
        if action == NO_DISCARD:
            value = KEEP_LAST_SPARE if spares <= 1 else 0
        else:
            card = action - DISCARD
            k = number[card]
            throw = PENALTY_FIRST if penalty[card] and last else 0
            if slots[k] == card:  # breaking the row
                value = k + throw
            elif slots[k] < 0 and copies[k] == 1:
                value = k - NEEDED
            elif k == taken:  # giving back what was just taken from the pile changes nothing, and can loop
                value = -1
            else:
                value = 1 + bonus[card] + throw
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best
