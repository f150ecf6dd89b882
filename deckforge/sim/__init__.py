"""Sim: play games of a deck with computer players, to prove it can be played.

The engines live with their games (deckforge/games/<game>/engine.py); this package holds what all games share:
the OpenSpiel-shaped interface (base.py), a game's result (results.py), the policies, the search player, the runner
and the summaries.
"""
from .base import (CHANCE, TERMINAL, Engine, GameInfo, GameResult, IllegalActionError, InvariantError, SimulationError,
                   State, engine_for, play_game)

__all__ = ["CHANCE", "TERMINAL", "Engine", "GameInfo", "GameResult", "IllegalActionError", "InvariantError",
           "SimulationError", "State", "engine_for", "play_game"]
