"""Typeset rendered HTML into PDF bytes with WeasyPrint."""
from __future__ import annotations

from weasyprint import HTML
from weasyprint.urls import URLFetcher

from .render import RULEBOOK_TEMPLATES

LOCAL_PROTOCOLS = ("file", "data")


def local_url_fetcher() -> URLFetcher:
    """Return a fetcher for local files only: nothing a document names is ever fetched from the network."""
    return URLFetcher(allowed_protocols=LOCAL_PROTOCOLS)


def typeset(html: str) -> bytes:
    """Lay out the HTML on pages and return the PDF, fonts embedded and subset."""
    document = HTML(string=html, base_url=RULEBOOK_TEMPLATES.as_uri() + "/",
                    url_fetcher=local_url_fetcher()).render()
    return document.write_pdf()
