"""What the typesetter may read: files inside the deck's folder and deckforge's own data, and `data:` URLs.

A rulebook template from a stranger can name any URL in a stylesheet, an image or a link; WeasyPrint fetches what
a document names and embeds it in the PDF. So every URL passes `FolderFetcher`: a `file:` URL must lead, after
its links are followed, into one of the allowed folders; the network is never asked; anything else stops the
typesetting with a message naming the URL (docs/security.md). Attachments (`rel="attachment"`) are dropped from
the laid-out document, so no file is ever embedded whole.
"""
from __future__ import annotations

import base64
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import ttf_opensans
from weasyprint.urls import FatalURLFetchingError, URLFetcher

from ..errors import BuildError, display_path
from ..load.paths import BUNDLED_DIR, TEMPLATES_DIR

PACKAGE_DIR = Path(__file__).resolve().parent.parent        # deckforge/: its data/ (colour profiles)
OWN_DATA = (TEMPLATES_DIR, BUNDLED_DIR, PACKAGE_DIR, Path(ttf_opensans.__file__).parent)


class FetchRefused(FatalURLFetchingError):
    """A URL the rulebook may not use; stops WeasyPrint (whose other fetch errors only warn)."""


class FolderFetcher(URLFetcher):
    """A WeasyPrint fetcher for `data:` URLs and files inside the given folders and deckforge's own data."""

    def __init__(self, folders: tuple[Path, ...] = ()):
        super().__init__(allowed_protocols=("file", "data"))
        self.folders = tuple(Path(folder).resolve() for folder in (*folders, *OWN_DATA))
        self.deck_folders = tuple(Path(folder) for folder in folders)
        self.asked: set[Path] = set()  # every file asked for, found or not (what a kept rulebook depends on)

    def fetch(self, url: str, headers=None):
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            return super().fetch(url, headers)
        return super().fetch(self.check(url).as_uri(), headers)

    def check(self, url: str) -> Path:
        """Return the file a `file:` URL leads to, or raise FetchRefused for any URL the rulebook may not use."""
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme != "file":
            raise FetchRefused(f"the rulebook names {_short(url)}; deckforge fetches nothing from the network, only "
                               "files in the deck's folder")
        path = Path(unquote(urlsplit(url).path)).resolve()
        self.asked.add(path)
        if not any(path.is_relative_to(folder) for folder in self.folders):
            where = ", ".join(display_path(f) for f in self.deck_folders) or "the deck's folder"
            raise FetchRefused(f"the rulebook names {display_path(path)}, which lies outside {where}; a rulebook "
                               "may use only files in its deck's folder")
        return path


# A file URL in the page's markup or styles: up to a quote, a bracket or white space.
_FILE_URL = re.compile(r"""file://[^'"()\s<>]+""")
_TYPES = {".ttf": "font/ttf", ".otf": "font/otf", ".woff": "font/woff", ".woff2": "font/woff2", ".png": "image/png",
          ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml", ".gif": "image/gif",
          ".webp": "image/webp", ".css": "text/css"}


def standalone(html: str, folders: tuple[Path, ...] = ()) -> str:
    """Return the page with every file it names by `file:` URL (fonts, icons) inlined as a `data:` URL, so that it
    shows the same when sent or uploaded alone. The files are those the PDF may use (`FolderFetcher`): the deck's
    folder and deckforge's own data; any other URL stops it with the same message. Open Sans comes as the report's
    WOFF2 subset (every Czech, German and Polish letter), a deck's own font whole."""
    from ..webfonts import web_font

    fetcher = FolderFetcher(folders)
    opensans = Path(ttf_opensans.__file__).parent.resolve()
    done: dict[str, str] = {}

    def inline(match: re.Match) -> str:
        url = match.group(0)
        if url not in done:
            path = Path(unquote(urlsplit(url).path)).resolve()
            fetcher.check(url)
            if path.suffix.lower() == ".ttf" and path.is_relative_to(opensans):
                done[url] = web_font(path)
            else:
                kind = _TYPES.get(path.suffix.lower(), "application/octet-stream")
                done[url] = f"data:{kind};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"
        return done[url]

    try:
        return _FILE_URL.sub(inline, html)
    except FetchRefused as exc:
        raise BuildError(str(exc)) from None
    except OSError as exc:
        raise BuildError(f"the rulebook names {display_path(exc.filename or '')}, which cannot be read: "
                         f"{exc.strerror}") from None


def drop_attachments(document) -> None:
    """Remove every attachment (`<link rel=attachment>`, `<a rel=attachment>`) from a laid-out document."""
    document.metadata.attachments = []
    for page in document.pages:
        page.links = [link for link in page.links if link[0] != "attachment"]


def _short(url: str) -> str:
    return url if len(url) <= 80 else url[:77] + "…"
