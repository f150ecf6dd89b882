"""Find a file the deck names though the disk spells it otherwise: in another Unicode form, or a little differently.

Art and font files are both looked up this way (load/deck.py).
"""
from __future__ import annotations

import unicodedata
from pathlib import Path, PurePosixPath

from .check import closest


def find_composed(folder: Path, relative: PurePosixPath) -> Path | None:
    """Return the file under `folder` whose names equal `relative`'s once both are in Unicode NFC, or None.

    macOS writes a name's 'ř' decomposed (NFD: 'r' and a combining caron), and a deck file written on any system
    names it composed: to the maker it is the same name, though not to Linux."""
    found = folder
    for part in relative.parts:
        wanted = unicodedata.normalize("NFC", part)
        try:
            found = next(entry for entry in found.iterdir() if unicodedata.normalize("NFC", entry.name) == wanted)
        except (StopIteration, OSError):  # no such name, or not a folder
            return None
    return found


def near_file(folder: Path, relative: PurePosixPath) -> str:
    """Return "; did you mean 'art/x.png'?" for a file beside `relative` whose name differs in case or a little."""
    try:
        names = [entry.name for entry in (folder / relative.parent).iterdir()]
    except OSError:
        return ""
    folded = {unicodedata.normalize("NFC", name).casefold(): name for name in names}
    wanted = unicodedata.normalize("NFC", relative.name).casefold()
    match = wanted if wanted in folded else closest(wanted, folded)
    return f"; did you mean '{(relative.parent / folded[match]).as_posix()}'?" if match is not None else ""
