"""Run a fresh corpus of hostile decks through every command and count what broke the promises of docs/security.md.

    .venv/bin/python tools/hostile_run.py --cases 300 --seed 20261201 --jobs 2

Each case is the fuzz suite's valid deck (tests/security/hostile.py) with one to three random mutations, run
through one command (the commands take turns, so every command meets cases of every kind), in its own process
under a 1.5 GB address-space limit. Prints the counts (tracebacks, hangs, memory peaks past 1 GB, changed inputs,
writes outside the output) and every failing case with its mutations, command and the end of its output.
"""
from __future__ import annotations

import argparse
import collections
import random
import resource
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "security"))

import hostile  # noqa: E402  (found through the path set above)

KINDS = {"traceback": "tracebacks", "hang": "hangs (killed at the time limit)", "memory": "memory peaks past 1 GB",
         "inputs changed": "changed inputs", "written outside": "writes outside the output",
         "exit code": "other exit codes (killed by a signal, out of memory)", "failed without": "silent failures"}


def plan(cases: int, seed: int) -> list[tuple[str, list[tuple[str, int]], str | None]]:
    """Return (command, mutations, output) for each case: commands in turn, one to three mutations of random kinds,
    and for one case in five an output aimed at an input (hostile.OUTPUT_ATTACKS)."""
    rnd = random.Random(seed)
    names, commands = sorted(hostile.mutations()), list(hostile.COMMANDS)
    return [(commands[index % len(commands)],
             [(rnd.choice(names), rnd.randrange(2**32)) for _ in range(rnd.choice([1, 1, 1, 2, 3]))],
             rnd.choice(hostile.OUTPUT_ATTACKS) if rnd.random() < 0.2 else None)
            for index in range(cases)]


def run_one(scratch: Path, index: int, command: str, steps, output: str | None, timeout: float):
    case, deck = hostile.new_case(scratch, f"case{index:04d}")
    described = hostile.mutate(deck, steps) + [f"-o {output}"] * bool(output)
    argv = hostile.COMMANDS[command](str(deck / "deck.yaml"), str(case / "out"))
    argv = hostile.aim_output(argv, command, str(case / output)) if output else argv
    outcome = hostile.run_case(case, str(deck / "deck.yaml"), command, timeout=timeout, argv=argv)
    shutil.rmtree(case, ignore_errors=True)
    return index, described, outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a command is killed")
    args = parser.parse_args()
    # A mutation that went wrong must not fill the shared machine (the commands have their own, lower limit).
    resource.setrlimit(resource.RLIMIT_AS, (6 * 2**30, 6 * 2**30))
    counts, slow, by_command, failures = collections.Counter(), 0, collections.Counter(), []
    slow_cases = []
    with tempfile.TemporaryDirectory(prefix="hostile-") as scratch, ThreadPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(run_one, Path(scratch), index, command, steps, output, args.timeout)
                for index, (command, steps, output) in enumerate(plan(args.cases, args.seed))]
        for job in jobs:
            index, described, outcome = job.result()
            by_command[outcome.command] += 1
            slow += outcome.seconds > 30
            if outcome.seconds > 15 and not outcome.problems:
                slow_cases.append(f"case {index}: {' | '.join(described)}: {outcome.command} exit {outcome.code} "
                                  f"after {outcome.seconds:.0f} s")
            for problem in outcome.problems:
                counts[next((kind for kind in KINDS if problem.startswith(kind)), problem)] += 1
            if outcome.problems:
                failures.append(f"case {index}: {' | '.join(described)}\n  {outcome.summary()}")
            print(f"{index + 1}/{args.cases} {outcome.command} exit {outcome.code} {outcome.seconds:.1f} s"
                  f"{' FAIL' if outcome.problems else ''}", file=sys.stderr, flush=True)
    print("\n\n".join(failures))
    print("\nslow but within the limit (over 15 s):\n" + "\n".join(slow_cases))
    print(f"\n{args.cases} cases (seed {args.seed}), by command: {dict(sorted(by_command.items()))}")
    for kind, label in KINDS.items():
        print(f"{label}: {counts[kind]}")
    print(f"commands that took more than 30 s (finished or killed): {slow}")
    print(f"cases with any failure: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
