"""The speed a maker feels (issue 20), each figure a ratio to a baseline measured in the same run.

- Startup: `deckforge --version` and `deckforge list` (its cache warm) against `python -c "import click"`,
  wall clock, best of N runs, the three commands taking turns so a busy machine slows them alike.
- Building: loading and building 1,000 and 5,000 distinct cards against plain ReportLab drawing the same cards
  (bench_layout.py's baseline: the deck already loaded, no templates, no fitting, no checks), and 1,000 cards
  with three copies of each face, as a bundled deck has them (some 20 faces in 60 cards), which the baseline draws
  card by card as a plain script would; CPU time of a
  fresh process each, the best of `--builds` processes of each side taking turns (a shared machine's speed moves
  by a fifth or more within minutes, and a single pair of runs moved the ratio as much), and the most memory one
  of them took (max RSS).
- File size: a copy of Kámen, nůžky, papír with every count multiplied by 30, built for 2 players in English,
  against the same deck as shipped: repeated faces are drawn once, so the PDF should stay under twice the size.

Usage: python benchmarks/bench_speed.py [--runs 10] [--builds 5] [--sizes 1000,5000] [--repeated 1000]
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# the same decks and baseline as the layout benchmark
from bench_layout import _baseline, baseline_cards, make_deck  # noqa: E402

DECKFORGE = Path(sys.executable).with_name("deckforge")


def startup(runs: int) -> dict[str, float]:
    """Return the best wall time of each command, the commands taking turns."""
    commands = {"import click": [sys.executable, "-c", "import click"],
                "deckforge --version": [str(DECKFORGE), "--version"],
                "deckforge list": [str(DECKFORGE), "list"]}
    subprocess.run(commands["deckforge list"], capture_output=True, check=True)  # the cache, as a user has it
    best = {name: float("inf") for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True)
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def worker(kind: str, deck_folder: Path, out: Path) -> None:
    """Load and build (ours) or draw (the baseline) once; print CPU seconds and peak memory as JSON."""
    from deckforge.layout import BuildOptions, build_deck
    from deckforge.load import load_deck

    if kind == "baseline":
        cards = baseline_cards(load_deck(deck_folder))
        # The loader pauses the garbage collector (deckforge/load/collector.py); the pass it owes over the loaded
        # deck is the loader's work, not the baseline's: make it before the clock starts.
        gc.collect()
        start = time.process_time()
        _baseline(cards, out)
    else:
        start = time.process_time()
        build_deck(load_deck(deck_folder), BuildOptions(backs="none"), out=out)
    seconds = time.process_time() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "peak_mb": peak_mb, "bytes": out.stat().st_size}))


def measure(kind: str, deck_folder: Path, out: Path) -> dict:
    done = subprocess.run([sys.executable, __file__, "--worker", kind, str(deck_folder), str(out)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def best_of(count: int, *sides) -> list[dict]:
    """Run each side's measurement `count` times, the sides taking turns; return each side's fastest run, with the
    most memory any of its runs took."""
    runs = [[] for _ in sides]
    for _ in range(max(1, count)):
        for found, side in zip(runs, sides):
            found.append(side())
    return [dict(min(found, key=lambda run: run["seconds"]), peak_mb=max(run["peak_mb"] for run in found))
            for found in runs]


def copies_pdf(scratch: Path, times: int) -> int:
    """Build the starter deck with every count multiplied by `times`; return the PDF's size in bytes."""
    folder = scratch / f"knp-x{times}"
    subprocess.run([str(DECKFORGE), "new", str(folder), "--from", "kamen-nuzky-papir"], capture_output=True,
                   check=True)
    deck = folder / "deck.yaml"
    text = re.sub(r"(?m)^(\s+(?:- )?)count: (\d+)\s*$", lambda m: f"{m.group(1)}count: {int(m.group(2)) * times}",
                  deck.read_text(encoding="utf-8"))
    deck.write_text(text, encoding="utf-8")
    out = scratch / f"knp-x{times}.pdf"
    subprocess.run([str(DECKFORGE), "build", str(folder), "--players", "2", "--lang", "en", "-o", str(out)],
                   capture_output=True, check=True)
    return out.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--builds", type=int, default=5, help="fresh processes per side for each card count")
    parser.add_argument("--sizes", default="1000,5000", help="decks of distinct cards")
    parser.add_argument("--repeated", default="1000", help="decks of three copies of each face")
    parser.add_argument("--worker", nargs=3, metavar=("KIND", "DECK", "OUT"))
    args = parser.parse_args()
    if args.worker:
        kind, deck, out = args.worker
        return worker(kind, Path(deck), Path(out))
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; python {sys.version.split()[0]}")
    best = startup(args.runs)
    base = best["import click"]
    print(f"\n{'startup (best of %d, wall)' % args.runs:32} {'seconds':>8} {'ratio':>6}")
    for name, seconds in best.items():
        print(f"{name:32} {seconds:>8.3f} {seconds / base:>5.1f}x")
    print(f"\n{'cards (load + build)':20} {'deckforge':>10} {'baseline':>9} {'ratio':>6} {'peak MB':>8} "
          f"{'base MB':>8} {'PDF kB':>7}")
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        decks = [(int(s), 1) for s in args.sizes.split(",") if s] + [(int(s), 3) for s in args.repeated.split(",") if s]
        for size, copies in decks:
            deck = make_deck(scratch / f"deck-{size}-{copies}", size, copies)
            ours, theirs = best_of(args.builds, lambda: measure("deckforge", deck, scratch / f"ours-{size}.pdf"),
                                   lambda: measure("baseline", deck, scratch / f"base-{size}.pdf"))
            label = f"{size:,} distinct" if copies == 1 else f"{size:,}, {copies} a face"
            print(f"{label:20} {ours['seconds']:>9.2f}s {theirs['seconds']:>8.2f}s "
                  f"{ours['seconds'] / theirs['seconds']:>5.2f}x {ours['peak_mb']:>8.0f} {theirs['peak_mb']:>8.0f} "
                  f"{ours['bytes'] / 1024:>7.0f}")
            shutil.rmtree(deck)
        one, thirty = copies_pdf(scratch, 1), copies_pdf(scratch, 30)
        print(f"\nPDF of Kámen, nůžky, papír, 2 players: x1 {one / 1024:.0f} kB, every count x30 {thirty / 1024:.0f} kB: "
              f"{thirty / one:.2f}x")


if __name__ == "__main__":
    main()
