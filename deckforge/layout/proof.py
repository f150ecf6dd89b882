"""Proof: lines over a face for checking a design — the trim (solid), the bleed (dashed), the safe zone (dotted).

The safe zone is where the bundled templates keep everything to be read: 3.5 mm inside the trim
(docs/card-templates.md, "Safe area"). The lines are magenta, a colour no bundled template prints, and are part of
the face, so sheets, `cards-pdf` and `cards-png` all show them.
"""
from __future__ import annotations

from dataclasses import replace

from .faces import Face, ShapeOp
from .imposition import Box
from .units import mm

SAFE_INSET = mm(3.5)
PROOF_COLOUR = "#ff00ff"
PROOF_WIDTH = 0.5  # points
BLEED_DASH = (3.0, 2.0)
SAFE_DASH = (1.0, 1.5)


def proof_ops(face: Face) -> tuple[ShapeOp, ...]:
    """Return the outlines of the face's bleed, trim and safe zone, in the card's own coordinates."""
    b, s = face.bleed, SAFE_INSET
    lines = [(Box(0, 0, face.width, face.height), ()),
             (Box(s, s, face.width - 2 * s, face.height - 2 * s), SAFE_DASH)]
    if b > 0:
        # Half a line width inside the page edge, so the whole dashed line shows on a page cut at the bleed.
        inset = PROOF_WIDTH / 2
        lines.insert(0, (Box(-b + inset, -b + inset, face.width + 2 * (b - inset), face.height + 2 * (b - inset)),
                         BLEED_DASH))
    return tuple(ShapeOp("rect", box, None, PROOF_COLOUR, PROOF_WIDTH, 0, dash) for box, dash in lines)


def with_proof(face: Face) -> Face:
    """Return the face with its proof lines drawn over everything else."""
    return replace(face, ops=face.ops + proof_ops(face))


def without_proof(face: Face) -> Face:
    """Return a face `with_proof` made as it was before: its own colours, for judging its edges."""
    return replace(face, ops=face.ops[:-len(proof_ops(face))])
