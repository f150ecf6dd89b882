"""Hyphenation exceptions: words Pyphen's patterns break wrongly, each with the breaks it takes instead.

WeasyPrint hyphenates the rulebook with Pyphen's dictionary for the page's language, and the German patterns split
some compounds inside one of their parts: "Ablag-estapel". As TeX's `\\hyphenation{...}` does, a word listed here
gets its breaks outright, every form of it that the texts use written out. Pyphen looks a word up in its
dictionary's cache of breaks before it reads the patterns, and WeasyPrint shares that dictionary (`pyphen.hdcache`),
so `install` puts the listed words there before a rulebook is laid out: only for the languages the document is
written in, since reading a language's patterns takes time (German's: about 0.8 s, a sixth of a Czech rulebook).
"""
from __future__ import annotations

from collections.abc import Iterable

import pyphen

# Breaks marked with "-": only these are allowed. A compound breaks at the joint of its parts.
EXCEPTIONS: dict[str, tuple[str, ...]] = {
    "de": ("Ablage-stapel", "Ablage-stapels", "Ablage-stapeln"),
}


def install(langs: Iterable[str | None]) -> None:
    """Give every listed word of the languages `langs` (the values of a document's `lang` attributes) its breaks
    in the dictionary WeasyPrint uses for its language."""
    used = {pyphen.language_fallback(lang) for lang in langs if lang}
    for lang, words in EXCEPTIONS.items():
        if pyphen.language_fallback(lang) not in used:
            continue
        dictionary = pyphen.Pyphen(lang=pyphen.language_fallback(lang)).hd  # as WeasyPrint finds it
        for word in words:
            dictionary.cache[word.replace("-", "").lower()] = breaks(word)


def breaks(word: str) -> list[pyphen.DataInt]:
    """Return the positions of a marked word's breaks, in Pyphen's form: "Ablage-stapel" -> [6]."""
    parts = word.split("-")
    return [pyphen.DataInt(sum(len(part) for part in parts[:i])) for i in range(1, len(parts))]
