"""A game of Kámen, nůžky, papír in progress: the playing half of the state (view.py holds the reading half).

Rules: ../shared/seeds/kamen-nuzky-papir.txt, settled by ../shared/RULES.md ("Kámen, nůžky, papír").
Hands are kept sorted, so legal actions come out in increasing order without sorting (the engine numbers changers
last). Chance nodes: who starts, when the runner names no one; the deal, card by card, and the card turned up; every
draw from the dealt stock, whose order nobody knows (`unseen`, drawn uniformly). The rebuilt draw pile is turned over
without shuffling (RULES.md), so everyone knows its order (`draw_pile`, top last) and drawing from it is no chance
event.
"""
from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING

from .rules import ANY, CHANGER, CHOOSE, CONTINUE_EXTRA, EVERYONE, EXTRA, GIVING, OVER, PLAY
from .view import KnpView
from ...sim.base import CHANCE, TERMINAL, State, uniform_outcomes, uniform_pick
from ...sim.spells import (CHOSEN, DRAW as DRAW_EFFECT, EFFECT_NAMES, EXTRA_PLAY, GIVE, NEXT, PLAY_AGAIN, PREVIOUS,
                           REVERSE, SKIP, SWAP_HANDS)

if TYPE_CHECKING:
    from .engine import KamenNuzkyPapir


class KnpState(KnpView, State):
    """One game in progress, the playing half (view.py reads it). Hands are sorted lists of card indices; the top
    of a pile is its last element.

    `seat` is whose turn it is (the caster while a spell resolves); `player` is the seat to decide, or CHANCE while
    a card is dealt or drawn, or TERMINAL. `unseen` is the dealt stock (order unknown), `draw_pile` the rebuilt one
    (order known, drawn first), `drawing` the seats still owed a card (the next last). `known_by[card]`, for a card
    in a hand, is the bit mask of the seats that know it is there: its holder, everyone for a card drawn from the
    rebuilt pile, the giver of a given card, both players of a swap.
    """

    __slots__ = ("engine", "n", "hands", "unseen", "draw_pile", "discard", "top", "seat", "player", "direction",
                 "out", "in_play", "passed", "places", "skips", "turns", "phase", "pending", "again", "give_to",
                 "give_left", "extra_left", "choosing", "drawing", "dealt", "plays", "effects",
                 "spell_effects", "log", "over", "stalemate", "draws", "rebuilds", "pass_count",
                 "known_by", "size", "item_of", "kind_of", "lays", "effects_of", "draw_action")

    def __init__(self, engine: "KamenNuzkyPapir", starter: int | None = None):
        n = self.n = engine.players
        self.engine = engine
        # the engine's tables, held here too: one attribute lookup less on every step
        self.size, self.item_of, self.kind_of = engine.size, engine.item_of, engine.kind_of
        self.lays, self.effects_of, self.draw_action = engine.lays, engine.effects_of, engine.draw_action
        self.hands = [[] for _ in range(n)]
        self.unseen, self.draw_pile, self.discard, self.drawing = list(engine.all_cards), [], [], []
        self.top, self.dealt = ANY, 0
        self.seat = -1 if starter is None else starter  # -1: chance names the starter first
        self.player = CHANCE
        self.direction = 1
        self.out = [False] * n
        self.in_play = n
        self.passed = 0  # bit mask of players who passed since the last card moved
        self.places, self.skips, self.pending = [], [0] * n, []
        self.turns = self.draws = self.rebuilds = self.pass_count = 0
        self.phase, self.again, self.over, self.stalemate = PLAY, False, False, False
        self.give_to = self.give_left = self.extra_left = 0
        self.choosing = None
        self.plays = [[0] * len(engine.kind_ids) for _ in range(n)]
        self.effects, self.spell_effects = {}, {}  # name -> times; made Counters in result()
        self.log = [] if engine.trace else None
        self.known_by = [0] * engine.size  # per card in a hand: bit mask of the seats that know it is there

    def clone(self) -> "KnpState":
        """Return an independent copy: fresh lists, the engine and its tables shared."""
        other = object.__new__(KnpState)
        other.engine, other.n, other.size, other.item_of = self.engine, self.n, self.size, self.item_of
        other.kind_of, other.lays, other.effects_of = self.kind_of, self.lays, self.effects_of
        other.draw_action = self.draw_action
        other.hands = [hand[:] for hand in self.hands]
        other.unseen, other.draw_pile, other.discard = self.unseen[:], self.draw_pile[:], self.discard[:]
        other.drawing, other.out, other.places = self.drawing[:], self.out[:], self.places[:]
        other.known_by = self.known_by[:]
        other.skips, other.pending = self.skips[:], self.pending[:]  # pending holds tuples, shared safely
        other.plays = [row[:] for row in self.plays]
        other.effects, other.spell_effects = dict(self.effects), dict(self.spell_effects)
        other.log = None if self.log is None else self.log[:]
        other.top, other.dealt, other.seat, other.player = self.top, self.dealt, self.seat, self.player
        other.direction, other.in_play, other.passed = self.direction, self.in_play, self.passed
        other.turns = self.turns
        other.phase, other.again, other.over, other.stalemate = self.phase, self.again, self.over, self.stalemate
        other.give_to, other.give_left, other.extra_left = self.give_to, self.give_left, self.extra_left
        other.choosing = self.choosing
        other.draws, other.rebuilds, other.pass_count = self.draws, self.rebuilds, self.pass_count
        return other

    # -- the interface ------------------------------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        """Return the legal actions (the play phase inline: it is most steps)."""
        if self.phase != PLAY:
            return self._decision_actions()
        lays, legal = self.lays[self.top], []
        for card in self.hands[self.seat]:
            legal += lays[card]  # faster than a comprehension, which is a call before Python 3.12
        if self.unseen or self.draw_pile or len(self.discard) > 1:
            legal.append(self.draw_action)  # RULES.md: a player may draw even when able to lay
        elif not legal:
            legal.append(self.draw_action + 1)  # nothing to draw and nothing to lay: pass
        return legal

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.seat < 0:
            return uniform_outcomes(range(self.n))
        return uniform_outcomes(sorted(self.unseen))

    def sample_chance(self, rng: random.Random) -> int:
        """Return a card of the unseen stock, each equally likely (the starter first, when chance names it)."""
        if self.seat < 0:
            return rng.randrange(self.n)
        return uniform_pick(rng, self.unseen)

    def _apply_action(self, action: int) -> None:
        if self.player < 0:  # CHANCE: no action is applied to a TERMINAL state
            self._apply_chance(action)
            return
        self.turns += 1
        draw_action = self.draw_action
        if self.log is not None and not (action == draw_action and self.phase == PLAY):  # a draw logs its card
            self.log.append(f"{self.turns}: seat {self.seat} {self._describe(action)}")
        if self.phase != PLAY:
            self._decide(action)
            return
        if action < draw_action:  # a lay: _lay written out, as most steps are one
            seat = self.seat
            if action >= self.size:
                card, self.top = divmod(action - self.size, 3)
            else:
                card = action
                self.top = self.item_of[card]
            hand = self.hands[seat]
            hand.remove(card)
            self.discard.append(card)
            self.plays[seat][self.kind_of[card]] += 1
            self.passed = 0
            if not hand:
                self._go_out(seat)
                if self.over:
                    return
            effects = self.effects_of[card]
            if effects:
                self.pending.extend((code, target, amount, card) for code, target, amount in reversed(effects))
                self._resolve()
                return
        elif action == draw_action:
            self.passed = 0
            if self.draw_pile:
                self._take(self.seat, self.draw_pile.pop(), EVERYONE)
            elif self.unseen:
                self.drawing.append(self.seat)
                self.player = CHANCE  # chance picks the card; the turn ends after it
                return
            else:  # the draw is legal, so the discard pile can rebuild the draw pile
                self._rebuild()
                self._take(self.seat, self.draw_pile.pop(), EVERYONE)
        else:
            self._pass()
            return
        seat = (self.seat + self.direction) % self.n  # the common case of _advance, without a call
        if self.out[seat] or self.skips[seat]:
            self._advance()
        else:
            self.seat = self.player = seat

    def is_terminal(self) -> bool:
        return self.over

    # -- chance: the deal and the draws ---------------------------------------------------------------------------

    def _apply_chance(self, outcome: int) -> None:
        if self.seat < 0:  # the starter, drawn before the deal
            self.seat = outcome
            return
        self.unseen.remove(outcome)
        drawing = self.drawing
        if not drawing:
            self._deal(outcome)
            return
        seat = drawing.pop()
        self._take(seat, outcome, 1 << seat)
        if drawing and self._deal_draws():
            return
        if self.pending or self.phase != PLAY or self.again:
            self.player = self.seat
            self._resolve()  # the rest of the spell
            return
        seat = (self.seat + self.direction) % self.n  # a turn's draw ends it: the common case of _advance
        if self.out[seat] or self.skips[seat]:
            self._advance()
        else:
            self.seat = self.player = seat

    def _deal(self, card: int) -> None:
        """Deal one card: to the hands in seat order, then face up onto the discard pile."""
        engine, dealt = self.engine, self.dealt
        if dealt < engine.hand_cards:
            seat = dealt % self.n
            insort(self.hands[seat], card)
            self.known_by[card] = 1 << seat
        else:  # turned up: a spell has no effect, a changer takes anything
            self.discard.append(card)
            self.top = ANY if self.item_of[card] == CHANGER else self.item_of[card]
        self.dealt = dealt = dealt + 1
        if dealt == engine.deal_cards:
            self.player = self.seat
            if self.log is not None:
                self.log.append(f"deal: {self._hands_text()}; turned up {engine.card_ids[self.discard[-1]]}; "
                                f"seat {self.seat} starts")

    def _deal_draws(self) -> bool:
        """Give the seats owed a card their cards, the known draw pile first, rebuilding it when it runs out;
        return True when chance must pick the next card from the unseen stock."""
        drawing = self.drawing
        while drawing:
            if self.draw_pile:
                self._take(drawing.pop(), self.draw_pile.pop(), EVERYONE)
            elif self.unseen:
                self.player = CHANCE
                return True
            elif len(self.discard) > 1:
                self._rebuild()
            else:
                drawing.clear()  # RULES.md: draw what there is
        return False

    def _take(self, seat: int, card: int, known_by: int) -> None:
        """Put a drawn card in a hand; `known_by` is the bit mask of the seats that know it is there."""
        insort(self.hands[seat], card)
        self.known_by[card] = known_by
        self.draws += 1
        if self.log is not None:
            name = self.engine.card_ids[card]
            own_turn = self.phase == PLAY and not self.pending and seat == self.seat
            self.log.append(f"{self.turns}: seat {seat} draws {name}" if own_turn else f"   seat {seat} draws {name}")

    def _rebuild(self) -> None:
        """RULES.md: keep the top discard, turn the rest over unshuffled: the oldest discard is now on top."""
        discard = self.discard
        self.discard = [discard.pop()]
        discard.reverse()
        self.draw_pile = discard
        self.rebuilds += 1
        if self.log is not None:
            self.log.append(f"   the draw pile is rebuilt from {len(discard)} discards")

    # -- legal actions ------------------------------------------------------------------------------------------

    def _decision_actions(self) -> list[int]:
        """Return the actions of a decision a spell asks for: an extra card, a card to give, a player."""
        engine = self.engine
        if self.phase == EXTRA:
            return self._lays() + [engine.decline_action]  # RULES.md: "lay one more card" is optional
        if self.phase == GIVING:
            return [engine.give_base + card for card in self.hands[self.seat]]
        return sorted(engine.target_base + seat for seat in self.others(self.seat))

    def _lays(self) -> list[int]:
        lays, legal = self.lays[self.top], []
        for card in self.hands[self.seat]:
            legal += lays[card]
        return legal

    # -- a turn -------------------------------------------------------------------------------------------------

    def _decide(self, action: int) -> None:
        if self.phase == EXTRA:
            self._extra(action)
        elif self.phase == GIVING:
            self._give(action - self.engine.give_base)
        else:
            self._choose(action - self.engine.target_base)

    def _pass(self) -> None:
        self.pass_count += 1
        self.passed |= 1 << self.seat
        if self.passed == self._in_mask():  # RULES.md: a full round of passes is a stalemate
            self._end(stalemate=True)
        else:
            self._advance()

    def _lay(self, action: int) -> int:
        """Move a card from the current hand onto the discard pile; its player goes out with an empty hand (a lay
        in the play phase does the same written out in _apply_action: keep the two alike)."""
        p = self.seat
        if action >= self.size:
            card, self.top = divmod(action - self.size, 3)
        else:
            card = action
            self.top = self.item_of[card]
        hand = self.hands[p]
        hand.remove(card)
        self.discard.append(card)
        self.plays[p][self.kind_of[card]] += 1
        self.passed = 0
        if not hand:
            self._go_out(p)
        return card

    def _go_out(self, seat: int) -> None:
        """RULES.md: an empty hand takes the next free place; play goes on until one player holds cards."""
        self.out[seat] = True
        self.places.append(seat)
        self.in_play -= 1
        if self.log is not None:
            self.log.append(f"   seat {seat} is out in place {len(self.places)}")
        if self.in_play == 1:
            self.places.append(next(s for s in range(self.n) if not self.out[s]))
            self._end(stalemate=False)

    def _end(self, stalemate: bool) -> None:
        self.over, self.stalemate, self.phase, self.player = True, stalemate, OVER, TERMINAL
        self.pending.clear()
        self.drawing.clear()
        if self.log is not None:
            self.log.append("   stalemate: a full round of passes" if stalemate else f"   places: {self.places}")

    def _advance(self) -> None:
        """Pass the turn in the direction of play, over players who are out or must miss a turn."""
        seat, n, direction, out, skips = self.seat, self.n, self.direction, self.out, self.skips
        while True:
            seat = (seat + direction) % n
            if out[seat]:
                continue
            if skips[seat]:
                skips[seat] -= 1
                continue
            self.seat = self.player = seat
            return

    def _in_mask(self) -> int:
        return sum(1 << s for s in range(self.n) if not self.out[s])

    # -- spells -------------------------------------------------------------------------------------------------

    def others(self, caster: int) -> list[int]:
        """Return the players still in other than `caster`, in turn order from the next one."""
        n, d = self.n, self.direction
        seats = ((caster + d * step) % n for step in range(1, n))
        return [seat for seat in seats if not self.out[seat]]

    def _targets(self, caster: int, target: int) -> list[int]:
        if target >= 0:
            return [target]
        others = self.others(caster)  # RULES.md: effects pass over players who are out
        if target == NEXT:
            return others[:1]
        if target == PREVIOUS:
            return others[-1:]
        return others  # OTHERS: in turn order from the next player

    def _resolve(self) -> None:
        """Apply the pending effects in order until one awaits a decision or a card from chance; then end the
        turn."""
        pending = self.pending
        while pending:
            code, target, amount, card = pending.pop()
            if self._apply_effect(code, target, amount, card) or self.over:
                return
        self.phase = PLAY
        if self.again and not self.out[self.seat]:
            self.again = False  # the caster takes another turn at once
        else:
            self.again = False
            self._advance()

    def _apply_effect(self, code: int, target: int, amount: int, card: int) -> bool:
        """Apply one effect; return True when it waits for the caster's decision or for chance to draw a card."""
        caster = self.seat
        if code == CONTINUE_EXTRA:
            return self._offer_extra(amount)
        if self.out[caster] and code in (GIVE, SWAP_HANDS, PLAY_AGAIN, EXTRA_PLAY):
            return False  # RULES.md: moving cards to or from a player who just went out is void
        if target == CHOSEN:
            candidates = self.others(caster)
            if len(candidates) > 1:
                self.phase, self.choosing = CHOOSE, (code, amount, card)
                return True
            target = candidates[0]
        if code == EXTRA_PLAY and not self._lays():
            return False  # nothing can be laid: the offer is empty
        self._count(code, card)
        if code == SKIP:
            for seat in self._targets(caster, target):
                self.skips[seat] += amount
                if self.log is not None:
                    turns = "its next turn" if amount == 1 else f"its next {amount} turns"
                    self.log.append(f"   seat {seat} misses {turns}")
        elif code == DRAW_EFFECT:
            seats = self._targets(caster, target)
            self.drawing[:] = (seats * amount)[::-1]  # dealt one at a time in turn order
            return self._deal_draws()
        elif code == REVERSE:
            self.direction = -self.direction  # with two players this changes nothing, as RULES.md says
        elif code == PLAY_AGAIN:
            self.again = True
        elif code == SWAP_HANDS:
            seat = self._targets(caster, target)[0]
            self.hands[caster], self.hands[seat] = self.hands[seat], self.hands[caster]
            both, known_by = 1 << caster | 1 << seat, self.known_by  # each saw the hand they gave away
            for card in self.hands[caster] + self.hands[seat]:
                known_by[card] |= both
        elif code == GIVE:
            self.give_to, self.give_left = self._targets(caster, target)[0], amount
            return self._offer_give()
        elif code == EXTRA_PLAY:
            self.phase, self.extra_left = EXTRA, amount
            return True
        return False

    def _count(self, code: int, card: int) -> None:
        name = EFFECT_NAMES[code]
        key = f"{self.engine.card_ids[card]}.{name}"
        self.effects[name] = self.effects.get(name, 0) + 1
        self.spell_effects[key] = self.spell_effects.get(key, 0) + 1
        if self.log is not None:
            self.log.append(f"   {self.engine.card_ids[card]}: {name}")

    def _choose(self, seat: int) -> None:
        code, amount, card = self.choosing
        self.phase, self.choosing = PLAY, None
        if not self._apply_effect(code, seat, amount, card) and not self.over:
            self._resolve()

    def _offer_give(self) -> bool:
        """Wait for the caster to pick the cards to give; one card left is given without asking."""
        hand = self.hands[self.seat]
        while self.give_left and len(hand) == 1 and not self.over:
            self._give_one(hand[0])
        if self.give_left and hand and not self.over:
            self.phase = GIVING
            return True
        return False

    def _give(self, card: int) -> None:
        self._give_one(card)
        if not self.over and not self._offer_give() and not self.over:  # the last card given may end the game
            self.phase = PLAY
            self._resolve()

    def _give_one(self, card: int) -> None:
        caster = self.seat
        self.hands[caster].remove(card)
        insort(self.hands[self.give_to], card)
        self.known_by[card] |= 1 << caster | 1 << self.give_to  # both saw it; whoever knew it was there still knows
        self.give_left -= 1
        self.passed = 0
        if not self.hands[caster]:
            self.give_left = 0
            self._go_out(caster)

    def _offer_extra(self, amount: int) -> bool:
        """Let the caster lay up to `amount` more cards, each beating the one below; skip when none can."""
        if self.out[self.seat] or not self._lays():
            return False
        self.phase, self.extra_left = EXTRA, amount
        return True

    def _extra(self, action: int) -> None:
        self.phase = PLAY
        if action == self.engine.decline_action:
            self._resolve()
            return
        card = self._lay(action)
        if self.over:
            return
        if self.extra_left > 1:
            self.pending.append((CONTINUE_EXTRA, NEXT, self.extra_left - 1, card))
        # RULES.md: a spell laid as the extra card applies its effect too, at once
        self.pending.extend((code, target, amount, card) for code, target, amount in reversed(self.effects_of[card]))
        self._resolve()
