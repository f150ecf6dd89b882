"""DYMOCK through the OpenSpiel-shaped interface: action numbering, chance nodes, illegal actions, copies, what each
player may know, determinization and returns."""
import copy
import pickle
import random

import pytest

from deckforge.games import load_game
from deckforge.games.dymock.rules import BLIND, FACE_UP, READY, SWAP, TAKE, THROW
from deckforge.sim.base import CHANCE, TERMINAL, IllegalActionError, play_game

DEALT = 27  # three players, nine cards each


@pytest.fixture(scope="module")
def three():
    return load_game("dymock", players=3)


def dealt(engine, seed=1, starter=0):
    """Return a state right after the deal, its cards drawn with `seed`."""
    return engine.new_game(random.Random(seed), starter=starter)


def playing(engine, seed=1, decisions=30):
    """Return a state in the middle of a random game (the seats' choices and the chance nodes drawn with `seed`)."""
    rng, state = random.Random(seed), engine.new_game(random.Random(seed))
    while state.turns < decisions and not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    return state


def test_the_action_numbering_is_fixed(three):
    assert (TAKE, THROW, BLIND, READY, FACE_UP + 1, SWAP) == (0, 1, 4, 7, 8, 15)
    assert three.num_distinct_actions() == 15 + 14 * 3 + 14 * 4  # 14 ranks: swaps, then lays of 1 to 4 copies
    assert three.rank_label[:3] == ["2", "3", "4"]  # ranks in the deck's order
    assert three.lay_action("2") == 57 and three.lay_action("4", 3) == 57 + 2 * 4 + 2
    assert three.lay_action("Joker", 2) == 57 + 13 * 4 + 1 == three.num_distinct_actions() - 3
    assert load_game("dymock", players=8).num_distinct_actions() == 15 + 14 * 3 + 14 * 8  # two decks: 8 copies
    words = [three.describe(action) for action in range(three.num_distinct_actions())]
    assert len(set(words)) == len(words)  # no id has two meanings


def test_every_action_of_a_game_is_in_range(three):
    rng, state = random.Random(4), three.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        if state.is_chance_node():
            assert all(0 <= a < three.max_chance_outcomes() for a in legal)
        else:
            assert all(0 <= a < three.num_distinct_actions() for a in legal)
        state.apply_action(rng.choice(legal))
    assert state.current_player() == TERMINAL and state.legal_actions() == []


def test_action_to_string_names_any_id_without_raising(three):
    state = dealt(three)
    assert state.action_to_string(0, TAKE) == "take the pile"
    assert state.action_to_string(0, three.lay_action("9", 2)) == "lay 2 x 9 from the hand"
    assert state.action_to_string(0, FACE_UP + 5) == "lay the face-up cards at positions 0, 2"
    for odd in (-1, three.num_distinct_actions(), 10**9, None, "take"):
        assert "not a DYMOCK action" in state.action_to_string(0, odd)
    fresh = three.new_initial_state()
    assert fresh.action_to_string(CHANCE, 2) == "P2 leads"
    fresh.apply_action(2)
    assert fresh.action_to_string(CHANCE, 53).startswith("card 53, Joker")
    assert fresh.action_to_string(CHANCE, 52) != fresh.action_to_string(CHANCE, 53)  # two jokers, one id


def test_the_deal_is_chance_card_by_card_over_the_undealt_cards(three):
    state = three.new_initial_state()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]  # the first leader
    state.apply_action(1)
    undealt = list(range(three.cards))
    rng = random.Random(2)
    for _ in range(DEALT):
        outcomes = state.chance_outcomes()
        assert [card for card, _ in outcomes] == undealt
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        assert len({p for _, p in outcomes}) == 1
        card = state.sample_chance(rng)
        undealt.remove(card)
        state.apply_action(card)
        state.check_invariants()
    assert not state.is_chance_node() and state.current_player() == 1 and state.stock == undealt


def test_each_draw_from_the_stock_is_chance(three):
    state = dealt(three)
    while state.swapping:
        state.apply_action(READY)
    stock = list(state.stock)
    lay = next(a for a in state.legal_actions() if a >= three.first_lay)
    state.apply_action(lay)
    drawn = (lay - three.first_lay) % three.most_copies + 1
    for _ in range(drawn):
        assert state.is_chance_node() and [card for card, _ in state.chance_outcomes()] == stock
        stock.remove(stock[-1])
        state.apply_action(state.chance_outcomes()[-1][0])
    assert not state.is_chance_node() and state.hand_size[0] == 3 and state.stock == stock


def test_sampled_chance_follows_the_outcomes(three):
    state = three.new_initial_state(starter=0)
    for card in range(0, 40, 2):  # deal 20 of the 27 cards: 34 left
        state.apply_action(card)
    counts = {}
    rng = random.Random(3)
    for _ in range(34 * 200):
        card = state.sample_chance(rng)
        counts[card] = counts.get(card, 0) + 1
    undealt = set(range(1, 40, 2)) | set(range(40, 54))
    assert set(counts) == {card for card, _ in state.chance_outcomes()} == undealt
    assert all(abs(count - 200) < 80 for count in counts.values())  # 200 draws of each card expected


def test_an_illegal_action_is_refused_with_a_message_naming_it(three):
    state = dealt(three)
    while state.swapping:
        state.apply_action(READY)
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot take the pile \(0\) now; the legal actions are"):
        state.apply_action(TAKE)  # the pile is empty
    with pytest.raises(IllegalActionError, match="not an action of this game"):
        state.apply_action(three.num_distinct_actions())
    chance = three.new_initial_state(starter=0)
    with pytest.raises(IllegalActionError, match="not a chance outcome"):
        chance.apply_action(three.cards)


def test_clones_and_pickles_equal_the_state_and_are_independent(three):
    state = playing(three, seed=5)
    for other in (state.clone(), pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert str(other) == str(state) and other.legal_actions() == state.legal_actions()
        before = str(state)
        other.apply_action(other.legal_actions()[0])
        assert str(state) == before != str(other)


def test_the_information_state_hides_other_players_cards(three):
    state = playing(three, seed=6, decisions=8)
    assert not state.is_chance_node() and state.stock
    other, rank_of = state.clone(), three.rank_of
    hand_card = next(c for cards in other.hands[1] for c in cards if c not in other.public)
    stock_card = next(c for c in other.stock if rank_of[c] != rank_of[hand_card])
    _exchange(other, 1, hand_card, stock_card)  # P1's hidden hand card differs
    p = next(p for p, c in enumerate(other.facedown[0]) if c >= 0)
    stock_card = next(c for c in other.stock if rank_of[c] != rank_of[other.facedown[0][p]])
    other.stock[other.stock.index(stock_card)] = other.facedown[0][p]  # and P0's own face-down card, unseen
    other.facedown[0][p] = stock_card
    other.stock.sort()
    other.check_invariants()
    for seat in (0, 2):
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
    assert other.information_state_string(1) != state.information_state_string(1)
    assert str(other) != str(state)


def test_a_taken_pile_is_known_to_all(three):
    state = playing(three, seed=8, decisions=60)
    taker = next((s for s in range(3) if any(c in state.public for cards in state.hands[s] for c in cards)), None)
    assert taker is not None, "no pile taken in 60 decisions"
    cards = [c for ranks in state.hands[taker] for c in ranks]
    known = [three.rank_label[three.rank_of[c]] for c in cards if c in state.public]
    hidden = f"{len(cards) - len(known)} unknown"
    viewer = (taker + 1) % 3

    def hand_text(text):
        line = next(line for line in text.splitlines() if line.startswith(f"P{taker}"))
        return line.split("] table")[0].split("hand [")[1]
    assert hand_text(state.information_state_string(viewer)) == " ".join(known + [hidden])
    assert hand_text(state.observation_string(viewer)) == f"{len(cards)} unknown"  # now: no memory of the pile


def test_determinize_keeps_what_the_player_knows_and_every_card(three):
    state = playing(three, seed=9, decisions=60)
    views = set()
    for seed in range(12):
        world = state.determinize(0, random.Random(seed))
        world.check_invariants()  # every card exactly once, counts kept
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.hands[0] == state.hands[0] and world.faceup == state.faceup and world.pile == state.pile
        assert world.burned == state.burned and world.hand_size == state.hand_size
        for seat in (1, 2):
            assert [c for cards in world.hands[seat] for c in cards if c in state.public] == \
                [c for cards in state.hands[seat] for c in cards if c in state.public]
        assert [[c >= 0 for c in row] for row in world.facedown] == [[c >= 0 for c in row] for row in state.facedown]
        views.add(str(world))
    assert len(views) > 1  # the hidden cards are dealt anew


def test_a_determinized_game_plays_on_to_its_end(three):
    state = playing(three, seed=10, decisions=20)
    world = state.determinize(1, random.Random(0))
    result = play_game_from(world, random.Random(1))
    assert result.finished and sorted(result.places) == [0, 1, 2]


def play_game_from(state, rng):
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        state.check_invariants()
    return state.result()


def test_returns_rank_the_places(three):
    state = three.new_game(random.Random(11))
    assert state.returns() == [0.0, 0.0, 0.0]
    result = play_game_from(state, random.Random(11))
    returns = state.returns()
    assert returns[result.places[0]] == 1.0 and returns[result.places[1]] == 0.0 and returns[result.places[2]] == -1.0


def test_seeded_games_are_deterministic(three):
    def game(seed):
        result = play_game(three, random.Random(seed), ["random", "greedy", "random"])
        return result.places, result.turns, result.effects, result.plays
    assert game(12) == game(12) != game(13)


def _exchange(state, seat, hand_card, stock_card):
    """Put `stock_card` in the seat's hand in place of `hand_card`, which goes to the stock."""
    rank_of = state.engine.rank_of
    state.hands[seat][rank_of[hand_card]].remove(hand_card)
    state.hands[seat][rank_of[stock_card]].append(stock_card)
    state.stock[state.stock.index(stock_card)] = hand_card
    state.stock.sort()


def test_the_repetition_key_is_what_the_player_sees_without_the_turn_count(three):
    state = playing(three, seed=3)
    later = state.clone()
    later.turns += 12
    seat = state.player
    assert later.observation_string(seat) != state.observation_string(seat)
    assert later.repetition_key(seat) == state.repetition_key(seat)
    assert state.repetition_key(seat) == state.observation_string(seat).replace(f", turn {state.turns}", "")
    assert state.repetition_key(seat) != state.repetition_key((seat + 1) % 3)
