"""The preview sets a card as a build does: its titles share the deck's size, so a longer title on one card
draws the others again."""
import shutil
from pathlib import Path

from deckforge.load import load_deck
from deckforge.load.card_template import load_card_template
from deckforge.preview.render import FaceRenderer

MINI = Path(__file__).resolve().parents[1] / "layout" / "fixtures" / "mini"


def test_a_longer_title_on_one_card_draws_the_other_cards_again(tmp_path):
    shutil.copytree(MINI, tmp_path / "mini")
    deck_file = tmp_path / "mini" / "deck.yaml"
    renderer = FaceRenderer()
    deck = load_deck(deck_file)
    before = renderer.view(deck, load_card_template(deck), "cs", 2, 1)
    source = deck_file.read_text(encoding="utf-8")
    deck_file.write_text(source.replace("{cs: Kámen osudu,", "{cs: Kámen osudu a hvězd,"), encoding="utf-8")
    deck = load_deck(deck_file)
    after = renderer.view(deck, load_card_template(deck), "cs", 2, 2)
    assert before.face("rock").key != after.face("rock").key  # its title is set smaller now, like the spell's
    assert before.face("back", back=True).key == after.face("back", back=True).key  # the back has no title role
