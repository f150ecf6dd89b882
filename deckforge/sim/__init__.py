"""Sim: play games of a deck with computer players, to prove it can be played (one file per game)."""
from .base import ENGINES, Engine, GameInfo, GameResult, InvariantError, SimulationError, State, engine_for, play_game

__all__ = ["ENGINES", "Engine", "GameInfo", "GameResult", "InvariantError", "SimulationError", "State",
           "engine_for", "play_game"]
