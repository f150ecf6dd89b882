"""Benchmark: Wizard hands and card plays per second at 4 players, beside OpenSpiel's `oh_hell`.

Both engines play seeded random playouts through their Python API in the same run, chance nodes included (the
dealer, every card dealt, the card turned up): deckforge as its runner plays (`sample_chance` at a chance node, a
choice among `_legal_actions()` otherwise, then `_apply_action`), OpenSpiel through pyspiel (`legal_actions`,
`apply_action`, chance outcomes sampled with the same kind of `random.Random`). They are compared per hand of equal
size (oh_hell with `num_tricks_fixed` = r beside a Wizard round of r cards each) and per card played, since a Wizard
game is 15 hands at 4 players.
OpenSpiel's deck has 52 cards, so at 4 players its hands go up to 12 cards: sizes 1..12 are compared.

Run by hand: `python benchmarks/bench_wizard.py [--hands 500] [--repeat 7]` (open_spiel is a benchmark-only extra:
`pip install open_spiel`). Times are the process's CPU time, and each figure is the best of --repeat runs, to be
fair to both on a shared machine.
"""
from __future__ import annotations

import argparse
import random
import time

from deckforge.load import load_deck
from deckforge.sim import engine_for, play_game
from deckforge.sim.base import CHANCE

PLAYERS = 4
TARGET = 1.5   # deckforge's card plays per second over OpenSpiel's


def deckforge_hands(engine, size: int, hands: int, seed: int) -> float:
    """Play `hands` Wizard rounds of `size` cards each by random choices and sampled chance (the dealer too);
    return the seconds taken."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for _ in range(hands):
        state = engine.new_hand(size, dealer=None)
        apply, sample, legal = state._apply_action, state.sample_chance, state._legal_actions
        while not state.is_terminal():
            apply(sample(rng) if state.player == CHANCE else choice(legal()))
    return time.process_time() - start


def openspiel_hands(pyspiel, size: int, hands: int, seed: int) -> float:
    """Play `hands` oh_hell hands of `size` tricks by random choices and sampled chance; return the seconds."""
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": size})
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():   # oh_hell's chance outcomes (dealer, each card dealt) are equally likely
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
    return time.process_time() - start


def check_uniform_chance(pyspiel) -> None:
    """Make sure that sampling chance outcomes uniformly is the game's own distribution."""
    state = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": 3}).new_initial_state()
    while state.is_chance_node():
        probabilities = {round(p, 12) for _, p in state.chance_outcomes()}
        assert len(probabilities) == 1, "oh_hell chance outcomes are not uniform: sample them by weight"
        state.apply_action(state.chance_outcomes()[0][0])


def whole_games(engine, games: int, repeat: int) -> None:
    """Print complete 4-player Wizard games (15 hands) per second through the runner's play_game."""
    def run():
        rng = random.Random(7)
        start = time.process_time()
        turns = sum(play_game(engine, rng, ["random"] * PLAYERS).turns for _ in range(games))
        return time.process_time() - start, turns
    seconds, turns = min(run() for _ in range(repeat))
    plays = games * PLAYERS * engine.rounds * (engine.rounds + 1) // 2
    hands = games * engine.rounds
    print(f"whole games (play_game, random players): {games / seconds:,.0f} games/s, {hands / seconds:,.0f} hands/s, "
          f"{plays / seconds:,.0f} card plays/s, {turns / seconds:,.0f} decisions/s "
          f"({seconds / plays * 1e6:.2f} us per card played)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500, help="hands per size and run (default 500)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per figure, best kept (default 7)")
    parser.add_argument("--games", type=int, default=200, help="whole Wizard games for the first line")
    args = parser.parse_args()
    engine = engine_for(load_deck("wizard"), PLAYERS)
    whole_games(engine, args.games, args.repeat)
    try:
        import pyspiel
    except ImportError:
        print("open_spiel is not installed (pip install open_spiel): no comparison")
        return
    check_uniform_chance(pyspiel)
    compare(engine, pyspiel, args.hands, args.repeat)


def compare(engine, pyspiel, hands: int, repeat: int) -> None:
    """Print hands/s and card plays/s per hand size for both engines, and the ratio over all sizes.

    The runs alternate engine and size, `repeat` times over, and each figure keeps its best run, so that a burst
    of load on a shared machine does not fall on one engine alone.
    """
    sizes = range(1, 13)
    ours, theirs = {}, {}
    for _ in range(repeat):
        for size in sizes:
            ours[size] = min(ours.get(size, 1e9), deckforge_hands(engine, size, hands, size))
            theirs[size] = min(theirs.get(size, 1e9), openspiel_hands(pyspiel, size, hands, size))
    print(f"\n{'cards':>5} {'deckforge hands/s':>18} {'OpenSpiel hands/s':>18} {'ratio':>6}"
          f" {'deckforge plays/s':>18} {'OpenSpiel plays/s':>18}")
    for size in sizes:
        plays = hands * size * PLAYERS
        mine, peer = ours[size], theirs[size]
        print(f"{size:>5} {hands / mine:>18,.0f} {hands / peer:>18,.0f} {peer / mine:>5.2f}x"
              f" {plays / mine:>18,.0f} {plays / peer:>18,.0f}")
    plays = hands * PLAYERS * sum(sizes)
    ours_total, theirs_total = sum(ours.values()), sum(theirs.values())
    ratio = theirs_total / ours_total
    print(f"\nall sizes 1-12: deckforge {plays / ours_total:,.0f} card plays/s "
          f"({ours_total / plays * 1e6:.2f} us each), OpenSpiel {plays / theirs_total:,.0f} "
          f"({theirs_total / plays * 1e6:.2f} us each): {ratio:.2f}x "
          f"(target {TARGET}x: {'met' if ratio >= TARGET else 'NOT met'})")


if __name__ == "__main__":
    main()
