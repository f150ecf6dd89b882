"""`deckforge list` reads its summaries from a cache keyed on the decks' files: an edit shows at once, and a
corrupt or unwritable cache changes nothing but speed."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import deckforge.load.deck as deck_module
from deckforge.load import BUNDLED_DIR
from deckforge.load.listing import cache_dir, deck_summaries


@pytest.fixture
def decks(tmp_path: Path, monkeypatch) -> Path:
    """A copy of two bundled decks, and a cache folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "decks"
    for name in ("kamen-nuzky-papir", "wizard"):
        shutil.copytree(BUNDLED_DIR / name, folder / name)
    return folder


def _no_loading(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("the decks were loaded although the cache is current")
    monkeypatch.setattr(deck_module, "load_deck", refuse)


def _rename(folder: Path, old: str, new: str) -> None:
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    assert old in text
    deck.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_second_listing_reads_the_cache_and_says_the_same(decks: Path, monkeypatch) -> None:
    first = deck_summaries(decks)
    assert [s["id"] for s in first] == ["kamen-nuzky-papir", "wizard"]
    assert list(cache_dir().glob("list-*.json"))
    _no_loading(monkeypatch)
    assert deck_summaries(decks) == first


def test_editing_a_deck_file_refreshes_its_summary(decks: Path, monkeypatch) -> None:
    deck_summaries(decks)
    _rename(decks / "wizard", "en: Wizard", "en: Wizard revised")
    assert deck_summaries(decks)[1]["name"] == "Wizard revised"
    _no_loading(monkeypatch)
    assert deck_summaries(decks)[1]["name"] == "Wizard revised"


def test_touching_a_deck_file_or_adding_a_file_beside_it_reloads(decks: Path, monkeypatch) -> None:
    deck_summaries(decks)
    calls = []
    real = deck_module.load_deck
    monkeypatch.setattr(deck_module, "load_deck", lambda path: calls.append(path) or real(path))
    deck = decks / "wizard" / "deck.yaml"
    stat = deck.stat()
    os.utime(deck, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    deck_summaries(decks)
    assert len(calls) == 2
    (decks / "wizard" / "cards.csv").write_text("id,count\n", encoding="utf-8")  # say, a spreadsheet appears
    deck_summaries(decks)
    assert len(calls) == 4


@pytest.mark.parametrize("content", ["", "{not json", "[]", '{"stamp": 1, "decks": 2}', "\x00\xff"])
def test_a_corrupt_cache_is_ignored_and_replaced(decks: Path, content: str) -> None:
    expected = deck_summaries(decks)
    (cache,) = cache_dir().glob("list-*.json")
    cache.write_text(content, encoding="utf-8", errors="surrogateescape")
    assert deck_summaries(decks) == expected
    assert json.loads(cache.read_text(encoding="utf-8"))["decks"] == expected


def test_a_cache_with_a_forged_stamp_but_wrong_fields_is_ignored(decks: Path) -> None:
    expected = deck_summaries(decks)
    (cache,) = cache_dir().glob("list-*.json")
    stored = json.loads(cache.read_text(encoding="utf-8"))
    stored["decks"][0]["low"] = "two"
    cache.write_text(json.dumps(stored), encoding="utf-8")
    assert deck_summaries(decks) == expected


def test_an_unwritable_cache_folder_changes_nothing(decks: Path, tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert [s["id"] for s in deck_summaries(decks)] == ["kamen-nuzky-papir", "wizard"]
    assert blocker.read_text(encoding="utf-8").startswith("a file")


def test_the_cache_lives_outside_the_deck_folders(decks: Path, tmp_path: Path) -> None:
    deck_summaries(decks)
    assert cache_dir() == tmp_path / "cache" / "deckforge"
    assert sorted(p.name for p in (decks / "wizard").iterdir()) == sorted(
        p.name for p in (BUNDLED_DIR / "wizard").iterdir())



def test_the_summaries_of_a_folder_that_is_gone_are_dropped(decks: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(decks / "wizard", elsewhere / "wizard")
    deck_summaries(decks)
    deck_summaries(elsewhere)
    assert len(list(cache_dir().glob("list-*.json"))) == 2
    shutil.rmtree(elsewhere)
    (cache_dir() / "list-00000000.json").write_text('{"stamp": "from an older deckforge", "decks": []}',
                                                     encoding="utf-8")
    kept = {p.name: p.read_bytes() for p in cache_dir().glob("list-*.json")}
    deck_summaries(decks)  # the cache is current: nothing is written, so nothing is pruned
    assert {p.name: p.read_bytes() for p in cache_dir().glob("list-*.json")} == kept
    later = tmp_path / "later"
    shutil.copytree(decks / "kamen-nuzky-papir", later / "kamen-nuzky-papir")
    deck_summaries(later)  # a summary file is written: the gone folder's and the one naming no folder go
    names = {json.loads(p.read_text(encoding="utf-8"))["folder"] for p in cache_dir().glob("list-*.json")}
    assert names == {str(decks.resolve()), str(later.resolve())}

def test_the_command_prints_the_same_with_and_without_a_cache(tmp_path: Path) -> None:
    def listing(cache: Path, *args: str) -> str:
        env = dict(os.environ, XDG_CACHE_HOME=str(cache))
        done = subprocess.run([sys.executable, "-m", "deckforge.cli", "list", *args], capture_output=True,
                              text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    for args in ((), ("--json",)):
        cold = listing(tmp_path / "cold", *args)
        assert listing(tmp_path / "cold", *args) == cold  # now from the cache
        (next((tmp_path / "cold" / "deckforge").glob("list-*.json"))).write_text("garbage", encoding="utf-8")
        assert listing(tmp_path / "cold", *args) == cold
    assert "kamen-nuzky-papir" in cold and json.loads(cold)[0]["players"]["min"] >= 2
