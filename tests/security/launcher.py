"""Run `deckforge` as a process of its own without paying for the interpreter's start and imports every time.

A hostile case must run in a process of its own (its time limit, its address-space cap, its own process group,
its crash not the suite's), but a fresh `python -m deckforge.cli` spends most of a short case importing WeasyPrint,
ReportLab and deckforge itself. So each test worker starts one launcher: an interpreter that imports those once,
then forks a child per command. The child is what a fresh process would be: its own process group, the address
space and processor time capped, the case's working folder, environment and arguments, stdout and stderr into
files, stdin closed, and `python -m deckforge.cli`'s exit code (a traceback printed and exit 1 for an uncaught
exception). The launcher waits for it, kills its group when time is up, and answers with the exit code, the
seconds and the child's resident peak. It imports modules only: no deck, template or cache is loaded before the
fork.

A case's time bound is processor time (RLIMIT_CPU), so a machine busy with other work does not turn a slow case
into a "hang"; a command blocked without using the processor is stopped after WALL_FACTOR times its bound.

`DECKFORGE_FUZZ_FRESH=1` runs every case in a brand-new interpreter instead, under the same limits.

Protocol: one JSON line a request on stdin, {"argv", "cwd", "env", "cpu", "wall", "memory", "output", "errors"}
(stderr goes to "errors" when given, else with stdout); one JSON line an answer on stdout, {"code" (null when
stopped for time), "seconds", "peak_kb", "pid", "killed" ("cpu", "wall" or null)}.
"""
from __future__ import annotations

import atexit
import importlib
import json
import math
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

# What the commands of the hostile cases import; a module that is gone (renamed) is skipped, it only costs time.
WARM = ("deckforge.cli", "deckforge.cli.deck_commands", "deckforge.cli.build", "deckforge.cli.rulebook",
        "deckforge.cli.simulate", "deckforge.load", "deckforge.load.card_template", "deckforge.layout.build",
        "deckforge.layout.draw", "deckforge.layout.faces", "deckforge.layout.imposition", "deckforge.pdfx.canvas",
        "deckforge.pdfx.finish", "deckforge.rulebook", "deckforge.rulebook.typeset", "deckforge.validate",
        "deckforge.sim", "weasyprint", "PIL.Image", "pikepdf")
ANSWERS = -1  # the launcher's end of the answer pipe, closed in each child
# A case's time bound is processor time, which a busy machine does not stretch; a command blocked without using the
# processor (reading a pipe) is stopped after this many times its bound in wall-clock seconds.
WALL_FACTOR = 4


# --- the launcher process ------------------------------------------------------------------------------------------

def serve() -> None:
    """Import the warm modules, then run one command a request until stdin closes."""
    for name in WARM:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    global ANSWERS
    ANSWERS = os.dup(1)
    answers = os.fdopen(ANSWERS, "w", buffering=1)
    os.dup2(2, 1)  # anything else the launcher prints goes to stderr, not into the answers
    for line in sys.stdin:
        request = json.loads(line)
        answers.write(json.dumps(_launch(request)) + "\n")


def _launch(request: dict) -> dict:
    sys.stdout.flush()
    sys.stderr.flush()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        _child(request)  # never returns
    code, usage, killed = wait_bounded(pid, request["wall"])
    return {"code": code, "seconds": time.monotonic() - start, "peak_kb": usage.ru_maxrss, "pid": pid,
            "killed": killed}


def limit(memory: int, cpu_seconds: float) -> None:
    """In a new command's process: cap its address space and the processor time it may use (SIGXCPU past it)."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = max(1, math.ceil(cpu_seconds))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))


def wait_bounded(pid: int, wall_seconds: float) -> tuple[int | None, resource.struct_rusage, str | None]:
    """Wait for a command that leads its own process group; return its exit code (None when it was stopped for
    time), its resource usage and what stopped it: "cpu" (it used its processor time), "wall" (it was still
    running after `wall_seconds`, as a command blocked on a pipe would be) or None. A stopped command's group is
    killed, so none of its workers lives on."""
    deadline = time.monotonic() + wall_seconds
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU:
                _kill_group(pid)
                return None, usage, "cpu"
            return os.waitstatus_to_exitcode(status), usage, None
        if time.monotonic() > deadline:
            _kill_group(pid)
            _, _, usage = os.wait4(pid, 0)
            return None, usage, "wall"
        time.sleep(0.02)


def _kill_group(group: int) -> None:
    try:
        os.killpg(group, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _child(request: dict) -> None:
    """Become the command: what `subprocess.Popen([python, "-m", "deckforge.cli", *argv], ...)` would start."""
    code = 1
    try:
        os.close(ANSWERS)
        os.setsid()  # its own process group, so a hang is killed with every worker it started
        limit(request["memory"], request["cpu"])
        os.chdir(request["cwd"])
        for fd, name in ((1, request["output"]), (2, request.get("errors") or request["output"])):
            if fd == 2 and name == request["output"]:
                os.dup2(1, 2)
                continue
            sink = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(sink, fd)
            os.close(sink)
        stdin = os.open(os.devnull, os.O_RDONLY)
        os.dup2(stdin, 0)
        os.close(stdin)
        sys.stdin = open(0, encoding="utf-8", closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", buffering=1, closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", buffering=1, closefd=False)
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = ["deckforge", *request["argv"]]
        import deckforge.cli

        deckforge.cli._MAIN_PID = os.getpid()  # this process is the command's main process, not a pool worker
        code = _run_main(deckforge.cli.main)
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _run_main(main, exit_functions=atexit._run_exitfuncs) -> int:
    """Run the click group as `python -m` runs a module: SystemExit's code, or a traceback and 1; then the exit
    functions a fresh interpreter would run."""
    try:
        main()
        code = 0
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 0 if exit.code is None else 1
        if not isinstance(exit.code, (int, type(None))):
            print(exit.code, file=sys.stderr)
    except BaseException:  # noqa: BLE001  (exactly what the interpreter does with an uncaught exception)
        traceback.print_exc()
        code = 1
    exit_functions()
    return code


# --- the test side -------------------------------------------------------------------------------------------------

class Launcher:
    """A launcher process, started on first use and ended when the test worker exits."""

    def __init__(self):
        self.process: subprocess.Popen | None = None
        self.last_pid: int | None = None  # the last command's process id, which is also its process group's
        self.last_stop: str | None = None  # what stopped the last command: "cpu", "wall" or None (it ended)

    def run(self, argv: list[str], cwd, env: dict, timeout: float, memory: int, output, errors=None,
            wall: float | None = None) -> tuple[int | None, float, int]:
        """Run deckforge with `argv`, its stdout into the file `output` and its stderr too, or into `errors`;
        return its exit code (None when stopped for time), seconds and peak in kB.

        `timeout` bounds the processor time of each of its processes, which a busy machine does not stretch;
        `wall` (default WALL_FACTOR × timeout) the seconds it may run at all."""
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen([sys.executable, __file__], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, text=True, bufsize=1)
            atexit.register(self.close)
        request = {"argv": list(argv), "cwd": str(cwd), "env": env, "cpu": timeout, "memory": memory,
                   "wall": wall if wall is not None else WALL_FACTOR * timeout,
                   "output": str(output), "errors": str(errors) if errors else None}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("the deckforge launcher ended without answering (tests/security/launcher.py)")
        answer = json.loads(answer)
        self.last_pid, self.last_stop = answer["pid"], answer["killed"]
        return answer["code"], answer["seconds"], answer["peak_kb"]

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=30)


_PER_THREAD = threading.local()


def current() -> Launcher:
    """This thread's launcher (tools/hostile_run.py runs cases in several threads, each with its own)."""
    if not hasattr(_PER_THREAD, "launcher"):
        _PER_THREAD.launcher = Launcher()
    return _PER_THREAD.launcher


def run_deckforge(args: list[str], cwd, timeout: float, memory: int, env: dict | None = None,
                  ) -> subprocess.CompletedProcess:
    """`subprocess.run([python, "-m", "deckforge.cli", *args], capture_output=True, text=True, timeout=...)` with the
    address space capped at `memory` and `timeout` a bound on processor time (Launcher.run), forked from this
    thread's launcher (a fresh interpreter with DECKFORGE_FUZZ_FRESH=1); raises subprocess.TimeoutExpired as that
    call does."""
    env = dict(os.environ if env is None else env)
    argv = [sys.executable, "-m", "deckforge.cli", *args]
    if os.environ.get("DECKFORGE_FUZZ_FRESH") == "1":
        return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=WALL_FACTOR * timeout,
                              preexec_fn=lambda: limit(memory, timeout), env=env)
    with tempfile.TemporaryDirectory(prefix="deckforge-launch-") as folder:
        out, err = Path(folder) / "stdout", Path(folder) / "stderr"
        code, _, _ = current().run(args, cwd, env, timeout, memory, out, errors=err)
        stdout, stderr = (path.read_text(encoding="utf-8", errors="replace") for path in (out, err))
    if code is None:
        raise subprocess.TimeoutExpired(argv, timeout, stdout, stderr)
    return subprocess.CompletedProcess(argv, code, stdout, stderr)


if __name__ == "__main__":
    serve()
