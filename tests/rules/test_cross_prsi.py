"""Prší written as data (decks/examples/prsi-as-data) plays exactly as its hand-written engine (issue 21, part 3).

1,000 seeded games, 200 at each player count from 2 to 6, go through both engines at once (tests/helpers/
cross_check.py): the same chance outcomes and decisions, and at every step the same seat to move, the same chance
outcomes, the same legal actions and at the end the same returns. Together the games must make every rule of Prší
(RULES.md) fire in both engines, so the comparison covers them all.

The players are random but lay a card rather than draw four times in five, so games end well inside the engines'
bounds; in every fourth game they first hoard cards (draw whenever they may), which empties the stock and makes
players pass. One rule cannot fire with these 32 cards: a full round of passes (a stalemate). A pass needs an empty
stock and a pile of one card, so every other card is in the hands of players still in, and among them are the seven
other cards of the top's suit (or of the suit named): someone can always lay. `end: {blocked: stalemate}` is tested
on a smaller deck in tests/rules/test_waiting.py.
"""
from __future__ import annotations

from collections import Counter

import pytest

from deckforge.games.prsi.rules import RANKS, TURNED_UP
from deckforge.load import load_deck
from deckforge.sim.base import engine_for
from tests.helpers.cross_check import Recording, note_fired, play_both, prefer, unfired

GAMES_PER_COUNT = 200
PLAYER_COUNTS = range(2, 7)

# each rule of Prší, as the hand-written engine counts it (effects or figures) and as the description does
# (docs/rules-format.md, "How the simulator plays a description")
RULES_FIRED = {
    "a 7 laid: the next player owes 2 cards": ("seven", "draw.effect"),
    "a 7 laid on a 7: 2 more, passed on": ("seven-answered", "draw.effect.answered"),
    "an ace laid: the next player stands": ("ace", "skip"),
    "an ace laid on an ace: passed on": ("ace-answered", "skip.answered"),
    "a svršek laid: its player names a suit": ("suit-change", "name_suit"),
    "the penalty drawn as the whole turn": ("penalty_cards", "draw.effect.taken"),
    "a waiting ace accepted: the player stands": ("stands", "skip.taken"),
    "the turned-up card acts on the first player": ("turned-up-seven", "turn_up.acts"),
    "the pile shuffled into a new stock": ("reshuffles", "refill"),
    "a player passes: nothing to lay or draw": ("passes", "pass"),
}


def hoard_then_lay(draw: int, size: int, hoard: int = 40):
    """Return a player that prefers drawing for its table's first `hoard` decisions, then prefers laying cards."""
    drawing, laying, calls = prefer(lambda action: action == draw, 0.95), prefer(lambda action: action < size), [0]

    def choose(rng, actions):
        calls[0] += 1
        return (drawing if calls[0] <= hoard else laying)(rng, actions)
    return choose


def turned_up(state) -> str:
    """Return the rank of the card a hand-written game turned up to start the pile."""
    entry = next(~entry for entry in state.history if entry < 0 and ~entry & 0xFF == TURNED_UP)
    return RANKS[state.engine.rank_of[entry >> 8]]


def _to_data(hand, data):
    """Map the hand-written engine's action numbers to the described engine's: cards are the same indices."""
    specials = {hand.draw: data.draw, hand.stand: data.stand, hand.pass_: data.pass_}
    specials.update({hand.name_base + s: data.name_base + s for s in range(len(hand.suits))})
    assert [data.t.suits[s] for s in range(len(hand.suits))] == list(hand.suits)
    return lambda action: action if action < hand.size else specials[action]


@pytest.fixture(scope="module")
def decks():
    return load_deck("prsi"), load_deck("examples/prsi-as-data")


def test_described_prsi_plays_as_the_hand_written_engine(decks):
    hand_deck, data_deck = decks
    fired, starts, steps, stalemates, finished = Counter(), Counter(), 0, 0, 0
    for players in PLAYER_COUNTS:
        hand = Recording(engine_for(hand_deck, players))
        data = Recording(engine_for(data_deck, players))
        to_data = _to_data(hand.engine, data.engine)
        lay = prefer(lambda action, size=hand.engine.size: action < size)  # lay rather than draw: games end sooner
        for game in range(GAMES_PER_COUNT):
            choose = hoard_then_lay(hand.engine.draw, hand.engine.size) if game % 4 == 3 else lay
            steps += play_both(hand, data, 1000 * players + game, to_data, choose)
            starts[turned_up(hand.states[-1])] += 1
            described = data.states.pop().result()
            note_fired(fired, hand.states.pop().result(), described)
            stalemates += described.stalemate
            finished += described.finished
    # every game was played out: somebody lost, none ran into an engine's bound (which would be a stalemate)
    assert (finished, stalemates) == (len(PLAYER_COUNTS) * GAMES_PER_COUNT, 0)
    missing = unfired(RULES_FIRED, fired)
    assert not missing, f"rules that never fired in {steps} steps: {missing}"
    assert fired["hand:turned-up-ace"] and fired["hand:turned-up-seven"]
    assert starts["svrsek"] and set(starts) == set(RANKS), starts  # a svršek turned up: its own suit stands
