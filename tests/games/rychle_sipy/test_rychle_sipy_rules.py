"""Záhada hlavolamu a Rychlé šípy, scripted: each scenario arranges a table, applies actions and checks the state after.

Rules: ../shared/seeds/rychle-sipy.txt and ../shared/RULES.md. Cards are named by their number in the row (the
bundled deck: 4 Bohouš, 6 Štětináč, 8 Dlouhé Bidlo, 10 Mažňák are penalty cards, 12 Losna and 13 Tleskač are laid
out, the others give a bonus of one card) and 0 for the Ježek; `arrange` takes free copies of those numbers and
sets every card it is not told about aside, out of play, so that the deck stays whole for the invariant check.
Its `stock` is a turned-over stock, drawn in the order given (top = last), so that a scenario knows what comes;
`unknown` puts cards in the unknown stock instead, where every draw is a chance node the scenario answers.
A step with a single legal action is applied at once, also by `arrange`: a scenario often starts after it.
"""
import random

import pytest

from deckforge.load import load_deck
from deckforge.sim.base import CHANCE, IllegalActionError, engine_for
from deckforge.games.rychle_sipy.rules import (DISCARD, DISCARDING, NO_DISCARD, NO_TAKE, OWING, START, TAKE,
                                               TAKE_DISCARD, TAKE_STOCK)

DECK = load_deck("rychle-sipy")
BOHOUS, STETINAC, BIDLO, MAZNAK, LOSNA, TLESKAC, JEZEK = 4, 6, 8, 10, 12, 13, 0
FULL_ROW = list(range(1, 14))


@pytest.fixture
def three():
    return engine_for(DECK, 3)


@pytest.fixture
def two():
    return engine_for(DECK, 2)


def arrange(engine, hands=None, rows=None, stock=(), pile=(), current=0, bound=-1, unknown=()):
    """Return a state at the start of `current`'s turn: hands and rows map seat -> numbers, stock and pile list
    numbers bottom to top (the stock a turned-over one, drawn in this order), `unknown` the numbers of the unknown
    stock; cards not named are set aside with the Ježek."""
    state = engine.new_game(random.Random(0), starter=0)
    free = {}
    for card in range(engine.cards):
        free.setdefault(0 if engine.prize[card] else engine.number[card], []).append(card)
    take = lambda numbers: [free[number].pop() for number in numbers]  # noqa: E731
    n = engine.players
    state.hands = [sorted(take((hands or {}).get(seat, ()))) for seat in range(n)]
    state.slots = [[-1] * (engine.top + 1) for _ in range(n)]
    for seat, numbers in (rows or {}).items():
        for card in take(numbers):
            state.slots[seat][engine.number[card]] = card
    state.known, state.pile, state.stock = take(stock), take(pile), take(unknown)
    state.aside, state.dups = [card for cards in free.values() for card in cards], []
    for seat in range(n):
        state.started[seat] = all(state.slots[seat][k] >= 0 for k in range(1, engine.start + 1))
        k = 0
        while state.started[seat] and k < engine.top and state.slots[seat][k + 1] >= 0:
            k += 1
        state.prefix[seat] = k
    state.bound, state.seat, state.phase, state.stalled, state.draws = bound, current, START, 0, 0
    state.turns = state.player_turns = state.epoch = 0
    state.history, state.plays = [], [[0] * engine.cards for _ in range(n)]
    state.effects.clear()
    state._rehash()
    state._advance()
    state.check_invariants()
    return state


def numbers(engine, cards):
    return sorted(engine.number[c] for c in cards)


def discard(number):
    """Return a step of `play`: discard a card of this number from the current player's hand (or row)."""
    def action(engine, state):
        legal = [a - DISCARD for a in state.legal if a >= DISCARD]
        return DISCARD + next(c for c in legal if engine.number[c] == number)
    return action


def draw(number):
    """Return a step of `play`: the unknown stock gives a card of this number (a chance outcome)."""
    def outcome(engine, state):
        assert state.player == CHANCE
        return next(c for c in sorted(state.stock) if engine.number[c] == number or (number == JEZEK and
                                                                                    engine.prize[c]))
    return outcome


def play(engine, state, *steps):
    """Apply actions (ints, or steps from `discard` and `draw`) one by one, checking the invariants after each."""
    for step in steps:
        state.apply_action(step if isinstance(step, int) else step(engine, state))
        state.check_invariants()


# --- taking -------------------------------------------------------------------------------------------------------

def test_a_turn_takes_one_card_then_may_discard_one_or_none(three):
    state = arrange(three, hands={0: [2, 9]}, stock=[7, 3], pile=[11])
    assert state.phase == TAKE and state.legal == [TAKE_STOCK, TAKE_DISCARD]
    play(three, state, TAKE_STOCK)
    assert numbers(three, state.hands[0]) == [2, 3, 9]
    assert state.phase == DISCARDING and NO_DISCARD in state.legal and len(state.legal) == 4
    play(three, state, NO_DISCARD)
    assert state.seat == 1 and numbers(three, state.known) == [7]


def test_the_discard_pile_refuses_a_number_in_the_row_and_a_laid_out_card_one_has(three):
    # refused, the stock is the only take, and it is taken at once
    in_row = arrange(three, hands={0: [9]}, rows={0: [1, 2, 3, 4, 5]}, stock=[7], pile=[3])
    assert numbers(three, in_row.hands[0]) == [7, 9] and three.number[in_row.pile[-1]] == 3
    losna = arrange(three, hands={0: [9]}, rows={0: [LOSNA]}, stock=[7], pile=[LOSNA])
    assert numbers(three, losna.hands[0]) == [7, 9] and three.number[losna.pile[-1]] == LOSNA
    duplicate_in_hand = arrange(three, hands={0: [9]}, stock=[7], pile=[9])
    assert TAKE_DISCARD in duplicate_in_hand.legal
    play(three, duplicate_in_hand, TAKE_DISCARD)
    assert numbers(three, duplicate_in_hand.hands[0]) == [9, 9]


def test_a_laid_out_card_goes_in_front_at_once_and_is_not_replaced(three):
    state = arrange(three, hands={0: [2]}, stock=[7, TLESKAC], pile=[9])
    play(three, state, TAKE_STOCK)
    assert numbers(three, state.hands[0]) == [2]
    assert three.number[state.slots[0][TLESKAC]] == TLESKAC and len(state.known) == 1


@pytest.mark.parametrize("laid_out, bonus", [(LOSNA, 2), (TLESKAC, 3)])
def test_a_second_laid_out_card_is_discarded_with_its_bonus_as_the_turns_discard(three, laid_out, bonus):
    state = arrange(three, hands={0: [2]}, rows={0: [laid_out]}, stock=[5, 7, 9, 11, laid_out], pile=[3])
    play(three, state, TAKE_STOCK)
    assert three.number[state.pile[-1]] == laid_out and len(state.hands[0]) == 1 + bonus
    assert state.seat == 1 and state.effects["duplicate-discarded"] == 1  # no second discard


def test_a_duplicate_from_a_bonus_draw_is_discarded_with_its_bonus_too(three):
    state = arrange(three, hands={0: [2]}, rows={0: [LOSNA, TLESKAC]}, stock=[5, 7, 9, LOSNA, 11, TLESKAC],
                    pile=[3])
    play(three, state, TAKE_STOCK)  # Tleskač's bonus draws 11, a Losna (discarded: 9 and 7), then 5
    assert [three.number[c] for c in state.pile] == [3, TLESKAC, LOSNA] and state.known == []
    assert numbers(three, state.hands[0]) == [2, 5, 7, 9, 11] and state.effects["bonus"] == 2


def test_bonus_draws_never_rebuild_the_stock(three):
    state = arrange(three, hands={0: [2, 9]}, stock=[7], pile=[3, 5, 11])
    play(three, state, TAKE_STOCK, discard(2))  # takes 7, the last card of the stock; Mirek's bonus finds none
    assert state.known == [] and numbers(three, state.pile) == [2, 3, 5, 11]
    assert numbers(three, state.hands[0]) == [7, 9] and state.effects["bonus"] == 1


@pytest.mark.parametrize("number, bonus", [(1, 1), (2, 1), (3, 1), (5, 1), (7, 1), (9, 1), (11, 1)])
def test_every_bonus_card_draws_its_bonus_when_discarded(three, number, bonus):
    state = arrange(three, hands={0: [number, number]}, stock=[9, 9, 7, 7], pile=[1])
    play(three, state, TAKE_STOCK, discard(number))
    assert len(state.hands[0]) == 2 + bonus and three.number[state.pile[-1]] == number


def test_a_complete_row_need_not_take_but_with_an_empty_hand_must_take_to_close(three):
    holding = arrange(three, hands={0: [2, 3]}, rows={0: FULL_ROW}, stock=[7], pile=[9])
    assert holding.legal == [TAKE_STOCK, NO_TAKE]
    play(three, holding, NO_TAKE)
    assert holding.phase == DISCARDING and NO_DISCARD not in holding.legal  # discards until one is left
    empty = arrange(three, rows={0: FULL_ROW}, stock=[7], pile=[5, 1, 9])
    assert empty.winner == 0 and three.number[empty.pile[-1]] == 7  # not "no take": it took 7 and closed


# --- the row ------------------------------------------------------------------------------------------------------

def test_the_row_is_laid_out_the_moment_one_to_five_are_held(three):
    state = arrange(three, hands={0: [1, 2, 3, 5, 7, 8]}, rows={0: [LOSNA]}, stock=[9, 4], pile=[11])
    assert state.prefix[0] == 0 and not state.started[0]
    play(three, state, TAKE_STOCK)
    assert state.started[0] and state.prefix[0] == 5
    assert numbers(three, state.hands[0]) == [7, 8]  # 6 is missing, so 7 and 8 wait in the hand


def test_one_to_four_are_not_yet_a_row(three):
    state = arrange(three, hands={0: [1, 2, 3, 4]}, stock=[9, 8], pile=[11])
    play(three, state, TAKE_STOCK)
    assert not state.started[0] and state.prefix[0] == 0 and numbers(three, state.hands[0]) == [1, 2, 3, 4, 8]


def test_each_next_number_is_added_the_moment_it_is_held(three):
    state = arrange(three, hands={0: [8, 9]}, rows={0: [1, 2, 3, 4, 5, 6, LOSNA]}, stock=[2], pile=[7])
    play(three, state, TAKE_DISCARD)
    assert state.prefix[0] == 9 and state.hands[0] == []
    assert three.number[state.slots[0][LOSNA]] == LOSNA and state.prefix[0] < LOSNA  # Losna waits for 10 and 11


# --- closing ------------------------------------------------------------------------------------------------------

def test_closing_with_exactly_one_card_wins_the_jezek(three):
    state = arrange(three, hands={1: [4]}, rows={1: FULL_ROW[:-1]}, stock=[7, TLESKAC], current=1)
    # the stock is the only take: Tleskač completes the row, one card is left and goes face down
    assert state.is_terminal() and state.winner == 1 and three.number[state.pile[-1]] == 4
    result = state.result()
    assert result.winners == [1] and result.scores == [0, 1, 0] and result.finished
    assert result.places[0] == 1 and result.figures["jezek_by_seat"] == {"1": 1}
    assert result.plays[1]["jezek-v-kleci"] == 1


def test_more_cards_over_a_complete_row_are_discarded_one_per_turn(two):
    state = arrange(two, hands={0: [2, BIDLO]}, rows={0: FULL_ROW}, stock=[9, 9], pile=[3])
    play(two, state, NO_TAKE)
    assert NO_DISCARD not in state.legal
    play(two, state, discard(BIDLO))  # Bidlo binds seat 1, who has nothing: forgiven
    assert state.effects["penalty-forgiven"] == 1 and state.seat == 0 and not state.is_terminal()
    play(two, state, NO_TAKE)
    assert state.winner == 0 and two.number[state.pile[-1]] == 2 and state.hands[0] == []


def test_discarding_the_last_card_to_serve_a_penalty_does_not_close(two):
    state = arrange(two, hands={0: [2], 1: [3, 7]}, rows={0: FULL_ROW}, stock=[9, 9, 9], pile=[11, MAZNAK],
                    bound=0)  # Mažňák binds seat 0, whose only card must go
    assert not state.is_terminal() and state.hands[0] == [] and two.number[state.pile[-1]] == 2
    assert state.seat == 1


# --- penalties ----------------------------------------------------------------------------------------------------

def test_bohous_makes_the_next_player_lose_the_turn(three):
    state = arrange(three, hands={0: [BOHOUS, 9], 1: [2]}, stock=[7, 7, 7], pile=[3])
    play(three, state, TAKE_STOCK, discard(BOHOUS))
    assert state.seat == 2 and numbers(three, state.hands[1]) == [2]
    assert state.effects["penalty:lose-turn"] == 1 and state.player_turns == 2


def test_stetinac_makes_the_next_player_draw_from_the_stock_only_and_discard_two(three):
    state = arrange(three, hands={0: [STETINAC, 9], 1: [2, 3, 11]}, stock=[7, 5], pile=[1])
    play(three, state, TAKE_STOCK, discard(STETINAC))
    assert state.seat == 1 and state.phase == OWING and state.owed == 2
    assert numbers(three, state.hands[1]) == [2, 3, 7, 11]  # the top discard was not offered; 7 from the stock
    play(three, state, discard(2), discard(11))
    assert numbers(three, state.hands[1]) == [3, 7] and state.known == []  # no bonus for Mirek or Bublina
    assert state.seat == 2 and state.effects["penalty:stock-then-discard-2"] == 1


@pytest.mark.parametrize("penalty", [BIDLO, MAZNAK])
def test_bidlo_and_maznak_make_the_next_player_take_nothing_and_discard_one(three, penalty):
    state = arrange(three, hands={0: [penalty, 9], 1: [2, 3]}, stock=[7, 7, 5], pile=[1])
    play(three, state, TAKE_STOCK, discard(penalty))
    assert state.phase == OWING and state.owed == 1 and len(state.known) == 2
    assert state.legal == [DISCARD + c for c in state.hands[1]]  # no take, no "none"
    play(three, state, discard(3))
    assert numbers(three, state.hands[1]) == [2] and state.seat == 2
    assert state.effects["penalty:discard-1"] == 1


def test_a_penalty_card_discarded_to_serve_a_penalty_passes_its_own_on(three):
    state = arrange(three, hands={1: [BOHOUS, 3], 2: [5]}, stock=[7, 7], pile=[1, MAZNAK], current=1, bound=1)
    play(three, state, discard(BOHOUS))
    assert state.seat == 0 and numbers(three, state.hands[2]) == [5]  # seat 2 lost its turn


def test_after_a_double_discard_only_the_top_card_binds(three):
    state = arrange(three, hands={1: [BIDLO, 3], 2: [5]}, stock=[7, 7], pile=[1, STETINAC], current=1, bound=1)
    play(three, state, discard(BIDLO), discard(3))
    assert state.seat == 2 and state.phase == TAKE  # Jarka on top: no penalty, a normal turn
    assert TAKE_DISCARD in state.legal


def test_a_penalty_binds_once_and_the_card_may_then_be_taken(three):
    state = arrange(three, hands={0: [BOHOUS, 9], 1: [2], 2: [11, 3]}, stock=[7, 7, 7], pile=[3])
    play(three, state, TAKE_STOCK, discard(BOHOUS))
    assert state.seat == 2 and TAKE_DISCARD in state.legal
    play(three, state, TAKE_DISCARD)
    assert BOHOUS in numbers(three, state.hands[2])


def test_a_duplicate_arriving_while_serving_is_an_owed_discard_without_bonus(three):
    state = arrange(three, hands={1: [2, 3]}, rows={1: [LOSNA]}, stock=[7, LOSNA], pile=[1, STETINAC], current=1,
                    bound=1)
    assert state.owed == 1 and three.number[state.pile[-1]] == LOSNA and len(state.known) == 1
    play(three, state, discard(3))
    assert numbers(three, state.hands[1]) == [2] and state.seat == 2


def test_serving_with_an_empty_hand_breaks_the_row(three):
    state = arrange(three, rows={1: FULL_ROW}, stock=[7, 7], pile=[1, MAZNAK], current=1, bound=1)
    assert state.phase == OWING and len(state.legal) == 13  # any laid card, the player's choice
    play(three, state, discard(9))
    assert state.prefix[1] == 8 and state.slots[1][10] >= 0 and state.effects["row-broken"] == 1
    assert state.seat == 2


def test_stetinac_on_a_complete_row_with_an_empty_hand_takes_one_card_and_one_from_the_row(three):
    state = arrange(three, rows={1: FULL_ROW}, stock=[7, 2], pile=[1, STETINAC], current=1, bound=1)
    assert three.number[state.pile[-1]] == 2 and state.hands[1] == []  # the drawn Mirek went first, forced
    assert state.phase == OWING and state.owed == 1 and len(state.legal) == 13
    play(three, state, discard(TLESKAC))
    assert not state.is_terminal() and state.prefix[1] == 12 and state.seat == 2


def test_owing_more_than_one_has_is_forgiven(three):
    state = arrange(three, hands={1: [2]}, pile=[STETINAC], current=1, bound=1)  # nothing to draw or rebuild
    assert three.number[state.pile[0]] == STETINAC and three.number[state.pile[1]] == 2
    assert state.effects["penalty-forgiven"] == 1 and state.seat == 2


# --- the deal, the Ježek, the stock, empty piles ----------------------------------------------------------------

def deal(engine, dealt, dealer, then=(3, 7, 9, 11)):
    """Return a new game whose deal gives the cards `dealt` first (from the seat after `dealer` on), then cards of
    the numbers `then` (which start no row), which also answer the draws that follow until a seat decides."""
    state = engine.new_initial_state(starter=(dealer + 1) % engine.players)
    queue = list(dealt)
    while state.player == CHANCE:
        state.apply_action(queue.pop(0) if queue else next(c for c in sorted(state.stock)
                                                           if engine.number[c] in then))
        state.check_invariants()
    return state


def test_the_first_dealer_is_a_chance_node_over_the_seats(three):
    state = three.new_initial_state()
    assert state.player == CHANCE and state.chance_outcomes() == [(seat, 1 / 3) for seat in range(3)]
    state.apply_action(1)
    assert state.dealer == 1 and state.first == 2 and state.player == CHANCE  # the deal begins
    assert three.new_initial_state(starter=0).dealer == 2


def test_the_jezek_is_set_aside_when_dealt_and_replaced(three):
    jezek = next(c for c in range(three.cards) if three.prize[c])
    state = three.new_initial_state(starter=0)
    play(three, state, jezek)
    assert state.aside == [jezek] and state.hands == [[], [], []] and state.dealt == 0  # seat 0 is dealt again
    state = deal(three, [jezek], dealer=2)
    assert state.aside == [jezek] and state.effects["jezek-set-aside"] == 1
    assert [len(hand) for hand in state.hands] == [5, 4, 4]  # seat 0 has taken its first card (the only take)
    assert len(state.stock) == three.cards - 1 - 13


def test_the_jezek_is_set_aside_when_drawn_and_replaced(three):
    state = arrange(three, hands={0: [2]}, unknown=[7, 9, JEZEK], pile=[3])
    jezek = next(c for c in state.stock if three.prize[c])
    play(three, state, TAKE_STOCK, draw(JEZEK))
    assert state.player == CHANCE and state.draws == 1  # the replacement is drawn at once
    play(three, state, draw(9))
    assert jezek in state.aside and numbers(three, state.hands[0]) == [2, 9]
    assert state.effects["jezek-set-aside"] == 1


def test_dealt_duplicates_are_discarded_with_their_bonus_before_the_first_turn_in_seat_order(three):
    losna = [c for c in range(three.cards) if three.number[c] == LOSNA]
    tleskac = [c for c in range(three.cards) if three.number[c] == TLESKAC]
    # seat 0 plays first and is dealt two Losnas, seats 1 and 2 two Tleskač each, then two plain cards each
    dealt = [losna[0], tleskac[0], tleskac[2], losna[1], tleskac[1], tleskac[3]]
    state = deal(three, dealt, dealer=2)
    assert [three.number[c] for c in state.pile] == [LOSNA, TLESKAC, TLESKAC]
    assert [len(hand) for hand in state.hands] == [2 + 2, 2 + 3, 2 + 3]
    assert state.seat == 0 and state.phase == TAKE and state.bound == -1  # bound by no one
    assert state.effects["bonus"] == 3 and state.effects["duplicate-discarded"] == 3


def test_the_stock_is_rebuilt_from_the_discard_pile_in_order_without_shuffling(three):
    state = arrange(three, hands={0: [9]}, pile=[1, 2, 3, 5, 7])  # 1 is the oldest discard, 7 the top
    play(three, state, TAKE_STOCK)  # no chance node: the turned-over stock's order is known
    assert numbers(three, state.hands[0]) == [1, 9]
    assert [three.number[c] for c in state.known] == [5, 3, 2] and [three.number[c] for c in state.pile] == [7]
    assert state.stock == [] and state.effects["stock-rebuilt"] == 1


def test_with_nothing_to_take_a_player_must_discard_or_passes(three):
    state = arrange(three, hands={0: [9, 11]}, rows={0: [1, 2, 3, 4, 5]}, pile=[3])
    assert state.phase == DISCARDING and NO_DISCARD not in state.legal
    state = arrange(three, hands={1: [9]}, rows={0: [1, 2, 3, 4, 5]}, pile=[3])
    assert state.seat == 1 and state.effects["pass"] == 1


# --- stalemates (RULES.md: a round where nobody had a choice and nothing changed; a position arising thrice) -----

def test_a_whole_round_of_passes_is_a_stalemate_at_once(three):
    rows = {seat: [LOSNA] for seat in range(3)}
    state = arrange(three, rows=rows, pile=[LOSNA])  # nothing to take, nothing to discard
    assert state.is_terminal() and state.player_turns == 3 and state.winner == -1
    result = state.result()
    assert result.winners == [] and result.stalemate and not result.finished
    assert result.figures["round_stalls"] == 1 and result.figures["repetition_stalls"] == 0
    assert state.returns() == [0.0, 0.0, 0.0]


def test_a_lost_turn_is_a_change_so_the_round_of_passes_starts_after_it(three):
    rows = {seat: [1, 2, 3, BOHOUS, 5] for seat in range(3)}
    state = arrange(three, rows=rows, pile=[BOHOUS], bound=0)  # seat 0 loses its turn, then all pass
    assert state.is_terminal() and state.effects["penalty:lose-turn"] == 1 and state.player_turns == 1 + 3
    assert state.result().figures["round_stalls"] == 1


def test_a_loop_of_taking_the_lone_discard_and_throwing_it_back_stalls_at_the_third_position(two):
    # the stock is empty and the pile holds one card: each player must take it, and chooses to throw it back
    state = arrange(two, hands={0: [2, 3], 1: [5, 7]}, pile=[9])
    assert state.phase == DISCARDING and state.seat == 0  # the take was the only one, and is made
    play(two, state, discard(9), discard(9), discard(9))
    assert not state.is_terminal() and state.seen  # the first position has arisen twice, the second twice
    play(two, state, discard(9))
    assert state.is_terminal() and state.turns == 4 and state.player_turns == 4
    result = state.result()
    assert result.stalemate and result.figures["repetition_stalls"] == 1 and result.figures["round_stalls"] == 0


def test_a_loop_without_choices_stalls_at_the_third_position(three):
    # each turn turns the pile over, draws a second Losna or Tleskač and throws it back: the pile's order flips
    rows = {seat: [LOSNA, TLESKAC] for seat in range(3)}
    state = arrange(three, hands={0: [2], 1: [3], 2: [5]}, rows=rows, pile=[LOSNA, TLESKAC])
    assert state.is_terminal() and state.winner == -1 and state.turns == 0
    assert state.player_turns == 12  # seat 0 meets the pile in one order every other round
    assert state.result().figures["repetition_stalls"] == 1


def test_positions_are_forgotten_at_a_draw_from_the_unknown_stock(two):
    state = arrange(two, hands={0: [2, 3], 1: [5, 7]}, pile=[9], unknown=[11, 11])
    play(two, state, TAKE_DISCARD, discard(9))  # Červenáček's bonus comes from the unknown stock
    assert state.player == CHANCE and state.epoch == 0
    play(two, state, draw(11))
    assert not state.seen and state.epoch == 1


def test_changing_the_stalemate_rule_did_not_change_a_game_with_a_winner(three):
    state = arrange(three, hands={1: [4]}, rows={1: FULL_ROW[:-1]}, stock=[7, TLESKAC], current=1)
    assert state.is_terminal() and state.winner == 1 and not state.result().stalemate


def test_an_illegal_action_is_refused_with_a_message_naming_it(three):
    state = arrange(three, hands={0: [9]}, stock=[7], pile=[3])
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot take nothing \(2\) now"):
        state.apply_action(NO_TAKE)
    with pytest.raises(IllegalActionError, match="not an action of this game"):
        state.apply_action(DISCARD + three.cards)
