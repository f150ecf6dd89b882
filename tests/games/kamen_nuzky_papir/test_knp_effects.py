"""Every spell effect, scripted: the table before, the action, the table after (RULES.md, Kámen, nůžky, papír)."""
import pytest
from knp_helpers import arrange, choose, engine, give, ids, lay

from deckforge.games.kamen_nuzky_papir.engine import CHOOSE, EXTRA, GIVING, PLAY, SCISSORS

FILLER = ["rock", "rock"]  # hands that cannot go out in one move


def test_skip_next_misses_a_turn(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["cut", "rock"], FILLER, FILLER], discard=["paper"])
    state.apply_action(lay(eng, state, "cut"))
    assert state.player == 2 and state.skips == [0, 0, 0]
    assert state.result().effects == {"skip": 1}


def test_skip_with_two_players_lets_the_caster_play_again(spell_deck):
    eng = engine(spell_deck, 2)
    state = arrange(eng, [["cut", "rock"], FILLER], discard=["paper"])
    state.apply_action(lay(eng, state, "cut"))
    assert state.player == 0


def test_skip_for_two_turns(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["cut-twice", "rock"], FILLER, FILLER], discard=["paper"])
    state.apply_action(lay(eng, state, "cut-twice"))
    assert state.player == 2 and state.skips == [0, 1, 0]
    state.apply_action(eng.draw_action)
    state.apply_action(eng.draw_action)  # seat 0 draws; seat 1 misses its second turn
    assert state.player == 2 and state.skips == [0, 0, 0]


def test_skip_still_applies_when_the_caster_goes_out(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["cut"], FILLER, FILLER], discard=["paper"])
    state.apply_action(lay(eng, state, "cut"))
    assert state.places == [0] and state.player == 2


@pytest.mark.parametrize("players, after", [(3, 2), (2, 1)])
def test_reverse_turns_play_around_and_changes_nothing_for_two(spell_deck, players, after):
    eng = engine(spell_deck, players)
    state = arrange(eng, [["fate", "rock"]] + [FILLER] * (players - 1), discard=["scissors"])
    state.apply_action(lay(eng, state, "fate"))
    assert state.direction == -1 and state.player == after


def test_draw_two_gives_the_next_player_the_top_two_cards(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["draw-two", "rock"], FILLER, FILLER], draw=["scissors", "changer", "paper"],
                    discard=["rock"])
    state.apply_action(lay(eng, state, "draw-two"))
    assert ids(eng, state.hands[1]) == FILLER + ["scissors", "changer"] and state.player == 1
    assert ids(eng, state.draw_pile[-1:]) == ["paper"]


def test_draw_rebuilds_the_draw_pile_then_draws_what_there_is(spell_deck):
    eng = engine(spell_deck, 2)
    state = arrange(eng, [["draw-two", "rock"], FILLER], draw=["scissors"], discard=["paper", "rock"],
                    rest="discard")
    oldest, scissors = state.discard[0], state.draw_pile[-1]
    state.apply_action(lay(eng, state, "draw-two"))
    assert len(state.hands[1]) == 4 and scissors in state.hands[1] and oldest in state.hands[1]
    assert ids(eng, state.discard) == ["draw-two"]


def test_every_other_player_draws_in_turn_order_passing_over_players_out(spell_deck):
    eng = engine(spell_deck, 4)
    state = arrange(eng, [["rain", "rock"], FILLER, FILLER, []], draw=["scissors", "changer", "paper"],
                    discard=["rock"], out=(3,))
    state.direction = -1  # turn order from the next player: seat 3 (out), then seat 2, then seat 1
    state.apply_action(lay(eng, state, "rain"))
    assert ids(eng, state.hands[2]) == FILLER + ["scissors"] and ids(eng, state.hands[1]) == FILLER + ["changer"]
    assert state.hands[3] == [] and ids(eng, state.hands[0]) == ["rock"] and state.player == 2


def test_draw_previous(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["snip", "rock"], FILLER, FILLER], draw=["changer"], discard=["paper"])
    state.apply_action(lay(eng, state, "snip"))
    assert ids(eng, state.hands[2]) == FILLER + ["changer"] and state.player == 1


def test_effects_apply_in_the_order_the_card_lists_them(spell_deck):
    eng = engine(spell_deck, 3)
    for card, drawer in (("turn-and-hit", 2), ("hit-and-turn", 1)):
        state = arrange(eng, [[card, "rock"], FILLER, FILLER], draw=["changer"], discard=["rock"])
        state.apply_action(lay(eng, state, card))
        assert ids(eng, state.hands[drawer]) == FILLER + ["changer"] and state.player == 2


def test_play_again(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["again", "rock", "paper"], FILLER, FILLER], discard=["scissors"])
    state.apply_action(lay(eng, state, "again"))
    assert state.player == 0 and state.phase == PLAY
    state.apply_action(lay(eng, state, "paper"))
    assert state.player == 1


def test_extra_play_is_optional_and_must_beat_the_spell(spell_deck):
    eng = engine(spell_deck, 3)
    hand = ["extra", "scissors", "rock", "paper", "changer"]
    state = arrange(eng, [hand, FILLER, FILLER], discard=["rock"])
    state.apply_action(lay(eng, state, "extra"))
    assert state.phase == EXTRA and state.player == 0
    assert sorted(eng.describe(a) for a in state.legal_actions()) == sorted([
        "lays scissors", "lays changer naming rock", "lays changer naming scissors", "lays changer naming paper",
        "lays nothing more"])
    state.apply_action(lay(eng, state, "scissors"))
    assert state.top == SCISSORS and state.player == 1 and ids(eng, state.hands[0]) == ["rock", "paper",
                                                                                                  "changer"]
    declined = arrange(eng, [hand, FILLER, FILLER], discard=["rock"])
    declined.apply_action(lay(eng, declined, "extra"))
    declined.apply_action(eng.decline_action)
    assert declined.player == 1 and len(declined.hands[0]) == 4


def test_a_spell_laid_as_the_extra_card_applies_too(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["extra", "cut", "rock"], FILLER, FILLER], discard=["rock"])
    state.apply_action(lay(eng, state, "extra"))
    state.apply_action(lay(eng, state, "cut"))
    assert state.player == 2 and state.result().effects == {"extra_play": 1, "skip": 1}


def test_extra_play_with_nothing_to_lay_asks_nothing(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["extra", "rock"], FILLER, FILLER], discard=["rock"])
    state.apply_action(lay(eng, state, "extra"))
    assert state.phase == PLAY and state.player == 1 and state.result().effects == {}


def test_extra_play_for_two_cards(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["double", "scissors", "rock", "paper"], FILLER, FILLER], discard=["rock"])
    state.apply_action(lay(eng, state, "double"))
    state.apply_action(lay(eng, state, "scissors"))
    assert state.phase == EXTRA and state.player == 0
    state.apply_action(lay(eng, state, "rock"))
    assert state.player == 1 and ids(eng, state.hands[0]) == ["paper"]


def test_give_lets_the_caster_pick_the_card(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["parcel", "rock", "scissors"], FILLER, FILLER], discard=["rock"])
    state.apply_action(lay(eng, state, "parcel"))
    assert state.phase == GIVING and state.legal_actions() == [give(eng, card) for card in state.hands[0]]
    assert ids(eng, state.hands[0]) == ["rock", "scissors"]
    state.apply_action(next(give(eng, c) for c in state.hands[0] if eng.card_ids[c] == "scissors"))
    assert ids(eng, state.hands[0]) == ["rock"] and ids(eng, state.hands[1]) == FILLER + ["scissors"]
    assert state.player == 1 and state.phase == PLAY


def test_giving_the_last_card_puts_the_caster_out(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["parcel", "scissors"], FILLER, FILLER], discard=["rock"])
    state.apply_action(lay(eng, state, "parcel"))  # one card left: given without asking
    assert state.places == [0] and ids(eng, state.hands[1]) == FILLER + ["scissors"] and state.player == 1


def test_give_to_a_chosen_player_two_cards(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["gift", "rock", "scissors", "paper"], FILLER, FILLER], discard=["rock"])
    state.apply_action(lay(eng, state, "gift"))
    assert state.phase == CHOOSE and state.legal_actions() == [choose(eng, 1), choose(eng, 2)]
    state.apply_action(choose(eng, 2))
    assert state.phase == GIVING
    state.apply_action(give(eng, state.hands[0][0]))
    state.apply_action(give(eng, state.hands[0][0]))
    assert ids(eng, state.hands[2]) == FILLER + ["rock", "scissors"] and state.player == 1


def test_swap_hands_with_a_chosen_player(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["swap", "rock", "rock", "rock"], ["scissors"] * 3, ["paper"]], discard=["rock"])
    state.apply_action(lay(eng, state, "swap"))
    assert state.phase == CHOOSE and state.player == 0
    state.apply_action(choose(eng, 2))
    assert ids(eng, state.hands[0]) == ["paper"] and ids(eng, state.hands[2]) == ["rock"] * 3
    assert ids(eng, state.hands[1]) == ["scissors"] * 3 and state.player == 1


def test_swap_with_two_players_needs_no_choice(spell_deck):
    eng = engine(spell_deck, 2)
    state = arrange(eng, [["swap", "rock", "rock"], ["scissors"]], discard=["rock"])
    state.apply_action(lay(eng, state, "swap"))
    assert ids(eng, state.hands[0]) == ["scissors"] and ids(eng, state.hands[1]) == ["rock", "rock"]


@pytest.mark.parametrize("spell", ["swap", "parcel"])
def test_swap_and_give_are_void_when_the_caster_just_went_out(spell_deck, spell):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [[spell], FILLER, ["scissors"]], discard=["rock"])
    state.apply_action(lay(eng, state, spell))
    assert state.places == [0] and state.hands[0] == [] and state.phase == PLAY
    assert ids(eng, state.hands[1]) == FILLER and ids(eng, state.hands[2]) == ["scissors"]
    assert state.player == 1 and state.result().effects == {}


def test_draw_on_a_chosen_player(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["pick", "rock"], FILLER, FILLER], draw=["scissors", "paper"], discard=["rock"])
    state.apply_action(lay(eng, state, "pick"))
    state.apply_action(choose(eng, 2))
    assert ids(eng, state.hands[2]) == FILLER + ["scissors", "paper"] and state.player == 1
    assert state.result().figures["spell_effects"] == {"pick.draw": 1}


def test_a_caster_who_went_out_still_chooses_whom_the_spell_hits(spell_deck):
    eng = engine(spell_deck, 3)
    state = arrange(eng, [["pick"], FILLER, FILLER], draw=["scissors", "paper"], discard=["rock"])
    state.apply_action(lay(eng, state, "pick"))
    assert state.places == [0] and state.phase == CHOOSE and state.player == 0
    state.check_invariants()
    state.apply_action(choose(eng, 2))
    assert ids(eng, state.hands[2]) == FILLER + ["scissors", "paper"] and state.player == 1
    state.check_invariants()
