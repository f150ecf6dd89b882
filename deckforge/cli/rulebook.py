"""Commands that write rulebooks and score sheets: rulebook, scorepad."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import display_path
from ..output import check_writable
from ..output_guard import check_output
from ..rulebook import FORMATS, PAPER_NAMES
from .common import (OutputPath, deck_argument, format_for, lang_option, open_deck, pick_lang, pick_players,
                     players_option, warn_untranslated)

paper_option = click.option("--paper", type=click.Choice(list(PAPER_NAMES), case_sensitive=False), default="a4",
                            show_default=True,
                            help="Page size.")
output_option = click.option("-o", "--output", "out", type=OutputPath(), default=None,
                             help="File to write (default: output/<deck>/...).")

pdf_x_option = click.option("--pdf-x", "pdf_x", type=click.Choice(["x1a", "x4"]), default=None,
                            help="PDF/X for a print shop, with a FOGRA39 CMYK output intent and trim and bleed "
                                 "boxes: x1a converts every colour to CMYK (text in 100 % K, no transparency), "
                                 "x4 keeps RGB tagged as sRGB. See docs/print-shop.md.")


@click.command("rulebook")
@deck_argument
@lang_option
@players_option
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="pdf", show_default=True,
              help="pdf: typeset pages; html: one standalone page.")
@paper_option
@output_option
@pdf_x_option
@click.option("--booklet", is_flag=True,
              help="A5 pages imposed two a side on A4 landscape in saddle-stitch order: print on both sides "
                   "(flip on the short edge), fold the stack and staple it on the fold.")
def rulebook(deck: str, lang: str | None, players: int | None, fmt: str, paper: str, out: Path | None,
             pdf_x: str | None, booklet: bool) -> None:
    """Write the rulebook of DECK in one language, counted for a number of players.

    The component list, the special-card table and every card name and text come from the deck file, so the
    rulebook always matches the printed cards. The default file is output/<deck>/<deck>-rules-<lang>.pdf.

    \b
    Example:
      deckforge rulebook kamen-nuzky-papir --lang en --players 8
      deckforge rulebook wizard --lang cs --paper a5 -o wizard-a5.pdf
      deckforge rulebook my-deck/ --format html
      deckforge rulebook dymock --lang cs --pdf-x x4
      deckforge rulebook wizard --lang cs --booklet -o wizard-booklet.pdf
    """
    model = open_deck(deck)
    if out:
        check_output(out)
        check_writable(out)
    fmt = format_for(out, fmt, FORMATS)
    from ..rulebook import upright_emphasis, write_rulebook

    lang = pick_lang(model, lang)
    path = write_rulebook(model, lang, pick_players(model, players), fmt, paper, out, pdf_x, booklet)
    click.echo(f"wrote {display_path(path)}")
    from ..text_numbers import text_warnings

    for mismatch in text_warnings(model, lang):  # the rulebook prints the card texts as the cards do
        click.echo(f"warning: {mismatch}", err=True)
    if upright := upright_emphasis(model):
        click.echo(f"warning: {upright}", err=True)
    if model.described is not None:
        from ..i18n import deck_words, described_rules_warning
        from ..rules.describe import unnamed_attributes, unnamed_warning

        with deck_words(model.folder):
            english = described_rules_warning(lang)
        if english:
            click.echo(f"warning: {english}", err=True)

        for attr in unnamed_attributes(model, lang):
            click.echo(f"warning: {unnamed_warning(model, lang, attr)}", err=True)
    warn_untranslated(lang, model)


@click.command("scorepad")
@deck_argument
@click.option("--players", "-p", type=click.IntRange(1, 100), required=True, help="Number of players.")
@lang_option
@paper_option
@output_option
@pdf_x_option
def scorepad(deck: str, players: int, lang: str | None, paper: str, out: Path | None, pdf_x: str | None) -> None:
    """Write a printable score sheet for a Wizard deck: a row per round, bid and points per player.

    The number of rounds follows from the deck size and the player count (60 cards, 4 players: 15 rounds).
    The default file is output/<deck>/<deck>-scorepad-<N>p-<lang>.pdf.

    \b
    Example:
      deckforge scorepad wizard --players 4
      deckforge scorepad wizard --players 6 --lang en -o score-6.pdf
    """
    model = open_deck(deck)
    if out:
        check_output(out)
        check_writable(out)
    from ..rulebook import write_scorepad

    lang = pick_lang(model, lang)
    path = write_scorepad(model, pick_players(model, players), lang, out, paper, pdf_x)
    click.echo(f"wrote {display_path(path)}")
    warn_untranslated(lang, model)


COMMANDS = [rulebook, scorepad]
