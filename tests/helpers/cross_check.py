"""Play one game through two engines at once, step by step, and fail at the first step where they disagree.

Issue 21's proof of expressiveness: a bundled game written as data (decks/examples/*-as-data) must play exactly as
its hand-written engine. Both engines take the same chance outcomes (the first dealer, every card dealt, turned up
or drawn, as physical card indices of `deck.for_players(n)`, which both decks list in the same order) and the same
decisions; at every step the two must agree on whose turn it is, on the chance outcomes and their probabilities, on
the legal actions, and at the end on the returns.

Actions are numbered per engine, so a game's test gives `to_data`: the described engine's number for a hand-written
one (a card index is the same in both; draw, pass, name-a-suit and the like are mapped), or a tuple of described
actions when one hand-written decision is several described ones: each later one is checked as its own step (the
same seat decides, among exactly the continuations the hand-written actions allow). Chance outcomes are compared
unmapped.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

Chooser = Callable[[random.Random, Sequence[int]], int]


def uniform(rng: random.Random, actions: Sequence[int]) -> int:
    return actions[rng.randrange(len(actions))]


def prefer(preferred: Callable[[int], bool], share: float = 0.8) -> Chooser:
    """A random player that takes one of the `preferred` actions (say, laying a card rather than drawing) with
    probability `share` when there is one: random games end sooner and reach the rules that need cards laid."""
    def choose(rng: random.Random, actions: Sequence[int]) -> int:
        good = [a for a in actions if preferred(a)]
        if good and len(good) < len(actions) and rng.random() < share:
            return good[rng.randrange(len(good))]
        return actions[rng.randrange(len(actions))]
    return choose


class Recording:
    """An engine that keeps the states it makes, so a test can read what each game counted."""

    def __init__(self, engine):
        self.engine, self.states = engine, []

    def new_initial_state(self, starter=None):
        state = self.engine.new_initial_state(starter)
        self.states.append(state)
        return state


def note_fired(fired: Counter, hand_result, data_result) -> None:
    """Count under "hand:" and "data:" every effect and figure that each engine's result of one game shows fired."""
    for side, result in (("hand", hand_result), ("data", data_result)):
        fired.update(f"{side}:{name}" for name, times in result.effects.items() if times)
        fired.update(f"{side}:{name}" for name, value in (result.figures or {}).items() if value)


def unfired(rules: dict[str, tuple[str, str]], fired: Counter) -> dict[str, tuple[str, str]]:
    """Return the rules (described in words: (hand-written name, described name)) that did not fire in both."""
    return {rule: (ours, theirs) for rule, (ours, theirs) in rules.items()
            if not fired[f"hand:{ours}"] or not fired[f"data:{theirs}"]}


class Disagreement(AssertionError):
    pass


def _story(hand, data, trail: list[tuple[int, int]]) -> str:
    """Say the last steps (named only now: most games never fail) and both whole states."""
    tail = "\n  ".join(f"chance: {hand.action_to_string(seat, action)}" if seat < 0
                       else f"seat {seat}: {hand.action_to_string(seat, action)}" for seat, action in trail[-12:])
    return (f"\nlast steps (hand-written engine's words):\n  {tail}\n"
            f"hand-written state:\n{hand}\ndescribed state:\n{data}")


def _plan(mapped) -> tuple[int, ...]:
    """Return a mapped action as the described engine's decisions: one number, or a tuple when one decision of
    the hand-written engine (lay a changer naming an item) is several in the described one (lay it, name it)."""
    return tuple(mapped) if isinstance(mapped, (tuple, list)) else (mapped,)


def _firsts(plans) -> list[int]:
    """Return the first decisions of the plans: each compound first decision once, each single one as it is (a
    single action mapped twice stays twice, so that a mapping that merges actions is caught)."""
    singles = [plan[0] for plan in plans if len(plan) == 1]
    return singles + sorted({plan[0] for plan in plans if len(plan) > 1})


def _apply_plan(data, seat: int, plans: dict, plan: tuple, where, story) -> None:
    """Apply a plan's decisions to the described engine; before each later one, the same seat must decide, and
    its legal actions must be exactly the continuations the hand-written engine's actions allow."""
    data._apply_action(plan[0])
    for k in range(1, len(plan)):
        allowed = sorted({p[k] for p in plans.values() if len(p) > k and p[:k] == plan[:k]})
        if data.is_terminal():
            return  # the first decision ended the game (the last card out): play_both checks both engines ended
        if data.is_chance_node() or data.current_player() != seat:
            raise Disagreement(f"{where}, seat {seat}: the described engine does not ask seat {seat} for decision {k + 1} of "
                               f"{plan}" + story())
        if sorted(data.legal_actions()) != allowed:
            raise Disagreement(f"{where}, seat {seat}: decision {k + 1} of {plan}: described {sorted(data.legal_actions())}, "
                               f"hand-written allows {allowed}" + story())
        data._apply_action(plan[k])


class _Where:
    """"seed S, step N", formatted only when a message needs it."""
    __slots__ = ("seed", "step")

    def __init__(self, seed: int, step: int):
        self.seed, self.step = seed, step

    def __str__(self) -> str:
        return f"seed {self.seed}, step {self.step}"


def play_both(hand_engine, data_engine, seed: int, to_data: Callable[[int], int],
              choose: Chooser = uniform, starter: int | None = None, bound: int = 20_000) -> int:
    """Play one seeded game through both engines; raise Disagreement at the first difference. Return the number
    of steps (chance outcomes and decisions) played, so a test can say how much it covered."""
    rng = random.Random(seed)
    hand = hand_engine.new_initial_state(starter)
    data = data_engine.new_initial_state(starter)
    trail: list[tuple[int, int]] = []   # (seat, action); -1: a chance outcome
    for step in range(bound):
        if hand.is_terminal() or data.is_terminal():
            break
        where = _Where(seed, step)
        if hand.is_chance_node() or data.is_chance_node():
            if not (hand.is_chance_node() and data.is_chance_node()):
                raise Disagreement(f"{where}: chance node in only one engine (hand-written: "
                                   f"{hand.is_chance_node()}, described: {data.is_chance_node()})"
                                   + _story(hand, data, trail))
            outcomes = hand.chance_outcomes()
            listed = data.chance_outcomes()
            if listed != outcomes:   # the same list is the common case; else compare as sets, with a tolerance
                ours, theirs = dict(outcomes), dict(listed)
                if set(ours) != set(theirs) or any(abs(ours[o] - theirs[o]) > 1e-9 for o in ours):
                    raise Disagreement(f"{where}: chance outcomes differ:\n  hand-written {sorted(ours.items())}\n"
                                       f"  described    {sorted(theirs.items())}" + _story(hand, data, trail))
            pick = rng.random()
            outcome = outcomes[-1][0]
            for o, p in outcomes:
                pick -= p
                if pick < 0:
                    outcome = o
                    break
            trail.append((-1, outcome))
            # both engines list the outcome (compared above), so it is legal: apply it without checking again
            hand._apply_action(outcome)
            data._apply_action(outcome)
            continue
        seat = hand.current_player()
        if data.current_player() != seat:
            raise Disagreement(f"{where}: seat {seat} moves in the hand-written engine, seat "
                               f"{data.current_player()} in the described one" + _story(hand, data, trail))
        ours = hand.legal_actions()
        plans = {a: _plan(to_data(a)) for a in ours}
        mapped = sorted(_firsts(plans.values()))
        theirs = sorted(data.legal_actions())
        if mapped != theirs:
            missing = [hand.action_to_string(seat, a) for a in ours if plans[a][0] not in theirs]
            extra = [data.action_to_string(seat, a) for a in theirs if a not in mapped]
            raise Disagreement(f"{where}, seat {seat}: legal actions differ; only hand-written: {missing}; only "
                               f"described: {extra}" + _story(hand, data, trail))
        action = choose(rng, ours)
        trail.append((seat, action))
        hand._apply_action(action)   # legal in both (the lists were compared above)
        plan = plans[action]
        if len(plan) == 1:
            data._apply_action(plan[0])
        else:
            _apply_plan(data, seat, plans, plan, where, lambda: _story(hand, data, trail))
    else:
        return bound
    if hand.is_terminal() != data.is_terminal():
        raise Disagreement(f"seed {seed}: the game ended in only one engine (hand-written: {hand.is_terminal()}, "
                           f"described: {data.is_terminal()})" + _story(hand, data, trail))
    if list(hand.returns()) != list(data.returns()):
        raise Disagreement(f"seed {seed}: returns differ: hand-written {hand.returns()}, described "
                           f"{data.returns()}" + _story(hand, data, trail))
    return len(trail)
