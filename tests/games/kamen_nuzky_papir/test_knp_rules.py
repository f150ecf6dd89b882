"""Kámen, nůžky, papír turns, scripted: beating, changers, drawing, passing, the rebuilt draw pile, places."""
import random

import pytest
from knp_helpers import arrange, changer, engine, ids, item, lay, write_deck

from deckforge.load import load_deck
from deckforge.games.kamen_nuzky_papir.engine import ANY, CHANGER, PAPER, ROCK, SCISSORS
from deckforge.sim.base import SimulationError


def described(eng, state):
    return sorted(eng.describe(action) for action in state.legal_actions())


@pytest.mark.parametrize("top, beater", [("rock", "paper"), ("scissors", "rock"), ("paper", "scissors")])
def test_only_the_beating_item_its_spells_and_changers_may_be_laid(spell_deck, top, beater):
    eng = engine(spell_deck, 3)
    hand = ["rock", "scissors", "paper", "fate", "cut", "extra", "changer"]
    state = arrange(eng, [hand, ["rock"], ["rock"]], discard=[top])
    spell_of = {"paper": "extra", "rock": "fate", "scissors": "cut"}[beater]
    assert described(eng, state) == sorted([
        f"lays {beater}", f"lays {spell_of}", "lays changer naming rock", "lays changer naming scissors",
        "lays changer naming paper", "draws"])


def test_a_spell_on_top_counts_as_its_item(spell_deck):
    eng = engine(spell_deck, 2)
    state = arrange(eng, [["scissors", "paper", "rock"], ["rock"]], discard=["rock", "extra"])  # extra is paper
    assert described(eng, state) == ["draws", "lays scissors"]


def test_a_changer_becomes_the_item_its_player_names(spell_deck):
    eng = engine(spell_deck, 2)
    state = arrange(eng, [["changer", "rock"], ["rock", "paper", "scissors"]], discard=["paper"])
    state.apply_action(lay(eng, state, "changer", naming="scissors"))
    assert state.top == SCISSORS and state.player == 1
    assert described(eng, state) == ["draws", "lays rock"]


def test_a_changer_turned_up_takes_any_card_until_one_is_laid_on_it(spell_deck):
    eng = engine(spell_deck, 2)
    state = arrange(eng, [["rock", "scissors"], ["rock", "scissors"]], discard=["changer"])
    assert state.top == ANY and described(eng, state) == ["draws", "lays rock", "lays scissors"]
    state.apply_action(lay(eng, state, "scissors"))
    assert state.top == SCISSORS and described(eng, state) == ["draws", "lays rock"]


def test_the_card_turned_up_at_the_start_does_nothing(spell_deck):
    eng = engine(spell_deck, 3)
    seen = set()
    for seed in range(300):
        state = eng.new_game(random.Random(seed), starter=1)
        first = state.discard[0]
        assert [len(h) for h in state.hands] == [4, 4, 4] and len(state.unseen) == eng.size - 13
        assert state.draw_pile == [] and state.discard == [first]
        assert state.player == 1 and state.direction == 1 and state.skips == [0, 0, 0]
        assert state.top == (ANY if eng.item_of[first] == CHANGER else eng.item_of[first])
        seen.add("changer" if eng.item_of[first] == CHANGER else "spell" if eng.effects_of[first] else "item")
    assert seen == {"changer", "spell", "item"}


def test_a_player_may_draw_even_when_able_to_lay(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["paper"], ["rock"], ["rock"]], draw=["scissors", "rock"], discard=["rock"])
    assert eng.draw_action in state.legal_actions()
    state.apply_action(eng.draw_action)
    assert sorted(ids(eng, state.hands[0])) == ["paper", "scissors"] and state.player == 1
    assert ids(eng, state.draw_pile[-1:]) == ["rock"]


@pytest.fixture
def small_deck(tmp_path):
    """Thirteen cards, 2–4 players: 8 rocks, 3 scissors, 2 papers."""
    cards = [item("rock", "rock", 8), item("scissors", "scissors", 3), item("paper", "paper", 2)]
    return load_deck(write_deck(tmp_path, cards, high=4))


def test_with_nothing_to_draw_a_player_who_can_lay_must(small_deck):
    eng = engine(small_deck, 2)
    state = arrange(eng, [["rock"] * 4 + ["paper"], ["rock"] * 4 + ["scissors"] * 2 + ["paper"]],
                    discard=["scissors"])
    assert state.draw_pile == [] and described(eng, state) == ["lays rock"] * 4


def test_a_full_round_of_passes_is_a_stalemate(tmp_path):
    eng = engine(load_deck(write_deck(tmp_path, [item("rock", "rock", 12), item("paper", "paper", 1)])), 3)
    state = arrange(eng, [["rock"] * 4, ["rock"] * 4, ["rock"] * 3 + ["paper"]], discard=["rock"])
    for _ in range(2):  # nothing to draw, nothing to lay
        assert state.legal_actions() == [eng.pass_action]
        state.apply_action(eng.pass_action)
    assert not state.is_terminal() and state.legal_actions() == [lay(eng, state, "paper")]  # must lay
    state.apply_action(lay(eng, state, "paper"))
    assert state.legal_actions() == [eng.draw_action]  # the draw pile can be rebuilt from the rock under the paper
    state.apply_action(eng.draw_action)
    for _ in range(2):
        state.apply_action(eng.pass_action)
        assert not state.is_terminal()  # seat 0 has not passed since it drew
    state.apply_action(eng.pass_action)
    result = state.result()
    assert state.is_terminal() and result.stalemate and not result.finished and result.figures["passes"] == 5


def test_the_draw_pile_is_rebuilt_unshuffled_with_the_oldest_discard_on_top(small_deck):
    eng = engine(small_deck, 2)
    state = arrange(eng, [["rock"] * 4, ["rock"] * 4], discard=["paper", "scissors", "paper", "scissors", "scissors"])
    old = list(state.discard)
    assert state.draw_pile == [] and eng.draw_action in state.legal_actions()
    state.apply_action(eng.draw_action)
    assert state.discard == [old[-1]]  # the top discard stays
    assert state.hands[0][-1] == old[0]  # the oldest discard was on top
    assert state.draw_pile[::-1] == old[1:-1]  # the rest follows in the order it was laid
    assert state.result().figures["rebuilds"] == 1


def test_players_take_places_until_one_holds_cards_and_out_players_are_passed_over(small_deck):
    eng = engine(small_deck, 3)
    state = arrange(eng, [["paper"], ["scissors", "rock"], ["rock", "paper"]], discard=["rock"])
    state.apply_action(lay(eng, state, "paper"))
    assert state.out[0] and state.places == [0] and state.player == 1
    state.apply_action(lay(eng, state, "scissors"))
    state.apply_action(lay(eng, state, "rock"))
    assert state.player == 1  # seat 0 is out
    state.apply_action(eng.draw_action)
    state.apply_action(lay(eng, state, "paper"))
    result = state.result()
    assert state.is_terminal() and result.finished and result.places == [0, 2, 1] and result.winners == [0]
    assert result.plays[2] == {"rock": 1, "paper": 1} and result.plays[0] == {"paper": 1}


def test_a_deck_too_small_to_deal_is_refused(small_deck):
    with pytest.raises(SimulationError, match="13 cards cannot deal 4 to each of 4 players"):
        engine(small_deck, 4)
