"""What a deck file may say: card sizes, each game's card kinds and attributes, and the spell-effect vocabulary.

This is data, read by the loader to validate decks and by the documentation tests to check that every key is
documented. The simulator gives each effect its meaning (see docs/spells.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field

# Named card sizes in millimetres (width, height), portrait.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
}


@dataclass(frozen=True)
class Field:
    """One typed value a deck file may give: an attribute of a card or a parameter of an effect."""

    type: str  # "int", "str", "bool", "choice", "suit", "map"
    required: bool = True
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    default: object = None
    fields: tuple[tuple[str, "Field"], ...] = ()  # for type "map"
    doc: str = ""

    def describe(self) -> str:
        """Return what values are allowed, for error messages."""
        if self.type == "choice":
            return "one of: " + ", ".join(self.choices)
        if self.type == "int":
            return f"a whole number from {self.low} to {self.high}"
        if self.type == "bool":
            return "true or false"
        if self.type == "suit":
            return "the id of a suit declared under 'suits'"
        if self.type == "map":
            return "a mapping with keys: " + ", ".join(k for k, _ in self.fields)
        return "a text"


def _int(low: int, high: int, required: bool = True, default: object = None, doc: str = "") -> Field:
    return Field("int", required=required, low=low, high=high, default=default, doc=doc)


def _choice(*choices: str, required: bool = True, default: object = None, doc: str = "") -> Field:
    return Field("choice", required=required, choices=choices, default=default, doc=doc)


@dataclass(frozen=True)
class GameSchema:
    """The card kinds a game's engine understands and the attributes each kind carries."""

    kinds: dict[str, dict[str, Field]]
    spell_kinds: frozenset[str] = frozenset()
    uses_suits: bool = False
    doc: str = ""


ITEMS = ("rock", "paper", "scissors")
TARGETS = ("next", "previous", "chosen", "others")

GAMES: dict[str, GameSchema] = {
    "kamen-nuzky-papir": GameSchema(
        kinds={
            "item": {"item": _choice(*ITEMS, doc="the item the card shows")},
            "spell": {"item": _choice(*ITEMS, doc="the item the spell is bound to; it is laid as that item")},
            "changer": {},
        },
        spell_kinds=frozenset({"spell"}),
        doc="Kámen, nůžky, papír: shed your hand by laying the item that beats the top of the discard pile.",
    ),
    "wizard": GameSchema(
        kinds={
            "number": {"suit": Field("suit", doc="the card's suit"), "rank": _int(1, 99, doc="1 is lowest")},
            "wizard": {},
            "jester": {},
        },
        uses_suits=True,
        doc="Wizard: bid how many tricks you will take, then take exactly that many.",
    ),
    "rychle-sipy": GameSchema(
        kinds={
            "character": {
                "number": _int(1, 99, doc="the character's place in the row"),
                "colour": Field("suit", doc="the card's colour, a suit id"),
                "side": _choice("arrows", "brotherhood", "ally", doc="whose side the character is on"),
                "bonus": _int(0, 5, required=False, default=0,
                              doc="cards the discarder draws at once from the stock"),
                "penalty": Field("map", required=False, doc="what the next player must do", fields=(
                    ("take", _choice("none", "stock", doc="none: take no card; stock: only from the stock")),
                    ("discard", _int(0, 5, doc="cards the next player must then discard")),
                )),
                "laid_out": Field("bool", required=False, default=False,
                                  doc="never held: laid out in front of the player the moment it is obtained"),
            },
            "prize": {},
        },
        uses_suits=True,
        doc="Záhada hlavolamu a Rychlé šípy: collect the row of characters and win the Ježek v kleci.",
    ),
    "dymock": GameSchema(
        kinds={
            "card": {
                "suit": Field("suit", required=False, doc="the suit (no effect on play); jokers have none"),
                "rank": Field("str", doc="the rank label printed on the card, e.g. 7, J, Joker"),
                "strength": _int(1, 99, required=False, doc="order for beating; needed unless 'special' is set"),
                "special": _choice("reset", "reset-reverse", "burn", required=False,
                                   doc="reset: laid on anything, anything may follow; reset-reverse: the same and "
                                       "the direction reverses; burn: the pile leaves play, its player leads again"),
            },
        },
        uses_suits=True,
        doc="DYMOCK: lay equal or higher ranks; the last player holding cards loses.",
    ),
}


@dataclass(frozen=True)
class EffectSpec:
    """One effect a spell may have, with its parameters."""

    params: dict[str, Field] = field(default_factory=dict)
    doc: str = ""


EFFECTS: dict[str, EffectSpec] = {
    "skip": EffectSpec({
        "target": _choice(*TARGETS, required=False, default="next"),
        "turns": _int(1, 5, required=False, default=1),
    }, "the target misses its next turn(s)"),
    "reverse": EffectSpec({}, "the direction of play reverses"),
    "draw": EffectSpec({
        "target": _choice(*TARGETS, required=False, default="next"),
        "count": _int(1, 10, required=False, default=1),
    }, "the target draws cards from the draw pile"),
    "play_again": EffectSpec({}, "the caster takes another turn at once"),
    "extra_play": EffectSpec({
        "count": _int(1, 3, required=False, default=1),
    }, "the caster may lay up to this many more cards at once, each beating the one below"),
    "give": EffectSpec({
        "target": _choice("next", "previous", "chosen", required=False, default="next"),
        "count": _int(1, 5, required=False, default=1),
    }, "the caster gives cards of their choice to the target"),
    "swap_hands": EffectSpec({
        "target": _choice("next", "previous", "chosen", required=False, default="chosen"),
    }, "the caster swaps hands with the target"),
}
