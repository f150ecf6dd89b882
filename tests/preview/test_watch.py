"""Which files the preview watches, and which of their changes make it reload."""
from __future__ import annotations

from deckforge.load import BUNDLED_DIR
from deckforge.load.card_template import CARD_TEMPLATES_DIR


def test_it_watches_the_deck_folder_the_bundled_templates_and_decks(session, deck_copy) -> None:
    assert set(session.watched()) == {deck_copy.parent.resolve(), CARD_TEMPLATES_DIR.resolve(),
                                      BUNDLED_DIR.resolve()}


def test_a_change_concerns_it_when_it_can_change_the_page(session, deck_copy) -> None:
    template = session.snapshot.deck.template
    assert session.concerns(deck_copy)
    assert session.concerns(deck_copy.parent / "art" / "new-spell.png")       # art, even in a new folder
    assert session.concerns(deck_copy.parent / f"{template}.yaml")            # a template beside the deck
    assert session.concerns(CARD_TEMPLATES_DIR / f"{template}.yaml")          # the bundled template it names
    assert not session.concerns(CARD_TEMPLATES_DIR / "no-such-template.yaml")  # another deck's template
    assert session.concerns(BUNDLED_DIR / "wizard" / "deck.yaml")             # a base it may extend
    assert not session.concerns(BUNDLED_DIR / "wizard" / "notes.txt")


def test_a_broken_deck_reloads_on_any_template_change(session, deck_copy) -> None:
    deck_copy.write_text("id: [\n", encoding="utf-8")
    session.reload()
    assert session.snapshot.deck is None
    assert session.concerns(CARD_TEMPLATES_DIR / "no-such-template.yaml")
