"""A DYMOCK game in progress: the chance nodes (first leader, deal, draws), the legal actions and their effects.

Rules source: ../shared/seeds/dymock.txt, settled by ../shared/RULES.md (section DYMOCK). A hand is one card list per
rank, so that the legal lays ("k cards of rank g") are read off the list lengths. The stock is the set of cards not
yet dealt or drawn, kept sorted: nobody knows its order, so each draw is a chance node over all of it.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .rules import (BLIND, BURN, E_BLIND, E_BLIND_FAIL, E_BURN, E_BY_CHOICE, E_FORCED, E_FOUR, E_GO_AGAIN,
                    E_LEAD_PASSES, E_RESET, E_REVERSE, E_SWAP, E_TAKEN, EFFECTS, FACE_DOWN_ROW, FACE_UP, FACE_UP_ROW,
                    FOUR_OF_A_RANK, MASKS, POSITIONS, READY, RESET, REVERSE, SUBSETS, SWAP, TAKE, THROW)
from .view import DymockView
from ...errors import counted
from ...sim.base import CHANCE, TERMINAL, State, uniform_outcomes

if TYPE_CHECKING:
    from .engine import DymockEngine


class DymockState(DymockView, State):
    """One game: hands (per seat, one card list per rank), the table, stock, pile and burned cards.

    `public` holds the cards whose place everyone knows while they are in a hand: they came there from the pile or
    from the face-up row (cards stay in it after they leave the hand: they are then face up or burned). `drawer` is
    the seat drawing back to three at a draw's chance node (else -1), `after_draw` the seat that acts after it.
    """

    __slots__ = ("engine", "n", "hands", "hand_size", "faceup", "facedown", "table_count", "stock", "pile", "burned",
                 "public", "need", "run_rank", "run_len", "direction", "player", "out", "places", "in_count",
                 "swapping", "ready_count", "leader", "dealt", "drawer", "after_draw", "turns", "plays", "effects",
                 "log")

    def __init__(self, engine: DymockEngine, leader: int | None):
        n = self.n = engine.players
        self.engine, self.leader, self.player = engine, -1 if leader is None else leader, CHANCE
        self.hands = [[[] for _ in range(engine.ranks)] for _ in range(n)]
        self.facedown = [[-1] * POSITIONS for _ in range(n)]
        self.faceup = [[-1] * POSITIONS for _ in range(n)]
        self.hand_size, self.table_count = [0] * n, [0] * n
        self.stock, self.pile, self.burned = list(range(engine.cards)), [], []
        self.public = set()
        self.need, self.run_rank, self.run_len, self.direction = 0, -1, 0, 1
        self.out, self.places, self.in_count = [False] * n, [], n
        self.swapping, self.ready_count, self.dealt, self.drawer, self.after_draw = True, 0, 0, -1, -1
        self.turns = 0
        self.plays = [[0] * len(engine.card_ids) for _ in range(n)]
        self.effects = [0] * len(EFFECTS)
        self.log = [] if engine.trace else None

    def clone(self) -> "DymockState":
        """Return an independent copy sharing the engine: every list copied, nothing else created."""
        new = DymockState.__new__(DymockState)
        new.engine, new.n, new.leader, new.player, new.turns = self.engine, self.n, self.leader, self.player, self.turns
        new.hands = [[list(cards) for cards in hand] for hand in self.hands]
        new.facedown, new.faceup = [list(row) for row in self.facedown], [list(row) for row in self.faceup]
        new.hand_size, new.table_count = list(self.hand_size), list(self.table_count)
        new.stock, new.pile, new.burned = list(self.stock), list(self.pile), list(self.burned)
        new.public = set(self.public)
        new.need, new.run_rank, new.run_len, new.direction = self.need, self.run_rank, self.run_len, self.direction
        new.out, new.places, new.in_count = list(self.out), list(self.places), self.in_count
        new.swapping, new.ready_count, new.dealt = self.swapping, self.ready_count, self.dealt
        new.drawer, new.after_draw = self.drawer, self.after_draw
        new.plays, new.effects = [list(row) for row in self.plays], list(self.effects)
        new.log = None if self.log is None else list(self.log)
        return new

    # --- chance nodes --------------------------------------------------------------------------------------------

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the first leader's seats, or the unseen cards (the next dealt or drawn), all equally likely."""
        if self.leader < 0:
            return uniform_outcomes(range(self.n))
        return uniform_outcomes(self.stock)

    def sample_chance(self, rng: random.Random) -> int:
        """Draw a seat to lead, or a card from the stock, each equally likely (as `_chance_outcomes` lists)."""
        return rng.randrange(self.n) if self.leader < 0 else rng.choice(self.stock)

    def _apply_chance(self, outcome: int) -> None:
        """Let `outcome` lead, or deal it to its place, or give it to the player drawing back to three."""
        if self.leader < 0:
            self.leader = outcome
            self._say_if(f"P{outcome} is drawn to lead")
            return
        self.stock.remove(outcome)
        if self.drawer < 0:
            self._deal(outcome)
            return
        seat = self.drawer
        self.hands[seat][self.engine.rank_of[outcome]].append(outcome)
        self.hand_size[seat] += 1
        if self.hand_size[seat] >= POSITIONS or not self.stock:
            self.player, self.drawer = self.after_draw, -1

    def _deal(self, card: int) -> None:
        row, p, offset = self.engine.deal_order[self.dealt]
        seat = (self.leader + offset) % self.n
        self.dealt += 1
        if row == FACE_DOWN_ROW:
            self.facedown[seat][p] = card
            self.table_count[seat] += 1
        elif row == FACE_UP_ROW:
            self.faceup[seat][p] = card
            self.table_count[seat] += 1
        else:
            self.hands[seat][self.engine.rank_of[card]].append(card)
            self.hand_size[seat] += 1
        if self.dealt == len(self.engine.deal_order):
            self.player = self.leader  # the swap phase goes round from the leader

    # --- legal actions -------------------------------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        """Return the actions of the player to move, in increasing order.

        From the hand: lay k cards of one rank that beats the pile (equal or higher, specials on anything), or take
        the pile: any player may take it at any time (RULES.md, DYMOCK), whenever there is one. Written out here,
        not in a method of its own, as it is the commonest step of a game."""
        if self.swapping:
            return self._swap_actions()
        hand = self.hands[self.player]
        if not self.hand_size[self.player]:
            return self._table_actions()
        lays = self.engine.lays
        actions = [TAKE] if self.pile else []
        for g in self.engine.beats[self.need]:  # ranks in increasing order, so the lays come out sorted
            if hand[g]:
                actions += lays[g][:len(hand[g])]
        return actions

    def _swap_actions(self) -> list[int]:
        rank_of, face_up, actions = self.engine.rank_of, self.faceup[self.player], [READY]
        for g, cards in enumerate(self.hands[self.player]):
            if cards:
                actions.extend(SWAP + POSITIONS * g + p for p in range(POSITIONS) if rank_of[face_up[p]] != g)
        return actions

    def _table_actions(self) -> list[int]:
        """Take the pile, with or without throwing a face-up card onto it first; play face-up cards of one rank
        that beats the pile, or one released face-down card blind (RULES.md, DYMOCK)."""
        face_up, face_down = self.faceup[self.player], self.facedown[self.player]
        actions = [TAKE] if self.pile else []
        if self.pile:
            actions.extend(THROW + p for p in range(POSITIONS) if face_up[p] >= 0)
        actions.extend(BLIND + p for p in range(POSITIONS) if face_down[p] >= 0 > face_up[p])
        beats = self.engine.beats[self.need]
        for g, positions in self._face_up_ranks(face_up).items():
            if g in beats:
                actions.extend(FACE_UP + mask for mask in SUBSETS[positions])
        actions.sort()
        return actions

    def _face_up_ranks(self, face_up: list[int]) -> dict[int, int]:
        """Return rank -> bit mask of the positions where that rank lies face up."""
        rank_of, found = self.engine.rank_of, {}
        for p, card in enumerate(face_up):
            if card >= 0:
                found[rank_of[card]] = found.get(rank_of[card], 0) | 1 << p
        return found

    def _can_lay(self, seat: int) -> bool:
        """Return whether the seat could lay instead of taking the pile (from the hand, else from the table)."""
        beats = self.engine.beats[self.need]
        if self.hand_size[seat]:
            hand = self.hands[seat]
            for g in beats:
                if hand[g]:
                    return True
            return False
        face_up, face_down, rank_of = self.faceup[seat], self.facedown[seat], self.engine.rank_of
        return any(up >= 0 and rank_of[up] in beats or up < 0 <= down for up, down in zip(face_up, face_down))

    # --- applying an action --------------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        """Apply a legal action of the player to move, or a chance outcome."""
        if self.player == CHANCE:
            self._apply_chance(action)
            return
        self.turns += 1
        seat, engine = self.player, self.engine
        if action >= engine.first_lay:
            g, k = divmod(action - engine.first_lay, engine.most_copies)
            self._lay_hand(seat, g, k + 1)
        elif action >= SWAP:
            self._swap(seat, *divmod(action - SWAP, POSITIONS))
        elif action > FACE_UP:
            self._lay_face_up(seat, MASKS[action - FACE_UP])
        elif action == READY:
            self._ready()
        elif action >= BLIND:
            self._blind(seat, action - BLIND)
        elif action >= THROW:
            self._throw(seat, action - THROW)
        else:
            self._take(seat, self._can_lay(seat), not self.hand_size[seat])

    def _swap(self, seat: int, g: int, p: int) -> None:
        card = self.hands[seat][g].pop()
        old = self.faceup[seat][p]
        self.faceup[seat][p] = card
        self.hands[seat][self.engine.rank_of[old]].append(old)
        self.public.add(old)  # everyone saw it go from the table to the hand
        self.effects[E_SWAP] += 1
        if self.log is not None:
            self._say(f"P{seat} swaps {self._label(card)} from the hand for face-up {self._label(old)}")

    def _ready(self) -> None:
        """End this player's swaps; after the last player, the leader opens play."""
        self.ready_count += 1
        if self.ready_count == self.n:
            self.swapping = False
            self.player = self.leader
            self._say_if(f"swapping is over; P{self.leader} leads")
        else:
            self.player = (self.leader + self.ready_count) % self.n

    def _lay_hand(self, seat: int, g: int, k: int) -> None:
        """Lay k hand cards of rank g, then draw back to three while the stock lasts (chance nodes)."""
        cards = self.hands[seat][g]
        laid = cards[-k:]
        del cards[-k:]
        self.hand_size[seat] -= k
        self._lay(seat, g, laid, "")
        if self.stock and self.hand_size[seat] < POSITIONS:
            # seed: draw back to three, then a burn lets the player lead (the player cannot be out: the stock lasts)
            self.drawer, self.after_draw, self.player = seat, self.player, CHANCE

    def _lay_face_up(self, seat: int, positions: tuple[int, ...]) -> None:
        face_up = self.faceup[seat]
        laid = [face_up[p] for p in positions]
        for p in positions:
            face_up[p] = -1
        self.table_count[seat] -= len(laid)
        self._lay(seat, self.engine.rank_of[laid[0]], laid, " face up")

    def _blind(self, seat: int, p: int) -> None:
        """Turn a released face-down card: it plays if it beats the pile, else the player takes pile and card."""
        card = self.facedown[seat][p]
        self.facedown[seat][p] = -1
        self.table_count[seat] -= 1
        g = self.engine.rank_of[card]
        if self.engine.special[g] or self.engine.strength[g] >= self.need:
            self.effects[E_BLIND] += 1
            self._lay(seat, g, [card], " blind")
        else:
            self.effects[E_BLIND_FAIL] += 1
            if self.log is not None:
                self._say(f"P{seat} turns {self._label(card)} blind: it does not beat the pile")
            self.pile.append(card)
            self._take(seat, False, False)

    def _throw(self, seat: int, p: int) -> None:
        """Throw a face-up card onto the pile and take it all: forced with nothing to play, or by choice."""
        by_choice = self._can_lay(seat)
        card = self.faceup[seat][p]
        self.faceup[seat][p] = -1
        self.table_count[seat] -= 1
        if self.log is not None:
            self._say(f"P{seat} throws face-up {self._label(card)} onto the pile")
        self.pile.append(card)
        self._take(seat, by_choice, True)

    def _take(self, seat: int, by_choice: bool, at_table: bool) -> None:
        """Take the whole pile into the hand; the next player leads (RULES.md, DYMOCK). Everyone saw the cards."""
        hand, rank_of = self.hands[seat], self.engine.rank_of
        for card in self.pile:
            hand[rank_of[card]].append(card)
        self.public.update(self.pile)
        self.hand_size[seat] += len(self.pile)
        self.effects[E_TAKEN] += 1
        self.effects[E_BY_CHOICE] += by_choice
        self.effects[E_FORCED] += at_table and not by_choice
        if self.log is not None:
            self._say(f"P{seat} takes the pile ({counted(len(self.pile), 'card')}){' by choice' if by_choice else ''}")
        self.pile.clear()
        self.need, self.run_rank, self.run_len = 0, -1, 0
        self.player = self._next_seat(seat)

    def _lay(self, seat: int, g: int, laid: list[int], where: str) -> None:
        """Put cards of rank g on the pile and apply what they do: reset, reverse, burn, four of a rank."""
        engine = self.engine
        self.pile.extend(laid)
        plays, id_of = self.plays[seat], engine.id_of
        for card in laid:
            plays[id_of[card]] += 1
        self.run_len = self.run_len + len(laid) if g == self.run_rank else len(laid)
        self.run_rank = g
        if self.log is not None:
            self._say(f"P{seat} lays {' '.join(engine.rank_label[g] for _ in laid)}{where}")
        out = not (self.hand_size[seat] or self.table_count[seat] or self.stock) and self._go_out(seat)
        special = engine.special[g]
        if special == REVERSE:  # several laid together reverse once (RULES.md)
            self.direction = -self.direction
            self.effects[E_REVERSE] += 1
            self._say_if("direction reverses")
        elif special == RESET:
            self.effects[E_RESET] += 1
        if special == BURN or self.run_len >= FOUR_OF_A_RANK:
            self._burn(seat, out, special != BURN)
        elif special:
            self.need = 0
            if special == REVERSE and self.in_count == 2 and not out:  # seed: with two left, its player goes again
                self.effects[E_GO_AGAIN] += 1
                self._say_if(f"P{seat} goes again")
            else:
                self.player = self._next_seat(seat)
        else:
            self.need = engine.strength[g]
            self.player = self._next_seat(seat)
        if self.in_count <= 1:
            self.player = TERMINAL

    def _burn(self, seat: int, out: bool, four: bool) -> None:
        """Remove the pile from play; its player leads again, or the next player still in when they went out."""
        self.effects[E_FOUR if four else E_BURN] += 1
        if self.log is not None:
            self._say(f"the pile burns ({counted(len(self.pile), 'card')}{', four of a rank' if four else ''})")
        self.burned.extend(self.pile)
        self.pile.clear()
        self.need, self.run_rank, self.run_len = 0, -1, 0
        if out:
            self.effects[E_LEAD_PASSES] += 1
            self.player = self._next_seat(seat)
        else:
            self.player = seat

    def _go_out(self, seat: int) -> bool:
        """Give a player who holds no card the next place; the last one left takes the last place."""
        self.out[seat] = True
        self.places.append(seat)
        self.in_count -= 1
        self._say_if(f"P{seat} is out (place {len(self.places)})")
        if self.in_count == 1:
            loser = self.out.index(False)
            self.places.append(loser)
            self._say_if(f"P{loser} is left holding cards and loses")
        return True

    def _next_seat(self, seat: int) -> int:
        out, n, step = self.out, self.n, self.direction
        seat = (seat + step) % n
        while out[seat]:
            seat = (seat + step) % n
        return seat

    def is_terminal(self) -> bool:
        return self.in_count <= 1

    # --- the log -------------------------------------------------------------------------------------------------

    def _say(self, line: str) -> None:
        self.log.append(f"{self.turns:4d} {line}")

    def _say_if(self, line: str) -> None:
        if self.log is not None:
            self._say(line)
