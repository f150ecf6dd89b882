"""Effects in the turns style of the rules interpreter: cards that act when laid (the spell vocabulary and
`name`), effects that wait for the next seat's answer, extra cards, giving and choosing (docs/rules-format.md,
"effects"). A mixin of RulesState (state.py), beside TurnsMixin (turns.py), whose phase numbers it shares."""
from __future__ import annotations

from .model import EffectStep
from .turns import (CASTER_EFFECTS, CHOOSE, END_LAST_HOLDING, EXTRA, GIVE, NAME, R_CONTINUE, R_EFFECTS, R_END_TURN,
                    _lasting)


class EffectsMixin:
    """What laid cards do, and the decisions they ask for."""

    __slots__ = ()

    # -- effects waiting for an answer ------------------------------------------------------------------------

    def _answers(self, seat: int) -> list[int]:
        """Return what a seat may do while effects wait for its answer: lay a card every waiting effect accepts
        (from the first play move's zone), or take them: draw the cards owed, else miss the turn (`stand`)."""
        e, waiting = self.engine, self.waiting
        hand = self.zones[e.play_src[0][seat]] if e.play_src else ()   # no play move: nothing answers
        if len(waiting) == 1:  # the common case: one mask
            name, _, mask = waiting[0]
            legal = [card for card in hand if mask[card]]
            legal.append(e.draw if name == "draw" else e.stand)
            return legal
        masks = [mask for _, _, mask in waiting]
        legal = [card for card in hand if all(mask[card] for mask in masks)]
        legal.append(e.draw if any(name == "draw" for name, _, _ in waiting) else e.stand)
        return legal

    def _take_waiting(self, seat: int) -> None:
        """Take the waiting effects: draw every card owed (the stock refilled from the pile when needed); a skip
        is this turn, and any further turns it names are missed too. Either is the seat's whole turn."""
        t, waiting, self.waiting = self.t, self.waiting, []
        for name, amount, _ in waiting:
            self.count(f"{self.engine.effect_keys.get(name, name)}.taken")
            if name == "draw":
                self._queue(t.stock, t.hand + seat, times=amount, refill=True)
            else:
                self.skips[seat] += amount - 1
        self.resume = R_END_TURN

    def _wait(self, step) -> None:
        """An effect with `answer` waits for the next seat; a draw adds its count to a draw already waiting."""
        for i, (name, amount, mask) in enumerate(self.waiting):
            if name == step.name:
                if name == "draw":
                    self.waiting[i] = (name, amount + step.amount, mask)
                return
        self.waiting.append((step.name, step.amount, self.engine.answer_masks[step]))

    # -- effects ------------------------------------------------------------------------------------------------

    def _run_effects(self) -> None:
        """Apply the queued effects in order; stop for a decision (a suit, a seat, cards to give) or for cards to
        be drawn, and come back here after it."""
        e = self.engine
        while self.effect_queue:
            step = self.effect_queue[0]
            if step.names_value:
                self.effect_queue.pop(0)
                self.count(step.name)
                self._set_player(self.caster, NAME, list(e.names))
                self.resume = 0
                return
            if step.name in CASTER_EFFECTS and self._is_out(self.caster):
                self.effect_queue.pop(0)  # docs: what would move cards to or from a seat that is out is void
                continue
            chosen = self._chosen_targets() if step.target == "chosen" else ()
            if len(chosen) > 1:  # a choice of one is not asked
                self._set_player(self.caster, CHOOSE, [e.seat_base + s for s in chosen])
                return
            self.effect_queue.pop(0)
            if step.name == "extra_play":
                if self._offer_extra(step.amount):
                    return
                continue
            # (an effect waiting for an answer has no targets yet: the next seat answers it)
            targets = list(chosen) or (() if step.answer is not None else self._effect_targets(step.target))
            if self._apply_effect(step, targets):
                return
        self.resume = R_CONTINUE if self.again else R_END_TURN
        self.again = False

    def _chosen_targets(self) -> list[int]:
        return [s for s in range(self.n) if s != self.caster and not self.stood[s] and not self.bust[s]]

    def _effect_targets(self, target: str) -> list[int]:
        n, caster, d = self.n, self.caster, self.direction
        live = [(caster + d * step) % n for step in range(1, n)]
        live = [s for s in live if not self.stood[s] and not self.bust[s]] or live
        if target == "others":
            return live
        if target == "previous":
            return live[-1:]
        return live[:1]

    def _apply_effect(self, step, targets: list[int]) -> bool:
        """Apply one effect; return True when it waits for something (a decision, cards to draw)."""
        t, name = self.t, step.name
        self.count(self.engine.effect_keys.get(name, name))
        if step.answer is not None:
            self._wait(step)
        elif name == "skip":
            for seat in targets:
                self.skips[seat] += step.amount
        elif name == "reverse":
            self.direction = -self.direction
        elif name == "play_again":
            self.again = True
        elif name == "draw":  # one card at a time, in turn order
            for _ in range(step.amount):
                for seat in targets:
                    self._queue(t.stock, t.hand + seat, refill=True)
            self.resume = R_EFFECTS
            return bool(self.pending)
        elif name == "swap_hands" and targets:
            a, b = t.hand + self.caster, t.hand + targets[0]
            self.zones[a], self.zones[b] = self.zones[b], self.zones[a]
        elif name == "give" and targets and self.zones[t.hand + self.caster]:
            self.give_left, self.give_target = step.amount, targets[0]
            return self._ask_give()
        return False

    def _ask_give(self) -> bool:
        """Ask the caster for the next card to give; a last card is given without asking (its giver goes out).
        Return True when it waits for the decision."""
        hand = self.zones[self.t.hand + self.caster]
        while self.give_left and len(hand) == 1:
            self._give_card(self.caster, hand[0])
        if self.give_left and hand:
            self._set_player(self.caster, GIVE, list(hand))
            return True
        return False

    def _give_card(self, seat: int, card: int) -> None:
        t = self.t
        self._remove(t.hand + seat, card)
        self._put(t.hand + self.give_target, card)
        self.give_left -= 1
        if not self.zones[t.hand + seat] and self._ends_round():
            self.give_left, self.effect_queue = 0, []  # the giver's last card ended the round

    def _offer_extra(self, amount: int) -> bool:
        """extra_play: let the caster lay up to `amount` more cards, each under the play moves as usual, or pass;
        nothing to lay: the offer is void. Return True when it waits for the decision."""
        cards = self._playable(self.caster)
        if not cards:
            return False
        self.count("extra_play")
        self.extra_left = amount
        self._set_player(self.caster, EXTRA, cards + [self.engine.pass_])
        return True

    def _extra_card(self, seat: int, action: int) -> None:
        """The caster's answer to extra_play: pass, or lay the card, whose effects come first; a further extra
        card may follow while the count lasts."""
        if action == self.engine.pass_:
            return
        rest, self.effect_queue = self.effect_queue, []
        self._play_card(seat, action)
        if not self.zones[self.t.hand + seat] and self._ends_round():
            # the card ended the round: as in _play_card, only lasting effects act (none under last_holding)
            if self.engine.round_end != END_LAST_HOLDING:
                self.effect_queue = [*self.effect_queue, *_lasting(tuple(rest))]
            return
        more = [EffectStep("extra_play", amount=self.extra_left - 1)] if self.extra_left > 1 else []
        self.effect_queue = [*self.effect_queue, *more, *rest]

    def _effect_choice(self, seat: int, action: int) -> None:
        """A decision an effect asked for: the suit named, the seat chosen, a card given."""
        e = self.engine
        if self.phase == NAME:
            self.named_suit = action - e.name_base
            if not self.effect_queue:  # what _run_effects does with nothing more to apply, without its call
                self.resume = R_CONTINUE if self.again else R_END_TURN
                self.again = False
                return
        elif self.phase == CHOOSE:
            step = self.effect_queue.pop(0)
            if self._apply_effect(step, [action - e.seat_base]):
                return
        elif self.phase == EXTRA:
            self._extra_card(seat, action)
        else:
            self._give_card(seat, action)
            if self._ask_give():
                return
        self.resume = R_EFFECTS
