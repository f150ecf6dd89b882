"""Typography: tie the words a line must not part, by the rules of each language, for cards, rulebooks and preview.

A tie is a no-break space (U+00A0) in place of the space between two words. The card text fitter
(layout/text.py) never ends a line at a tie unless the tied words are wider than the whole box; the rulebook
prose gets the same ties before WeasyPrint sets it (rulebook/render.py). A language without rules is left alone.
"""
from __future__ import annotations

import re
from typing import Callable

NBSP = "\u00a0"

# A breakable gap between words; a no-break space is none.
_GAP = "[ \t\r\n]+"
# A one-letter preposition or conjunction (Czech: k, s, v, z, o, u, a, i) standing as a word of its own, with the
# gap after it. Czech typesetting (ČSN 01 6910, Internetová jazyková příručka) never leaves one at a line end.
_ONE_LETTER = re.compile(rf"(?<![\w\-'’.])([kvszouaiKVSZOUAI]){_GAP}(?=\S)")
# A number and the word after it ("lízne 1 kartu", "draw 2 cards"): a number is never parted from its noun.
_NUMBER = re.compile(rf"(?<![\w.,])([+\-−]?\d+){_GAP}(?=[^\W\d_])")
# German abbreviations of two parts ("z. B.", "d. h.", "u. a.") stay on one line.
_ABBREVIATION = re.compile(rf"(?<!\w)([a-zA-Z]\.){_GAP}(?=[a-zA-Z]\.)")
# The last gap of a paragraph of three words or more: tied, the last line never holds one lone word (a widow).
_LAST_GAP = re.compile(rf"(?<=\S){_GAP}(?=[^ \t\r\n]+[ \t\r\n]*$)")


_GAP_RE = re.compile(_GAP)
_DIGIT = re.compile(r"\d")
_GAP_CHARS = " \t\r\n"


def _tie_group(pattern: re.Pattern, needs: re.Pattern | None = None) -> Callable[[str], str]:
    """Tie what `pattern` finds; given `needs`, only in a text where that is found (a quick scan for what every
    match holds spares the pattern's slower one: most card texts hold no number)."""
    def tied(text: str) -> str:
        if needs is not None and not needs.search(text):
            return text
        return pattern.sub(lambda m: m.group(1) + NBSP, text)
    return tied


def _no_widow(text: str) -> str:
    """Tie each paragraph's last two words, in paragraphs of at least three (unless they are tied already)."""
    return "\n".join(_no_widow_in(paragraph) for paragraph in text.split("\n"))


def _no_widow_in(paragraph: str) -> str:
    """Tie a paragraph's last two words where it has three or more (its words parted by gaps, a no-break space
    none), unless its last word is tied already."""
    words = paragraph.strip()
    first = _GAP_RE.search(words)
    if first is None or _GAP_RE.search(words, first.end()) is None:  # fewer than three words
        return paragraph
    if NBSP in words[max(words.rfind(c) for c in _GAP_CHARS) + 1:]:
        return paragraph
    return _tie_last_gap(paragraph)


def _tie_last_gap(paragraph: str) -> str:
    """Return `_LAST_GAP.sub(NBSP, paragraph)`, found from the end: the last gap before the last word, when a
    character other than white space comes before it (the regular expression tried every gap of the text)."""
    end = len(paragraph.rstrip(_GAP_CHARS))
    last = max(paragraph.rfind(c, 0, end) for c in _GAP_CHARS)
    if last < 0:
        return paragraph
    start = last
    while start and paragraph[start - 1] in _GAP_CHARS:
        start -= 1
    if not start or paragraph[start - 1].isspace():
        return paragraph
    return paragraph[:start] + NBSP + paragraph[last + 1:]


# Ties inside sentences, by language; then whether the language keeps a paragraph's last two words together.
_RULES: dict[str, tuple[tuple[Callable[[str], str], ...], bool]] = {
    "cs": ((_tie_group(_ONE_LETTER), _tie_group(_NUMBER, _DIGIT)), False),
    "en": ((_tie_group(_NUMBER, _DIGIT),), True),
    "de": ((_tie_group(_ABBREVIATION), _tie_group(_NUMBER, _DIGIT)), True),
}


def tie(text: str, lang: str, paragraphs: bool = True) -> str:
    """Return `text` with no-break spaces where `lang`'s typography forbids a line break.

    Czech: after a one-letter preposition or conjunction, and between a number and its noun. English and German:
    between a number and its noun (German also inside "z. B."), and, when `paragraphs` is true (each line of the
    text is one paragraph), between a paragraph's last two words. Other languages: unchanged.
    """
    rules, widows = _RULES.get(lang.split("-")[0].lower(), ((), False))
    for rule in rules:
        text = rule(text)
    return _no_widow(text) if widows and paragraphs else text


def untie(text: str) -> str:
    """Return `text` with its ties back to plain spaces, as a card line prints them (search finds the words)."""
    return text.replace(NBSP, " ")
