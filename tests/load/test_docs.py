"""Every key the loader accepts is documented in docs/deck-format.md."""
from pathlib import Path

from deckforge.load.deck import CARD_KEYS, DECK_KEYS
from deckforge.games import schemas
from deckforge.vocab import CARD_SIZES, EFFECTS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "deck-format.md").read_text(encoding="utf-8")


def documented(word: str) -> bool:
    return f"`{word}`" in DOC


def test_deck_and_card_keys_are_documented() -> None:
    keys = list(DECK_KEYS) + list(CARD_KEYS) + ["min", "max", "per_set", "default", "width_mm", "height_mm",
                                                 "title", "colour", "emblem"]
    assert [k for k in keys if not documented(k)] == []


def test_game_kinds_and_attributes_are_documented() -> None:
    missing = []
    for game, schema in schemas().items():
        missing += [game] if not documented(game) else []
        for kind, attrs in schema.kinds.items():
            missing += [kind] if not documented(kind) else []
            missing += [a for a in attrs if not documented(a)]
            for spec in attrs.values():
                missing += [c for c in spec.choices if not documented(c)]
                missing += [k for k, _ in spec.fields if not documented(k)]
    assert missing == []


def test_sizes_and_effects_are_documented() -> None:
    assert [s for s in CARD_SIZES if not documented(s)] == []
    assert [e for e in EFFECTS if not documented(e)] == []
