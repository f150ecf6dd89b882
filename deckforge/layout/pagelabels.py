"""Page labels: the small print in a sheet's margin (deck, page n of m, side, scale check) and the room it needs.

The words are deckforge's own, not the deck's, so they come from its gettext catalog (deckforge/i18n.py): in
English when the language has none.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..i18n import translations
from ..model import Deck
from .fonts import font_for
from .imposition import LabelNeed
from .text import INK_ABOVE, INK_BELOW
from .units import mm

LABEL_SIZE = 5.5       # points
SCALE_LENGTH = mm(50)  # the bar a person measures to check the print was not scaled
SCALE_HEIGHT = mm(1.2)
SCALE_TEXT_SIZE = 5.0
SCALE_GAP = mm(1.5)    # between the bar and its caption, which stands beside it to fit a 2.5 mm band


@dataclass(frozen=True)
class PageText:
    """The three labels of one page: the page line, the scale caption, the printing hint."""

    info: str
    scale: str
    hint: str


def printing_hints(lang: str) -> dict[str, str]:
    """Return the hint printed on every page for each back mode."""
    t = translations(lang)
    # "Fit to page" shrinks the cards 3–5 %; the PDF asks viewers not to scale, and the hint asks the person too.
    return {"duplex-long": t.gettext("print at 100 %, no fit to page; double-sided, flip on the long edge"),
            "duplex-short": t.gettext("print at 100 %, no fit to page; double-sided, flip on the short edge"),
            "none": t.gettext("print at 100 %, no fit to page; single-sided")}


def scale_caption(lang: str) -> str:
    # TRANSLATORS: under the 50 mm bar a person measures to check the sheet was printed at actual size.
    return translations(lang).gettext("this bar is 50 mm")


def page_texts(deck: Deck, lang: str, players: int, sides: list[str], backs: str) -> list[PageText]:
    """Return the labels of every page, given each page's side in print order."""
    t, total, texts, front_page = translations(lang), len(sides), [], 0
    crowd = t.ngettext("%(num)d player", "%(num)d players", players) % {"num": players}
    hint = printing_hints(lang)[backs]
    for n, side in enumerate(sides, start=1):
        page = t.gettext("page %(num)d of %(total)d") % {"num": n, "total": total}
        if side == "front":
            front_page = n
            detail = t.pgettext("sheet side", "front")
        else:
            # TRANSLATORS: a back sheet, printed on the reverse of the front sheet with this page number.
            detail = t.pgettext("sheet side", "back (behind page %(num)d)") % {"num": front_page}
        texts.append(PageText(f"{deck.name(lang)} · {crowd} · {page} · {detail}", scale_caption(lang), hint))
    return texts


def label_needs(texts: list[PageText]) -> tuple[LabelNeed, LabelNeed, LabelNeed]:
    """Return the room the page line, the scale bar with its caption, and the hint need on every page."""
    font = font_for("regular")
    line_depth = (INK_ABOVE + INK_BELOW) * LABEL_SIZE
    info = max(stringWidth(t.info, font, LABEL_SIZE) for t in texts)
    hint = max(stringWidth(t.hint, font, LABEL_SIZE) for t in texts)
    caption = max(stringWidth(t.scale, font, SCALE_TEXT_SIZE) for t in texts)
    caption_depth = (INK_ABOVE + INK_BELOW) * SCALE_TEXT_SIZE
    return (LabelNeed(info, line_depth),
            LabelNeed(SCALE_LENGTH + SCALE_GAP + caption, max(SCALE_HEIGHT, caption_depth)),
            LabelNeed(hint, line_depth))
