"""Every registered game, played at every player count its bundled deck supports, with invariants checked."""
import dataclasses

import pytest

from deckforge.load import bundled_decks, load_deck
from deckforge.games import specs
from deckforge.sim.base import GameResult, SimulationError, engine_for, play_game
from deckforge.sim.runner import game_rng, simulate

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


@pytest.mark.parametrize("game", SIMULATED)
def test_a_variant_the_game_does_not_declare_is_refused_naming_the_game(game):
    spec, deck = specs()[game], DECKS[game]
    message = (f"unknown {spec.title} variant 'lucid-visoin'; did you mean 'lucid-vision'?" if spec.variants
               else f"{spec.title} ({game}) has no variants; cannot play lucid-visoin")
    with pytest.raises(SimulationError) as refused:
        engine_for(deck, deck.players.low, {"variants": ("lucid-visoin",)})
    assert message in str(refused.value)
    for variant in spec.variants:  # each one it declares plays
        assert engine_for(deck, deck.players.low, {"variants": (variant,)}).variants == {variant}


@pytest.mark.parametrize("game", SIMULATED)
def test_the_engine_refuses_fewer_players_than_the_game_needs(game):
    """A Kámen, nůžky, papír game for one player never ended (one seat is never the last holding cards), and every
    command that played it hung. Each game states its fewest players once; its bundled deck serves no fewer, and its
    engine will not seat fewer, whatever the deck says."""
    spec, deck = specs()[game], DECKS[game]
    assert deck.players.low >= spec.min_players
    fewer = spec.min_players - 1
    one_short = dataclasses.replace(deck, players=dataclasses.replace(deck.players, low=fewer))
    with pytest.raises(SimulationError) as refused:
        engine_for(one_short, fewer)
    assert str(refused.value).endswith(f": players.min: {spec.title} ({game}) needs at least {spec.min_players} "
                                       f"players, not {fewer}: raise it to {spec.min_players}")


@pytest.mark.parametrize("game", SIMULATED)
def test_results_hold_only_the_figures_the_game_declares_in_their_shape(game):
    spec, deck = specs()[game], DECKS[game]
    engine = engine_for(deck, deck.players.low)
    seen = set()
    for index in range(6):
        result = play_game(engine, game_rng(3, index), ["random"] * engine.players)
        assert isinstance(result, GameResult)
        for name, value in result.figures.items():
            figure = spec.figure(name)
            assert figure is not None, f"{game}: figure '{name}' is not in its GameSpec.figures"
            if figure.keyed:
                assert all(isinstance(k, str) and type(v) is int for k, v in value.items()), (name, value)
            else:
                assert type(value) is int, (name, value)
        seen |= set(result.figures)
        if result.loser is not None:  # games with one loser: the last place
            assert result.finished and result.loser == result.places[-1]
    assert seen or not spec.figures, f"{game}: none of its figures came up in six games"
    assert all(figure.label and figure.label == figure.label.strip() for figure in spec.figures)


def test_the_bundled_rock_paper_scissors_game_is_registered():
    assert "kamen-nuzky-papir" in SIMULATED


@pytest.mark.parametrize("game", SIMULATED)
def test_random_players_fast_loop_plays_the_games_the_checked_loop_plays(game):
    """The simulator's hot loop picks random players' moves itself (base._play); with checks on, each move goes
    through the random policy, which asks `rng.choice`. The same seeds must give the same games, move for move."""
    deck = DECKS[game]
    for players in sorted({deck.players.low, deck.players.high}):
        engine = engine_for(deck, players)
        for index in range(6):
            fast = play_game(engine, game_rng(3, index), ["random"] * players)
            checked = play_game(engine, game_rng(3, index), ["random"] * players, check=True)
            assert dataclasses.asdict(fast) == dataclasses.asdict(checked), (game, players, index)
