"""Wizard (Čaroděj): bid the exact number of tricks you will take, then take exactly that many.

Rules source: ../shared/seeds/wizard.txt, settled by ../shared/RULES.md (section "Wizard"), which wins over the seed.
The engine reads suits, ranks, Wizards and Jesters from the deck: a deck with five suits or six Wizards plays as
written, and the number of rounds comes from the game's deal (`SPEC.deal.rounds`: 60 cards, 4 players: 15 rounds).

Actions are one numbering for the whole game (see WizardEngine): playing a card is its number in the engine's card
table (0 .. size-1), bidding b is size + b (b = 0 .. rounds), the dealer's trump choice of suit s is
size + rounds + 1 + s. Chance nodes: the first dealer (outcome: a seat), and every card dealt or turned up (outcome:
a card number among those not dealt yet this round, uniform: each round deals from a freshly shuffled deck).
What a player may know is written once, in view.py: the `View` the greedy player decides from, the information
strings and the determinized deals honour the same variant limits.
"""
from __future__ import annotations

import random
from bisect import bisect_left, insort
from dataclasses import replace
from functools import partial

from . import SPEC
from .rules import (BID, CHOOSE_TRUMP, DEAL, EFFECTS, FIRST_DEALER, JESTER, JESTER_UP, KINDS, LAST_ROUND,  # noqa: F401
                    NO_TRUMP, NUMBER, OVER, PLAY, STANDARD_DECK, CHOSEN, TRUMP_WIN, TURN_UP, TURNED_UP, UNSET,
                    VARIANTS, WIZARD, CardTable, refuse_clashes, round_score, trick_winner)
from .view import View, WizardReading  # noqa: F401  (View: what one seat may know; re-exported for callers)
from ...model import Deck
from ...sim.base import CHANCE, TERMINAL, Engine, GameInfo, GameResult, SimulationError, State, uniform_outcomes


def turn_bound(rounds: int, players: int) -> int:
    """Return the most decisions a game can take: a trump choice and n bids per round, and every card played."""
    return rounds + players * rounds + players * rounds * (rounds + 1) // 2


def deck_turn_bound(cards: int, players: int) -> int:
    """Return `turn_bound` for a deck of `cards` cards (a module function, so that an engine's info pickles)."""
    return turn_bound(SPEC.deal.rounds(cards, players), players)


# The bound per deck is set on each engine (see WizardEngine.__init__); this one covers the standard deck.
INFO = GameInfo(game="wizard", title="Wizard", max_turns=partial(deck_turn_bound, STANDARD_DECK))


class WizardEngine(Engine):
    """Wizard for one deck and player count. Options: "variants" (names from VARIANTS), "trace" (bool: record
    a readable line per deal, bid, card, trick and score in result.log), "lang" (the trace's card names).

    Actions: card c is c; a bid of b is `bid_base + b`; choosing trump suit s is `trump_base + s`.
    """

    info = INFO

    def __init__(self, deck: Deck, players: int, options: dict | None = None):
        super().__init__(deck, players, options)
        variants = self.variants  # checked against SPEC.variants by the base engine
        refuse_clashes(variants)
        self.lucid, self.plus_minus_one = "lucid-vision" in variants, "plus-minus-one" in variants
        self.hidden, self.secret = "hidden-bids" in variants, "secret-bids" in variants
        self.dealt_cards()  # at least one card each
        self.table = table = CardTable(deck, players, self.options.get("lang", "en"))
        size = table.size
        self.rounds = SPEC.deal.rounds(size, players)
        self.info = replace(INFO, max_turns=partial(deck_turn_bound, size))
        self.card_numbers = range(size)
        self.bid_base, self.trump_base = size, size + self.rounds + 1
        self.bid_actions = [list(range(size, size + r + 1)) for r in range(self.rounds + 1)]
        self.trump_actions = list(range(self.trump_base, self.trump_base + len(table.suit_ids)))
        # deal_seats[first]: seats in the order they are dealt to from `first`, last first (a round pops its share)
        self.deal_seats = [tuple((first + k) % players for k in reversed(range(self.rounds * players)))
                           for first in range(players)]
        from .greedy import card_strengths, greedy_bid, greedy_card, greedy_trump  # the greedy player imports us
        self.greedy = (greedy_trump, greedy_bid, greedy_card)   # functions, not the module: engines pickle
        self.strength = tuple(card_strengths(table, players, t) for t in range(NO_TRUMP, len(table.suit_ids)))

    def num_distinct_actions(self) -> int:
        return self.trump_base + len(self.table.suit_ids)

    def max_chance_outcomes(self) -> int:
        return max(self.table.size, self.players)

    def bid_action(self, bid: int) -> int:
        return self.bid_base + bid

    def trump_action(self, suit: int) -> int:
        return self.trump_base + suit

    def new_initial_state(self, starter: int | None = None) -> "WizardState":
        """Return a game before its first deal; the first dealer is a chance node unless `starter` names who bids
        and leads first (the seat left of the dealer)."""
        dealer = None if starter is None else (starter - 1) % self.players
        return WizardState(self, 1, self.rounds, dealer)

    def new_hand(self, round_no: int, dealer: int | None = 0) -> "WizardState":
        """Return a state that plays round `round_no` alone, before its deal (tests and the benchmark's equal-size
        hands); `dealer` None lets chance choose the dealer."""
        if not 1 <= round_no <= self.rounds:
            raise SimulationError(f"round {round_no} does not exist: this deck has rounds 1 to {self.rounds}")
        return WizardState(self, round_no, round_no, dealer)

    def next_starter(self, previous: GameResult | None) -> int | None:
        """Let chance pick every game's first dealer (RULES.md, Wizard): a game does not carry over to the next."""
        return None

    def expected_effects(self) -> set[str]:
        """Return the trump and trick events seeded play must show at every player count the deck serves.

        validate asks one engine for the whole range, so an event is expected only where every count can show it.
        """
        kinds, counts = set(self.table.kind), list(self.deck.players)
        sizes = [self.deck.total_for(n) for n in counts]
        left = [size - n * SPEC.deal.rounds(size, n) for n, size in zip(counts, sizes)]   # cards left, last round
        turn_up = all(SPEC.deal.rounds(size, n) > 1 or spare
                      for n, size, spare in zip(counts, sizes, left))   # some round turns a card up
        expected = {"no-trump-last-round"} if not any(left) else set()
        if NUMBER in kinds:
            expected |= {"trick-won-by-suit-led"} | ({"trump-turned-up", "trick-won-by-trump"} if turn_up else set())
        if WIZARD in kinds:
            expected.add("trick-won-by-wizard")
            if turn_up and self.table.suit_ids:
                expected.add("trump-chosen-by-dealer")
        if JESTER in kinds and turn_up:
            expected.add("no-trump")
        return expected

    def greedy_action(self, state: "WizardState", rng: random.Random) -> int:
        """Return the greedy player's choice, made from what the current player may know (its View)."""
        view = state.view(state.player)
        choose_trump, bid, play = self.greedy
        if view.phase == PLAY:
            return play(view, self)
        return bid(view, self) if view.phase == BID else choose_trump(view, self)


class WizardState(WizardReading, State):
    """A game of Wizard from a first round to a last one (a whole game: rounds 1 to the engine's `rounds`).

    Hands are kept sorted, so legal card plays come out in increasing order. `stock` holds the cards of the round
    not dealt yet, sorted too (nobody knows their order: drawing from it is a chance node). view.py reads the state:
    its text, result, invariants, the view of one seat and the determinized copies.
    """

    __slots__ = ("engine", "table", "players", "round", "last_round", "dealer", "phase", "player", "turns",
                 "hands", "stock", "deal_to", "trump", "turned_up", "bids", "tricks", "trick",
                 "leader", "lead_suit", "taken", "scores", "dealt", "legal", "log", "events", "first_round",
                 "made_by_round", "made_by_seat", "past")

    def __init__(self, engine: WizardEngine, first_round: int, last_round: int, dealer: int | None):
        n = engine.players
        self.engine, self.table, self.players = engine, engine.table, n
        self.round, self.last_round, self.first_round = first_round, last_round, first_round
        self.turns, self.scores, self.dealt = 0, [0] * n, [[] for _ in range(n)]
        self.log = [] if engine.trace else None
        self.events, self.past = [0] * len(EFFECTS), []   # past: one public record per round played
        self.made_by_round, self.made_by_seat = [], [0] * n   # made_by_round[i]: round first_round + i
        self.dealer = -1 if dealer is None else dealer
        self._start_round()
        if dealer is None:
            self.phase = FIRST_DEALER

    # -- the round's deal, trump and bidding -------------------------------------------------------------------
    def _start_round(self) -> None:
        """Gather the whole deck for a new deal of `round` cards each, from the player left of the dealer."""
        n = self.players
        self.hands, self.stock = [[] for _ in range(n)], list(self.engine.card_numbers)
        self.bids, self.tricks, self.trick, self.taken = [-1] * n, [0] * n, [], []
        self.lead_suit, self.trump, self.turned_up = UNSET, NO_TRUMP, -1
        self.phase, self.player, self.legal = DEAL, CHANCE, []
        self._seat_the_deal()

    def _seat_the_deal(self) -> None:
        """Deal from the player left of the dealer, who also bids and leads first."""
        self.leader = first = (self.dealer + 1) % self.players
        self.deal_to = list(self.engine.deal_seats[first][-self.round * self.players:])   # seats still to be dealt

    def _end_deal(self) -> None:
        """Turn up the next card for trump, or with none left play without (RULES.md, Wizard: "Trump")."""
        for dealt, hand in zip(self.dealt, self.hands):   # every card dealt is played by the round's end
            dealt += hand
        if self.stock:   # a deck whose size the players do not divide has cards left even in its last round
            self.phase = TURN_UP
            return
        self.events[LAST_ROUND] += 1
        self._say_deal()
        self._start_bidding()

    def _turn_up(self, card: int) -> None:
        self.stock.remove(card)   # the stock stays sorted
        self.turned_up = card
        table = self.table
        if table.kind[card] == NUMBER:
            self.trump = table.suit[card]
            self.events[TURNED_UP] += 1
        elif table.kind[card] == JESTER or not table.suit_ids:
            self.events[JESTER_UP] += 1
        else:   # a Wizard turned up: the dealer chooses the trump suit
            self._say_deal()
            self.phase, self.player, self.legal = CHOOSE_TRUMP, self.dealer, self.engine.trump_actions[:]
            return
        self._say_deal()
        self._start_bidding()

    def _start_bidding(self) -> None:
        self.phase, self.player = BID, self.leader
        self.legal = self._legal_bids(self.leader)

    def _legal_bids(self, seat: int) -> list[int]:
        """Return the bid actions open to `seat`: 0..round, less the one sum the plus/minus-one variant forbids."""
        engine = self.engine
        choices = engine.bid_actions[self.round]
        if engine.plus_minus_one and seat == self.dealer:   # the dealer bids last
            forbidden = engine.bid_base + self.round - sum(self.bids) - 1   # the dealer's own entry is still -1
            return [b for b in choices if b != forbidden]
        return choices   # the engine's list, shared: see _legal_actions

    def _legal_cards(self, seat: int) -> list[int]:
        """Return the cards `seat` may play: the suit to follow when held, plus Wizards and Jesters; else any.

        A sorted hand holds each suit as one run and the Wizards and Jesters at its end (see CardTable).
        """
        hand, led = self.hands[seat], self.lead_suit
        if led >= 0:
            start = self.table.suit_start
            low = bisect_left(hand, start[led])
            high = bisect_left(hand, start[led + 1], low)
            if low < high:
                return hand[low:high] + hand[bisect_left(hand, start[-1], high):]
        return hand[:]

    # -- State interface -------------------------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        """Return the legal actions: the state's own list, which callers must not change (legal_actions copies)."""
        return self.legal

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == FIRST_DEALER:
            return uniform_outcomes(range(self.players))
        return uniform_outcomes(self.stock)

    def sample_chance(self, rng: random.Random) -> int:
        """Draw the first dealer or the next card dealt, uniformly (as _chance_outcomes).

        The draw scales `rng.random()`, as the standard library's `random.choices` does, in one call.
        """
        if self.phase == FIRST_DEALER:
            return int(rng.random() * self.players)
        stock = self.stock
        return stock[int(rng.random() * len(stock))]

    def standings(self) -> list[float]:
        """Return the points scored so far (RULES.md, Wizard: the most points after the last round wins)."""
        return [float(score) for score in self.scores]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _apply_action(self, action: int) -> None:
        """Apply a decision or a chance outcome; playing a card comes first and inline: it is the hottest path."""
        phase = self.phase
        if phase == PLAY:
            self.turns += 1
            seat, trick, hands = self.player, self.trick, self.hands
            hands[seat].remove(action)
            trick.append(action)
            led = self.lead_suit
            if led == UNSET:
                self.lead_suit = led = self.table.opens[action]
            if self.log is not None:
                self._say_play(seat, action)
            seat += 1
            if seat == self.players:
                seat = 0
            if seat == self.leader:   # every seat has played
                return self._end_trick()
            self.player = seat
            hand = hands[seat]
            if led >= 0:   # as _legal_cards
                start = self.table.suit_start
                low = bisect_left(hand, start[led])
                high = bisect_left(hand, start[led + 1], low)
                if low < high:
                    self.legal = hand[low:high] + hand[bisect_left(hand, start[-1], high):]
                    return
            self.legal = hand[:]
        elif phase == DEAL:   # the deal, card by card, clockwise from the player left of the dealer
            stock, seats = self.stock, self.deal_to
            del stock[bisect_left(stock, action)]
            insort(self.hands[seats.pop()], action)
            if not seats:
                self._end_deal()
        elif phase == BID:
            self.turns += 1
            self._bid(action - self.engine.bid_base)
        elif phase == TURN_UP:
            self._turn_up(action)
        elif phase == CHOOSE_TRUMP:
            self.turns += 1
            self._choose_trump(action - self.engine.trump_base)
        elif phase == FIRST_DEALER:
            self.dealer, self.phase = action, DEAL
            self._seat_the_deal()

    def _choose_trump(self, suit: int) -> None:
        self.trump = suit
        self.events[CHOSEN] += 1
        if self.log is not None:
            self.log.append(f"  P{self.dealer} (dealer) chooses trump {self.table.suit_names[suit]}")
        self._start_bidding()

    def _bid(self, bid: int) -> None:
        seat = self.player
        self.bids[seat] = bid
        if self.log is not None:
            self._say_bid(seat, bid)
        if seat == self.dealer:   # all have bid: the player left of the dealer leads
            self.phase, self.player = PLAY, self.leader
            self.legal = self._legal_cards(self.leader)
        else:
            seat = (seat + 1) % self.players
            self.player, self.legal = seat, self._legal_bids(seat)

    def _end_trick(self) -> None:
        """Give the trick to its winner, who leads the next; end the round after the last trick."""
        trick, table = self.trick, self.table
        strengths = list(map(table.keys[self.trump + 1][self.lead_suit + 2].__getitem__, trick))
        position = strengths.index(max(strengths))   # as trick_winner, the suit led being known
        winner = (self.leader + position) % self.players
        self.tricks[winner] += 1
        card = trick[position]
        kind = table.kind[card]
        self.events[TRUMP_WIN if kind == NUMBER and table.suit[card] == self.trump else kind] += 1
        if self.log is not None:
            self._say_trick(winner, card)
        self.taken += trick
        self.trick, self.lead_suit = [], UNSET
        self.leader = self.player = winner
        hand = self.hands[winner]
        if hand:
            self.legal = hand[:]   # the leader may lead any card
        else:
            self._end_round()

    def _end_round(self) -> None:
        """Score the round, then deal the next one with the deal passed clockwise, or end the game."""
        made = 0
        for seat, (bid, took) in enumerate(zip(self.bids, self.tricks)):
            self.scores[seat] += round_score(bid, took)
            if bid == took:
                made += 1
                self.made_by_seat[seat] += 1
        self.made_by_round.append(made)
        self.past.append((self.round, self.dealer, self.turned_up, self.trump, tuple(self.bids), tuple(self.taken)))
        if self.log is not None:
            self._say_scores()
        if self.round == self.last_round:
            self.phase, self.player, self.legal = OVER, TERMINAL, []
        else:
            self.round, self.dealer = self.round + 1, (self.dealer + 1) % self.players
            self._start_round()

    def clone(self) -> "WizardState":
        """Return an independent copy sharing the engine and card table (lists copied, records shared)."""
        other = WizardState.__new__(WizardState)
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        for name in _COPIED:
            setattr(other, name, getattr(self, name)[:])
        other.hands, other.dealt = [h[:] for h in self.hands], [d[:] for d in self.dealt]
        other.log = None if self.log is None else self.log[:]
        return other


# How clone() copies each slot: shared (ints, the engine, the card table) or copied (flat lists).
_SHARED = ("engine", "table", "players", "round", "last_round", "dealer", "phase", "player", "turns", "trump",
           "turned_up", "leader", "lead_suit", "first_round")
_COPIED = ("stock", "deal_to", "bids", "tricks", "trick", "taken", "scores", "legal", "events", "made_by_round",
           "made_by_seat", "past")
assert set(_SHARED + _COPIED + ("hands", "dealt", "log")) == set(WizardState.__slots__)
