"""The cheaper form dictionaries and text operators (layout/pdfwrite.py) write the bytes ReportLab writes."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from deckforge.layout import BuildOptions, build_deck, draw
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


@pytest.mark.parametrize("options", [BuildOptions(players=2, lang="cs"), BuildOptions(players=3, lang="en",
                                                                                     fmt="cards-pdf")],
                         ids=["sheets-cs", "cards-en"])
def test_a_deck_builds_to_the_same_bytes_as_through_reportlab_alone(tmp_path: Path, monkeypatch,
                                                                       options: BuildOptions) -> None:
    deck = load_deck(MINI)
    monkeypatch.setattr(rl_config, "invariant", 1)
    ours = build_deck(deck, options, out=tmp_path / "ours.pdf").path.read_bytes()
    monkeypatch.setattr(draw, "end_form", lambda canvas: canvas.endForm())
    monkeypatch.setattr(draw, "text_out", lambda text, line: text.textOut(line))
    theirs = build_deck(deck, options, out=tmp_path / "theirs.pdf").path.read_bytes()
    assert ours == theirs
    assert ours.count(b"/Subtype /Form") > 3  # faces and sheets are forms
