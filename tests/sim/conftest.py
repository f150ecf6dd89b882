"""A Kámen, nůžky, papír test deck with one spell per effect, so tests do not depend on the bundled deck's cards."""
import pytest

from deckforge.load import load_deck

from knp_helpers import changer, item, write_deck

SPELLS = [
    item("draw-two", "paper", effects=[{"effect": "draw", "target": "next", "count": 2}]),
    item("extra", "paper", effects=[{"effect": "extra_play"}]),
    item("rain", "paper", effects=[{"effect": "draw", "target": "others"}]),
    item("swap", "paper", effects=[{"effect": "swap_hands", "target": "chosen"}]),
    item("parcel", "paper", effects=[{"effect": "give", "target": "next"}]),
    item("fate", "rock", effects=[{"effect": "reverse"}]),
    item("again", "rock", effects=[{"effect": "play_again"}]),
    item("cut", "scissors", effects=[{"effect": "skip", "target": "next"}]),
    item("snip", "scissors", effects=[{"effect": "draw", "target": "previous"}]),
    item("cut-twice", "scissors", effects=[{"effect": "skip", "turns": 2}]),
    item("turn-and-hit", "paper", effects=[{"effect": "reverse"}, {"effect": "draw", "target": "next"}]),
    item("hit-and-turn", "paper", effects=[{"effect": "draw", "target": "next"}, {"effect": "reverse"}]),
    item("pick", "paper", effects=[{"effect": "draw", "target": "chosen", "count": 2}]),
    item("gift", "paper", effects=[{"effect": "give", "target": "chosen", "count": 2}]),
    item("double", "paper", effects=[{"effect": "extra_play", "count": 2}]),
]


@pytest.fixture(scope="session")
def spell_deck(tmp_path_factory):
    """A deck: 6 rocks, 6 scissors, 6 papers, 2 changers and the spells above, 2–8 players."""
    cards = [item("rock", "rock", 6), item("scissors", "scissors", 6), item("paper", "paper", 6), changer(count=2)]
    return load_deck(write_deck(tmp_path_factory.mktemp("spells"), cards + SPELLS))
