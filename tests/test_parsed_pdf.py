"""A PDF read through tests/helpers/parsed_pdf.py reads back exactly as pdfplumber parses it, and a file written
again under the same name is parsed afresh, never from the earlier reading; pdfminer fed by qpdf's tokenizer
(tests/helpers/quick_tokens.py, installed for every test) reads what its own tokenizer reads."""
from __future__ import annotations

import os
from pathlib import Path

import pdfplumber
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

import quick_tokens
from deckforge.layout import BuildOptions, build_deck
from deckforge.load import load_deck
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


def _objects(path: Path) -> list[dict]:
    """Every object pdfplumber finds on each page, as it finds them (an image's stream left out: it has no ==)."""
    with pdfplumber.open(path) as pdf:
        return [{kind: [{key: value for key, value in obj.items() if key != "stream"} for obj in found]
                 for kind, found in page.objects.items()} for page in pdf.pages]


def _read_both_ways(path: Path, monkeypatch) -> tuple[list[dict], list[dict], int]:
    """Return the objects read with pdfminer's own tokenizer and with qpdf's, and how many streams qpdf parsed."""
    parsed = []
    real = quick_tokens.pikepdf.parse_content_stream
    monkeypatch.setattr(quick_tokens.pikepdf, "parse_content_stream", lambda *a: parsed.append(1) or real(*a))
    quick_tokens.uninstall()
    try:
        own = _objects(path)
    finally:
        quick_tokens.install()
    return own, _objects(path), len(parsed)


def test_qpdfs_tokens_read_a_sheet_of_cards_as_pdfminer_does(tmp_path: Path, monkeypatch) -> None:
    """Forms placed many times, TrueType subsets, curves and images: the reading is pdfminer's own, object for
    object, and qpdf parsed the streams (tests/helpers/quick_tokens.py)."""
    path = tmp_path / "prsi.pdf"
    build_deck(load_deck("prsi"), BuildOptions(lang="cs", players=2, backs="none"), out=path)  # backs: 7,000 curves a page
    own, quick, parsed = _read_both_ways(path, monkeypatch)
    assert parsed > len(own) and sum(len(page["char"]) for page in own) > 1000
    assert quick == own


def test_qpdfs_tokens_read_a_weasyprint_document_as_pdfminer_does(tmp_path: Path, monkeypatch) -> None:
    """WeasyPrint's hex strings and kerned TJ arrays, marked content with its dictionaries, a filled table."""
    from weasyprint import HTML

    rows = "".join(f"<tr><td>Řádek {n}</td><td>Šíp – „{n * 7}“</td></tr>" for n in range(30))
    html = (f"<h1>Pravidla hry</h1><p style='text-align: justify'>{'Žluťoučký kůň úpěl ďábelské ódy. ' * 40}</p>"
            f"<table style='border: 1px solid #333'>{rows}</table>")
    path = tmp_path / "book.pdf"
    HTML(string=html).write_pdf(path, pdf_tags=True)
    own, quick, parsed = _read_both_ways(path, monkeypatch)
    assert parsed >= len(own) and sum(len(page["char"]) for page in own) > 1000
    assert quick == own


def test_a_stream_qpdf_cannot_read_is_read_by_pdfminer_itself(tmp_path: Path) -> None:
    """An inline image (which pdfminer's parser makes into a stream of its own) goes to pdfminer's own reading."""
    path = tmp_path / "inline.pdf"
    canvas = Canvas(str(path), pagesize=(200, 100))
    canvas.drawInlineImage(Image.new("RGB", (4, 4), (200, 30, 30)), 10, 10, 40, 40)
    canvas.drawString(60, 50, "inline")
    canvas.save()
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        assert page.extract_text() == "inline" and len(page.images) == 1
