"""The rulebook's example of play: the row that closed a seeded game, from 1 to the last number.

RULES.md (Záhada hlavolamu a Rychlé šípy): a player lays out the row the moment they hold 1 to 5 and adds each
next number the moment they hold it; with the row complete and one card left in hand, they discard it face down,
close the row and win the Ježek v kleci.
"""
from __future__ import annotations

from ...rulebook.examples import ExampleCard, PlayExample


def row_example(engine, moves, lang: str) -> PlayExample | None:
    """Return the complete row of the player who closed it, with the card they discarded last."""
    state = None
    for state, _ in moves:
        pass
    if state is None or state.winner < 0:
        return None
    seat = state.winner
    row = [card for card in state.slots[seat] if card >= 0]
    last = engine.deck.card(engine.ids[state.pile[-1]]).name(lang)
    facts = {"winner": seat + 1, "last": last, "length": len(row), "start": engine.start}
    return PlayExample(tuple(ExampleCard(engine.ids[card], seat + 1) for card in row), facts)
