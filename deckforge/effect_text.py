"""How each spell effect of the vocabulary (`vocab.EFFECTS`) reads on a card: the phrases `text: auto` writes.

Every effect has its phrases here and nowhere else, one per target it accepts, as gettext messages: English is the
msgid, each catalog (deckforge/locale/<lang>/) translates them with the language's plural forms, so "2 karty" and
"5 karet" come from Babel's plural rules, not from code. A phrase is a clause that starts in lower case ("the next
player draws 2 cards"); a card's clauses are joined the way its language joins a list ("A, B and C") into one
sentence. `python -m deckforge.catalog` extracts them (markers `P_` and `NP_`, see deckforge/catalog.py), and
tests/load/test_auto_text.py fails while an effect or a target has no phrase or a catalog lacks one.
"""
from __future__ import annotations

import re
from typing import Iterable, Mapping

from babel.core import Locale, UnknownLocaleError
from babel.lists import format_list

from .i18n import SOURCE_LANGUAGE, translations
from .model import Effect


def P_(context: str, message: str) -> tuple[str, str]:
    """Mark a phrase without a number for extraction; it is translated when a card is written."""
    return context, message


def NP_(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Mark a phrase with a number (`%(num)d`) for extraction, with its plural."""
    return context, singular, plural


# TRANSLATORS: a clause of a card's rule text, starting in lower case; several are joined into one sentence.
PHRASES: dict[str, dict[str, tuple]] = {
    "skip": {
        "next": NP_("effect", "the next player misses a turn", "the next player misses %(num)d turns"),
        "previous": NP_("effect", "the previous player misses a turn", "the previous player misses %(num)d turns"),
        "chosen": NP_("effect", "a player of your choice misses a turn",
                      "a player of your choice misses %(num)d turns"),
        "others": NP_("effect", "every other player misses a turn", "every other player misses %(num)d turns"),
    },
    "reverse": {"": P_("effect", "the direction of play reverses")},
    "draw": {
        "next": NP_("effect", "the next player draws %(num)d card", "the next player draws %(num)d cards"),
        "previous": NP_("effect", "the previous player draws %(num)d card", "the previous player draws %(num)d cards"),
        "chosen": NP_("effect", "a player of your choice draws %(num)d card",
                      "a player of your choice draws %(num)d cards"),
        "others": NP_("effect", "every other player draws %(num)d card", "every other player draws %(num)d cards"),
    },
    "play_again": {"": P_("effect", "you take another turn")},
    "extra_play": {"": NP_("effect", "you may lay %(num)d more card at once",
                           "you may lay up to %(num)d more cards at once")},
    "give": {
        "next": NP_("effect", "you give the next player %(num)d card of your choice",
                    "you give the next player %(num)d cards of your choice"),
        "previous": NP_("effect", "you give the previous player %(num)d card of your choice",
                        "you give the previous player %(num)d cards of your choice"),
        "chosen": NP_("effect", "you give any player %(num)d card of your choice",
                      "you give any player %(num)d cards of your choice"),
    },
    "swap_hands": {
        "next": P_("effect", "you swap hands with the next player"),
        "previous": P_("effect", "you swap hands with the previous player"),
        "chosen": P_("effect", "you swap hands with a player of your choice"),
    },
}
# TRANSLATORS: the short name of a spell effect, as a table of how often each rule fires lists it.
NAMES: dict[str, tuple[str, str]] = {
    "skip": P_("effect name", "skip a turn"),
    "reverse": P_("effect name", "reverse the direction"),
    "draw": P_("effect name", "draw cards"),
    "play_again": P_("effect name", "play again"),
    "extra_play": P_("effect name", "lay more cards"),
    "give": P_("effect name", "give cards"),
    "swap_hands": P_("effect name", "swap hands"),
}
NUMBER_PARAMS = ("count", "turns")  # the parameter a phrase's %(num)d stands for, when the effect has one


def phrase(effect: Effect, lang: str) -> str:
    """Return the clause for one effect in a language, its number agreeing with its noun."""
    entry = PHRASES[effect.name][str(effect.params.get("target", ""))]
    t = translations(lang)
    if len(entry) == 2:
        return t.pgettext(*entry)
    number = next(effect.params[p] for p in NUMBER_PARAMS if p in effect.params)
    return t.npgettext(*entry, number) % {"num": number}


def effect_name(name: str, lang: str, events: Mapping[str, tuple] | None = None) -> str:
    """Return an effect's short name in a language: a spell effect's, or a game's own rule event's from `events`
    (its GameSpec.event_names, "penalty:discard-#" naming "penalty:discard-2" with its plural; an entry without a
    plural, "play.#", names "play.2" with the number after it: "card laid (2)"); any other name as it is."""
    names, t = {**NAMES, **(events or {})}, translations(lang)
    if name in names:
        return t.pgettext(*names[name])
    numbered = re.fullmatch(r"(.*\D)(\d+)", name)
    if numbered and (entry := names.get(f"{numbered[1]}#")):
        number = int(numbered[2])
        if len(entry) == 2:
            return f"{t.pgettext(*entry)} ({number})"
        return t.npgettext(*entry, number) % {"num": number}
    return name


def card_text(effects: Iterable[Effect], lang: str) -> str:
    """Return a card's rule text written from its effects: their clauses in order, as one sentence."""
    clauses = [phrase(effect, lang) for effect in effects]
    assert clauses, "a card with text: auto has effects (the loader checks)"
    sentence = format_list(clauses, locale=_locale(lang))
    return sentence[:1].upper() + sentence[1:] + "."


def _locale(lang: str) -> Locale:
    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE_LANGUAGE)
