"""The deck model: frozen objects built once by the loader and read by layout, rulebook and simulator."""
from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from .errors import DeckforgeError, PlayerCountError, counted

FROZEN_EMPTY: Mapping = MappingProxyType({})


def _empty() -> Mapping:
    return FROZEN_EMPTY


@dataclass(frozen=True)
class Source:
    """Where a value was written: file, line and column (1-based)."""

    file: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}" if self.column is None else f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Effect:
    """One step of a spell: an effect name from the vocabulary and its parameters (defaults filled in)."""

    name: str
    params: Mapping[str, object] = field(default_factory=_empty)

    def __getitem__(self, key: str) -> object:
        return self.params[key]


@dataclass(frozen=True)
class Suit:
    """A suit or colour a deck declares, with its display names."""

    id: str
    names: Mapping[str, str]
    colour: str = "#444444"
    emblem: str | None = None

    def name(self, lang: str) -> str:
        return self.names[lang]


@dataclass(frozen=True)
class Card:
    """One distinct card face: its kind, its count per set, its texts and its game attributes."""

    id: str
    kind: str
    count: int
    names: Mapping[str, str]
    texts: Mapping[str, str] = field(default_factory=_empty)
    attrs: Mapping[str, object] = field(default_factory=_empty)
    effects: tuple[Effect, ...] = ()
    art: Path | None = None
    source: Source | None = field(default=None, compare=False)

    def name(self, lang: str) -> str:
        return self.names[lang]

    def text(self, lang: str) -> str:
        return self.texts.get(lang, "")

    def get(self, attr: str, default: object = None) -> object:
        return self.attrs.get(attr, default)

    @property
    def is_spell(self) -> bool:
        return bool(self.effects)


@dataclass(frozen=True)
class PlayerRange:
    """The player counts a deck serves, and how many sets it takes for a given count.

    With `per_set` K, one set serves up to K players and each further K players add a set; without it the
    deck is fixed and serves `low`..`high` players with one set.
    """

    low: int
    high: int
    per_set: int | None = None
    default: int | None = None
    source: Source | None = field(default=None, compare=False)  # where `players` was written

    def sets_for(self, players: int) -> int:
        if not self.low <= players <= self.high:
            serves = (f"{counted(self.low, 'player')} only" if self.low == self.high
                      else f"{self.low} to {self.high} players")
            raise PlayerCountError(f"this deck serves {serves}, not {players}")
        return ceil(players / self.per_set) if self.per_set else 1

    @property
    def default_players(self) -> int:
        """The count a command plays or prints when none is asked: `default`, else one full set, else the most."""
        return self.default or min(self.per_set or self.high, self.high)

    def __iter__(self):
        return iter(range(self.low, self.high + 1))


@dataclass(frozen=True)
class CardSize:
    """A card's trimmed size in millimetres, portrait."""

    name: str
    width_mm: float
    height_mm: float


@dataclass(frozen=True)
class Back:
    """The design shown on every card's back."""

    titles: Mapping[str, str] = field(default_factory=_empty)
    art: Path | None = None
    colour: str | None = None

    def title(self, lang: str) -> str:
        return self.titles.get(lang, "")


@dataclass(frozen=True)
class Deck:
    """A complete deck definition, validated and frozen."""

    id: str
    game: str | None                # None: a homemade deck that names no bundled game
    languages: tuple[str, ...]
    names: Mapping[str, str]
    players: PlayerRange
    card_size: CardSize
    template: str
    back: Back
    cards: tuple[Card, ...]
    suits: tuple[Suit, ...] = ()
    descriptions: Mapping[str, str] = field(default_factory=_empty)
    rules: Mapping[str, str] = field(default_factory=_empty)   # the deck's own rules text per language (Markdown)
    described: object = None   # its rules described as data: a `deckforge.rules.model.RulesModel`, else None
    fonts: Mapping[str, Path] = field(default_factory=_empty)  # its own fonts by role: "title", "body"
    icons: Mapping[str, Path] = field(default_factory=_empty)  # `:name:` in its texts -> icons/name.svg or .png
    path: Path | None = field(default=None, compare=False)
    sources: tuple[Path, ...] = field(default=(), compare=False)  # other files read: decks it extends, spreadsheet

    @property
    def folder(self) -> Path | None:
        return self.path.parent if self.path else None

    def name(self, lang: str) -> str:
        return self.names[lang]

    def player_count(self, players: int | None = None) -> int:
        """Return the requested player count, checked against the deck's range, or the deck's default."""
        n = players or self.players.default_players
        try:
            self.players.sets_for(n)
        except PlayerCountError as exc:
            raise PlayerCountError(f"deck '{self.id}': {exc}") from None
        return n

    def language(self, lang: str | None = None) -> str:
        """Return the requested language if the deck declares it, else (given none) the deck's first language."""
        if lang is None:
            return self.languages[0]
        if lang not in self.languages:
            raise DeckforgeError(f"deck '{self.id}' has no '{lang}' texts; it declares: {', '.join(self.languages)}")
        return lang

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def suit(self, suit_id: str) -> Suit:
        for suit in self.suits:
            if suit.id == suit_id:
                return suit
        raise KeyError(suit_id)

    def counts_for(self, players: int) -> tuple[tuple[Card, int], ...]:
        """Return each distinct card with its number of copies for this many players."""
        sets = self.players.sets_for(players)
        return tuple((card, card.count * sets) for card in self.cards)

    def for_players(self, players: int) -> tuple[Card, ...]:
        """Return the physical cards for this many players, one entry per copy, in definition order."""
        return tuple(card for card, count in self.counts_for(players) for _ in range(count))

    def total_for(self, players: int) -> int:
        return sum(count for _, count in self.counts_for(players))

    @property
    def set_size(self) -> int:
        return sum(card.count for card in self.cards)
