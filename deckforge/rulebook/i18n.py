"""The rulebook's language helpers: names joined and quoted as the language writes them.

The translations themselves are deckforge's one catalog per language (deckforge/i18n.py); they are imported here
too because the games' rulebook labels (deckforge/games/*/__init__.py) reach them through this module.
"""
from __future__ import annotations

from babel.core import Locale, UnknownLocaleError
from babel.lists import format_list

from ..i18n import SOURCE_LANGUAGE, translations

__all__ = ["join_names", "quote", "translations"]


def join_names(names: list[str], lang: str, style: str = "standard") -> str:
    """Join names as the language does in a sentence: "A, B a C" in Czech, "A, B und C" in German."""
    if not names:
        return ""
    try:
        locale = Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        locale = Locale.parse(SOURCE_LANGUAGE)  # a code CLDR does not know: join the English way
    return format_list(list(names), style=style, locale=locale)


def quote(text: str, lang: str) -> str:
    """Put text in the language's quotation marks (the catalog holds them: „…“ in Czech and German)."""
    return translations(lang).pgettext("quotation marks", "“%(text)s”") % {"text": text}
