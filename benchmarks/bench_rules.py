"""The rules interpreter against a hand-written engine: Prší's own engine and a Prší-like game described as data
(docs/rules-format.md), on the same 32 cards, random players, single process, both measured in this run.

The description is Prší without stacking (a 7 makes the next player draw two, an ace makes them miss a turn, an
Ober goes on anything and names the suit; draw one or pass), so the games differ a little in length: the figure
compared is CPU time per decision (an action applied: a card laid, a draw, a suit named, a pass). Issue 21 asks the
interpreter for at least a third of a hand-written engine's speed, so the ratio printed should be at most 3.

    python benchmarks/bench_rules.py [--seconds 3] [--players 4]
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from deckforge.load import load_deck, resolve_deck
from deckforge.sim.base import engine_for, play_game
from deckforge.sim.runner import game_rng

DESCRIPTION = """
rules:
  ranks: ["7", "8", "9", "10", spodek, svrsek, kral, eso]
  setup:
    - deal: {to: hand, count: 4}
    - turn_up: {to: pile}
  play:
    style: turns
    moves:
      - play: {if: {wild: {rank: svrsek}}, then: [name_suit]}
      - play: {if: {match: [suit, rank]}}
      - draw: {count: 1}
      - pass: {}
  effects:
    - when: {rank: "7"}
      do: [{effect: draw, target: next, count: 2}]
    - when: {rank: eso}
      do: [skip]
  end: {round: first_out}
  winner: first_out
"""


def described_prsi(folder: Path):
    """Write the bundled Prší deck without its `game:` and with the description above; load it."""
    text = resolve_deck("prsi").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith(("game:", "template:"))]
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n" + DESCRIPTION, encoding="utf-8")
    return load_deck(folder / "deck.yaml")


def timed(engines, seconds: float, slice_seconds: float = 0.2) -> list[tuple[int, int, float]]:
    """Play random games on each engine in turn, a slice of CPU time at a time, until each had about `seconds`;
    return (games, decisions, CPU seconds) per engine. Alternating slices keep a busy shared machine from
    favouring whichever side happened to run while it was quiet."""
    totals = [[0, 0, 0.0] for _ in engines]
    while min(total[2] for total in totals) < seconds:
        for engine, total in zip(engines, totals):
            policies = ["random"] * engine.players
            start = time.process_time()
            while time.process_time() - start < slice_seconds:
                total[1] += play_game(engine, game_rng(1, total[0]), policies).turns
                total[0] += 1
            total[2] += time.process_time() - start
    return [tuple(total) for total in totals]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        described = described_prsi(Path(tmp))
        labels = ("hand-written Prší", "described Prší-like")
        engines = [engine_for(deck, args.players) for deck in (load_deck("prsi"), described)]
        rows = [(label, games, decisions, cpu, cpu / decisions * 1e6)
                for label, (games, decisions, cpu) in zip(labels, timed(engines, args.seconds))]
    for label, games, decisions, cpu, per in rows:
        print(f"{label:22} {games:6} games {decisions:9} decisions {cpu:6.2f} s  {per:7.2f} µs/decision")
    ratio = rows[1][4] / rows[0][4]
    print(f"interpreter / hand-written time per decision: {ratio:.2f} (issue 21 asks for at most 3)")


if __name__ == "__main__":
    main()
