"""Prší rules, scripted: each test arranges a table by card id, applies actions and checks what follows.

Rules: ../shared/RULES.md, section "Prší". Draws are chance nodes: a test names the card that comes.
"""
from __future__ import annotations

import pytest

from deckforge.sim.base import CHANCE, TERMINAL, IllegalActionError
from prsi_tables import arrange, card, cards, engine, names


@pytest.fixture(scope="module")
def two():
    return engine(2)


@pytest.fixture(scope="module")
def three():
    return engine(3)


def lay(state, card_id: str) -> None:
    state.apply_action(card(state.engine, card_id))
    state.check_invariants()


def draw(state, *card_ids: str) -> None:
    """Take the draw action and let the stock give these cards, in this order."""
    state.apply_action(state.engine.draw)
    for card_id in card_ids:
        assert state.player == CHANCE
        state.apply_action(card(state.engine, card_id))
    state.check_invariants()


def name_suit(state, suit: str) -> None:
    state.apply_action(state.engine.name_base + state.engine.suits.index(suit))
    state.check_invariants()


# -- an ordinary turn ---------------------------------------------------------------------------------------------

def test_a_card_of_the_top_suit_or_rank_may_be_laid_a_svrsek_on_anything(two):
    state = arrange(two, [["srdce-8", "listy-9", "kule-kral", "zaludy-svrsek"], ["kule-7"]], "srdce-9")
    assert names(two, state.legal_actions()) == ["lay srdce-8", "lay listy-9", "lay zaludy-svrsek", "draw"]


def test_drawing_is_allowed_when_a_card_fits_and_ends_the_turn(two):
    state = arrange(two, [["srdce-8", "listy-9"], ["kule-7"]], "srdce-9")
    draw(state, "srdce-10")
    assert state.player == 1 and card(two, "srdce-10") in state.hands[0]  # the drawn card waits for the next turn
    assert state.turns == 1


def test_the_legal_actions_are_ascending_and_in_range(two):
    state = arrange(two, [["zaludy-eso", "srdce-8", "srdce-svrsek"], ["kule-7"]], "srdce-9")
    legal = state.legal_actions()
    assert legal == sorted(legal) and all(0 <= a < two.num_distinct_actions() for a in legal)


# -- the 7 ----------------------------------------------------------------------------------------------------------

def test_a_seven_makes_the_next_player_draw_two_as_the_whole_turn(three):
    state = arrange(three, [["srdce-7", "srdce-8"], ["kule-8", "kule-9", "listy-svrsek"], ["zaludy-8"]], "srdce-9")
    lay(state, "srdce-7")
    assert state.player == 1 and state.penalty == 2
    assert names(three, state.legal_actions()) == ["draw"]  # no 7 to answer; a svršek may not answer either
    draw(state, "listy-8", "listy-10")
    assert state.player == 2 and state.penalty == 0 and len(state.hands[1]) == 5
    # the 7 on top is now an ordinary card: its suit or any 7 follows
    assert names(three, state.legal_actions()) == ["draw"]
    state = arrange(three, [["kule-8"], ["srdce-8", "kule-7"], ["zaludy-8"]], "srdce-7", player=1)
    assert names(three, state.legal_actions()) == ["lay srdce-8", "lay kule-7", "draw"]


def test_sevens_add_up_two_per_seven(three):
    state = arrange(three, [["srdce-7", "srdce-8"], ["kule-7", "kule-9"], ["zaludy-8", "listy-7"]], "srdce-9")
    lay(state, "srdce-7")
    assert names(three, state.legal_actions()) == ["lay kule-7", "draw"]
    lay(state, "kule-7")
    assert state.player == 2 and state.penalty == 4
    lay(state, "listy-7")
    assert state.player == 0 and state.penalty == 6
    draw(state, "srdce-10", "srdce-kral", "srdce-eso", "listy-8", "listy-9", "listy-10")
    assert len(state.hands[0]) == 7 and state.player == 1 and state.penalty == 0
    assert state.result().effects == {"seven": 1, "seven-answered": 2}
    assert state.result().figures["penalty_cards"] == 6


# -- the ace --------------------------------------------------------------------------------------------------------

def test_an_ace_makes_the_next_player_stand_then_it_is_ordinary(three):
    state = arrange(three, [["srdce-eso", "srdce-8"], ["kule-8", "srdce-svrsek", "srdce-10"], ["zaludy-8"]],
                    "srdce-9")
    lay(state, "srdce-eso")
    assert state.ace and names(three, state.legal_actions()) == ["stand"]  # not the svršek, not the 10 of hearts
    state.apply_action(three.stand)
    assert state.player == 2 and not state.ace and len(state.hands[1]) == 3
    assert names(three, state.legal_actions()) == ["draw"]  # zaludy-8 does not fit the ace of hearts


def test_an_ace_answered_passes_the_stand_on(three):
    state = arrange(three, [["srdce-eso", "srdce-8"], ["kule-eso", "kule-9"], ["zaludy-8", "listy-eso"]], "srdce-9")
    lay(state, "srdce-eso")
    assert names(three, state.legal_actions()) == ["lay kule-eso", "stand"]
    lay(state, "kule-eso")
    assert state.player == 2 and state.ace
    state.apply_action(three.stand)
    assert state.player == 0 and not state.ace
    assert state.result().effects == {"ace": 1, "ace-answered": 1} and state.result().figures["stands"] == 1


def test_with_two_players_the_ace_layer_plays_again(two):
    state = arrange(two, [["srdce-eso", "srdce-8"], ["kule-8", "kule-9"]], "srdce-9")
    lay(state, "srdce-eso")
    state.apply_action(two.stand)
    assert state.player == 0
    assert names(two, state.legal_actions()) == ["lay srdce-8", "draw"]


# -- the svršek -----------------------------------------------------------------------------------------------------

def test_a_svrsek_names_the_suit_the_next_player_must_follow(two):
    state = arrange(two, [["zaludy-svrsek", "kule-8"], ["listy-9", "srdce-9", "kule-svrsek", "zaludy-10"]],
                    "kule-9")
    lay(state, "zaludy-svrsek")
    assert state.player == 0 and state.legal_actions() == list(two.names)  # its player names one of the suits
    name_suit(state, "listy")
    assert state.player == 1
    # the named suit, or another svršek; not the 9 of hearts nor the svršek's own suit
    assert names(two, state.legal_actions()) == ["lay listy-9", "lay kule-svrsek", "draw"]
    lay(state, "kule-svrsek")
    name_suit(state, "kule")  # a svršek on a svršek names a suit again
    assert names(two, state.legal_actions()) == ["lay kule-8", "draw"] and state.top_suit == two.suits.index("kule")
    assert state.result().effects == {"suit-change": 2}


def test_a_svrsek_may_not_answer_a_pending_seven_or_ace(two):
    seven = arrange(two, [["kule-8"], ["srdce-svrsek", "srdce-8"]], "srdce-7", player=1, penalty=2)
    assert names(two, seven.legal_actions()) == ["draw"]
    ace = arrange(two, [["kule-8"], ["srdce-svrsek", "srdce-8"]], "srdce-eso", player=1, ace=True)
    assert names(two, ace.legal_actions()) == ["stand"]


def test_the_svrsek_may_name_its_own_suit(two):
    state = arrange(two, [["zaludy-svrsek", "kule-8"], ["zaludy-9"]], "kule-9")
    lay(state, "zaludy-svrsek")
    name_suit(state, "zaludy")
    assert names(two, state.legal_actions()) == ["lay zaludy-9", "draw"]


# -- the turned-up card -------------------------------------------------------------------------------------------

def deal_then_turn_up(game, turned_up: str, starter: int = 0):
    """Deal the lowest cards that are not `turned_up`, then turn it up; return the state at the first decision."""
    state = game.new_initial_state(starter=starter)
    up = card(game, turned_up)
    for _ in range(4 * game.players):
        outcomes = [c for c, _ in state.chance_outcomes()]
        state.apply_action(next(c for c in outcomes if c != up))
    state.apply_action(up)
    state.check_invariants()
    return state


def test_a_turned_up_seven_acts_on_the_first_player(three):
    state = deal_then_turn_up(three, "kule-7", starter=1)
    assert state.player == 1 and state.dealer == 0 and state.penalty == 2
    assert all(three.power_of[c] == 1 for c in state.legal_actions()[:-1])  # only 7s, then the draw
    assert state.result().effects == {"turned-up-seven": 1}


def test_a_turned_up_ace_makes_the_first_player_stand(two):
    state = deal_then_turn_up(two, "kule-eso")
    assert state.ace and state.legal_actions()[-1] == two.stand
    assert state.result().plays == [{}, {}]  # the turned-up card is nobody's play


def test_a_turned_up_svrsek_keeps_its_own_suit(two):
    state = deal_then_turn_up(two, "kule-svrsek")
    assert state.top_suit == two.suits.index("kule") and not state.penalty and not state.ace
    fits = [c for c in state.legal_actions() if c < two.size]
    assert all(two.suit_of[c] == two.suits.index("kule") or two.power_of[c] == 3 for c in fits)


# -- the stock ----------------------------------------------------------------------------------------------------

def test_an_empty_stock_is_the_pile_but_its_top_shuffled_and_drawing_stays_a_chance(two):
    state = arrange(two, [["srdce-8"], ["kule-8"]], "zaludy-9", under=["listy-10", "listy-kral"], stock=[])
    state.apply_action(two.draw)
    assert state.player == CHANCE and state.pile == [card(two, "zaludy-9")]
    undealt = sorted(c for c in range(two.size) if c not in cards(two, ["srdce-8", "kule-8", "zaludy-9"]))
    outcomes = state.chance_outcomes()
    assert [c for c, _ in outcomes] == undealt and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    state.apply_action(card(two, "listy-kral"))
    assert state.player == 1 and state.result().figures["reshuffles"] == 1


def test_with_nothing_to_draw_a_penalty_draws_what_there_is(two):
    # every card is held but the top 7 and one card under it: one card can be drawn of the two owed
    rest = [c for c in two.ids if c not in ("srdce-7", "srdce-8")]
    state = arrange(two, [rest[:15], rest[15:]], "srdce-7", under=["srdce-8"], stock=[], penalty=2)
    draw(state, "srdce-8")
    assert state.player == 1 and state.penalty == 0 and state.draw_left == 0 and len(state.hands[0]) == 16
    assert state.result().figures["draws"] == 1 and state.result().figures["penalty_cards"] == 2


def test_with_nothing_to_draw_a_player_who_can_lay_must_and_one_who_cannot_passes(two):
    fitting = {c for c in two.ids if c.startswith("srdce-") or c.endswith(("-9", "-svrsek"))} - {"srdce-9"}
    others = [c for c in two.ids if c not in fitting and c != "srdce-9"]
    state = arrange(two, [sorted(fitting), others], "srdce-9", stock=[])
    assert "draw" not in names(two, state.legal_actions()) and "pass" not in names(two, state.legal_actions())
    state = arrange(two, [others, sorted(fitting)], "srdce-9", stock=[])
    assert state.legal_actions() == [two.pass_]
    state.apply_action(two.pass_)
    assert state.player == 1 and not state.is_terminal() and state.result().figures["passes"] == 1


TINY = """id: tiny
game: prsi
languages: [en]
name: {en: Tiny}
players: {min: 2, max: 3}
card_size: poker
suits:
  - {id: srdce, name: {en: Hearts}, colour: "#c0392b"}
  - {id: listy, name: {en: Leaves}, colour: "#2e7d32"}
  - {id: zvonky, name: {en: Chimes}, colour: "#777777"}
cards:
"""


def test_a_full_round_of_passes_is_a_stalemate(tmp_path):
    """With the bundled deck it cannot happen (the cards that fit the top are all held by players still in); a
    deck with a suit that has no cards and a single svršek stalls once the svršek names that suit."""
    cards_yaml = [f'  - {{id: {suit}-{rank}, kind: card, suit: {suit}, rank: "{rank}", count: 1, '
                  f'name: {{en: {suit} {rank}}}}}'
                  for suit in ("srdce", "listy") for rank in ("7", "8", "9", "10", "spodek", "svrsek", "kral", "eso")
                  if (suit, rank) != ("listy", "svrsek")]
    (tmp_path / "deck.yaml").write_text(TINY + "\n".join(cards_yaml) + "\n", encoding="utf-8")
    from deckforge.games import load_game
    from deckforge.load import load_deck

    game = load_game(load_deck(tmp_path), players=3)
    rest = [c for c in game.ids if c != "srdce-svrsek"]
    state = arrange(game, [rest[:5], rest[5:10], rest[10:]], "srdce-svrsek", stock=[], suit="zvonky")
    for seat in (0, 1):
        assert state.legal_actions() == [game.pass_]
        state.apply_action(game.pass_)
        assert not state.is_terminal()
    state.apply_action(game.pass_)
    assert state.is_terminal() and state.player == TERMINAL
    result = state.result()
    assert result.stalemate and not result.finished and state.returns() == [0.0, 0.0, 0.0]
    assert result.figures["passes"] == 3


# -- going out and the end ------------------------------------------------------------------------------------------

def test_the_last_card_takes_a_place_and_the_last_holder_loses(three):
    state = arrange(three, [["srdce-8"], ["kule-kral", "srdce-10"], ["srdce-kral", "kule-9"]], "srdce-9")
    lay(state, "srdce-8")
    assert state.out[0] and state.places == [0] and state.player == 1
    lay(state, "srdce-10")
    lay(state, "srdce-kral")
    assert state.player == 1  # seat 0 is out: play passes over it
    lay(state, "kule-kral")
    assert state.is_terminal() and state.places == [0, 1, 2]
    result = state.result()
    assert result.finished and result.winners == [0] and result.loser == 2
    assert state.returns() == [1.0, 0.0, -1.0]


def test_a_seven_as_the_last_card_passes_its_penalty_to_the_next_player_still_in(three):
    state = arrange(three, [["kule-9"], ["srdce-7"], ["zaludy-8", "zaludy-9"]], "srdce-9", player=1, out=())
    lay(state, "srdce-7")
    assert state.out[1] and state.player == 2 and state.penalty == 2


def test_effects_pass_over_players_who_are_out(three):
    state = arrange(three, [["srdce-eso", "kule-8"], [], ["zaludy-8", "zaludy-9"]], "srdce-9", out=[1])
    lay(state, "srdce-eso")
    assert state.player == 2 and state.ace


def test_a_svrsek_as_the_last_card_still_names_the_suit(three):
    state = arrange(three, [["listy-svrsek"], ["kule-8", "kule-10"], ["zaludy-8", "zaludy-9"]], "srdce-9")
    lay(state, "listy-svrsek")
    assert state.out[0] and state.player == 0 and state.legal_actions() == list(three.names)
    name_suit(state, "zaludy")
    assert state.player == 1 and names(three, state.legal_actions()) == ["draw"]


def test_the_last_card_ending_the_game_asks_for_no_suit(two):
    state = arrange(two, [["listy-svrsek"], ["kule-8"]], "srdce-9")
    lay(state, "listy-svrsek")
    assert state.is_terminal() and state.places == [0, 1]


# -- dealers and starters -----------------------------------------------------------------------------------------

def test_the_first_dealer_is_a_chance_node_and_the_player_left_of_the_dealer_starts(three):
    state = three.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state.apply_action(2)
    assert state.dealer == 2 and state.is_chance_node()
    for _ in range(13):
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.player == 0  # left of the dealer
    assert [len(hand) for hand in state.hands] == [4, 4, 4] and len(state.pile) == 1


def test_the_deal_passes_clockwise_from_game_to_game(three):
    from deckforge.sim.base import GameResult

    previous = GameResult(players=3, finished=False, stalemate=True, turns=5, winners=[], first_player=2)
    assert three.next_starter(previous) == 0
    assert three.next_starter(None) is None


def test_an_illegal_action_is_refused_with_its_name(two):
    state = arrange(two, [["srdce-8"], ["kule-8"]], "srdce-9")
    with pytest.raises(IllegalActionError, match="lay kule-8"):
        state.apply_action(card(two, "kule-8"))
    with pytest.raises(IllegalActionError, match="stand"):
        state.apply_action(two.stand)
    with pytest.raises(IllegalActionError, match="not an action"):
        state.apply_action(999)
