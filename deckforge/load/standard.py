"""Built-in standard decks: `cards: {standard: french-52}` instead of 52 rows of playing cards.

A standard deck yields cards with the attributes `suit` and `rank`, ids such as `spades-a`, names as players
say them in every language deckforge has a catalog for ("Pikové eso", "Ace of Spades", "Pik-Ass";
deckforge/load/standard_names.py), and its `suits:` (with colours and the emblem the card template draws).
`without:` leaves cards out (Old Maid plays without one queen), `jokers: N` adds N jokers.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from .. import i18n
from ..model import Card, Source, Suit
from .check import Checker, nearest, type_name
from .standard_names import FRENCH_CARD_NAMES, GERMAN_CARD_NAMES, JOKER_NAME, SUIT_NAMES, say
from .yamlread import value_place

STANDARD_KEYS = ("standard", "without", "jokers")
MAX_JOKERS = 8
RED, BLACK = "#c0392b", "#222222"   # 5.4:1 and 15:1 against the cream card


@dataclass(frozen=True)
class StandardDeck:
    """One standard deck: its suits with their colours, its ranks (low to high), the names of its cards by suit
    in rank order (deckforge/load/standard_names.py) and the card template that prints it."""

    suits: dict[str, str]                         # suit id -> colour
    ranks: tuple[str, ...]
    names: dict[str, tuple[tuple[str, str], ...]]  # suit id -> marked card names, one per rank
    template: str


FRENCH_SUITS = {"spades": BLACK, "hearts": RED, "diamonds": RED, "clubs": BLACK}
FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# The Czech mariáš deck, as the bundled Prší deck names it (its ranks are Prší's, so a Prší deck can use it).
GERMAN_SUITS = {"srdce": RED, "listy": "#2e7d32", "kule": "#a86a0b", "zaludy": "#7a4a1d"}
GERMAN_RANKS = ("7", "8", "9", "10", "spodek", "svrsek", "kral", "eso")
STANDARD_DECKS = {
    "french-52": StandardDeck(FRENCH_SUITS, FRENCH_RANKS, FRENCH_CARD_NAMES, "standard"),
    "french-32": StandardDeck(FRENCH_SUITS, FRENCH_RANKS[5:],
                              {suit: names[5:] for suit, names in FRENCH_CARD_NAMES.items()}, "standard"),
    "german-32": StandardDeck(GERMAN_SUITS, GERMAN_RANKS, GERMAN_CARD_NAMES, "german"),
}


def is_standard(value: object) -> bool:
    """Tell whether a deck's `cards` value asks for a standard deck."""
    return isinstance(value, dict) and "standard" in value


def card_id(suit: str, rank: str) -> str:
    return f"{suit}-{rank.lower()}"


@dataclass(frozen=True)
class StandardCards:
    """What a `cards: {standard: ...}` entry gives a deck: its cards, suits and default card template."""

    cards: tuple[Card, ...]
    suits: tuple[Suit, ...]
    template: str


def read_standard(c: Checker, data: dict, languages: tuple[str, ...], suit_ids: list[str]) -> StandardCards | None:
    """Read `cards: {standard: NAME, without: [...], jokers: N}`; report every problem with its place.

    `suit_ids` are the suits the deck declares itself (empty: the standard deck's own suits apply).
    """
    spec = c.mapping(data, "cards", "cards", allowed=STANDARD_KEYS, required=("standard",))
    if spec is None or "standard" not in spec:
        return None
    name = c.choice(spec, "standard", "cards.standard", STANDARD_DECKS)
    jokers = c.integer(spec, "jokers", "cards.jokers", 0, MAX_JOKERS) if "jokers" in spec else 0
    spoken = i18n.available_languages()
    missing = [lang for lang in languages if lang not in spoken]
    if missing:
        c.error(data, "cards", "cards", f"the standard decks name their cards in {', '.join(spoken)}, not "
                                        f"'{missing[0]}'; list the cards yourself to write them in '{missing[0]}'")
    if name is None or jokers is None or missing:
        return None
    standard = STANDARD_DECKS[name]
    source = Source(c.file, *value_place(data, "cards"))
    cards = [_card(suit, rank, said, languages, source) for suit, names in standard.names.items()
             for rank, said in zip(standard.ranks, names, strict=True)]
    cards += [_joker(jokers, languages, source)] if jokers else []
    if "without" in spec:
        cards = _without(c, spec, cards)
    undeclared = [suit for suit in standard.suits if suit_ids and suit not in suit_ids]
    if undeclared:
        c.error(data, "suits", "suits", f"the standard deck '{name}' needs the suit '{undeclared[0]}': declare "
                                        f"{', '.join(standard.suits)}, or leave out 'suits' to use "
                                        "its own", at_key=True)
    if cards is None or undeclared:
        return None
    suits = tuple(_suit(suit, colour, languages) for suit, colour in standard.suits.items())
    return StandardCards(tuple(cards), suits, standard.template)


def _card(suit: str, rank: str, name: tuple[str, str], languages: tuple[str, ...], source: Source) -> Card:
    names = {lang: say(name, lang) for lang in languages}
    return Card(id=card_id(suit, rank), kind="card", count=1, names=MappingProxyType(names),
                attrs=MappingProxyType({"suit": suit, "rank": rank}), source=source)


def _joker(count: int, languages: tuple[str, ...], source: Source) -> Card:
    names = {lang: say(JOKER_NAME, lang) for lang in languages}
    return Card(id="joker", kind="joker", count=count, names=MappingProxyType(names), source=source)


def _suit(suit: str, colour: str, languages: tuple[str, ...]) -> Suit:
    names = MappingProxyType({lang: say(SUIT_NAMES[suit], lang) for lang in languages})
    return Suit(suit, names, colour, suit)


def _without(c: Checker, spec: dict, cards: list[Card]) -> list[Card] | None:
    """Leave out the cards `without` names: card ids, or mappings of attributes (`{rank: "2"}`: every two)."""
    items = c.sequence(spec, "without", "cards.without")
    if items is None:
        return None
    ids = [card.id for card in cards]
    left_out: set[str] = set()
    for i, item in enumerate(items):
        path = f"cards.without[{i}]"
        if isinstance(item, str) and item in ids:
            left_out.add(item)
        elif isinstance(item, str):
            c.error(items, i, path, f"no card '{item}' in the standard deck{nearest(item, ids)} (ids such as "
                                    "spades-a, hearts-10, clubs-q)")
        elif isinstance(item, dict) and item and set(item) <= {"suit", "rank"}:
            matched = [card.id for card in cards if _matches(card, item)]
            if not matched:
                c.error(items, i, path, f"no card of the standard deck has {_shown(item)}")
            left_out.update(matched)
        else:
            c.error(items, i, path, f"expected a card id (clubs-q) or a mapping of suit and/or rank "
                                    f"({{rank: \"2\"}}), found {type_name(item)}")
    kept = [card for card in cards if card.id not in left_out]
    if not kept:
        c.error(spec, "without", "cards.without", "leaves out every card; keep at least one")
        return None
    return kept


def _matches(card: Card, where: dict) -> bool:
    for attr, wanted in where.items():
        values = wanted if isinstance(wanted, list) else [wanted]
        if str(card.get(attr)) not in [str(v) for v in values]:
            return False
    return True


def _shown(where: dict) -> str:
    return ", ".join(f"{attr} {value!r}" for attr, value in where.items())
