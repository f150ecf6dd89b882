"""Render a rulebook context through sandboxed Jinja2 templates into HTML, check it covers the deck, then typeset it.

Templates may come from users (a deck folder's `rulebook/` overrides the bundled prose), so they run in the
sandbox with its budgets (`deckforge/sandbox.py`) and autoescaping: a card text holding HTML or `{{ ... }}` prints
as text, and a template error is reported as `file:line: message`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import re

import ttf_opensans
from jinja2 import ChoiceLoader, FileSystemLoader, StrictUndefined, TemplateError, TemplateNotFound
from jinja2.ext import Extension
from markupsafe import Markup, escape

from ..errors import BuildError, display_path
from ..icons import TOKEN
from ..i18n import install_words
from ..load import TEMPLATES_DIR
from ..model import Deck
from ..typography import tie
from .. import sandbox
from ..sandbox import LimitedSandbox, TemplateProblem, problem
from . import prose_files
from .context import CardQuery, Rulebook
from .described import (DESCRIBED_TEMPLATE, described_rules, described_sections, group_pictures,
                        write_rules)
from .examples import play_example
from .pictures import PictureBook

RULEBOOK_TEMPLATES = TEMPLATES_DIR / "rulebooks"
SECTIONS = ("goal", "components", "setup", "turn", "special", "end", "variants", "faq")
HOMEMADE_SECTIONS = ("rules", "components", "special")  # a deck with no bundled game: its own rules text first
HOMEMADE_TEMPLATE = "homemade.html"


def sections_for(deck: Deck, rules_text=None) -> tuple[str, ...]:
    """Return the sections a deck's rulebook has, in order (`rules_text`: a described deck's written rules)."""
    if rules_text is not None:
        return described_sections(rules_text)
    return SECTIONS if deck.game else HOMEMADE_SECTIONS


@dataclass(frozen=True)
class Paper:
    """A page size for the rulebook, with the margins and type size that suit it."""

    css_size: str
    margin: str
    font_size: str
    columns: int
    compact: bool = False   # a small page: a tighter title page, so that it still holds the contents


PAPERS = {
    "a4": Paper("A4", "20mm 18mm 22mm 18mm", "9.6pt", 2),
    "letter": Paper("letter", "0.8in 0.7in 0.9in 0.7in", "9.6pt", 2),
    "a5": Paper("A5", "14mm 13mm 17mm 13mm", "8.8pt", 1, compact=True),
}


# What rulebook.css sets in a bold weight (600 or more), for the deck's bold font to reach it.
BOLD_SELECTORS = ("strong, b, code, h4, .kicker, .facts dt, .toc-title, .toc li::before, .faq dt, th, .name, "
                  "tr.chosen td, .summary, caption")


def font_faces(deck: Deck | None = None) -> Markup:
    """Declare every Open Sans style from the ttf_opensans package by file URL (the cards use the same family),
    and a deck's own fonts: its title font for headings, its body font for the text, as on its cards, each with
    the deck's italic face where it gives one (layout/fonts.py: else italic prints upright, as on the cards)."""
    rules = [_face("Open Sans", font.path, font.weight, font.italic) for font in ttf_opensans.FONTS]
    fonts = deck.fonts if deck is not None else {}
    if "title" in fonts:
        rules.append(_face("Deck Title", fonts["title"]))
        if "bold-italic" in fonts:
            rules.append(_face("Deck Title", fonts["bold-italic"], italic=True))
    if "body" in fonts or "italic" in fonts:
        # The text's family: the deck's body font (else Open Sans) with its italic (else upright, or Open Sans's).
        rules.append(_face("Deck Body", fonts["body"] if "body" in fonts else _open_sans(400, False)))
        if "italic" in fonts or "body" not in fonts:
            rules.append(_face("Deck Body", fonts.get("italic") or _open_sans(400, True), italic=True))
        # WeasyPrint makes no bold of a regular face, nor takes a face of another family (the title font's own
        # name) as its bold: bold text (<strong>, headings, table heads) printed regular. As on the cards, bold
        # styles take the title font, or Open Sans Bold where the deck has none: a family of its own.
        # (the title font's own family where there is one: a standalone page then carries its file once)
        if "title" in fonts:
            bold_family = "Deck Title"
        else:
            bold_family = "Deck Bold"
            rules.append(_face("Deck Bold", _open_sans(700, False)))
            rules.append(_face("Deck Bold", fonts.get("bold-italic") or _open_sans(700, True), italic=True))
        rules.append("body, code, table { font-family: 'Deck Body', 'Open Sans'; }")
        rules.append(f"{BOLD_SELECTORS} {{ font-family: '{bold_family}', 'Open Sans'; }}")
        # the page's running header and page number (margin boxes, which name their font themselves)
        rules.append("@page { @top-right { font-family: 'Deck Body', 'Open Sans'; } "
                     "@bottom-center { font-family: 'Deck Body', 'Open Sans'; } }")
    if "title" in fonts:
        rules.append("h1, h2, h3, .kicker, .running-title, th, .name { font-family: 'Deck Title', 'Open Sans'; "
                     "font-weight: normal; }")
        rules.append("@page { @top-left { font-family: 'Deck Title', 'Open Sans'; font-weight: normal; } }")
    return Markup("\n".join(rules))


def _face(family: str, path: Path, weight: int | None = None, italic: bool = False) -> str:
    weight_rule = f"font-weight: {weight}; " if weight is not None else ""
    return (f"@font-face {{ font-family: '{family}'; src: url('{path.resolve().as_uri()}'); {weight_rule}"
            f"font-style: {'italic' if italic else 'normal'}; }}")


def _open_sans(weight: int, italic: bool) -> Path:
    return next(font.path for font in ttf_opensans.FONTS if (font.weight, font.italic) == (weight, italic))


def nowrap(value) -> Markup:
    """Keep a number and its noun on one line ("60 karet") without a no-break space that text search would miss."""
    return Markup('<span class="nw">%s</span>') % escape(value)


# Markup and template code, which the typography below must leave alone.
_CODE = re.compile(r"(\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|<[^>]*>)", re.S)
# A typewriter apostrophe inside or after a word: dealer's, players'.
_APOSTROPHE = re.compile(r"(?<=\w)'")
_PROSE_FIXES = {
    # Czech: no one-letter preposition or conjunction at a line end, no number parted from its noun: the same
    # ties as on the cards (deckforge/typography.py).
    "cs.html": lambda text: tie(text, "cs", paragraphs=False),
    "en.html": lambda text: _APOSTROPHE.sub("\u2019", text),
}


class ProseTypography(Extension):
    """Set the prose of language templates as a typesetter would, in the template source only.

    Czech: one-letter words and numbers are tied to the next word with a no-break space (typography.py).
    English: apostrophes are curly.
    Card names and texts printed through {{ ... }} are untouched, so they stay exactly as on the cards.
    """

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        fix = next((f for suffix, f in _PROSE_FIXES.items() if (name or "").endswith(suffix)), None)
        if fix is None:
            return source
        parts = _CODE.split(source)
        parts[::2] = [fix(text) for text in parts[::2]]
        return "".join(parts)


class FolderLoader(FileSystemLoader):
    """A loader that refuses a template whose real path (links followed) lies outside its folder."""

    def get_source(self, environment, template):
        from ..limits import MAX_TEMPLATE_BYTES, file_problem

        candidate = Path(self.searchpath[0], *template.split("/"))
        if candidate.is_symlink() or candidate.exists():  # measured before Jinja reads it: a FIFO, a huge file
            try:
                real = candidate.resolve()
            except (RuntimeError, OSError):  # a link to itself, or a loop of links
                raise BuildError(f"{display_path(candidate)} is a loop of links; a deck's rulebook templates must "
                                 "be files in its folder") from None
            if not real.is_relative_to(Path(self.searchpath[0]).resolve()):
                raise BuildError(f"{display_path(candidate)} is a link that leads outside the deck's folder; a "
                                 "deck's rulebook templates must be files in its folder")
            if (problem := file_problem(candidate, MAX_TEMPLATE_BYTES, "a rulebook template")) is not None:
                raise BuildError(f"{display_path(candidate)}: {problem}")
        source, filename, uptodate = super().get_source(environment, template)
        folder = Path(self.searchpath[0]).resolve()
        if not Path(filename).resolve().is_relative_to(folder):
            raise BuildError(f"{display_path(filename)} is a link that leads outside the deck's folder; a deck's "
                             "rulebook templates must be files in its folder")
        return source, filename, uptodate


@lru_cache(maxsize=16)
def _environment(override: Path | None, lang: str) -> LimitedSandbox:
    loaders = [FolderLoader(str(override))] if override else []
    loaders.append(FileSystemLoader(str(RULEBOOK_TEMPLATES)))
    env = LimitedSandbox(loader=ChoiceLoader(loaders), autoescape=True, undefined=StrictUndefined,
                               extensions=["jinja2.ext.i18n", ProseTypography], trim_blocks=True, lstrip_blocks=True)
    install_words(env, lang)
    env.filters["nw"] = nowrap
    return env


def environment_for(deck: Deck, lang: str) -> LimitedSandbox:
    """Return the sandbox that renders this deck's rulebook: the deck's own templates first, then the bundled."""
    override = deck.folder / "rulebook" if deck.folder and (deck.folder / "rulebook").is_dir() else None
    if override and not override.resolve().is_relative_to(deck.folder.resolve()):
        raise BuildError(f"{display_path(override)} is a link that leads outside the deck's folder; a deck's "
                         "rulebook templates must be files in its folder")
    return _environment(override, lang)


def prose_template_names(deck: Deck, lang: str) -> list[str]:
    """Return the prose templates to try: the deck's own `rulebook/<lang>.html`, then the game's bundled prose (a
    deck with no game: the template that prints its own `rules` text)."""
    if deck.game:
        return [f"{lang}.html", f"{deck.game}/{lang}.html"]
    return [f"{lang}.html", DESCRIBED_TEMPLATE if described_rules(deck) is not None else HOMEMADE_TEMPLATE]


def render_html(deck: Deck, book: Rulebook, paper: str) -> str:
    """Render the rulebook's HTML and check that it has every section and mentions every card."""
    env = environment_for(deck, book.lang)
    try:
        template = env.select_template(prose_template_names(deck, book.lang))
    except TemplateNotFound:
        own, bundled = prose_files(deck, book.lang)
        example = next((path for code in ("en", *deck.languages) if (path := prose_files(deck, code)[1]).is_file()),
                       None)
        raise BuildError(f"deck '{deck.id}': no {book.lang} rulebook text for the game '{deck.game}': deckforge has "
                         f"none ({display_path(bundled)})"
                         + (f" and the deck has none of its own; write {display_path(own)}" if own else "")
                         + (f", for instance by translating {display_path(example)}" if own and example else ""))\
            from None
    except TemplateError as exc:  # a syntax error, named by its file and line
        raise BuildError(f"rulebook template {problem(exc)}") from None
    written = write_rules(deck, book)
    sections = sections_for(deck, written)
    try:
        html = sandbox.render(template, dict(
            book=book, cards=CardQuery(deck, book.lang, book.players), paper=PAPERS[paper],
            font_faces=font_faces(deck), sections=sections, rules=written,
            pictures=PictureBook(deck, book.lang, book.players, group_pictures(deck, book)),
            example=play_example(deck, book.players, book.lang)), sandbox.RULEBOOK_SECONDS)
    except TemplateProblem as exc:
        raise BuildError(f"rulebook template {exc}") from None
    # The maker's notes may be one short line; every other section must say something.
    check_coverage(html, book, template.filename or template.name, tuple(s for s in sections if s != "notes"))
    return with_icons(html, deck)


_BLOCKS = frozenset({"p", "div", "li", "dt", "dd", "td", "th", "tr", "h1", "h2", "h3", "h4", "br", "section"})


NOTES_CLASS = "notes-page"
END_ID = "rules-end"  # the element after the rules, before the notes pages: the footers count pages up to it


class _TextAndSections(HTMLParser):
    """Collect the visible text of a page and the text inside each <section id=...>; a notes page is hidden
    until the typesetter shows it, so its text is not counted."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.sections: dict[str, list[str]] = {}
        self._open: list[str | None] = []
        self._skip = 0
        self._heading = 0
        self._hidden: list[bool] = []

    def handle_starttag(self, tag, attrs):
        if tag in _BLOCKS:
            self.handle_data(" ")   # cells, items and paragraphs are separate words, however they are written
        if tag in ("style", "script", "title"):
            self._skip += 1
        if tag == "h2":
            self._heading += 1
        if tag == "section":
            self._open.append(dict(attrs).get("id"))
            self.sections.setdefault(self._open[-1], [])
            hidden = dict(attrs).get("class") == NOTES_CLASS   # shown only to pad the page count (breaks.py)
            self._hidden.append(hidden)
            self._skip += hidden

    def handle_endtag(self, tag):
        if tag in ("style", "script", "title"):
            self._skip -= 1
        if tag == "h2":
            self._heading -= 1
        if tag == "section" and self._open:
            self._open.pop()
            self._skip -= self._hidden.pop()

    def handle_data(self, data):
        if self._skip:
            return
        self.chunks.append(data)
        for section in [] if self._heading else self._open:
            self.sections[section].append(data)


def visible_text(html: str) -> str:
    """Return the text a reader sees, with runs of white space made single spaces."""
    parser = _TextAndSections()
    parser.feed(html)
    return " ".join("".join(parser.chunks).split())


def with_icons(html: str, deck: Deck) -> str:
    """Draw each `:name:` icon of the deck inline, one text line high, where its token was printed."""
    if not deck.icons:
        return html
    def image(match) -> str:
        path = deck.icons.get(match.group(1))
        if path is None:
            return match.group(0)
        return (f'<img class="icon" alt="{match.group(1)}" src="{path.resolve().as_uri()}" '
                'style="height: 1.05em; width: auto; vertical-align: -0.18em">')
    return TOKEN.sub(image, html)


def check_coverage(html: str, book: Rulebook, template: str, sections: tuple[str, ...] = SECTIONS) -> None:
    """Fail when a required section is missing or empty, or a card of the deck is not mentioned."""
    parser = _TextAndSections()
    parser.feed(html)
    text = " ".join("".join(parser.chunks).split())
    problems = [f"the section '{s}' is missing or empty" for s in sections
                if len(" ".join("".join(parser.sections.get(s, [])).split())) < 20]
    for row in book.components:
        if row.label not in text:
            problems.append(f"cards {', '.join(row.card_ids)} ('{row.label}') are not in the component list")
    for row in book.specials:
        for needed in (*row.names, row.text):
            if " ".join(needed.split()) not in text:
                problems.append(f"card '{row.card_ids[0]}': its text or name {needed!r} is not printed")
    if problems:
        raise BuildError(f"{display_path(template)}: the {book.lang} rulebook of '{book.deck_id}' "
                         f"({book.deck_file}) is incomplete:\n- " + "\n- ".join(problems))
