"""What a deck file may say: card sizes, the shape of a game's card schema, and the spell-effect vocabulary.

Each game declares its own card kinds and attributes (a `GameSchema`) in its folder under deckforge/games/.
This is data, read by the loader to validate decks and by the documentation tests to check that every key is
documented. The simulator gives each effect its meaning (see docs/spells.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field

# Named card sizes in millimetres (width, height), portrait.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "us-poker": (63.5, 88.9),   # 2.5 × 3.5 in, what US print services call poker size
    "bridge": (57.15, 88.9),    # 2.25 × 3.5 in
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "square": (70.0, 70.0),
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


def integer(low: int, high: int, required: bool = True, default: object = None, doc: str = "") -> Field:
    return Field("int", required=required, low=low, high=high, default=default, doc=doc)


def choice(*choices: str, required: bool = True, default: object = None, doc: str = "") -> Field:
    return Field("choice", required=required, choices=choices, default=default, doc=doc)


@dataclass(frozen=True)
class GameSchema:
    """The card kinds a game's engine understands and the attributes each kind carries."""

    kinds: dict[str, dict[str, Field]]
    spell_kinds: frozenset[str] = frozenset()
    uses_suits: bool = False
    doc: str = ""


TARGETS = ("next", "previous", "chosen", "others")


@dataclass(frozen=True)
class EffectSpec:
    """One effect a spell may have, with its parameters."""

    params: dict[str, Field] = field(default_factory=dict)
    doc: str = ""


EFFECTS: dict[str, EffectSpec] = {
    "skip": EffectSpec({
        "target": choice(*TARGETS, required=False, default="next"),
        "turns": integer(1, 5, required=False, default=1),
    }, "the target misses its next turn(s)"),
    "reverse": EffectSpec({}, "the direction of play reverses"),
    "draw": EffectSpec({
        "target": choice(*TARGETS, required=False, default="next"),
        "count": integer(1, 10, required=False, default=1),
    }, "the target draws cards from the draw pile"),
    "play_again": EffectSpec({}, "the caster takes another turn at once"),
    "extra_play": EffectSpec({
        "count": integer(1, 3, required=False, default=1),
    }, "the caster may lay up to this many more cards at once, each beating the one below"),
    "give": EffectSpec({
        "target": choice("next", "previous", "chosen", required=False, default="next"),
        "count": integer(1, 5, required=False, default=1),
    }, "the caster gives cards of their choice to the target"),
    "swap_hands": EffectSpec({
        "target": choice("next", "previous", "chosen", required=False, default="chosen"),
    }, "the caster swaps hands with the target"),
}
