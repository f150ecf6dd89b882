"""The cheaper form dictionaries and text operators (layout/pdfwrite.py) write the bytes ReportLab writes."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from deckforge.layout import BuildOptions, build_deck, draw
from deckforge.layout.build import prepare
from deckforge.layout.faces import TextOp
from deckforge.layout.fonts import font_for
from deckforge.layout.pdfwrite import text_out
from deckforge.load import load_deck

MINI = Path(__file__).parent / "fixtures" / "mini"

# ASCII, Czech, a no-break space, an empty line, and then more distinct characters than a font subset holds (256),
# so that later lines have characters in the second subset, and lines that switch between the two.
GREEK = "".join(map(chr, range(0x391, 0x3CA)))
CYRILLIC = "".join(map(chr, range(0x410, 0x450)))
EXTENDED = "".join(chr(c) for c in range(0x100, 0x17F))
LINES = ["Card number 27", "Příliš žluťoučký kůň úpěl ďábelské ódy", "10\u00a0cards", "", "(brackets) and \\",
         EXTENDED, GREEK, CYRILLIC, "Příliš žluťoučký kůň", GREEK[:5] + " abc " + CYRILLIC[-5:], "Card number 27"]


def _codes(write) -> tuple[list[str], bytes]:
    """Write LINES twice over in both deckforge fonts with `write(text, line)`; return each text object's operators
    and the saved file."""
    rl_config.invariant, before = 1, rl_config.invariant
    try:
        out = io.BytesIO()
        canvas = Canvas(out, initialFontName=font_for("regular"))
        codes = []
        for font in (font_for("regular"), font_for("bold"), font_for("regular")):
            text = canvas.beginText()
            text.setFont(font, 9)
            text.setTextOrigin(10, 800)
            for line in LINES:
                write(text, line)
                text.moveCursor(0, 11)
            codes.append(text.getCode())
            canvas.drawText(text)
        canvas.showPage()
        canvas.save()
        return codes, out.getvalue()
    finally:
        rl_config.invariant = before


def test_text_out_writes_what_text_out_of_reportlab_writes() -> None:
    ours, ours_pdf = _codes(text_out)
    theirs, theirs_pdf = _codes(lambda text, line: text.textOut(line))
    assert ours == theirs
    assert ours_pdf == theirs_pdf
    assert any("+1 9 Tf" in code for code in theirs)  # the second subset was used, and switched to and back


def _without_ids(pdf: bytes) -> bytes:
    """A PDF/X file without what differs between two builds of it: its /ID and its metadata's ids and date."""
    pdf = re.sub(rb"/ID \[[^\]]*\]", b"", pdf)
    return re.sub(rb"uuid:[0-9a-f-]{36}|<xmp:MetadataDate[^<]*<", b"", pdf)


@pytest.mark.parametrize("options", [BuildOptions(players=2, lang="cs"),
                                     BuildOptions(players=3, lang="en", fmt="cards-pdf"),
                                     BuildOptions(players=2, lang="en", pdf_x="x1a", proof=True, ink_saver=True),
                                     BuildOptions(players=2, lang="cs", pdf_x="x4", backs="duplex-short")],
                         ids=["sheets-cs", "cards-en", "x1a-proof", "x4-duplex"])
def test_a_deck_builds_to_the_same_bytes_as_through_reportlab_alone(tmp_path: Path, monkeypatch,
                                                                       options: BuildOptions) -> None:
    deck = load_deck(MINI)
    monkeypatch.setattr(rl_config, "invariant", 1)
    ours = build_deck(deck, options, out=tmp_path / "ours.pdf").path.read_bytes()
    # Every shortcut off: forms ended and text written by ReportLab, every shape, picture, symbol and card slot
    # painted anew
    monkeypatch.setattr(draw, "end_form", lambda canvas: canvas.endForm())
    monkeypatch.setattr(draw, "text_out", lambda text, line: text.textOut(line))
    monkeypatch.setattr(draw, "text_block", lambda *args: False)
    monkeypatch.setattr(draw, "_replay", lambda canvas, op: draw._PAINTERS[type(op)](canvas, op))
    monkeypatch.setattr(draw, "place_face", draw._place_face)
    theirs = build_deck(deck, options, out=tmp_path / "theirs.pdf").path.read_bytes()
    assert _without_ids(ours) == _without_ids(theirs)
    assert ours.count(b"/Subtype /Form") >= 3  # the faces of more than one copy, the back (and sheets) are forms


def test_text_blocks_shapes_pictures_and_slots_are_painted_once_and_appended_after(tmp_path: Path,
                                                                                   monkeypatch) -> None:
    """The shortcuts are taken: text objects in the font's first subset are written whole; a frame, symbol or
    picture that recurs, and each card slot, are painted once per canvas and appended after that."""
    options = BuildOptions(players=8, lang="en", backs="duplex-long")  # two sets: 14 cards on 2 sheets a side
    job = prepare(load_deck(MINI), options)
    faces = {face.key: face for face in (*job.fronts, job.back)}.values()
    text_block, place_face, written, painted, placed = draw.text_block, draw._place_face, [], [], []
    monkeypatch.setattr(draw, "text_block", lambda *args: written.append(text_block(*args)) or written[-1])
    for kind, paint in dict(draw._PAINTERS).items():
        monkeypatch.setitem(draw._PAINTERS, kind, lambda canvas, op, paint=paint: (painted.append((canvas, op)),
                                                                                    paint(canvas, op)))
    monkeypatch.setattr(draw, "_place_face", lambda canvas, face, placement, inline=False: (
        placed.append((canvas, placement)), place_face(canvas, face, placement, inline))[1])
    result = build_deck(job.deck, options, out=tmp_path / "deck.pdf")
    sheets = painted[-1][0]  # the last painted is a back on the sheets (others are painted to compare their edges)
    drawn = [op for canvas, op in painted if canvas is sheets and not isinstance(op, TextOp)]
    assert True in written
    assert len(drawn) == len(set(drawn)) < sum(not isinstance(op, TextOp) for face in faces for op in face.ops)
    slots = [(p.painted, p.trim, p.rotation) for canvas, p in placed if canvas is sheets]
    assert len(slots) == len(set(slots)) < 2 * result.cards  # not a front and a back for each card


@pytest.mark.parametrize("operators", ["".join(map(chr, range(32, 127))) + "\n\t\r\x00\x7f", "BT (é) Tj ET",
                                       "q \x18 Q", "q \x1f Q"])
def test_form_operators_are_encoded_as_reportlab_encodes_them(operators: str) -> None:
    from reportlab.pdfbase.pdfdoc import pdfdocEnc

    from deckforge.layout.pdfwrite import _encoded

    try:
        expected = pdfdocEnc(operators)
    except UnicodeEncodeError:
        with pytest.raises(UnicodeEncodeError):
            _encoded(operators)
    else:
        assert _encoded(operators) == expected
