"""Wizard rules, hand-made: the trick winner, following suit, trump, bidding order, scoring, deal sizes.

Rules: ../shared/seeds/wizard.txt and ../shared/RULES.md (Wizard). Scenarios deal chosen cards (see
wizard_helpers.deal) and check what the engine allows and decides.
"""
import dataclasses
import random

import pytest
from wizard_helpers import bid_all, bids, card, deal, dealt, engine, ids, table_of, wizard_deck

from deckforge.errors import PlayerCountError
from deckforge.sim.base import CHANCE, InvariantError, SimulationError, play_game
from deckforge.games.wizard.engine import (BID, CHOOSE_TRUMP, NO_TRUMP, OVER, PLAY, WizardEngine, round_score,
                                           trick_winner)

# Four suits 0..3; cards given as (kind, suit, rank).
TABLE = table_of([("number", s, r) for s in range(4) for r in range(1, 14)]
                     + [("wizard", 0, 0)] * 2 + [("jester", 0, 0)] * 2)
W1, W2, J1, J2 = 52, 53, 54, 55


def n(suit: int, rank: int) -> int:
    return suit * 13 + rank - 1


@pytest.mark.parametrize("name, trick, trump, winner", [
    ("led Jester: the next card sets the suit", [J1, n(0, 5), n(1, 13)], NO_TRUMP, 1),
    ("led Jester, then a higher card of the suit set", [J1, n(2, 3), n(2, 9), n(1, 13)], NO_TRUMP, 2),
    ("all Jesters: the first takes it", [J1, J2], NO_TRUMP, 0),
    ("all Jesters with a trump declared", [J2, J1], 2, 0),
    ("Wizard after a trump", [n(1, 13), n(1, 12), W1], 1, 2),
    ("the first of two Wizards", [n(0, 4), W2, W1], 0, 1),
    ("Jester then Wizard: the Wizard", [J1, W1, n(0, 13)], 0, 1),
    ("a low trump beats a higher card of the suit led", [n(0, 13), n(1, 2)], 1, 1),
    ("the higher of two trumps", [n(0, 5), n(1, 3), n(1, 9)], 1, 2),
    ("off-suit discards lose to the suit led", [n(0, 3), n(2, 13), n(3, 12)], NO_TRUMP, 0),
    ("off-suit discards lose with a trump elsewhere", [n(0, 3), n(2, 13), n(3, 12)], 1, 0),
    ("the highest of the suit led", [n(0, 3), n(0, 10), n(0, 7)], NO_TRUMP, 1),
    ("a Jester never beats a number", [n(3, 1), J1, J2], NO_TRUMP, 0),
])
def test_trick_winner(name, trick, trump, winner):
    assert trick_winner(trick, trump, TABLE) == winner, name


def reference_winner(trick, trump, table):
    """The trick rule read aloud: the first Wizard; else the highest trump; else the highest card of the suit
    led (by the first card that is not a Jester); only Jesters: the first. Ties keep the earlier card."""
    if any(table.kind[c] == 1 for c in trick):
        return next(i for i, c in enumerate(trick) if table.kind[c] == 1)
    numbers = [i for i, c in enumerate(trick) if table.kind[c] == 0]
    if not numbers:
        return 0
    led = table.suit[trick[numbers[0]]]
    for suit in (trump, led):
        of_suit = [i for i in numbers if table.suit[trick[i]] == suit]
        if of_suit:
            return max(of_suit, key=lambda i: (table.rank[trick[i]], -i))
    raise AssertionError("the suit led always has a card")


def test_trick_winner_agrees_with_the_rule_read_aloud_on_random_tricks():
    table = engine(6).table
    rng = random.Random(4)
    for _ in range(5000):
        trick = rng.sample(range(table.size), rng.randint(1, 6))
        trump = rng.randrange(-1, 4)
        assert trick_winner(trick, trump, table) == reference_winner(trick, trump, table), (trick, trump)


def test_trick_winner_equal_cards_keep_the_first():
    twin = table_of([("number", 0, 7), ("number", 0, 7), ("number", 1, 7)])
    assert trick_winner([0, 1, 2], NO_TRUMP, twin) == 0
    assert trick_winner([2, 1, 0], 0, twin) == 1


@pytest.mark.parametrize("bid, taken, score", [
    (0, 0, 20), (1, 1, 30), (2, 2, 40), (5, 5, 70), (2, 4, -20), (3, 0, -30), (0, 1, -10), (0, 4, -40)])
def test_round_score(bid, taken, score):
    assert round_score(bid, taken) == score


def scripted_round_three():
    """Round 3 at 4 players, dealer P3 (P0 bids and leads first), Dwarves trump."""
    eng = engine(4)
    state = deal(eng, 3, [["humans-5", "elves-2", "giants-3"], ["humans-9", "wizard", "dwarves-1"],
                          ["elves-7", "jester", "giants-13"], ["humans-1", "humans-13", "elves-13"]],
                 "dwarves-10", dealer=3)
    return eng, state


def test_the_player_left_of_the_dealer_bids_first_then_leads():
    eng, state = scripted_round_three()
    assert (state.phase, state.trump) == (BID, eng.table.suit_ids.index("dwarves"))
    order = []
    for bid in (1, 1, 0, 1):
        order.append(state.player)
        bid_all(state, bid)
    assert order == [0, 1, 2, 3]
    assert (state.phase, state.player, state.bids) == (PLAY, 0, [1, 1, 0, 1])


def test_following_suit_and_the_trick_going_to_the_highest_of_the_suit_led():
    eng, state = scripted_round_three()
    bid_all(state, 1, 1, 0, 1)
    state.apply_action(card(eng, "humans-5"))
    assert ids(eng, state.legal_actions()) == {"humans-9", "wizard"}  # must follow Humans, or play a Wizard
    state.apply_action(card(eng, "humans-9"))
    assert ids(eng, state.legal_actions()) == {"elves-7", "jester", "giants-13"}  # no Humans: anything
    state.apply_action(card(eng, "giants-13"))
    assert ids(eng, state.legal_actions()) == {"humans-1", "humans-13"}
    state.apply_action(card(eng, "humans-13"))
    assert state.tricks == [0, 0, 0, 1] and state.player == 3 and not state.trick
    assert ids(eng, state.legal_actions()) == {"humans-1", "elves-13"}  # the winner leads anything


def test_a_wizard_takes_the_trick_and_its_player_leads_a_low_trump_that_wins():
    eng, state = scripted_round_three()
    bid_all(state, 1, 1, 0, 1)
    state.apply_action(card(eng, "elves-2"))
    state.apply_action(card(eng, "wizard"))     # P1: no Elves, plays the Wizard
    state.apply_action(card(eng, "elves-7"))    # P2 follows Elves
    state.apply_action(card(eng, "elves-13"))
    assert state.player == 1     # the Wizard took it, P1 leads
    state.apply_action(card(eng, "dwarves-1"))
    state.apply_action(card(eng, "jester"))
    state.apply_action(card(eng, "humans-1"))
    state.apply_action(card(eng, "humans-5"))
    assert state.player == 1     # Dwarves are trump: P1's 1 of trump beats everything
    state.apply_action(card(eng, "humans-9"))
    assert state.phase == PLAY


def test_jester_led_then_a_number_sets_the_suit_to_follow():
    eng = engine(3)
    state = deal(eng, 2, [["jester", "giants-2"], ["elves-4", "giants-9"], ["giants-11", "humans-3"]],
                 "humans-7", dealer=2)
    bid_all(state, 0, 1, 1)
    state.apply_action(card(eng, "jester"))
    assert ids(eng, state.legal_actions()) == {"elves-4", "giants-9"}   # after a Jester: free choice
    state.apply_action(card(eng, "elves-4"))
    assert ids(eng, state.legal_actions()) == {"giants-11", "humans-3"}  # no Elves: free choice
    state.apply_action(card(eng, "humans-3"))
    assert state.player == 2     # trump Humans


def test_a_wizard_led_leaves_no_suit_to_follow():
    eng = engine(3)
    state = deal(eng, 2, [["wizard", "giants-2"], ["giants-4", "elves-9"], ["giants-11", "elves-5"]],
                 "humans-7", dealer=2)
    bid_all(state, 1, 0, 0)
    state.apply_action(card(eng, "wizard"))
    assert ids(eng, state.legal_actions()) == {"giants-4", "elves-9"}
    state.apply_action(card(eng, "giants-4"))   # the first number after a Wizard does not set a suit either
    assert ids(eng, state.legal_actions()) == {"giants-11", "elves-5"}
    state.apply_action(card(eng, "elves-5"))
    assert state.player == 0


def test_trump_from_the_turned_up_card():
    eng = engine(4)
    jester = deal(eng, 1, [["humans-1"], ["humans-2"], ["humans-3"], ["humans-4"]], "jester")
    assert (jester.trump, jester.phase) == (NO_TRUMP, BID)
    number = deal(eng, 1, [["humans-1"], ["humans-2"], ["humans-3"], ["humans-4"]], "giants-5")
    assert number.trump == eng.table.suit_ids.index("giants")


def test_a_wizard_turned_up_lets_the_dealer_choose_trump():
    eng = engine(4)
    state = deal(eng, 1, [["humans-1"], ["humans-2"], ["humans-3"], ["humans-4"]], "wizard", dealer=2)
    assert (state.phase, state.player, state.legal_actions()) == (CHOOSE_TRUMP, 2, [76, 77, 78, 79])
    assert [state.action_to_string(2, a) for a in (76, 79)] == ["choose trump Humans", "choose trump Giants"]
    state.apply_action(eng.trump_action(1))
    assert (state.trump, state.phase, state.player) == (1, BID, 3)
    assert state.result().effects["trump-chosen-by-dealer"] == 1


def test_the_last_round_has_no_trump():
    eng = engine(4)
    state = dealt(eng, eng.rounds, random.Random(5))
    assert (state.turned_up, state.trump, state.stock) == (-1, NO_TRUMP, [])
    assert sorted(c for hand in state.hands for c in hand) == list(range(60))


def test_plus_minus_one_forbids_the_last_bid_that_adds_up():
    eng = engine(4, "plus-minus-one")
    state = dealt(eng, 3, random.Random(1), dealer=3)
    bid_all(state, 0, 1)
    assert bids(state) == [0, 1, 2, 3]          # only the last bidder is restricted
    bid_all(state, 0)
    assert state.player == 3 and bids(state) == [0, 1, 3]   # 0 + 1 + 0 + 2 would be 3
    over = dealt(eng, 3, random.Random(1), dealer=3)
    bid_all(over, 2, 2, 1)
    assert bids(over) == [0, 1, 2, 3]           # already over 3: no bid can make it add up
    plain = dealt(engine(4), 3, random.Random(1), dealer=3)
    bid_all(plain, 0, 1, 0)
    assert bids(plain) == [0, 1, 2, 3]


def test_a_round_is_scored_and_the_winner_of_the_game_is_the_highest_score():
    eng = engine(4)
    state = deal(eng, 1, [["jester"], ["humans-5"], ["humans-9"], ["elves-13"]], "giants-2", dealer=0)
    bid_all(state, 0, 1, 1, 0)                  # P1, P2, P3, P0
    for card_id in ("humans-5", "humans-9", "elves-13", "jester"):
        state.apply_action(card(eng, card_id))
    result = state.result()
    assert state.phase == OVER and result.finished and not result.stalemate
    assert result.scores == [20, 20, 30, -10]
    assert result.places == [2, 0, 1, 3] and result.winners == [2]
    assert result.bids.first_round == 1 and result.bids.made_by_round == (3,)


def test_tied_scores_share_the_win():
    eng = engine(3)
    state = deal(eng, 1, [["humans-5"], ["humans-9"], ["elves-13"]], "giants-2", dealer=2)
    bid_all(state, 0, 1, 1)
    for card_id in ("humans-5", "humans-9", "elves-13"):
        state.apply_action(card(eng, card_id))
    assert state.result().scores == [20, 30, -10]
    assert state.result().winners == [1]
    state = deal(eng, 1, [["humans-5"], ["humans-9"], ["elves-13"]], "giants-2", dealer=2)
    bid_all(state, 0, 0, 0)
    for card_id in ("humans-5", "humans-9", "elves-13"):
        state.apply_action(card(eng, card_id))
    result = state.result()
    assert result.scores == [20, -10, 20] and result.winners == [0, 2] and result.places == [0, 2, 1]


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_deal_sizes_and_round_counts(players, rounds):
    eng = engine(players)
    assert eng.rounds == rounds
    for round_no in (1, 2, rounds // 2, rounds - 1, rounds):
        state = dealt(eng, round_no, random.Random(round_no))
        assert [len(hand) for hand in state.hands] == [round_no] * players
        cards = [c for hand in state.hands for c in hand] + ([state.turned_up] if state.turned_up >= 0 else [])
        assert len(set(cards)) == len(cards) == round_no * players + (round_no < rounds)
        assert sorted(cards + state.stock) == list(range(60))
    result = play_game(eng, random.Random(players), ["random"] * players, check=True)
    assert result.finished and len(result.bids.made_by_round) == rounds
    assert [sum(p.values()) for p in result.plays] == [rounds * (rounds + 1) // 2] * players
    assert set().union(*result.plays) == set(eng.table.ids)


def test_the_deal_passes_clockwise_from_a_random_first_dealer():
    eng = engine(4)
    first_dealers = set()
    for seed in range(12):
        state = eng.new_game(random.Random(seed))
        dealers, rng = [state.dealer], random.Random(seed)
        first_dealers.add(state.dealer)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if state.round != len(dealers) and not state.is_terminal():
                dealers.append(state.dealer)
                assert state.player == CHANCE and state.deal_to[-1] == (state.dealer + 1) % 4
                while state.player == CHANCE:
                    state.apply_action(state.sample_chance(rng))
                assert state.player == (state.dealer if state.phase == CHOOSE_TRUMP else (state.dealer + 1) % 4)
        assert dealers == [(dealers[0] + i) % 4 for i in range(15)]
    assert len(first_dealers) > 1
    assert eng.next_starter(None) is None                     # each game of a series: a new random dealer


def test_bad_engine_inputs_are_clear_errors():
    deck = wizard_deck()
    with pytest.raises(PlayerCountError):
        WizardEngine(deck, 7)
    tiny = dataclasses.replace(deck, cards=(dataclasses.replace(deck.card("jester"), count=2),))
    with pytest.raises(SimulationError, match="2 cards cannot deal one card to each of 3 players"):
        WizardEngine(tiny, 3)
    with pytest.raises(SimulationError, match="round 16 does not exist"):
        engine(4).new_hand(16)


def test_check_invariants_catches_a_duplicated_card():
    eng, state = scripted_round_three()
    state.check_invariants()
    state.hands[0][0] = state.hands[1][0]
    with pytest.raises(InvariantError, match="distinct"):
        state.check_invariants()
