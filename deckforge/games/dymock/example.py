"""The rulebook's example of play: the pile on the table of a seeded game, up to the card that burns it.

RULES.md (DYMOCK): each card laid is of equal or higher rank than the one under it, unless its rank resets the
pile; a burning rank or the fourth card of a rank in a row burns the pile, and its player leads again.
"""
from __future__ import annotations

from ...rulebook.examples import ExampleCard, PlayExample

SHOWN = 5   # the last cards of the pile, the burning card among them
LEAST = 3   # a pile worth showing holds this many cards before it burns


def burn_example(engine, moves, lang: str) -> PlayExample | None:
    """Return the last cards of the first pile of at least three cards that burns, with who laid each."""
    pile: list[tuple[int, int]] = []   # the pile as laid: (card, seat)
    seat, burned = -1, 0
    for state, _ in moves:
        if state.pile[:len(pile)] == [card for card, _ in pile]:
            pile += [(card, seat) for card in state.pile[len(pile):]]
        elif not state.pile and len(state.burned) > burned + len(pile) and len(pile) >= LEAST:
            laid = pile + [(card, seat) for card in state.burned[burned + len(pile):]]  # the burning cards last
            if _rising(engine, [card for card, _ in laid[-SHOWN:-1]]):
                return _example(engine, laid, lang)
            pile = []
        else:
            pile = [(card, seat) for card in state.pile]
        seat, burned = state.player, len(state.burned)
    return None


def _rising(engine, cards: list[int]) -> bool:
    """Tell whether each card ranks the same as or higher than the one before (no reset among them)."""
    strengths = [engine.strength[engine.rank_of[card]] for card in cards]
    return all(0 < a <= b for a, b in zip(strengths, strengths[1:])) and all(strengths)


def _example(engine, laid: list[tuple[int, int]], lang: str) -> PlayExample:
    deck = engine.deck
    ids = [engine.card_ids[engine.id_of[card]] for card, _ in laid][-SHOWN:]
    seats = [seat + 1 for _, seat in laid][-SHOWN:]
    facts = {"burner": deck.card(ids[-1]).name(lang), "seat": seats[-1],
             "four": len({deck.card(i).get("rank") for i in ids[-4:]}) == 1 and len(ids) >= 4}
    return PlayExample(tuple(ExampleCard(i, s) for i, s in zip(ids, seats)), facts)
