"""Load: turn a deck file (YAML) into a frozen, validated `Deck`, reporting every problem with its place."""
from .deck import load_deck, resolve_deck, bundled_decks, BUNDLED_DIR, TEMPLATES_DIR

__all__ = ["load_deck", "resolve_deck", "bundled_decks", "BUNDLED_DIR", "TEMPLATES_DIR"]
