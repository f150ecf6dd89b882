"""Prší's game state, the playing half (view.py holds the reading half): hands, the unseen stock, the pile, what is
pending, and the public history.

Rules: ../shared/RULES.md ("Prší"); the engine (engine.py) holds the card table and the action numbering, and its
docstring the action layout and the chance nodes. Hands are sorted lists of card indices; the stock is a list used
as a set (its order means nothing: nobody knows it); the pile's top is its last element.
"""
from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING

from ...sim.base import CHANCE, TERMINAL, State, uniform_outcomes
from .rules import (ACE, C_DRAWS, C_PASSES, C_PENALTY, C_RESHUFFLES, C_STANDS, CHANGER, CHOOSE_DEALER, COUNTS, DEAL,
                    DEALER_CHOSEN, DRAWING, E_ACE, E_ACE_ANSWERED, E_SEVEN, E_SEVEN_ANSWERED, E_SUIT_CHANGE, E_UP_ACE,
                    E_UP_SEVEN, EFFECTS, HAND, NAME, OVER, PENALTY, PLAY, RANKS, RESHUFFLED, SEVEN, TURNED_UP)
from .view import PrsiView

if TYPE_CHECKING:
    from .engine import PrsiEngine


class PrsiState(PrsiView, State):
    """One game: hands (sorted card lists), the unseen stock (a set kept as a list), the pile (top last)."""

    __slots__ = ("engine", "n", "player", "turns", "phase", "dealer", "dealt", "hands", "stock", "pile",
                 "top_suit", "top_rank", "penalty", "ace", "draw_seat", "draw_left", "out", "in_count", "places",
                 "passed", "over", "stalemate", "history", "plays", "effects", "counts")

    def __init__(self, engine: PrsiEngine, starter: int | None):
        n = self.n = engine.players
        self.engine, self.turns, self.player = engine, 0, CHANCE
        self.phase = CHOOSE_DEALER if starter is None else DEAL
        self.dealer = None if starter is None else (starter - 1) % n
        self.dealt = 0
        self.hands = [[] for _ in range(n)]
        self.stock = list(range(engine.size))  # every card nobody has seen: the deal and each draw pick from it
        self.pile = []
        self.top_suit = self.top_rank = -1
        self.penalty, self.ace = 0, False
        self.draw_seat, self.draw_left = -1, 0
        self.out, self.in_count, self.places, self.passed = [False] * n, n, [], 0
        self.over = self.stalemate = False
        self.history = []
        self.plays = [[0] * len(engine.card_ids) for _ in range(n)]
        self.effects, self.counts = [0] * len(EFFECTS), [0] * len(COUNTS)

    # -- the interface ------------------------------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        """Return the seat's actions: lays in card order, then draw, stand or pass; after a svršek, the suits."""
        if self.phase != PLAY:
            return list(self.engine.names) if self.phase == NAME else []
        engine, hand = self.engine, self.hands[self.player]
        if self.penalty:  # RULES.md: only a 7 answers a 7; else the penalty is drawn
            legal = [card for card in hand if engine.sevens[card]]
            legal.append(engine.draw)
        elif self.ace:  # only an ace answers an ace; else the player stands
            legal = [card for card in hand if engine.aces[card]]
            legal.append(engine.stand)
        else:
            fits = engine.fits[self.top_suit * len(RANKS) + self.top_rank]
            legal = [card for card in hand if fits[card]]
            if self.stock or len(self.pile) > 1:
                legal.append(engine.draw)  # RULES.md: a player may draw even when able to lay
            elif not legal:
                legal.append(engine.pass_)  # nothing to draw and nothing to lay
        return legal

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == CHOOSE_DEALER:
            return uniform_outcomes(range(self.n))
        return uniform_outcomes(sorted(self.stock))

    def sample_chance(self, rng: random.Random) -> int:
        """Draw a chance outcome: a seat for the dealer, else a card of the stock, uniformly."""
        if self.phase == CHOOSE_DEALER:
            return rng.randrange(self.n)
        return rng.choice(self.stock)

    def _apply_action(self, action: int) -> None:
        if self.player == CHANCE:
            self._apply_chance(action)
            return
        seat = self.player
        self.turns += 1
        self.history.append(action << 8 | seat)
        engine = self.engine
        if action < engine.size:
            self._lay(seat, action)
        elif self.phase == NAME:
            self._name(seat, action - engine.name_base)
        elif action == engine.draw:
            self._draw(seat)
        elif action == engine.stand:
            self._stand(seat)
        else:
            self._pass(seat)
        if self.turns >= engine.bound and not self.over:
            self._end(stalemate=True)  # the game's bound: play that goes on this long is stuck

    def is_terminal(self) -> bool:
        return self.over

    def clone(self) -> "PrsiState":
        """Return an independent copy (lists copied, the engine shared)."""
        other = PrsiState.__new__(PrsiState)
        for name in ("engine", "n", "player", "turns", "phase", "dealer", "dealt", "top_suit", "top_rank", "penalty",
                     "ace", "draw_seat", "draw_left", "in_count", "passed", "over", "stalemate"):
            setattr(other, name, getattr(self, name))
        other.hands = [hand[:] for hand in self.hands]
        other.plays = [row[:] for row in self.plays]
        for name in ("stock", "pile", "out", "places", "history", "effects", "counts"):
            setattr(other, name, getattr(self, name)[:])
        return other

    # -- chance: the dealer, the deal, the turned-up card, draws -------------------------------------------------

    def _apply_chance(self, outcome: int) -> None:
        if self.phase == DRAWING:
            self._take(outcome)
            insort(self.hands[self.draw_seat], outcome)
            self.history.append(~(outcome << 8 | self.draw_seat))
            self.counts[C_DRAWS] += 1
            self.draw_left -= 1
            self._go_on_drawing()
        elif self.phase == DEAL:
            self._deal(outcome)
        else:
            self.dealer, self.phase = outcome, DEAL
            self.history.append(~(outcome << 8 | DEALER_CHOSEN))

    def _take(self, card: int) -> None:
        """Remove a card from the stock (its order is unknown, so the list's order does not matter)."""
        stock = self.stock
        where = stock.index(card)
        stock[where] = stock[-1]
        stock.pop()

    def _deal(self, card: int) -> None:
        """RULES.md: four cards each, one at a time from the player left of the dealer; then one turned up."""
        self._take(card)
        if self.dealt < HAND * self.n:
            seat = (self.dealer + 1 + self.dealt) % self.n
            insort(self.hands[seat], card)
            self.history.append(~(card << 8 | seat))
            self.dealt += 1
        else:
            self._turn_up(card)

    def _turn_up(self, card: int) -> None:
        """Start the pile; the card acts on the first player as if just laid (RULES.md), a svršek's suit stands."""
        engine = self.engine
        self.pile.append(card)
        self.history.append(~(card << 8 | TURNED_UP))
        self.top_suit, self.top_rank = engine.suit_of[card], engine.rank_of[card]
        power = engine.power_of[card]
        if power == SEVEN:
            self.penalty = PENALTY
            self.effects[E_UP_SEVEN] += 1
        elif power == ACE:
            self.ace = True
            self.effects[E_UP_ACE] += 1
        self.phase, self.player = PLAY, (self.dealer + 1) % self.n

    # -- a seat's decisions ---------------------------------------------------------------------------------------

    def _lay(self, seat: int, card: int) -> None:
        engine, hand = self.engine, self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        self.plays[seat][engine.kind_of[card]] += 1
        self.passed = 0
        self.top_suit, self.top_rank = engine.suit_of[card], engine.rank_of[card]
        power = engine.power_of[card]
        if power == SEVEN:  # RULES.md: 2 more cards per 7; the next player answers with a 7 or draws them all
            self.effects[E_SEVEN_ANSWERED if self.penalty else E_SEVEN] += 1
            self.penalty += PENALTY
        elif power == ACE:  # an ace answered passes the stand on
            self.effects[E_ACE_ANSWERED if self.ace else E_ACE] += 1
            self.ace = True
        if not hand and self._go_out(seat):
            return
        if power == CHANGER:
            self.phase = NAME  # the same seat names the suit, also one who has just gone out (RULES.md)
        else:
            self.player = self._next(seat)

    def _name(self, seat: int, suit: int) -> None:
        self.top_suit = suit
        self.effects[E_SUIT_CHANGE] += 1
        self.phase, self.player = PLAY, self._next(seat)

    def _draw(self, seat: int) -> None:
        """Draw one card, or the whole pending penalty: either is the whole turn (RULES.md)."""
        count = self.penalty or 1
        if self.penalty:
            self.counts[C_PENALTY] += self.penalty
            self.penalty = 0
        self.passed = 0
        self.draw_seat, self.draw_left = seat, count
        self._go_on_drawing()

    def _go_on_drawing(self) -> None:
        """Ask chance for the next card owed; shuffle the pile into a new stock when the stock is empty; when
        nothing at all is left, the rest is forgiven (RULES.md: a penalty draws what there is)."""
        if self.draw_left:
            if not self.stock and len(self.pile) > 1:
                self.stock, self.pile = self.pile[:-1], self.pile[-1:]
                self.counts[C_RESHUFFLES] += 1
                self.history.append(~(len(self.stock) << 8 | RESHUFFLED))
            if self.stock:
                self.phase, self.player = DRAWING, CHANCE
                return
            self.draw_left = 0
        self.phase, self.player = PLAY, self._next(self.draw_seat)

    def _stand(self, seat: int) -> None:
        """Accept the ace: lose this turn; the ace on top is an ordinary card from now on (RULES.md)."""
        self.ace = False
        self.counts[C_STANDS] += 1
        self.passed = 0
        self.player = self._next(seat)

    def _pass(self, seat: int) -> None:
        """RULES.md: a full round in which nobody still in can lay or draw is a stalemate."""
        self.counts[C_PASSES] += 1
        self.passed |= 1 << seat
        if all(self.out[s] or self.passed >> s & 1 for s in range(self.n)):
            self._end(stalemate=True)
        else:
            self.player = self._next(seat)

    def _go_out(self, seat: int) -> bool:
        """Give the seat the next place; return True when only one player holds cards: they lose, the game ends."""
        self.out[seat] = True
        self.places.append(seat)
        self.in_count -= 1
        if self.in_count > 1:
            return False
        self.places.append(self.out.index(False))
        self._end(stalemate=False)
        return True

    def _end(self, stalemate: bool) -> None:
        self.over, self.stalemate = True, stalemate
        self.phase, self.player = OVER, TERMINAL

    def _next(self, seat: int) -> int:
        """Return the next seat clockwise still in: effects pass over players who are out (RULES.md)."""
        out, n = self.out, self.n
        seat = (seat + 1) % n
        while out[seat]:
            seat = (seat + 1) % n
        return seat
