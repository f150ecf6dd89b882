"""Cards a trick game treats apart, and the options of a turned-up trump (docs/rules-format.md, "Options of the
`tricks` style" and "trump"), scripted on tiny described decks with a Wizard and Jesters: `wild` cards played
instead of following, `beats_all` and `loses_all` cards, the suit to follow set after a led Jester, the dealer's
choice of trump, a card that means no trump, no trump once the deal took every card; the parser's messages; the
rulebook's sentences."""
from __future__ import annotations

import pytest
from rules_tables import act, card, engine, start, write_deck

from deckforge.errors import DeckError
from deckforge.load import load_deck
from deckforge.rules.describe import describe

SPECIAL = """
  - {id: wizard, kind: wizard, count: 1, name: {en: Wizard}}
  - {id: jester, kind: jester, count: 2, name: {en: Jester}}"""
WIZARDRY = """  ranks: ["1", "2", "3", "4"]
  setup: [deal: {to: hand, count: %s}]
  trump: {turn_up: {dealer_chooses: {kind: wizard}, no_trump: {kind: jester}, stock_empty: %s}}
  play: {style: tricks, follow: suit, wild: {kind: [wizard, jester]}, beats_all: {kind: wizard},
         loses_all: {kind: jester}}
  score: [per_trick: 1]
"""


def wizardry(tmp_path, count="2", stock_empty="none", players=2):
    return engine(tmp_path, WIZARDRY % (count, stock_empty), players, extra_cards=SPECIAL)


def test_a_wild_card_may_be_played_instead_of_following_and_the_first_beats_all_card_wins(tmp_path):
    game = wizardry(tmp_path)
    state = start(game, 0, "red-1", "red-2", "blue-1", "wizard", "blue-4")   # blue-4 turned up: blue is trump
    assert state.trump_suit == game.t.suits.index("blue")
    act(state, "red-1")
    assert state.legal_actions() == sorted([card(game, "red-2"), card(game, "wizard")])   # red, or the Wizard
    act(state, "wizard")
    assert state.tricks_won == [0, 1] and state.player == 1   # the Wizard beats the red 1
    act(state, "red-2", "blue-1")                             # no red left: seat 0 trumps
    assert state.tricks_won == [1, 1] and state.is_terminal()
    assert state.result().effects == {"trick": 2, "beats_all": 1, "trump": 1}


def test_a_led_beats_all_card_leaves_no_suit_to_follow(tmp_path):
    game = wizardry(tmp_path)
    state = start(game, 0, "wizard", "red-2", "blue-1", "blue-2", "red-4")
    act(state, "wizard")
    assert state.legal_actions() == sorted([card(game, "red-2"), card(game, "blue-2")])   # anything
    act(state, "red-2")
    assert state.tricks_won == [1, 0]   # red is trump, but the Wizard was first


def test_after_a_led_jester_the_next_card_sets_the_suit_and_jesters_alone_go_to_the_first(tmp_path):
    game = wizardry(tmp_path, players=3)
    # starter 0 (dealer 2): seat 0 jester#1 blue-1, seat 1 red-2 blue-2, seat 2 red-3 blue-3; red-4 turned up
    state = start(game, 0, "jester#1", "red-2", "red-3", "blue-1", "blue-2", "blue-3", "red-4")
    act(state, "jester#1")
    assert len(state.legal_actions()) == 2       # a Jester led sets no suit
    act(state, "blue-2")
    assert state.legal_actions() == [card(game, "blue-3")]   # blue, set by the card after the Jester
    act(state, "blue-3")
    assert state.tricks_won == [0, 0, 1]         # the Jester loses to both blues
    two = wizardry(tmp_path / "two")
    state = start(two, 0, "jester#1", "jester#2", "red-1", "red-3", "blue-4")
    act(state, "jester#1", "jester#2")
    assert state.tricks_won == [1, 0] and state.effects["loses_all"] == 1   # Jesters only: the first takes it


def test_the_turned_up_card_lets_the_dealer_choose_or_means_no_trump(tmp_path):
    game = wizardry(tmp_path)
    state = start(game, 0, "red-1", "red-2", "blue-1", "blue-2", "wizard")
    assert state.player == 1 and state.legal_actions() == list(game.names)   # seat 1 deals and chooses
    act(state, game.name_base + game.t.suits.index("red"))
    assert state.trump_suit == game.t.suits.index("red") and state.player == 0
    state = start(game, 0, "red-1", "red-2", "blue-1", "blue-2", "jester#1")
    assert state.trump_suit == -1 and state.player == 0 and state.effects == {"trump.none": 1}


def test_a_deal_of_every_card_leaves_no_trump_or_shows_the_last_card_dealt(tmp_path):
    deal = ("red-1", "red-2", "red-3", "red-4", "blue-1", "blue-2", "blue-3", "blue-4", "wizard", "jester#1",
            "jester#2")
    game = wizardry(tmp_path, count="all")
    state = start(game, 0, *deal)   # eleven cards to two: seat 0 gets six, and none is left to turn up
    assert state.trump_suit == -1 and state.effects == {"trump.stock_empty": 1}
    whist = wizardry(tmp_path / "whist", count="all", stock_empty="last_dealt")
    state = start(whist, 0, *deal[:7], *deal[8:], "blue-4")   # the last card dealt: blue-4
    assert state.trump_suit == whist.t.suits.index("blue")


def problems(tmp_path, rules: str) -> list[str]:
    with pytest.raises(DeckError) as caught:
        load_deck(write_deck(tmp_path, rules, extra_cards=SPECIAL))
    return [str(problem) for problem in caught.value.problems]


def test_the_new_keys_are_read_strictly_with_their_place(tmp_path):
    found = problems(tmp_path, """  play: {style: tricks, beats_all: {kinds: wizard}, loses_all: {kind: jestr}}
  trump: {turn_up: {dealer_choses: {kind: wizard}, stock_empty: never}}
""")
    text = "\n".join(found)
    assert "rules.play.beats_all.kinds: no card has the attribute 'kinds'; did you mean 'kind'?" in text
    assert "rules.play.loses_all.kind: no card has kind 'jestr'; did you mean 'jester'?" in text
    assert "rules.trump.turn_up.dealer_choses: unknown key 'dealer_choses'; did you mean 'dealer_chooses'?" in text
    assert "rules.trump.turn_up.stock_empty" in text and "last_dealt" in text
    assert all(":" in problem.split(" ")[0] for problem in found)   # each one placed: file:line:col
    found = problems(tmp_path, "  play: {style: turns, moves: [play: {}], wild: {kind: wizard}}\n"
                               "  trump: {turnup: {}}\n")
    assert any("rules.play.wild: 'wild' is an option of another style than 'turns'" in p for p in found)
    assert any("rules.trump: a mapping here holds only turn_up and its options" in p for p in found)


def test_kind_is_no_attribute_when_every_card_is_of_one_kind(tmp_path):
    with pytest.raises(DeckError) as caught:
        load_deck(write_deck(tmp_path, "  play: {style: tricks, beats_all: {kind: card}}\n"))
    assert "rules.play.beats_all.kind: no card has the attribute 'kind'" in str(caught.value)


def test_the_rulebook_says_what_the_special_cards_and_the_trump_options_do(tmp_path):
    deck = load_deck(write_deck(tmp_path, WIZARDRY % ("2", "none"), extra_cards=SPECIAL))
    text = describe(deck, deck.described, "en", 2)
    setup = " ".join(text.setup[0].items)
    turn = " ".join(block.text for block in text.turn)
    assert "If a Wizard is turned up, the dealer chooses the trump suit." in setup
    assert "If a Jester is turned up, there are no trumps this round." in setup
    assert "You may play a Wizard or Jester at any time, even when you could follow suit." in turn
    assert "The first Wizard played in a trick wins it." in turn
    assert "A Jester never wins a trick, unless every card in it is one: then the first of them wins." in turn
    wizard = load_deck("examples/wizard-as-data")
    cs = describe(wizard, wizard.described, "cs", 4)
    setup = " ".join(cs.setup[0].items).replace("\u00a0", " ")   # Czech ties one-letter words with a no-break space
    turn = " ".join(block.text for block in cs.turn).replace("\u00a0", " ")
    assert "Je-li otočena karta „Čaroděj“, zvolí trumfovou barvu rozdávající." in setup
    assert "V kole, kdy se rozdají všechny karty, už žádná k otočení nezbude: to kolo se hraje bez trumfů." \
        in setup
    assert ("Je-li vynesena karta „Šašek“, barvu k přiznání určí první další zahraná karta, která není kartou "
            "„Šašek“.") in turn
