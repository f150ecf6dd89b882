"""The limits on what an input can make deckforge do, in one place, each with the check that enforces it.

A deck folder may come from a stranger, so every file is measured before it is read and every structure while it
is read: a limit stops the work at the first step past it, never after the cost is paid. docs/security.md lists
these numbers with the message a user sees for each; keep the two in step.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import DeckError, Problem, display_path

# Files, measured before they are opened for reading.
MAX_DECK_FILE_BYTES = 2_000_000  # a deck file or card template: the largest bundled deck is 15 kB
MAX_SPREADSHEET_BYTES = 20 * 2**20  # 20 MB: a workbook of 5,000 card rows with every column filled is ~2 MB
MAX_ART_BYTES = 50 * 2**20  # 50 MB: a 40-megapixel PNG compresses far below that
MAX_SVG_ICON_BYTES = 1_000_000  # an `icons/<name>.svg`: a line drawing of a few kB
MAX_FONT_BYTES = 30 * 2**20  # a deck's own font: Open Sans is 0.5 MB, a full CJK font ~20 MB
MAX_TEMPLATE_BYTES = 1_000_000  # a rulebook template (Jinja2 HTML); the bundled ones are below 20 kB

# YAML structure, counted while the file is parsed (before a single mapping or list is built).
MAX_YAML_DEPTH = 64  # nested mappings and lists; a deck needs 6, a card template 5
MAX_YAML_ALIASES = 10_000  # `*name` references; decks use a handful
MAX_YAML_NODES = 1_000_000  # mappings, lists and values once every alias is expanded ("billion laughs")
MAX_YAML_ALIAS_CHARS = 20_000_000  # characters of text in the file once every alias is expanded

# The deck itself.
MAX_PLAYERS = 20  # at one table: the bundled decks stop at 12; seeded play checks every count from min to max
MAX_CARD_ENTRIES = 5_000  # entries in `cards` (or spreadsheet rows): as many as the physical cards allowed
MAX_CARDS = 5_000  # physical cards at the deck's highest player count: 556 A4 sheets of nine cards
MAX_CARD_COUNT = 1_000  # `count` of one card
MAX_SPREADSHEET_ROWS = MAX_CARD_ENTRIES  # card rows below the header row
MAX_SPREADSHEET_UNPACKED_BYTES = 100 * 2**20  # an xlsx or ods is a zip: its parts unpacked, before calamine reads
MAX_SPREADSHEET_COLUMNS = 200  # id, count, kind, effects, art and a name and text column per language, with room

# Art, checked by Pillow's decompression-bomb guard before pixels are decoded.
MAX_ART_PIXELS = 40_000_000  # 40 megapixels: far beyond what a card needs at 600 DPI

# `deckforge new --from`: what a copied deck folder may hold.
MAX_COPY_FILES = 2_000
MAX_COPY_BYTES = 200 * 2**20  # 200 MB in all


def problem(path: Path | str, message: str, line: int | None = None, column: int | None = None) -> DeckError:
    """Return the error for an input past a limit, naming the file (and the place, when known)."""
    return DeckError([Problem(display_path(path), line, column, "", message)])


def size_problem(size: int, limit: int, kind: str) -> str:
    """Return the message for a file of `size` bytes above `limit`; `kind` names the file ("a deck file")."""
    if limit >= 10 * 2**20:
        return f"the file is {-(-size // 2**20):,} MB; {kind} may have at most {limit // 2**20:,} MB"
    return f"the file is {size:,} bytes; {kind} may have at most {limit:,} bytes"


def file_problem(path: Path, limit: int, kind: str) -> str | None:
    """Return why a file may not be read: not there, a special file (a FIFO, a device), or larger than `limit`.

    The size comes from stat, so a huge (even sparse) file is refused before a byte of it is read.
    """
    try:
        info = path.stat()
    except OSError as exc:
        return f"cannot read the file: {exc.strerror}"
    if not stat.S_ISREG(info.st_mode):
        return f"not a regular file ({special_kind(info.st_mode)}); give a file"
    if info.st_size > limit:
        return size_problem(info.st_size, limit, kind)
    return None


def check_size(path: Path, limit: int, kind: str) -> None:
    """Raise DeckError naming the file when `file_problem` finds one."""
    if (message := file_problem(path, limit, kind)) is not None:
        raise problem(path, message)


def read_bytes(path: Path, limit: int, kind: str) -> bytes:
    """Read a regular file of at most `limit` bytes; a file that grows past the limit meanwhile is refused too."""
    check_size(path, limit, kind)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a file swapped for a FIFO cannot block
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise problem(path, "not a regular file; give a file")
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise problem(path, f"cannot read the file: {exc.strerror}") from None
    if len(raw) > limit:
        raise problem(path, size_problem(len(raw), limit, kind).replace("is ", "is over ", 1))
    return raw


def special_kind(mode: int) -> str:
    """Name the kind of a file that is not a regular file (a folder among them)."""
    kinds = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
             (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))
    return next((name for test, name in kinds if test(mode)), "a special file")
