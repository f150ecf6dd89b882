"""The `report` command: a playtest report page with charts and a verdict, for one deck or two compared."""
from __future__ import annotations

import os
import time
from pathlib import Path

import click

from ..errors import display_path
from ..output import check_writable, default_output
from ..output_guard import check_output
from ..report import DEFAULT_GAMES
from .common import (OutputPath, all_games_option, deck_argument, format_for, lang_option, open_deck, pick_lang,
                     progress_bar, warn_untranslated)


@click.command("report")
@deck_argument
@click.option("--games", "-g", type=click.IntRange(1, 1_000_000), default=DEFAULT_GAMES, show_default=True,
              help="Most games to play at each player count; a count stops sooner once its verdict is settled.")
@all_games_option
@click.option("--seed", "-s", type=int, default=1, show_default=True, help="Seed: the same seed gives the same report.")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=None,
              help="Processes to play in (default: every core); the figures do not depend on it.")
# the default is sim.playcheck.STALL_POLICY, spelled out: the command line imports no simulator to show its help
@click.option("--policy", type=click.Choice(["random", "greedy"]), default="greedy", show_default=True,
              help="How the computer players choose: greedy ones (the default) are those whose stalls validate "
                   "counts; random ones may stall where no sensible player would.")
@click.option("--against", "against", metavar="DECK_B", default=None,
              help="A second deck to play with the same seeds and show side by side.")
@click.option("--format", "fmt", type=click.Choice(["html", "pdf"]), default="html", show_default=True,
              help="One self-contained HTML page, or a PDF of it.")
@lang_option
@click.option("--output", "-o", type=OutputPath(dir_okay=False), default=None,
              help="File to write (default: output/<deck>/<deck>-report.html or .pdf).")
def report(deck: str, games: int, all_games: bool, seed: int, jobs: int | None, policy: str, against: str | None,
           fmt: str, lang: str | None, output: Path | None) -> None:
    """Play DECK at every player count it supports and write a playtest report.

    The report is one page: a verdict (playable or not at each player count, the strongest findings with 95%
    confidence intervals), game-design measures after CardStock (fairness, decisiveness, drama, lead changes,
    game length, forced moves, how often each rule fires) and charts of who wins by seat, how long games last, how
    often they stall, and how playing each card goes with winning. With --against, DECK_B is played with the same
    seeds and shown beside DECK, so a deck maker sees what a changed or new card did and which deck is fairer. The page speaks --lang: card names from the
    deck, everything else from deckforge's catalog for that language.

    \b
    Example:
      deckforge report kamen-nuzky-papir --seed 3
      deckforge report kamen-nuzky-papir --games 2000 --format pdf -o knp.pdf
      deckforge report kamen-nuzky-papir --against my-deck/ --lang en
    """
    model = open_deck(deck)
    other = open_deck(against) if against else None
    name = f"{model.id}-vs-{other.id}-report" if other else f"{model.id}-report"
    fmt = format_for(output, fmt, ("html", "pdf"))
    target = output or default_output(model.id, f"{name}.{fmt}")
    check_output(target)  # before the games, which may take minutes
    check_writable(target)
    lang = pick_lang(model, lang)
    warn_untranslated(lang, model)  # the page's own words print in English where no catalog has the language
    started = time.perf_counter()
    from ..report.page import build_report, player_counts, write_report
    from ..report.play import refuse_broken

    total = games * len(player_counts(model, other)) * (2 if other else 1)
    if other is not None and other.game != model.game:
        def named(each) -> str:  # a deck, with its game where the deck's id does not say it
            return f"'{each.id}'" if each.id == each.game else f"'{each.id}' ({each.game or 'a game of its own'})"

        click.echo(f"warning: {named(model)} and {named(other)} are decks of different games: the figures side by "
                   "side compare two games, not two versions of one deck, which --against is for", err=True)
    for each in (model, other) if other else (model,):
        refuse_broken(each)  # a static check that fails says more than any number of games would
    with progress_bar(total, "Playing") as progress:
        result = build_report(model, games, seed, policy, jobs or os.cpu_count() or 1, other, lang,
                              progress=progress, full=all_games)
    target = write_report(result, target, fmt)
    played = sum(run.played for _, run in result.series)
    click.echo(f"wrote {display_path(target)}: {played} games in {time.perf_counter() - started:.1f} s; "
               + " ".join(f"{label}: {summary}" for label, summary in _summaries(result)))
    if policy == "random" and any(not count.playable for verdict in result.verdicts for count in verdict.counts):
        click.echo("note: random players can stall where no sensible player would; validate (and report by default) "
                   "count the stalls of greedy players only")


def _summaries(result):
    from ..report.analysis import summary_sentence

    return [(label, summary_sentence(verdict)) for (label, _), verdict in zip(result.series, result.verdicts)]


COMMANDS = [report]
