"""SIGTERM ends every long command with 143 and Ctrl-C (SIGINT to the whole process group) with 130: no traceback,
no temporary file, no process left behind (deckforge/cli/__init__.py, deckforge/output.py)."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads /proc to see the handler")

DECKFORGE = [sys.executable, "-m", "deckforge.cli"]
COMMANDS = {
    "build": ["build", "kamen-nuzky-papir", "--players", "12", "-o", "cards.pdf"],
    "cards-png": ["build", "kamen-nuzky-papir", "--format", "cards-png", "-o", "pngs"],
    "rulebook": ["rulebook", "kamen-nuzky-papir", "-o", "rules.pdf"],
    "report": ["report", "kamen-nuzky-papir", "--games", "1000000", "--jobs", "2", "-o", "report.html"],
    "simulate": ["simulate", "kamen-nuzky-papir", "--games", "10000000", "--jobs", "2"],
    "validate": ["validate", "wizard"],
}
WRITES_AT_ONCE = {"build", "cards-png", "rulebook"}  # their temporary output exists while they work


def handles_sigterm(pid: int) -> bool:
    """True once the command has installed its SIGTERM handler (the bit of signal 15 in SigCgt)."""
    status = Path(f"/proc/{pid}/status").read_text()
    caught = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:")), 16)
    return bool(caught & (1 << (signal.SIGTERM - 1)))


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob("*") if ".part" in p.name or ".old-" in p.name]


def wait_until(condition, process: subprocess.Popen) -> bool:
    """Poll until the condition holds; False if the process ended first."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if condition():
            return True
        time.sleep(0.005)
    return False


def group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)], ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_signal_ends_the_command_cleanly(tmp_path: Path, name: str, sig: int, code: int) -> None:
    process = subprocess.Popen([*DECKFORGE, *COMMANDS[name]], cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)
    try:
        working = (lambda: leftovers(tmp_path)) if name in WRITES_AT_ONCE else (lambda: handles_sigterm(process.pid))
        assert wait_until(working, process), f"{name} ended before it could be interrupted"
        os.killpg(process.pid, sig)  # as a terminal's Ctrl-C does: to every process of the command
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == code, stderr.decode()
    assert b"Traceback" not in stderr, stderr.decode()
    assert leftovers(tmp_path) == []
    deadline = time.monotonic() + 30
    while not group_gone(process.pid) and time.monotonic() < deadline:  # pool workers end with their parent
        time.sleep(0.01)
    assert group_gone(process.pid)
