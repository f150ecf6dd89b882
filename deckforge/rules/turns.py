"""The turns style of the rules interpreter: the legal moves of a turn, their consequences and the automatic rules
(docs/rules-format.md, "moves", "always"); what laid cards do is in effects.py. A mixin of RulesState (state.py)."""
from __future__ import annotations

from bisect import insort

from .model import AskMove, Bust, DrawMove, HitMove, PassMove, Sets, StandMove, TakeMove

# phases and resume codes are state.py's; repeated here as plain numbers to avoid a circular import
TURN, NAME, CHOOSE, GIVE = 3, 4, 5, 6
EXTRA = 11   # state.py's phase: the caster may lay one more card (extra_play) or pass
CASTER_EFFECTS = ("give", "swap_hands", "play_again", "extra_play")  # void when the caster is out
R_END_TURN, R_CONTINUE, R_EFFECTS = 4, 5, 7
C_DRAW, C_PASS, C_STAND, C_HIT, C_TAKE, C_ASK = range(6)   # the moves other than play (engine.other_codes)
ALWAYS, NO_PLAY, NO_OTHER = range(3)                       # `when`, as numbers
# end.round as numbers, in the order of model.ROUND_ENDS
END_HANDS_EMPTY, END_FIRST_OUT, END_LAST_HOLDING, END_ALL_STOOD, END_SETS_COMPLETE, END_STOCK_EMPTY, END_NO_MOVES = range(7)


def _lasting(steps: tuple) -> tuple:
    """Return the effects that still act once the round is over: not those waiting for an answer or naming."""
    return tuple(step for step in steps if step.answer is None and not step.names_value)


def _first_run(cards: list[int], rank_of: tuple[int, ...], size: int) -> list[int]:
    """Return `size` cards whose ranks follow one another (the lowest such run; one card per rank), or []."""
    run: list[int] = []
    for card in sorted((c for c in cards if rank_of[c] >= 0), key=lambda c: (rank_of[c], c)):
        if run and rank_of[card] == rank_of[run[-1]]:
            continue  # a second card of a rank already in the run stays in the hand
        if run and rank_of[card] != rank_of[run[-1]] + 1:
            run = []
        run.append(card)
        if len(run) == size:
            return run
    return []


class TurnsMixin:
    """Moves of a turn and automatic rules."""

    __slots__ = ()

    # -- whose turn ---------------------------------------------------------------------------------------------

    def _give_turn(self, seat: int) -> None:
        """Give the turn to `seat` or the next seat after it that can move (spending skips on the way); a table
        where no seat can move ends the round."""
        n, skips, stood, bust, direction = self.n, self.skips, self.stood, self.bust, self.direction
        # docs: under last_holding a seat that emptied its hand is out and takes no more turns (as _is_out says)
        out = self.out_order if self.engine.round_end == END_LAST_HOLDING else ()
        for _ in range(3 * n):
            if seat in out:
                pass
            elif skips[seat]:
                skips[seat] -= 1
            elif not stood[seat] and not bust[seat]:
                legal = self._turn_legal(seat)
                if legal:
                    self.caster = self.player = seat
                    self.phase, self.legal = TURN, legal
                    return
            seat = (seat + direction) % n
        self.count("no_moves")
        self._end_round()

    def _turn_legal(self, seat: int) -> list[int]:
        """Return the seat's legal actions: the cards its play moves allow, then the other moves that `when` lets
        through (a `no_other` move only when nothing else is, the first such one listed)."""
        e, zones = self.engine, self.zones
        if self.waiting:
            return self._answers(seat)
        if e.fit_any is not None:  # every play move from one zone onto one: their merged table, by the top
            target = zones[e.play_dst[0][seat]]
            fits = e.fit_any[self.named_suit + 1][target[-1] + 1 if target else 0]
            legal = [card for card in zones[e.play_src[0][seat]] if fits[card]]
        elif e.fast_play:  # one or two play moves from one zone: the table of fitting cards, indexed by the top
            named = self.named_suit + 1
            source = zones[e.play_src[0][seat]]
            target = zones[e.play_dst[0][seat]]
            first = e.fit_table[0][named][target[-1] + 1 if target else 0]
            if e.two_plays:
                target = zones[e.play_dst[1][seat]]
                second = e.fit_table[1][named][target[-1] + 1 if target else 0]
                legal = [card for card in source if first[card] or second[card]]
            else:
                legal = [card for card in source if first[card]]
        else:
            legal = self._cards_of_many(seat) if e.play_dst else []
        if not e.draw_else_pass:
            return self._other_actions(seat, legal)
        # what _other_actions gives for `draw` (always) then `pass` (no_other), without its loop
        if zones[e.draw_src[seat]] or e.draw_refills[seat] and len(zones[self.t.pile]) > 1:
            legal.append(e.draw)
        elif not legal:
            return [e.pass_]
        if len(legal) > 1 and legal[-1] < legal[-2]:
            legal.sort()
        return legal

    def _other_actions(self, seat: int, legal: list[int]) -> list[int]:
        """Return the seat's legal actions: `legal` (the cards it may lay) followed by the other moves that `when`
        lets through (a `no_other` move only when nothing else is, the first such one listed)."""
        e, zones = self.engine, self.zones
        played = bool(legal)
        deferred = None
        for code, when, move in e.other_codes:
            if when == NO_PLAY and played:
                continue
            if code == C_PASS:
                actions = e.pass_actions
            elif code == C_DRAW:
                source = e.draw_src[seat]
                actions = e.draw_actions if zones[source] or move.refill and source == self.t.stock \
                    and len(zones[self.t.pile]) > 1 else None
            else:
                actions = self._move_actions(seat, code, move)
            if when == NO_OTHER:
                if deferred is None and actions:
                    deferred = actions
            elif actions:
                legal += actions
        if not legal and deferred:
            return list(deferred)
        if len(legal) > 1 and legal[-1] < legal[-2]:
            legal.sort()
        return legal

    def _playable(self, seat: int) -> list[int]:
        """Return the cards the seat may lay now under its play moves (extra_play offers only these)."""
        e, zones = self.engine, self.zones
        if not e.play_dst:
            return []
        if not e.fast_play:
            return self._cards_of_many(seat)
        named = self.named_suit + 1
        rows = [e.fit_table[k][named][zones[targets[seat]][-1] + 1 if zones[targets[seat]] else 0]
                for k, targets in enumerate(e.play_dst)]
        return [card for card in zones[e.play_src[0][seat]] if any(row[card] for row in rows)]

    def _is_out(self, seat: int) -> bool:
        """Return whether the seat is out of the round: under `end.round: last_holding`, it emptied its hand."""
        return self.engine.round_end == END_LAST_HOLDING and seat in self.out_order

    def _cards_of_many(self, seat: int) -> list[int]:
        """Return the cards any of three or more play moves (or moves from different zones) allow, sorted."""
        e, zones, fit_row = self.engine, self.zones, self.t.fit_row
        cards = set()
        for k, targets in enumerate(e.play_dst):
            target = zones[targets[seat]]
            row = fit_row(k, target[-1] if target else -1, self.named_suit)
            cards.update(card for card in zones[e.play_src[k][seat]] if row[card])
        return sorted(cards)

    def _move_actions(self, seat: int, code: int, move) -> list[int]:
        """Return the actions a move other than `play` gives the seat now (none when it cannot be taken)."""
        e, zones = self.engine, self.zones
        if code == C_DRAW:
            source = e.draw_src[seat]
            if zones[source] or move.refill and source == self.t.stock and len(zones[self.t.pile]) > 1:
                return [e.draw]
            return []
        if code == C_PASS:
            return [e.pass_]
        if code == C_STAND:
            return [e.stand]
        if code == C_HIT:
            return [e.hit] if zones[e.hit_src[seat]] else []
        hand = zones[self.t.hand + seat]
        if not hand:
            return []
        if code == C_TAKE:
            return [e.seat_base + s for s in self._targets(seat, move.target)]
        ask_of = self.t.ask_of
        values = sorted({ask_of[card] for card in hand if ask_of[card] >= 0})
        V = e.ask_values
        return [e.ask_base + s * V + v for s in self._targets(seat, move.target) for v in values]

    def _targets(self, seat: int, target: str) -> list[int]:
        """Return the seats a take or ask may aim at: others holding cards, the nearest one for left/right."""
        n, hand = self.n, self.t.hand
        holders = [(seat + step) % n for step in range(1, n) if self.zones[hand + (seat + step) % n]]
        if target in ("left", "next"):
            return holders[:1]
        if target in ("right", "previous"):
            return holders[-1:]
        return sorted(holders)

    # -- the moves ----------------------------------------------------------------------------------------------

    def _turn_action(self, seat: int, action: int) -> None:
        e, t = self.engine, self.t
        self.caster = seat
        self.passes = self.passes + 1 if action == e.pass_ else 0
        if self.waiting:
            if action >= e.size:
                self._take_waiting(seat)
                return
            for name, _, _ in self.waiting:  # laid on them, the waiting effects pass on to the next seat
                self.count(f"{e.effect_keys.get(name, name)}.answered")
        if action < e.size:
            self._play_card(seat, action)
        elif action == e.draw:
            move, name, effects = e.move_of[DrawMove], e.move_name[DrawMove], self.effects
            effects[name] = effects.get(name, 0) + 1
            self.pending.extend([(e.draw_src[seat], t.hand + seat, -1, move.refill, None)] * move.count)  # _queue
            self.resume = R_CONTINUE if move.then == "continue" else R_END_TURN
        elif action == e.hit:
            self.count(e.move_name[HitMove])
            self._queue(e.hit_src[seat], e.hit_dst[seat], credit=seat)
            self.resume = R_END_TURN
        elif action == e.stand or action == e.pass_:
            self.count(e.move_name[StandMove if action == e.stand else PassMove])
            self.stood[seat] = self.stood[seat] or action == e.stand
            self.resume = R_END_TURN
        elif action < e.ask_base:
            self.count(e.move_name[TakeMove])
            self._queue(t.hand + action - e.seat_base, t.hand + seat, credit=seat)
            self.resume = R_END_TURN
        else:
            self._ask(seat, *divmod(action - e.ask_base, e.ask_values))

    def _play_card(self, seat: int, card: int) -> None:
        """Lay a card under the first play move that allows it; its effects follow (the move's `then`, then the
        rules' `effects` and the card's own)."""
        e, t, zones = self.engine, self.t, self.zones
        k = 0
        if e.first_fit is not None:  # the first move that lays it (engine._build_shared_target)
            target = zones[e.play_dst[0][seat]]
            k = e.first_fit[self.named_suit + 1][target[-1] + 1 if target else 0][card]
        elif len(e.play_dst) > 1:
            named = self.named_suit + 1
            for move, targets in enumerate(e.play_dst):
                target = zones[targets[seat]]
                if t.fit_table[move][named][target[-1] + 1 if target else 0][card]:
                    k = move  # else (a card laid in answer to a waiting effect, `answer`) the first move
                    break
        source = zones[e.play_src[k][seat]]
        source.remove(card)
        target = e.play_dst[k][seat]
        if t.sorted_slot[target]:
            insort(zones[target], card)
        else:
            zones[target].append(card)
        self.plays[seat][t.kind_of[card]] += 1
        name, effects = e.play_names[k], self.effects
        effects[name] = effects.get(name, 0) + 1
        self.named_suit = -1
        then, effects = t.play_moves[k].then, t.card_effects[card]
        if (then or effects) and not source and self._ends_round():
            # the round is over: no next turn to wait for, no suit worth naming; other effects still act (first_out:
            # the cards the others hold decide their places), except once one seat is left holding cards (last_holding:
            # every place is decided; nothing more happens)
            then, effects = ((), ()) if e.round_end == END_LAST_HOLDING else (_lasting(then), _lasting(effects))
        if then or effects:
            self.effect_queue = [*then, *effects]
            self.resume = R_EFFECTS
        else:
            self.resume = R_END_TURN

    def _ends_round(self) -> bool:
        """Return whether the round's end has come (a seat has just laid its last card)."""
        self._note_out()
        return self._round_over()

    def _top(self, slot: int) -> int:
        cards = self.zones[slot]
        return cards[-1] if cards else -1

    def _ask(self, seat: int, target: int, value: int) -> None:
        """Go Fish: the asked seat hands over the cards of that value, or the asker draws (docs: ask)."""
        e, t = self.engine, self.t
        move = e.move_of[AskMove]
        name = e.move_name[AskMove]
        asked = self.zones[t.hand + target]
        found = [card for card in asked if t.ask_of[card] == value]
        if found:
            self.count(f"{name}.hit")
            for card in found if move.hit == "take_all" else found[:1]:
                self._remove(t.hand + target, card)
                self._put(t.hand + seat, card)
            self.resume = R_CONTINUE if move.again == "hit" else R_END_TURN
        else:
            self.count(f"{name}.miss")
            self._queue(t.stock, t.hand + seat, times=move.miss_draw)
            self.resume = R_END_TURN

    def _end_move(self, again: bool) -> None:
        """After a move and all it caused: the automatic rules, the round's end, else the next turn."""
        if self.again:
            again, self.again = True, False
        e = self.engine
        if e.always:
            self._apply_always()
        hand, n, end = e.t.hand, self.n, e.round_end
        hands = self.zones[hand:hand + n]
        empty = hands.count([])
        # _note_out has work only if an empty hand is not yet out: more empty hands than seats out, or a seat out
        # that holds cards again
        if empty and (empty > len(self.out_order) or any(hands[s] for s in self.out_order)):
            self._note_out()
        # the round's end (_round_over), its two commonest cases first
        if self.out_order if end == END_FIRST_OUT else n - empty <= 1 if end == END_LAST_HOLDING \
                else self._round_over():
            self._end_round()
            return
        if self.passes and self.passes >= sum(1 for s in range(self.n) if not self.stood[s] and not self.bust[s]):
            self.count("blocked")  # a full round of passes: nobody can do anything more this round
            if e.rules.end.blocked == "stalemate":
                self._finish(stalemate=True)
            else:
                self._end_round()
            return
        mover = self.caster
        seat = mover if again else (mover + self.direction) % n
        # _give_turn's commonest case without its call: the seat is in, owes no skip and can move
        if not (self.skips[seat] or self.stood[seat] or self.bust[seat]
                or end == END_LAST_HOLDING and seat in self.out_order):
            legal = self._turn_legal(seat)
            if legal:
                self.caster = self.player = seat
                self.phase, self.legal = TURN, legal
                return
        self._give_turn(seat)

    # -- automatic rules and the round's end ---------------------------------------------------------------------

    def _apply_always(self) -> None:
        """Apply the automatic rules to every seat: lay down sets, mark busts."""
        for is_sets, rule, name, slots in self.engine.always:
            for seat in range(self.n):
                if is_sets:
                    self._lay_sets(rule, name, seat)
                elif not self.bust[seat] and len(self.zones[slots[seat]]) > 1 \
                        and self.zone_sum(slots[seat], rule) > rule.over:
                    self.bust[seat] = True
                    self.count(name)

    def _lay_sets(self, rule: Sets, name: str, seat: int) -> None:
        t = self.t
        source, target = t.slot(rule.source, seat), t.slot(rule.to, seat)
        of = self.engine.same_of[rule]
        groups: dict[int, list[int]] = {}
        for card in self.zones[source]:
            groups.setdefault(of[card], []).append(card)
        for value, cards in groups.items():
            while value >= 0 and len(cards) >= rule.size:
                laid = _first_run(cards, self.t.rank_of, rule.size) if rule.run else cards[:rule.size]
                if not laid:
                    break
                for card in laid:
                    self._remove(source, card)
                    self._put(target, card)
                    self._credit(seat, card)
                    cards.remove(card)
                self.sets_won[seat] += 1
                self.count(name)

    def zone_sum(self, slot: int, bust: Bust | None = None) -> int:
        """Return the sum of a zone's values; soft cards (bust.soft) count low while the sum is over."""
        value_of = self.t.value_of
        cards = self.zones[slot]
        total = sum(value_of[card] for card in cards)
        if bust is not None and bust.soft is not None and total > bust.over:
            soft = self.engine.soft_mask
            for card in cards:
                if soft[card] and total > bust.over:
                    total += bust.soft_value - value_of[card]
        return total

    def _note_out(self) -> None:
        """Record the seats that have just emptied their hands (first_out, the places of a shedding game)."""
        hands = self.zones[self.t.hand:self.t.hand + self.n]
        holding, out_order = self.holding, self.out_order
        for seat, cards in enumerate(hands):
            if not cards and holding[seat] and seat not in out_order:
                out_order.append(seat)
                # end.round last_holding: a seat out of cards is out of the round (no turns; effects pass it by)
                self.stood[seat] = self.stood[seat] or self.engine.round_end == END_LAST_HOLDING

    def _round_over(self) -> bool:
        """Return whether the round's end (`end.round`, as engine.round_end's code) has come."""
        end, zones, hand, n = self.engine.round_end, self.zones, self.t.hand, self.n
        if end == END_FIRST_OUT:
            return bool(self.out_order)
        if end == END_HANDS_EMPTY:
            return not any(zones[hand:hand + n])
        if end == END_LAST_HOLDING:
            return n - zones[hand:hand + n].count([]) <= 1
        if end == END_ALL_STOOD:
            return all(self.stood[s] or self.bust[s] for s in range(n))
        if end == END_SETS_COMPLETE:
            return not zones[self.t.stock] and not any(zones[hand:hand + n])
        if end == END_STOCK_EMPTY:
            return not zones[self.t.stock]
        return False
