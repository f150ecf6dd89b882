"""What the checks find is said in English on the command line and in the page's language in the preview
(deckforge/said.py): the same finding, each language's plural forms and number formats."""
from __future__ import annotations

import pytest

from deckforge.games import deck_spec
from deckforge.load import load_deck
from deckforge.said import NS_, S_, Number, Percent
from deckforge.validate import Finding


def test_a_sentence_is_english_when_printed_and_translated_when_said():
    found = S_("the row has no card with number %(number)d", number=7)
    assert str(found) == "the row has no card with number 7"
    assert found.said("cs") == "v řadě chybí karta s číslem 7"
    assert found.said("de") == "in der Reihe fehlt die Karte mit der Nummer 7"


@pytest.mark.parametrize("number, cs", [(1, "při 1 hráči: x"), (3, "při 3 hráčích: x"), (12, "při 12 hráčích: x")])
def test_plural_forms_follow_each_language(number, cs):
    said = NS_("%(num)d player: %(finding)s", "%(num)d players: %(finding)s", number, finding="x")
    assert str(said) == f"{number} player{'s' if number > 1 else ''}: x"
    assert said.said("cs") == cs


def test_a_value_that_is_said_is_said_in_the_same_language():
    found = S_("no %(item)s card: every item must be in the deck for play to flow", item=S_("paper"))
    assert str(found).startswith("no paper card")
    assert found.said("cs").startswith("v balíčku chybí papír:")
    assert found.said("de").startswith("keine Karte „Papier“:")


def test_numbers_and_shares_are_written_as_each_language_writes_them():
    assert (Number(13_000).said("en"), Number(13_000).said("cs"), Number(13_000).said("de")) == (
        "13,000", "13\u00a0000", "13.000")
    assert (Percent(0.17).said("en"), Percent(0.17).said("cs"), Percent(0.17).said("de")) == (
        "17%", "17\u00a0%", "17\u00a0%")


def test_a_finding_keeps_its_place_and_says_its_player_count():
    deck = load_deck("kamen-nuzky-papir")
    finding = Finding(deck_spec(deck).deal.describe(12), 12, deck.players.source)
    place = str(deck.players.source)
    assert str(finding) == f"{place}: 12 players: deal 4 to each of 12 players and turn one up"
    assert finding.said("cs") == f"{place}: při 12 hráčích: rozdat 12 hráčům po 4 a jednu otočit lícem nahoru"
    assert finding.said("de") == f"{place}: bei 12 Spielern: 12 Spielern je 4 zu geben und eine aufzudecken"
