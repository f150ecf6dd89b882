"""A Czech rulebook names a rank by its noun, declined ("zahraj osmičku", "neodpoví-li esem"), not as a label
("kartu s hodnotou osmička"), where deckforge knows the noun and the sentence lets it stand (rules/czech.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from deckforge.load import load_deck
from deckforge.rules import czech
from deckforge.rules.wording import CardSet, Words


@pytest.mark.parametrize("name, number, case, form", [
    ("osmička", "sg", "acc", "osmičku"), ("osmička", "pl", "gen", "osmiček"), ("dvojka", "sg", "dat", "dvojce"),
    ("čtyřka", "pl", "gen", "čtyřek"), ("desítka", "pl", "ins", "desítkami"), ("dvanáctka", "sg", "ins", "dvanáctkou"),
    ("eso", "sg", "ins", "esem"), ("eso", "pl", "nom", "esa"), ("eso", "pl", "gen", "es"),
    ("král", "sg", "acc", "krále"), ("král", "pl", "nom", "králové"), ("dáma", "pl", "gen", "dam"),
    ("kluk", "pl", "nom", "kluci"), ("sedma", "sg", "ins", "sedmou"), ("svršek", "sg", "acc", "svrška"),
    ("Eso", "sg", "ins", "Esem"),  # a capital the deck writes is kept
])
def test_the_standard_ranks_decline(name, number, case, form):
    assert czech.decline(name, number, case)[0] == form


@pytest.mark.parametrize("name, number, case", [
    ("královna", "sg", "acc"),       # a word of the deck's own: not guessed
    ("měnič", "sg", "ins"),
    ("louka", "pl", "gen"),          # -ka after a vowel is no numeral noun ("luk")
    ("velká dvojka", "sg", "acc"),   # several words
    ("svršek", "pl", "nom"),         # "svršci" or "svršky": left out of the table
    ("sedma", "pl", "gen"),
])
def test_what_is_not_known_is_not_guessed(name, number, case):
    assert czech.decline(name, number, case) is None


@pytest.mark.parametrize("name, number, case, said", [
    ("Křížová dvojka", "sg", "acc", "křížovou dvojku"), ("Piková dáma", "sg", "ins", "pikovou dámou"),
    ("Srdcový král", "sg", "acc", "srdcového krále"), ("Srdcový král", "pl", "nom", "srdcoví králové"),
    ("Kulové eso", "sg", "gen", "kulového esa"), ("Kulové eso", "pl", "nom", "kulová esa"),
    ("Zelený svršek", "sg", "ins", "zeleným svrškem"), ("Žaludový kluk", "pl", "nom", "žaludoví kluci"),
])
def test_a_card_named_by_suit_and_rank_declines_as_one_phrase(name, number, case, said):
    assert czech.decline_card(name, number, case)[0] == said


@pytest.mark.parametrize("name", ["Čaroděj", "Piková královna", "Srdcová král", "Velká piková dáma", "Jarní dáma"])
def test_any_other_card_name_is_not_declined(name):
    assert czech.decline_card(name, "sg", "acc") is None


@pytest.fixture(scope="module")
def words(tmp_path_factory) -> Words:
    folder = tmp_path_factory.mktemp("ranks")
    (folder / "deck.yaml").write_text(
        "id: ranks\nlanguages: [cs, en]\nname: {cs: Hodnoty, en: Ranks}\nplayers: {min: 2, max: 4}\n"
        "card_size: poker\ncards: {standard: french-52}\n", encoding="utf-8")
    return Words(load_deck(Path(folder)), "cs", ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))


def ranks(*values: str) -> CardSet:
    return CardSet("rank", values, ())


@pytest.mark.parametrize("values, number, case, agree, said", [
    (("8",), "sg", "acc", True, "osmičku"),               # feminine like "karta": "za každou osmičku"
    (("8", "Q"), "pl", "gen", True, "osmiček a\u00a0dam"),  # a no-break space: no one-letter word ends a line
    (("A",), "sg", "ins", False, "esem"),                 # "pokud neodpoví esem"
    (("A",), "sg", "acc", True, "kartu s hodnotou eso"),  # "Kdo má eso, vynese ji" would not agree
    (("K", "A"), "pl", "nom", False, "králové a\u00a0esa"),
    (("8", "A"), "sg", "acc", True, "kartu s hodnotou osmička nebo eso"),
])
def test_a_rank_is_said_by_its_noun_where_the_sentence_lets_it(words, values, number, case, agree, said):
    assert words.cards(ranks(*values), number, case, agree=agree) == said
