"""Whole builds: text that cannot fit, images, atomic writes, per-card PDF and PNG, the CLI, calibration."""
from __future__ import annotations

import shutil
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from deckforge.cli import main
from deckforge.errors import BuildError
from deckforge.layout import BuildOptions, build_deck
from deckforge.layout.batch import bundled_jobs
from deckforge.layout.calibrate import behind, targets, write_calibration
from deckforge.layout.paper import paper
from deckforge.load import bundled_decks, load_deck
from layout_pdf import MM, read_pages

MINI = Path(__file__).parent / "fixtures" / "mini"
LONG_SPELL = " ".join(["Každý hráč si lízne kartu a potom ji odhodí, pokud může."] * 12)


def _mini(tmp_path: Path, *replacements: tuple[str, str]) -> Path:
    folder = tmp_path / "mini"
    if not folder.exists():
        shutil.copytree(MINI, folder)
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    deck_file.write_text(text, encoding="utf-8")
    return folder


def layout_warnings(result) -> list[str]:
    """Return a build's warnings but the one that the mini deck, seven cards, is too small to deal at any count."""
    return [warning for warning in result.warnings if "cannot deal" not in warning]


def _image(path: Path, size: tuple[int, int], colour=(200, 60, 40)) -> str:
    Image.new("RGB", size, colour).save(path)
    return path.name


def test_an_over_long_spell_text_fails_naming_card_language_and_box(tmp_path: Path) -> None:
    folder = _mini(tmp_path, ("cs: Směr hry se obrací.", f"cs: '{LONG_SPELL}'"))
    with pytest.raises(BuildError) as caught:
        build_deck(load_deck(folder), BuildOptions(lang="cs"), out=tmp_path / "out.pdf")
    message = str(caught.value)
    # The body box is defined in the item layout that the spell layout extends: the message points there.
    assert "mini.yaml: faces.item.elements[4] (body): card 'fate' (cs): the text does not fit its 51.0 × 20.0 mm " \
           "box even at 7 pt" in message
    assert "Každý hráč si lízne kartu" in message
    build_deck(load_deck(folder), BuildOptions(lang="en"), out=tmp_path / "en.pdf")  # English still fits


def test_a_failed_build_keeps_the_earlier_file_byte_for_byte(tmp_path: Path) -> None:
    folder = _mini(tmp_path)
    target = tmp_path / "out" / "mini.pdf"
    build_deck(load_deck(folder), out=target)
    before = target.read_bytes()
    _mini(tmp_path, ("cs: Směr hry se obrací.", f"cs: '{LONG_SPELL}'"))
    with pytest.raises(BuildError):
        build_deck(load_deck(folder), out=target)
    assert target.read_bytes() == before
    assert sorted(p.name for p in target.parent.iterdir()) == ["mini.pdf"]


def test_an_error_while_drawing_leaves_no_partial_file(tmp_path: Path, monkeypatch) -> None:
    import deckforge.layout.build as build_module

    def broken(*args, **kwargs):
        raise BuildError("the printer caught fire")

    monkeypatch.setattr(build_module, "draw_sheets", broken)
    with pytest.raises(BuildError, match="caught fire"):
        build_deck(load_deck(_mini(tmp_path)), out=tmp_path / "out" / "mini.pdf")
    assert list((tmp_path / "out").iterdir()) == []


def test_a_shared_image_is_stored_once_and_low_resolution_is_reported(tmp_path: Path) -> None:
    folder = _mini(tmp_path)
    art = _image(folder / "rock.png", (120, 90))
    _mini(tmp_path, ("    item: rock\n    count: 3", f"    item: rock\n    count: 3\n    art: {art}"),
          ("    item: paper\n    count: 2", f"    item: paper\n    count: 2\n    art: {art}"))
    result = build_deck(load_deck(folder), out=tmp_path / "art.pdf")
    images = set()
    for page in PdfReader(result.path).pages:
        _find_images(page["/Resources"].get("/XObject"), images)
    assert len(images) == 1
    # once for both faces that show it alike (it was once a face); 120 × 90 px fitted into a 43 × 30 mm box is
    # 40 × 30 mm: 90 px over 30 mm is 76 DPI
    (warning,) = layout_warnings(result)
    assert ": cards 'rock' and 'paper': the art " in warning
    assert "rock.png (120 × 90 px) prints at 76 DPI in its 40 × 30 mm box" in warning
    # validate, which lays out every face as a build would, in each of the deck's languages, warns alike and once
    from deckforge.validate import validate_deck

    checked = validate_deck(load_deck(folder), play=False).warnings
    assert len(load_deck(folder).languages) > 1 and [w for w in checked if "DPI" in w] == [warning]


def _find_images(xobjects, images: set) -> None:
    """Add the object number of every image drawn by these XObjects, following forms inside forms (a sheet's
    form places face forms, which draw the images)."""
    for reference in (xobjects or {}).values():
        xobject = reference.get_object()
        if xobject["/Subtype"] == "/Image":
            images.add(reference.idnum)
        elif xobject["/Subtype"] == "/Form":
            _find_images(xobject.get("/Resources", {}).get("/XObject"), images)


def test_a_sharp_jpeg_draws_without_warning(tmp_path: Path) -> None:
    folder = _mini(tmp_path)
    Image.new("RGB", (600, 450), (20, 90, 160)).save(folder / "sharp.jpg", quality=90)
    _mini(tmp_path, ("    item: rock\n    count: 3", "    item: rock\n    count: 3\n    art: sharp.jpg"))
    assert layout_warnings(build_deck(load_deck(folder), out=tmp_path / "jpeg.pdf")) == []


@pytest.mark.parametrize("options", [BuildOptions(), BuildOptions(fmt="cards-pdf"), BuildOptions(pdf_x="x1a")],
                         ids=["sheets", "cards-pdf", "pdf-x"])
def test_every_stream_is_binary_and_reportlab_is_left_as_it_was(tmp_path: Path, options: BuildOptions) -> None:
    """ReportLab ASCII85-encodes an image as it loads it unless told otherwise (`rl_config.useA85`), which made
    every picture a quarter larger (a deck of 20 photographs: 11.7 MB, now 9.4 MB); the build said it wrote binary
    streams, but switched only the save to them."""
    from reportlab import rl_config

    folder = _mini(tmp_path)
    Image.effect_noise((300, 225), 60).convert("RGB").save(folder / "photo.jpg", quality=90)
    _image(folder / "flat.png", (300, 225))
    _mini(tmp_path, ("    item: rock\n    count: 3", "    item: rock\n    count: 3\n    art: photo.jpg"),
          ("    item: paper\n    count: 2", "    item: paper\n    count: 2\n    art: flat.png"))
    assert rl_config.useA85  # ReportLab's default, which a program using deckforge as a library may rely on
    result = build_deck(load_deck(folder), options, out=tmp_path / "binary.pdf")
    assert rl_config.useA85
    with pikepdf.open(result.path) as pdf:
        streams = [o for o in pdf.objects if isinstance(o, pikepdf.Stream)]
        filters = [[str(f) for f in (o.get("/Filter") if isinstance(o.get("/Filter"), pikepdf.Array)
                                     else [o.get("/Filter")] if "/Filter" in o else [])] for o in streams]
        images = {tuple(f) for o, f in zip(streams, filters) if o.get("/Subtype") == "/Image"}
    assert not [f for f in filters if "/ASCII85Decode" in f]
    # The photograph stays a JPEG, as its file is (under PDF/X, converted to press CMYK: test_pdfx.py)
    assert images == {("/DCTDecode",), ("/FlateDecode",)}


def test_an_image_broken_after_loading_fails_naming_the_card(tmp_path: Path) -> None:
    # The loader already refuses unreadable art; the build checks again, since files change under a long run.
    folder = _mini(tmp_path)
    art = _image(folder / "art.png", (600, 450))
    _mini(tmp_path, ("    item: paper\n    count: 2", f"    item: paper\n    count: 2\n    art: {art}"))
    deck = load_deck(folder)
    (folder / art).write_bytes((folder / art).read_bytes()[:200])
    with pytest.raises(BuildError, match=r"card 'paper' \(cs\): cannot read the art file .*art.png"):
        build_deck(deck, out=tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_cards_png_is_300_dpi_with_bleed_one_per_face(tmp_path: Path) -> None:
    result = build_deck(load_deck(_mini(tmp_path)), BuildOptions(fmt="cards-png"), out=tmp_path / "png")
    files = sorted(p.name for p in result.path.iterdir() if p.name != ".deckforge-files")
    assert files == ["001-rock.png", "002-paper.png", "003-fate.png", "004-changer.png", "back.png", "cards.csv"]
    for name in files[:-1]:
        with Image.open(result.path / name) as image:
            assert image.size == (round((63 + 6) / 25.4 * 300), round((88 + 6) / 25.4 * 300)) == (815, 1110)
    assert (result.path / "cards.csv").read_text().splitlines()[1:] == \
        ["001-rock.png,3", "002-paper.png,2", "003-fate.png,1", "004-changer.png,1", "back.png,7"]


def test_cards_png_replaces_an_earlier_folder_only_when_complete(tmp_path: Path) -> None:
    target = tmp_path / "png"
    build_deck(load_deck(_mini(tmp_path)), BuildOptions(fmt="cards-png"), out=target)
    (target / "old.png").write_bytes(b"old")  # not deckforge's: kept, never deleted
    build_deck(load_deck(_mini(tmp_path)), BuildOptions(fmt="cards-png", backs="none"), out=target)
    assert "back.png" not in {p.name for p in target.iterdir()} and (target / "001-rock.png").exists()
    assert (target / "old.png").read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_cards_pdf_has_one_page_per_card_and_back_with_trim_and_bleed_boxes(tmp_path: Path) -> None:
    result = build_deck(load_deck(_mini(tmp_path)), BuildOptions(fmt="cards-pdf", bleed="2mm"),
                        out=tmp_path / "cards.pdf")
    pages = PdfReader(result.path).pages
    assert len(pages) == 2 * 7
    for page in pages:
        assert [round(float(v) / MM, 2) for v in page.trimbox] == [2, 2, 65, 90]
        assert [round(float(v) / MM, 2) for v in page.bleedbox] == [0, 0, 67, 92]
        assert [round(float(v) / MM, 2) for v in page.mediabox] == [0, 0, 67, 92]
    keys = [page.faces[0].key for page in read_pages(result.path, 63, 88)]
    assert keys[:4] == ["card-rock", "back", "card-rock", "back"] and keys.count("back") == 7


def test_the_cli_writes_the_default_path_and_reports(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "kamen-nuzky-papir", "--backs", "none"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("wrote output/kamen-nuzky-papir/kamen-nuzky-papir-4p-cs.pdf: 4 pages, 30 cards")
    assert (tmp_path / "output" / "kamen-nuzky-papir" / "kamen-nuzky-papir-4p-cs.pdf").is_file()


def test_a_back_offset_with_no_backs_is_said_to_do_nothing(tmp_path: Path) -> None:
    """`--backs none --back-offset 0.5,-1` built the fronts and silently dropped the offset."""
    target = tmp_path / "k.pdf"
    result = CliRunner().invoke(main, ["build", "kamen-nuzky-papir", "--backs", "none", "--back-offset", "0.5,-1",
                                       "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert ("warning: --back-offset shifts the backs, and --backs none prints no backs, so it has no effect; leave "
            "out --back-offset, or choose --backs duplex-long or duplex-short to print backs\n") in result.output
    assert target.is_file()
    plain = CliRunner().invoke(main, ["build", "kamen-nuzky-papir", "--back-offset", "0.5,-1", "-o", str(target)])
    assert plain.exit_code == 0 and "no effect" not in plain.output


@pytest.mark.parametrize("fmt, name, warning", [
    ("sheets", "x.png", "x.png holds a PDF (--format sheets), though its name ends in .png: rename it x.pdf; for "
                        "one PNG a card, give --format cards-png and a folder"),
    ("cards-png", "s1.pdf", "s1.pdf is a folder of PNG images (--format cards-png), though its name ends in .pdf "
                            "like a file's: rename it s1; for one PDF page a card, give --format cards-pdf"),
    ("tts", "t.json", "t.json is a folder of Tabletop Simulator files (--format tts), though its name ends in .json "
                      "like a file's: rename it t"),
])
def test_an_output_named_as_another_kind_of_file_is_warned_about(tmp_path: Path, monkeypatch, fmt: str, name: str,
                                                                  warning: str) -> None:
    """`-o out/x.png` wrote a PDF named x.png, and `--format cards-png -o s1.pdf` a folder named s1.pdf, silently."""
    _mini(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "mini", "--format", fmt, "-o", name])
    assert result.exit_code == 0, result.output
    assert f"warning: {warning}\n" in result.stderr
    fine = ("x.pdf", "v1.2") if fmt == "sheets" else ("x", "v1.2")  # the format's own kind, a version: no warning
    for name in fine:
        built = CliRunner().invoke(main, ["build", "mini", "--format", fmt, "-o", name])
        assert built.exit_code == 0 and "its name ends in" not in built.stderr, built.output


@pytest.mark.parametrize("args, message", [
    (["--bleed", "30"], "Error: bleed: 30 is out of range; give 0 to 10 mm"),
    (["--back-offset", "1"], "give two lengths in mm separated by a comma"),
    (["--gap", "3 furlongs"], "Error: gap: '3 furlongs' is not a length"),
    (["--players", "13"], "this deck serves 2 to 12 players, not 13"),
])
def test_the_cli_refuses_bad_options_clearly(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["build", "kamen-nuzky-papir", "-o", str(tmp_path / "x.pdf"), *args])
    assert result.exit_code != 0 and message in result.output
    assert "Traceback" not in result.output and not (tmp_path / "x.pdf").exists()


def test_build_and_calibrate_have_help_with_examples() -> None:
    for command in ("build", "calibrate"):
        result = CliRunner().invoke(main, [command, "--help"])
        assert result.exit_code == 0 and "Example:" in result.output


def test_calibrate_says_when_its_pdf_is_named_as_another_kind_of_file(tmp_path: Path) -> None:
    picture = CliRunner().invoke(main, ["calibrate", "-o", str(tmp_path / "sheet.png")])
    assert picture.exit_code == 0 and (tmp_path / "sheet.png").read_bytes().startswith(b"%PDF")
    assert "sheet.png holds a PDF, though its name ends in .png: rename it sheet.pdf" in picture.output
    named = CliRunner().invoke(main, ["calibrate", "-o", str(tmp_path / "sheet.pdf")])
    assert named.exit_code == 0 and "warning" not in named.output


def test_build_all_plans_every_bundled_deck_in_each_language() -> None:
    jobs, notes = bundled_jobs()
    sheets = [job.label for job in jobs if not job.label.endswith("rulebook")]
    decks = [load_deck(path) for path in bundled_decks()]
    assert sheets == [f"{deck.id} {lang}" for deck in decks for lang in deck.languages]
    assert len(sheets) >= 8
    rulebooks = [job for job in jobs if job.label.endswith("rulebook")]
    assert [job.label for job in rulebooks] == [f"{label} rulebook" for label in sheets] or notes == [
        "rulebooks skipped: deckforge.rulebook.write_rulebook is not available"]


def test_the_calibration_rulers_stand_behind_the_crosses_shifted_by_the_offset(tmp_path: Path) -> None:
    path = write_calibration("a4", "duplex-long", ("0.5", "-1"), out=tmp_path / "cal.pdf")
    front, back = read_pages(path, 63, 88)
    sheet = paper("a4")
    crosses = {(round(x0, 1), round(y0, 1)) for x0, y0, x1, y1 in front.lines if x0 == x1}  # vertical strokes
    for point in targets(sheet):
        x, y = behind(point, sheet, "duplex-long")
        zero_tick = (x / MM + 0.5, y / MM - 1 - 11)  # the horizontal ruler's 0 tick starts 11 mm below the centre
        assert any(abs(x0 - zero_tick[0]) < 0.01 and abs(y0 - zero_tick[1]) < 0.01 and x0 == x1
                   for x0, y0, x1, y1 in back.lines), point
        assert (round(point[0] / MM, 1), round(point[1] / MM - 24, 1)) in crosses
        # the ruler reads every offset --back-offset accepts (±10 mm; it read ±6)
        ticks = [x0 - zero_tick[0] for x0, y0, x1, y1 in back.lines
                 if x0 == x1 and abs(max(y0, y1) - zero_tick[1]) < 0.01 and abs(x0 - zero_tick[0]) < 30]
        assert round(min(ticks), 2) == -10 and round(max(ticks), 2) == 10 and len(ticks) == 41


def test_a_bundled_spell_made_too_long_fails_the_cli_build_cleanly(tmp_path: Path) -> None:
    folder = tmp_path / "knp"
    shutil.copytree(load_deck("kamen-nuzky-papir").folder, folder)
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    deck_file.write_text(text.replace("cs: Směr hry se obrátí.", f"cs: '{LONG_SPELL}'"), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(tmp_path / "knp.pdf")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "card 'stone-of-fate' (cs): the text does not fit its" in result.output
    assert not (tmp_path / "knp.pdf").exists()


def test_every_element_of_a_face_that_cannot_be_laid_out_is_named_in_one_run(tmp_path: Path) -> None:
    """A card whose name and text were both too long was reported for its name only; the text's problem showed up
    on the next run. validate lists each apart, and a build names both."""
    import re
    import shutil

    from deckforge.load import BUNDLED_DIR
    from deckforge.validate import validate_deck

    shutil.copytree(BUNDLED_DIR / "kamen-nuzky-papir", tmp_path / "knp")
    deck_file = tmp_path / "knp" / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    text = text.replace("name: {cs: Těžká obálka,", "name: {cs: Těžká obálka" + " velmi dlouhé jméno" * 6 + ",", 1)
    text = re.sub(r"(id: heavy-envelope.*?\n      cs: )([^\n]*)", lambda m: m.group(1) + "Dlouhý text karty. " * 20,
                  text, count=1, flags=re.S)
    deck_file.write_text(text, encoding="utf-8")
    deck = load_deck(tmp_path / "knp")
    found = [str(f) for f in validate_deck(deck, play=False).findings]
    assert len(found) == 2 and all("card 'heavy-envelope' (cs): the text does not fit" in f for f in found)
    assert "(title)" in found[0] and "(spell text)" in found[1]
    with pytest.raises(BuildError) as caught:
        build_deck(deck, BuildOptions(lang="cs"), out=tmp_path / "out.pdf")
    assert str(caught.value).splitlines() == found


SHORT_DECK = Path(__file__).resolve().parents[1] / "load" / "fixtures" / "ok_tiny.yaml"


def short_deck(folder: Path) -> Path:
    """Write ok_tiny with 9 cards a set and one set up to 4 players: the deal (4 each, one turned up) fits 2 players
    only, and the build's default count is 4."""
    text = SHORT_DECK.read_text(encoding="utf-8").replace("per_set: 2", "per_set: 4")
    text = text.replace("    item: scissors\n    count: 3", "    item: scissors\n    count: 1")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    return folder / "deck.yaml"


def test_a_deck_too_small_to_deal_at_the_count_built_is_built_with_a_warning_naming_players(
        tmp_path: Path, monkeypatch) -> None:
    """It built silently while `validate` failed it: the sheets still print (a maker trying a deck still short of
    cards), and the build says where the player counts are written and which counts the deck can deal."""
    monkeypatch.chdir(tmp_path)
    short_deck(tmp_path / "d")
    result = CliRunner().invoke(main, ["build", "d", "-o", "short.pdf"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "wrote short.pdf: 2 pages, 9 cards\n"
    assert ("warning: d/deck.yaml:5:10: 4 players: 9 cards cannot deal 4 to each of 4 players and turn one up, "
            "which takes 17; the cards are printed all the same: add cards, or build with --players for a count "
            "the deck can deal: 2\n") in result.stderr
    assert len(PdfReader("short.pdf").pages) == 2
    dealt = CliRunner().invoke(main, ["build", "d", "--players", "2", "-o", "two.pdf"])
    assert dealt.exit_code == 0 and "cannot deal" not in dealt.stderr


def test_a_deck_for_fewer_players_than_its_game_needs_is_built_with_a_warning(tmp_path: Path, monkeypatch) -> None:
    """validate fails a Kámen, nůžky, papír deck for one player; build says why in the same words, and prints."""
    monkeypatch.chdir(tmp_path)
    Path("solo").mkdir()
    Path("solo/deck.yaml").write_text("extends: kamen-nuzky-papir\nid: solo\nplayers: {min: 1, max: 1}\n",
                                      encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "solo", "--lang", "en", "-o", "solo.pdf"])
    assert result.exit_code == 0, result.output
    assert ("warning: solo/deck.yaml:3:10: players.min: Rock, Paper, Scissors (kamen-nuzky-papir) needs at least 2 "
            "players, not 1: raise it and players.max to 2; the cards are printed all the same\n") in result.stderr
    assert len(PdfReader("solo.pdf").pages) == 8


def test_faces_sharing_a_low_resolution_picture_are_named_in_one_warning() -> None:
    from deckforge.layout.faces import _faces_named

    assert _faces_named(["card-rock"]) == "card 'rock'"
    assert _faces_named(["card-a", "card-b", "card-a"]) == "cards 'a' and 'b'"  # a card met twice is named once
    assert _faces_named(["card-a", "card-b", "card-c"]) == "cards 'a', 'b' and 'c'"
    assert _faces_named([f"card-{n}" for n in "abcdefg"]) == "cards 'a', 'b', 'c' and 4 more"
    assert _faces_named(["back"]) == "the back"
    assert _faces_named(["card-a", "back"]) == "the back and card 'a'"
