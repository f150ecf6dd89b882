"""Hostile decks for the fuzz suite: a small valid deck, mutations that break it, and one run of a command.

A mutation takes the deck's folder and a `random.Random` and changes files in it (it may also put things beside the
folder, in the case folder, as symbolic-link targets). `run_case` runs one command in its own process under a time
and an address-space limit and returns what the project promises not to do (docs/security.md): a traceback, a hang,
a memory peak, a changed input, a write outside the output. `tests/security/test_fuzz.py` draws mutations with
hypothesis; `tools/hostile_run.py` draws a few hundred with a seeded `random.Random` and counts the outcomes.
"""
from __future__ import annotations

import hashlib
import os
import random
import shutil
import stat
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import launcher

ROOT = Path(__file__).resolve().parents[2]
MEMORY_LIMIT = 1536 * 2**20   # address space of one command: 1.5 GB
PEAK_LIMIT = 2**30            # a resident peak above 1 GB counts as a failure
SECRET = "outside-secret-4c1d"

DECK = """\
id: fuzz-deck
game: kamen-nuzky-papir
languages: [cs, en]
name: {cs: Zkušební balíček, en: Test deck}
players: {min: 2, max: 4, per_set: 4}
card_size: poker
template: own
back:
  title: {cs: Rub, en: Back}
  colour: "#3b4a6b"
cards:
  - id: rock
    kind: item
    item: rock
    count: 5
    name: {cs: Kámen, en: Rock}
    text: {cs: Přebíjí nůžky., en: Beats scissors.}
    art: art/rock.png
  - id: paper
    kind: item
    item: paper
    count: 5
    name: {cs: Papír, en: Paper}
  - id: scissors
    kind: item
    item: scissors
    count: 5
    name: {cs: Nůžky, en: Scissors}
  - id: fate
    kind: spell
    item: rock
    count: 1
    name: {cs: Kámen osudu, en: Stone of Fate}
    text: {cs: Směr hry se obrací., en: Play reverses.}
    effects:
      - {effect: reverse}
  - id: changer
    kind: changer
    count: 2
    name: {cs: Měnič, en: Changer}
"""

RULEBOOK = """\
{% extends "kamen-nuzky-papir/cs.html" %}
{% block goal %}
<p>Cíl hry: zbavte se všech karet v ruce jako první.</p>
{% endblock %}
"""

CSV = """\
id,kind,item,count,name.cs,name.en,text.cs,text.en,art
rock,item,rock,5,Kámen,Rock,Přebíjí nůžky.,Beats scissors.,art/rock.png
paper,item,paper,5,Papír,Paper,,,
scissors,item,scissors,5,Nůžky,Scissors,,,
changer,changer,,2,Měnič,Changer,,,
"""


def write_base_deck(folder: Path) -> Path:
    """Write the valid deck every case starts from (own card template, art, rulebook prose) and return its file."""
    from PIL import Image

    (folder / "art").mkdir(parents=True)
    (folder / "rulebook").mkdir()
    (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
    (folder / "rulebook" / "cs.html").write_text(RULEBOOK, encoding="utf-8")
    shutil.copy(ROOT / "templates" / "cards" / "kamen-nuzky-papir.yaml", folder / "own.yaml")
    Image.new("RGB", (60, 80), "#c04020").save(folder / "art" / "rock.png")
    outside = folder.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.txt").write_text(SECRET, encoding="utf-8")
    Image.new("RGB", (8, 8), "#00ff00").save(outside / "secret.png")
    return folder / "deck.yaml"


# --- commands -----------------------------------------------------------------------------------------------------

COMMANDS = {
    "validate": lambda deck, out: ["validate", deck, "--players", "2", "--jobs", "1"],
    "show": lambda deck, out: ["show", deck, "--lang", "en"],
    "build-sheets": lambda deck, out: ["build", deck, "-o", f"{out}/sheets.pdf"],
    "build-cards-pdf": lambda deck, out: ["build", deck, "--format", "cards-pdf", "-o", f"{out}/cards.pdf"],
    "build-cards-png": lambda deck, out: ["build", deck, "--format", "cards-png", "-o", f"{out}/png"],
    "rulebook": lambda deck, out: ["rulebook", deck, "--lang", "cs", "--format", "html", "-o", f"{out}/rules.html"],
    "rulebook-pdf": lambda deck, out: ["rulebook", deck, "--lang", "cs", "-o", f"{out}/rules.pdf"],
    "new": lambda deck, out: ["new", f"{out}/copy", "--from", deck],
    "simulate": lambda deck, out: ["simulate", deck, "--players", "2", "--games", "3"],
    "report": lambda deck, out: ["report", deck, "--games", "4", "--jobs", "1", "-o", f"{out}/report.html"],
}

# Outputs that name what the command reads (relative to the case folder): each must be refused, inputs unchanged.
OUTPUT_ATTACKS = ["deck/deck.yaml", "deck/art/rock.png", "deck/own.yaml", "deck/rulebook/cs.html", "deck/rulebook",
                  "deck", "deck/art", "deck/deck.yaml/x.pdf"]


def aim_output(argv: list[str], command: str, output: str) -> list[str]:
    """Point a command's output at `output` instead of the case's out/ folder (for `new`, its target)."""
    argv = list(argv)
    if command == "new":
        argv[1] = output
    elif "-o" in argv:
        argv[argv.index("-o") + 1] = output
    return argv


@dataclass
class Outcome:
    """What one command did, and which promises it broke (empty when it behaved)."""

    command: str
    argv: list[str]
    code: int | None
    seconds: float
    peak_mb: float
    output: str
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        tail = self.output.strip().splitlines()[-3:]
        return f"{self.command}: exit {self.code}, {self.seconds:.1f} s, {self.peak_mb:.0f} MB: " \
               f"{'; '.join(self.problems)}\n    {' '.join(self.argv)}\n    " + "\n    ".join(tail)


def _run(argv: list[str], cwd: Path, timeout: float) -> tuple[int | None, float, float, str]:
    """Run deckforge; return exit code (None when stopped for time), seconds, peak resident MB and its output.

    `timeout` bounds the processor time of each of its processes; one blocked without using the processor is
    stopped after launcher.WALL_FACTOR times that in wall-clock seconds. The process is forked from a warm launcher
    (tests/security/launcher.py), or started fresh with DECKFORGE_FUZZ_FRESH=1.
    """
    env = dict(os.environ, PYTHONUNBUFFERED="1", COLUMNS="200")
    sink_path = cwd / ".stdout"
    if os.environ.get("DECKFORGE_FUZZ_FRESH") != "1":
        code, seconds, peak_kb = launcher.current().run(argv, cwd, env, timeout, MEMORY_LIMIT, sink_path)
    else:
        start = time.monotonic()
        with open(sink_path, "wb") as sink:
            def limits() -> None:
                launcher.limit(MEMORY_LIMIT, timeout)
                os.setsid()  # its own process group, so a hang is killed with every worker it started

            process = subprocess.Popen([sys.executable, "-m", "deckforge.cli", *argv], cwd=cwd, stdout=sink,
                                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
                                       preexec_fn=limits)
            code, usage, _ = launcher.wait_bounded(process.pid, launcher.WALL_FACTOR * timeout)
            process.returncode = -9 if code is None else code
            seconds, peak_kb = time.monotonic() - start, usage.ru_maxrss
    output = sink_path.read_bytes()[:200_000].decode("utf-8", "replace")
    sink_path.unlink()
    return code, seconds, peak_kb / 1024, output


# --- what must not change -----------------------------------------------------------------------------------------

def snapshot(folder: Path, skip: Path | None = None) -> dict[str, tuple]:
    """Every entry under `folder` (not following links) with its kind and content hash; `skip` is left out."""
    found = {}
    for here, dirs, files in os.walk(folder):
        here_path = Path(here)
        if skip is not None and (here_path == skip or skip in here_path.parents):
            dirs[:] = []
            continue
        for name in dirs + files:
            path = here_path / name
            if skip is not None and path == skip:
                continue
            found[str(path.relative_to(folder))] = _fingerprint(path)
    return found


def _fingerprint(path: Path) -> tuple:
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISDIR(info.st_mode):
        return ("dir",)
    if not stat.S_ISREG(info.st_mode):
        return ("special", stat.S_IFMT(info.st_mode))
    if info.st_size > 32 * 2**20:  # a sparse giant: hashing it would take the time the suite is meant to save
        return ("big", info.st_size, info.st_mtime_ns)
    return ("file", hashlib.sha256(path.read_bytes()).hexdigest())


def run_case(case: Path, deck_arg: str, command: str, timeout: float = 60.0,
             argv: list[str] | None = None) -> Outcome:
    """Run `command` on the deck in `case` (whose `deck/` holds it), or `argv` when given, and check the promises.

    The case folder is the whole world the command may see: the deck, `outside/` (link targets), `work/` (its
    current folder) and `out/` (the only place it may write).
    """
    out, work = case / "out", case / "work"
    work.mkdir(exist_ok=True)
    argv = argv or COMMANDS[command](deck_arg, str(out))
    before = snapshot(case, skip=out)
    code, seconds, peak_mb, output = _run(argv, work, timeout)
    after = snapshot(case, skip=out)
    outcome = Outcome(command, argv, code, seconds, peak_mb, output)
    outcome.problems = problems(outcome, before, after, timeout)
    return outcome


def problems(outcome: Outcome, before: dict, after: dict, timeout: float) -> list[str]:
    found = []
    if outcome.code is None:
        found.append(f"hang: used {timeout:.0f} s of processor time, "
                     f"or blocked for {launcher.WALL_FACTOR * timeout:.0f} s")
    elif "Traceback" in outcome.output:
        found.append("traceback")
    elif outcome.code not in (0, 1, 2):
        found.append(f"exit code {outcome.code}" + (" (out of memory?)" if "MemoryError" in outcome.output else ""))
    elif outcome.code != 0 and not outcome.output.strip():
        found.append("failed without a message")
    elif outcome.code != 0 and len(outcome.output) > 20_000:
        found.append(f"error output of {len(outcome.output):,} characters")
    if "MemoryError" in outcome.output or outcome.peak_mb * 2**20 > PEAK_LIMIT:
        found.append(f"memory: peak {outcome.peak_mb:.0f} MB")
    changed = sorted(name for name in before if before[name] != after.get(name))
    if changed:
        found.append(f"inputs changed: {changed[:5]}")
    added = sorted(set(after) - set(before))
    if added:
        found.append(f"written outside the output: {added[:5]}")
    return found


def new_case(parent: Path, name: str) -> tuple[Path, Path]:
    """Make a case folder with a fresh valid deck; return (case folder, deck folder)."""
    case = parent / name
    deck = case / "deck"
    deck.mkdir(parents=True)
    write_base_deck(deck)
    (case / "out").mkdir()
    return case, deck


def mutations() -> dict:
    """Every mutation by name (`hostile_mutations` edits the parsed deck, `hostile_files` bytes and files)."""
    import hostile_files
    import hostile_mutations

    found = {}
    for module in (hostile_mutations, hostile_files):
        for name in module.__all__:
            found[name] = getattr(module, name)
    return found


def mutate(deck: Path, names_and_seeds: list[tuple[str, int]]) -> list[str]:
    """Apply mutations in order; return their descriptions. A later one that no longer fits (the deck file is no
    longer YAML it can edit) is skipped and says so."""
    table, done = mutations(), []
    for name, seed in names_and_seeds:
        try:
            done.append(f"{name}: {table[name](deck, random.Random(seed))}")
        except Exception as error:  # noqa: BLE001  (a mutation that does not apply is not a finding)
            done.append(f"{name}: skipped ({type(error).__name__})")
    return done
