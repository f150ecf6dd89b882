"""Print a score sheet for a game that keeps one: one row per round, a bid and a points column for each player.

The number of rounds follows from the game's deal (`GameSpec.deal`): where round r deals r cards to each
player, a deck of T cards gives T // players rounds.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from jinja2 import TemplateError

from ..colour import css_colour
from ..errors import BuildError, DeckforgeError, PlayerCountError
from ..i18n import deck_words
from ..games import spec_for, specs
from ..load import load_deck
from ..model import Deck
from ..output import default_output
from .render import PAPERS, _environment, font_faces
from .typeset import check_pdf_x, write_pdf


@dataclass(frozen=True)
class ScorePad:
    """What the score sheet template prints."""

    lang: str
    title: str
    accent: str
    players: int
    rounds: int
    cards: int
    landscape: bool


def scorepad_context(deck: Deck, players: int, lang: str) -> ScorePad:
    """Count the rounds for this deck and player count; refuse a game that keeps no score sheet."""
    scored = [spec.id for spec in specs().values() if spec.scorepad]
    if deck.game not in scored:
        raise BuildError(f"deck '{deck.id}' is a {deck.game} deck; score pads exist for: {', '.join(scored)}")
    if lang not in deck.languages:
        raise DeckforgeError(f"deck '{deck.id}' has no '{lang}' texts; it declares: {', '.join(deck.languages)}")
    try:
        deck.players.sets_for(players)
    except PlayerCountError as exc:
        raise PlayerCountError(f"deck '{deck.id}': {exc}") from None
    total = deck.total_for(players)
    # Five or six players need twelve columns of figures: turn the page sideways.
    return ScorePad(lang=lang, title=deck.name(lang), accent=css_colour(deck.back.colour or "#3b4a6b"),
                    players=players, rounds=spec_for(deck.game).deal.rounds(total, players), cards=total, landscape=players > 4)


# Page heights (portrait, landscape) in mm, and what the sheet needs besides its rows: the margins (2 × 12 mm),
# the title, the two heading rows and the legend.
PAGE_HEIGHTS_MM = {"a4": (297, 210), "letter": (279.4, 215.9), "a5": (210, 148)}
AROUND_ROWS_MM = 24 + 58
ROW_MM = (5.0, 12.0)  # rows no lower than a pencilled figure needs, no higher than looks right


def row_height_mm(paper: str, landscape: bool, rounds: int) -> float:
    """Return the height of a round's row that keeps the whole game on one page."""
    free = PAGE_HEIGHTS_MM[paper][landscape] - AROUND_ROWS_MM
    return round(max(ROW_MM[0], min(ROW_MM[1], free / rounds)), 1)


def scorepad_html(deck: Deck, players: int, lang: str, paper: str = "a4") -> str:
    """Render the score sheet as HTML: one page for a whole game."""
    pad = scorepad_context(deck, players, lang)
    try:
        return _environment(None, lang).get_template("scorepad.html").render(
            pad=pad, paper=PAPERS[paper], font_faces=font_faces(),
            row_mm=row_height_mm(paper, pad.landscape, pad.rounds))
    except TemplateError as exc:
        raise BuildError(f"score pad template: {exc}") from None


def write_scorepad(deck: Deck | str | Path, players: int, lang: str = "cs", out: Path | str | None = None,
                   paper: str = "a4", pdf_x: str | None = None) -> Path:
    """Write a printable score sheet (PDF, or PDF/X-4 with `pdf_x` "x4") and return its path."""
    check_pdf_x(pdf_x)
    if paper not in PAPERS:
        raise BuildError(f"unknown paper size '{paper}' (one of: {', '.join(PAPERS)})")
    model = deck if isinstance(deck, Deck) else load_deck(deck)
    with deck_words(model.folder):
        html = scorepad_html(model, players, lang, paper)
    variant = f"-pdf{pdf_x}" if pdf_x else ""
    target = Path(out) if out else default_output(model.id, f"{model.id}-scorepad-{players}p-{lang}{variant}.pdf")
    return write_pdf(html, target, pdf_x)
