"""How a rulebook arranges a game's cards: which cards share a row of the component list, what that row is
called, and which kinds are plain (no entry in the special-card table).

This is data about presentation, not rules. Each game gives its own `GameBook` in its `GameSpec`
(deckforge/games/<game>/); the helpers here label rows the common ways.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..model import Card, Deck


def N_(message: str) -> str:
    """Mark a string for the gettext catalog; the template translates it when it prints it."""
    return message


@dataclass(frozen=True)
class GameBook:
    """How one game's cards are grouped and labelled in the rulebook."""

    group_key: Callable[[Card], object]
    group_label: Callable[[Deck, list[Card], str], str]
    group_detail: Callable[[Deck, list[Card], str], str]
    plain_kinds: frozenset[str]
    special_detail: str | None = None  # heading of the special-card table's detail column, if it has one
    # a card the game gives a power whatever it prints (Prší: every 7, svršek and ace): a special card even without a
    # text, so the special-card table counts it as the component list does
    has_power: Callable[[Card], bool] = lambda card: False
    example: str | None = None  # "module:function" in the game's package finding its example of play (examples.py)


def same_name_or(fallback: Callable[[Deck, list[Card], str], str]):
    """Label a group by its cards' common name, or by `fallback` when the names differ."""
    def label(deck: Deck, cards: list[Card], lang: str) -> str:
        names = {card.name(lang) for card in cards}
        return names.pop() if len(names) == 1 else fallback(deck, cards, lang)
    return label


def suit_names(deck: Deck, cards: list[Card], attr: str, lang: str) -> list[str]:
    """Return the distinct suit names of the cards, in the deck's suit order."""
    ids = {card.get(attr) for card in cards}
    return [suit.name(lang) for suit in deck.suits if suit.id in ids]


def rank_span(cards: list[Card], attr: str) -> str:
    """Return the span of a numeric attribute over the cards, e.g. "1–13"."""
    ranks = sorted(int(card.get(attr)) for card in cards)
    return str(ranks[0]) if len(ranks) == 1 else f"{ranks[0]}–{ranks[-1]}"
