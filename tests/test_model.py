"""The model's own small behaviour: how a place in a deck file reads."""
import pytest

from deckforge.model import Source
from deckforge.validate import Finding


@pytest.mark.parametrize("source,shown", [
    (Source("decks/mine.yaml"), "decks/mine.yaml"),
    (Source("decks/mine.yaml", 42), "decks/mine.yaml:42"),
    (Source("decks/mine.yaml", 42, 9), "decks/mine.yaml:42:9"),
])
def test_a_source_shows_as_much_of_its_place_as_is_known(source: Source, shown: str) -> None:
    """A line without its column printed 'decks/mine.yaml:42:None'."""
    assert str(source) == shown


def test_a_finding_with_a_line_but_no_column_names_the_line() -> None:
    finding = Finding("the deck runs out", players=3, source=Source("decks/mine.yaml", 7))
    assert str(finding) == "decks/mine.yaml:7: 3 players: the deck runs out"
