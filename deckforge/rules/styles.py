"""The tricks and reveal styles of the rules interpreter, and bidding (docs/rules-format.md, "play", "bid").
A mixin of RulesState (state.py)."""
from __future__ import annotations

from bisect import insort

# phases and resume codes are state.py's (plain numbers here, to avoid a circular import)
BID, TRICK, REVEAL = 2, 7, 8
R_REVEAL = 6
PASS_ON = -2   # engine.PASS_ON: a card that lets the next one set the suit to follow


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
        self.trick_size = self.n - self.zones[hand:hand + self.n].count([])   # the seats holding cards
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
            led = self._led_suit()
            if led >= 0:
                suit_of = t.suit_of
                same = [c for c in hand if suit_of[c] == led]
                if same:
                    if tricks.wild is None:
                        return same
                    wild = e.trick_wild
                    return [c for c in hand if suit_of[c] == led or wild[c]]
        return list(hand)

    def _led_suit(self) -> int:
        """Return the suit to follow: the one the first card not in `loses_all` sets (engine.opens); -1 for none,
        as after a `beats_all` card or before any card but `loses_all` ones."""
        opens = self.engine.opens
        for card in self.trick:
            if opens[card] != PASS_ON:
                return opens[card]
        return -1

    def _trick_card(self, seat: int, card: int) -> None:
        e, t, zones = self.engine, self.t, self.zones
        zones[t.hand + seat].remove(card)   # _remove, _put and _credit, without their calls
        if t.sorted_slot[t.middle]:
            insort(zones[t.middle], card)
        else:
            zones[t.middle].append(card)
        self.plays[seat][t.kind_of[card]] += 1
        self.trick.append(card)
        self.trick_seats.append(seat)
        if e.locked_mask[card] and not self.broken and e.rules.play.tricks.lead_locked is not None:
            self.broken = True
            self.count("lead_locked.broken")
        if len(self.trick) < self.trick_size:
            nxt = (seat + 1) % self.n
            while not zones[t.hand + nxt]:  # a seat with no cards left sits the trick out
                nxt = (nxt + 1) % self.n
            self.player, self.legal = nxt, self._trick_legal(nxt)  # (the phase stays TRICK)
            return
        best = self._special_winner() if e.special_tricks else self._trick_winner()
        winner = self.trick_seats[best]
        self.count("trick")
        if t.suit_of[self.trick[best]] == self.trump_suit >= 0 and t.suit_of[self.trick[0]] != self.trump_suit:
            self.count("trump")
        won = zones[t.won + winner]
        if t.sorted_slot[t.won + winner]:
            for c in zones[t.middle]:
                insort(won, c)
        else:
            won.extend(zones[t.middle])
        zones[t.middle] = []
        self.tricks_won[winner] += 1
        self.first_trick = False
        if not any(zones[t.hand:t.hand + self.n]):
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

    def _special_winner(self) -> int:
        """Return the winning card's index when some cards beat or lose to all (docs: `beats_all`, `loses_all`):
        the first `beats_all` card; else the highest trump or card of the suit led, `loses_all` cards below every
        other; a trick of `loses_all` cards only goes to the first."""
        e, t, trick = self.engine, self.t, self.trick
        for i, card in enumerate(trick):
            if e.beats_all[card]:
                self.count("beats_all")
                return i
        led, trump = self._led_suit(), self.trump_suit
        keys = [-2 if e.loses_all[c] else t.rank_of[c] + (2000 if t.suit_of[c] == trump >= 0 else
                                                         1000 if t.suit_of[c] == led >= 0 else 0) for c in trick]
        best = keys.index(max(keys))   # the first of the strongest
        if e.loses_all[trick[best]]:
            self.count("loses_all")
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
