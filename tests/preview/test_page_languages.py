"""The preview page speaks the language of the cards it shows: its words from the catalogs, with plural forms."""
from __future__ import annotations

import re

import pytest
from preview_helpers import edit

from deckforge.load import load_deck
from deckforge.preview.checks import Verdict
from deckforge.preview.page import render_view


def visible(page: str) -> str:
    """Return the page's text without its markup, script and style, whitespace collapsed."""
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


@pytest.mark.parametrize("lang, words", [
    ("cs", ["Jazyk", "Hráči", "živě", "pro 3 hráče (cs)", "různých stran karet a rub."]),
    ("de", ["Sprache", "Spieler", "live", "Karten für 3 Spieler (de)",
            "verschiedene Vorderseiten und die Rückseite."]),
    ("en", ["Language", "Players", "live", "cards for 3 players (en)", "different faces and the back."]),
])
def test_the_page_words_follow_the_language_shown(client, deck_copy, lang: str, words: list[str]) -> None:
    text = visible(client.get("/", params={"lang": lang, "players": 3}).text)
    assert [word for word in words if word not in text] == [], text[:400]
    total = load_deck(deck_copy).total_for(3)
    assert re.search(rf"\b{total} (karet|Karten|cards)\b", text)


@pytest.mark.parametrize("lang, problems, expected", [
    ("cs", 1, "Kontroly našly 1 problém pro 4 hráče:"),
    ("cs", 3, "Kontroly našly 3 problémy pro 4 hráče:"),
    ("cs", 5, "Kontroly našly 5 problémů pro 4 hráče:"),
    ("de", 1, "Die Prüfungen fanden 1 Problem mit 4 Spielern:"),
    ("de", 5, "Die Prüfungen fanden 5 Probleme mit 4 Spielern:"),
    ("en", 1, "Checks found 1 problem at 4 players:"),
])
def test_the_verdict_counts_its_problems_in_the_language(session, lang, problems, expected) -> None:
    from dataclasses import replace

    state = session.page(lang, 4)
    state = replace(state, verdict=Verdict(4, tuple(f"problem {i}" for i in range(problems)), (), 412))
    text = visible(render_view(state))
    assert expected in text
    played = {"cs": "Odehráno 412 her", "de": "412 Testspiele", "en": "Played 412 seeded games"}[lang]
    assert played in text


def test_a_broken_save_is_reported_in_the_language_asked_for(client, session, deck_copy) -> None:
    edit(deck_copy, "{effect: reverse}", "{effect: revers}")
    session.reload()
    text = visible(client.get("/", params={"lang": "de"}).text)
    assert "Dieser Stand lässt sich nicht anzeigen Datei Zeile Problem" in text
    assert "Korrigieren und speichern: Die Karten kommen von selbst zurück." in text
