"""Kámen, nůžky, papír: shed your hand by laying the item that beats the top of the discard pile.

Rules: ../shared/seeds/kamen-nuzky-papir.txt, settled by ../shared/RULES.md ("Kámen, nůžky, papír").
The game is split in its folder: rules.py holds the fixed numbers (items, phases), this module the game bound to a
deck (card table, action numbering, action names, new states), state.py a game in progress, view.py what may be read
from one (result, text for each player, invariants, determinization), greedy.py the greedy player.

Cards are small integers indexing the engine's card table, built from `deck.for_players(n)` with the changers last:
a custom deck with other counts or other spells plays as written. Spell effects come from each card's `effects`
(see spells.py).

Actions, one numbering for every decision (`size` cards): `card` lays a card that is not a changer;
`size + 3 * card + item` lays a changer naming the item; then draw, pass, decline ("lay nothing more");
`give_base + card` gives that card; `target_base + seat` chooses a player for a "chosen" effect.
Chance outcomes: the seat that starts (when the runner names no one), or the index of a card dealt or drawn.
"""
from __future__ import annotations

import random

from . import SPEC
from .greedy import greedy_action
from .rules import (ANY, CHANGER, CHOOSE, EXTRA, GIVING, ITEM_CODES, ITEM_NAMES, NEED, PAPER, PLAY, ROCK,
                    SCISSORS)
from .state import KnpState
from ...sim.base import Engine, GameInfo, uniform_pick
from ...sim.spells import compile_effects

__all__ = ["ANY", "CHANGER", "CHOOSE", "EXTRA", "GIVING", "INFO", "ITEM_CODES", "KamenNuzkyPapir", "KnpState", "NEED",
           "PAPER", "PLAY", "ROCK", "SCISSORS"]

INFO = GameInfo(game="kamen-nuzky-papir", title="Rock, Paper, Scissors", max_turns=lambda n: 4000 + 1000 * n)


class KamenNuzkyPapir(Engine):
    """The rules bound to one deck and player count: the card table, the action numbering, the greedy policy."""

    info = INFO

    def __init__(self, deck, players: int, options: dict | None = None):
        super().__init__(deck, players, options)
        # RULES.md: deal 4 each, turn one up; the deal's first cards go to the hands, the rest face up
        self.hand_cards, self.deal_cards = SPEC.deal.hand * players, SPEC.deal.needed(players)
        # changers last: sorted hands then list their lays, which go past every other card's, in order
        cards = sorted(self.dealt_cards(), key=lambda card: card.kind == "changer")
        self.size = size = len(cards)
        self.all_cards = list(range(size))
        self.draw_action, self.pass_action, self.decline_action = 4 * size, 4 * size + 1, 4 * size + 2
        self.give_base = 4 * size + 3
        self.target_base = self.give_base + size
        self.card_ids = tuple(card.id for card in cards)
        self.kind_ids = tuple(card.id for card in deck.cards)
        kinds = {card_id: i for i, card_id in enumerate(self.kind_ids)}
        self.kind_of = tuple(kinds[card.id] for card in cards)
        self.item_of = tuple(CHANGER if card.kind == "changer" else ITEM_CODES[card.get("item")] for card in cards)
        self.effects_of = tuple(compile_effects(card) for card in cards)
        self.lays = self._lay_table()

    def _lay_table(self) -> tuple:
        """Return, per top item (rock, scissors, paper, anything) and per card, the actions that lay the card there
        (indexed by the top first: a hand's legal lays are then one lookup a card)."""
        per_card = []
        for card, item in enumerate(self.item_of):
            if item == CHANGER:  # goes on anything; its player names the item it becomes
                per_card.append((tuple(self.size + 3 * card + k for k in range(3)),) * 4)
            else:
                per_card.append(tuple((card,) if top == ANY or NEED[top] == item else () for top in range(4)))
        return tuple(tuple(lays[top] for lays in per_card) for top in range(4))

    def num_distinct_actions(self) -> int:
        return self.target_base + self.players

    def max_chance_outcomes(self) -> int:
        return self.size  # a card index (a starting seat is a smaller number: the deck holds more cards than seats)

    def new_initial_state(self, starter: int | None = None) -> KnpState:
        return KnpState(self, starter)

    def new_game(self, rng: random.Random, starter: int | None = None) -> KnpState:
        """Engine.new_game without a step per card: the same draws from `rng` (the starter, then each card dealt
        picked from the unseen stock as `sample_chance` picks it), so the same game in less time (the deal was a
        twentieth of a 2-player game's)."""
        state = KnpState(self, starter)
        if starter is None:
            state.seat = rng.randrange(self.players)
        unseen, deal = state.unseen, state._deal
        for _ in range(self.deal_cards):
            card = uniform_pick(rng, unseen)
            unseen.remove(card)
            deal(card)
        return state

    def describe(self, action: int, imperative: bool = False, numbered: bool = False) -> str:
        """Return an action in words: third person for traces ("lays rock"), or imperative ("lay rock");
        `numbered` adds the card's index ("lay rock #3"), which tells apart cards of the same kind."""
        lay, draw, pass_, give, choose = (("lay", "draw", "pass", "give", "choose") if imperative else
                                          ("lays", "draws", "passes", "gives", "chooses"))
        if not isinstance(action, int) or not 0 <= action < self.num_distinct_actions():
            return f"do no such action ({action!r})"
        if action < self.size:
            return f"{lay} {self.card_name(action, numbered)}"
        if action < self.draw_action:
            card, named = divmod(action - self.size, 3)
            return f"{lay} {self.card_name(card, numbered)} naming {ITEM_NAMES[named]}"
        if action < self.give_base:
            return (draw, pass_, f"{lay} nothing more")[action - self.draw_action]
        if action < self.target_base:
            return f"{give} {self.card_name(action - self.give_base, numbered)}"
        return f"{choose} seat {action - self.target_base}"

    def card_name(self, card: int, numbered: bool = True) -> str:
        return f"{self.card_ids[card]} #{card}" if numbered else self.card_ids[card]

    def greedy_action(self, state: KnpState, rng: random.Random) -> int:
        """Return the greedy player's action (greedy.py, described in docs/simulator.md)."""
        return greedy_action(self, state)
