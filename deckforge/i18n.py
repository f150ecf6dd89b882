"""Translate the words deckforge itself prints – page labels, the calibration sheet, rulebook headings and tables –
through one gettext catalog per language, with the language's plural rules.

English is the source language: its strings are the msgids and need no catalog. Every other language has
`deckforge/locale/<lang>/LC_MESSAGES/deckforge.po`, compiled in memory with Babel when first used, so a fresh
`pip install -e .` needs no compile step and no stale `.mo` file can disagree with its `.po`. A msgid missing
from a catalog (or marked fuzzy) fails the build instead of printing English inside a Czech rulebook. A language
with no catalog at all prints these words in English; `catalog_warning` says so, once, for the command to show.
Deck texts (card names, rules prose) are not here: the deck and its templates bring them.

A deck may bring its own catalog of these words, `locale/<lang>.po` beside its deck file, for a language deckforge
does not ship (or to reword one it does). While a command works on that deck (`deck_words`), its entries come
first; a string it lacks or leaves empty comes from deckforge's catalog, or prints in English where there is none.
`deckforge translate` writes such a file with every string to translate.
"""
from __future__ import annotations

import gettext
import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from .errors import BuildError, display_path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "deckforge"
SOURCE_LANGUAGE = "en"
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")  # as a deck declares it (ISO 639: cs, en, de, hsb)
DECK_LOCALE = "locale"  # a deck's own catalogs: <deck folder>/locale/<lang>.po

# The catalogs of the deck a command is working on, {lang: (path, modification time)}, set by `deck_words`.
_DECK_CATALOGS: ContextVar[dict[str, tuple[Path, int]]] = ContextVar("deckforge_deck_catalogs", default={})


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalog_languages() -> list[str]:
    """Return the languages with a catalog, not counting the source language."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def available_languages() -> list[str]:
    """Return the languages deckforge's own words can print in: the source language and every catalog."""
    return sorted({SOURCE_LANGUAGE, *catalog_languages()})


def check_language_code(lang: str) -> str:
    """Return `lang` if it is a language code; refuse anything else (it becomes part of a file path)."""
    if not isinstance(lang, str) or not LANGUAGE_CODE.fullmatch(lang):
        raise BuildError(f"{lang!r} is not a language code such as cs, de or en")
    return lang


def deck_catalogs(folder: Path | None) -> dict[str, tuple[Path, int]]:
    """Return the catalogs a deck folder brings, {lang: (path, modification time)}: its `locale/<lang>.po` files."""
    found = {}
    for po in sorted((folder / DECK_LOCALE).glob("*.po")) if folder is not None else ():
        if LANGUAGE_CODE.fullmatch(po.stem) and po.is_file():
            found[po.stem] = (po, po.stat().st_mtime_ns)
    return found


@contextmanager
def deck_words(folder: Path | None):
    """Print deckforge's own words from the catalogs of the deck in `folder` (see the module's docstring) until the
    block ends; None: deckforge's catalogs alone."""
    token = _DECK_CATALOGS.set(deck_catalogs(folder))
    try:
        yield
    finally:
        _DECK_CATALOGS.reset(token)


def deck_catalog(lang: str) -> Path | None:
    """Return the catalog of `lang` that the deck being worked on brings, if any."""
    found = _DECK_CATALOGS.get().get(lang)
    return found[0] if found else None


def words_key(lang: str) -> tuple:
    """Return what the words printed in `lang` depend on: the language and the deck catalog in use (its path and
    modification time), for caches of anything made from them."""
    return lang, _DECK_CATALOGS.get().get(lang)


def install_words(env, lang: str) -> None:
    """Give a Jinja environment `_`, `gettext`, `ngettext`, `pgettext` and `npgettext` in `lang`, looked up as each
    string prints, so that one cached environment follows whichever deck catalog is in force (`deck_words`)."""
    env.install_gettext_callables(
        lambda message: translations(lang).gettext(message),
        lambda singular, plural, n: translations(lang).ngettext(singular, plural, n),
        newstyle=True,
        pgettext=lambda context, message: translations(lang).pgettext(context, message),
        npgettext=lambda context, singular, plural, n: translations(lang).npgettext(context, singular, plural, n))


def has_catalog(lang: str) -> bool:
    return (lang == SOURCE_LANGUAGE or catalog_path(check_language_code(lang)).is_file()
            or deck_catalog(lang) is not None)


def catalog_warning(lang: str) -> str | None:
    """Return the warning for a language deckforge has no catalog for, or None when its words are translated."""
    if has_catalog(lang):
        return None
    return (f"deckforge has no '{lang}' catalog, so its own words (page labels, rulebook headings and tables) print "
            f"in English; available: {', '.join(available_languages())}. To translate them for this deck: "
            f"deckforge translate DECK --lang {lang} (docs/deck-format.md, \"Adding a language\")")


def described_rules_warning(lang: str) -> str | None:
    """Say that a described game's rules print in English in a language deckforge has no catalog for: their
    sentences are written from the catalogs (deckforge/rules/describe.py), not from the deck."""
    if has_catalog(lang):
        return None
    return (f"the rules written from the deck's `rules:` description print in English in a '{lang}' rulebook, with "
            f"the deck's own '{lang}' names in them: deckforge writes those sentences from its catalogs "
            f"({', '.join(available_languages())}); to have them translated, give the deck its own catalog: "
            f"deckforge translate DECK --lang {lang} (docs/deck-format.md, \"Adding a language\")")


class SourceTranslations(gettext.NullTranslations):
    """The source language: msgids print as written, with English plural rules."""


class StrictTranslations(gettext.GNUTranslations):
    """A compiled catalog that refuses to fall back to English for a string it lacks."""

    def __init__(self, mo: BytesIO, po: Path, lang: str):
        self.po = po
        self.lang = lang
        super().__init__(mo)

    def _missing(self, msgid: str) -> BuildError:
        return BuildError(f"{display_path(self.po)}: no '{self.lang}' translation for the string {msgid!r}; "
                          "add it to the catalog (python -m deckforge.catalog, see docs/rulebooks.md)")

    def gettext(self, message: str) -> str:
        if message not in self._catalog:
            raise self._missing(message)
        return super().gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if (msgid1, 0) not in self._catalog:
            raise self._missing(msgid1)
        return super().ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        if f"{context}\x04{message}" not in self._catalog:
            raise self._missing(f"{context}|{message}")
        return super().pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        if (f"{context}\x04{msgid1}", 0) not in self._catalog:
            raise self._missing(f"{context}|{msgid1}")
        return super().npgettext(context, msgid1, msgid2, n)


def translations(lang: str) -> gettext.NullTranslations:
    """Return the translations for a language: the deck's own catalog first (while `deck_words` is in force), then
    deckforge's, compiled on first use, or English where there is none."""
    found = _translations(*words_key(lang))
    heard = _HEARD.get()
    return found if heard is None else _Hearing(found, heard)


# The strings looked up inside a `words_heard` block, as a compiled catalog keys them.
_HEARD: ContextVar[set | None] = ContextVar("deckforge_words_heard", default=None)


@contextmanager
def words_heard():
    """Collect the strings looked up inside the block (`translations(...)`), for `untranslated`; a block inside
    another tells the outer one too."""
    heard: set = set()
    outer = _HEARD.get()
    token = _HEARD.set(heard)
    try:
        yield heard
    finally:
        _HEARD.reset(token)
        if outer is not None:
            outer |= heard


class _Hearing:
    """Translations that note each string looked up (the key a compiled catalog files it under)."""

    def __init__(self, inner: gettext.NullTranslations, heard: set):
        self._inner, self._heard = inner, heard

    def gettext(self, message: str) -> str:
        self._heard.add(message)
        return self._inner.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self._heard.add((singular, 0))
        return self._inner.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self._heard.add(f"{context}\x04{message}")
        return self._inner.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        self._heard.add((f"{context}\x04{singular}", 0))
        return self._inner.npgettext(context, singular, plural, n)

    def __getattr__(self, name: str):
        return getattr(self._inner, name)


def untranslated(lang: str, heard: set) -> list[str]:
    """Return the strings of `heard` (words_heard) that print in English in `lang`, no catalog in force translating
    them (a deck's own catalog with empty entries, for a language deckforge has none for); msgids, sorted."""
    if lang == SOURCE_LANGUAGE:
        return []
    catalogs, found = [], _translations(*words_key(lang))
    while found is not None:
        catalog = getattr(found, "_catalog", None)
        if catalog is None:
            break  # English from here on
        catalogs.append(catalog)
        found = getattr(found, "_fallback", None)
    else:
        return []  # the chain ends in a catalog of deckforge's own, which has every string
    missing = [key for key in heard if not any(key in catalog for catalog in catalogs)]
    return sorted((key[0] if isinstance(key, tuple) else key).split("\x04")[-1] for key in missing)


@lru_cache(maxsize=None)
def _translations(lang: str, deck_catalog: tuple[Path, int] | None) -> gettext.NullTranslations:
    own = _shipped(lang)
    if deck_catalog is None:
        return own
    deck = gettext.GNUTranslations(_compiled(deck_catalog[0], lang, translated_only=True))
    deck.add_fallback(own)  # a string the deck's catalog lacks or leaves empty
    return deck


@lru_cache(maxsize=None)
def _shipped(lang: str) -> gettext.NullTranslations:
    """Return deckforge's own translations for a language, or English when it has no catalog."""
    po = catalog_path(check_language_code(lang))
    if lang == SOURCE_LANGUAGE or not po.is_file():
        return SourceTranslations()
    return StrictTranslations(_compiled(po, lang), po, lang)


def read_catalog(po: Path, lang: str):
    """Read a .po file into Babel's Catalog, with the language's plural rule (a language Babel does not know keeps
    the file's own Plural-Forms); a file that is no catalog is a BuildError naming it."""
    from babel.messages.pofile import PoFileError, read_po

    try:
        with po.open("rb") as handle:
            return read_po(handle, locale=babel_locale(lang), abort_invalid=True)
    except (PoFileError, ValueError, OSError) as exc:
        raise BuildError(f"{display_path(po)}: {str(exc).removesuffix(' on 0')}; it must be a gettext catalog "
                         "as `deckforge translate` writes it") from None


def babel_locale(lang: str) -> str | None:
    """Return the language as Babel takes it (it then knows the plural rule), or None for one it does not know."""
    from babel.core import Locale, UnknownLocaleError

    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return None
    return lang


def _compiled(po: Path, lang: str, translated_only: bool = False) -> BytesIO:
    """Return a catalog compiled to the .mo format; fuzzy entries are left out (and, with `translated_only`, any
    entry with an empty translation), so they count as missing."""
    from babel.messages.mofile import write_mo

    catalog = read_catalog(po, lang)
    if translated_only:
        for message in [m for m in catalog if m.id and not is_translated(m.string)]:
            catalog.delete(message.id, message.context)
        _check_placeholders(catalog, po)
    mo = BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    return mo


def _check_placeholders(catalog, po: Path) -> None:
    """Refuse translations whose %(name)s placeholders differ from their msgid's (they would fail where printed)."""
    problems = [f"{display_path(po)}:{message.lineno}: msgstr: {'; '.join(map(str, errors))} (keep every "
                f"%(name)s of the msgid {message.id if isinstance(message.id, str) else message.id[0]!r} as it is)"
                for message, errors in catalog.check() if _has_placeholders(message.id)]
    if problems:
        raise BuildError("\n".join(problems))


def _has_placeholders(msgid) -> bool:
    """Return True when a message is filled in with values: deckforge's placeholders are all named (%(name)s).
    Babel takes any per cent sign for one ("95% confidence" reads as the conversion "% c"), and then refused a
    Czech "95% interval" as an incompatible "% i": a deck's copy of the shipped catalog did not load."""
    return any("%(" in text for text in (msgid if isinstance(msgid, tuple) else (msgid,)))


def is_translated(string) -> bool:
    """Return True when a catalog entry's translation (a string, or one per plural form) is filled in."""
    return all(string) if isinstance(string, tuple) else bool(string)
