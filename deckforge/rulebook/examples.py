"""Examples of play for the rulebook, taken from a game the simulator plays with a fixed seed.

A game names a finder in its `GameBook.example` ("module:function" in its package). The finder reads the moves
of one seeded game (`moves`: each state before its action is applied) and returns the moment worth showing as a
`PlayExample`: the cards in the order they were played, who played each, and the facts its caption needs. The
caption itself is prose, written in each language's template (block `example_caption`). The same seed gives the
same example every time, so a rulebook is reproducible.
"""
from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from typing import Iterator

from ..model import Deck

SEEDS = range(1, 41)   # the first seed whose game shows the moment the finder looks for


@dataclass(frozen=True)
class ExampleCard:
    """One card of an example: which card, and the seat (counted from 1) that played it, if any."""

    card_id: str
    seat: int | None = None


@dataclass(frozen=True)
class PlayExample:
    """A moment of a game to picture: its cards in order and the facts (names, seats) its caption prints."""

    cards: tuple[ExampleCard, ...]
    facts: dict = field(default_factory=dict)


def moves(engine, seed: int) -> Iterator:
    """Play one game with the greedy policy at every seat; yield each state before a player's action, applied
    after the finder has looked."""
    rng = random.Random(seed)
    state = engine.new_game(rng)
    bound = engine.max_game_length()
    while not state.is_terminal() and state.turns < bound:
        if state.player < 0:   # chance: the deal
            state.apply_action(state.sample_chance(rng))
            continue
        action = engine.greedy_action(state, rng)
        yield state, action
        state.apply_action(action)


def play_example(deck: Deck, players: int, lang: str) -> PlayExample | None:
    """Return the game's example of play for this deck, or None when the game has none or no seed shows it."""
    from ..games import spec_for

    spec = spec_for(deck.game) if deck.game else None
    if spec is None or not spec.book.example or spec.engine is None:
        return None
    module, _, name = spec.book.example.partition(":")
    finder = getattr(importlib.import_module(f"{spec.package}.{module}"), name)
    engine = spec.engine_class()(deck, players, {"lang": lang})
    for seed in SEEDS:
        found = finder(engine, moves(engine, seed), lang)
        if found is not None:
            return found
    return None
