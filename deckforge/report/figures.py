"""The game's own figures in the report: each figure its GameSpec declares, under its label, per player count.

The report names no game: it reads the labels from the deck's `GameSpec.figures` and the sums from the simulator's
`Summary.figures`. A number is shown as its mean per finished or stalled game; a count per key as each key's share
of the count's total, keys in natural order (seats and positions by number). A key that is a spell and one of its
effects ("bedrock.play_again") is shown by the card's name and the effect's name in the page's language.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..effect_text import effect_name
from ..games import spec_for
from ..games.spec import SPELL_AND_EFFECT, Figure
from ..i18n import translations
from ..model import Deck
from ..sim.summary import ordered
from .analysis import card_name, decimal, pct
from .play import CountRun, DeckRun

MOST_KEYS = 6  # a count per key shows at most this many keys, the largest shares, then "…"


@dataclass(frozen=True)
class FigureRow:
    """One figure of the game: its label and what each player count showed (empty where it never came up)."""

    name: str
    label: str
    cells: dict[int, str]


def figure_rows(run: DeckRun, lang: str) -> list[FigureRow]:
    """Return a row per figure the deck's game declares that came up at some player count."""
    gettext = translations(lang).gettext
    rows = []
    for figure in spec_for(run.deck.game).figures:
        cells = {players: _cell(count, figure, run.deck, lang) for players, count in run.counts.items()}
        if any(cells.values()):
            rows.append(FigureRow(figure.name, gettext(figure.label), cells))
    return rows


def _cell(count: CountRun, figure: Figure, deck: Deck, lang: str) -> str:
    value, games = count.figures.get(figure.name), count.games - len(count.errors)
    if value is None or not games:
        return ""
    if not isinstance(value, dict):
        return decimal(value / games, lang)
    total = sum(value.values())
    if not total:
        return ""
    shown = sorted(sorted(value, key=lambda key: -value[key])[:MOST_KEYS], key=list(ordered(value)).index)
    more = ", …" if len(value) > MOST_KEYS else ""
    return ", ".join(f"{_key_label(key, figure, deck, lang)}:\u00a0{pct(value[key] / total, lang)}"
                     for key in shown) + more  # a pair never breaks


def _key_label(key: str, figure: Figure, deck: Deck, lang: str) -> str:
    """Return how the page names one key of a figure: a spell's effect as "Bedrock (play again)"."""
    if figure.per != SPELL_AND_EFFECT:
        return key
    card_id, _, effect = key.rpartition(".")
    return f"{card_name(deck.card(card_id), lang)} ({effect_name(effect, lang)})"
