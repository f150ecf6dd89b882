"""Engine core: the interface every game implements (in OpenSpiel's shape and names), and the game loop.

A game (`Engine`, built once per deck and player count) has `num_players()`, `num_distinct_actions()`,
`max_chance_outcomes()`, `max_game_length()` and `new_initial_state()`. A `State` has `current_player()`
(CHANCE or TERMINAL between the seats' turns), `is_chance_node()`, `chance_outcomes()`, `legal_actions()`,
`apply_action(a)` (an illegal action raises IllegalActionError, saying why), `is_terminal()`, `returns()`,
`clone()`, `information_state_string(p)`, `observation_string(p)`, `action_to_string(p, a)` and `__str__`.
Actions are one fixed numbering per game, 0 .. num_distinct_actions() - 1; chance outcomes are numbered
0 .. max_chance_outcomes() - 1. Every random event (the first dealer or starter, each card dealt or drawn from a
shuffled stock) is a chance node, so a state holds no generator and a seed only drives the runner's choices.

Subclasses implement the underscored methods (`_legal_actions`, `_apply_action`, `_chance_outcomes`), and may
override `sample_chance(rng)` with a faster draw of the same distribution; the runner plays through
`_apply_action`, having chosen a legal action itself. States pickle and deep-copy (decks included).

Every game file follows the same order (see ../shared/STYLE.md): docstring naming the rules source, constants,
a `GameInfo`, the `Engine`, its `State`, and its greedy policy in `greedy.py` beside it.
"""
from __future__ import annotations

import copy
import copyreg
import random
from dataclasses import dataclass
from difflib import get_close_matches
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Hashable, Iterable, Sequence

from ..errors import DeckforgeError, counted, display_path
from ..model import Deck
from .results import Bids, Figures, GameResult, place_returns  # noqa: F401  (the engines' results; re-exported)

if TYPE_CHECKING:
    from ..games.spec import GameSpec

CHANCE, TERMINAL = -1, -4  # current_player() between the seats' turns (pyspiel.PlayerId's values)


def _mapping_proxy(mapping: dict) -> MappingProxyType:
    return MappingProxyType(mapping)


# Decks hold read-only mappings; let them pickle and deep-copy as the plain dicts they wrap. (The rebuilding
# function must be importable by name: `mappingproxy` itself is not, so it cannot be the reduce's callable.)
copyreg.pickle(MappingProxyType, lambda proxy: (_mapping_proxy, (dict(proxy),)))


class SimulationError(DeckforgeError):
    """A game cannot be simulated as asked (unknown game, unsupported option)."""


class IllegalActionError(SimulationError):
    """An action that the rules do not allow in this state; the message says why."""


class InvariantError(AssertionError):
    """A rule of the engine itself broke (a card lost or duplicated, a bad current player): a bug or a bad deck."""


@dataclass(frozen=True)
class GameInfo:
    """What the runner needs to know about a game."""

    game: str                       # the deck's `game` id
    title: str                      # English display name
    max_turns: Callable[[int], int]  # bound on decisions in one game for n players: past it, a stalemate


class State:
    """One game in progress, in OpenSpiel's shape. Subclasses use __slots__ and integer cards for speed.

    A subclass keeps the seat to move in `player` (CHANCE at a chance node, TERMINAL at the end), counts the
    seats' decisions in `turns`, and holds its engine in `engine`.
    """

    __slots__ = ()
    player: int
    turns: int
    engine: "Engine"

    # -- implemented by each game -------------------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        """Return the legal actions of the seat to move, in increasing order."""
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the outcomes of the chance node with their probabilities (summing to 1)."""
        raise NotImplementedError

    def _apply_action(self, action: int) -> None:
        """Apply a legal action (or chance outcome) without checking it."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def result(self) -> "GameResult":
        """Return how the game went so far (deckforge's summary of a finished or stopped game)."""
        raise NotImplementedError

    def information_state_string(self, player: int) -> str:
        """Return everything `player` may know: their own cards, what was seen, the public history."""
        raise NotImplementedError

    def observation_string(self, player: int) -> str:
        """Return what `player` sees now (their cards and the table), without the history."""
        return self.information_state_string(player)

    def repetition_key(self, player: int) -> Hashable | None:
        """Return what makes this position the same one again for `player`: what they see, without any turn count
        (None, the default: the game does not say). The search player leaves a position that comes round a third
        time by another action (mcts.py); a game whose play can go in circles should give one."""
        return None

    def action_to_string(self, player: int, action: int) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise InvariantError when a card appears twice or vanishes, or the current player is invalid."""
        raise NotImplementedError

    def standings(self) -> list[float] | None:
        """Return who is ahead now: one number per seat, in seat order, higher is better; None: the game cannot say.

        The contract, for hand-written engines and the rules interpreter alike: a running estimate of the final
        order from the table as it is (points so far; in a shedding game minus the cards held, a seat already out
        above every seat still in, the earlier out the higher: `measures.shedding_standings`). Only the order of
        the numbers counts, and ties are allowed. The winners of a finished game stand at the top. It changes
        nothing (no random draw, no list the state keeps) and is cheap: the report calls it after every decision.
        None (the default) leaves the game without lead changes, drama and decisiveness in the report.
        """
        return None

    def shedding_feed(self) -> tuple[Callable[[], Iterable[int]], list[int]] | None:
        """Return what a shedding game's `standings` are made of, for the report to read them faster, or None
        (the default: the report calls `standings`).

        A shedding game (`measures.shedding_standings`) returns `(held, places)`: `held()` gives the cards each
        seat holds, in seat order, best built of C parts alone (`functools.partial(map, len, self.hands)`), and
        `places` is the state's own list of the seats out, first out first, which grows in place as seats go out
        (never replaced). The report then keeps a row of counts per decision and builds the standings of a whole
        game at once (`measures.shedding_rows`), the same numbers as `standings` after each decision without a
        Python call per decision. Its `standings` should read this feed, so that the two never differ.
        """
        return None

    def determinize(self, player: int, rng: random.Random) -> "State":
        """Return a clone in which every card `player` cannot see is dealt anew at random among the places it
        may be (other hands, the stock), keeping all that `player` knows. Search players sample with it."""
        raise NotImplementedError

    # -- the shared interface --------------------------------------------------------------------------------------

    def current_player(self) -> int:
        return self.player

    def is_chance_node(self) -> bool:
        return self.player == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Return the legal actions (chance outcomes at a chance node; nothing for another seat or at the end), in
        a list of the caller's own: `_legal_actions` may hand out a list the state keeps (the runner's fast path)."""
        if self.is_terminal() or (player is not None and player != self.player):
            return []
        if self.player == CHANCE:
            return [outcome for outcome, _ in self._chance_outcomes()]
        return list(self._legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.player != CHANCE or self.is_terminal():
            return []
        return self._chance_outcomes()

    def sample_chance(self, rng: random.Random) -> int:
        """Return a chance outcome drawn with its probability (games override this with a faster draw)."""
        outcomes = self._chance_outcomes()
        return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]

    def apply_action(self, action: int) -> None:
        """Apply `action` after checking it is legal; raise IllegalActionError saying why it is not."""
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; no action {action} can follow")
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(self._why_illegal(action, legal))
        self._apply_action(action)

    def _why_illegal(self, action: int, legal: list[int]) -> str:
        if self.player == CHANCE:
            return f"{action} is not a chance outcome here (the outcomes are {legal[:12]})"
        limit = self.engine.num_distinct_actions()
        if not isinstance(action, int) or not 0 <= action < limit:
            return f"{action!r} is not an action of this game (actions are 0 to {limit - 1})"
        allowed = ", ".join(f"{self.action_to_string(self.player, a)} ({a})" for a in legal[:8])
        more = f" and {len(legal) - 8} more" if len(legal) > 8 else ""
        return (f"seat {self.player} cannot {self.action_to_string(self.player, action)} ({action}) now; "
                f"the legal actions are: {allowed}{more}")

    def apply_actions(self, actions: Sequence[int]) -> None:
        for action in actions:
            self.apply_action(action)

    def returns(self) -> list[float]:
        """Return each seat's reward: +1 for first place to -1 for last, evenly between; 0 each for a stalemate
        or an unfinished game. Scored games rank by score, tied seats sharing the mean of their places."""
        n = self.engine.players
        if not self.is_terminal():
            return [0.0] * n
        return place_returns(self.result(), n)

    def rewards(self) -> list[float]:
        return self.returns() if self.is_terminal() else [0.0] * self.engine.players

    def num_players(self) -> int:
        return self.engine.players

    def get_game(self) -> "Engine":
        return self.engine

    def clone(self) -> "State":
        """Return an independent copy sharing the engine (its tables never change)."""
        return copy.deepcopy(self, {id(self.engine): self.engine})

    def history_str(self) -> str:
        return str(self)


def uniform_outcomes(items: Sequence) -> list[tuple]:
    """Return chance outcomes that are all equally likely: `items` (seats, or cards not seen yet) in their order."""
    chance = 1 / len(items)
    return [(item, chance) for item in items]


def card_labels(ids: Sequence[str]) -> tuple[str, ...]:
    """Name each physical card by its id; copies of one id get "#1", "#2"... so that no two actions read alike."""
    total = {card_id: 0 for card_id in ids}
    for card_id in ids:
        total[card_id] += 1
    seen: dict[str, int] = {}
    labels = []
    for card_id in ids:
        seen[card_id] = seen.get(card_id, 0) + 1
        labels.append(card_id if total[card_id] == 1 else f"{card_id}#{seen[card_id]}")
    return tuple(labels)


def uniform_pick(rng: random.Random, items: Sequence):
    """Return one of `items`, each equally likely: `rng.choice(items)`'s own rejection sampling (the same bits, so
    the same pick) without its two inner calls. Engines draw unseen cards with it on their hot path."""
    count = len(items)
    bits = count.bit_length()
    pick = rng.getrandbits(bits)
    while pick >= count:
        pick = rng.getrandbits(bits)
    return items[pick]


class Engine:
    """A game's rules bound to one deck and player count (OpenSpiel's `Game`); makes new states."""

    info: GameInfo
    variants: frozenset[str] = frozenset()
    trace = False                       # the "trace" option: states keep a readable log

    def __init__(self, deck: Deck, players: int, options: dict | None = None):
        deck.players.sets_for(players)  # raises PlayerCountError outside the deck's range
        self.deck = deck
        self.players = players
        self.options = options or {}
        spec = self.spec  # None only for a game outside the registry (a test's toy), which declares no variants
        if spec and players < spec.min_players:  # too few seats: a game may never end (validate says so first)
            from ..validate import seat_findings

            raise SimulationError(str(seat_findings(deck, [players])[0]))
        self.variants = chosen_variants(spec, self.options.get("variants", ())) if spec else frozenset()
        self.trace = bool(self.options.get("trace"))

    @property
    def spec(self) -> "GameSpec | None":
        """Return the game's spec from the registry (None for a game outside it, such as a test's toy). Looked up,
        not kept: a spec holds functions, and an engine pickles with its states."""
        from ..games import specs

        return specs().get(self.info.game)

    # -- OpenSpiel's Game ---------------------------------------------------------------------------------------

    def num_players(self) -> int:
        return self.players

    def num_distinct_actions(self) -> int:
        raise NotImplementedError

    def max_chance_outcomes(self) -> int:
        raise NotImplementedError

    def max_game_length(self) -> int:
        """Return the bound on decisions in one game: past it, the runner calls the game a stalemate."""
        return self.info.max_turns(self.players)

    def new_initial_state(self, starter: int | None = None) -> State:
        """Return a new game before its deal; `starter` fixes who starts (None: a chance node decides)."""
        raise NotImplementedError

    def get_type(self):
        return self.info

    # -- deckforge's own --------------------------------------------------------------------------------------------

    def dealt_cards(self) -> list:
        """Return the deck's cards at this player count; raise SimulationError when they cannot make the game's
        deal (its spec's `deal`)."""
        cards = self.deck.for_players(self.players)
        deal = self.spec.deal
        if len(cards) < deal.needed(self.players):
            raise SimulationError(f"deck '{self.deck.id}': {counted(len(cards), 'card')} cannot "
                                  f"{deal.describe(self.players)}")
        return cards

    def new_game(self, rng: random.Random, starter: int | None = None) -> State:
        """Return a new state with its opening chance nodes (who starts, the deal) resolved by `rng`."""
        state = self.new_initial_state(starter)
        while state.player == CHANCE and not state.is_terminal():
            state._apply_action(state.sample_chance(rng))
        return state

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


def chosen_variants(spec: "GameSpec", asked: str | Sequence[str]) -> frozenset[str]:
    """Return the variant switches asked for (a comma list or names); raise SimulationError for a name the game's
    spec does not declare, naming the nearest one (a game may refuse combinations on top of this)."""
    names = [name.strip() for name in (asked.split(",") if isinstance(asked, str) else asked or ()) if name.strip()]
    unknown = [name for name in names if name not in spec.variants]
    if unknown and not spec.variants:
        raise SimulationError(f"{spec.title} ({spec.id}) has no variants; cannot play {', '.join(unknown)}")
    if unknown:
        near = get_close_matches(unknown[0], spec.variants, n=1)
        hint = f"did you mean '{near[0]}'? " if near else ""
        raise SimulationError(f"unknown {spec.title} variant '{unknown[0]}'; {hint}"
                              f"(one of: {', '.join(spec.variants)})")
    return frozenset(names)


def engine_for(deck: Deck, players: int, options: dict | None = None) -> Engine:
    """Build the engine for a deck's game; raise SimulationError when the game has no simulator."""
    from ..games import deck_spec

    engine = deck_spec(deck).engine_class()
    if engine is None:
        raise SimulationError(_no_simulator_message(deck))
    return engine(deck, players, options)


def _no_simulator_message(deck: Deck) -> str:
    """Say why a deck cannot be played and what to do: name a game, or write the rules as data."""
    from ..games import game_ids

    where = f"{display_path(deck.path)}: " if deck.path else ""
    if deck.game is None:
        return (f"{where}deck '{deck.id}' names no game, so there is nothing to play; name one with `game:` "
                f"(one of: {', '.join(game_ids())}) or describe its rules as data (docs/rules-format.md)")
    return (f"{where}no simulator plays the game '{deck.game}', so there is nothing to play; validate, build and "
            f"rulebook work without one")


def first_seat(engine: Engine, state: State) -> int:
    """Return the seat a new game starts with in turn order, as the engine's `starter` argument names it.

    Dealt games (Wizard, Rychlé šípy) start with the seat after the dealer, though their first decision may be the
    dealer's own (choosing trump); the others start with the starter's own decision.
    """
    dealer = getattr(state, "dealer", None)
    if isinstance(dealer, int):
        return (dealer + 1) % engine.players
    return state.player


Chooser = Callable[[State, random.Random], int]


def play_game(engine: Engine, rng: random.Random, policies: Sequence[str], check: bool = False,
              starter: int | None = None, options: dict | None = None, measure: bool = False,
              standings: bool = True) -> GameResult:
    """Play one game to its end or to the turn bound; `policies[seat]` names a policy (see policies.py).
    `measure`: also count forced decisions and, with `standings`, follow the standings (measures.py; the same game
    either way)."""
    state = engine.new_game(rng, starter)
    first_player = first_seat(engine, state)
    bound = engine.max_game_length()
    from .policies import chooser

    choosers = [chooser(name, engine, options) for name in policies]
    if measure and not check:
        from .measures import play_measured

        result = play_measured(state, rng, choosers, bound, standings)
    else:
        try:
            _play(state, rng, choosers, check, bound)
        except Exception as exc:
            said = _post_mortem(engine, state, exc)
            if said is exc:
                raise
            raise said from None
        result = state.result()
    result.first_player = first_player
    if engine.options.get("trace") and result.log is None:
        result.log = list(getattr(state, "log", None) or ())
    if check:
        check_figures(engine, result)
    if not state.is_terminal():  # the turn bound was reached: a stalemate, not a crash
        result.finished, result.stalemate = False, True
    # at the bound, whether the runner stopped the game or the engine did (Prší ends itself there)
    result.bounded = result.stalemate and result.turns >= bound
    return result


def _post_mortem(engine: Engine, state: State, exc: Exception) -> Exception:
    """Return what to raise for a game that broke: a seat to move with no legal action said as such (a player
    choosing among nothing says only that a sequence was empty), and the steps logged so far kept with it
    (`trace_log`) when the game is traced."""
    try:
        stuck = (not isinstance(exc, InvariantError) and not state.is_terminal() and state.player != CHANCE
                 and not state._legal_actions())
    except Exception:  # noqa: BLE001  (the state itself is broken: the first error says more)
        stuck = False
    if stuck:
        exc = InvariantError(f"seat {state.player} is to move with nothing legal")
    if engine.options.get("trace"):
        exc.trace_log = list(getattr(state, "log", None) or ())
    return exc


def check_figures(engine: Engine, result: GameResult) -> None:
    """Raise InvariantError when a result holds a figure its game's spec does not declare, or of the wrong shape."""
    if engine.spec is None:  # a game outside the registry (a test's toy) declares nothing to check against
        return
    declared = {figure.name: figure for figure in engine.spec.figures}
    for name, value in result.figures.items():
        figure = declared.get(name)
        if figure is None:
            raise InvariantError(f"the result holds the figure '{name}', which GameSpec.figures does not declare")
        if not isinstance(value, dict if figure.keyed else int) or isinstance(value, bool):
            shape = f"a count per {figure.per}" if figure.keyed else "a number"
            raise InvariantError(f"the figure '{name}' should be {shape}, not {value!r}")


def _play(state: State, rng: random.Random, choosers: Sequence[Chooser], check: bool, bound: int) -> None:
    """Play on, sampling chance nodes with `rng` and asking each seat's chooser; check every step if asked."""
    is_terminal, sample = state.is_terminal, state.sample_chance
    apply = state.apply_action if check else state._apply_action
    if not check and all(getattr(c, "__name__", "") == "_random" for c in choosers):
        # Random players at every seat (the simulator's hot loop): `rng.choice(legal())` written out, as in
        # uniform_pick, so the same bits give the same choices without its two calls and one less call per step.
        getrandbits, legal = rng.getrandbits, state._legal_actions
        while not is_terminal() and state.turns < bound:
            if state.player == CHANCE:
                apply(sample(rng))
                continue
            actions = legal()
            count = len(actions)
            if not count:
                raise IndexError("Cannot choose from an empty sequence")  # as rng.choice says; _post_mortem names it
            bits = count.bit_length()
            pick = getrandbits(bits)
            while pick >= count:
                pick = getrandbits(bits)
            apply(actions[pick])
        return
    while not is_terminal() and state.turns < bound:
        player = state.player
        apply(sample(rng) if player == CHANCE else choosers[player](state, rng))
        if check:
            state.check_invariants()
