"""Options and helpers shared by the commands."""
from __future__ import annotations

import click

from ..i18n import catalog_warning
from ..load import load_deck
from ..model import Deck

deck_argument = click.argument("deck", metavar="DECK")
players_option = click.option("--players", "-p", type=click.IntRange(1, 100), default=None,
                               help="Number of players (default: the deck's base player count).")
lang_option = click.option("--lang", "-l", metavar="LANG", default=None,
                           help="Language of card and rulebook texts: any the deck declares, e.g. cs, en, de "
                                "(default: the deck's first language).")


def open_deck(name: str) -> Deck:
    """Load a bundled deck id or a deck path."""
    return load_deck(name)


def pick_players(deck: Deck, players: int | None) -> int:
    """Return the requested player count, checked against the deck, or the deck's default."""
    return deck.player_count(players)


def pick_lang(deck: Deck, lang: str | None) -> str:
    """Return the requested language if the deck declares it, else the deck's first language."""
    return deck.language(lang)


def warn_untranslated(lang: str) -> None:
    """Say once, on stderr, that deckforge's own words print in English for a language it has no catalog for."""
    warning = catalog_warning(lang)
    if warning:
        click.echo(f"warning: {warning}", err=True)
