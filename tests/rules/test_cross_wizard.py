"""Wizard written as data (decks/examples/wizard-as-data) plays exactly as its hand-written engine (issue 21, part 3).

1,000 seeded games, 250 at each player count from 3 to 6, go through both engines at once (tests/helpers/
cross_check.py): the same chance outcomes and decisions, and at every step the same seat to move, the same chance
outcomes, the same legal actions and at the end the same returns and scores. Every game is played whole, all
60 / players rounds (up to 20), the last one without trump. A quarter of the games play the plus/minus-one variant (the
hand-written engine's "plus-minus-one", the description's `bid: {not_total: true}`). Together the games must make
every rule of Wizard (RULES.md) fire, so the comparison covers them all. The games at 4 and 5 players are in
test_cross_wizard_4_5.py, so that two workers share the work.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from deckforge.games.wizard.rules import BID, JESTER, NO_SUIT, NUMBER, PLAY
from deckforge.load import load_deck
from deckforge.sim.base import engine_for
from tests.helpers.cross_check import Recording, play_both

GAMES_PER_COUNT = 250
PLAYER_COUNTS = range(3, 7)   # split in two files: 3 and 6 here, 4 and 5 in test_cross_wizard_4_5.py
PLUS_MINUS_ONE_EVERY = 4  # one game in four plays the plus/minus-one variant

# each rule of Wizard, as the hand-written engine counts it (its events) and as the description does
RULES_FIRED = {
    "a number card of the suit led takes the trick": ("trick-won-by-suit-led", "trick"),
    "the first Wizard takes the trick": ("trick-won-by-wizard", "beats_all"),
    "a trick of Jesters only goes to the first": ("trick-of-jesters", "loses_all"),
    "the highest trump takes the trick": ("trick-won-by-trump", "trump"),
    "a Wizard turned up: the dealer chooses trump": ("trump-chosen-by-dealer", "trump.chosen"),
    "a Jester turned up: no trump": ("no-trump", "trump.none"),
    "the last round: no card left, no trump": ("no-trump-last-round", "trump.stock_empty"),
    "bids made and missed": ("bid.made", "bid.missed"),
}


def _to_data(hand, data):
    """Map the hand-written engine's action numbers to the described engine's: cards are the same indices, a bid
    of b is each engine's bid_base + b, choosing trump suit s is the described engine's name_base + s."""
    assert list(data.t.suits) == list(hand.table.suit_ids)

    def to_data(action: int) -> int:
        if action < hand.bid_base:
            return action
        if action < hand.trump_base:
            return data.bid_base + action - hand.bid_base
        return data.name_base + action - hand.trump_base
    return to_data


class Watcher:
    """A uniform random player that also notes when the suit-following rules mattered in the hand-written game:
    a Wizard or Jester playable beside the suit led, a Jester led leaving the suit to the next card, a Wizard first
    leaving none, and a bid the plus/minus-one variant barred."""

    def __init__(self):
        self.hand, self.seen = None, Counter()   # hand: the Recording of the hand-written game being played

    def __call__(self, rng, actions):
        state = self.hand.states[-1]
        if state.phase == PLAY and state.trick:   # a card already down
            kinds, following = state.table.kind, len(actions) < len(state.hands[state.player])
            if state.lead_suit >= 0 and following and any(kinds[a] != NUMBER for a in actions):
                self.seen["a Wizard or Jester playable while following suit"] += 1
            if kinds[state.trick[0]] == JESTER and state.lead_suit >= 0:
                self.seen["a Jester led: a later card set the suit"] += 1
            if state.lead_suit == NO_SUIT:
                self.seen["a Wizard first: no suit to follow"] += 1
        if state.phase == BID and len(actions) == state.round:   # BID, one bid barred
            self.seen["plus/minus one barred a bid"] += 1
        return actions[rng.randrange(len(actions))]


@pytest.fixture(scope="module")
def decks():
    return load_deck("wizard"), load_deck("examples/wizard-as-data")


def _described(deck, plus_minus_one: bool):
    """Return the described deck, with `not_total` for plus/minus one."""
    if not plus_minus_one:
        return deck
    return replace(deck, described=replace(deck.described, bid=replace(deck.described.bid, not_total=True)))


def play_counts(decks, player_counts, rare: tuple[str, ...] = ()) -> int:
    """Play GAMES_PER_COUNT games at each player count through both engines; check that every rule of Wizard but
    the `rare` ones fired in both and the suit-following cases were met; return the number of games."""
    hand_deck, data_deck = decks
    fired, watcher, games = Counter(), Watcher(), 0
    engines: dict = {}
    for players in player_counts:
        last = 60 // players
        for game in range(GAMES_PER_COUNT):
            seed = 1000 * players + game
            variant = game % PLUS_MINUS_ONE_EVERY == 1
            key = (players, variant)
            if key not in engines:
                options = {"variants": ["plus-minus-one"]} if variant else None
                engines[key] = (engine_for(hand_deck, players, options),
                                engine_for(_described(data_deck, variant), players))
            hand_engine, data_engine = engines[key]
            hand, data = Recording(hand_engine), Recording(data_engine)
            watcher.hand = hand
            play_both(hand, data, seed, _to_data(hand_engine, data_engine), watcher)
            hand_state, data_state = hand.states[0], data.states[0]
            assert hand_state.round == data_state.round_no == last
            assert hand_state.scores == data_state.totals, seed   # the points too, not only the places
            fired.update(hand_state.result().effects)
            fired.update(data_state.result().effects)
            games += 1
    missing = {rule: names for rule, names in RULES_FIRED.items()
               if rule not in rare and not all(fired[name] for name in names)}
    assert not missing, f"rules that never fired in {games} games: {missing}"
    assert len(watcher.seen) == 4 and all(watcher.seen.values()), watcher.seen
    return games


def test_described_wizard_plays_as_the_hand_written_engine_at_3_and_6_players(decks):
    """Half of the 1,000 games; the other half, at 4 and 5 players, is test_cross_wizard_4_5.py (a file of its
    own, so that the two halves run side by side on two workers)."""
    assert play_counts(decks, (3, 6)) == 2 * GAMES_PER_COUNT
