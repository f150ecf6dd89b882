"""Záhada hlavolamu a Rychlé šípy: the numbers the engine, its state, its views and its greedy player share.

Rules source: ../shared/seeds/rychle-sipy.txt, settled by ../shared/RULES.md (section "Záhada hlavolamu a Rychlé
šípy"). Here: the action numbering, the phases of a turn, the bound on a game's length, and the random keys that
hash a position for the repetition rule (RULES.md: the third time the same position arises, the game is stalled).
"""
from __future__ import annotations

import random
from functools import lru_cache

from . import SPEC
from ...sim.base import GameInfo

# Actions, one numbering for the whole game: DISCARD + card discards that card (from the hand; from the laid-out
# cards when a penalty is owed with an empty hand). Ascending order puts the takes first, then "no discard".
TAKE_STOCK, TAKE_DISCARD, NO_TAKE, NO_DISCARD, DISCARD = 0, 1, 2, 3, 4

# Phases. A seat decides in TAKE, DISCARDING and OWING; chance decides in DEALER and DEALING and whenever a card is
# owed from the unknown stock (`draws`); the others are steps the state runs through on its own, each the place to
# resume once the owed draws are done.
TAKE, DISCARDING, OWING, START, AFTER_TAKE, END_TURN, OFFER_OWED, DEALER, DEALING, DUPLICATES, OVER = range(11)
DECIDING = OWING  # phases up to this one are a seat's decisions

NO_PENALTY, TAKE_NONE, TAKE_STOCK_ONLY = 0, 1, 2  # a card's penalty: what the next player may take
DEAL = SPEC.deal.hand   # RULES.md: deal 4 each, card by card
ROW_START = 5           # RULES.md: the row is laid out the moment a player holds 1-5 (or fewer, in a shorter deck)

# Why a game stopped without a winner (GameResult.figures counts the first two).
NOT_STALLED, ROUND_STALL, REPETITION_STALL, BOUND_STALL = 0, 1, 2, 3


def _bound(players: int) -> int:
    """Bound the decisions in one game: measured games end far sooner (see docs/simulator.md)."""
    return 2000 + 250 * players


INFO = GameInfo(game="rychle-sipy", title="The Puzzle Mystery and the Rapid Arrows", max_turns=_bound)


def penalty_name(take: int, owe: int) -> str:
    """Name a penalty by what it does, so that a variant deck's penalties are counted as written."""
    if take == TAKE_NONE:
        return "penalty:lose-turn" if owe == 0 else f"penalty:discard-{owe}"
    return f"penalty:stock-then-discard-{owe}" if owe else "penalty:stock-only"


class PositionKeys:
    """Random 60-bit keys whose exclusive-or hashes the hands and rows of a position (Zobrist hashing), kept up to
    date move by move: one key per card held by a seat, per card laid out by a seat, and per started row.

    The rest of a position is hashed when it is counted, as a tuple: the seat to move, whether a penalty waits for
    it, the turned-over stock and the discard pile (short lists that change at every move, and all at once when the
    pile is turned over). The unknown stock and the Ježek aside need nothing: they change only by a draw from the
    unknown stock, after which no earlier position can come back.
    """

    __slots__ = ("hand", "slot", "started", "size")

    def __init__(self, cards: int, players: int):
        rng = random.Random(f"rychle-sipy/{cards}/{players}")  # fixed: a hash, not a source of play
        keys = lambda count: tuple(rng.getrandbits(60) for _ in range(count))  # noqa: E731
        self.hand = tuple(keys(cards) for _ in range(players))  # hand[seat][card]
        self.slot = tuple(keys(cards) for _ in range(players))  # slot[seat][card]: laid out
        self.started = keys(players)
        self.size = (cards, players)

    def __reduce__(self):
        return position_keys, self.size  # a pickled state names its keys instead of carrying them


@lru_cache(maxsize=16)
def position_keys(cards: int, players: int) -> PositionKeys:
    """Return the shared position keys for a deck of `cards` cards and `players` seats."""
    return PositionKeys(cards, players)
