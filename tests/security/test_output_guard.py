"""No output may overwrite, replace or hold what deckforge reads (deckforge/output_guard.py); a folder output never
loses a file deckforge did not write; an odd target ends in one clear line."""
import hashlib
import os
import shutil
from pathlib import Path

import pytest
import ttf_opensans
from click.testing import CliRunner
from PIL import Image

from deckforge.cli import main

ROOT = Path(__file__).resolve().parents[2]

BASE = """id: tiny-base
name: {en: Tiny}
languages: [en]
players: {min: 2, max: 4}
card_size: poker
template: my-template
back: {art: art/back.png}
fonts: {body: fonts/body.ttf}
rules:
  en: |
    Play a card; whoever holds the last card loses.
cards: cards.csv
"""


def tiny_deck(folder: Path) -> Path:
    """A deck that reads every kind of input: a deck it extends, a spreadsheet, art, its own card template, a
    font, an icon and a rulebook template folder."""
    (folder / "art").mkdir(parents=True)
    (folder / "fonts").mkdir()
    (folder / "icons").mkdir()
    (folder / "rulebook").mkdir()
    Image.new("RGB", (60, 80), "#a33").save(folder / "art" / "good.png")
    Image.new("RGB", (60, 80), "#33a").save(folder / "art" / "back.png")
    shutil.copy(ttf_opensans.TTF_BIN_FOLDER / "OpenSans-Regular.ttf", folder / "fonts" / "body.ttf")
    (folder / "icons" / "star.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">'
                                               '<rect width="8" height="8"/></svg>', encoding="utf-8")
    (folder / "rulebook" / "notes.txt").write_text("kept as it is\n", encoding="utf-8")
    shutil.copy(ROOT / "templates" / "cards" / "basic.yaml", folder / "my-template.yaml")
    (folder / "cards.csv").write_text("id,count,name.en,text.en,art\na,3,Ay,Shine :star:,art/good.png\n"
                                      "b,2,Bee,World,\n", encoding="utf-8")
    (folder / "base.yaml").write_text(BASE, encoding="utf-8")
    (folder / "deck.yaml").write_text("extends: base.yaml\nid: tiny\n", encoding="utf-8")
    return folder


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def deck(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tiny_deck(tmp_path / "tiny")


def assert_refused(result, *words: str) -> None:
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), (result.output, result.exception)
    assert result.output.startswith("Error: cannot write ") and "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


INPUTS = [("deck.yaml", "the deck file of 'tiny'"), ("base.yaml", "a file the deck 'tiny' is read from"),
          ("cards.csv", "a file the deck 'tiny' is read from"), ("art/good.png", "the art of the card 'a'"),
          ("art/back.png", "the back's art"), ("my-template.yaml", "the card template of 'tiny'"),
          ("fonts/body.ttf", "the body font"), ("icons/star.svg", "the icon :star:")]


@pytest.mark.parametrize("name, role", INPUTS, ids=[name for name, _ in INPUTS])
def test_build_over_an_input_is_refused_and_the_input_kept(deck: Path, name: str, role: str) -> None:
    before = snapshot(deck)
    result = run("build", deck, "--players", "2", "--backs", "none", "-o", deck / name)
    assert_refused(result, f"it is {role}", "output/tiny/")
    assert snapshot(deck) == before


@pytest.mark.parametrize("command", [["rulebook", "--format", "html"], ["rulebook"], ["scorepad", "-p", "4"],
                                     ["report", "--games", "2"]], ids=["rulebook-html", "rulebook", "scorepad",
                                                                      "report"])
def test_other_commands_refuse_to_write_over_the_deck_file(tmp_path: Path, monkeypatch, command) -> None:
    monkeypatch.chdir(tmp_path)
    bundled = "wizard" if command[0] == "scorepad" else "kamen-nuzky-papir"
    deck = tmp_path / bundled
    shutil.copytree(ROOT / "decks" / bundled, deck)
    before = snapshot(deck)
    result = run(command[0], deck, *command[1:], "-o", deck / "deck.yaml")
    assert_refused(result, f"it is the deck file of '{bundled}'")
    assert snapshot(deck) == before


@pytest.mark.parametrize("fmt", ["cards-png", "tts", "sheets"])
def test_a_folder_holding_inputs_is_refused(deck: Path, fmt: str) -> None:
    before = snapshot(deck)
    for target in (deck, deck / "art", deck.parent, "."):
        result = run("build", deck, "--players", "2", "--format", fmt, "-o", target)
        assert_refused(result, "it holds tiny/")
    assert snapshot(deck) == before


def test_nothing_is_written_inside_the_rulebook_templates(deck: Path) -> None:
    result = run("build", deck, "--players", "2", "--backs", "none", "-o", deck / "rulebook" / "tiny.pdf")
    assert_refused(result, "it lies inside tiny/rulebook, the rulebook templates of 'tiny'")
    assert sorted(p.name for p in (deck / "rulebook").iterdir()) == ["notes.txt"]


def test_a_link_to_an_input_counts_as_the_input(deck: Path, tmp_path: Path) -> None:
    before = snapshot(deck)
    (tmp_path / "print.pdf").symlink_to(deck / "deck.yaml")
    (tmp_path / "pngs").symlink_to(deck, target_is_directory=True)
    assert_refused(run("build", deck, "--players", "2", "-o", tmp_path / "print.pdf"), "the deck file")
    assert_refused(run("build", deck, "--format", "cards-png", "-o", tmp_path / "pngs"), "it holds tiny/")
    assert snapshot(deck) == before
    assert (tmp_path / "print.pdf").is_symlink()


def test_deckforges_own_files_are_protected(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    template = ROOT / "templates" / "cards" / "basic.yaml"
    before = template.read_bytes()
    assert_refused(run("build", "kamen-nuzky-papir", "-o", template), "deckforge's templates")
    assert_refused(run("calibrate", "-o", ROOT / "decks" / "calibrate.pdf"), "deckforge's bundled decks")
    assert template.read_bytes() == before and not (ROOT / "decks" / "calibrate.pdf").exists()


def test_new_refuses_a_folder_inside_the_deck_it_copies(deck: Path) -> None:
    before = snapshot(deck)
    assert_refused(run("new", deck / "copy", "--from", deck), "it lies inside tiny, the folder of the deck 'tiny'")
    assert snapshot(deck) == before


def test_the_default_output_and_outputs_beside_the_deck_still_work(deck: Path) -> None:
    for args in (["build", deck, "--players", "2", "--backs", "none"],
                 ["build", deck, "--players", "2", "--backs", "none", "-o", deck / "print.pdf"],
                 ["build", deck, "--players", "2", "--format", "cards-png", "-o", deck / "pngs"]):
        assert run(*args).exit_code == 0, args
        assert run(*args).exit_code == 0, args  # again over its own earlier output
    assert (deck.parent / "output" / "tiny" / "tiny-2p-en.pdf").is_file()
    assert (deck / "print.pdf").is_file() and (deck / "pngs" / "cards.csv").is_file()


@pytest.mark.parametrize("fmt, written", [("cards-png", {"001-a.png", "back.png", "cards.csv"}),
                                         ("tts", {"tiny-2p-en.json", "tiny-2p-en-back.png"})])
def test_a_folder_output_keeps_files_it_did_not_write(deck: Path, tmp_path: Path, fmt: str, written) -> None:
    out = tmp_path / "pngs"
    out.mkdir()
    (out / "notes.txt").write_text("mine\n", encoding="utf-8")
    (out / "sub").mkdir()
    (out / "sub" / "x.txt").write_text("mine too\n", encoding="utf-8")
    for _ in range(2):
        result = run("build", deck, "--players", "2", "--format", fmt, "-o", out)
        assert result.exit_code == 0, result.output
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    assert (out / "sub" / "x.txt").read_text(encoding="utf-8") == "mine too\n"
    assert written <= {p.name for p in out.iterdir()}


@pytest.mark.parametrize("foreign", [False, True], ids=["swapped", "filled-in-place"])
def test_a_crafted_record_cannot_make_deckforge_delete_what_it_did_not_write(deck: Path, tmp_path: Path,
                                                                             foreign: bool) -> None:
    out = tmp_path / "pngs"
    out.mkdir()
    if foreign:
        (out / "notes.txt").write_text("mine\n", encoding="utf-8")
    (tmp_path / "precious.txt").write_text("keep\n", encoding="utf-8")
    (out / ".deckforge-files").write_text("../precious.txt\n/etc/hostname\nsub\n", encoding="utf-8")
    (out / "sub").mkdir()
    (out / "sub" / "kept.txt").write_text("keep\n", encoding="utf-8")
    result = run("build", deck, "--players", "2", "--format", "cards-png", "-o", out)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "precious.txt").is_file() and (out / "sub" / "kept.txt").is_file()


def test_a_spreadsheet_of_the_same_name_is_not_taken_for_deckforges_listing(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "pngs"
    out.mkdir()
    (out / "cards.csv").write_text("id,count\nx,1\n", encoding="utf-8")  # someone's own sheet, not "file,copies"
    result = run("build", deck, "--players", "2", "--format", "cards-png", "-o", out)
    assert result.exit_code == 1 and "holds cards.csv, which deckforge did not write" in result.output
    assert (out / "cards.csv").read_text(encoding="utf-8") == "id,count\nx,1\n"


def test_cards_png_into_the_working_folder(deck: Path, tmp_path: Path, monkeypatch) -> None:
    here = tmp_path / "here"
    here.mkdir()
    (here / "notes.txt").write_text("mine\n", encoding="utf-8")
    monkeypatch.chdir(here)
    inode = here.stat().st_ino
    for _ in range(2):
        result = run("build", deck, "--players", "2", "--format", "cards-png", "-o", ".")
        assert result.exit_code == 0, result.output
    assert here.stat().st_ino == inode  # filled in place, not swapped away under the shell that sits in it
    assert (here / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    assert (here / "cards.csv").is_file() and not [p for p in here.iterdir() if p.name.endswith(".part")]


@pytest.mark.parametrize("args, message", [
    (["--format", "sheets", "-o", "{dir}"], "{dir} is a folder; give a file name for the output"),
    (["--format", "cards-png", "-o", "{file}"], "{file} is a file; this format writes a folder"),
    (["--format", "tts", "-o", "{file}"], "{file} is a file; this format writes a folder"),
    (["-o", "{file}/x.pdf"], "{file} is a file, not a folder"),
    (["-o", "loop/x.pdf"], "cannot write loop/x.pdf: it leads through a loop of symbolic links"),
    (["--format", "cards-png", "-o", "loop"], "cannot write loop: it leads through a loop of symbolic links"),
], ids=["sheets-into-folder", "png-into-file", "tts-into-file", "below-a-file", "link-loop", "png-link-loop"])
def test_odd_targets_get_one_line(deck: Path, tmp_path: Path, args, message) -> None:
    (tmp_path / "a-dir").mkdir()
    (tmp_path / "a-file").write_text("mine\n", encoding="utf-8")
    (tmp_path / "loop").symlink_to("loop")
    fill = {"dir": "a-dir", "file": "a-file"}
    result = run("build", deck, "--players", "2", *(a.format(**fill) for a in args))
    assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
    assert message.format(**fill) in result.output
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "mine\n" and not any((tmp_path / "a-dir").iterdir())


def test_a_missing_parent_folder_is_created(deck: Path, tmp_path: Path) -> None:
    result = run("build", deck, "--players", "2", "--backs", "none", "-o", tmp_path / "new" / "deeper" / "t.pdf")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "new" / "deeper" / "t.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("value, message", [
    ('"base\\0.yaml"', "'base\\x00.yaml' contains a control character"),
    ('"kamen\\0"', "'kamen\\x00' contains a control character"),
    ('"sub\\\\base.yaml"', "'sub\\base.yaml' is written with backslashes; separate folders with '/', "
                           "e.g. 'sub/base.yaml'"),
    ('"..\\\\tiny\\\\base.yaml"', "'..\\tiny\\base.yaml' leads outside the deck's folder"),
    ('"C:\\\\decks\\\\base.yaml"', "'C:\\decks\\base.yaml' leads outside the deck's folder"),
    ('missing.yaml', "no deck file 'missing.yaml' in this deck's folder"),
], ids=["nul-file", "nul-id", "backslash", "backslash-up", "drive", "missing"])
def test_odd_extends_paths_are_reported_at_their_place(deck: Path, value: str, message: str) -> None:
    (deck / "deck.yaml").write_text(f"id: tiny\nextends: {value}\n", encoding="utf-8")
    result = run("validate", deck)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"tiny/deck.yaml:2:10: extends: {message}" in result.output, result.output


def test_a_nul_byte_in_art_is_reported_at_its_place(deck: Path) -> None:
    (deck / "cards.csv").write_text("id,count,name.en,art\na,3,Ay,\"art/go\0od.png\"\n", encoding="utf-8")
    result = run("validate", deck)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "contains a control character (such as a NUL byte)" in result.output, result.output


@pytest.mark.parametrize("args", [["build", "{deck}", "-o", "out\0put.pdf"],
                                  ["build", "{deck}", "--format", "cards-png", "-o", "pn\0gs"],
                                  ["rulebook", "{deck}", "-o", "rules\0.pdf"], ["calibrate", "-o", "\0"],
                                  ["report", "kamen-nuzky-papir", "-o", "r\0.html"], ["new", "my\0deck"]],
                         ids=["build", "cards-png", "rulebook", "calibrate", "report", "new"])
def test_a_nul_byte_in_an_output_path_is_a_usage_error(deck: Path, tmp_path: Path, args) -> None:
    result = run(*(a.format(deck=deck) for a in args))
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)  # click's usage error, no crash
    assert "contains a control character (such as a NUL byte)" in result.output, result.output
    assert sorted(os.listdir(tmp_path)) == ["tiny"]


@pytest.mark.parametrize("command", [["build", "prsi"], ["calibrate"], ["scorepad", "wizard", "--players", "3"]])
def test_a_device_a_pipe_or_a_dash_is_refused_not_replaced_by_a_file(tmp_path: Path, monkeypatch, command) -> None:
    """-o /dev/null, run as root, replaced the system's /dev/null with a PDF: the finished file was renamed over
    whatever the path named. A pipe stands in for the device here (making one needs no root)."""
    monkeypatch.chdir(tmp_path)
    os.mkfifo("pipe")
    result = CliRunner().invoke(main, [*command, "-o", "pipe"])
    assert result.exit_code == 1 and "cannot write pipe: it is a pipe" in result.output
    assert Path("pipe").is_fifo()
    result = CliRunner().invoke(main, [*command, "-o", "-"])
    assert result.exit_code == 1 and "not to standard output" in result.output and not Path("-").exists()
    if os.path.exists("/dev/null"):
        result = CliRunner().invoke(main, [*command, "-o", "/dev/null"])
        assert result.exit_code == 1 and "cannot write /dev/null: it is a device" in result.output
        assert Path("/dev/null").is_char_device()


def test_an_output_through_a_link_writes_the_file_it_names_and_keeps_the_link(tmp_path: Path, monkeypatch) -> None:
    """The finished file replaced the link itself, leaving the file the link named as it was."""
    monkeypatch.chdir(tmp_path)
    Path("real").mkdir()
    Path("real/sheets.pdf").write_bytes(b"old")
    os.symlink("real/sheets.pdf", "link.pdf")
    result = CliRunner().invoke(main, ["build", "prsi", "-o", "link.pdf"])
    assert result.exit_code == 0, result.output
    assert Path("link.pdf").is_symlink() and os.readlink("link.pdf") == "real/sheets.pdf"
    assert Path("real/sheets.pdf").read_bytes().startswith(b"%PDF")
