"""The keys that make a deck's `rules:` a description rather than text: light enough for the loader to ask every
deck without importing the parser and the model (a fifth of a second), which only described decks need."""
from __future__ import annotations

STRUCTURAL_KEYS = ("ranks", "values", "teams", "min_players", "zones", "setup", "bid", "trump", "play", "effects",
                   "score", "end", "winner")


def is_description(value: object) -> bool:
    """Return whether a deck's `rules:` value is a description (it holds a structural key) rather than text."""
    return isinstance(value, dict) and any(key in value for key in STRUCTURAL_KEYS)
RULES_KEYS = STRUCTURAL_KEYS + ("notes", "attributes")  # every key `rules:` takes
