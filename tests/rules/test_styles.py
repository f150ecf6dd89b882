"""The tricks and reveal styles and bidding, scripted on tiny described decks: following suit, who takes a trick,
trumps, locked leads, the first lead, bids made and missed with partners, reveals won, tied and scored."""
from __future__ import annotations

from rules_tables import act, card, engine, feed, hand, start

HEARTS = """  ranks: ["1", "2", "3", "4"]
  setup: [deal: {to: hand, count: all}]
  play: {style: tricks, follow: suit}
  score:
    - per_card: {zone: won, where: {suit: red}, points: 1}
    - per_card: {zone: won, where: {suit: blue, rank: "4"}, points: 5}
  winner: lowest_score
"""
# starter 0 (dealer 1): seat 0 red-1 blue-1 red-4 blue-2, seat 1 red-2 blue-3 red-3 blue-4
DEAL = ("red-1", "red-2", "blue-1", "blue-3", "red-4", "red-3", "blue-2", "blue-4")


def test_tricks_follow_suit_and_the_lowest_score_wins(tmp_path):
    hearts = engine(tmp_path, HEARTS)
    state = start(hearts, 0, *DEAL)
    assert state.player == 0 and len(state.legal_actions()) == 4  # the leader may lead anything
    act(state, "red-1")
    assert state.legal_actions() == sorted([card(hearts, "red-2"), card(hearts, "red-3")])  # follow red
    act(state, "red-2")                               # seat 1 takes it and leads
    assert state.player == 1 and state.tricks_won == [0, 1]
    assert state.standings() == [0.0, -2.0]           # two hearts against seat 1: seat 0 is ahead
    act(state, "blue-3", "blue-2", "blue-4", "blue-1", "red-3", "red-4")
    result = state.result()
    assert state.is_terminal() and state.tricks_won == [1, 3]
    assert result.scores == [2, 7] and result.winners == [0] and result.places == [0, 1]  # 2 hearts vs 2 + 5
    assert state.returns() == [1.0, -1.0] and result.effects == {"trick": 4}


WHIST = """  ranks: ["1", "2", "3", "4"]
  setup: [deal: {to: hand, count: 2}]
  trump: blue
  bid: {min: 0, max: hand}
  play: {style: tricks, follow: suit}
  score: [bid: {exact: true, made: {base: 20, per_bid: 10, per_extra: 0}, missed: {per_bid: 0, per_off: -10}}]
"""


def test_a_trump_takes_the_trick_and_bids_are_scored(tmp_path):
    whist = engine(tmp_path, WHIST)
    state = start(whist, 0, "red-1", "blue-1", "red-2", "blue-2")  # seat 0: red-1 red-2; seat 1: blue-1 blue-2
    assert state.legal_actions() == [whist.bid_base + b for b in (0, 1, 2)]
    act(state, whist.bid_base + 1, whist.bid_base + 2)   # seat 0 bids one trick, seat 1 both
    act(state, "red-2")
    assert state.legal_actions() == sorted([card(whist, "blue-1"), card(whist, "blue-2")])  # no red: anything
    act(state, "blue-1")                                 # the trump takes the red 2
    assert state.player == 1 and state.tricks_won == [0, 1]
    act(state, "blue-2", "red-1")
    result = state.result()
    assert state.tricks_won == [0, 2] and state.bids == [1, 2]
    assert result.scores == [-10, 40] and result.winners == [1]  # one off: -10; exactly two: 20 + 2 x 10
    assert result.bids.made_by_seat == (0, 1) and result.bids.made_by_round == (1,)
    assert result.effects == {"bid": 2, "trick": 2, "trump": 1, "bid.made": 1, "bid.missed": 1}


def test_the_last_bidder_may_not_make_the_bids_add_up(tmp_path):
    hook = engine(tmp_path, WHIST.replace("{min: 0, max: hand}", "{min: 0, max: hand, not_total: true}"))
    state = start(hook, 0, "red-1", "red-4", "red-2", "blue-1")
    act(state, hook.bid_base + 1)
    assert state.legal_actions() == [hook.bid_base + 0, hook.bid_base + 2]  # 1 + 1 would be the 2 cards in hand


LOCKED = """  ranks: ["1", "2", "3", "4"]
  setup: [deal: {to: hand, count: all}]
  play: {style: tricks, follow: suit, lead_locked: {suit: red}, first_lead: {suit: blue, rank: "2"}}
  score: [per_trick: 1]
"""


def test_the_first_lead_and_a_locked_suit(tmp_path):
    locked = engine(tmp_path, LOCKED)
    state = start(locked, 0, *DEAL)                   # seat 0 holds blue-2: it leads, with it
    assert state.player == 0 and state.legal_actions() == [card(locked, "blue-2")]
    act(state, "blue-2", "blue-3")
    assert state.player == 1 and hand(state, 1) == ["blue-4", "red-2", "red-3"]
    assert state.legal_actions() == [card(locked, "blue-4")]  # red may not be led before it was played
    act(state, "blue-4", "blue-1")
    assert state.legal_actions() == sorted([card(locked, "red-2"), card(locked, "red-3")])  # only red left
    act(state, "red-2")
    assert state.broken and state.result().effects["lead_locked.broken"] == 1


GOPS = """  ranks: ["1", "2", "3", "4"]
  zones: {prizes: {owner: shared, face: down}}
  setup:
    - move: {where: {suit: gold}, to: prizes}
    - deal: {to: hand, by: suit}
  play: {style: reveal, prize: {from: prizes, turn_up: 1}, winner: highest, tie: discard}
  score: [per_card: {zone: won, where: {suit: gold}, points: value}]
"""


def test_reveals_win_prizes_and_ties_lose_them(tmp_path):
    gops = engine(tmp_path, GOPS, suits=("red", "blue", "gold"))
    state = start(gops, 0, "gold-3")                  # whole suits dealt (no chance), then the first prize
    assert hand(state, 0) == ["red-1", "red-2", "red-3", "red-4"] and hand(state, 1)[0] == "blue-1"
    act(state, "red-4")
    assert "red-4" not in state.information_state_string(1)  # a pick stays secret until all are shown
    act(state, "blue-2")
    feed(state, "gold-1")                             # seat 0 took the 3; the next prize comes up
    act(state, "red-1", "blue-1")                     # a tie: the prize is lost
    feed(state, "gold-4")
    act(state, "red-2", "blue-4")
    feed(state, "gold-2")
    act(state, "red-3", "blue-3")
    result = state.result()
    assert state.is_terminal() and result.scores == [3, 4] and result.winners == [1]
    assert result.effects == {"reveal": 4, "reveal.tie": 2}
    assert result.plays[0]["gold-3"] == 1 and result.plays[1]["gold-4"] == 1  # prizes won count as played


PARTNERS = """  ranks: ["1", "2", "3", "4"]
  teams: partners
  setup: [deal: {to: hand, count: 1}]
  play: {style: tricks, follow: suit}
  score: [per_trick: 1]
"""


def test_partners_share_their_tricks(tmp_path):
    four = engine(tmp_path, PARTNERS, players=4)
    state = start(four, 0, "red-1", "red-2", "red-4", "red-3")  # seat 2 holds the highest
    act(state, "red-1", "red-2", "red-4", "red-3")
    result = state.result()
    assert result.scores == [1, 0, 1, 0] and result.winners == [0, 2]
