"""Preview rendering: turn planned faces into PNG images with the very code `build --format cards-png` uses.

Each face is drawn on a page of its own by the per-card PDF writer (`cards.card_pages`), then rasterised by
PDFium (pypdfium2) with the same crop rule as `cards._rasterise`; only the resolution differs, a screen's rather
than a print shop's. Nothing here draws: what the preview shows is what prints.
"""
from __future__ import annotations

import io
from typing import Sequence

from ..model import Deck
from .build import BuildOptions, Job
from .cards import card_pages
from .faces import Face
from .quickpng import quick_png

PREVIEW_DPI = 200  # sharp on a high-density screen at card size, and about twice as fast as 300 DPI


def preview_job(deck: Deck, lang: str, players: int, bleed: float = 0.0) -> Job:
    """Return a job for drawing single faces of `deck`: no sheets, no planned faces, `bleed` in points."""
    options = BuildOptions(players=players, lang=lang, bleed=f"{bleed}pt", fmt="cards-png")
    return Job(deck, players, lang, options, bleed, 0.0, (0.0, 0.0), fronts=[])


def face_pngs(job: Job, faces: Sequence[Face], dpi: int = PREVIEW_DPI) -> list[bytes]:
    """Draw each face as the per-card PDF does and return one PNG (trimmed card plus the job's bleed) per face."""
    import pypdfium2

    if not faces:
        return []
    pdf = io.BytesIO()
    card_pages(pdf, list(faces), job, None)
    document = pypdfium2.PdfDocument(pdf.getvalue())
    try:
        return [_page_png(document[index], dpi) for index in range(len(faces))]
    finally:
        document.close()


def _page_png(page, dpi: int) -> bytes:
    # PDFium rounds a fractional pixel up; keep exactly the page's size, rounded to nearest (as cards-png does).
    size = tuple(round(side / 72 * dpi) for side in page.get_size())
    # the image goes to a browser on this machine: written quickly (quickpng.py)
    return quick_png(page.render(scale=dpi / 72).to_pil().crop((0, 0, *size)), dpi)
