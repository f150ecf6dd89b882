"""Záhada hlavolamu a Rychlé šípy: collect the row of characters and close it to win the Ježek v kleci.

Rules source: ../shared/seeds/rychle-sipy.txt, settled by ../shared/RULES.md (section "Záhada hlavolamu a Rychlé
šípy"), which wins over the seed. What a card does is read from the deck: a `character`'s `number` (its place in the
row), `bonus` (cards its discarder draws), `penalty` ({take: none|stock, discard: k}, binding the next player) and
`laid_out` (never held); the `prize` card is the Ježek. The row runs from 1 to the deck's highest number, which closes
it. A variant deck with other names, numbers or effects plays as written.

The game is split by what each part does: rules.py holds the action numbering and phases, state.py plays a game,
view.py says what a seat may know (information strings, determinized deals) and checks a state, greedy.py is the
greedy player. Cards are small ints indexing the engine's card table. Actions (rules.py): TAKE_STOCK, TAKE_DISCARD,
NO_TAKE, NO_DISCARD, and DISCARD + card. A step with a single legal action is applied at once, so every decision is a
real choice. Chance nodes: the first dealer (outcome: a seat), each card of the deal and every draw from the unknown
stock (outcome: the card, uniform over the cards not yet seen). The stock the rules rebuild by turning the discard
pile over is not shuffled: drawing from it is no chance node.

Choices where the seed and RULES.md are silent (docs/simulator.md repeats them):
- A penalty's take is part of the penalty: bound by Štětináč, even a complete row draws from the stock. A penalty
  turn is only the penalty: no optional take or discard, and a penalised player does not close in it.
- A player who can take nothing (stock and rebuild empty, the top discard refused) must discard one card if they
  hold any, else passes: RULES.md's "both piles empty" case, applied whenever nothing may be taken.
- A complete row holding two or more cards must discard one each turn (the seed: "discards until one is left").
- A duplicate laid-out card is discarded with its bonus whenever it arrives outside a penalty, also from a bonus
  draw after the turn's discard; while serving a penalty it counts as an owed discard, without bonus.
- The Ježek's replacement is a draw of the same kind: a turn's take may rebuild the stock, a bonus draw may not.
- Cards taken off a broken row leave a gap; the cards beyond it stay laid and count again once the gap is filled.
  A card may not be taken from the discard pile while its number is laid, in the row or beyond a gap.
- Discards before the first turn (dealt duplicates, in seat order from the first player) bind no one.
- Stalemates (RULES.md): a position is every hand, row and pile, the stock and the seat to move, and also a penalty
  waiting for that seat; it is counted when a turn begins, and its third arrival stalls the game. A whole round of
  turns in which nobody had a choice and no turn changed anything (passes, lost turns with nothing to take) stalls it
  at once. Positions are hashed as they change (rules.PositionKeys) and forgotten at every draw from the unknown
  stock, after which none of them can come back.
- In a series the deal passes clockwise, so the next game's first player is the seat after this game's.
"""
from __future__ import annotations

import random

from .greedy import greedy_discard, greedy_take
from .rules import (DISCARD, INFO, NO_PENALTY, ROW_START, TAKE, TAKE_NONE, TAKE_STOCK_ONLY, penalty_name,
                    position_keys)
from .state import RychleSipyState
from ...sim.base import Engine, GameResult, SimulationError


class RychleSipyEngine(Engine):
    """Záhada hlavolamu a Rychlé šípy for one deck and player count: the card table read from the deck."""

    info = INFO

    def __init__(self, deck, players: int, options: dict | None = None):
        super().__init__(deck, players, options)
        self._build_table(self.dealt_cards())
        if self.top < 1:
            raise SimulationError(f"deck '{deck.id}': no character card, so there is no row to build")
        self.start = min(ROW_START, self.top)
        self.keys = position_keys(self.cards, players)

    def _build_table(self, cards) -> None:
        """Read each physical card's number, bonus, penalty and whether it is laid out or the prize."""
        lang = "en" if "en" in self.deck.languages else self.deck.languages[0]
        self.ids = tuple(card.id for card in cards)
        self.number = tuple(int(card.get("number") or 0) for card in cards)
        self.bonus = tuple(int(card.get("bonus") or 0) for card in cards)
        self.laid_out = tuple(bool(card.get("laid_out")) for card in cards)
        self.prize = tuple(card.kind == "prize" for card in cards)
        penalties = [card.get("penalty") for card in cards]
        self.penalty_take = tuple(NO_PENALTY if not pen else TAKE_STOCK_ONLY if pen["take"] == "stock" else TAKE_NONE
                                  for pen in penalties)
        self.penalty_owe = tuple(int(pen["discard"]) if pen else 0 for pen in penalties)
        self.penalty_name = tuple(penalty_name(t, o) if t else "" for t, o in zip(self.penalty_take,
                                                                                self.penalty_owe))
        self.label = tuple(f"{card.name(lang)} ({card.get('colour')})" if card.get("colour") else card.name(lang)
                           for card in cards)
        self.top = max(self.number)
        self.cards = len(cards)

    # -- OpenSpiel's Game -----------------------------------------------------------------------------------------

    def num_distinct_actions(self) -> int:
        """TAKE_STOCK, TAKE_DISCARD, NO_TAKE, NO_DISCARD, then one discard per physical card."""
        return DISCARD + self.cards

    def max_chance_outcomes(self) -> int:
        """A card of the deck (a deal or a draw), or a seat (the first dealer)."""
        return max(self.cards, self.players)

    def new_initial_state(self, starter: int | None = None) -> RychleSipyState:
        """Return a game before its deal; the first dealer is a chance node, or the seat before a named starter."""
        return RychleSipyState(self, None if starter is None else (starter - 1) % self.players)

    # -- deckforge's own --------------------------------------------------------------------------------------------

    def next_starter(self, previous: GameResult | None) -> int | None:
        """Pass the deal clockwise (RULES.md): the seat after the previous game's first player starts."""
        if previous is None or previous.first_player is None:
            return None
        return (previous.first_player + 1) % self.players

    def expected_effects(self) -> set[str]:
        """Return the effects this deck's cards should show in seeded play: bonuses, each penalty, the Ježek."""
        found = {name for name in self.penalty_name if name}
        if any(self.bonus):
            found.add("bonus")
        if any(self.prize):
            found.add("jezek-set-aside")
        return found

    def greedy_action(self, state: RychleSipyState, rng: random.Random) -> int:
        """Choose as the greedy player (greedy.py)."""
        if state.phase == TAKE:
            return greedy_take(self, state)
        return greedy_discard(self, state)
