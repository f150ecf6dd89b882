"""`deckforge preview` on the command line: refusals that must come before any server starts."""
from __future__ import annotations

import socket

from click.testing import CliRunner

from deckforge.cli import main
from deckforge.load import load_deck


def run(*args: str):
    return CliRunner().invoke(main, ["preview", *args])


def test_a_port_in_use_is_a_clear_error(deck_copy) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = run(str(deck_copy), "--port", str(port), "--no-browser")
    assert result.exit_code == 1
    assert f"Error: port {port} on 127.0.0.1 is in use: give another with --port" in result.output
    assert "Traceback" not in result.output


def test_an_unknown_deck_is_refused(tmp_path) -> None:
    result = run(str(tmp_path / "nowhere.yaml"), "--port", "0", "--no-browser")
    assert result.exit_code == 1 and "Error: no deck" in result.output


def test_a_count_the_deck_does_not_serve_is_refused_and_frees_the_port(deck_copy) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    span = load_deck(deck_copy).players
    result = run(str(deck_copy), "--port", str(port), "--players", str(span.high + 1), "--no-browser")
    assert result.exit_code == 1
    assert f"this deck serves {span.low} to {span.high} players, not {span.high + 1}" in result.output
    with socket.socket() as again:
        again.bind(("127.0.0.1", port))  # the refused preview let go of its port


def test_help_has_an_example() -> None:
    result = CliRunner().invoke(main, ["preview", "--help"])
    assert result.exit_code == 0 and "Example:" in result.output and "--no-browser" in result.output
