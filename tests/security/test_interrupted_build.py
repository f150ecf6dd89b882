"""A build killed midway leaves the earlier output byte-for-byte intact (deckforge.output.atomic_path)."""
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

DECKFORGE = [sys.executable, "-m", "deckforge.cli"]


def build(out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([*DECKFORGE, "build", "kamen-nuzky-papir", *extra, "-o", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def temporary_files(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".part")]


def wait_for_temporary_file(process: subprocess.Popen, folder: Path) -> bool:
    """Poll until the build has opened its temporary output; False if it finished first."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if temporary_files(folder):
            return True
        time.sleep(0.005)
    return False


@pytest.fixture
def earlier_output(tmp_path: Path) -> Path:
    out = tmp_path / "deck.pdf"
    assert build(out, "--players", "2", "--backs", "none").wait(timeout=120) == 0
    return out


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_build_killed_while_writing_keeps_earlier_output(earlier_output: Path, sig: int) -> None:
    before = earlier_output.read_bytes()
    process = build(earlier_output, "--players", "12")
    caught_midway = wait_for_temporary_file(process, earlier_output.parent)
    process.send_signal(sig)
    code = process.wait(timeout=60)
    assert caught_midway and code != 0, "the build finished before it could be interrupted"
    assert earlier_output.read_bytes() == before
    if sig == signal.SIGTERM:
        assert temporary_files(earlier_output.parent) == [], "a terminated build must remove its temporary file"


def test_output_gets_the_usual_file_mode(earlier_output: Path) -> None:
    assert earlier_output.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    import os
    mask = os.umask(0)
    os.umask(mask)
    return mask
