"""Imposition: plan where every card, back, crop mark and page label goes on every sheet, as pure geometry.

Nothing here draws. All lengths are PDF points; the origin is the sheet's bottom-left corner as seen from the
side being printed. Cards sit edge to edge by default (gap 0), so neighbours share one cut line and the bleed
surrounds the whole block; a gap gives each card its own cut lines and a bleed of up to half the gap.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..errors import BuildError
from .paper import Paper
from .units import mm, to_mm

MIN_MARK = mm(2)  # the shortest crop mark that is still easy to line a trimmer up with
MAX_MARK = mm(5)
# Cards sharing a cut line each paint this far past it, so anti-aliasing viewers and RIPs show no hairline seam
# between them; 0.1 mm of a neighbour's edge is far inside any trimmer's tolerance.
SEAM_OVERLAP = 0.3  # points
LABEL_CLEARANCE = mm(0.75)  # keep page labels this far from crop marks
BACK_MODES = ("duplex-long", "duplex-short", "none")
_EPS = 1e-6


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
    margin: float = mm(5)
    backs: str = "duplex-long"
    back_offset: tuple[float, float] = (0.0, 0.0)


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
    outer_bleed_x: float  # left and right of the block, after giving way to the marks
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


def fit_grid(spec: SheetSpec) -> Grid:
    """Choose the card orientation that fits the most cards inside the printable area with room for marks."""
    upright, turned = _grid_for(spec, rotated=False), _grid_for(spec, rotated=True)
    best = turned if turned.per_sheet > upright.per_sheet else upright
    if best.per_sheet == 0:
        raise BuildError(f"a {to_mm(spec.card_w):g} × {to_mm(spec.card_h):g} mm card does not fit on "
                         f"{spec.paper.name} paper with {to_mm(spec.margin):g} mm margins and room for crop marks; "
                         "choose a larger paper (--paper a3)")
    return best


def _grid_for(spec: SheetSpec, rotated: bool) -> Grid:
    cell_w, cell_h = (spec.card_h, spec.card_w) if rotated else (spec.card_w, spec.card_h)
    cols = _count_fitting(spec.paper.width - 2 * (spec.margin + MIN_MARK), cell_w, spec.gap)
    rows = _count_fitting(spec.paper.height - 2 * (spec.margin + MIN_MARK), cell_h, spec.gap)
    block_w = cols * cell_w + max(cols - 1, 0) * spec.gap
    block_h = rows * cell_h + max(rows - 1, 0) * spec.gap
    x0, y0 = (spec.paper.width - block_w) / 2, (spec.paper.height - block_h) / 2
    room_x, room_y = x0 - spec.margin, y0 - spec.margin  # from the block to the printable edge
    # The bleed outside the block gives way to the crop marks: marks that a printer cannot print are no use.
    bleed_x = max(0.0, min(spec.bleed, room_x - MIN_MARK))
    bleed_y = max(0.0, min(spec.bleed, room_y - MIN_MARK))
    return Grid(cols, rows, rotated, cell_w, cell_h, x0, y0, spec.gap, spec.bleed, bleed_x, bleed_y,
                mark_x=min(MAX_MARK, room_x - bleed_x), mark_y=min(MAX_MARK, room_y - bleed_y))


def _count_fitting(room: float, size: float, gap: float) -> int:
    return max(0, math.floor((room + gap + _EPS) / (size + gap)))


def plan_sheets(spec: SheetSpec, card_count: int, labels: tuple[LabelNeed, ...] = ()) -> SheetPlan:
    """Plan the fronts (and backs, unless `spec.backs` is "none") that print `card_count` cards."""
    assert spec.backs in BACK_MODES, spec.backs
    grid = fit_grid(spec)
    label_boxes = place_labels(spec, grid, labels)
    sheets: list[Sheet] = []
    for first in range(0, card_count, grid.per_sheet):
        cards = range(first, min(first + grid.per_sheet, card_count))
        front = _front(grid, cards, len(sheets) + 1, label_boxes)
        sheets.append(front)
        if spec.backs != "none":
            sheets.append(back_of(front, spec, len(sheets) + 1))
    return SheetPlan(spec, grid, tuple(sheets), _notes(spec, grid))


def _front(grid: Grid, cards: range, page: int, labels: tuple[Label | None, ...]) -> Sheet:
    used = {slot: card for slot, card in enumerate(cards)}
    placements = []
    for slot, card in used.items():
        bleed, paint = _areas(grid, slot, used)
        placements.append(Placement(slot, card, grid.cell(slot), bleed, 90 if grid.rotated else 0, paint))
    return Sheet(page, "front", tuple(placements), crop_marks(grid, [p.trim for p in placements]), labels)


def _areas(grid: Grid, slot: int, used: dict[int, int]) -> tuple[Box, Box]:
    """Return the card's bleed box, and the box it paints: the bleed plus SEAM_OVERLAP over shared cut lines."""
    row, col = divmod(slot, grid.cols)
    sides = {"left": (0, -1, grid.outer_bleed_x), "right": (0, 1, grid.outer_bleed_x),
             "below": (1, 0, grid.outer_bleed_y), "above": (-1, 0, grid.outer_bleed_y)}
    bleed, seam = {}, {}
    for side, (d_row, d_col, outer) in sides.items():
        r, c = row + d_row, col + d_col
        inside = 0 <= r < grid.rows and 0 <= c < grid.cols
        shared = inside and r * grid.cols + c in used
        # Towards a card, bleed at most half the gap; towards an empty cell, the full bleed; outside, what's left.
        bleed[side] = min(grid.bleed, grid.gap / 2) if shared else grid.bleed if inside else outer
        seam[side] = SEAM_OVERLAP if shared and grid.gap == 0 else 0.0
    trim = grid.cell(slot)
    return _grow(trim, bleed), _grow(trim, {k: bleed[k] + seam[k] for k in bleed})


def _grow(box: Box, by: dict[str, float]) -> Box:
    return Box(box.x - by["left"], box.y - by["below"], box.w + by["left"] + by["right"],
               box.h + by["below"] + by["above"])


def crop_marks(grid: Grid, trims: list[Box]) -> tuple[Segment, ...]:
    """Mark both ends of every cut line of the placed cards, in the margin just outside the block's bleed."""
    outside = grid.block_bleed
    xs = sorted({round(v, 6) for t in trims for v in (t.x, t.right)})
    ys = sorted({round(v, 6) for t in trims for v in (t.y, t.top)})
    marks = [Segment(x, outside.y - grid.mark_y, x, outside.y) for x in xs]
    marks += [Segment(x, outside.top, x, outside.top + grid.mark_y) for x in xs]
    marks += [Segment(outside.x - grid.mark_x, y, outside.x, y) for y in ys]
    marks += [Segment(outside.right, y, outside.right + grid.mark_x, y) for y in ys]
    return tuple(marks)


def place_labels(spec: SheetSpec, grid: Grid, needs: tuple[LabelNeed, ...]) -> tuple[Label | None, ...]:
    """Give each label a strip of margin between crop marks, bottom margin first; None where none is left."""
    slots = _free_strips(spec, grid)
    chosen: list[Label | None] = []
    for need in needs:
        fitting = [s for s in slots if _length(s) >= need.length and _depth(s) >= need.depth]
        if not fitting:
            chosen.append(None)
            continue
        slot = fitting[0]
        slots.remove(slot)
        chosen.append(_trim_to(slot, need))
    return tuple(chosen)


def _free_strips(spec: SheetSpec, grid: Grid) -> list[Label]:
    """Return the free strips of margin, best first, none overlapping another or any mark or bleed.

    Each side's margin has two bands: next to the block, where the crop marks stand, split at every cut line;
    and beyond the marks' ends, one strip the length of the printable side.
    """
    cells = [grid.cell(slot) for slot in range(grid.per_sheet)]
    xs = sorted({v for t in cells for v in (t.x, t.right)})
    ys = sorted({v for t in cells for v in (t.y, t.top)})
    out, m, c = grid.block_bleed, spec.margin, LABEL_CLEARANCE
    right_edge, top_edge = spec.paper.width - m, spec.paper.height - m
    strips: list[Label] = []
    for side in ("bottom", "top", "left", "right"):
        across = xs if side in ("bottom", "top") else ys
        mark = grid.mark_y if side in ("bottom", "top") else grid.mark_x
        inner_lo, inner_hi = {"bottom": (out.y - mark, out.y), "top": (out.top, out.top + mark),
                              "left": (out.x - mark, out.x), "right": (out.right, out.right + mark)}[side]
        outer_lo, outer_hi = {"bottom": (m, out.y - mark - c), "top": (out.top + mark + c, top_edge),
                              "left": (m, out.x - mark - c), "right": (out.right + mark + c, right_edge)}[side]
        low, high = (m, right_edge) if side in ("bottom", "top") else (m, top_edge)
        spans = [(outer_lo, outer_hi, low, high)] + [(inner_lo, inner_hi, a, b) for a, b in _between(low, high, across)]
        for d0, d1, a, b in spans:
            box = Box(a, d0, b - a, d1 - d0) if side in ("bottom", "top") else Box(d0, a, d1 - d0, b - a)
            if box.w > 0 and box.h > 0:
                strips.append(Label(box, 0 if side in ("bottom", "top") else 90))
    return strips


def _between(low: float, high: float, cuts: list[float]) -> list[tuple[float, float]]:
    """Return the stretches of [low, high] that keep LABEL_CLEARANCE away from every cut position."""
    edges = [low - LABEL_CLEARANCE] + cuts + [high + LABEL_CLEARANCE]
    spans = [(a + LABEL_CLEARANCE, b - LABEL_CLEARANCE) for a, b in zip(edges, edges[1:])]
    return [(max(a, low), min(b, high)) for a, b in spans if min(b, high) - max(a, low) > 0]


def _length(label: Label) -> float:
    return label.box.w if label.rotation == 0 else label.box.h


def _depth(label: Label) -> float:
    return label.box.h if label.rotation == 0 else label.box.w


def _trim_to(label: Label, need: LabelNeed) -> Label:
    """Shrink a strip to the label's size, centred in it."""
    box = label.box
    if label.rotation == 0:
        return Label(Box(box.x + (box.w - need.length) / 2, box.y + (box.h - need.depth) / 2,
                         need.length, need.depth), 0)
    return Label(Box(box.x + (box.w - need.depth) / 2, box.y + (box.h - need.length) / 2,
                     need.depth, need.length), 90)


def back_of(front: Sheet, spec: SheetSpec, page: int) -> Sheet:
    """Mirror a front so each back lands behind its own card, then shift it by the back offset.

    Long-edge duplex turns the sheet over its vertical edge (mirror left-right); short-edge duplex over its
    horizontal edge (mirror top-bottom). A back is turned a half turn wherever that keeps it upright when the
    cut card is turned over sideways.
    """
    dx, dy = spec.back_offset

    def move(box: Box) -> Box:
        return _mirror(box, spec).shifted(dx, dy)

    placements = tuple(replace(p, trim=move(p.trim), bleed=move(p.bleed), paint=move(p.painted),
                               rotation=_back_rotation(p, spec)) for p in front.placements)
    marks = tuple(_mirror_segment(s, spec).shifted(dx, dy) for s in front.marks)
    labels = tuple(None if lb is None else Label(move(lb.box), lb.rotation) for lb in front.labels)
    return Sheet(page, "back", placements, marks, labels)


def _mirror(box: Box, spec: SheetSpec) -> Box:
    if spec.backs == "duplex-short":
        return Box(box.x, spec.paper.height - box.top, box.w, box.h)
    return Box(spec.paper.width - box.right, box.y, box.w, box.h)


def _mirror_segment(seg: Segment, spec: SheetSpec) -> Segment:
    if spec.backs == "duplex-short":
        h = spec.paper.height
        return Segment(seg.x0, h - seg.y0, seg.x1, h - seg.y1)
    w = spec.paper.width
    return Segment(w - seg.x0, seg.y0, w - seg.x1, seg.y1)


def _back_rotation(p: Placement, spec: SheetSpec) -> int:
    # Turning the sheet over its horizontal axis turns an upright card's back upside down; so does turning a
    # sideways card over the sheet's vertical axis. Either alone needs a half turn; both cancel.
    half_turn = (spec.backs == "duplex-short") != (p.rotation % 180 == 90)
    return (p.rotation + (180 if half_turn else 0)) % 360


def _notes(spec: SheetSpec, grid: Grid) -> tuple[str, ...]:
    notes = []
    for axis, outer in (("left and right", grid.outer_bleed_x), ("top and bottom", grid.outer_bleed_y)):
        if outer + _EPS < spec.bleed:
            notes.append(f"the bleed {axis} of the card block is {to_mm(outer):.1f} mm instead of "
                         f"{to_mm(spec.bleed):g} mm, to leave room for printable crop marks on "
                         f"{spec.paper.name} paper")
    return tuple(notes)
