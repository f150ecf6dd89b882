"""Pictures of the cards for the rulebook, drawn by the same code that draws the printed cards.

Each distinct face is planned by the layout stage (`FacePlanner`), drawn with ReportLab and rasterised with
PDFium (`layout.cards.rasterise`) at the resolution its printed size in the rulebook needs (about 300 DPI), and
embedded as a PNG data URL: WeasyPrint cannot place a PDF page, and a PNG of a card at that size is small. Faces
are made once per process for a deck, language and size.
"""
from __future__ import annotations

import base64
import io
from dataclasses import dataclass, replace

from ..model import Deck

TARGET_DPI = 300
SMALL_DECK = 20       # up to this many distinct cards the pictures are printed larger
LARGE_MM, SMALL_MM = 21.0, 12.4


@dataclass(frozen=True)
class Picture:
    """One card face as the rulebook shows it: its card, its caption and the image to print."""

    card_id: str
    caption: str
    src: str
    width_mm: float


def picture_width(deck: Deck) -> float:
    """Return how wide a card is printed in the component pictures: larger for a deck of few distinct cards (a
    described deck of many shows one per group: larger when the groups are few)."""
    shown = len(deck.cards)
    if deck.described is not None and shown > SMALL_DECK:
        from .described import described_book

        shown = len({described_book(deck).group_key(card) for card in deck.cards})
    return LARGE_MM if shown <= SMALL_DECK else SMALL_MM


def card_pictures(deck: Deck, lang: str, players: int) -> tuple[Picture, ...]:
    """Return every distinct card of the deck, then its back, each drawn as on the printed card."""
    key = (id(deck), lang, players)
    if key not in _MADE:  # a Deck holds mappings and is not hashable; the cache keeps it alive, so its id stays
        if len(_MADE) >= CACHED_DECKS:
            _MADE.pop(next(iter(_MADE)))
        _MADE[key] = (deck, _pictures(deck, lang, players, picture_width(deck)))
    return _MADE[key][1]


CACHED_DECKS = 8
_MADE: dict[tuple, tuple[Deck, tuple[Picture, ...]]] = {}


def _pictures(deck: Deck, lang: str, players: int, width_mm: float) -> tuple[Picture, ...]:
    from ..layout.build import BuildOptions, Job
    from ..layout.cards import rasterise
    from ..layout.context import BuildContext
    from ..layout.faces import FacePlanner
    from ..load.card_template import load_card_template

    context = BuildContext(deck, lang, players, False, load_card_template(deck))
    planner = FacePlanner(context, 0)
    faces = [planner.card(card, max(copies, 1)) for card, copies in deck.counts_for(players)] + [planner.back()]
    job = Job(deck, players, lang, BuildOptions(players=players, lang=lang, bleed=0), 0, None, (0, 0), faces)
    dpi = TARGET_DPI * width_mm / deck.card_size.width_mm
    captions = [card.name(lang) for card in deck.cards] + [_back_caption(lang)]
    ids = [card.id for card in deck.cards] + ["back"]
    return tuple(Picture(card_id, caption, _png_url(image), width_mm)
                 for card_id, caption, image in zip(ids, captions, rasterise(job, faces, dpi)))


def _back_caption(lang: str) -> str:
    from ..i18n import translations

    return translations(lang).gettext("Card back")


def _png_url(image) -> str:
    buffer = io.BytesIO()
    # zlib's default level: a twentieth larger than `optimize=True` and nearly five times faster to write
    image.save(buffer, format="PNG", compress_level=6)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


class PictureBook:
    """The card pictures a template may print: all in deck order, or one card's by its id (examples of play).

    `groups` (card id, caption) pairs make `all` show one card per group instead, captioned with the group's name,
    and then the back: a described deck of 52 cards pictures its four suits, not 52 faces.
    """

    def __init__(self, deck: Deck, lang: str, players: int,
                 groups: tuple[tuple[str, str], ...] | None = None):
        self._args = (deck, lang, players)
        self._groups = groups

    @property
    def all(self) -> tuple[Picture, ...]:
        if self._groups is None:
            return card_pictures(*self._args)
        shown = tuple(replace(self.of(card_id), caption=caption) for card_id, caption in self._groups)
        return shown + (self.of("back"),)

    def of(self, card_id: str) -> Picture:
        return next(p for p in card_pictures(*self._args) if p.card_id == card_id)
