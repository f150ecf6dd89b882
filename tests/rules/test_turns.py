"""The turns style, scripted on tiny described decks: legal plays, wild cards and a named suit, drawing on, effects,
Go Fish asks and sets, Old Maid takes, press-your-luck hits, stands and busts. Each test deals known cards (chance
nodes named by card id) and checks who wins and what each rule did."""
from __future__ import annotations

import pytest

from deckforge.sim.base import TERMINAL, IllegalActionError
from rules_tables import act, card, engine, feed, hand, start

EIGHTS = """  ranks: ["1", "2", "3", "4"]
  setup:
    - deal: {to: hand, count: 3}
    - turn_up: {to: pile}
  play:
    moves:
      - play: {if: {wild: {rank: "4"}}, then: [name_suit]}
      - play: {if: {match: [suit, rank]}}
      - draw: {then: continue, when: no_play}
      - pass: {}
  end: {round: first_out}
  winner: first_out
"""
# starter 0: the dealer is seat 1, so seat 0 is dealt first and moves first
DEAL = ("red-1", "blue-1", "red-2", "blue-2", "blue-3", "red-4", "red-3")


@pytest.fixture
def eights(tmp_path):
    return engine(tmp_path, EIGHTS)


def test_a_known_deal_is_won_by_the_first_seat_out(eights):
    state = start(eights, 0, *DEAL)
    assert hand(state, 0) == ["blue-3", "red-1", "red-2"] and state.player == 0
    assert state.legal_actions() == sorted(card(eights, c) for c in ("red-1", "red-2", "blue-3"))  # suit or rank
    act(state, "red-1")
    assert state.player == 1
    assert state.legal_actions() == sorted([card(eights, "blue-1"), card(eights, "red-4")])  # rank 1, or the wild 4
    act(state, "red-4")
    assert state.player == 1 and state.legal_actions() == list(eights.names)  # the wild card's player names a suit
    act(state, eights.name_base + eights.t.suits.index("blue"))
    assert state.legal_actions() == [card(eights, "blue-3")]  # blue was named: the red 2 does not go on the red 4
    act(state, "blue-3", "blue-2", "red-2")
    assert state.is_terminal() and state.player == TERMINAL
    result = state.result()
    assert result.finished and result.winners == [0] and result.places == [0, 1]
    assert result.effects == {"play.match": 4, "play.wild": 1, "name_suit": 1}
    assert result.plays[0] == {"red-1": 1, "blue-3": 1, "red-2": 1} and result.plays[1] == {"red-4": 1, "blue-2": 1}
    assert state.returns() == [1.0, -1.0]


def test_a_seat_that_cannot_play_draws_and_may_play_the_card_drawn(eights):
    # seat 0: red-1 red-2 red-3; seat 1: blue-1 blue-2 blue-4; red-4 turned up; blue-3 left in the stock
    state = start(eights, 0, "red-1", "blue-1", "red-2", "blue-2", "red-3", "blue-4", "red-4")
    assert state.legal_actions() == sorted(card(eights, c) for c in ("red-1", "red-2", "red-3"))
    act(state, "red-3")
    assert state.legal_actions() == [card(eights, "blue-4")]  # the wild four; no draw while a card can be played
    act(state, "blue-4", eights.name_base + eights.t.suits.index("blue"))
    assert state.legal_actions() == [eights.draw]  # seat 0 holds no blue and no four
    act(state, eights.draw)
    feed(state, "blue-3")
    assert state.player == 0 and state.legal_actions() == [card(eights, "blue-3")]  # the turn goes on
    assert state.result().effects["draw"] == 1


def test_an_illegal_action_is_refused_with_the_reason(eights):
    state = start(eights, 0, *DEAL)
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot play blue-1 \(\d+\) now; the legal actions are: "
                                                 r"play red-1 \(\d+\), play red-2"):
        state.apply_action(card(eights, "blue-1"))
    with pytest.raises(IllegalActionError, match="is not an action of this game"):
        state.apply_action(10_000)


EFFECTS = """  ranks: ["1", "2", "3", "4"]
  setup: [deal: {to: hand, count: 2}, turn_up: {to: pile}]
  play:
    moves:
      - play: {if: {match: suit}}
      - pass: {}
  effects:
    - when: {rank: "2"}
      do: [{effect: draw, target: next, count: 2}]
    - when: {rank: "3"}
      do: [skip]
    - when: {rank: "4"}
      do: [reverse]
  end: {round: first_out}
  winner: first_out
"""


def test_effects_skip_reverse_and_draw(tmp_path):
    three = engine(tmp_path, EFFECTS, players=3, suits=("red", "blue", "gold"))
    # starter 0 (dealer 2): seat 0 red-2 red-3, seat 1 blue-1 blue-2, seat 2 blue-3 red-4; red-1 turned up
    state = start(three, 0, "red-2", "blue-1", "blue-3", "red-3", "blue-2", "red-4", "red-1")
    act(state, "red-3")                              # skip: seat 1 misses its turn
    assert state.player == 2 and state.legal_actions() == [card(three, "red-4")]
    act(state, "red-4")                              # reverse: play goes 2 -> 1 -> 0
    assert state.player == 1 and state.legal_actions() == [three.pass_]
    act(state, three.pass_)
    assert state.player == 0
    act(state, "red-2")                              # the next seat, now seat 2, draws two
    feed(state, "gold-1", "gold-2")
    assert hand(state, 2) == ["blue-3", "gold-1", "gold-2"]
    result = state.result()
    assert state.is_terminal() and result.winners == [0] and result.places == [0, 1, 2]  # then by cards held
    assert {name: result.effects[name] for name in ("skip", "reverse", "draw", "pass")} == \
        {"skip": 1, "reverse": 1, "draw": 1, "pass": 1}


GO_FISH = """  setup: [deal: {to: hand, count: 2}]
  play:
    moves:
      - ask: {for: rank, from: opponent, hit: take_all, miss: {draw: 1}, again: hit}
      - draw: {when: no_other}
    always: [sets: {size: 2, same: rank}]
  score: [per_set: 1]
  end: {round: sets_complete}
"""


def test_ask_takes_the_asked_cards_lays_the_set_and_asks_again(tmp_path):
    fish = engine(tmp_path, GO_FISH, ranks=("1", "2", "3"))
    state = start(fish, 0, "red-1", "blue-2", "red-3", "blue-1")
    # seat 0: red-1 red-3; seat 1: blue-2 blue-1
    ask = lambda seat, rank: fish.ask_base + seat * fish.ask_values + fish.t.ask_values.index(rank)  # noqa: E731
    assert state.legal_actions() == [ask(1, "1"), ask(1, "3")]  # only ranks it holds, from the other seat
    act(state, ask(1, "1"))
    assert hand(state, 0) == ["red-3"] and hand(state, 1) == ["blue-2"]  # the pair of ones went down at once
    assert state.sets_won == [1, 0] and state.player == 0  # a hit: seat 0 asks again
    act(state, ask(1, "3"))                          # a miss: go fish, and the turn passes
    feed(state, "red-2")
    assert hand(state, 0) == ["red-2", "red-3"] and state.player == 1
    result = state.result()
    assert result.effects["ask.hit"] == 1 and result.effects["ask.miss"] == 1 and result.effects["sets"] == 1
    assert result.plays[0] == {"red-1": 1, "blue-1": 1}  # cards laid in a set count as played


OLD_MAID = """  setup: [deal: {to: hand, count: all}]
  play:
    moves: [take: {from: left, random: true}]
    always: [sets: {size: 2, same: rank}]
  end: {round: last_holding}
  winner: not_last_holding
"""
MAID = '\n  - {id: maid, count: 1, name: {en: Old Maid}, suit: red, rank: "9"}'


def test_the_seat_left_holding_the_odd_card_loses(tmp_path):
    maid = engine(tmp_path, OLD_MAID, ranks=("1", "2"), extra_cards=MAID)
    # every card dealt: seat 0 red-1 red-2 maid, seat 1 blue-1 blue-2 (no pair in any hand)
    state = start(maid, 0, "red-1", "blue-1", "red-2", "blue-2", "maid")
    assert state.legal_actions() == [maid.seat_base + 1]
    act(state, maid.seat_base + 1)
    feed(state, "blue-1")                             # taken blind from seat 1: a pair of ones goes down
    assert hand(state, 0) == ["maid", "red-2"] and state.player == 1
    act(state, maid.seat_base + 0)
    feed(state, "maid")
    act(state, maid.seat_base + 1)
    feed(state, "blue-2")                             # seat 0 pairs its two and is out; seat 1 holds the maid
    result = state.result()
    assert state.is_terminal() and result.loser == 1 and result.winners == [0] and result.places == [0, 1]
    assert state.returns() == [1.0, -1.0] and result.effects == {"take": 3, "sets": 2}
    assert result.plays[1] == {"maid": 1}             # a card taken blind counts as played by the taker


TWENTY = """  ranks: ["1", "2", "3", "4"]
  setup: [deal: {to: table, count: 1}]
  play:
    moves: [hit: {}, stand: {}]
    always: [bust: {over: 5}]
  score: [sum: {zone: table, bust: 0}]
  end: {round: all_stood}
"""


def test_hit_stand_and_bust(tmp_path):
    luck = engine(tmp_path, TWENTY)
    state = start(luck, 0, "red-3", "blue-2")
    assert state.legal_actions() == [luck.stand, luck.hit]
    act(state, luck.hit)
    feed(state, "red-4")                              # 3 + 4 = 7 > 5: seat 0 is bust and takes no more turns
    assert state.bust == [True, False] and state.player == 1
    act(state, luck.hit)
    feed(state, "blue-1")                             # 2 + 1 = 3
    assert state.player == 1                          # the bust seat is passed over
    act(state, luck.stand)
    result = state.result()
    assert state.is_terminal() and result.scores == [0, 3] and result.winners == [1]
    assert result.effects == {"hit": 2, "stand": 1, "bust": 1} and result.plays[0] == {"red-4": 1}


def test_a_seat_sees_its_own_hand_and_the_pile_but_not_the_others(eights):
    state = start(eights, 0, *DEAL)
    mine, theirs = state.observation_string(0), state.observation_string(1)
    assert "hand[P0]: red-1 red-2 blue-3" in mine and "hand[P1]: 3 cards" in mine and "pile: red-3" in mine
    assert "hand[P0]: 3 cards" in theirs and "red-1" not in theirs
    assert "+red-1" in state.information_state_string(0) and "+red-1" not in state.information_state_string(1)
