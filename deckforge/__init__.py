"""deckforge: turn a deck definition into print-ready sheets, localized rulebooks and a playtested simulation.

The stages are load → model → (layout | rulebook | sim) → files and reports; the command line in `deckforge.cli`
is a thin layer over them.
"""
from .errors import DeckError, DeckforgeError, Problem
from .lazy import lazy_attributes

__version__ = "0.1.0"  # the one place of the version: pyproject.toml reads it from here
__getattr__ = lazy_attributes(__name__, {"bundled_decks": ".load", "load_deck": ".load", "Card": ".model",
                                         "Deck": ".model", "Effect": ".model"})
__all__ = ["Card", "Deck", "DeckError", "DeckforgeError", "Effect", "Problem", "bundled_decks", "load_deck"]
