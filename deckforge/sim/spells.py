"""Spell effects compiled for play: each card's `Effect` list becomes a tuple of small integers.

The vocabulary itself (names, parameters, ranges) lives in deckforge/vocab.py and is explained in docs/spells.md;
this module gives each name its code and reads the parameter that sets how much it does. A game applies the codes
in order, the way its own rules define them.
"""
from __future__ import annotations

from ..model import Card
from .base import SimulationError

# Effect codes, in the order of docs/spells.md.
SKIP, REVERSE, DRAW, PLAY_AGAIN, EXTRA_PLAY, GIVE, SWAP_HANDS = range(7)
EFFECT_CODES = {"skip": SKIP, "reverse": REVERSE, "draw": DRAW, "play_again": PLAY_AGAIN,
                "extra_play": EXTRA_PLAY, "give": GIVE, "swap_hands": SWAP_HANDS}
EFFECT_NAMES = {code: name for name, code in EFFECT_CODES.items()}

# Targets are negative so that a chosen seat (0, 1, ...) can stand in the same place once it is known.
NEXT, PREVIOUS, CHOSEN, OTHERS = -1, -2, -3, -4
TARGET_CODES = {"next": NEXT, "previous": PREVIOUS, "chosen": CHOSEN, "others": OTHERS}

# The parameter that says how much an effect does; effects without one do it once.
AMOUNT_PARAM = {"skip": "turns", "draw": "count", "extra_play": "count", "give": "count"}


def compile_effects(card: Card) -> tuple[tuple[int, int, int], ...]:
    """Return the card's effects as (effect code, target code, amount), in the order the card lists them."""
    compiled = []
    for effect in card.effects:
        if effect.name not in EFFECT_CODES:
            raise SimulationError(f"card '{card.id}': the simulator cannot play the effect '{effect.name}' "
                                  f"(it plays: {', '.join(EFFECT_CODES)})")
        target = TARGET_CODES[effect.params.get("target", "next")]
        amount = int(effect.params.get(AMOUNT_PARAM.get(effect.name, ""), 1))
        compiled.append((EFFECT_CODES[effect.name], target, amount))
    return tuple(compiled)
