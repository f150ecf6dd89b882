"""Reading a DYMOCK state: its result, its text (whole, or as one player may know it), its invariants, and the
determinized copies a search player samples.

What a player may know (RULES.md, DYMOCK): their own hand, every face-up card, the pile and the burned cards, how
many cards each hand, the stock and the face-down rows hold, and the hand cards whose place everyone saw (a pile
taken, a face-up card swapped into the hand). Nobody sees a face-down card, their own included, or the stock.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import partial
from operator import add
from typing import Callable, Iterable

from .rules import EFFECTS, POSITIONS
from ...sim.base import CHANCE, TERMINAL, GameResult, InvariantError
from ...sim.measures import shedding_standings


class DymockView:
    """The reading half of DymockState (state.py holds the playing half)."""

    __slots__ = ()

    def result(self) -> GameResult:
        """Report places, the loser's seat, plays per seat (card id -> count) and effects."""
        ids, finished = self.engine.card_ids, self.in_count <= 1
        plays = [Counter({ids[i]: v for i, v in enumerate(row) if v}) for row in self.plays]
        effects = Counter({EFFECTS[i]: v for i, v in enumerate(self.effects) if v})
        loser = self.places[-1] if finished else None
        figures = ({"loser_after_leader": {str((loser - self.leader) % self.n): 1}} if finished
                   else {"stalled_with_players": {str(self.in_count): 1}})
        return GameResult(players=self.n, finished=finished, stalemate=not finished, turns=self.turns,
                          winners=self.places[:1], places=list(self.places), plays=plays, effects=effects,
                          loser=loser, figures=figures, log=None if self.log is None else list(self.log))

    def standings(self) -> list[float]:
        """Return who is ahead: fewer cards in hand and on the table is better, and a seat out above every seat
        still in (RULES.md, DYMOCK: the first out wins, the last left holding cards loses)."""
        held, places = self.shedding_feed()
        return shedding_standings(held(), places)

    def shedding_feed(self) -> tuple[Callable[[], Iterable[int]], list[int]]:
        """Cards held in hand and on the table, and the seats out (State.shedding_feed)."""
        return partial(map, add, self.hand_size, self.table_count), self.places

    # --- text ----------------------------------------------------------------------------------------------------

    def __str__(self) -> str:
        return self._text(None, True)

    def information_state_string(self, player: int) -> str:
        """Return what `player` knows: own hand, the table, the pile, the burned cards, the known hand cards."""
        return self._text(player, True)

    def observation_string(self, player: int) -> str:
        """Return what `player` sees now: own hand, the table and the pile, and how many cards lie elsewhere."""
        return self._text(player, False)

    def repetition_key(self, player: int) -> str:
        """Return what `player` sees now without the turn count: the same key again is the same position come round
        again, as far as that player can tell (the search player leaves such a loop, sim/mcts.py)."""
        return self._text(player, False, clock=False)

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return self.engine.describe_outcome(action, self.leader < 0)
        return self.engine.describe(action)

    def _text(self, viewer: int | None, memory: bool, clock: bool = True) -> str:
        """Return the state as `viewer` may know it (None: all of it); `memory` adds what was seen before, `clock`
        the turn count."""
        label = self._label
        lines = [f"DYMOCK, {self.n} players, {self._phase()}, {self._mover()}, direction {self.direction:+d}"
                 + (f", turn {self.turns}" if clock else "") + ("" if viewer is None else f"; seen by P{viewer}"),
                 f"stock {len(self.stock)}" + (f": {' '.join(label(c) for c in self.stock)}" if viewer is None else ""),
                 f"pile: {' '.join(label(c) for c in self.pile) or '(empty)'} (needs strength {self.need})",
                 f"burned {len(self.burned)}" + (f": {' '.join(label(c) for c in self.burned)}" if memory else "")]
        lines += [self._seat_text(seat, viewer, memory) for seat in range(self.n)]
        if self.places:
            lines.append(f"places: {' '.join(f'P{seat}' for seat in self.places)}")
        return "\n".join(lines)

    def _phase(self) -> str:
        if self.leader < 0:
            return "choosing the leader"
        if self.dealt < len(self.engine.deal_order):
            return f"dealing card {self.dealt + 1} of {len(self.engine.deal_order)} from leader P{self.leader}"
        return f"{'swapping' if self.swapping else 'playing'}, leader P{self.leader}"

    def _mover(self) -> str:
        if self.player == TERMINAL:
            return "game over"
        if self.player == CHANCE:
            return f"chance: P{self.drawer} draws" if self.drawer >= 0 else "chance"
        return f"P{self.player} to act"

    def _seat_text(self, seat: int, viewer: int | None, memory: bool) -> str:
        """Return one seat's line: hand, then the table as face-up/face-down per position ('-' for none)."""
        label, public = self._label, self.public
        cards = [c for ranks in self.hands[seat] for c in ranks]
        if viewer is None:
            hand = " ".join(label(c) + "*" * (c in public) for c in cards)
        elif viewer == seat:
            hand = " ".join(label(c) for c in cards)
        else:
            known = [label(c) for c in cards if c in public] if memory else []
            hand = " ".join(known + [f"{len(cards) - len(known)} unknown"])
        table = " ".join(f"{label(up) if up >= 0 else '-'}/"
                         f"{'-' if down < 0 else label(down) if viewer is None else '?'}"
                         for up, down in zip(self.faceup[seat], self.facedown[seat]))
        return f"P{seat}{' (out)' if self.out[seat] else ''}: hand [{hand}] table [{table}]"

    def _label(self, card: int) -> str:
        return self.engine.rank_label[self.engine.rank_of[card]]

    # --- determinization -----------------------------------------------------------------------------------------

    def determinize(self, player: int, rng: random.Random):
        """Return a clone in which every card `player` cannot see (other players' unknown hand cards, every
        face-down card, the stock) is dealt anew at random among those places, keeping each place's size."""
        new, rank_of = self.clone(), self.engine.rank_of
        hidden = list(new.stock)
        for seat in range(self.n):
            hidden += [c for c in new.facedown[seat] if c >= 0]
            if seat != player:
                hidden += [c for ranks in new.hands[seat] for c in ranks if c not in new.public]
        hidden.sort()  # the deal depends on what `player` knows and on `rng` alone, not on where cards lie
        rng.shuffle(hidden)
        for seat in range(self.n):
            new.facedown[seat] = [hidden.pop() if c >= 0 else -1 for c in new.facedown[seat]]
            if seat != player:
                hand = new.hands[seat]
                unknown = sum(1 for ranks in hand for c in ranks if c not in new.public)
                new.hands[seat] = hand = [[c for c in ranks if c in new.public] for ranks in hand]
                for _ in range(unknown):
                    card = hidden.pop()
                    hand[rank_of[card]].append(card)
        new.stock = sorted(hidden)
        return new

    # --- invariants ----------------------------------------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise InvariantError when a card is lost or doubled, a count drifts or the player to move is wrong."""
        engine, seen = self.engine, list(self.stock) + self.pile + self.burned
        if self.stock != sorted(set(self.stock)):
            raise InvariantError(f"the stock is not a sorted set of cards\n{self}")
        rank_of = engine.rank_of
        for seat in range(self.n):
            # a hand is a list per rank, most of them empty: compare the ranks of the cards held with the lists
            # they lie in, in one pass each (this runs after every step of a checked game)
            hand = self.hands[seat]
            held = [c for cards in hand for c in cards]
            if [rank_of[c] for c in held] != [g for g, cards in enumerate(hand) for _ in cards]:
                raise InvariantError(f"P{seat} holds a card under the wrong rank\n{self}")
            seen.extend(held)
            table = [c for c in self.faceup[seat] + self.facedown[seat] if c >= 0]
            seen.extend(table)
            if self.hand_size[seat] != len(held) or self.table_count[seat] != len(table):
                raise InvariantError(f"P{seat}'s card counts drifted\n{self}")
            if self.out[seat] != (not self.hand_size[seat] and not table and not self.stock):
                raise InvariantError(f"P{seat} is out with cards, or in without any\n{self}")
        if sorted(seen) != list(range(engine.cards)):
            raise InvariantError(f"a card was lost or doubled: {sorted(Counter(seen) - Counter(range(engine.cards)))}")
        if self.leader < 0 or self.dealt < len(engine.deal_order) or self.drawer >= 0:
            self._check_chance()
        else:
            self._check_turn()

    def _check_chance(self) -> None:
        if self.player != CHANCE or not self.stock:
            raise InvariantError(f"a deal or a draw is due, yet P{self.player} is to act\n{self}")
        if self.drawer >= 0 and self.hand_size[self.drawer] >= POSITIONS:
            raise InvariantError(f"P{self.drawer} draws with a full hand\n{self}")

    def _check_turn(self) -> None:
        if self.turns > self.engine.info.max_turns(self.n):
            raise InvariantError(f"turn {self.turns} is past the bound")
        if self.is_terminal():
            if self.player != TERMINAL:
                raise InvariantError(f"the game is over, yet P{self.player} is to act\n{self}")
            return
        seat = self.player
        if not 0 <= seat < self.n or self.out[seat]:
            raise InvariantError(f"the player to move P{seat} is not in the game\n{self}")
        if not self.swapping and not self.hand_size[seat] and self.stock:
            raise InvariantError(f"P{seat} has an empty hand while the stock lasts\n{self}")
        top = self.pile[-1] if self.pile else -1
        need = self.engine.strength[self.run_rank] if top >= 0 and not self.engine.special[self.run_rank] else 0
        if self.need != need or (top >= 0 and self.engine.rank_of[top] != self.run_rank):
            raise InvariantError(f"the pile's requirement drifted\n{self}")
        legal = self._legal_actions()
        if not legal or legal != sorted(set(legal)):
            raise InvariantError(f"P{seat} has no legal action, or they are not in increasing order\n{self}")
