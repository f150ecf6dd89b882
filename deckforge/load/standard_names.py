"""The words of the built-in standard decks – suit names and card names – marked for the gettext catalogs.

English is the msgid; each catalog (deckforge/locale/<lang>/) says the name as its players do: "Pikové eso",
"Srdcová dáma", "Pik-Ass". A card's name is one whole message rather than a rank and a suit put together,
because languages join them differently (Czech makes the suit an adjective agreeing with the rank, German a
compound). The context keeps the decks apart where a name is shared but said otherwise: the seven of hearts is
„Srdcová sedmička“ in a French deck and „Srdcová sedma“ in a mariáš deck. `python -m deckforge.catalog` extracts
the marks (deckforge/catalog.py).
"""
from __future__ import annotations

from .. import i18n


def P_(context: str, message: str) -> tuple[str, str]:
    """Mark a name for extraction with its context; it is translated when a deck is loaded."""
    return context, message


def say(name: tuple[str, str], lang: str) -> str:
    """Return a marked name in a language."""
    return i18n.translations(lang).pgettext(*name)


SUIT_NAMES = {
    "spades": P_("suit", "Spades"), "hearts": P_("suit", "Hearts"), "diamonds": P_("suit", "Diamonds"),
    "clubs": P_("suit", "Clubs"),
    # The Czech mariáš deck's suits; its hearts are the French hearts.
    "srdce": P_("suit", "Hearts"), "listy": P_("suit", "Leaves"), "kule": P_("suit", "Bells"),
    "zaludy": P_("suit", "Acorns"),
}
JOKER_NAME = P_("French suits", "Joker")

# Card names by suit, in rank order (deckforge/load/standard.py lists the ranks).
FRENCH_CARD_NAMES = {
    "spades": (P_("French suits", "Two of Spades"), P_("French suits", "Three of Spades"),
        P_("French suits", "Four of Spades"), P_("French suits", "Five of Spades"),
        P_("French suits", "Six of Spades"), P_("French suits", "Seven of Spades"),
        P_("French suits", "Eight of Spades"), P_("French suits", "Nine of Spades"),
        P_("French suits", "Ten of Spades"), P_("French suits", "Jack of Spades"),
        P_("French suits", "Queen of Spades"), P_("French suits", "King of Spades"),
        P_("French suits", "Ace of Spades")),
    "hearts": (P_("French suits", "Two of Hearts"), P_("French suits", "Three of Hearts"),
        P_("French suits", "Four of Hearts"), P_("French suits", "Five of Hearts"),
        P_("French suits", "Six of Hearts"), P_("French suits", "Seven of Hearts"),
        P_("French suits", "Eight of Hearts"), P_("French suits", "Nine of Hearts"),
        P_("French suits", "Ten of Hearts"), P_("French suits", "Jack of Hearts"),
        P_("French suits", "Queen of Hearts"), P_("French suits", "King of Hearts"),
        P_("French suits", "Ace of Hearts")),
    "diamonds": (P_("French suits", "Two of Diamonds"), P_("French suits", "Three of Diamonds"),
        P_("French suits", "Four of Diamonds"), P_("French suits", "Five of Diamonds"),
        P_("French suits", "Six of Diamonds"), P_("French suits", "Seven of Diamonds"),
        P_("French suits", "Eight of Diamonds"), P_("French suits", "Nine of Diamonds"),
        P_("French suits", "Ten of Diamonds"), P_("French suits", "Jack of Diamonds"),
        P_("French suits", "Queen of Diamonds"), P_("French suits", "King of Diamonds"),
        P_("French suits", "Ace of Diamonds")),
    "clubs": (P_("French suits", "Two of Clubs"), P_("French suits", "Three of Clubs"),
        P_("French suits", "Four of Clubs"), P_("French suits", "Five of Clubs"),
        P_("French suits", "Six of Clubs"), P_("French suits", "Seven of Clubs"),
        P_("French suits", "Eight of Clubs"), P_("French suits", "Nine of Clubs"),
        P_("French suits", "Ten of Clubs"), P_("French suits", "Jack of Clubs"),
        P_("French suits", "Queen of Clubs"), P_("French suits", "King of Clubs"),
        P_("French suits", "Ace of Clubs")),
}
GERMAN_CARD_NAMES = {
    "srdce": (P_("German suits", "Seven of Hearts"), P_("German suits", "Eight of Hearts"),
        P_("German suits", "Nine of Hearts"), P_("German suits", "Ten of Hearts"),
        P_("German suits", "Unter of Hearts"), P_("German suits", "Ober of Hearts"),
        P_("German suits", "King of Hearts"), P_("German suits", "Ace of Hearts")),
    "listy": (P_("German suits", "Seven of Leaves"), P_("German suits", "Eight of Leaves"),
        P_("German suits", "Nine of Leaves"), P_("German suits", "Ten of Leaves"),
        P_("German suits", "Unter of Leaves"), P_("German suits", "Ober of Leaves"),
        P_("German suits", "King of Leaves"), P_("German suits", "Ace of Leaves")),
    "kule": (P_("German suits", "Seven of Bells"), P_("German suits", "Eight of Bells"),
        P_("German suits", "Nine of Bells"), P_("German suits", "Ten of Bells"),
        P_("German suits", "Unter of Bells"), P_("German suits", "Ober of Bells"),
        P_("German suits", "King of Bells"), P_("German suits", "Ace of Bells")),
    "zaludy": (P_("German suits", "Seven of Acorns"), P_("German suits", "Eight of Acorns"),
        P_("German suits", "Nine of Acorns"), P_("German suits", "Ten of Acorns"),
        P_("German suits", "Unter of Acorns"), P_("German suits", "Ober of Acorns"),
        P_("German suits", "King of Acorns"), P_("German suits", "Ace of Acorns")),
}
