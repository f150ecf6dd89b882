"""The generic `basic` template lays itself out at every card-size preset; validate names a box that does not fit."""
import dataclasses

import pytest

from deckforge.layout.check import print_problems
from deckforge.load import load_deck
from deckforge.model import CardSize
from deckforge.vocab import CARD_SIZES

DECK = """id: sizes
name: {en: Sizes}
languages: [en]
players: {min: 2, max: 4}
card_size: poker
cards:
  - {id: a, count: 2, name: {en: A card with a longer name}, text: {en: "Do what the card says, then draw one."}, value: 7, type: Spell}
  - {id: b, count: 2, name: {en: B}}
"""


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_the_basic_template_fits_every_preset(tmp_path, size):
    (tmp_path / "deck.yaml").write_text(DECK, encoding="utf-8")
    deck = dataclasses.replace(load_deck(tmp_path), card_size=CardSize(size, *CARD_SIZES[size]))
    assert print_problems(deck) == []


def test_a_bundled_template_that_does_not_fit_a_size_is_named_box_by_box():
    deck = load_deck("wizard")
    problems = print_problems(dataclasses.replace(deck, card_size=CardSize("mini", *CARD_SIZES["mini"])))
    assert problems and "templates/cards/wizard.yaml:" in problems[0] and "does not lie inside the 44 × 63 mm card" in problems[0]
