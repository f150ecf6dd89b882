"""DYMOCK's fixed numbers: the deal's places, the special powers, the action numbering and the effects counted.

Rules source: ../shared/seeds/dymock.txt, settled by ../shared/RULES.md (section DYMOCK). The deal's size comes from
the game's spec (`SPEC.deal`), which the rulebook and `validate` read too.
"""
from __future__ import annotations

from . import SPEC

# RULES.md, DYMOCK: deal three face down each, then three face up on them, then three to the hand.
FACE_DOWN_ROW, FACE_UP_ROW, HAND_ROW = range(3)
POSITIONS = SPEC.deal.hand // 3  # face-down cards each, face-up cards on them, the hand size to draw back to

# Special powers, as the deck's `special` attribute names them.
NORMAL, RESET, REVERSE, BURN = 0, 1, 2, 3
SPECIALS = {"reset": RESET, "reset-reverse": REVERSE, "burn": BURN}
FOUR_OF_A_RANK = 4  # RULES.md, DYMOCK: four cards of one rank on top of the pile act as a 10

# The action numbering: fixed actions first, then per-rank blocks sized by the engine's card table (engine.py).
TAKE = 0                          # take the pile into the hand (at the table: without throwing a card first)
THROW = 1                         # 1..3: throw the face-up card at position p onto the pile, then take it all
BLIND = THROW + POSITIONS         # 4..6: turn the released face-down card at position p and play it
READY = BLIND + POSITIONS         # 7: swap phase: this player has finished swapping
FACE_UP = READY                   # 8..14 = FACE_UP + mask: lay the face-up cards at the positions of bit mask 1..7
SWAP = FACE_UP + (1 << POSITIONS)  # 15 + 3*g + p: swap a hand card of rank g with the face-up card at position p
MASKS = tuple(tuple(p for p in range(POSITIONS) if mask >> p & 1) for mask in range(1 << POSITIONS))
SUBSETS = tuple(tuple(sub for sub in range(1, mask + 1) if sub & mask == sub) for mask in range(1 << POSITIONS))

# Effects counted in GameResult.effects (docs/simulator.md, DYMOCK).
EFFECTS = ("swap", "reset", "reset-reverse", "go-again", "burn", "four-of-a-kind-burn", "lead-passes-on",
           "pile-taken", "pile-taken-by-choice", "forced-pick-up", "blind-play", "blind-fail")
(E_SWAP, E_RESET, E_REVERSE, E_GO_AGAIN, E_BURN, E_FOUR, E_LEAD_PASSES, E_TAKEN, E_BY_CHOICE, E_FORCED, E_BLIND,
 E_BLIND_FAIL) = range(len(EFFECTS))
