"""Kámen, nůžky, papír written as data (decks/examples/kamen-nuzky-papir-as-data) plays exactly as its hand-written
engine (issue 21, part 3).

1,000 seeded games, spread over every player count from 2 to 12 (most at 2 to 4, which one set of cards serves;
5 to 12 players play with two or three sets), go through both engines at once (tests/helpers/cross_check.py): the
same chance outcomes and decisions, and at every step the same seat to move, the same chance outcomes with their
probabilities, the same legal actions and at the end the same returns. Laying a changer naming an item is one
decision of the hand-written engine and two of the description (lay it, then name the item): the second is checked
as a step of its own. Together the games must make every rule of the game fire (RULES.md, "Kámen, nůžky, papír").

Seat 0 starts every game: the hand-written engine deals from seat 0 whoever starts, the description from the
starter (the dealer's left), so only with seat 0 starting are the two deals the same card for card (the chance
outcomes are the same either way; which seat gets which card is not). Who starts the next game is compared
separately (`next_starter`).

The players are random but lay a card rather than draw four times in five, so that games end well inside the
engines' bounds; in every fifth game they first hoard cards (draw whenever they may), which empties the draw pile,
turns the discards into a new one and makes players pass. A full round of passes (a stalemate) cannot happen with
the bundled cards: a pass needs every card but the top one in the hands of players still in, and among them are the
items that beat the top and the changers. So the stalemate is compared on a deck without paper, where it is the
usual end (`test_a_full_round_of_passes_is_a_stalemate_in_both_engines`).
"""
from __future__ import annotations

from collections import Counter

import pytest

from deckforge.games.kamen_nuzky_papir.rules import ITEM_NAMES
from deckforge.load import load_deck
from deckforge.sim.base import engine_for
from deckforge.rules.state import PUBLIC
from deckforge.sim.results import GameResult
from tests.helpers.cross_check import Recording, note_fired, play_both, prefer, unfired

GAMES = {2: 250, 3: 250, 4: 250, 5: 60, 6: 50, 7: 40, 8: 40, 9: 20, 10: 15, 11: 15, 12: 10}   # 1,000 in all
CHANGER = "changer"

# each rule of the game, as the hand-written engine counts it (effects or figures) and as the description does
RULES_FIRED = {
    "the next player misses a turn": ("skip", "skip"),
    "the direction of play reverses": ("reverse", "reverse"),
    "a player draws (the next, the previous, or every other player)": ("draw", "draw.effect"),
    "the caster takes another turn": ("play_again", "play_again"),
    "the caster may lay one more card": ("extra_play", "extra_play"),
    "the caster gives a card to the next player": ("give", "give"),
    "the caster swaps hands with a player of their choice": ("swap_hands", "swap_hands"),
    "the discards turned over, unshuffled, as a new draw pile": ("rebuilds", "refill"),
    "a player with nothing to lay or draw passes": ("passes", "pass"),
}


def to_data(hand, data):
    """Map the hand-written engine's action numbers to the described engine's: a card is the same index in both;
    a changer laid naming an item is two decisions (lay it, name the item)."""
    names = {item: data.name_base + v for v, item in enumerate(data.t.name_values)}
    specials = {hand.draw_action: data.draw, hand.pass_action: data.pass_, hand.decline_action: data.pass_}

    def mapped(action: int):
        if action < hand.size:
            return action
        if action < hand.draw_action:
            card, item = divmod(action - hand.size, 3)
            return card, names[ITEM_NAMES[item]]
        if action in specials:
            return specials[action]
        if action < hand.target_base:
            return action - hand.give_base   # give that card
        return data.seat_base + action - hand.target_base   # choose that seat
    return mapped


def hoard_then_lay(hand, hoard: int = 60):
    """Return a player that prefers drawing for the game's first `hoard` decisions, then prefers laying."""
    drawing = prefer(lambda action: action == hand.draw_action, 0.95)
    laying = prefer(lambda action: action < hand.draw_action or action >= hand.give_base)
    calls = [0]

    def choose(rng, actions):
        calls[0] += 1
        return (drawing if calls[0] <= hoard else laying)(rng, actions)
    return choose


def kind_turned_up(engine, state) -> str:
    """Return what the card turned up at the start was: an item, a spell or the changer (the first card the
    described state's history shows face up)."""
    card = next((~entry) >> 8 for entry in state.history if entry < 0 and (~entry) & 0xFF == PUBLIC)
    if engine.t.card_ids[engine.t.kind_of[card]] == CHANGER:
        return CHANGER
    return "spell" if engine.t.card_effects[card] else "item"


@pytest.fixture(scope="module")
def decks():
    return load_deck("kamen-nuzky-papir"), load_deck("examples/kamen-nuzky-papir-as-data")


def test_described_kamen_nuzky_papir_plays_as_the_hand_written_engine(decks):
    hand_deck, data_deck = decks
    fired, turned_up, outcomes, seed = Counter(), Counter(), Counter(), 0
    for players, games in GAMES.items():
        hand, data = Recording(engine_for(hand_deck, players)), Recording(engine_for(data_deck, players))
        mapped = to_data(hand.engine, data.engine)
        laying = prefer(lambda action: action < hand.engine.draw_action or action >= hand.engine.give_base)
        for _ in range(games):
            choose = hoard_then_lay(hand.engine) if seed % 5 == 4 else laying
            play_both(hand, data, seed, mapped, choose, starter=0)
            seed += 1
        for ours, theirs in zip(hand.states, data.states):
            result, described = ours.result(), theirs.result()
            note_fired(fired, result, described)
            turned_up[kind_turned_up(data.engine, theirs)] += 1
            outcomes["stalemate" if result.stalemate else "finished"] += 1
            assert (result.stalemate, result.places) == (described.stalemate, described.places)
    assert seed == 1000
    assert unfired(RULES_FIRED, fired) == {}
    assert fired["data:name"] and fired["data:play.wild"] and fired["data:play.beats"]
    # RULES.md: a spell turned up at the start does nothing; a changer turned up takes any card
    assert turned_up["spell"] and turned_up[CHANGER], turned_up
    assert outcomes == {"finished": 1000}


def test_the_winner_starts_the_next_game_in_both_engines(decks):
    hand_deck, data_deck = decks
    for players in (2, 5):
        hand, data = engine_for(hand_deck, players), engine_for(data_deck, players)
        assert hand.next_starter(None) is None and data.next_starter(None) is None
        won = GameResult(players=players, finished=True, stalemate=False, turns=10, winners=[1],
                         places=[1, 0] + list(range(2, players)))
        assert hand.next_starter(won) == data.next_starter(won) == 1
        stuck = GameResult(players=players, finished=False, stalemate=True, turns=10, winners=[], places=[])
        assert hand.next_starter(stuck) is None and data.next_starter(stuck) is None


ROCKS_AS_DATA = """extends: hand.yaml
id: rocks-as-data
rules:
  setup: [{deal: {to: hand, count: 4}}, {turn_up: {to: pile}}]
  play:
    moves:
      - play: {if: {beats: {attr: item, table: {rock: scissors}}}}
      - draw: {refill: unshuffled}
      - pass: {}
  end: {round: last_holding, blocked: stalemate}
  winner: first_out
"""


def test_a_full_round_of_passes_is_a_stalemate_in_both_engines(decks, tmp_path):
    """Every paper card (spells too) and every changer made a plain rock: nothing goes on a rock, so once every
    card is drawn, everyone passes (RULES.md: a full round of passes is a stalemate)."""
    rock = "{cs: Kámen, en: Rock, de: Stein}"
    cards = [f"  - {{id: {card.id}, kind: item, item: rock, "
             f"count: {card.count}, name: {rock}, text: {rock}}}\n"
             for card in decks[0].cards if card.kind == CHANGER or card.get("item") == "paper"]
    (tmp_path / "hand.yaml").write_text("extends: kamen-nuzky-papir\nid: rocks\ncards:\n" + "".join(cards),
                                        encoding="utf-8")
    (tmp_path / "data.yaml").write_text(ROCKS_AS_DATA, encoding="utf-8")
    hand_deck, data_deck = load_deck(tmp_path / "hand.yaml"), load_deck(tmp_path / "data.yaml")
    assert {card.get("item") for card in hand_deck.cards} == {"rock", "scissors"}
    stalemates = 0
    for players in (2, 3, 4):
        hand, data = Recording(engine_for(hand_deck, players)), Recording(engine_for(data_deck, players))
        mapped, lay = to_data(hand.engine, data.engine), prefer(lambda action: action < hand.engine.draw_action)
        for seed in range(20):
            play_both(hand, data, seed, mapped, lay, starter=0)
        stalemates += sum(state.result().stalemate and state.is_terminal() for state in data.states)
    assert stalemates > 30
