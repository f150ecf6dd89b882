"""The generic greedy player of a described game (docs/rules-format.md, "How the simulator plays a description").

It reads only what its seat knows: its own cards, the face-up zones, the trick, the prize. In a turns game it lays
a card of the suit it holds most of (wild cards last), names that suit, asks for the value it holds most of from
the seat holding most cards, hits while its sum is 5 or more below the bust limit, draws rather than passes. In a
trick game it wins a trick as cheaply as it can (or, when the lowest score wins, keeps below the winning card),
and bids the tricks its high cards and trumps promise. In a reveal it matches the prize: a card as high in its hand
as the prize is among the prizes left.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .model import Bust, HitMove

if TYPE_CHECKING:
    from .engine import RulesEngine
    from .state import RulesState

BID, TURN, NAME, CHOOSE, GIVE, TRICK, REVEAL, TRUMP_PICK = 2, 3, 4, 5, 6, 7, 8, 10
EXTRA = 11   # state.py: one more card may be laid (extra_play), or pass


def greedy_action(engine: RulesEngine, state: RulesState, rng: random.Random) -> int:
    """Return the greedy player's action in any phase (`rng` only varies a reveal, see `_reveal`)."""
    legal = state.legal
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == TURN or phase == EXTRA:
        return _turn(engine, state, legal)
    if phase == TRICK:
        return _trick(engine, state, legal)
    if phase == REVEAL:
        return _reveal(engine, state, legal, rng)
    if phase == BID:
        return _bid(engine, state, legal)
    if phase in (NAME, TRUMP_PICK):   # name a suit, or choose trump: the suit the hand holds most of
        suit = favourite_suit(engine, state.zones[engine.t.hand + state.player])
        return engine.name_base + suit if engine.name_base + suit in legal else legal[0]
    if phase == CHOOSE:  # aim at the seat closest to going out
        return min(legal, key=lambda a: (len(state.zones[engine.t.hand + a - engine.seat_base]), a))
    return min(legal, key=lambda card: (engine.t.value_of[card], card))  # give away the lowest card


def favourite_suit(engine: RulesEngine, hand: list[int]) -> int:
    """Return the suit the hand holds most of, wild cards left out (the lowest of equals; 0 with none)."""
    t = engine.t
    counts = [0] * max(len(t.suits), 1)
    for card in hand:
        if t.suit_of[card] >= 0 and not engine.wild_card[card]:
            counts[t.suit_of[card]] += 1
    return counts.index(max(counts))


def _turn(engine: RulesEngine, state: RulesState, legal: list[int]) -> int:
    t, size, seat = engine.t, engine.size, state.player
    cards = [a for a in legal if a < size]
    if cards:
        plain = [c for c in cards if not engine.wild_card[c]] or cards
        hand = state.zones[t.hand + seat]
        counts = [0] * max(len(t.suits), 1)
        for card in hand:
            counts[t.suit_of[card]] += t.suit_of[card] >= 0
        return max(plain, key=lambda c: (counts[t.suit_of[c]] if t.suit_of[c] >= 0 else 0, t.value_of[c], -c))
    asks = [a for a in legal if a >= engine.ask_base]
    if asks:
        return _ask(engine, state, asks)
    if engine.hit in legal:
        return engine.hit if _should_hit(engine, state) or engine.stand not in legal else engine.stand
    for action in (engine.draw, engine.stand):
        if action in legal:
            return action
    takes = [a for a in legal if engine.seat_base <= a < engine.ask_base]
    return takes[0] if takes else legal[0]


def _ask(engine: RulesEngine, state: RulesState, asks: list[int]) -> int:
    """Ask for the value held most, from the seat holding most cards; an ask made before less readily (the table
    heard the answer), so that a game with an empty stock does not repeat one ask for ever."""
    t, hand = engine.t, state.zones[engine.t.hand + state.player]
    mine = state.player
    asked: dict[int, int] = {}
    for entry in state.history:
        if entry >= 0 and entry & 0xFF == mine and entry >> 8 >= engine.ask_base:
            asked[entry >> 8] = asked.get(entry >> 8, 0) + 1
    held = [0] * max(engine.ask_values, 1)
    for card in hand:
        if t.ask_of[card] >= 0:
            held[t.ask_of[card]] += 1

    def key(action: int):
        seat, value = divmod(action - engine.ask_base, engine.ask_values)
        return -asked.get(action, 0), held[value], len(state.zones[t.hand + seat]), -action
    return max(asks, key=key)


def _should_hit(engine: RulesEngine, state: RulesState) -> bool:
    """Hit while the sum is at least 5 below the bust limit (17 or less under 21)."""
    bust = next((rule for rule in engine.rules.play.always if isinstance(rule, Bust)), None)
    move = engine.move_of.get(HitMove)
    slot = engine.t.slot(move.to, state.player)
    limit = bust.over if bust is not None else 21
    return state.zone_sum(slot, bust) <= limit - 5


def _trick(engine: RulesEngine, state: RulesState, legal: list[int]) -> int:
    t = engine.t
    rank, suit = t.rank_of, t.suit_of
    avoid = engine.rules.winner.kind == "lowest_score"
    if not state.trick:
        return min(legal, key=lambda c: (rank[c], c)) if avoid else max(legal, key=lambda c: (rank[c], -c))
    trump = state.trump_suit
    best = state.trick[state._trick_winner()]

    def beats(card: int) -> bool:
        if suit[card] == suit[best]:
            return rank[card] > rank[best]
        return suit[card] == trump >= 0 and suit[best] != trump or False

    winning = [c for c in legal if beats(c)]
    losing = [c for c in legal if not beats(c)]
    if avoid:
        return max(losing or legal, key=lambda c: (rank[c], t.value_of[c], -c))
    if winning:
        return min(winning, key=lambda c: (suit[c] == trump, rank[c], c))
    return min(legal, key=lambda c: (suit[c] == trump, rank[c], c))


def _reveal(engine: RulesEngine, state: RulesState, legal: list[int], rng: random.Random) -> int:
    """Play a card as high in the hand as the prize stands among the prizes still to come, give or take one (a
    player that always chose alike would tie with its own mirror image every time)."""
    t, reveal = engine.t, engine.rules.play.reveal
    key = t.rank_of if reveal.by == "rank" else t.value_of
    ordered = sorted(legal, key=lambda c: (key[c], c))
    prize = state.zones[t.middle]
    if reveal.prize_from is None or not prize:
        return ordered[-1]
    value = sum(t.value_of[c] for c in prize)
    others = [t.value_of[c] for c in state.zones[t.slot(reveal.prize_from, 0)]] + [value]
    share = sum(1 for v in others if v < value) / max(len(others) - 1, 1)
    if reveal.winner == "lowest":
        ordered.reverse()
    place = round(share * (len(ordered) - 1)) + rng.choice((-1, 0, 0, 1))
    return ordered[min(max(place, 0), len(ordered) - 1)]


def _bid(engine: RulesEngine, state: RulesState, legal: list[int]) -> int:
    """Bid a trick per card among the three highest ranks, and half a trick per trump above the middle."""
    t = engine.t
    top = len(t.ranks) - 3
    hand = state.zones[t.hand + state.player]
    promise = sum(1.0 if t.rank_of[c] >= top else 0.5 if t.suit_of[c] == state.trump_suit >= 0
                  and t.rank_of[c] >= len(t.ranks) // 2 else 0.0 for c in hand)
    want = engine.bid_base + round(promise)
    return min(legal, key=lambda a: (abs(a - want), a))
