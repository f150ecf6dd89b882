"""pdfplumber's reading of a PDF made once per test run (tests/helpers/made_once.py), parsed once per run too.

Parsing a page (pdfminer interpreting its content stream) is nearly all the time pdfplumber takes; the text, the
words, the characters, rectangles, curves and images a test asks for are quick sorts of what the parse found. Test
files on different xdist workers read the same rulebooks and face books, so whichever worker opens a PDF first
stores what pdfplumber parsed of each page (`page.objects`) beside the file, and every other opening of it reads
that back: the same objects, from the same parse of the same file. A PDF that is not shared is parsed once per
process as before; its stored reading merely goes unused.
"""
from __future__ import annotations

import pickle
from pathlib import Path

import pdfplumber

from made_once import made_once


def open_parsed(path: Path | str) -> pdfplumber.PDF:
    """Open a PDF with pdfplumber, each page's objects taken from the run's one parse of this very file.

    The stored reading is named by the file's size and modification time, so a PDF written again under the same
    name is parsed afresh. Images keep their geometry and attributes but not their `stream` (pdfminer's streams
    do not survive pickling); no test reads image data through pdfplumber.
    """
    path = Path(path)
    stat = path.stat()
    stored = made_once(path.parent, f".{path.name}-{stat.st_size}-{stat.st_mtime_ns}.objects.pickle",
                       lambda out: _store_objects(path, out))
    pdf = pdfplumber.open(path)
    pages = pickle.loads(stored.read_bytes())
    assert len(pages) == len(pdf.pages), f"{path}: the stored reading has {len(pages)} pages, not {len(pdf.pages)}"
    for page, objects in zip(pdf.pages, pages):
        page._objects = objects   # pdfplumber's own cache of page.objects (pdfplumber/page.py, Page.objects)
    return pdf


def _store_objects(path: Path, out: Path) -> None:
    with pdfplumber.open(path) as pdf:
        pages = [{kind: [_without_stream(obj) for obj in found] for kind, found in page.objects.items()}
                 for page in pdf.pages]
    out.write_bytes(pickle.dumps(pages, protocol=pickle.HIGHEST_PROTOCOL))


def _without_stream(obj: dict) -> dict:
    return {key: value for key, value in obj.items() if key != "stream"} if "stream" in obj else obj
