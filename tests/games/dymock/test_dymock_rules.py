"""DYMOCK rules, scripted: each scenario arranges a table, applies actions and checks the state after.

Rules: ../shared/seeds/dymock.txt and ../shared/RULES.md (DYMOCK). Cards are addressed by rank label, so the
scenarios read like the rules; `arrange` puts every card not named out of play (burned), keeping the deck whole.
Draws from the stock are chance nodes: `play` resolves them by drawing the stock's lowest cards first.
"""
import dataclasses
import random

import pytest

from deckforge.load import load_deck
from deckforge.sim.base import CHANCE, InvariantError, engine_for
from deckforge.games.dymock.rules import BLIND, FACE_UP, READY, SWAP, TAKE, THROW

DECK = load_deck("dymock")


def arrange(engine, hands, table=None, pile=(), stock=(), current=0):
    """Return a state in play: hands[seat] lists rank labels; table maps seat -> (face_up, face_down), three labels
    or None each; pile and stock list labels bottom to top. Everything else is out of play."""
    state = engine.new_game(random.Random(0), starter=0)  # dealt: the leader is P0
    pool = {}
    for card in range(engine.cards):
        pool.setdefault(engine.rank_label[engine.rank_of[card]], []).append(card)
    state.swapping = False
    state.hands = [[[] for _ in range(engine.ranks)] for _ in range(engine.players)]
    for seat, labels in enumerate(hands):
        for label in labels:
            card = pool[label].pop()
            state.hands[seat][engine.rank_of[card]].append(card)
    table = table or {}
    for seat in range(engine.players):
        face_up, face_down = table.get(seat, ([None] * 3, [None] * 3))
        state.faceup[seat] = [pool[label].pop() if label else -1 for label in face_up]
        state.facedown[seat] = [pool[label].pop() if label else -1 for label in face_down]
    state.pile = [pool[label].pop() for label in pile]
    state.stock = sorted(pool[label].pop() for label in stock)
    state.burned = [card for cards in pool.values() for card in cards]
    _settle(engine, state, current)
    return state


def _settle(engine, state, current):
    """Recompute the counts, the pile's requirement and who is still in after arranging."""
    state.hand_size = [sum(map(len, hand)) for hand in state.hands]
    state.table_count = [sum(c >= 0 for c in up + down) for up, down in zip(state.faceup, state.facedown)]
    state.out = [not h and not t for h, t in zip(state.hand_size, state.table_count)]
    state.in_count = state.out.count(False)
    state.run_rank, state.run_len, state.need = -1, 0, 0
    for card in reversed(state.pile):
        if state.run_rank not in (-1, engine.rank_of[card]):
            break
        state.run_rank, state.run_len = engine.rank_of[card], state.run_len + 1
    if state.pile and not engine.special[state.run_rank]:
        state.need = engine.strength[state.run_rank]
    state.player = current
    state.check_invariants()


def hand(state, seat):
    return sorted(state.engine.rank_label[g] for g, cards in enumerate(state.hands[seat]) for _ in cards)


def labels(state, cards):
    return [state.engine.rank_label[state.engine.rank_of[c]] for c in cards]


def effects(state):
    return dict(state.result().effects)


def play(state, *actions):
    """Apply the actions with their checks; draw for any chance node that follows, the lowest card first."""
    for action in actions:
        state.apply_action(action)
        state.check_invariants()
        while state.current_player() == CHANCE:
            state.apply_action(state.chance_outcomes()[0][0])
            state.check_invariants()


@pytest.fixture
def three():
    return engine_for(DECK, 3)


@pytest.fixture
def two():
    return engine_for(DECK, 2)


def test_deal_goes_one_card_at_a_time_from_the_leader(three):
    order = list(range(three.cards))
    random.Random(5).shuffle(order)
    state = three.new_initial_state(starter=2)
    for card in order[:27]:  # each card of the deal is a chance outcome
        assert state.player == CHANCE and card in dict(state.chance_outcomes())
        state.apply_action(card)
    seats = [2, 0, 1]
    for p in range(3):
        for i, seat in enumerate(seats):
            assert state.facedown[seat][p] == order[3 * p + i]
            assert state.faceup[seat][p] == order[9 + 3 * p + i]  # on the face-down card of the same position
    for i, seat in enumerate(seats):
        assert sorted(c for cards in state.hands[seat] for c in cards) == sorted(order[18 + i:27:3])
    assert state.stock == sorted(order[27:]) and state.hand_size == [3, 3, 3]
    assert state.swapping and state.player == 2


def test_swap_phase_lets_each_player_swap_then_the_leader_opens(three):
    state = three.new_game(random.Random(1), starter=1)
    assert READY in state.legal_actions()
    swap = state.legal_actions()[1]
    g, p = divmod(swap - SWAP, 3)
    hand_card, face_up_card = state.hands[1][g][-1], state.faceup[1][p]
    down = list(state.facedown[1])
    play(state, swap)
    assert state.faceup[1][p] == hand_card and face_up_card in state.hands[1][three.rank_of[face_up_card]]
    assert state.facedown[1] == down and state.effects[0] == 1 and state.player == 1
    play(state, READY, READY)
    assert state.swapping and state.player == 0
    play(state, READY)
    assert not state.swapping and state.player == 1


def test_greedy_swaps_high_cards_face_up(three):
    state = three.new_game(random.Random(3), starter=0)
    while state.swapping:
        state.apply_action(three.greedy_action(state, None))
    for seat in range(3):
        table = [three.worth[three.rank_of[c]] for c in state.faceup[seat]]
        held = [three.worth[g] for g, cards in enumerate(state.hands[seat]) for _ in cards]
        assert min(table) >= max(held)


def test_lay_one_or_more_of_a_rank_equal_or_higher(three):
    state = arrange(three, [["7", "8", "9", "9", "2"], ["4"], ["5"]], pile=["8"])
    lay = three.lay_action
    assert sorted(state.legal_actions()) == sorted([lay("8"), lay("9"), lay("9", 2), lay("2"), TAKE])
    play(state, lay("9", 2))
    assert labels(state, state.pile) == ["8", "9", "9"] and state.player == 1
    assert state.legal_actions() == [TAKE]  # a 4 cannot beat a 9


def test_joker_may_go_on_a_joker(two):
    state = arrange(two, [["Joker", "A"], ["A"]], pile=["Joker"])
    assert state.legal_actions() == [TAKE, two.lay_action("Joker")]  # nothing but a Joker or a special beats it
    play(state, two.lay_action("Joker"))
    assert labels(state, state.pile) == ["Joker", "Joker"] and state.player == 1


def test_draw_back_to_three_while_the_stock_lasts(three):
    state = arrange(three, [["9", "9", "K"], ["A"], ["A"]], stock=["4", "5"])
    play(state, three.lay_action("9", 2))
    assert hand(state, 0) == ["4", "5", "K"] and state.stock == []
    state = arrange(three, [["9", "9", "K", "K", "A"], ["A"], ["A"]], stock=["4"])
    play(state, three.lay_action("9", 2))
    assert state.hand_size[0] == 3 and labels(state, state.stock) == ["4"]  # three left: no draw


def test_reset_goes_on_anything_and_anything_follows(three):
    state = arrange(three, [["2", "A"], ["4"], ["5"]], pile=["K"])
    play(state, three.lay_action("2"))
    assert state.player == 1 and state.need == 0 and effects(state)["reset"] == 1
    assert three.lay_action("4") in state.legal_actions()


def test_reset_reverse_turns_play_back_to_the_previous_player(three):
    state = arrange(three, [["3", "3", "A"], ["4"], ["5"]], pile=["K"])
    play(state, three.lay_action("3", 2))  # several 3s together reverse once
    assert state.direction == -1 and state.player == 2 and state.need == 0
    assert effects(state)["reset-reverse"] == 1
    play(state, three.lay_action("5"))
    assert state.player == 1


def test_reset_reverse_with_two_players_left_goes_again(two, three):
    state = arrange(two, [["3", "A"], ["4"]], pile=["K"])
    play(state, two.lay_action("3"))
    assert state.player == 0 and effects(state)["go-again"] == 1
    assert TAKE in state.legal_actions()  # the pile (K and 3) is still there
    state = arrange(three, [["3", "A"], [], ["4"]], pile=["K"])  # seat 1 is out: two remain
    play(state, three.lay_action("3"))
    assert state.player == 0


def test_burn_removes_the_pile_and_its_player_leads_again(three):
    state = arrange(three, [["10", "4", "4"], ["A"], ["A"]], pile=["5", "6", "K"], stock=["9"])
    play(state, three.lay_action("10"))
    assert state.pile == [] and labels(state, state.burned[-4:]) == ["5", "6", "K", "10"]
    assert state.player == 0 and hand(state, 0) == ["4", "4", "9"]
    assert TAKE not in state.legal_actions()  # nothing to take: the leader lays
    assert effects(state)["burn"] == 1


def test_four_of_a_rank_across_turns_burns(three):
    state = arrange(three, [["6", "A"], ["6", "6", "A"], ["6", "A"]], pile=["5"])
    lay = three.lay_action
    play(state, lay("6"), lay("6", 2))
    assert labels(state, state.pile) == ["5", "6", "6", "6"] and state.player == 2
    play(state, lay("6"))
    assert state.pile == [] and state.player == 2
    assert effects(state)["four-of-a-kind-burn"] == 1


def test_a_reset_breaks_a_run_of_one_rank(three):
    state = arrange(three, [["6", "A"], ["2", "A"], ["6", "6", "A"]], pile=["6"])
    play(state, three.lay_action("6"), three.lay_action("2"), three.lay_action("6", 2))
    assert labels(state, state.pile) == ["6", "6", "2", "6", "6"]


def test_four_laid_together_burn(three):
    state = arrange(three, [["7", "7", "7", "7", "A"], ["A"], ["A"]], pile=["4"])
    play(state, three.lay_action("7", 4))
    assert state.pile == [] and state.player == 0


def test_four_threes_together_reverse_once_and_burn(three):
    state = arrange(three, [["3", "3", "3", "3", "A"], ["A"], ["A"]], pile=["K"])
    play(state, three.lay_action("3", 4))
    assert state.direction == -1 and state.pile == [] and state.player == 0
    play(state, three.lay_action("A"))
    assert state.player == 2


def test_going_out_on_a_burn_passes_the_lead(three):
    state = arrange(three, [[], ["A"], ["A"]], table={0: (["10", None, None], [None] * 3)}, pile=["K"])
    play(state, FACE_UP + 1)
    assert state.out[0] and state.places == [0] and state.player == 1 and state.pile == []
    assert effects(state)["lead-passes-on"] == 1


def test_forced_and_chosen_pick_up(three):
    state = arrange(three, [["4", "5"], ["A"], ["A"]], pile=["6", "A"])
    assert state.legal_actions() == [TAKE]
    play(state, TAKE)
    assert hand(state, 0) == ["4", "5", "6", "A"] and state.pile == [] and state.player == 1
    state = arrange(three, [["9"], ["A"], ["A"]], pile=["5"])
    play(state, TAKE)
    assert effects(state) == {"pile-taken": 1, "pile-taken-by-choice": 1}


def test_table_cards_only_with_empty_hand_and_stock(three):
    up, down = ["8", "8", "4"], ["5", "6", "7"]
    state = arrange(three, [["9"], ["A"], ["A"]], table={0: (up, down)}, pile=["7"])
    assert all(a >= three.first_lay or a == TAKE for a in state.legal_actions())
    state = arrange(three, [[], ["A"], ["A"]], table={0: (up, down)}, pile=["7"])
    faces = [FACE_UP + 1, FACE_UP + 2, FACE_UP + 3]  # positions {0}, {1}, {0, 1}: the 8s; the 4 cannot beat a 7
    assert state.legal_actions() == [TAKE, THROW, THROW + 1, THROW + 2] + faces
    play(state, FACE_UP + 3)
    assert labels(state, state.pile[-2:]) == ["8", "8"] and state.faceup[0] == [-1, -1, state.faceup[0][2]]


def test_released_face_down_cards_play_blind_one_at_a_time(three):
    state = arrange(three, [[], ["A"], ["A"]], table={0: ([None, "K", None], ["J", "5", "9"])}, pile=["8"])
    assert BLIND in state.legal_actions() and BLIND + 2 in state.legal_actions()
    assert BLIND + 1 not in state.legal_actions()  # still under the K
    play(state, BLIND + 2)
    assert labels(state, state.pile) == ["8", "9"] and effects(state)["blind-play"] == 1


def test_failed_blind_play_takes_the_pile_and_the_card(three):
    state = arrange(three, [[], ["A"], ["A"]], table={0: ([None, "K", None], ["4", None, None])}, pile=["6", "J"])
    play(state, BLIND)
    assert hand(state, 0) == ["4", "6", "J"] and state.facedown[0][0] == -1 and state.pile == []
    assert state.player == 1 and effects(state)["blind-fail"] == 1
    assert sum(state.plays[0]) == 0  # the turned card was never laid


def test_forced_pick_up_at_the_table_with_or_without_throwing_a_face_up_card(three):
    # RULES.md: with nothing to play, a face-up card goes onto the pile and the player takes it all; and a player
    # may take the pile at any time, also with only table cards left, with or without first throwing a card
    table = {0: (["5", "6", "4"], ["7", "8", "9"])}
    state = arrange(three, [[], ["A"], ["A"]], table=table, pile=["K"])
    assert state.legal_actions() == [TAKE, THROW, THROW + 1, THROW + 2]
    assert three.greedy_action(state, None) == THROW + 2  # the lowest face-up card
    play(state, THROW + 1)
    assert hand(state, 0) == ["6", "K"] and state.faceup[0][1] == -1 and state.player == 1
    assert effects(state) == {"pile-taken": 1, "forced-pick-up": 1}
    state.player = 0  # P0 must now shed the hand before the table again
    assert state.legal_actions() == [three.lay_action("6"), three.lay_action("K")]
    state = arrange(three, [[], ["A"], ["A"]], table=table, pile=["K"])
    play(state, TAKE)
    assert hand(state, 0) == ["K"] and labels(state, state.faceup[0]) == ["5", "6", "4"] and state.player == 1
    assert effects(state) == {"pile-taken": 1, "forced-pick-up": 1}


def test_the_pile_may_be_taken_at_any_time_also_from_the_table(three):
    table = {0: (["8", "6", None], ["7", "5", "9"])}
    state = arrange(three, [[], ["A"], ["A"]], table=table, pile=["7"])
    assert state.legal_actions() == [TAKE, THROW, THROW + 1, BLIND + 2, FACE_UP + 1]
    play(state, THROW)  # the 8 could have been laid: throwing it and taking the pile is the player's choice
    assert hand(state, 0) == ["7", "8"] and state.faceup[0][0] == -1
    assert effects(state) == {"pile-taken": 1, "pile-taken-by-choice": 1}
    state = arrange(three, [[], ["A"], ["A"]], table=table, pile=["7"])
    play(state, TAKE)
    assert hand(state, 0) == ["7"] and effects(state) == {"pile-taken": 1, "pile-taken-by-choice": 1}
    state = arrange(three, [[], ["A"], ["A"]], table=table)  # an empty pile cannot be taken
    assert TAKE not in state.legal_actions() and THROW not in state.legal_actions()


def test_the_pile_may_be_taken_from_the_hand_while_the_stock_lasts(three):
    state = arrange(three, [["9", "J", "A"], ["A", "A", "K"], ["K", "K", "Q"]], pile=["5"], stock=["4", "6"])
    assert state.legal_actions()[0] == TAKE
    play(state, TAKE)
    assert hand(state, 0) == ["5", "9", "A", "J"] and state.player == 1 and len(state.stock) == 2


def test_places_and_the_loser(three):
    table = {0: (["9", None, None], [None] * 3), 1: (["J", None, None], [None] * 3)}
    state = arrange(three, [[], [], ["4", "5"]], table=table)
    play(state, FACE_UP + 1, FACE_UP + 1)
    assert state.is_terminal()
    result = state.result()
    assert result.places == [0, 1, 2] and result.winners == [0] and result.finished and not result.stalemate
    assert result.loser == 2 and result.figures["loser_after_leader"] == {"2": 1}
    assert sum(result.plays[0].values()) == 1 and DECK.card(*result.plays[0]).get("rank") == "9"


def test_greedy_lays_its_lowest_set_and_keeps_specials(three):
    state = arrange(three, [["2", "10", "9", "9", "K"], ["A"], ["A"]], pile=["8"])
    assert three.greedy_action(state, None) == three.lay_action("9", 2)
    state = arrange(three, [["10", "2", "4"], ["A"], ["A"]], pile=["K"])
    assert three.greedy_action(state, None) == three.lay_action("2")
    state = arrange(three, [[], ["A"], ["A"]], table={0: ([None, "K", "Q"], ["4", "5", "6"])}, pile=["8"])
    assert three.greedy_action(state, None) == FACE_UP + 4  # the Q at position 2 before a blind card
    state = arrange(three, [[], ["A"], ["A"]], table={0: ([None, "2", None], ["4", "5", "6"])}, pile=["K"])
    assert three.greedy_action(state, None) == FACE_UP + 2  # a sure special before a blind gamble


def variant(**powers):
    """Return the bundled deck with some ranks' powers rewritten, e.g. variant(**{"7": "reset"})."""
    cards = []
    for card in DECK.cards:
        if card.get("rank") in powers:
            attrs = {k: v for k, v in card.attrs.items() if k != "strength"}
            card = dataclasses.replace(card, attrs={**attrs, "special": powers[card.get("rank")]})
        cards.append(card)
    return dataclasses.replace(DECK, cards=tuple(cards))


def test_a_variant_deck_where_7_resets_plays_as_written():
    engine = engine_for(variant(**{"7": "reset"}), 3)
    state = arrange(engine, [["7", "4"], ["4", "A"], ["A"]], pile=["K"])
    assert engine.lay_action("7") in state.legal_actions()
    play(state, engine.lay_action("7"))
    assert state.need == 0 and effects(state)["reset"] == 1 and engine.lay_action("4") in state.legal_actions()
    assert engine.greedy_action(state, None) == engine.lay_action("4")
    state = arrange(engine, [["7", "A"], ["A"], ["A"]], pile=["8"])
    assert engine.greedy_action(state, None) == engine.lay_action("A")  # the 7 is now kept as a special


def test_a_variant_deck_where_9_burns():
    engine = engine_for(variant(**{"9": "burn"}), 3)
    state = arrange(engine, [["9", "4"], ["A"], ["A"]], pile=["K", "A"])
    play(state, engine.lay_action("9"))
    assert state.pile == [] and state.player == 0 and effects(state)["burn"] == 1


def test_check_invariants_catches_a_misplaced_lost_or_miscounted_card(three):
    """The checker the simulator runs after every step of a checked game (validate): a card filed under another
    rank, a card gone from the game and a hand whose count drifted are each caught, and a correct table is not."""
    def state_with_a_pair():
        state = arrange(three, [["5", "5", "9"], ["7"], ["K"]], stock=["2"])
        state.check_invariants()
        return state

    state = state_with_a_pair()
    nine_rank = next(g for g, cards in enumerate(state.hands[0]) if labels(state, cards) == ["9"])
    five_rank = next(g for g, cards in enumerate(state.hands[0]) if labels(state, cards) == ["5", "5"])
    state.hands[0][nine_rank].append(state.hands[0][five_rank].pop())  # a 5 filed with the 9s
    with pytest.raises(InvariantError, match="wrong rank"):
        state.check_invariants()

    state = state_with_a_pair()
    state.hands[0][five_rank].pop()  # a 5 gone, the count not told
    with pytest.raises(InvariantError, match="counts drifted"):
        state.check_invariants()
    state.hand_size[0] -= 1  # the count told: the card is still missing from the deck
    with pytest.raises(InvariantError, match="lost or doubled"):
        state.check_invariants()
