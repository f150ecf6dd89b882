"""Template context: the plain values a card template may print, built from the deck model for one language.

Deck values are data here: templates see strings, numbers and small read-only objects, rendered in Jinja's
sandbox, so nothing a deck file says is ever executed.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Mapping

from ..load.card_template import CardTemplate
from ..model import Card, Deck, Suit
from ..games import suit_attributes

NEUTRAL_COLOUR = "#444444"


@dataclass(frozen=True)
class SuitView:
    """A suit as templates see it; prints as its name in the chosen language."""

    id: str
    name: str
    colour: str
    emblem: str

    def __str__(self) -> str:
        return self.name

    def __bool__(self) -> bool:
        return bool(self.id)


NO_SUIT = SuitView("", "", NEUTRAL_COLOUR, "")


@dataclass(frozen=True)
class BuildContext:
    """What every face of one build shares: deck, language, player count, ink saving, template."""

    deck: Deck
    lang: str
    players: int
    ink_saver: bool
    template: CardTemplate

    def common(self) -> dict[str, object]:
        """Return the values every face and the back can use: a new dict each time, its nested ones copied from
        those made once per build (a template may change what it is given, never another face's)."""
        return {key: dict(value) if type(value) is dict else value for key, value in self._common.items()}

    @cached_property
    def _common(self) -> dict[str, object]:
        deck, lang = self.deck, self.lang
        return {
            "lang": lang,
            "players": self.players,
            "ink_saver": self.ink_saver,
            "deck": {"id": deck.id, "name": deck.name(lang), "game": deck.game,
                     "back_title": deck.back.title(lang) or deck.name(lang)},
            "strings": {name: texts.get(lang, "") for name, texts in self.template.strings.items()},
            "colours": dict(self.template.colours),
        }


def suit_view(suit: Suit, lang: str) -> SuitView:
    return SuitView(suit.id, suit.name(lang), suit.colour, suit.emblem or "")


def card_context(build: BuildContext, card: Card, copies: int) -> dict[str, object]:
    """Return the context a card's face is rendered with: its texts, attributes, suit, effects and copies."""
    lang = build.lang
    suits = suit_attributes(build.deck, card)
    attrs = {k: (suit_view(build.deck.suit(v), lang) if k in suits else _plain(v)) for k, v in card.attrs.items()}
    first_suit = next((attrs[k] for k in suits), NO_SUIT)
    context = {**build.common(), **attrs}
    context.update({
        "id": card.id, "kind": card.kind, "name": card.name(lang), "text": card.text(lang), "count": copies,
        "attrs": attrs, "suit": first_suit, "is_spell": card.is_spell, "has_art": card.art is not None,
        "effects": [{"name": e.name, **_plain(e.params)} for e in card.effects],
    })
    return context


def back_context(build: BuildContext) -> dict[str, object]:
    """Return the context the back is rendered with."""
    back = build.deck.back
    return {**build.common(), "back": {"title": back.title(build.lang) or build.deck.name(build.lang),
                                       "colour": back.colour or NEUTRAL_COLOUR},
            "has_art": back.art is not None}


def _plain(value: object) -> object:
    """Turn read-only mappings into plain dicts so templates index them freely."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


_SCALARS = frozenset({str, int, float, bool, type(None)})
