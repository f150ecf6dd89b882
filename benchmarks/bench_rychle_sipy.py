"""Benchmark: complete Záhada hlavolamu a Rychlé šípy games per second at 4 players, beside Kámen, nůžky, papír.

Both bundled decks play seeded games through `play_game` (the runner's loop) in the same run, with random players
and then greedy ones; the table gives games/s, decisions/s, microseconds per decision and Rychlé šípy's speed over
Kámen, nůžky, papír's. Times are this process's CPU time (the machine is shared), best of --repeat runs. A second
part (`--survey`) plays Rychlé šípy at 2, 3 and 4 players through the runner and prints how often games stall
(by a round in which nobody had a choice and nothing changed, by a position arising for the third time, or by the
turn bound), how long they run and who wins.

Run by hand: `python benchmarks/bench_rychle_sipy.py [--seconds 2] [--repeat 3] [--survey] [--games 1000]`.
"""
from __future__ import annotations

import argparse
import time

from deckforge.load import load_deck
from deckforge.sim import engine_for, play_game
from deckforge.sim.runner import game_rng, simulate

PLAYERS = 4
BASELINE = "kamen-nuzky-papir"
DECKS = ("rychle-sipy", BASELINE)


def speed(engine, policy: str, seconds: float) -> tuple[float, float]:
    """Play seeded games for about `seconds` of CPU time; return (games per second, decisions per second)."""
    policies = [policy] * engine.players
    games = decisions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        decisions += play_game(engine, game_rng(7, games), policies).turns
        games += 1
    return games / elapsed, decisions / elapsed


def compare(seconds: float, repeat: int) -> None:
    """Print both games' speed at 4 players and Rychlé šípy's ratio to Kámen, nůžky, papír, per policy."""
    engines = {deck_id: engine_for(load_deck(deck_id), PLAYERS) for deck_id in DECKS}
    print(f"{PLAYERS} players, play_game, best of {repeat} runs of {seconds:g} s CPU each")
    print(f"{'deck':<20} {'policy':<7} {'games/s':>9} {'decisions/s':>12} {'us/decision':>12} {'games vs knp':>13}")
    for policy in ("random", "greedy"):
        figures = {deck_id: max((speed(engine, policy, seconds) for _ in range(repeat)), key=lambda f: f[0])
                   for deck_id, engine in engines.items()}
        for deck_id, (games, decisions) in figures.items():
            ratio = games / figures[BASELINE][0]
            print(f"{deck_id:<20} {policy:<7} {games:>9,.0f} {decisions:>12,.0f} {1e6 / decisions:>12.2f}"
                  f" {ratio:>12.2f}x")


def survey(games: int) -> None:
    """Print Rychlé šípy's stall rate, game length and wins by seat at 2, 3 and 4 players, per policy."""
    deck = load_deck("rychle-sipy")
    print(f"\nRychlé šípy survey: {games} games per line through the runner (seed 1)")
    for policy in ("greedy", "random"):
        for players in (2, 3, 4):
            run = simulate(deck, players, games, 1, policy)
            mean, median, longest = run.turns_stats()
            by_round, by_repetition = run.figures.get("round_stalls", 0), run.figures.get("repetition_stalls", 0)
            by_bound = run.stalemates - by_round - by_repetition
            wins = " ".join(f"{seat}:{count / max(run.finished, 1):.0%}" for seat, count in enumerate(run.wins_by_seat))
            print(f"{policy:<6} {players} players: stalled {run.stalemates}/{run.games} ({run.stalemate_share:.1%};"
                  f" {by_round} by a round that changed nothing, {by_repetition} by a position arising thrice,"
                  f" {by_bound} by the bound), decisions mean {mean:.0f} median {median:.0f} max {longest};"
                  f" wins by seat {wins}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per speed run (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per speed figure, best kept (default 3)")
    parser.add_argument("--survey", action="store_true", help="also survey stalls at 2, 3 and 4 players")
    parser.add_argument("--games", type=int, default=1000, help="games per survey line (default 1000)")
    args = parser.parse_args()
    compare(args.seconds, args.repeat)
    if args.survey:
        survey(args.games)


if __name__ == "__main__":
    main()
