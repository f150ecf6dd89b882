"""Preview: serve a deck's cards, drawn by the layout engine, on a local page that follows every save.

`session` loads the deck (or its problems) and keeps what the page shows, `render` draws only the faces whose
inputs changed, `checks` runs the static checks and a quick simulation in the background, `budget` gives up on
work that runs too long, `page` writes the HTML, `guard` refuses requests for another host, from another site or
with a malformed query, and `server` routes requests, watches the files and listens on 127.0.0.1.
"""
from ..lazy import lazy_attributes

DEFAULT_PORT = 8765
__getattr__ = lazy_attributes(__name__, {"create_app": ".server",
                                         "serve_preview": ".server", "PreviewSession": ".session"})

__all__ = ["DEFAULT_PORT", "PreviewSession", "create_app", "serve_preview"]
