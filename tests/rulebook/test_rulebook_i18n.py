"""Catalogs: Czech and German plural forms, quotation marks, complete catalogs, missing strings refused, and English
for a language without a catalog."""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from deckforge import catalog as catalog_module
from deckforge.catalog import extract
from deckforge.errors import BuildError
from deckforge.i18n import catalog_languages, catalog_path, catalog_warning, translations
from deckforge.rulebook.i18n import join_names, quote


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


@pytest.mark.parametrize("n, cards, rounds, sets", [
    (0, "0 Karten", "0 Runden", "0 Sätze"),
    (1, "1 Karte", "1 Runde", "1 Satz"),
    (2, "2 Karten", "2 Runden", "2 Sätze"),
    (21, "21 Karten", "21 Runden", "21 Sätze"),   # German: only 1 is singular
])
def test_german_plural_forms(n: int, cards: str, rounds: str, sets: str) -> None:
    de = translations("de")
    assert de.ngettext("%(num)d card", "%(num)d cards", n) % {"num": n} == cards
    assert de.ngettext("%(num)d round", "%(num)d rounds", n) % {"num": n} == rounds
    assert de.ngettext("%(num)d set", "%(num)d sets", n) % {"num": n} == sets
    assert de.ngettext("%(num)d seat at the table", "%(num)d seats at the table", n) % {"num": n} in (
        f"{n} Platz am Tisch", f"{n} Plätze am Tisch")


def test_the_german_catalog_takes_babels_plural_rule() -> None:
    with catalog_path("de").open("rb") as handle:
        catalog = read_po(handle, locale="de")
    assert catalog.num_plurals == 2 and catalog.plural_expr == "(n != 1)"


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
    assert quote("Schicksalsstein", "de") == "„Schicksalsstein“"
    assert quote("Stone of Fate", "en") == "“Stone of Fate”"
    assert join_names(["Vont Losna", "Jan Tleskač"], "cs") == "Vont Losna a\u00a0Jan Tleskač"  # CLDR ties the "a"
    assert join_names(["Stein", "Schere", "Papier"], "de") == "Stein, Schere und Papier"
    assert join_names(["2", "3", "10"], "en") == "2, 3, and 10"


@pytest.fixture(scope="module")
def extracted():
    """Every marked string of the code and templates, extracted once for the tests of this file (1.3 s each time)."""
    return extract()


@pytest.mark.parametrize("lang", catalog_languages())
def test_every_string_has_a_translation(lang: str, extracted) -> None:
    with catalog_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    missing = []
    for message in extracted:
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        strings = entry.string if entry and isinstance(entry.string, tuple) else (entry.string if entry else "",)
        if entry is None or entry.fuzzy or not all(strings):
            missing.append((message.context, message.id))
    assert not missing, f"untranslated in {catalog_path(lang)}: {missing} (run python -m deckforge.catalog)"


def test_the_catalogs_cover_the_sheets_and_the_calibration_too(extracted) -> None:
    sources = {location.split(":")[0] for message in extracted for location, _ in message.locations}
    assert {"deckforge/layout/pagelabels.py", "deckforge/layout/calibrate.py",
            "templates/rulebooks/base.html"} <= sources


def test_updating_the_catalogs_again_changes_nothing(tmp_path, monkeypatch, extracted) -> None:
    """`python -m deckforge.catalog` run twice writes nothing the second time, not even the minute in the header's
    POT-Creation-Date, so a catalog changes only when its strings or their places do."""
    monkeypatch.setattr(catalog_module, "extract", lambda: extracted)
    for lang in catalog_languages():
        po = tmp_path / f"{lang}.po"
        po.write_bytes(catalog_path(lang).read_bytes())
        monkeypatch.setattr(catalog_module, "catalog_path", lambda code, po=po: po)
        catalog_module.update(lang)
        dated = re.sub(rb'"POT-Creation-Date: [^"]*"', rb'"POT-Creation-Date: 2000-01-01 00:00+0000\\n"',
                       po.read_bytes())
        assert dated != po.read_bytes()
        po.write_bytes(dated)
        catalog_module.update(lang)
        assert po.read_bytes() == dated, lang


def test_a_string_missing_from_the_catalog_fails_the_build() -> None:
    with pytest.raises(BuildError, match=r"deckforge\.po: no 'cs' translation for the string 'Dragons'"):
        translations("cs").gettext("Dragons")
    with pytest.raises(BuildError, match="no 'de' translation"):
        translations("de").ngettext("%(num)d dragon", "%(num)d dragons", 3)


def test_a_language_without_a_catalog_prints_english_with_a_warning() -> None:
    pl = translations("pl")
    assert pl.ngettext("%(num)d card", "%(num)d cards", 5) % {"num": 5} == "5 cards"
    assert pl.gettext("Dragons") == "Dragons"
    warning = catalog_warning("pl")
    assert "no 'pl' catalog" in warning and "print in English" in warning and "available: cs, de, en" in warning
    assert catalog_warning("de") is None and catalog_warning("en") is None


def test_only_a_language_code_reaches_the_locale_folder() -> None:
    with pytest.raises(BuildError, match="not a language code"):
        translations("../../etc")
