"""pdfminer's content-stream interpreter fed by qpdf's tokenizer: the tests read PDFs back in about a third less time.

pdfplumber reads a page through pdfminer, which splits each content stream into numbers, names and operators in
pure Python: about two thirds of the time it takes to read a face book or a sheet, tens of seconds a test run.
`install()` makes pdfminer's `PDFPageInterpreter.execute` take its instructions from pikepdf (qpdf, in C++,
already a dependency of deckforge) instead, converts each operand to the value pdfminer's own parser would have
made (a name to its `PSLiteral`, a string to its bytes, a real to a float, arrays and dictionaries likewise) and
runs the interpreter's operators exactly as `execute` does: the operands pushed on its stack, each operator given
as many of them as it takes, an operator pdfminer does not know skipped. Everything after that (the text
state, the paths, what pdfplumber makes of them) is pdfminer's and pdfplumber's own.

Where the reading could differ, pdfminer's own `execute` reads the stream: an inline image (`BI`, which pdfminer's
parser turns into a stream object of its own), a stream that is not an indirect object or that is already being
read (pdfminer's guard against a form that draws itself), pdfminer's strict mode, and anything qpdf cannot
parse. `tests/test_parsed_pdf.py` checks that the objects read are pdfminer's own, for sheets of cards, face
books and a WeasyPrint document.
"""
from __future__ import annotations

from decimal import Decimal

import pikepdf
from pdfminer import pdfinterp, settings
from pdfminer.pdftypes import stream_value
from pdfminer.psparser import LIT

_SCRATCH = pikepdf.Pdf.new()  # qpdf parses a stream that belongs to a document; this one holds no other object
_PDFMINERS_OWN = pdfinterp.PDFPageInterpreter.execute
_OPERATORS: dict[tuple[type, str], tuple[str, int] | None] = {}  # (interpreter class, operator) → (method, args)


def install() -> None:
    """Make every pdfminer interpreter in this process read content streams with qpdf's tokenizer."""
    pdfinterp.PDFPageInterpreter.execute = _execute


def uninstall() -> None:
    """Give pdfminer its own tokenizer back."""
    pdfinterp.PDFPageInterpreter.execute = _PDFMINERS_OWN


def _execute(self, streams) -> None:
    data = _stream_data(self, streams)
    instructions = None
    if data is not None and b"BI" not in data and not settings.STRICT:
        try:
            instructions = [(tuple(map(_operand, operands)), str(operator))
                            for operands, operator in pikepdf.parse_content_stream(pikepdf.Stream(_SCRATCH, data))]
        except Exception:  # noqa: BLE001  (whatever qpdf refuses, pdfminer's own parser reads as it would)
            instructions = None
    if instructions is None:
        return _PDFMINERS_OWN(self, streams)
    cls = type(self)
    for operands, name in instructions:
        self.argstack.extend(operands)  # not bound once: `pop` puts a new list in its place
        known = _OPERATORS.get((cls, name), False)
        if known is False:
            known = _OPERATORS[cls, name] = _method(cls, name)
        if known is None:
            continue
        method, count = known
        if count:
            args = self.pop(count)
            if len(args) == count:
                getattr(self, method)(*args)
        else:
            getattr(self, method)()


def _stream_data(self, streams) -> bytes | None:
    """Return the streams' data joined as pdfminer's parser reads them; None where pdfminer must read them itself
    (a stream that is not an indirect object, or one already being read)."""
    found = []
    for obj in streams:
        stream = stream_value(obj)
        if stream.objid is None or stream.objid in self.parent_stream_ids:
            return None
        found.append(stream)
    self.stream_ids.clear()
    self.stream_ids.update(stream.objid for stream in found)
    return b"\n".join(stream.get_data() for stream in found)


def _method(cls: type, operator: str) -> tuple[str, int] | None:
    """Return the interpreter's method for an operator and how many operands it takes, as `execute` finds them."""
    name = "do_" + operator.replace("*", "_a").replace('"', "_w").replace("'", "_q")
    func = getattr(cls, name, None)
    return None if func is None else (name, func.__code__.co_argcount - 1)


def _operand(obj):
    """Return a qpdf operand as pdfminer's parser makes it."""
    kind = type(obj)
    if kind is int or kind is float or kind is bool or obj is None:
        return obj
    if kind is Decimal:
        return float(obj)
    code = obj._type_code
    if code is _NAME:
        return LIT(str(obj)[1:])
    if code is _STRING:
        return bytes(obj)
    if code is _ARRAY:
        return [_operand(item) for item in obj]
    if code is _DICTIONARY:
        return {str(key)[1:]: _operand(value) for key, value in obj.items()}
    raise TypeError(f"an operand pdfminer's parser would not make: {obj!r}")


_NAME, _STRING = pikepdf.ObjectType.name_, pikepdf.ObjectType.string
_ARRAY, _DICTIONARY = pikepdf.ObjectType.array, pikepdf.ObjectType.dictionary
