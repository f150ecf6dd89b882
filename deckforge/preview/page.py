"""Page: turn a `PageState` into the HTML page and the fragment the page swaps in when the deck changes.

Templates live in templates/preview/ and are autoescaped: every deck text is data. Their words come from
deckforge's catalog for the language shown (deckforge/i18n.py), so the page speaks the language of the cards.
The page loads nothing from the network; its tiny inline script long-polls /changes and swaps in /view.
"""
from __future__ import annotations

import time
from functools import lru_cache
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from ..errors import display_path
from ..games import deck_spec
from ..i18n import SOURCE_LANGUAGE, install_words
from ..icons import TOKEN
from ..layout.preview_render import PREVIEW_DPI
from ..load import TEMPLATES_DIR
from ..said import said
from .render import FaceView
from .session import PageState

PREVIEW_TEMPLATES = TEMPLATES_DIR / "preview"
ZOOM = 1.25  # cards a little larger than life: small print stays readable on a screen


@lru_cache(maxsize=None)
def _environment(lang: str) -> Environment:
    """Return the page templates with deckforge's words in `lang` (English where it has no catalog)."""
    env = Environment(loader=FileSystemLoader(str(PREVIEW_TEMPLATES)), autoescape=True, extensions=["jinja2.ext.i18n"],
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    install_words(env, lang)
    env.filters["path"] = lambda p: display_path(p) if p else ""
    return env


def render_page(state: PageState) -> str:
    """Return the whole page: header with the language and player choice, the view, the live-update script."""
    return _environment(state.lang or SOURCE_LANGUAGE).get_template("page.html").render(_values(state))


def render_view(state: PageState) -> str:
    """Return the view fragment alone (cards and verdict, or the problems), as /view serves it."""
    return _environment(state.lang or SOURCE_LANGUAGE).get_template("view.html").render(_values(state))


def image_url(face: FaceView, state: PageState) -> str:
    """Return the face's image address; `v` is the revision that drew it, so a new drawing gets a new address."""
    query = urlencode({"lang": state.lang, "players": state.players, "v": face.revision})
    return f"/back.png?{query}" if face.is_back else f"/card/{face.id}.png?{query}"


def with_icons(text: str, icons) -> Markup:
    """Escape a card's name or text and draw each of the deck's `:name:` icons in it inline, as the card does, from
    the preview's /icon/<name> (a token that is no icon of the deck stays text)."""
    def image(match) -> str:
        name = match.group(1)
        return f'<img class="icon" alt="{name}" src="/icon/{name}">' if name in icons else match.group(0)
    return Markup(TOKEN.sub(image, str(escape(text))))


def alt_text(text: str, icons) -> str:
    """Return a card's name as its image's alt text: each of the deck's `:name:` icons said by its name alone
    ("Štít shield"), as a screen reader should read it (a token that is no icon of the deck stays text)."""
    return TOKEN.sub(lambda match: match.group(1) if match.group(1) in icons else match.group(0), text)


def _values(state: PageState) -> dict:
    deck = state.snapshot.deck
    size = deck.card_size if deck else None
    spec = deck_spec(deck) if deck else None
    return {
        "state": state,
        "deck": deck,
        "title": deck.name(state.lang) if deck and state.lang else state.source.name,
        "updated": time.strftime("%H:%M:%S", time.localtime(state.snapshot.loaded_at)),
        "image_url": lambda face: image_url(face, state),
        "pixels": (round(size.width_mm / 25.4 * PREVIEW_DPI), round(size.height_mm / 25.4 * PREVIEW_DPI))
        if size else (0, 0),
        "width_mm": size.width_mm * ZOOM if size else 0,
        "kind_labels": spec.kind_labels if spec else {},  # the game's words for its kinds, translated
        "simulates": spec is not None and spec.engine is not None,  # the check plays games, not static checks alone
        "with_icons": lambda text: with_icons(text, deck.icons if deck else {}),
        "alt_text": lambda text: alt_text(text, deck.icons if deck else {}),
        "said": lambda finding: said(finding, state.lang or SOURCE_LANGUAGE),  # a check's finding, in the page's words
    }
