"""Icons inside text: `:name:` in a card's name or text (or a deck's rules) stands for `icons/name.svg` or
`icons/name.png` in the deck's folder, drawn at the size of the text line on cards, in rulebooks and in preview.

One pattern and one lookup serve the loader (which refuses an unknown icon, naming the card), the text fitter,
the card drawing and the rulebook.
"""
from __future__ import annotations

import re
from pathlib import Path

TOKEN = re.compile(r":([a-z0-9][a-z0-9_-]{0,40}):")
SUFFIXES = (".svg", ".png")
ICON_EM = 1.05  # an icon's advance width per point of text size: a square the height of a capital with a margin


def names_in(text: str) -> list[str]:
    """Return the icon names a text uses, in order."""
    return TOKEN.findall(text)


def find_icon(folder: Path | None, name: str) -> Path | None:
    """Return the icon file of that name in the deck folder's icons/ (SVG before PNG), or None."""
    if folder is None:
        return None
    for suffix in SUFFIXES:
        candidate = folder / "icons" / f"{name}{suffix}"
        if candidate.is_file() and candidate.resolve().is_relative_to(folder.resolve()):
            return candidate
    return None


def icon_names(folder: Path | None) -> list[str]:
    """Return the names of the icons in the deck folder's icons/, as a text would call them, sorted."""
    try:
        entries = list((folder / "icons").iterdir()) if folder is not None else []
    except OSError:  # no icons/ folder
        return []
    return sorted({entry.stem for entry in entries
                   if entry.suffix in SUFFIXES and TOKEN.fullmatch(f":{entry.stem}:")})


def split(text: str, icons) -> list[tuple[str, str]]:
    """Split a text into ("text", words) and ("icon", name) pieces; tokens that are no known icon stay text."""
    pieces: list[tuple[str, str]] = []
    last = 0
    for match in TOKEN.finditer(text):
        if match.group(1) not in icons:
            continue
        if match.start() > last:
            pieces.append(("text", text[last:match.start()]))
        pieces.append(("icon", match.group(1)))
        last = match.end()
    if last < len(text):
        pieces.append(("text", text[last:]))
    return pieces
