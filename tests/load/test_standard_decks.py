"""The built-in standard decks: `cards: {standard: french-52}` with `without:` and `jokers:`."""
from pathlib import Path

import pytest

from deckforge.errors import DeckError
from deckforge.layout.context import BuildContext, card_context
from deckforge.load import load_deck
from deckforge.load.card_template import load_card_template

HEAD = """id: std
languages: {languages}
name: {name}
players: {{min: 2, max: 6}}
card_size: poker
"""


def deck_file(folder: Path, cards: str, languages: str = "[cs, en]", extra: str = "") -> Path:
    names = {"[cs, en]": "{cs: Karty, en: Cards}", "[de]": "{de: Karten}", "[pl]": "{pl: Karty}",
             "[en, cs, de]": "{cs: Karty, en: Cards, de: Karten}"}[languages]
    path = folder / "deck.yaml"
    path.write_text(HEAD.format(languages=languages, name=names) + extra + f"cards: {cards}\n", encoding="utf-8")
    return path


def problems(path: Path) -> str:
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    return str(caught.value)


def test_french_52_gives_every_suit_and_rank_with_czech_and_english_names(tmp_path):
    deck = load_deck(deck_file(tmp_path, "{standard: french-52}"))
    assert deck.total_for(4) == 52 and len(deck.cards) == 52
    assert {card.get("suit") for card in deck.cards} == {"spades", "hearts", "diamonds", "clubs"}
    assert [card.get("rank") for card in deck.cards[:13]] == [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    ace, queen, jack = deck.card("spades-a"), deck.card("hearts-q"), deck.card("clubs-j")
    assert (ace.name("cs"), ace.name("en")) == ("Pikové eso", "Ace of Spades")
    assert (queen.name("cs"), queen.name("en")) == ("Srdcová dáma", "Queen of Hearts")
    assert jack.name("cs") == "Křížový kluk" and deck.card("diamonds-7").name("cs") == "Kárová sedmička"
    assert deck.card("diamonds-10").name("en") == "Ten of Diamonds"


def test_the_standard_deck_brings_its_suits_and_its_card_template(tmp_path):
    deck = load_deck(deck_file(tmp_path, "{standard: french-52}"))
    assert deck.template == "standard"
    suits = {suit.id: suit for suit in deck.suits}
    assert suits["hearts"].name("cs") == "srdce" and suits["clubs"].name("en") == "Clubs"
    assert suits["hearts"].colour == suits["diamonds"].colour != suits["spades"].colour == suits["clubs"].colour
    assert all(suit.emblem == suit.id for suit in deck.suits)


def test_a_template_sees_the_suit_of_a_standard_card(tmp_path):
    deck = load_deck(deck_file(tmp_path, "{standard: french-52}"))
    build = BuildContext(deck, "cs", 4, False, load_card_template(deck))
    context = card_context(build, deck.card("hearts-q"), 1)
    assert (str(context["suit"]), context["suit"].colour, context["suit"].emblem) == ("srdce", "#c0392b", "hearts")
    assert context["rank"] == "Q"


def test_without_leaves_out_cards_by_id_or_by_attribute_and_jokers_are_added(tmp_path):
    deck = load_deck(deck_file(tmp_path, '{standard: french-52, without: [clubs-q, {rank: "2"}], jokers: 2}'))
    ids = {card.id for card in deck.cards}
    assert "clubs-q" not in ids and not {"spades-2", "hearts-2", "diamonds-2", "clubs-2"} & ids
    assert deck.total_for(2) == 52 - 1 - 4 + 2
    joker = deck.card("joker")
    assert (joker.kind, joker.count, joker.name("cs"), joker.name("en")) == ("joker", 2, "Žolík", "Joker")


def test_a_whole_suit_can_be_left_out(tmp_path):
    deck = load_deck(deck_file(tmp_path, "{standard: french-52, without: [{suit: clubs}]}"))
    assert deck.total_for(2) == 39 and not any(card.get("suit") == "clubs" for card in deck.cards)


def test_the_32_card_decks(tmp_path):
    french = load_deck(deck_file(tmp_path, "{standard: french-32}"))
    assert len(french.cards) == 32 and french.cards[0].id == "spades-7" and french.template == "standard"
    german = load_deck(deck_file(tmp_path, "{standard: german-32}"))
    assert len(german.cards) == 32 and german.template == "german"
    assert german.card("listy-svrsek").name("cs") == "Zelený svršek"
    assert german.card("zaludy-eso").name("en") == "Ace of Acorns"
    assert german.card("kule-7").name("cs") == "Kulová sedma"


def test_german_names(tmp_path):
    deck = load_deck(deck_file(tmp_path, "{standard: french-52}", languages="[de]"))
    assert deck.card("spades-a").name("de") == "Pik-Ass" and deck.card("hearts-q").name("de") == "Herz-Dame"


@pytest.mark.parametrize("cards", ["{standard: french-52}", "{standard: german-32}"])
def test_a_german_deck_of_standard_cards_prints_with_their_own_template(tmp_path, cards):
    """The German-suited template gave its corner indices in Czech and English only: a German deck of
    `german-32` failed validate with "strings.rank_7: missing the 'de' translation", eight times."""
    from deckforge.layout.check import print_problems

    deck = load_deck(deck_file(tmp_path, cards, languages="[de]"))
    assert print_problems(deck) == []
    template = load_card_template(deck)
    assert {template.strings[key]["de"] for key in template.strings if key.startswith("rank_")} >= (
        {"U", "O", "K", "A"} if "german" in cards else set())


def test_every_card_has_its_own_name_in_every_catalog_language(tmp_path):
    """The names come from the gettext catalogs (deckforge/load/standard_names.py), whole, one per card."""
    french = load_deck(deck_file(tmp_path, "{standard: french-52, jokers: 1}", languages="[en, cs, de]"))
    german = load_deck(deck_file(tmp_path, "{standard: german-32}", languages="[en, cs, de]"))
    for deck in (french, german):
        for lang in ("cs", "de", "en"):
            names = [card.name(lang) for card in deck.cards]
            assert len(set(names)) == len(names), (deck.id, lang)
    assert [french.card(id).name("de") for id in ("clubs-j", "diamonds-10", "joker")] == [
        "Kreuz-Bube", "Karo-Zehn", "Joker"]
    assert german.card("kule-kral").name("de") == "Schellen-König"
    assert (german.suit("zaludy").name("cs"), german.suit("listy").name("de")) == ("žaludy", "Grün")
    # One English name, said two ways in Czech: the French seven is a „sedmička“, the mariáš one a „sedma“.
    assert french.card("hearts-7").name("en") == german.card("srdce-7").name("en") == "Seven of Hearts"
    assert (french.card("hearts-7").name("cs"), german.card("srdce-7").name("cs")) == (
        "Srdcová sedmička", "Srdcová sedma")


def test_a_deck_may_rename_the_suits_if_it_keeps_their_ids(tmp_path):
    suits = """suits:
  - {id: spades, name: {cs: listy, en: Leaves}, colour: "#2e7d32", emblem: spades}
  - {id: hearts, name: {cs: srdce, en: Hearts}, colour: "#c0392b", emblem: hearts}
  - {id: diamonds, name: {cs: káry, en: Diamonds}, colour: "#1f5fa8", emblem: diamonds}
  - {id: clubs, name: {cs: kříže, en: Clubs}, colour: "#222222", emblem: clubs}
"""
    deck = load_deck(deck_file(tmp_path, "{standard: french-52}", extra=suits))
    assert deck.suit("spades").name("en") == "Leaves" and deck.suit("diamonds").colour == "#1f5fa8"


@pytest.mark.parametrize("cards, extra, message", [
    ("{standard: french-53}", "", "cards.standard: unknown value 'french-53'; did you mean 'french-52'?"),
    ("{standard: french-52, without: [clubs-g]}", "", "no card 'clubs-g' in the standard deck; did you mean 'clubs-q'?"),
    ("{standard: french-52, without: [{rank: Z}]}", "", "no card of the standard deck has rank 'Z'"),
    ("{standard: french-52, without: [{rank: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]}]}", "",
     "leaves out every card"),
    ("{standard: french-52, jokers: 99}", "", "cards.jokers: 99 is out of range"),
    ("{standard: french-52, joker: 1}", "", "unknown key 'joker'; did you mean 'jokers'?"),
    ("{standard: french-52}", "game: prsi\n", "a standard deck serves a deck that names no game"),
    ("{standard: french-52}", "suits: [{id: hearts, name: {cs: srdce, en: Hearts}}]\n",
     "the standard deck 'french-52' needs the suit 'spades'"),
])
def test_mistakes_are_named_with_their_place(tmp_path, cards, extra, message):
    text = problems(deck_file(tmp_path, cards, extra=extra))
    assert message in text
    assert "deck.yaml:" in text


def test_a_language_the_standard_decks_do_not_speak_is_refused(tmp_path):
    text = problems(deck_file(tmp_path, "{standard: french-52}", languages="[pl]"))
    assert "the standard decks name their cards in cs, de, en, not 'pl'" in text


def test_the_standard_deck_keys_and_names_are_documented():
    from deckforge.load.standard import STANDARD_DECKS, STANDARD_KEYS

    doc = (Path(__file__).resolve().parents[2] / "docs" / "deck-format.md").read_text(encoding="utf-8")
    assert [word for word in (*STANDARD_KEYS, *STANDARD_DECKS) if f"`{word}`" not in doc] == []


def test_a_bundled_template_without_a_decks_language_says_to_copy_it_beside_the_deck(tmp_path, monkeypatch):
    """The problems named lines of the installed template, which a maker cannot (and should not) edit."""
    import re

    from deckforge.layout.check import print_problems
    from deckforge.load import BUNDLED_DIR

    text = (BUNDLED_DIR / "prsi" / "deck.yaml").read_text(encoding="utf-8")  # Prší in Slovak: german.yaml's design
    text = re.sub(r"\{cs: ([^{}]*?), en: ([^{}]*?)\}", r"{cs: \1, en: \2, sk: \1}", text)
    text = text.replace("languages: [cs, en]", "languages: [cs, en, sk]")
    text = text.replace("\n  en: ", "\n  sk: Klasika.\n  en: ", 1)  # the description
    (tmp_path / "prsi-sk").mkdir()
    (tmp_path / "prsi-sk" / "deck.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    found = print_problems(load_deck(tmp_path / "prsi-sk"))
    assert any("strings.rank_7: missing the 'sk' translation" in p for p in found)
    assert found[-1].endswith("german.yaml: the bundled template has no 'sk' words: copy it to prsi-sk/german.yaml, "
                              "which is then read instead of it, and add them there (docs/card-templates.md)")
