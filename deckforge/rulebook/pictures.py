"""Pictures of the cards for the rulebook, drawn by the same code that draws the printed cards.

Each distinct face is planned by the layout stage (`FacePlanner`), drawn with ReportLab and rasterised with
PDFium (`layout.cards.rasterise`) at the resolution its printed size in the rulebook needs (about 300 DPI), and
embedded as a PNG data URL: WeasyPrint cannot place a PDF page, and a PNG of a card at that size is small. Each
face is made when the rulebook first shows it, once per process for a deck, language and size.
"""
from __future__ import annotations

import base64
from dataclasses import dataclass, replace

from ..layout.quickpng import quick_png
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
    faces = _faces(deck, lang, players)
    return faces.pictures(faces.ids)


def card_picture(deck: Deck, lang: str, players: int, card_id: str) -> Picture:
    """Return one card's picture (or the back's, for "back"), drawing no other."""
    return _faces(deck, lang, players).pictures([card_id])[0]


def _faces(deck: Deck, lang: str, players: int) -> _Faces:
    key = (id(deck), lang, players)
    if key not in _MADE:  # a Deck holds mappings and is not hashable; the cache keeps it alive, so its id stays
        if len(_MADE) >= CACHED_DECKS:
            _MADE.pop(next(iter(_MADE)))
        _MADE[key] = _Faces(deck, lang, players, picture_width(deck))
    return _MADE[key]


class _Faces:
    """The pictures of one deck in one language for a player count, each drawn when first asked for.

    A described deck of 52 cards shows a few of them (a card per suit, the cards its rules name): drawing,
    rasterising and encoding only those is most of the time its rulebook's HTML takes. The type sizes are planned
    over every face of the deck all the same (`FacePlanner`), so a card drawn alone is drawn exactly as among all.
    """

    def __init__(self, deck: Deck, lang: str, players: int, width_mm: float) -> None:
        from ..layout.context import BuildContext
        from ..layout.faces import FacePlanner
        from ..load.card_template import load_card_template

        self.deck, self.lang, self.players, self.width_mm = deck, lang, players, width_mm
        self.dpi = TARGET_DPI * width_mm / deck.card_size.width_mm
        self.planner = FacePlanner(BuildContext(deck, lang, players, False, load_card_template(deck)), 0)
        self.copies = {card.id: max(copies, 1) for card, copies in deck.counts_for(players)}
        self.ids = tuple(card.id for card in deck.cards) + ("back",)
        self.made: dict[str, Picture] = {}

    def pictures(self, ids) -> tuple[Picture, ...]:
        """Return the pictures of these cards ("back": the back), drawing in one go those not drawn yet."""
        from ..layout.build import BuildOptions, Job
        from ..layout.cards import rasterise

        wanted = [card_id for card_id in dict.fromkeys(ids) if card_id not in self.made]
        if wanted:
            faces = [self.planner.back() if card_id == "back"
                     else self.planner.card(self.deck.card(card_id), self.copies[card_id]) for card_id in wanted]
            job = Job(self.deck, self.players, self.lang, BuildOptions(players=self.players, lang=self.lang, bleed=0),
                      0, None, (0, 0), faces)
            for card_id, image in zip(wanted, rasterise(job, faces, self.dpi)):
                caption = _back_caption(self.lang) if card_id == "back" else self.deck.card(card_id).name(self.lang)
                self.made[card_id] = Picture(card_id, caption, _png_url(image), self.width_mm)
        return tuple(self.made[card_id] for card_id in ids)


CACHED_DECKS = 8
_MADE: dict[tuple, _Faces] = {}


def _back_caption(lang: str) -> str:
    from ..i18n import translations

    return translations(lang).gettext("Card back")


def _png_url(image) -> str:
    # written quickly (quickpng.py): WeasyPrint decodes the pixels and compresses them again, so the PDF is the
    # same whatever the PNG's compression
    return "data:image/png;base64," + base64.b64encode(quick_png(image)).decode("ascii")


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
        *shown, back = _faces(*self._args).pictures([card_id for card_id, _ in self._groups] + ["back"])
        return tuple(replace(picture, caption=caption) for picture, (_, caption) in zip(shown, self._groups)) + (back,)

    def of(self, card_id: str) -> Picture:
        return card_picture(*self._args, card_id)
