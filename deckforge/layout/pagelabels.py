"""Page labels: the small print in a sheet's margin (deck, page n of m, side, scale check) and the room it needs.

The words are interface text, not card text, so they live here in the languages deckforge speaks.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..model import Deck
from .fonts import font_for
from .imposition import LabelNeed
from .text import INK_ABOVE, INK_BELOW
from .units import mm

LABEL_SIZE = 5.5       # points
SCALE_LENGTH = mm(50)  # the bar a person measures to check the print was not scaled
SCALE_HEIGHT = mm(1.2)
SCALE_TEXT_SIZE = 5.0
SCALE_GAP = mm(0.6)    # between the bar and its caption

WORDS = {
    "cs": {"front": "líc", "back": "rub", "page": "strana {n} z {m}", "scale": "tento pruh měří 50 mm",
           "behind": "za stranou {n}", "duplex-long": "tisk oboustranně, otáčet podél dlouhé hrany",
           "duplex-short": "tisk oboustranně, otáčet podél krátké hrany", "none": "tisk jednostranně"},
    "en": {"front": "front", "back": "back", "page": "page {n} of {m}", "scale": "this bar is 50 mm",
           "behind": "behind page {n}", "duplex-long": "print double-sided, flip on the long edge",
           "duplex-short": "print double-sided, flip on the short edge", "none": "print single-sided"},
}


@dataclass(frozen=True)
class PageText:
    """The three labels of one page: the page line, the scale caption, the printing hint."""

    info: str
    scale: str
    hint: str


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def players_phrase(players: int, lang: str) -> str:
    """Return "4 hráči" / "5 hráčů" / "4 players", with the Czech plural after 1, 2–4 and 5+."""
    if lang == "cs":
        noun = "hráč" if players == 1 else "hráči" if 2 <= players <= 4 else "hráčů"
        return f"{players} {noun}"
    return f"{players} player" + ("" if players == 1 else "s")


def page_texts(deck: Deck, lang: str, players: int, sides: list[str], backs: str) -> list[PageText]:
    """Return the labels of every page, given each page's side in print order."""
    w, total, texts, front_page = words(lang), len(sides), [], 0
    for n, side in enumerate(sides, start=1):
        page = w["page"].format(n=n, m=total)
        if side == "front":
            front_page = n
            detail = w["front"]
        else:
            detail = f"{w['back']} ({w['behind'].format(n=front_page)})"
        info = f"{deck.name(lang)} · {players_phrase(players, lang)} · {page} · {detail}"
        texts.append(PageText(info, w["scale"], w[backs]))
    return texts


def label_needs(texts: list[PageText]) -> tuple[LabelNeed, LabelNeed, LabelNeed]:
    """Return the room the page line, the scale bar with its caption, and the hint need on every page."""
    font = font_for("regular")
    line_depth = (INK_ABOVE + INK_BELOW) * LABEL_SIZE
    info = max(stringWidth(t.info, font, LABEL_SIZE) for t in texts)
    hint = max(stringWidth(t.hint, font, LABEL_SIZE) for t in texts)
    caption_depth = (INK_ABOVE + INK_BELOW) * SCALE_TEXT_SIZE
    return (LabelNeed(info, line_depth), LabelNeed(SCALE_LENGTH, SCALE_HEIGHT + SCALE_GAP + caption_depth),
            LabelNeed(hint, line_depth))
