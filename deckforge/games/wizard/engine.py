"""Wizard (Čaroděj): bid the exact number of tricks you will take, then take exactly that many.

Rules source: ../shared/seeds/wizard.txt, settled by ../shared/RULES.md (section "Wizard"), which wins over the seed.
The engine reads suits, ranks, Wizards and Jesters from the deck: a deck with five suits or six Wizards plays as
written, and the number of rounds is the deck's size divided by the players (60 cards, 4 players: 15 rounds).

Decisions are small integers: in a round's trump choice a suit index, in bidding the bid, in play a card index into
the engine's card table. Chance (the first dealer, every deal) comes only from the game's `random.Random`.
What a player may know at a decision is one explicit object, `View` (see `WizardState.view`); the greedy player
(greedy.py) decides from it alone, so the variants that hide cards or bids bind it.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from difflib import get_close_matches
from typing import Sequence

from ...model import Deck
from ...sim.base import Engine, GameInfo, GameResult, InvariantError, SimulationError, State

NUMBER, WIZARD, JESTER = 0, 1, 2
KINDS = {"number": NUMBER, "wizard": WIZARD, "jester": JESTER}
NO_TRUMP = -1
UNSET, NO_SUIT = -1, -2          # suit to follow: none yet (empty trick or Jesters only); none at all (Wizard first)
CHOOSE_TRUMP, BID, PLAY, OVER = 0, 1, 2, 3
VARIANTS = ("lucid-vision", "plus-minus-one", "hidden-bids", "secret-bids")
OPEN_BIDS_ONLY = ("hidden-bids", "secret-bids")   # RULES.md, Wizard: plus/minus one needs open bids
STANDARD_DECK = 60
# Effects (GameResult.effects), counted in a list by index: a trick by what took it (the winning card's kind, or
# TRUMP_WIN for a trump), a round by how its trump was settled.
TRUMP_WIN, TURNED_UP, CHOSEN, JESTER_UP, LAST_ROUND = 3, 4, 5, 6, 7
EFFECTS = ("trick-won-by-suit-led", "trick-won-by-wizard", "trick-of-jesters", "trick-won-by-trump",
           "trump-turned-up", "trump-chosen-by-dealer", "no-trump", "no-trump-last-round")


def turn_bound(cards: int, players: int) -> int:
    """Return the most decisions a game can take: a trump choice and n bids per round, and every card played."""
    rounds = cards // players
    return rounds + players * rounds + players * rounds * (rounds + 1) // 2


# The bound per deck is set on each engine (see WizardEngine.__init__); this one covers the standard deck.
INFO = GameInfo(game="wizard", title="Wizard", max_turns=lambda n: turn_bound(STANDARD_DECK, n), scored=True)


class CardTable:
    """The physical cards of one game as parallel tuples indexed by card number."""

    __slots__ = ("ids", "names", "kind", "suit", "rank", "opens", "suit_ids", "suit_names", "size")

    def __init__(self, deck: Deck, players: int, lang: str | None = None):
        lang = lang if lang in deck.languages else deck.languages[0]
        cards = deck.for_players(players)
        self.suit_ids = tuple(s.id for s in deck.suits)
        self.suit_names = tuple(s.name(lang) for s in deck.suits)
        self.ids = tuple(c.id for c in cards)
        self.names = tuple(c.name(lang) for c in cards)
        self.kind = tuple(KINDS[c.kind] for c in cards)
        self.suit = tuple(self.suit_ids.index(c.get("suit")) if c.kind == "number" else NO_TRUMP for c in cards)
        self.rank = tuple(int(c.get("rank")) if c.kind == "number" else 0 for c in cards)
        self.size = len(cards)
        self._set_opens()

    def _set_opens(self) -> None:
        """Record the suit to follow each card sets when it is the first in a trick that is not a Jester:
        its own suit; none for a Wizard (RULES.md, Wizard: "Following"); a Jester leaves it unset."""
        self.opens = tuple(s if k == NUMBER else NO_SUIT if k == WIZARD else UNSET
                           for k, s in zip(self.kind, self.suit))


def trick_winner(trick: Sequence[int], trump: int, table: CardTable) -> int:
    """Return the position in `trick` of the card that takes it (RULES.md, Wizard: "Trick").

    The first Wizard wins; else the highest trump; else the highest card of the suit led (set by the first card
    that is not a Jester); a trick of Jesters only goes to the first. Ties cannot beat the earlier card.
    """
    kind, suit, rank = table.kind, table.suit, table.rank
    best, best_key, led = 0, -1, UNSET
    for position, card in enumerate(trick):
        k = kind[card]
        if k == WIZARD:
            return position
        if k == JESTER:
            continue
        s = suit[card]
        if led == UNSET:
            led = s
        key = rank[card] + (2000 if s == trump else 1000 if s == led else 0)  # ranks stay below 1000
        if key > best_key:
            best, best_key = position, key
    return best


def round_score(bid: int, taken: int) -> int:
    """Score one round (RULES.md, Wizard: exact bid 20 + 10 per trick; else −10 per trick of difference)."""
    return 20 + 10 * taken if bid == taken else -10 * abs(bid - taken)


def parse_variants(value) -> frozenset[str]:
    """Return the variant switches asked for; raise SimulationError for unknown or incompatible ones."""
    names = [v.strip() for v in (value.split(",") if isinstance(value, str) else value or ()) if v.strip()]
    for name in names:
        if name not in VARIANTS:
            near = get_close_matches(name, VARIANTS, n=1)
            hint = f"did you mean '{near[0]}'? " if near else ""
            raise SimulationError(f"unknown Wizard variant '{name}'; {hint}(one of: {', '.join(VARIANTS)})")
    chosen = frozenset(names)
    clash = [v for v in OPEN_BIDS_ONLY if v in chosen]
    if "plus-minus-one" in chosen and clash:
        raise SimulationError(f"the variant plus-minus-one needs open bids, so it cannot be combined with "
                              f"{' or '.join(clash)}: the last bidder must know the others' bids")
    return chosen


class View:
    """What one player may know at a decision; policies decide from this alone.

    `hand` is None when the player may not see it (lucid vision, round 1); `seen_hands` maps other seats to the
    cards this player sees in their hands (lucid vision, round 1; else empty); `bids` holds None for every bid this
    player may not know yet (hidden bids: until all have bid; secret bids: others' bids until the round ends).
    """

    __slots__ = ("seat", "players", "round", "dealer", "phase", "trump", "turned_up", "hand", "seen_hands",
                 "bids", "tricks", "trick", "leader", "lead_suit", "gone", "legal")

    def __init__(self, **fields):
        for name, value in fields.items():
            setattr(self, name, value)


class WizardState(State):
    """A game of Wizard from a first round to a last one (a whole game: 1 to deck size // players)."""

    openspiel = False  # plays through the legacy loop until it moves to chance nodes

    __slots__ = ("engine", "table", "rng", "players", "round", "last_round", "dealer", "phase", "current_player",
                 "turns", "hands", "trump", "turned_up", "bids", "tricks", "trick", "leader", "lead_suit", "taken",
                 "scores", "dealt", "legal", "log", "events", "first_round", "made_by_round",
                 "made_by_seat")

    def __init__(self, engine: "WizardEngine", rng: random.Random, first_round: int, last_round: int, dealer: int):
        n = engine.players
        self.engine, self.table, self.rng, self.players = engine, engine.table, rng, n
        self.round, self.last_round, self.dealer = first_round, last_round, dealer
        self.turns, self.scores, self.dealt = 0, [0] * n, [[] for _ in range(n)]
        self.log = [] if engine.trace else None
        self.events, self.first_round = [0] * len(EFFECTS), first_round
        self.made_by_round, self.made_by_seat = [], [0] * n   # made_by_round[i]: round first_round + i
        self._deal()

    # -- the round's deal, trump and bidding -------------------------------------------------------------------
    def _deal(self) -> None:
        """Deal `round` cards each and turn up the next card for trump (RULES.md, Wizard: "Trump")."""
        n, r, table = self.players, self.round, self.table
        # RULES.md: no trump in the last round, because no card is left; a deck whose size the players do not
        # divide has cards left then, and turns one up as in every other round
        spare = r * n < table.size
        drawn = self.rng.sample(self.engine.card_numbers, r * n + spare)
        first = (self.dealer + 1) % n
        self.hands = [drawn[s * r:(s + 1) * r] for s in range(n)]
        for dealt, hand in zip(self.dealt, self.hands):   # every card dealt is played by the round's end
            dealt += hand
        self.bids, self.tricks, self.trick, self.taken = [-1] * n, [0] * n, [], []
        self.leader, self.lead_suit, self.trump = first, UNSET, NO_TRUMP
        self.turned_up = card = drawn[-1] if spare else -1
        self._say_deal()
        if card < 0:
            self.events[LAST_ROUND] += 1
        elif table.kind[card] == NUMBER:
            self.trump = table.suit[card]
            self.events[TURNED_UP] += 1
        elif table.kind[card] == JESTER or not table.suit_ids:
            self.events[JESTER_UP] += 1
        else:   # a Wizard turned up: the dealer chooses the trump suit
            self.phase, self.current_player = CHOOSE_TRUMP, self.dealer
            self.legal = list(range(len(table.suit_ids)))
            return
        self._start_bidding()

    def _start_bidding(self) -> None:
        self.phase, self.current_player = BID, self.leader
        self.legal = self._legal_bids(self.leader)

    def _legal_bids(self, seat: int) -> list[int]:
        """Return the bids open to `seat`: 0..round, less the one sum the plus/minus-one variant forbids."""
        choices = self.engine.bid_choices[self.round]
        if self.engine.plus_minus_one and seat == self.dealer:   # the dealer bids last
            forbidden = self.round - sum(self.bids) - 1          # the dealer's own entry is still -1
            return [b for b in choices if b != forbidden]
        return choices

    def _legal_cards(self, seat: int) -> list[int]:
        """Return the cards `seat` may play: the suit to follow when held, plus Wizards and Jesters; else any."""
        hand, led = self.hands[seat], self.lead_suit
        if led >= 0:
            suit = self.table.suit
            follow = [c for c in hand if suit[c] == led]
            if follow:
                return follow + [c for c in hand if suit[c] < 0]
        return hand[:]

    # -- State interface -------------------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        return self.legal

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def apply(self, action: int) -> None:
        self.turns += 1
        if self.phase != PLAY:
            return self._choose_trump(action) if self.phase == CHOOSE_TRUMP else self._bid(action)
        seat, trick = self.current_player, self.trick
        self.hands[seat].remove(action)
        trick.append(action)
        led = self.lead_suit
        if led == UNSET:
            self.lead_suit = led = self.table.opens[action]
        if self.log is not None:
            self._say_play(seat, action)
        if len(trick) == self.players:
            return self._end_trick()
        seat = seat + 1 if seat + 1 < self.players else 0
        self.current_player = seat
        hand = self.hands[seat]
        if led >= 0:   # the same as _legal_cards, inlined: this is the engine's hottest line
            suit = self.table.suit
            follow = [c for c in hand if suit[c] == led]
            if follow:
                follow += [c for c in hand if suit[c] < 0]
                self.legal = follow
                return
        self.legal = hand[:]

    def _choose_trump(self, suit: int) -> None:
        self.trump = suit
        self.events[CHOSEN] += 1
        if self.log is not None:
            self.log.append(f"  P{self.dealer} (dealer) chooses trump {self.table.suit_names[suit]}")
        self._start_bidding()

    def _bid(self, bid: int) -> None:
        seat = self.current_player
        self.bids[seat] = bid
        if self.log is not None:
            self._say_bid(seat, bid)
        if seat == self.dealer:   # all have bid: the player left of the dealer leads
            self.phase, self.current_player = PLAY, self.leader
            self.legal = self._legal_cards(self.leader)
        else:
            seat = (seat + 1) % self.players
            self.current_player, self.legal = seat, self._legal_bids(seat)

    def _end_trick(self) -> None:
        """Give the trick to its winner, who leads the next; end the round after the last trick."""
        trick, table = self.trick, self.table
        position = trick_winner(trick, self.trump, table)
        winner = (self.leader + position) % self.players
        self.tricks[winner] += 1
        card = trick[position]
        kind = table.kind[card]
        self.events[TRUMP_WIN if kind == NUMBER and table.suit[card] == self.trump else kind] += 1
        if self.log is not None:
            self._say_trick(winner, card)
        self.taken += trick
        self.trick, self.lead_suit = [], UNSET
        self.leader = self.current_player = winner
        if self.hands[winner]:
            self.legal = self._legal_cards(winner)
        else:
            self._end_round()

    def _end_round(self) -> None:
        """Score the round, then deal the next one with the deal passed clockwise, or end the game."""
        r = self.round
        made = 0
        for seat, (bid, took) in enumerate(zip(self.bids, self.tricks)):
            self.scores[seat] += round_score(bid, took)
            if bid == took:
                made += 1
                self.made_by_seat[seat] += 1
        self.made_by_round.append(made)
        if self.log is not None:
            self._say_scores()
        if r == self.last_round:
            self.phase, self.legal = OVER, []
        else:
            self.round, self.dealer = r + 1, (self.dealer + 1) % self.players
            self._deal()

    def result(self) -> GameResult:
        n, scores = self.players, self.scores
        places = sorted(range(n), key=lambda seat: (-scores[seat], seat))
        made, first = self.made_by_round, self.first_round
        extra = {
            "bids": n * len(made), "bids_made": sum(made),
            "bids_by_round": {str(first + i): n for i in range(len(made))},
            "bids_made_by_round": {str(first + i): count for i, count in enumerate(made)},
            "bids_made_by_seat": {str(seat): count for seat, count in enumerate(self.made_by_seat)},
            "rounds": len(made),
        }
        if self.log is not None:
            extra["log"] = self.log + [self._say_final()]
        return GameResult(
            players=n, finished=self.phase == OVER, stalemate=False, turns=self.turns,
            winners=[seat for seat in places if scores[seat] == scores[places[0]]], places=places,
            scores=list(scores), plays=self._plays(),
            effects=Counter({name: count for name, count in zip(EFFECTS, self.events) if count}), extra=extra)

    def _plays(self) -> list[Counter]:
        """Count per seat the card ids played: those dealt to it, less those still in its hand."""
        ids, plays = self.table.ids, []
        for dealt, hand in zip(self.dealt, self.hands):
            played = Counter(ids[c] for c in dealt)
            played.subtract(ids[c] for c in hand)
            plays.append(+played)
        return plays

    def check_invariants(self) -> None:
        """Raise InvariantError when a card is duplicated or lost, or a hand, bid or turn count is out of place."""
        n, r = self.players, self.round
        if not 0 <= self.current_player < n:
            raise InvariantError(f"current player {self.current_player} is not a seat of {n}")
        if self.turns > self.engine.info.max_turns(n):
            raise InvariantError(f"{self.turns} decisions exceed the game's bound")
        cards = [c for hand in self.hands for c in hand] + self.trick + self.taken
        cards += [self.turned_up] if self.turned_up >= 0 else []
        dealt = n * r + (self.turned_up >= 0)
        if len(cards) != dealt or len(set(cards)) != dealt or not all(0 <= c < self.table.size for c in cards):
            raise InvariantError(f"round {r}: {len(cards)} cards ({len(set(cards))} distinct) where {dealt} were dealt")
        done = len(self.taken) // n
        if sum(self.tricks) != done or len(self.taken) % n:
            raise InvariantError(f"round {r}: {sum(self.tricks)} tricks won but {done} played")
        for seat, hand in enumerate(self.hands):
            in_trick = (seat - self.leader) % n < len(self.trick)
            if len(hand) != r - done - in_trick:
                raise InvariantError(f"round {r}: P{seat} holds {len(hand)} cards")
        if self.phase == PLAY and not all(0 <= b <= r for b in self.bids):
            raise InvariantError(f"round {r}: bids {self.bids} outside 0..{r}")
        if self.phase != OVER and not self.legal:
            raise InvariantError(f"round {r}: P{self.current_player} has no legal action")

    # -- what a player may know ------------------------------------------------------------------------------
    def view(self, seat: int) -> View:
        """Return what `seat` may know now, under the variants in play."""
        lucid = self.round == 1 and self.engine.lucid   # lucid vision: see the others' cards, not your own
        hands = self.hands
        return View(
            seat=seat, players=self.players, round=self.round, dealer=self.dealer, phase=self.phase,
            trump=self.trump, turned_up=self.turned_up, hand=None if lucid else tuple(hands[seat]),
            seen_hands={s: tuple(h) for s, h in enumerate(hands) if s != seat} if lucid else {},
            bids=self._visible_bids(seat), tricks=tuple(self.tricks), trick=tuple(self.trick), leader=self.leader,
            lead_suit=self.lead_suit, gone=tuple(self.taken), legal=tuple(self.legal))

    def _visible_bids(self, seat: int) -> tuple:
        """Return the bids `seat` may know, None for the rest (hidden bids: shown once all have bid;
        secret bids: the others' shown only after the round)."""
        bids = [None if b < 0 else b for b in self.bids]
        if self.phase == OVER:
            return tuple(bids)
        if self.engine.secret or (self.engine.hidden and self.phase != PLAY):
            return tuple(b if s == seat else None for s, b in enumerate(bids))
        return tuple(bids)

    # -- the trace a person reads (--trace) ------------------------------------------------------------------
    def _cards(self, cards) -> str:
        return ", ".join(self.table.names[c] for c in cards) or "-"

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
            self.log.append(f"  P{seat} holds {self._cards(sorted(self.hands[seat]))}")

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

    def __str__(self) -> str:
        names = self.table.names
        trump = self.table.suit_names[self.trump] if self.trump >= 0 else "none"
        lines = [f"round {self.round} of {self.engine.rounds}, dealer P{self.dealer}, trump {trump}, "
                 f"P{self.current_player} to {('choose trump', 'bid', 'play', 'nothing')[self.phase]}"]
        for seat, hand in enumerate(self.hands):
            bid = self.bids[seat] if self.bids[seat] >= 0 else "?"
            lines.append(f"P{seat}: score {self.scores[seat]}, bid {bid}, took {self.tricks[seat]}; "
                         f"holds {self._cards(hand)}")
        lines.append(f"trick: {', '.join(names[c] for c in self.trick) or 'empty'}")
        return "\n".join(lines)


class WizardEngine(Engine):
    """Wizard for one deck and player count. Options: "variants" (names from VARIANTS), "trace" (bool: record
    a readable line per deal, bid, card, trick and score in result.extra["log"]), "lang" (the trace's card names)."""

    info = INFO

    def __init__(self, deck: Deck, players: int, options: dict | None = None):
        super().__init__(deck, players, options)
        variants = parse_variants(self.options.get("variants", ()))
        self.lucid, self.plus_minus_one = "lucid-vision" in variants, "plus-minus-one" in variants
        self.hidden, self.secret = "hidden-bids" in variants, "secret-bids" in variants
        self.variants, self.trace = variants, bool(self.options.get("trace"))
        self.table = table = CardTable(deck, players, self.options.get("lang", "en"))
        self.rounds = table.size // players
        if self.rounds < 1:
            raise SimulationError(f"deck '{deck.id}': {table.size} cards cannot deal one card to each of "
                                  f"{players} players")
        size = table.size
        self.info = replace(INFO, max_turns=lambda n: turn_bound(size, n))
        self.card_numbers = range(size)
        self.bid_choices = [list(range(r + 1)) for r in range(self.rounds + 1)]
        from . import greedy as wizard_greedy  # here, not at the top: the greedy player imports this module's rules
        self.greedy = wizard_greedy
        self.strength = tuple(wizard_greedy.card_strengths(table, players, t)
                              for t in range(NO_TRUMP, len(table.suit_ids)))

    def new_game(self, rng: random.Random, starter: int | None = None) -> WizardState:
        """Start a game; the first dealer is random unless `starter` names who bids and leads first."""
        dealer = rng.randrange(self.players) if starter is None else (starter - 1) % self.players
        return WizardState(self, rng, 1, self.rounds, dealer)

    def new_hand(self, rng: random.Random, round_no: int, dealer: int = 0) -> WizardState:
        """Start a state that plays round `round_no` alone (tests and the benchmark's equal-size hands)."""
        if not 1 <= round_no <= self.rounds:
            raise SimulationError(f"round {round_no} does not exist: this deck has rounds 1 to {self.rounds}")
        return WizardState(self, rng, round_no, round_no, dealer)

    def next_starter(self, previous: GameResult | None) -> int | None:
        """Let chance pick every game's first dealer (RULES.md, Wizard): a game does not carry over to the next."""
        return None

    def expected_effects(self) -> set[str]:
        """Return the trump and trick events seeded play must show at every player count the deck serves.

        validate asks one engine for the whole range, so an event is expected only where every count can show it.
        """
        kinds, counts = set(self.table.kind), list(self.deck.players)
        sizes = [self.deck.total_for(n) for n in counts]
        turn_up = all(size // n > 1 or size % n for n, size in zip(counts, sizes))   # some round leaves a card
        expected = {"no-trump-last-round"} if all(size % n == 0 for n, size in zip(counts, sizes)) else set()
        if NUMBER in kinds:
            expected |= {"trick-won-by-suit-led"} | ({"trump-turned-up", "trick-won-by-trump"} if turn_up else set())
        if WIZARD in kinds:
            expected.add("trick-won-by-wizard")
            if turn_up and self.table.suit_ids:
                expected.add("trump-chosen-by-dealer")
        if JESTER in kinds and turn_up:
            expected.add("no-trump")
        return expected

    def greedy_action(self, state: WizardState, rng: random.Random) -> int:
        """Return the greedy player's choice, made from what the current player may know (its View)."""
        view, greedy = state.view(state.current_player), self.greedy
        if view.phase == PLAY:
            return greedy.greedy_card(view, self)
        return greedy.greedy_bid(view, self) if view.phase == BID else greedy.greedy_trump(view, self)
