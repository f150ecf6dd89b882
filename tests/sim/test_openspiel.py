"""Every game of the registry through OpenSpiel's own simulation test, where OpenSpiel is installed.

OpenSpiel is in the `test` extra, so CI runs this file; an environment without it (`pip install open_spiel`) skips it.
"""
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from deckforge.errors import DeckforgeError  # noqa: E402
from deckforge.games import openspiel as adapter  # noqa: E402  (needs pyspiel)
from deckforge.games import specs  # noqa: E402
from deckforge.load import BUNDLED_DIR  # noqa: E402
from deckforge.sim.base import CHANCE, TERMINAL, IllegalActionError, SimulationError  # noqa: E402

SIMULATED = sorted(game for game, spec in specs().items() if spec.has_simulator)


@pytest.fixture(autouse=True, scope="module")
def registered():
    """Register every game before any test asks pyspiel for one by name: a test that did so first (without
    `load`) failed with "Unknown game" whenever no earlier test on its xdist worker had registered them."""
    adapter.register_all()


def each_game(counts=False):
    """Parametrize over every simulated game: at its lowest player count, or (`counts`) at its lowest, default
    and highest. OpenSpiel's test asks every seat's strings at every step, which grows with a long game's history:
    the lowest count keeps the games short enough to run it on every game."""
    params = [pytest.param(game, n, id=f"{game}-{n}") for game in SIMULATED for n in _counts(game, counts)]
    return pytest.mark.parametrize("game,players", params)


def _counts(game: str, every: bool) -> list[int]:
    deck = adapter._default_deck(game)
    return sorted({deck.players.low, deck.players.default_players, deck.players.high} if every else
                  {deck.players.low})


def load(game: str, players: int | None = None):
    adapter.register_all()
    params = {} if players is None else {"players": players}
    return pyspiel.load_game(adapter.game_name(game), params)


def deal(state, rng: random.Random):
    """Resolve chance nodes until a seat is to move (or the game is over)."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
    return state


@each_game()
def test_every_game_passes_openspiels_random_simulation_test(game, players):
    pyspiel.random_sim_test(load(game, players), num_sims=2, serialize=True, verbose=False)


@each_game(counts=True)
def test_every_player_count_plays_to_the_end_inside_the_declared_bounds(game, players):
    spiel = load(game, players)
    actions, outcomes, rng = spiel.num_distinct_actions(), spiel.max_chance_outcomes(), random.Random(players)
    state, decisions = spiel.new_initial_state(), 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            assert legal and all(0 <= a < outcomes for a in legal)
            assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
        else:
            assert 0 <= state.current_player() < players and legal and all(0 <= a < actions for a in legal)
            decisions += 1
        state.apply_action(rng.choice(legal))
    assert decisions <= spiel.max_game_length()
    returns = state.returns()
    assert len(returns) == players and abs(sum(returns)) < 1e-9 and all(-1 <= r <= 1 for r in returns)


@each_game()
def test_the_game_declares_what_the_engine_says(game, players):
    spiel = load(game)
    engine = spiel.engine
    deck = adapter._default_deck(game)
    kind = spiel.get_type()
    assert kind.short_name == adapter.game_name(game) == "deckforge_" + game.replace("-", "_")
    assert (kind.min_num_players, kind.max_num_players) == (deck.players.low, deck.players.high)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert spiel.num_players() == engine.players == deck.players.default_players
    assert spiel.num_distinct_actions() == engine.num_distinct_actions()
    assert spiel.max_chance_outcomes() == engine.max_chance_outcomes()
    assert spiel.max_game_length() == engine.max_game_length()
    assert (spiel.min_utility(), spiel.max_utility(), spiel.utility_sum()) == (-1.0, 1.0, 0.0)


@each_game()
def test_a_pyspiel_state_is_the_engine_state_seen_through_openspiel(game, players):
    spiel = load(game, players)
    rng = random.Random(7)
    state = spiel.new_initial_state()
    ours = state.deckforge_state
    assert state.current_player() == CHANCE and state.chance_outcomes() == ours.chance_outcomes()
    while not state.is_terminal():
        player = state.current_player()
        assert player == ours.player and state.legal_actions() == ours.legal_actions()
        assert str(state) == str(ours)
        for seat in range(spiel.num_players()) if len(state.history()) % 7 == 0 else ():
            assert state.information_state_string(seat) == ours.information_state_string(seat)
            assert state.observation_string(seat) == ours.observation_string(seat)
        words = {a: state.action_to_string(player, a) for a in state.legal_actions()}
        assert len(set(words.values())) == len(words)  # OpenSpiel wants them distinct
        for action, text in words.items():
            engine_words = ours.action_to_string(player, action)
            assert text in (engine_words, f"{engine_words} [{action}]")
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == TERMINAL
    assert state.returns() == (ours.returns() if ours.is_terminal() else [0.0] * spiel.num_players())
    assert len(state.history()) > ours.turns  # the history holds the chance outcomes too


@each_game()
def test_a_clone_is_equal_and_independent(game, players):
    state = deal(load(game).new_initial_state(), random.Random(3))
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    assert clone.deckforge_state is not state.deckforge_state
    assert clone.deckforge_state.engine is state.deckforge_state.engine  # the deck is not copied
    before = str(state)
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) == before and len(clone.history()) == len(state.history()) + 1


@each_game()
def test_an_illegal_action_is_refused_with_the_engines_reason(game, players):
    spiel = load(game)
    state = deal(spiel.new_initial_state(), random.Random(5))
    legal = set(state.legal_actions())
    illegal = next(a for a in range(spiel.num_distinct_actions() + 1) if a not in legal)
    before = str(state)
    with pytest.raises(IllegalActionError, match=rf"\b{illegal}\b"):
        state.apply_action(illegal)
    assert str(state) == before and state.legal_actions() == sorted(legal)


@each_game()
def test_the_turn_bound_ends_the_game_as_a_stalemate(game, players):
    state = deal(load(game).new_initial_state(), random.Random(1))
    state.deckforge_state.turns = state.get_game().max_game_length()
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == [0.0] * state.num_players() and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(0)


@each_game()
def test_the_game_loads_from_its_own_string_and_from_a_deck_file(game, players):
    spiel = load(game)
    assert str(pyspiel.load_game(str(spiel))) == str(spiel)
    deck = adapter._default_deck(game)
    by_path = pyspiel.load_game(adapter.game_name(game), {"deck": str(deck.path), "players": deck.players.low})
    assert by_path.num_players() == deck.players.low
    assert by_path.num_distinct_actions() == load(game, deck.players.low).num_distinct_actions()


@each_game()
def test_parameters_a_game_cannot_play_are_refused_with_a_reason(game, players):
    name = adapter.game_name(game)
    deck = adapter._default_deck(game)
    with pytest.raises(DeckforgeError, match=f"serves {deck.players.low} to {deck.players.high} players"):
        pyspiel.load_game(name, {"players": deck.players.high + 1})
    other = next((path.parent.name for path in sorted(BUNDLED_DIR.glob("*/deck.yaml"))
                  if adapter._load(str(path)).game != game), None)
    if other:
        with pytest.raises(SimulationError, match=f"plays '{adapter._load(other).game}', not '{game}'"):
            pyspiel.load_game(name, {"deck": other})


def test_register_all_names_each_simulated_game_once():
    names = adapter.register_all()
    assert names == [adapter.game_name(game) for game in SIMULATED]
    assert SIMULATED == sorted(specs())  # every bundled game has an engine, so none goes untested here
    assert adapter.register_all() == names  # a second call registers nothing again
    assert set(names) <= set(pyspiel.registered_names())


def test_legal_actions_that_share_the_engines_words_get_their_ids_added(monkeypatch):
    rng = random.Random(2)
    state = deal(load(SIMULATED[0]).new_initial_state(), rng)
    while not state.is_terminal() and len(state.legal_actions()) < 2:  # find a choice of two actions or more
        state.apply_action(state.legal_actions()[0])
        deal(state, rng)
    monkeypatch.setattr(type(state.deckforge_state), "action_to_string", lambda self, player, action: "lay a card")
    legal = state.legal_actions()
    words = [state.action_to_string(state.current_player(), action) for action in legal]
    assert words == [f"lay a card [{action}]" for action in legal]
