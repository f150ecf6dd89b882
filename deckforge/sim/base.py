"""Engine core: the interface every game implements, the game registry, and one complete game's loop.

Every game file follows the same order (see ../shared/STYLE.md): docstring naming the rules source, constants,
a `GameInfo`, the `Engine` (built once per deck and player count, holding the card table as small integers),
its `State` (`current_player`, `legal_actions`, `apply`, `is_terminal`, `result`, `check_invariants`, `__str__`),
the greedy policy, and registration with `register`.

A seeded `random.Random` is the only source of chance: the engine shuffles with it and the policies choose with it,
so a seed reproduces a game exactly.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..errors import DeckforgeError
from ..model import Deck


class SimulationError(DeckforgeError):
    """A game cannot be simulated as asked (unknown game, unsupported option)."""


class InvariantError(AssertionError):
    """A rule of the engine itself broke (a card lost or duplicated, a bad current player): a bug or a bad deck."""


@dataclass(frozen=True)
class GameInfo:
    """What the runner needs to know about a game."""

    game: str                       # the deck's `game` id
    title: str                      # English display name
    max_turns: Callable[[int], int]  # bound on decisions in one game for n players: past it, a stalemate
    scored: bool = False            # True: result ranks by score (Wizard); False: by finishing order


@dataclass
class GameResult:
    """How one game went. Seats are 0..n-1 in play order from seat 0."""

    players: int
    finished: bool                  # ended by the rules (not by the turn bound or a stalemate)
    stalemate: bool                 # no progress possible, or the turn bound was reached
    turns: int                      # decisions taken
    winners: list[int]              # seats that won (first place; several on a tied score)
    places: list[int] = field(default_factory=list)   # seats from first to last
    scores: list[int] | None = None
    plays: list[Counter] = field(default_factory=list)  # per seat: card id -> times played
    effects: Counter = field(default_factory=Counter)    # effect name -> times triggered
    extra: dict = field(default_factory=dict)           # game-specific figures (bids made, loser seat...)
    first_player: int | None = None                     # the seat that started, in turn order (play_game)


class State:
    """One game in progress. Subclasses use __slots__ and integer cards for speed."""

    __slots__ = ()
    current_player: int
    turns: int

    def legal_actions(self) -> Sequence:
        raise NotImplementedError

    def apply(self, action) -> None:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def result(self) -> GameResult:
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise InvariantError when a card appears twice or vanishes, or the current player is invalid."""
        raise NotImplementedError


class Engine:
    """A game's rules bound to one deck and player count; makes new games."""

    info: GameInfo

    def __init__(self, deck: Deck, players: int, options: dict | None = None):
        deck.players.sets_for(players)  # raises PlayerCountError outside the deck's range
        self.deck = deck
        self.players = players
        self.options = options or {}

    def new_game(self, rng: random.Random, starter: int | None = None) -> State:
        raise NotImplementedError

    def greedy_action(self, state: State, rng: random.Random):
        """Return the greedy policy's choice (documented per game)."""
        raise NotImplementedError

    def next_starter(self, previous: GameResult | None) -> int | None:
        """Return who starts the next game of a series after `previous` (None: drawn at random).

        The default follows Kámen, nůžky, papír: the previous winner starts; a game with no winner (or the first
        game of a series) lets chance decide. Games with another rule (DYMOCK: the player after the loser) override.
        """
        if previous is None or not previous.winners:
            return None
        return previous.winners[0]

    def expected_effects(self) -> set[str]:
        """Return the effect names that seeded play should trigger at least once (the play check reports the rest).

        By default: every effect named on a spell card of this deck. Games whose effects are not spells (bonuses,
        penalties, specials) may override with their own names, as they count them in `GameResult.effects`.
        """
        return {effect.name for card in self.deck.cards for effect in card.effects}


ENGINES: dict[str, type[Engine]] = {}


def register(engine: type[Engine]) -> type[Engine]:
    """Class decorator: make an engine available for decks of its game."""
    ENGINES[engine.info.game] = engine
    return engine


def engine_for(deck: Deck, players: int, options: dict | None = None) -> Engine:
    """Build the engine for a deck's game; raise SimulationError when no engine exists."""
    from . import games  # noqa: F401  (imports every game module so they register)

    if deck.game not in ENGINES:
        raise SimulationError(f"no simulator for the game '{deck.game}' yet")
    return ENGINES[deck.game](deck, players, options)


def first_seat(engine: Engine, state: State) -> int:
    """Return the seat a new game starts with in turn order, as the engine's `starter` argument names it.

    Dealt games (Wizard, Rychlé šípy) start with the seat after the dealer, though their first decision may be the
    dealer's own (choosing trump); the others start with the starter's own decision.
    """
    dealer = getattr(state, "dealer", None)
    if isinstance(dealer, int):
        return (dealer + 1) % engine.players
    return state.current_player


def play_game(engine: Engine, rng: random.Random, policies: Sequence[str], check: bool = False,
              starter: int | None = None) -> GameResult:
    """Play one game to its end or to the turn bound; `policies[seat]` is 'random' or 'greedy'."""
    state = engine.new_game(rng, starter)
    first_player = first_seat(engine, state)
    bound = engine.info.max_turns(engine.players)
    if check or "greedy" in policies:
        _play_by_policy(engine, state, rng, policies, check, bound)
    else:
        _play_random(state, rng, bound)
    result = state.result()
    result.first_player = first_player
    if engine.options.get("trace") and "log" not in result.extra:
        result.extra["log"] = list(getattr(state, "log", None) or ())
    if not state.is_terminal():  # the turn bound was reached: a stalemate, not a crash
        result.finished, result.stalemate = False, True
    return result


def _play_by_policy(engine: Engine, state: State, rng: random.Random, policies: Sequence[str], check: bool,
                    bound: int) -> None:
    """Play on with each seat's own policy, checking the invariants after every step if asked."""
    greedy = engine.greedy_action
    choice = rng.choice
    while not state.is_terminal():
        if state.turns >= bound:
            break
        if policies[state.current_player] == "greedy":
            action = greedy(state, rng)
        else:
            action = choice(state.legal_actions())
        state.apply(action)
        if check:
            state.check_invariants()


def _play_random(state: State, rng: random.Random, bound: int) -> None:
    """Play on with random players at every seat: the same choices as _play_by_policy, with less work per step."""
    choice, legal_actions, apply, is_terminal = rng.choice, state.legal_actions, state.apply, state.is_terminal
    while not is_terminal() and state.turns < bound:
        apply(choice(legal_actions()))
