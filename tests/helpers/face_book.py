"""Draw every distinct face of a deck, and its back, each on a page of its own (the trimmed card plus its bleed),
the way the build draws it, so tests can read faces back from a PDF one card at a time.

Several test files read the same books (test_faces, test_frames, test_centring): given the run's shared folder
(`face_book_folder`), each book is drawn once per test run and parsed once per run (tests/helpers/made_once.py,
tests/helpers/parsed_pdf.py), whichever worker asks first."""
from __future__ import annotations

import hashlib
import re
import shutil
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pdfplumber

from deckforge.layout.build import BuildOptions, new_canvas, prepare
from deckforge.layout.draw import define_face, place_face
from deckforge.layout.faces import Face
from deckforge.layout.imposition import Box, Placement
from deckforge.load import load_deck
from deckforge.model import Card
from made_once import made_once, shared_folder
from parsed_pdf import open_parsed


@dataclass
class FaceBook:
    """Every distinct face of one deck, one per page of `path`, with the card each shows (None: the back)."""

    path: Path
    faces: list[Face]
    cards: list[Card | None]
    bleed: float

    def page_of(self, card_id: str) -> int:
        return next(i for i, card in enumerate(self.cards) if card is not None and card.id == card_id)

    def open(self) -> pdfplumber.PDF:
        """Open the book with pdfplumber, its pages as parsed once in this test run."""
        return open_parsed(self.path)

    @cached_property
    def printed(self) -> list[tuple[str, list[dict], float]]:
        """Return each page's extracted text, its characters and its height, read once with pdfplumber."""
        with self.open() as pdf:
            return [(page.extract_text(), page.chars, float(page.height)) for page in pdf.pages]


def face_book_folder(tmp_path_factory) -> Path:
    """Return the folder of this test run in which every worker draws and finds the face books."""
    return shared_folder(tmp_path_factory, "face-books")


def _deck_digest(deck_id) -> str:
    """A bundled deck's id, or the name and a hash of every file of a deck's folder (its own template too)."""
    path = Path(deck_id)
    if not path.exists():
        return str(deck_id)
    folder = path if path.is_dir() else path.parent
    digest = hashlib.sha256()
    for file in sorted(f for f in folder.rglob("*") if f.is_file()):
        digest.update(str(file.relative_to(folder)).encode() + b"\0" + file.read_bytes() + b"\0")
    return f"{folder.name}-{path.name if path.is_file() else ''}-{digest.hexdigest()[:12]}"


def draw_face_book(deck_id, lang: str, ink_saver: bool, folder: Path) -> FaceBook:
    """Plan a deck's faces as the build does and draw each distinct one on its own page, unless a book of the
    same deck files, language and ink saving is already in `folder`."""
    deck = load_deck(deck_id)
    job = prepare(deck, BuildOptions(lang=lang, ink_saver=ink_saver))
    distinct = {face.key: face for face in job.fronts}
    faces = list(distinct.values()) + [job.back]
    cards = [deck.card(face.key.removeprefix("card-")) for face in distinct.values()] + [None]
    width, height = job.card_size
    bleed = job.bleed
    name = f"{_deck_digest(deck_id)}-{lang}{'-saver' if ink_saver else ''}.pdf"

    def draw(path: Path) -> None:
        canvas = new_canvas(path, (width + 2 * bleed, height + 2 * bleed), job)
        for face in faces:
            define_face(canvas, face)
        for face in faces:
            trim, page = Box(bleed, bleed, width, height), Box(0, 0, width + 2 * bleed, height + 2 * bleed)
            place_face(canvas, face, Placement(0, 0, trim, page, 0))
            canvas.showPage()
        canvas.save()

    return FaceBook(made_once(folder, name, draw), faces, cards, bleed)


def deck_in_template(deck_id: str, template_text: str, folder: Path) -> Path:
    """Copy a bundled deck into `folder` with its own template (the text given) beside it; return the deck file."""
    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "decks" / deck_id, folder / deck_id)
    (folder / deck_id / "variant.yaml").write_text(template_text, encoding="utf-8")
    deck = folder / deck_id / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "\ntemplate: " in text, deck_id
    deck.write_text(re.sub(r"\ntemplate: [\w-]+\n", "\ntemplate: variant\n", text), encoding="utf-8")
    return deck


def standard_deck(folder: Path) -> Path:
    """Copy Hearts (decks/examples/hearts, a `standard: french-52` deck in the `standard` template) into `folder`
    with two jokers added, so every face of the standard template is drawn; return the deck file."""
    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "decks" / "examples" / "hearts", folder / "standard")
    deck = folder / "standard" / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "cards: {standard: french-52}\n" in text
    deck.write_text(text.replace("cards: {standard: french-52}\n", "cards: {standard: french-52, jokers: 2}\n"),
                    encoding="utf-8")
    return deck
