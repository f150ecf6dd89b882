"""Keep the gettext catalogs in step with the code: extract every string deckforge prints, merge it into each `.po`.

Strings come from the rulebook, report and preview templates (`{{ _("...") }}`, `ngettext`) and from every Python
module of the package (`translations(lang).gettext("...")`, `N_("...")` for labels translated later, `P_` and `NP_`
for the effect phrases of deckforge/effect_text.py, `S_` and `NS_` for the checks' findings of deckforge/said.py).
Run it by hand after changing a marked string (`python -m deckforge.catalog`), or with a new language code to start
its catalog (`python -m deckforge.catalog de`); then translate the new entries in
`deckforge/locale/<lang>/LC_MESSAGES/deckforge.po`. The tests fail while any entry is missing or fuzzy.
"""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.core import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import write_po

from . import __version__
from .i18n import (DECK_LOCALE, DOMAIN, babel_locale, catalog_languages, catalog_path, check_language_code,
                   is_translated, read_catalog)
from .load import TEMPLATES_DIR

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_DIR = PACKAGE_DIR.parent
RULEBOOK_TEMPLATES = TEMPLATES_DIR / "rulebooks"
PAGE_TEMPLATES = (TEMPLATES_DIR / "report", TEMPLATES_DIR / "preview")  # the report and the live preview
TEMPLATE_METHODS = [("**.html", "jinja2")]
TEMPLATE_OPTIONS = {"**.html": {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true"}}
PYTHON_METHODS = [("**.py", "python")]
# P_ and NP_ mark the effect phrases (deckforge/effect_text.py): a context, and for NP_ a plural; S_ and NS_ what
# the checks find (deckforge/said.py), said on the preview's page in its language.
KEYWORDS = {**DEFAULT_KEYWORDS, "P_": ((1, "c"), 2), "NP_": ((1, "c"), 2, 3), "S_": None, "NS_": (1, 2)}
HEADER = ("# Translations of the words deckforge prints: page labels, the calibration sheet, rulebook headings,\n"
          "# tables and plural forms. Distributed under the same license as deckforge (MIT).\n"
          "# Update: python -m deckforge.catalog")
DECK_HEADER = ("# This deck's own translations of the words deckforge prints: page labels, rulebook headings and\n"
               "# tables, the report. Fill in each msgstr (an empty one prints deckforge's own words, or English);\n"
               "# keep every %(name)s as it is. Bring it up to date after updating deckforge:\n"
               "# deckforge translate DECK --lang LANG")


def extract() -> Catalog:
    """Collect every translatable string of the rulebook, report and preview templates and the Python modules."""
    template = Catalog(project="deckforge", domain=DOMAIN, fuzzy=False)
    sources = ((RULEBOOK_TEMPLATES, TEMPLATE_METHODS, TEMPLATE_OPTIONS),
               *((folder, TEMPLATE_METHODS, TEMPLATE_OPTIONS) for folder in PAGE_TEMPLATES),
               (PACKAGE_DIR, PYTHON_METHODS, {}))
    for folder, methods, options in sources:
        for filename, lineno, message, comments, context in extract_from_dir(
                str(folder), methods, keywords=KEYWORDS, options_map=options, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            location = ((folder / filename).relative_to(PROJECT_DIR).as_posix(), lineno)
            template.add(message, None, [location], auto_comments=comments, context=context)
    return template


def update(lang: str) -> Path:
    """Merge the extracted strings into the language's catalog (a new one if it has none), keeping translations."""
    po = catalog_path(check_language_code(lang))
    catalog = read_catalog(po, lang) if po.is_file() else _new(lang)
    po.parent.mkdir(parents=True, exist_ok=True)
    _write(po, _merged(catalog, HEADER), po.write_bytes)
    return po


def update_deck_catalog(folder: Path, lang: str) -> tuple[Path, int, int]:
    """Write (or bring up to date) a deck's own catalog, `<folder>/locale/<lang>.po`, with every string deckforge
    prints; translations already there stay, and a new file starts from deckforge's own catalog of the language
    where it has one. Return its path, the number of strings and how many are translated."""
    from .output import atomic_write

    po = folder / DECK_LOCALE / f"{check_language_code(lang)}.po"
    shipped = catalog_path(lang)
    catalog = read_catalog(po, lang) if po.is_file() else read_catalog(shipped, lang) if shipped.is_file() else _new(lang)
    catalog = _merged(catalog, DECK_HEADER)
    _write(po, catalog, lambda text: atomic_write(po, text))
    messages = [m for m in catalog if m.id]
    return po, len(messages), sum(is_translated(m.string) for m in messages)


def put_first(po: Path, lang: str, first: set) -> int:
    """Rewrite a deck's catalog (as `update_deck_catalog` wrote it) with the entries of the strings in `first`
    (`words_the_deck_prints`) before the others, and a header line that says so; return how many came first."""
    from .output import atomic_write

    catalog = read_catalog(po, lang)
    ahead = _put_first(catalog, first)
    catalog.header_comment = DECK_HEADER + (
        f"\n#\n# The first {ahead} entries are the words this deck prints now, on its cards and sheets and in its\n"
        "# rulebook; the others are for other games' rules, the report and the preview." if ahead else "")
    _write(po, catalog, lambda text: atomic_write(po, text))
    return ahead


def words_the_deck_prints(deck_file: Path, lang: str) -> set | None:
    """Return the strings (as `i18n.words_heard` notes them) that loading the deck, building its sheets and
    writing its rulebook in `lang` look up, at its default player count; None where the deck cannot yet be
    loaded, built or written up in that language (its problems are `validate`'s to tell)."""
    import tempfile

    from .errors import DeckforgeError
    from .i18n import words_heard
    from .layout import BuildOptions, build_deck
    from .load import load_deck
    from .rulebook import rulebook_html

    try:
        with words_heard() as heard:
            deck = load_deck(deck_file)
            if lang not in deck.languages:
                return None
            with tempfile.TemporaryDirectory(prefix="deckforge-words-") as scratch:
                build_deck(deck, BuildOptions(lang=lang), out=Path(scratch) / "sheets.pdf")
            rulebook_html(deck, lang)
    except DeckforgeError:
        return None
    return heard


def _put_first(catalog: Catalog, first: set) -> int:
    """Move the entries whose strings are in `first` ahead of the others, each part in its order; return how many."""
    def heard_as(message) -> object:  # the key words_heard notes a lookup of this entry under
        msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        key = f"{message.context}\x04{msgid}" if message.context else msgid
        return (key, 0) if message.pluralizable else key

    entries = catalog._messages  # Babel keeps a catalog's entries in this mapping and writes them in its order
    ahead = [(key, message) for key, message in entries.items() if heard_as(message) in first]
    later = [(key, message) for key, message in entries.items() if heard_as(message) not in first]
    entries.clear()
    entries.update(ahead + later)
    return len(ahead)


def _new(lang: str) -> Catalog:
    locale = babel_locale(lang)
    return Catalog(locale=locale, domain=DOMAIN, project="deckforge", fuzzy=False,
                   language_team=Locale.parse(locale).english_name if locale else lang, last_translator="deckforge")


def _merged(catalog: Catalog, header: str) -> Catalog:
    catalog.update(extract(), no_fuzzy_matching=True)
    catalog.project, catalog.version, catalog.msgid_bugs_address = "deckforge", __version__, ""
    catalog.header_comment = header
    return catalog


def _write(po: Path, catalog: Catalog, save) -> None:
    written = io.BytesIO()
    write_po(written, catalog, width=116, omit_header=False, ignore_obsolete=True, sort_output=False)
    text = written.getvalue()
    if not po.is_file() or _undated(po.read_bytes()) != _undated(text):  # run again, it changes nothing
        save(text)


def _undated(text: bytes) -> bytes:
    """The catalog without its POT-Creation-Date line, which babel sets to the minute of every run."""
    return re.sub(rb'(?m)^"POT-Creation-Date: [^"]*"\n', b"", text)


def main(argv: list[str]) -> int:
    for lang in argv or catalog_languages():
        print(f"updated {update(lang)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
