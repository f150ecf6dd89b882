"""The search player against the greedy player: win rate with a 95 % interval, and time per decision.

For every bundled game at 2 and 4 players (the counts its deck serves), the search player (`mcts`) sits in each
seat in turn with greedy players in all the others, and each seat assignment plays the same seeded games, as
`deckforge simulate DECK --seats mcts,greedy,...` would (series of ten, the previous winner starting the next
game). It prints how often the mcts seat won, with a Wilson 95 % interval, beside what the greedy player wins in
the same seats of the same seeded games (all greedy: 1/n, less the stalemates), and the mean time of one mcts
decision (only decisions with a choice: a forced move is played without searching). Run by hand:

    python benchmarks/bench_mcts.py                       # 4 games per seat: a rough look, about an hour of CPU
    python benchmarks/bench_mcts.py --games 60 --game kamen-nuzky-papir --players 2
    python benchmarks/bench_mcts.py --budget 400 --exploration 1.0 --rollout random
    python benchmarks/bench_mcts.py --steps 10000 --reward places --confidence 1 --game prsi

Seeds and the numbers of games are the same as the CLI's: `--games 60 --seed 3 --game kamen-nuzky-papir
--players 2` plays exactly the two acceptance runs `deckforge simulate kamen-nuzky-papir --players 2 --games 60
--seed 3 --seats mcts,greedy` and `--seats greedy,mcts`.
"""
from __future__ import annotations

import argparse
import math
import time

from deckforge.games import specs
from deckforge.load import bundled_decks, load_deck
from deckforge.sim import mcts
from deckforge.sim.base import GameResult, engine_for
from deckforge.sim.runner import iter_outcomes

Z95 = 1.959964


def wilson(wins: int, games: int) -> tuple[float, float]:
    """Return the Wilson score interval (95 %) of a win rate `wins / games`."""
    if not games:
        return 0.0, 1.0
    rate, z2 = wins / games, Z95 * Z95
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    spread = Z95 * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - spread), min(1.0, centre + spread)


class DecisionClock:
    """Times every call of the search (a forced move returns before searching and is not counted)."""

    def __init__(self):
        self.decisions, self.seconds = 0, 0.0
        self.search = mcts.search

    def __call__(self, state, rng, **options):
        if len(state._legal_actions()) == 1:
            return self.search(state, rng, **options)
        start = time.process_time()
        action = self.search(state, rng, **options)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action


def seat_wins(engine, games: int, seed: int, seats: list[str], options: dict) -> tuple[list[int], int]:
    """Return the wins of each seat over the seeded games (a tie for first counts for each tied seat)."""
    wins, played = [0] * len(seats), 0
    for outcome in iter_outcomes(engine, games, seed, seats, policy_options=options):
        if isinstance(outcome, GameResult):
            played += 1
            for seat in outcome.winners:
                wins[seat] += 1
    return wins, played


def measure(deck, players: int, games: int, seed: int, options: dict, clock: DecisionClock) -> dict:
    """Play mcts in each seat against greedy players; return its wins, the greedy baseline and the time."""
    engine = engine_for(deck, players, {"variants": (), "trace": False})
    decisions, seconds = clock.decisions, clock.seconds
    mcts_wins = played = 0
    for seat in range(players):
        seats = ["greedy"] * players
        seats[seat] = "mcts"
        wins, count = seat_wins(engine, games, seed, seats, options)
        mcts_wins, played = mcts_wins + wins[seat], played + count
    greedy, greedy_played = seat_wins(engine, games, seed, ["greedy"] * players, options)
    return {"wins": mcts_wins, "games": played, "greedy_rate": sum(greedy) / (greedy_played * players),
            "decisions": clock.decisions - decisions, "seconds": clock.seconds - seconds}


def player_counts(deck, wanted: list[int]) -> list[int]:
    return [n for n in wanted if deck.players.low <= n <= deck.players.high]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="seeded games per seat assignment (default 4)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--game", action="append", help="only this game id (repeatable; default: every game)")
    parser.add_argument("--players", type=int, action="append", help="only this player count (default: 2 and 4)")
    parser.add_argument("--budget", type=int, help="search iterations per decision (default: the player's)")
    parser.add_argument("--exploration", type=float, help="UCB1's exploration constant")
    parser.add_argument("--rollout", choices=mcts.ROLLOUTS, help="the policy that plays each iteration out")
    parser.add_argument("--steps", type=int, help="simulated decisions per decision without --budget "
                        f"(default {mcts.DEFAULT_STEPS:,})")
    parser.add_argument("--reward", choices=mcts.REWARDS, help="what a playout is worth to the search")
    parser.add_argument("--confidence", type=float, help="standard errors by which to overrule the playout policy")
    args = parser.parse_args()
    options = {key: value for key, value in (("budget", args.budget), ("exploration", args.exploration),
                                             ("rollout", args.rollout), ("reward", args.reward),
                                             ("confidence", args.confidence)) if value is not None}
    if args.steps:
        mcts.DEFAULT_STEPS = args.steps
    clock = DecisionClock()
    mcts.search = clock
    decks = {deck.game: deck for deck in map(load_deck, bundled_decks())}
    games = [game for game, spec in specs().items() if spec.engine and game in decks]
    print(f"mcts {options or 'defaults'} against greedy, seat-swapped, {args.games} games per seat, seed {args.seed}")
    print(f"{'game':20} {'players':>7} {'games':>6} {'mcts wins':>10} {'95 % interval':>15} {'greedy':>7} "
          f"{'ms/decision':>12}")
    for game in args.game or games:
        for players in player_counts(decks[game], args.players or [2, 4]):
            m = measure(decks[game], players, args.games, args.seed, {"mcts": options}, clock)
            low, high = wilson(m["wins"], m["games"])
            per_decision = 1000 * m["seconds"] / max(1, m["decisions"])
            print(f"{game:20} {players:>7} {m['games']:>6} {m['wins'] / m['games']:>9.1%} "
                  f"{f'{low:.1%} – {high:.1%}':>15} {m['greedy_rate']:>7.1%} {per_decision:>12.1f}", flush=True)


if __name__ == "__main__":
    main()
