"""Each broken fixture fails with the message and line written in its first line ("# expect: LINE: MESSAGE")."""
import re
from pathlib import Path

import pytest

from deckforge import DeckError, load_deck

FIXTURES = Path(__file__).parent / "fixtures"
FAILING = sorted(FIXTURES.glob("fail_*.yaml"))


def expectation(path: Path) -> tuple[int, str]:
    head = path.read_bytes().split(b"\n", 1)[0].decode("utf-8")
    line, message = re.match(r"# expect: (\d+): (.*)", head).groups()
    return int(line), message


@pytest.mark.parametrize("path", FAILING, ids=[p.stem for p in FAILING])
def test_broken_deck_reports_file_line_and_message(path: Path) -> None:
    line, message = expectation(path)
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    problems = caught.value.problems
    matching = [p for p in problems if message in p.message or message in str(p)]
    assert matching, f"no problem says {message!r}; got:\n{caught.value}"
    assert matching[0].line == line
    assert matching[0].file.endswith(path.name)


def test_every_kind_of_error_has_a_fixture() -> None:
    assert len(FAILING) >= 15


def test_all_errors_of_a_file_are_reported_in_one_run(tmp_path: Path) -> None:
    text = (FIXTURES / "ok_tiny.yaml").read_text(encoding="utf-8")
    text = text.replace("count: 3", "count: -1", 1).replace("{effect: reverse}", "{effect: revers}")
    text = text.replace("name: {cs: Papír, en: Paper}", "name: {cs: Papír}")
    deck = tmp_path / "deck.yaml"
    deck.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(deck)
    messages = str(caught.value)
    assert "cards[0].count" in messages
    assert "did you mean 'reverse'?" in messages
    assert "missing the 'en' translation" in messages
    assert len(caught.value.problems) == 3


def test_valid_fixture_loads() -> None:
    deck = load_deck(FIXTURES / "ok_tiny.yaml")
    assert deck.total_for(4) == 22
    assert deck.total_for(5) == 33
    assert deck.card("fate").effects[0].name == "reverse"


def test_extending_a_bundled_deck_adds_and_replaces_cards() -> None:
    deck = load_deck(FIXTURES / "ok_extends.yaml")
    base = load_deck("kamen-nuzky-papir")
    assert deck.id == "my-rps" and deck.game == base.game and deck.players == base.players
    assert deck.card("whirlwind").effects[0].params["target"] == "next"
    assert deck.card("changer").count == 4
    assert deck.total_for(4) == base.total_for(4) + 2
    assert deck.card("stone-of-fate").name("cs") == "Kámen osudu"


def test_an_empty_value_is_said_to_be_nothing(tmp_path: Path) -> None:
    """`per_set: null` was "found nothing None"."""
    text = (FIXTURES / "ok_tiny.yaml").read_text(encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text(text.replace("per_set: 2", "per_set: null", 1), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(deck)
    assert [str(p).split(": ", 1)[1] for p in caught.value.problems] == [
        "players.per_set: expected a whole number from 1 to 20, found nothing"]
