"""Work that never ends — a card template that loops, an art file slow to decode, a check that runs on — is
given up after its time budget with a message on the page, and the thread doing it is stopped."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from preview_helpers import figures, wait_for

from deckforge.load.card_template import CARD_TEMPLATES_DIR
from deckforge.preview import session as session_module
from deckforge.preview.budget import Budget, OverBudget
from deckforge.preview.checks import CheckQueue
from deckforge.load import load_deck

LOOP = ("{% for i in range(9999) %}{% for j in range(9999) %}{% for k in range(9999) %}{% endfor %}{% endfor %}"
        "{% endfor %}")  # days of work, each range within the sandbox's limit
NAME = 'text: "{{ name }}"'


def _own_template(deck_copy: Path) -> Path:
    """Give the deck copy its own copy of its bundled card template (it wins over the bundled one)."""
    own = deck_copy.parent / "kamen-nuzky-papir.yaml"
    own.write_text((CARD_TEMPLATES_DIR / "kamen-nuzky-papir.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return own


def _working() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "deckforge-preview-work"]


def _busy(seconds: float) -> None:
    """Stand in for work in Python (a template's loop): end after `seconds`, unless stopped first."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_a_template_that_loops_is_stopped_and_named(client, session, deck_copy, monkeypatch) -> None:
    own = _own_template(deck_copy)
    assert "card-rock" in figures(client.get("/view").text)
    monkeypatch.setattr(session_module, "STEP_SECONDS", 1.0)
    text = own.read_text(encoding="utf-8")
    own.write_text(text.replace(NAME, f'text: "{LOOP}{{{{ name }}}}"', 1), encoding="utf-8")
    session.reload()
    page = client.get("/view").text
    assert figures(page) == {} and f'<td class="file">{own}</td>' in page
    # the type sizes of the whole deck are planned before the first card is drawn, so no card is named here
    assert "drawing the cards took longer than 1 s" in page
    assert "look for a loop in the card template&#39;s expressions" in page
    assert wait_for(lambda: not _working(), timeout=60), "the looping template was not stopped"
    own.write_text(text, encoding="utf-8")
    session.reload()
    assert "card-rock" in figures(client.get("/view").text)


def test_a_slow_art_file_stops_the_load_not_the_page(client, session, deck_copy, monkeypatch) -> None:
    import deckforge.load.deck as deck_loader

    assert "card-rock" in figures(client.get("/view").text)
    monkeypatch.setattr(session_module, "LOAD_SECONDS", 1.0)
    monkeypatch.setattr(deck_loader, "art_problem", lambda path: _busy(600))
    edit_art(deck_copy)
    session.reload()
    page = client.get("/view").text
    assert figures(page) == {} and f'<td class="file">{deck_copy}</td>' in page  # not the stale good cards
    assert "loading the deck took longer than 1 s, so it was stopped: look for a YAML alias" in page
    assert wait_for(lambda: not _working(), timeout=60), "the slow load was not stopped"


def edit_art(deck_copy: Path) -> None:
    from PIL import Image

    (deck_copy.parent / "art").mkdir()
    Image.new("RGB", (60, 40), "#ff0000").save(deck_copy.parent / "art" / "stone.png")
    text = deck_copy.read_text(encoding="utf-8")
    stone = "    name: {cs: Kámen osudu, en: Stone of Fate, de: Schicksalsstein}\n"
    deck_copy.write_text(text.replace(stone, stone + "    art: art/stone.png\n"), encoding="utf-8")


def test_closing_ends_every_wait_at_once_and_stops_the_work() -> None:
    budget = Budget()
    outcome: list[BaseException] = []

    def wait_on_endless_work() -> None:
        try:
            budget.run(lambda progress: _busy(600), 600, "drawing the cards", "")
        except OverBudget as exc:
            outcome.append(exc)

    waiter = threading.Thread(target=wait_on_endless_work)
    waiter.start()
    assert wait_for(_working, timeout=60)
    budget.close()
    waiter.join(timeout=60)
    assert not waiter.is_alive() and [str(e) for e in outcome] == [
        "drawing the cards was stopped: the preview is stopping"]
    assert wait_for(lambda: not _working(), timeout=60)
    with pytest.raises(OverBudget, match="was not started: the preview is stopping"):
        budget.run(lambda progress: 1, 600, "drawing the cards", "")


def test_work_that_makes_progress_keeps_its_budget() -> None:
    """Each step renews the budget: a big deck drawn batch by batch is never cut short as long as batches end."""
    def steps(progress) -> str:
        for batch in range(6):
            progress.step(f"batch {batch}")
            _busy(0.1)
        return "drawn"

    assert Budget().run(steps, 0.3, "drawing the cards", "") == "drawn"
    with pytest.raises(OverBudget, match=r"took longer than 0.3 s at batch 0, so it was stopped: try less"):
        Budget().run(lambda progress: (progress.step("batch 0"), _busy(600)), 0.3, "drawing the cards", "try less")


def test_a_check_that_runs_on_is_stopped_with_a_verdict(deck_copy, monkeypatch) -> None:
    from deckforge.preview import checks

    monkeypatch.setattr(checks, "CHECK_SECONDS", 0.5)
    done = threading.Event()
    queue = CheckQueue(done.set, lambda deck, players: _busy(600))
    try:
        assert queue.verdict(load_deck(deck_copy), 1, 4) is None
        assert done.wait(timeout=60)
        verdict = queue.verdict(load_deck(deck_copy), 1, 4)
        assert not verdict.ok and verdict.findings == (
            "the quick check took longer than 0.5 s, so it was stopped: deckforge validate runs the full check "
            "and shows its progress",)
    finally:
        queue.close()
