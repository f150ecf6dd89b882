"""PDF/X card output read back with pikepdf: press CMYK only, an OutputIntent, boxes, ink limit, Ghostscript."""
from __future__ import annotations

import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from deckforge.cli import main
from deckforge.errors import BuildError, DeckError
from deckforge.layout import BuildOptions, build_deck
from deckforge.load import load_deck
from deckforge.pdfx import PROFILE
from deckforge.pdfx.icc import cmyk_to_rgb, press_image, rgb_to_cmyk

MINI = Path(__file__).parent / "fixtures" / "mini"
MM = 72 / 25.4
BACK_INKS = (0.8, 0.6, 0.0, 0.3)
PAPER_RGB = (0xFF, 0xFD, 0xF8)  # the mini template's card background


def _mini(tmp_path: Path, art: bool = True) -> Path:
    """The mini deck with its back colour given in CMYK and a half-transparent picture on the rocks."""
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8").replace('colour: "#3b4a6b"', 'colour: "cmyk(80%, 60%, 0%, 30%)"')
    if art:
        picture = Image.new("RGBA", (600, 400), (200, 30, 40, 255))
        picture.paste((0, 0, 0, 0), (300, 0, 600, 400))  # the right half is transparent
        picture.save(folder / "rock.png")
        text = text.replace("    item: rock\n    count: 3", "    item: rock\n    count: 3\n    art: rock.png")
    deck_file.write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def x1a_builds(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("pdfx")
    deck = load_deck(_mini(tmp))
    return {fmt: build_deck(deck, BuildOptions(players=4, lang="en", fmt=fmt, pdf_x="x1a"),
                            out=tmp / f"{fmt}.pdf").path for fmt in ("sheets", "cards-pdf")}


def _drawings(page: pikepdf.Page):
    """Yield (operations, resources, is_face) for a page and every form XObject it draws, forms inside forms too.

    `is_face` tells a card face's form (named face-...) from the page and its page-wide forms (marks, labels).
    """
    todo, seen = [(page.obj, page.obj.Resources, False)], set()
    while todo:
        holder, resources, is_face = todo.pop()
        if holder.objgen in seen:
            continue
        seen.add(holder.objgen)
        yield pikepdf.parse_content_stream(holder), resources, is_face
        for name, xobject in (resources.get("/XObject") or {}).items():
            if xobject.Subtype == "/Form":
                todo.append((xobject, xobject.get("/Resources", resources), is_face or "face-" in name))


def _operations(path: Path):
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for operations, resources, is_face in _drawings(page):
                yield [(str(op), [float(v) if isinstance(v, (int, Decimal)) else v for v in operands])
                       for operands, op in operations], resources, is_face


@pytest.mark.parametrize("fmt", ["sheets", "cards-pdf"])
def test_x1a_declares_the_press_profile_as_its_output_intent(x1a_builds, fmt) -> None:
    with pikepdf.open(x1a_builds[fmt]) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert intent.DestOutputProfile.N == 4
        assert intent.DestOutputProfile.read_bytes() == PROFILE.read_bytes()
        # ISO 15930-4: the version names the part (PDF/X-1:2003), the conformance its level (PDF/X-1a:2003)
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1:2003" and pdf.docinfo.Trapped == "/False"
        assert str(pdf.docinfo.GTS_PDFXConformance) == "PDF/X-1a:2003"
        assert pdf.pdf_version == "1.4"


@pytest.mark.parametrize("fmt", ["sheets", "cards-pdf"])
def test_every_page_has_its_trim_inside_a_bleed_box_3_mm_larger(x1a_builds, fmt) -> None:
    with pikepdf.open(x1a_builds[fmt]) as pdf:
        for page in pdf.pages:
            trim, bleed, media = ([float(v) for v in page.obj[key]] for key in ("/TrimBox", "/BleedBox", "/MediaBox"))
            assert [round((t - b) / MM, 2) for t, b in zip(trim[:2], bleed[:2])] == [3, 3]
            assert [round((b - t) / MM, 2) for t, b in zip(trim[2:], bleed[2:])] == [3, 3]
            assert media[0] <= bleed[0] and media[1] <= bleed[1] and bleed[2] <= media[2] and bleed[3] <= media[3]
            if fmt == "cards-pdf":  # the trim is the poker card itself
                assert [round((trim[2] - trim[0]) / MM, 2), round((trim[3] - trim[1]) / MM, 2)] == [63, 88]


@pytest.mark.parametrize("fmt", ["sheets", "cards-pdf"])
def test_nothing_is_rgb_or_transparent_and_ink_stays_under_300(x1a_builds, fmt) -> None:
    inks = []
    for operations, resources, _ in _operations(x1a_builds[fmt]):
        names = [op for op, _ in operations]
        assert not {"rg", "RG", "sc", "scn", "SC", "SCN"} & set(names)
        inks += [sum(operands) for op, operands in operations if op in ("k", "K")]
        assert "RGB" not in str(resources.get("/ColorSpace", ""))
        for state in (resources.get("/ExtGState") or {}).values():
            assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.Subtype == "/Image":
                assert xobject.ColorSpace == "/DeviceCMYK" and "/SMask" not in xobject
    assert inks and max(inks) <= 3.0


def test_text_prints_on_black_alone_and_dark_text_and_marks_in_solid_black(x1a_builds) -> None:
    text_colours, mark_colours = set(), set()
    for operations, _, is_face in _operations(x1a_builds["sheets"]):
        fill = stroke = None
        marked = []  # the open marked-content sequences: whether each is a face painted in place
        for op, operands in operations:
            if op in ("BDC", "BMC"):
                marked.append(op == "BDC" and str(operands[0]) == "/Face")
            elif op == "EMC":
                marked.pop()
            fill = tuple(operands) if op == "k" else fill
            stroke = tuple(operands) if op == "K" else stroke
            if op in ("Tj", "TJ", "'", '"'):
                text_colours.add(fill)
            if op == "S" and not is_face and not any(marked):  # outside the faces: crop marks and the scale bar
                mark_colours.add(stroke)
    # The template's ink #222222 and the page labels' #333333 are 100 % K; the back title is white.
    assert text_colours == {(0, 0, 0, 1), (0, 0, 0, 0)}
    assert mark_colours == {(0, 0, 0, 1)}


def test_a_cmyk_deck_colour_prints_unchanged(x1a_builds) -> None:
    fills = {tuple(operands) for operations, _, _ in _operations(x1a_builds["cards-pdf"])
             for op, operands in operations if op == "k"}
    assert BACK_INKS in fills


def test_a_transparent_picture_is_flattened_onto_the_card_background(x1a_builds) -> None:
    expected_background = press_image(Image.new("RGB", (1, 1), PAPER_RGB)).getpixel((0, 0))
    with pikepdf.open(x1a_builds["cards-pdf"]) as pdf:
        images = {xobject.objgen: xobject for page in pdf.pages for _, resources, _ in _drawings(page)
                  for xobject in (resources.get("/XObject") or {}).values() if xobject.Subtype == "/Image"}
        (image,) = images.values()
        picture = pikepdf.PdfImage(image).as_pil_image()
    assert picture.mode == "CMYK"
    assert picture.getpixel((450, 200)) == expected_background != (0, 0, 0, 0)
    c, m, y, k = picture.getpixel((150, 200))
    assert m > 200 and c < 40  # the opaque red half is still red


def test_ghostscript_renders_the_x1a_sheets_without_error(x1a_builds) -> None:
    if shutil.which("gs") is None:
        pytest.skip("Ghostscript (gs) is not installed")
    run = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=nullpage", str(x1a_builds["sheets"])],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "error" not in (run.stdout + run.stderr).lower()


def test_press_colours_follow_the_profile_greys_on_black_and_ink_capped() -> None:
    assert rgb_to_cmyk(0x22 / 255, 0x22 / 255, 0x22 / 255) == (0, 0, 0, 1)
    c, m, y, k = rgb_to_cmyk(0.5, 0.5, 0.5)
    assert (c, m, y) == (0, 0, 0) and 0.5 < k < 0.75
    for rgb in ((0.12, 0.37, 0.66), (0.18, 0.55, 0.23), (0.95, 0.79, 0.3)):  # in gamut: the round trip holds
        back = cmyk_to_rgb(*rgb_to_cmyk(*rgb))
        assert max(abs(a - b) for a, b in zip(rgb, back)) < 0.04
    assert sum(rgb_to_cmyk(0.05, 0.0, 0.1)) <= 3.0  # a dark near-black keeps within the ink limit


def test_without_pdf_x_a_cmyk_colour_is_drawn_as_the_rgb_it_prints(tmp_path: Path) -> None:
    out = build_deck(load_deck(_mini(tmp_path, art=False)), BuildOptions(players=4, lang="en", fmt="cards-pdf"),
                     out=tmp_path / "rgb.pdf").path
    fills = {tuple(round(v, 2) for v in operands) for operations, _, _ in _operations(out)
             for op, operands in operations if op == "rg"}
    assert tuple(round(v, 2) for v in cmyk_to_rgb(*BACK_INKS)) in fills
    assert not any(op in ("k", "K") for operations, _, _ in _operations(out) for op, _ in operations)


def _grey16_mini(tmp_path: Path) -> Path:
    """The mini deck with a 16-bit greyscale picture on the rocks, mid-grey: 30000 of 65535, 117 of 255."""
    folder = _mini(tmp_path, art=False)
    Image.new("I;16", (600, 800), 30000).save(folder / "grey16.png")
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    rock = "    item: rock\n    count: 3"
    deck_file.write_text(text.replace(rock, f"{rock}\n    art: grey16.png"), encoding="utf-8")
    return folder


def _art_centre(page: Image.Image) -> tuple[int, ...]:
    """Return the pixel at the centre of the mini template's art box (10 mm in from each side, 20-50 mm down)."""
    x_mm, y_mm = 3 + 63 / 2, 3 + 20 + 30 / 2  # in the 69 × 94 mm page of a card with its 3 mm bleed
    return page.getpixel((round(x_mm / 69 * page.width), round(y_mm / 94 * page.height)))


def test_a_16_bit_greyscale_picture_prints_its_grey_not_white(tmp_path: Path) -> None:
    """Pillow clips 16-bit grey values at 255 when ReportLab converts them: mid-grey art printed as white paper."""
    result = build_deck(load_deck(_grey16_mini(tmp_path)), BuildOptions(fmt="cards-png", backs="none"),
                        out=tmp_path / "png")
    with Image.open(result.path / "001-rock.png") as face:
        assert _art_centre(face.convert("RGB")) == (117, 117, 117)


def test_a_16_bit_greyscale_picture_prints_its_grey_under_pdf_x(tmp_path: Path) -> None:
    out = build_deck(load_deck(_grey16_mini(tmp_path)), BuildOptions(fmt="cards-pdf", backs="none", pdf_x="x1a"),
                     out=tmp_path / "x1a.pdf").path
    subprocess.run(["pdftoppm", "-r", "100", "-f", "1", "-l", "1", "-gray", "-png", str(out), str(tmp_path / "p")],
                   check=True)
    with Image.open(next(tmp_path.glob("p*.png"))) as face:
        assert 60 < _art_centre(face.convert("L")) < 160  # 117 as press K (rendered darker), not paper white
    assert press_image(Image.new("I;16", (2, 2), 30000)).getpixel((0, 0)) == \
        press_image(Image.new("L", (2, 2), 117)).getpixel((0, 0))


def test_x4_sheets_say_pdf_x_4_in_their_metadata(tmp_path: Path) -> None:
    out = build_deck(load_deck(_mini(tmp_path, art=False)), BuildOptions(players=4, lang="en", pdf_x="x4"),
                     out=tmp_path / "x4.pdf").path
    with pikepdf.open(out) as pdf:
        metadata = pdf.open_metadata()
        assert metadata["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
        # the identification a PDF/X-4 preflight reads, as WeasyPrint writes it for a rulebook
        assert metadata["xmpMM:DocumentID"].startswith("uuid:") and metadata["xmpMM:VersionID"] == "1"
        assert metadata["xmpMM:RenditionClass"] == "default" and "xmp:MetadataDate" in metadata
        assert pdf.Root.OutputIntents[0].DestOutputProfile.N == 4
        assert all("/TrimBox" in page.obj and "/BleedBox" in page.obj for page in pdf.pages)


def test_a_failure_while_finishing_leaves_the_earlier_file_alone(tmp_path: Path, monkeypatch) -> None:
    import deckforge.pdfx.canvas as canvas_module

    def broken(path, variant):
        raise BuildError("no profile today")

    deck = load_deck(_mini(tmp_path, art=False))
    target = tmp_path / "out" / "mini.pdf"
    build_deck(deck, BuildOptions(players=4, lang="en"), out=target)
    before = target.read_bytes()
    monkeypatch.setattr(canvas_module, "finish_pdf_x", broken)
    with pytest.raises(BuildError, match="no profile today"):
        build_deck(deck, BuildOptions(players=4, lang="en", pdf_x="x1a"), out=target)
    assert target.read_bytes() == before and [p.name for p in target.parent.iterdir()] == ["mini.pdf"]


def test_pdf_x_is_refused_where_no_pdf_is_written(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(_mini(tmp_path, art=False)), "--format", "cards-png",
                                       "--pdf-x", "x1a", "-o", str(tmp_path / "png")])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "--pdf-x makes PDF files for a print shop; it goes with --format sheets or cards-pdf" in result.output
    assert not (tmp_path / "png").exists()


def test_a_cmyk_colour_out_of_range_names_the_place_and_the_forms(tmp_path: Path) -> None:
    folder = _mini(tmp_path, art=False)
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace("80%, 60%", "1.8, 60%"), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert "back.colour: 'cmyk(1.8, 60%, 0%, 30%)' is not a colour: write \"#rrggbb\" or cmyk(c, m, y, k) " \
           "with inks from 0 to 1 or in %" in str(caught.value)


def test_a_colour_without_quotes_is_explained(tmp_path: Path) -> None:
    """`colour: #1f5fa8` is a YAML comment after nothing: the message says so instead of calling None no colour."""
    folder = _mini(tmp_path, art=False)
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    start = text.index("colour: ", text.index("back:")) + len("colour: ")
    deck_file.write_text(text[:start] + "#1f5fa8\n" + text[text.index("\n", start) + 1:], encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert "back.colour: no colour given (in YAML a # begins a comment, so a colour such as #1f5fa8 needs quotes)" \
           in str(caught.value)


def test_a_jpeg_photograph_stays_a_jpeg_under_pdf_x_and_prints_the_same(tmp_path: Path) -> None:
    """A JPEG was converted to press CMYK and stored as Flate-compressed pixels, several times the file's size;
    it is now stored as a CMYK JPEG (Adobe's inverted form, which the Decode array marks) and renders as the
    Flate-stored pixels do."""
    from PIL import ImageFilter, ImageStat

    folder = _mini(tmp_path, art=False)
    photo = Image.effect_noise((600, 400), 90).filter(ImageFilter.GaussianBlur(3))
    photo = Image.merge("RGB", (photo, photo.point(lambda v: 255 - v),
                                photo.transpose(Image.Transpose.FLIP_TOP_BOTTOM)))
    photo.save(folder / "photo.jpg", quality=92)
    with Image.open(folder / "photo.jpg") as decoded:
        decoded.save(folder / "photo.png")  # the same pixels, losslessly
    deck_file = folder / "deck.yaml"
    rock = "    item: rock\n    count: 3"
    text = deck_file.read_text(encoding="utf-8")
    built = {}
    for name in ("photo.jpg", "photo.png"):
        deck_file.write_text(text.replace(rock, f"{rock}\n    art: {name}"), encoding="utf-8")
        built[name] = build_deck(load_deck(folder), BuildOptions(fmt="cards-pdf", backs="none", pdf_x="x1a"),
                                 out=tmp_path / f"{name}.pdf").path
    images = {}
    for name, path in built.items():
        with pikepdf.open(path) as pdf:
            (image,) = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
            kind = image.Filter[0] if isinstance(image.Filter, pikepdf.Array) else image.Filter
            images[name] = (str(kind), str(image.ColorSpace), [int(v) for v in image.get("/Decode", [])],
                            len(image.read_raw_bytes()))
    assert images["photo.jpg"][:3] == ("/DCTDecode", "/DeviceCMYK", [1, 0] * 4)
    assert images["photo.png"][:2] == ("/FlateDecode", "/DeviceCMYK")
    assert images["photo.jpg"][3] < images["photo.png"][3]  # for this noise 0.7 of it; a photograph far less
    rendered = {}
    for name, path in built.items():
        subprocess.run(["pdftoppm", "-r", "60", "-f", "1", "-l", "1", "-png", str(path), str(tmp_path / name)],
                       check=True)
        rendered[name] = Image.open(next(tmp_path.glob(f"{name}*.png"))).convert("RGB")
    difference = ImageStat.Stat(ImageChops.difference(*rendered.values())).mean
    assert max(difference) < 2, difference  # not inverted, not shifted: JPEG's own small loss only


@pytest.mark.parametrize("pdf_x", [None, "x1a"])
def test_a_picture_far_sharper_than_print_shows_is_resampled(tmp_path: Path, pdf_x: str | None) -> None:
    """A phone photograph (4000 × 3000 px) in a 43 × 30 mm box prints at some 2,500 DPI: twenty of them made a
    140 MB sheet PDF (a PDF/X one 206 MB, 2.6 GB of memory). Above MAX_DPI a picture is resampled to 300 DPI at
    its printed size, a JPEG kept a JPEG; one that prints at 356 DPI is left as it is."""
    from deckforge.pdfx.canvas import MAX_DPI, RESAMPLED_DPI

    folder = _photo_deck(tmp_path)
    out = build_deck(load_deck(folder), BuildOptions(fmt="cards-pdf", backs="none", pdf_x=pdf_x),
                     out=tmp_path / "cards.pdf").path
    with pikepdf.open(out) as pdf:
        images = {int(o.Width): o for o in pdf.objects
                  if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"}
        filters = {width: str(o.Filter[0] if isinstance(o.Filter, pikepdf.Array) else o.Filter)
                   for width, o in images.items()}
    box_mm = 30  # the mini template's art box is 43 × 30 mm; a picture of 10 : 7 fills its height
    assert 2100 / (box_mm / 25.4) > MAX_DPI and 420 / (box_mm / 25.4) < MAX_DPI
    resampled = round(3000 * RESAMPLED_DPI / (2100 / (box_mm / 25.4)))
    assert set(images) == {resampled, 600}, set(images)
    assert filters[resampled] == "/DCTDecode" and filters[600] == "/FlateDecode"


def _photo_deck(tmp_path: Path) -> Path:
    """The mini deck with a 3000 × 2100 px JPEG (about 2,540 DPI in its 30 mm tall box) and a 600 × 420 px PNG
    (about 356 DPI) as art."""
    folder = _mini(tmp_path, art=False)
    Image.effect_noise((3000, 2100), 40).convert("RGB").save(folder / "phone.jpg", quality=90)
    Image.new("RGB", (600, 420), (20, 90, 160)).save(folder / "sharp.png")
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    for item, art in (("rock", "phone.jpg"), ("paper", "sharp.png")):
        text = text.replace(f"    item: {item}\n    count: ", f"    item: {item}\n    art: {art}\n    count: ")
    deck_file.write_text(text, encoding="utf-8")
    return folder


def _image_widths(pdf_path: Path) -> set[int]:
    with pikepdf.open(pdf_path) as pdf:
        return {int(o.Width) for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"}


@pytest.mark.parametrize("max_dpi", [1200, 300, "full"])
def test_the_maker_chooses_how_sharp_pictures_stay(tmp_path: Path, max_dpi) -> None:
    """Line art or lettering drawn as a picture may want 600 or 1200 DPI, and some shops want the files as they
    are: --max-dpi N resamples what prints sharper than N down to N, 'full' keeps every picture."""
    folder = _photo_deck(tmp_path)
    out = build_deck(load_deck(folder), BuildOptions(fmt="cards-pdf", backs="none", max_dpi=max_dpi),
                     out=tmp_path / "cards.pdf").path
    phone_dpi, sharp_dpi = 2100 / (30 / 25.4), 420 / (30 / 25.4)
    expected = {"full": {3000, 600}, 1200: {round(3000 * 1200 / phone_dpi), 600},
                300: {round(3000 * 300 / phone_dpi), round(600 * 300 / sharp_dpi)}}[max_dpi]
    assert _image_widths(out) == expected


@pytest.mark.parametrize("given, said", [
    ("72", "--max-dpi: 72 is not a resolution deckforge prints pictures at; give a whole number of DPI from 150 "
           "to 4800, or 'full'"),
    ("sharp", "Invalid value for '--max-dpi': 'sharp' is not a number of DPI"),
])
def test_a_resolution_limit_that_makes_no_sense_is_refused(tmp_path: Path, given: str, said: str) -> None:
    folder = _photo_deck(tmp_path)
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(main, ["build", str(folder), "--format", "cards-pdf", "--max-dpi", given, "-o",
                                       str(out)])
    assert result.exit_code != 0 and said in result.output, result.output
    assert "Traceback" not in result.output and not out.exists()
