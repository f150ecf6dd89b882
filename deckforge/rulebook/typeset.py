"""Typeset rendered HTML into PDF bytes with WeasyPrint."""
from __future__ import annotations

from weasyprint import HTML, default_url_fetcher

from .render import RULEBOOK_TEMPLATES

LOCAL_SCHEMES = ("file:", "data:")


def local_url_fetcher(url: str, *args, **kwargs):
    """Fetch fonts and images from local files only: nothing a document names is ever fetched from the network."""
    if not url.startswith(LOCAL_SCHEMES):
        raise ValueError(f"deckforge does not fetch {url!r}: only local files are used")
    return default_url_fetcher(url, *args, **kwargs)


def typeset(html: str) -> bytes:
    """Lay out the HTML on pages and return the PDF, fonts embedded and subset."""
    document = HTML(string=html, base_url=RULEBOOK_TEMPLATES.as_uri() + "/", url_fetcher=local_url_fetcher).render()
    return document.write_pdf()
