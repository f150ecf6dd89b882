"""Known attacks: read a case of `tests/security/corpus/` and set it up over the fuzz deck.

A case file starts with a one-line comment saying what it attacks, then says how to change the valid deck
(`hostile.write_base_deck`) and which commands to run:

    commands: [validate, show]        # names from hostile.COMMANDS
    prepend: {deck.yaml: "..."}       # text put before a file's text
    replace: {deck.yaml: [[old, new]]}  # exact replacements (each must match)
    write: {path: text}               # whole files; `@@REPEAT(n, text)@@` repeats text n times
    link: {path: target}              # symbolic links (targets as written: "../outside/x", "/dev/zero")
    fifo: [path]                      # named pipes
    sparse: {path: bytes}             # files of that size with no data
    output: deck/deck.yaml            # the -o of each command (for `new`, its target), relative to the case
    existing: {out/png/mine.txt: text}  # files that must still be there, unchanged, afterwards
    error: "text"                     # the command must fail (exit 1) with this in its message
    timeout: 30                       # processor seconds before the command counts as hanging (default 60)

Paths are relative to the deck's folder unless they start with out/ or outside/ (the case's other folders).
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import yaml

import hostile

CORPUS = Path(__file__).resolve().parent / "corpus"
REPEAT = re.compile(r"@@REPEAT\((\d+), (.*?)\)@@", re.S)


def cases() -> list[Path]:
    return sorted(CORPUS.glob("*.yaml"))


def read(path: Path) -> dict:
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    spec["attack"] = path.read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
    return spec


def _expand(text: str) -> str:
    return REPEAT.sub(lambda match: match.group(2) * int(match.group(1)), text)


def _place(case: Path, name: str) -> Path:
    return case / name if name.split("/")[0] in ("out", "outside", "work") else case / "deck" / name


def set_up(case: Path, spec: dict) -> None:
    """Change the fresh deck in `case` as the spec says."""
    for name, text in spec.get("prepend", {}).items():
        target = _place(case, name)
        target.write_text(_expand(text) + target.read_text(encoding="utf-8"), encoding="utf-8")
    for name, pairs in spec.get("replace", {}).items():
        target = _place(case, name)
        source = target.read_text(encoding="utf-8")
        for old, new in pairs:
            assert old in source, (name, old)
            source = source.replace(old, _expand(new), 1)
        target.write_text(source, encoding="utf-8")
    for name, text in {**spec.get("write", {}), **spec.get("existing", {})}.items():
        _fresh(_place(case, name)).write_text(_expand(text), encoding="utf-8")
    for name, target in spec.get("link", {}).items():
        _fresh(_place(case, name)).symlink_to(target)
    for name in spec.get("fifo", []):
        os.mkfifo(_fresh(_place(case, name)))
    for name, size in spec.get("sparse", {}).items():
        with open(_fresh(_place(case, name)), "wb") as sparse:
            sparse.truncate(size)


def _fresh(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    return path


def check(case: Path, spec: dict, outcome: hostile.Outcome) -> list[str]:
    """The promises a case adds to `hostile.problems`: its expected error, files that must stay, no secret out."""
    found = []
    if "error" in spec and not (outcome.code == 1 and spec["error"] in outcome.output):
        found.append(f"expected exit 1 with {spec['error']!r}")
    for name, text in spec.get("existing", {}).items():
        path = _place(case, name)
        if not path.is_file() or path.read_text(encoding="utf-8") != _expand(text):
            found.append(f"{name} was removed or changed")
    for path in (case / "out").rglob("*"):
        if path.is_file() and not path.is_symlink() and _leaks(path):
            found.append(f"{path.relative_to(case)} holds a file from outside the deck's folder")
    return found


def _leaks(path: Path) -> bool:
    """Whether an output holds the secret text or the 8 × 8 picture from outside/ (in a PDF: any decoded stream,
    any image of that size)."""
    data = path.read_bytes()
    if hostile.SECRET.encode() in data:
        return True
    if data.startswith(b"%PDF"):
        import pikepdf

        with pikepdf.open(path) as pdf:
            streams = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream)]
            return any(hostile.SECRET.encode() in stream.read_bytes() or
                       (stream.get("/Subtype") == "/Image" and stream.get("/Width") == 8 and stream.get("/Height") == 8)
                       for stream in streams)
    return False
