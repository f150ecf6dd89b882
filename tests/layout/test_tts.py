"""Tabletop Simulator export: sheet grids within TTS's limits, the saved object's cards, URLs and refusals."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st
from PIL import Image

from deckforge.cli import main
from deckforge.errors import BuildError
from deckforge.layout import BuildOptions, build_deck, tts
from deckforge.layout.tts import SheetGrid, cell_size, sheet_grids
from deckforge.load import load_deck
from knp_helpers import item, write_deck

MINI = Path(__file__).parent / "fixtures" / "mini"
POKER = (63.5 * 72 / 25.4, 88.9 * 72 / 25.4)


@pytest.fixture
def small_cells(monkeypatch) -> None:
    """Render cards 60 px wide: the maths is the same, the test is fast."""
    monkeypatch.setattr(tts, "MAX_CELL_WIDTH_PX", 60)


def _mini(tmp_path: Path) -> Path:
    shutil.copytree(MINI, tmp_path / "mini")
    return tmp_path / "mini"


def _saved(folder: Path) -> dict:
    [saved] = folder.glob("*.json")
    return json.loads(saved.read_text(encoding="utf-8"))


def test_sheet_grids_keep_the_last_cell_free_and_split_past_69_faces() -> None:
    assert sheet_grids(4) == [SheetGrid(5, 1, 4)]
    assert sheet_grids(54) == [SheetGrid(10, 6, 54)]
    assert sheet_grids(69) == [SheetGrid(10, 7, 69)]
    assert sheet_grids(70) == [SheetGrid(10, 7, 69), SheetGrid(2, 1, 1)]
    assert sheet_grids(150) == [SheetGrid(10, 7, 69), SheetGrid(10, 7, 69), SheetGrid(10, 2, 12)]


@given(st.integers(1, 400))
def test_every_sheet_is_within_tts_limits_and_holds_its_faces_and_the_hidden_card(faces: int) -> None:
    grids = sheet_grids(faces)
    assert sum(g.faces for g in grids) == faces
    width, height = cell_size(grids, *POKER)
    for grid in grids:
        assert 1 <= grid.columns <= 10 and 1 <= grid.rows <= 7 and grid.faces + 1 <= grid.columns * grid.rows
        assert grid.columns * width <= 4096 and grid.rows * height <= 4096


def test_full_size_cells_fill_a_10_by_7_sheet_within_4096_px() -> None:
    width, height = cell_size(sheet_grids(69), *POKER)
    assert (width, height) == (409, 573) and 10 * width <= 4096 and 7 * height <= 4096


def test_a_small_deck_with_quantities_gives_one_card_object_per_physical_card(tmp_path: Path, small_cells) -> None:
    out = tmp_path / "tts"
    result = build_deck(load_deck(_mini(tmp_path)), BuildOptions(fmt="tts", lang="en"), out=out)
    assert (result.fmt, result.pages, result.cards) == ("tts", 1, 7)
    assert sorted(p.name for p in out.iterdir()) == [".deckforge-files", "mini-4p-en-back.png",
                                                      "mini-4p-en-faces-1.png", "mini-4p-en.json", "mini-4p-en.png"]
    deck = _saved(out)["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Small deck"
    assert deck["DeckIDs"] == [100, 100, 100, 101, 101, 102, 103]
    cards = deck["ContainedObjects"]
    assert [(c["Name"], c["Nickname"], c["CardID"]) for c in cards] == [
        ("Card", "Rock", 100), ("Card", "Rock", 100), ("Card", "Rock", 100), ("Card", "Paper", 101),
        ("Card", "Paper", 101), ("Card", "Stone of Fate", 102), ("Card", "Changer", 103)]
    assert cards[0]["Description"] == "Beats scissors." and cards[5]["Description"] == "Play reverses."
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"], sheet["BackIsHidden"], sheet["UniqueBack"]) == (5, 1, True, False)
    assert sheet["FaceURL"] == (out / "mini-4p-en-faces-1.png").resolve().as_uri()
    assert sheet["BackURL"].startswith("file:///") and Path(sheet["BackURL"][7:]).is_file()
    assert all(c["CustomDeck"] == {"1": sheet} for c in cards)


def test_the_sheet_is_a_whole_grid_of_faces_with_the_back_in_its_last_cell(tmp_path: Path, small_cells) -> None:
    out = tmp_path / "tts"
    build_deck(load_deck(_mini(tmp_path)), BuildOptions(fmt="tts", lang="en"), out=out)
    with Image.open(out / "mini-4p-en-back.png") as back, Image.open(out / "mini-4p-en-faces-1.png") as sheet:
        width, height = back.size
        assert width == 60 and sheet.size == (5 * width, height)
        last = sheet.crop((4 * width, 0, 5 * width, height)).convert("RGB")
        assert last.tobytes() == back.convert("RGB").tobytes()
        assert sheet.convert("RGB").getpixel((width // 2, 2)) != back.convert("RGB").getpixel((width // 2, 2))
    with Image.open(out / "mini-4p-en.png") as thumbnail:
        assert thumbnail.size == (256, 256)


def test_a_deck_of_over_69_faces_takes_two_sheets_and_card_ids_count_per_sheet(tmp_path: Path, small_cells) -> None:
    cards = [item(f"stone-{n}", "rock") for n in range(71)] + [item("paper", "paper", count=2)]
    deck = load_deck(write_deck(tmp_path / "big", cards, high=4))
    out = tmp_path / "tts"
    build_deck(deck, BuildOptions(fmt="tts", players=2), out=out)
    saved = _saved(out)["ObjectStates"][0]
    sheets = saved["CustomDeck"]
    assert {k: (s["NumWidth"], s["NumHeight"]) for k, s in sheets.items()} == {"1": (10, 7), "2": (4, 1)}
    assert saved["DeckIDs"] == list(range(100, 169)) + [200, 201, 202, 202]
    assert len(saved["ContainedObjects"]) == 73
    for key, sheet in sheets.items():
        with Image.open(Path(sheet["FaceURL"][7:])) as image:
            assert image.width % sheet["NumWidth"] == 0 and image.height % sheet["NumHeight"] == 0
            assert image.width // sheet["NumWidth"] == 60


@pytest.mark.parametrize("base_url, folder", [
    ("https://example.org/decks/malý/", "https://example.org/decks/mal%C3%BD/"),
    ("https://example.org/moje karty", "https://example.org/moje%20karty/"),
    ("https://example.org/moje%20karty/", "https://example.org/moje%20karty/"),  # typed encoded: not encoded twice
    ("https://Příklad.cz:8080/karty/", "https://xn--pklad-zsa96e.cz:8080/karty/"),
])
def test_base_url_makes_every_image_address_a_web_address(tmp_path: Path, small_cells, base_url: str,
                                                           folder: str) -> None:
    """A space or a Czech letter in --base-url went into the JSON raw, unlike the percent-encoded file:/// paths."""
    options = BuildOptions(fmt="tts", lang="cs", base_url=base_url)
    build_deck(load_deck(_mini(tmp_path)), options, out=tmp_path / "tts")
    sheet = _saved(tmp_path / "tts")["ObjectStates"][0]["CustomDeck"]["1"]
    assert sheet["FaceURL"] == f"{folder}mini-4p-cs-faces-1.png"
    assert sheet["BackURL"] == f"{folder}mini-4p-cs-back.png"


@pytest.mark.parametrize("args, message", [
    (["--base-url", "https://example.org/"], "--base-url is where Tabletop Simulator finds the images; it goes "
                                             "with --format tts only"),
    (["--format", "tts", "--base-url", "example.org/x"], "--base-url: 'example.org/x' is not a web address"),
    (["--format", "tts", "--base-url", "https://exa mple.org/"],
     "--base-url: 'https://exa mple.org/' has no valid host name ('exa mple.org'); give the http:// or https:// "
     "address of the folder the images will be uploaded to, e.g. https://example.org/decks/mine/"),
    (["--format", "tts", "--base-url", "https://example.org/a?b=1"],
     "--base-url: 'https://example.org/a?b=1' has a query or fragment ('?b=1'); TTS adds each image's name to the "
     "folder's address, so give the folder's address alone, e.g. https://example.org/decks/mine/"),
    (["--format", "tts", "--base-url", "https://example.org/a#top"], "has a query or fragment ('#top')"),
    (["--format", "tts", "--backs", "none"], "leave out --backs none for --format tts"),
    (["--format", "tts", "--service", "thegamecrafter"], "The Game Crafter takes cards-png files, not --format tts"),
])
def test_the_cli_refuses_options_tts_cannot_use(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["build", str(_mini(tmp_path)), "-o", str(tmp_path / "out"), *args])
    assert result.exit_code != 0 and message in result.output, result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_the_library_refuses_a_service_for_tts(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="--service sets up files for a print service; leave it out for --format tts"):
        build_deck(load_deck(_mini(tmp_path)), BuildOptions(fmt="tts", service="thegamecrafter"), out=tmp_path / "x")


def test_a_failure_while_writing_keeps_the_earlier_export_and_leaves_nothing_half_written(
        tmp_path: Path, small_cells, monkeypatch) -> None:
    out = tmp_path / "tts"
    build_deck(load_deck(_mini(tmp_path)), BuildOptions(fmt="tts", lang="en"), out=out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def broken(*args):
        raise OSError("disk full")

    monkeypatch.setattr(tts, "saved_object", broken)
    with pytest.raises(OSError, match="disk full"):
        build_deck(load_deck(tmp_path / "mini"), BuildOptions(fmt="tts", lang="cs"), out=out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_second_language_built_into_the_same_folder_keeps_the_first(tmp_path: Path, small_cells) -> None:
    """Building en into the folder of a cs export deleted every cs file, though a -cs.json already loaded in TTS
    points at them. A build now clears only the stale files of its own deck, player count and language."""
    out, deck = tmp_path / "tts", load_deck(_mini(tmp_path))
    for lang in ("cs", "en"):
        build_deck(deck, BuildOptions(fmt="tts", lang=lang), out=out)
    both = [f"mini-4p-{lang}{end}" for lang in ("cs", "en")
            for end in ("-back.png", "-faces-1.png", ".json", ".png")]
    assert sorted(p.name for p in out.iterdir()) == [".deckforge-files", *both]
    assert (out / ".deckforge-files").read_text(encoding="utf-8").split() == both
    (out / "mini-4p-cs-faces-2.png").write_bytes(b"a sheet of an earlier, bigger cs build")
    with (out / ".deckforge-files").open("a", encoding="utf-8") as record:
        record.write("mini-4p-cs-faces-2.png\n")
    build_deck(deck, BuildOptions(fmt="tts", lang="cs"), out=out)
    assert sorted(p.name for p in out.iterdir()) == [".deckforge-files", *both]
    for lang in ("cs", "en"):
        sheet = _saved_as(out, lang)["ObjectStates"][0]["CustomDeck"]["1"]
        assert Path(sheet["FaceURL"][7:]).is_file() and Path(sheet["BackURL"][7:]).is_file()


def _saved_as(folder: Path, lang: str) -> dict:
    return json.loads((folder / f"mini-4p-{lang}.json").read_text(encoding="utf-8"))


def test_the_cli_counts_one_face_sheet_in_the_singular(tmp_path: Path, small_cells) -> None:
    """It said "wrote tts: 1 face sheets"."""
    result = CliRunner().invoke(main, ["build", str(_mini(tmp_path)), "--format", "tts", "-o", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {tmp_path / 't'}: 1 face sheet, 7 cards\n"


def test_the_docs_give_the_cell_of_a_poker_card_on_a_full_sheet_as_built() -> None:
    """docs/tabletop-simulator.md said 409 × 573 px, the cell of a 2.5 × 3.5 in card; a poker card's is 571 high."""
    from deckforge.layout.units import mm
    from deckforge.vocab import CARD_SIZES

    width, height = cell_size(sheet_grids(69), *(mm(side) for side in CARD_SIZES["poker"]))
    doc = (Path(__file__).parents[2] / "docs" / "tabletop-simulator.md").read_text(encoding="utf-8")
    assert f"({width} × {height} px for a 63 × 88 mm poker card on a full sheet)" in doc
