"""A thinking player: information-set Monte Carlo tree search (ISMCTS) with paired root samples.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions on
Computational Intelligence and AI in Games 4(2), 2012 (single-observer ISMCTS, algorithm 3). The search deals the
cards its player cannot see anew (`state.determinize(player, rng)`: it never looks at them) and plays the game on
in that world. It keeps one tree of its own decisions, each node choosing among the actions legal in the world by
UCB1 with availability counts and widening progressively (the playout policy's choice first); the other players
act by the playout policy, which is their model (the greedy player by default), and the game is played out with
it. Chance events (draws from an unknown stock) are sampled on the way and do not branch the tree: a node is the
sequence of decisions that led to it (open loop over chance).

At the root every legal action is tried in every sampled world, each with the same chance draws (common random
numbers): in games of luck the draws decide most playouts, and comparing the actions on the same draws takes that
luck out of the comparison, which UCB1 at the root, one action per world, needs many times the playouts to average
out. The choice is the root action with the best mean result (all have as many playouts); ties go to the action
whose playouts ended soonest, then to the playout policy's own choice, then to the lower action number: where
every action wins (or every one loses), a search that took the lowest one could walk in circles (a DYMOCK game
replayed one six-turn loop for its whole turn bound). A position that comes round a third time in the real game
gets an action not yet taken there (SearchPlayer, for games that give a `repetition_key`). With a `confidence`
above 0 the playout policy's own choice stands unless the best action beat it by that many standard errors of
their paired differences. A playout's result is first place above all, a tenth of the
game's returns breaking ties (reward `first`: the win rate is what a seat is judged by, and a seat that cannot come
first still plays for the better places), or the returns alone (`places`).

Budget: `budget` playouts per decision, or by default playouts until about DEFAULT_STEPS simulated decisions have
been played, so that a decision takes a similar time in short and in long games. A game whose result adds up
over stages (Wizard's rounds) may give its states a `search_checkpoint()` method returning (stage, scores): a
playout, and the walk down the tree before it, then stops when the stage changes and ranks the seats by score,
instead of playing the whole game out.

A choice depends on what the player knows and on `rng` alone, so a seeded game is the same game every time.
"""
from __future__ import annotations

import math
import random
from typing import Callable, Collection, Hashable

from .base import CHANCE, Engine, SimulationError, State

DEFAULT_BUDGET = None       # None: playouts until DEFAULT_STEPS simulated decisions (see the module)
DEFAULT_STEPS = 30_000      # about 0.1 to 0.3 s a decision (docs/simulator.md, "The search player")
DEFAULT_EXPLORATION = 0.7   # UCB1's constant, for returns from -1 to +1
WIDENING = 0.5              # children a node may have per square root of its visits (see Playout._descend)
DEFAULT_CONFIDENCE = 0.0    # standard errors by which the search must beat its playout policy's choice
ROLLOUTS = ("greedy", "random")
REWARDS = ("first", "places")  # first place above all (the places break ties), or the game's returns alone
PLACES_WEIGHT = 0.1            # the weight of the game's returns beside first place in the reward `first`


class Node:
    """Statistics of one decision sequence, from the view of `actor`, the player whose action led here."""

    __slots__ = ("actor", "visits", "reward", "available", "children")

    def __init__(self, actor: int):
        self.actor = actor
        self.visits = 0
        self.reward = 0.0
        self.available = 0  # times this node's action was legal when its parent was passed through
        self.children: dict[int, Node] = {}


def search(state: State, rng: random.Random, budget: int | None = DEFAULT_BUDGET,
           exploration: float = DEFAULT_EXPLORATION, rollout: str = "greedy", reward: str = "first",
           confidence: float = DEFAULT_CONFIDENCE, avoid: Collection[int] = ()) -> int:
    """Return the action the seat to move chooses (at once when only one is legal), not one of `avoid` unless
    every legal action is."""
    legal = state._legal_actions()
    if avoid:
        legal = [action for action in legal if action not in avoid] or legal
    if len(legal) == 1:
        return legal[0]
    me = state.player
    playout = Playout(state, rollout, exploration, reward)
    roots = {action: Node(me) for action in legal}
    results = {action: [] for action in legal}  # the result of each action in each sampled world, in order
    lengths = dict.fromkeys(legal, 0)           # the decisions its playouts took, summed
    default = None
    playouts = steps = 0
    while playouts < budget if budget else steps < DEFAULT_STEPS:
        world = state.determinize(me, rng)
        if default is None:  # asked in a sampled world: even a policy that peeked could not
            default = playout.policy(world.clone(), random.Random(0))
        chance_seed = rng.getrandbits(64)
        for action in legal:
            root = roots[action]
            before = root.reward
            played = playout.run(world.clone(), action, root, random.Random(chance_seed))
            steps += played
            lengths[action] += played
            results[action].append(root.reward - before)
        playouts += len(legal)
    return choose(legal, results, default, confidence, lengths)


def choose(legal: list[int], results: dict[int, list[float]], default: int | None, confidence: float,
           lengths: dict[int, int] | None = None) -> int:
    """Return the action with the best mean result, unless the playout policy's own choice `default` is as good
    or worse by less than `confidence` standard errors of the paired differences (each world played both: the
    difference holds no luck of the deal). The search thus overrules its playout policy only on evidence, not on
    noise. Equal results go to the action whose playouts ended soonest (`lengths`: the decisions they took,
    summed), then to `default`, then to the lower action: where every action wins, or every action loses, the game
    is taken to its end instead of round a loop."""
    totals = {action: math.fsum(results[action]) for action in legal}
    top = max(totals.values())
    tolerance = 1e-9 * max(1, len(results[legal[0]]))
    equal = [action for action in legal if totals[action] >= top - tolerance]
    if lengths and len(equal) > 1:
        shortest = min(lengths[action] for action in equal)
        equal = [action for action in equal if lengths[action] == shortest]
    if default in equal:
        return default
    best = equal[0]
    if default not in totals or confidence <= 0 or totals[default] >= top - tolerance:  # (a tie lost on length)
        return best
    differences = [mine - theirs for mine, theirs in zip(results[best], results[default])]
    count = len(differences)
    if count < 2:
        return default
    mean = sum(differences) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (count - 1) / count)
    return best if mean > confidence * spread else default


class Playout:
    """One search's way of playing a sampled world on from a root action: tree walk, playout, credit."""

    def __init__(self, state: State, rollout: str, exploration: float, reward: str = "first"):
        self.me, self.bound, self.exploration = state.player, state.engine.max_game_length(), exploration
        self.first_only = reward == "first"
        self.policy = state.engine.greedy_action if rollout == "greedy" else _random_action
        checkpoint = getattr(type(state), "search_checkpoint", None)
        self.checkpoint = checkpoint
        self.stage = checkpoint(state)[0] if checkpoint else None

    def run(self, world: State, action: int, root: Node, rng: random.Random) -> int:
        """Play `action` in `world`, walk the tree below `root`, play out; return the decisions played (1 or more)."""
        start = world.turns
        world._apply_action(action)
        root.available += 1
        path = [root] + self._descend(root, world, rng)
        ahead = self._ahead(world)
        if ahead is not None:
            _play_on(world, rng, self.bound, ahead, self.policy)
        returns = self._returns(world)
        for node in path:
            node.visits += 1
            node.reward += returns[node.actor]
        return max(1, world.turns - start)  # the root action at least: a search with a step budget always ends

    def _descend(self, root: Node, world: State, rng: random.Random) -> list[Node]:
        """Walk the tree of the searching player's decisions in `world` (changing it) until a node is added or the
        game ends; return the path. The other players act by the playout policy (their model), chance at random.

        A decision node picks among the actions legal in this world by UCB1, counting only the passes in which an
        action was legal. Progressive widening: a node passed through v times has at most 1 + WIDENING * sqrt(v)
        children, the playout policy's choice first, so the tree follows that policy until a node has been reached
        often enough to weigh other actions. The walk stops where a playout would (`_ahead`): at the end of the
        game, at the turn bound, or when a game with stages reaches the next one."""
        node, path, me, bound, policy = root, [], self.me, self.bound, self.policy
        sample, ahead = world.sample_chance, self._ahead(world)
        while True:
            if ahead is None or world.turns >= bound or not ahead(world):
                return path
            player = world.player
            if player == CHANCE:
                world._apply_action(sample(rng))
                continue
            if world.is_terminal():
                return path
            if player != me:
                world._apply_action(policy(world, rng))
                continue
            legal = world._legal_actions()
            children = node.children
            available = [action for action in legal if action in children]
            for action in available:
                children[action].available += 1
            if len(available) < len(legal) and (not available
                                                or len(children) < 1 + WIDENING * math.sqrt(node.visits)):
                action = policy(world, rng)
                if action in children:  # the policy's choice is in the tree: the first action that is not
                    action = next(action for action in legal if action not in children)
                child = children[action] = Node(me)
                child.available = 1
                world._apply_action(action)
                path.append(child)
                return path
            action = _ucb_choice(children, available, self.exploration)
            node = children[action]
            world._apply_action(action)
            path.append(node)

    def _ahead(self, world: State) -> Callable[[State], bool] | None:
        """Return the test that a playout goes on (None: it ends here)."""
        if world.is_terminal():
            return None
        if self.checkpoint is None:
            return _always
        checkpoint, stage = self.checkpoint, self.stage
        same_stage = lambda state: checkpoint(state)[0] == stage  # noqa: E731
        return same_stage if same_stage(world) else None

    def _returns(self, world: State) -> list[float]:
        """Return each seat's result: the game's returns, or at a new stage the seats ranked by score; with the
        reward `first`, first place (`first_place`) plus PLACES_WEIGHT times that."""
        if world.is_terminal() or self.checkpoint is None:
            returns = world.returns()
        else:
            stage, scores = self.checkpoint(world)
            returns = score_returns(scores) if stage != self.stage else world.returns()
        if not self.first_only:
            return returns
        return [first + PLACES_WEIGHT * value for first, value in zip(first_place(returns), returns)]


def _always(state: State) -> bool:
    return True


def score_returns(scores: list) -> list[float]:
    """Rank seats by score into rewards from +1 (first) to -1 (last), tied seats sharing the mean of their places."""
    n = len(scores)
    if n < 2:
        return [0.0] * n
    values = []
    for score in scores:
        above = sum(1 for other in scores if other > score)
        tied = sum(1 for other in scores if other == score)
        values.append(1 - (2 * above + tied - 1) / (n - 1))
    return values


def first_place(returns: list[float]) -> list[float]:
    """Turn returns into 1 for the seat(s) placed first, shared among them, and 0 for the rest (all 0: no winner)."""
    top = max(returns)
    if top == min(returns):
        return [0.0] * len(returns)
    firsts = returns.count(top)
    return [1.0 / firsts if value == top else 0.0 for value in returns]


def _ucb_choice(children: dict[int, Node], legal: list[int], exploration: float) -> int:
    """Return the legal action with the highest UCB1 score, counting only the times it was available."""
    log, sqrt = math.log, math.sqrt
    best, best_score = legal[0], -math.inf
    for action in legal:
        child = children[action]
        score = child.reward / child.visits + exploration * sqrt(log(child.available) / child.visits)
        if score > best_score:
            best, best_score = action, score
    return best


def _random_action(state: State, rng: random.Random) -> int:
    legal = state._legal_actions()
    return legal[rng.randrange(len(legal))]


def _play_on(world: State, rng: random.Random, bound: int, ahead: Callable[[State], bool], policy) -> None:
    """Play `world` on with `policy` at every seat until it ends, reaches the turn bound or `ahead` says stop."""
    is_terminal, apply, sample = world.is_terminal, world._apply_action, world.sample_chance
    while not is_terminal() and world.turns < bound and ahead(world):
        apply(sample(rng) if world.player == CHANCE else policy(world, rng))


def greedy_positions(engine: Engine, seed: int, count: int, share: float = 0.15):
    """Yield `count` states of seeded greedy games at a decision with a choice, about `share` of them, spread over
    the games' course: where the search player is tried against the greedy choice (tests/sim/test_mcts_games.py,
    benchmarks/bench_decisions.py). Each state is a clone the caller may play on."""
    rng, found = random.Random(seed), 0
    while found < count:
        state = engine.new_game(rng)
        while not state.is_terminal() and found < count:
            if state.player == CHANCE:
                state._apply_action(state.sample_chance(rng))
                continue
            if len(state._legal_actions()) > 1 and rng.random() < share:
                found += 1
                yield state.clone()
            state._apply_action(engine.greedy_action(state, rng))


def mcts_chooser(engine: Engine, budget: int | None = DEFAULT_BUDGET, exploration: float = DEFAULT_EXPLORATION,
                 rollout: str = "greedy", reward: str = "first",
                 confidence: float = DEFAULT_CONFIDENCE) -> Callable[[State, random.Random], int]:
    """Return the search player for `engine`'s games: `budget` playouts per decision (None: about DEFAULT_STEPS
    simulated decisions), UCB1's `exploration` constant, the policy that plays the game out (`greedy` or
    `random`), what a playout is worth (`first`: first place, the game's returns breaking ties; `places`: the
    returns alone) and the standard
    errors by which an action must beat the playout policy's choice to be played instead (0: the best mean)."""
    if budget is not None and (not isinstance(budget, int) or budget < 1):
        raise SimulationError(f"the search budget must be a whole number of playouts, 1 or more, not {budget!r}")
    if rollout not in ROLLOUTS:
        raise SimulationError(f"unknown rollout policy '{rollout}' (one of: {', '.join(ROLLOUTS)})")
    if reward not in REWARDS:
        raise SimulationError(f"unknown search reward '{reward}' (one of: {', '.join(REWARDS)})")
    return SearchPlayer(budget=budget, exploration=float(exploration), rollout=rollout, reward=reward,
                        confidence=float(confidence))


class SearchPlayer:
    """The search player of one game: `search` with its settings, and a memory of the positions it chose in.

    A position that comes round a third time (the game's `repetition_key`, what the player sees without the turn
    count) is a loop: the search and the other players' answers have led back to it twice. The player then takes
    an action it has not taken there before, the best of those left by the search (all of them again once each was
    tried). Without it, a search that saw every action end alike could walk in circles to the turn bound (a 4-player
    DYMOCK game came round the same ten turns from turn 220 to the bound). Made anew for each game (base.play_game),
    it remembers only what its own seat saw, so a seeded game is still the same game every time."""

    def __init__(self, **settings):
        self.settings = settings
        self.chosen: dict[Hashable, list[int]] = {}  # repetition key -> the actions taken there, in order

    def __call__(self, state: State, rng: random.Random) -> int:
        key = state.repetition_key(state.player)
        if key is None:
            return search(state, rng, **self.settings)
        taken = self.chosen.setdefault(key, [])
        avoid = set(taken) if len(taken) >= 2 else ()
        if avoid and avoid.issuperset(state._legal_actions()):
            avoid = ()
        action = search(state, rng, avoid=avoid, **self.settings)
        taken.append(action)
        return action
