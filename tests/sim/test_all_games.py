"""Every registered game, played at every player count its bundled deck supports, with invariants checked."""
import pytest

from deckforge.load import bundled_decks, load_deck
from deckforge.games import specs
from deckforge.sim.runner import simulate

DECKS = {deck.game: deck for deck in map(load_deck, bundled_decks())}


SIMULATED = sorted(game for game, spec in specs().items() if spec.engine)


@pytest.mark.parametrize("game", SIMULATED)
def test_every_game_plays_at_every_player_count(game):
    deck = DECKS[game]
    for players in deck.players:
        for policy in ("random", "greedy"):
            summary = simulate(deck, players, games=2, seed=players, policy=policy, check=True)
            assert summary.errors == [], f"{game}, {players} players, {policy}: {summary.errors[0]}"
            assert summary.finished + summary.stalemates == 2
            assert sum(summary.plays_by_card.values()) > 0


def test_the_bundled_rock_paper_scissors_game_is_registered():
    assert "kamen-nuzky-papir" in SIMULATED
