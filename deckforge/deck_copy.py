"""Copy a deck's folder for `deckforge new --from`, taking nothing from outside it and nothing that is not a file.

The folder may come from a stranger: a link may point anywhere (`/etc/passwd`, `/dev/zero`), a named pipe would
block a reader forever, and a file may be huge. So the whole folder is surveyed first, with `lstat`, and refused
as a whole, naming the first offending entry, before a byte is copied: a link whose real target lies outside the
folder, a link to a folder, anything that is neither a file nor a folder, and more files or bytes than the limits
of deckforge/limits.py. A link to a file inside the folder is copied as a plain file.
The copy's id comes from its folder's name (`deck_id_from_name`).
"""
from __future__ import annotations

import hashlib
import os
import re
import stat
import unicodedata
from pathlib import Path

from .errors import DeckforgeError, display_path
from .limits import MAX_COPY_BYTES, MAX_COPY_FILES, special_kind

CHUNK = 1 << 20


def survey(folder: Path) -> list[tuple[Path, Path, int]]:
    """Return (source file, path inside the copy, size) for every file of the folder; refuse what may not be copied."""
    root = folder.resolve()
    planned, total = [], 0
    for current, folders, files in os.walk(root, followlinks=False, onerror=_unreadable):
        folders.sort()
        for name in sorted(files) + [f for f in folders if os.path.islink(os.path.join(current, f))]:
            source = Path(current, name)
            size = _file_size(source, root)
            total += size
            planned.append((source, source.relative_to(root), size))
            if len(planned) > MAX_COPY_FILES:
                raise DeckforgeError(f"{display_path(folder)} holds more than {MAX_COPY_FILES:,} files; deckforge "
                                     f"new copies deck folders of up to {MAX_COPY_FILES:,} files")
            if total > MAX_COPY_BYTES:
                raise DeckforgeError(f"{display_path(folder)} holds more than {MAX_COPY_BYTES // 2**20} MB; "
                                     f"deckforge new copies deck folders of up to {MAX_COPY_BYTES // 2**20} MB")
    return planned


def copy_files(planned: list[tuple[Path, Path, int]], target: Path) -> None:
    """Copy the surveyed files into the (new, empty) target folder, each no larger than when it was surveyed."""
    for source, relative, size in planned:
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        try:
            _copy_file(source, destination, size)
        except OSError as exc:
            raise DeckforgeError(f"cannot copy {display_path(source)}: {exc.strerror}") from None


def _file_size(source: Path, root: Path) -> int:
    """Return the size of a file the copy may read (a link is measured at its target); refuse anything else."""
    shown = os.path.join(display_path(source.parent), source.name)  # the link's own name, not its target's
    try:
        info = source.lstat()
    except OSError as exc:
        raise DeckforgeError(f"cannot read {shown}: {exc.strerror}") from None
    if stat.S_ISLNK(info.st_mode):
        real = Path(os.path.realpath(source))
        if not real.is_relative_to(root):
            raise DeckforgeError(f"{shown} is a link to {real}, outside the deck's folder; deckforge new copies "
                                 "only what lies inside the folder (replace the link with the file itself)")
        try:
            info = real.stat()
        except OSError:
            raise DeckforgeError(f"{shown} is a link to nothing ({real} does not exist); remove it") from None
        if stat.S_ISDIR(info.st_mode):
            raise DeckforgeError(f"{shown} is a link to a folder; deckforge new copies files and folders, not "
                                 "links to folders (replace it with the folder itself)")
    if not stat.S_ISREG(info.st_mode):
        raise DeckforgeError(f"{shown} is {special_kind(info.st_mode)}, not a file; deckforge new copies only "
                             "files and folders (remove it from the deck's folder)")
    return info.st_size


def _copy_file(source: Path, destination: Path, size: int) -> None:
    """Copy one regular file, refusing one that became something else or grew since the survey."""
    descriptor = os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe swapped in cannot block
    with os.fdopen(descriptor, "rb") as reader:
        mode = os.fstat(reader.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise DeckforgeError(f"{display_path(source)} changed into {special_kind(mode)} while it was copied; "
                                 "copy the deck again")
        with open(destination, "xb") as writer:
            left = size
            while left > 0 and (chunk := reader.read(min(CHUNK, left))):
                writer.write(chunk)
                left -= len(chunk)
            if reader.read(1):
                raise DeckforgeError(f"{display_path(source)} grew while it was copied; copy the deck again")


def _unreadable(error: OSError) -> None:
    raise DeckforgeError(f"cannot read {display_path(error.filename)}: {error.strerror}")


# Letters NFKD leaves whole because they are not a base letter with an accent (German ß, Polish ł, Nordic ø...)
_UNDECOMPOSED = str.maketrans({"ß": "ss", "ł": "l", "đ": "d", "ø": "o", "æ": "ae", "œ": "oe", "þ": "th"})


def deck_id_from_name(name: str) -> str:
    """Return a deck id for a folder name: letters without their accents ("Můj balíček" -> "muj-balicek"); a name
    with no Latin letter or digit ("日本") gets "deck-" and a short hash of the name, the same on every run and
    for every such name its own."""
    letters = unicodedata.normalize("NFKD", name.lower().translate(_UNDECOMPOSED))
    plain = "".join(ch for ch in letters if not unicodedata.combining(ch))
    new_id = re.sub(r"[^a-z0-9_-]+", "-", plain).strip("-_")[:64].rstrip("-_")
    return new_id or _hashed_id(name)


def _hashed_id(name: str) -> str:
    """Return "deck-" and the first 8 hex digits of the name's SHA-256 (NFC first: macOS may give the same name
    decomposed)."""
    return "deck-" + hashlib.sha256(unicodedata.normalize("NFC", name).encode("utf-8")).hexdigest()[:8]
