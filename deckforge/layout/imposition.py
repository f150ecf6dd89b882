"""Imposition: plan where every card, back, crop mark and page label goes on every sheet, as pure geometry.

Nothing here draws. All lengths are PDF points; the origin is the sheet's bottom-left corner as seen from the
side being printed. With gap 0 cards sit edge to edge, so neighbours share one cut line and the bleed surrounds the
whole block; a gap gives each card its own cut lines and a bleed of up to half the gap (the build chooses the gap:
see `edges`). The requested bleed is always kept around the block, and crop marks at least MIN_MARK long stay
PRINT_MARGIN inside the paper edge; the grid holds as many cards as that leaves room for.
"""
from __future__ import annotations

import math
from dataclasses import replace

from ..errors import BuildError, counted
# The plan's types live in geometry; the other stages import them from here too.
from .geometry import (NARROW_PRINT_MARGIN, PRINT_MARGIN, Box, Grid, Label, LabelNeed, Placement, Segment,  # noqa: F401
                       Sheet, SheetPlan, SheetSpec)
from .units import mm, to_mm

# The shortest crop mark that is still easy to line a trimmer up with. At 2.5 mm four rows of turned poker cards
# (252 mm, or 270 mm each in its own 3 mm bleed) still fit A4 with the marks 8 mm inside the edge: 8 cards a sheet.
MIN_MARK = mm(2.5)
MAX_MARK = mm(5)
# Cards sharing a cut line each paint this far past it, so anti-aliasing viewers and RIPs show no hairline seam
# between them; 0.1 mm of a neighbour's edge is far inside any trimmer's tolerance.
SEAM_OVERLAP = 0.3  # points
# Keep page labels this far from crop marks and cut lines: as far as a careful cut misses by (edges.STRIP), so a
# card cut that far off, even with no bleed, carries no label's ink.
LABEL_CLEARANCE = mm(0.75)
BACK_MODES = ("duplex-long", "duplex-short", "none")
_EPS = 1e-6


def fit_grid(spec: SheetSpec) -> Grid:
    """Choose the card orientation that fits the most cards with the whole bleed and printable crop marks."""
    upright, turned = _grid_for(spec, rotated=False), _grid_for(spec, rotated=True)
    best = turned if turned.per_sheet > upright.per_sheet else upright
    if best.per_sheet == 0:
        raise BuildError(f"a {to_mm(spec.card_w):g} × {to_mm(spec.card_h):g} mm card with {to_mm(spec.bleed):g} mm "
                         f"of bleed and {to_mm(MIN_MARK):g} mm crop marks {to_mm(spec.margin):g} mm inside the paper "
                         f"edge does not fit on {spec.paper.name} paper; {_what_fits(spec)}")
    return best


def _what_fits(spec: SheetSpec) -> str:
    """Name the changes that would fit the card (only those that do): a larger paper, a smaller bleed."""
    from .paper import PAPER_SIZES, paper

    def fits(other: SheetSpec) -> bool:
        return any(_grid_for(other, rotated).per_sheet for rotated in (False, True))

    larger = [name for name in PAPER_SIZES if name != spec.paper.name and fits(replace(spec, paper=paper(name)))]
    ways = [f"choose a larger paper (--paper {larger[0]})"] if larger else []
    if spec.bleed > 0 and fits(replace(spec, bleed=0.0)):
        ways.append("a smaller --bleed")
    if not ways:
        return (f"no paper deckforge prints on ({', '.join(PAPER_SIZES)}) holds it: give the deck a smaller "
                "card_size, or build it card by card (--format cards-pdf)")
    return " or ".join(ways)


def _grid_for(spec: SheetSpec, rotated: bool) -> Grid:
    cell_w, cell_h = (spec.card_h, spec.card_w) if rotated else (spec.card_w, spec.card_h)
    surround = 2 * (spec.margin + MIN_MARK + spec.bleed)  # around the block: bleed, then marks, then the margin
    cols = _count_fitting(spec.paper.width - surround, cell_w, spec.gap)
    rows = _count_fitting(spec.paper.height - surround, cell_h, spec.gap)
    block_w = cols * cell_w + max(cols - 1, 0) * spec.gap
    block_h = rows * cell_h + max(rows - 1, 0) * spec.gap
    x0, y0 = (spec.paper.width - block_w) / 2, (spec.paper.height - block_h) / 2
    room_x, room_y = x0 - spec.margin - spec.bleed, y0 - spec.margin - spec.bleed  # from the bleed to the margin
    return Grid(cols, rows, rotated, cell_w, cell_h, x0, y0, spec.gap, spec.bleed, spec.bleed, spec.bleed,
                mark_x=min(MAX_MARK, room_x), mark_y=min(MAX_MARK, room_y))


def _count_fitting(room: float, size: float, gap: float) -> int:
    return max(0, math.floor((room + gap + _EPS) / (size + gap)))


def plan_sheets(spec: SheetSpec, card_count: int, labels: tuple[LabelNeed, ...] = ()) -> SheetPlan:
    """Plan the fronts (and backs, unless `spec.backs` is "none") that print `card_count` cards."""
    assert spec.backs in BACK_MODES, spec.backs
    grid = fit_grid(spec)
    label_boxes = place_labels(spec, grid, labels)
    sheets: list[Sheet] = []
    laid: dict[int, list[Sheet]] = {}  # the sides of a sheet of n cards (the first card 0): full sheets are alike
    for first in range(0, card_count, grid.per_sheet):
        count = min(grid.per_sheet, card_count - first)
        sides = laid.get(count)
        if sides is None:
            front = _front(grid, range(count), 0, label_boxes)
            sides = laid[count] = [front, back_of(front, spec, 0)] if spec.backs != "none" else [front]
        sheets += [_numbered(side, page, first) for page, side in enumerate(sides, start=len(sheets) + 1)]
    if spec.backs != "none":
        check_back_offset(spec, sheets[0])
    return SheetPlan(spec, grid, tuple(sheets), _notes(spec, grid))


def _numbered(sheet: Sheet, page: int, first: int) -> Sheet:
    """Return a sheet laid out for the cards from 0 as page `page`, holding the cards from `first`."""
    placements = tuple(Placement(p.slot, p.card + first, p.trim, p.bleed, p.rotation, p.paint)
                       for p in sheet.placements)
    return Sheet(page, sheet.side, placements, sheet.marks, sheet.labels)


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
    """Return the free strips of margin, best first, none overlapping another or any mark or bleed, nor nearer a
    cut line than LABEL_CLEARANCE (with little or no bleed, the band beside the marks is that much shallower).

    Each side's margin has two bands: next to the block, where the crop marks stand, split at every cut line;
    and beyond the marks' ends, one strip the length of the printable side.
    """
    cells = [grid.cell(slot) for slot in range(grid.per_sheet)]
    xs = sorted({v for t in cells for v in (t.x, t.right)})
    ys = sorted({v for t in cells for v in (t.y, t.top)})
    out, m, c = grid.block_bleed, spec.margin, LABEL_CLEARANCE
    near = _label_bound(grid)
    right_edge, top_edge = spec.paper.width - m, spec.paper.height - m
    strips: list[Label] = []
    for side in ("bottom", "top", "left", "right"):
        across = xs if side in ("bottom", "top") else ys
        mark = grid.mark_y if side in ("bottom", "top") else grid.mark_x
        inner_lo, inner_hi = {"bottom": (out.y - mark, near.y), "top": (near.top, out.top + mark),
                              "left": (out.x - mark, near.x), "right": (near.right, out.right + mark)}[side]
        outer_lo, outer_hi = {"bottom": (m, out.y - mark - c), "top": (out.top + mark + c, top_edge),
                              "left": (m, out.x - mark - c), "right": (out.right + mark + c, right_edge)}[side]
        low, high = (m, right_edge) if side in ("bottom", "top") else (m, top_edge)
        spans = [(outer_lo, outer_hi, low, high)] + [(inner_lo, inner_hi, a, b) for a, b in _between(low, high, across)]
        for d0, d1, a, b in spans:
            box = Box(a, d0, b - a, d1 - d0) if side in ("bottom", "top") else Box(d0, a, d1 - d0, b - a)
            if box.w > 0 and box.h > 0:
                strips.append(Label(box, 0 if side in ("bottom", "top") else 90))
    return strips


def _label_bound(grid: Grid) -> Box:
    """Return the box no label may enter: the block's bleed, or LABEL_CLEARANCE round its cut lines if wider."""
    out, block = grid.block_bleed, grid.block
    x0, y0 = min(out.x, block.x - LABEL_CLEARANCE), min(out.y, block.y - LABEL_CLEARANCE)
    x1, y1 = max(out.right, block.right + LABEL_CLEARANCE), max(out.top, block.top + LABEL_CLEARANCE)
    return Box(x0, y0, x1 - x0, y1 - y0)


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


MAX_BACK_OFFSET_MM = 10  # --back-offset accepts up to this in each direction: more is a printer to mend, not offset


def check_back_offset(spec: SheetSpec, front: Sheet) -> None:
    """Refuse a back offset that would push a back's card, bleed, crop mark or label off the paper."""
    unshifted = back_of(front, replace(spec, back_offset=(0.0, 0.0)), front.page + 1)
    boxes = [p.painted for p in unshifted.placements] + [_segment_box(m) for m in unshifted.marks]
    boxes += [lb.box for lb in unshifted.labels if lb]
    left, below = min(b.x for b in boxes), min(b.y for b in boxes)
    right, above = spec.paper.width - max(b.right for b in boxes), spec.paper.height - max(b.top for b in boxes)
    dx, dy = spec.back_offset
    if -left - _EPS <= dx <= right + _EPS and -below - _EPS <= dy <= above + _EPS:
        return
    def inward(room: float) -> float:  # shown to 0.1 mm, rounded so that the figure itself is allowed
        return math.floor(to_mm(room) * 10 + _EPS) / 10

    def span(low: float, high: float) -> str:  # what the paper leaves, within what the option accepts
        return f"{max(-inward(low), -MAX_BACK_OFFSET_MM):.1f} to {min(inward(high), MAX_BACK_OFFSET_MM):.1f} mm"

    raise BuildError(f"--back-offset {to_mm(dx):g},{to_mm(dy):g} would push the backs' cards, bleed or crop marks "
                     f"off the {spec.paper.name} paper; on these sheets DX can be {span(left, right)} and DY "
                     f"{span(below, above)}")


def _segment_box(seg: Segment) -> Box:
    return Box(min(seg.x0, seg.x1), min(seg.y0, seg.y1), abs(seg.x1 - seg.x0), abs(seg.y1 - seg.y0))


def _notes(spec: SheetSpec, grid: Grid) -> tuple[str, ...]:
    """Say why the sheet holds no more cards, and which smaller bleed (1 mm or more) would fit more; and when it
    fits them only with the marks NARROW_PRINT_MARGIN from the paper edge, say that too."""
    margins = {spec.margin} | ({NARROW_PRINT_MARGIN} if spec.narrow_margin_allowed else set())

    def fits(bleed: float, at: set[float] = margins) -> int:  # as the build would place them: either way round
        trials = [replace(spec, bleed=bleed, gap=min(spec.gap, 2 * bleed), margin=margin) for margin in at]
        return max(_grid_for(trial, turn).per_sheet for trial in trials for turn in (False, True))

    if spec.bleed == 0 or fits(0.0) <= grid.per_sheet:
        return ()
    note = (f"{counted(grid.per_sheet, 'card')} a sheet: the {to_mm(spec.bleed):g} mm bleed and crop marks "
            f"{to_mm(spec.margin):g} mm inside the paper edge leave no room for more")
    # the largest bleed, in half millimetres down to 1 mm, that fits more: it keeps the most of the margin for error
    steps = [b / 2 for b in range(math.ceil(to_mm(spec.bleed) * 2 - 1e-6) - 1, 1, -1)]
    smaller = next((b for b in steps if fits(mm(b)) > grid.per_sheet), None)
    if smaller is not None:
        count = fits(mm(smaller))
        note += f"; --bleed {smaller:g} fits {count}"
        if fits(mm(smaller), {spec.margin}) < count:  # the build then moves the marks, and says so (build.py)
            note += (f", with the crop marks {to_mm(NARROW_PRINT_MARGIN):g} mm inside the paper edge instead of "
                     f"{to_mm(spec.margin):g} mm")
    return (note,)
