"""Per-card output for print shops: one PDF page per card with TrimBox and BleedBox, or one PNG per card face.

A PDF page is the trimmed card plus its bleed on every side. The PNGs are that page rasterised at 300 DPI with
pypdfium2 (PDFium, the renderer in Chrome): one per distinct face plus the back, and `cards.csv` telling how many
copies of each to print. Built for a print service (`services`), the PNGs are cut to exactly the pixels the
service asks for, and a README says which file is which and how many of each to order.
"""
from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path
from typing import Iterator

from ..output import atomic_folder, atomic_path, atomic_write
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
    if job.options.service:
        from .order import order_readme

        what = f"{len(faces)} pages: every card, each front followed by its back" if job.back else "every card"
        readme = order_readme(job, [(target.name, 1, what)])
        atomic_write(target.with_name(f"{target.stem}-README.txt"), readme.encode("utf-8"))
    return BuildResult(target, "cards-pdf", len(faces), len(job.fronts), job.warnings, job.notes)


def write_cards_png(job: Job, target: Path, progress: Progress | None = None) -> BuildResult:
    """Write one PNG per distinct face (and the back) at 300 DPI including bleed, and cards.csv with counts.

    For a print service, the PNGs are the service's exact pixels and a README.txt says what to order.
    """
    distinct = _distinct(job)
    with atomic_folder(target) as folder:
        names = _write_pngs(job, [face for face, _ in distinct], folder, progress)
        with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as listing:
            rows = csv.writer(listing)
            rows.writerow(["file", "copies"])
            rows.writerows(zip(names, (copies for _, copies in distinct)))
        if job.options.service:
            from .order import face_label, order_readme

            lines = [(name, copies, face_label(job, face)) for name, (face, copies) in zip(names, distinct)]
            (folder / "README.txt").write_text(order_readme(job, lines), encoding="utf-8")
    return BuildResult(target, "cards-png", len(distinct), len(job.fronts), job.warnings, job.notes)


def _write_pngs(job: Job, faces: list[Face], folder: Path, progress: Progress | None) -> list[str]:
    """Rasterise each face into the folder, cut to the service's pixels if any; return the file names."""
    from .services import service

    preset = service(job.options.service) if job.options.service else None
    dpi = preset.dpi if preset else PNG_DPI
    names = []
    for index, (face, image) in enumerate(zip(faces, rasterise(job, faces, dpi))):
        name = "back.png" if face.key == "back" else f"{index + 1:03d}-{face.key.removeprefix('card-')}.png"
        (_centre_crop(image, preset.pixels) if preset else image).save(folder / name, dpi=(dpi, dpi))
        names.append(name)
        if progress:
            progress(index + 1, len(faces))
    return names


def _centre_crop(image, pixels: tuple[int, int]):
    """Cut the image to exactly these pixels, evenly from both sides: only bleed is cut (services.bleed_mm)."""
    left, top = (image.width - pixels[0]) // 2, (image.height - pixels[1]) // 2
    assert left >= 0 and top >= 0, (image.size, pixels)
    return image.crop((left, top, left + pixels[0], top + pixels[1]))


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
    shown = Counter(face.key for face in faces)
    for face in {f.key: f for f in faces}.values():
        if shown[face.key] > 1:  # a face shown once is painted on its page, not into a form
            define_face(canvas, face)
    for number, face in enumerate(faces, start=1):
        canvas.setPageSize(page)
        canvas.setTrimBox((b, b, b + width, b + height))
        canvas.setBleedBox((0, 0, page[0], page[1]))
        place_face(canvas, face, Placement(0, number - 1, Box(b, b, width, height), Box(0, 0, *page), 0),
                   inline=shown[face.key] == 1)
        canvas.showPage()
        if progress:
            progress(number, len(faces))
    save_pdf(canvas)


def rasterise(job: Job, faces: list[Face], dpi: float) -> Iterator:
    """Yield each face as a PIL image of its page (the card and its bleed) at this resolution."""
    import pypdfium2

    buffer = io.BytesIO()
    card_pages(buffer, faces, job, None)
    document = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        for page in document:
            # PDFium rounds a fractional pixel up; keep exactly the page's size at this DPI, rounded to nearest.
            size = tuple(round(side / 72 * dpi) for side in page.get_size())
            yield page.render(scale=dpi / 72).to_pil().crop((0, 0, *size))
    finally:
        document.close()
