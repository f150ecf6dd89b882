"""Typeset rulebooks kept in deckforge's cache folder, so that a rulebook whose page and files have not changed is
not laid out again.

WeasyPrint takes two to five seconds to lay out a bundled rulebook, and `deckforge build --all` typesets eleven of
them every time, whichever deck was edited. A typeset PDF is kept in $XDG_CACHE_HOME/deckforge/rulebooks (or
~/.cache/deckforge/rulebooks), keyed on the whole HTML page, the PDF/X variant, the folders it may read, the
path, size and modification time of deckforge's own modules and the versions of the libraries that typeset;
beside it, every file the typesetter asked for (fonts, pictures, stylesheets) with its SHA-256, or a note that it
was missing. A kept PDF is used only when each of those files is still as it was and the PDF itself is whole, so
it is what typesetting again would write, byte for byte. The rulebooks used least recently are dropped beyond
KEEP. A cache that is missing, corrupt or unwritable costs only the time; DECKFORGE_RULEBOOK_CACHE=off typesets
every time.
"""
from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable

from ..load.listing import PACKAGE_DIR, cache_dir, file_stats, keep_file

CACHE_VERSION = 1
KEEP = 40
SWITCH = "DECKFORGE_RULEBOOK_CACHE"
LIBRARIES = ("weasyprint", "pydyf", "fonttools", "pyphen", "tinycss2", "cssselect2", "tinyhtml5", "pillow")

Typesetting = Callable[[], tuple[bytes, Iterable[Path]]]


def typeset_once(html: str, pdf_x: str | None, folders: Iterable[Path], typeset: Typesetting) -> bytes:
    """Return the kept PDF of this page (typeset as `pdf_x`, with files from `folders`) if every file it used is
    unchanged, else `typeset()`'s PDF, kept with the files it asked for."""
    folder = _folder()
    if folder is None:
        return typeset()[0]
    allowed = [str(Path(path).resolve()) for path in folders]
    key = hashlib.sha256(json.dumps([CACHE_VERSION, html, pdf_x, allowed, _code_stamp()]).encode(
        "utf-8", "surrogateescape"))
    name = key.hexdigest()[:40]
    pdf = _read(folder, name)
    if pdf is None:
        pdf, files = typeset()
        _write(folder, name, pdf, files)
    return pdf


def _folder() -> Path | None:
    if os.environ.get(SWITCH, "").lower() in ("off", "0", "no", "false"):
        return None
    where = cache_dir()
    return where / "rulebooks" if where else None


@lru_cache(maxsize=1)
def _code_stamp() -> str:
    """Deckforge's own modules (path, size, modification time) and the typesetting libraries' versions."""
    from importlib.metadata import PackageNotFoundError, version

    def known(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "-"
    return json.dumps([file_stats(PACKAGE_DIR), [known(name) for name in LIBRARIES]])


def _digest(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def _read(folder: Path, name: str) -> bytes | None:
    """Return the kept PDF if its manifest is sound, every file in it unchanged and the PDF whole; else None."""
    manifest = folder / f"{name}.json"
    try:
        stored = json.loads(manifest.read_text(encoding="utf-8"))
        files, wanted = stored["files"], stored["pdf"]
        if not all(_digest(path) == digest for path, digest in files):
            return None
        pdf = (folder / f"{name}.pdf").read_bytes()
        if hashlib.sha256(pdf).hexdigest() != wanted:
            return None
        os.utime(manifest)  # used now: the last to be dropped
        return pdf
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write(folder: Path, name: str, pdf: bytes, files: Iterable[Path]) -> None:
    """Keep the PDF and its manifest (the PDF first: a manifest names only a whole PDF); drop the oldest beyond
    KEEP."""
    listed = [[path, _digest(path)] for path in sorted(set(map(str, files)))]
    keep_file(folder / f"{name}.pdf", pdf)
    keep_file(folder / f"{name}.json", json.dumps({"files": listed, "pdf": hashlib.sha256(pdf).hexdigest()},
                                                  ensure_ascii=False).encode("utf-8", "surrogateescape"))
    _prune(folder)


def _prune(folder: Path) -> None:
    try:
        kept = sorted(folder.glob("*.json"), key=lambda path: path.stat().st_mtime_ns, reverse=True)
        for manifest in kept[KEEP:]:
            manifest.unlink(missing_ok=True)
            manifest.with_suffix(".pdf").unlink(missing_ok=True)
    except OSError:
        pass
