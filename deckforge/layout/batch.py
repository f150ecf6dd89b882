"""Batch: everything `deckforge build --all` writes — every bundled deck's sheets in each of its languages, at
its default player count, and its rulebooks where the rulebook stage is installed."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ..errors import display_path
from ..load import bundled_decks, load_deck
from ..model import Deck
from .build import BuildOptions, build_deck


@dataclass(frozen=True)
class BatchJob:
    """One file to write: a label for progress display and the call that writes it, returning a summary."""

    label: str
    run: Callable[[], str]


def bundled_jobs(options: BuildOptions | None = None) -> tuple[list[BatchJob], list[str]]:
    """Return the jobs that build every bundled deck, and notes on anything skipped."""
    options = options or BuildOptions()
    write_rulebook = _rulebook_writer()
    jobs: list[BatchJob] = []
    for path in bundled_decks():
        deck = load_deck(path)
        for lang in deck.languages:
            jobs.append(BatchJob(f"{deck.id} {lang}", _sheets(deck, replace(options, lang=lang, players=None))))
            if write_rulebook:
                jobs.append(BatchJob(f"{deck.id} {lang} rulebook",
                                     _rulebook(write_rulebook, deck, lang, options.pdf_x)))
    notes = [] if write_rulebook else ["rulebooks skipped: deckforge.rulebook.write_rulebook is not available"]
    return jobs, notes


def _sheets(deck: Deck, options: BuildOptions) -> Callable[[], str]:
    def run() -> str:
        result = build_deck(deck, options)
        return f"{display_path(result.path)}: {result.pages} pages, {result.cards} cards"
    return run


def _rulebook(write_rulebook: Callable, deck: Deck, lang: str, pdf_x: str | None = None) -> Callable[[], str]:
    def run() -> str:
        path = write_rulebook(deck, lang, pdf_x=pdf_x) if pdf_x else write_rulebook(deck, lang)
        return f"{display_path(path)}: rulebook"
    return run


def _rulebook_writer() -> Callable | None:
    """Return deckforge.rulebook.write_rulebook when that stage is installed, else None."""
    try:
        from ..rulebook import write_rulebook
    except ImportError:
        return None
    return write_rulebook
