"""Tiny described decks for the rules interpreter's tests: write one, load it, and script a game by card id.

Cards are `<suit>-<rank>` (red-1, blue-3 ...), one of each, with the attributes `suit` and `rank`. Every card dealt
or drawn is a chance node: a test names the cards that come, in order.
"""
from __future__ import annotations

from pathlib import Path

from deckforge.load import load_deck
from deckforge.sim.base import CHANCE, engine_for

HEADER = """id: tiny
languages: [en]
name: {en: Tiny}
players: {min: %(low)d, max: %(high)d}
card_size: poker
suits:
%(suits)s
cards:
%(cards)s
"""


def write_deck(folder: Path, rules: str, suits=("red", "blue"), ranks=("1", "2", "3", "4"), players=(2, 4),
               extra_cards: str = "") -> Path:
    """Write deck.yaml into `folder` with one card per suit and rank and the given `rules:` text; return it."""
    folder.mkdir(parents=True, exist_ok=True)
    suit_lines = "\n".join(f"  - {{id: {s}, name: {{en: {s.title()}}}}}" for s in suits)
    card_lines = "\n".join(f'  - {{id: {s}-{r}, count: 1, name: {{en: "{s} {r}"}}, suit: {s}, rank: "{r}"}}'
                           for s in suits for r in ranks) + extra_cards
    text = HEADER % {"low": players[0], "high": players[1], "suits": suit_lines, "cards": card_lines}
    path = folder / "deck.yaml"
    path.write_text(text + "rules:\n" + rules, encoding="utf-8")
    return path


def engine(folder: Path, rules: str, players: int = 2, **deck):
    """Return the interpreter for a tiny deck with these rules at `players` players."""
    return engine_for(load_deck(write_deck(folder, rules, **deck)), players)


def card(engine, card_id: str) -> int:
    """Return the physical card index of a card id (one copy each)."""
    return engine.t.labels.index(card_id)


def feed(state, *card_ids: str) -> None:
    """Resolve chance nodes with these cards, in order; the next decision (or the end) must follow."""
    for card_id in card_ids:
        assert state.player == CHANCE, f"expected a chance node for {card_id}, seat {state.player} is to move"
        state.apply_action(card(state.engine, card_id))
    assert state.player != CHANCE or state.is_terminal(), "more chance nodes follow than the test named"


def start(engine, starter: int, *card_ids: str):
    """Return a new game whose first seat is `starter`, dealt these cards in order."""
    state = engine.new_initial_state(starter)
    feed(state, *card_ids)
    state.check_invariants()
    return state


def act(state, *actions) -> None:
    """Apply actions: card ids (play that card) or action numbers; check the invariants after each."""
    for action in actions:
        state.apply_action(card(state.engine, action) if isinstance(action, str) else action)
        state.check_invariants()


def hand(state, seat: int) -> list[str]:
    return sorted(state.engine.t.labels[c] for c in state.zones[state.t.hand + seat])
