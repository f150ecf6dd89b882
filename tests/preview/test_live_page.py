"""End to end: the real server in its own process, the page in Debian's headless Chromium, saves in a deck copy.

The browser is the system's /usr/bin/chromium driven by Playwright; no browser is ever downloaded.
"""
from __future__ import annotations

import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from preview_helpers import edit, line_of

from deckforge.load import BUNDLED_DIR, load_deck

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 15_000  # a save shows within a second or two; the margin is for a machine shared by many

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="the end-to-end test drives Debian's chromium at "
                                "/usr/bin/chromium (apt-get install chromium), which is not installed here")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is not installed")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def deck_copy(tmp_path_factory) -> Path:
    """One copy of Kámen, nůžky, papír for the module's server: each test leaves it loadable."""
    folder = tmp_path_factory.mktemp("live") / "deck"
    shutil.copytree(BUNDLED_DIR / "kamen-nuzky-papir", folder)
    return folder / "deck.yaml"


@pytest.fixture(scope="module")
def server(deck_copy: Path):
    """Start `deckforge preview` on a free port; yield its address; stop it, killing it if it lingers."""
    log = open(deck_copy.parent.parent / "server.log", "w+", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-c", "from deckforge.cli import main; main()", "preview", str(deck_copy), "--port", "0",
         "--no-browser"], stdout=subprocess.PIPE, stderr=log, text=True, encoding="utf-8")
    try:
        yield _address(process, log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()
        log.close()


def _address(process: subprocess.Popen, log) -> str:
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(process.stdout.readline()), daemon=True).start()
    try:
        first = lines.get(timeout=30)
    except queue.Empty:
        first = ""
    if "http://127.0.0.1:" not in first:
        log.seek(0)
        pytest.fail(f"the server did not print its address: {first!r}\n{log.read()}")
    return first.split(" at ")[1].split()[0]


def test_the_page_follows_saves_without_a_reload(browser, server: str, deck_copy: Path) -> None:
    page = browser.new_page()
    page.goto(server)
    stone = "#card-stone-of-fate"
    assert page.text_content(f"{stone} .name") == "Kámen osudu"
    assert page.text_content(f"{stone} .text") == "Směr hry se obrátí."
    page.evaluate("window.neverReloaded = true; document.querySelector('#card-rock img').kept = true")
    old_src = page.get_attribute(f"{stone} img", "src")

    edit(deck_copy, "cs: Směr hry se obrátí.", "cs: Směr hry se otočí naruby.")
    page.wait_for_function("([s, t]) => document.querySelector(s + ' .text')?.textContent === t",
                           arg=[stone, "Směr hry se otočí naruby."], timeout=WAIT_MS)
    assert page.get_attribute(f"{stone} img", "src") != old_src
    page.wait_for_function("(s) => { const i = document.querySelector(s + ' img'); "
                           "return i.complete && i.naturalWidth > 0; }", arg=stone, timeout=WAIT_MS)
    assert page.evaluate("window.neverReloaded === true")
    assert page.evaluate("document.querySelector('#card-rock img').kept === true")  # unchanged: left alone

    edit(deck_copy, "{effect: reverse}", "{effect: revers}")
    page.wait_for_selector("#problems", timeout=WAIT_MS)
    problems = page.text_content("#problems")
    assert "deck.yaml" in problems and f"{line_of(deck_copy, 'effect: revers}')}:" in problems
    assert "unknown effect 'revers'; did you mean 'reverse'?" in problems
    assert page.locator("figure.card").count() == 0

    edit(deck_copy, "{effect: revers}", "{effect: reverse}")
    page.wait_for_selector(stone, timeout=WAIT_MS)
    assert page.locator("#problems").count() == 0
    assert page.evaluate("window.neverReloaded === true")
    page.close()


def test_language_and_players_switch_on_the_page(browser, server: str, deck_copy: Path) -> None:
    copies = {card.id: n for card, n in load_deck(deck_copy).counts_for(8)}
    page = browser.new_page()
    page.goto(server)
    with page.expect_navigation():
        page.select_option("select[name=lang]", "en")
    assert page.text_content("#card-stone-of-fate .name") == "Stone of Fate"
    with page.expect_navigation():
        page.select_option("select[name=players]", "8")
    assert "lang=en" in page.url and "players=8" in page.url
    assert page.text_content("#card-rock .count") == f"{copies['rock']}×"
    page.close()
