"""Rulebooks and score pads as PDF/X-4 and PDF/X-1a for a print shop, read back with pikepdf."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.errors import BuildError
from deckforge.pdfx import PROFILE
from deckforge.rulebook import write_rulebook, write_scorepad
from deckforge.rulebook.typeset import write_pdf


@pytest.fixture(scope="module")
def x4_rulebook(tmp_path_factory) -> Path:
    """DYMOCK's book: laid out once, where Kámen, nůžky, papír's, the longest, is laid out more; its pages have
    the same boxes, colours and transparency group."""
    return write_rulebook("dymock", "en", out=tmp_path_factory.mktemp("x4") / "rules.pdf", pdf_x="x4")


def test_an_x4_rulebook_declares_pdf_x_4_with_the_press_profile(x4_rulebook) -> None:
    with pikepdf.open(x4_rulebook) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and intent.DestOutputProfile.N == 4
        assert intent.DestOutputProfile.read_bytes() == PROFILE.read_bytes()
        assert pdf.open_metadata()["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
        assert pdf.pdf_version == "1.6" and pdf.docinfo.Trapped == "/False"


def test_every_rulebook_page_has_boxes_and_its_rgb_tagged_as_srgb(x4_rulebook) -> None:
    with pikepdf.open(x4_rulebook) as pdf:
        assert len(pdf.pages) >= 2
        for page in pdf.pages:
            trim, bleed = ([float(v) for v in page.obj[key]] for key in ("/TrimBox", "/BleedBox"))
            assert bleed[0] <= trim[0] < trim[2] <= bleed[2] and bleed[1] <= trim[1] < trim[3] <= bleed[3]
            default_rgb = page.Resources.ColorSpace.DefaultRGB
            assert default_rgb[0] == "/ICCBased" and default_rgb[1].N == 3
        # a transparency group's blending space is not remapped by DefaultRGB: it names sRGB itself (it was
        # DeviceRGB, which a PDF/X-4 preflight refuses under a CMYK output intent)
        groups = [obj.Group for obj in pdf.objects
                  if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)) and "/Group" in obj]
        blending = [group.CS for group in groups if group.get("/S") == "/Transparency" and "/CS" in group]
        assert blending and all(cs[0] == "/ICCBased" and cs[1].N == 3 for cs in blending)


def test_ghostscript_renders_the_x4_rulebook(x4_rulebook) -> None:
    if shutil.which("gs") is None:
        pytest.skip("Ghostscript (gs) is not installed")
    run = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=nullpage", str(x4_rulebook)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "error" not in (run.stdout + run.stderr).lower()


def test_an_x4_score_pad_declares_pdf_x_4(tmp_path: Path) -> None:
    path = write_scorepad("wizard", 4, "en", tmp_path / "pad.pdf", pdf_x="x4")
    with pikepdf.open(path) as pdf:
        assert pdf.Root.OutputIntents[0].DestOutputProfile.N == 4
        assert all("/TrimBox" in page.obj and "/BleedBox" in page.obj for page in pdf.pages)


@pytest.mark.slow   # a whole rulebook typeset and converted; the X-1a conversion itself is tested on card sheets
def test_an_x1a_rulebook_is_press_cmyk_with_its_text_in_solid_black(tmp_path: Path) -> None:
    path = write_rulebook("kamen-nuzky-papir", "en", out=tmp_path / "rules.pdf", pdf_x="x1a")
    text_fills = []
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.4" and str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1:2003"
        assert str(pdf.docinfo.GTS_PDFXConformance) == "PDF/X-1a:2003"
        metadata = pdf.open_metadata()  # WeasyPrint's XMP says the same as the Info dictionary
        assert [metadata[key] for key in ("pdfxid:GTS_PDFXVersion", "pdfx:GTS_PDFXVersion")] == ["PDF/X-1:2003"] * 2
        assert pdf.Root.OutputIntents[0].DestOutputProfile.N == 4
        for page in pdf.pages:
            assert "/TrimBox" in page.obj and "/BleedBox" in page.obj and "/Group" not in page.obj
            resources = page.Resources
            assert "/ColorSpace" not in resources
            for state in (resources.get("/ExtGState") or {}).values():
                assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1
            fill = None
            for operands, operator in pikepdf.parse_content_stream(page):
                assert str(operator) not in ("rg", "RG", "sc", "scn", "cs")
                if str(operator) == "k":
                    fill = tuple(float(v) for v in operands)
                    assert sum(fill) <= 3.0
                if str(operator) in ("Tj", "TJ"):
                    text_fills.append(fill)
    # The body text (#222) prints in black alone, and so do the grey headers and captions (#555, #777), lighter.
    assert max(set(text_fills), key=text_fills.count) == (0, 0, 0, 1)
    assert {fill for fill in text_fills if fill[:3] == (0, 0, 0) and 0.3 < fill[3] < 0.9}


def test_x1a_refuses_what_cannot_be_converted_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match=r"PDF/X-1a: the document paints with 'cs' .* use --pdf-x x4"):
        write_pdf('<p style="color: lab(50% 40 20)">Lab</p>', tmp_path / "lab.pdf", "x1a")
    assert list(tmp_path.iterdir()) == []


def test_pdf_x_goes_with_pdf_rulebooks_only(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["rulebook", "kamen-nuzky-papir", "--lang", "en", "--format", "html",
                                       "--pdf-x", "x4", "-o", str(tmp_path / "rules.html")])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "--pdf-x makes a PDF for a print shop; it goes with --format pdf, not html" in result.output
    assert list(tmp_path.iterdir()) == []
