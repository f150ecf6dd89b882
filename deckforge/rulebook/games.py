"""What the rulebook needs to know about each game to arrange a deck's cards: groups, labels and the deal.

This is data about presentation, not rules: which cards share a row of the component list, what that row is
called, which kinds are plain (no entry in the special-card table), and how many cards the rules deal to each
player (the prose states the same numbers through the context, so the two cannot drift apart).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import BuildError
from ..model import Card, Deck
from .i18n import translations


def N_(message: str) -> str:
    """Mark a string for the gettext catalog; the template translates it when it prints it."""
    return message


ITEM_LABELS = {"rock": N_("rock"), "paper": N_("paper"), "scissors": N_("scissors")}
SIDE_LABELS = {"arrows": N_("Rapid Arrows"), "brotherhood": N_("Brotherhood of the Cat’s Paw"), "ally": N_("ally")}


@dataclass(frozen=True)
class Deal:
    """How many cards each player gets at the start, and how many are turned up to start the game."""

    hand: int = 0           # cards dealt to each player before play (0: by round, as in Wizard)
    turned_up: int = 0      # cards turned face up from the stock after the deal
    by_round: bool = False  # round r deals r cards each; the deck size fixes the number of rounds


@dataclass(frozen=True)
class GameBook:
    """How one game's cards are grouped and labelled in the rulebook."""

    group_key: Callable[[Card], object]
    group_label: Callable[[Deck, list[Card], str], str]
    group_detail: Callable[[Deck, list[Card], str], str]
    plain_kinds: frozenset[str]
    deal: Deal
    special_detail: str | None = None  # heading of the special-card table's detail column, if it has one


def _same_name_or(fallback: Callable[[Deck, list[Card], str], str]):
    """Label a group by its cards' common name, or by `fallback` when the names differ."""
    def label(deck: Deck, cards: list[Card], lang: str) -> str:
        names = {card.name(lang) for card in cards}
        return names.pop() if len(names) == 1 else fallback(deck, cards, lang)
    return label


def _suit_names(deck: Deck, cards: list[Card], attr: str, lang: str) -> list[str]:
    """Return the distinct suit names of the cards, in the deck's suit order."""
    ids = {card.get(attr) for card in cards}
    return [suit.name(lang) for suit in deck.suits if suit.id in ids]


def _rank_span(cards: list[Card]) -> str:
    ranks = sorted(int(card.get("rank")) for card in cards)
    return str(ranks[0]) if len(ranks) == 1 else f"{ranks[0]}–{ranks[-1]}"


def _kamen_item(deck: Deck, cards: list[Card], lang: str) -> str:
    """Name the item a spell is bound to (RULES.md: a spell counts as its item)."""
    if cards[0].kind != "spell":
        return ""
    return translations(lang).gettext(ITEM_LABELS[cards[0].get("item")])


def _character(deck: Deck, cards: list[Card], lang: str) -> str:
    """Give a character's place in the row and its side, e.g. "no. 4, Brotherhood of the Cat's Paw"."""
    card = cards[0]
    if card.kind != "character":
        return ""
    _ = translations(lang).gettext
    return _("no. %(number)d, %(side)s") % {"number": card.get("number"), "side": _(SIDE_LABELS[card.get("side")])}


GAME_BOOKS: dict[str, GameBook] = {
    "kamen-nuzky-papir": GameBook(
        group_key=lambda card: card.id,
        group_label=_same_name_or(lambda deck, cards, lang: cards[0].name(lang)),
        group_detail=_kamen_item,
        plain_kinds=frozenset({"item"}),
        deal=Deal(hand=4, turned_up=1),   # RULES.md: deal 4 each, turn one card up
        special_detail=N_("Counts as"),
    ),
    "wizard": GameBook(
        group_key=lambda card: (card.kind, card.get("suit")),
        group_label=_same_name_or(lambda deck, cards, lang: deck.suit(cards[0].get("suit")).name(lang)),
        group_detail=lambda deck, cards, lang: _rank_span(cards) if cards[0].kind == "number" else "",
        plain_kinds=frozenset({"number"}),
        deal=Deal(by_round=True),          # RULES.md: round r deals r cards each
    ),
    "rychle-sipy": GameBook(
        group_key=lambda card: (card.kind, card.get("number")),
        group_label=_same_name_or(lambda deck, cards, lang: cards[0].name(lang)),
        group_detail=_character,
        plain_kinds=frozenset(),
        deal=Deal(hand=4),                 # RULES.md: deal 4 each, no card turned up
    ),
    "dymock": GameBook(
        group_key=lambda card: (card.kind, card.get("rank")),
        group_label=_same_name_or(lambda deck, cards, lang: str(cards[0].get("rank"))),
        group_detail=lambda deck, cards, lang: ", ".join(_suit_names(deck, cards, "suit", lang)),
        plain_kinds=frozenset(),
        deal=Deal(hand=9),                 # RULES.md: three face down, three face up, three in the hand
    ),
}


def game_book(deck: Deck) -> GameBook:
    """Return the rulebook's description of the deck's game."""
    try:
        return GAME_BOOKS[deck.game]
    except KeyError:
        raise BuildError(f"deck '{deck.id}': no rulebook exists for the game '{deck.game}' "
                         f"(one of: {', '.join(GAME_BOOKS)})") from None
