"""Mutations of the fuzz deck's bytes and files: YAML bombs and nesting, odd bytes, special files, links, art,
spreadsheets. Same shape as `hostile_mutations`: `name(folder, rnd) -> description`."""
from __future__ import annotations

import os
import random
from pathlib import Path

from hostile_mutations import plain_text


def _deck(folder: Path) -> str:
    return plain_text(folder / "deck.yaml")


def _replace_in_deck(folder: Path, old: str, new: str) -> None:
    source = _deck(folder)
    assert old in source, old
    (folder / "deck.yaml").write_text(source.replace(old, new, 1), encoding="utf-8")


def alias_bomb(folder: Path, rnd: random.Random) -> str:
    """Billion laughs: each level repeats the one before it `width` times."""
    levels, width = rnd.choice([(9, 9), (12, 10), (30, 2), (5, 50)])
    lines = ['a0: &a0 ["lol"]']
    lines += [f"a{i}: &a{i} [{', '.join(f'*a{i - 1}' for _ in range(width))}]" for i in range(1, levels)]
    where = rnd.choice(["top", "name", "card"])
    bomb = "\n".join(lines)
    if where == "top":
        (folder / "deck.yaml").write_text(bomb + "\n" + _deck(folder), encoding="utf-8")
        _replace_in_deck(folder, "card_size: poker\n", f"card_size: *a{levels - 1}\n")
    else:
        (folder / "deck.yaml").write_text("x-bomb:\n" + "\n".join("  " + line.replace(": &", ": &")
                                                                  for line in lines) + "\n" + _deck(folder),
                                          encoding="utf-8")
        target = "name: {cs: Papír, en: Paper}" if where == "name" else "count: 2"
        _replace_in_deck(folder, target, f"name: *a{levels - 1}" if where == "name" else f"count: *a{levels - 1}")
    return f"alias bomb {width}^{levels} in {where}"


def deep_nesting(folder: Path, rnd: random.Random) -> str:
    depth = rnd.choice([200, 1000, 10_000, 100_000])
    style = rnd.choice(["flow-list", "flow-map", "block", "unclosed"])
    if style == "flow-list":
        value = "[" * depth + "]" * depth
    elif style == "flow-map":
        value = "{a: " * depth + "1" + "}" * depth
    elif style == "unclosed":
        value = "[" * depth
    else:
        depth = min(depth, 2000)
        value = "\n" + "".join("  " * (i + 1) + "a:\n" for i in range(depth)) + "  " * (depth + 1) + "b: 1"
    _replace_in_deck(folder, "card_size: poker\n", f"card_size: {value}\n")
    return f"nesting {depth} deep ({style})"


def alias_tricks(folder: Path, rnd: random.Random) -> str:
    trick = rnd.choice([
        "x-base: &k {cs: a, en: b}\nx-map:\n  ? *k\n  : value\n",              # alias used as a mapping key
        "x-list: &r [1, *r]\n",                                                  # undefined alias inside itself
        "x-merge: &m {id: other}\n<<: *m\n",                                     # merge key at the top level
        "x-a: &a [&b [*a]]\n",
        "? [a, b]\n: complex key\n",
        "? {a: 1}\n: mapping key\n",
        "x-recursive: &s\n  - *s\n",
        "!!python/object/apply:os.system [\"touch /tmp/pwned\"]: 1\n",
        "x-tag: !!binary aGVsbG8=\n",
        "x-set: !!set {a, b}\n",
        "x-ts: 2001-12-14t21:59:43.10-05:00\n",
        "x-big: 0x" + "f" * 5000 + "\n",
    ])
    (folder / "deck.yaml").write_text(trick + _deck(folder), encoding="utf-8")
    return f"YAML trick {trick.splitlines()[0][:50]!r}"


def odd_bytes(folder: Path, rnd: random.Random) -> str:
    data = bytearray(plain_text(folder / "deck.yaml").encode("utf-8"))
    kind = rnd.choice(["flip", "nul", "truncate", "utf16", "latin1", "bom", "crlf", "long-line", "control"])
    if kind == "flip":
        for _ in range(rnd.randint(1, 8)):
            data[rnd.randrange(len(data))] = rnd.randrange(256)
    elif kind == "nul":
        data[rnd.randrange(len(data)):0] = b"\x00"
    elif kind == "truncate":
        del data[rnd.randrange(len(data)):]
    elif kind == "utf16":
        data = bytearray(data.decode("utf-8").encode("utf-16"))
    elif kind == "latin1":
        data = bytearray(data.decode("utf-8").encode("latin-1", "replace"))
    elif kind == "bom":
        data[0:0] = b"\xef\xbb\xbf"
    elif kind == "crlf":
        data = bytearray(bytes(data).replace(b"\n", b"\r\n"))
    elif kind == "long-line":
        data[0:0] = b"# " + b"x" * rnd.choice([10**5, 3 * 10**6]) + b"\n"
    else:
        data[rnd.randrange(len(data)):0] = bytes([rnd.choice([1, 8, 11, 12, 27, 127])])
    (folder / "deck.yaml").write_bytes(bytes(data))
    return f"deck.yaml bytes: {kind}"


def special_file(folder: Path, rnd: random.Random) -> str:
    """A FIFO, a device link, a link loop or a huge sparse file where the deck reads a file (or just in it)."""
    kind = rnd.choice(["fifo", "dev-zero", "loop", "sparse", "dir"])
    where = rnd.choice(["art/rock.png", "deck.yaml", "own.yaml", "rulebook/cs.html", "extra"])
    path = folder / where
    if path.exists() or path.is_symlink():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "dir":
        path.mkdir()
    else:
        with open(path, "wb") as sparse:
            sparse.truncate(rnd.choice([3 * 10**6, 3 * 10**9]))
    return f"{where} is a {kind}"


def link_outside(folder: Path, rnd: random.Random) -> str:
    outside = folder.parent / "outside"
    kind = rnd.choice(["art", "art-folder", "rulebook-folder", "template", "deck", "extra"])
    if kind == "art":
        (folder / "art" / "rock.png").unlink()
        (folder / "art" / "rock.png").symlink_to(outside / "secret.png")
    elif kind == "art-folder":
        os.rename(folder / "art", outside / "art")
        (folder / "art").symlink_to(outside / "art", target_is_directory=True)
    elif kind == "rulebook-folder":
        os.rename(folder / "rulebook", outside / "rulebook")
        (folder / "rulebook").symlink_to(outside / "rulebook", target_is_directory=True)
    elif kind == "template":
        os.rename(folder / "own.yaml", outside / "own.yaml")
        (folder / "own.yaml").symlink_to(outside / "own.yaml")
    elif kind == "deck":
        os.rename(folder / "deck.yaml", outside / "deck.yaml")
        (folder / "deck.yaml").symlink_to(outside / "deck.yaml")
    else:
        (folder / "notes.txt").symlink_to(outside / "secret.txt")
    return f"symlink out of the folder: {kind}"


def bad_art(folder: Path, rnd: random.Random) -> str:
    from PIL import Image

    art = folder / "art" / "rock.png"
    if not art.is_file() or art.is_symlink() or art.stat().st_size > 5_000_000:
        raise ValueError("art/rock.png is no longer a small plain file")
    kind = rnd.choice(["truncated", "text", "empty", "jpeg-as-png", "huge-dims", "bomb"])
    if kind == "truncated":
        art.write_bytes(art.read_bytes()[:40])
    elif kind == "text":
        art.write_text("not a picture", encoding="utf-8")
    elif kind == "empty":
        art.write_bytes(b"")
    elif kind == "jpeg-as-png":
        Image.new("RGB", (20, 20)).save(art, format="JPEG")
    elif kind == "huge-dims":
        Image.new("1", (9000, 9000)).save(art)          # 81 Mpx of one bit: a small file
    else:
        Image.new("L", (7000, 7000)).save(art)          # 49 Mpx, past the 40 Mpx limit
    return f"art/rock.png: {kind}"


FORMULAS = ["=1+1", "=cmd|' /C calc'!A0", "@SUM(1+1)", "+1+1", "-1+1", '=HYPERLINK("http://x","y")',
            "=" + "A1+" * 5000 + "1", "x" * 2_000_000, "\x00", "5\x00", "1e999", "-5", "1000000000", "0x10"]


def spreadsheet(folder: Path, rnd: random.Random) -> str:
    """Cards from a CSV or xlsx with formulas, huge cells, many rows or a hostile file name."""
    from hostile import CSV

    kind = rnd.choice(["csv-cell", "csv-rows", "csv-outside", "xlsx-formula", "xlsx-broken", "csv-columns"])
    lines = CSV.splitlines()
    cards = "cards.csv"
    if kind == "csv-cell":
        row, column = rnd.randrange(1, len(lines)), rnd.randrange(9)
        cells = lines[row].split(",")
        cells[column] = '"' + rnd.choice(FORMULAS).replace('"', '""') + '"'
        lines[row] = ",".join(cells)
    elif kind == "csv-rows":
        lines += [f"c{i},item,rock,1,K,C,,," for i in range(rnd.choice([6000, 200_000]))]
    elif kind == "csv-columns":
        lines[0] += "," + ",".join(f"x{i}" for i in range(20000))
    elif kind == "csv-outside":
        cards = rnd.choice(["../outside/cards.csv", "/dev/zero", "cards.csv\x00"])
        (folder.parent / "outside" / "cards.csv").write_text(CSV, encoding="utf-8")
    (folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if kind.startswith("xlsx"):
        cards = '{file: cards.xlsx, sheet: Cards}'
        _write_xlsx(folder / "cards.xlsx", rnd, broken=kind == "xlsx-broken")
    source = _deck(folder)
    (folder / "deck.yaml").write_text(source[:source.index("cards:\n")] + f"cards: {cards}\n", encoding="utf-8")
    return f"spreadsheet: {kind}"


def _write_xlsx(path: Path, rnd: random.Random, broken: bool) -> None:
    from openpyxl import Workbook

    from hostile import CSV

    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in CSV.splitlines():
        sheet.append(row.split(","))
    sheet["D2"] = rnd.choice(["=1000*1000", "=A1", "=1/0", '=REPT("x",32767)'])
    book.save(path)
    if broken:
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])


__all__ = ["alias_bomb", "deep_nesting", "alias_tricks", "odd_bytes", "special_file", "link_outside", "bad_art",
           "spreadsheet"]
