"""Translate the words deckforge itself prints – page labels, the calibration sheet, rulebook headings and tables –
through one gettext catalog per language, with the language's plural rules.

English is the source language: its strings are the msgids and need no catalog. Every other language has
`deckforge/locale/<lang>/LC_MESSAGES/deckforge.po`, compiled in memory with Babel when first used, so a fresh
`pip install -e .` needs no compile step and no stale `.mo` file can disagree with its `.po`. A msgid missing
from a catalog (or marked fuzzy) fails the build instead of printing English inside a Czech rulebook. A language
with no catalog at all prints these words in English; `catalog_warning` says so, once, for the command to show.
Deck texts (card names, rules prose) are not here: the deck and its templates bring them.
"""
from __future__ import annotations

import gettext
import re
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from .errors import BuildError, display_path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "deckforge"
SOURCE_LANGUAGE = "en"
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")  # as a deck declares it (ISO 639: cs, en, de, hsb)


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalog_languages() -> list[str]:
    """Return the languages with a catalog, not counting the source language."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def available_languages() -> list[str]:
    """Return the languages deckforge's own words can print in: the source language and every catalog."""
    return sorted({SOURCE_LANGUAGE, *catalog_languages()})


def check_language_code(lang: str) -> str:
    """Return `lang` if it is a language code; refuse anything else (it becomes part of a file path)."""
    if not isinstance(lang, str) or not LANGUAGE_CODE.fullmatch(lang):
        raise BuildError(f"{lang!r} is not a language code such as cs, de or en")
    return lang


def has_catalog(lang: str) -> bool:
    return lang == SOURCE_LANGUAGE or catalog_path(check_language_code(lang)).is_file()


def catalog_warning(lang: str) -> str | None:
    """Return the warning for a language deckforge has no catalog for, or None when its words are translated."""
    if has_catalog(lang):
        return None
    return (f"deckforge has no '{lang}' catalog ({display_path(catalog_path(lang))}), so its own words (page labels, "
            f"rulebook headings and tables) print in English; available: {', '.join(available_languages())}. "
            "To translate them, add the catalog (docs/deck-format.md, \"Adding a language\")")


def described_rules_warning(lang: str) -> str | None:
    """Say that a described game's rules print in English in a language deckforge has no catalog for: their
    sentences are written from the catalogs (deckforge/rules/describe.py), not from the deck."""
    if has_catalog(lang):
        return None
    return (f"the rules written from the deck's `rules:` description print in English in a '{lang}' rulebook, with "
            f"the deck's own '{lang}' names in them: deckforge writes those sentences from its catalogs "
            f"({', '.join(available_languages())}); add the '{lang}' catalog (docs/deck-format.md, \"Adding a "
            "language\") to have them translated")


class SourceTranslations(gettext.NullTranslations):
    """The source language: msgids print as written, with English plural rules."""


class StrictTranslations(gettext.GNUTranslations):
    """A compiled catalog that refuses to fall back to English for a string it lacks."""

    def __init__(self, mo: BytesIO, po: Path, lang: str):
        self.po = po
        self.lang = lang
        super().__init__(mo)

    def _missing(self, msgid: str) -> BuildError:
        return BuildError(f"{display_path(self.po)}: no '{self.lang}' translation for the string {msgid!r}; "
                          "add it to the catalog (python -m deckforge.catalog, see docs/rulebooks.md)")

    def gettext(self, message: str) -> str:
        if message not in self._catalog:
            raise self._missing(message)
        return super().gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if (msgid1, 0) not in self._catalog:
            raise self._missing(msgid1)
        return super().ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        if f"{context}\x04{message}" not in self._catalog:
            raise self._missing(f"{context}|{message}")
        return super().pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        if (f"{context}\x04{msgid1}", 0) not in self._catalog:
            raise self._missing(f"{context}|{msgid1}")
        return super().npgettext(context, msgid1, msgid2, n)


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """Return the translations for a language: its catalog, compiled on first use, or English when it has none."""
    if lang == SOURCE_LANGUAGE or not has_catalog(lang):
        return SourceTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError, read_po

    po = catalog_path(lang)
    try:
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang, abort_invalid=True)
    except (PoFileError, ValueError) as exc:
        raise BuildError(f"{display_path(po)}: {exc}") from None
    mo = BytesIO()
    write_mo(mo, catalog)  # fuzzy entries are left out, so they count as missing
    mo.seek(0)
    return StrictTranslations(mo, po, lang)
