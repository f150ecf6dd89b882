"""Impose an A5 rulebook as a booklet: two pages a side on A4 landscape, in saddle-stitch order.

Printed on both sides (flip on the short edge), the sheets are stacked, folded once down the middle and stapled
on the fold. For n pages (a multiple of four, which the typesetter pads to with notes pages) sheet k from the
outside, counting from 0, carries pages n - 2k and 2k + 1 on its front and 2k + 2 and n - 2k - 1 on its back.
Each page is placed whole as a form XObject (pikepdf), so its text, fonts and images stay as they were.
"""
from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

import pikepdf

from ..errors import BuildError

MM = 72 / 25.4
SIDE = (297 * MM, 210 * MM)   # A4 landscape


def booklet_order(pages: int) -> list[tuple[int, int]]:
    """Return the 1-based (left, right) page numbers of each printed side, sheet by sheet, front then back."""
    if pages % 4:
        raise BuildError(f"a booklet needs a multiple of 4 pages, not {pages}")
    sides = []
    for sheet in range(pages // 4):
        sides.append((pages - 2 * sheet, 2 * sheet + 1))
        sides.append((2 * sheet + 2, pages - 2 * sheet - 1))
    return sides


def impose_booklet(source: Path | BinaryIO, target: Path) -> int:
    """Write the A5 pages of `source` as a booklet to `target`; return the number of printed sides."""
    with pikepdf.open(source) as pdf, pikepdf.new() as booklet:
        sides = booklet_order(len(pdf.pages))
        half = SIDE[0] / 2
        for left, right in sides:
            side = booklet.add_blank_page(page_size=SIDE)
            for number, x in ((left, 0), (right, half)):
                side.add_overlay(pdf.pages[number - 1], pikepdf.Rectangle(x, 0, x + half, SIDE[1]))
        for key, value in pdf.docinfo.items():
            if isinstance(value, pikepdf.String):
                booklet.docinfo[key] = str(value)
        # Ask print dialogs for 100 % (the A5 pages must fold to A5) and for the short-edge flip the fold needs
        booklet.Root.ViewerPreferences = pikepdf.Dictionary(PrintScaling=pikepdf.Name("/None"),
                                                            Duplex=pikepdf.Name.DuplexFlipShortEdge)
        # the placed pages keep what they use (WeasyPrint's transparency groups are PDF 1.4): so does the header
        booklet.save(target, min_version=pdf.pdf_version)
    return len(sides)
