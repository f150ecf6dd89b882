"""The generic `basic` template lays itself out at every card-size preset; validate names a box that does not fit."""
import dataclasses
import re

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


def test_a_template_too_big_for_the_card_is_one_finding_per_box(tmp_path):
    """`validate` listed the template's problems as one finding of many lines, only the first bulleted."""
    from click.testing import CliRunner

    from deckforge.cli import main

    CliRunner().invoke(main, ["new", str(tmp_path / "small"), "--from", "kamen-nuzky-papir"])
    deck_file = tmp_path / "small" / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    deck_file.write_text(text.replace("card_size: poker", "card_size: mini"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(deck_file)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    count = int(next(found[1] for line in lines if (found := re.search(r": (\d+) problems?:$", line))))
    listed = [line for line in lines if line.startswith("- ")]
    assert count == len(listed) > 1 and all("does not lie inside the 44 × 63 mm card" in line for line in listed)
    assert "(its card_size): choose a card size this template fits, or give the deck a template of its own" \
           in listed[0]
