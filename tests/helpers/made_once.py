"""Expensive test outputs (a typeset rulebook, a built deck) made once per test run and shared by every worker.

pytest-xdist runs each test file in one of several worker processes, so a session-scoped fixture still makes its
output once per worker. `made_once` keeps outputs in a folder all workers of the run share (the parent of each
worker's base temporary folder, as pytest-xdist documents) and lets whichever worker asks first make each one,
under a file lock; the others wait for it and read the same file. The folder belongs to this run alone: nothing
is reused from an earlier run, so a change to the code is always tested.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
from pathlib import Path
from typing import Callable


def shared_folder(tmp_path_factory, name: str) -> Path:
    """Return a folder of this test run shared by all its xdist workers (the session's own without xdist)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    folder = base / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def made_once(folder: Path, name: str, make: Callable[[Path], object]) -> Path:
    """Return `folder / name`, calling `make(path)` to write it unless a worker already has.

    A make that fails leaves no file, so the next test to ask tries again and fails the same way.
    """
    target = folder / name
    with open(folder / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not target.exists():
            partial = folder / f".{name}.partial{target.suffix}"
            make(partial)
            partial.replace(target)
    return target


def deck_key(deck: str | Path) -> str:
    """A file-name-safe key for a deck argument: a bundled deck's id, or a deck folder's name and a hash of its
    deck file (two workers make the same custom deck in folders of their own)."""
    path = Path(deck)
    if not path.exists():
        return str(deck)
    folder, deck_file = (path, path / "deck.yaml") if path.is_dir() else (path.parent, path)
    digest = hashlib.sha256(deck_file.read_bytes()).hexdigest()[:12]
    return f"{folder.name}-{digest}"
