"""What a PDF tells the print dialog (no scaling, the duplex flip) and the proof lines, read back from the files."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from deckforge.layout import BuildOptions, build_deck
from deckforge.layout.calibrate import write_calibration
from deckforge.load import load_deck
from layout_pdf import face_operations

MINI = Path(__file__).parent / "fixtures" / "mini"
DUPLEX = {"duplex-long": "/DuplexFlipLongEdge", "duplex-short": "/DuplexFlipShortEdge", "none": "/Simplex"}


def _preferences(path: Path) -> dict:
    return dict(PdfReader(path).trailer["/Root"]["/ViewerPreferences"])


@pytest.mark.parametrize("backs", sorted(DUPLEX))
@pytest.mark.parametrize("fmt", ["sheets", "cards-pdf"])
def test_every_pdf_asks_for_actual_size_and_the_duplex_flip_of_its_backs(tmp_path: Path, fmt: str, backs: str) -> None:
    result = build_deck(load_deck(MINI), BuildOptions(backs=backs, fmt=fmt), out=tmp_path / "out.pdf")
    preferences = _preferences(result.path)
    assert preferences["/PrintScaling"] == "/None"
    assert preferences["/Duplex"] == DUPLEX[backs]


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_the_calibration_sheet_asks_for_actual_size_too(tmp_path: Path, backs: str) -> None:
    preferences = _preferences(write_calibration("letter", backs, out=tmp_path / "calibrate.pdf"))
    assert (preferences["/PrintScaling"], preferences["/Duplex"]) == ("/None", DUPLEX[backs])


@pytest.mark.parametrize("lang, hint", [("en", "print at 100 %, no fit to page; double-sided, flip on the long edge"),
                                        ("cs", "tisk ve 100 %, bez přizpůsobení stránce; oboustranně")])
def test_the_sheet_hint_asks_for_100_percent(tmp_path: Path, lang: str, hint: str) -> None:
    result = build_deck(load_deck(MINI), BuildOptions(lang=lang), out=tmp_path / "out.pdf")
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(result.path), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert hint in " ".join(text.split())


def _face_strokes(path: Path) -> tuple[int, int]:
    """Return how many dashed strokes and magenta stroke colours the distinct faces of a PDF draw."""
    faces = face_operations(path)
    assert faces
    operations = [(operands, op) for drawing in faces.values() for operands, op in drawing]
    dashed = sum(1 for operands, op in operations if op == b"d" and len(operands[0]))
    return dashed, sum(1 for operands, op in operations if op == b"RG" and [float(v) for v in operands] == [1, 0, 1])


@pytest.mark.parametrize("fmt", ["sheets", "cards-pdf"])
def test_proof_draws_trim_bleed_and_safe_zone_over_every_face_and_only_when_asked(tmp_path: Path, fmt: str) -> None:
    proof = build_deck(load_deck(MINI), BuildOptions(fmt=fmt, proof=True), out=tmp_path / "proof.pdf")
    plain = build_deck(load_deck(MINI), BuildOptions(fmt=fmt), out=tmp_path / "plain.pdf")
    faces = 5  # four distinct fronts and the back
    assert _face_strokes(proof.path) == (2 * faces, 3 * faces)  # bleed and safe zone dashed; trim solid
    assert _face_strokes(plain.path) == (0, 0)


def test_proof_lines_show_on_the_card_pngs(tmp_path: Path) -> None:
    def magenta_pixels(folder: Path) -> int:
        rgb = Image.open(folder / "back.png").convert("RGB").tobytes()
        return sum(1 for i in range(0, len(rgb), 3) if rgb[i] > 200 and rgb[i + 1] < 80 and rgb[i + 2] > 200)

    proof = build_deck(load_deck(MINI), BuildOptions(fmt="cards-png", proof=True), out=tmp_path / "proof")
    plain = build_deck(load_deck(MINI), BuildOptions(fmt="cards-png"), out=tmp_path / "plain")
    assert magenta_pixels(proof.path) > 1000 and magenta_pixels(plain.path) == 0


@pytest.mark.parametrize("args, given", [(["--service", "thegamecrafter"], "--service thegamecrafter"),
                                         (["--pdf-x", "x1a"], "--pdf-x x1a")])
def test_a_proof_for_a_printer_warns_that_its_lines_would_print(tmp_path: Path, args: list[str], given: str) -> None:
    """Proof lines are how a maker checks where a service cuts, but on an upload they would be printed on every
    card: the build says so."""
    from click.testing import CliRunner

    from deckforge.cli import main

    result = CliRunner().invoke(main, ["build", str(MINI), "--proof", *args, "-o", str(tmp_path / "out")])
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert f"--proof draws trim, bleed and safe-area lines over every card: these {given} files are for checking " \
           "by eye; build them again without --proof before you send them, or the lines are printed" in \
           " ".join(result.output.split())
