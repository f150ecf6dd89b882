"""Build: the layout stage in order — check options, plan every face, impose, draw, write atomically.

Every face is planned (texts fitted, images read, symbols found) before any file is opened, so a deck that
cannot be built fails with its reason and leaves earlier output untouched.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from ..errors import BuildError
from ..i18n import catalog_warning
from ..load import load_deck
from ..load.card_template import load_card_template
from ..load.check import nearest
from ..model import Deck
from ..output import atomic_path, default_output
from .context import BuildContext
from .draw import draw_sheets
from .faces import Face, FacePlanner
from .fonts import font_for
from .imposition import BACK_MODES, SheetSpec, fit_grid, plan_sheets
from .pagelabels import label_needs, page_texts
from .paper import PAPER_SIZES, paper
from .units import mm, parse_length
from . import FORMATS

MAX_BLEED_MM, MAX_GAP_MM, MAX_OFFSET_MM = 10, 20, 10
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BuildOptions:
    """What to build. Lengths are millimetres, or texts with a unit such as "0.125in"."""

    players: int | None = None
    lang: str | None = None
    paper: str = "a4"
    bleed: float | str = 3
    gap: float | str = 0
    backs: str = "duplex-long"
    back_offset: tuple[float | str, float | str] = (0, 0)
    fmt: str = "sheets"
    ink_saver: bool = False


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote and what the user should know about it."""

    path: Path
    fmt: str
    pages: int
    cards: int
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Job:
    """A deck ready to be written: every face planned, every option checked, lengths in points."""

    deck: Deck
    players: int
    lang: str
    options: BuildOptions
    bleed: float
    gap: float
    back_offset: tuple[float, float]
    fronts: list[Face] = field(compare=False)  # one per physical card, in deck order
    back: Face | None = None
    warnings: tuple[str, ...] = ()

    @property
    def card_size(self) -> tuple[float, float]:
        return mm(self.deck.card_size.width_mm), mm(self.deck.card_size.height_mm)


def build_deck(deck: Deck | str | Path, options: BuildOptions | None = None, *, out: Path | str | None = None,
               progress: Progress | None = None) -> BuildResult:
    """Build a deck's printable output (sheets, one PDF page per card, or one PNG per card) and return it."""
    model = deck if isinstance(deck, Deck) else load_deck(deck)
    job = prepare(model, options or BuildOptions())
    target = Path(out) if out else default_path(job)
    if job.options.fmt == "sheets":
        return write_sheets(job, target, progress)
    from .cards import write_cards_pdf, write_cards_png

    writer = write_cards_pdf if job.options.fmt == "cards-pdf" else write_cards_png
    return writer(job, target, progress)


def prepare(deck: Deck, options: BuildOptions) -> Job:
    """Check the options against the deck and plan every face; raise BuildError on the first that cannot be."""
    check_choice(options.fmt, FORMATS, "format")
    check_choice(options.backs, BACK_MODES, "backs")
    check_choice(options.paper, tuple(PAPER_SIZES), "paper")
    players, lang = deck.player_count(options.players), deck.language(options.lang)
    bleed = option_length(options.bleed, "bleed", 0, MAX_BLEED_MM)
    gap = option_length(options.gap, "gap", 0, MAX_GAP_MM)
    offset = tuple(option_length(v, "back offset", -MAX_OFFSET_MM, MAX_OFFSET_MM) for v in options.back_offset)
    context = BuildContext(deck, lang, players, options.ink_saver, load_card_template(deck))
    planner = FacePlanner(context, bleed)
    fronts: list[Face] = []
    for card, copies in deck.counts_for(players):
        fronts.extend([planner.card(card, copies)] * copies)
    back = planner.back() if options.backs != "none" else None
    return Job(deck, players, lang, options, bleed, gap, offset, fronts, back, tuple(planner.warnings))


def default_path(job: Job) -> Path:
    """Return output/<deck>/<deck>-<players>p-<lang>[-ink-saver].pdf, or the cards-pdf/-png variant."""
    stem = f"{job.deck.id}-{job.players}p-{job.lang}" + ("-ink-saver" if job.options.ink_saver else "")
    name = {"sheets": f"{stem}.pdf", "cards-pdf": f"{stem}-cards.pdf", "cards-png": f"{stem}-cards"}
    return default_output(job.deck.id, name[job.options.fmt])


def sheet_spec(job: Job) -> SheetSpec:
    width, height = job.card_size
    return SheetSpec(paper(job.options.paper), width, height, job.bleed, job.gap,
                     backs=job.options.backs, back_offset=job.back_offset)


def write_sheets(job: Job, target: Path, progress: Progress | None = None) -> BuildResult:
    """Impose the cards on sheets (fronts, then each front's back) and write one PDF."""
    spec = sheet_spec(job)
    fronts_needed = math.ceil(len(job.fronts) / fit_grid(spec).per_sheet)
    sides = ["front", "back"] * fronts_needed if job.back else ["front"] * fronts_needed
    texts = page_texts(job.deck, job.lang, job.players, sides, job.options.backs)
    plan = plan_sheets(spec, len(job.fronts), label_needs(texts))
    assert [s.side for s in plan.sheets] == sides
    with atomic_path(target) as tmp:
        canvas = new_canvas(tmp, (spec.paper.width, spec.paper.height), job)
        draw_sheets(canvas, plan, job.fronts, job.back, texts, progress)
        save_pdf(canvas)
    missing = [name for name, lb in zip(("page line", "scale bar", "print hint"), plan.sheets[0].labels) if not lb]
    notes = plan.notes + ((f"no room in the margin for the {', '.join(missing)}",) if missing else ())
    untranslated = catalog_warning(job.lang)  # the page labels fell back to English
    warnings = job.warnings + ((untranslated,) if untranslated else ())
    return BuildResult(target, "sheets", len(plan.sheets), len(job.fronts), warnings, notes)


def new_canvas(out, pagesize: tuple[float, float], job: Job) -> Canvas:
    """Open a canvas (on a path or a binary stream) whose initial font is the embedded deck font.

    Starting with it means no unembedded standard font such as Helvetica is ever referenced.
    """
    canvas = Canvas(str(out) if isinstance(out, Path) else out, pagesize=pagesize, initialFontName=font_for("regular"), initialFontSize=10,
                    pageCompression=1)
    canvas.setTitle(f"{job.deck.name(job.lang)} — {job.players} p, {job.lang}")
    canvas.setAuthor("deckforge")
    canvas.setCreator("deckforge")
    return canvas


def save_pdf(canvas: Canvas) -> None:
    """Write the PDF with binary streams (Flate only): ASCII85 on top makes files a quarter larger and slower."""
    previous, rl_config.useA85 = rl_config.useA85, 0
    try:
        canvas.save()
    finally:
        rl_config.useA85 = previous


def option_length(value: float | str, what: str, low_mm: float, high_mm: float) -> float:
    try:
        points = parse_length(value)
    except ValueError as exc:
        raise BuildError(f"{what}: {exc}") from None
    if not mm(low_mm) - 1e-9 <= points <= mm(high_mm) + 1e-9:
        raise BuildError(f"{what}: {value} is out of range; give {low_mm:g} to {high_mm:g} mm")
    return points


def check_choice(value: str, choices: tuple[str, ...], what: str) -> None:
    if value not in choices:
        raise BuildError(f"unknown {what} '{value}'{nearest(value, choices)} (one of: {', '.join(choices)})")
