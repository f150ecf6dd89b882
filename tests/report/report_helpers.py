"""Helpers for report tests: small deck files, synthetic game results, and reading tables back from the page."""
from __future__ import annotations

import json
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

from typing import Iterable, Sequence

from deckforge.model import Deck
from deckforge.sim.base import Bids, GameResult
from deckforge.sim.summary import GameError, Summary


def tally(deck: Deck, players: int, outcomes: Iterable[tuple[GameResult | GameError, int]],
          policies: Sequence[str] = ("random",), seed: int = 1) -> Summary:
    """Sum made-up (outcome, starter) pairs of one player count into the simulator's Summary, as the report's
    rounds sum the games they play (deckforge/report/play.py)."""
    run = Summary.start(deck, players, seed, tuple(policies))
    for outcome, starter in outcomes:
        if isinstance(outcome, GameResult):
            outcome.first_player = starter
        run.add(outcome)
    return run


def write_deck(folder: Path, data: dict) -> Path:
    """Write a deck file (JSON is YAML) into `folder` and return the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return folder


def starter_rush(folder: Path) -> Path:
    """Write a Kámen, nůžky, papír deck of changers only: every card can always be laid, so whoever lays first
    runs out first. Measured: the first seat wins about 70% of 2-player games and 55% of 4-player games."""
    return write_deck(folder, {
        "id": "starter-rush", "game": "kamen-nuzky-papir", "languages": ["cs", "en"],
        "name": {"cs": "Start vyhrává", "en": "Starter Rush"}, "players": {"min": 2, "max": 4},
        "card_size": "poker",
        "cards": [{"id": "changer", "kind": "changer", "count": 24, "name": {"cs": "Měnič", "en": "Changer"},
                   "text": {"cs": "Polož ho na cokoli.", "en": "Lay it on anything."}}]})


def knp_variant(folder: Path) -> Path:
    """Write a deck extending Kámen, nůžky, papír for 2–4 players: Heavy Envelope now makes the next player draw 4,
    and a new spell, Whirlwind, makes every other player draw 2."""
    return write_deck(folder, {
        "extends": "kamen-nuzky-papir", "id": "knp-whirlwind", "languages": ["cs", "en"],
        "name": {"cs": "Kámen, nůžky, papír s vichřicí", "en": "Rock, Paper, Scissors with Whirlwind"},
        "players": {"min": 2, "max": 4, "per_set": 4},
        "cards": [
            {"id": "whirlwind", "kind": "spell", "item": "paper", "count": 2,
             "name": {"cs": "Vichřice", "en": "Whirlwind"},
             "text": {"cs": "Všichni ostatní si líznou 2 karty.", "en": "Every other player draws 2 cards."},
             "effects": [{"effect": "draw", "target": "others", "count": 2}]},
            {"id": "heavy-envelope", "kind": "spell", "item": "paper", "count": 1,
             "name": {"cs": "Těžká obálka", "en": "Heavy Envelope"},
             "text": {"cs": "Další hráč si lízne 4 karty.", "en": "The next player draws 4 cards."},
             "effects": [{"effect": "draw", "target": "next", "count": 4}]}]})


def result(players: int, winner: int | None, turns: int = 50, plays: dict | None = None,
           loser: int | None = None, bids: Bids | None = None) -> GameResult:
    """Return a finished game won by `winner` (None: a stalemate); `plays` maps seat -> card ids played once."""
    finished = winner is not None
    seat_plays = [Counter((plays or {}).get(seat, ())) for seat in range(players)]
    return GameResult(players, finished, not finished, turns, [winner] if finished else [],
                      places=[winner] if finished else [], plays=seat_plays, loser=loser, bids=bids)


class _Tables(HTMLParser):
    """Collect the text of every cell of every <tr id=...>, and the text of every element with an id."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows: dict[str, list[str]] = {}
        self.ids: list[str] = []
        self._row: str | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "tr" and attrs.get("id"):
            self._row = attrs["id"]
            self.rows[self._row] = []
        elif tag == "td" and self._row:
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "td" and self._row and self._cell is not None:
            self.rows[self._row].append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr":
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def table_rows(html: str) -> dict[str, list[str]]:
    """Return {row id: [cell texts]} for every table row with an id."""
    parser = _Tables()
    parser.feed(html)
    return parser.rows


def element_ids(html: str) -> list[str]:
    parser = _Tables()
    parser.feed(html)
    return parser.ids


def draw_no_charts(monkeypatch) -> None:
    """Make the reports built in a test draw no charts, for a test that reads only the page's tables and headings:
    matplotlib's drawing is most of a small report's time (DYMOCK's, six games a count: about five sixths)."""
    from deckforge.report import page

    monkeypatch.setattr(page, "draw_charts", lambda *args, **kwargs: [])
