"""Summaries of the bundled decks as `deckforge list` prints them, kept in a cache so listing reads no deck file.

The cache lives in $XDG_CACHE_HOME/deckforge (or ~/.cache/deckforge), never beside the decks. It is keyed on the
path, size and modification time of every file in the decks' folder (deck files, the decks they extend,
spreadsheets, art) and of deckforge's own modules (the rules a deck is checked against), so any edit reloads the
decks. A cache that is missing, corrupt or unwritable is ignored: the decks are loaded as if there were none.
Whenever a summary file is written, those of folders that are gone (a deleted clone, a test's temporary folder)
are removed, so the cache does not grow with every folder ever listed.
"""
from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

from .paths import BUNDLED_DIR

CACHE_VERSION = 1
PACKAGE_DIR = Path(__file__).resolve().parent.parent
SUMMARY_KEYS = {"id": str, "game": (str, type(None)), "low": int, "high": int, "per_set": int, "languages": list,
                "cards": int, "name": str}


def deck_summaries(folder: Path = BUNDLED_DIR) -> list[dict]:
    """Return one summary per deck in `folder` (its subfolders' deck.yaml files), sorted by folder name.

    Each summary holds the deck's id, game (or None), player range (low, high, per_set), languages, card count at
    the base player count and English name.
    """
    stamp = _fingerprint(folder)
    cache = _cache_file(folder)
    summaries = _read_cache(cache, stamp) if cache else None
    if summaries is None:
        from .deck import load_deck

        summaries = [_summary(load_deck(path)) for path in sorted(folder.glob("*/deck.yaml"))]
        if cache:
            _write_cache(cache, folder, stamp, summaries)
            _drop_vanished(cache)
    return summaries


def _summary(deck) -> dict:
    return {"id": deck.id, "game": deck.game, "low": deck.players.low, "high": deck.players.high,
            "per_set": deck.players.per_set or 0, "languages": list(deck.languages), "cards": deck.set_size,
            "name": deck.name("en")}


def cache_dir() -> Path | None:
    """Return deckforge's cache folder: $XDG_CACHE_HOME/deckforge, else ~/.cache/deckforge (None if neither)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative path is invalid and ignored
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no home folder to be found
            return None
    return Path(base) / "deckforge"


def _cache_file(folder: Path) -> Path | None:
    where = cache_dir()
    if where is None:
        return None
    name = zlib.crc32(str(folder.resolve()).encode("utf-8", "surrogateescape"))
    return where / f"list-{name:08x}.json"


def _fingerprint(folder: Path) -> str:
    """List the path, size and modification time of every file the summaries depend on."""
    lines = [f"version {CACHE_VERSION}"]
    for root in (folder.resolve(), PACKAGE_DIR):
        lines.extend(f"{path} {size} {mtime}" for path, size, mtime in file_stats(root))
    return "\n".join(lines)


def file_stats(root: Path) -> list[tuple[str, int, int]]:
    """Return (path, size, modification time in ns) of every file below `root`, links to folders not followed."""
    found = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return found
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):  # a link to a folder is not followed: it may loop
                if entry.name != "__pycache__":
                    found.extend(file_stats(Path(entry.path)))
            else:
                stat = entry.stat()
                found.append((entry.path, stat.st_size, stat.st_mtime_ns))
        except OSError:
            found.append((entry.path, -1, -1))
    return sorted(found)


def _read_cache(cache: Path, stamp: str) -> list[dict] | None:
    """Return the cached summaries if they were made from the same files, else None (whatever the file holds)."""
    try:
        stored = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("stamp") != stamp or not isinstance(stored.get("decks"), list):
        return None
    summaries = stored["decks"]
    for summary in summaries:
        if not isinstance(summary, dict) or set(summary) != set(SUMMARY_KEYS) or not all(
                isinstance(summary[key], kind) for key, kind in SUMMARY_KEYS.items()) or not all(
                isinstance(lang, str) for lang in summary["languages"]):
            return None
    return summaries


def _write_cache(cache: Path, folder: Path, stamp: str, summaries: list[dict]) -> None:
    data = {"folder": str(folder.resolve()), "stamp": stamp, "decks": summaries}
    keep_file(cache, json.dumps(data).encode("ascii"))


def _drop_vanished(kept: Path) -> None:
    """Remove the other summary files whose decks folder no longer exists, or that do not say which it was."""
    for other in kept.parent.glob("list-*.json"):
        if other == kept:
            continue
        try:
            folder = json.loads(other.read_bytes()).get("folder")
            if isinstance(folder, str) and os.path.isdir(folder):
                continue
        except (OSError, ValueError, AttributeError):
            pass  # unreadable or not a summary file: gone with the rest
        try:
            other.unlink()
        except OSError:
            pass


def keep_file(target: Path, data: bytes) -> None:
    """Write a file of the cache atomically; a folder that cannot be written leaves things as they were."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            temporary.write_bytes(data)
            os.replace(temporary, target)
        finally:
            temporary.unlink(missing_ok=True)
    except OSError:
        pass
