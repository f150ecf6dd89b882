"""The rulebook's example of play: one trick of a seeded game, with the trump and the card that took it.

A trick is worth showing when a card that is neither the highest of the suit led nor a wizard wins it, or a
wizard does: the reader sees what beats what (RULES.md, Wizard: who takes a trick).
"""
from __future__ import annotations

from ...rulebook.examples import ExampleCard, PlayExample
from .rules import NO_TRUMP, NUMBER, PLAY, UNSET, WIZARD

FIRST_ROUND = 3   # a trick of a later round: the players have cards to choose from


def trick_example(engine, moves, lang: str) -> PlayExample | None:
    """Return the first trick of round 3 or later taken by a trump or a wizard against the suit led."""
    table = engine.table
    for state, action in moves:
        if state.phase != PLAY or state.round < FIRST_ROUND or len(state.trick) != engine.players - 1:
            continue
        if state.lead_suit == UNSET:   # jesters so far: the last card would set the suit led
            continue
        cards, trump = list(state.trick) + [action], state.trump
        strengths = [table.keys[trump + 1][state.lead_suit + 2][card] for card in cards]
        taken_by = cards[strengths.index(max(strengths))]
        if table.kind[taken_by] == WIZARD or (trump != NO_TRUMP and table.kind[taken_by] == NUMBER
                                              and table.suit[taken_by] == trump != table.suit[cards[0]]):
            return _example(engine, cards, state.leader, taken_by, trump, lang)
    return None


def _example(engine, cards: list[int], leader: int, taken_by: int, trump: int, lang: str) -> PlayExample:
    table, deck = engine.table, engine.deck
    seats = [(leader + k) % engine.players for k in range(len(cards))]
    winner = seats[cards.index(taken_by)]
    facts = {"trump": table.suit_names[trump] if trump != NO_TRUMP else "",
             "led": deck.card(table.ids[cards[0]]).name(lang),
             "leader": leader + 1, "winner": winner + 1,
             "winning": deck.card(table.ids[taken_by]).name(lang),
             "by_wizard": table.kind[taken_by] == WIZARD}
    return PlayExample(tuple(ExampleCard(table.ids[c], s + 1) for c, s in zip(cards, seats)), facts)
