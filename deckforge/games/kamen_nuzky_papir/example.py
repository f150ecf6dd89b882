"""The rulebook's example of play: a chain of beats on the discard pile of a seeded game.

Each card laid beats the one under it (RULES.md, Kámen, nůžky, papír: paper beats rock, rock beats scissors,
scissors beat paper; a spell counts as its item). The example shows the turned-up card and the next cards laid on
it, while no changer has been laid, so that every step reads as one item beating another.
"""
from __future__ import annotations

from ...rulebook.examples import ExampleCard, PlayExample
from .rules import CHANGER

CHAIN = 4   # the turned-up card and three beats: rock, paper, scissors all appear


def beats_example(engine, moves, lang: str) -> PlayExample | None:
    """Return the first four cards of the discard pile with who laid them, if none is a changer and every
    card laid beats the one under it."""
    seats: list[int | None] = []
    last_seat: int | None = None  # the seat (from 1) that moved last: the one that laid a new top card
    for state, _ in moves:
        discard = state.discard
        if not seats:
            seats = [None]
        if len(discard) > len(seats):
            seats.append(last_seat)
        if len(discard) < len(seats) or any(engine.item_of[c] == CHANGER for c in discard[:CHAIN]):
            return None   # the pile was rebuilt or a changer came: no plain chain in this game
        if len(discard) >= CHAIN:
            return _example(engine, discard[:CHAIN], seats[:CHAIN], lang)
        last_seat = state.seat + 1
    return None


def _example(engine, cards: list[int], seats: list[int | None], lang: str) -> PlayExample:
    deck = engine.deck
    names = [deck.card(engine.card_ids[c]).name(lang) for c in cards]
    facts = {"first": names[0], "beats": list(zip(seats[1:], names[1:], names[:-1]))}
    return PlayExample(tuple(ExampleCard(engine.card_ids[c], s) for c, s in zip(cards, seats)), facts)
