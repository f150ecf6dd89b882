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


NO_GAME_DECK = """id: hexduel
name: {en: Hex Duel, cs: Čarodějný souboj, de: Hexenduell}
languages: [en, cs, de]
players: {min: 2, max: 4}
card_size: poker
rules: {en: Play a card., cs: Zahraj kartu., de: Spiele eine Karte.}
cards:
  - {id: ember, count: 6, name: {en: Ember, cs: Žhavý uhlík, de: Glut}, text: {en: Strike., cs: Úder., de: Schlag.}}
"""
NO_GAME_VERDICT = {  # language: (what the page says, what it must not claim)
    "cs": ("Kontroly prošly pro 2 hráče: statické kontroly nic nenašly. Balíček neuvádí žádnou hru, takže se nic "
           "nehrálo.", "nezasekla"),
    "de": ("Prüfungen bestanden mit 2 Spielern: Die statischen Prüfungen fanden nichts. Das Deck nennt kein Spiel, "
           "daher wurde nichts gespielt.", "Testspiel"),
    "en": ("Checks pass at 2 players: the static checks found nothing. This deck names no game, so no game was "
           "played.", "stalled"),
}


@pytest.mark.parametrize("lang", ["cs", "de", "en"])
def test_a_deck_with_no_game_says_in_the_language_that_nothing_was_played(tmp_path, lang: str) -> None:
    from preview_helpers import wait_for

    from deckforge.preview import PreviewSession

    (tmp_path / "deck.yaml").write_text(NO_GAME_DECK, encoding="utf-8")
    session = PreviewSession(tmp_path / "deck.yaml")
    try:
        state = wait_for(lambda: (found := session.page(lang, 2)).verdict and found)
        text = visible(render_view(state))
    finally:
        session.close()
    said, never = NO_GAME_VERDICT[lang]
    assert said in text and never not in text, text
    assert lang == "en" or "names no game" not in text


@pytest.mark.parametrize("lang, kinds", [
    ("cs", {"předmět", "kouzlo", "měnič", "rub"}),
    ("de", {"Gegenstand", "Zauber", "Verwandler", "Rückseite"}),
    ("en", {"item", "spell", "changer", "back"}),
])
def test_card_kinds_are_named_in_the_language_shown(client, lang: str, kinds: set[str]) -> None:
    page = client.get("/", params={"lang": lang, "players": 3}).text
    assert set(re.findall(r'<span class="kind">([^<]*)</span>', page)) == kinds


def test_a_broken_save_keeps_the_language_last_shown(client, session, deck_copy) -> None:
    """The page at an address with no `lang` (as after the browser's own reload) stays in the language it showed."""
    client.get("/", params={"lang": "de"})
    edit(deck_copy, "{effect: reverse}", "{effect: revers}")
    session.reload()
    text = visible(client.get("/").text)
    assert "Dieser Stand lässt sich nicht anzeigen Datei Zeile Problem" in text, text[:300]


PENDING = {  # language: (while a deck with no game is checked, while a deck with a simulated game is)
    "cs": ("Kontroluji balíček: statické kontroly pro 2 hráče…",
           "Kontroluji balíček: statické kontroly a rychlá simulace pro 2 hráče…"),
    "de": ("Das Deck wird geprüft: statische Prüfungen mit 2 Spielern…",
           "Das Deck wird geprüft: statische Prüfungen und eine kurze Simulation mit 2 Spielern…"),
    "en": ("Checking the deck: static checks at 2 players…",
           "Checking the deck: static checks and a quick simulation at 2 players…"),
}


@pytest.mark.parametrize("lang", ["cs", "de", "en"])
def test_the_pending_check_promises_a_simulation_only_where_one_runs(tmp_path, session, lang: str) -> None:
    from dataclasses import replace

    from deckforge.preview import PreviewSession

    (tmp_path / "deck.yaml").write_text(NO_GAME_DECK, encoding="utf-8")
    no_game = PreviewSession(tmp_path / "deck.yaml", check=lambda deck, players: Verdict(players, (), ()))
    try:
        static_only = visible(render_view(replace(no_game.page(lang, 2), verdict=None)))
    finally:
        no_game.close()
    simulated = visible(render_view(replace(session.page(lang, 2), verdict=None)))
    assert PENDING[lang][0] in static_only and "simul" not in static_only.lower(), static_only
    assert PENDING[lang][1] in simulated, simulated


def test_the_warnings_of_the_cards_are_said_in_the_language_shown(tmp_path, deck_copy) -> None:
    """A Czech page said „Kontroly…“ and then, of the same cards, "the art … prints at 35 DPI" in English."""
    from PIL import Image
    from starlette.testclient import TestClient

    from preview_port import PORT

    from deckforge.preview import PreviewSession, create_app

    Image.new("RGB", (60, 45), (200, 50, 50)).save(deck_copy.parent / "small.png")
    text = deck_copy.read_text(encoding="utf-8")
    text = text.replace("      cs: Další hráč si lízne 2 karty.", "      cs: Další hráč si lízne 3 karty.", 1)
    text = text.replace("    name: {cs: Kámen, en: Rock, de: Stein}", "    name: {cs: Kámen, en: Rock, de: Stein}\n"
                        "    art: small.png", 1)
    deck_copy.write_text(text, encoding="utf-8")
    session = PreviewSession(deck_copy, check=lambda deck, players: Verdict(players, (), ()))
    try:
        with TestClient(create_app(session, watch=False, port=PORT), base_url=f"http://127.0.0.1:{PORT}") as client:
            pages = {lang: visible(client.get("/", params={"lang": lang, "players": 3}).text)
                     for lang in ("cs", "en")}
    finally:
        session.close()
    assert "karta &#39;rock&#39; (cs): obrázek " in pages["cs"] and "small.png (60 × 45 px) se ve svém rámečku" in \
        pages["cs"] and "prints at" not in pages["cs"]
    assert "v textu stojí „3 karty“ (3), ale efekt udává draw count=2; opravte text nebo efekt" in pages["cs"]
    assert "card &#39;rock&#39; (en): the art " in pages["en"] and "small.png (60 × 45 px) prints at" in \
        pages["en"] and "the text says" not in pages["en"]


def test_a_card_set_smaller_than_its_role_is_noted_in_the_language_shown(tmp_path) -> None:
    """The build notes a card whose title alone is set smaller than every other (roles.py); the preview, where
    a maker writes the titles, did not show the note at all."""
    import shutil
    from pathlib import Path

    from deckforge.preview import PreviewSession

    folder = tmp_path / "mini"
    shutil.copytree(Path(__file__).parent.parent / "layout" / "fixtures" / "mini", folder)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "name: {cs: Kámen osudu, en: Stone of Fate}" in text
    deck.write_text(text.replace("name: {cs: Kámen osudu, en: Stone of Fate}",
                                 "name: {cs: \"Kámen osudu, který všechno obrací naruby\", en: Stone of Fate}"),
                    encoding="utf-8")
    session = PreviewSession(deck, check=lambda deck, players: Verdict(players, (), ()))
    try:
        pages = {lang: visible(render_view(session.page(lang, 4))) for lang in ("cs", "en")}
    finally:
        session.close()
    found = re.search(r"karta &#39;fate&#39; \(cs\): text v roli „title“ má velikost ([\d.]+) pt, menší než na "
                      r"všech ostatních kartách \(([\d.]+) pt\), protože při jejich velikosti se do svého rámečku "
                      r"nevejde; zkraťte ho, aby se vešel stejně jako ostatní", pages["cs"])
    assert found and float(found.group(1)) < float(found.group(2)), pages["cs"]
    assert "set at" not in pages["cs"] and "text v roli" not in pages["en"]  # in English it fits with the rest


def test_a_text_too_long_for_its_box_is_said_in_the_language_shown(deck_copy) -> None:
    """The most common problem while writing cards, a title too long for its box, stood in English on a Czech
    page; the command line still says it in English."""
    from deckforge.preview import PreviewSession

    text = deck_copy.read_text(encoding="utf-8")
    long_name = "name: {cs: \"Kámen, který všechno obrací naruby\", en: Rock, de: Stein}"
    deck_copy.write_text(text.replace("name: {cs: Kámen, en: Rock, de: Stein}", long_name, 1), encoding="utf-8")
    session = PreviewSession(deck_copy, check=lambda deck, players: Verdict(players, (), ()))
    try:
        page = visible(render_view(session.page("cs", 3)))
        (problem,) = session.page("cs", 3).problems
    finally:
        session.close()
    assert ("faces.item.elements[4] (title): karta &#39;rock&#39; (cs): text se do svého rámečku 30.0 × 9.5 mm "
            "nevejde ani při 10 pt: „Kámen, který všechno obrací naruby“; zkraťte text, zvětšete rámeček nebo "
            "snižte jeho min_size") in page
    assert "does not fit" not in page
    assert str(problem).endswith("faces.item.elements[4] (title): card 'rock' (cs): the text does not fit its "
                                 "30.0 × 9.5 mm box even at 10 pt: \"Kámen, který všechno obrací naruby\"; shorten "
                                 "the text, enlarge the box or lower its min_size")


def test_a_character_the_font_lacks_is_said_in_the_language_shown(deck_copy) -> None:
    """An emoji pasted into a card's name: the preview said what is wrong with it in English on a Czech page."""
    from deckforge.preview import PreviewSession

    text = deck_copy.read_text(encoding="utf-8")
    deck_copy.write_text(text.replace("name: {cs: Kámen, en: Rock, de: Stein}",
                                      "name: {cs: Kámen 😀, en: Rock, de: Stein}", 1), encoding="utf-8")
    session = PreviewSession(deck_copy, check=lambda deck, players: Verdict(players, (), ()))
    try:
        pages = {"cs": visible(render_view(session.page("cs", 3)))}
        (problem,) = session.page("cs", 3).problems
    finally:
        session.close()
    assert ("(title): karta &#39;rock&#39; (cs): znak &#39;😀&#39; (U+1F600 GRINNING FACE) v písmu karet "
            "(OpenSans-Bold) chybí; odstraňte ho, nebo ho nahraďte znakem, který písmo má") in pages["cs"]
    assert "not in the card font" not in pages["cs"]
    assert str(problem).endswith("(title): card 'rock' (cs): the character '😀' (U+1F600 GRINNING FACE) is not in "
                                 "the card font (OpenSans-Bold); remove it or replace it with a character the font has")


@pytest.mark.parametrize("element, replaced, czech, english", [
    ("colour: ink", "colour: \"{{ 'inq' }}\"", "(title): karta &#39;rock&#39; (cs): colour &#39;inq&#39; není barva",
     "(title): card 'rock' (cs): colour 'inq' is not a colour"),
    ('text: "{{ name }}"', 'text: "{{ name.missing.deeper }}"', "(title): karta &#39;rock&#39; (cs): šablonu "
     "&#39;{{ name.missing.deeper }}&#39; nelze vykreslit: ", "(title): card 'rock' (cs): cannot render "
     "'{{ name.missing.deeper }}': "),
])
def test_a_card_template_that_cannot_be_drawn_is_said_in_the_language_shown(deck_copy, element, replaced, czech,
                                                                           english) -> None:
    """A colour the template does not know, a template text that cannot be rendered: the preview, where a maker
    writes a card template, said them in English on a Czech page (the reason a template engine gives stays its
    own); the command line still says them in English."""
    from pathlib import Path

    from deckforge.preview import PreviewSession

    source = (Path(__file__).parents[2] / "templates" / "cards" / "basic.yaml").read_text(encoding="utf-8")
    assert element in source
    (deck_copy.parent / "own.yaml").write_text(source.replace(element, replaced, 1), encoding="utf-8")
    text = deck_copy.read_text(encoding="utf-8")
    deck_copy.write_text(text.replace("template: kamen-nuzky-papir", "template: own"), encoding="utf-8")
    session = PreviewSession(deck_copy, check=lambda deck, players: Verdict(players, (), ()))
    try:
        page = visible(render_view(session.page("cs", 3)))
        problems = [str(problem) for problem in session.page("cs", 3).problems]
    finally:
        session.close()
    assert czech in page, page
    assert "is not a colour" not in page and "cannot render" not in page
    assert any(english in problem for problem in problems), problems
    assert any(re.search(r"own\.yaml:\d+: faces\.default\.elements\[3\] \(title\)", problem) for problem in problems)
