"""Print-service presets: files of exactly the service's size, its format, a README of what to order, and clear
refusals of options the service does not take; output folders keep files deckforge did not write."""
from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from deckforge.cli import main
from deckforge.errors import BuildError
from deckforge.layout import BuildOptions, build_deck
from deckforge.layout.services import SERVICES, with_service
from deckforge.load import load_deck

MINI = Path(__file__).parent / "fixtures" / "mini"
INCH = 72


def _mini(tmp_path: Path, card_size: str = "poker") -> Path:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace("card_size: poker", f"card_size: {card_size}"),
                         encoding="utf-8")
    return folder


def _build(tmp_path: Path, service: str, out: str, **given) -> object:
    options = with_service(BuildOptions(service=service, lang="en", **given), given)
    return build_deck(load_deck(_mini(tmp_path)), options, out=tmp_path / out)


@pytest.mark.parametrize("service", [name for name, preset in SERVICES.items() if preset.fmt == "cards-png"])
def test_png_services_give_every_file_exactly_the_services_pixels(tmp_path: Path, service: str) -> None:
    result = _build(tmp_path, service, "png")
    pngs = sorted(result.path.glob("*.png"))
    assert [p.name for p in pngs] == ["001-rock.png", "002-paper.png", "003-fate.png", "004-changer.png", "back.png"]
    for png in pngs:
        with Image.open(png) as image:
            assert image.size == SERVICES[service].pixels
            assert image.mode == "RGB"  # The Game Crafter rejects CMYK images; no alpha for a service to guess at
            assert [round(v) for v in image.info["dpi"]] == [300, 300]


def test_the_game_crafter_card_is_2_5_by_3_5_inches_plus_an_eighth_inch_bleed(tmp_path: Path) -> None:
    preset = SERVICES["thegamecrafter"]
    assert preset.pixels == (825, 1125) == (round(2.75 * 300), round(3.75 * 300))
    assert preset.bleed_mm() == pytest.approx(25.4 / 8)
    result = _build(tmp_path, "thegamecrafter", "tgc")
    with Image.open(result.path / "back.png") as back:
        # The back's dark fill runs into the bleed: the corner pixel is the back colour #3b4a6b, not white.
        assert back.convert("RGB").getpixel((0, 0)) == (0x3B, 0x4A, 0x6B)


def test_the_readme_names_each_file_and_the_copies_to_order(tmp_path: Path) -> None:
    result = _build(tmp_path, "thegamecrafter", "tgc")
    readme = (result.path / "README.txt").read_text(encoding="utf-8")
    assert "The Game Crafter" in readme and "825 × 1125 px at 300 DPI" in readme and "7 cards in all" in readme
    rows = {words[0]: words[1] for words in map(str.split, readme.splitlines()) if words[:1]
            and words[0].endswith(".png")}
    assert rows == {"001-rock.png": "3", "002-paper.png": "2", "003-fate.png": "1", "004-changer.png": "1",
                    "back.png": "7"}
    assert "Stone of Fate" in readme
    with open(result.path / "cards.csv", encoding="utf-8") as listing:
        assert {row["file"]: row["copies"] for row in csv.DictReader(listing)} == rows


def test_drivethrucards_gets_one_pdf_page_per_card_with_its_back(tmp_path: Path) -> None:
    result = _build(tmp_path, "drivethrucards", "dtc.pdf")
    pages = PdfReader(result.path).pages
    assert len(pages) == 2 * 7
    for page in pages:
        assert [round(float(v) / INCH, 3) for v in page.mediabox] == [0, 0, 2.75, 3.75]
        assert [round(float(v) / INCH, 3) for v in page.trimbox] == [0.125, 0.125, 2.625, 3.625]
    readme = (tmp_path / "dtc-README.txt").read_text(encoding="utf-8")
    assert "dtc.pdf" in readme and "14 pages" in readme


def test_a_card_of_other_proportions_is_built_at_the_services_size_with_a_warning(tmp_path: Path) -> None:
    deck = load_deck(_mini(tmp_path, "tarot"))
    options = with_service(BuildOptions(service="thegamecrafter"))
    result = build_deck(deck, options, out=tmp_path / "png")
    assert any("70 × 120 mm" in w and "proportions" in w for w in result.warnings), result.warnings
    with Image.open(result.path / "back.png") as image:
        assert image.size == (825, 1125)
    poker = build_deck(load_deck(_mini(tmp_path / "p")), options, out=tmp_path / "p.png")
    assert not any("proportions" in w for w in poker.warnings)


def test_a_bleed_equal_to_the_services_is_accepted_and_another_refused() -> None:
    assert with_service(BuildOptions(service="thegamecrafter", bleed="0.125in"), ["bleed"]).fmt == "cards-png"
    with pytest.raises(BuildError, match=r"The Game Crafter fixes the bleed at 3.175 mm, not 2 mm; leave out --bleed"):
        with_service(BuildOptions(service="thegamecrafter", bleed="2"), ["bleed"])
    with pytest.raises(BuildError, match=r"The Game Crafter fixes the bleed at 3.175 mm, not 2.54 mm; leave out"):
        with_service(BuildOptions(service="thegamecrafter", bleed="0.1in"), ["bleed"])  # the same unit, for comparing


def test_the_library_refuses_a_service_with_a_format_it_does_not_take(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="The Game Crafter takes cards-png files, not the sheets format"):
        build_deck(load_deck(_mini(tmp_path)), BuildOptions(service="thegamecrafter"), out=tmp_path / "x.pdf")
    with pytest.raises(BuildError, match=r"unknown service 'gamecrafter'.*one of: thegamecrafter"):
        with_service(BuildOptions(service="gamecrafter"))


@pytest.mark.parametrize("args, message", [
    (["--format", "sheets"], "The Game Crafter takes cards-png files, not --format sheets; leave out --format"),
    (["--format", "tts"], "The Game Crafter takes cards-png files, not --format tts"),
    (["--bleed", "5"], "The Game Crafter fixes the bleed at 3.175 mm, not 5 mm; leave out --bleed"),
])
def test_the_cli_refuses_options_the_service_does_not_take(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["build", str(_mini(tmp_path)), "--service", "thegamecrafter",
                                       "-o", str(tmp_path / "out"), *args])
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_a_folder_keeps_files_deckforge_did_not_write(tmp_path: Path) -> None:
    target = tmp_path / "tgc"
    target.mkdir()
    (target / "notes.txt").write_text("mine")
    _build(tmp_path, "thegamecrafter", "tgc")
    assert (target / "notes.txt").read_text() == "mine" and (target / "back.png").is_file()
    (target / "back.png").write_bytes(b"an earlier build")  # deckforge wrote it: a rebuild replaces it
    build_deck(load_deck(tmp_path / "mini"), with_service(BuildOptions(service="thegamecrafter", backs="none")),
               out=target)
    assert (target / "notes.txt").read_text() == "mine"
    assert not (target / "back.png").exists() and (target / "001-rock.png").is_file()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_folder_with_a_file_of_the_same_name_deckforge_did_not_write_is_refused_untouched(tmp_path: Path) -> None:
    target = tmp_path / "tgc"
    target.mkdir()
    (target / "back.png").write_bytes(b"someone else's back")
    with pytest.raises(BuildError, match=r"tgc holds back.png, which deckforge did not write; move it away"):
        _build(tmp_path, "thegamecrafter", "tgc")
    assert [p.name for p in target.iterdir()] == ["back.png"]
    assert (target / "back.png").read_bytes() == b"someone else's back"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize("service, args, message", [
    ("drivethrucards", ["--pdf-x", "x4"], "DriveThruCards asks for PDF/X-1a, not --pdf-x x4; leave out --pdf-x"),
    ("thegamecrafter", ["--pdf-x", "x1a"],
     "The Game Crafter takes PNG files, which cannot be PDF/X; leave out --pdf-x"),
])
def test_the_cli_refuses_a_pdf_x_the_service_does_not_take(tmp_path: Path, service: str, args: list[str],
                                                           message: str) -> None:
    result = CliRunner().invoke(main, ["build", str(_mini(tmp_path)), "--service", service,
                                       "-o", str(tmp_path / "out"), *args])
    assert result.exit_code == 2 and message in " ".join(result.output.split()), result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_the_library_refuses_drivethrucards_without_pdf_x(tmp_path: Path) -> None:
    options = BuildOptions(service="drivethrucards", fmt="cards-pdf", bleed="0.125in")
    with pytest.raises(BuildError, match="DriveThruCards asks for PDF/X-1a, not a PDF without PDF/X"):
        build_deck(load_deck(_mini(tmp_path)), options, out=tmp_path / "dtc.pdf")
    assert not (tmp_path / "dtc.pdf").exists()


def test_an_unverified_preset_says_so_in_its_readme(tmp_path: Path) -> None:
    result = _build(tmp_path, "makeplayingcards", "mpc")
    readme = (result.path / "README.txt").read_text(encoding="utf-8")
    assert "63.5 × 88.9 mm trimmed, 3.048 mm bleed on every side, safe area 3.048 mm inside the trim" in readme
    assert "files 822 × 1122 px at 300 DPI" in readme and "Check them on the service's own page" in readme


def test_sheet_options_given_to_a_card_by_card_build_are_said_to_do_nothing(tmp_path) -> None:
    """`--service drivethrucards --paper letter --gap 2` made cards-pdf and silently ignored both options."""
    from click.testing import CliRunner

    from deckforge.cli import main

    result = CliRunner().invoke(main, ["build", "dymock", "--service", "drivethrucards", "--paper", "letter", "--gap",
                                       "2", "-o", str(tmp_path / "dtc.pdf")])
    assert result.exit_code == 0, result.output
    assert "warning: --paper, --gap lay out sheets of cards; this build makes cards-pdf (one card a page or file), " \
           "so they have no effect" in result.output
    plain = CliRunner().invoke(main, ["build", "dymock", "--paper", "letter", "-o", str(tmp_path / "sheets.pdf")])
    assert plain.exit_code == 0 and "no effect" not in plain.output


def test_the_readme_counts_one_player_and_one_card_in_the_singular(tmp_path: Path) -> None:
    """The README of a deck of one card for one player read "1 players" and "1 cards in all"."""
    folder = tmp_path / "one"
    folder.mkdir()
    (folder / "deck.yaml").write_text(
        "id: one\ngame: kamen-nuzky-papir\nlanguages: [en]\nname: {en: One}\nplayers: {min: 1, max: 2}\n"
        "card_size: poker\ncards:\n  - {id: rock, kind: item, item: rock, count: 1, name: {en: Rock}}\n",
        encoding="utf-8")
    given = {"players": 1}
    options = with_service(BuildOptions(service="thegamecrafter", lang="en", **given), given)
    readme = (build_deck(load_deck(folder), options, out=tmp_path / "tgc").path / "README.txt").read_text("utf-8")
    assert readme.splitlines()[0].startswith("One: 1 player, en, for The Game Crafter")
    assert "\n1 card in all.\n" in readme
