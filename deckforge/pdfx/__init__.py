"""PDF/X: turn drawing colours into the press's CMYK through one ICC profile and mark files for preflight.

`icc` converts colours and images (sRGB ↔ the output profile, littleCMS through Pillow), `canvas` is the
ReportLab canvas whose every colour and image passes through it, and `finish` writes what PDF/X asks of the
file itself: the OutputIntent, the conformance keys, the version. docs/print-shop.md explains the choices.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import BuildError

VARIANTS = ("x1a", "x4")
PROFILE = Path(__file__).resolve().parent.parent / "data" / "icc" / "deckforge-fogra39-300.icc"
# The registered characterisation the profile is built from (ICC registry, "FOGRA39"); a print shop reads it.
OUTPUT_CONDITION = "FOGRA39"
OUTPUT_CONDITION_INFO = "Coated offset, ISO 12647-2:2004/Amd 1 (FOGRA39L), 300% total ink"


def check_variant(variant: str | None) -> str | None:
    """Return the variant if it is one deckforge writes; raise BuildError naming the choices otherwise."""
    if variant is not None and variant not in VARIANTS:
        raise BuildError(f"unknown PDF/X variant '{variant}' (one of: {', '.join(VARIANTS)})")
    return variant
