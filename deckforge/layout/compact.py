"""Compact PDFs as they are written: small objects packed into compressed object streams, which ReportLab does
not write.

A PDF is a list of numbered objects, each found through a cross-reference table of 20 bytes an entry. ReportLab
writes every object on its own, uncompressed but for streams: a page's dictionary, its content stream's length,
a font's widths. A sheet shown on many pages is drawn once into a form (draw.py), so what such a page adds is its
own dictionary and its page number; the dictionaries alone made thirty times the copies of a deck's faces a file
of about 1.6 times the size, and a deck of distinct faces a fifth larger than it need be.

`pack_objects(canvas)` has the canvas's document written as ReportLab writes it, the same objects under the same
numbers, formatted by ReportLab, but every object that is not a stream goes, a hundred at a time, into an object
stream, and the cross-reference table becomes a compressed cross-reference stream (PDF 1.5, 2003, which every
viewer and print workflow reads). It costs a join and a compression of what ReportLab formatted anyway (a few
milliseconds for 1,000 cards; packing with qpdf after writing took some 40 ms and an import). What pages share
(their boxes, the resources of pages of a kind) is formatted once, as forms' parts are (pdfwrite.py). Encrypted
documents and PDF/X-1a (which must stay PDF 1.4) are written as ReportLab writes them; tests/layout/test_compact.py
checks with qpdf that both ways give the same objects.
"""
from __future__ import annotations

import types
import zlib

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from .pdfwrite import Formatted, resources

PER_STREAM = 100  # objects an object stream holds (as qpdf packs them): a viewer reads a whole stream for one
VERSION = (1, 5)  # object and cross-reference streams


def pack_objects(canvas: Canvas) -> None:
    """Have the canvas's document packed when it is written (see the module); its version becomes at least 1.5."""
    document = canvas._doc
    if type(document.encrypt) is not pdfdoc.NoEncryption or getattr(document, "_digiSigs", None):
        return
    document._pdfVersion = max(document._pdfVersion, VERSION)
    document.format = types.MethodType(_format_packed, document)


def _format_packed(document) -> bytes:
    """`PDFDocument.format`, step for step, with the objects that are not streams packed and an xref stream."""
    _share_page_parts(document)
    document.encrypt.prepare(document)
    catalog, info = document.Reference(document.Catalog), document.Reference(document.info)
    numbers, objects = document.numberToId, document.idToObject
    out = pdfdoc.PDFFile(document._pdfVersion)
    offsets: dict[int, int] = {}  # object number → offset of an object written on its own
    packed: list[tuple[int, bytes]] = []
    number = 0
    while True:  # objects may be numbered while others are formatted, as in ReportLab's loop
        number += 1
        if number not in numbers:
            break
        oid = numbers[number]
        document.encrypt.register(number, 0)
        body = pdfdoc.format(objects[oid], document, toplevel=1)
        if body.rstrip().endswith(b"endstream"):
            offsets[number] = document.idToOffset[oid] = out.add(_indirect(number, body))
        else:
            packed.append((number, body))
    # The object streams and the cross-reference stream take the numbers after the document's own.
    place: dict[int, tuple[int, int]] = {}  # object number → (its object stream's number, its index there)
    for start in range(0, len(packed), PER_STREAM):
        chunk, stream_number = packed[start:start + PER_STREAM], number
        number += 1
        heads, bodies, at = [], [], 0
        for index, (packed_number, body) in enumerate(chunk):
            heads.append(b"%d %d" % (packed_number, at))
            bodies.append(body)
            at += len(body) + 1
            place[packed_number] = (stream_number, index)
        head = b" ".join(heads) + b"\n"
        data = zlib.compress(head + b"\n".join(bodies) + b"\n")
        offsets[stream_number] = out.add(_indirect(stream_number, _stream(
            b"/Type /ObjStm /N %d /First %d " % (len(chunk), len(head)), data)))
    xref_number, size = number, number + 1
    offsets[xref_number] = out.offset
    rows = [b"\x00\x00\x00\x00\x00\xff\xff"]  # object 0: free, the head of the free list
    for n in range(1, size):
        if n in place:
            stream_number, index = place[n]
            rows.append(b"\x02" + stream_number.to_bytes(4, "big") + index.to_bytes(2, "big"))
        else:
            rows.append(b"\x01" + offsets[n].to_bytes(4, "big") + b"\x00\x00")
    trailer = pdfdoc.PDFDictionary({"Size": size, "Root": catalog, "Info": info, "ID": document.ID()})
    keys = trailer.format(document).strip()[2:-2].strip()  # the trailer's entries, as ReportLab formats them
    xref = _stream(b"/Type /XRef /W [ 1 4 2 ] " + keys + b"\n", zlib.compress(b"".join(rows)))
    start = out.add(_indirect(xref_number, xref))
    out.add(b"startxref\n%d\n%%%%EOF\n" % start)
    return out.format(document)


def _share_page_parts(document) -> None:
    """Give each page the parts that pages share as objects formatted once per document (pdfwrite.Formatted), as
    `PDFPage.check_format` would make them: its boxes, its resources (the same fonts, procedure sets and forms for
    every page of a kind) and its empty transition. A page with resources of any other kind is left to ReportLab."""
    for page in document.Pages.pages:
        if (type(page) is not pdfdoc.PDFPage or page.Override_default_compilation or page.Resources
                or page.ExtGState or getattr(page, "_colorsUsed", None) or getattr(page, "_shadingUsed", None)):
            continue
        if page.MediaBox is None:
            turned = page.Rotate in (90, 270)
            page.MediaBox = _box((0, 0, page.pageheight, page.pagewidth) if turned else (
                0, 0, page.pagewidth, page.pageheight))
        for name in ("TrimBox", "BleedBox", "CropBox", "ArtBox"):
            box = getattr(page, name)
            if type(box) is pdfdoc.PDFArray and all(type(v) in (int, float) for v in box.sequence):
                setattr(page, name, _box(tuple(box.sequence)))
        if type(page.Trans) is pdfdoc.PDFDictionary and not page.Trans.dict:
            page.Trans = Formatted(("transition",), pdfdoc.PDFDictionary)
        xobjects = page.XObjects
        names = tuple(xobjects.dict) if xobjects is not None else ()
        page.Resources = Formatted(("page resources", bool(page.hasImages), names),
                                   lambda xobjects=xobjects, images=bool(page.hasImages): resources(xobjects, images))


def _box(box: tuple) -> Formatted:
    return Formatted(("box", box), lambda: pdfdoc.PDFArray(list(box)))


def _indirect(number: int, body: bytes) -> bytes:
    return b"%d 0 obj\n" % number + body + (b"" if body.endswith(b"\n") else b"\n") + b"endobj\n"


def _stream(entries: bytes, data: bytes) -> bytes:
    return b"<< " + entries + b"/Filter /FlateDecode /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"
