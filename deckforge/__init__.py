"""deckforge: turn a deck definition into print-ready sheets, localized rulebooks and a playtested simulation.

The stages are load → model → (layout | rulebook | sim) → files and reports; the command line in `deckforge.cli`
is a thin layer over them.
"""
from .errors import DeckError, DeckforgeError, Problem
from .load import bundled_decks, load_deck
from .model import Card, Deck, Effect

__version__ = "0.1.0"
__all__ = ["Card", "Deck", "DeckError", "DeckforgeError", "Effect", "Problem", "bundled_decks", "load_deck"]
