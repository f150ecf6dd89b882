"""Render: plan and draw the distinct faces of one view of a deck, re-drawing only faces whose inputs changed.

A face's key is a digest of everything it is drawn from: its layout in the card template, the values the template
sees (texts, attributes, copies, language, player count, palette), the art file's size and modification time,
and the card size. A face whose key was drawn before is taken from memory, so a save that changes one spell
re-draws one image.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..load.card_template import CardTemplate
from ..layout.context import BuildContext, back_context, card_context
from ..layout.faces import Face, FacePlanner
from ..layout.preview_render import PREVIEW_DPI, face_pngs, preview_job
from ..model import Deck
from ..said import Said
from ..text_numbers import said_text_warnings
from ..typography import tie

BACK_ID = "back"
# A few decks' worth in every language: a bundled deck's face is about 40 kB at PREVIEW_DPI (some 32 MB for all),
# a card-sized photograph about 450 kB (quickpng.py)
KEPT_IMAGES = 800
DRAW_BATCH = 16    # faces drawn in one PDF: few enough to draw in a second or two, and to keep as they are done


@dataclass(frozen=True)
class FaceView:
    """One distinct face as the page lists it: its words, its copies, and which drawing of it to show."""

    id: str        # the card's id, or BACK_ID
    kind: str      # the card's kind, or "back"
    name: str
    text: str
    copies: int
    key: str       # digest of the face's inputs
    revision: int  # the deck revision in which this drawing was first made; busts the browser's cache

    @property
    def is_back(self) -> bool:
        return self.kind == BACK_ID


@dataclass(frozen=True)
class DeckView:
    """Every distinct face of a deck for one language and player count, the back last."""

    deck: Deck
    lang: str
    players: int
    faces: tuple[FaceView, ...]
    warnings: tuple[Said | str, ...]  # said in the page's language where it can be
    notes: tuple[Said | str, ...] = ()  # a card set smaller than the rest of its role (roles.py), said alike

    def face(self, face_id: str, back: bool = False) -> FaceView | None:
        for face in self.faces:
            if face.is_back == back and face.id == face_id:
                return face
        return None

    @property
    def total(self) -> int:
        return sum(face.copies for face in self.faces if not face.is_back)


@dataclass(frozen=True)
class _Drawing:
    png: bytes
    revision: int
    warnings: tuple[Said | str, ...]  # said in the page's language where it can be


@dataclass(frozen=True)
class _Wanted:
    """A face the view needs: what the page says about it, and how to plan it when it is not drawn yet."""

    id: str
    kind: str
    name: str
    text: str
    copies: int
    key: str
    plan: Callable[[], Face]


class FaceRenderer:
    """Keeps the drawn faces of every view asked for, by key; draws the missing ones in one PDF."""

    def __init__(self, kept: int = KEPT_IMAGES):
        self._drawings: OrderedDict[str, _Drawing] = OrderedDict()
        self._kept = kept
        self._lock = threading.Lock()
        self.drawn = 0  # faces drawn so far: lets tests and the log see that unchanged faces are not re-drawn

    def view(self, deck: Deck, template: CardTemplate, lang: str, players: int, revision: int,
             step: Callable[[str], None] = lambda doing: None) -> DeckView:
        """Return the view, drawing the faces not drawn before; a face that cannot be planned raises BuildError.

        `step` is told what is being done before each face is planned and each batch is drawn (see budget.py).
        """
        build = BuildContext(deck, lang, players, False, template)
        planner = FacePlanner(build, 0.0)
        wanted = _wanted_faces(build, planner)
        with self._lock:
            self._draw_missing(deck, lang, players, wanted, planner, revision, step)
            faces, warnings = [], []
            for want in wanted:
                drawing = self._drawings[want.key]
                self._drawings.move_to_end(want.key)
                faces.append(FaceView(want.id, want.kind, want.name, want.text, want.copies, want.key,
                                      drawing.revision))
                warnings.extend(w for w in drawing.warnings if w not in warnings)
            self._forget_oldest()
        # a text whose numbers its effects contradict, in the language shown, as the build warns of it
        warnings.extend(w for w in said_text_warnings(deck, lang) if w not in warnings)
        notes = tuple(planner.said_as(note) for note in planner.notes)
        return DeckView(deck, lang, players, tuple(faces), tuple(warnings), notes)

    def png(self, key: str) -> bytes | None:
        """Return the drawn face with this key, or None when it was never drawn or has been forgotten."""
        with self._lock:
            drawing = self._drawings.get(key)
        return drawing.png if drawing else None

    def _draw_missing(self, deck: Deck, lang: str, players: int, wanted: list[_Wanted], planner: FacePlanner,
                      revision: int, step: Callable[[str], None]) -> None:
        """Plan and draw the faces not drawn yet, keeping each batch as it is done: a view that is stopped
        half-way (budget.py) goes on from there the next time."""
        missing = list({want.key: want for want in wanted if want.key not in self._drawings}.values())
        job = preview_job(deck, lang, players)
        for start in range(0, len(missing), DRAW_BATCH):
            batch = missing[start:start + DRAW_BATCH]
            planned: list[tuple[str, Face, tuple[str, ...]]] = []
            for want in batch:
                step(f"{_named(want)} ({lang}, {players} players)")
                before = len(planner.warnings)
                planned.append((want.key, want.plan(), tuple(planner.said_as(w) for w in planner.warnings[before:])))
            step(f"drawing {', '.join(_named(want) for want in batch)}")
            pngs = face_pngs(job, [face for _, face, _ in planned])
            for (key, _, warnings), png in zip(planned, pngs):
                self._drawings[key] = _Drawing(png, revision, warnings)
            self.drawn += len(planned)

    def _forget_oldest(self) -> None:
        while len(self._drawings) > self._kept:
            self._drawings.popitem(last=False)


def _named(want: _Wanted) -> str:
    return "the back" if want.kind == BACK_ID else f"card '{want.id}'"


def _wanted_faces(build: BuildContext, planner: FacePlanner) -> list[_Wanted]:
    """List the deck's distinct faces for this view, in deck order, then the back."""
    deck, template, lang = build.deck, build.template, build.lang
    sizes = planner.type_sizes  # a card is drawn again when another card's text changes its role's size
    wanted = []
    for card, copies in deck.counts_for(build.players):
        key = face_key(deck, template.layout_for(card.kind), card_context(build, card, copies), card.art,
                       sizes.of(f"card-{card.id}", lang))
        wanted.append(_Wanted(card.id, card.kind, card.name(lang), tie(card.text(lang), lang), copies, key,
                              lambda card=card, copies=copies: planner.card(card, copies)))
    key = face_key(deck, template.back, back_context(build), deck.back.art, sizes.of("back", lang))
    title = deck.back.title(lang) or deck.name(lang)
    wanted.append(_Wanted(BACK_ID, BACK_ID, title, "", deck.total_for(build.players), key, planner.back))
    return wanted


def face_key(deck: Deck, layout: object, context: dict, art: Path | None, sizes: tuple = ()) -> str:
    """Return a digest of everything a face is drawn from (its layout, template values, art file, card size, the
    type sizes its text roles share with the deck)."""
    source = repr((layout, context, _art_stamp(art), deck.card_size, PREVIEW_DPI, sizes))
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:24]


def _art_stamp(art: Path | None) -> tuple | None:
    """Identify an art file's current content by path, size and modification time (a save changes them)."""
    if art is None:
        return None
    try:
        stat = art.stat()
    except OSError:
        return (str(art), None)
    return (str(art), stat.st_size, stat.st_mtime_ns)
