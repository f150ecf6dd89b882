"""A toy trick-taking game on the chance-node interface, small enough to test search players on.

Two players, 16 cards: four suits of ranks 0-3, suit 0 trumps. Deal 3 each, the rest is a face-down stock. The
leader lays a card; the other must follow the suit led if able, else may lay anything. The highest trump wins the
trick, else the highest card of the suit led. While the stock lasts the trick's winner draws first, then the loser.
Whoever takes more of the 8 tricks wins; 4 tricks each: the winner of the last trick wins.

Hidden: the opponent's hand and the stock. Public: every card laid, who took each trick, the stock's size.
The greedy player leads its strongest card and follows with its cheapest winning card, else its weakest card.
"""
from __future__ import annotations

import random

from deckforge.sim.base import CHANCE, TERMINAL, Engine, GameInfo, GameResult, InvariantError, State

SUITS, RANKS, HAND = 4, 4, 3
CARDS = SUITS * RANKS
TRUMP = 0
INFO = GameInfo(game="toy-tricks", title="Toy tricks", max_turns=lambda n: 64)


def suit(card: int) -> int:
    return card // RANKS


def strength(card: int) -> int:
    """Order cards for the greedy player: trumps above every other suit, rank within."""
    return card % RANKS + (RANKS if suit(card) == TRUMP else 0)


def beats(card: int, led: int) -> bool:
    """Return True when `card`, laid second, takes the trick led with `led`."""
    if suit(card) == suit(led):
        return card > led
    return suit(card) == TRUMP


class ToyTricks(Engine):
    """The toy game for two players (no deck file: the cards are fixed)."""

    info = INFO

    def __init__(self, players: int = 2, options: dict | None = None):
        self.deck, self.players, self.options = None, 2, options or {}

    def num_distinct_actions(self) -> int:
        return CARDS  # lay card c: action c

    def max_chance_outcomes(self) -> int:
        return CARDS

    def new_initial_state(self, starter: int | None = None) -> "ToyState":
        return ToyState(self, starter)

    def greedy_action(self, state: "ToyState", rng: random.Random) -> int:
        legal = state._legal_actions()
        if state.led < 0:
            return max(legal, key=strength)
        winning = [card for card in legal if beats(card, state.led)]
        return min(winning, key=strength) if winning else min(legal, key=strength)


class ToyState(State):
    __slots__ = ("engine", "player", "turns", "hands", "stock", "leader", "led", "to_draw", "tricks", "last",
                 "laid")

    def __init__(self, engine: ToyTricks, starter: int | None):
        self.engine, self.turns = engine, 0
        self.hands, self.stock = [[], []], list(range(CARDS))
        self.leader, self.led, self.tricks, self.last, self.laid = -1, -1, [0, 0], -1, []
        self.to_draw: list[int] = []
        if starter is None:
            self.player = CHANCE  # who leads first
        else:
            self._start(starter)

    def _start(self, leader: int) -> None:
        self.leader = leader
        self.to_draw = [leader, 1 - leader] * HAND
        self.player = CHANCE

    def _legal_actions(self) -> list[int]:
        hand = self.hands[self.player]
        if self.led >= 0:
            follow = [card for card in hand if suit(card) == suit(self.led)]
            if follow:
                return sorted(follow)
        return sorted(hand)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.leader < 0:
            return [(0, 0.5), (1, 0.5)]
        return [(card, 1 / len(self.stock)) for card in sorted(self.stock)]

    def sample_chance(self, rng: random.Random) -> int:
        if self.leader < 0:
            return rng.randrange(2)
        return self.stock[rng.randrange(len(self.stock))]

    def _apply_action(self, action: int) -> None:
        if self.player == CHANCE:
            if self.leader < 0:
                self._start(action)
                return
            self.stock.remove(action)
            self.hands[self.to_draw.pop(0)].append(action)
        else:
            self._lay(action)
        self._advance()

    def _lay(self, card: int) -> None:
        seat = self.player
        self.hands[seat].remove(card)
        self.laid.append((seat, card))
        self.turns += 1
        if self.led < 0:
            self.led = card
            return
        winner = seat if beats(card, self.led) else 1 - seat
        self.tricks[winner] += 1
        self.leader, self.led, self.last = winner, -1, winner
        if self.stock:
            self.to_draw = [winner, 1 - winner]

    def _advance(self) -> None:
        if self.to_draw and self.stock:
            self.player = CHANCE
        elif not self.hands[0] and not self.hands[1]:
            self.player = TERMINAL
        else:
            self.to_draw = []
            self.player = self.leader if self.led < 0 else 1 - self.leader

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def winner(self) -> int:
        a, b = self.tricks
        return 0 if a > b else 1 if b > a else self.last

    def result(self) -> GameResult:
        over = self.is_terminal()
        winners = [self.winner()] if over else []
        places = [winners[0], 1 - winners[0]] if over else []
        return GameResult(2, over, False, self.turns, winners, places, figures={"tricks": list(self.tricks)})

    def information_state_string(self, player: int) -> str:
        laid = " ".join(f"{seat}:{card}" for seat, card in self.laid)
        return (f"seat {player} hand {sorted(self.hands[player])} opponent holds {len(self.hands[1 - player])} "
                f"stock {len(self.stock)} to move {self.player} laid [{laid}] tricks {self.tricks}")

    def action_to_string(self, player: int, action: int) -> str:
        if not 0 <= action < CARDS:
            return f"lay no such card ({action})"
        return f"lay suit {suit(action)} rank {action % RANKS}"

    def __str__(self) -> str:
        laid = " ".join(f"{seat}:{card}" for seat, card in self.laid)
        return (f"hands {self.hands} stock {sorted(self.stock)} leader {self.leader} led {self.led} to move "
                f"{self.player} to draw {self.to_draw} tricks {self.tricks} laid [{laid}] turns {self.turns}")

    def check_invariants(self) -> None:
        cards = self.hands[0] + self.hands[1] + self.stock + [card for _, card in self.laid]
        if sorted(cards) != list(range(CARDS)):
            raise InvariantError(f"cards lost or doubled: {sorted(cards)}")

    def clone(self) -> "ToyState":
        other = ToyState.__new__(ToyState)
        other.engine, other.player, other.turns = self.engine, self.player, self.turns
        other.hands, other.stock = [list(self.hands[0]), list(self.hands[1])], list(self.stock)
        other.leader, other.led, other.to_draw = self.leader, self.led, list(self.to_draw)
        other.tricks, other.last, other.laid = list(self.tricks), self.last, list(self.laid)
        return other

    def determinize(self, player: int, rng: random.Random) -> "ToyState":
        """Deal the opponent's hand anew from the cards `player` has not seen (sorted first: the result depends on
        what `player` knows and on `rng` only)."""
        world = self.clone()
        other = 1 - player
        unseen = sorted(world.hands[other] + world.stock)
        rng.shuffle(unseen)
        count = len(world.hands[other])
        world.hands[other], world.stock = unseen[:count], unseen[count:]
        return world
