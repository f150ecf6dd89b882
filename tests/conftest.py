"""Shared test set-up: the project root, and hypothesis settings that keep CI reproducible.

On a developer's machine hypothesis explores new random examples every run, which is how it finds bugs. In CI
(`CI` set, as `.ci/run` is run) it is derandomized: the same examples every run, so a submission's result does not
depend on luck. A failure it finds locally is shrunk and printed with its example, to become a fixed test.
"""
import logging
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Python's bytecode caches, even where PYTHONDONTWRITEBYTECODE is set (as on the build machine): without them every
# xdist worker rewrites every test module's asserts again on every run (5 of the 10 s a worker takes to collect
# the tests here), and each Python process the tests start compiles what it imports of deckforge from source. They
# go where Python puts them (the git-ignored __pycache__ folders), for this run and the processes it starts.
if sys.dont_write_bytecode or os.environ.get("PYTHONDONTWRITEBYTECODE"):
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Every test typesets its rulebooks, as a clean machine does: a rulebook kept from an earlier run or test
# (deckforge/rulebook/kept.py) would test the cache instead, and finish before a signal test can stop it. The
# cache's own tests (tests/rulebook/test_kept_rulebooks.py) turn it on in a folder of their own.
os.environ["DECKFORGE_RULEBOOK_CACHE"] = "off"

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

from deckforge.load import load_deck  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent / "helpers"))  # small deck writers shared by the tests

import quick_tokens  # noqa: E402  (found through the path set above)
from knp_helpers import changer, item, write_deck  # noqa: E402


class _NoDebugLog:
    """A module's logger without its debug lines: `debug` does nothing, and quickly; the rest goes to the logger."""

    def __init__(self, logger: logging.Logger) -> None:
        self._logger = logger

    def debug(self, *args, **kwargs) -> None:
        pass

    def __getattr__(self, name: str):
        return getattr(self._logger, name)


def _quiet_pdfminer() -> None:
    """pdfminer, under pdfplumber, calls `log.debug` for every token and operator of a content stream it reads:
    millions of calls a run, each asking the logging module whether debug is on (a seventh of its time on a sheet
    of DYMOCK). The tests read no debug line of it, so those calls are made to do nothing; its warnings and
    errors are logged as before."""
    import importlib

    for name in ("psparser", "pdfinterp", "pdfparser", "pdfdocument", "pdfpage", "pdffont", "cmapdb"):
        module = importlib.import_module(f"pdfminer.{name}")
        if isinstance(getattr(module, "log", None), logging.Logger):
            module.log = _NoDebugLog(module.log)


_quiet_pdfminer()
quick_tokens.install()  # pdfminer reads content streams with qpdf's tokenizer (tests/helpers/quick_tokens.py)

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def project_root() -> Path:
    return ROOT


# A Kámen, nůžky, papír test deck with one spell per effect, so tests do not depend on the bundled deck's cards.
SPELLS = [
    item("draw-two", "paper", effects=[{"effect": "draw", "target": "next", "count": 2}]),
    item("extra", "paper", effects=[{"effect": "extra_play"}]),
    item("rain", "paper", effects=[{"effect": "draw", "target": "others"}]),
    item("swap", "paper", effects=[{"effect": "swap_hands", "target": "chosen"}]),
    item("parcel", "paper", effects=[{"effect": "give", "target": "next"}]),
    item("fate", "rock", effects=[{"effect": "reverse"}]),
    item("again", "rock", effects=[{"effect": "play_again"}]),
    item("cut", "scissors", effects=[{"effect": "skip", "target": "next"}]),
    item("snip", "scissors", effects=[{"effect": "draw", "target": "previous"}]),
    item("cut-twice", "scissors", effects=[{"effect": "skip", "turns": 2}]),
    item("turn-and-hit", "paper", effects=[{"effect": "reverse"}, {"effect": "draw", "target": "next"}]),
    item("hit-and-turn", "paper", effects=[{"effect": "draw", "target": "next"}, {"effect": "reverse"}]),
    item("pick", "paper", effects=[{"effect": "draw", "target": "chosen", "count": 2}]),
    item("gift", "paper", effects=[{"effect": "give", "target": "chosen", "count": 2}]),
    item("double", "paper", effects=[{"effect": "extra_play", "count": 2}]),
]


@pytest.fixture(scope="session")
def spell_deck(tmp_path_factory):
    """A deck: 6 rocks, 6 scissors, 6 papers, 2 changers and the spells above, 2–8 players."""
    cards = [item("rock", "rock", 6), item("scissors", "scissors", 6), item("paper", "paper", 6), changer(count=2)]
    return load_deck(write_deck(tmp_path_factory.mktemp("spells"), cards + SPELLS))


def pytest_addoption(parser) -> None:
    parser.addoption("--deep", action="store_true", default=False,
                     help="run the hostile-deck fuzz suite (tests/security/test_fuzz.py) with hundreds of examples")
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run the tests marked slow (CI runs them: it sets CI)")


def run_slow(config) -> bool:
    """Whether this run includes the tests marked slow: in CI (`CI` set), with --slow or DECKFORGE_SLOW_TESTS=1."""
    return bool(config.getoption("slow") or os.environ.get("CI") or os.environ.get("DECKFORGE_SLOW_TESTS"))


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "slow: costly and mostly covered by quicker tests (another language, player count or example "
                   "of the same code); run in CI, or locally with --slow")


def pytest_collection_modifyitems(config, items) -> None:
    """Leave the tests marked slow out of a developer's run, unless it asks for them (see run_slow)."""
    if run_slow(config):
        return
    kept, slow = [], []
    for item in items:
        (slow if item.get_closest_marker("slow") else kept).append(item)
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = kept
