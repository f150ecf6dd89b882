"""Záhada hlavolamu a Rychlé šípy through the engine interface (deckforge/sim/base.py, in OpenSpiel's shape).

One numbering of actions, chance nodes for the first dealer, the deal and every draw from the unknown stock, what
each seat may know (information strings, determinized deals), copies that stay equal and independent, and the
returns of a finished game. Rules: ../shared/seeds/rychle-sipy.txt and ../shared/RULES.md.
"""
import copy
import pickle
import random

import pytest

from deckforge.games import load_game
from deckforge.sim.base import CHANCE, TERMINAL, IllegalActionError, play_game
from deckforge.games.rychle_sipy.rules import DEAL, DEALER, DEALING, DISCARD, NO_DISCARD, NO_TAKE, TAKE_DISCARD, TAKE_STOCK

from test_rychle_sipy_rules import arrange


@pytest.fixture(scope="module")
def three():
    return load_game("rychle-sipy", players=3)


def playout(engine, seed, stop=None):
    """Play random actions from a new game until `stop(state)` holds or the game ends; return the state."""
    rng = random.Random(seed)
    state = engine.new_initial_state()
    while not state.is_terminal() and not (stop and stop(state)):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def mid_game(engine, seed, seat=0, turns=12):
    """Return a state where `seat` decides, after at least `turns` seat turns of random play (None if it ended)."""
    state = playout(engine, seed, lambda s: s.player_turns >= turns and s.current_player() == seat)
    return None if state.is_terminal() else state


# --- actions and chance outcomes ----------------------------------------------------------------------------------

def test_actions_are_one_fixed_numbering_with_words_for_every_id(three):
    size = three.cards
    assert three.num_distinct_actions() == DISCARD + size == 57
    assert (TAKE_STOCK, TAKE_DISCARD, NO_TAKE, NO_DISCARD, DISCARD) == (0, 1, 2, 3, 4)
    state = mid_game(three, 1)
    words = [state.action_to_string(0, action) for action in range(three.num_distinct_actions())]
    assert len(set(words)) == len(words)  # no id means two things
    assert words[DISCARD + 5] == f"discard {three.label[5]}"
    for odd in (-1, 57, 10**9, "7", None):
        assert "not an action" in state.action_to_string(0, odd)


def test_legal_actions_ascend_and_stay_in_range_in_random_play(three):
    for seed in range(8):
        rng, state = random.Random(seed), three.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.is_chance_node():
                assert legal == [outcome for outcome, _ in state.chance_outcomes()]
            else:
                assert legal == sorted(set(legal)) and len(legal) >= 2  # forced steps are applied at once
                assert all(0 <= action < three.num_distinct_actions() for action in legal)
            state.apply_action(rng.choice(legal))
        assert state.current_player() == TERMINAL and state.legal_actions() == []


def test_the_deal_is_dealt_card_by_card_from_the_cards_not_yet_dealt(three):
    state = three.new_initial_state()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]  # the first dealer
    state.apply_action(2)
    dealt = []
    for _ in range(DEAL * 3):
        outcomes = state.chance_outcomes()
        cards = [card for card, _ in outcomes]
        assert cards == sorted(set(range(three.cards)) - set(dealt))
        assert abs(sum(chance for _, chance in outcomes) - 1) < 1e-12
        assert {chance for _, chance in outcomes} == {1 / len(cards)}
        card = next(c for c in cards if not three.laid_out[c] and not three.prize[c])
        state.apply_action(card)
        dealt.append(card)
    assert sorted(c for hand in state.hands for c in hand) == sorted(dealt)
    assert state.player == CHANCE and state.draws == 1  # the first take: the empty pile leaves only the stock
    assert three.max_chance_outcomes() == three.cards


def test_every_draw_from_the_unknown_stock_is_a_chance_node_over_that_stock(three):
    rng, state, draws = random.Random(4), three.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node() and state.dealer >= 0:
            assert [card for card, _ in state.chance_outcomes()] == sorted(state.stock)
            draws += state.phase != DEALING
        state.apply_action(rng.choice(state.legal_actions()))
    assert draws > 10


def test_sample_chance_draws_as_rng_choice_does(three):
    state = playout(three, 2, lambda s: s.is_chance_node() and s.dealer >= 0 and len(s.stock) > 20)
    for seed in range(20):
        assert state.sample_chance(random.Random(seed)) == random.Random(seed).choice(state.stock)


def test_an_illegal_chance_outcome_is_refused(three):
    state = three.new_initial_state(starter=0)
    state.apply_action(5)
    with pytest.raises(IllegalActionError, match="5 is not a chance outcome"):
        state.apply_action(5)  # already dealt


def test_a_named_starter_plays_first_after_the_seat_before_deals(three):
    state = three.new_initial_state(starter=1)
    assert (state.dealer, state.first, state.phase) == (0, 1, DEALING)  # no chance node for the dealer
    assert three.new_initial_state().phase == DEALER


# --- copies ------------------------------------------------------------------------------------------------------

def test_clones_and_pickles_equal_the_state_and_are_independent(three):
    rng, state, step = random.Random(6), three.new_initial_state(), 0
    while not state.is_terminal():
        if step % 7 == 0:
            twins = (state.clone(), pickle.loads(pickle.dumps(state)), copy.deepcopy(state))
            assert all(str(twin) == str(state) for twin in twins)
            assert all(twin.information_state_string(1) == state.information_state_string(1) for twin in twins)
            before = str(state)
            action = rng.choice(state.legal_actions())
            for twin in twins:
                twin.apply_action(action)
                assert str(twin) != before
            assert str(state) == before
            state.check_invariants()
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1


# --- what a seat may know ----------------------------------------------------------------------------------------

def swap_hidden(state, seat):
    """Return a copy in which one card of `seat`'s hand and one of the unknown stock have changed places."""
    other = state.clone()
    engine = state.engine
    hand = other.hands[seat]
    for card in list(hand):
        for hidden in sorted(other.stock):
            if engine.laid_out[hidden] or engine.prize[hidden] or engine.number[hidden] == engine.number[card]:
                continue
            trial = sorted(c for c in hand if c != card) + [hidden]
            if other._may_hold(seat, trial):
                hand.remove(card)
                hand.append(hidden)
                hand.sort()
                other.stock[other.stock.index(hidden)] = card
                other._rehash()
                other.check_invariants()
                return other
    raise AssertionError("no card to swap")


def test_information_strings_hide_the_other_hands_and_the_stock(three):
    for seed in range(5):
        state = mid_game(three, seed)
        if state is None:
            continue
        other = swap_hidden(state, 1)
        assert str(other) != str(state)
        for seat in (0, 2):
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
        assert other.information_state_string(1) != state.information_state_string(1)
        assert other.observation_string(1) != state.observation_string(1)
        assert f"seat 1: {state._row(1)}; hand: {len(state.hands[1])} cards" in state.observation_string(0)


def test_the_history_names_only_the_cards_a_seat_saw(three):
    state = mid_game(three, 3)
    words = state.information_state_string(0).split("history: ")[1].split("; ")
    hidden = [w for w in words if w.endswith("gets a card")]
    assert hidden and all(not w.startswith("seat 0 ") for w in hidden)
    assert any(w.startswith("seat 0 gets ") and not w.endswith("a card") for w in words)


def test_determinize_keeps_what_the_seat_knows_and_deals_the_rest_anew(three):
    for seed in range(6):
        state = mid_game(three, seed)
        if state is None:
            continue
        hidden = sorted(state.stock + state.hands[1] + state.hands[2])
        redealt = 0
        for trial in range(20):
            world = state.determinize(0, random.Random(trial))
            world.check_invariants()  # every card once, every hand obeys its row
            assert world.hands[0] == state.hands[0] and world.slots == state.slots
            assert (world.pile, world.known, world.aside) == (state.pile, state.known, state.aside)
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            assert sorted(world.stock + world.hands[1] + world.hands[2]) == hidden
            assert world.information_state_string(0) == state.information_state_string(0)
            assert not any(three.laid_out[c] or three.prize[c] for h in world.hands for c in h)
            redealt += world.hands[1:] != state.hands[1:]
        assert redealt >= 15
        world = state.determinize(0, random.Random(99))
        while not world.is_terminal() and world.turns < 400:
            world.apply_action(world.sample_chance(random.Random(world.turns)) if world.is_chance_node()
                               else three.greedy_action(world, random.Random(0)))
            world.check_invariants()


def test_determinize_keeps_an_opponent_from_holding_a_card_its_row_would_take():
    two = load_game("rychle-sipy", players=2)
    # seat 1's row reaches 5, so it cannot hold a 6 (Štětináč); the hidden cards are 6, 6, 7, 7
    state = arrange(two, hands={0: [9, 11], 1: [7, 3]}, rows={1: [1, 2, 3, 4, 5]}, pile=[2],
                    unknown=[6, 6, 7])
    for seed in range(30):
        world = state.determinize(0, random.Random(seed))
        assert all(two.number[c] != 6 for c in world.hands[1])
        world.check_invariants()



def tight_three():
    """Return a 3-player state whose hidden cards fit few deals: seat 1 (row to 5) may hold no 6, seat 2 (row to 6)
    no 7, and the hidden cards are 2, 3, 6, 6, 7, 7, 9."""
    three = load_game("rychle-sipy", players=3)
    return arrange(three, hands={0: [9, 11], 1: [7, 3], 2: [6, 2]}, rows={1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5, 6]},
                   pile=[2], unknown=[6, 7, 9])


def with_hidden_swapped(state, seat, hand_number, stock_number):
    """Return a copy in which `seat` holds a stock card of `stock_number` instead of its card of `hand_number`: the
    same game for every other seat."""
    other, number = state.clone(), state.engine.number
    hand = other.hands[seat]
    mine = next(c for c in hand if number[c] == hand_number)
    theirs = next(c for c in other.stock if number[c] == stock_number)
    hand.remove(mine)
    hand.append(theirs)
    hand.sort()
    other.stock.remove(theirs)
    other.stock.append(mine)
    other._rehash()
    other.check_invariants()
    return other


@pytest.mark.parametrize("redeals", [100, 0])  # 0: straight to the constructive deal used when random deals miss
def test_determinize_never_reads_the_hidden_cards(redeals, monkeypatch):
    monkeypatch.setattr("deckforge.games.rychle_sipy.view.REDEALS", redeals)
    state = tight_three()
    other = with_hidden_swapped(state, 1, 7, 9)  # seat 1 holds 3 and 9 instead of 3 and 7
    assert other.hands[1] != state.hands[1]
    assert other.information_state_string(0) == state.information_state_string(0)
    real = (tuple(state.hands[1]), tuple(state.hands[2]))
    deals = set()
    for seed in range(40):
        world = state.determinize(0, random.Random(seed))
        world.check_invariants()  # no 6 in seat 1's hand, no 7 in seat 2's
        assert str(world) == str(other.determinize(0, random.Random(seed)))  # the real hands play no part
        deals.add((tuple(world.hands[1]), tuple(world.hands[2])))
    assert len(deals) >= 8 and real in deals  # many deals, the real one among them but not always it


def test_the_constructive_deal_keeps_an_unstarted_row_from_holding_all_of_one_to_five(monkeypatch):
    monkeypatch.setattr("deckforge.games.rychle_sipy.view.REDEALS", 0)
    two = load_game("rychle-sipy", players=2)
    # seat 1 holds five cards and has no row: of the hidden 1, 2, 3, 4, 5, 5 it may hold any five but 1-5
    state = arrange(two, hands={0: [9, 11], 1: [1, 2, 3, 5, 5]}, pile=[7], unknown=[4])
    hidden = sorted(state.hands[1] + state.stock)
    left_out = set()
    for seed in range(30):
        world = state.determinize(0, random.Random(seed))
        world.check_invariants()
        assert sorted(world.hands[1] + world.stock) == hidden and len(world.hands[1]) == 5
        left_out.add(two.number[world.stock[0]])
    assert left_out == {1, 2, 3, 4}  # never a 5, which would leave seat 1 holding 1-5


# --- the end ----------------------------------------------------------------------------------------------------

def test_returns_of_a_finished_game_give_the_winner_all_and_the_others_an_equal_share_of_losing(three):
    # RULES.md scores only the winner (+1 point): the others tie, whatever their rows
    for seed in range(10):
        state = playout(three, seed)
        result = state.result()
        if result.finished:
            assert result.scores == [int(seat == result.winners[0]) for seat in range(3)]
            assert state.returns() == [1.0 if seat == result.winners[0] else -0.5 for seat in range(3)]
            return
    raise AssertionError("no game finished")


def test_seeded_games_are_deterministic(three):
    for policy in ("greedy", "random"):
        first = play_game(three, random.Random(21), [policy] * 3)
        again = play_game(three, random.Random(21), [policy] * 3)
        assert first == again
    assert str(playout(three, 5)) == str(playout(three, 5))
