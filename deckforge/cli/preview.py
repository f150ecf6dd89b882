"""The preview command: a live page of a deck's cards that follows every save."""
from __future__ import annotations

import click

from ..preview import DEFAULT_PORT
from .common import deck_argument, lang_option, players_option


@click.command("preview")
@deck_argument
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="Port on 127.0.0.1 to serve the page on (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Only print the address; do not open a browser.")
@lang_option
@players_option
def preview(deck: str, port: int, no_browser: bool, lang: str | None, players: int | None) -> None:
    """Serve a live preview of DECK's cards on 127.0.0.1 and open it in the browser.

    The page shows every distinct card face and the back, drawn by the same code that builds the PDF, with
    each card's count, for a language and player count you can switch on the page. It follows every save of
    the deck file, its art and its card template; a broken save shows its problems until the next good one.
    After each good save the static checks and a quick simulation run and their verdict shows on the page.
    Stop it with Ctrl+C.

    DECK is a bundled deck id or the path of a deck file or folder.

    \b
    Example:
      deckforge preview my-deck/deck.yaml
      deckforge preview kamen-nuzky-papir --port 8800 --lang en --players 8 --no-browser
    """
    from ..preview import serve_preview

    try:
        serve_preview(deck, port=port, lang=lang, players=players, browser=not no_browser, echo=click.echo)
    except KeyboardInterrupt:  # Ctrl+C is how a preview ends: exit as a shell expects after it (SIGTERM: 143)
        raise SystemExit(130) from None


COMMANDS = [preview]
