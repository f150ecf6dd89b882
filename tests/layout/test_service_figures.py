"""Each print-service preset holds the figures its cited source publishes (docs/print-services.md), and the files
deckforge writes for it have them: pixels, where the trim falls in those pixels, the safe area, PDF/X."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image

from deckforge.cli import main
from deckforge.layout import BuildOptions, build_deck
from deckforge.layout.proof import SAFE_INSET
from deckforge.layout.services import SERVICES, unverified, with_service
from deckforge.load import load_deck

MINI = Path(__file__).parent / "fixtures" / "mini"
DOC = Path(__file__).resolve().parents[2] / "docs" / "print-services.md"
MM = 72 / 25.4

# The figures as the sources cited in docs/print-services.md give them, written out, not recomputed:
# (file pixels, trimmed card in inches, bleed and safe area in pixels at 300 DPI, format, PDF/X, checked at the source)
CITED = {
    "thegamecrafter": ((825, 1125), (2.5, 3.5), 37.5, 37.5, "cards-png", None, True),  # 1/8 in each
    "drivethrucards": ((825, 1125), (2.5, 3.5), 37.5, 37.5, "cards-pdf", "x1a", True),  # PDF/X-1a:2003
    "makeplayingcards": ((822, 1122), (2.5, 3.5), 36, 36, "cards-png", None, False),  # "36 pixels each side"
    "printerstudio": ((822, 1122), (2.5, 3.5), 36, 36, "cards-png", None, False),
}


def test_every_preset_is_cited() -> None:
    assert set(CITED) == set(SERVICES)


@pytest.mark.parametrize("name", sorted(CITED))
def test_each_preset_holds_its_sources_figures(name: str) -> None:
    pixels, (width_in, height_in), bleed_px, safe_px, fmt, pdf_x, verified = CITED[name]
    preset = SERVICES[name]
    assert preset.pixels == pixels and preset.dpi == 300 and preset.fmt == fmt and preset.pdf_x == pdf_x
    assert (preset.card.width_mm, preset.card.height_mm) == pytest.approx((width_in * 25.4, height_in * 25.4))
    assert preset.bleed_mm() == pytest.approx(bleed_px / 300 * 25.4, abs=1e-3)
    assert preset.safe_mm == pytest.approx(safe_px / 300 * 25.4)
    assert preset.verified is verified and (("unverified" in preset.source) is not verified)


@pytest.mark.parametrize("name", sorted(CITED))
def test_the_templates_keep_text_inside_every_services_safe_area(name: str) -> None:
    # The bundled templates keep what must be read 3.5 mm inside the trim; a service asking more would cut it.
    assert SERVICES[name].safe_mm <= SAFE_INSET / MM


def test_the_doc_cites_every_source_and_names_the_unverified_presets() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for name, preset in SERVICES.items():
        for url in re.findall(r"https?://[^\s)]+", preset.source):
            assert url in doc, (name, url)
    unchecked = doc[doc.index("## Where the figures come from"):]
    for name in unverified():
        assert f"**{SERVICES[name].title}** — *unverified*" in unchecked


def test_help_marks_the_unverified_presets() -> None:
    result = CliRunner().invoke(main, ["build", "--help"], terminal_width=400)
    assert "Unverified (figures second-hand): makeplayingcards, printerstudio." in " ".join(result.output.split())


def _proof_lines(png: Path) -> tuple[list[float], list[float]]:
    """Return where the proof's magenta lines cross the middle row and column, in pixels from the left and top edge.

    A line 0.5 pt wide covers two or three pixels, the outer ones partly: each crossing is the centre of its run
    of pixels, weighted by how far each pixel's green has gone from the back's colour to magenta's none.
    """
    with Image.open(png) as image:
        rgb = image.convert("RGB")
        row, column = rgb.height // 2 + 7, rgb.width // 2 + 7  # off the centre, clear of the back's emblem
        across = [rgb.getpixel((x, row)) for x in range(100)]
        down = [rgb.getpixel((column, y)) for y in range(100)]
    return _crossings(across), _crossings(down)


def _crossings(pixels: list[tuple[int, int, int]]) -> list[float]:
    background = pixels[20][1]  # inside the bleed, between the dashed bleed line and the trim
    weights = [max(0.0, 1 - g / background) if r > b / 2 else 0.0 for r, g, b in pixels]
    runs, current = [], []
    for x, weight in enumerate(weights[3:], start=3):  # past the dashed line at the file's edge
        if weight > 0.2:
            current.append((x + 0.5, weight))
        elif current:
            runs.append(current)
            current = []
    return [sum(x * w for x, w in run) / sum(w for _, w in run) for run in runs]


@pytest.mark.parametrize("name", ["thegamecrafter", "makeplayingcards"])
def test_the_trim_falls_where_the_service_cuts(tmp_path: Path, name: str) -> None:
    shutil.copytree(MINI, tmp_path / "mini")
    options = with_service(BuildOptions(service=name, proof=True))
    result = build_deck(load_deck(tmp_path / "mini"), options, out=tmp_path / "png")
    across, down = _proof_lines(result.path / "back.png")
    bleed_px = CITED[name][2]
    # The solid trim line: 37.5 px in for The Game Crafter (1/8 in), 36 px for MakePlayingCards. The next line
    # in is deckforge's own safe zone, 3.5 mm (41.3 px) inside the trim.
    assert across[:2] == pytest.approx([bleed_px, bleed_px + 3.5 / 25.4 * 300], abs=0.25)
    assert down[:2] == pytest.approx(across[:2], abs=0.25)


def test_drivethrucards_gets_pdf_x_1a_2003_as_its_page_asks(tmp_path: Path) -> None:
    shutil.copytree(MINI, tmp_path / "mini")
    result = build_deck(load_deck(tmp_path / "mini"), with_service(BuildOptions(service="drivethrucards")),
                        out=tmp_path / "dtc.pdf")
    with pikepdf.open(result.path) as pdf:
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1:2003" and pdf.Root.OutputIntents[0].S == "/GTS_PDFX"
        assert str(pdf.docinfo.GTS_PDFXConformance) == "PDF/X-1a:2003"
        assert pdf.pdf_version <= "1.4"
    readme = (tmp_path / "dtc-README.txt").read_text(encoding="utf-8")
    assert "PDF/X-1a." in readme and "safe area 3.175 mm inside the trim" in readme
    assert "Check them on the service's own page" not in readme
