"""The real server in its own process: it answers only its own host, and SIGTERM or Ctrl+C (SIGINT) end it at
once, even while it draws a card whose template loops, with the exit codes a shell expects and no traceback."""
from __future__ import annotations

import queue
import shutil
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from preview_helpers import wait_for

from deckforge.load import BUNDLED_DIR
from deckforge.load.card_template import CARD_TEMPLATES_DIR

LOOP = ("{% for i in range(9999) %}{% for j in range(9999) %}{% for k in range(9999) %}{% endfor %}{% endfor %}"
        "{% endfor %}")  # days of work, each range within the sandbox's limit
# Run the CLI with drawing and template budgets far past any wait below, so only a prompt shutdown can end the
# drawing; a marker file says when drawing has begun.
BOOT = """import sys
from pathlib import Path
import deckforge.preview.budget as budget
budget.STEP_SECONDS = 3600.0
import deckforge.layout.faces as faces
faces.CARD_SECONDS = 3600.0
import deckforge.preview.render as render
marker, drawing = Path(sys.argv.pop(1)), render.FaceRenderer.view
def view(self, *args, **kwargs):
    marker.touch()
    return drawing(self, *args, **kwargs)
render.FaceRenderer.view = view
from deckforge.cli import main
main()
"""


@pytest.fixture
def looping_deck(tmp_path: Path) -> Path:
    """A deck copy whose own card template loops for hours while it draws a card's name."""
    folder = tmp_path / "deck"
    shutil.copytree(BUNDLED_DIR / "kamen-nuzky-papir", folder)
    template = (CARD_TEMPLATES_DIR / "kamen-nuzky-papir.yaml").read_text(encoding="utf-8")
    looping = template.replace('text: "{{ name }}"', f'text: "{LOOP}{{{{ name }}}}"', 1)
    (folder / "kamen-nuzky-papir.yaml").write_text(looping, encoding="utf-8")
    return folder / "deck.yaml"


@pytest.fixture
def server(looping_deck: Path, tmp_path: Path):
    """Start `deckforge preview` on a free port; yield the process, its port and the drawing marker."""
    marker = tmp_path / "drawing"
    log = open(tmp_path / "server.log", "w+", encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-c", BOOT, str(marker), "preview", str(looping_deck), "--port", "0",
                                "--no-browser"], stdout=subprocess.PIPE, stderr=log, text=True, encoding="utf-8",
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # Ctrl-C as in a
    # terminal: a suite started in the background (`pytest &`) ignores SIGINT, which the server would inherit
    try:
        yield process, _port(process, log), marker, log
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        process.stdout.close()
        log.close()


def _port(process: subprocess.Popen, log) -> int:
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(process.stdout.readline()), daemon=True).start()
    try:
        first = lines.get(timeout=60)
    except queue.Empty:
        first = ""
    if "http://127.0.0.1:" not in first:
        log.seek(0)
        pytest.fail(f"the server did not print its address: {first!r}\n{log.read()}")
    return int(first.split("http://127.0.0.1:")[1].split("/")[0])


def _ask(port: int, host: str, path: str = "/view") -> socket.socket:
    """Send a request with this Host header; return the open connection."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=60)
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode("ascii"))
    return connection


def _answer(connection: socket.socket) -> str:
    chunks = []
    with connection:
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def test_a_name_that_resolves_to_loopback_is_not_answered(server) -> None:
    """DNS rebinding: a page at rebind.example, its name now pointing at 127.0.0.1, asks the preview."""
    process, port, _, _ = server
    refused = _answer(_ask(port, f"rebind.example:{port}", "/changes?since=0"))
    assert refused.startswith("HTTP/1.1 400 ") and "this preview answers only at" in refused
    assert _answer(_ask(port, f"localhost:{port}", "/changes?since=x")).startswith("HTTP/1.1 400 ")
    assert _answer(_ask(port, f"127.0.0.1:{port}", "/changes?since=0")).startswith("HTTP/1.1 200 ")


@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_ends_it_at_once_while_a_card_is_drawn(server, signum, code) -> None:
    process, port, marker, log = server
    waiting = _ask(port, f"127.0.0.1:{port}")
    assert wait_for(marker.exists, timeout=60), "the server never began to draw"
    process.send_signal(signum)
    try:
        process.wait(timeout=30)  # the drawing alone would run for hours, its budget for an hour
    except subprocess.TimeoutExpired:
        pytest.fail(f"the server outlived signal {signum.name} by 30 s while drawing")
    assert process.returncode == code
    assert "Preview stopped." in process.stdout.read()
    answer = _answer(waiting)
    assert answer.startswith("HTTP/1.1 200 ") and "drawing the cards was stopped: the preview is stopping" in answer
    log.seek(0)
    assert "Traceback" not in log.read()
