"""Benchmark: complete DYMOCK games per second at 4 players, beside every other registered game in the same run.

Each bundled deck whose game has an engine plays seeded games through `play_game` (the runner's loop), first with
random players, then greedy ones; the table gives games/s, decisions/s and microseconds per decision (in CPU time:
a decision is a seat's choice; the chance nodes of the deal and the draws take time but are not counted), and each
game's speed over DYMOCK's. A second part (`--survey`) plays DYMOCK at 2, 4, 6, 7 and 12 players through the runner and
prints how often games stall, how long they run and the loser's seat (absolute, and counted from the first leader).

Run by hand: `python benchmarks/bench_dymock.py [--seconds 2] [--repeat 3] [--survey] [--games 1000]`.
Each speed figure is the best of --repeat runs, to be fair to every game under a shared CPU.
"""
from __future__ import annotations

import argparse
import random
import time

from deckforge.load import load_deck
from deckforge.load.deck import bundled_decks
from deckforge.sim import SimulationError, engine_for, play_game
from deckforge.sim.runner import simulate

PLAYERS = 4
SURVEY_COUNTS = (2, 4, 6, 7, 12)


def speed(engine, policy: str, seconds: float) -> tuple[float, float]:
    """Play seeded games for about `seconds`; return (games per second, decisions per second)."""
    rng, policies = random.Random(7), [policy] * engine.players
    games = decisions = 0
    start = time.process_time()  # CPU time: other processes on a shared machine do not count against the game
    while (elapsed := time.process_time() - start) < seconds:
        decisions += play_game(engine, rng, policies).turns
        games += 1
    return games / elapsed, decisions / elapsed


def best_speed(engine, policy: str, seconds: float, repeat: int) -> tuple[float, float]:
    return max((speed(engine, policy, seconds) for _ in range(repeat)), key=lambda figures: figures[0])


def engines_at(players: int) -> dict[str, object]:
    """Return an engine per bundled deck with a simulator, DYMOCK first."""
    found = {}
    for path in bundled_decks():
        deck = load_deck(path)
        try:
            found[deck.id] = engine_for(deck, players)
        except SimulationError as exc:  # no engine for this game (yet), or not at this count
            print(f"{deck.id}: skipped ({exc})")
    return dict(sorted(found.items(), key=lambda item: item[0] != "dymock"))


def compare(seconds: float, repeat: int) -> None:
    """Print each game's speed at 4 players and its ratio to DYMOCK's, per policy."""
    engines = engines_at(PLAYERS)
    print(f"\n{PLAYERS} players, play_game, best of {repeat} runs of {seconds:g} s each")
    print(f"{'deck':<20} {'policy':<7} {'games/s':>9} {'decisions/s':>12} {'us/decision':>12} {'vs dymock':>10}")
    for policy in ("random", "greedy"):
        base = None
        for deck_id, engine in engines.items():
            games, decisions = best_speed(engine, policy, seconds, repeat)
            base = base or games
            print(f"{deck_id:<20} {policy:<7} {games:>9,.0f} {decisions:>12,.0f} {1e6 / decisions:>12.2f}"
                  f" {games / base:>9.2f}x")


def survey(games: int) -> None:
    """Print DYMOCK's stall rate, game length and loser's seat at several player counts, per policy."""
    deck = load_deck("dymock")
    print(f"\nDYMOCK survey: {games} games per line through the runner (series of 10, seed 1)")
    for policy in ("greedy", "random"):
        for players in SURVEY_COUNTS:
            summary = simulate(deck, players, games, 1, policy)
            mean, median, longest = summary.turns_stats()
            print(f"{policy:<6} {players:>2} players: stalled {summary.stalemates}/{summary.games} "
                  f"({summary.stalemate_share:.1%}), turns mean {mean:.0f} median {median:.0f} max {longest}")
            print(f"{'':>18}loser's seat: {_shares(summary.extra_dict().get('loser_seat', {}), players)}")
            print(f"{'':>18}loser after the leader: {_shares(summary.figures.get('loser_after_leader', {}), players)}")


def _shares(counts: dict, players: int) -> str:
    total = sum(counts.values()) or 1
    return " ".join(f"{seat}:{counts.get(str(seat), 0) / total:.0%}" for seat in range(players))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per speed run (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per speed figure, best kept (default 3)")
    parser.add_argument("--survey", action="store_true", help="also survey DYMOCK at 2, 4, 6, 7 and 12 players")
    parser.add_argument("--games", type=int, default=1000, help="games per survey line (default 1000)")
    args = parser.parse_args()
    compare(args.seconds, args.repeat)
    if args.survey:
        survey(args.games)


if __name__ == "__main__":
    main()
