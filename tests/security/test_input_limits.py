"""Hostile inputs past deckforge's limits (deckforge/limits.py) are refused while they are read.

Each case runs the real command in a subprocess with a timeout and an address-space cap, so an input that made
deckforge hang or swell would fail the test instead of stalling the suite. Every case must end with exit code 1 and
one line on stderr that names the offending file, no traceback, and the deck folder exactly as it was.
"""
import hashlib
import os
import stat
import subprocess
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from deckforge import limits
from launcher import run_deckforge

ROOT = Path(__file__).resolve().parents[2]
TINY = (ROOT / "tests" / "load" / "fixtures" / "ok_tiny.yaml").read_text(encoding="utf-8")
MEMORY_CAP = 1536 * 2**20  # an alias bomb that got through would need gigabytes
TIMEOUT = 60  # seconds; a refused input takes about one (the interpreter's start), a hang would take minutes


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """Run deckforge in a process of its own (forked from a warm launcher: tests/security/launcher.py)."""
    return run_deckforge(args, cwd, TIMEOUT, MEMORY_CAP, env={**os.environ, "COLUMNS": "200"})


def snapshot(folder: Path) -> dict[str, tuple]:
    """Record every entry without following links or reading special or huge files."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        digest = None
        if stat.S_ISREG(info.st_mode) and info.st_size < 2**24:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
        link = os.readlink(path) if stat.S_ISLNK(info.st_mode) else None
        seen[str(path.relative_to(folder))] = (stat.S_IFMT(info.st_mode), info.st_size, info.st_mtime_ns, digest, link)
    return seen


def assert_refused(args: list[str], deck: Path, file_name: str, *words: str) -> str:
    """Run a command on a hostile deck folder and check the one-line refusal; return the message."""
    before = snapshot(deck)
    result = run(args, deck.parent)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 1, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert file_name in lines[0], lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    assert snapshot(deck) == before
    return lines[0]


def tiny_deck(folder: Path, text: str = TINY) -> Path:
    folder.mkdir()
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    return folder


def test_billion_laughs_is_refused_at_the_alias_that_passes_the_limit(tmp_path: Path) -> None:
    bomb = ['lol0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    bomb += [f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 10)]
    bomb += ["description: {en: *l9}"]  # a value every check would walk, 10^9 strings expanded
    deck = tiny_deck(tmp_path / "laughs", TINY + "\n".join(bomb) + "\n")
    message = assert_refused(["validate", "laughs"], deck, "laughs/deck.yaml:", "aliases expanded",
                             f"{limits.MAX_YAML_NODES:,} values")
    # lol5 (line 35 + 5) is the first list to stand for over a million values; its 8th alias passes the limit
    assert "deck.yaml:40:47:" in message


def test_an_alias_inside_its_own_anchor_is_refused(tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path / "loop", TINY + "description: &me {en: [*me]}\n")
    assert_refused(["validate", "loop"], deck, "loop/deck.yaml:35:", "the alias *me is inside the node it repeats")


def test_more_aliases_than_the_limit_are_refused(tmp_path: Path) -> None:
    aliases = ", ".join(["*one"] * (limits.MAX_YAML_ALIASES + 1))
    deck = tiny_deck(tmp_path / "echo", TINY + f"description: {{en: &one x}}\nextra: [{aliases}]\n")
    assert_refused(["validate", "echo"], deck, "echo/deck.yaml:36:", f"more than {limits.MAX_YAML_ALIASES:,} aliases")


@pytest.mark.parametrize("nesting, place", [("flow", ":35:1013:"), ("block", ":99:129:")])
def test_deep_nesting_is_refused_with_its_place(tmp_path: Path, nesting: str, place: str) -> None:
    # Block: the 64th list inside the top-level mapping is the 65th level. Flow: libyaml looks ahead through
    # every bracket and stops at its own limit of 1,000 levels, so the place is that of the 1,000th bracket.
    if nesting == "flow":
        deep = "description: " + "[" * 1000 + "]" * 1000 + "\n"
    else:
        deep = "description:\n" + "".join("  " * level + "- \n" for level in range(1, 1000))
    deck = tiny_deck(tmp_path / "deep", TINY + deep)
    assert_refused(["validate", "deep"], deck, "deep/deck.yaml" + place,
                   f"nested more than {limits.MAX_YAML_DEPTH} deep")


def test_of_two_places_nested_too_deep_the_last_is_named_whatever_scalars_lie_around_them() -> None:
    """check_depth walks the lists and mappings only (scalars nest nothing) and names the place it met first
    before it skipped scalars: the later of two deep lists, at its 65th level."""
    import yaml

    from deckforge.errors import DeckError
    from deckforge.load.yamlguard import check_depth

    def deep(levels: int) -> str:
        return "".join("  " * (1 + level) + "- \n" for level in range(levels))

    text = "a: 1\nfirst:\n" + deep(70) + "b: x\nsecond:\n" + deep(70) + "c: [1, {d: 2}]\n"
    with pytest.raises(DeckError) as refused:
        check_depth(yaml.compose(text, Loader=yaml.CSafeLoader), "deep.yaml")
    problem = refused.value.problems[0]
    assert (problem.line, problem.column) == (text.splitlines().index("second:") + 1 + limits.MAX_YAML_DEPTH, 129)


def test_a_sparse_huge_deck_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    deck = tmp_path / "huge"
    deck.mkdir()
    with open(deck / "deck.yaml", "wb") as handle:
        handle.truncate(3 * 2**30)  # sparse: no disk is used
    assert_refused(["validate", "huge"], deck, "huge/deck.yaml:", "3,221,225,472 bytes",
                   f"at most {limits.MAX_DECK_FILE_BYTES:,} bytes")


def test_a_sparse_huge_spreadsheet_is_refused_before_it_is_read(tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path / "sheet", sheet_deck("cards.xlsx"))
    with open(deck / "cards.xlsx", "wb") as handle:
        handle.truncate(3 * 2**30)
    assert_refused(["validate", "sheet"], deck, "sheet/cards.xlsx:", "3,072 MB",
                   f"at most {limits.MAX_SPREADSHEET_BYTES // 2**20} MB")


def test_a_workbook_that_unpacks_past_the_limit_is_refused_before_calamine_reads_it(tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path / "zipped", sheet_deck("cards.xlsx"))
    unpacked = limits.MAX_SPREADSHEET_UNPACKED_BYTES + 2**20
    with zipfile.ZipFile(deck / "cards.xlsx", "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr("xl/worksheets/sheet1.xml", bytes(unpacked))  # zeros: some 100 kB packed
    assert (deck / "cards.xlsx").stat().st_size < 2**20
    assert_refused(["validate", "zipped"], deck, "zipped/cards.xlsx:", f"unpacks to {unpacked // 2**20} MB",
                   f"at most {limits.MAX_SPREADSHEET_UNPACKED_BYTES // 2**20} MB")


def test_a_decompression_bomb_png_is_refused_before_it_is_decoded(tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path / "bomb", TINY.replace("    name: {cs: Kámen, en: Rock}",
                                                     "    name: {cs: Kámen, en: Rock}\n    art: bomb.png"))
    Image.new("1", (8_000, 8_000)).save(deck / "bomb.png")  # 64 megapixels (256 MB as RGBA) in some 10 kB
    assert (deck / "bomb.png").stat().st_size < 100_000
    assert_refused(["validate", "bomb"], deck, "bomb/deck.yaml:13:10:", "bomb.png",
                   f"over {limits.MAX_ART_PIXELS:,} pixels")


def test_more_cards_than_the_limit_are_refused_before_they_are_read(tmp_path: Path) -> None:
    cards = "".join(f"  - {{id: c{i}, count: 1, name: {{en: Card {i}}}}}\n" for i in range(limits.MAX_CARD_ENTRIES + 1))
    deck = tiny_deck(tmp_path / "many", generic_deck() + "cards:\n" + cards)
    assert_refused(["validate", "many"], deck, "many/deck.yaml:8:3:", "lists 5,001 cards", "at most 5,000")


def test_a_quantity_sum_past_the_limit_is_refused(tmp_path: Path) -> None:
    cards = "".join(f"  - {{id: c{i}, count: 1000, name: {{en: Card {i}}}}}\n" for i in range(6))
    deck = tiny_deck(tmp_path / "heavy", generic_deck() + "cards:\n" + cards)
    assert_refused(["validate", "heavy"], deck, "heavy/deck.yaml:8:3:", "the deck has 6,000 cards at 4 players",
                   f"at most {limits.MAX_CARDS:,}")


def test_a_hundred_players_are_refused_with_the_maximum(tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path / "crowd", TINY.replace("players: {min: 2, max: 6, per_set: 2}",
                                                      "players: {min: 2, max: 100, per_set: 2}"))
    assert_refused(["validate", "crowd"], deck, "crowd/deck.yaml:5:", "players.max",
                   f"at most {limits.MAX_PLAYERS} players")


def test_a_spreadsheet_with_too_many_rows_is_refused_at_the_first_extra_row(tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path / "rows", sheet_deck("cards.csv"))
    rows = "".join(f"c{i},1,Card {i}\n" for i in range(limits.MAX_SPREADSHEET_ROWS + 50))
    (deck / "cards.csv").write_text("id,count,name.en\n" + rows, encoding="utf-8")
    assert_refused(["validate", "rows"], deck, f"rows/cards.csv:{limits.MAX_SPREADSHEET_ROWS + 2}:1:",
                   f"more than {limits.MAX_SPREADSHEET_ROWS:,} card rows")


def test_a_spreadsheet_with_too_many_columns_is_refused(tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path / "wide", sheet_deck("cards.csv"))
    header = "id,count,name.en," + ",".join(f"x{i}" for i in range(limits.MAX_SPREADSHEET_COLUMNS))
    (deck / "cards.csv").write_text(header + "\nc1,1,Card\n", encoding="utf-8")
    assert_refused(["validate", "wide"], deck, f"wide/cards.csv:1:{limits.MAX_SPREADSHEET_COLUMNS + 1}:",
                   f"more than {limits.MAX_SPREADSHEET_COLUMNS} columns")


@pytest.mark.parametrize("kind", ["outside-link", "fifo", "dev-zero-link", "link-to-folder"])
def test_new_from_copies_nothing_from_outside_the_folder_and_nothing_special(tmp_path: Path, kind: str) -> None:
    deck = tiny_deck(tmp_path / "source")
    (tmp_path / "secret.txt").write_text("not for the copy", encoding="utf-8")
    entry = deck / "extra.png"
    if kind == "outside-link":
        entry.symlink_to(tmp_path / "secret.txt")
    elif kind == "fifo":
        os.mkfifo(entry)
    elif kind == "dev-zero-link":
        entry.symlink_to("/dev/zero")
    else:
        (deck / "sub").mkdir()
        entry.symlink_to("sub")
    words = {"outside-link": "outside the deck's folder", "fifo": "is a named pipe, not a file",
             "dev-zero-link": "a link to /dev/zero, outside", "link-to-folder": "a link to a folder"}[kind]
    assert_refused(["new", "copy", "--from", "source"], deck, "source/extra.png", words)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret.txt", "source"]  # no copy, no staging left


def test_new_from_refuses_a_folder_with_more_files_than_the_limit(tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path / "source")
    (deck / "art").mkdir()
    for number in range(limits.MAX_COPY_FILES):
        (deck / "art" / f"{number}.png").touch()
    assert_refused(["new", "copy", "--from", "source"], deck, "source holds more than",
                   f"up to {limits.MAX_COPY_FILES:,} files")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["source"]


def test_new_from_copies_a_link_inside_the_folder_as_a_file(tmp_path: Path) -> None:
    deck = tiny_deck(tmp_path / "source")
    (deck / "notes.txt").write_text("house rules", encoding="utf-8")
    (deck / "same-notes.txt").symlink_to("notes.txt")
    result = run(["new", "copy", "--from", "source"], tmp_path)
    assert result.returncode == 0, result.stderr
    copied = tmp_path / "copy" / "same-notes.txt"
    assert not copied.is_symlink() and copied.read_text(encoding="utf-8") == "house rules"
    assert "id: copy" in (tmp_path / "copy" / "deck.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", ["fifo", "sparse"])
def test_a_rulebook_template_that_is_a_pipe_or_huge_is_refused_before_it_is_read(tmp_path: Path, kind: str) -> None:
    deck = tiny_deck(tmp_path / "book")
    (deck / "rulebook").mkdir()
    template = deck / "rulebook" / "base.html"  # every bundled rulebook extends it
    if kind == "fifo":
        os.mkfifo(template)
    else:
        with open(template, "wb") as handle:
            handle.truncate(3 * 2**30)
    words = "not a regular file (a named pipe)" if kind == "fifo" else f"at most {limits.MAX_TEMPLATE_BYTES:,} bytes"
    assert_refused(["rulebook", "book", "--format", "html", "-o", "book.html"], deck, "book/rulebook/base.html", words)
    assert not (tmp_path / "book.html").exists()


def generic_deck() -> str:
    return ("id: plain\nlanguages: [en]\nname: {en: Plain}\nplayers: {min: 2, max: 4}\ncard_size: poker\n"
            "description: {en: A deck of no game.}\n")


def sheet_deck(sheet: str) -> str:
    return generic_deck() + f"cards: {sheet}\n"
