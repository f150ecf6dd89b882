"""Helpers for the Wizard tests: engines for the bundled deck, and deals stacked card by card."""
from __future__ import annotations

import random
from functools import lru_cache

from deckforge.load import load_deck
from deckforge.games.wizard.engine import KINDS, NO_TRUMP, CardTable, WizardEngine, WizardState


@lru_cache(maxsize=None)
def wizard_deck():
    return load_deck("wizard")


def engine(players: int = 4, *variants: str, **options) -> WizardEngine:
    return WizardEngine(wizard_deck(), players, {"variants": variants, **options})


class StackedRng(random.Random):
    """A generator whose deals come out in a given order (the rest of its randomness stays seeded)."""

    def __init__(self, order: list[int]):
        super().__init__(0)
        self.order = order

    def sample(self, population, k):
        assert len(self.order) >= k, "the stacked deal is shorter than the deal"
        dealt, self.order = self.order[:k], self.order[k:]
        return dealt


def card(eng: WizardEngine, card_id: str, copy: int = 0) -> int:
    """Return the card number of a card id (the `copy`-th physical copy for Wizards and Jesters)."""
    return [i for i, c in enumerate(eng.table.ids) if c == card_id][copy]


def deal(eng: WizardEngine, round_no: int, hands: list[list[str]], turned_up: str | None,
         dealer: int = 0) -> WizardState:
    """Start round `round_no` alone with the given hands (seat order) and turned-up card; ids, Wizards and Jesters
    may repeat and take the next copy."""
    seen: dict[str, int] = {}
    order = []
    for card_id in [c for hand in hands for c in hand] + ([turned_up] if turned_up else []):
        order.append(card(eng, card_id, seen.get(card_id, 0)))
        seen[card_id] = seen.get(card_id, 0) + 1
    return eng.new_hand(StackedRng(order), round_no, dealer)


def ids(eng: WizardEngine, cards) -> set[str]:
    return {eng.table.ids[c] for c in cards}


def bid_all(state: WizardState, *bids: int) -> None:
    """Apply the bids in bidding order (from the player left of the dealer)."""
    for bid in bids:
        state.apply(bid)


def table_of(cards, suits: int = 4) -> CardTable:
    """Build a card table from (kind, suit index, rank) triples: hand-made cards for the trick-winner tests."""
    table = CardTable.__new__(CardTable)
    table.suit_ids = table.suit_names = tuple(f"s{i}" for i in range(suits))
    table.kind = tuple(KINDS[k] for k, _, _ in cards)
    table.suit = tuple(s if k == "number" else NO_TRUMP for k, s, _ in cards)
    table.rank = tuple(r if k == "number" else 0 for k, _, r in cards)
    table.ids = table.names = tuple(f"{k}-{s}-{r}" for k, s, r in cards)
    table.size = len(cards)
    table._set_opens()
    return table
