"""Refuse an output that would overwrite, replace or land inside something deckforge reads.

Every writer calls `check_output` before it writes (`output.atomic_path`, `output.atomic_folder`, `deckforge new`).
The commands register each deck they open with `protect`; deckforge's own files are always protected. Paths are
compared after resolving symbolic links, so an output that is a link to an input counts as that input.
"""
from __future__ import annotations

import importlib.util
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from .errors import BuildError, DeckforgeError, display_path

if TYPE_CHECKING:
    from .model import Deck

PACKAGE_DIR = Path(__file__).resolve().parent
_protected: list[tuple[Deck, bool]] = []  # the decks the running command opened, and whether their folder is whole


@dataclass(frozen=True)
class Input:
    """A file or folder deckforge reads, and what it is, for the message."""

    path: Path          # resolved
    role: str           # "the deck file of 'tiny'"
    deck_id: str | None = None
    tree: bool = False  # a folder read as a whole: nothing may be written inside it either


def protect(deck: Deck, whole_folder: bool = False) -> None:
    """Keep this deck's inputs from being written over until `forget_all`; `whole_folder` also keeps every new
    file out of the deck's folder (for `deckforge new`, which copies that folder)."""
    _protected.append((deck, whole_folder))


def forget_all() -> None:
    """Drop the decks registered by `protect` (each command starts afresh)."""
    _protected.clear()


def check_output(target: Path | str, instead: str | None = None) -> None:
    """Raise BuildError if writing `target` (a file or a folder) would touch an input; say where to write instead
    (by default: under output/<deck>/, where the output goes without -o)."""
    text = os.fspath(target)
    if any(ord(char) < 32 for char in text):
        raise BuildError(f"the output path {text!r} contains a control character (such as a NUL byte); give a "
                         "plain file or folder name")
    if text == "-":
        raise BuildError("cannot write to '-': deckforge writes its output into a file, not to standard output; "
                         "give a file name")
    try:
        mode = os.stat(text).st_mode  # through links: what would be written over
    except OSError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        kind = ("a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a pipe" if stat.S_ISFIFO(mode)
                else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise BuildError(f"cannot write {text}: it is {kind}, which a finished file would replace; give a file name")
    try:
        candidates = {Path(os.path.abspath(text)), Path(text).resolve()}  # the path as written, and after its links
    except RuntimeError:  # Python's word for a loop of symbolic links
        raise BuildError(f"cannot write {text}: it leads through a loop of symbolic links") from None
    for item in _inputs():
        for path in candidates:
            if path == item.path:
                raise BuildError(_refusal(text, "it is", item, instead))
            if item.path.is_relative_to(path):
                raise BuildError(_refusal(text, f"it holds {display_path(item.path)},", item, instead))
            if item.tree and path.is_relative_to(item.path):
                raise BuildError(_refusal(text, f"it lies inside {display_path(item.path)},", item, instead))


def _refusal(target: str, relation: str, item: Input, instead: str | None) -> str:
    where = f"output/{item.deck_id}/" if item.deck_id else "output/"
    instead = instead or f"another path, e.g. under {where} (where the output goes when you leave out -o)"
    return f"cannot write {target}: {relation} {item.role}, which deckforge reads and never writes over; give {instead}"


def _inputs() -> Iterator[Input]:
    yield from _own_files()
    for deck, whole_folder in _protected:
        yield from deck_inputs(deck)
        if whole_folder and deck.folder:
            yield Input(deck.folder.resolve(), f"the folder of the deck '{deck.id}'", deck.id, tree=True)


def deck_inputs(deck: Deck) -> Iterator[Input]:
    """Yield every file and folder deckforge reads for this deck."""
    name = f"'{deck.id}'"
    files = [(deck.path, f"the deck file of {name}")] if deck.path else []
    files += [(path, f"a file the deck {name} is read from") for path in deck.sources]
    files += [(card.art, f"the art of the card '{card.id}' in {name}") for card in deck.cards if card.art]
    files += [(deck.back.art, f"the back's art of {name}")] if deck.back.art else []
    files += [(path, f"the {role} font of {name}") for role, path in deck.fonts.items()]
    files += [(path, f"the icon :{icon}: of {name}") for icon, path in deck.icons.items()]
    template = _card_template(deck)
    files += [(template, f"the card template of {name}")] if template else []
    for path, role in files:
        yield Input(path.resolve(), role, deck.id)
    rulebook = deck.folder / "rulebook" if deck.folder else None
    if rulebook and rulebook.is_dir():
        yield Input(rulebook.resolve(), f"the rulebook templates of {name}", deck.id, tree=True)


def _card_template(deck: Deck) -> Path | None:
    from .load.card_template import find_card_template

    try:
        return find_card_template(deck)
    except DeckforgeError:  # no template: the build itself says so
        return None


def _own_files() -> Iterator[Input]:
    from .load.paths import BUNDLED_DIR, TEMPLATES_DIR

    yield Input(PACKAGE_DIR, "deckforge's own program folder", tree=True)
    yield Input(BUNDLED_DIR.resolve(), "the folder of deckforge's bundled decks", tree=True)
    yield Input(TEMPLATES_DIR.resolve(), "the folder of deckforge's templates", tree=True)
    fonts = importlib.util.find_spec("ttf_opensans")
    if fonts and fonts.origin:
        yield Input(Path(fonts.origin).resolve().parent, "the folder of deckforge's fonts", tree=True)
