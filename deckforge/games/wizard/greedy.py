"""The greedy Wizard player: bids from its hand's strength and plays to make its bid exactly.

It decides from a `View` alone (what the player may know under the variants in play; see view.py), never from the
state: lucid vision, hidden and secret bids bind it as they bind a person. It answers in the game's action numbers
(a card is its number; bids and trump choices are offset by the engine's `bid_base` and `trump_base`).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .rules import NUMBER, WIZARD, CardTable, trick_winner
from .view import View

if TYPE_CHECKING:
    from .engine import WizardEngine

# How much the greedy bidder lowers its estimate per trick that the earlier bids claim beyond their fair share.
BID_PRESSURE = 0.25


def card_strengths(table: CardTable, players: int, trump: int) -> tuple[float, ...]:
    """Estimate each card's share of the tricks, scaled so that an average hand of r cards expects r / players.

    A card led takes the trick when no other player's card beats it; a card of a plain suit that follows takes
    it only when its suit was led (about one time in the number of suits); Wizards and trumps win either way.
    """
    size, kind, suit, rank = table.size, table.kind, table.suit, table.rank
    wizards, suits = kind.count(WIZARD), max(len(table.suit_ids), 1)
    trumps = sum(1 for c in range(size) if kind[c] == NUMBER and suit[c] == trump)
    follow_share = 1 / players + (players - 1) / players / suits   # chance that the card's own suit is led
    strengths = []
    for card in range(size):
        if kind[card] != NUMBER:
            strengths.append(1.0 if kind[card] == WIZARD else 0.0)
            continue
        higher = sum(1 for c in range(size) if suit[c] == suit[card] and rank[c] > rank[card])
        beaten_by = wizards + higher + (0 if suit[card] == trump else trumps)
        led = (1 - beaten_by / max(size - 1, 1)) ** (players - 1)
        strengths.append(led if suit[card] == trump else led * follow_share)
    mean = sum(strengths) / size or 1.0
    return tuple(s / (players * mean) for s in strengths)


def greedy_trump(view: View, engine: "WizardEngine") -> int:
    """Choose the suit the dealer holds most of (by count, then rank); blind (lucid vision), the suit seen least."""
    table, base = engine.table, engine.trump_base
    suits = [action - base for action in view.legal]
    if view.hand is None:
        seen = Counter(table.suit[c] for hand in view.seen_hands.values() for c in hand)
        return base + min(suits, key=lambda s: (seen[s], s))
    held = Counter()
    for card in view.hand:
        if table.kind[card] == NUMBER:
            held[table.suit[card]] += 100 + table.rank[card]
    return base + max(suits, key=lambda s: (held[s], -s))


def greedy_bid(view: View, engine: "WizardEngine") -> int:
    """Bid the legal number nearest to the hand's expected tricks, read from its cards' strengths.

    With the earlier bids in view, the estimate shrinks by a share of what they claim beyond their fair share
    of the tricks; hidden or secret bids leave the estimate to the hand alone.
    """
    if view.hand is None:
        return _nearest_bid(view, engine, _blind_estimate(view, engine))
    strength = engine.strength[view.trump + 1]
    estimate = sum(strength[c] for c in view.hand)
    known = [b for s, b in enumerate(view.bids) if s != view.seat and b is not None]
    if known:
        claimed = sum(known) - len(known) * view.round / view.players
        estimate -= BID_PRESSURE * claimed
    return _nearest_bid(view, engine, estimate)


def _nearest_bid(view: View, engine: "WizardEngine", estimate: float) -> int:
    """Return the action of the legal bid nearest to `estimate` (the lower of two as near)."""
    base = engine.bid_base
    return base + min((action - base for action in view.legal), key=lambda b: (abs(b - estimate), b))


def _blind_estimate(view: View, engine: "WizardEngine") -> float:
    """Lucid vision, round 1: the share of the cards this player cannot see that would take the trick it sees."""
    seen = {c for hand in view.seen_hands.values() for c in hand} | {view.turned_up}
    order = [(view.leader + i) % view.players for i in range(view.players)]
    me = order.index(view.seat)
    unseen = [c for c in range(engine.table.size) if c not in seen]
    trick = [view.seen_hands[s][0] if s != view.seat else -1 for s in order]
    wins = 0
    for card in unseen:
        trick[me] = card
        wins += trick_winner(trick, view.trump, engine.table) == me
    return wins / len(unseen) if unseen else 0.0


def greedy_card(view: View, engine: "WizardEngine") -> int:
    """Play to make the bid exactly: while tricks are still needed, take this one as cheaply as possible (or
    shed the weakest card); once the bid is made, lose with the strongest card that cannot take the trick."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    strength = engine.strength[view.trump + 1]
    by_strength = sorted(legal, key=lambda c: (strength[c], c))
    needed = view.bids[view.seat] - view.tricks[view.seat]
    if not view.trick:
        return by_strength[-1] if needed > 0 else by_strength[0]
    # a card takes the trick when it is stronger than the best so far (see CardTable._key: the strengths that
    # trick_winner compares; with only Jesters so far the suit led is unset, and any card but a Jester takes it)
    strength_in_trick = engine.table.keys[view.trump + 1][view.lead_suit + 2]
    best = max(strength_in_trick[c] for c in view.trick)
    winning = [strength_in_trick[card] > best for card in by_strength]
    if needed > 0:
        return next((c for c, wins in zip(by_strength, winning) if wins), by_strength[0])
    return next((c for c, wins in zip(reversed(by_strength), reversed(winning)) if not wins), by_strength[0])
