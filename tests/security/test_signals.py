"""SIGTERM ends every long command with 143 and Ctrl-C (SIGINT to the whole process group) with 130: no traceback,
no temporary file, no process left behind (deckforge/cli/__init__.py, deckforge/output.py)."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lost_stop import SIGNAL_IN_A_CALLBACK

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
    # os.walk, not rglob: the command's own probe folder (.deckforge-probe-*) may vanish between a listing and the
    # look inside it, which os.walk skips and rglob raises on.
    return [name for _, folders, files in os.walk(folder) for name in folders + files
            if ".part" in name or ".old-" in name]


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
    # Ctrl-C as in a terminal: a suite started in the background (`pytest &`) ignores SIGINT, which its children
    # would inherit, so the command gets the default back.
    process = subprocess.Popen([*DECKFORGE, *COMMANDS[name]], cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        working = (lambda: leftovers(tmp_path)) if name in WRITES_AT_ONCE else (lambda: handles_sigterm(process.pid))
        assert wait_until(working, process), f"{name} ended before it could be interrupted"
        os.killpg(process.pid, sig)  # as a terminal's Ctrl-C does: to every process of the command
        _, stderr = process.communicate(timeout=60)
    finally:
        if not group_gone(process.pid):  # whatever failed above, leave no worker playing on
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == code, stderr.decode()
    assert b"Traceback" not in stderr, stderr.decode()
    assert leftovers(tmp_path) == []
    deadline = time.monotonic() + 30
    while not group_gone(process.pid) and time.monotonic() < deadline:  # pool workers end with their parent
        time.sleep(0.01)
    assert group_gone(process.pid)


# A parent that forks a worker as the pool does, prints the worker's pid and dies at once without stopping it.
ORPHANING_PARENT = """
import os, sys, time
from deckforge.sim.pool import _end_with_parent
worker = os.fork()
if worker == 0:
    os.close(1)  # the test reads the parent's output to its end
    _end_with_parent()
    time.sleep(120)  # a batch of games still playing
    os._exit(0)
print(worker, flush=True)
time.sleep(0.3)
os._exit(0)
"""


def test_a_pool_worker_ends_when_its_parent_dies(tmp_path: Path) -> None:
    """A worker busy with a long batch never reads its queue again, so nothing tells it its parent is gone (killed
    with SIGKILL, say): the kernel ends it (sim/pool.py, `_end_with_parent`). Without that it played on for hours."""
    parent = subprocess.run([sys.executable, "-c", ORPHANING_PARENT], capture_output=True, text=True, timeout=60,
                            start_new_session=True, check=True)
    worker = int(parent.stdout.split()[0])
    try:
        deadline = time.monotonic() + 30
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not alive(worker)
    finally:
        if alive(worker):
            os.kill(worker, signal.SIGKILL)

def alive(pid: int) -> bool:
    """True while the process exists and is not a zombie waiting for a parent that is gone."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


# A Ctrl-C that lands while Python runs exec() of a string (a dataclass or named tuple being made, as on a lazy
# import) is caught like any other, but CPython 3.11 still marks it unhandled, and a program started as a module
# or a script (not with -c) is then ended by SIGINT at exit. The command below stands for such a moment.
INTERRUPTED_IN_EXEC = """
import sys, click
from deckforge import cli

@click.command("interrupted-in-exec")
def interrupted_in_exec():
    exec("raise KeyboardInterrupt")

cli.main.add_command(interrupted_in_exec)
sys.argv = ["deckforge", "interrupted-in-exec"]
cli.run()
"""


def test_a_ctrl_c_inside_exec_still_ends_with_130(tmp_path: Path) -> None:
    # With `cli.main()` in place of `cli.run()` this ends by SIGINT (returncode -2) on Python 3.11.
    (tmp_path / "interrupted_in_exec.py").write_text(INTERRUPTED_IN_EXEC)
    done = subprocess.run([sys.executable, "-m", "interrupted_in_exec"], cwd=tmp_path, capture_output=True,
                          timeout=60)
    assert done.returncode == 130, done.stderr.decode()
    assert done.stderr.decode().strip() == "interrupted"


STOPPED_IN_A_CALLBACK = SIGNAL_IN_A_CALLBACK + """
import signal, sys, time
import click
from deckforge import cli

@click.command("stopped-in-a-callback")
@click.argument("name")
def stopped_in_a_callback(name):
    signal_in_a_callback(getattr(signal, name))
    time.sleep(20)
    print("finished as if never stopped")

signal.signal(signal.SIGINT, signal.default_int_handler)  # a suite run in the background ignores Ctrl-C
cli.main.add_command(stopped_in_a_callback)
sys.argv = ["deckforge", "stopped-in-a-callback", sys.argv[1]]
cli.run()
"""


@pytest.mark.parametrize("name, code", [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_signal_handled_inside_a_callback_still_stops_the_command(tmp_path: Path, name: str, code: int) -> None:
    # Before, the command printed "Exception ignored in: <function ...callback>" and finished with exit code 0.
    (tmp_path / "stopped_in_a_callback.py").write_text(STOPPED_IN_A_CALLBACK)
    done = subprocess.run([sys.executable, "-m", "stopped_in_a_callback", name], cwd=tmp_path, capture_output=True,
                          timeout=60)
    assert done.returncode == code, done.stderr.decode()
    assert b"never stopped" not in done.stdout and b"Exception ignored" not in done.stderr, done.stderr.decode()


def test_the_lost_stop_hook_is_in_place_before_a_stop_can_be_caught(monkeypatch) -> None:
    """The signal tests interrupt a command as soon as its SIGTERM handler is set. Setting up the hook that
    re-sends a lost stop imports a module, and it came after the handler: a Ctrl-C landing in that import's
    cleanup was printed as "Exception ignored" and dropped, and `simulate` played on (a hang seen under load)."""
    from click.testing import CliRunner

    from deckforge import cli

    hooked_when_set = []
    real_signal, previous = signal.signal, signal.getsignal(signal.SIGTERM)

    def spy(signum, handler):
        if signum == signal.SIGTERM:
            hooked_when_set.append(sys.unraisablehook is cli._resend_lost_stop)
        return real_signal(signum, handler)

    monkeypatch.setattr(sys, "unraisablehook", sys.__unraisablehook__)
    monkeypatch.setattr(signal, "signal", spy)
    try:
        assert CliRunner().invoke(cli.main, ["list"]).exit_code == 0
    finally:
        real_signal(signal.SIGTERM, previous)
    assert hooked_when_set and all(hooked_when_set)
