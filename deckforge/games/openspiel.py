"""OpenSpiel adapter: every game of the registry, as a Python game of OpenSpiel (`pyspiel`).

`register_all()` registers each game whose engine plays on the chance-node interface (deckforge/sim/base.py) under
`deckforge_<game id, dashes as underscores>`; then `pyspiel.load_game("deckforge_<game>", {"players": 4})` plays
it in OpenSpiel's algorithms and tests. Parameters: `players` (default: the deck's default count), `deck` (a bundled
deck id or a deck file of the same game; default: the game's bundled deck) and `variants` (a comma list of the
game's variant switches; default none).

The pyspiel state wraps deckforge's thinly: action numbering, chance outcomes, strings and returns pass through
unchanged, except that two legal actions with the same words (two copies of a card) get their ids added, as
OpenSpiel wants them told apart. A game that reaches the engine's turn bound ends there, a stalemate worth 0 to
every seat, as in deckforge's own runner. Needs OpenSpiel (`pip install open_spiel`, the `bench` extra); nothing
else in deckforge imports this module.
"""
from __future__ import annotations

import functools
from pathlib import Path

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError("deckforge.games.openspiel needs OpenSpiel: pip install open_spiel") from exc

from . import spec_for, specs
from ..load import BUNDLED_DIR, bundled_decks, load_deck, resolve_deck
from ..model import Deck
from ..sim.base import TERMINAL, Engine, IllegalActionError, SimulationError, State, engine_for

PREFIX = "deckforge_"


def game_name(game: str) -> str:
    """Return the pyspiel name of a deckforge game id."""
    return PREFIX + game.replace("-", "_")


def register_all() -> list[str]:
    """Register every game that has an engine; return their pyspiel names. Safe to call again."""
    return [register(game) for game, spec in specs().items() if spec.has_simulator]


def register(game: str, deck: str | None = None) -> str:
    """Register one game with pyspiel (once) and return its name; raise SimulationError if it cannot be.

    `deck` (a deck id or file) is the default of the `deck` parameter; None: the game's bundled deck.
    """
    name = game_name(game)
    if name not in pyspiel.registered_names():
        if not spec_for(game).has_simulator:
            raise SimulationError(f"the game '{game}' has no simulator to register")
        default = _load(deck) if deck else _default_deck(game)
        if default.game != game:
            raise SimulationError(f"deck '{default.id}' plays '{default.game}', not '{game}'")
        game_type = _game_type(name, game, default)
        # a class per game, as OpenSpiel's own Python games register: pyspiel keeps the factory until the C++
        # registry is torn down after Python's, and a class (unlike a partial) is never freed by that last release
        attributes = {"game_type": game_type, "game": game}
        factory = type(f"DeckforgeGame_{name[len(PREFIX):]}", (DeckforgeGame,), attributes)
        pyspiel.register_game(game_type, factory)
    return name


def _default_deck(game: str) -> Deck:
    """Return the bundled deck of a game: the one with the game's own id, else the first that plays it."""
    own = BUNDLED_DIR / game / "deck.yaml"
    for path in ([own] if own.is_file() else []) + bundled_decks():
        deck = _load(str(path))
        if deck.game == game:
            return deck
    raise SimulationError(f"no bundled deck plays the game '{game}'; it cannot be registered without one")


def _load(name: str) -> Deck:
    """Load a deck once per file version (pyspiel rebuilds a game from its parameters on every deserialization)."""
    path = resolve_deck(name).resolve()
    return _load_version(path, path.stat().st_mtime_ns)


@functools.lru_cache(maxsize=32)
def _load_version(path: Path, mtime_ns: int) -> Deck:
    return load_deck(path)


def _game_type(name: str, game: str, deck: Deck) -> "pyspiel.GameType":
    engine = engine_for(deck, deck.player_count(), {"variants": ()})
    zero_sum = type(engine.new_initial_state()).returns is State.returns  # place_returns: they sum to 0
    utility = pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
    return pyspiel.GameType(
        short_name=name,
        long_name=f"deckforge {spec_for(game).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=deck.players.high,
        min_num_players=deck.players.low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": deck.player_count(), "deck": _deck_parameter(deck), "variants": ""},
    )


def _deck_parameter(deck: Deck) -> str:
    """Name a deck as the `deck` parameter: its bundled id, else its file's path."""
    bundled = BUNDLED_DIR / deck.id / "deck.yaml"
    same = deck.path is not None and bundled.is_file() and bundled.resolve() == deck.path.resolve()
    return deck.id if same or deck.path is None else str(deck.path)


class DeckforgeGame(pyspiel.Game):
    """A deckforge engine (one deck, one player count) as a pyspiel game; `register` makes one subclass per game."""

    game_type: "pyspiel.GameType"
    game: str  # the deckforge game id

    def __init__(self, params: dict):
        deck = _load(params["deck"])
        if deck.game != self.game:
            raise SimulationError(f"deck '{deck.id}' plays '{deck.game}', not '{self.game}'")
        variants = tuple(part.strip() for part in params["variants"].split(",") if part.strip())
        self.engine = engine_for(deck, deck.player_count(params["players"]), {"variants": variants})
        zero_sum = self.game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_distinct_actions(),
            max_chance_outcomes=self.engine.max_chance_outcomes(),
            num_players=self.engine.players,
            min_utility=-1.0,   # base.place_returns: +1 for first place to -1 for last
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.engine.max_game_length(),
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> "DeckforgeState":
        return DeckforgeState(self, self.engine.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None) -> "DeckforgeObserver":
        if params:
            raise ValueError(f"deckforge games take no observation parameters; got {params}")
        return DeckforgeObserver(iig_obs_type)


class DeckforgeState(pyspiel.State):
    """A pyspiel state around deckforge's: every method passes through, the turn bound ends the game."""

    def __init__(self, game: DeckforgeGame, state: State):
        super().__init__(game)
        self._held = _Held(state)
        self._bound = game.engine.max_game_length()
        self._twins = (-1, frozenset())  # (move number, words shared by two legal actions there)

    @property
    def deckforge_state(self) -> State:
        """Return the wrapped deckforge state (shared, not a copy)."""
        return self._held.state

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self._held.state.player

    def is_terminal(self) -> bool:
        state = self._held.state
        return state.is_terminal() or state.turns >= self._bound

    def _legal_actions(self, player: int) -> list[int]:
        return self._held.state._legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; no action {action} can follow")
        self._held.state.apply_action(action)  # checked: an illegal action raises, saying why

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the engine's words, with the action id added where two legal actions share them (two copies of
        a card): OpenSpiel wants the strings of a state's legal actions distinct, deckforge only readable."""
        words = self._held.state.action_to_string(player, action)
        return f"{words} [{action}]" if words in self._shared_words() else words

    def _shared_words(self) -> frozenset:
        move, shared = self._twins
        if move != self.move_number():
            state, seen, twins = self._held.state, set(), set()
            for action in ([] if self.is_terminal() else state.legal_actions()):
                words = state.action_to_string(state.player, action)
                (twins if words in seen else seen).add(words)
            shared = frozenset(twins)
            self._twins = (self.move_number(), shared)
        return shared

    def returns(self) -> list[float]:
        state = self._held.state
        return state.returns() if state.is_terminal() else [0.0] * state.engine.players

    def __str__(self) -> str:
        return str(self._held.state)


class _Held:
    """Carries deckforge's state inside a pyspiel state. pyspiel clones a Python state by deep-copying its
    attributes; this copy is the state's own `clone()`, which shares the engine instead of copying the deck."""

    __slots__ = ("state",)

    def __init__(self, state: State):
        self.state = state

    def __deepcopy__(self, memo: dict) -> "_Held":
        return _Held(self.state.clone())


class DeckforgeObserver:
    """pyspiel's observer protocol: strings only (information state or observation), no tensors."""

    def __init__(self, iig_obs_type=None):
        self.info_state = _wants_info_state(iig_obs_type)
        self.tensor = None
        self.dict = {}

    def set_from(self, state: DeckforgeState, player: int) -> None:
        pass  # strings only

    def string_from(self, state: DeckforgeState, player: int) -> str:
        inner = state.deckforge_state
        return inner.information_state_string(player) if self.info_state else inner.observation_string(player)


def _wants_info_state(iig_obs_type) -> bool:
    """Return True for the information-state observer, False for the observation; refuse other kinds."""
    if iig_obs_type is None:
        return False
    if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
        raise ValueError("deckforge games observe as one player sees: public information and their own cards")
    return iig_obs_type.perfect_recall
