"""Write output files atomically: a temporary file beside the target, renamed into place only when complete.

An interrupted or failed run therefore leaves any earlier output byte-for-byte intact and no partial file behind.
"""
from __future__ import annotations

import errno
import os
import shutil
import signal
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .errors import BuildError, display_path
from .output_guard import check_output

OUTPUT_DIR = Path("output")
RECORD = ".deckforge-files"  # in every folder deckforge writes: the names it wrote there, one a line


def default_output(deck_id: str, filename: str) -> Path:
    """Return output/<deck>/<filename> relative to the working directory."""
    return OUTPUT_DIR / deck_id / filename


def check_writable(target: Path | str) -> None:
    """Refuse at once, before any work, an output whose folder cannot be written (or, when the folder is still
    to be made, whose nearest existing folder cannot), with the message the writer would give at the end: a
    report or a rulebook need not be made in full to learn that. Other failures are left to the writer."""
    target = Path(target)
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    shown = display_path(target) if folder == target.parent else f"the folder {display_path(target.parent)}"
    doing = "write" if folder == target.parent else "create"
    if not folder.is_dir():  # a file where a folder of the path should be
        raise BuildError(f"cannot {doing} {shown}: {display_path(folder)} is a file, not a folder")
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".deckforge-probe-", dir=folder))
    except PermissionError as exc:
        raise BuildError(f"cannot {doing} {shown}: {exc.strerror}") from None
    except OSError as exc:
        if exc.errno == errno.EROFS:
            raise BuildError(f"cannot {doing} {shown}: {exc.strerror}") from None
        return


@contextmanager
def atomic_path(target: Path | str) -> Iterator[Path]:
    """Yield a temporary path in the target's folder; rename it onto the target when the block succeeds.

    The target must not be an input (`output_guard`); a folder that cannot be created or written ends in a
    BuildError naming it.
    """
    check_output(target)
    target = Path(target)
    if target.is_symlink():  # write the file the link names, keeping the link (the guard checked where it leads)
        target = Path(os.path.realpath(target))
    _make_parent(target)
    if target.is_dir():
        raise BuildError(f"{display_path(target)} is a folder; give a file name for the output")
    # The temporary name is chosen before the file exists, inside the try: a signal that arrives at any moment
    # after the file appears still finds the cleanup below.
    tmp_path = Path(tempfile.mktemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent))
    try:
        with _writing(target):
            with open(tmp_path, "xb"):
                pass
        try:
            yield tmp_path
        except OSError as exc:
            if exc.filename is None or Path(exc.filename) != tmp_path:
                raise
            raise BuildError(f"cannot write {display_path(target)}: {exc.strerror}") from None
        with _writing(target), uninterrupted():
            os.chmod(tmp_path, 0o666 & ~_umask())  # the file is made 0600-safe; give it the user's usual mode
            os.replace(tmp_path, target)
    finally:
        with uninterrupted():
            if tmp_path.exists():
                tmp_path.unlink()


def _make_parent(target: Path) -> None:
    """Create the target's folder and any missing above it; refuse a parent that is a file."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        blocker = next((p for p in (target.parent, *target.parent.parents) if p.exists() and not p.is_dir()),
                       target.parent)
        raise BuildError(f"cannot write {display_path(target)}: {display_path(blocker)} is a file, not a "
                         "folder") from None
    except OSError as exc:
        raise BuildError(f"cannot create the folder {display_path(target.parent)}: {exc.strerror}") from None


@contextmanager
def _writing(target: Path) -> Iterator[None]:
    """Turn a failure to write (a read-only folder, a full disk) into a BuildError naming the output."""
    try:
        yield
    except OSError as exc:
        raise BuildError(f"cannot write {display_path(target)}: {exc.strerror}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(target: Path | str, data: bytes) -> Path:
    """Write bytes to target atomically and return the target path."""
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return Path(target)


@contextmanager
def atomic_folder(target: Path | str, replaces: Callable[[str], bool] | None = None) -> Iterator[Path]:
    """Yield a staging folder beside the target; when the block succeeds, put its files in the target.

    A target that does not exist, or holds only what deckforge wrote there before (its RECORD lists them), is
    swapped for the staging folder in one rename. Files deckforge did not write are never deleted or overwritten:
    they stay, the new files are moved in beside them one by one, and a name clash fails before anything moves.
    The working folder (`-o .`) and the folders above it are never swapped, only filled the same way.
    `replaces`, when given, says which names this build owns: files an earlier build wrote under other names
    (another language's, in a folder that several builds share) stay, and stay in the record.
    """
    check_output(target)
    shown, target = display_path(target), Path(target).resolve()  # `.` has no name to put a staging folder beside
    if target.exists() and not target.is_dir():
        raise BuildError(f"{shown} is a file; this format writes a folder: give a folder name for the output")
    _make_parent(target)
    staging = Path(tempfile.mktemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent))  # as atomic_path
    try:
        with _writing(target):
            staging.mkdir(mode=0o700)
        yield staging
        with _writing(target), uninterrupted():
            _commit_folder(staging, target, shown, replaces)
    finally:
        with uninterrupted():
            shutil.rmtree(staging, ignore_errors=True)


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Let a few renames or a cleanup finish before a SIGINT or SIGTERM that arrives meanwhile takes effect, so
    that an interruption never leaves a folder half swapped or a temporary file behind."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread receives signals
        return
    arrived: list[int] = []
    held = (signal.SIGINT, signal.SIGTERM)
    handlers = [signal.signal(sig, lambda signum, frame: arrived.append(signum)) for sig in held]
    try:
        yield
    finally:
        for sig, handler in zip(held, handlers):
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        if arrived:
            signal.raise_signal(arrived[0])  # now the command's own handler ends it (exit 130 or 143)


def send_again(signum: int) -> bool:
    """Send this process `signum` again 50 ms from now, from a timer thread; False when no thread can start (the
    interpreter is shutting down).

    For a stop whose exception was lost: a signal's handler that ran inside a callback Python cannot raise from (a
    weak reference's, `__del__`) had its exception printed and dropped. Sent again from another thread, the signal
    is handled once the main thread is back in ordinary code; sent from the callback, it would be lost again."""
    again = threading.Timer(0.05, os.kill, (os.getpid(), signum))
    again.daemon = True
    try:
        again.start()
    except RuntimeError:
        return False
    return True


def _commit_folder(staging: Path, target: Path, shown: str, replaces: Callable[[str], bool] | None) -> None:
    written = sorted(p.name for p in staging.iterdir())
    ours = _written_before(target)
    kept = _other_builds_files(target, ours - set(written) - {RECORD}, replaces)
    (staging / RECORD).write_text("".join(f"{name}\n" for name in sorted({*written, *kept})), encoding="utf-8")
    os.chmod(staging, 0o777 & ~_umask())  # made 0700 while it fills; give it the user's usual mode
    if not target.exists():
        os.replace(staging, target)
        return
    foreign = sorted(p.name for p in target.iterdir() if p.name not in ours or _real_folder(p))
    if not foreign and not kept and not Path.cwd().resolve().is_relative_to(target):
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        os.replace(target, old)
        os.replace(staging, target)
        shutil.rmtree(old, ignore_errors=True)
        return
    clashes = [name for name in foreign if name in written]
    if clashes:
        raise BuildError(f"{shown} holds {', '.join(clashes)}, which deckforge did not write; move "
                         f"{'them' if len(clashes) > 1 else 'it'} away or give another folder")
    for name in written:
        os.replace(staging / name, target / name)
    for name in ours - set(written) - kept - {RECORD}:
        stale = target / name
        if stale.is_file() or stale.is_symlink():
            stale.unlink()
    os.replace(staging / RECORD, target / RECORD)


def _other_builds_files(target: Path, earlier: set[str], replaces: Callable[[str], bool] | None) -> set[str]:
    """Return the files of earlier builds that this build does not replace (none when it owns the whole folder)."""
    if replaces is None:
        return set()
    return {name for name in earlier if not replaces(name) and (target / name).is_file()}


def _real_folder(path: Path) -> bool:
    return path.is_dir() and not path.is_symlink()  # deckforge writes only files: a folder is never its own


def _written_before(folder: Path) -> set[str]:
    """Return the names deckforge wrote in this folder: its record, or for older output the files cards.csv lists.

    Only plain names count: a record naming `../x` or `a/b` (edited, or crafted by someone) cannot make deckforge
    touch anything outside the folder.
    """
    record, listing = folder / RECORD, folder / "cards.csv"
    if record.is_file():
        names = record.read_text(encoding="utf-8", errors="replace").splitlines()
        return {name for name in names if _plain_name(name)} | {RECORD}
    if listing.is_file():  # older deckforge wrote no record; its cards.csv starts "file,copies"
        rows = listing.read_text(encoding="utf-8", errors="replace").splitlines()
        if rows[:1] == ["file,copies"]:
            return {row.split(",")[0] for row in rows[1:] if _plain_name(row.split(",")[0])} | {"cards.csv"}
    return set()


def _plain_name(name: str) -> bool:
    return bool(name) and name not in (".", "..") and "/" not in name and "\\" not in name and name.isprintable()
