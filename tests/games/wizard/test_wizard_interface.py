"""Wizard through the OpenSpiel-shaped interface (deckforge/sim/base.py): one action numbering, chance nodes for
every deal, illegal actions refused, copies, what each seat may know, determinized deals, returns and seeds."""
import copy
import pickle
import random
from collections import Counter

import pytest
from wizard_helpers import bid_all, card, deal, engine, settle

from deckforge.games import load_game
from deckforge.games.wizard import SPEC
from deckforge.games.wizard.engine import BID, CHOOSE_TRUMP, DEAL, FIRST_DEALER, PLAY, TURN_UP, turn_bound
from deckforge.sim.base import CHANCE, TERMINAL, IllegalActionError, play_game


def walk(eng, seed: int, every=None):
    """Play one random game from its initial state through the checked interface; call `every(state)` before
    each step; return the finished state."""
    rng = random.Random(seed)
    state = eng.new_initial_state()
    while not state.is_terminal():
        if every:
            every(state)
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# -- the action numbering ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (6, 10)])
def test_one_numbering_cards_then_bids_then_trump_suits(players, rounds):
    eng = engine(players)
    assert eng.rounds == rounds == SPEC.deal.rounds(60, players)   # the rounds come from the game's deal
    assert eng.num_distinct_actions() == 60 + (rounds + 1) + 4
    assert (eng.bid_base, eng.trump_base) == (60, 60 + rounds + 1)
    assert eng.max_chance_outcomes() == 60
    assert eng.max_game_length() == turn_bound(rounds, players)
    kinds = {PLAY: range(0, 60), BID: range(60, 61 + rounds), CHOOSE_TRUMP: range(61 + rounds, 65 + rounds)}
    seen = Counter()

    def check(state):
        if not state.is_chance_node():
            legal = state.legal_actions()
            assert legal == sorted(set(legal)) and all(a in kinds[state.phase] for a in legal)
            seen[state.phase] += 1
    for seed in range(4):
        walk(eng, seed, check)
    assert seen[PLAY] and seen[BID]


def test_every_action_id_has_words_and_none_raises():
    eng = engine(4)
    state = deal(eng, 2, [["humans-5", "wizard"], ["elves-2", "jester"], ["giants-9", "dwarves-1"],
                          ["humans-13", "elves-7"]], "giants-2", dealer=3)
    words = [state.action_to_string(0, a) for a in range(eng.num_distinct_actions())]
    assert words[card(eng, "humans-5")] == "play Humans 5" and words[59] == "play Jester"
    assert words[60:63] == ["bid 0", "bid 1", "bid 2"] and words[75] == "bid 15"
    assert words[76:] == ["choose trump Humans", "choose trump Elves", "choose trump Dwarves", "choose trump Giants"]
    for odd in (-1, 80, 10**9, "x", None):
        assert "not an action of this game" in state.action_to_string(0, odd)
    fresh = eng.new_initial_state()
    assert fresh.action_to_string(CHANCE, 2) == "P2 deals first"
    fresh.apply_action(3)
    assert fresh.action_to_string(CHANCE, card(eng, "wizard")) == "deal Wizard"


# -- chance nodes --------------------------------------------------------------------------------------------------
def test_the_first_dealer_and_every_card_dealt_or_turned_up_are_chance_nodes():
    eng = engine(4)
    state = eng.new_initial_state()
    assert (state.phase, state.current_player()) == (FIRST_DEALER, CHANCE)
    assert state.chance_outcomes() == [(seat, 0.25) for seat in range(4)]
    state.apply_action(1)                                   # P1 deals: P2 gets the first card
    for k in range(4):
        outcomes = state.chance_outcomes()
        held = {c for hand in state.hands for c in hand}
        assert [c for c, _ in outcomes] == sorted(set(range(60)) - held)   # exactly the undealt cards
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-12 and len({p for _, p in outcomes}) == 1
        assert state.deal_to[-1] == (2 + k) % 4
        state.apply_action(outcomes[-1][0])
    assert state.phase == TURN_UP and state.current_player() == CHANCE and len(state.chance_outcomes()) == 56
    state.apply_action(card(eng, "humans-7"))
    assert (state.trump, state.phase, state.current_player(), state.turns) == (0, BID, 2, 0)


def test_every_chance_node_of_a_game_lists_the_undealt_cards_and_samples_among_them():
    eng = engine(5, "lucid-vision")
    nodes = Counter()

    def check(state):
        if state.is_chance_node() and state.phase != FIRST_DEALER:
            outcomes = state.chance_outcomes()
            gone = {c for hand in state.hands for c in hand} | set(state.taken) | {state.turned_up}
            assert [c for c, _ in outcomes] == sorted(set(range(60)) - gone) == state.stock
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert state.sample_chance(random.Random(len(state.stock))) in state.stock
            nodes[state.phase] += 1
    walk(eng, 3, check)
    assert nodes[DEAL] == 5 * sum(range(1, 13)) and nodes[TURN_UP] == 11   # no card is left in round 12


def test_sample_chance_draws_each_undealt_card_alike():
    state = engine(4).new_hand(15, dealer=0)
    rng = random.Random(7)
    draws = Counter(state.sample_chance(rng) for _ in range(60_000))
    assert set(draws) == set(range(60)) and max(draws.values()) < 1.1 * 1000 and min(draws.values()) > 0.9 * 1000


# -- illegal actions ---------------------------------------------------------------------------------------------
def test_an_illegal_action_is_refused_with_a_message_naming_it():
    eng = engine(4)
    state = deal(eng, 2, [["humans-5", "wizard"], ["elves-2", "jester"], ["giants-9", "dwarves-1"],
                          ["humans-13", "elves-7"]], "giants-2", dealer=3)
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot play Elves 2 \(14\) now; the legal actions are: "
                                                 r"bid 0 \(60\), bid 1 \(61\), bid 2 \(62\)"):
        state.apply_action(card(eng, "elves-2"))
    with pytest.raises(IllegalActionError, match=r"cannot bid 3 \(63\) now"):
        state.apply_action(63)
    with pytest.raises(IllegalActionError, match=r"80 is not an action of this game \(actions are 0 to 79\)"):
        state.apply_action(80)
    bid_all(state, 1, 0, 1, 0)
    with pytest.raises(IllegalActionError, match=r"cannot play Elves 2 \(14\) now"):   # P1's card, not P0's
        state.apply_action(card(eng, "elves-2"))
    state.apply_action(card(eng, "humans-5"))
    with pytest.raises(IllegalActionError, match=r"seat 1 cannot play Giants 9 \(47\) now; the legal actions are: "
                                                 r"play Elves 2 \(14\), play Jester \(56\)"):   # P2's card
        state.apply_action(card(eng, "giants-9"))
    fresh = eng.new_hand(1)
    fresh.apply_action(card(eng, "humans-1"))
    with pytest.raises(IllegalActionError, match=r"0 is not a chance outcome here"):
        fresh.apply_action(card(eng, "humans-1"))   # dealt already


# -- copies ------------------------------------------------------------------------------------------------------
def test_clones_pickles_and_deep_copies_are_equal_and_independent():
    eng = engine(4, "hidden-bids")
    state = eng.new_game(random.Random(5))
    rng = random.Random(5)
    for step in range(300):
        if step % 23 == 0:
            copies = [state.clone(), pickle.loads(pickle.dumps(state)), copy.deepcopy(state)]
            assert all(str(c) == str(state) for c in copies)
            assert all(c.information_state_string(1) == state.information_state_string(1) for c in copies)
            before = str(state)
            for c in copies:
                settle(c, rng)
                if not c.is_terminal():
                    c.apply_action(c.legal_actions()[0])
                c.check_invariants()
                assert str(c) != before
            assert str(state) == before
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


def test_legal_actions_returns_a_list_the_caller_may_change():
    state = settle(engine(4).new_hand(3), random.Random(1))
    state.legal_actions().clear()
    state.check_invariants()
    assert len(state.legal_actions()) == 4


# -- what each seat may know -------------------------------------------------------------------------------------
HANDS = [["humans-5", "wizard"], ["elves-2", "jester"], ["giants-9", "dwarves-1"], ["humans-13", "elves-7"]]


def swapped(hands, seat, new_card):
    """The same deal with `seat`'s first card replaced by `new_card` (a card nobody holds)."""
    return [[new_card] + hand[1:] if s == seat else hand for s, hand in enumerate(hands)]


def test_the_information_state_hides_the_other_hands_and_shows_ones_own():
    eng = engine(4)
    a = deal(eng, 2, HANDS, "giants-2", dealer=3)
    b = deal(eng, 2, swapped(HANDS, 2, "elves-11"), "giants-2", dealer=3)
    assert a.information_state_string(0) == b.information_state_string(0)       # P2's cards are hidden from P0
    assert a.information_state_string(2) != b.information_state_string(2)       # and known to P2
    assert a.observation_string(1) == b.observation_string(1)
    assert str(a) != str(b)
    text = a.information_state_string(0)
    assert "P0 (you): bid -, took 0; holds Humans 5, Wizard" in text
    assert "P2: bid -, took 0; holds 2 cards unseen" in text
    assert "Giants 9" not in text and "Dwarves 1" not in text


def test_cards_played_bids_and_past_rounds_are_public():
    eng = engine(4)
    state = deal(eng, 1, [["humans-5"], ["humans-9"], ["elves-13"], ["jester"]], "giants-2", dealer=3)
    bid_all(state, 0, 1, 0, 0)
    for card_id in ("humans-5", "humans-9", "elves-13", "jester"):
        state.apply_action(card(eng, card_id))
    text = state.information_state_string(2)
    assert ("round 1, dealer P3, turned up Giants 2, trump Giants; bids P0 0, P1 1, P2 0, P3 0; "
            "tricks P0 Humans 5 P1 Humans 9 P2 Elves 13 P3 Jester > P1") in text
    assert "round 1," not in state.observation_string(2)   # the observation is this round alone


@pytest.mark.parametrize("variant", ["hidden-bids", "secret-bids"])
def test_hidden_and_secret_bids_stay_out_of_the_others_information_state(variant):
    def bidding(first_bid):
        state = deal(engine(4, variant), 2, HANDS, "giants-2", dealer=3)
        bid_all(state, first_bid, 1)
        return state
    low, high = bidding(0), bidding(2)
    assert low.information_state_string(1) == high.information_state_string(1)
    assert low.information_state_string(0) != high.information_state_string(0)   # one's own bid is known
    assert "P0: bid ?" in low.information_state_string(1) and "P3: bid -" in low.information_state_string(1)
    bid_all(low, 0, 1)
    bid_all(high, 0, 1)
    revealed = low.information_state_string(1) != high.information_state_string(1)
    assert revealed == (variant == "hidden-bids")   # hidden bids show when all have bid; secret ones later


def test_lucid_vision_shows_the_others_cards_and_not_ones_own_in_round_one():
    def round_one(hands):
        return deal(engine(4, "lucid-vision"), 1, hands, "giants-2", dealer=3)
    hands = [["humans-5"], ["elves-2"], ["giants-9"], ["jester"]]
    base, own, other = round_one(hands), round_one(swapped(hands, 0, "wizard")), round_one(swapped(hands, 2, "wizard"))
    assert base.information_state_string(0) == own.information_state_string(0)     # P0 cannot see its card
    assert base.information_state_string(0) != other.information_state_string(0)   # but sees P2's
    assert "P0 (you): bid -, took 0; holds 1 card unseen" in base.information_state_string(0)
    assert "P2: bid -, took 0; holds Giants 9" in base.information_state_string(0)


# -- determinized deals ------------------------------------------------------------------------------------------
def known_facts(state, player):
    """What `player` knows, and its legal actions (which show its cards: not in lucid vision's first round)."""
    blind = state.round == 1 and state.engine.lucid
    return (state.information_state_string(player), state.trick, state.taken, state.bids, state.scores,
            state.turned_up, state.trump, [len(h) for h in state.hands],
            state.legal if state.player == player and not blind else None)


@pytest.mark.parametrize("variants", [(), pytest.param(("lucid-vision",), marks=pytest.mark.slow),
                                      pytest.param(("secret-bids",), marks=pytest.mark.slow)])
def test_determinize_deals_only_what_the_player_cannot_see(variants):
    eng = engine(4, *variants)
    changed = Counter()

    def check(state):
        if state.phase == FIRST_DEALER or state.is_terminal():
            return
        player = state.player if state.player >= 0 else 1
        world = state.determinize(player, random.Random(len(state.taken) + state.turns))
        world.check_invariants()                                 # every card exactly once, hands sorted, legal right
        assert known_facts(world, player) == known_facts(state, player)
        lucid = state.round == 1 and eng.lucid
        kept = [s for s in range(4) if (s == player) != lucid]
        assert all(world.hands[s] == state.hands[s] for s in kept)
        voids = state._voids()
        for seat, hand in enumerate(world.hands):
            assert not any(eng.table.suit[c] >= 0 and voids[seat] >> eng.table.suit[c] & 1 for c in hand)
        changed[lucid] += world.hands != state.hands
        assert world.result().plays == state.result().plays
    for seed in range(2):
        walk(eng, seed, check)
    assert changed[False] > 100 and (changed[True] > 0 or not eng.lucid)


def test_determinize_respects_a_suit_a_player_showed_it_lacks():
    eng = engine(3)
    state = deal(eng, 3, [["humans-5", "humans-7", "elves-1"], ["elves-2", "giants-4", "dwarves-3"],
                          ["humans-2", "humans-3", "giants-13"]], "dwarves-9", dealer=2)
    bid_all(state, 1, 1, 1)
    state.apply_action(card(eng, "humans-5"))
    state.apply_action(card(eng, "elves-2"))   # P1 does not follow Humans: it holds none
    for seed in range(200):
        world = state.determinize(0, random.Random(seed))
        assert not any(eng.table.suit[c] == 0 for c in world.hands[1])
        assert world.hands[0] == state.hands[0] and len(world.hands[1]) == 2 and len(world.hands[2]) == 3


def test_determinize_deals_an_unseen_card_to_each_hidden_place_in_proportion():
    eng = engine(4)
    state = deal(eng, 2, HANDS, "giants-2", dealer=3)
    places = Counter()
    wizard = card(eng, "wizard", 1)   # a Wizard P0 does not hold (the copies are alike; count this one)
    for seed in range(4000):
        world = state.determinize(0, random.Random(seed))
        places[next((s for s, h in enumerate(world.hands) if wizard in h), "stock")] += 1
    # 6 hidden hand cards and 51 undealt: each hidden hand holds it 2 / 57 of the time
    assert places[0] == 0 and all(100 < places[s] < 190 for s in (1, 2, 3))


# -- the end, and seeds ------------------------------------------------------------------------------------------
def test_returns_of_a_finished_game_rank_the_scores():
    eng = engine(4)
    state = walk(eng, 11)
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    scores, returns = state.result().scores, state.returns()
    order = sorted(range(4), key=lambda s: -scores[s])
    assert returns[order[0]] == max(returns) and returns[order[-1]] == min(returns)
    assert all(-1 <= r <= 1 for r in returns) and abs(sum(returns)) < 1e-9
    unfinished = eng.new_game(random.Random(1))
    assert unfinished.returns() == [0.0] * 4


def test_the_same_seed_deals_and_plays_the_same_game():
    eng = load_game("wizard", players=5, variants=("lucid-vision",))
    first, again = eng.new_game(random.Random(9)), eng.new_game(random.Random(9))
    assert str(first) == str(again) and str(first) != str(eng.new_game(random.Random(10)))
    a, b = (play_game(eng, random.Random(9), ["greedy", "random"] * 2 + ["greedy"]) for _ in range(2))
    assert (a.scores, a.plays, a.bids, a.first_player) == (b.scores, b.plays, b.bids, b.first_player)
