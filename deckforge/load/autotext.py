"""`text: auto`: a card's rule text written from its effects when the deck loads, so layout, rulebook and preview
print the final text and it cannot drift from what the card does.

`text: auto` writes every language the deck declares; `text: {cs: auto, en: …}` (or `auto` in a spreadsheet's
`text.<lang>` column) writes only those languages. The phrases come from deckforge/effect_text.py through the
language's gettext catalog. A language deckforge has no catalog for is an error at the card, not English on a card
meant for other readers: the maker writes that text by hand or adds the catalog; so is a deck's own catalog whose
entries for the phrases a text needs are still empty.
"""
from __future__ import annotations

from ..effect_text import card_text
from ..errors import display_path
from ..i18n import available_languages, deck_catalog, has_catalog, untranslated, words_heard
from ..model import Effect

AUTO = "auto"


def read_texts(card, spec: dict, effects: tuple[Effect, ...]) -> dict | None:
    """Read a card's `text` (a `_CardReader`'s spec), writing the languages marked `auto` from its effects."""
    path = f"{card.path}.text"
    if "text" not in spec:
        return {}
    languages = card.deck.languages
    if spec["text"] == AUTO:
        texts, where = dict.fromkeys(languages, AUTO), {lang: (spec, "text") for lang in languages}
    elif isinstance(spec["text"], str):
        card.c.error(spec, "text", path, f"expected the text in each language ({', '.join(languages)}), e.g. "
                                         f"{{{languages[0]}: …}}, or 'auto' to write it from the card's effects")
        return None
    else:
        texts = card.deck.langs(spec, "text", path)
        if not texts:
            return texts
        where = {lang: (spec["text"], lang) for lang in texts}
    for lang in [lang for lang, text in texts.items() if text == AUTO]:
        container, key = where[lang]
        texts[lang] = _auto_text(card, (container, key, f"{path}.{lang}"), "effects" in spec, effects, lang)
    return None if None in texts.values() else texts


def _auto_text(card, where: tuple, has_effects: bool, effects: tuple[Effect, ...], lang: str) -> str | None:
    """Return the text written from the effects, or None after reporting why it cannot be written."""
    if not effects:
        if not has_effects:  # effects given but wrong are reported where they are
            card.c.error(*where, "'auto' writes the text from the card's effects, and this card has none; add "
                                 "'effects' or write the text")
        return None
    if not has_catalog(lang):
        card.c.error(*where, f"'auto' cannot write '{lang}' text: deckforge has no '{lang}' catalog (it has: "
                             f"{', '.join(available_languages())}); write this text by hand or give the deck its own "
                             f"catalog: deckforge translate DECK --lang {lang} (docs/deck-format.md, \"Adding a "
                             "language\")")
        return None
    with words_heard() as heard:
        text = card_text(effects, lang)
    missing = untranslated(lang, heard)
    if missing:  # a deck's own catalog, its entries for these phrases still empty: they would print in English
        shown = "; ".join(f"'{msgid}'" for msgid in missing[:3]) + (f" and {len(missing) - 3} more"
                                                                    if len(missing) > 3 else "")
        card.c.error(*where, f"'auto' cannot write '{lang}' text: {display_path(deck_catalog(lang))} has no "
                             f"translation yet for {shown}; fill in the msgstr of each, or write this text by hand")
        return None
    return text
