"""Files are compacted as they are written (layout/compact.py): the same objects as ReportLab writes, those that
are not streams packed into object streams, found through a cross-reference stream. qpdf reads both ways back."""
from __future__ import annotations

import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pikepdf
import pytest
from reportlab import rl_config

from deckforge.layout import BuildOptions, build_deck, compact
from deckforge.layout import build as build_module
from deckforge.load import load_deck

MINI = Path(__file__).parent / "fixtures" / "mini"
QPDF = shutil.which("qpdf")
needs_qpdf = pytest.mark.skipif(QPDF is None, reason="qpdf is not installed")


def _builds(tmp_path: Path, monkeypatch, options: BuildOptions, deck=MINI) -> tuple[Path, Path]:
    """Build the deck packed and, with packing off, as ReportLab writes it; ids and dates fixed."""
    monkeypatch.setattr(rl_config, "invariant", 1)
    model = load_deck(deck)
    packed = build_deck(model, options, out=tmp_path / "packed.pdf").path
    monkeypatch.setattr(build_module, "pack_objects", lambda canvas: None)
    plain = build_deck(model, options, out=tmp_path / "plain.pdf").path
    return packed, plain


def _objects(path: Path) -> bytes:
    """The file as qpdf writes every object of it on its own (QDF), without the version line."""
    qdf = path.with_suffix(".qdf")
    subprocess.run([QPDF, "--qdf", "--object-streams=disable", "--static-id", str(path), str(qdf)], check=True)
    return qdf.read_bytes().split(b"\n", 1)[1]


def _check(path: Path) -> None:
    run = subprocess.run([QPDF, "--check", str(path)], capture_output=True, text=True)
    assert run.returncode == 0 and "No syntax or stream encoding errors" in run.stdout, run.stdout + run.stderr


@needs_qpdf
@pytest.mark.parametrize("options", [BuildOptions(players=2, lang="cs"),
                                     BuildOptions(players=3, lang="en", fmt="cards-pdf", backs="duplex-long"),
                                     BuildOptions(players=8, lang="en", backs="none", proof=True)],
                         ids=["sheets", "cards-pdf", "proof"])
def test_a_packed_file_holds_the_objects_reportlab_writes(tmp_path: Path, monkeypatch, options) -> None:
    packed, plain = _builds(tmp_path, monkeypatch, options)
    _check(packed)
    data = packed.read_bytes()
    assert data.startswith(b"%PDF-1.5\n") and plain.read_bytes().startswith(b"%PDF-1.4\n")
    assert b"/Type /ObjStm" in data and b"/Type /XRef" in data and b"\ntrailer\n" not in data
    assert b"/Type /Page" not in data  # every page dictionary is packed (streams are not)
    assert _objects(packed) == _objects(plain)
    assert len(data) < len(plain.read_bytes())


@needs_qpdf
def test_many_objects_go_into_several_object_streams(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(compact, "PER_STREAM", 3)
    packed, plain = _builds(tmp_path, monkeypatch, BuildOptions(players=2, lang="en"))
    _check(packed)
    counts = [int(n) for n in re.findall(rb"/Type /ObjStm /N (\d+)", packed.read_bytes())]
    assert len(counts) >= 4 and set(counts[:-1]) == {3} and 1 <= counts[-1] <= 3
    assert _objects(packed) == _objects(plain)
    with pikepdf.open(packed) as pdf:  # every object is found through the cross-reference stream
        assert len(pdf.pages) == len(pikepdf.open(plain).pages)
        assert all(page.Contents.read_bytes() for page in pdf.pages)


def test_the_same_deck_packs_to_the_same_bytes(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(rl_config, "invariant", 1)
    deck = load_deck(MINI)
    one, two = (build_deck(deck, BuildOptions(players=2), out=tmp_path / f"{n}.pdf").path for n in ("a", "b"))
    assert one.read_bytes() == two.read_bytes()


def test_the_cross_reference_stream_points_at_every_object(tmp_path: Path) -> None:
    """Read by hand: each row of the stream gives an object written on its own at its offset, or a place in an
    object stream whose header names that object."""
    data = build_deck(load_deck(MINI), BuildOptions(players=2), out=tmp_path / "deck.pdf").path.read_bytes()
    start = int(re.search(rb"startxref\n(\d+)\n%%EOF\n$", data).group(1))
    head = re.match(rb"(\d+) 0 obj\n<< (.*?)>>\nstream\n", data[start:], re.S)
    size = int(re.search(rb"/Size (\d+)", head.group(2)).group(1))
    assert int(head.group(1)) == size - 1 and b"/W [ 1 4 2 ]" in head.group(2)
    length = int(re.search(rb"/Length (\d+)", head.group(2)).group(1))
    rows = zlib.decompress(data[start + head.end():start + head.end() + length])
    assert len(rows) == 7 * size and rows[:7] == b"\x00\x00\x00\x00\x00\xff\xff"
    streams: dict[int, list[int]] = {}
    for number in range(1, size):
        kind, field, index = rows[7 * number], int.from_bytes(rows[7 * number + 1:7 * number + 5], "big"), \
            int.from_bytes(rows[7 * number + 5:7 * number + 7], "big")
        if kind == 1:
            assert data[field:].startswith(b"%d 0 obj\n" % number) and index == 0
        else:
            assert kind == 2
            if field not in streams:
                offset = int.from_bytes(rows[7 * field + 1:7 * field + 5], "big")
                found = re.match(rb"\d+ 0 obj\n<< /Type /ObjStm /N (\d+) /First (\d+) /Filter /FlateDecode "
                                 rb"/Length (\d+) >>\nstream\n", data[offset:])
                body = zlib.decompress(data[offset + found.end():offset + found.end() + int(found.group(3))])
                pairs = body[:int(found.group(2))].split()
                streams[field] = [int(n) for n in pairs[0::2]]
            assert streams[field][index] == number


@pytest.mark.parametrize("variant", ["x1a", "x4"])
def test_pdf_x_files_are_not_packed_here(tmp_path: Path, variant: str) -> None:
    """PDF/X-1a stays PDF 1.4; a PDF/X-4 file is rewritten by pdfx/finish.py, which writes it its own way."""
    data = build_deck(load_deck(MINI), BuildOptions(players=2, pdf_x=variant), out=tmp_path / "x.pdf").path.read_bytes()
    if variant == "x1a":
        assert data.startswith(b"%PDF-1.4") and b"/ObjStm" not in data
    with pikepdf.open(tmp_path / "x.pdf") as pdf:
        assert len(pdf.pages) > 1
