"""Typeset until no word is split across a column or page break, and pad the pages to a multiple of four.

CSS has no rule for "do not hyphenate the last line of a column": `hyphens` applies to a whole element, and the
line that ends a column is only known after layout. So the rulebook is laid out, every line that ends a
paragraph's fragment (the paragraph goes on in the next column or on the next page) with a hyphen is found in
WeasyPrint's boxes, and only that word is wrapped in a span that may not be hyphenated; then it is laid out again.
The rest of the paragraph keeps its hyphenation, and so its even justification. A few rounds settle it: a word
moved whole to the next column seldom makes a new split.

A printed booklet needs a multiple of four pages (one folded sheet holds four), so the rulebook keeps as many of
its notes pages (`.notes-page`, hidden until shown here) as the count needs: all are laid out after the rules, and
those not needed are dropped afterwards (their pages are not counted in the rules' "n / N").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from xml.etree import ElementTree

from weasyprint import HTML
from weasyprint.formatting_structure import boxes

from .render import END_ID, NOTES_CLASS

MAX_ROUNDS = 4
HYPHENS = ("-", "\u2010", "\u00ad")
NO_HYPHENS = "hyphens: manual"
SHOWN_NOTES_CLASS = "notes-page shown"


@dataclass(frozen=True)
class Line:
    """One laid-out line: where it is, which block it belongs to, and its first and last words."""

    page: int
    y: float
    block: ElementTree.Element
    first: str
    last: str
    text: str = ""  # the whole line (`last` is its last piece of text, after any change of font)


def render_unbroken(html: HTML, stylesheets=None):
    """Lay out `html` (a parsed WeasyPrint document) with no hyphenated word at a column or page end and a page
    count that is a multiple of four when the document has notes pages; return the WeasyPrint Document.

    Every notes page is shown from the first layout on: they come after the rules (the element END_ID marks where
    the rules end), each on a page of its own, and no footer counts them, so those the count does not need are
    dropped from the laid-out document instead of laying it all out again."""
    notes = [e for e in html.etree_element.iter() if e.get("class") == NOTES_CLASS]
    for element in notes:
        element.set("class", SHOWN_NOTES_CLASS)
    document = html.render(stylesheets=stylesheets)
    for _ in range(MAX_ROUNDS):
        split = split_words(document)
        if not split:
            break
        for line, next_line in split:
            keep_whole(line, next_line)
        document = html.render(stylesheets=stylesheets)
    return _padded(document, notes, html, stylesheets)


def _padded(document, notes: list[ElementTree.Element], html: HTML, stylesheets):
    """Keep as many of the (shown) notes pages as bring the page count to a multiple of four."""
    if not notes:
        return document
    rules = next((number + 1 for number, page in enumerate(document.pages) if END_ID in page.anchors), None)
    if rules is None or len(document.pages) != rules + len(notes):  # not laid out as base.html lays them out
        for element in notes:
            element.set("class", NOTES_CLASS)
        document = html.render(stylesheets=stylesheets)
        return html.render(stylesheets=stylesheets) if _show_notes(notes, len(document.pages)) else document
    return document.copy(document.pages[:rules + min(-rules % 4, len(notes))])


def lines_of(document) -> list[Line]:
    """Return every line of text in the laid-out document, page by page, in the order WeasyPrint placed them."""
    found = []
    for number, page in enumerate(document.pages):
        for box in page._page_box.descendants():
            if isinstance(box, boxes.LineBox):
                pieces = [b.text for b in box.descendants() if isinstance(b, boxes.TextBox)]
                texts = [text for text in pieces if text.strip()]
                if texts:
                    found.append(Line(number, box.position_y, box.element, texts[0], texts[-1], "".join(pieces)))
    return found


def split_words(document) -> list[tuple[Line, Line]]:
    """Return each line that ends with a hyphen where its block goes on in another column or on another page,
    with the line that goes on."""
    by_block: dict[int, list[Line]] = {}
    for line in lines_of(document):
        by_block.setdefault(id(line.block), []).append(line)
    split = []
    for lines in by_block.values():
        for line, after in zip(lines, lines[1:]):
            moved_on = after.page != line.page or after.y <= line.y
            if moved_on and line.last.rstrip().endswith(HYPHENS):
                split.append((line, after))
    return split


def keep_whole(line: Line, after: Line) -> None:
    """Forbid hyphenating the word split between `line` and `after`; the whole block when it cannot be found."""
    whole = line.text or line.last
    head = re.search(r"(\w+)\W?\s*$", whole)
    tail = re.match(r"\s*(\w+)", after.first)
    if head and tail and _wrap_word(line.block, head.group(1) + tail.group(1), whole[:head.start()]):
        return
    _add_style(line.block, NO_HYPHENS)


def _wrap_word(block: ElementTree.Element, word: str, before: str = "") -> bool:
    """Wrap the whole `word` that follows the text `before` (the start of its line; else the first whole `word`)
    in the block's own text in a span that is not hyphenated; False if there is none to wrap.

    A word can occur more than once in a paragraph ("after each round ... the round"): the text before it on its
    line tells which occurrence the break split, so that a single round of layout fixes it."""
    pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
    wanted = _occurrence(block, pattern, before)
    seen = 0
    for parent, index, owner, slot, kept in _text_slots(block):
        text = getattr(owner, slot) or ""
        for match in pattern.finditer(text):
            seen += 1
            if seen <= wanted or kept:
                continue
            span = ElementTree.Element("span", {"style": NO_HYPHENS})
            span.text, span.tail = match.group(0), text[match.end():]
            setattr(owner, slot, text[:match.start()])
            parent.insert(index, span)
            return True
    return False


def _occurrence(block: ElementTree.Element, pattern: re.Pattern, before: str) -> int:
    """Return how many whole-word matches come before the one whose preceding text ends as `before` does (0 when
    none does, or `before` says too little to tell)."""
    context = " ".join(before.replace("\u00ad", "").split())[-40:]
    if len(context) < 3:
        return 0
    text = "".join(block.itertext())
    for number, match in enumerate(pattern.finditer(text)):
        preceding = " ".join(text[:match.start()].replace("\u00ad", "").split())
        if preceding.endswith(context):
            return number
    return 0


def _text_slots(element: ElementTree.Element, kept: bool = False):
    """Yield (parent, index, owner, "text" or "tail", inside a span kept whole) for the element's text in reading
    order, as `itertext` reads it: a span cut from that text goes into `parent` at `index`."""
    kept = kept or element.get("style") == NO_HYPHENS
    yield element, 0, element, "text", kept
    for index, child in enumerate(element, 1):
        yield from _text_slots(child, kept)
        yield element, index, child, "tail", kept


def _add_style(element: ElementTree.Element, declaration: str) -> None:
    style = element.get("style", "").rstrip("; ")
    element.set("style", f"{style}; {declaration}" if style else declaration)


def _show_notes(notes: list[ElementTree.Element], pages: int) -> bool:
    """Show as many notes pages (one page each) as bring the count to a multiple of four; return True if that
    changed any."""
    shown = sum(e.get("class") == SHOWN_NOTES_CLASS for e in notes)
    wanted = min((shown - pages) % 4, len(notes))
    for index, element in enumerate(notes):
        element.set("class", SHOWN_NOTES_CLASS if index < wanted else NOTES_CLASS)
    return wanted != shown
