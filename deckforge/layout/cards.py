"""Per-card output for print shops: one PDF page per card with TrimBox and BleedBox, or one PNG per card face.

A PDF page is the trimmed card plus its bleed on every side. The PNGs are that page rasterised at 300 DPI with
pypdfium2 (PDFium, the renderer in Chrome): one per distinct face plus the back, and `cards.csv` telling how many
copies of each to print.
"""
from __future__ import annotations

import csv
import io
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import BuildError, display_path
from ..output import atomic_path
from .build import BuildResult, Job, Progress, new_canvas, save_pdf
from .draw import define_face, place_face
from .faces import Face
from .imposition import Box, Placement

PNG_DPI = 300


def write_cards_pdf(job: Job, target: Path, progress: Progress | None = None) -> BuildResult:
    """Write every physical card as its own page, each followed by its back when backs are printed."""
    faces = [f for face in job.fronts for f in ((face, job.back) if job.back else (face,))]
    with atomic_path(target) as tmp:
        card_pages(tmp, faces, job, progress)
    return BuildResult(target, "cards-pdf", len(faces), len(job.fronts), job.warnings)


def write_cards_png(job: Job, target: Path, progress: Progress | None = None) -> BuildResult:
    """Write one PNG per distinct face (and the back) at 300 DPI including bleed, and cards.csv with counts."""
    distinct = _distinct(job)
    buffer = io.BytesIO()
    card_pages(buffer, [face for face, _ in distinct], job, None)
    with _fresh_folder(target) as folder:
        names = _rasterise(buffer.getvalue(), distinct, folder, progress)
        with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as listing:
            rows = csv.writer(listing)
            rows.writerow(["file", "copies"])
            rows.writerows(zip(names, (copies for _, copies in distinct)))
    return BuildResult(target, "cards-png", len(distinct), len(job.fronts), job.warnings)


def _distinct(job: Job) -> list[tuple[Face, int]]:
    counts: dict[str, list] = {}
    for face in job.fronts:
        counts.setdefault(face.key, [face, 0])[1] += 1
    if job.back:
        counts[job.back.key] = [job.back, len(job.fronts)]
    return [(face, n) for face, n in counts.values()]


def card_pages(out, faces: list[Face], job: Job, progress: Progress | None) -> None:
    """Draw each face on a page of its own: trimmed card plus bleed, with TrimBox and BleedBox set."""
    width, height = job.card_size
    b = job.bleed
    page = (width + 2 * b, height + 2 * b)
    canvas = new_canvas(out, page, job)
    for face in {f.key: f for f in faces}.values():
        define_face(canvas, face)
    for number, face in enumerate(faces, start=1):
        canvas.setPageSize(page)
        canvas.setTrimBox((b, b, b + width, b + height))
        canvas.setBleedBox((0, 0, page[0], page[1]))
        place_face(canvas, face, Placement(0, number - 1, Box(b, b, width, height), Box(0, 0, *page), 0))
        canvas.showPage()
        if progress:
            progress(number, len(faces))
    save_pdf(canvas)


def _rasterise(pdf: bytes, distinct: list[tuple[Face, int]], folder: Path, progress: Progress | None) -> list[str]:
    import pypdfium2

    names = []
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index, (face, _) in enumerate(distinct):
            name = "back.png" if face.key == "back" else f"{index + 1:03d}-{face.key.removeprefix('card-')}.png"
            page = document[index]
            # PDFium rounds a fractional pixel up; keep exactly the page's size at 300 DPI, rounded to nearest.
            size = tuple(round(side / 72 * PNG_DPI) for side in page.get_size())
            image = page.render(scale=PNG_DPI / 72).to_pil().crop((0, 0, *size))
            image.save(folder / name, dpi=(PNG_DPI, PNG_DPI))
            names.append(name)
            if progress:
                progress(index + 1, len(distinct))
    finally:
        document.close()
    return names


@contextmanager
def _fresh_folder(target: Path) -> Iterator[Path]:
    """Fill a staging folder beside the target; on success swap it into place, on failure remove it."""
    if target.exists() and not target.is_dir():
        raise BuildError(f"{display_path(target)} is a file; cards-png writes a folder of PNGs")
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent))
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    old = target.with_name(f".{target.name}.old-{os.getpid()}") if target.exists() else None
    if old:
        os.replace(target, old)
    os.replace(staging, target)
    if old:
        shutil.rmtree(old, ignore_errors=True)
