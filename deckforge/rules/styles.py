"""The tricks and reveal styles of the rules interpreter, and bidding (docs/rules-format.md, "play", "bid").
A mixin of RulesState (state.py)."""
from __future__ import annotations

# phases and resume codes are state.py's (plain numbers here, to avoid a circular import)
BID, TRICK, REVEAL = 2, 7, 8
R_REVEAL = 6


class StylesMixin:
    """Bids, tricks and reveals."""

    __slots__ = ()

    # -- bids -----------------------------------------------------------------------------------------------------

    def _ask_bid(self, seat: int) -> None:
        """Let `seat` bid: from `min` to `max` (the cards in hand), the last bidder barred from making the bids
        add up to the cards in hand when `not_total`."""
        rules, e = self.engine.rules.bid, self.engine
        hand = len(self.zones[self.t.hand + seat])
        high = min(hand if rules.high is None else rules.high, e.max_bid)
        low = min(rules.low, high)
        bids = range(low, high + 1)
        if rules.not_total and len(self.bids) == self.n - 1:
            barred = hand - sum(self.bids)
            bids = [b for b in bids if b != barred] or list(bids)
        self._set_player(seat, BID, [e.bid_base + b for b in bids])

    def _bid(self, seat: int, bid: int) -> None:
        self.bids.append(bid)
        self.count("bid")
        if len(self.bids) < self.n:
            self._ask_bid((seat + 1) % self.n)
        else:
            # bids were made from the dealer's left; keep them by seat
            first = (self.dealer + 1) % self.n
            self.bids = [self.bids[(s - first) % self.n] for s in range(self.n)]
            self._begin_style()

    # -- tricks ---------------------------------------------------------------------------------------------------

    def _first_leader(self) -> int:
        """Return who leads the round's first trick: the holder of `first_lead`, else the dealer's left."""
        tricks = self.engine.rules.play.tricks
        if tricks and tricks.first_lead is not None:
            mask = self.engine.first_lead_mask
            for seat in range(self.n):
                if any(mask[c] for c in self.zones[self.t.hand + seat]):
                    return seat
        return (self.dealer + 1) % self.n

    def _start_trick(self, leader: int) -> None:
        self.trick, self.trick_seats = [], []
        hand = self.t.hand
        self.trick_size = sum(1 for s in range(self.n) if self.zones[hand + s])
        if not self.zones[hand + leader]:
            self._end_round()
            return
        self._set_player(leader, TRICK, self._trick_legal(leader))

    def _trick_legal(self, seat: int) -> list[int]:
        """Return the cards the seat may play to the trick: the first lead card if it holds it, no locked card led
        before one was played (unless it holds nothing else), the suit led if it can follow."""
        e, t = self.engine, self.t
        hand = self.zones[t.hand + seat]
        tricks = e.rules.play.tricks
        if not self.trick:
            if self.first_trick and tricks.first_lead is not None:
                first = [c for c in hand if e.first_lead_mask[c]]
                if first:
                    return first
            if tricks.lead_locked is not None and not self.broken:
                free = [c for c in hand if not e.locked_mask[c]]
                if free:
                    return free
            return list(hand)
        if tricks.follow == "suit":
            led = t.suit_of[self.trick[0]]
            same = [c for c in hand if t.suit_of[c] == led]
            if same:
                return same
        return list(hand)

    def _trick_card(self, seat: int, card: int) -> None:
        e, t = self.engine, self.t
        self._remove(t.hand + seat, card)
        self._put(t.middle, card)
        self._credit(seat, card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        if e.locked_mask[card] and not self.broken and e.rules.play.tricks.lead_locked is not None:
            self.broken = True
            self.count("lead_locked.broken")
        if len(self.trick) < self.trick_size:
            nxt = (seat + 1) % self.n
            while not self.zones[t.hand + nxt]:  # a seat with no cards left sits the trick out
                nxt = (nxt + 1) % self.n
            self._set_player(nxt, TRICK, self._trick_legal(nxt))
            return
        best = self._trick_winner()
        winner = self.trick_seats[best]
        self.count("trick")
        if t.suit_of[self.trick[best]] == self.trump_suit >= 0 and t.suit_of[self.trick[0]] != self.trump_suit:
            self.count("trump")
        for c in self.zones[t.middle]:
            self._put(t.won + winner, c)
        self.zones[t.middle] = []
        self.tricks_won[winner] += 1
        self.first_trick = False
        if not any(self.zones[t.hand + s] for s in range(self.n)):
            self._end_round()
        else:
            self._start_trick(winner)

    def _trick_winner(self) -> int:
        """Return the index in the trick of the winning card: the highest trump, else the highest of the suit led."""
        suit_of, rank_of, trump = self.t.suit_of, self.t.rank_of, self.trump_suit
        best = 0
        for i in range(1, len(self.trick)):
            card, top = self.trick[i], self.trick[best]
            if suit_of[card] == suit_of[top]:
                if rank_of[card] > rank_of[top]:
                    best = i
            elif suit_of[card] == trump >= 0:
                best = i
        return best

    # -- reveal ---------------------------------------------------------------------------------------------------

    def _start_reveal(self) -> None:
        """Begin a reveal: turn up the prize, then every seat picks (the round ends when the hands are empty)."""
        t, reveal = self.t, self.engine.rules.play.reveal
        if not any(self.zones[t.hand + s] for s in range(self.n)):
            self._end_round()
            return
        if reveal.prize_from is not None:
            self._queue(t.slot(reveal.prize_from, 0), t.middle, times=reveal.prize_count)
        self.resume = R_REVEAL

    def _reveal_picks(self) -> None:
        self.picks = [-1] * self.n
        self._next_pick((self.dealer + 1) % self.n)

    def _next_pick(self, seat: int) -> None:
        """Ask the next seat (from `seat` on) that holds cards and has not picked; when all have, show them."""
        hand = self.t.hand
        for step in range(self.n):
            s = (seat + step) % self.n
            if self.picks[s] < 0 and self.zones[hand + s]:
                self._set_player(s, REVEAL, list(self.zones[hand + s]))
                return
        self._show_picks()

    def _reveal_card(self, seat: int, card: int) -> None:
        self._remove(self.t.hand + seat, card)
        self.picks[seat] = card
        self._next_pick((seat + 1) % self.n)

    def _show_picks(self) -> None:
        """Show every pick at once: the best takes the prize; ties as `tie` says (docs: reveal)."""
        t, reveal = self.t, self.engine.rules.play.reveal
        shown = [(seat, card) for seat, card in enumerate(self.picks) if card >= 0]
        key = t.rank_of if reveal.by == "rank" else t.value_of
        pick = max if reveal.winner == "highest" else min
        best = pick(key[card] for _, card in shown)
        tied = [seat for seat, card in shown if key[card] == best]
        self.count("reveal")
        for seat, card in shown:
            self._credit(seat, card)
        prize = self.zones[t.middle]
        winner = tied[0] if len(tied) == 1 else -1
        if winner >= 0:
            for card in prize:
                self._put(t.won + winner, card)
                self._credit(winner, card)
            self.zones[t.middle] = []
        else:
            self.count("reveal.tie")
            if reveal.tie == "split":
                for seat in tied:
                    self.split_bonus[seat] += sum(t.value_of[card] for card in prize)
            if reveal.tie != "carry":
                self.zones[t.pile].extend(prize)
                self.zones[t.middle] = []
        to_won = reveal.revealed_to == "won" and winner >= 0
        for _, card in shown:
            self._put(t.won + winner if to_won else t.pile, card)
        self.picks = None
        self._start_reveal()
