"""Geometry: what a sheet plan is made of — boxes, crop marks, placed cards, labels, sheets, the grid — in points.

The origin is the sheet's bottom-left corner as seen from the side being printed. `imposition` fills these in.
"""
from __future__ import annotations

from dataclasses import dataclass

from .paper import Paper
from .units import mm

# Home duplex printers leave 4–6 mm unprinted at the edges (more on the second side); nothing that must print —
# crop marks, page labels — goes nearer the paper edge than PRINT_MARGIN, unless coming to NARROW_PRINT_MARGIN
# fits more cards a sheet (nine poker cards on A4), and then the build says so (build.sheet_spec).
PRINT_MARGIN = mm(8)
NARROW_PRINT_MARGIN = mm(5)


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: bottom-left corner, width and height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Box, tolerance: float = 1e-3) -> bool:
        """Return True when the interiors of the two boxes share area."""
        return (self.x < other.right - tolerance and other.x < self.right - tolerance
                and self.y < other.top - tolerance and other.y < self.top - tolerance)

    def contains(self, other: Box, tolerance: float = 1e-3) -> bool:
        return (self.x <= other.x + tolerance and other.right <= self.right + tolerance
                and self.y <= other.y + tolerance and other.top <= self.top + tolerance)

    def shifted(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class Segment:
    """A straight line from (x0, y0) to (x1, y1): one crop mark."""

    x0: float
    y0: float
    x1: float
    y1: float

    def shifted(self, dx: float, dy: float) -> Segment:
        return Segment(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)


@dataclass(frozen=True)
class Placement:
    """One card on a sheet: its trim box, the area its face may paint, and how far the face is turned."""

    slot: int      # the grid cell, row-major from the top-left as seen on the front
    card: int      # index into the physical cards being laid out
    trim: Box
    bleed: Box     # the trim plus bleed where no neighbour's card begins
    rotation: int  # degrees counter-clockwise the card's upright face is turned: 0, 90, 180 or 270
    paint: Box | None = None  # what the face may paint: the bleed, plus SEAM_OVERLAP over a shared cut line

    @property
    def painted(self) -> Box:
        return self.paint or self.bleed


@dataclass(frozen=True)
class Label:
    """A free strip of margin for page information, and the turn its text reads at."""

    box: Box
    rotation: int  # 0 reads left to right; 90 reads bottom to top


@dataclass(frozen=True)
class LabelNeed:
    """The room a page label needs: its length along the margin and its depth across it."""

    length: float
    depth: float


@dataclass(frozen=True)
class Sheet:
    """One printed page: a front with its cards, or the back printed behind a front."""

    page: int
    side: str  # "front" or "back"
    placements: tuple[Placement, ...]
    marks: tuple[Segment, ...]
    labels: tuple[Label | None, ...]


@dataclass(frozen=True)
class SheetSpec:
    """What the planner is asked: paper, card size, bleed, gap, printable margin, backs and back offset."""

    paper: Paper
    card_w: float
    card_h: float
    bleed: float = mm(3)
    gap: float = 0.0
    margin: float = PRINT_MARGIN
    backs: str = "duplex-long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    narrow_margin_allowed: bool = False  # the build may come to NARROW_PRINT_MARGIN to fit more (no --printer-margin)


@dataclass(frozen=True)
class Grid:
    """The cells of a sheet and what surrounds the block: its bleed and the length of its crop marks."""

    cols: int
    rows: int
    rotated: bool
    cell_w: float
    cell_h: float
    x0: float
    y0: float
    gap: float
    bleed: float          # as asked; used between cards and towards empty cells
    outer_bleed_x: float  # left and right of the block: the bleed asked for
    outer_bleed_y: float  # below and above the block
    mark_x: float         # length of the marks left and right of the block
    mark_y: float         # length of the marks below and above the block

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def block(self) -> Box:
        return Box(self.x0, self.y0, self.cols * self.cell_w + (self.cols - 1) * self.gap,
                   self.rows * self.cell_h + (self.rows - 1) * self.gap)

    @property
    def block_bleed(self) -> Box:
        """Return the block grown by its outer bleed: nothing but cards may be drawn inside it."""
        b = self.block
        return Box(b.x - self.outer_bleed_x, b.y - self.outer_bleed_y, b.w + 2 * self.outer_bleed_x,
                   b.h + 2 * self.outer_bleed_y)

    def cell(self, slot: int) -> Box:
        row, col = divmod(slot, self.cols)
        x = self.x0 + col * (self.cell_w + self.gap)
        y = self.block.top - (row + 1) * self.cell_h - row * self.gap
        return Box(x, y, self.cell_w, self.cell_h)


@dataclass(frozen=True)
class SheetPlan:
    """Every sheet of a build, in print order, with the grid that produced them and notes for the user."""

    spec: SheetSpec
    grid: Grid
    sheets: tuple[Sheet, ...]
    notes: tuple[str, ...] = ()

    @property
    def fronts(self) -> tuple[Sheet, ...]:
        return tuple(s for s in self.sheets if s.side == "front")
