"""The rulebook context is counted from the deck: components, special cards, scaling, translations."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from deckforge.errors import BuildError
from deckforge.load import load_deck
from deckforge.rulebook import build_context, rulebook_html
from deckforge.rulebook.render import visible_text
from deckforge.rulebook.context import CardQuery


@pytest.mark.parametrize("players, total, sets", [(2, 30, 1), (4, 30, 1), (5, 60, 2), (8, 60, 2), (12, 90, 3)])
def test_component_counts_follow_the_player_count(players: int, total: int, sets: int) -> None:
    deck = load_deck("kamen-nuzky-papir")
    book = build_context(deck, "cs", players)
    assert (book.total, book.sets) == (total, sets)
    assert sum(row.count for row in book.components) == total
    rows = {row.key: row for row in book.components}
    assert rows["rock"].count == 7 * sets and rows["changer"].count == 3 * sets


def test_every_spell_is_a_special_card_with_its_printed_name_and_text() -> None:
    deck = load_deck("kamen-nuzky-papir")
    book = build_context(deck, "en", 4)
    specials = {(name, row.text) for row in book.specials for name in row.names}
    for card in deck.cards:
        if card.kind in ("spell", "changer"):
            assert (card.name("en"), card.text("en")) in specials
    assert not any(row.kind == "item" for row in book.specials)
    assert {row.detail for row in book.specials if row.kind == "spell"} == {"Paper", "Rock", "Scissors"}  # the cards


def test_cards_that_differ_only_by_suit_share_a_row() -> None:
    book = build_context(load_deck("dymock"), "cs", 4)
    twos = next(row for row in book.specials if row.label == "2")
    assert twos.count == 4 and len(twos.names) == 4 and "Srdcová dvojka" in twos.names
    wizard = build_context(load_deck("wizard"), "cs", 4)
    assert [(row.label, row.detail, row.count) for row in wizard.components][:2] == [("Lidé", "1–13", 13),
                                                                                     ("Elfové", "1–13", 13)]


def test_scaling_table_counts_the_deal() -> None:
    book = build_context(load_deck("kamen-nuzky-papir"), "cs", 8)
    row = next(r for r in book.scaling if r.players == 8)
    assert (row.sets, row.cards, row.hand, row.stock, row.chosen) == (2, 60, 4, 60 - 8 * 4 - 1, True)
    assert [r.players for r in book.scaling] == list(range(2, 13))
    wizard = build_context(load_deck("wizard"), "en", 4)
    assert [(r.players, r.rounds) for r in wizard.scaling] == [(3, 20), (4, 15), (5, 12), (6, 10)]
    assert wizard.rounds == 15


def test_dymock_at_six_players_leaves_no_stock() -> None:
    book = build_context(load_deck("dymock"), "en", 6)
    assert next(r for r in book.scaling if r.players == 6).stock == 0   # 6 players × 9 cards = 54


def test_a_custom_spell_enters_the_special_cards(custom) -> None:
    book = build_context(custom, "cs", 5)
    assert book.total == 21 and book.sets == 1
    row = next(row for row in book.specials if row.key == "fire-paper")
    assert row.names == ("Ohnivý dopis",) and row.text == "Další hráč si lízne 3 karty a vynechá tah."


def test_a_card_text_missing_in_the_language_fails_the_build() -> None:
    deck = load_deck("kamen-nuzky-papir")
    cards = tuple(dataclasses.replace(c, texts={"cs": c.text("cs")}) if c.id == "bedrock" else c for c in deck.cards)
    broken = dataclasses.replace(deck, cards=cards)
    with pytest.raises(BuildError, match=r"deck\.yaml: the en rulebook needs every text translated:\n"
                                         r"- cards 'bedrock': no 'en' text"):
        build_context(broken, "en", 4)


def test_too_few_cards_for_the_deal_fails_the_build() -> None:
    deck = load_deck("kamen-nuzky-papir")
    small = dataclasses.replace(deck, cards=deck.cards[:2])   # 14 cards, 4 players need 17
    with pytest.raises(BuildError, match="4 players: 14 cards cannot deal 4 to each of 4 players"):
        build_context(small, "cs", 4)


def test_card_query_answers_from_the_deck() -> None:
    query = CardQuery(load_deck("kamen-nuzky-papir"), "cs", 8)
    assert query.names(effect="reverse") == ["Kámen osudu"]
    assert query.count(kind="changer") == 6
    rows = CardQuery(load_deck("rychle-sipy"), "cs", 4)
    assert rows.ordered("character", "number")[:3] == ["Širokko", "Mirek Dušín", "Jarka Metelka"]
    assert rows.having("laid_out") == ["Vont Losna", "Jan Tleskač"]
    assert rows.quoted(rows.having("laid_out"), "or") == "„Vont Losna“ nebo „Jan Tleskač“"
    ranks = CardQuery(load_deck("dymock"), "en", 4).ordered("card", "strength", "rank")
    assert ranks == ["4", "5", "6", "7", "8", "9", "J", "Q", "K", "A", "Joker"]


def test_a_single_name_given_to_join_or_quoted_is_one_name(tmp_path) -> None:
    """`cards.quoted("Eso")` quoted every letter („E“, „s“ a „o“): a template author passing one name means it."""
    folder = tmp_path / "d"
    (folder / "rulebook").mkdir(parents=True)
    (folder / "deck.yaml").write_text((Path(__file__).parents[2] / "decks/kamen-nuzky-papir/deck.yaml").read_text(encoding="utf-8"),
                                      encoding="utf-8")
    (folder / "rulebook" / "cs.html").write_text(
        '{% extends "kamen-nuzky-papir/cs.html" %}{% block goal %}{{ super() }}<p>Pozor na '
        '{{ cards.quoted("Kámen osudu") }} a {{ cards.join("Měnič") }}; hodnost {{ cards.quoted(7) }}.</p>'
        '{% endblock %}', encoding="utf-8")
    text = visible_text(rulebook_html(load_deck(folder), "cs"))
    assert "Pozor na „Kámen osudu“ a Měnič; hodnost „7“." in text
    query = CardQuery(load_deck("kamen-nuzky-papir"), "cs", 4)
    assert query.quoted(["Kámen osudu", "Měnič"]) == "„Kámen osudu“ a\u00a0„Měnič“"  # a list is still many names


def test_a_prsi_card_without_text_is_special_by_its_rank(tmp_path) -> None:
    """A maker's own svršek with no text: the component list counted it with the svršci (5), the special-card table
    left it out (4), though it changes the suit all the same. Both now count every card of a rank with a power."""
    text = (Path(__file__).parents[2] / "decks" / "prsi" / "deck.yaml").read_text(encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(text + '  - {id: storm, kind: card, suit: listy, rank: svrsek, count: 1, '
                                        'name: {cs: Bouřka, en: Storm}}\n', encoding="utf-8")
    book = build_context(load_deck(tmp_path), "en", 4)
    for rank, label in (("svrsek", "Ober"), ("7", "Seven"), ("eso", "Ace")):
        listed = sum(row.count for row in book.components if row.label == label)
        special = sum(row.count for row in book.specials if row.label == label)
        assert listed == special == (5 if rank == "svrsek" else 4), rank
    storm = next(row for row in book.specials if "Storm" in row.names)
    assert (storm.label, storm.count, storm.text) == ("Ober", 1, "")
    assert not any(row.label in ("Eight", "Nine", "King") for row in book.specials)  # no power, no text
    page = " ".join(visible_text(rulebook_html(str(tmp_path), "en", 4)).split())
    assert "Ober Storm 1×" in page or "Ober 1× Storm" in page, page[page.find("Storm") - 80:page.find("Storm") + 40]
