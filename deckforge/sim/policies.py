"""Computer players: each policy turns a state into the action of the seat to move.

`random` picks uniformly among the legal actions, `greedy` asks the game's own greedy player (documented per game
in docs/simulator.md), `mcts` searches (deckforge/sim/mcts.py). Seats may mix them.
"""
from __future__ import annotations

import random
from typing import Callable

from .base import Engine, SimulationError, State

POLICIES = ("random", "greedy", "mcts")


def _random(state: State, rng: random.Random) -> int:
    return rng.choice(state._legal_actions())


def chooser(name: str, engine: Engine, options: dict | None = None) -> Callable[[State, random.Random], int]:
    """Return the function that plays for a seat with the policy `name`."""
    if name == "random":
        return _random
    if name == "greedy":
        return engine.greedy_action
    if name == "mcts":
        from .mcts import mcts_chooser

        return mcts_chooser(engine, **(options or {}).get("mcts", {}))
    raise SimulationError(f"unknown policy '{name}' (one of: {', '.join(POLICIES)})")
