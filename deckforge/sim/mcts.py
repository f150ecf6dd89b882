"""A thinking player: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions on
Computational Intelligence and AI in Games 4(2), 2012, algorithm 3. Each iteration deals the cards the searching
player cannot see anew (`state.determinize(player, rng)`: the search never looks at them), walks down one tree of
decisions, choosing among the actions legal in that deal by UCB1 with availability counts, adds one node, plays the
game out and credits each node with the result of the player who acted there. Chance events (draws from an
unknown stock) are sampled on the way with `sample_chance(rng)` and do not branch the tree: a node is the sequence
of decisions that led to it (open loop over chance), which keeps the statistics dense at small budgets.

The player's choice is the root action visited most. It depends on what the player knows and on `rng` alone, so a
seeded game is the same game every time.
"""
from __future__ import annotations

import math
import random
from functools import partial
from typing import Callable

from .base import CHANCE, Engine, SimulationError, State

DEFAULT_BUDGET = 200        # iterations per decision: tens of milliseconds in Kámen, nůžky, papír
DEFAULT_EXPLORATION = 0.7   # UCB1's constant, for returns from -1 to +1
ROLLOUTS = ("greedy", "random")


class Node:
    """Statistics of one decision sequence, from the view of `actor`, the player whose action led here."""

    __slots__ = ("actor", "visits", "reward", "available", "children")

    def __init__(self, actor: int):
        self.actor = actor
        self.visits = 0
        self.reward = 0.0
        self.available = 0  # times this node's action was legal when its parent was passed through
        self.children: dict[int, Node] = {}


def search(state: State, rng: random.Random, budget: int = DEFAULT_BUDGET,
           exploration: float = DEFAULT_EXPLORATION, rollout: str = "greedy", margin: float = 0.0) -> int:
    """Return the action the seat to move chooses after `budget` iterations (at once when only one is legal)."""
    legal = state._legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.player
    engine = state.engine
    play_out = _greedy_rollout if rollout == "greedy" else _random_rollout
    bound = engine.max_game_length()
    root = Node(me)
    for _ in range(budget):
        world = state.determinize(me, rng)
        path = _descend(root, world, rng, exploration, bound)
        if not world.is_terminal():
            play_out(world, rng, bound)
        returns = world.returns()
        for node in path:
            node.visits += 1
            node.reward += returns[node.actor]
    best = max(legal, key=lambda action: _rank(root.children.get(action)))
    if margin:
        world = state.determinize(me, rng)
        default = engine.greedy_action(world, rng)
        d, b = root.children.get(default), root.children[best]
        if d is not None and d.visits and b.reward / b.visits < d.reward / d.visits + margin:
            return default
    return best


def _rank(node: Node | None) -> tuple[int, float]:
    return (node.visits, node.reward / node.visits) if node is not None and node.visits else (0, -2.0)


def _descend(root: Node, world: State, rng: random.Random, exploration: float, bound: int) -> list[Node]:
    """Walk the tree in `world` (changing it) by UCB1 until a node is added or the game ends; return the path."""
    node, path = root, []
    sample = world.sample_chance
    while True:
        while world.player == CHANCE:
            world._apply_action(sample(rng))
        if world.is_terminal() or world.turns >= bound:
            return path
        legal = world._legal_actions()
        children = node.children
        untried = [action for action in legal if action not in children]
        for action in legal:
            if action in children:
                children[action].available += 1
        if untried:
            action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            child = children[action] = Node(world.player)
            child.available = 1
            world._apply_action(action)
            path.append(child)
            return path
        action = _ucb_choice(children, legal, exploration)
        node = children[action]
        world._apply_action(action)
        path.append(node)


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


def _random_rollout(world: State, rng: random.Random, bound: int) -> None:
    is_terminal, apply, sample, legal_actions = (world.is_terminal, world._apply_action, world.sample_chance,
                                                 world._legal_actions)
    randrange = rng.randrange
    while not is_terminal() and world.turns < bound:
        if world.player == CHANCE:
            apply(sample(rng))
        else:
            legal = legal_actions()
            apply(legal[randrange(len(legal))])


def _greedy_rollout(world: State, rng: random.Random, bound: int) -> None:
    is_terminal, apply, sample = world.is_terminal, world._apply_action, world.sample_chance
    greedy = world.engine.greedy_action
    while not is_terminal() and world.turns < bound:
        apply(sample(rng) if world.player == CHANCE else greedy(world, rng))


def mcts_chooser(engine: Engine, budget: int = DEFAULT_BUDGET, exploration: float = DEFAULT_EXPLORATION,
                 rollout: str = "greedy", **kw) -> Callable[[State, random.Random], int]:
    """Return the search player for `engine`'s games: `budget` iterations per decision, UCB1's `exploration`
    constant, and the policy that plays each iteration out (`greedy` or `random`)."""
    if not isinstance(budget, int) or budget < 1:
        raise SimulationError(f"the search budget must be a whole number of iterations, 1 or more, not {budget!r}")
    if rollout not in ROLLOUTS:
        raise SimulationError(f"unknown rollout policy '{rollout}' (one of: {', '.join(ROLLOUTS)})")
    return partial(search, budget=budget, exploration=float(exploration), rollout=rollout, **kw)
