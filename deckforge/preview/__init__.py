"""Preview: serve a deck's cards, drawn by the layout engine, on a local page that follows every save.

`session` loads the deck (or its problems) and keeps what the page shows, `render` draws only the faces whose
inputs changed, `checks` runs the static checks and a quick simulation in the background, `page` writes the HTML,
and `server` routes requests, watches the files and listens on 127.0.0.1.
"""
from .server import DEFAULT_PORT, create_app, serve_preview
from .session import PreviewSession

__all__ = ["DEFAULT_PORT", "PreviewSession", "create_app", "serve_preview"]
