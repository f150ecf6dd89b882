"""Prší: lay a card of the top card's suit or rank, or draw; the last player holding cards loses.

Rules: ../shared/RULES.md, section "Prší" (the fifth bundled game has no seed text; RULES.md is the source).
Cards are small ints indexing the engine's card table, built from `deck.for_players(n)`. What a card does comes from
its `rank`: a 7 makes the next player draw two (2 more per 7 answered), an eso makes them stand, a svršek goes on
anything and its player names the suit. A deck with other counts or a fifth suit plays as written.

_ACTION LAYOUT_ (one numbering for every decision; `size` is the number of physical cards):
    0 .. size-1     lay that card
    size            draw: one card, or the whole pending penalty of 7s
    size + 1        stand: accept a pending ace and lose the turn
    size + 2        pass: nothing can be drawn and no card can be laid
    size + 3 + s    name suit s (the deck's suit order) after laying a svršek
Chance outcomes: the first dealer (a seat) when no starter is given; then physical card indices: the deal, card by
card from the player left of the dealer, the turned-up card, and every card drawn. The stock is kept as the set of
cards nobody has seen: a draw picks one uniformly, as from a shuffled stock. When it runs out, the pile but its top
card is shuffled into a new stock (RULES.md), so drawing from it stays a chance node.
Choices RULES.md leaves open (docs/simulator.md, both rulebooks): the pile becomes the stock only when someone must
draw from an empty stock; with nothing to draw, a player who can lay must; a svršek may name its own suit, and one
laid as a player's last card is still named by that player. The greedy player is in greedy.py.
"""
from __future__ import annotations

import random

from ...sim.base import Engine, GameInfo, GameResult, SimulationError, card_labels
from .greedy import greedy_action
from .rules import ACE, CHANGER, DRAW, FIRST_NAME, PASS, PLAIN, POWERS, RANKS, SEVEN, STAND
from .rules import DEALER_CHOSEN
from .state import PrsiState

# Bound on decisions. Greedy games take 18-96 on average (at most 187 in 300 games at 6 players); random players
# draw about as often as they lay: on average 360, 1,000 and 1,460 decisions at 2, 4 and 6 players, the longest of
# 5,000 games 3,222, 4,503 and 5,187. Past the bound the game is a stalemate.
INFO = GameInfo(game="prsi", title="Prší", max_turns=lambda n: 4000 + 1500 * n)


class PrsiEngine(Engine):
    """Prší for one deck and player count: the card table, the action numbering and new games."""

    info = INFO

    def __init__(self, deck, players: int, options: dict | None = None):
        super().__init__(deck, players, options)
        cards = self.dealt_cards()
        if players >= DEALER_CHOSEN:
            raise SimulationError(f"Prší is simulated for at most {DEALER_CHOSEN - 1} players, not {players}")
        self._build_table(cards)
        self.bound = self.info.max_turns(players)

    def _build_table(self, cards) -> None:
        """Index the physical cards: suit, rank and power per card; the action numbers; who may follow whom."""
        self.size = size = len(cards)
        self.suits = tuple(suit.id for suit in self.deck.suits)
        suit_index = {suit: s for s, suit in enumerate(self.suits)}
        self.card_ids = tuple(dict.fromkeys(card.id for card in self.deck.cards))
        kinds = {card_id: k for k, card_id in enumerate(self.card_ids)}
        self.ids = tuple(card.id for card in cards)
        self.labels = card_labels(self.ids)
        self.kind_of = tuple(kinds[card.id] for card in cards)
        self.suit_of = tuple(suit_index[card.get("suit")] for card in cards)
        self.rank_of = tuple(RANKS.index(str(card.get("rank"))) for card in cards)
        self.power_of = tuple(POWERS.get(RANKS[rank], PLAIN) for rank in self.rank_of)
        self.draw, self.stand, self.pass_, self.name_base = size + DRAW, size + STAND, size + PASS, size + FIRST_NAME
        self.names = tuple(range(self.name_base, self.name_base + len(self.suits)))
        # fits[suit * len(RANKS) + rank][card]: may the card go on a top of that suit and rank (a svršek: always)
        self.fits = tuple(tuple(self.suit_of[c] == s or self.rank_of[c] == r or self.power_of[c] == CHANGER
                                for c in range(size))
                          for s in range(len(self.suits)) for r in range(len(RANKS)))
        self.sevens = tuple(power == SEVEN for power in self.power_of)
        self.aces = tuple(power == ACE for power in self.power_of)

    # -- OpenSpiel's Game ---------------------------------------------------------------------------------------

    def num_distinct_actions(self) -> int:
        return self.name_base + len(self.suits)

    def max_chance_outcomes(self) -> int:
        return max(self.size, self.players)

    def new_initial_state(self, starter: int | None = None) -> "PrsiState":
        """Return a game before its deal; `starter` is the seat left of the dealer (None: chance picks the dealer)."""
        if starter is not None and not 0 <= starter < self.players:
            raise SimulationError(f"seat {starter} cannot start: the seats are 0 to {self.players - 1}")
        return PrsiState(self, starter)

    # -- deckforge's own ------------------------------------------------------------------------------------------

    def next_starter(self, previous: GameResult | None) -> int | None:
        """RULES.md: the dealer passes clockwise, so the next game starts one seat later (also after a stalemate)."""
        if previous is None or previous.first_player is None:
            return None
        return (previous.first_player + 1) % self.players

    def expected_effects(self) -> set[str]:
        """Return the powers the deck has: each should take effect in seeded play."""
        names = {SEVEN: "seven", ACE: "ace", CHANGER: "suit-change"}
        return {names[power] for power in self.power_of if power in names}

    def greedy_action(self, state: "PrsiState", rng: random.Random) -> int:
        """Return the greedy player's action (greedy.py, described in docs/simulator.md)."""
        return greedy_action(self, state)

    def describe(self, action: int, chance: bool = False, dealer: bool = False) -> str:
        """Name an action (or, with `chance`, a chance outcome) in words; any number, legal or not."""
        if chance:
            if dealer:
                return f"seat {action} deals" if 0 <= action < self.players else f"no seat {action}"
            return f"card {self.labels[action]}" if 0 <= action < self.size else f"no card {action}"
        if 0 <= action < self.size:
            return f"lay {self.labels[action]}"
        if action == self.draw:
            return "draw"
        if action == self.stand:
            return "stand"
        if action == self.pass_:
            return "pass"
        if self.name_base <= action < self.num_distinct_actions():
            return f"name {self.suits[action - self.name_base]}"
        return f"action {action!r} (not an action of this game)"
