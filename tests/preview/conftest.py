"""Shared fixtures: a private copy of a bundled deck to edit, and a test client over a preview session."""
from __future__ import annotations

import shutil
from pathlib import Path

import warnings

import pytest

with warnings.catch_warnings():  # Starlette 1.x would rather drive its test client with httpx2; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from deckforge.load import BUNDLED_DIR
from deckforge.model import Deck
from deckforge.preview import PreviewSession, create_app
from deckforge.preview.checks import Verdict, quick_check
from preview_port import PORT  # the port the app is told it serves on (tests/helpers)


@pytest.fixture(autouse=True)
def generous_budgets(monkeypatch) -> None:
    """Raise the preview's time budgets, which are wall-clock seconds, out of a busy machine's reach: a load, a
    drawing or a check that takes 40 s when other jobs share the cores must not fail a test about something else.
    The tests of the budgets themselves (test_budget.py) set the small budgets they need."""
    from deckforge.preview import checks, session as session_module

    for module, name in ((session_module, "LOAD_SECONDS"), (session_module, "STEP_SECONDS"),
                         (checks, "CHECK_SECONDS")):
        monkeypatch.setattr(module, name, 3600.0)


@pytest.fixture
def deck_copy(tmp_path: Path) -> Path:
    """Return the deck file of a fresh copy of Kámen, nůžky, papír."""
    folder = tmp_path / "deck"
    shutil.copytree(BUNDLED_DIR / "kamen-nuzky-papir", folder)
    return folder / "deck.yaml"


@pytest.fixture
def session(request, deck_copy: Path):
    """A preview session of the deck copy; its background check is the real one only in tests marked
    `real_checks` (elsewhere it would only compete with the test for the CPU)."""
    real = request.node.get_closest_marker("real_checks") is not None
    session = PreviewSession(deck_copy, check=quick_check if real else _no_check)
    yield session
    session.close()


def _no_check(deck: Deck, players: int) -> Verdict:
    return Verdict(players, (), ("checks are not run in this test",))


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "real_checks: run the preview's real background checks")




@pytest.fixture
def client(session: PreviewSession):
    """A client of the preview's routes; the files are not watched: tests reload the session themselves."""
    with TestClient(create_app(session, watch=False, port=PORT), base_url=f"http://127.0.0.1:{PORT}") as client:
        yield client
