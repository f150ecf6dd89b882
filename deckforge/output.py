"""Write output files atomically: a temporary file beside the target, renamed into place only when complete.

An interrupted or failed run therefore leaves any earlier output byte-for-byte intact and no partial file behind.
"""
from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .errors import BuildError

OUTPUT_DIR = Path("output")


def default_output(deck_id: str, filename: str) -> Path:
    """Return output/<deck>/<filename> relative to the working directory."""
    return OUTPUT_DIR / deck_id / filename


@contextmanager
def atomic_path(target: Path | str) -> Iterator[Path]:
    """Yield a temporary path in the target's folder; rename it onto the target when the block succeeds."""
    target = Path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"cannot create the folder {target.parent}: {exc.strerror}") from None
    if target.is_dir():
        raise BuildError(f"{target} is a folder; give a file name for the output")
    # The temporary name is chosen before the file exists, inside the try: a signal that arrives at any moment
    # after the file appears still finds the cleanup below.
    tmp_path = Path(tempfile.mktemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent))
    try:
        with open(tmp_path, "xb"):
            pass
        yield tmp_path
        os.chmod(tmp_path, 0o666 & ~_umask())  # the file is made 0600-safe; give it the user's usual mode
        os.replace(tmp_path, target)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(target: Path | str, data: bytes) -> Path:
    """Write bytes to target atomically and return the target path."""
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return Path(target)
