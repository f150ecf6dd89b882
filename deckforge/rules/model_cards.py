"""The vocabulary every part of a rules description shares: built-in zones, closed word lists, card filters
(`Where`), card counts and zones. Re-exported by model.py, which documents the whole model."""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping


BUILTIN_ZONES = {
    "stock": ("shared", "down"),   # the shuffled stock; every card starts here
    "pile": ("shared", "up"),      # the discard pile; its top is the last card put there
    "hand": ("each", "owner"),
    "table": ("each", "up"),       # cards a seat has in front of it (press your luck: the cards hit)
    "won": ("each", "down"),       # tricks, books and prizes a seat has won
    "middle": ("shared", "up"),    # the trick being played, the cards revealed, the prize at stake
}

STYLES = ("turns", "tricks", "reveal")
ROUND_ENDS = ("hands_empty", "first_out", "last_holding", "all_stood", "sets_complete", "stock_empty", "no_moves")
WINNERS = ("highest_score", "lowest_score", "first_out", "not_last_holding")
WHENS = ("always", "no_play", "no_other")        # when a move other than `play` may be taken
SEAT_CHOICES = ("next", "previous", "left", "right", "chosen", "opponent")  # `left` = `next`, `right` = `previous`
SPELL_WORDS = ("skip", "reverse", "draw", "play_again", "extra_play", "give", "swap_hands", "name_suit", "name")


def _empty() -> Mapping:
    return MappingProxyType({})


def card_value(card, attr: str) -> object:
    """Return a card's value of `attr`; `kind` is the card's kind (number cards beside special ones)."""
    return card.kind if attr == "kind" else card.get(attr)


def card_attrs(cards) -> list[dict[str, object]]:
    """Return, card by card, the attributes a filter may name: each card's own, and `kind` when the cards are of
    several kinds (number cards and special ones)."""
    several = len({card.kind for card in cards}) > 1
    return [{**card.attrs, "kind": card.kind} if several else dict(card.attrs) for card in cards]


@dataclass(frozen=True)
class Where:
    """A filter on cards: each named attribute must have one of the listed values (as text). Empty: every card.

    Written `{suit: hearts}` or `{suit: [spades, hearts], rank: Q}`; `attrs` keeps the deck file's order.
    """

    attrs: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def matches(self, card) -> bool:
        """Return whether a `deckforge.model.Card` passes the filter."""
        return all(str(card_value(card, name)) in values for name, values in self.attrs)

    @property
    def is_any(self) -> bool:
        return not self.attrs


ANY_CARD = Where()


@dataclass(frozen=True)
class Count:
    """A number of cards, which may depend on the number of players.

    `default` None means "all" (every card there is); `by_players` overrides it per player count, e.g.
    `{2: 7, default: 5}`; `per_round` (`count: round`) deals the round's number (1 in round 1, 2 in round 2...).
    """

    default: int | None = 1
    by_players: tuple[tuple[int, int | None], ...] = ()
    per_round: bool = False

    def for_players(self, players: int, round_no: int = 1) -> int | None:
        """Return the count at this many players (None: all), in round `round_no` (1-based)."""
        if self.per_round:
            return round_no
        return dict(self.by_players).get(players, self.default)


@dataclass(frozen=True)
class Zone:
    """A place cards lie: `owner` "shared" or "each" (one per seat), `face` "up", "down" or "owner"."""

    id: str
    owner: str = "shared"
    face: str = "up"
    builtin: bool = False
