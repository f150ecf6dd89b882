"""The game registry: every folder here is one game, and the rest of deckforge reaches games only through it.

A game folder's `__init__.py` defines `SPEC`, a `GameSpec` (spec.py): the typed schema of its card attributes,
its deal, its static deck checks, its rulebook's card groups, the module of its engine and the module of its card
art. Adding a game is adding a folder (docs/adding-a-game.md); nothing outside it names the game.

`load_game(deck, players=n)` returns the game's engine in OpenSpiel's shape (deckforge/sim/base.py).
"""
from __future__ import annotations

import importlib
import pkgutil
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import DeckforgeError
from .spec import Deal, Figure, GameSpec, no_game

if TYPE_CHECKING:
    from ..model import Deck
    from ..sim.base import Engine
    from ..vocab import GameSchema

__all__ = ["Deal", "Figure", "GameSpec", "no_game", "UnknownGameError", "deck_spec", "game_ids", "load_game", "schemas", "spec_for",
           "specs", "suit_attributes"]

_SPECS: dict[str, GameSpec] = {}


class UnknownGameError(DeckforgeError):
    """A deck names a game that no folder under deckforge/games/ defines."""


def specs() -> dict[str, GameSpec]:
    """Return every game's spec by game id, importing each game folder once."""
    if not _SPECS:
        found = {}
        for module in pkgutil.iter_modules(__path__):
            if module.ispkg:
                spec = importlib.import_module(f"{__name__}.{module.name}").SPEC
                found[spec.id] = spec
        _SPECS.update(sorted(found.items()))
    return _SPECS


def game_ids() -> tuple[str, ...]:
    return tuple(specs())


def schemas() -> dict[str, "GameSchema"]:
    """Return each game's card schema by game id (what the loader validates a deck's cards against)."""
    return {game: spec.schema for game, spec in specs().items()}


def spec_for(game: str | None) -> GameSpec:
    """Return the spec of the game `game` (None: a homemade deck with no bundled game); raise UnknownGameError
    naming the nearest known game."""
    if game is None:
        return no_game()
    known = specs()
    if game in known:
        return known[game]
    close = get_close_matches(game, known, n=1)
    hint = f"did you mean '{close[0]}'? " if close else ""
    raise UnknownGameError(f"no game '{game}': {hint}(one of: {', '.join(known)})")


def deck_spec(deck: "Deck") -> GameSpec:
    """Return the spec of a deck's game: its bundled game's, or for rules described as data (deck.described,
    docs/rules-format.md) one built from the description, which the rules interpreter plays."""
    if getattr(deck, "described", None) is not None:
        from ..rules.spec import described_spec

        return described_spec(deck)
    return spec_for(deck.game)


def suit_attributes(deck: "Deck", card) -> list[str]:
    """Return the card's attributes whose value is a suit id, as its game's schema declares them.

    A deck with no game has no schema: its `suit` attribute is a suit when it names one of the deck's `suits`.
    """
    if deck.game is None:
        return ["suit"] if card.attrs.get("suit") in {suit.id for suit in deck.suits} else []
    schema = specs()[deck.game].schema if deck.game in specs() else None
    fields = schema.kinds.get(card.kind, {}) if schema else {}
    return [name for name, field in fields.items() if field.type == "suit" and card.attrs.get(name) is not None]


def load_game(deck: "Deck | str | Path", players: int | None = None, **options) -> "Engine":
    """Return the game of a deck (a Deck, a bundled deck id or a deck file) for `players` players.

    The result has OpenSpiel's `Game` interface: num_distinct_actions(), max_game_length(),
    new_initial_state(). `options` are the engine's (e.g. variants=("lucid-vision",) for Wizard).
    """
    from ..load import load_deck
    from ..model import Deck
    from ..sim.base import engine_for

    model = deck if isinstance(deck, Deck) else load_deck(deck)
    options.setdefault("variants", ())
    return engine_for(model, model.player_count(players), options)
