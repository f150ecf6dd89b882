"""Load: turn a deck file (YAML) into a frozen, validated `Deck`, reporting every problem with its place."""
from ..lazy import lazy_attributes
from .paths import BUNDLED_DIR, TEMPLATES_DIR

# The loader (and the game schemas it checks against) is imported on first use, so `deckforge --version` and a
# cached `deckforge list` do not pay for it.
__getattr__ = lazy_attributes(__name__, {name: ".deck" for name in ("load_deck", "resolve_deck", "bundled_decks")})

__all__ = ["load_deck", "resolve_deck", "bundled_decks", "BUNDLED_DIR", "TEMPLATES_DIR"]
