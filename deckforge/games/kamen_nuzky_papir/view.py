"""Reading a Kámen, nůžky, papír state: its result, its text (whole, or as one player may know it), its invariants,
and the determinized copies a search player samples.

What a player may know (RULES.md, Kámen, nůžky, papír): their own hand, the discard pile (every card laid since the
draw pile was last rebuilt, in order), the rebuilt draw pile (turned over unshuffled, so its order is public), how
many cards each hand and the dealt stock hold, and the public record of play. Nobody sees another hand or the stock.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import partial
from typing import TYPE_CHECKING, Callable, Iterable

from .rules import CHOOSE, GIVING, ITEM_NAMES, PHASE_NAMES
from ...sim.base import CHANCE, TERMINAL, GameResult, InvariantError
from ...sim.measures import shedding_standings
from ...sim.spells import EFFECT_NAMES

if TYPE_CHECKING:
    from .state import KnpState


class KnpView:
    """The reading half of KnpState (state.py holds the playing half)."""

    __slots__ = ()

    def result(self) -> GameResult:
        kind_ids = self.engine.kind_ids
        plays = [Counter({kind_ids[k]: times for k, times in enumerate(row) if times}) for row in self.plays]
        return GameResult(
            players=self.n, finished=self.over and not self.stalemate, stalemate=self.stalemate,
            turns=self.turns, winners=self.places[:1], places=list(self.places), plays=plays,
            effects=Counter(self.effects),
            figures={"draws": self.draws, "rebuilds": self.rebuilds, "passes": self.pass_count,
                     "spell_effects": dict(self.spell_effects)})

    def standings(self) -> list[float]:
        """Return who is ahead: fewer cards in hand is better, and a seat out above every seat still in (RULES.md:
        the first to run out wins)."""
        held, places = self.shedding_feed()
        return shedding_standings(held(), places)

    def shedding_feed(self) -> tuple[Callable[[], Iterable[int]], list[int]]:
        """Cards in each hand, and the seats out (State.shedding_feed)."""
        return partial(map, len, self.hands), self.places

    def action_to_string(self, player: int, action: int) -> str:
        """Return the action in words, each distinct (cards carry their index); a chance outcome names the seat
        that starts or the card dealt or drawn."""
        if player != CHANCE:
            return self.engine.describe(action, imperative=True, numbered=True)
        if self.seat < 0:
            starts = isinstance(action, int) and 0 <= action < self.n
            return f"seat {action} starts" if starts else f"no seat {action!r}"
        if not isinstance(action, int) or not 0 <= action < self.size:
            return f"no card {action!r}"
        return f"{'draw' if self.drawing else 'deal'} {self.engine.card_name(action)}"

    def observation_string(self, player: int) -> str:
        """Return what `player` sees: their own hand, the table, how many cards each other place holds."""
        ids = self.engine.card_ids
        return (f"seat {player} holds {_names(ids, self.hands[player])}; {self._table_text()}; "
                f"hands hold {[len(hand) for hand in self.hands]} cards; stock {len(self.unseen)} unseen")

    def information_state_string(self, player: int) -> str:
        """Return the observation, the cards `player` knows in other hands, and the public record of play."""
        return f"{self.observation_string(player)}; {self._known_text(player)}; {self._record_text()}"

    def _known_text(self, player: int) -> str:
        """Return the cards `player` knows in the other hands (given, swapped, drawn from the rebuilt pile)."""
        ids, known_by = self.engine.card_ids, self.known_by
        known = [f"seat {seat}: {_names(ids, [c for c in hand if known_by[c] >> player & 1])}"
                 for seat, hand in enumerate(self.hands) if seat != player]
        return f"known in other hands: {'; '.join(known)}"

    def __str__(self) -> str:
        ids, mask = self.engine.card_ids, (1 << self.n) - 1
        hands = "; ".join(f"seat {s}: " + ", ".join(f"{ids[c]} (known to {self.known_by[c] & mask:b})" for c in hand)
                          for s, hand in enumerate(self.hands))
        return (f"{self._table_text()}; hands: {hands}; stock (unseen, in list order): {_names(ids, self.unseen)}; "
                f"{self._record_text()}; passed mask {self.passed}")

    def _record_text(self) -> str:
        """Return the public record: decisions so far, draws, rebuilds, passes, the cards each seat laid, effects."""
        kind_ids = self.engine.kind_ids
        laid = "; ".join(f"seat {seat}: " + ", ".join(f"{kind_ids[k]} x{times}" for k, times in enumerate(row)
                                                       if times) for seat, row in enumerate(self.plays))
        return (f"turn {self.turns}, {self.draws} draws, {self.rebuilds} rebuilds, {self.pass_count} passes; "
                f"laid: {laid}; effects {sorted(self.spell_effects.items())}")

    def _table_text(self) -> str:
        """Return the public table: who acts, the piles, direction, places, pending spell decisions."""
        ids = self.engine.card_ids
        who = ("chance" if self.player == CHANCE else "over" if self.over else f"seat {self.player}")
        pending = [(EFFECT_NAMES.get(code, "extra_play"), target, amount, ids[card])
                   for code, target, amount, card in self.pending]
        return (f"to act: {who} ({PHASE_NAMES[self.phase]}), turn of seat {self.seat}; dealt {self.dealt}; "
                f"top {ITEM_NAMES[self.top]}; discard {_names(ids, self.discard)}; "
                f"draw pile (top last) {_names(ids, self.draw_pile)}; direction {'+' if self.direction > 0 else '-'}; "
                f"places {self.places}; skips {self.skips}; pending {pending}; again {self.again}; "
                f"give {self.give_left} to seat {self.give_to}; extra {self.extra_left}; choosing {self.choosing}; "
                f"to draw {self.drawing[::-1]}")

    def check_invariants(self) -> None:
        engine = self.engine
        cards = sorted([c for hand in self.hands for c in hand] + self.unseen + self.draw_pile + self.discard)
        if cards != engine.all_cards:
            raise InvariantError(f"cards lost or doubled: {len(cards)} in hands and piles, the deck has {engine.size}")
        if any(hand != sorted(hand) for hand in self.hands):
            raise InvariantError(f"a hand is out of order: {self.hands}")
        if len(set(self.places)) != len(self.places):
            raise InvariantError(f"a seat took two places: {self.places}")
        for seat, hand in enumerate(self.hands):
            placed = self.places[:-1] if self.over and not self.stalemate else self.places  # the last holds cards
            if self.out[seat] != (seat in placed):
                raise InvariantError(f"seat {seat} is out without a place, or placed while still in")
            if self.out[seat] and hand:
                raise InvariantError(f"seat {seat} is out but holds {len(hand)} cards")
            if any(not self.known_by[card] >> seat & 1 for card in hand):
                raise InvariantError(f"seat {seat} holds a card it does not know of")
        if self.turns > engine.info.max_turns(self.n):
            raise InvariantError(f"{self.turns} turns exceed the bound {engine.info.max_turns(self.n)}")
        if self.over:
            if self.player != TERMINAL:
                raise InvariantError(f"the game is over but player {self.player} is to act")
        elif self.player == CHANCE:
            self._check_chance()
        else:
            self._check_turn()

    def _check_chance(self) -> None:
        dealing = self.seat < 0 or self.dealt < self.engine.deal_cards
        if not dealing and not self.drawing:
            raise InvariantError("a chance node with nothing to deal or draw")
        if self.seat >= 0 and not self.unseen:
            raise InvariantError("a chance node with no unseen card to deal or draw")

    def _check_turn(self) -> None:
        # a caster who went out with a spell still chooses its target ("the next player draws 2" applies)
        may_be_out = self.phase == CHOOSE
        if self.player != self.seat or not 0 <= self.seat < self.n or (self.out[self.seat] and not may_be_out):
            raise InvariantError(f"the player to act {self.player} is not a player still in the game")
        if any(not hand for seat, hand in enumerate(self.hands) if not self.out[seat]):
            raise InvariantError("a player still in the game holds no cards")
        legal = self._legal_actions()
        if not legal or legal != sorted(set(legal)):
            raise InvariantError(f"the legal actions {legal} are empty or not in increasing order")

    def determinize(self, player: int, rng: random.Random) -> "KnpState":
        """Return a clone in which the cards `player` does not know of (in other hands, in the unseen stock) are
        dealt anew among those places, keeping every hand's size and every card `player` knows where it is (the
        pool is sorted first: the deal depends on what `player` knows and on `rng` alone)."""
        world = self.clone()
        known_by, hands = world.known_by, world.hands
        others = [seat for seat in range(self.n) if seat != player]
        pool = sorted(world.unseen + [c for seat in others for c in hands[seat] if not known_by[c] >> player & 1])
        rng.shuffle(pool)
        start = 0
        for seat in others:
            kept = [card for card in hands[seat] if known_by[card] >> player & 1]
            dealt = pool[start:start + len(hands[seat]) - len(kept)]
            start += len(dealt)
            for card in dealt:
                known_by[card] = 1 << seat
            hands[seat] = sorted(kept + dealt)
        world.unseen = pool[start:]
        return world

    def _describe(self, action: int) -> str:
        if self.phase == GIVING:
            return f"{self.engine.describe(action)} to seat {self.give_to}"
        if action < self.draw_action:
            return f"{self.engine.describe(action)} on {ITEM_NAMES[self.top]}"
        return self.engine.describe(action)

    def _hands_text(self) -> str:
        ids = self.engine.card_ids
        return "; ".join(f"seat {s}: {_names(ids, hand) or 'out'}" for s, hand in enumerate(self.hands))


def _names(ids: tuple[str, ...], cards: list[int]) -> str:
    return ", ".join(ids[card] for card in cards)
