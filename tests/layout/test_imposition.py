"""Imposition as pure geometry: fitting, bleed, crop marks, labels and mirrored backs, checked as numbers."""
from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deckforge.errors import BuildError
from deckforge.layout.imposition import Box, LabelNeed, SheetSpec, fit_grid, plan_sheets
from deckforge.layout.paper import PAPER_SIZES, paper
from deckforge.layout.units import mm, parse_length, to_mm

POKER = (mm(63), mm(88))
NEEDS = (LabelNeed(mm(60), mm(2.5)), LabelNeed(mm(50), mm(3.6)), LabelNeed(mm(40), mm(2.5)))


def spec(paper_name: str = "a4", size=POKER, **kw) -> SheetSpec:
    return SheetSpec(paper(paper_name), *size, **kw)


@pytest.mark.parametrize("paper_name, gap, fitting", [("a4", 0, (2, 4, True)), ("letter", 0, (2, 4, True)),
                                                      ("a4", 6, (2, 4, True)), ("letter", 6, (2, 3, True))])
def test_poker_cards_fit_with_whole_bleed_and_marks_8_mm_inside_the_paper(paper_name: str, gap: float,
                                                                          fitting: tuple) -> None:
    # 3 upright poker cards are 189 mm: with 3 mm bleed, 2.5 mm marks and 8 mm to the edge they need 216 mm.
    grid = fit_grid(spec(paper_name, gap=mm(gap)))
    assert (grid.cols, grid.rows, grid.rotated) == fitting
    assert (grid.outer_bleed_x, grid.outer_bleed_y) == (mm(3), mm(3))


def test_both_orientations_are_tried() -> None:
    grid = fit_grid(spec("a3"))  # upright 4 × 4 = 16, turned 3 × 6 = 18
    assert (grid.cols, grid.rows, grid.rotated) == (3, 6, True)
    tarot = fit_grid(spec("a4", (mm(70), mm(120))))
    assert tarot.per_sheet == 4


def test_a_card_larger_than_the_paper_is_refused() -> None:
    with pytest.raises(BuildError, match=r"a 250 × 300 mm card with 3 mm of bleed and 2.5 mm crop marks 8 mm inside "
                                         r"the paper edge does not fit on a4 paper; choose a larger paper"):
        fit_grid(spec("a4", (mm(250), mm(300))))


@pytest.mark.parametrize("paper_name, size, advice", [
    ("letter", (200, 280), "choose a larger paper (--paper a3)"),   # no bleed would fit 280 mm on 279.4
    ("a4", (150, 274), "choose a larger paper (--paper a3) or a smaller --bleed"),  # 274 + 2 × 10.5 fits 297
    ("a3", (290, 420), "no paper deckforge prints on (a4, letter, a3) holds it: give the deck a smaller card_size, "
                       "or build it card by card (--format cards-pdf)"),
])
def test_a_card_too_big_for_the_paper_is_given_only_advice_that_works(paper_name, size, advice) -> None:
    """The refusal always offered "or a smaller --bleed", which cannot fit a card taller than the paper."""
    with pytest.raises(BuildError) as caught:
        fit_grid(spec(paper_name, (mm(size[0]), mm(size[1])), bleed=mm(3)))
    assert str(caught.value).endswith(f"does not fit on {paper_name} paper; {advice}")


def test_units_are_parsed_in_one_place() -> None:
    assert parse_length("63mm") == pytest.approx(mm(63))
    assert parse_length("0.125in") == pytest.approx(9.0)
    assert parse_length(3) == pytest.approx(mm(3))
    assert parse_length("9pt") == 9.0
    with pytest.raises(ValueError, match="'3 mmm' is not a length"):
        parse_length("3 mmm")
    assert set(PAPER_SIZES) == {"a4", "letter", "a3"}
    assert to_mm(paper("letter").width) == pytest.approx(215.9)


def test_a4_marks_stand_on_every_cut_line_in_the_margin() -> None:
    # Two turned cards across (176 mm) and four down (252 mm), centred: cut lines at x 17 + 88k, y 22.5 + 63k.
    sheet = plan_sheets(spec(), 8).sheets[0]
    verticals = sorted({round(to_mm(m.x0), 3) for m in sheet.marks if m.x0 == m.x1})
    horizontals = sorted({round(to_mm(m.y0), 3) for m in sheet.marks if m.y0 == m.y1})
    assert verticals == [17.0, 105.0, 193.0]
    assert horizontals == [22.5, 85.5, 148.5, 211.5, 274.5]
    below = [m for m in sheet.marks if m.x0 == m.x1 and m.y1 < mm(30)]
    assert {(round(to_mm(m.y0), 3), round(to_mm(m.y1), 3)) for m in below} == {(14.5, 19.5)}  # 3 mm bleed, 5 mm mark
    left = [m for m in sheet.marks if m.y0 == m.y1 and m.x1 < mm(30)]
    assert {(round(to_mm(m.x0), 3), round(to_mm(m.x1), 3)) for m in left} == {(9.0, 14.0)}


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_every_paper_keeps_the_whole_bleed_and_says_what_would_fit_more(paper_name: str) -> None:
    plan = plan_sheets(spec(paper_name, gap=mm(6)), 9)
    assert (plan.grid.outer_bleed_x, plan.grid.outer_bleed_y) == (mm(3), mm(3))
    per_sheet = plan.grid.per_sheet
    assert plan.notes[0].startswith(f"{per_sheet} cards a sheet: the 3 mm bleed and crop marks 8 mm inside the "
                                    "paper edge leave no room for more")
    assert not plan_sheets(spec("a3"), 9).notes  # nothing to say where a smaller bleed fits no more


def test_a_back_offset_pushing_marks_off_the_paper_is_refused_naming_the_range() -> None:
    with pytest.raises(BuildError, match=r"^--back-offset 10,0 would push the backs' cards, bleed or crop marks off "
                                         r"the a4 paper; on these sheets DX can be -9.0 to 9.0 mm"):
        plan_sheets(spec(back_offset=(mm(10), 0.0)), 8)
    assert plan_sheets(spec(back_offset=(mm(8), mm(-8))), 8).sheets[1].placements


def test_a_partial_sheet_marks_only_the_cut_lines_of_its_cards() -> None:
    sheet = plan_sheets(spec(), 2).sheets[0]  # one full top row of turned cards
    horizontals = sorted({round(to_mm(m.y0), 3) for m in sheet.marks if m.y0 == m.y1})
    assert horizontals == [211.5, 274.5]


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_backs_turn_so_the_cut_card_shows_its_back_upright(backs: str) -> None:
    upright = plan_sheets(spec("a4", (mm(70), mm(120)), backs=backs), 4).sheets
    turned = plan_sheets(spec("a3", backs=backs), 18).sheets
    assert upright[1].placements[0].rotation == (0 if backs == "duplex-long" else 180)
    assert turned[0].placements[0].rotation == 90
    assert turned[1].placements[0].rotation == (270 if backs == "duplex-long" else 90)


def test_back_offset_shifts_every_back_placement_and_mark() -> None:
    still = plan_sheets(spec(), 9).sheets[1]
    moved = plan_sheets(spec(back_offset=(mm(0.5), mm(-1))), 9).sheets[1]
    for a, b in zip(still.placements, moved.placements):
        assert (b.trim.x - a.trim.x, b.trim.y - a.trim.y) == pytest.approx((mm(0.5), mm(-1)))
    for a, b in zip(still.marks, moved.marks):
        assert (b.x0 - a.x0, b.y1 - a.y1) == pytest.approx((mm(0.5), mm(-1)))


def _mirror(box: Box, sheet_spec: SheetSpec) -> Box:
    width, height = sheet_spec.paper.width, sheet_spec.paper.height
    if sheet_spec.backs == "duplex-short":
        return Box(box.x, height - box.y - box.h, box.w, box.h)
    return Box(width - box.x - box.w, box.y, box.w, box.h)


def _segment_box(m) -> Box:
    return Box(min(m.x0, m.x1), min(m.y0, m.y1), abs(m.x1 - m.x0), abs(m.y1 - m.y0))


@settings(max_examples=120, deadline=None)
@given(paper_name=st.sampled_from(sorted(PAPER_SIZES)), w=st.floats(20, 160), h=st.floats(20, 160),
       bleed=st.floats(0, 10), gap=st.sampled_from([0.0, 0.0, 2.0, 6.0, 20.0]), count=st.integers(1, 40),
       backs=st.sampled_from(["duplex-long", "duplex-short", "none"]),
       dx=st.floats(-10, 10), dy=st.floats(-10, 10))
def test_placements_never_overlap_and_marks_stay_in_the_printable_margin(paper_name, w, h, bleed, gap, count, backs,
                                                                           dx, dy) -> None:
    sheet_spec = spec(paper_name, (mm(w), mm(h)), bleed=mm(bleed), gap=mm(gap), backs=backs,
                      back_offset=(mm(dx), mm(dy)))
    try:
        plan = plan_sheets(sheet_spec, count, NEEDS)
    except BuildError:
        assume(False)
    sheet_w, sheet_h, margin = sheet_spec.paper.width, sheet_spec.paper.height, sheet_spec.margin
    printable = Box(margin, margin, sheet_w - 2 * margin, sheet_h - 2 * margin)
    fronts = plan.fronts
    assert sum(len(s.placements) for s in fronts) == count
    assert (plan.grid.outer_bleed_x, plan.grid.outer_bleed_y) == (sheet_spec.bleed, sheet_spec.bleed)
    for sheet in fronts:
        trims = [p.trim for p in sheet.placements]
        for i, p in enumerate(sheet.placements):
            assert printable.contains(p.trim)
            assert Box(0, 0, sheet_w, sheet_h).contains(p.bleed)
            assert p.bleed.contains(p.trim)
            assert not any(p.trim.overlaps(t) for j, t in enumerate(trims) if j != i)
            assert not any(p.bleed.overlaps(t) for j, t in enumerate(trims) if j != i)
        for mark in sheet.marks:
            assert printable.contains(_segment_box(mark))
            assert not any(_segment_box(mark).overlaps(p.painted, tolerance=1e-6) for p in sheet.placements)
        labels = [lb.box for lb in sheet.labels if lb]
        for i, box in enumerate(labels):
            assert printable.contains(box)
            assert not any(box.overlaps(p.painted) for p in sheet.placements)
            assert not any(box.overlaps(_segment_box(m), tolerance=0) for m in sheet.marks)
            assert not any(box.overlaps(other) for other in labels[i + 1:])
    if backs != "none":
        for front, back in zip(plan.sheets[::2], plan.sheets[1::2]):
            assert back.side == "back" and back.page == front.page + 1
            for item in [p.painted for p in back.placements] + [_segment_box(m) for m in back.marks]:
                assert Box(0, 0, sheet_w, sheet_h).contains(item)  # a larger offset is refused
            for f, b in zip(front.placements, back.placements):
                expected = _mirror(f.trim, sheet_spec).shifted(mm(dx), mm(dy))
                assert (b.trim.x, b.trim.y, b.card) == pytest.approx((expected.x, expected.y, f.card))


def test_the_smaller_bleed_named_is_the_largest_that_fits_more_at_a_margin_the_build_may_use() -> None:
    """DYMOCK at 5 mm: the default 3 mm fits 9 poker cards on A4 once the marks may come to 5 mm from the edge,
    which the build allows by itself unless --printer-margin is given, and the note says they would (it named the
    bleed alone, and only the next build's note said the marks had moved); at 8 mm, 3 mm (not 2) is the one to
    name, and the marks are at 5 mm already."""
    from dataclasses import replace

    at = {b: replace(spec("a4", bleed=mm(b)), narrow_margin_allowed=True) for b in (5, 8)}
    assert plan_sheets(at[5], 9).notes[0].endswith("leave no room for more; --bleed 3 fits 9, with the crop marks "
                                                   "5 mm inside the paper edge instead of 8 mm")
    assert plan_sheets(replace(at[8], margin=mm(5)), 9).notes[0].endswith("; --bleed 3 fits 9")
    fixed = spec("a4", bleed=mm(5))   # --printer-margin 8: 8 mm inside, no bleed of 1 mm or more fits a 9th card
    assert plan_sheets(fixed, 9).notes == ("8 cards a sheet: the 5 mm bleed and crop marks 8 mm inside the paper "
                                           "edge leave no room for more",)


def test_a_sheet_of_one_card_says_card_in_the_singular() -> None:
    """The note read "1 cards a sheet"."""
    plan = plan_sheets(spec("a4", size=(mm(150), mm(138)), bleed=mm(3)), 4)
    assert plan.notes == ("1 card a sheet: the 3 mm bleed and crop marks 8 mm inside the paper edge leave no room "
                          "for more",)
