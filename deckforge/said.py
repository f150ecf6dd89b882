"""What deckforge says about a deck – a check's findings – in English on the command line, and in the language of
the page that shows it (the preview speaks the deck's language).

A finding is made once, as `S_("the row has no card with number %(number)d", number=n)`: printed, it is the
English sentence; `said(lang)` fills the catalog's translation of that language instead. `python -m
deckforge.catalog` extracts the messages of `S_` and `NS_` (a plural, chosen by its number) like any other.
A value may itself be said (`S_("rock")`), and is then said in the same language.
"""
from __future__ import annotations

from .i18n import SOURCE_LANGUAGE, translations


class Said:
    """A sentence with its values, said in any language deckforge has a catalog for (English without one)."""

    __slots__ = ("singular", "plural", "number", "values")

    def __init__(self, singular: str, plural: str | None = None, number: int | None = None, /, **values) -> None:
        # positional only: a value may be called `number` too ("the row has no card with number %(number)d")
        self.singular, self.plural, self.number, self.values = singular, plural, number, values

    def said(self, lang: str = SOURCE_LANGUAGE) -> str:
        t = translations(lang)
        text = t.ngettext(self.singular, self.plural, self.number) if self.plural else t.gettext(self.singular)
        values = {key: said(value, lang) for key, value in self.values.items()}
        if self.plural:
            values.setdefault("num", self.number)
        return text % values if values else text

    def __str__(self) -> str:
        return self.said(SOURCE_LANGUAGE)

    def __repr__(self) -> str:
        return f"Said({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Said):
            return (self.singular, self.plural, self.number, self.values) == (
                other.singular, other.plural, other.number, other.values)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.singular, self.plural, self.number))


class SaidText(str):
    """A Said's English text that can still be said in another language: a str wherever one is expected (an
    error's message, joined, compared, printed), `said(lang)` where a page speaks another language."""

    def __new__(cls, message: Said) -> SaidText:
        text = super().__new__(cls, str(message))
        text.message = message
        return text

    def said(self, lang: str = SOURCE_LANGUAGE) -> str:
        return self.message.said(lang)


def S_(message: str, /, **values) -> Said:
    """Mark a sentence for the catalogs and say it later, in English or in a page's language."""
    return Said(message, **values)


def NS_(singular: str, plural: str, number: int, /, **values) -> Said:
    """Mark a sentence with a plural form, chosen by `number` (also its %(num)d) in each language's rules."""
    return Said(singular, plural, number, **values)


class Number:
    """A whole number said as each language writes it: "13,000", „13 000“, "13.000"."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def said(self, lang: str = SOURCE_LANGUAGE) -> str:
        locale = _locale(lang)
        if locale is None:
            return f"{self.value:,}"
        from babel.numbers import format_decimal

        return format_decimal(self.value, locale=locale)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Number) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)


class Percent(Number):
    """A share said as a whole percentage: "17%" in English, „17 %“ in Czech and German."""

    def said(self, lang: str = SOURCE_LANGUAGE) -> str:
        locale = _locale(lang)
        if locale is None:
            return f"{self.value:.0%}"
        from babel.numbers import format_percent

        return format_percent(self.value, locale=locale)


def _locale(lang: str) -> str | None:
    """Return the Babel locale to write numbers in, or None for English (written without Babel, which the command
    line need not import)."""
    if lang == SOURCE_LANGUAGE:
        return None
    from .i18n import babel_locale

    return babel_locale(lang)


def said(value: object, lang: str = SOURCE_LANGUAGE) -> object:
    """Return a value as said in `lang`: a Said (or anything with `said`) in that language, anything else as it is."""
    speak = getattr(value, "said", None)
    return speak(lang) if callable(speak) else value
