"""Rendered HTML: sections, cards, escaping and the sandbox, user templates, Czech typography. No PDF needed."""
from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from deckforge.errors import BuildError
from deckforge.load import BUNDLED_DIR, load_deck
from deckforge.rulebook import build_context, rulebook_html
from deckforge.rulebook.render import SECTIONS, visible_text

from rulebook_helpers import DECKS, EIGHT_PLAYER_SPELL_ROWS, LANGS


@pytest.fixture(scope="module")
def pages(rulebook_page) -> dict[tuple[str, str], str]:
    return {(deck, lang): rulebook_page(deck, lang) for deck in DECKS for lang in LANGS}


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_rulebook_has_its_sections_and_cards(pages, deck: str, lang: str) -> None:
    page = pages[deck, lang]
    ids = re.findall(r'<section id="([a-z_]+)">', page)
    assert tuple(ids) == SECTIONS
    assert f'<html lang="{lang}">' in page
    text = visible_text(page)
    book = build_context(load_deck(deck), lang, load_deck(deck).players.default_players)
    assert book.title in text
    for row in book.specials:
        assert row.text in text and all(name in text for name in row.names)


def test_the_two_languages_differ_in_prose_not_in_structure(pages) -> None:
    cs, en = visible_text(pages["wizard", "cs"]), visible_text(pages["wizard", "en"])
    assert "Cíl hry" in cs and "Goal of the game" in en
    assert "štych" in cs and "trick" in en and "štych" not in en


def test_hyphenation_and_font_settings(pages) -> None:
    page = pages["kamen-nuzky-papir", "cs"]
    assert "hyphens: auto" in page
    assert 'hyphenate-character: "-"' in page     # U+2010 is not in Open Sans
    assert "ttf_opensans/ttf/OpenSans-Regular.ttf" in page


def test_prose_typography_leaves_card_texts_alone(pages) -> None:
    page = pages["kamen-nuzky-papir", "cs"]
    assert "v\u00a0ruce" in page
    assert "Vyměň si všechny karty v ruce s hráčem, kterého si vybereš." in page   # card text, as printed
    assert "„Ježek v kleci“" in visible_text(pages["rychle-sipy", "cs"])
    english = visible_text(pages["wizard", "en"])
    assert "dealer’s left" in english and "dealer's" not in english


def test_a_hostile_card_text_prints_as_text(custom) -> None:
    page = rulebook_html(custom, "en", 5)
    assert "&lt;b&gt;Burn&lt;/b&gt; {{ 7 * 7 }} &amp; the next player draws 3 cards." in page
    assert "<b>Burn</b>" not in page
    assert "<b>Burn</b> {{ 7 * 7 }} & the next player draws 3 cards." in visible_text(page)   # shown as typed


def test_a_custom_spell_is_in_its_rulebook(custom) -> None:
    text = visible_text(rulebook_html(custom, "cs", 5))
    assert "Ohnivý dopis" in text and "Další hráč si lízne 3 karty a vynechá tah." in text
    assert "Pro 5 hráčů: 21 karet (1 sada)." in text
    assert "Počet hráčů 2–10" in text


def test_eight_players_get_two_sets_and_their_copies(rulebook_page) -> None:
    """The counts of a book for 8 players (typeset in CI by test_rulebook_pdf.py): two sets, each card doubled."""
    text = visible_text(rulebook_page("kamen-nuzky-papir", "cs", 8))
    assert "Pro 8 hráčů: 60 karet (2 sady)." in text
    assert re.search(r"\b8 \d 60 4 \d+\b", text)    # its row in the scaling table
    assert all(row in text for row in EIGHT_PLAYER_SPELL_ROWS)


def _deck_with_template(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "my-deck"
    shutil.copytree(BUNDLED_DIR / "kamen-nuzky-papir", folder)
    (folder / "rulebook").mkdir()
    (folder / "rulebook" / "cs.html").write_text(source, encoding="utf-8")
    return folder


def test_a_deck_may_bring_its_own_prose(tmp_path: Path) -> None:
    blocks = "".join(f"{{% block {s} %}}<p>Naše vlastní pravidla, oddíl {s}.</p>{{% endblock %}}" for s in SECTIONS)
    folder = _deck_with_template(tmp_path, '{% extends "base.html" %}' + blocks)
    text = visible_text(rulebook_html(folder, "cs"))
    assert "Naše vlastní pravidla, oddíl faq." in text and "Kámen osudu" in text


def test_a_template_that_leaves_out_cards_and_sections_fails(tmp_path: Path) -> None:
    folder = _deck_with_template(tmp_path, '<html><section id="goal"><p>Jen cíl hry a nic víc.</p></section></html>')
    with pytest.raises(BuildError) as info:
        rulebook_html(folder, "cs")
    message = str(info.value)
    assert message.startswith(str(folder / "rulebook" / "cs.html").lstrip("/")) or "rulebook/cs.html" in message
    assert "the section 'faq' is missing or empty" in message
    assert "card 'stone-of-fate': its text or name 'Kámen osudu' is not printed" in message
    assert "cards rock ('Kámen') are not in the component list" in message


@pytest.mark.parametrize("expression", ["cards._pairs", "''.__class__.__mro__", "book.__class__"])
def test_the_sandbox_refuses_internals(tmp_path: Path, expression: str) -> None:
    folder = _deck_with_template(tmp_path, '{% extends "base.html" %}{% block goal %}{{ ' + expression
                                 + ' }}{% endblock %}')
    with pytest.raises(BuildError, match=r"rulebook template .*cs\.html:\d+: .*(unsafe|access)"):
        rulebook_html(folder, "cs")


def test_html_escapes_the_deck_description(tmp_path: Path) -> None:
    folder = tmp_path / "desc"
    shutil.copytree(BUNDLED_DIR / "kamen-nuzky-papir", folder)
    deck_file = folder / "deck.yaml"
    text = re.sub(r"^  cs: Zbav se.*$", '  cs: "<script>alert(1)</script> Zbav se karet."',
                  deck_file.read_text(encoding="utf-8"), count=1, flags=re.M)
    deck_file.write_text(text, encoding="utf-8")
    page = rulebook_html(folder, "cs")
    assert "<script>" not in page and html.escape("<script>alert(1)</script>") in page


@pytest.mark.parametrize("per_set, phrases", [
    (4, ("Jedna sada stačí nejvýš pro 4 hráče.", "Na každé další 4 hráče – i na menší skupinu – přidejte")),
    (5, ("Jedna sada stačí nejvýš pro 5 hráčů.", "Na každých dalších 5 hráčů – i na menší skupinu – přidejte")),
])
def test_the_czech_sets_sentence_declines_the_players(tmp_path, per_set, phrases):
    """After "pro" and "na každé další" the players stand in the accusative: 4 hráče, 5 hráčů (not "4 hráči")."""
    from knp_helpers import item, write_deck

    from deckforge.rulebook.write import rulebook_html

    cards = [item(name, name, 8) for name in ("rock", "paper", "scissors")]
    html = rulebook_html(write_deck(tmp_path, cards, per_set=per_set, high=12), "cs")
    text = " ".join(visible_text(html).replace("\u00a0", " ").split())
    for phrase in phrases:
        assert phrase in text, phrase
    assert "hráči přidejte" not in text


def test_the_czech_example_of_play_names_cards_as_labels_not_declined_nouns(tmp_path: Path) -> None:
    """The caption put a card's name after "na" as it is: a maker's „Kamenná lavina“ read „na Kamenná lavina“
    (it should be „na Kamennou lavinu“). Names now follow "kartu" in quotes, in the nominative, as Czech writes a
    label; the bundled names happened to read right either way."""
    from rulebook_helpers import custom_deck

    folder = custom_deck(tmp_path / "lavina", "", {r"name: \{cs: Kámen, en: Rock,": "name: {cs: Kamenná lavina, en: Rock,"})
    text = visible_text(rulebook_html(load_deck(folder), "cs", 4))
    caption = text[text.index("Na začátku hry leží"):].split(" Každá karta přebíjí")[0]
    beats = re.findall(r"hráč \d – „([^“]+)“ na kartu „([^“]+)“", caption)
    assert len(beats) >= 2 and "Kamenná lavina" in {name for beat in beats for name in beat}
    assert not re.search(r"\bna (?!kartu)[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ„]", caption)
