"""Frames forgive a mis-cut: read back from every drawn face and back of the bundled templates, no frame, panel or
pattern edge runs between the trim and 5 mm inside it.

A cut that is off by 1 mm turns a frame 3 mm inside the trim into borders of 2 mm and 4 mm, plain to see; at 5 mm
or more the difference is small beside the border, and colour that runs past the trim into the bleed (a
full-bleed background or pattern) shows no edge at all. A "frame" here is any rectangle or curve, stroked or
filled, at least 40 % as wide and as tall as the card: panels, bands, outlines, a back's pattern field. Smaller
shapes (pips, corner indices) may sit nearer the edge.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from face_book import deck_in_template, draw_face_book, standard_deck

MM = 72 / 25.4
SAFE_MM = 5.0
TOLERANCE_MM = 0.05
ROOT = Path(__file__).resolve().parents[2]
DECKS = ("kamen-nuzky-papir", "wizard", "rychle-sipy", "dymock", "prsi", "basic", "standard")


def _deck(deck: str, folder: Path):
    """Return the bundled deck; for `basic` (a template no bundled deck uses) Wizard's deck set in it, for
    `standard` the standard playing cards with jokers."""
    if deck == "standard":
        return standard_deck(folder)
    if deck != "basic":
        return deck
    return deck_in_template("wizard", (ROOT / "templates/cards/basic.yaml").read_text(encoding="utf-8"), folder)


def frame_insets(book) -> list[tuple[str, str, float]]:
    """Return (face, side, mm) for every frame side that lies between the trim and SAFE_MM inside it."""
    found = []
    bleed = book.bleed
    with book.open() as pdf:
        for face, page in zip(book.faces, pdf.pages):
            trim = (bleed, bleed, float(page.width) - bleed, float(page.height) - bleed)
            width, height = trim[2] - trim[0], trim[3] - trim[1]
            for shape in page.rects + page.curves:
                if shape["x1"] - shape["x0"] < 0.4 * width or shape["bottom"] - shape["top"] < 0.4 * height:
                    continue
                grow = shape["linewidth"] / 2 if shape.get("stroke") else 0.0  # a stroke reaches out half its width
                insets = {"left": shape["x0"] - grow - trim[0], "top": shape["top"] - grow - trim[1],
                          "right": trim[2] - shape["x1"] - grow, "bottom": trim[3] - shape["bottom"] - grow}
                found += [(face.key, side, inset / MM) for side, inset in insets.items()
                          if TOLERANCE_MM < inset / MM < SAFE_MM - TOLERANCE_MM]
    return found


@pytest.mark.parametrize("ink_saver", [False, True], ids=["normal", "ink-saver"])
@pytest.mark.parametrize("deck", DECKS)
def test_no_frame_lies_within_5_mm_of_the_trim(tmp_path, book_folder, deck, ink_saver):
    book = draw_face_book(_deck(deck, tmp_path), "en", ink_saver, book_folder)
    near = frame_insets(book)
    assert not near, f"{deck}: frames {SAFE_MM:g} mm or less inside the trim: " + ", ".join(
        f"{key} {side} {inset:.2f} mm" for key, side, inset in sorted(set(near))[:8])


def test_the_check_sees_a_frame_3_mm_inside_the_trim(tmp_path, book_folder):
    """The reading itself: a deck whose template keeps the old 3 mm frame is caught, side by side."""
    template = (ROOT / "templates/cards/dymock.yaml").read_text(encoding="utf-8")
    old_frame = ("      - {type: rect, name: old frame, box: {left: 3, top: 3, right: 3, bottom: 3}, radius: 2.5,\n"
                 "         stroke: ink, stroke_width: 0.6}\n")
    deck = deck_in_template("dymock", template.replace("    elements:\n", "    elements:\n" + old_frame, 1), tmp_path)
    near = frame_insets(draw_face_book(deck, "en", False, book_folder))
    sides = {(key, side) for key, side, inset in near if inset == pytest.approx(3 - 0.3 / MM, abs=0.05)}
    assert ("card-hearts-4", "left") in sides and ("card-hearts-4", "bottom") in sides
