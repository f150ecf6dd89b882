"""The keys Kámen, nůžky, papír needed, on a tiny deck of items: `{effect: name, attr: ...}` (name a value of any
attribute), a `beats` top without the attribute, `extra_play` as an optional extra card, `refill: unshuffled`,
`end: {next_game: winner}`, and their parse errors (docs/rules-format.md)."""
from __future__ import annotations

import pytest

from deckforge.errors import DeckError
from deckforge.load import load_deck
from deckforge.sim.base import CHANCE, engine_for
from deckforge.sim.results import GameResult

DECK = """id: items
languages: [en]
name: {en: Items}
players: {min: 2, max: 3}
card_size: poker
cards:
  - {id: rock, count: 3, name: {en: Rock}, item: rock}
  - {id: scissors, count: 3, name: {en: Scissors}, item: scissors}
  - {id: paper, count: 3, name: {en: Paper}, item: paper}
  - {id: sheet, count: 1, name: {en: Sheet}, item: paper, power: extra}
  - {id: changer, count: 1, name: {en: Changer}, power: change}
rules:
  setup: [{deal: {to: hand, count: 3}}, {turn_up: {to: pile}}]
  play:
    moves:
      - play: {if: {wild: {power: change}}, then: [%(name)s]}
      - play: {if: {beats: {attr: item, table: {paper: rock, rock: scissors, scissors: paper}}}}
      - draw: {refill: %(refill)s}
      - pass: {}
  effects:
    - when: {power: extra}
      do: [extra_play]
  end: {round: last_holding, next_game: %(next)s}
  winner: first_out
"""
RULES = {"name": "{effect: name, attr: item}", "refill": "unshuffled", "next": "winner"}


def items(tmp_path, players: int = 2, **changes):
    path = tmp_path / "deck.yaml"
    path.write_text(DECK % {**RULES, **changes}, encoding="utf-8")
    return engine_for(load_deck(path), players)


def card(engine, label: str) -> int:
    return engine.t.labels.index(label)


def deal(engine, *labels: str):
    """Seat 0 starts (seat 1 deals): seat 0 gets the 1st, 3rd, 5th card, seat 1 the others; the 7th is turned up."""
    state = engine.new_initial_state(0)
    for label in labels:
        assert state.player == CHANCE
        state.apply_action(card(engine, label))
    return state


def test_a_named_item_stands_for_the_changer(tmp_path):
    e = items(tmp_path)
    assert e.t.name_values == ("rock", "scissors", "paper")
    state = deal(e, "changer", "rock#1", "paper#1", "rock#2", "paper#2", "paper#3", "scissors#1")
    assert state.legal_actions() == [card(e, "changer"), e.draw]   # only the changer goes on scissors
    state.apply_action(card(e, "changer"))
    assert state.current_player() == 0 and state.legal_actions() == [e.name_base, e.name_base + 1, e.name_base + 2]
    state.apply_action(e.name_base + 1)                             # it counts as scissors: rocks beat it
    assert state.current_player() == 1
    assert state.legal_actions() == [card(e, "rock#1"), card(e, "rock#2"), e.draw]
    assert state.result().effects["name"] == 1


def test_a_turned_up_card_without_the_item_takes_any_card(tmp_path):
    e = items(tmp_path)
    state = deal(e, "rock#1", "paper#1", "scissors#1", "paper#2", "paper#3", "rock#2", "changer")
    assert state.legal_actions() == [card(e, "rock#1"), card(e, "scissors#1"), card(e, "paper#3"), e.draw]
    state.apply_action(card(e, "rock#1"))    # from now on the rock on top counts
    assert state.legal_actions() == [card(e, "paper#1"), card(e, "paper#2"), e.draw]


def test_the_extra_card_is_optional_and_must_fit(tmp_path):
    e = items(tmp_path)
    state = deal(e, "sheet", "rock#1", "scissors#1", "rock#2", "scissors#2", "paper#1", "rock#3")
    # seat 0: sheet, scissors#1, scissors#2; rock#3 turned up: the sheet (paper) beats it
    state.apply_action(card(e, "sheet"))
    assert state.current_player() == 0                             # one more card, or pass: no draw
    assert state.legal_actions() == [card(e, "scissors#1"), card(e, "scissors#2"), e.pass_]
    state.apply_action(e.pass_)
    assert state.current_player() == 1 and state.result().effects["extra_play"] == 1


def test_an_extra_card_laid_is_the_players_own_turn_still(tmp_path):
    e = items(tmp_path)
    state = deal(e, "sheet", "rock#1", "scissors#1", "rock#2", "scissors#2", "paper#1", "rock#3")
    state.apply_action(card(e, "sheet"))
    state.apply_action(card(e, "scissors#1"))                      # scissors beat the sheet's paper
    assert state.current_player() == 1 and state.legal_actions() == [card(e, "rock#1"), card(e, "rock#2"), e.draw]


def test_the_unshuffled_pile_is_drawn_in_the_order_it_was_laid(tmp_path):
    e = items(tmp_path)
    state = deal(e, "rock#1", "scissors#1", "paper#1", "rock#2", "scissors#2", "paper#2", "scissors#3")
    state.apply_action(card(e, "rock#1"))        # seat 0 on scissors#3
    state.apply_action(card(e, "paper#2"))       # seat 1 on rock#1
    while state.zones[e.t.stock]:                # draw the stock empty, seat by seat
        state.apply_action(e.draw)
        assert state.player == CHANCE
        state.apply_action(state.chance_outcomes()[0][0])
    pile = list(state.zones[e.t.pile])
    assert pile == [card(e, "scissors#3"), card(e, "rock#1"), card(e, "paper#2")]
    seat = state.current_player()
    state.apply_action(e.draw)                   # no chance: the card laid first comes first
    assert state.player != CHANCE and card(e, "scissors#3") in state.zones[e.t.hand + seat]
    assert state.zones[e.t.stock] == [card(e, "rock#1")] and state.result().effects["refill"] == 1


def test_a_shuffled_refill_is_chance_again(tmp_path):
    e = items(tmp_path, refill="true")
    state = deal(e, "rock#1", "scissors#1", "paper#1", "rock#2", "scissors#2", "paper#2", "scissors#3")
    state.apply_action(card(e, "rock#1"))
    state.apply_action(card(e, "paper#2"))
    while state.zones[e.t.stock]:
        state.apply_action(e.draw)
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(e.draw)
    assert state.player == CHANCE and sorted(o for o, _ in state.chance_outcomes()) == sorted([
        card(e, "scissors#3"), card(e, "rock#1")])


def test_the_winner_starts_the_next_game(tmp_path):
    won = GameResult(players=3, finished=True, stalemate=False, turns=9, winners=[2], places=[2, 0, 1],
                     first_player=0)
    assert items(tmp_path, players=3).next_starter(won) == 2
    assert items(tmp_path, players=3, next="next_dealer").next_starter(won) == 1


@pytest.mark.parametrize("changes, message", [
    ({"name": "name"}, "3:11: rules.play.moves[0].play.then[0]: the effect 'name' needs the attribute its player "
                       "names: {effect: name, attr: item}"),
    ({"name": "{effect: name, attr: itme}"}, "rules.play.moves[0].play.then[0].attr: no card has the attribute "
                                             "'itme'; did you mean 'item'?"),
    ({"refill": "unshufled"}, "rules.play.moves[2].draw.refill: unknown refill 'unshufled'; did you mean "
                              "'unshuffled'? (true, false or unshuffled)"),
    ({"next": "winer"}, "rules.end.next_game: unknown"),
])
def test_mistakes_in_the_new_keys_are_reported_with_their_place(tmp_path, changes, message):
    with pytest.raises(DeckError) as caught:
        items(tmp_path, **changes)
    assert message.split(":", 2)[-1].strip() in str(caught.value) and "deck.yaml:" in str(caught.value)
    if changes.get("next"):
        assert "did you mean 'winner'" in str(caught.value)


@pytest.mark.parametrize("lang, sentences", [
    ("cs", ["Potom řekneš, za co karta platí: Kámen, Nůžky nebo Papír.",
            "Je-li to karta „Měnič“, smí se na ni položit jakákoli karta.",
            "Je-li to karta s účinkem, její účinek neplatí.",
            "zbytek bez míchání otoč rubem nahoru jako nový balíček",
            "Kartu navíc smíš vyložit, ale nemusíš.",
            "další hru začíná vítěz té předchozí"]),
    ("en", ["Then you say what the card counts as: Rock, Scissors, or Paper.",
            "If it is a Changer, any card may be laid on it.",
            "If it is a card with an effect, the effect does not apply.",
            "turn the rest over as the new stock without shuffling",
            "You may lay the extra card, but need not.",
            "the winner of each game starts the next one"]),
])
def test_the_rulebook_says_the_new_rules(lang, sentences):
    from deckforge.rules.describe import describe

    deck = load_deck("examples/kamen-nuzky-papir-as-data")
    text = describe(deck, deck.described, lang, 4)
    blocks = [*text.setup, *text.turn, *text.special, *text.end]
    written = " ".join(part for block in blocks for part in (block.text, *block.items)).replace("\u00a0", " ")
    assert [sentence for sentence in sentences if sentence not in written] == []
