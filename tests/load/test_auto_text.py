"""`text: auto`: card texts written from the effects, with the language's plural forms and grammar, in every
catalog; and read back from a built PDF."""
from __future__ import annotations

import json
import re

import pytest

from deckforge.effect_text import PHRASES, card_text, phrase
from deckforge.errors import DeckError
from deckforge.i18n import available_languages
from deckforge.load import load_deck
from deckforge.model import Effect
from deckforge.text_numbers import stated_numbers
from deckforge.vocab import EFFECTS
from tests.helpers.knp_helpers import item, write_deck

NUMBERED = ("count", "turns")


def every_effect():
    """Yield one Effect per effect and target of the vocabulary, at each number its parameter allows."""
    for name, spec in EFFECTS.items():
        targets = spec.params["target"].choices if "target" in spec.params else (None,)
        number = next((p for p in NUMBERED if p in spec.params), None)
        values = range(spec.params[number].low, spec.params[number].high + 1) if number else (None,)
        for target in targets:
            for value in values:
                params = {**({"target": target} if target else {}), **({number: value} if number else {})}
                yield Effect(name, params)


def test_every_effect_and_target_has_exactly_one_phrase() -> None:
    assert set(PHRASES) == set(EFFECTS)
    for name, spec in EFFECTS.items():
        targets = set(spec.params["target"].choices) if "target" in spec.params else {""}
        assert set(PHRASES[name]) == targets, name
        numbered = any(p in spec.params for p in NUMBERED)
        assert all(len(entry) == (3 if numbered else 2) for entry in PHRASES[name].values()), name


@pytest.mark.parametrize("lang", available_languages())
def test_every_phrase_is_in_every_catalog_and_states_its_number(lang: str) -> None:
    """The catalogs are strict: a phrase missing from one raises; each text reads its own number back."""
    for effect in every_effect():
        text = card_text([effect], lang)
        number = next((effect.params[p] for p in NUMBERED if p in effect.params), None)
        assert "%(" not in text and text[0].isupper() and text.endswith(".")
        if number is not None and number > 1:
            assert [value for value, _, _ in stated_numbers(text, lang)] == [number], (lang, text)


@pytest.mark.parametrize("n, draw, skip", [
    (1, "Další hráč si lízne 1 kartu.", "Další hráč vynechá jeden tah."),
    (2, "Další hráč si lízne 2 karty.", "Další hráč vynechá 2 tahy."),
    (5, "Další hráč si lízne 5 karet.", "Další hráč vynechá 5 tahů."),
])
def test_czech_numbers_and_nouns_agree(n: int, draw: str, skip: str) -> None:
    assert card_text([Effect("draw", {"target": "next", "count": n})], "cs") == draw
    assert card_text([Effect("skip", {"target": "next", "turns": n})], "cs") == skip


@pytest.mark.parametrize("n, form", [(1, "po 1 kartě"), (2, "po 2 kartách"), (5, "po 5 kartách")])
def test_czech_distributive_takes_the_locative(n: int, form: str) -> None:
    assert card_text([Effect("draw", {"target": "others", "count": n})], "cs") == \
        f"Všichni ostatní hráči si líznou {form}."


@pytest.mark.parametrize("n, draw, skip", [
    (1, "Der nächste Spieler zieht 1 Karte.", "Der nächste Spieler setzt eine Runde aus."),
    (2, "Der nächste Spieler zieht 2 Karten.", "Der nächste Spieler setzt 2 Runden aus."),
    (5, "Der nächste Spieler zieht 5 Karten.", "Der nächste Spieler setzt 5 Runden aus."),
])
def test_german_numbers_and_nouns_agree(n: int, draw: str, skip: str) -> None:
    assert card_text([Effect("draw", {"target": "next", "count": n})], "de") == draw
    assert card_text([Effect("skip", {"target": "next", "turns": n})], "de") == skip


def test_english_plurals() -> None:
    assert card_text([Effect("give", {"target": "next", "count": 1})], "en") == \
        "You give the next player 1 card of your choice."
    assert card_text([Effect("skip", {"target": "others", "turns": 3})], "en") == "Every other player misses 3 turns."


def test_several_effects_make_one_sentence_in_order() -> None:
    effects = [Effect("reverse"), Effect("draw", {"target": "next", "count": 2})]
    assert card_text(effects, "en") == "The direction of play reverses and the next player draws 2 cards."
    assert card_text(effects, "de") == "Die Spielrichtung kehrt sich um und der nächste Spieler zieht 2 Karten."
    cs = card_text(effects, "cs").replace("\u00a0", " ")  # CLDR ties the Czech "a" to the next word
    assert cs == "Směr hry se obrátí a další hráč si lízne 2 karty."
    three = card_text(effects + [Effect("play_again")], "cs").replace("\u00a0", " ")
    assert three == "Směr hry se obrátí, další hráč si lízne 2 karty a jsi na tahu ještě jednou."


def spell(card_id: str, text, effects: list) -> dict:
    card = item(card_id, "paper", effects=effects)
    card["text"] = text
    return card


def test_text_auto_writes_every_language_at_load(tmp_path) -> None:
    cards = [item("rock", "rock", 4), item("paper", "paper", 4), item("scissors", "scissors", 4),
             spell("storm", "auto", ["reverse", {"effect": "draw", "count": 3}])]
    path = write_deck(tmp_path / "d", cards)
    card = load_deck(path).card("storm")
    assert card.text("en") == "The direction of play reverses and the next player draws 3 cards."
    assert card.text("cs").replace("\u00a0", " ") == "Směr hry se obrátí a další hráč si lízne 3 karty."


def test_auto_for_one_language_keeps_the_others_hand_written(tmp_path) -> None:
    text = {"cs": "auto", "en": "Skip them twice over."}
    path = write_deck(tmp_path / "d", [item("rock", "rock", 4), item("paper", "paper", 4),
                                       spell("snip", text, [{"effect": "skip", "turns": 2}])])
    card = load_deck(path).card("snip")
    assert (card.text("cs"), card.text("en")) == ("Další hráč vynechá 2 tahy.", "Skip them twice over.")


def test_auto_without_effects_is_refused_at_the_card(tmp_path) -> None:
    rock = item("rock", "rock", 4)
    rock["text"] = "auto"
    with pytest.raises(DeckError, match=r"deck\.yaml:\d+:\d+: cards\[0\]\.text\.cs: 'auto' writes the text from "
                                        r"the card's effects, and this card has none"):
        load_deck(write_deck(tmp_path / "d", [rock, item("paper", "paper", 4)]))


def test_auto_in_a_language_without_a_catalog_names_the_card_and_the_language(tmp_path) -> None:
    path = write_deck(tmp_path / "d", [item("rock", "rock", 4), spell("storm", "auto", ["reverse"])])
    data = json.loads(path.read_text(encoding="utf-8"))
    data["languages"] = ["cs", "hsb"]
    data["name"] = {"cs": "Balíček", "hsb": "Kartowa hra"}
    for card in data["cards"]:
        card["name"] = {"cs": card["id"], "hsb": card["id"]}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert re.search(r"cards\[1\]\.text\.hsb: 'auto' cannot write 'hsb' text: deckforge has no 'hsb' catalog "
                     r"\(it has: cs, de, en\)", str(caught.value)), str(caught.value)


def test_auto_in_a_spreadsheet_cell(tmp_path) -> None:
    folder = tmp_path / "sheet"
    folder.mkdir()
    (folder / "deck.yaml").write_text(
        "id: sheet\nname: {en: Sheet, de: Blatt}\nlanguages: [en, de]\nplayers: {min: 2, max: 4}\n"
        "card_size: poker\ncards: cards.csv\n", encoding="utf-8")
    (folder / "cards.csv").write_text(
        "id,count,name.en,name.de,text.en,text.de,effects\n"
        'gust,2,Gust,Böe,auto,auto,"draw(target=others, count=2); reverse"\n', encoding="utf-8")
    card = load_deck(folder).card("gust")
    assert card.text("en") == "Every other player draws 2 cards and the direction of play reverses."
    assert card.text("de") == "Alle anderen Spieler ziehen je 2 Karten und die Spielrichtung kehrt sich um."


def test_phrase_of_one_effect() -> None:
    swap = Effect("swap_hands", {"target": "chosen"})
    assert phrase(swap, "cs") == "vyměníš si karty v ruce s hráčem podle své volby"


@pytest.mark.parametrize("lang, expected", [
    ("cs", "Další hráč si lízne 5 karet."),
    ("de", "Der nächste Spieler zieht 5 Karten."),
])
def test_an_auto_text_is_printed_on_the_built_card(tmp_path, lang: str, expected: str) -> None:
    import pdfplumber

    from deckforge.layout import BuildOptions, build_deck

    path = write_deck(tmp_path / "d", [item("rock", "rock", 2), item("paper", "paper", 2),
                                       spell("flood", "auto", [{"effect": "draw", "count": 5}])])
    data = json.loads(path.read_text(encoding="utf-8"))
    data["languages"] = ["cs", "en", "de"]
    data["name"]["de"] = "Testdeck"
    for card in data["cards"]:
        card["name"]["de"] = card["id"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    target = tmp_path / f"{lang}.pdf"
    build_deck(load_deck(path), BuildOptions(lang=lang, fmt="cards-pdf", backs="none"), out=target)
    with pdfplumber.open(target) as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages)
    assert expected in " ".join(text.replace("\u00a0", " ").split())


def test_a_single_text_that_is_not_auto_asks_for_languages(tmp_path) -> None:
    path = write_deck(tmp_path / "d", [item("rock", "rock", 4), spell("storm", "Storm!", ["reverse"])])
    with pytest.raises(DeckError, match=r"cards\[1\]\.text: expected the text in each language \(cs, en\), e\.g\. "
                                        r"\{cs: …\}, or 'auto' to write it from the card's effects"):
        load_deck(path)
