"""The rulebook of a deck whose `rules:` is a description (deckforge/rules/): its card groups, its deal for the
title page and the tables, and its sections, all read from the parsed description.

The sentences themselves are written by deckforge/rules/describe.py; this module only fits them into the rulebook
(render.py, context.py) and the pictures (pictures.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..games.spec import Deal
from ..model import Card, Deck
from ..rules.wording import Words
from .games import GameBook, same_name_or

DESCRIBED_TEMPLATE = "described.html"


def described_rules(deck: Deck):
    """Return the deck's parsed rules description (deckforge.rules.model.RulesModel), or None."""
    return deck.described


def _suit_ids(deck: Deck) -> set[str]:
    return {suit.id for suit in deck.suits}


def _rank_order(deck: Deck) -> tuple[str, ...]:
    rules = described_rules(deck)
    if rules is not None and rules.ranks:
        return rules.ranks
    return tuple(dict.fromkeys(str(card.get("rank")) for card in deck.cards if card.get("rank") is not None))


def _group_key(suits: set[str]):
    def key(card: Card) -> str:
        suit = card.get("suit")
        return f"suit:{suit}" if suit in suits else f"card:{card.id}"
    return key


def _label(deck: Deck, cards: list[Card], lang: str) -> str:
    suit = cards[0].get("suit")
    if suit in _suit_ids(deck) and all(card.get("suit") == suit for card in cards) and len(cards) > 1:
        return deck.suit(suit).name(lang)
    return same_name_or(lambda d, c, l: c[0].name(l))(deck, cards, lang)


def _detail(deck: Deck, cards: list[Card], lang: str) -> str:
    """Say the ranks a suit's row holds, runs of numbers shortened: "2–10, J, Q, K, A"."""
    if len(cards) < 2:
        return ""
    order = _rank_order(deck)
    ranks = sorted({str(card.get("rank")) for card in cards if card.get("rank") is not None},
                   key=lambda r: order.index(r) if r in order else len(order))
    # a rank written as a word in the deck file is an id ("svrsek"): say it as the cards' names do ("svršek");
    # numbers and the one- or two-letter symbols of a standard deck (J, Q, K, A) stay as they are printed
    rules = described_rules(deck)
    words = Words(deck, lang, order, attributes=rules.attributes if rules is not None else None)
    return rank_span([rank if rank.isdigit() or len(rank) <= 2 else words.rank_name(rank) for rank in ranks])


def rank_span(ranks: list[str]) -> str:
    """Shorten runs of consecutive numbers in a list of ranks: 2, 3, 4, 5, J -> "2–5, J"."""
    parts, run = [], []
    for rank in [*ranks, None]:
        if rank is not None and rank.isdigit() and (not run or int(rank) == int(run[-1]) + 1):
            run.append(rank)
            continue
        if run:
            parts.append(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(run))
            run = []
        if rank is not None:
            if rank.isdigit():
                run = [rank]
            else:
                parts.append(rank)
    return ", ".join(parts)


def described_book(deck: Deck) -> GameBook:
    """Group a described deck's cards for the component list: by suit where the deck has suits, else per card."""
    return GameBook(group_key=_group_key(_suit_ids(deck)), group_label=_label, group_detail=_detail,
                    plain_kinds=frozenset())


def described_deal(deck: Deck, players: int) -> Deal:
    """Return the deal the title page and the tables show at `players` players: the cards each hand gets (0 when
    the hands differ, as when every card is dealt and they do not share evenly), the cards turned up."""
    from ..rules import model as m

    rules = described_rules(deck)
    turned = sum(step.count for step in rules.setup if isinstance(step, m.TurnUp))
    if any(isinstance(step, m.Deal) and step.count.per_round for step in rules.setup):
        return Deal(by_round=True, turned_up=turned)
    low, high, _ = hand_sizes(deck, players)
    return Deal(hand=low if low == high else 0, turned_up=turned)


def hand_sizes(deck: Deck, players: int) -> tuple[int, int, int]:
    """Play the set-up's steps on the cards for `players` players: return the fewest and the most cards a hand
    gets, and the cards left in the stock."""
    from ..rules import model as m

    stock = {card.id: n for card, n in deck.counts_for(players)}
    hands = [0] * players

    def take(where, count: int | None) -> int:
        taken = 0
        for card_id in stock:
            if where.matches(deck.card(card_id)):
                n = stock[card_id] if count is None else min(stock[card_id], count - taken)
                stock[card_id] -= n
                taken += n
        return taken

    for step in described_rules(deck).setup:
        if isinstance(step, m.MoveCards):
            take(step.where, None)
        elif isinstance(step, m.TurnUp):
            take(m.ANY_CARD, step.count)
        elif isinstance(step, m.Deal) and step.by is not None:
            values = list(dict.fromkeys(str(deck.card(card_id).get(step.by)) for card_id, n in stock.items()
                                        if n and step.where.matches(deck.card(card_id))))
            for seat, value in enumerate(values[:players]):
                got = take(m.Where(((step.by, (value,)),)), None)
                hands[seat] += got if step.to == "hand" else 0
        elif isinstance(step, m.Deal):
            count = step.count.for_players(players)
            dealt = take(step.where, None if count is None else count * players)
            each, extra = divmod(dealt, players)
            if step.to == "hand":
                hands = [h + each + (seat < extra) for seat, h in enumerate(hands)]
    return min(hands), max(hands), sum(stock.values())


def scale_row(deck: Deck, players: int) -> tuple[int | str, int]:
    """Return what the scaling table shows at `players` players: the cards each hand gets ("12–13" when they
    differ) and the cards left to draw."""
    low, high, left = hand_sizes(deck, players)
    return (low if low == high else f"{low}–{high}"), left


def representative(deck: Deck, cards: list[Card]) -> Card:
    """Return the card that stands for a group in the pictures: its highest rank."""
    order = _rank_order(deck)
    return max(cards, key=lambda c: order.index(str(c.get("rank"))) if str(c.get("rank")) in order else -1)


@dataclass(frozen=True)
class WrittenRules:
    """A described deck's rulebook text in one language: the sections describe.py writes, and the maker's notes
    (`rules.notes`, Markdown rendered as safe HTML; empty when the deck has none in this language)."""

    goal: tuple
    setup: tuple
    turn: tuple
    special: tuple
    end: tuple
    glance: tuple
    notes: str
    specials: bool   # cards with a text of their own, listed in the special-card table


def write_rules(deck: Deck, book) -> WrittenRules | None:
    """Write the rules of a described deck for a rulebook context (`book`), or return None for any other deck."""
    rules = described_rules(deck)
    if rules is None:
        return None
    from ..rules.describe import describe
    from .context import rules_html

    text = describe(deck, rules, book.lang, book.players)
    return WrittenRules(goal=text.goal, setup=text.setup, turn=text.turn, special=text.special, end=text.end,
                        glance=text.glance, notes=rules_html(rules.notes.get(book.lang, "")), specials=bool(book.specials))


def described_sections(written: WrittenRules) -> tuple[str, ...]:
    """Return a described deck's sections: special cards only when some card has a power or a text, notes only
    when the deck has notes in the language."""
    special = ("special",) if written.special or written.specials else ()
    notes = ("notes",) if written.notes else ()
    return ("goal", "components", "setup", "turn", *special, "end", *notes)


def group_pictures(deck: Deck, book) -> tuple[tuple[str, str], ...] | None:
    """Return one card per component row (its highest rank, captioned with the row's name) for a described deck
    of more distinct cards than the pictures show one by one; None: picture every card."""
    from .pictures import SMALL_DECK

    if described_rules(deck) is None or len(deck.cards) <= SMALL_DECK:
        return None
    rows = [(row, [deck.card(card_id) for card_id in row.card_ids]) for row in book.components]
    return tuple((representative(deck, cards).id, row.label) for row, cards in rows)
