"""The page always shows the newest state of the deck: a broken save after a good one, a removed deck file, a
path with a NUL byte; the cards come back when the deck is fixed. Each broken save is one line in the log."""
from __future__ import annotations

import re
import warnings

import pytest
from preview_port import PORT
from preview_helpers import edit, figures, line_of, view_when

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from deckforge.preview import create_app

STONE = "    name: {cs: Kámen osudu, en: Stone of Fate, de: Schicksalsstein}\n"


def _problems(html: str) -> list[tuple[str, str, str]]:
    """Return the rows of the page's problem table: file, line:column, message (markup dropped)."""
    rows = re.findall(r'<td class="file">(.*?)</td>\s*<td class="line">(.*?)</td>\s*<td class="message">(.*?)</td>',
                      html, re.S)
    return [(file, line, re.sub(r"<[^>]+>", "", message)) for file, line, message in rows]


def test_a_broken_yaml_save_replaces_the_good_cards_with_its_error(client, session, deck_copy, capsys) -> None:
    assert "card-rock" in figures(client.get("/view").text)  # a good state, drawn and kept
    edit(deck_copy, "  - id: bedrock\n", "  - id: bedrock\n   kind: [\n")
    session.reload()
    page = client.get("/view").text
    assert figures(page) == {}
    [(file, place, message)] = _problems(page)
    assert file == str(deck_copy) and message.startswith("not valid YAML")
    assert re.fullmatch(r"\d+:\d+", place) and int(place.split(":")[0]) >= line_of(deck_copy, "kind: [")
    assert client.get("/card/rock.png").status_code == 404  # no stale image either
    log = capsys.readouterr().err
    assert log.count("\n") == 1 and f"{deck_copy}:{place}: not valid YAML" in log and "Traceback" not in log
    edit(deck_copy, "  - id: bedrock\n   kind: [\n", "  - id: bedrock\n")
    session.reload()
    assert "card-rock" in figures(client.get("/view").text)


def test_a_removed_deck_file_is_said_and_its_return_shown(client, session, deck_copy) -> None:
    assert "card-rock" in figures(client.get("/").text)
    kept = deck_copy.with_name("kept.yaml")
    deck_copy.rename(kept)
    session.reload()
    page = client.get("/view").text
    assert figures(page) == {} and _problems(page) == [
        (str(deck_copy), "", "the deck file is gone (removed or renamed); the cards come back when it is saved "
                             "here again")]
    kept.rename(deck_copy)
    session.reload()
    assert "card-rock" in figures(client.get("/view").text)


@pytest.mark.parametrize("old, new, key", [
    (STONE, STONE + '    art: "art/stone\\0.png"\n', "cards[8].art"),
    ("id: kamen-nuzky-papir\n", 'id: kamen-nuzky-papir\nextends: "base\\0.yaml"\n', "extends"),
])
def test_a_nul_byte_in_a_path_is_a_clear_error(client, session, deck_copy, old, new, key) -> None:
    edit(deck_copy, old, new)
    session.reload()
    [(file, place, message)] = _problems(client.get("/view").text)
    assert file == str(deck_copy) and place == f"{line_of(deck_copy, new.splitlines()[-1].strip())}:10"
    assert message.startswith(f"{key}: ") and "contains a control character (such as a NUL byte)" in message
    assert "internal error" not in message


def test_a_deck_nested_too_deeply_is_one_problem(client, session, deck_copy, capsys, monkeypatch) -> None:
    from deckforge.preview import session as session_module

    def nested_too_deeply(path):  # what the YAML reader meets in `cards: [[[[...]]]]` beyond its own limits
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(session_module, "load_deck", nested_too_deeply)
    session.reload()
    [(file, _, message)] = _problems(client.get("/view").text)
    assert file == str(deck_copy) and "nested too deeply" in message
    assert "Traceback" not in capsys.readouterr().err


@pytest.fixture
def watched(session):
    """A client of an app that follows the deck's files, as `deckforge preview` does."""
    with TestClient(create_app(session, watch=True, port=PORT), base_url=f"http://127.0.0.1:{PORT}") as client:
        yield client


def test_the_watcher_shows_each_newest_state(watched, session, deck_copy) -> None:
    good = deck_copy.read_text(encoding="utf-8")
    html = view_when(watched, lambda h: "card-rock" in figures(h))
    deck_copy.write_text(good.replace("  - id: bedrock\n", "  - id: bedrock\n   kind: [\n"), encoding="utf-8")
    html = view_when(watched, lambda h: "not valid YAML" in h, html)
    assert figures(html) == {}
    deck_copy.unlink()
    html = view_when(watched, lambda h: "the deck file is gone" in h, html)
    deck_copy.write_text(good, encoding="utf-8")
    html = view_when(watched, lambda h: "card-rock" in figures(h), html)
    assert _problems(html) == []
