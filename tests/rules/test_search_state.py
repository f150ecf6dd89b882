"""What the search player (deckforge/sim/mcts.py) reads from a described game, made cheap without changing it: a
clone copies every field of the state, a game of one round offers no checkpoint to test after every step, and the
returns read straight from the places are those of the whole result."""
from __future__ import annotations

import random

import pytest

from deckforge.load import load_deck
from deckforge.rules.state import OneRoundState, RulesState
from deckforge.rules.view import RulesView
from deckforge.sim.base import CHANCE, engine_for, place_returns

SHARED = {"engine", "t"}   # the engine and its card tables: one per game, never changed by play
NESTED = {"zones", "plays", "round_totals", "effects"}   # copied a level deeper than the lists of _LISTS


def engine(name: str, players: int):
    return engine_for(load_deck(f"examples/{name}"), players)


def play_random(state, rng: random.Random, steps: int = 10**6):
    """Play `state` on with random seats for at most `steps` steps; return it."""
    while steps and not state.is_terminal() and state.turns < state.engine.max_game_length():
        legal = state._legal_actions()
        state._apply_action(state.sample_chance(rng) if state.player == CHANCE else rng.choice(legal))
        steps -= 1
    return state


def test_the_clone_copies_every_field_and_shares_no_list():
    copied = set(RulesView._SCALARS) | set(RulesView._LISTS) | NESTED
    assert copied == set(RulesState.__slots__), "a field of RulesState that clone() does not copy (view.py)"
    state = play_random(engine("wizard-as-data", 4).new_game(random.Random(2)), random.Random(2), steps=40)
    copy = state.clone()
    for name in RulesState.__slots__:
        mine, theirs = getattr(state, name), getattr(copy, name)
        assert mine == theirs, name
        if isinstance(mine, (list, dict)):
            assert mine is not theirs, f"{name} is shared between a state and its clone"
    for mine, theirs in zip(state.zones + state.plays, copy.zones + copy.plays):
        assert mine is not theirs


@pytest.mark.parametrize("name, players, one_round", [
    ("prsi-as-data", 4, True), ("kamen-nuzky-papir-as-data", 3, True), ("go-fish", 3, True),
    ("wizard-as-data", 4, False), ("whist", 4, False), ("hearts", 4, False)])
def test_only_a_game_of_rounds_offers_the_search_a_checkpoint(name, players, one_round):
    state = engine(name, players).new_game(random.Random(1))
    assert isinstance(state, RulesState)
    assert isinstance(state, OneRoundState) is one_round
    assert (type(state).search_checkpoint is None) is one_round
    assert isinstance(state.clone(), type(state))


@pytest.mark.parametrize("name, players", [("crazy-eights", 3), ("go-fish", 3), ("old-maid", 4), ("hearts", 4),
                                           ("twenty-one", 3), ("prsi-as-data", 4)])
def test_returns_are_those_of_the_whole_result(name, players):
    game = engine(name, players)
    kind = game.rules.winner.kind
    seen = set()
    for seed in range(6):
        state = play_random(game.new_game(random.Random(seed)), random.Random(seed))
        result = state.result()
        if result.scores is not None and kind != "not_last_holding":
            result.scores = state._rank_key()
        expected = place_returns(result, players) if state.is_terminal() else [0.0] * players
        assert state.returns() == expected
        seen.add(tuple(expected))
    assert len(seen) > 1   # the seeds gave different places, so the comparison was not of zeros alone


def test_a_game_before_its_deal_clones_and_plays_on_like_the_original():
    """The search may clone a game whose first dealer is not drawn yet (no starter given)."""
    engine = engine_for(load_deck("examples/prsi-as-data"), 3)
    original = engine.new_initial_state()
    copy = original.clone()
    rng = random.Random(5)
    for _ in range(200):
        if original.is_terminal():
            break
        actions = ([o for o, _ in original.chance_outcomes()] if original.is_chance_node()
                   else original.legal_actions())
        assert actions == ([o for o, _ in copy.chance_outcomes()] if copy.is_chance_node() else copy.legal_actions())
        action = rng.choice(actions)
        original.apply_action(action)
        copy.apply_action(action)
    assert str(original) == str(copy)


def test_a_described_games_repetition_key_is_what_the_player_sees_without_the_clock():
    state = play_random(engine("prsi-as-data", 3).new_game(random.Random(4)), random.Random(4), steps=30)
    seat = state.player
    later = state.clone()
    later.turns += 9
    assert later.repetition_key(seat) == state.repetition_key(seat)
    assert state.repetition_key(seat).startswith(state.observation_string(seat))
    named = state.clone()
    named.named_suit = (state.named_suit + 1) % 4
    assert named.repetition_key(seat) != state.repetition_key(seat)  # a suit named is part of the position
    assert state.repetition_key(seat) != state.repetition_key((seat + 1) % 3)  # each sees its own hand
