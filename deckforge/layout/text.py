"""Text fitting: wrap text into a box and shrink it step by step down to a minimum size until it fits.

Pure measurement with the font's metrics; nothing is drawn here. A result of None means the text cannot fit.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..typography import NBSP, untie

# Ink extent of Open Sans per point of size, measured from its glyphs: accented capitals reach 0.93 and Ů 1.0
# above the baseline; descenders reach 0.24 below. A box that holds this much never shows clipped accents.
INK_ABOVE = 1.0
INK_BELOW = 0.25
SHRINK_STEP = 0.5  # points
_GAP = re.compile(r"[^\S\u00a0]+")  # where a line may break: white space other than a no-break space


class FittedText(NamedTuple):
    """Wrapped lines at the size that fits: each line's text and width in points, and the baseline spacing."""

    size: float
    leading: float
    lines: tuple[tuple[str, float], ...]

    @property
    def height(self) -> float:
        return block_height(len(self.lines), self.size, self.leading)


def block_height(lines: int, size: float, leading: float) -> float:
    """Return the height from the top of the first line's accents to the bottom of the last line's descenders."""
    return (INK_ABOVE + INK_BELOW) * size + (lines - 1) * leading if lines else 0.0


def fit_text(text: str, font: str, size: float, min_size: float, width: float, height: float,
             line_height: float = 1.2, icons: frozenset[str] = frozenset(),
             wraps: dict | None = None) -> FittedText | None:
    """Return the text wrapped at the largest size from `size` down to `min_size` that fits the box, or None.

    Lines break at spaces, never at a no-break space (deckforge/typography.py ties words with them) unless no size
    fits otherwise. `:name:` tokens of the given icon names measure as an icon one line high (deckforge/icons.py).
    `wraps`, a dict the caller keeps for one build, remembers each wrapping by everything it depends on, so a text
    planned once (roles.py) is not wrapped again when its face is drawn at the planned size."""
    paragraphs = None
    for loose in (False, True) if NBSP in text else (False,):
        for attempt in _sizes(size, min_size):
            key = (text, font, attempt, width, icons, loose)
            lines = wraps.get(key, _UNWRAPPED) if wraps is not None else _UNWRAPPED
            if lines is _UNWRAPPED:
                if paragraphs is None:
                    paragraphs = _paragraphs(text)
                lines = wrap(paragraphs, font, attempt, width, icons, loose)
                if wraps is not None:
                    wraps[key] = lines
            if lines is not None and block_height(len(lines), attempt, attempt * line_height) <= height + 1e-6:
                return FittedText(attempt, attempt * line_height, lines)
    return None


_UNWRAPPED = object()


def _paragraphs(text: str) -> tuple[tuple[str, ...], ...]:
    """Return the text's paragraphs (its lines) as tuples of the units a line may break between."""
    return tuple(tuple(_GAP.split(p.strip())) if p.strip() else () for p in text.strip().split("\n"))


@lru_cache(maxsize=1024)
def _sizes(size: float, min_size: float) -> tuple[float, ...]:
    """The sizes to try, from `size` down by SHRINK_STEP, then `min_size` (a text's sizes are asked for each time
    it is fitted, and a deck's texts have few)."""
    sizes, current = [], size
    while current > min_size + 1e-9:
        sizes.append(current)
        current -= SHRINK_STEP
    return (*sizes, min_size)


def wrap(paragraphs: tuple[tuple[str, ...], ...], font: str, size: float, width: float,
         icons: frozenset[str] = frozenset(), loose: bool = False) -> tuple[tuple[str, float], ...] | None:
    """Break words into lines no wider than `width`; None when a single word is wider than the box.

    A "word" may be words tied by no-break spaces; `loose` parts a tie where the tied words are wider than the box.
    Lines print plain spaces."""
    space = _width(" ", font) * size
    limit = width + 1e-6
    lines: list[tuple[str, float]] = []
    for units in paragraphs:
        current: list[str] = []
        current_w = 0.0
        for unit in units:
            printed, unit_w = _measured(unit, font, icons)
            if loose and NBSP in unit and unit_w * size > limit:  # part the tie: its words one by one
                pieces = [_measured(word, font, icons) for word in unit.split(NBSP)]
            else:
                pieces = ((printed, unit_w),)
            for printed, word_w in pieces:
                word_w *= size
                if word_w > limit:
                    return None
                if current and current_w + space + word_w > limit:
                    lines.append((" ".join(current), current_w))
                    current, current_w = [], 0.0
                current_w += (space if current else 0.0) + word_w
                current.append(printed)
        lines.append((" ".join(current), current_w))
    return tuple(lines)


@lru_cache(maxsize=65536)
def _measured(word: str, font: str, icons: frozenset[str]) -> tuple[str, float]:
    """Return a word (or tied words) as printed, ties untied, and its width at 1 point."""
    printed = untie(word)
    return printed, (_icon_width(printed, font, icons) if icons and ":" in printed else _width(printed, font))


def _icon_width(word: str, font: str, icons: frozenset[str]) -> float:
    """Return the width at 1 point of a word holding icon tokens: its text pieces plus one icon advance each."""
    from ..icons import ICON_EM, split

    return sum(ICON_EM if kind == "icon" else _width(piece, font) for kind, piece in split(word, icons))


def line_pieces(line: str, font: str, size: float, icons) -> list[tuple[str, str, float]]:
    """Return a line as (kind, text or icon name, width in points) pieces, for drawing."""
    from ..icons import ICON_EM, split

    return [(kind, piece, (ICON_EM if kind == "icon" else _width(piece, font)) * size)
            for kind, piece in split(line, icons)]


@lru_cache(maxsize=65536)
def _width(word: str, font: str) -> float:
    """Return a word's width at 1 point."""
    return stringWidth(word, font, 1.0)
