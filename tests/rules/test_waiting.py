"""Effects that wait for an answer (`answer`), a turned-up card that acts (`turn_up: {acts: true}`), players out
of cards passed by (`end.round: last_holding`) and a full round of passes as a stalemate (`end.blocked`), scripted
on tiny described decks (docs/rules-format.md; Prší is written with them: decks/examples/prsi-as-data)."""
from __future__ import annotations

import pytest

from deckforge.errors import DeckError
from deckforge.load import load_deck
from deckforge.rules import model as m
from rules_tables import act, card, engine, feed, hand, start, write_deck

SHEDDING = """  ranks: ["1", "2", "3", "4"]
  setup:
    - deal: {to: hand, count: 2}
    - turn_up: {to: pile, acts: true}
  play:
    moves:
      - play: {if: {wild: {rank: "4"}}, then: [name_suit]}
      - play: {if: {match: [suit, rank]}}
      - draw: {count: 1}
      - pass: {}
  effects:
    - when: {rank: "1"}
      do: [{effect: draw, count: 2, answer: {rank: "1"}}]
    - when: {rank: "2"}
      do: [{effect: skip, answer: {rank: "2"}}]
  end: {round: last_holding, blocked: stalemate}
  winner: first_out
"""
THREE_SUITS = ("red", "blue", "gold")


def test_the_keys_load_into_the_model(tmp_path):
    rules = load_deck(write_deck(tmp_path, SHEDDING)).described
    assert rules.setup[1] == m.TurnUp(acts=True)
    assert rules.effects[0].do == (m.EffectStep("draw", "next", 2, answer=m.Where((("rank", ("1",)),))),)
    assert rules.effects[1].do == (m.EffectStep("skip", "next", 1, answer=m.Where((("rank", ("2",)),))),)
    assert rules.end == m.End(round="last_holding", blocked="stalemate")
    plain = load_deck(write_deck(tmp_path / "plain", SHEDDING.replace(", acts: true", "")
                                 .replace(", blocked: stalemate", ""))).described
    assert plain.setup[1] == m.TurnUp() and plain.end.blocked == "score"


def test_mistakes_are_placed_and_named(tmp_path):
    rules = (SHEDDING.replace("count: 2, answer", "cont: 2, answer")
             .replace("{effect: skip, answer", "{effect: skip, target: others, answer")
             .replace("blocked: stalemate", "blocked: stalmate")
             .replace("acts: true", "acts: often"))
    with pytest.raises(DeckError) as caught:
        load_deck(write_deck(tmp_path, rules))
    found = [str(problem) for problem in caught.value.problems]
    assert any("rules.setup[1].turn_up.acts: expected true or false" in p for p in found), found
    assert any("rules.effects[0].do[0].cont: unknown key 'cont'; did you mean 'count'?" in p for p in found), found
    assert any("rules.effects[1].do[0].target: an effect with 'answer' waits for the next seat; its target must "
               "be next, not 'others'" in p for p in found), found
    assert any("rules.end.blocked: unknown value 'stalmate'; did you mean 'stalemate'?" in p for p in found), found
    assert all(":" in p.split(" ", 1)[0] for p in found)  # file:line:col first


def test_a_waiting_draw_is_answered_only_by_its_cards_and_adds_up(tmp_path):
    three = engine(tmp_path, SHEDDING, players=3, suits=THREE_SUITS)
    # starter 0: seat 0 red-1 blue-3, seat 1 blue-1 red-4, seat 2 gold-3 gold-2; red-3 turned up (no effect)
    state = start(three, 0, "red-1", "blue-1", "gold-3", "blue-3", "red-4", "gold-2", "red-3")
    act(state, "red-1")                                   # seat 1 owes 2 cards
    assert state.player == 1 and state.legal_actions() == [card(three, "blue-1"), three.draw]  # not the wild 4
    act(state, "blue-1")                                  # answered: seat 2 owes 4
    assert state.player == 2 and state.legal_actions() == [three.draw]
    assert "waiting: draw 4" in state.observation_string(2) and "waiting: draw 4" in str(state)
    act(state, three.draw)                                # drawing them is the whole turn
    feed(state, "red-2", "blue-2", "gold-1", "gold-4")
    assert len(hand(state, 2)) == 6 and state.player == 0
    assert state.legal_actions() == [card(three, "blue-3"), three.draw]  # the 1 on top is ordinary again
    assert {name: state.effects.get(name) for name in ("draw.effect", "draw.effect.answered", "draw.effect.taken")} \
        == {"draw.effect": 2, "draw.effect.answered": 1, "draw.effect.taken": 1}


def test_a_turned_up_card_acts_on_the_first_player_and_a_skip_is_taken_by_standing(tmp_path):
    two = engine(tmp_path, SHEDDING)
    # starter 0: seat 0 red-1 red-3, seat 1 blue-2 blue-3; red-2 turned up: seat 0 must stand or answer with a 2
    state = start(two, 0, "red-1", "blue-2", "red-3", "blue-3", "red-2")
    assert state.player == 0 and state.legal_actions() == [two.stand]
    act(state, two.stand)
    assert state.player == 1 and state.legal_actions() == [card(two, "blue-2"), two.draw]
    act(state, "blue-2")                                  # a 2 laid: seat 0 stands again, or answers
    assert state.player == 0 and state.legal_actions() == [two.stand]
    assert state.effects["turn_up.acts"] == 1 and state.effects["skip.taken"] == 1 and state.effects["skip"] == 2


def test_a_turned_up_card_names_no_suit(tmp_path):
    two = engine(tmp_path, SHEDDING)
    state = start(two, 0, "red-1", "blue-2", "blue-3", "red-3", "red-4")   # the wild 4 turned up: red stands
    assert state.player == 0 and state.legal_actions() == [card(two, "red-1"), two.draw]
    assert "turn_up.acts" not in state.effects and "name_suit" not in state.effects


def test_a_player_out_of_cards_is_passed_by_and_the_last_card_ends_the_game(tmp_path):
    three = engine(tmp_path, SHEDDING.replace("count: 2}", "count: 1}"), players=3, suits=THREE_SUITS)
    # starter 0: seat 0 red-3, seat 1 red-1, seat 2 blue-2; gold-3 turned up
    state = start(three, 0, "red-3", "red-1", "blue-2", "gold-3")
    act(state, "red-3")                                   # seat 0 is out
    act(state, three.draw)
    feed(state, "blue-1")
    act(state, three.draw)
    feed(state, "gold-1")
    assert state.player == 1                              # seat 0 is passed by
    act(state, "red-1")                                   # seat 2 owes 2 cards, or answers with a 1
    assert state.player == 2 and state.legal_actions() == [card(three, "gold-1"), three.draw]
    act(state, "gold-1")                                  # passed on over seat 0 to seat 1, 4 cards now
    assert state.player == 1 and state.legal_actions() == [card(three, "blue-1"), three.draw]
    act(state, "blue-1")                                  # seat 1's last card: only seat 2 holds cards
    assert state.is_terminal() and not state.pending      # the 1's draw lapses: nobody is left to answer
    result = state.result()
    assert result.finished and result.places == [0, 1, 2] and state.returns() == [1.0, 0.0, -1.0]


BLOCKED = """  setup:
    - deal: {to: hand, count: 1}
    - turn_up: {to: pile}
  play:
    moves:
      - play: {if: {match: suit}}
      - draw: {}
      - pass: {}
  end: {round: last_holding, blocked: stalemate}
  winner: first_out
"""


@pytest.mark.parametrize("blocked", ["stalemate", "score"])
def test_a_full_round_of_passes(tmp_path, blocked):
    two = engine(tmp_path, BLOCKED.replace("stalemate", blocked), suits=("red", "blue", "gold", "green"),
                 ranks=("1",))
    # starter 0: seat 0 blue-1, seat 1 gold-1; red-1 turned up; green-1 the stock
    state = start(two, 0, "blue-1", "gold-1", "red-1")
    act(state, two.draw)
    feed(state, "green-1")
    assert state.legal_actions() == [two.pass_]           # nothing to draw: the pile is its top card alone
    act(state, two.pass_, two.pass_)
    result = state.result()
    assert state.is_terminal() and state.effects["blocked"] == 1
    if blocked == "stalemate":
        assert result.stalemate and not result.finished and state.returns() == [0.0, 0.0]
    else:
        assert result.finished and result.places == [1, 0]  # scored: fewer cards in hand place higher
