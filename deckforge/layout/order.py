"""The README a print-service build writes beside its files: the product, the figures, which file is which, and
how many copies of each to order (services ask for a quantity per file)."""
from __future__ import annotations

from ..errors import counted
from .build import Job
from .faces import Face
from .services import pdf_x_name, service


def face_label(job: Job, face: Face) -> str:
    """Return what a face is, for people: the card's name in the build's language, or the back."""
    if face.key == "back":
        return "the back of every card"
    return job.deck.card(face.key.removeprefix("card-")).name(job.lang)


def order_readme(job: Job, files: list[tuple[str, int, str]]) -> str:
    """Return the README for (file name, copies, what it is) rows, for the job's service."""
    preset = service(job.options.service)
    card, (width_px, height_px) = preset.card, preset.pixels
    width = max(len(name) for name, _, _ in files + [("File", 0, "")])
    rows = [f"{'File'.ljust(width)}  Copies  What it is"]
    rows += [f"{name.ljust(width)}  {copies:>6}  {label}" for name, copies, label in files]
    size = (f"files {width_px} × {height_px} px at {preset.dpi} DPI" if preset.fmt == "cards-png"
            else "one PDF page per card")
    return "\n".join([
        f"{job.deck.name(job.lang)}: {counted(job.players, 'player')}, {job.lang}, "
        f"for {preset.title} ({preset.product})",
        "",
        f"Cards: {card.width_mm:g} × {card.height_mm:g} mm trimmed, {preset.bleed_mm():g} mm bleed on every side, "
        f"safe area {round(preset.safe_mm, 3):g} mm inside the trim; {size}"
        + (f", {pdf_x_name(preset.pdf_x)}." if preset.pdf_x else "."),
        f"Figures: {preset.source}.",
        *([] if preset.verified else ["Check them on the service's own page before you order."]),
        "",
        f"How to order: {preset.upload}",
        "",
        *rows,
        "",
        f"{counted(len(job.fronts), 'card')} in all.",
        "",
    ])
