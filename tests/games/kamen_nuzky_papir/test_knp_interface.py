"""Kámen, nůžky, papír through the OpenSpiel-shaped interface: action numbering, chance nodes, strings that hide
what a player may not see, determinization, copies and returns (deckforge/sim/base.py)."""
import copy
import pickle
import random
from collections import Counter

import pytest
from knp_helpers import arrange, engine, ids, lay

from deckforge.games.kamen_nuzky_papir import engine as knp_engine
from deckforge.games.kamen_nuzky_papir import SPEC
from deckforge.games.spec import Deal
from deckforge.load import load_deck
from deckforge.sim.base import CHANCE, TERMINAL, IllegalActionError, play_game

DECK = load_deck("kamen-nuzky-papir")


def dealt(eng, seed=0, starter=0):
    """Return a state whose deal chance resolved with a seeded generator."""
    return eng.new_game(random.Random(seed), starter=starter)


def play_to(state, rng, steps):
    """Play `steps` steps (chance and random decisions) or to the end; return the state."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# -- actions ----------------------------------------------------------------------------------------------------

def test_one_fixed_numbering_covers_every_decision():
    eng = engine(DECK, 3)
    size = eng.size
    assert (eng.draw_action, eng.pass_action, eng.decline_action) == (4 * size, 4 * size + 1, 4 * size + 2)
    assert (eng.give_base, eng.target_base) == (4 * size + 3, 5 * size + 3)
    assert eng.num_distinct_actions() == 5 * size + 3 + 3 and eng.max_chance_outcomes() == size
    words = [eng.describe(a, imperative=True, numbered=True) for a in range(eng.num_distinct_actions())]
    assert len(set(words)) == len(words)  # no id has two meanings, no meaning two ids
    changer = eng.card_ids.index("changer")
    assert words[changer] == f"lay changer #{changer}"  # never legal: a changer is laid naming an item
    assert words[size + 3 * changer + 2] == f"lay changer #{changer} naming paper"
    assert words[eng.draw_action:eng.give_base] == ["draw", "pass", "lay nothing more"]
    assert words[eng.give_base] == f"give {eng.card_ids[0]} #0" and words[-1] == "choose seat 2"


def test_changers_come_last_so_legal_actions_ascend():
    eng = engine(DECK, 4)
    kinds = ["changer" if item == knp_engine.CHANGER else "other" for item in eng.item_of]
    assert kinds == sorted(kinds, key=lambda kind: kind == "changer") and "changer" in kinds
    rng = random.Random(4)
    for seed in range(20):
        state = dealt(eng, seed)
        while not state.is_terminal():
            if state.player != CHANCE:
                legal = state.legal_actions()
                assert legal == sorted(set(legal)) and all(0 <= a < eng.num_distinct_actions() for a in legal)
            play_to(state, rng, 1)


def test_action_to_string_copes_with_any_id():
    eng = engine(DECK, 2)
    state = dealt(eng)
    for action in [-5, -1, 0, eng.size, eng.draw_action, eng.target_base + 1, eng.num_distinct_actions(), 10**9,
                   "draw", None]:
        assert isinstance(state.action_to_string(state.player, action), str)
        assert isinstance(state.action_to_string(CHANCE, action), str)
    fresh = eng.new_initial_state()
    assert fresh.action_to_string(CHANCE, 1) == "seat 1 starts"
    started = eng.new_initial_state(starter=0)
    assert started.action_to_string(CHANCE, 3) == f"deal {eng.card_ids[3]} #3"


def test_an_illegal_action_is_refused_naming_it(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["paper", "rock"], ["rock"], ["rock"]], discard=["rock"])
    rock = state.hands[0][0]
    before = str(state)
    with pytest.raises(IllegalActionError, match=rf"seat 0 cannot lay rock #{rock} \({rock}\) now; the legal "
                                                 rf"actions are: lay paper #\d+ \(\d+\), draw \({eng.draw_action}\)"):
        state.apply_action(rock)
    for action in (eng.pass_action, eng.decline_action, eng.give_base + rock, eng.target_base + 1):
        with pytest.raises(IllegalActionError, match=rf"\({action}\)"):
            state.apply_action(action)
    with pytest.raises(IllegalActionError, match="is not an action of this game"):
        state.apply_action(eng.num_distinct_actions())
    assert str(state) == before


# -- chance -----------------------------------------------------------------------------------------------------

def test_the_starter_and_every_card_of_the_deal_are_chance_outcomes():
    eng = engine(DECK, 3)
    state = eng.new_initial_state()
    assert state.player == CHANCE and state.chance_outcomes() == [(seat, 1 / 3) for seat in range(3)]
    state.apply_action(2)  # seat 2 starts
    deal = [3, 17, 0, 29, 5, 6, 7, 8, 9, 10, 11, 12, 13]  # 4 each in seat order, then the card turned up
    for count, card in enumerate(deal):
        assert state.player == CHANCE
        outcomes = state.chance_outcomes()
        assert [card for card, _ in outcomes] == sorted(set(range(eng.size)) - set(deal[:count]))
        assert sum(p for _, p in outcomes) == pytest.approx(1) and len({p for _, p in outcomes}) == 1
        state.apply_action(card)
    assert state.player == 2 and state.turns == 0
    assert state.hands == [sorted(deal[0:12:3]), sorted(deal[1:12:3]), sorted(deal[2:12:3])]
    assert state.discard == [13] and sorted(state.unseen) == sorted(set(range(eng.size)) - set(deal))


def test_a_named_starter_skips_that_chance_node():
    state = engine(DECK, 4).new_initial_state(starter=3)
    assert state.player == CHANCE and len(state.chance_outcomes()) == state.engine.size


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("starter", [None, 1])
def test_the_written_out_deal_is_the_deal_chance_node_by_node(players, starter):
    """The engine deals a new game in one loop (engine.new_game); Engine.new_game steps through the same chance
    nodes one by one. From the same seed both must give the same state and leave the generator alike."""
    from deckforge.sim.base import Engine

    eng = knp_engine.KamenNuzkyPapir(DECK, players, {"trace": True})  # the deal's log line as well
    for seed in range(40):
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        fast, slow = eng.new_game(fast_rng, starter), Engine.new_game(eng, slow_rng, starter)
        assert str(fast) == str(slow) and fast.log == slow.log
        assert (fast.seat, fast.player, fast.top, fast.dealt) == (slow.seat, slow.player, slow.top, slow.dealt)
        assert fast.unseen == slow.unseen and fast.known_by == slow.known_by
        assert fast_rng.getstate() == slow_rng.getstate()


def test_the_deal_is_read_from_the_games_spec(monkeypatch):
    monkeypatch.setattr(knp_engine, "SPEC", SPEC.__class__(**{**SPEC.__dict__, "deal": Deal(hand=6, turned_up=1)}))
    state = dealt(engine(DECK, 3))
    assert [len(hand) for hand in state.hands] == [6, 6, 6] and len(state.discard) == 1
    assert SPEC.deal == Deal(hand=4, turned_up=1)  # what the rules say, and what the engine deals by default


def test_a_draw_from_the_dealt_stock_is_a_chance_node_and_sample_chance_matches_it():
    eng = engine(DECK, 2)
    state = dealt(eng, seed=1)
    seat = state.player
    state.apply_action(eng.draw_action)
    assert state.player == CHANCE and state.turns == 1
    outcomes = state.chance_outcomes()
    assert [card for card, _ in outcomes] == sorted(state.unseen) and sum(p for _, p in outcomes) == pytest.approx(1)
    assert not set(state.unseen) & set(state.discard + state.hands[0] + state.hands[1])
    rng = random.Random(2)
    draws = Counter(state.sample_chance(rng) for _ in range(4000))
    assert set(draws) == set(state.unseen) and max(draws.values()) < 2 * min(draws.values())
    card = outcomes[5][0]
    state.apply_action(card)
    assert card in state.hands[seat] and card not in state.unseen and state.player == 1 - seat


def test_drawing_from_the_rebuilt_pile_is_no_chance_event(small_deck):
    eng = engine(small_deck, 2)
    state = arrange(eng, [["rock"] * 4, ["rock"] * 4], discard=["paper", "scissors", "paper", "scissors"],
                    rest="discard")
    old = list(state.discard)
    assert state.unseen == [] and state.draw_pile == []
    state.apply_action(eng.draw_action)  # RULES.md: turned over without shuffling, so its order is known
    assert state.player == 1 and old[0] in state.hands[0] and state.rebuilds == 1
    assert f"known in other hands: seat 0: {eng.card_ids[old[0]]};" in state.information_state_string(1)
    assert state.draw_pile[::-1] == old[1:-1] and state.discard == old[-1:]
    state.apply_action(eng.draw_action)
    assert state.player == 0 and old[1] in state.hands[1] and state.draw_pile[::-1] == old[2:-1]


def test_a_spell_that_draws_waits_for_chance_card_by_card(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["draw-two", "rock"], ["rock", "rock"], ["rock", "rock"]], discard=["rock"])
    state.unseen, state.draw_pile = state.draw_pile, []  # the stock as dealt: nobody knows its order
    state.apply_action(lay(eng, state, "draw-two"))
    first, second = sorted(state.unseen)[:2]
    assert state.player == CHANCE and state.seat == 0
    state.apply_action(first)
    assert state.player == CHANCE and first in state.hands[1]
    state.apply_action(second)
    assert state.player == 1 and second in state.hands[1] and len(state.hands[1]) == 4
    state.check_invariants()


@pytest.fixture
def small_deck(tmp_path):
    from knp_helpers import item, write_deck
    cards = [item("rock", "rock", 8), item("scissors", "scissors", 3), item("paper", "paper", 2)]
    return load_deck(write_deck(tmp_path, cards, high=4))


# -- what each player may know ----------------------------------------------------------------------------------

def hidden_swap(state, seat):
    """Return a clone in which one card of `seat`'s hand that only `seat` knows of and one unseen stock card of
    another kind trade places."""
    other = state.clone()
    hand = other.hands[seat]
    card, stock_card = next((c, s) for c in hand for s in other.unseen if other.known_by[c] == 1 << seat
                            and other.engine.card_ids[c] != other.engine.card_ids[s])
    hand.remove(card)
    hand.append(stock_card)
    hand.sort()
    other.known_by[stock_card] = 1 << seat
    other.unseen[other.unseen.index(stock_card)] = card
    other.check_invariants()
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_strings_hide_the_cards_a_player_cannot_see(players):
    eng = engine(DECK, players)
    state = play_to(dealt(eng, seed=3), random.Random(3), 6)
    assert not state.is_terminal()
    changed = hidden_swap(state, 1)
    for seat in range(players):
        same = seat != 1
        assert (state.information_state_string(seat) == changed.information_state_string(seat)) == same
        assert (state.observation_string(seat) == changed.observation_string(seat)) == same
    assert str(state) != str(changed)
    own = state.information_state_string(0)
    assert ", ".join(ids(eng, state.hands[0])) in own and f"stock {len(state.unseen)} unseen" in own


def test_the_information_state_keeps_the_public_record():
    eng = engine(DECK, 3)
    state = play_to(dealt(eng, seed=5), random.Random(5), 12)
    text = state.information_state_string(2)
    assert f"turn {state.turns}," in text and f"{state.draws} draws" in text
    assert "discard " + ", ".join(ids(eng, state.discard)) in text
    assert f"hands hold {[len(hand) for hand in state.hands]} cards" in text


# -- determinization ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 5])
def test_determinize_keeps_what_the_player_knows_and_redeals_the_rest(players):
    eng = engine(DECK, players)
    state = play_to(dealt(eng, seed=9), random.Random(9), 12)
    assert not state.is_terminal()
    me = state.player if state.player >= 0 else 0
    seen_hands = set()
    for seed in range(30):
        world = state.determinize(me, random.Random(seed))
        world.check_invariants()  # every card exactly once, hands sorted
        assert world.hands[me] == state.hands[me] and world.discard == state.discard
        assert world.draw_pile == state.draw_pile and world.top == state.top and world.player == state.player
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.unseen) == len(state.unseen)
        assert world.observation_string(me) == state.observation_string(me)
        assert world.information_state_string(me) == state.information_state_string(me)
        seen_hands.add(tuple(tuple(hand) for hand in world.hands))
        play_to(world, random.Random(seed), 10_000)  # a determinized world plays on to its end
        assert world.is_terminal() or world.turns >= eng.max_game_length()
    assert len(seen_hands) >= 10  # the hidden cards really are dealt anew
    assert str(state) == str(play_to(state.clone(), random.Random(0), 0))  # the state itself is untouched


def test_determinize_keeps_the_cards_a_player_knows_in_other_hands(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["parcel", "rock", "scissors"], ["rock", "rock"], ["paper", "paper"]], discard=["rock"])
    state.apply_action(lay(eng, state, "parcel"))
    given = next(card for card in state.hands[0] if eng.card_ids[card] == "scissors")
    state.apply_action(eng.give_base + given)  # seat 0 gave it to seat 1: both know where it is, seat 2 does not
    assert given in state.hands[1] and "seat 1: scissors;" in state.information_state_string(0)
    assert "seat 1: ;" in state.information_state_string(2)
    moved = 0
    for seed in range(40):
        assert given in state.determinize(0, random.Random(seed)).hands[1]
        world = state.determinize(2, random.Random(seed))
        world.check_invariants()
        moved += given not in world.hands[1]
    assert moved > 5  # for seat 2 the card could be anywhere it cannot see


def test_after_a_swap_both_players_know_both_hands(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["swap", "rock", "rock"], ["scissors"] * 3, ["paper"] * 2], discard=["rock"])
    state.apply_action(lay(eng, state, "swap"))
    state.apply_action(eng.target_base + 1)
    for seed in range(10):
        for me, other in ((0, 1), (1, 0)):
            assert state.determinize(me, random.Random(seed)).hands[other] == state.hands[other]
    assert "seat 0: ;" in state.information_state_string(2)


def test_determinize_depends_only_on_what_the_player_knows():
    eng = engine(DECK, 3)
    state = play_to(dealt(eng, seed=2), random.Random(2), 5)
    changed = hidden_swap(state, 2)
    a, b = state.determinize(0, random.Random(7)), changed.determinize(0, random.Random(7))
    assert str(a) == str(b)


# -- copies, returns, seeds ---------------------------------------------------------------------------------------

def test_clones_and_pickles_equal_the_state_and_are_independent():
    eng = engine(DECK, 4)
    rng = random.Random(11)
    state = dealt(eng, seed=11)
    steps = 0
    while not state.is_terminal():
        if steps % 5 == 0:
            clone, thawed, deep = state.clone(), pickle.loads(pickle.dumps(state)), copy.deepcopy(state)
            assert str(state) == str(clone) == str(thawed) == str(deep)
            assert clone.engine is state.engine and clone.hands[0] is not state.hands[0]
            before = str(state)
            play_to(clone, random.Random(steps), 3)
            assert str(clone) != before and str(state) == before
        play_to(state, rng, 1)
        steps += 1
    assert state.player == TERMINAL and state.legal_actions() == []


def test_returns_rank_the_places_and_are_zero_for_a_stalemate(tmp_path):
    eng = engine(DECK, 3)
    state = dealt(eng, seed=4)
    assert state.returns() == [0.0, 0.0, 0.0]
    play_to(state, random.Random(4), 100_000)
    first, second, last = state.result().places
    returns = state.returns()
    assert state.is_terminal() and returns[first] == 1.0 and returns[second] == 0.0 and returns[last] == -1.0
    from knp_helpers import item, write_deck
    stuck = engine(load_deck(write_deck(tmp_path, [item("rock", "rock", 12), item("paper", "paper", 1)])), 2)
    state = arrange(stuck, [["rock"] * 6, ["rock"] * 6], discard=["paper"])  # nothing to draw, nothing to lay
    state.apply_action(stuck.pass_action)
    state.apply_action(stuck.pass_action)
    assert state.is_terminal() and state.result().stalemate and state.returns() == [0.0, 0.0]


def test_seeded_games_are_the_same_game_every_time():
    eng = engine(DECK, 4)
    for policy in ("random", "greedy"):
        one = play_game(eng, random.Random(21), [policy] * 4)
        two = play_game(eng, random.Random(21), [policy] * 4)
        assert one == two and one.finished
        states = [play_to(dealt(eng, seed=21), random.Random(21), 10_000) for _ in range(2)]
        assert str(states[0]) == str(states[1])
