"""Typeset rendered HTML into PDF with WeasyPrint, as plain PDF or as PDF/X-4 for a print shop.

WeasyPrint, pikepdf and the modules that use them are imported only to typeset or finish a file: a rulebook read
from deckforge's cache (kept.py) needs none of them, and importing WeasyPrint alone takes most of a second."""
from __future__ import annotations

from pathlib import Path

from ..errors import BuildError
from ..output import atomic_path
from ..pdfx import PROFILE, check_variant
from .kept import typeset_once
from .render import RULEBOOK_TEMPLATES

LOCAL_PROTOCOLS = ("file", "data")


def local_url_fetcher(folders: tuple[Path, ...] = ()):
    """Return a fetcher (fetch.FolderFetcher) for `data:` URLs and files in `folders` and deckforge's own data,
    never the network."""
    from .fetch import FolderFetcher

    return FolderFetcher(folders)


def typeset(html: str, pdf_x: str | None = None, folders: tuple[Path, ...] = ()) -> bytes:
    """Lay out the HTML on pages and return the PDF, fonts embedded and subset.

    With `pdf_x` WeasyPrint writes its PDF/X variant (XMP, version, TrimBox and BleedBox on every page): for
    "x4" with deckforge's press profile as the CMYK profile, for "x1a" with every element opaque. The document
    may use files in `folders` (the deck's) and deckforge's own, nothing else, and gets no attachments. A page
    typeset before, whose files have not changed since, is read from deckforge's cache (kept.py).
    """
    return typeset_once(html, pdf_x, folders, lambda: _typeset(html, pdf_x, folders))


def _typeset(html: str, pdf_x: str | None, folders: tuple[Path, ...]) -> tuple[bytes, set[Path]]:
    """Typeset the page; return the PDF and every file the typesetter asked for."""
    from weasyprint import CSS, HTML

    from ..pdfx.recolour import OPAQUE_CSS
    from . import hyphenation
    from .breaks import render_unbroken
    from .fetch import FetchRefused, drop_attachments

    fetcher = local_url_fetcher(folders)
    extra = {"x4": f"@color-profile device-cmyk {{ src: url({PROFILE.as_uri()}) }}", "x1a": OPAQUE_CSS}
    try:
        stylesheets = [CSS(string=extra[pdf_x], url_fetcher=fetcher)] if pdf_x else None
        page = HTML(string=html, base_url=RULEBOOK_TEMPLATES.as_uri() + "/", url_fetcher=fetcher)
        hyphenation.install(element.get("lang") for element in page.etree_element.iter())
        document = render_unbroken(page, stylesheets)
        drop_attachments(document)
        pdf = document.write_pdf(pdf_variant=f"pdf/{pdf_x.replace('x', 'x-')}" if pdf_x else None)
    except FetchRefused as exc:
        raise BuildError(str(exc)) from None
    return pdf, fetcher.asked


def check_pdf_x(pdf_x: str | None, fmt: str = "pdf") -> None:
    """Refuse a PDF/X variant the typeset documents cannot meet, before any work is done."""
    check_variant(pdf_x)
    if pdf_x and fmt != "pdf":
        raise BuildError(f"--pdf-x makes a PDF for a print shop; it goes with --format pdf, not {fmt}")


def write_pdf(html: str, target: Path | str, pdf_x: str | None = None, folders: tuple[Path, ...] = ()) -> Path:
    """Typeset the HTML into `target` atomically, finished as PDF/X when asked; return the path."""
    with atomic_path(target) as tmp:
        tmp.write_bytes(typeset(html, pdf_x, folders))
        if pdf_x:
            from ..pdfx.finish import finish_pdf_x

            finish_pdf_x(tmp, pdf_x, typeset=True)
    return Path(target)


def write_booklet(html: str, target: Path | str, folders: tuple[Path, ...] = ()) -> Path:
    """Typeset the HTML (A5 pages, a multiple of four) and impose it as a folded booklet into `target`."""
    from io import BytesIO

    from .booklet import impose_booklet

    with atomic_path(target) as tmp:
        impose_booklet(BytesIO(typeset(html, None, folders)), tmp)
    return Path(target)
