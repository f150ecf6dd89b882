"""Translate the rulebook's shared strings through gettext catalogs, with Czech plural forms done by the book.

English is the source language: its strings are the msgids and need no catalog. Every other language has
`deckforge/locale/<lang>/LC_MESSAGES/deckforge.po`, compiled in memory with Babel when first used, so a fresh
`pip install -e .` needs no compile step and no stale `.mo` file can disagree with its `.po`. A msgid missing
from a catalog (or marked fuzzy) fails the build instead of printing English inside a Czech rulebook.
"""
from __future__ import annotations

import gettext
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from babel.core import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po

from ..errors import BuildError, display_path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "deckforge"
SOURCE_LANGUAGE = "en"


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def available_languages() -> list[str]:
    """Return the languages a rulebook can be written in: the source language and every catalog."""
    return sorted({SOURCE_LANGUAGE} | {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")})


class SourceTranslations(gettext.NullTranslations):
    """The source language: msgids print as written, with English plural rules."""


class StrictTranslations(gettext.GNUTranslations):
    """A compiled catalog that refuses to fall back to English for a string it lacks."""

    def __init__(self, mo: BytesIO, po: Path, lang: str):
        self.po = po
        self.lang = lang
        super().__init__(mo)

    def _missing(self, msgid: str) -> BuildError:
        return BuildError(f"{display_path(self.po)}: no '{self.lang}' translation for the rulebook string "
                          f"{msgid!r}; add it to the catalog (see docs/rulebooks.md)")

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
    """Return the translations for a language, compiling its catalog on first use."""
    if lang == SOURCE_LANGUAGE:
        return SourceTranslations()
    po = catalog_path(lang)
    if not po.is_file():
        raise BuildError(f"rulebooks cannot be written in '{lang}' yet: there is no catalog {display_path(po)} "
                         f"(available: {', '.join(available_languages())})")
    try:
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang, abort_invalid=True)
    except (PoFileError, ValueError) as exc:
        raise BuildError(f"{display_path(po)}: {exc}") from None
    mo = BytesIO()
    write_mo(mo, catalog)  # fuzzy entries are left out, so they count as missing
    mo.seek(0)
    return StrictTranslations(mo, po, lang)


def join_names(names: list[str], lang: str, style: str = "standard") -> str:
    """Join names as the language does in a sentence: "A, B a C" in Czech, "A, B, and C" in English."""
    return format_list(list(names), style=style, locale=Locale.parse(lang)) if names else ""


def quote(text: str, lang: str) -> str:
    """Put text in the language's quotation marks (the catalog holds them: „…“ in Czech)."""
    return translations(lang).pgettext("quotation marks", "“%(text)s”") % {"text": text}
