"""Reading a Wizard state: what one seat may know (its `View`, its information strings, the deals it cannot tell
apart), the whole state's text, its result, its invariants and the trace a person reads.

What a player may know (RULES.md, Wizard, and its variants): their own hand, except in round 1 of lucid vision,
where they see every other hand and not their own; the turned-up card and the trump; the bids, except the others'
bids while hidden (hidden bids: until all have bid) or secret (secret bids: until the round ends); every card
played, by whom, and who took each trick; how many cards each hand holds. Nobody sees the undealt cards.
"""
from __future__ import annotations

import operator
import random
from collections import Counter

from .rules import (BID, CHOOSE_TRUMP, DEAL, EFFECTS, FIRST_DEALER, JESTER, NUMBER, OVER, PLAY, TURN_UP, UNSET,
                    round_score, trick_winner)
from ...sim.base import CHANCE, TERMINAL, Bids, GameResult, InvariantError

TO_DO = {CHOOSE_TRUMP: "choose trump", BID: "bid", PLAY: "play"}
REJECTION_TRIES = 10   # fresh uniform deals tried before determinize repairs one to fit the known voids


class View:
    """What one player may know at a decision; policies decide from this alone.

    `hand` is None when the player may not see it (lucid vision, round 1); `seen_hands` maps other seats to the
    cards this player sees in their hands (lucid vision, round 1; else empty); `bids` holds None for every bid this
    player may not know yet (hidden bids: until all have bid; secret bids: others' bids until the round ends);
    `legal` holds the player's legal actions when it is to move (else nothing).
    """

    __slots__ = ("seat", "players", "round", "dealer", "phase", "trump", "turned_up", "hand", "seen_hands",
                 "bids", "tricks", "trick", "leader", "lead_suit", "gone", "legal")

    def __init__(self, seat, players, round, dealer, phase, trump, turned_up, hand, seen_hands, bids, tricks, trick,
                 leader, lead_suit, gone, legal):
        self.seat, self.players, self.round, self.dealer, self.phase = seat, players, round, dealer, phase
        self.trump, self.turned_up, self.hand, self.seen_hands, self.bids = trump, turned_up, hand, seen_hands, bids
        self.tricks, self.trick, self.leader, self.lead_suit = tricks, trick, leader, lead_suit
        self.gone, self.legal = gone, legal


class WizardReading:
    """The reading half of WizardState (engine.py holds the playing half)."""

    __slots__ = ()

    # -- what one seat may know --------------------------------------------------------------------------------
    def view(self, seat: int) -> View:
        """Return what `seat` may know now, under the variants in play."""
        hands, lucid = self.hands, self.round == 1 and self.engine.lucid and self.phase != OVER   # as _lucid
        return View(
            seat, self.players, self.round, self.dealer, self.phase, self.trump, self.turned_up,
            None if lucid else tuple(hands[seat]),
            {s: tuple(h) for s, h in enumerate(hands) if s != seat} if lucid else {},
            self._visible_bids(seat), tuple(self.tricks), tuple(self.trick), self.leader, self.lead_suit,
            tuple(self.taken), tuple(self.legal) if seat == self.player else ())

    def _lucid(self) -> bool:
        """Return whether lucid vision holds now: round 1, each player sees the others' cards, not their own."""
        return self.round == 1 and self.engine.lucid and self.phase != OVER

    def _visible_bids(self, seat: int) -> tuple:
        """Return the bids `seat` may know, None for the rest (hidden bids: shown once all have bid;
        secret bids: the others' shown only after the round)."""
        bids = [None if b < 0 else b for b in self.bids]
        if self.phase == OVER:
            return tuple(bids)
        if self.engine.secret or (self.engine.hidden and self.phase != PLAY):
            return tuple(b if s == seat else None for s, b in enumerate(bids))
        return tuple(bids)

    def information_state_string(self, player: int) -> str:
        """Return all that `player` may know: the public record of every round played, then this round as seen."""
        return "\n".join([self._scores_text(player)] + [self._past_text(record) for record in self.past]
                         + self._round_text(player))

    def observation_string(self, player: int) -> str:
        """Return what `player` sees now: the scores and this round as seen, without the earlier rounds."""
        return "\n".join([self._scores_text(player)] + self._round_text(player))

    def _scores_text(self, player: int) -> str:
        variants = f" ({', '.join(sorted(self.engine.variants))})" if self.engine.variants else ""
        scores = ", ".join(f"P{seat} {score}" for seat, score in enumerate(self.scores))
        return f"Wizard{variants}, {self.players} players, seen by P{player}; scores {scores}"

    def _past_text(self, record: tuple) -> str:
        """Return a round played, as everyone saw it by its end (secret and hidden bids are shown then)."""
        round_no, dealer, turned_up, trump, bids, taken = record
        tricks = self._tricks_text(dealer, trump, taken)
        bid_text = ", ".join(f"P{seat} {bid}" for seat, bid in enumerate(bids))
        return (f"round {round_no}, dealer P{dealer}, {self._trump_text(turned_up, trump)}; bids {bid_text}; "
                f"tricks {tricks}")

    def _round_text(self, player: int) -> list[str]:
        """Return this round as `player` sees it (nothing once the game is over)."""
        if self.phase == OVER:
            return ["the game is over"]
        if self.phase == FIRST_DEALER:
            return ["the first dealer is not drawn yet"]
        names, lucid = self.table.names, self._lucid()
        lines = [f"round {self.round} of {self.engine.rounds}, dealer P{self.dealer}, "
                 f"{self._trump_text(self.turned_up, self.trump, now=True)}; {self._mover()}"]
        bids = self._visible_bids(player)
        for seat, hand in enumerate(self.hands):
            if (seat == player) != lucid:
                held = ", ".join(names[c] for c in hand) or "nothing"
            else:
                held = f"{len(hand)} card{'' if len(hand) == 1 else 's'} unseen"
            bid = bids[seat] if bids[seat] is not None else "?" if self.bids[seat] >= 0 else "-"
            lines.append(f"P{seat}{' (you)' if seat == player else ''}: bid {bid}, took {self.tricks[seat]}; "
                         f"holds {held}")
        lines.append(f"tricks {self._tricks_text(self.dealer, self.trump, self.taken + self.trick)}")
        return lines

    def _trump_text(self, turned_up: int, trump: int, now: bool = False) -> str:
        """Return how a round's trump was settled (`now`: this round, which may not have settled it yet)."""
        if now and self.phase in (DEAL, TURN_UP, FIRST_DEALER):
            return "trump not settled yet"
        up = f"turned up {self.table.names[turned_up]}" if turned_up >= 0 else "nothing turned up"
        if now and self.phase == CHOOSE_TRUMP:
            return f"{up}, the dealer chooses trump"
        return f"{up}, trump {self.table.suit_names[trump] if trump >= 0 else 'none'}"

    def _tricks_text(self, dealer: int, trump: int, cards: list[int]) -> str:
        """Return the tricks of a round in play order, each card with its player and each trick with its taker."""
        names, n = self.table.names, self.players
        tricks = []
        for leader, trick, winner in self._tricks(dealer, trump, cards):
            played = " ".join(f"P{(leader + i) % n} {names[c]}" for i, c in enumerate(trick))
            tricks.append(played + ("" if winner < 0 else f" > P{winner}"))
        return " | ".join(tricks) or "none yet"

    def _tricks(self, dealer: int, trump: int, cards: list[int]):
        """Yield (leader, cards, winner or -1 while open) for each trick of a round in play order."""
        n = self.players
        leader = (dealer + 1) % n   # RULES.md: the player left of the dealer leads the first trick
        for start in range(0, len(cards), n):
            trick = cards[start:start + n]
            winner = (leader + trick_winner(trick, trump, self.table)) % n if len(trick) == n else -1
            yield leader, trick, winner
            leader = winner

    # -- the deals a seat cannot tell apart ----------------------------------------------------------------------
    def determinize(self, player: int, rng: random.Random):
        """Return a clone in which the cards `player` cannot see are dealt anew among the places they may be.

        Hidden: the other hands and the undealt cards (lucid vision, round 1: one's own hand and the undealt cards).
        Kept: hand sizes, every card played, the turned-up card, and the suits a seat showed it lacks by not
        following. The deal is uniform among those that fit when one of REJECTION_TRIES uniform deals fits; past
        that, the last is repaired by moving each card that breaks a void round a cycle of places (a deal that fits,
        not exactly uniform among them).
        """
        world = self.clone()
        if self.phase in (FIRST_DEALER, OVER):
            return world
        hidden = [player] if self._lucid() else [seat for seat in range(self.players) if seat != player]
        voids = self._voids()
        places = [world.hands[seat] for seat in hidden] + [world.stock]
        parts = _redeal(sorted(c for place in places for c in place),  # rng alone deals, not the places
                        [len(place) for place in places],
                        [voids[seat] for seat in hidden] + [0], self.table.suit, rng)
        for seat, cards in zip(hidden, parts):
            world._rehand(seat, sorted(cards))
        world.stock = sorted(parts[-1])
        if world.phase == PLAY:
            world.legal = world._legal_cards(world.player)
        return world

    def search_checkpoint(self) -> tuple[int, list[int]]:
        """Return (the round, the scores so far): the search player plays a round out, not the whole game, and
        ranks the seats by score after it (deckforge/sim/mcts.py). A choice changes only its own round's score."""
        return self.round, self.scores

    def _rehand(self, seat: int, hand: list[int]) -> None:
        """Give `seat` a new hand for the rest of the round, keeping its record of cards dealt consistent."""
        old = set(self.hands[seat])
        self.hands[seat] = hand
        if self.phase not in (DEAL, FIRST_DEALER):   # the round's hand is on the record once the deal is done
            dealt, r = self.dealt[seat], self.round
            dealt[len(dealt) - r:] = [c for c in dealt[len(dealt) - r:] if c not in old] + hand

    def _voids(self) -> list[int]:
        """Return per seat a bit mask of the suits it showed it lacks this round (a number of another suit played
        while the suit to follow was set; RULES.md, Wizard: "Following")."""
        n, suit, opens = self.players, self.table.suit, self.table.opens
        voids = [0] * n
        for leader, trick, _ in self._tricks(self.dealer, self.trump, self.taken + self.trick):
            led = UNSET
            for position, card in enumerate(trick):
                if led >= 0 and 0 <= suit[card] != led:
                    voids[(leader + position) % n] |= 1 << led
                if led == UNSET:
                    led = opens[card]
        return voids

    # -- the whole state -----------------------------------------------------------------------------------------
    def __str__(self) -> str:
        names = self.table.names
        dealer = f"P{self.dealer}" if self.phase != FIRST_DEALER else "not drawn"
        lines = [f"round {self.round} of {self.engine.rounds}, dealer {dealer}, "
                 f"{self._trump_text(self.turned_up, self.trump, now=True)}; {self._mover()}; decisions {self.turns}"]
        for seat, hand in enumerate(self.hands):
            bid = self.bids[seat] if self.bids[seat] >= 0 else "?"
            lines.append(f"P{seat}: score {self.scores[seat]}, bid {bid}, took {self.tricks[seat]}; "
                         f"holds {self._cards(hand)}")
        lines.append(f"trick: {', '.join(names[c] for c in self.trick) or 'empty'}")
        lines.append(f"played this round: {self._cards(self.taken)}")
        lines.append(f"undealt ({len(self.stock)}): {self._cards(self.stock)}")
        return "\n".join(lines)

    def _mover(self) -> str:
        if self.player == TERMINAL:
            return "the game is over"
        if self.phase == FIRST_DEALER:
            return "chance draws the first dealer"
        if self.phase == DEAL:
            return f"chance deals P{self.deal_to[-1]} a card"
        if self.phase == TURN_UP:
            return "chance turns up a card"
        return f"P{self.player} to {TO_DO[self.phase]}"

    def action_to_string(self, player: int, action: int) -> str:
        """Return an action in words (a chance outcome when `player` is CHANCE); any number, legal or not."""
        engine, names = self.engine, self.table.names
        try:
            action = operator.index(action)   # numpy's integers too
        except TypeError:
            return f"{action!r} (not an action of this game)"
        if player == CHANCE:
            if self.phase == FIRST_DEALER and 0 <= action < self.players:
                return f"P{action} deals first"
            if 0 <= action < self.table.size:
                return f"turn up {names[action]}" if self.phase == TURN_UP else f"deal {names[action]}"
            return f"chance outcome {action} (not one of this game)"
        if 0 <= action < engine.bid_base:
            return f"play {names[action]}"
        if engine.bid_base <= action < engine.trump_base:
            return f"bid {action - engine.bid_base}"
        if engine.trump_base <= action < engine.num_distinct_actions():
            return f"choose trump {self.table.suit_names[action - engine.trump_base]}"
        return f"action {action} (not an action of this game)"

    def _cards(self, cards) -> str:
        return ", ".join(self.table.names[c] for c in cards) or "-"

    # -- how the game went -------------------------------------------------------------------------------------
    def result(self) -> GameResult:
        n, scores = self.players, self.scores
        places = sorted(range(n), key=lambda seat: (-scores[seat], seat))
        return GameResult(
            players=n, finished=self.phase == OVER, stalemate=False, turns=self.turns,
            winners=[seat for seat in places if scores[seat] == scores[places[0]]], places=places,
            scores=list(scores), plays=self._plays(),
            effects=Counter({name: count for name, count in zip(EFFECTS, self.events) if count}),
            bids=Bids(self.first_round, tuple(self.made_by_round), tuple(self.made_by_seat)),
            log=None if self.log is None else self.log + [self._say_final()])

    def _plays(self) -> list[Counter]:
        """Count per seat the card ids played: those dealt to it, less those still in its hand."""
        name, plays = self.table.ids.__getitem__, []
        for dealt, hand in zip(self.dealt, self.hands):
            played = Counter(map(name, dealt))
            if hand and self.phase not in (DEAL, FIRST_DEALER):   # a hand being dealt is not on the record yet
                played.subtract(map(name, hand))
                played = +played
            plays.append(played)
        return plays

    # -- invariants ----------------------------------------------------------------------------------------------
    def check_invariants(self) -> None:
        """Raise InvariantError when a card is duplicated or lost, or a hand, bid, turn or legal list is wrong."""
        n, r = self.players, self.round
        self._check_mover()
        if self.turns > self.engine.info.max_turns(n):
            raise InvariantError(f"{self.turns} decisions exceed the game's bound")
        cards = [c for hand in self.hands for c in hand] + self.trick + self.taken + self.stock
        cards += [self.turned_up] if self.turned_up >= 0 else []
        size = self.table.size
        if sorted(cards) != list(range(size)):
            raise InvariantError(f"round {r}: {len(cards)} cards ({len(set(cards))} distinct) where the deck has "
                                 f"{size}\n{self}")
        done = len(self.taken) // n
        if sum(self.tricks) != done or len(self.taken) % n:
            raise InvariantError(f"round {r}: {sum(self.tricks)} tricks won but {done} played")
        if self.stock != sorted(self.stock):
            raise InvariantError(f"round {r}: the undealt cards are out of order")
        for seat, hand in enumerate(self.hands):
            if len(hand) != self._hand_size(seat, done) or hand != sorted(hand):
                raise InvariantError(f"round {r}: P{seat} holds {len(hand)} cards, or holds them out of order")
        if self.phase == PLAY and not all(0 <= b <= r for b in self.bids):
            raise InvariantError(f"round {r}: bids {self.bids} outside 0..{r}")
        self._check_legal()

    def _check_mover(self) -> None:
        phase, player = self.phase, self.player
        expected = CHANCE if phase in (DEAL, TURN_UP, FIRST_DEALER) else TERMINAL if phase == OVER else None
        if (player != expected) if expected is not None else not 0 <= player < self.players:
            raise InvariantError(f"P{player} is to move in phase {phase} of {self.players} players\n{self}")

    def _hand_size(self, seat: int, done: int) -> int:
        """Return how many cards `seat` should hold now."""
        n, r = self.players, self.round
        if self.phase in (DEAL, FIRST_DEALER):
            dealt = r * n - len(self.deal_to)
            return dealt // n + ((seat - self.dealer - 1) % n < dealt % n)
        in_trick = (seat - self.leader) % n < len(self.trick)
        return r - done - in_trick if self.phase != OVER else 0

    def _check_legal(self) -> None:
        phase, player = self.phase, self.player
        expected = (self._legal_cards(player) if phase == PLAY else self._legal_bids(player) if phase == BID
                    else self.engine.trump_actions if phase == CHOOSE_TRUMP else [])
        if self.legal != expected or not (expected or player < 0) or expected != sorted(set(expected)):
            raise InvariantError(f"P{player}'s legal actions {self.legal} should be {expected}\n{self}")

    # -- the trace a person reads (--trace) ------------------------------------------------------------------
    def _say_deal(self) -> None:
        if self.log is None:
            return
        names, card = self.table.names, self.turned_up
        if card < 0:
            trump = "no card left to turn up: no trump"
        elif self.table.kind[card] == NUMBER:
            trump = f"turned up {names[card]}: trump {self.table.suit_names[self.table.suit[card]]}"
        elif self.table.kind[card] == JESTER:
            trump = f"turned up {names[card]}: no trump"
        else:
            trump = f"turned up {names[card]}: the dealer chooses the trump"
        self.log.append(f"Round {self.round} of {self.engine.rounds}, dealer P{self.dealer}; {trump}")
        if self.round == 1 and self.engine.lucid:
            self.log.append("  (lucid vision: each player sees the others' cards, not their own)")
        for seat in range(self.players):
            self.log.append(f"  P{seat} holds {self._cards(self.hands[seat])}")

    def _say_bid(self, seat: int, bid: int) -> None:
        note = (" (secret until the round ends)" if self.engine.secret
                else " (hidden until all have bid)" if self.engine.hidden else "")
        if self.engine.plus_minus_one and seat == self.dealer:
            forbidden = self.round - (sum(self.bids) - bid)
            if 0 <= forbidden <= self.round:
                note = f" (plus/minus one: not {forbidden}, which would make the bids add up to {self.round})"
        self.log.append(f"  P{seat} bids {bid}{note}")

    def _say_play(self, seat: int, card: int) -> None:
        if len(self.trick) == 1:
            number = len(self.taken) // self.players + 1
            self.log.append(f"  trick {number}: P{seat} leads {self.table.names[card]}")
        else:
            self.log.append(f"           P{seat} plays {self.table.names[card]}")

    def _say_trick(self, winner: int, card: int) -> None:
        self.log.append(f"           P{winner} takes it with {self.table.names[card]} "
                        f"({self.tricks[winner]} taken, {self.bids[winner]} bid)")

    def _say_scores(self) -> None:
        for seat, (bid, took) in enumerate(zip(self.bids, self.tricks)):
            self.log.append(f"  P{seat}: bid {bid}, took {took}: {round_score(bid, took):+d}, "
                            f"total {self.scores[seat]}")

    def _say_final(self) -> str:
        ranking = ", ".join(f"P{seat} {self.scores[seat]}" for seat in sorted(
            range(self.players), key=lambda s: (-self.scores[s], s)))
        return f"Final scores: {ranking}"


def _redeal(pool: list[int], sizes: list[int], voids: list[int], suit: tuple, rng: random.Random) -> list[list[int]]:
    """Deal `pool` into places of `sizes`, none holding a number card of a suit its `voids` mask names.

    Uniform among the deals that fit when one of REJECTION_TRIES uniform deals fits; else the last is repaired.
    The last place (the undealt cards) has no voids.
    """
    def fits(card: int, place: int) -> bool:
        return suit[card] < 0 or not voids[place] >> suit[card] & 1

    for _ in range(REJECTION_TRIES if any(voids) else 1):
        rng.shuffle(pool)
        parts, start = [], 0
        for size in sizes:
            parts.append(pool[start:start + size])
            start += size
        if all(fits(card, place) for place, part in enumerate(parts) for card in part):
            return parts
    return _repair(parts, fits, rng)


def _repair(parts: list[list[int]], fits, rng: random.Random) -> list[list[int]]:
    """Move each card that breaks a void round a cycle of places, each card moved fitting its new place: the
    sizes stay, one card is mended and none broken. A deal true to the play exists, so such a cycle always does
    (the moves from this deal to that one form cycles; one of them moves the broken card)."""
    while True:
        broken = [(place, card) for place, part in enumerate(parts) for card in part if not fits(card, place)]
        if not broken:
            return parts
        place, card = rng.choice(broken)
        for moved, source, target in _cycle(parts, fits, place, card, rng):
            parts[source].remove(moved)
            parts[target].append(moved)


def _cycle(parts: list[list[int]], fits, home: int, card: int, rng: random.Random) -> list[tuple[int, int, int]]:
    """Return moves (card, from, to) that take `card` out of `home` to a place it fits and, place by place, bring
    a card that fits `home` back to it (a breadth-first search over the places)."""
    starts = [place for place in range(len(parts)) if place != home and fits(card, place)]
    rng.shuffle(starts)
    for start in starts:
        reached, queue = {start: None}, [start]
        for place in queue:   # the queue grows as the search goes
            if place == home:
                moves = []
                while reached[place] is not None:
                    source, moved = reached[place]
                    moves.append((moved, source, place))
                    place = source
                return [(card, home, start)] + moves[::-1]
            for target in rng.sample(range(len(parts)), len(parts)):
                movable = [c for c in parts[place] if fits(c, target)]
                if target not in reached and movable:
                    reached[target] = (place, rng.choice(movable))
                    queue.append(target)
    raise AssertionError("no deal fits the voids the play showed")   # the true deal always does
