"""A game's rules as data: the frozen objects `parse.py` builds from a deck's `rules:` mapping.

Three readers share them and none re-states a rule: the interpreter (engine.py) plays them, validate checks them and
the rulebook (describe.py) writes sentences from them. Every field is a closed vocabulary (a named condition, a
named scoring item), documented in docs/rules-format.md under the same key; a value named here in a comment is the
word the deck file writes. Card filters (`Where`) compare attribute values as text ("8" and 8 are the same rank).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Union

from ..model import Source
from .model_cards import (ANY_CARD, BUILTIN_ZONES, ROUND_ENDS, SEAT_CHOICES, SPELL_WORDS, STYLES, WHENS,
                          WINNERS, Count, Where, Zone, _empty)
from .model_play import (AlwaysRule, AskMove, Beats, Bust, CardEffect, Condition, DrawMove,
                         EffectStep, HitMove, Move, PassMove, Play, PlayMove, Reveal, Sets, StandMove, TakeMove, Tricks)

__all__ = ["ANY_CARD", "AlwaysRule", "AskMove", "AttributeNames", "BUILTIN_ZONES", "Beats", "Bid", "BidScore",
           "Bust", "CardEffect", "Condition", "Count", "Deal", "DrawMove", "EffectStep", "End", "HitMove", "Move",
           "MoveCards", "OutBonus", "PassMove", "PerCard", "PerSet", "PerTrick", "Play", "PlayMove", "ROUND_ENDS",
           "Reveal", "RulesModel", "SEAT_CHOICES", "SPELL_WORDS", "STYLES", "ScoreItem", "Sets", "SetupStep",
           "ShootTheMoon", "StandMove", "SumScore", "TakeMove", "Tricks", "Trump", "TurnUp", "Values", "WHENS",
           "WINNERS", "Where", "Winner", "Zone"]


# -- words: how the rulebook names the deck's own attributes ----------------------------------------------------------

@dataclass(frozen=True)
class AttributeNames:
    """How the rulebook names a card attribute of the deck's own (`colour`) and its values, per language
    (`rules.attributes`); where a language has none, the rulebook says the key and the cards' names."""

    name: Mapping[str, str] = field(default_factory=_empty)                 # language → "barva"
    values: Mapping[str, Mapping[str, str]] = field(default_factory=_empty)  # value → language → "červená"


# -- set-up: one round's steps, in order ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Deal:
    """`deal`: give each seat `count` cards from `source` (one at a time, clockwise from the dealer's left).

    `where` limits the cards dealt; `by` (an attribute) deals instead every card of one value to each seat, the first
    value to the first seat (GOPS: `by: suit`, a whole suit each); `count` is then ignored.
    """

    to: str = "hand"
    count: Count = Count(None)
    where: Where = ANY_CARD
    by: str | None = None
    source: str = "stock"
    at: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class MoveCards:
    """`move`: put every card matching `where` from `source` into the shared zone `to` (no chance: all of them)."""

    where: Where
    to: str
    source: str = "stock"
    at: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class TurnUp:
    """`turn_up`: turn `count` cards from the stock face up onto the shared zone `to` (the start of the pile).
    `acts`: the top card turned up acts on the first player as if the dealer had just laid it (its `effects`; no
    suit is named: the card's own suit stands)."""

    to: str = "pile"
    count: int = 1
    acts: bool = False
    at: Source | None = field(default=None, compare=False)


SetupStep = Union[Deal, MoveCards, TurnUp]


# -- bidding, trump ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Bid:
    """`bid`: before play each round, every seat bids once in turn order (from the dealer's left) a number of tricks
    from `low` to `high` (`max: hand`, stored as None: the cards in hand). `not_total`: the last bidder may not
    make the bids add up to the cards in hand (the "hook" of some trick games)."""

    low: int = 0
    high: int | None = None
    not_total: bool = False


@dataclass(frozen=True)
class Trump:
    """`trump`: "none", "turn_up" (the suit of the stock's top card, turned up after the deal) or "suit" (`suit`,
    a fixed suit id). `attr` is the card attribute that holds the suit.

    Options of "turn_up": a card turned up that matches `dealer_chooses` lets the dealer choose the trump suit; one
    that matches `no_trump` (or has no suit) means no trump; `stock_empty` says what happens when the deal took
    every card: "last_dealt" (the last card dealt, the dealer's own, is shown for trump) or "none" (no trump)."""

    kind: str = "none"
    suit: str | None = None
    attr: str = "suit"
    dealer_chooses: Where | None = None
    no_trump: Where | None = None
    stock_empty: str = "last_dealt"


# -- scoring, the end, the winner -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class PerCard:
    """`per_card`: each card matching `where` in the seat's `zone` at the round's end scores `points` (an int), or
    its value when `by_value`."""

    zone: str = "won"
    where: Where = ANY_CARD
    points: int = 1
    by_value: bool = False


@dataclass(frozen=True)
class PerTrick:
    """`per_trick`: each trick the seat took scores `points`."""

    points: int = 1


@dataclass(frozen=True)
class PerSet:
    """`per_set`: each set (`always: sets`) the seat laid scores `points`."""

    points: int = 1


@dataclass(frozen=True)
class BidScore:
    """`bid`: a bid is made when the tricks taken equal it (`exact`) or reach it. Made: `made_base` +
    `made_per_bid` x bid + `made_per_extra` x tricks over the bid. Missed: `missed_base` + `missed_per_bid` x bid +
    `missed_per_off` x tricks off the bid (negative numbers are penalties). With teams, partners' bids add up."""

    exact: bool = False
    made_base: int = 0
    made_per_bid: int = 10
    made_per_extra: int = 1
    missed_base: int = 0
    missed_per_bid: int = -10
    missed_per_off: int = 0


@dataclass(frozen=True)
class SumScore:
    """`sum`: the seat scores the sum of the values of its `zone` (`of`: "value"); a bust seat scores `bust`."""

    zone: str = "table"
    of: str = "value"
    bust: int = 0


@dataclass(frozen=True)
class ShootTheMoon:
    """`shoot_the_moon`: a seat whose `per_card` items scored every point there was scores `own` (0) and every other
    seat `others` (the points there were, when None)."""

    own: int = 0
    others: int | None = None


@dataclass(frozen=True)
class OutBonus:
    """`first_out`: the first seat to empty its hand in a round scores `points`."""

    points: int = 1


ScoreItem = Union[PerCard, PerTrick, PerSet, BidScore, SumScore, ShootTheMoon, OutBonus]


@dataclass(frozen=True)
class End:
    """`end`: `round` is one of ROUND_ENDS (checked after every move; a round where no seat can move ends too).
    The game ends after `rounds` rounds (None: no limit), or at a round's end when a seat's total reaches `score`
    (None: no target), whichever comes first; or with `by_deck` after (cards / players) rounds, the deal growing
    by one each round. `blocked`: what a full round of passes means: "score" (the round ends and is scored) or
    "stalemate" (the game ends undecided)."""

    round: str = "hands_empty"
    rounds: int | None = 1
    score: int | None = None
    by_deck: bool = False
    blocked: str = "score"
    next_game: str = "next_dealer"   # who starts the next game of a series: "next_dealer" (the deal passes on) or "winner"

    @property
    def single_round(self) -> bool:
        """Whether a game is one round and no more (the rulebook then says nothing of later rounds' deals)."""
        return self.rounds == 1 and not self.by_deck and not self.score


@dataclass(frozen=True)
class Winner:
    """`winner`: "highest_score", "lowest_score", "first_out" (places in the order seats emptied their hands) or
    "not_last_holding" (the seat left holding cards, or holding a card matching `loser_holds`, loses)."""

    kind: str = "highest_score"
    loser_holds: Where | None = None


@dataclass(frozen=True)
class Values:
    """`values`: a card's number for sums and `by_value` scores. The card's `attr` value is looked up in `table`;
    otherwise `default`: "rank" (the value itself when it is a number, else its place in `ranks` from 1) or a fixed
    int."""

    attr: str = "rank"
    table: Mapping[str, int] = field(default_factory=_empty)
    default: str | int = "rank"


@dataclass(frozen=True)
class RulesModel:
    """A deck's rules described as data (the deck file's `rules:` mapping), every default filled in.

    `ranks`: the order of the `rank_attr` attribute, low to high (empty: the order the deck lists its cards).
    `zones`: the built-ins and the deck's own, by id. `teams`: "none" or "partners" (seats 0 and 2 against 1 and 3).
    `min_players`: the fewest players the game is played by (1 when the description names none: a patience).
    `notes`: text for the rulebook that is not a rule (flavour, tips), per language. `attributes`: the names the
    rulebook gives the deck's own attributes and their values. `source`: where `rules:` is.
    """

    play: Play
    ranks: tuple[str, ...] = ()
    rank_attr: str = "rank"
    values: Values = Values()
    teams: str = "none"
    min_players: int = 1
    zones: Mapping[str, Zone] = field(default_factory=_empty)
    setup: tuple[SetupStep, ...] = ()
    bid: Bid | None = None
    trump: Trump = Trump()
    effects: tuple[CardEffect, ...] = ()
    score: tuple[ScoreItem, ...] = ()
    end: End = End()
    winner: Winner = Winner()
    notes: Mapping[str, str] = field(default_factory=_empty)
    attributes: Mapping[str, AttributeNames] = field(default_factory=_empty)
    source: Source | None = field(default=None, compare=False)

    def zone(self, zone_id: str) -> Zone:
        return self.zones[zone_id]

    @property
    def style(self) -> str:
        return self.play.style
