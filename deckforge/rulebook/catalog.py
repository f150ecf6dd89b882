"""Keep the gettext catalogs in step with the templates: extract every rulebook string, merge it into each `.po`.

Run by hand after changing a template or a marked string (`python -m deckforge.rulebook.catalog`); then translate
the new entries in `deckforge/locale/<lang>/LC_MESSAGES/deckforge.po`. The tests fail while any entry is missing.
"""
from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from .. import __version__
from .i18n import DOMAIN, LOCALE_DIR, catalog_path
from .render import RULEBOOK_TEMPLATES

PACKAGE_DIR = Path(__file__).resolve().parent
GAMES_DIR = PACKAGE_DIR.parent / "games"  # each game's labels (card groups, sides) are marked in its folder
TEMPLATE_METHODS = [("**.html", "jinja2")]
TEMPLATE_OPTIONS = {"**.html": {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true"}}
PYTHON_METHODS = [("**.py", "python")]
HEADER = ("# Translations of the deckforge rulebook strings (headings, tables, plural forms).\n"
          "# Distributed under the same license as deckforge (MIT). Update: python -m deckforge.rulebook.catalog")


def extract() -> Catalog:
    """Collect every translatable string of the rulebook templates, the rulebook package and the games."""
    template = Catalog(project="deckforge", domain=DOMAIN, fuzzy=False)
    sources = ((RULEBOOK_TEMPLATES, TEMPLATE_METHODS, TEMPLATE_OPTIONS), (PACKAGE_DIR, PYTHON_METHODS, {}),
               (GAMES_DIR, PYTHON_METHODS, {}))
    for folder, methods, options in sources:
        for filename, lineno, message, comments, context in extract_from_dir(
                str(folder), methods, options_map=options, strip_comment_tags=True):
            location = (str((folder / filename).relative_to(folder.parent.parent)), lineno)
            template.add(message, None, [location], auto_comments=comments, context=context)
    return template


def update(lang: str) -> Path:
    """Merge the extracted strings into the language's catalog, keeping its translations."""
    po = catalog_path(lang)
    if po.is_file():
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
    else:
        po.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=lang, domain=DOMAIN, project="deckforge")
    catalog.update(extract(), no_fuzzy_matching=True)
    catalog.project, catalog.version, catalog.msgid_bugs_address = "deckforge", __version__, ""
    catalog.header_comment = HEADER
    with po.open("wb") as handle:
        write_po(handle, catalog, width=116, omit_header=False, ignore_obsolete=True, sort_output=False)
    return po


def main(argv: list[str]) -> int:
    langs = argv or [p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")]
    for lang in langs:
        print(f"updated {update(lang)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
