"""DYMOCK played whole: seeded games in checking mode conserve every card and end; options and bad decks."""
import dataclasses
import random

import pytest
from hypothesis import given, settings, strategies as st

from deckforge.errors import DeckforgeError
from deckforge.load import load_deck
from deckforge.sim.base import SimulationError, engine_for, play_game

DECK = load_deck("dymock")
POLICIES = {"greedy": ["greedy"], "random": ["random"], "mixed": ["greedy", "random"]}
GAMES = {"greedy": 100, "random": 12, "mixed": 20}


def seats(policy, n):
    return [POLICIES[policy][seat % len(POLICIES[policy])] for seat in range(n)]


# The largest tables cost most: a developer's run plays them with random players only, CI with every policy.
@pytest.mark.parametrize("policy, n", [
    pytest.param(policy, n, id=f"{policy}-{n}", marks=pytest.mark.slow if n >= 7 and policy != "random" else ())
    for policy in ("greedy", "random", "mixed") for n in (2, 4, 6, 7, 12)])
def test_seeded_games_conserve_cards_and_finish(policy, n):
    engine = engine_for(DECK, n)
    rng = random.Random(n * 1000 + len(policy))
    for _ in range(GAMES[policy]):
        result = play_game(engine, rng, seats(policy, n), check=True)  # check_invariants after every step
        assert result.finished and not result.stalemate
        assert sorted(result.places) == list(range(n)) and result.winners == result.places[:1]
        assert result.loser == result.places[-1]
        laid = sum(sum(plays.values()) for plays in result.plays)
        assert laid >= 9 * n - engine.cards // 2  # most of the deck goes through the pile


def test_same_seed_same_games():
    engine = engine_for(DECK, 5)

    def series(seed):
        rng = random.Random(seed)
        return [(r.places, r.turns, r.effects) for r in (play_game(engine, rng, ["random"] * 5) for _ in range(5))]
    assert series(11) == series(11) != series(12)


def test_the_starter_leads_and_is_dealt_first():
    engine = engine_for(DECK, 4)
    for starter in range(4):
        state = engine.new_initial_state(starter=starter)
        state.apply_action(state.chance_outcomes()[0][0])  # no chance node for the leader: the deal's first card
        assert state.facedown[starter][0] == 0 and state.table_count[starter] == 1
        state = engine.new_game(random.Random(2), starter=starter)
        assert state.leader == starter and state.current_player() == starter and state.swapping


def test_without_a_starter_chance_draws_the_leader():
    engine = engine_for(DECK, 4)
    state = engine.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(seat, 0.25) for seat in range(4)]
    state.apply_action(3)
    assert state.leader == 3 and state.chance_outcomes() == [(card, 1 / 54) for card in range(54)]
    leaders = {engine.new_game(random.Random(seed)).leader for seed in range(40)}
    assert leaders == {0, 1, 2, 3}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.sampled_from([2, 3, 5, 8, 11]))
def test_any_seed_ends_with_every_card_accounted_for(seed, n):
    result = play_game(engine_for(DECK, n), random.Random(seed), seats("mixed", n), check=True)
    assert result.finished and len(result.places) == n


def test_trace_tells_the_game_in_lines():
    engine = engine_for(DECK, 3, {"trace": True})
    log = play_game(engine, random.Random(4), ["greedy"] * 3).log
    text = "\n".join(log)
    for words in ("swaps", "lays", "takes the pile", "the pile burns", "is out", "loses"):
        assert words in text, words
    assert play_game(engine_for(DECK, 3), random.Random(4), ["greedy"] * 3).log is None


def test_player_count_outside_the_deck():
    with pytest.raises(DeckforgeError, match="2 to 12 players, not 13"):
        engine_for(DECK, 13)


def test_a_deck_too_small_to_deal_is_refused():
    small = dataclasses.replace(DECK, cards=DECK.cards[:10])
    with pytest.raises(SimulationError, match="10 cards cannot deal 9 to each of 2 players"):
        engine_for(small, 2)


def test_a_card_without_power_is_named():
    cards = [dataclasses.replace(c, attrs={"rank": "X"}) if c.id == "joker" else c for c in DECK.cards]
    with pytest.raises(SimulationError, match="card 'joker' has neither a strength nor a special power"):
        engine_for(dataclasses.replace(DECK, cards=tuple(cards)), 4)


def test_ranks_must_agree_within_a_rank():
    cards = [dataclasses.replace(c, attrs={**c.attrs, "strength": 5}) if c.id == "spades-4" else c for c in DECK.cards]
    with pytest.raises(SimulationError, match="the cards of rank 4 differ .* 'spades-4'"):
        engine_for(dataclasses.replace(DECK, cards=tuple(cards)), 4)


def test_in_a_series_the_player_after_the_loser_leads():
    from deckforge.sim.runner import play_series

    engine = engine_for(DECK, 5)
    results = play_series(engine, seed=3, first=0, count=8, policies=["greedy"] * 5)
    for before, after in zip(results, results[1:]):
        (offset,) = after.figures["loser_after_leader"]
        leader = (after.places[-1] - int(offset)) % 5
        assert leader == (before.places[-1] + 1) % 5


def test_expected_effects_follow_the_deck():
    assert engine_for(DECK, 4).expected_effects() == {"reset", "reset-reverse", "burn", "four-of-a-kind-burn"}
    plain_threes = [dataclasses.replace(c, attrs={"rank": "3", "strength": 1}) if c.get("rank") == "3" else c
                    for c in DECK.cards]
    engine = engine_for(dataclasses.replace(DECK, cards=tuple(plain_threes)), 4)
    assert engine.expected_effects() == {"reset", "burn", "four-of-a-kind-burn"}


def test_a_starter_outside_the_table_is_refused():
    with pytest.raises(SimulationError, match="seat 4 cannot lead: the seats are 0 to 3"):
        engine_for(DECK, 4).new_game(random.Random(1), starter=4)
