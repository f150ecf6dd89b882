"""Commands that write printable cards: build (one deck or --all) and calibrate."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import DeckforgeError, display_path
from ..layout import FORMATS
from ..layout.imposition import BACK_MODES
from ..layout.paper import PAPER_SIZES
from ..layout.services import SERVICES, unverified
from ..output import check_writable
from ..output_guard import check_output
from .common import OutputPath, lang_option, open_deck, players_option, warn_untranslated

paper_option = click.option("--paper", type=click.Choice(list(PAPER_SIZES), case_sensitive=False), default="a4",
                            show_default=True,
                            help="Paper size of the sheets.")
backs_duplex = click.option("--backs", type=click.Choice(list(BACK_MODES)), default="duplex-long", show_default=True,
                            help="Back sheets for long- or short-edge duplex printing, or none.")


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, str]:
    parts = [p.strip() for p in value.split(",")]
    if len(parts) != 2 or not all(parts):
        raise click.BadParameter("give two lengths in mm separated by a comma, e.g. 0.5,-1")
    return parts[0], parts[1]


def _max_dpi(ctx: click.Context, param: click.Parameter, value: str | None) -> int | str | None:
    """Read --max-dpi: a whole number of DPI (the build checks its range) or `full`."""
    if value is None or value.strip().lower() == "full":
        return value and "full"
    try:
        return int(value.strip().lower().removesuffix("dpi").strip())
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a number of DPI; give one such as 600, or 'full' to keep every "
                                 "picture as it is") from None


offset_option = click.option("--back-offset", default="0,0", metavar="DX,DY", callback=_offset, show_default=True,
                             help="Shift the backs DX mm right and DY mm up (as seen on the back) to correct a "
                                  "printer's duplex misregistration; read them off `deckforge calibrate`.")


@click.command("build")
@click.argument("deck", metavar="DECK", required=False)
@players_option
@lang_option
@paper_option
@click.option("--bleed", default="3", metavar="MM", show_default=True,
              help="Bleed around the cards, in mm (or with a unit: 0.125in).")
@click.option("--gap", default=None, metavar="MM",
              help="Space between cards, in mm; 0 puts cards edge to edge, sharing cut lines. Default: edge to "
                   "edge when every card prints one colour at its edges, else twice the bleed, so a mis-cut "
                   "never shows a sliver of the neighbour.")
@click.option("--printer-margin", metavar="MM", default=None,
              help="Keep crop marks and page labels this far from the paper edge. Default: 8 mm, or 5 mm "
                   "where that fits more cards a sheet (the build says so).")
@backs_duplex
@offset_option
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="sheets", show_default=True,
              help="sheets: cards imposed on pages; cards-pdf: one page per card with TrimBox/BleedBox; "
                   "cards-png: one 300 DPI PNG per card face, with cards.csv counts; tts: a Tabletop Simulator "
                   "deck (face sheets, back, saved object).")
@click.option("--ink-saver", is_flag=True, help="Light backgrounds and outlines instead of large fills.")
@click.option("--proof", is_flag=True,
              help="Draw the trim (solid), bleed (dashed) and safe zone (dotted) over every face in magenta, "
                   "for checking a design.")
@click.option("-o", "--output", "out", type=OutputPath(), default=None,
              help="Output file (a folder for cards-png and tts). Default: output/<deck>/<deck>-<players>p-<lang>.pdf")
@click.option("--all", "every_deck", is_flag=True,
              help="Build every bundled deck in each of its languages, and its rulebooks.")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=None,
              help="With --all: how many files to make at once, each in a process of its own (default: every "
                   "core); the files do not depend on it.")
@click.option("--service", type=click.Choice(list(SERVICES)), default=None,
              help="Files as this print service takes them: its card size, bleed, resolution and format "
                   "(cards-png, or PDF/X-1a cards-pdf for drivethrucards), with a README of what to order. "
                   f"Unverified (figures second-hand): {', '.join(unverified())}. See docs/print-services.md.")
@click.option("--base-url", metavar="URL", default=None,
              help="With --format tts: the web folder the images will be uploaded to (default: local file:/// "
                   "addresses). See docs/tabletop-simulator.md.")
@click.option("--max-dpi", metavar="DPI", default=None, callback=_max_dpi,
              help="Resample pictures that would print sharper than DPI at their size on the card down to DPI "
                   "(600 or 1200 for line art and lettering drawn as pictures), or 'full' to keep every picture "
                   "as its file has it. Default: above 450 DPI down to 300, as print shops' own presets do.")
@click.option("--pdf-x", "pdf_x", type=click.Choice(["x1a", "x4"]), default=None,
              help="PDF/X for a print shop (sheets and cards-pdf): press CMYK with a FOGRA39 output intent, "
                   "text in 100 % K, ink at most 300 %; x1a also without transparency. See docs/print-shop.md.")
def build(deck: str | None, players: int | None, lang: str | None, paper: str, bleed: str, gap: str | None,
          backs: str, back_offset: tuple[str, str], fmt: str, ink_saver: bool, proof: bool, out: Path | None,
          every_deck: bool, service: str | None = None, base_url: str | None = None,
          pdf_x: str | None = None, printer_margin: str | None = None, jobs: int | None = None,
          max_dpi: int | str | None = None) -> None:
    """Build DECK into cut-ready PDF sheets with crop marks and duplex backs.

    DECK is a bundled deck id or the path of a deck file or folder.

    \b
    Example:
      deckforge build kamen-nuzky-papir --players 8 --lang en
      deckforge build wizard --paper letter --backs duplex-short --back-offset 0.5,-1
      deckforge build dymock --format cards-png -o dymock-png/
      deckforge build dymock --service thegamecrafter -o dymock-tgc/
      deckforge build wizard --format tts --base-url https://example.org/wizard/
      deckforge build wizard --pdf-x x1a -o wizard-x1a.pdf
      deckforge build --all
    """
    from ..layout import BuildOptions, build_deck

    options = BuildOptions(players, lang, paper, bleed, gap, backs, back_offset, fmt, ink_saver, proof=proof,
                           pdf_x=pdf_x, printer_margin=printer_margin, max_dpi=max_dpi)
    options = _print_target(options, service, base_url)
    _warn_unused_sheet_options(options.fmt, options.backs)
    if every_deck:
        if deck or players or lang or out:
            raise click.UsageError("--all builds every bundled deck at its default players in every language; "
                                   "leave out DECK, --players, --lang and -o")
        return _build_all(options, jobs)
    if not deck:
        raise click.UsageError("give a DECK to build, or --all")
    if jobs:
        raise click.UsageError("--jobs is for --all, which makes many files; one deck is built in one process")
    model = open_deck(deck)
    if out:
        check_output(out)  # refuse before the work, not after it
        check_writable(out)
    with _progress("building") as progress:
        result = build_deck(model, options, out=out, progress=progress)
    _report(result)


def _print_target(options, service: str | None, base_url: str | None):
    """Add the print service (its format, bleed and PDF/X, unless given: a conflict is an error) and the TTS URL."""
    from dataclasses import replace

    from ..layout.services import with_service

    options = replace(options, service=service, base_url=base_url)
    if not service:
        return options
    source = click.get_current_context().get_parameter_source
    given = [name for name in ("fmt", "bleed", "pdf_x") if source(name) is not click.core.ParameterSource.DEFAULT]
    try:
        return with_service(options, given)
    except DeckforgeError as exc:
        raise click.UsageError(str(exc)) from None


# (--backs none still leaves out the back's page or file, so it is not among them)
SHEET_OPTIONS = {"paper": "--paper", "gap": "--gap", "back_offset": "--back-offset",
                 "printer_margin": "--printer-margin"}


def _warn_unused_sheet_options(fmt: str, backs: str) -> None:
    """Say which options given have no effect: they lay out sheets, and this build makes one file or page a card;
    or --back-offset moves backs, and this build prints none."""
    source = click.get_current_context().get_parameter_source
    given = [flag for name, flag in SHEET_OPTIONS.items()
             if source(name) not in (None, click.core.ParameterSource.DEFAULT)]
    if fmt == "sheets" and backs == "none" and "--back-offset" in given:
        click.echo("warning: --back-offset shifts the backs, and --backs none prints no backs, so it has no effect; "
                   "leave out --back-offset, or choose --backs duplex-long or duplex-short to print backs", err=True)
    if fmt != "sheets" and given:
        click.echo(f"warning: {', '.join(given)} {'lays' if len(given) == 1 else 'lay'} out sheets of cards; this "
                   f"build makes {fmt} (one card a page or file), so {'it has' if len(given) == 1 else 'they have'} "
                   "no effect", err=True)


def _build_all(options, workers: int | None = None) -> None:
    from ..layout.batch import bundled_jobs, run_jobs

    jobs, notes = bundled_jobs(options)
    results = []
    with click.progressbar(length=len(jobs), label="building", file=sys.stderr, show_pos=True,
                           item_show_func=lambda label: label or "") as bar:
        for result in run_jobs(jobs, workers):  # in the jobs' order, whichever finishes first
            results.append(result)
            bar.update(1, result.label)
    for result in results:
        if result.summary is not None:
            click.echo(f"wrote {result.summary}")
    for result in results:
        for warning in result.warnings:
            click.echo(f"warning: {result.label}: {warning}", err=True)
    for note in notes:
        click.echo(f"note: {note}", err=True)
    failed = [result for result in results if result.error is not None]
    for result in failed:
        click.echo(f"error: {result.label}: {result.error}", err=True)
    if failed:
        raise click.ClickException(f"{len(failed)} of {len(jobs)} files could not be made (see above)")


class _progress:
    """A progress bar on a terminal (nothing otherwise), fed by the library's progress(done, total) calls."""

    def __init__(self, label: str):
        self.label, self.bar, self.shown = label, None, 0

    def __enter__(self):
        return self.update if sys.stderr.isatty() else None

    def update(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = click.progressbar(length=total, label=self.label, file=sys.stderr)
            self.bar.__enter__()
        self.bar.update(done - self.shown)
        self.shown = done

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _report(result) -> None:
    click.echo(f"wrote {result.summary}")
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    for note in result.notes:
        click.echo(f"note: {note}", err=True)


@click.command("calibrate")
@paper_option
@click.option("--backs", type=click.Choice([m for m in BACK_MODES if m != "none"]), default="duplex-long",
              show_default=True, help="How the printer flips the sheet.")
@offset_option
@click.option("--lang", "-l", metavar="LANG", default="en", show_default=True,
              help="Language of the instructions, e.g. cs, de, en (English for a language deckforge has no "
                   "catalog for).")
@click.option("-o", "--output", "out", type=OutputPath(), default=None,
              help="Output file. Default: output/calibrate-<paper>-<backs>.pdf")
def calibrate(paper: str, backs: str, back_offset: tuple[str, str], lang: str, out: Path | None) -> None:
    """Print a duplex test sheet and read off the --back-offset your printer needs.

    Print both pages double-sided at 100 %, hold the sheet against the light and read where the front's crosses
    show through on the back's millimetre rulers. Pass the current offset to check a correction.

    \b
    Example:
      deckforge calibrate --paper letter
      deckforge calibrate --back-offset 0.5,-1
    """
    from ..layout.build import FILE_SUFFIXES
    from ..layout.calibrate import write_calibration

    path = write_calibration(paper, backs, back_offset, lang, out)
    warn_untranslated(lang)
    click.echo(f"wrote {display_path(path)}: print it double-sided at 100 %, flipping on the "
               f"{'short' if backs == 'duplex-short' else 'long'} edge")
    if path.suffix.lower() in FILE_SUFFIXES and path.suffix.lower() != ".pdf":  # as build warns of its sheets
        click.echo(f"warning: {display_path(path)} holds a PDF, though its name ends in {path.suffix}: rename it "
                   f"{path.stem}.pdf", err=True)


COMMANDS = [build, calibrate]
