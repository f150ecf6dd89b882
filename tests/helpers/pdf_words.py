"""Words read back from a PDF page (pdfplumber's extract_words) grouped into the lines they were set on."""
from __future__ import annotations


def rows_of(words: list[dict], tolerance: float = 2.0) -> list[list[dict]]:
    """Group words into lines by their top, top to bottom, each line left to right."""
    rows: list[list[dict]] = []
    for word in sorted(words, key=lambda w: (round(w["top"]), w["x0"])):
        if rows and abs(rows[-1][0]["top"] - word["top"]) <= tolerance:
            rows[-1].append(word)
        else:
            rows.append([word])
    return [sorted(row, key=lambda w: w["x0"]) for row in rows]


def distinct_pages(pdf) -> list:
    """Return the pages of a pdfplumber PDF that draw something no earlier page draws: a page with the same content
    stream and the same forms and images as an earlier one (another copy of a card) would read back the same, and
    reading a page's words is the slow part."""
    from pdfminer.pdftypes import resolve1

    seen, pages = set(), []
    for page in pdf.pages:
        content = b"".join(resolve1(stream).get_data() for stream in resolve1(page.page_obj.contents) or [])
        drawn = resolve1((page.page_obj.resources or {}).get("XObject", {})) or {}
        key = (content, tuple(sorted((name, getattr(ref, "objid", None)) for name, ref in drawn.items())))
        if key not in seen:
            seen.add(key)
            pages.append(page)
    return pages
