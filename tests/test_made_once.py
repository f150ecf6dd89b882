"""The shared-output helper the slow tests rely on (tests/helpers/made_once.py): of several processes asking for the
same output at once, one makes it and all read the same file; a failed make leaves nothing behind."""
from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from made_once import deck_key, made_once


def _ask(folder: str) -> None:
    def make(out: Path) -> None:
        with open(Path(folder) / "makers.log", "a", encoding="utf-8") as log:
            log.write(f"{os.getpid()}\n")
        out.write_text("the output", encoding="utf-8")

    assert made_once(Path(folder), "output.txt", make).read_text(encoding="utf-8") == "the output"


def test_of_processes_asking_at_once_one_makes_the_output(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    askers = [context.Process(target=_ask, args=(str(tmp_path),)) for _ in range(4)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join(timeout=120)
    assert [asker.exitcode for asker in askers] == [0, 0, 0, 0]
    assert len((tmp_path / "makers.log").read_text(encoding="utf-8").splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["makers.log", "output.txt"]


def test_a_failed_make_leaves_nothing_and_is_tried_again(tmp_path: Path) -> None:
    def broken(out: Path) -> None:
        out.write_text("half", encoding="utf-8")
        raise RuntimeError("typesetting failed")

    with pytest.raises(RuntimeError):
        made_once(tmp_path, "book.pdf", broken)
    assert not (tmp_path / "book.pdf").exists()
    made_once(tmp_path, "book.pdf", lambda out: out.write_text("whole", encoding="utf-8"))
    assert (tmp_path / "book.pdf").read_text(encoding="utf-8") == "whole"


def test_a_deck_folder_is_keyed_by_its_content_and_a_bundled_deck_by_its_id(tmp_path: Path) -> None:
    one, two = tmp_path / "a" / "deck", tmp_path / "b" / "deck"
    for folder, text in ((one, "id: x\n"), (two, "id: y\n")):
        folder.mkdir(parents=True)
        (folder / "deck.yaml").write_text(text, encoding="utf-8")
    assert deck_key("wizard") == "wizard"
    assert deck_key(one) != deck_key(two) and deck_key(one).startswith("deck-")
    assert deck_key(one) == deck_key(str(one / "deck.yaml"))
