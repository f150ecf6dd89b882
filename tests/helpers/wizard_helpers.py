"""Helpers for the Wizard tests: engines for the bundled deck, deals stacked card by card through the chance
nodes, and bids in the game's action numbers."""
from __future__ import annotations

import random
from functools import lru_cache

from deckforge.load import load_deck
from deckforge.sim.base import CHANCE
from deckforge.games.wizard.engine import KINDS, NO_TRUMP, CardTable, WizardEngine, WizardState


@lru_cache(maxsize=None)
def wizard_deck():
    return load_deck("wizard")


def engine(players: int = 4, *variants: str, **options) -> WizardEngine:
    return WizardEngine(wizard_deck(), players, {"variants": variants, **options})


def card(eng: WizardEngine, card_id: str, copy: int = 0) -> int:
    """Return the card number of a card id (the `copy`-th physical copy for Wizards and Jesters)."""
    return [i for i, c in enumerate(eng.table.ids) if c == card_id][copy]


def deal(eng: WizardEngine, round_no: int, hands: list[list[str]], turned_up: str | None,
         dealer: int = 0) -> WizardState:
    """Start round `round_no` alone and deal it through its chance nodes: the given hands (in seat order) and
    turned-up card; ids of Wizards and Jesters may repeat and take the next copy."""
    seen: dict[str, int] = {}

    def number(card_id: str) -> int:
        seen[card_id] = seen.get(card_id, 0) + 1
        return card(eng, card_id, seen[card_id] - 1)

    numbers = [[number(c) for c in hand] for hand in hands]
    state = eng.new_hand(round_no, dealer)
    n = eng.players
    for k in range(round_no * n):   # one card at a time, clockwise from the player left of the dealer
        state.apply_action(numbers[(dealer + 1 + k) % n][k // n])
    if state.player == CHANCE:
        assert turned_up, "this round turns a card up: name it"
        state.apply_action(number(turned_up))
    else:
        assert turned_up is None, "no card is left to turn up in this round"
    return state


def dealt(eng: WizardEngine, round_no: int, rng: random.Random, dealer: int = 0) -> WizardState:
    """Start round `round_no` alone and deal it at random (its chance nodes resolved by `rng`)."""
    return settle(eng.new_hand(round_no, dealer), rng)


def settle(state: WizardState, rng: random.Random) -> WizardState:
    """Resolve the chance nodes up to the next decision (or the end)."""
    while state.player == CHANCE:
        state.apply_action(state.sample_chance(rng))
    return state


def play_out(state: WizardState, rng: random.Random) -> WizardState:
    """Play a state to its end with random choices and chance, checking every step."""
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.player == CHANCE else rng.choice(state.legal_actions()))
        state.check_invariants()
    return state


def ids(eng: WizardEngine, cards) -> set[str]:
    return {eng.table.ids[c] for c in cards}


def bid_all(state: WizardState, *bids: int) -> None:
    """Apply the bids in bidding order (from the player left of the dealer)."""
    for bid in bids:
        state.apply_action(state.engine.bid_action(bid))


def bids(state: WizardState) -> list[int]:
    """Return the legal bids as numbers (not action ids)."""
    return [action - state.engine.bid_base for action in state.legal_actions()]


def table_of(cards, suits: int = 4) -> CardTable:
    """Build a card table from (kind, suit index, rank) triples: hand-made cards for the trick-winner tests."""
    table = CardTable.__new__(CardTable)
    table.suit_ids = table.suit_names = tuple(f"s{i}" for i in range(suits))
    table.kind = tuple(KINDS[k] for k, _, _ in cards)
    table.suit = tuple(s if k == "number" else NO_TRUMP for k, s, _ in cards)
    table.rank = tuple(r if k == "number" else 0 for k, _, r in cards)
    table.ids = table.names = tuple(f"{k}-{s}-{r}" for k, s, r in cards)
    table.size = len(cards)
    table.derive()
    return table
