"""Typeset rendered HTML into PDF bytes with WeasyPrint."""
from __future__ import annotations

from weasyprint import HTML

from .render import RULEBOOK_TEMPLATES


def typeset(html: str) -> bytes:
    """Lay out the HTML on pages and return the PDF, fonts embedded and subset."""
    document = HTML(string=html, base_url=RULEBOOK_TEMPLATES.as_uri() + "/").render()
    return document.write_pdf()
