"""What the typesetter may read: files inside the deck's folder and deckforge's own data, and `data:` URLs.

A rulebook template from a stranger can name any URL in a stylesheet, an image or a link; WeasyPrint fetches what
a document names and embeds it in the PDF. So every URL passes `FolderFetcher`: a `file:` URL must lead, after
its links are followed, into one of the allowed folders; the network is never asked; anything else stops the
typesetting with a message naming the URL (docs/security.md). Attachments (`rel="attachment"`) are dropped from
the laid-out document, so no file is ever embedded whole.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import ttf_opensans
from weasyprint.urls import FatalURLFetchingError, URLFetcher

from ..errors import display_path
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

    def fetch(self, url: str, headers=None):
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme != "file":
            raise FetchRefused(f"the rulebook names {_short(url)}; deckforge fetches nothing from the network, only "
                               "files in the deck's folder")
        path = Path(unquote(urlsplit(url).path)).resolve()
        if not any(path.is_relative_to(folder) for folder in self.folders):
            where = ", ".join(display_path(f) for f in self.deck_folders) or "the deck's folder"
            raise FetchRefused(f"the rulebook names {display_path(path)}, which lies outside {where}; a rulebook "
                               "may use only files in its deck's folder")
        return super().fetch(path.as_uri(), headers)


def drop_attachments(document) -> None:
    """Remove every attachment (`<link rel=attachment>`, `<a rel=attachment>`) from a laid-out document."""
    document.metadata.attachments = []
    for page in document.pages:
        page.links = [link for link in page.links if link[0] != "attachment"]


def _short(url: str) -> str:
    return url if len(url) <= 80 else url[:77] + "…"
