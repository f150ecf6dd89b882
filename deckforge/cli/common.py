"""Options and helpers shared by the commands."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

import click

from ..errors import counted

if TYPE_CHECKING:
    from ..model import Deck


class OutputPath(click.Path):
    """A path to write, as `click.Path(path_type=Path)`; a control character (a NUL byte above all, which no file
    name can hold) is a usage error rather than a crash in `os.stat`."""

    def __init__(self, **kwargs):
        super().__init__(path_type=Path, **kwargs)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not all(ord(char) >= 32 for char in value):
            self.fail(f"{value!r} contains a control character (such as a NUL byte); give a plain file or "
                      "folder name", param, ctx)
        return super().convert(value, param, ctx)


deck_argument = click.argument("deck", metavar="DECK")


def players_option_saying(help: str):
    """Return the --players option with `help` saying what the command does without it."""
    return click.option("--players", "-p", type=click.IntRange(1, 100), default=None, help=help)


players_option = players_option_saying("Number of players (default: the deck's base player count).")
lang_option = click.option("--lang", "-l", metavar="LANG", default=None,
                           callback=lambda ctx, param, value: value.lower() if value else value,  # SK is sk
                           help="Language of card and rulebook texts: any the deck declares, e.g. cs, en, de "
                                "(default: the deck's first language).")


def open_deck(name: str) -> Deck:
    """Load a bundled deck id or a deck path, and keep every output off its files (deckforge/output_guard.py)."""
    from ..load import load_deck  # the loader's imports wait until a command reads a deck
    from ..output_guard import protect

    deck = load_deck(name)
    protect(deck)  # from here on, no output of the command may overwrite the deck's files
    return deck


def pick_players(deck: Deck, players: int | None) -> int:
    """Return the requested player count, checked against the deck, or the deck's default."""
    return deck.player_count(players)


def pick_lang(deck: Deck, lang: str | None) -> str:
    """Return the requested language if the deck declares it, else the deck's first language."""
    return deck.language(lang)


def warn_untranslated(lang: str, deck: Deck | None = None) -> None:
    """Say once, on stderr, that deckforge's own words print in English for a language that neither deckforge nor
    the deck (its own `locale/<lang>.po`) has a catalog for."""
    from ..i18n import catalog_warning, deck_words

    with deck_words(deck.folder if deck else None):
        warning = catalog_warning(lang)
    if warning:
        click.echo(f"warning: {warning}", err=True)


all_games_option = click.option("--all-games", "all_games", is_flag=True,
                                help="Play every game of each run instead of stopping once its answer is settled "
                                     "(slower; the figures the stopping rule trades for speed).")


class _LateBar:
    """A progress bar on stderr that appears only once the work has taken a second; quicker work prints nothing."""

    DELAY = 1.0

    def __init__(self, total: int, label: str):
        import time

        self.clock = time.monotonic
        self.total, self.label, self.done, self.started, self.bar = total, label, 0, time.monotonic(), None

    def update(self, steps: int) -> None:
        self.done += steps
        if self.bar is not None:
            self.bar.update(steps)
        elif self.clock() - self.started >= self.DELAY:
            self.bar = click.progressbar(length=self.total, label=self.label, file=sys.stderr, show_pos=True,
                                         update_min_steps=max(1, self.total // 200))
            self.bar.__enter__()
            self.bar.update(self.done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


@contextmanager
def progress_bar(total: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """Yield a function that advances a progress bar of `total` steps on stderr, shown once the work takes over a
    second, on an interactive terminal only (logs and pipes stay clean); None where no bar is shown."""
    if not sys.stderr.isatty():
        yield None
        return
    bar = _LateBar(total, label)
    try:
        yield bar.update
    finally:
        bar.close()


def format_for(out: Path | None, fmt: str, formats: tuple[str, ...] | list[str], option: str = "fmt") -> str:
    """Return the format to write: the one -o's name ends in (`r.pdf`, `rules.html`) when --format was not given;
    --format when it was, with a warning where the name says otherwise (a file named .pdf holding HTML)."""
    if out is None:
        return fmt
    suffix = Path(out).suffix.lower().lstrip(".")
    suffix = "html" if suffix == "htm" else suffix
    if suffix not in formats or suffix == fmt:
        return fmt
    if click.get_current_context().get_parameter_source(option) is click.core.ParameterSource.DEFAULT:
        return suffix
    from ..errors import display_path

    click.echo(f"warning: {display_path(Path(out))} will hold {fmt.upper()}, as --format {fmt} asks, though its name "
               f"ends in .{suffix}; name it .{fmt}, or leave out --format", err=True)
    return fmt


def player_range(low: int, high: int) -> str:
    """Return "2–4 players", or "4 players" for a deck of one count."""
    return counted(high, "player") if low == high else f"{low}–{high} players"
