"""The `deckforge` command line: thin click commands over the library, one module per area."""
from __future__ import annotations

import os
import signal

import click

from ..errors import DeckforgeError


_MAIN_PID = os.getpid()


def _stop_on_terminate(signum, frame) -> None:
    """Unwind like Ctrl-C on SIGTERM, so atomic writers remove their temporary files (docs/security.md).

    Forked simulation workers inherit this handler; multiprocessing stops them with SIGTERM and waits, so in a
    worker the signal keeps its default meaning and ends the process at once.
    """
    if os.getpid() != _MAIN_PID:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        return
    raise SystemExit(128 + signum)


class DeckforgeGroup(click.Group):
    """A group that turns the library's own errors into a clean message and exit code 1."""

    def invoke(self, ctx: click.Context):
        if hasattr(signal, "SIGTERM"):
            signal.signal(signal.SIGTERM, _stop_on_terminate)
        try:
            return super().invoke(ctx)
        except DeckforgeError as exc:
            raise click.ClickException(str(exc)) from None


@click.group(cls=DeckforgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="deckforge")
def main() -> None:
    """Turn card deck definitions into print-ready sheets, rulebooks and playtests.

    \b
    Example:
      deckforge list
      deckforge show kamen-nuzky-papir --players 8 --lang en
    """


def _register() -> None:
    from . import build, deck_commands, preview, report, rulebook, simulate

    for module in (deck_commands, simulate, rulebook, build, report, preview):
        for command in module.COMMANDS:
            main.add_command(command)


_register()
