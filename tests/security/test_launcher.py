"""The warm launcher the hostile cases run through (tests/security/launcher.py) behaves as a fresh process would:
the same exit code and output, a command past its processor time or its wall-clock bound stopped with its whole
group, and the interpreter's way with an uncaught exception."""
from __future__ import annotations

import os
import time

import pytest

import hostile
import launcher


@pytest.mark.parametrize("command, edit", [("show", None), ("validate", ("count: 5", "count: many"))],
                         ids=["ok", "broken-deck"])
def test_a_forked_command_answers_as_a_fresh_process(tmp_path, monkeypatch, command, edit) -> None:
    outcomes = []
    for fresh in ("1", "0"):
        monkeypatch.setenv("DECKFORGE_FUZZ_FRESH", fresh)
        case, deck = hostile.new_case(tmp_path, f"case-{fresh}")
        if edit:
            text = (deck / "deck.yaml").read_text(encoding="utf-8")
            (deck / "deck.yaml").write_text(text.replace(*edit, 1), encoding="utf-8")
        outcome = hostile.run_case(case, "../deck/deck.yaml", command)
        outcomes.append((outcome.code, outcome.output, outcome.problems))
    fresh, forked = outcomes
    assert forked == fresh
    assert fresh[0] == (1 if edit else 0) and fresh[1].strip() and not fresh[2]


def test_a_command_past_its_processor_time_is_stopped_with_its_process_group(tmp_path) -> None:
    """The bound is processor time: a generous wall-clock bound does not let it run on."""
    case, deck = hostile.new_case(tmp_path, "case")
    (case / "work").mkdir()
    code, seconds, _ = launcher.current().run(["validate", "dymock", "--jobs", "1", "--all-games"], case / "work",
                                              dict(os.environ), 1, hostile.MEMORY_LIMIT, case / "out" / "log",
                                              wall=600)
    assert code is None and launcher.current().last_stop == "cpu" and seconds < 600
    assert wait_for(lambda: not _group_alive(launcher.current().last_pid)), "a process of its group lives on"


def test_a_command_waiting_past_its_wall_clock_bound_is_stopped(tmp_path) -> None:
    """A command that waits without using the processor (here a preview server, which serves until stopped) is
    stopped by the wall-clock bound."""
    case, deck = hostile.new_case(tmp_path, "case")
    (case / "work").mkdir()
    code, seconds, _ = launcher.current().run(["preview", str(deck / "deck.yaml"), "--port", "0", "--no-browser"],
                                              case / "work", dict(os.environ), 60, hostile.MEMORY_LIMIT,
                                              case / "out" / "log", wall=2)
    assert code is None and launcher.current().last_stop == "wall", (case / "out" / "log").read_text()
    assert wait_for(lambda: not _group_alive(launcher.current().last_pid)), "a process of its group lives on"


def _group_alive(group: int) -> bool:
    """Whether any process of the group is alive (a killed one may stay a zombie until it is reaped)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                return True
    return False


def wait_for(condition, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_the_exit_of_a_command_is_the_interpreters(capsys) -> None:
    def fails():
        raise ValueError("boom")

    def exits(code):
        def run():
            raise SystemExit(code)
        return run

    ran = []
    assert launcher._run_main(fails, lambda: ran.append(1)) == 1 and "ValueError: boom" in capsys.readouterr().err
    assert ran == [1]  # the exit functions run after the traceback, as at an interpreter's end
    assert launcher._run_main(exits(None), list) == 0
    assert launcher._run_main(exits(2), list) == 2
    assert launcher._run_main(exits("Error: a message"), list) == 1
    assert capsys.readouterr().err == "Error: a message\n"
    assert launcher._run_main(lambda: None, list) == 0
