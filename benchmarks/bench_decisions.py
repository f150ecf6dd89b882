"""The search player decision by decision: how much its choice gains over the greedy player's, with an error bar.

Whole matches need hundreds of games to tell a small edge from luck; single decisions need far fewer. Positions
come from seeded greedy games (decisions with a choice, spread over the games' course). At each the search chooses
as it would in play; where it differs from the greedy player, both choices are valued by the same `--valuations`
greedy playouts of the real position (the real hidden cards, the same chance draws for both: common random
numbers). The gain of a decision is the mean difference in the chooser's result, 1 for first place and 0 else
(`--value places`: the game's returns, +1 first to -1 last); decisions where both agree gain 0. It prints the mean
gain per decision with a choice, with one standard error, and the search's time. Run by hand, e.g.

    python benchmarks/bench_decisions.py --game prsi --players 4 --positions 200
    python benchmarks/bench_decisions.py --game prsi --players 4 --reward places --steps 60000
    python benchmarks/bench_decisions.py --game prsi --players 4 --peek     # the search sees every hand

`--peek` lets the search deal the real hidden cards (an upper bound on what better beliefs could give).
`--own G` takes the positions from G games the search plays itself (one seat searching in turn, the others greedy),
every decision of the searching seat with a choice: at 4 players Prší's positions from greedy games overstated the
gain (docs/simulator.md, "The search player").
"""
from __future__ import annotations

import argparse
import math
import random
import time

from deckforge.load import bundled_decks, load_deck
from deckforge.sim import mcts
from deckforge.sim.base import CHANCE, engine_for



def own_positions(engine, games: int, search, wins: list[int]):
    """Yield (state, choice) at every decision with a choice of the searching seat in `games` seeded games, the
    search in seat g % n of game g and greedy players elsewhere; the game goes on with the search's choice. Append
    1 to `wins` for each game the searching seat wins."""
    for game in range(games):
        rng, me = random.Random(f"own/{game}"), game % engine.players
        state = engine.new_game(rng)
        while not state.is_terminal():
            if state.player == CHANCE:
                state._apply_action(state.sample_chance(rng))
            elif state.player == me and len(state._legal_actions()) > 1:
                chosen = search(state, random.Random(f"s/{game}/{state.turns}"))
                yield state.clone(), chosen
                state._apply_action(chosen)
            else:
                state._apply_action(engine.greedy_action(state, rng))
        if me in state.result().winners:
            wins.append(1)


def value(state, action: int, seat: int, chance_seed: int, places: bool) -> float:
    """Play `action` in the real `state`, then greedy play to the end; return `seat`'s result."""
    world = state.clone()
    world._apply_action(action)
    rng, engine, bound = random.Random(chance_seed), world.engine, world.engine.max_game_length()
    while not world.is_terminal() and world.turns < bound:
        world._apply_action(world.sample_chance(rng) if world.player == CHANCE else engine.greedy_action(world, rng))
    returns = world.returns()
    return returns[seat] if places else mcts.first_place(returns)[seat]


def gain(state, chosen: int, greedy: int, valuations: int, places: bool) -> float:
    """Return the mean result of `chosen` less that of `greedy` over the same chance draws."""
    seat, total = state.player, 0.0
    for k in range(valuations):
        total += value(state, chosen, seat, k, places) - value(state, greedy, seat, k, places)
    return total / valuations


class Peeking:
    """A state whose determinizations are the real state: the search then sees every hidden card."""

    def __init__(self, state):
        self._state = state

    def __getattr__(self, name):
        return getattr(self._state, name)

    def determinize(self, player: int, rng: random.Random):
        return self._state.clone()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="prsi")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7, help="seed of the greedy games the positions come from")
    parser.add_argument("--valuations", type=int, default=300, help="greedy playouts valuing each choice")
    parser.add_argument("--value", choices=("first", "places"), default="first", help="what a result is worth")
    parser.add_argument("--peek", action="store_true", help="the search deals the real hidden cards")
    parser.add_argument("--own", type=int, metavar="G", help="positions from G games the search plays itself")
    parser.add_argument("--steps", type=int, help="simulated decisions per decision (default: the player's)")
    parser.add_argument("--budget", type=int)
    parser.add_argument("--exploration", type=float)
    parser.add_argument("--rollout", choices=mcts.ROLLOUTS)
    parser.add_argument("--reward", choices=mcts.REWARDS)
    parser.add_argument("--confidence", type=float)
    parser.add_argument("--out", help="write each position's gain to this file, one a line (to pair two runs)")
    args = parser.parse_args()
    options = {key: getattr(args, key) for key in ("budget", "exploration", "rollout", "reward", "confidence")
               if getattr(args, key) is not None}
    if args.steps:
        mcts.DEFAULT_STEPS = args.steps
    decks = {deck.game: deck for deck in map(load_deck, bundled_decks())}
    engine = engine_for(decks[args.game], args.players, {"variants": (), "trace": False})
    clock = [0.0]

    def search(state, rng):
        start = time.process_time()
        chosen = mcts.search(Peeking(state) if args.peek else state, rng, **options)
        clock[0] += time.process_time() - start
        return chosen
    wins = []
    if args.own:
        chosen_at = own_positions(engine, args.own, search, wins)
    else:
        chosen_at = ((state, search(state, random.Random(index)))
                     for index, state in enumerate(mcts.greedy_positions(engine, args.seed, args.positions)))
    gains, differed = [], 0
    for state, chosen in chosen_at:
        greedy = engine.greedy_action(state, random.Random(0))
        differed += chosen != greedy
        gains.append(0.0 if chosen == greedy else gain(state, chosen, greedy, args.valuations, args.value == "places"))
    if args.out:
        with open(args.out, "w") as out:
            out.write("".join(f"{g}\n" for g in gains))
    count = len(gains)
    mean = sum(gains) / count
    error = math.sqrt(sum((g - mean) ** 2 for g in gains) / (count - 1) / count)
    where = f"{args.own} own games, {len(wins)} won" if args.own else f"greedy games, seed {args.seed}"
    print(f"{args.game} {args.players}p {options or 'defaults'} steps {mcts.DEFAULT_STEPS} peek {args.peek}, {where}: "
          f"gain {mean:+.4f} ± {error:.4f} per decision ({count} positions, {differed} differ from greedy), "
          f"{1000 * clock[0] / count:.0f} ms per search")


if __name__ == "__main__":
    main()
