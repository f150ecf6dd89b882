"""The `deckforge` command line: thin click commands over the library, one module per area."""
from __future__ import annotations

import importlib
import os
import signal
import sys

import click

from .. import __version__
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


def _resend_lost_stop(unraisable) -> None:
    """Send a stop signal again when its exception was lost, so that the command still stops.

    A signal's handler runs wherever the main thread happens to be, and that may be a callback whose exceptions
    Python cannot raise and only prints as "Exception ignored in": a weak reference's callback (an import's module
    lock has one), `__del__` or the garbage collector's. A SIGTERM (SystemExit 143) or Ctrl-C (KeyboardInterrupt)
    handled there was printed and dropped, and the command went on to finish as if never stopped, with exit code 0
    (test_signals.py saw it under load). So the signal is sent again a moment later, from another thread
    (`output.send_again`): by then the main thread is back in ordinary code, where the exception unwinds the
    command through its writers."""
    exc = unraisable.exc_value
    if isinstance(exc, KeyboardInterrupt):
        signum = signal.SIGINT
    elif isinstance(exc, SystemExit) and exc.code == 128 + signal.SIGTERM and os.getpid() == _MAIN_PID:
        signum = signal.SIGTERM
    else:
        return _passed_on(unraisable)
    if not _send_again(signum):  # the interpreter is shutting down: nothing left to stop
        _passed_on(unraisable)


_passed_on = sys.__unraisablehook__  # the hook in place before the command's: everything else goes on to it


def _watch_lost_stops() -> None:
    global _passed_on, _send_again
    # imported here, in ordinary code, not in the hook: a lost stop is often one in an import's own cleanup
    from ..output import send_again as _send_again

    if sys.unraisablehook is not _resend_lost_stop:
        _passed_on, sys.unraisablehook = sys.unraisablehook, _resend_lost_stop


# The module of each command, so that running one imports only its own module; a command missing here is still
# found, by importing every module (tests/cli/test_light_imports.py checks this table against the modules).
COMMAND_MODULES = {"list": "deck_commands", "show": "deck_commands", "validate": "deck_commands",
                   "new": "deck_commands", "translate": "deck_commands", "simulate": "simulate",
                   "rulebook": "rulebook", "scorepad": "rulebook", "build": "build", "calibrate": "build",
                   "report": "report", "preview": "preview"}
MODULES = ("deck_commands", "simulate", "rulebook", "build", "report", "preview")


class DeckforgeGroup(click.Group):
    """A group that imports a command's module when the command is asked for, turns the library's own
    errors into a clean message and exit code 1, and ends on SIGTERM with 143 and on Ctrl-C with 130."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        for module in MODULES:
            self._add_module(module)
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            for module in ([COMMAND_MODULES[cmd_name]] if cmd_name in COMMAND_MODULES else MODULES):
                self._add_module(module)
        return super().get_command(ctx, cmd_name)

    def _add_module(self, module: str) -> None:
        for command in importlib.import_module(f".{module}", __name__).COMMANDS:
            self.commands.setdefault(command.name, command)

    def invoke(self, ctx: click.Context):
        from ..output_guard import forget_all

        try:
            # the hook first: setting it up imports, and a stop lost in an import's cleanup before the hook is in
            # place went unseen (the command played on, test_signals.py saw it under load)
            _watch_lost_stops()
            if hasattr(signal, "SIGTERM"):
                signal.signal(signal.SIGTERM, _stop_on_terminate)
            forget_all()  # the inputs protected from being written over are those this command opens
            return super().invoke(ctx)
        except DeckforgeError as exc:
            raise click.ClickException(str(exc)) from None
        except RuntimeError as exc:  # pathlib before Python 3.13 resolving a link that leads to itself
            if not str(exc).startswith("Symlink loop from "):
                raise
            where = str(exc).removeprefix("Symlink loop from ").strip("'\"")
            raise click.ClickException(f"{where} is a loop of symbolic links; replace it with a real file") from None
        except KeyboardInterrupt:  # Ctrl-C: the writers have removed their temporary files on the way out
            click.echo("interrupted", err=True)
            raise SystemExit(128 + signal.SIGINT) from None


@click.group(cls=DeckforgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, package_name="deckforge")
def main() -> None:
    """Turn card deck definitions into print-ready sheets, rulebooks and playtests.

    \b
    Example:
      deckforge list
      deckforge show kamen-nuzky-papir --players 8 --lang en
    """


def run() -> None:
    """The `deckforge` program (and `python -m deckforge.cli`): `main`, ending a Ctrl-C with exit code 130.

    CPython (3.11 at least) marks a KeyboardInterrupt raised inside `exec()` of a string, as when a dataclass or a
    named tuple is being made, as unhandled even when it is caught, and then ends the interpreter by SIGINT instead
    of with the exit code asked for. A command interrupted that early would report death by signal, not 130. So
    after a Ctrl-C the program runs the exit handlers itself (multiprocessing's stop the pools), flushes its output
    and leaves at once; in-process callers of `main` (tests, click's CliRunner) still get SystemExit.
    """
    try:
        main()
    except SystemExit as exc:
        if exc.code == 128 + signal.SIGINT:
            import atexit
            import sys

            atexit._run_exitfuncs()
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except (OSError, ValueError):
                    pass
            os._exit(exc.code)
        raise
