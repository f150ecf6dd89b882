"""The play of a rules description: conditions on cards, the moves of a turn, the automatic rules, the options
of the tricks and reveal styles, and card effects. Re-exported by model.py, which documents the whole model."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from ..model import Source
from .model_cards import Where


# -- the play: conditions, moves, automatic rules -------------------------------------------------------------------

@dataclass(frozen=True)
class Condition:
    """`if` of a `play` move: which cards of the `from` zone may go to the `to` zone.

    Tests, all of which must hold: `match` (the card shares at least one of these attributes with the top card of
    the `to` zone; the suit named by `name_suit` stands for the top's suit; an empty zone matches everything),
    `card` (the card passes this filter), `higher` / `lower` (the card's rank, in the `ranks` order, is above / below
    the top card's), `beats` (a beats-table on one attribute: the card's value must beat the top's, as in
    rock-paper-scissors). `wild`: a card passing this filter may be played whatever the tests say; alone, only
    such cards may. No test at all: any card (`if: any`, the default).
    """

    match: tuple[str, ...] = ()
    card: Where | None = None
    higher: bool = False
    lower: bool = False
    beats: "Beats | None" = None
    wild: Where | None = None

    @property
    def has_tests(self) -> bool:
        return bool(self.match or self.card or self.higher or self.lower or self.beats)


@dataclass(frozen=True)
class Beats:
    """A beats-table: `table[value]` lists the values of `attr` that `value` beats."""

    attr: str
    table: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class EffectStep:
    """One effect, in the spell vocabulary (docs/spells.md) plus `name_suit` and `name`: `name`, `target`, `amount`
    (the effect's count or turns, 1 when it has none), `attr` (the attribute whose value `name` names; `name_suit`
    names a `suit`). `answer` (draw and skip on the next seat): the effect waits for the next seat to move, which
    may pass it on by laying a card passing this filter, or else takes it as its whole turn (draws the cards, or
    misses the turn); waiting draws add up their counts."""

    name: str
    target: str = "next"
    amount: int = 1
    attr: str = ""
    answer: Where | None = None

    @property
    def names_value(self) -> bool:
        """Return whether the effect lets its player name a value (name_suit, name)."""
        return self.name in ("name_suit", "name")


@dataclass(frozen=True)
class PlayMove:
    """`play`: lay one card from the seat's `source` zone onto `to` if `cond` allows it, then apply `then`
    (effects). A card legal under several `play` moves is played under the first one listed."""

    source: str = "hand"
    to: str = "pile"
    cond: Condition = Condition()
    then: tuple[EffectStep, ...] = ()
    at: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class DrawMove:
    """`draw`: take `count` cards from `source` (a face-down zone: each card is chance) into the hand.

    `then`: "end" (the turn is over) or "continue" (the same seat moves again, and may play what it drew); `when`:
    "always", "no_play" (only when no card can be played) or "no_other" (only when nothing else is legal);
    `refill`: when `source` is empty, the pile but its top card is shuffled into it first (True), or turned over
    unshuffled, the oldest card on top, so that its order is known ("unshuffled"; draw effects refill alike)."""

    source: str = "stock"
    count: int = 1
    then: str = "end"
    when: str = "always"
    refill: bool | str = True
    at: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class AskMove:
    """`ask` (Go Fish): ask the seat `target` ("opponent": any other seat holding cards, the asker's choice; or
    "next"/"left", "previous"/"right") for every card of a value of `attr` that the asker holds itself.

    `hit`: "take_all" (the asked seat gives all of them) or "take_one". `miss_draw`: cards the asker draws from the
    stock when the asked seat has none ("go fish"). `again`: "hit" (a successful ask gives another turn), "never".
    """

    attr: str = "rank"
    target: str = "opponent"
    hit: str = "take_all"
    miss_draw: int = 1
    again: str = "hit"
    when: str = "always"
    at: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class TakeMove:
    """`take` (Old Maid): take one card from the hand of `target` ("left"/"next", "right"/"previous", "chosen"),
    passing over seats with empty hands; `random`: a card drawn blind (a chance node) rather than chosen."""

    target: str = "left"
    random: bool = True
    when: str = "always"
    at: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class HitMove:
    """`hit` (press your luck): draw one card from `source` face up onto the seat's `to` zone."""

    source: str = "stock"
    to: str = "table"
    when: str = "always"
    at: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class StandMove:
    """`stand`: stop for this round; a seat that stood takes no more turns until the next round."""

    when: str = "always"
    at: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class PassMove:
    """`pass`: do nothing this turn; by default (`when: no_other`) only when nothing else is legal."""

    when: str = "no_other"
    at: Source | None = field(default=None, compare=False)


Move = Union[PlayMove, DrawMove, AskMove, TakeMove, HitMove, StandMove, PassMove]


@dataclass(frozen=True)
class Sets:
    """`sets` (automatic): whenever a seat's `source` zone holds `size` cards with the same `same` attribute, they
    go to its `to` zone at once (Old Maid pairs: size 2; Go Fish books: size 4). With `run`, the cards share `same`
    (a suit) and follow one another in the order of `ranks` instead (a run of three: 4, 5, 6 of hearts). Each
    counts for `per_set`."""

    size: int = 2
    same: str = "rank"
    source: str = "hand"
    to: str = "won"
    at: Source | None = field(default=None, compare=False)
    run: bool = False


@dataclass(frozen=True)
class Bust:
    """`bust` (automatic): a seat whose `zone` adds up (`sum`: "value") to more than `over` is bust: it takes no
    more turns this round, and a `sum` score gives it `bust` points. `soft`: cards that count `soft_value` instead
    when their full value would bust (an ace as 1 rather than 11)."""

    over: int = 21
    sum: str = "value"
    zone: str = "table"
    soft: Where | None = None
    soft_value: int = 1
    at: Source | None = field(default=None, compare=False)


AlwaysRule = Union[Sets, Bust]


@dataclass(frozen=True)
class Tricks:
    """Options of the `tricks` style. `follow`: "suit" (a seat must play the led suit if it can) or "any".
    `lead_locked`: cards that may not be led until one was played to an earlier trick (hearts "broken"), unless the
    leader holds nothing else. `first_lead`: the seat holding this card leads the round's first trick, with it.
    `wild`: cards that may be played whatever the suit led. `beats_all`: cards above every other; the first one
    played takes the trick, and led it leaves no suit to follow. `loses_all`: cards below every other (a trick of
    nothing else goes to the first); led, the next card sets the suit to follow."""

    follow: str = "suit"
    attr: str = "suit"
    lead_locked: Where | None = None
    first_lead: Where | None = None
    wild: Where | None = None
    beats_all: Where | None = None
    loses_all: Where | None = None


@dataclass(frozen=True)
class Reveal:
    """Options of the `reveal` style: each round of reveals turns up `prize_count` cards from `prize_from` into the
    middle (none when `prize_from` is None), then every seat picks a card from its hand in secret; all are shown
    together. `winner`: "highest" or "lowest" by `by` ("rank": the `ranks` order, "value": card values). `tie`:
    "discard" (the prize is lost), "carry" (it stays for the next reveal), "split" (nobody takes it; every tied seat
    scores it). The winner takes the prize and the revealed cards go to `revealed_to` ("pile", or "won" of the
    winner)."""

    prize_from: str | None = None
    prize_count: int = 1
    winner: str = "highest"
    by: str = "rank"
    tie: str = "discard"
    revealed_to: str = "pile"


@dataclass(frozen=True)
class Play:
    """`play`: the round's play in one `style`. `moves` are the choices of a turn (turns style; tricks and reveal
    play one card a turn and need none); `always` the automatic rules checked after every move."""

    style: str = "turns"
    moves: tuple[Move, ...] = ()
    always: tuple[AlwaysRule, ...] = ()
    tricks: Tricks | None = None
    reveal: Reveal | None = None


@dataclass(frozen=True)
class CardEffect:
    """`effects` entry: when a card matching `when` is played, apply `do` in order (a card's own `effects:` in the
    deck file also apply, after these)."""

    when: Where
    do: tuple[EffectStep, ...]
    at: Source | None = field(default=None, compare=False)
