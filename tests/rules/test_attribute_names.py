"""`rules.attributes`: how the rulebook names a described game's own card attributes and their values, per language.

Without it a Czech rulebook said „údajem „colour““, the key, and „Červená, Zelená“ with the capitals of the cards'
names in the middle of a sentence; validate and `rulebook` now say which attribute wants a name.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.errors import DeckError
from deckforge.load import load_deck
from deckforge.rules.describe import describe
from deckforge.validate import validate_deck

COLOURS = {"red": ("Červená", "Red"), "green": ("Zelená", "Green"), "blue": ("Modrá", "Blue")}
NUMBERS = {1: "jednička", 2: "dvojka", 3: "trojka"}
RULES = """rules:
  setup:
    - deal: {to: hand, count: 4}
    - turn_up: {to: pile}
  play:
    style: turns
    moves:
      - play: {if: {wild: {colour: any}}, then: [{effect: name, attr: colour}]}
      - play: {if: {match: [colour, number]}}
      - draw: {then: continue, when: no_play}
      - pass: {}
  end: {round: first_out}
  winner: first_out
"""
NAMES = """  attributes:
    colour:
      name: {cs: barva, en: colour}
      values: {any: {cs: libovolná, en: any colour}}
    number: {name: {cs: číslo, en: number}}
"""


def colours_deck(folder: Path, attributes: str = "") -> Path:
    lines = ["id: colours", "languages: [cs, en]", "name: {cs: Barvičky, en: Colours}", "players: {min: 2, max: 4}",
             "card_size: poker", "cards:"]
    for colour, (cs, en) in COLOURS.items():
        lines += [f"  - {{id: {colour}-{n}, count: 2, colour: {colour}, number: {n}, "
                  f"name: {{cs: {cs} {word}, en: {en} {n}}}}}" for n, word in NUMBERS.items()]
    lines.append("  - {id: joker, count: 2, colour: any, number: 0, name: {cs: Žolík, en: Joker}}")
    folder.mkdir(parents=True)
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n" + RULES + attributes, encoding="utf-8")
    return folder


def play_text(deck, lang: str) -> str:
    text = describe(deck, deck.described, lang, 2)
    return " ".join(block.text if not block.items else " ".join(block.items) for block in text.turn)


def test_without_names_the_key_is_said_and_czech_writes_the_values_in_lower_case(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck = load_deck(colours_deck(tmp_path / "d"))
    czech = play_text(deck, "cs")
    assert "údajem „colour“ nebo údajem „number“" in czech
    # the words the cards' names begin with, not the names: lower case in a Czech sentence; a card's own name
    # ("Žolík", the only card whose colour is any) keeps its capital
    assert "platí: červená, zelená, modrá nebo Žolík." in czech
    assert "counts as: Red, Green, Blue, or Joker." in play_text(deck, "en")  # English keeps the capitals
    warnings = validate_deck(deck, play=False).warnings
    assert [w for w in warnings if "by its key" in w] == [attr_warning("colour"), attr_warning("number")]


def attr_warning(attr: str) -> str:
    return (f"d/deck.yaml: rules: the cs rulebook calls the attribute '{attr}' by its key; give it a cs name under "
            f"rules.attributes.{attr}.name (docs/rules-format.md, \"attributes\")")


def test_the_names_given_are_the_rulebooks_words(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck = load_deck(colours_deck(tmp_path / "d", NAMES))
    assert "údajem „barva“ nebo údajem „číslo“" in play_text(deck, "cs")
    assert "platí: červená, zelená, modrá nebo libovolná." in play_text(deck, "cs")
    english = play_text(deck, "en")
    assert "match the top card in “colour” or “number”" in english and "Blue, or any colour." in english
    assert not [w for w in validate_deck(deck, play=False).warnings if "by its key" in w]


def test_the_rulebook_command_warns_of_a_key_it_printed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    colours_deck(tmp_path / "d")
    result = CliRunner().invoke(main, ["rulebook", "d", "--lang", "cs", "--format", "html", "-o", "r.html"])
    assert result.exit_code == 0, result.output
    assert result.stderr.count("by its key") == 2 and attr_warning("colour") in result.stderr
    assert "„colour“" in (tmp_path / "r.html").read_text(encoding="utf-8")
    english = CliRunner().invoke(main, ["rulebook", "d", "--lang", "en", "--format", "html", "-o", "e.html"])
    assert english.exit_code == 0 and "by its key" not in english.stderr  # an English key reads as English


@pytest.mark.parametrize("attributes, message", [
    ("  attributes:\n    color: {name: {cs: barva, en: colour}}\n",
     r"deck.yaml:\d+:5: rules.attributes.color: no card has the attribute 'color'; did you mean 'colour'\?"),
    ("  attributes:\n    colour: {values: {rde: {cs: červená, en: red}}}\n",
     r"rules.attributes.colour.values.rde: no card has colour 'rde'; did you mean 'red'\?"),
    ("  attributes:\n    colour: {name: {cs: barva}}\n",
     r"rules.attributes.colour.name: missing the 'en' translation"),
    ("  attributes:\n    number: {nom: {cs: číslo}}\n",
     r"rules.attributes.number.nom: unknown key 'nom' \(allowed: name, values\)"),
])
def test_a_name_for_what_the_cards_do_not_have_is_refused_at_its_place(tmp_path, attributes, message):
    with pytest.raises(DeckError, match=message):
        load_deck(colours_deck(tmp_path / "d", attributes))


def test_suits_and_the_rank_keep_their_own_words(tmp_path):
    """A suit is named by the deck's `suits`, the rank attribute by the rulebook's word for it: only the rank's
    values may be named."""
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "deck.yaml").write_text(
        "id: ranks\nlanguages: [cs, en]\nname: {cs: Hodnoty, en: Ranks}\nplayers: {min: 2, max: 4}\n"
        "card_size: poker\ncards: {standard: french-52}\n" + RULES.replace("colour", "suit").replace(
            "{wild: {suit: any}}", "{wild: {rank: \"8\"}}").replace("number", "rank")
        + "  attributes:\n    suit: {name: {cs: barva, en: suit}}\n    rank: {name: {cs: hodnota, en: rank}}\n",
        encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert "rules.attributes.suit: the rulebook names suits by the deck's `suits`" in str(caught.value)
    assert "rules.attributes.rank.name: the rulebook has its own word for 'rank'" in str(caught.value)
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    start = text.index("  attributes:")
    (folder / "deck.yaml").write_text(text[:start] + "  attributes:\n    rank: {values: {A: {cs: eso, en: Ace}, "
                                      "Q: {cs: královna, en: Queen}}}\n", encoding="utf-8")
    deck = load_deck(folder)
    assert deck.described.attributes["rank"].values["Q"] == {"cs": "královna", "en": "Queen"}
    from deckforge.rules.wording import Words

    assert Words(deck, "cs", deck.described.ranks, attributes=deck.described.attributes).rank_name("Q") == "královna"


def test_a_language_without_a_catalog_is_told_its_rules_print_in_english(tmp_path, monkeypatch):
    """A described game's sentences come from deckforge's catalogs: a Polish rulebook printed "Play one of the
    Ósemkas from your hand…" and only the page-label warning said anything; validate said nothing at all."""
    monkeypatch.chdir(tmp_path)
    folder = colours_deck(tmp_path / "d")
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace("cs:", "pl:").replace("[cs, en]", "[pl, en]"),
                         encoding="utf-8")
    warnings = validate_deck(load_deck(folder), play=False).warnings
    assert any("no 'pl' catalog" in w for w in warnings)
    assert any("rules.attributes" in w or "by its key" in w for w in warnings)
    described = [w for w in warnings if w.startswith("the rules written from the deck's `rules:` description")]
    assert described == ["the rules written from the deck's `rules:` description print in English in a 'pl' "
                         "rulebook, with the deck's own 'pl' names in them: deckforge writes those sentences from "
                         "its catalogs (cs, de, en); to have them translated, give the deck its own catalog: "
                         "deckforge translate DECK --lang pl (docs/deck-format.md, \"Adding a language\")"]
    result = CliRunner().invoke(main, ["rulebook", "d", "--lang", "pl", "--format", "html", "-o", "r.html"])
    assert result.exit_code == 0 and described[0] in result.stderr
    # a language with a catalog is written in it, and nothing is said
    assert not [w for w in validate_deck(load_deck(colours_deck(tmp_path / "e", NAMES)), play=False).warnings]
