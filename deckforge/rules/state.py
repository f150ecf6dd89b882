"""The rules interpreter's state, core half: zones, the chance events that move cards, set-up, rounds and the flow
from one decision to the next. The moves of the turns style are in turns.py, what laid cards do in effects.py,
tricks, reveals and bids in styles.py, scoring and the result in score.py, what may be read (strings, invariants,
determinize) in view.py.

Rules: the deck's `rules:` description (docs/rules-format.md); the engine (engine.py) holds the card tables and the
action layout. Zones are numbered slots holding lists of card indices: a hand is kept sorted, any other slot in the
order cards came (a pile's top is its last card). Card moves wait in `pending` as (from slot, to slot, seat
credited, refill, mask); one from a face-down zone or another seat's hand is a chance node over the cards there,
one from a face-up zone takes the top card at once. When nothing is pending, `resume` says what comes next.
"""
from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING

from ..sim.base import CHANCE, TERMINAL, State, uniform_outcomes, uniform_pick
from .engine import ROUND_CAP
from .model import Deal, MoveCards, TurnUp
from .score import ScoreMixin
from .styles import StylesMixin
from .effects import EffectsMixin
from .turns import TurnsMixin
from .view import RulesView

if TYPE_CHECKING:
    from .engine import RulesEngine

# phases: what the seat to move decides (or that chance does)
DEALER, DRAWING, BID, TURN, NAME, CHOOSE, GIVE, TRICK, REVEAL, OVER, TRUMP_PICK, EXTRA = range(12)
# what comes once nothing is pending
R_NONE, R_SETUP, R_TRUMP, R_PLAY, R_END_TURN, R_CONTINUE, R_REVEAL, R_EFFECTS, R_TRUMP_PICK = range(9)
TRUMP_MARK = -1          # a pending move's target that only shows the card: the trump suit, the card stays
DEALER_CHOSEN, PUBLIC = 0xFD, 0xFE   # history receivers besides seats


class RulesState(RulesView, ScoreMixin, StylesMixin, TurnsMixin, EffectsMixin, State):
    """One game of a described deck."""

    __slots__ = ("engine", "t", "n", "player", "turns", "phase", "dealer", "round_no", "zones", "pending", "resume",
                 "setup_pos", "direction", "skips", "stood", "bust", "out_order", "holding", "named_suit", "trick",
                 "trick_seats", "trick_size", "broken", "first_trick", "tricks_won", "sets_won", "bids", "trump_suit", "picks",
                 "split_bonus", "totals", "round_totals", "bids_made", "bids_made_by_seat", "again", "effect_queue",
                 "caster", "passes", "give_left", "give_target", "last_dealt", "over", "stalemate", "history", "plays",
                 "effects", "legal", "first_player", "waiting", "extra_left", "stock_known")

    def __init__(self, engine: RulesEngine, starter: int | None):
        n = self.n = engine.players
        self.engine, self.t = engine, engine.t
        self.turns, self.player, self.round_no = 0, CHANCE, 1
        self.over = self.stalemate = False
        self.history: list[int] = []
        self.plays = [[0] * len(engine.t.card_ids) for _ in range(n)]
        self.effects: dict[str, int] = {}
        self.totals = [0] * n
        self.round_totals: list[list[int]] = []
        self.bids_made: list[int] = []
        self.bids_made_by_seat = [0] * n
        self.legal: list[int] = []
        self.zones = [[] for _ in range(engine.t.slots)]
        self.zones[engine.t.stock] = list(range(engine.size))
        self.pending: list[tuple] = []
        self.resume = R_NONE
        self.first_player = None
        if starter is None:
            self.phase, self.dealer = DEALER, -1
            for name in (*self._SCALARS, *self._LISTS):   # set when the round starts; a clone needs them before
                if not hasattr(self, name):
                    setattr(self, name, [] if name in self._LISTS else None)
        else:
            self.dealer = (starter - 1) % n
            self._start_round()
            self._flow()

    # -- the interface ------------------------------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        return self.legal

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == DEALER:
            return uniform_outcomes(range(self.n))
        return uniform_outcomes(sorted(self._chance_cards()))

    def sample_chance(self, rng: random.Random) -> int:
        """Draw a chance outcome: a seat for the dealer, else one card of the pending move's source, uniformly."""
        if self.phase == DEALER:
            return rng.randrange(self.n)
        move = self.pending[0]   # (source, target, credit, refill, mask)
        return uniform_pick(rng, self.zones[move[0]] if move[4] is None else self._chance_cards())

    def _chance_cards(self) -> list[int]:
        source, mask = self.zones[self.pending[0][0]], self.pending[0][4]
        return source if mask is None else [card for card in source if mask[card]]

    def _apply_action(self, action: int) -> None:
        if self.player == CHANCE:
            if self.phase == DEALER:
                self.dealer = action
                self.history.append(~(action << 8 | DEALER_CHOSEN))
                self._start_round()
            else:
                self._take_chance(action)
                pending = self.pending
                if pending and self.t.blind_slot[pending[0][0]] and pending[0][4] is None \
                        and self.zones[pending[0][0]]:
                    return  # the next card is chance too (a deal, a draw of several): nothing else to do yet
                if not pending and self.resume == R_END_TURN:  # a draw done: the turn is over
                    self.resume = R_NONE
                    self._end_move(False)
                    if not self.resume and not self.pending:
                        return
            self._flow()
            return
        seat = self.player
        self.turns += 1
        self.history.append(action << 8 | seat)
        phase = self.phase
        if phase == TURN:
            if action < self.engine.size and not self.waiting:  # a card laid: _turn_action's commonest case
                self.caster, self.passes = seat, 0
                self._play_card(seat, action)
            else:
                self._turn_action(seat, action)
        elif phase == TRICK:
            self._trick_card(seat, action)
        elif phase == REVEAL:
            self._reveal_card(seat, action)
        elif phase == BID:
            self._bid(seat, action - self.engine.bid_base)
        elif phase == TRUMP_PICK:   # the dealer names the trump suit (trump: turn_up, dealer_chooses)
            self.trump_suit = action - self.engine.name_base
            self.resume = R_PLAY
        else:
            self._effect_choice(seat, action)
        if self.resume == R_END_TURN and not self.pending:  # the common case, without the loop of _flow
            self.resume = R_NONE
            self._end_move(False)
        if self.resume or self.pending:
            self._flow()

    def is_terminal(self) -> bool:
        return self.over

    # -- moving cards -------------------------------------------------------------------------------------------

    def _put(self, slot: int, card: int) -> None:
        """Put a card into a slot: sorted into a hand-like (owner-only) slot, on top of any other."""
        if self.t.sorted_slot[slot]:
            insort(self.zones[slot], card)
        else:
            self.zones[slot].append(card)

    def _remove(self, slot: int, card: int) -> None:
        self.zones[slot].remove(card)

    def _credit(self, seat: int, card: int) -> None:
        """Count a card as played by `seat` (docs/rules-format.md: what counts as played)."""
        self.plays[seat][self.t.kind_of[card]] += 1

    def count(self, rule: str, times: int = 1) -> None:
        """Count a rule firing (GameResult.effects, keyed by rule)."""
        self.effects[rule] = self.effects.get(rule, 0) + times

    def _queue(self, source: int, target: int, credit: int = -1, times: int = 1, refill: bool = False,
               mask=None) -> None:
        self.pending.extend([(source, target, credit, refill, mask)] * times)

    def _take_chance(self, card: int) -> None:
        source, target, credit, _, _ = self.pending.pop(0)
        if target == TRUMP_MARK:
            self._trump_card(card)
            return
        zones, t = self.zones, self.t
        zones[source].remove(card)
        if t.sorted_slot[target] and credit < 0:  # a card dealt or drawn into a hand: _arrive's commonest case
            insort(zones[target], card)
            self.history.append(~(card << 8 | t.owner_of_slot[target]))
            self.last_dealt = card
            return
        self._arrive(target, card, credit)

    def _trump_card(self, card: int) -> None:
        """Read the card turned up for trump: its suit; none for a `no_trump` card; the dealer's choice for a
        `dealer_chooses` card (docs/rules-format.md, "trump")."""
        e = self.engine
        self.history.append(~(card << 8 | PUBLIC))
        if e.chooser_mask[card] and e.names:   # (a deck without suits has none to choose)
            self.count("trump.chosen")
            self.resume = R_TRUMP_PICK
        elif e.no_trump_mask[card]:
            self.count("trump.none")
        else:
            self.trump_suit = self.t.suit_of[card]

    def _arrive(self, target: int, card: int, credit: int) -> None:
        t = self.t
        if t.sorted_slot[target]:
            insort(self.zones[target], card)
            self.history.append(~(card << 8 | t.owner_of_slot[target]))
        else:
            self.zones[target].append(card)
            self.history.append(~(card << 8 | PUBLIC))
        if credit < 0:
            self.last_dealt = card
        else:
            self.plays[credit][t.kind_of[card]] += 1

    def _flow(self) -> None:
        """Resolve what follows a decision: pending card moves (a chance node for each blind one), then `resume`."""
        t, pending = self.t, self.pending
        while pending or self.resume:
            if pending:
                source, target, credit, refill, mask = pending[0]
                cards = self.zones[source]
                if mask is not None and not any(mask[c] for c in cards) or not cards:
                    if refill and not cards and len(self.zones[t.pile]) > 1 and source == t.stock:
                        self._refill()
                        continue
                    pending.pop(0)  # nothing left to take: the rest is forgiven
                    continue
                if t.blind_slot[source] and not (self.stock_known and source == t.stock):
                    self.phase, self.player = DRAWING, CHANCE
                    return
                pending.pop(0)
                card = cards.pop()
                self._arrive(target, card, credit)
                continue
            resume, self.resume = self.resume, R_NONE
            if resume == R_END_TURN:  # the two commonest cases of _resume, without its call
                self._end_move(again=False)
            elif resume == R_EFFECTS:
                self._run_effects()
            else:
                self._resume(resume)
            if self.over:
                return
        if self.player == CHANCE and not self.over:
            raise AssertionError("the interpreter stopped at a chance node with nothing pending")

    def _refill(self) -> None:
        """Turn the pile but its top card into a new stock (its order unknown again)."""
        pile = self.zones[self.t.pile]
        self.zones[self.t.stock], self.zones[self.t.pile] = pile[:-1], pile[-1:]
        if self.engine.refill_unshuffled:  # turned over as it lies: the oldest card on top, its order known
            self.zones[self.t.stock].reverse()
            self.stock_known = True
        self.count("refill")

    def _resume(self, resume: int) -> None:
        if resume == R_END_TURN:
            self._end_move(again=False)
        elif resume == R_EFFECTS:
            self._run_effects()
        elif resume == R_CONTINUE:
            self._end_move(again=True)
        elif resume == R_SETUP:
            self._setup_step()
        elif resume == R_TRUMP:
            self._after_trump()
        elif resume == R_PLAY:
            self._start_play()
        elif resume == R_REVEAL:
            self._reveal_picks()
        elif resume == R_TRUMP_PICK:
            self._set_player(self.dealer, TRUMP_PICK, list(self.engine.names))
        elif resume == R_EFFECTS:
            self._run_effects()

    def _legal_now(self) -> list[int]:
        """Return the legal actions of the seat to move, worked out anew (after a determinize)."""
        seat, hand = self.player, self.zones[self.t.hand + self.player]
        if self.phase == TURN:
            return self._turn_legal(seat)
        if self.phase == TRICK:
            return self._trick_legal(seat)
        if self.phase == EXTRA:
            return self._playable(seat) + [self.engine.pass_]
        if self.phase in (REVEAL, GIVE):
            return list(hand)
        return self.legal

    def _set_player(self, seat: int, phase: int, legal: list[int]) -> None:
        self.player, self.phase, self.legal = seat, phase, legal

    # -- rounds and set-up ----------------------------------------------------------------------------------------

    def _start_round(self) -> None:
        """Gather every card into the stock and reset the round; the set-up steps follow."""
        n, t = self.n, self.t
        if self.first_player is None:
            self.first_player = (self.dealer + 1) % n
        cards = [card for slot in self.zones for card in slot]
        self.zones = [[] for _ in range(t.slots)]
        self.zones[t.stock] = sorted(cards + [c for c in getattr(self, "picks", ()) or () if c >= 0])
        self.direction, self.skips = 1, [0] * n
        self.stood, self.bust, self.out_order, self.holding = [False] * n, [False] * n, [], [False] * n
        self.named_suit, self.trick, self.trick_seats, self.broken, self.first_trick = -1, [], [], False, True
        self.trick_size = n
        self.tricks_won, self.sets_won, self.split_bonus = [0] * n, [0] * n, [0] * n
        self.bids, self.trump_suit, self.picks = None, -1, None
        self.again, self.effect_queue, self.caster, self.give_left, self.give_target = False, [], -1, 0, -1
        self.last_dealt, self.setup_pos, self.passes = -1, 0, 0
        self.extra_left, self.stock_known = 0, False  # stock_known: refilled unshuffled, drawn without chance
        self.waiting = []  # effects waiting for the next seat's answer: (name, amount, answer mask)
        self.phase, self.player, self.resume = DRAWING, CHANCE, R_SETUP
        if self.engine.rules.trump.kind == "suit":
            self.trump_suit = t.suits.index(self.engine.rules.trump.suit) if self.engine.rules.trump.suit in t.suits else -1

    def _setup_step(self) -> None:
        """Carry out the next set-up step (its card moves queue up; the rest of the set-up resumes after them)."""
        steps, t = self.engine.rules.setup, self.t
        if self.setup_pos >= len(steps):
            self.resume = R_TRUMP
            return
        step = steps[self.setup_pos]
        self.setup_pos += 1
        self.resume = R_SETUP
        if isinstance(step, Deal):
            self._deal(step)
        elif isinstance(step, MoveCards):
            mask = t.mask(step.where)
            source = t.slot(step.source, 0)
            for card in [c for c in self.zones[source] if mask[c]]:
                self._remove(source, card)
                self._put(t.slot(step.to, 0), card)
        elif isinstance(step, TurnUp):
            self._queue(t.stock, t.slot(step.to, 0), times=step.count)

    def _deal(self, step: Deal) -> None:
        t, n = self.t, self.n
        source = t.slot(step.source, 0)
        mask = None if step.where.is_any else t.mask(step.where)
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        if step.by:  # a whole value of the attribute each, first value to the dealer's left
            of = t.attr_index(step.by)
            values = list(dict.fromkeys(of[c] for c in sorted(self.zones[source]) if mask is None or mask[c]))
            for seat, value in zip(order, values):
                for card in [c for c in self.zones[source] if of[c] == value and (mask is None or mask[c])]:
                    self._remove(source, card)
                    self._put(t.slot(step.to, seat), card)
            return
        available = sum(1 for c in self.zones[source] if mask is None or mask[c])
        count = step.count.for_players(n, self.round_no)
        cards = available if count is None else min(count, available // n) * n  # all: some seats get one more
        slots = [t.slot(step.to, seat) for seat in order]
        self.pending.extend([(source, slots[k % n], -1, False, mask) for k in range(cards)])  # _queue, one by one

    def _after_trump(self) -> None:
        """Turn up the trump (trump: turn_up): a card of the stock, or the last card dealt when none is left."""
        self.resume = R_PLAY
        if self.engine.rules.trump.kind != "turn_up":
            return
        if self.zones[self.t.stock]:
            self._queue(self.t.stock, TRUMP_MARK)
        elif self.last_dealt >= 0 and self.engine.rules.trump.stock_empty == "last_dealt":
            self.trump_suit = self.t.suit_of[self.last_dealt]
        else:
            self.count("trump.stock_empty")

    def _start_play(self) -> None:
        """After the set-up: the automatic rules once (pairs in the dealt hands), then bids, then the play."""
        hand = self.t.hand
        self.holding = [bool(self.zones[hand + seat]) for seat in range(self.n)]
        self._apply_always()
        if self.engine.rules.bid is not None:
            self.bids = []
            self._ask_bid((self.dealer + 1) % self.n)
        else:
            self._begin_style()

    def _begin_style(self) -> None:
        style = self.engine.rules.play.style
        if style == "tricks":
            self._start_trick(self._first_leader())
        elif style == "reveal":
            self._start_reveal()
        elif not self._turned_up_acts():
            self._give_turn((self.dealer + 1) % self.n)

    def _turned_up_acts(self) -> bool:
        """`turn_up: {acts: true}`: the card turned up acts as if the dealer had just laid it, naming no suit (its
        own suit stands); return whether it has effects to apply."""
        slot = self.engine.acting_slot
        top = self.zones[slot][-1] if slot >= 0 and self.zones[slot] else -1
        effects = [step for step in self.t.card_effects[top] if not step.names_value] if top >= 0 else []
        if not effects:
            return False
        self.count("turn_up.acts")
        self.caster, self.effect_queue, self.resume = self.dealer, effects, R_EFFECTS
        return True

    def _end_round(self) -> None:
        """Score the round; end the game (rounds played, a target score, the deck exhausted) or deal the next."""
        self._score_round()
        rules, n = self.engine.rules, self.n
        end = rules.end
        if end.by_deck:
            last = self.engine.size // n
        else:
            last = end.rounds if end.rounds is not None else ROUND_CAP
        if end.score is not None and max(self.team_totals()) >= end.score or self.round_no >= last \
                and (end.rounds is not None or end.by_deck):
            self._finish(stalemate=False)
            return
        if end.rounds is None and not end.by_deck and self.round_no >= ROUND_CAP:
            self._finish(stalemate=True)  # a target no one reaches: the game is stuck
            return
        self.round_no += 1
        self.dealer = (self.dealer + 1) % n
        self.pending.clear()
        self._start_round()

    def _finish(self, stalemate: bool) -> None:
        self.over, self.stalemate = True, stalemate
        self.phase, self.player, self.legal = OVER, TERMINAL, []
        self.pending.clear()
        self.resume = R_NONE


class OneRoundState(RulesState):
    """A game of a description that ends with its first round: no stage of it ends before the game does, so a
    search player has no checkpoint to test after every simulated step (deckforge/sim/mcts.py, `search_checkpoint`:
    None means none; the same playouts, without the test)."""

    __slots__ = ()
    search_checkpoint = None
