"""Prší through its OpenSpiel-shaped interface: fixed action numbering, chance nodes that list exactly the unseen
cards, clone and pickle, what each player may know, determinization, returns and seeded determinism."""
from __future__ import annotations

import copy
import pickle
import random

import pytest

from deckforge.games.prsi.belief import beliefs
from deckforge.sim.base import CHANCE, IllegalActionError, play_game
from prsi_tables import arrange, card, cards, engine


def played_to(game, steps: int, seed: int = 1):
    """Return a game after `steps` random steps (chance and decisions) from its very start."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_one_fixed_numbering_for_every_decision(players):
    game = engine(players)
    size, suits = game.size, len(game.suits)
    assert (size, suits) == (32, 4)
    assert game.num_distinct_actions() == size + 3 + suits == 39
    assert (game.draw, game.stand, game.pass_, game.names) == (32, 33, 34, (35, 36, 37, 38))
    assert game.max_chance_outcomes() == 32
    words = [game.describe(action) for action in range(game.num_distinct_actions())]
    assert len(set(words)) == len(words)  # no id has two meanings, no two ids one
    assert words[card(game, "zaludy-svrsek")] == "lay zaludy-svrsek" and words[36] == "name listy"


def test_action_to_string_copes_with_any_number():
    state = played_to(engine(3), 40)
    for action in [-5, -1, 0, 31, 32, 38, 39, 1000]:
        for player in (CHANCE, 0, 1, 2):
            assert isinstance(state.action_to_string(player, action), str)
    assert "not an action" in state.action_to_string(0, 39)


def test_every_deal_chance_node_lists_exactly_the_undealt_cards():
    game = engine(4)
    state = game.new_initial_state()
    assert [seat for seat, _ in state.chance_outcomes()] == [0, 1, 2, 3]
    state.apply_action(1)
    rng = random.Random(5)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        dealt = {c for hand in state.hands for c in hand} | set(state.pile)
        assert [c for c, _ in outcomes] == sorted(set(range(32)) - dealt)
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
        state.apply_action(rng.choice(outcomes)[0])
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4] and len(state.pile) == 1 and len(state.stock) == 15
    assert state.player == 2  # left of dealer 1


def test_sample_chance_draws_from_the_stock_only():
    game = engine(2)
    state = arrange(game, [["srdce-8"], ["kule-8"]], "srdce-9", stock=["listy-8", "listy-9", "listy-10"])
    state.apply_action(game.draw)
    rng = random.Random(0)
    seen = {state.sample_chance(rng) for _ in range(200)}
    assert seen == set(cards(game, ["listy-8", "listy-9", "listy-10"]))


def test_an_illegal_action_names_itself():
    game = engine(2)
    state = arrange(game, [["srdce-8", "kule-kral"], ["kule-8"]], "srdce-9")
    with pytest.raises(IllegalActionError, match=r"cannot lay kule-kral \(\d+\) now"):
        state.apply_action(card(game, "kule-kral"))
    with pytest.raises(IllegalActionError, match="name srdce"):
        state.apply_action(game.names[0])
    state.apply_action(game.draw)
    with pytest.raises(IllegalActionError, match="not a chance outcome"):
        state.apply_action(card(game, "srdce-8"))


def test_clones_and_pickles_equal_the_state_and_are_independent():
    state = played_to(engine(4), 120, seed=3)
    twin, thawed, deep = state.clone(), pickle.loads(pickle.dumps(state)), copy.deepcopy(state)
    assert str(state) == str(twin) == str(thawed) == str(deep)
    before = str(state)
    legal = twin.legal_actions()
    twin.apply_action(legal[0])
    assert str(state) == before != str(twin)
    twin.hands[0].append(99)
    assert 99 not in state.hands[0]


def test_the_information_state_hides_the_opponents_cards():
    game = engine(3)
    mine = ["srdce-8", "kule-kral"]
    one = arrange(game, [mine, ["listy-8", "listy-9"], ["zaludy-8"]], "srdce-9")
    other = arrange(game, [mine, ["listy-10", "zaludy-eso"], ["kule-7"]], "srdce-9")
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.observation_string(0) == other.observation_string(0)
    assert one.information_state_string(1) != other.information_state_string(1)
    assert "listy-8" not in one.information_state_string(0) and "srdce-8" in one.information_state_string(0)


def test_the_history_shows_a_drawn_card_only_to_its_drawer():
    game = engine(2)
    state = arrange(game, [["srdce-8"], ["kule-8"]], "srdce-9")
    state.apply_action(game.draw)
    state.apply_action(card(game, "zaludy-eso"))
    assert "P0+zaludy-eso" in state.information_state_string(0)
    assert "zaludy-eso" not in state.information_state_string(1) and "P0+?" in state.information_state_string(1)
    assert "zaludy-eso" in str(state)


@pytest.mark.parametrize("steps", [0, 5, 30, 200])
def test_determinize_keeps_what_the_player_knows_and_every_card_once(steps):
    game = engine(4)
    state = played_to(game, steps, seed=steps + 1)
    for player in range(4):
        sample = state.determinize(player, random.Random(player))
        assert sample.hands[player] == state.hands[player] and sample.pile == state.pile
        assert [len(hand) for hand in sample.hands] == [len(hand) for hand in state.hands]
        assert len(sample.stock) == len(state.stock)
        assert sorted(sample.stock + sample.pile + [c for hand in sample.hands for c in hand]) == list(range(32))
        assert sample.information_state_string(player) == state.information_state_string(player)
        hidden = [c for seat, hand in enumerate(state.hands) if seat != player for c in hand]
        if hidden:  # the sample's history reveals no hidden card of the real game
            assert all(f"+{game.ids[c]}" not in str(sample).split("history:")[1] for c in hidden
                       if f"+{game.ids[c]}" not in state.information_state_string(player))
        sample.check_invariants()


def test_determinize_deals_the_hidden_cards_anew():
    state = played_to(engine(4), 25, seed=9)
    samples = {tuple(state.determinize(0, random.Random(k)).hands[1]) for k in range(20)}
    assert len(samples) > 1



def after_a_voluntary_draw(game, seed: int):
    """Play greedy until seat 1 draws with nothing pending; return the state once the card is drawn, and the top
    card it drew on."""
    rng = random.Random(seed)
    state = game.new_game(rng)
    while not state.is_terminal():
        if state.player == CHANCE:
            state._apply_action(state.sample_chance(rng))
            continue
        action = game.greedy_action(state, rng)
        if state.player == 1 and action == game.draw and not state.penalty and state.top_suit >= 0:
            top = (state.top_suit, state.top_rank)
            state._apply_action(action)
            while state.player == CHANCE:
                state._apply_action(state.sample_chance(rng))
            return state, top
        state._apply_action(action)
    return None, None


def test_determinize_believes_a_seat_that_drew_had_nothing_to_lay():
    game = engine(2)
    found = 0
    for seed in range(10):
        state, top = after_a_voluntary_draw(game, seed)
        if state is None or state.player != 0:
            continue
        suit, rank = top
        found += 1
        fits = game.fits[suit * 8 + rank]
        assert sum(fits[c] for c in state.hands[1]) <= 1  # the greedy player drew: only the drawn card may fit
        for k in range(20):  # every sample keeps that: at most the one card drawn since may fit the old top
            world = state.determinize(0, random.Random(k))
            assert sum(fits[c] for c in world.hands[1]) <= 1
            world.check_invariants()
    assert found >= 3


def greedy_positions(game, seed: int, games: int):
    """Yield every decision of `games` seeded greedy games."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_game(rng)
        while not state.is_terminal():
            if state.player == CHANCE:
                state._apply_action(state.sample_chance(rng))
                continue
            yield state
            state._apply_action(game.greedy_action(state, rng))


def test_the_beliefs_hold_for_greedy_players():
    game = engine(4)
    for state in greedy_positions(game, 2, 15):  # what the search reads from greedy players is true of their hands
        for seat, (barred, free) in enumerate(beliefs(state)):
            assert sum(barred >> card & 1 for card in state.hands[seat]) <= free


def test_returns_of_a_finished_game_rank_the_places():
    game = engine(4)
    rng = random.Random(4)
    result = play_game(game, rng, ["greedy"] * 4)
    assert result.finished and len(result.places) == 4
    state = game.new_game(random.Random(4))
    choose = game.greedy_action
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else choose(state, rng))
    returns = state.returns()
    places = state.result().places
    assert [returns[seat] for seat in places] == pytest.approx([1.0, 1 / 3, -1 / 3, -1.0])


def test_seeded_games_are_deterministic():
    game = engine(3)
    first = [play_game(game, random.Random(seed), ["random", "greedy", "random"]) for seed in range(5)]
    again = [play_game(game, random.Random(seed), ["random", "greedy", "random"]) for seed in range(5)]
    assert [(r.turns, r.places, r.effects, r.plays) for r in first] == [(r.turns, r.places, r.effects, r.plays)
                                                                         for r in again]


def test_copies_of_a_card_are_told_apart(tmp_path):
    from deckforge.games import load_game
    from deckforge.load import load_deck

    (tmp_path / "deck.yaml").write_text(
        'extends: prsi\nid: two-sevens\ncards:\n'
        '  - {id: srdce-7, kind: card, suit: srdce, rank: "7", count: 2, name: {cs: Srdcová sedma, en: Seven of '
        'Hearts}, text: {cs: "Lízni si dvě.", en: "Draw two."}}\n', encoding="utf-8")
    game = load_game(load_deck(tmp_path), players=4)
    assert game.size == 33 and game.num_distinct_actions() == 40
    words = [game.describe(action) for action in range(game.num_distinct_actions())]
    assert len(set(words)) == len(words) and "lay srdce-7#2" in words
    summary_rng = random.Random(2)
    assert play_game(game, summary_rng, ["random"] * 4, check=True).turns > 0
