"""Preview rendering: turn planned faces into PNG images with the very code `build --format cards-png` uses.

Each face is drawn on a page of its own by the per-card PDF writer and rasterised by PDFium (`cards.rasterise`, as
`cards-png` rasterises it); only the resolution differs, a screen's rather than a print shop's, and the PNG is
written quickly (quickpng.py): it goes to a browser on this machine. Nothing here draws: what the preview shows is
what prints.
"""
from __future__ import annotations

from typing import Sequence

from ..model import Deck
from .build import BuildOptions, Job
from .cards import rasterise
from .faces import Face
from .quickpng import quick_png

PREVIEW_DPI = 200  # sharp on a high-density screen at card size, and about twice as fast as 300 DPI


def preview_job(deck: Deck, lang: str, players: int, bleed: float = 0.0) -> Job:
    """Return a job for drawing single faces of `deck`: no sheets, no planned faces, `bleed` in points."""
    options = BuildOptions(players=players, lang=lang, bleed=f"{bleed}pt", fmt="cards-png")
    return Job(deck, players, lang, options, bleed, 0.0, (0.0, 0.0), fronts=[])


def face_pngs(job: Job, faces: Sequence[Face], dpi: int = PREVIEW_DPI) -> list[bytes]:
    """Draw each face as the per-card PDF does and return one PNG (trimmed card plus the job's bleed) per face."""
    if not faces:
        return []
    return [quick_png(image, dpi) for image in rasterise(job, list(faces), dpi)]
