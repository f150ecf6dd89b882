"""The model's own small behaviour: how a place in a deck file reads."""
import pytest

from deckforge.errors import PlayerCountError
from deckforge.model import PlayerRange, Source
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


def test_a_deck_for_fewer_players_than_a_set_defaults_to_its_most() -> None:
    # a set serves 4, but the deck says at most 3: the commands' default count is 3, not 4, which it refuses
    assert PlayerRange(2, 3, per_set=4).default_players == 3
    assert PlayerRange(2, 12, per_set=4).default_players == 4 and PlayerRange(2, 12, 4, default=6).default_players == 6
    with pytest.raises(PlayerCountError, match=r"^this deck serves 2 players only, not 4$"):
        PlayerRange(2, 2).sets_for(4)
    with pytest.raises(PlayerCountError, match=r"^this deck serves 2 to 3 players, not 4$"):
        PlayerRange(2, 3).sets_for(4)
