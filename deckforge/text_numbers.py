"""Warn when a number in a hand-written card text disagrees with the card's effects: the text says "misses two
turns", the effect skips three.

Only numbers the effects can explain are compared, to keep false alarms rare: a number (digits, or a number word
of the text's language, English "a card" among them) followed within two words by a noun for what an effect
parameter counts – cards for `count`, turns for `turns` – should be one of the values those parameters take on the
card. It is reported only while some value of the effects goes unsaid in that text: a text that states every number
its effects give may name others for other reasons ("lízne 2 karty, pokud má v ruce alespoň jednu kartu"). A card
without such a parameter, or a text without such a number, is not checked. Each language's number words and nouns
are in its gettext catalog (deckforge/locale/<lang>/), so a new language brings its own; a language without a
catalog is read with the English words, which then rarely match, so only its digits are compared.
"""
from __future__ import annotations

import re
from functools import lru_cache

from .i18n import translations, words_key
from .model import Card, Deck
from .said import S_, Said

UNITS = {"count": "card", "turns": "turn"}  # an effect parameter, and what its number counts
WINDOW = 3  # the noun may follow the number after at most two other words ("2 more cards", "zwei weitere Karten")
_WORD = re.compile(r"\w+")


def number_words(lang: str) -> dict[str, int]:
    """Return every form of the numbers 1 to 10 the language writes in a card text, with its value."""
    return _number_words(words_key(lang))


@lru_cache(maxsize=None)
def _number_words(key: tuple) -> dict[str, int]:
    lang = key[0]
    # TRANSLATORS: every form the numbers 1 to 10 take in a card text ("jednu kartu", "dvě kola"), as "number:
    # form, form; …". deckforge validate reads them to compare a card's text with what the card does.
    spec = translations(lang).pgettext("number words", "1: one, a, an; 2: two; 3: three; 4: four; 5: five; 6: six; "
                                                       "7: seven; 8: eight; 9: nine; 10: ten")
    return {form.strip().lower(): int(number) for number, _, forms in (part.partition(":") for part in spec.split(";"))
            for form in forms.split(",") if form.strip()}


def unit_words(lang: str) -> dict[str, str]:
    """Return every form of the nouns for a card and a turn in the language, each with the unit it names."""
    return _unit_words(words_key(lang))


@lru_cache(maxsize=None)
def _unit_words(key: tuple) -> dict[str, str]:
    t = translations(key[0])
    # TRANSLATORS: every form of the noun "card" a card text may use, separated by commas.
    cards = t.pgettext("noun forms", "card, cards")
    # TRANSLATORS: every form of the nouns for a player's turn ("turn", "round"), separated by commas.
    turns = t.pgettext("noun forms", "turn, turns, round, rounds")
    return {form.strip().lower(): unit for unit, forms in (("card", cards), ("turn", turns))
            for form in forms.split(",") if form.strip()}


def stated_numbers(text: str, lang: str) -> list[tuple[int, str, str]]:
    """Return the numbers the text states with a unit: (value, unit, the words that say it)."""
    numbers, nouns = number_words(lang), unit_words(lang)
    words = list(_WORD.finditer(text))
    found = []
    for index, word in enumerate(words):
        value = _value(word.group(), numbers)
        if value is None:
            continue
        for follower in words[index + 1:index + 1 + WINDOW]:
            if _value(follower.group(), numbers) is not None:
                break
            unit = nouns.get(follower.group().lower())
            if unit:
                found.append((value, unit, text[word.start():follower.end()]))
                break
    return found


def _value(word: str, numbers: dict[str, int]) -> int | None:
    return int(word) if word.isdigit() else numbers.get(word.lower())


def card_warnings(card: Card, lang: str | None = None) -> list[str]:
    """Return a warning for each number in the card's texts (in `lang` only, when given) that none of its effects'
    parameters gives, where the text also leaves one of those parameters' values unsaid."""
    return [str(warning) for warning in _said_card_warnings(card, lang)]


def _said_card_warnings(card: Card, lang: str | None) -> list[Said]:
    values = _effect_values(card)
    if not values:
        return []
    return [_warning(card, code, value, unit, said) for code, text in card.texts.items() if lang in (None, code)
            for value, unit, said in _unexplained(stated_numbers(text, code), values)]


def _effect_values(card: Card) -> dict[str, set[int]]:
    """Return, for each unit an effect of the card counts, the values its parameters take."""
    values: dict[str, set[int]] = {}
    for effect in card.effects:
        for param, unit in UNITS.items():
            if param in effect.params:
                values.setdefault(unit, set()).add(int(effect.params[param]))
    return values


def _unexplained(stated: list[tuple[int, str, str]], values: dict[str, set[int]]) -> list[tuple[int, str, str]]:
    """Keep the stated numbers no effect gives, in a unit whose effect values the text does not all state."""
    stated = [found for found in stated if found[1] in values]
    said = {unit: {value for value, of, _ in stated if of == unit} for unit in values}
    return [(value, unit, words) for value, unit, words in stated
            if value not in values[unit] and values[unit] - said[unit]]


def _warning(card: Card, lang: str, value: int, unit: str, said: str) -> Said:
    effects = "; ".join(f"{e.name} {p}={e.params[p]}" for e in card.effects for p, u in UNITS.items()
                        if u == unit and p in e.params)
    return S_("%(place)s: card '%(card)s', text.%(lang)s: the text says '%(said)s' (%(value)d), but the effect says "
              "%(effects)s; fix the text or the effect, or write text: auto", place=str(card.source or card.id),
              card=card.id, lang=lang, said=said, value=value, effects=effects)


def text_warnings(deck: Deck, lang: str | None = None) -> list[str]:
    """Return the number mismatches of every card of the deck, in its texts of `lang` only when given (a build,
    a rulebook and the preview say those of the language they print; validate all)."""
    return [str(warning) for warning in said_text_warnings(deck, lang)]


def said_text_warnings(deck: Deck, lang: str | None = None) -> list[Said]:
    """Return `text_warnings` as they can be said in another language (the preview's page)."""
    return [warning for card in deck.cards for warning in _said_card_warnings(card, lang)]
