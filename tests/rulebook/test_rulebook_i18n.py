"""Catalogs: Czech plural forms, quotation marks, a complete Czech catalog, and missing strings refused."""
from __future__ import annotations

import pytest

from deckforge.errors import BuildError
from deckforge.rulebook.catalog import extract
from deckforge.rulebook.i18n import catalog_path, join_names, quote, translations
from babel.messages.pofile import read_po


@pytest.mark.parametrize("n, cards, players", [
    (1, "1 karta", "1 hráč"),
    (2, "2 karty", "2 hráči"),
    (4, "4 karty", "4 hráči"),
    (5, "5 karet", "5 hráčů"),
    (21, "21 karet", "21 hráčů"),   # Czech: 21 takes the form of 5, not of 1
    (22, "22 karet", "22 hráčů"),
])
def test_czech_plural_forms(n: int, cards: str, players: str) -> None:
    cs = translations("cs")
    assert cs.ngettext("%(num)d card", "%(num)d cards", n) % {"num": n} == cards
    assert cs.ngettext("%(num)d player", "%(num)d players", n) % {"num": n} == players


def test_accusative_after_a_verb() -> None:
    cs = translations("cs")
    forms = [cs.npgettext("accusative", "%(num)d card", "%(num)d cards", n) % {"num": n} for n in (1, 3, 5)]
    assert forms == ["1 kartu", "3 karty", "5 karet"]


def test_english_is_the_source_language() -> None:
    en = translations("en")
    assert en.ngettext("%(num)d card", "%(num)d cards", 1) % {"num": 1} == "1 card"
    assert en.ngettext("%(num)d card", "%(num)d cards", 21) % {"num": 21} == "21 cards"


def test_quotes_and_lists_follow_the_language() -> None:
    assert quote("Kámen osudu", "cs") == "„Kámen osudu“"
    assert quote("Stone of Fate", "en") == "“Stone of Fate”"
    assert join_names(["Vont Losna", "Jan Tleskač"], "cs") == "Vont Losna a\u00a0Jan Tleskač"  # CLDR ties the "a"
    assert join_names(["2", "3", "10"], "en") == "2, 3, and 10"


def test_every_rulebook_string_has_a_czech_translation() -> None:
    with catalog_path("cs").open("rb") as handle:
        catalog = read_po(handle, locale="cs")
    missing = []
    for message in extract():
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        strings = entry.string if entry and isinstance(entry.string, tuple) else (entry.string if entry else "",)
        if entry is None or entry.fuzzy or not all(strings):
            missing.append((message.context, message.id))
    assert not missing, f"untranslated in {catalog_path('cs')}: {missing} (run python -m deckforge.rulebook.catalog)"


def test_a_string_missing_from_the_catalog_fails_the_build() -> None:
    with pytest.raises(BuildError, match=r"deckforge\.po: no 'cs' translation for the rulebook string 'Dragons'"):
        translations("cs").gettext("Dragons")
    with pytest.raises(BuildError, match="no 'cs' translation"):
        translations("cs").ngettext("%(num)d dragon", "%(num)d dragons", 3)


def test_a_language_without_a_catalog_is_refused() -> None:
    with pytest.raises(BuildError, match=r"rulebooks cannot be written in 'de' yet.*available: cs, en"):
        translations("de")
