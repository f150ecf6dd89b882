"""Checks that stop when they know (issue 20): `validate` and `report` against their fixed-count runs.

For each deck, each command runs twice in fresh processes, taking turns: as shipped (rounds of seeded games that
stop once the answer is settled, deckforge/sim/sequential.py) and with --all-games, which plays every game of
every run as the commands did before (the baseline). Printed: wall seconds, CPU seconds (the command and its worker
processes), games played, and the ratio new / baseline of each. On a busy machine wall time follows the load; CPU
time and games do not, so they are the figures to compare across runs. Also timed: `validate` of a deck whose
static check fails (every card a rock), which should play no game at all.

Usage: python benchmarks/bench_checks.py [--decks kamen-nuzky-papir,dymock] [--commands validate,report] [--jobs N]
"""
from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DECKFORGE = Path(sys.executable).with_name("deckforge")
BUNDLED = ("kamen-nuzky-papir", "dymock", "prsi", "rychle-sipy", "wizard")
ALL_ROCK = """id: all-rock
game: kamen-nuzky-papir
languages: [en]
name: {en: All Rock}
players: {min: 2, max: 4}
card_size: poker
cards:
  - {id: rock, kind: item, item: rock, count: 20, name: {en: Rock}, text: {en: Beats scissors.}}
"""


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str]) -> tuple[float, float, str]:
    """Run a command; return its wall seconds, its CPU seconds (with its workers) and its output."""
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    return time.perf_counter() - start, children_cpu() - cpu, done.stdout + done.stderr


def games_played(command: str, output: str) -> int:
    pattern = r"played (\d+) seeded games" if command == "validate" else r": (\d+) games in"
    found = re.search(pattern, output)
    return int(found.group(1)) if found else 0


def measure(command: str, deck: str, jobs: list[str], folder: Path) -> dict[str, tuple[float, float, int]]:
    base = [str(DECKFORGE), command, deck, *jobs]
    if command == "report":
        base += ["-o", str(folder / f"{Path(deck).name}.html")]
    figures = {}
    for name, extra in (("new", []), ("baseline", ["--all-games"])):
        wall, cpu, output = timed(base + extra)
        figures[name] = (wall, cpu, games_played(command, output))
    return figures


def row(label: str, figures: dict) -> str:
    (wall, cpu, games), (b_wall, b_cpu, b_games) = figures["new"], figures["baseline"]
    ratio = lambda a, b: f"{a / b:.2f}" if b else "–"  # noqa: E731
    return (f"| {label} | {wall:.1f} s | {cpu:.1f} s | {games} | {b_wall:.1f} s | {b_cpu:.1f} s | {b_games} "
            f"| {ratio(wall, b_wall)} | {ratio(cpu, b_cpu)} | {ratio(games, b_games)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", default=",".join(BUNDLED))
    parser.add_argument("--commands", default="validate,report", help="Which commands to measure.")
    parser.add_argument("--jobs", type=int, default=None, help="Processes (default: every core).")
    args = parser.parse_args()
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []
    print("| Command | Wall | CPU | Games | Wall, all games | CPU, all games | Games, all | Wall ratio | CPU ratio "
          "| Games ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for command in args.commands.split(","):
            for deck in args.decks.split(","):
                print(row(f"{command} {deck}", measure(command, deck, jobs, folder)), flush=True)
        rock = folder / "all-rock"
        rock.mkdir()
        (rock / "deck.yaml").write_text(ALL_ROCK, encoding="utf-8")
        wall, cpu, output = timed([str(DECKFORGE), "validate", str(rock)])
        played = "no games played" if "no games were played" in output else "games played"
        print(f"\nvalidate of an all-rock deck (its static check fails): {wall:.2f} s wall, {cpu:.2f} s CPU, "
              f"{played}")


if __name__ == "__main__":
    main()
