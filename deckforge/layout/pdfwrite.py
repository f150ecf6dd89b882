"""ReportLab's output, the same bytes for less work where a deck repeats itself: form dictionaries and text.

A deck of distinct faces is thousands of form XObjects, and ReportLab formats each form's dictionary object by
object when it saves, although most forms share their parts: every face has the same box, and faces that use the
same fonts and pictures the same resources. `end_form` ends a form as `Canvas.endForm` does, then gives it those
parts as `Formatted` objects, each formatted once per document and reused, and writes the form's stream and
dictionary itself, as `PDFFormXObject.format` would (Flate-compressed, keys in order), where the document is
written as deckforge writes it (no ASCII85, no encryption); elsewhere ReportLab formats the form. The form's
operators are encoded as ASCII where they are ASCII (`_encoded`): ReportLab's codec took 30 µs a face.

Each line of text went through ReportLab's `splitString`, a Python loop over every character that finds its code in
the font's subset (and gives new characters theirs). `text_out` appends what `PDFTextObject.textOut` appends: a line
whose characters all have codes in the font's first subset is translated to them with one `str.translate`, anything
else goes the usual way, whose new codes are learnt for the next lines. Only the text cursor's x is not kept, which
deckforge never reads (its lines are placed by explicit moves). `text_block` writes a whole text object of such
lines at once, as `beginText`, `setFont`, `setTextOrigin`, `text_out` and `moveCursor` would write it.

The file comes out byte for byte as before (tests/layout/test_pdfwrite.py).

`show_page_sharing_start` ends a page whose cards are a form placed on many pages (draw.py) with its content in
two streams, the start that pages like it share and its own few words; read as one, they are the stream
ReportLab would have written (tests/layout/test_form_reuse.py).
"""
from __future__ import annotations

import re
import types
import weakref
import zlib
from typing import Callable

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import PDFArray, PDFObject, PDFResourceDictionary, xObjectName
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

_IDENTITY = (1, 0, 0, 1, 0, 0)
_formatted: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # document -> {key: formatted bytes}
_codes: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()      # document -> {font name: _Codes}
_names: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()      # document -> {font name: its first subset's}


class Formatted(PDFObject):
    """A direct object formatted once per document for its key, its bytes reused wherever the key recurs."""

    def __init__(self, key: tuple, make: Callable[[], PDFObject], sequence: list | None = None):
        self.key, self.make = key, make
        if sequence is not None:
            self.sequence = sequence  # what ReportLab reads of a form's BBox (PDFFormXObject.BBoxList)

    def format(self, document) -> bytes:
        done = _formatted.setdefault(document, {})
        found = done.get(self.key)
        if found is None:
            found = done[self.key] = pdfdoc.format(self.make(), document)
        return found


def end_form(canvas: Canvas) -> None:
    """End the form begun on `canvas` (`Canvas.endForm`), its box, matrix and resources formatted once per kind."""
    name, lower_x, lower_y, upper_x, upper_y = canvas._formData
    if type(canvas).endForm is Canvas.endForm:
        form = _end_form(canvas)
    else:
        canvas.endForm()
        form = canvas._doc.idToObject[xObjectName(name)]
    if type(form) is not pdfdoc.PDFFormXObject or form.Resources or not form.hasImages:
        return  # not the form PDFFormXObject.format is written for below
    width, height = canvas._pagesize
    box = (lower_x, lower_y, width if upper_x is None else upper_x, height if upper_y is None else upper_y)
    form.BBox = Formatted(("box", box), lambda: PDFArray(box), list(box))
    form.Matrix = Formatted(("matrix",), lambda: PDFArray(_IDENTITY))
    xobjects = form.XObjects
    names = tuple(xobjects.dict) if xobjects is not None else ()
    form.Resources = Formatted(("resources", names), lambda: resources(xobjects))
    form.format = types.MethodType(_format_form, form)


def _end_form(canvas: Canvas) -> pdfdoc.PDFFormXObject:
    """`Canvas.endForm()`, step for step, the form's operators encoded as ASCII where they are (`_encoded`);
    tests/layout/test_pdfwrite.py compares the files with those `Canvas.endForm` makes."""
    name, lower_x, lower_y, upper_x, upper_y = canvas._formData
    width, height = canvas._pagesize
    form = pdfdoc.PDFFormXObject(lowerx=lower_x, lowery=lower_y, upperx=width if upper_x is None else upper_x,
                                 uppery=height if upper_y is None else upper_y)
    form.compression = canvas._pageCompression
    form.stream = _encoded("\n".join([canvas._preamble] + canvas._code))
    canvas._setColorSpace(form)
    canvas._setExtGState(form)
    canvas._setXObjects(form)
    canvas._setAnnotations(form)
    canvas._doc.addForm(name, form)
    canvas._restartAccumulators()
    canvas.pop_state_stack()
    return form


_NOT_PDFDOC = re.compile("[\x18-\x1f]")  # the ASCII characters PDFDocEncoding has no code for


def _encoded(operators: str) -> bytes:
    """Return a form's operators as `PDFFormXObject.setStreamList` encodes them (ReportLab's PDFDocEncoding codec,
    some 30 µs a kilobyte, the same bytes as ASCII for every ASCII character it encodes)."""
    if operators.isascii() and not _NOT_PDFDOC.search(operators):
        return operators.encode("ascii")
    return pdfdoc.pdfdocEnc(operators)


def _format_form(form: pdfdoc.PDFFormXObject, document) -> bytes:
    """Return the form as PDFFormXObject.format returns it (a stream and its dictionary), with less work."""
    plain = type(document.encrypt) is pdfdoc.NoEncryption and not rl_config.useA85 and form.compression
    if not plain or form.Contents or form.Annots or not form.stream:
        return pdfdoc.PDFFormXObject.format(form, document)
    content = zlib.compress(form.stream)
    entries = [b"/BBox " + form.BBox.format(document), b"/Filter [ /FlateDecode ]", b"/FormType 1",
               b"/Length %d" % len(content), b"/Matrix " + form.Matrix.format(document),
               b"/Resources " + form.Resources.format(document), b"/Subtype /Form", b"/Type /XObject"]
    if rl_config.pdfMultiLine:  # as PDFDictionary.format joins its entries
        body = b"\n ".join(entries)
    else:
        entries.insert(6, b"\n ")
        body = b" ".join(entries)
    return b"<<\n" + body + b"\n>>\nstream\n" + content + b"endstream\n"


def resources(xobjects, images: bool = True) -> PDFResourceDictionary:
    """The resources ReportLab gives a form (`PDFFormXObject.format`: every procedure set) or a page without colour
    spaces, shadings or graphics states (`PDFPage.check_format`: every set where it has images): the shared fonts,
    the procedure sets, its XObjects."""
    found = PDFResourceDictionary()
    found.basicFonts()
    if images:
        found.allProcs()
    else:
        found.basicProcs()
    if xobjects:
        found.XObject = xobjects
    return found


class _Codes(dict):
    """Code point -> its code in a font's first subset, as a character; a character without one maps past 0xFF."""

    def __missing__(self, key: int) -> str:
        return "\U0010ffff"


def text_block(canvas: Canvas, font: str, size: float, lines, dx: float = 0.0, dy: float = 0.0) -> bool:
    """Append the text object that draw.py's `_text` builds of `lines` ((x, y, text), each at (x + dx, y + dy), each
    after the first by a move relative to the one before), when every character of every line has a code in the
    font's first subset; otherwise append nothing and return False.

    The same operators as `beginText()`, `setFont(font, size)`, `setTextOrigin`, `text_out` and `moveCursor` for
    each line and `drawText`, without a text object: 'BT', the origin, the subset and size ('Tf', and 'TL' at
    1.2 times the size), each line's codes ('Tj') after its move ('Td'), 'ET'."""
    doc = canvas._doc
    found = _codes.get(doc)
    codes = found.get(font) if found else None
    if codes is None or not canvas.bottomup or not lines or not all(line for _, _, line in lines):
        return False  # (an empty line text_out leaves to ReportLab)
    try:  # a character without a code is translated past 0xFF, which latin-1 refuses
        shown = [f"({escapePDF(line.translate(codes).encode('latin-1'))}) Tj" for _, _, line in lines]
    except UnicodeEncodeError:
        return False
    names = _names.get(doc)
    if names is None:
        names = _names[doc] = {}
    internal = names.get(font)
    if internal is None:  # the first time, ReportLab also gives the document the font
        internal = names[font] = getFont(font).getSubsetInternalName(0, doc)
    x, y, _ = lines[0]
    code = ["BT 1 0 0 1 0 0 Tm", f"1 0 0 1 {fp_str(x + dx, y + dy)} Tm",
            f"{internal} {fp_str(size)} Tf {fp_str(size * 1.2)} TL", shown[0]]
    for (next_x, next_y, _), line in zip(lines[1:], shown[1:]):
        code += (f"{fp_str(next_x - x, -(y - next_y))} Td", line)
        x, y = next_x, next_y
    code.append("ET")
    canvas._code.append(" ".join(code))
    return True


def text_out(text: PDFTextObject, line: str) -> None:
    """Append `line` to `text` as `text.textOut(line)` does, but for the cursor's x (see the module)."""
    doc = text._canvas._doc
    codes = _codes.setdefault(doc, {}).get(text._fontname)
    coded = line.translate(codes) if codes is not None else None
    if coded and max(coded) < "\u0100":
        if text._curSubset != 0:
            internal = getFont(text._fontname).getSubsetInternalName(0, doc)
            text._code.append(f"{internal} {fp_str(text._fontsize)} Tf {fp_str(text._leading)} TL")
            text._curSubset = 0
        text._code.append(f"({escapePDF(coded.encode('latin-1'))}) Tj")
        return
    text._code.append(text._formatText(line))
    font = getFont(text._fontname)
    state = getattr(font, "state", {}).get(doc) if getattr(font, "_dynamicFont", False) else None
    if state is None:
        return  # not a subset TrueType font: nothing to learn, every line goes the usual way
    assignments = state.assignments
    learnt = _codes[doc].setdefault(text._fontname, _Codes())
    learnt.update((code, chr(n)) for code, n in assignments.items() if n < 256)
    if assignments.get(32, 256) < 256:
        learnt[0xA0] = chr(assignments[32])  # splitString prints a no-break space as a space


_STARTS = "_deckforge_page_starts"  # on a canvas: the start of a page's content → the stream shared for it


class _Stream(PDFObject):
    """A content stream written as given: its text UTF-8 encoded (as ReportLab encodes a page's), Flate-compressed
    or plain (a page's own few words, which compression would only lengthen)."""

    __RefOnly__ = 1

    def __init__(self, text: str, compress: bool):
        self.data, self.compress = text.encode("utf8"), compress

    def format(self, document) -> bytes:
        data = zlib.compress(self.data) if self.compress else self.data
        data = document.encrypt.encode(data)
        entries = b"/Filter /FlateDecode /Length %d" % len(data) if self.compress else b"/Length %d" % len(data)
        return b"<< " + entries + b" >>\nstream\n" + data + b"endstream\n"


def show_page_sharing_start(canvas: Canvas) -> None:
    """End the page as `canvas.showPage()` does, its content written as two streams: all but the page's own words
    (from the first string of its last text object on), one stream for every page that starts alike, and those
    words. A page that shows a form of its cards and writes its page number is then a few dozen bytes of its own.

    Content streams of a page are read as one (PDF 1.3 on), and may be divided between any two tokens."""
    code = canvas._code
    at = next((i for i in range(len(code) - 1, -1, -1) if code[i].startswith("BT ")), None)
    cut = code[at].find("(") if at is not None else -1
    if cut < 0 or not canvas._pageCompression:
        return canvas.showPage()
    start = "\n".join(canvas._psCommandsBeforePage + [canvas._preamble] + code[:at]) + "\n" + code[at][:cut]
    canvas.showPage()
    page = canvas._doc.Pages.pages[-1]
    if page.Contents or not isinstance(page.stream, str) or not page.stream.startswith(start):
        return
    starts = kept_on(canvas, _STARTS)
    shared = starts.get(start)
    if shared is None:
        shared = starts[start] = _Stream(start, compress=True)
    page.Contents = PDFArray([shared, _Stream(page.stream[len(start):], compress=False)])


def kept_on(canvas: Canvas, name: str) -> dict:
    """Return the dict `name` kept on this canvas (what painting appended before), made empty the first time."""
    kept = canvas.__dict__.get(name)
    if kept is None:
        kept = canvas.__dict__[name] = {}
    return kept
