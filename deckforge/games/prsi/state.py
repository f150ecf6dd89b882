"""Prší's game state: hands, the unseen stock, the pile, what is pending, and the public history.

Rules: ../shared/RULES.md ("Prší"); the engine (engine.py) holds the card table and the action numbering, and its
docstring the action layout and the chance nodes. Hands are sorted lists of card indices; the stock is a list used
as a set (its order means nothing: nobody knows it); the pile's top is its last element.
"""
from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from typing import TYPE_CHECKING

from ...sim.base import CHANCE, TERMINAL, GameResult, InvariantError, State
from .rules import (ACE, C_DRAWS, C_PASSES, C_PENALTY, C_RESHUFFLES, C_STANDS, CHANGER, CHOOSE_DEALER, COUNTS, DEAL,
                    DRAWING, E_ACE, E_ACE_ANSWERED, E_SEVEN, E_SEVEN_ANSWERED, E_SUIT_CHANGE, E_UP_ACE, E_UP_SEVEN,
                    EFFECTS, HAND, NAME, OVER, PENALTY, PHASES, PLAY, RANKS, SEVEN)

if TYPE_CHECKING:
    from .engine import PrsiEngine

# History entries are single ints: a decision is `action << 8 | seat`; a chance event is `~(outcome << 8 | to)`,
# `to` being the seat that receives a card (only that seat sees it) or one of these public receivers.
SEAT_MASK, DEALER_CHOSEN, RESHUFFLED, TURNED_UP = 0xFF, 0xFD, 0xFE, 0xFF


class PrsiState(State):
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
            return [(seat, 1.0 / self.n) for seat in range(self.n)]
        share = 1.0 / len(self.stock)
        return [(card, share) for card in sorted(self.stock)]

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

    def result(self) -> GameResult:
        """Report places, plays per seat (card id -> times laid), effects and the game's own counts."""
        ids, finished = self.engine.card_ids, self.over and not self.stalemate
        extra = dict(zip(COUNTS, self.counts))
        if finished:
            extra["loser_seat"] = {str(self.places[-1]): 1}
        if self.engine.trace:
            extra["log"] = self._log_lines()
        return GameResult(
            players=self.n, finished=finished, stalemate=self.stalemate, turns=self.turns,
            winners=self.places[:1], places=list(self.places),
            plays=[Counter({ids[k]: times for k, times in enumerate(row) if times}) for row in self.plays],
            effects=Counter({EFFECTS[i]: times for i, times in enumerate(self.effects) if times}), extra=extra)

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

    # -- what each player may know ------------------------------------------------------------------------------

    def information_state_string(self, player: int) -> str:
        """Return `player`'s own cards, the table and the public history (others' draws without their cards)."""
        return f"{self.observation_string(player)}\nhistory: {' '.join(self._history_words(player))}"

    def observation_string(self, player: int) -> str:
        """Return what `player` sees now: their hand, the table and how many cards each player holds."""
        hand = self.hands[player] if 0 <= player < self.n else []
        return f"{self._table()}\nP{player} holds: {self._cards(hand) or '-'}"

    def action_to_string(self, player: int, action: int) -> str:
        dealing = self.phase == CHOOSE_DEALER
        return self.engine.describe(action, chance=player == CHANCE, dealer=dealing)

    def __str__(self) -> str:
        hands = "\n".join(f"P{seat}: {self._cards(hand) or '-'}" for seat, hand in enumerate(self.hands))
        return (f"{self._table()}\n{hands}\nstock: {self._cards(sorted(self.stock)) or '-'}\n"
                f"history: {' '.join(self._history_words(None))}")

    def _table(self) -> str:
        """Return the public part of the state: dealer, turn, the pile's top, what is pending, hand sizes."""
        engine = self.engine
        to_move = f"P{self.player}" if self.player >= 0 else ("chance" if self.player == CHANCE else "nobody")
        lines = [f"Prší, {self.n} players, dealer {'-' if self.dealer is None else f'P{self.dealer}'}, "
                 f"turn {self.turns}, {PHASES[self.phase]}, {to_move} to move"]
        if self.pile:
            pending = (f", draw {self.penalty} pending" if self.penalty else "") + (", ace pending" if self.ace else "")
            lines.append(f"pile: {len(self.pile)} cards, top {engine.labels[self.pile[-1]]}, suit "
                         f"{engine.suits[self.top_suit]}{pending}; stock: {len(self.stock)} cards")
        held = ", ".join(f"P{seat} {'out' if self.out[seat] else len(hand)}" for seat, hand in enumerate(self.hands))
        lines.append(f"cards held: {held}; places: {' '.join(f'P{s}' for s in self.places) or '-'}"
                     f"{'; stalemate' if self.stalemate else ''}")
        return "\n".join(lines)

    def _cards(self, cards) -> str:
        ids, size = self.engine.labels, self.engine.size
        return " ".join(ids[card] if card < size else "?" for card in cards)

    def _history_words(self, viewer: int | None) -> list[str]:
        """Return the history as words; a card dealt or drawn is shown only to its receiver (None: to everyone)."""
        engine, words = self.engine, []
        for entry in self.history:
            if entry >= 0:
                action, seat = entry >> 8, entry & SEAT_MASK
                words.append(f"P{seat}:{engine.describe(action).replace(' ', '-')}")
                continue
            outcome, to = ~entry >> 8, ~entry & SEAT_MASK
            if to == DEALER_CHOSEN:
                words.append(f"dealer:P{outcome}")
            elif to == RESHUFFLED:
                words.append(f"reshuffle:{outcome}")
            elif to == TURNED_UP:
                words.append(f"up:{engine.labels[outcome]}")
            elif viewer is None or viewer == to:
                words.append(f"P{to}+{self._cards([outcome])}")
            else:
                words.append(f"P{to}+?")
        return words

    def _log_lines(self) -> list[str]:
        """Return the game step by step, every card shown (for --trace)."""
        return [f"{step:4d} {word}" for step, word in enumerate(self._history_words(None), 1)]

    def determinize(self, player: int, rng: random.Random) -> "PrsiState":
        """Return a clone in which the cards `player` cannot see (other hands, the stock) are dealt anew at random,
        hand sizes kept; the pile and all public facts stay. Others' dealt and drawn cards leave the history."""
        other = self.clone()
        seats = [seat for seat in range(self.n) if seat != player]
        pool = other.stock + [card for seat in seats for card in other.hands[seat]]
        rng.shuffle(pool)
        start = 0
        for seat in seats:
            count = len(other.hands[seat])
            other.hands[seat] = sorted(pool[start:start + count])
            start += count
        other.stock = pool[start:]
        unknown = self.engine.size  # printed as "?"
        other.history = [~(unknown << 8 | ~entry & SEAT_MASK)
                         if entry < 0 and ~entry & SEAT_MASK < DEALER_CHOSEN and ~entry & SEAT_MASK != player
                         else entry for entry in other.history]
        return other

    # -- checks ---------------------------------------------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise InvariantError when a card is lost or doubled, a count drifts or the seat to move is wrong."""
        engine = self.engine
        cards = sorted(self.stock + self.pile + [card for hand in self.hands for card in hand])
        if cards != list(range(engine.size)):
            raise InvariantError(f"cards lost or doubled: {sorted((Counter(cards) - Counter(range(engine.size))))}"
                                 f"\n{self}")
        if any(hand != sorted(hand) for hand in self.hands):
            raise InvariantError(f"a hand is out of order\n{self}")
        placed = self.places[:-1] if self.over and not self.stalemate else self.places
        for seat, hand in enumerate(self.hands):
            if self.out[seat] != (seat in placed) or (self.out[seat] and hand):
                raise InvariantError(f"P{seat} is out with cards or without a place, or placed while in\n{self}")
        if self.in_count != self.out.count(False) or self.turns > engine.bound:
            raise InvariantError(f"the count of players in ({self.in_count}) or of turns ({self.turns}) drifted")
        self._check_pile()
        self._check_turn()

    def _check_pile(self) -> None:
        engine = self.engine
        if not self.pile:
            if self.phase in (PLAY, NAME) or self.penalty or self.ace:
                raise InvariantError(f"play without a pile\n{self}")
            return
        top = self.pile[-1]
        if self.top_rank != engine.rank_of[top] or (engine.power_of[top] != CHANGER
                                                     and self.top_suit != engine.suit_of[top]):
            raise InvariantError(f"the suit or rank to follow drifted from the top card\n{self}")
        if self.penalty % PENALTY or (self.penalty and engine.power_of[top] != SEVEN) or \
                (self.ace and engine.power_of[top] != ACE) or (self.penalty and self.ace):
            raise InvariantError(f"a pending 7 or ace without its card on top\n{self}")

    def _check_turn(self) -> None:
        phase, player = self.phase, self.player
        if phase == OVER:
            if player != TERMINAL or not self.over:
                raise InvariantError(f"the game is over but {player} is to move\n{self}")
            return
        if phase in (CHOOSE_DEALER, DEAL, DRAWING):
            if player != CHANCE or (phase == DRAWING and not (self.stock and self.draw_left)):
                raise InvariantError(f"a chance node with nothing to draw or a seat to move\n{self}")
            return
        if not 0 <= player < self.n or (phase == PLAY and (self.out[player] or not self.hands[player])):
            raise InvariantError(f"P{player} cannot be the one to move\n{self}")
        if not self._legal_actions():
            raise InvariantError(f"P{player} has no legal action\n{self}")
