"""What the report's design measures cost: every registered game played plain and measured, side by side.

`play_game(..., measure=True)` (deckforge/sim/measures.py) counts forced decisions and reads the standings after
every decision; only the report asks for it, so `simulate` keeps the plain loop. This prints the CPU time per
decision of both at each game's lowest player count and the measured/plain ratio, measured in the same run. Run by
hand:

    python benchmarks/bench_measures.py [--seconds 2]
"""
from __future__ import annotations

import argparse
import time

from deckforge.games import specs
from deckforge.load import bundled_decks, load_deck
from deckforge.sim.base import engine_for, play_game
from deckforge.sim.runner import game_rng


def per_decision(engine, measure: bool, seconds: float) -> float:
    """Return CPU microseconds per decision over seeded random games played for about `seconds`."""
    seats, games, decisions = ["random"] * engine.players, 0, 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        decisions += play_game(engine, game_rng(1, games), seats, measure=measure).turns
        games += 1
    return elapsed / decisions * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    seconds = parser.parse_args().seconds
    decks = {deck.game: deck for deck in map(load_deck, bundled_decks())}
    print(f"{'game':<22}{'players':>8}{'plain µs':>10}{'measured µs':>13}{'ratio':>7}")
    for game in sorted(game for game, spec in specs().items() if spec.engine and game in decks):
        deck = decks[game]
        engine = engine_for(deck, deck.players.low, {"variants": (), "trace": False})
        plain, measured = per_decision(engine, False, seconds), per_decision(engine, True, seconds)
        print(f"{game:<22}{deck.players.low:>8}{plain:>10.2f}{measured:>13.2f}{measured / plain:>7.2f}")


if __name__ == "__main__":
    main()
