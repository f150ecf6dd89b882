"""`deckforge validate` (and build, rulebook and preview, in the language they print) warns when a number in a
hand-written card text disagrees with the card's effects."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.load import load_deck
from deckforge.load.deck import bundled_decks
from deckforge.model import Card, Effect
from deckforge.text_numbers import card_warnings, stated_numbers, text_warnings
from tests.helpers.knp_helpers import item


def card(texts: dict, *effects: Effect) -> Card:
    return Card("cut", "spell", 1, {lang: "Cut" for lang in texts}, texts, effects=effects)


@pytest.mark.parametrize("lang, text, found", [
    ("en", "The next player misses two turns.", [(2, "turn", "two turns")]),
    ("en", "Draw 3 more cards.", [(3, "card", "3 more cards")]),
    ("cs", "Další hráč vynechá dvě kola.", [(2, "turn", "dvě kola")]),
    ("cs", "Všichni ostatní hráči si líznou po jedné kartě.", [(1, "card", "jedné kartě")]),
    ("cs", "Po třech kartách a čtyřech kolech hra končí.", [(3, "card", "třech kartách"), (4, "turn", "čtyřech kolech")]),
    ("de", "Der nächste Spieler setzt drei Runden aus.", [(3, "turn", "drei Runden")]),
    ("en", "A player of your choice loses the game.", []),      # no number with a unit
    ("en", "Score 3 points.", []),                               # a number no effect parameter counts
])
def test_numbers_are_read_with_their_unit(lang: str, text: str, found: list) -> None:
    assert stated_numbers(text, lang) == found


@pytest.mark.parametrize("lang, text", [
    ("en", "The next player misses two turns."),
    ("en", "The next player misses 2 turns."),
    ("cs", "Další hráč vynechá dvě kola."),
    ("de", "Der nächste Spieler setzt zwei Runden aus."),
])
def test_a_text_that_disagrees_with_its_effect_warns(lang: str, text: str) -> None:
    warnings = card_warnings(card({lang: text}, Effect("skip", {"target": "next", "turns": 3})))
    assert len(warnings) == 1
    assert f"card 'cut', text.{lang}: the text says" in warnings[0] and "skip turns=3" in warnings[0]


def test_a_text_that_agrees_or_says_nothing_checkable_does_not_warn() -> None:
    skip3 = Effect("skip", {"target": "next", "turns": 3})
    assert card_warnings(card({"en": "The next player misses three turns."}, skip3)) == []
    # cards: no effect of this card counts cards, so "2 karty" is not compared
    assert card_warnings(card({"cs": "Další hráč vynechá 3 tahy a ty si lízneš 2 karty."}, skip3)) == []
    two_draws = (Effect("draw", {"target": "next", "count": 2}), Effect("draw", {"target": "others", "count": 1}))
    assert card_warnings(card({"en": "The next player draws 2 cards, every other player 1 card."}, *two_draws)) == []


@pytest.mark.parametrize("path", bundled_decks(), ids=lambda p: p.parent.name)
def test_every_bundled_deck_is_clean(path) -> None:
    assert text_warnings(load_deck(path)) == []


def long_cut_deck(folder) -> Path:
    """Write a deck whose card 'long-cut' skips 3 turns, its Czech text saying three and its English text two."""
    cut = item("long-cut", "scissors", 1, effects=[{"effect": "skip", "turns": 3}])
    cut["text"] = {"cs": "Další hráč vynechá tři tahy.", "en": "The next player misses two turns."}
    path = folder / "deck.yaml"
    path.write_text(json.dumps({"extends": "kamen-nuzky-papir", "id": "long-cut", "cards": [cut]},
                               ensure_ascii=False), encoding="utf-8")
    return path


def test_validate_prints_the_warning_with_file_card_and_language_and_still_passes(tmp_path) -> None:
    result = CliRunner().invoke(main, ["validate", str(long_cut_deck(tmp_path)), "--players", "3"])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1, result.stderr
    assert "deck.yaml:" in warnings[0] and "card 'long-cut', text.en: the text says 'two turns' (2)" in warnings[0]


def test_a_number_said_for_another_reason_beside_every_effect_number_does_not_warn() -> None:
    """„jednu kartu“ in a condition beside the draw's own „2 karty“ was taken for the draw's number: the text states
    every number its effects give, so a further number is about something else."""
    draw2 = Effect("draw", {"target": "next", "count": 2})
    text = "Další hráč si lízne 2 karty, pokud má v ruce alespoň jednu kartu."
    assert card_warnings(card({"cs": text}, draw2)) == []
    assert card_warnings(card({"en": "The next player draws 2 cards, then you lay a card."}, draw2)) == []
    # a number left unsaid still shows the stray one up
    warnings = card_warnings(card({"cs": "Další hráč si lízne tři karty, máš-li jednu kartu."}, draw2))
    assert len(warnings) == 2
    assert "the text says 'tři karty' (3)" in warnings[0] and "the text says 'jednu kartu' (1)" in warnings[1]


@pytest.mark.parametrize("text", ["The next player draws a card.", "The next player misses a turn."])
def test_english_a_card_is_one_card(text: str) -> None:
    """English says one card with "a": "draws a card" against count 2 went unnoticed."""
    effects = (Effect("draw", {"target": "next", "count": 2}), Effect("skip", {"target": "next", "turns": 2}))
    warnings = card_warnings(card({"en": text}, *effects))
    assert len(warnings) == 1 and f"the text says '{text.split()[-2]} {text.split()[-1][:-1]}' (1)" in warnings[0]


def test_build_rulebook_and_preview_say_the_mismatches_of_the_language_they_print(tmp_path) -> None:
    """Only validate said them: a maker who built and printed never heard that the text contradicts the card."""
    from deckforge.layout import BuildOptions, build_deck
    from deckforge.load.card_template import load_card_template
    from deckforge.preview.render import FaceRenderer

    path = long_cut_deck(tmp_path)
    deck = load_deck(path)
    said = "card 'long-cut', text.en: the text says 'two turns' (2), but the effect says skip turns=3"

    def mismatches(warnings) -> list[str]:
        return [str(w) for w in warnings if "the text says" in str(w)]

    english = build_deck(deck, BuildOptions(players=3, lang="en"), out=tmp_path / "en.pdf")
    czech = build_deck(deck, BuildOptions(players=3, lang="cs"), out=tmp_path / "cs.pdf")
    assert len(mismatches(english.warnings)) == 1 and said in mismatches(english.warnings)[0]
    assert mismatches(czech.warnings) == []  # the Czech text agrees
    rulebook = CliRunner().invoke(main, ["rulebook", str(path), "-l", "en", "--format", "html",
                                         "-o", str(tmp_path / "rules.html")])
    assert rulebook.exit_code == 0 and said in rulebook.stderr
    view = FaceRenderer().view(deck, load_card_template(deck), "en", 3, 1)
    assert len(mismatches(view.warnings)) == 1 and said in mismatches(view.warnings)[0]
