"""Fuzz the command line: whatever a user types, the outcome is success, the project's own error or a usage error.

Never a traceback: click's CliRunner records any exception that is not a clean exit.
"""
import os
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckforge.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "load" / "fixtures"
DECKS = st.sampled_from(["kamen-nuzky-papir", "wizard", "rychle-sipy", "dymock", "wizzard", "", "-", "../..",
                         "/etc/passwd", "💥", str(FIXTURES / "fail_tab_indent.yaml"),
                         str(FIXTURES / "fail_extends_cycle.yaml"), str(FIXTURES / "ok_tiny.yaml"), str(FIXTURES)])
NUMBERS = st.sampled_from(["0", "-1", "1", "2", "3", "4", "7", "12", "99999", "abc", "1e9", "", "4.5"])
WORDS = st.sampled_from(["cs", "en", "de", "", "greedy", "random", "a4", "letter", "a5", "none", "duplex-long",
                         "1,2", "x,y", "1e999,0", "-3,4", "0.125in", "-5", "lucid-vision", "json", "ž"])

OPTIONS = {
    "show": ["--players", "--lang", "--json"],
    "list": [],
    "validate": ["--players"],
    "simulate": ["--players", "--games", "--seed", "--policy", "--variant", "--json", "--trace"],
    "build": ["--players", "--lang", "--paper", "--bleed", "--gap", "--backs", "--back-offset", "--format",
              "--ink-saver"],
}
FLAGS = {"--json", "--trace", "--ink-saver"}


@st.composite
def command_lines(draw):
    command = draw(st.sampled_from(sorted(OPTIONS)))
    args = [command]
    if command != "list":
        args.append(draw(DECKS))
    for option in draw(st.lists(st.sampled_from(OPTIONS[command] or ["--help"]), max_size=4, unique=True)):
        args.append(option)
        if option in FLAGS or option == "--help":
            continue
        value = draw(NUMBERS) if option in {"--players", "--games", "--seed", "--bleed", "--gap"} else draw(WORDS)
        if command in ("simulate", "validate") and option == "--players" and value == "99999":
            value = "3"
        if option == "--games":
            value = draw(st.sampled_from(["0", "1", "3", "-2", "x"]))  # keep the fuzz quick
        args.append(value)
    if command == "validate" and "--players" not in args:
        args += ["--players", "2"]
    if command == "simulate" and "--games" not in args:
        # The default thousand games are the simulator's work (tests/sim); here they took 8 of the test's 9 s.
        args += ["--games", draw(st.sampled_from(["1", "3"]))]
    return args


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(args=command_lines())
def test_any_command_line_ends_cleanly(tmp_path_factory, args) -> None:
    workdir = tmp_path_factory.mktemp("cli")
    here = os.getcwd()
    os.chdir(workdir)  # default outputs land in this scratch folder
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(here)
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert "Traceback" not in result.output
