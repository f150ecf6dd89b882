"""A deck that names no game gets a rulebook from its own `rules` text plus the component list deckforge knows."""
import csv

from deckforge.load import load_deck
from deckforge.rulebook import rulebook_html
from deckforge.rulebook.render import visible_text

DECK = """id: hexduel
name: {en: Hex Duel, cs: Čarodějný souboj}
languages: [en, cs]
players: {min: 2, max: 4}
card_size: poker
rules:
  en: |
    Each turn, play a card. *Whoever* holds the last card loses.

    # Your turn
    - play one card
    - or draw one

    <script>alert(1)</script> ![x](/etc/passwd)
  cs: Každý tah zahraj kartu. Kdo drží poslední kartu, prohrává.
cards: cards.csv
"""


def deck(tmp_path):
    (tmp_path / "deck.yaml").write_text(DECK, encoding="utf-8")
    with open(tmp_path / "cards.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["id", "count", "name.en", "name.cs", "text.en", "text.cs"],
                                      ["ember", "6", "Ember", "Žhavý uhlík", "Strike for 1.", "Úder za 1."]])
    return load_deck(tmp_path)


def test_the_rules_text_comes_first_with_its_headings_lists_and_emphasis(tmp_path):
    html = rulebook_html(deck(tmp_path), "en")
    assert "<em>Whoever</em> holds the last card loses." in html
    assert "<h3>Your turn</h3>" in html and "<li>play one card</li>" in html
    text = visible_text(html)
    assert text.index("Whoever holds") < text.index("Ember") < text.index("Strike for 1.")


def test_raw_html_and_images_in_the_rules_text_print_as_text(tmp_path):
    html = rulebook_html(deck(tmp_path), "en")
    # the only images are the pictures of the cards, drawn by deckforge (pictures.py)
    assert "<script>" not in html and html.count("<img") == html.count('<img src="data:image/png;base64,')
    assert "&lt;script&gt;" in html


def test_the_czech_rulebook_has_czech_headings(tmp_path):
    text = visible_text(rulebook_html(deck(tmp_path), "cs"))
    assert "Pravidla" in text and "Kdo drží poslední kartu, prohrává." in text and "Žhavý uhlík" in text
