"""The four bundled decks load, scale with the player count, and refuse counts outside their range."""
import dataclasses

import pytest

from deckforge import load_deck
from deckforge.errors import PlayerCountError
from deckforge.load import bundled_decks

COUNTS = [
    ("kamen-nuzky-papir", 2, 30), ("kamen-nuzky-papir", 4, 30), ("kamen-nuzky-papir", 5, 60),
    ("kamen-nuzky-papir", 8, 60), ("kamen-nuzky-papir", 9, 90), ("kamen-nuzky-papir", 12, 90),
    ("wizard", 3, 60), ("wizard", 6, 60), ("rychle-sipy", 2, 53), ("rychle-sipy", 4, 53),
    ("dymock", 2, 54), ("dymock", 6, 54), ("dymock", 7, 108), ("dymock", 12, 108),
]


def test_five_bundled_decks() -> None:
    assert sorted(p.parent.name for p in bundled_decks()) == ["dymock", "kamen-nuzky-papir", "prsi", "rychle-sipy", "wizard"]


@pytest.mark.parametrize("deck_id,players,total", COUNTS)
def test_card_count_for_players(deck_id: str, players: int, total: int) -> None:
    deck = load_deck(deck_id)
    assert len(deck.for_players(players)) == total == deck.total_for(players)


@pytest.mark.parametrize("deck_id,players", [("wizard", 2), ("wizard", 7), ("rychle-sipy", 5), ("dymock", 13),
                                             ("kamen-nuzky-papir", 1)])
def test_player_count_outside_range_is_refused(deck_id: str, players: int) -> None:
    with pytest.raises(PlayerCountError, match=f"not {players}"):
        load_deck(deck_id).for_players(players)


def test_knp_composition_follows_rules() -> None:
    """RULES.md: 27 items (9 of each, 9 carrying spells: 5 paper, 2 rock, 2 scissors) and 3 changers per set."""
    deck = load_deck("kamen-nuzky-papir")
    cards = deck.for_players(4)
    for item in ("rock", "paper", "scissors"):
        assert sum(1 for c in cards if c.get("item") == item) == 9
    spells = [c for c in cards if c.kind == "spell"]
    assert sorted(c.get("item") for c in spells) == ["paper"] * 5 + ["rock"] * 2 + ["scissors"] * 2
    assert sum(1 for c in cards if c.kind == "changer") == 3
    assert deck.card("stone-of-fate").name("cs") == "Kámen osudu"
    assert all(c.text("cs") and c.text("en") for c in spells)


def test_wizard_suits_ranks_and_specials() -> None:
    deck = load_deck("wizard")
    cards = deck.for_players(4)
    assert sorted({c.get("suit") for c in cards if c.kind == "number"}) == ["dwarves", "elves", "giants", "humans"]
    assert sum(1 for c in cards if c.kind == "wizard") == 4 and sum(1 for c in cards if c.kind == "jester") == 4


def test_rychle_sipy_row_and_prize() -> None:
    deck = load_deck("rychle-sipy")
    cards = deck.for_players(4)
    assert sorted({c.get("number") for c in cards if c.kind == "character"}) == list(range(1, 14))
    assert [c.name("cs") for c in cards if c.kind == "prize"] == ["Ježek v kleci"]
    assert {c.get("number") for c in cards if c.get("laid_out")} == {12, 13}


def test_dymock_ranks() -> None:
    deck = load_deck("dymock")
    cards = deck.for_players(4)
    assert sum(1 for c in cards if c.get("rank") == "Joker") == 2
    assert {c.get("rank"): c.get("special") for c in cards if c.get("special")} == {
        "2": "reset", "3": "reset-reverse", "10": "burn"}


def test_model_is_frozen() -> None:
    deck = load_deck("wizard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        deck.id = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        deck.cards[0].attrs["rank"] = 99  # type: ignore[index]
