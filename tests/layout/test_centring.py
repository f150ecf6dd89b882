"""What a template centres is drawn centred, read back from the drawn faces of the bundled decks: every box centred
on the card (a panel, a ring, a frame) lies on the card's middle, a panel or frame with as much free room on its
left as on its right, and every line of centred text is centred in its box.

Free room is what a reader sees: a rule's panel centred on the card but with a column of corner symbols beside
it on one side only (the old Měnič) looks pushed to that side, so the room is measured to the nearest ink beside
the box at its height, or to the trim.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from deckforge.layout.faces import ShapeOp, TextOp
from face_book import deck_in_template, draw_face_book, standard_deck

MM = 72 / 25.4
TOLERANCE = 0.25 * MM  # how far a drawn middle may stray: a quarter of a millimetre
ROOM_TOLERANCE = 1.0 * MM  # how much more room one side may have
ROOT = Path(__file__).resolve().parents[2]
DECKS = ("kamen-nuzky-papir", "wizard", "rychle-sipy", "dymock", "prsi", "standard")


def _centred_shapes(face) -> list[ShapeOp]:
    """Return the face's shapes centred across the card, other than the background and full-width panels."""
    middle = face.width / 2
    return [op for op in face.ops if isinstance(op, ShapeOp) and abs(op.box.x + op.box.w / 2 - middle) < 0.01
            and op.box.w < 0.8 * face.width]


def _ink_boxes(page) -> list[tuple[float, float, float, float]]:
    """Return (x0, top, x1, bottom) of every character, rectangle and curve drawn on a page."""
    return [(o["x0"], o["top"], o["x1"], o["bottom"]) for o in page.chars + page.rects + page.curves]


def _drawn(page, op: ShapeOp, bleed: float):
    """Return the page object that draws a planned shape (matched by its box), in pdfplumber's coordinates."""
    x0, x1 = op.box.x + bleed, op.box.right + bleed
    top = float(page.height) - (op.box.top + bleed)
    grow = op.stroke_width / 2 if op.stroke else 0.0
    for shape in page.rects + page.curves:
        if all(abs(a - b) <= grow + 0.3 for a, b in zip((shape["x0"], shape["top"], shape["x1"]), (x0, top, x1))):
            return shape
    return None


def off_centre(book) -> list[str]:
    """Return a line for every centred shape or text line of a book's faces that is not drawn centred."""
    found = []
    with book.open() as pdf:
        for face, page in zip(book.faces, pdf.pages):
            middle = float(page.width) / 2
            trim = (book.bleed, float(page.width) - book.bleed)
            inks = _ink_boxes(page)
            for op in _centred_shapes(face):
                shape = _drawn(page, op, book.bleed)
                assert shape is not None, f"{face.key}: the shape at {op.box} is not drawn"
                if abs((shape["x0"] + shape["x1"]) / 2 - middle) > TOLERANCE:
                    found.append(f"{face.key}: the shape at x {shape['x0'] / MM:.1f} mm is off the middle")
                if op.kind != "rect" or op.box.w < 0.4 * face.width or face.key == "back":
                    continue  # a ring, a small mark or a band on a back's wallpaper: only its middle counts
                beside = [b for b in inks if b[3] > shape["top"] + 0.5 and b[1] < shape["bottom"] - 0.5
                          and (b[2] <= shape["x0"] or b[0] >= shape["x1"])]
                left = shape["x0"] - max([b[2] for b in beside if b[2] <= shape["x0"]] + [trim[0]])
                right = min([b[0] for b in beside if b[0] >= shape["x1"]] + [trim[1]]) - shape["x1"]
                if abs(left - right) > ROOM_TOLERANCE:
                    found.append(f"{face.key}: the shape at {shape['top'] / MM - 3:.1f} mm from the top has "
                                 f"{left / MM:.1f} mm free on its left, {right / MM:.1f} mm on its right")
            found += _lines_off_centre(face, page, book.bleed)
    return found


def _lines_off_centre(face, page, bleed: float) -> list[str]:
    """Return a line for every upright line of centred text whose characters are not drawn centred in its box."""
    found = []
    for op in face.ops:
        if not isinstance(op, TextOp) or op.rotation != 0:
            continue
        middle = op.frame.x + op.frame.w / 2 + bleed
        for x, y, text in op.lines:
            if abs(x + stringWidth(text, op.font, op.size) / 2 - op.frame.w / 2) > 0.01:
                continue  # not a centred line
            baseline = op.frame.y + y + bleed  # in PDF coordinates, from the bottom
            chars = [c for c in page.chars if abs(c["matrix"][5] - baseline) < 0.5 and c["text"].strip()
                     and op.frame.x + bleed - 1 <= c["x0"] and c["x1"] <= op.frame.right + bleed + 1]
            drawn = (min(c["x0"] for c in chars) + max(c["x1"] for c in chars)) / 2
            if abs(drawn - middle) > TOLERANCE:
                found.append(f"{face.key}: {text!r} is drawn {abs(drawn - middle) / MM:.2f} mm off its box's middle")
    return found


@pytest.mark.parametrize("deck", DECKS)
def test_what_is_centred_is_drawn_centred_with_even_room(tmp_path, book_folder, deck):
    source = standard_deck(tmp_path) if deck == "standard" else deck  # the standard cards, jokers included
    found = off_centre(draw_face_book(source, "cs", False, book_folder))
    assert not found, f"{deck}: " + "; ".join(found[:6])


def test_a_panel_with_corner_symbols_beside_it_on_one_side_is_caught(tmp_path, book_folder):
    """The reading itself: the old Měnič, its rule's panel beside a column of three corner items, fails."""
    template = (ROOT / "templates/cards/kamen-nuzky-papir.yaml").read_text(encoding="utf-8")
    old_column = {"rock": 7.25, "scissors": 13.25, "paper": 19.25}
    for item, bottom in old_column.items():
        start = template.index(f"name: bottom corner {item}, box: {{right: ", template.index("\n  changer:\n"))
        end = template.index("}", start)
        template = template[:start] + (f"name: bottom corner {item}, box: {{right: 7.25, bottom: {bottom}, "
                                       "width: 5.5, height: 5.5") + template[end:]
    template = template.replace("box: {left: 9.5, right: 9.5, top: 57, height: 14}",
                                "box: {left: 13.5, right: 13.5, top: 60.5, height: 19}")
    template = template.replace("box: {left: 11, right: 11, top: 58.2, height: 11.6}",
                                "box: {left: 15, right: 15, top: 61.8, height: 16.4}")
    deck = deck_in_template("kamen-nuzky-papir", template, tmp_path)
    found = off_centre(draw_face_book(deck, "cs", False, book_folder))
    assert any(line.startswith("card-changer: the shape") and "free on its left" in line for line in found), found
