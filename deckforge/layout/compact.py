"""Compact a written PDF: pack its small objects (page dictionaries, font dictionaries, the cross-reference
table) into compressed object streams, which ReportLab does not write.

A sheet's cards are drawn once into forms (draw.py), so what a page adds is its own dictionary and its page
number; packed, that is a few hundred bytes, and thirty times the copies of a deck's faces make a PDF less than
twice the size. Where pages carry much of their own (every face distinct), packing would save a few per cent for a
second and some 30 MB per 5,000 cards, so it is left out. Object streams are PDF 1.5 (2003); PDF/X files, which
pdfx/finish.py writes, are not compacted here.
"""
from __future__ import annotations

import os
from pathlib import Path

PAGE_SAVING = 300  # bytes a page's dictionary and cross-reference entry take beyond their packed form
WORTH_IT = 0.1  # compact when that saves at least this share of the file


def compact_pdf(path: Path | str, pages: int | None = None) -> bool:
    """Rewrite the PDF at `path` with object streams if that makes it a tenth smaller; return whether it did.

    Given the number of `pages` the writer made, a file not worth it is not even opened (nor pikepdf imported).
    The same input gives the same bytes.
    """
    if pages is not None and not _worth_it(pages, os.path.getsize(path)):
        return False
    import pikepdf

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        if not _worth_it(len(pdf.pages), os.path.getsize(path)):
            return False
        pdf.save(path, object_stream_mode=pikepdf.ObjectStreamMode.generate, deterministic_id=True)
    return True


def _worth_it(pages: int, size: int) -> bool:
    return pages * PAGE_SAVING >= WORTH_IT * size
