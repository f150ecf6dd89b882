"""A PDF read through tests/helpers/parsed_pdf.py reads back exactly as pdfplumber parses it, and a file written
again under the same name is parsed afresh, never from the earlier reading."""
from __future__ import annotations

import os
from pathlib import Path

import pdfplumber
from reportlab.pdfgen.canvas import Canvas

from parsed_pdf import open_parsed


def write_pdf(path: Path, words: list[str]) -> Path:
    canvas = Canvas(str(path), pagesize=(200, 100))
    for word in words:
        canvas.drawString(20, 50, word)
        canvas.rect(10, 10, 180, 80)
        canvas.showPage()
    canvas.save()
    return path


def test_a_shared_reading_is_pdfplumbers_own(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "two.pdf", ["Kámen", "nůžky"])
    with pdfplumber.open(path) as plain:
        expected = [(page.extract_text(), page.chars, page.rects) for page in plain.pages]
    for _ in range(2):   # the first opening parses and stores, the second reads the stored objects
        with open_parsed(path) as pdf:
            assert [(page.extract_text(), page.chars, page.rects) for page in pdf.pages] == expected
    assert len(list(tmp_path.glob(".two.pdf-*.objects.pickle"))) == 1


def test_a_file_written_again_is_parsed_again(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "book.pdf", ["first"])
    with open_parsed(path) as pdf:
        assert pdf.pages[0].extract_text() == "first"
    write_pdf(path, ["second", "third"])
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1))   # even within one clock tick
    with open_parsed(path) as pdf:
        assert [page.extract_text() for page in pdf.pages] == ["second", "third"]
