"""What may be read from a game of Prší: its result, what each player may know, its text and its invariants.

The reading half of PrsiState (state.py holds the playing half), as in the other games' view.py.
Rules: ../shared/RULES.md ("Prší").
"""
from __future__ import annotations

import random
from collections import Counter
from functools import partial
from typing import TYPE_CHECKING, Callable, Iterable

from ...sim.base import CHANCE, TERMINAL, GameResult, InvariantError
from ...sim.measures import shedding_standings
from .belief import beliefs, deal_hand
from .rules import (ACE, CHANGER, CHOOSE_DEALER, COUNTS, DEAL, DEALER_CHOSEN, DRAWING, EFFECTS, NAME, OVER, PENALTY,
                    PHASES, PLAY, RESHUFFLED, SEAT_MASK, SEVEN, TURNED_UP)

if TYPE_CHECKING:
    from .state import PrsiState


class PrsiView:
    """The reading half of PrsiState."""

    __slots__ = ()

    def result(self) -> GameResult:
        """Report places, plays per seat (card id -> times laid), effects and the game's own counts."""
        ids, finished = self.engine.card_ids, self.over and not self.stalemate
        return GameResult(
            players=self.n, finished=finished, stalemate=self.stalemate, turns=self.turns,
            winners=self.places[:1], places=list(self.places),
            plays=[Counter({ids[k]: times for k, times in enumerate(row) if times}) for row in self.plays],
            effects=Counter({EFFECTS[i]: times for i, times in enumerate(self.effects) if times}),
            loser=self.places[-1] if finished else None, figures=dict(zip(COUNTS, self.counts)),
            log=self._log_lines() if self.engine.trace else None)

    def standings(self) -> list[float]:
        """Return who is ahead: fewer cards in hand is better, and a seat out above every seat still in (RULES.md,
        Prší: the first out wins)."""
        held, places = self.shedding_feed()
        return shedding_standings(held(), places)

    def shedding_feed(self) -> tuple[Callable[[], Iterable[int]], list[int]]:
        """Cards in each hand, and the seats out (State.shedding_feed)."""
        return partial(map, len, self.hands), self.places

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
        hand sizes kept, each hand as the public history suggests (belief.py); the pile and all public facts stay.
        Others' dealt and drawn cards leave the history."""
        other = self.clone()
        seats = [seat for seat in range(self.n) if seat != player]
        pool = sorted(other.stock + [card for seat in seats for card in other.hands[seat]])  # rng alone deals
        believed = beliefs(self)
        for seat in seats:
            other.hands[seat] = deal_hand(pool, len(other.hands[seat]), believed[seat], rng)
        rng.shuffle(pool)
        other.stock = pool
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
