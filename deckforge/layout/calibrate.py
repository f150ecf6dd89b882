"""Calibration: a two-page duplex test sheet from which a person reads the `--back-offset` their printer needs.

The front has five crosses; the back, printed behind them the way card backs are, has a pair of millimetre
rulers at each cross. Held against the light, the front's lines show through on the back's rulers: the numbers
they cross are the DX and DY to pass as `--back-offset DX,DY` (0,0 when the printer registers perfectly).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..i18n import translations
from ..output import OUTPUT_DIR, atomic_path
from .build import MAX_OFFSET_MM, ask_actual_size, check_choice, option_length, save_pdf
from .fonts import font_for
from .imposition import BACK_MODES
from .pagelabels import SCALE_HEIGHT, SCALE_LENGTH, scale_caption
from .paper import PAPER_SIZES, Paper, paper
from .units import mm

RULER_HALF = MAX_OFFSET_MM  # mm either side of zero: every offset --back-offset accepts can be read
RULER_OFF = 11  # mm from the centre to each ruler's base line: the two rulers, each RULER_HALF long, never meet
TICK = 3  # mm, a whole millimetre's tick
CROSS_HALF = mm(RULER_OFF + TICK + RULER_HALF)  # the front's lines cross the rulers' ticks at any such offset
TARGET_INSET = 45  # mm from the paper's edges to the corner crosses


@dataclass(frozen=True)
class CalibrationText:
    """The words of the sheet in one language: a title, the front's instructions, the back's reminder."""

    title: str
    front: tuple[str, ...]
    back: str
    bar: str


def calibration_text(lang: str, backs: str) -> CalibrationText:
    """Return the sheet's words from deckforge's catalog (English for a language without one)."""
    t = translations(lang)
    flip = {"duplex-long": t.gettext("Print both pages double-sided at 100 % (actual size, no fit-to-page), "
                                     "flipping on the long edge."),
            "duplex-short": t.gettext("Print both pages double-sided at 100 % (actual size, no fit-to-page), "
                                      "flipping on the short edge.")}[backs]
    front = (flip,
             t.gettext("Check the bar below measures 50 mm. Then hold the sheet against a window or lamp:"),
             t.gettext("each cross on this side shows through onto a pair of rulers on the back."),
             t.gettext("The number under the cross's vertical line is DX; the one beside its horizontal line is DY."),
             # TRANSLATORS: DECK stands for a deck's name; translate it as a placeholder word in capitals.
             t.gettext("Build with: deckforge build DECK --back-offset DX,DY  (0,0 needs no correction)."))
    return CalibrationText(
        title=t.gettext("deckforge duplex calibration"), front=front,
        back=t.gettext("Read the rulers where the front's cross lines show through: horizontal ruler DX, "
                       "vertical ruler DY."),
        bar=scale_caption(lang))


def write_calibration(paper_name: str = "a4", backs: str = "duplex-long", back_offset=(0, 0), lang: str = "en",
                      out: Path | str | None = None) -> Path:
    """Write the calibration sheet and return its path (default output/calibrate-<paper>-<backs>.pdf)."""
    check_choice(paper_name, tuple(PAPER_SIZES), "paper")
    check_choice(backs, tuple(m for m in BACK_MODES if m != "none"), "backs")
    offset = tuple(option_length(v, "back offset", -MAX_OFFSET_MM, MAX_OFFSET_MM) for v in back_offset)
    sheet = paper(paper_name)
    words = calibration_text(lang, backs)
    target = Path(out) if out else OUTPUT_DIR / f"calibrate-{paper_name}-{backs}.pdf"
    with atomic_path(target) as tmp:
        canvas = Canvas(str(tmp), pagesize=(sheet.width, sheet.height), initialFontName=font_for("regular"))
        canvas.setTitle(words.title)
        ask_actual_size(canvas, backs)
        _front(canvas, sheet, words)
        _back(canvas, sheet, words, backs, offset)
        save_pdf(canvas)
    return target


def targets(sheet: Paper) -> list[tuple[float, float]]:
    """Return the cross centres on the front: the middle and four points 45 mm in from the corners."""
    inset = mm(TARGET_INSET)
    return [(sheet.width / 2, sheet.height / 2), (inset, inset), (sheet.width - inset, inset),
            (inset, sheet.height - inset), (sheet.width - inset, sheet.height - inset)]


def behind(point: tuple[float, float], sheet: Paper, backs: str) -> tuple[float, float]:
    """Return where a front point lies on the back page, as card backs are mirrored."""
    x, y = point
    return (x, sheet.height - y) if backs == "duplex-short" else (sheet.width - x, y)


def _front(canvas: Canvas, sheet: Paper, words: CalibrationText) -> None:
    top = sheet.height - mm(TARGET_INSET + 8) - CROSS_HALF  # below the top crosses, above the middle one
    canvas.setFont(font_for("bold"), 13)
    canvas.drawString(mm(20), top, words.title)
    canvas.setFont(font_for("regular"), 8.5)
    for i, line in enumerate(words.front):
        canvas.drawString(mm(20), top - mm(8) - i * 12, line)
    _bar(canvas, mm(20), top - mm(8) - len(words.front) * 12 - mm(4), words.bar)
    canvas.setLineWidth(0.5)
    for x, y in targets(sheet):
        canvas.line(x - CROSS_HALF, y, x + CROSS_HALF, y)
        canvas.line(x, y - CROSS_HALF, x, y + CROSS_HALF)
    canvas.showPage()


def _back(canvas: Canvas, sheet: Paper, words: CalibrationText, backs: str, offset: tuple[float, float]) -> None:
    canvas.setFont(font_for("regular"), 8.5)
    canvas.drawString(mm(20), mm(15), words.back)
    dx, dy = offset
    for point in targets(sheet):
        x, y = behind(point, sheet, backs)
        _ruler(canvas, x + dx, y + dy, horizontal=True)
        _ruler(canvas, x + dx, y + dy, horizontal=False)
    canvas.showPage()


def _ruler(canvas: Canvas, x: float, y: float, horizontal: bool) -> None:
    """Draw millimetre ticks from -RULER_HALF to +RULER_HALF mm across the point, below it (horizontal) or right
    of it (vertical)."""
    canvas.saveState()
    canvas.translate(x, y)
    if not horizontal:
        canvas.rotate(90)  # ticks then run up the page; the labels read bottom to top
    canvas.setLineWidth(0.3)
    canvas.setFont(font_for("regular"), 4)  # "-10" and "-8" 2 mm apart stay apart
    base = -mm(RULER_OFF)
    for half_mm in range(-2 * RULER_HALF, 2 * RULER_HALF + 1):
        t = mm(half_mm / 2)
        length = mm(TICK) if half_mm % 2 == 0 else mm(1.8)
        canvas.line(t, base, t, base - length)
        if half_mm % 4 == 0:  # a label every 2 mm keeps the small numbers apart
            canvas.drawCentredString(t, base - mm(5.2), str(half_mm // 2))
    canvas.line(-mm(RULER_HALF), base, mm(RULER_HALF), base)
    canvas.restoreState()


def _bar(canvas: Canvas, x: float, y: float, caption: str) -> None:
    canvas.saveState()
    canvas.setFillColor(HexColor("#222222"))
    block = SCALE_LENGTH / 5
    for i in range(5):
        canvas.rect(x + i * block, y, block, SCALE_HEIGHT * 1.5, stroke=1, fill=int(i % 2 == 0))
    canvas.setFont(font_for("regular"), 7)
    canvas.drawString(x + SCALE_LENGTH + mm(3), y, caption)
    canvas.restoreState()
