"""Build: the layout stage in order — check options, plan every face, impose, draw, write atomically.

Every face is planned (texts fitted, images read, symbols found) before any file is opened, so a deck that
cannot be built fails with its reason and leaves earlier output untouched.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from ..errors import BuildError, counted, display_path
from ..i18n import catalog_warning, deck_words
from ..load import load_deck
from ..load.card_template import load_card_template
from ..load.check import nearest
from ..load.collector import collector_paused
from ..model import Deck
from ..output import atomic_path, default_output
from ..pdfx import check_variant as check_pdf_variant
from ..pdfx.canvas import DPI_RANGE, FULL_RESOLUTION, PrintCanvas, binary_streams, boxes_around
from .compact import pack_objects
from .context import BuildContext
from .draw import draw_sheets
from .edges import STRIP, EdgeCheck, check_edges
from .faces import Face, FacePlanner
from .fonts import font_for
from .geometry import NARROW_PRINT_MARGIN, PRINT_MARGIN
from .imposition import BACK_MODES, MAX_BACK_OFFSET_MM, SheetSpec, fit_grid, plan_sheets
from .pagelabels import label_needs, page_texts
from .paper import PAPER_SIZES, paper
from .proof import with_proof, without_proof
from .units import mm, parse_length, to_mm
from . import FORMATS

MAX_BLEED_MM, MAX_GAP_MM, MAX_OFFSET_MM, MAX_PRINTER_MARGIN_MM = 10, 20, MAX_BACK_OFFSET_MM, 25
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BuildOptions:
    """What to build. Lengths are millimetres, or texts with a unit such as "0.125in"."""

    players: int | None = None
    lang: str | None = None
    paper: str = "a4"
    bleed: float | str = 3
    gap: float | str | None = None  # None: edge to edge when every card prints one colour at its edges, else 2 × bleed
    backs: str = "duplex-long"
    back_offset: tuple[float | str, float | str] = (0, 0)
    fmt: str = "sheets"
    ink_saver: bool = False
    service: str | None = None    # a print service's preset; services.with_service fills in its format, bleed
    base_url: str | None = None   # tts: where the images will be hosted; local file URLs without it
    proof: bool = False  # draw trim, bleed and safe-zone lines over every face
    pdf_x: str | None = None  # "x1a" or "x4": press CMYK with an OutputIntent (pdfx/, docs/print-shop.md)
    printer_margin: float | str | None = None  # nothing printed nearer the paper edge; None: see `sheet_spec`
    max_dpi: int | str | None = None  # pictures sharper than this are resampled (pdfx.canvas.resampling); "full"


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote and what the user should know about it."""

    path: Path
    fmt: str
    pages: int
    cards: int
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def summary(self) -> str:
        """Return "decks/x.pdf: 3 pages, 54 cards", counting what this format makes: pages, images or face sheets."""
        unit = {"sheets": "page", "cards-pdf": "page", "cards-png": "image", "tts": "face sheet"}[self.fmt]
        return f"{display_path(self.path)}: {counted(self.pages, unit)}, {counted(self.cards, 'card')}"


@dataclass(frozen=True)
class Job:
    """A deck ready to be written: every face planned, every option checked, lengths in points."""

    deck: Deck
    players: int
    lang: str
    options: BuildOptions
    bleed: float
    gap: float | None  # None until the sheets choose it from the faces' edges
    back_offset: tuple[float, float]
    fronts: list[Face] = field(compare=False)  # one per physical card, in deck order
    back: Face | None = None
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # e.g. a card whose text is set smaller than the rest of its role (roles.py)

    @property
    def card_size(self) -> tuple[float, float]:
        return mm(self.deck.card_size.width_mm), mm(self.deck.card_size.height_mm)


def build_deck(deck: Deck | str | Path, options: BuildOptions | None = None, *, out: Path | str | None = None,
               progress: Progress | None = None) -> BuildResult:
    """Build a deck's printable output (sheets, one PDF page per card, or one PNG per card) and return it."""
    with collector_paused():  # a build makes many objects that live as long as it, and no garbage (collector.py)
        return _build(deck, options, out, progress)


def _build(deck: Deck | str | Path, options: BuildOptions | None, out: Path | str | None,
           progress: Progress | None) -> BuildResult:
    model = deck if isinstance(deck, Deck) else load_deck(deck)
    with deck_words(model.folder):
        return _build_model(model, options, out, progress)


def _build_model(model: Deck, options: BuildOptions | None, out: Path | str | None,
                 progress: Progress | None) -> BuildResult:
    job = prepare(model, options or BuildOptions())
    target = Path(out) if out else default_path(job)
    job = replace(job, warnings=job.warnings + output_name_warnings(target, job.options.fmt))
    if job.options.fmt == "sheets":
        return write_sheets(job, target, progress)
    if job.options.fmt == "tts":
        from .tts import write_tts

        return write_tts(job, target, progress)
    from .cards import write_cards_pdf, write_cards_png

    writer = write_cards_pdf if job.options.fmt == "cards-pdf" else write_cards_png
    return writer(job, target, progress)


def prepare(deck: Deck, options: BuildOptions) -> Job:
    """Check the options against the deck and plan every face; raise BuildError on the first that cannot be."""
    check_choice(options.fmt, FORMATS, "format")
    check_choice(options.backs, BACK_MODES, "backs")
    check_choice(options.paper, tuple(PAPER_SIZES), "paper")
    check_pdf_x(options)
    check_max_dpi(options.max_dpi)
    players, lang = deck.player_count(options.players), deck.language(options.lang)
    bleed = option_length(options.bleed, "bleed", 0, MAX_BLEED_MM)
    gap = None if options.gap is None else option_length(options.gap, "gap", 0, MAX_GAP_MM)
    offset = tuple(option_length(v, "back offset", -MAX_OFFSET_MM, MAX_OFFSET_MM) for v in options.back_offset)
    deck, size_warnings = for_target(deck, options, bleed)
    if options.proof and (options.service or options.pdf_x):  # checking where a service cuts is what a proof is for
        given = f"--service {options.service}" if options.service else f"--pdf-x {options.pdf_x}"
        size_warnings += (f"--proof draws trim, bleed and safe-area lines over every card: these {given} files are "
                          "for checking by eye; build them again without --proof before you send them, or the "
                          "lines are printed",)
    context = BuildContext(deck, lang, players, options.ink_saver, load_card_template(deck))
    planner = FacePlanner(context, bleed)
    fronts: list[Face] = []
    for card, copies in deck.counts_for(players):
        fronts.extend([planner.card(card, copies)] * copies)
    back = planner.back() if options.backs != "none" else None
    if options.proof:
        fronts, back = [with_proof(face) for face in fronts], back and with_proof(back)
    from ..text_numbers import text_warnings

    return Job(deck, players, lang, options, bleed, gap, offset, fronts, back,
               deal_warnings(deck, players) + tuple(text_warnings(deck, lang)) + size_warnings + tuple(planner.gathered_warnings()),
               tuple(planner.notes))


def deal_warnings(deck: Deck, players: int) -> tuple[str, ...]:
    """Warn that the game is not played by as few as `players` players, or that the cards built cannot be dealt at
    that count. They are printed all the same: the sheets are what a maker still adding cards prints to try them,
    and at a count that takes more sets than the deck's smallest they are the same sheets as at a count it can
    deal."""
    from ..validate import deal_advice, deal_findings, seat_findings

    seats = tuple(f"{finding}; the cards are printed all the same" for finding in seat_findings(deck, [players]))
    found = deal_findings(deck, [players])
    if not found:
        return seats
    advice = deal_advice(deck, "build")
    return seats + tuple(f"{finding}; the cards are printed all the same: {advice}" for finding in found)


# Endings that name a kind of file: a PDF named with another, or a folder named with any, misleads whoever opens it
FILE_SUFFIXES = (".pdf", ".png", ".jpg", ".jpeg", ".json", ".html", ".htm", ".svg", ".txt", ".csv", ".zip")
FOLDER_FORMATS = {"cards-png": "PNG images", "tts": "Tabletop Simulator files"}


def output_name_warnings(target: Path, fmt: str) -> tuple[str, ...]:
    """Warn when -o names the output as a kind of file this format does not write (x.png for a PDF)."""
    suffix = target.suffix.lower()
    if suffix not in FILE_SUFFIXES or (suffix == ".pdf" and fmt not in FOLDER_FORMATS):
        return ()
    shown = display_path(target)
    if fmt not in FOLDER_FORMATS:
        other = "; for one PNG a card, give --format cards-png and a folder" if suffix == ".png" else ""
        return (f"{shown} holds a PDF (--format {fmt}), though its name ends in {target.suffix}: rename it "
                f"{target.stem}.pdf{other}",)
    other = "; for one PDF page a card, give --format cards-pdf" if suffix == ".pdf" else ""
    return (f"{shown} is a folder of {FOLDER_FORMATS[fmt]} (--format {fmt}), though its name ends in "
            f"{target.suffix} like a file's: rename it {target.stem}{other}",)


def default_path(job: Job) -> Path:
    """Return output/<deck>/<deck>-<players>p-<lang>[-ink-saver].pdf, or the cards-pdf/-png variant."""
    stem = f"{job.deck.id}-{job.players}p-{job.lang}" + ("-ink-saver" if job.options.ink_saver else "")
    stem += f"-{job.options.service}" if job.options.service else ""
    stem += f"-pdf{job.options.pdf_x}" if job.options.pdf_x else ""  # never overwrite the home-print file
    name = {"sheets": f"{stem}.pdf", "cards-pdf": f"{stem}-cards.pdf", "cards-png": f"{stem}-cards",
            "tts": f"{stem}-tts"}
    return default_output(job.deck.id, name[job.options.fmt])


def for_target(deck: Deck, options: BuildOptions, bleed: float) -> tuple[Deck, tuple[str, ...]]:
    """Check the service and Tabletop Simulator options; return the deck at the size it is built in, and warnings."""
    if options.base_url is not None and options.fmt != "tts":
        raise BuildError("--base-url is where Tabletop Simulator finds the images; it goes with --format tts only")
    if options.fmt == "tts":
        if options.service:
            raise BuildError("--service sets up files for a print service; leave it out for --format tts")
        if options.backs == "none":
            raise BuildError("Tabletop Simulator shows every card's back; leave out --backs none for --format tts")
        from .tts import check_base_url

        check_base_url(options.base_url)
    if not options.service:
        return deck, ()
    from .services import check_service, resized  # the presets, read only for a build that names one

    return resized(deck, check_service(options, bleed))


def sheet_spec(job: Job, gap: float | None = None) -> tuple[SheetSpec, int | None]:
    """Return the sheet to plan and, when it lets marks and labels nearer the paper edge than PRINT_MARGIN, how many
    cards a sheet PRINT_MARGIN would hold (0: none); None otherwise.

    With no --printer-margin, marks and labels keep PRINT_MARGIN (8 mm) from the edge unless a margin down to
    NARROW_PRINT_MARGIN (5 mm, what most home printers print to) fits more cards a sheet: nine poker cards on A4
    need it. The build then says so (`narrow_margin_note`).
    """
    width, height = job.card_size
    spec = SheetSpec(paper(job.options.paper), width, height, job.bleed, job.gap if gap is None else gap,
                     backs=job.options.backs, back_offset=job.back_offset)
    if job.options.printer_margin is not None:
        margin = option_length(job.options.printer_margin, "printer margin", 0, MAX_PRINTER_MARGIN_MM)
        return replace(spec, margin=margin), None
    spec = replace(spec, narrow_margin_allowed=True)
    narrow = replace(spec, margin=NARROW_PRINT_MARGIN)
    wide_fit, narrow_fit = _fit_or_none(spec), _fit_or_none(narrow)
    if narrow_fit is None or (wide_fit is not None and wide_fit.per_sheet >= narrow_fit.per_sheet):
        return spec, None
    return narrow, wide_fit.per_sheet if wide_fit else 0


def narrow_margin_note(plan, wide_count: int) -> str:
    """Say what comes nearer the paper edge than PRINT_MARGIN, why, and how to keep everything PRINT_MARGIN inside."""
    sheet, paper_w, paper_h = plan.sheets[0], plan.spec.paper.width, plan.spec.paper.height

    def near(low: float, high: float, size: float) -> bool:
        return low < PRINT_MARGIN - 1e-6 or high > size - PRINT_MARGIN + 1e-6

    sides = [name for name, hit in (
        ("left and right", any(near(min(m.x0, m.x1), max(m.x0, m.x1), paper_w) for m in sheet.marks)),
        ("top and bottom", any(near(min(m.y0, m.y1), max(m.y0, m.y1), paper_h) for m in sheet.marks))) if hit]
    labels = any(near(lb.box.x, lb.box.right, paper_w) or near(lb.box.y, lb.box.top, paper_h)
                 for lb in sheet.labels if lb)
    what = " and ".join((["the page labels"] if labels else []) +
                        ([f"the crop marks at the {' and '.join(sides)}"] if sides else []))
    narrow, wide = f"{to_mm(plan.spec.margin):g} mm", f"{to_mm(PRINT_MARGIN):g} mm"
    other = (f"use --printer-margin {to_mm(PRINT_MARGIN):g} ({counted(wide_count, 'card')} a sheet, everything "
             f"{wide} inside)" if wide_count else "choose larger paper (--paper a3)")
    return (f"{what} come to {narrow} from the paper edge, not {wide}, to fit {counted(plan.grid.per_sheet, 'card')} "
            f"a sheet instead of {wide_count or 'none'}; a printer that leaves more than {narrow} unprinted cuts them "
            f"off: then {other}")


def _fit_or_none(spec: SheetSpec):
    try:
        return fit_grid(spec)
    except BuildError:
        return None


def sheet_gap(job: Job) -> tuple[float, tuple[str, ...], tuple[str, ...]]:
    """Return the gap between cards, warnings and notes: edge to edge only where a mis-cut cannot show a neighbour."""
    if job.gap is not None and job.gap >= 2 * STRIP:  # each card has its own cut lines and half the gap of bleed
        return job.gap, (), ()
    # Fronts neighbour fronts and backs neighbour backs: each side must print one colour at its edges on its own.
    sides = [job.fronts] + ([[job.back]] if job.back else [])
    plain = [[without_proof(f) for f in side] if job.options.proof else side for side in sides]
    edges = next((check for check in map(check_edges, plain) if not check.shared), EdgeCheck(True))
    if edges.shared:
        return (job.gap or 0.0), (), ()
    first, other = edges.differing
    differ = (f"neighbouring cards print different colours at their edges ({first}, {other})" if first != other
              else f"the cards do not print one colour all along their edges ({first} varies along it)")
    if job.gap:  # a gap narrower than two careful mis-cuts: half of it is all the bleed a card has
        half, most = to_mm(job.gap / 2), to_mm(STRIP)
        return job.gap, (f"--gap {to_mm(job.gap):g}: {differ}, and each card has only {half:g} mm of its own "
                         f"colour beyond its cut line, less than the {most:g} mm a careful cut may miss by; give "
                         f"--gap {to_mm(2 * STRIP):g} or more, or leave out --gap",), ()
    if job.bleed == 0:  # edge to edge with no bleed to spare: a cut beside the line shows the neighbour
        return 0.0, (f"--bleed 0: {differ}, and the cards touch with no bleed, so a cut 0.3–0.5 mm off the shared "
                     "line leaves a sliver of the neighbour on the card; leave out --bleed (3 mm), or give a --gap "
                     "to cut each card on its own lines",), ()
    bleed = f"{to_mm(job.bleed):g} mm"
    if job.gap is None:
        return 2 * job.bleed, (), (f"each card has its own {bleed} bleed, {to_mm(2 * job.bleed):g} mm from the "
                                   f"next, because {differ}",)
    return 0.0, (f"--gap 0: {differ}, so a cut 0.3–0.5 mm off the shared line leaves a sliver of the neighbour "
                 f"on the card; leave out --gap to give each card its own {bleed} bleed, or keep it and cut "
                 "exactly",), ()


def write_sheets(job: Job, target: Path, progress: Progress | None = None) -> BuildResult:
    """Impose the cards on sheets (fronts, then each front's back) and write one PDF."""
    gap, gap_warnings, gap_notes = sheet_gap(job)
    spec, wide_count = sheet_spec(job, gap)
    fronts_needed = math.ceil(len(job.fronts) / fit_grid(spec).per_sheet)
    sides = ["front", "back"] * fronts_needed if job.back else ["front"] * fronts_needed
    texts = page_texts(job.deck, job.lang, job.players, sides, job.options.backs)
    plan = plan_sheets(spec, len(job.fronts), label_needs(texts))
    assert [s.side for s in plan.sheets] == sides
    margin_notes = (narrow_margin_note(plan, wide_count),) if wide_count is not None else ()
    with atomic_path(target) as tmp:
        canvas = new_canvas(tmp, (spec.paper.width, spec.paper.height), job, sheet_boxes(plan, spec))
        draw_sheets(canvas, plan, job.fronts, job.back, texts, progress)
        save_pdf(canvas)
    missing = [name for name, lb in zip(("page line", "scale bar", "print hint"), plan.sheets[0].labels) if not lb]
    notes = job.notes + gap_notes + margin_notes + plan.notes + ((f"no room in the margin for the {', '.join(missing)}",) if missing else ())
    untranslated = catalog_warning(job.lang)  # the page labels fell back to English
    warnings = job.warnings + gap_warnings + ((untranslated,) if untranslated else ())
    return BuildResult(target, "sheets", len(plan.sheets), len(job.fronts), warnings, notes)


def new_canvas(out, pagesize: tuple[float, float], job: Job, page_boxes=()) -> Canvas:
    """Open a canvas (on a path or a binary stream) whose initial font is the embedded deck font.

    Starting with it means no unembedded standard font such as Helvetica is ever referenced. Under PDF/X it
    draws in press CMYK and gives each page the (TrimBox, BleedBox) of `page_boxes`.
    """
    canvas = PrintCanvas(str(out) if isinstance(out, Path) else out, pagesize=pagesize,
                         initialFontName=font_for("regular"), initialFontSize=10, pageCompression=1,
                         pdf_x=job.options.pdf_x, page_boxes=page_boxes, max_dpi=job.options.max_dpi)
    canvas.setTitle(f"{job.deck.name(job.lang)} — {job.players} p, {job.lang}")
    canvas.setAuthor("deckforge")
    canvas.setCreator("deckforge")
    ask_actual_size(canvas, job.options.backs)
    return canvas


DUPLEX = {"duplex-long": "DuplexFlipLongEdge", "duplex-short": "DuplexFlipShortEdge", "none": "Simplex"}


def ask_actual_size(canvas: Canvas, backs: str) -> None:
    """Ask print dialogs for 100 % (no fit to page, which shrinks cards 3–5 %) and the duplex mode of the backs."""
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX[backs])


def save_pdf(canvas: Canvas) -> None:
    """Write the PDF with binary streams (Flate only): ASCII85 on top makes files a quarter larger and slower.

    A file is compacted as it is written (compact.py); not the in-memory PDF that PNGs come from, nor a PDF/X
    file, which pdfx/finish.py rewrites (and PDF/X-1a must stay PDF 1.4, without object streams)."""
    if isinstance(canvas._filename, str) and not getattr(canvas, "pdf_x", None):
        pack_objects(canvas)
    with binary_streams():
        canvas.save()


def check_pdf_x(options: BuildOptions) -> None:
    """Refuse PDF/X where the output is no PDF, or an unknown variant."""
    check_pdf_variant(options.pdf_x)
    if options.pdf_x and options.fmt not in ("sheets", "cards-pdf"):
        raise BuildError(f"--pdf-x makes PDF files for a print shop; it goes with --format sheets or cards-pdf, "
                         f"not {options.fmt}")


def check_max_dpi(max_dpi: int | str | None) -> None:
    """Refuse a resolution limit that is neither a number of DPI in DPI_RANGE nor FULL_RESOLUTION."""
    low, high = DPI_RANGE
    if max_dpi is None or max_dpi == FULL_RESOLUTION:
        return
    if isinstance(max_dpi, bool) or not isinstance(max_dpi, int) or not low <= max_dpi <= high:
        raise BuildError(f"--max-dpi: {max_dpi!r} is not a resolution deckforge prints pictures at; give a whole "
                         f"number of DPI from {low} to {high}, or '{FULL_RESOLUTION}' to keep every picture as it is")


def sheet_boxes(plan, spec: SheetSpec) -> list:
    """Return each sheet's (TrimBox, BleedBox): around its cards' trims, and around their bleeds."""
    media = (0.0, 0.0, spec.paper.width, spec.paper.height)
    return [boxes_around(((p.trim.x, p.trim.y, p.trim.right, p.trim.top) for p in sheet.placements),
                         ((p.bleed.x, p.bleed.y, p.bleed.right, p.bleed.top) for p in sheet.placements), media)
            for sheet in plan.sheets]


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
