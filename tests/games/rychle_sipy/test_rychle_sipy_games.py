"""Záhada hlavolamu a Rychlé šípy, played: seeded games with invariants checked, the policies, a variant deck.

Rules: ../shared/seeds/rychle-sipy.txt and ../shared/RULES.md. The variant deck renames every card, shortens the row
to seven and gives the cards other bonuses and penalties: the engine must play it as written.
"""
import json
import random
from collections import Counter

import pytest

from deckforge.load import load_deck
from deckforge.sim.base import engine_for, play_game
from deckforge.sim.runner import simulate
from deckforge.games.rychle_sipy.greedy import greedy_discard, greedy_take
from deckforge.games.rychle_sipy.rules import DISCARD, NO_DISCARD, NO_TAKE, TAKE_DISCARD, TAKE_STOCK

from test_rychle_sipy_rules import BOHOUS, FULL_ROW, MAZNAK, arrange

DECK = load_deck("rychle-sipy")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_seeded_games_keep_every_card_and_end(players, policy):
    engine = engine_for(DECK, players)
    rng = random.Random(f"rychle-sipy/{players}/{policy}")
    results = [play_game(engine, rng, [policy] * players, check=True) for _ in range(60)]
    assert all(r.finished != r.stalemate for r in results)
    for result in results:
        if result.finished:
            assert len(result.winners) == 1 and sum(result.scores) == 1 and sorted(result.places) == list(
                range(players))
            assert result.turns < engine.info.max_turns(players)
    assert sum(r.finished for r in results) >= (58 if policy == "greedy" else 35)


def test_the_same_seed_plays_the_same_games():
    first = simulate(DECK, 3, 40, seed=11, policy="greedy,random,greedy")
    again = simulate(DECK, 3, 40, seed=11, policy="greedy,random,greedy", jobs=2)
    assert json.dumps(first.as_dict(), sort_keys=True) == json.dumps(again.as_dict(), sort_keys=True)
    assert first.finished > 30 and first.games == 40


def test_greedy_games_at_every_count_rarely_stall_and_play_every_card():
    engine = engine_for(DECK, 4)
    for players in (2, 3, 4):
        run = simulate(DECK, players, 150, seed=3, policy="greedy")
        assert run.stalemates <= 3 and not run.errors
        assert all(run.plays_by_card[card.id] for card in DECK.cards)
        assert engine.expected_effects() <= set(run.effects)


def test_the_deal_passes_clockwise_through_a_series():
    engine = engine_for(DECK, 3)
    rng = random.Random(5)
    starts, previous = [], None
    for _ in range(4):
        result = play_game(engine, rng, ["greedy"] * 3, starter=engine.next_starter(previous))
        starts.append(result.first_player)
        previous = result
    assert starts[1:] == [(starts[0] + k) % 3 for k in (1, 2, 3)]


def test_the_trace_records_takes_discards_penalties_and_the_winner():
    engine = engine_for(DECK, 2, {"trace": True})
    result = play_game(engine, random.Random(2), ["greedy", "greedy"])
    log = "\n".join(result.log)
    assert "takes" in log and "discards" in log and "serves the penalty" in log and "row reaches" in log
    assert result.finished and result.log[-1] == (f"seat {result.winners[0]} discards the last card face "
                                                           "down, closes the row and wins the Ježek")


# --- the greedy player --------------------------------------------------------------------------------------------

def test_greedy_takes_a_discard_it_needs_and_keeps_the_row_growing():
    engine = engine_for(DECK, 3)
    state = arrange(engine, hands={0: [1, 2]}, stock=[9], pile=[3])
    assert greedy_take(engine, state) == TAKE_DISCARD
    state = arrange(engine, hands={0: [1, 3]}, stock=[9], pile=[3])
    assert greedy_take(engine, state) == TAKE_STOCK
    state = arrange(engine, hands={0: [2, 3]}, rows={0: FULL_ROW}, stock=[9], pile=[5])
    assert greedy_take(engine, state) == NO_TAKE


def test_greedy_throws_a_spare_penalty_card_at_the_next_player_and_keeps_needed_cards():
    engine = engine_for(DECK, 3)
    state = arrange(engine, hands={0: [1, 2, 9, MAZNAK, MAZNAK]}, stock=[9, 9], pile=[7])
    state.apply_action(TAKE_STOCK)  # a second 9 joins the hand: the spares are a 9 and a Mažňák
    assert engine.number[greedy_discard(engine, state) - DISCARD] == MAZNAK
    state = arrange(engine, hands={0: [1, 2, BOHOUS]}, stock=[9, 9], pile=[7])
    state.apply_action(TAKE_DISCARD)  # every card is needed
    assert greedy_discard(engine, state) == NO_DISCARD


def test_greedy_keeps_its_last_spare_card_to_close_with():
    engine = engine_for(DECK, 3)
    state = arrange(engine, hands={0: [1, 2, 9]}, stock=[9, 9], pile=[7])
    state.apply_action(TAKE_STOCK)
    assert greedy_discard(engine, state) == NO_DISCARD
    state = arrange(engine, hands={0: [1, 2, 9, 9]}, stock=[9, 9], pile=[7])
    state.apply_action(TAKE_STOCK)
    assert engine.number[greedy_discard(engine, state) - DISCARD] == 9


# --- a variant deck -----------------------------------------------------------------------------------------------

def variant_card(number: int, colour: str, **attrs) -> dict:
    name = f"Postava {number}"
    return {"id": f"{number}-{colour}", "kind": "character", "number": number, "colour": colour, "side": "ally",
            "count": 1, "name": {"cs": name, "en": name}, **attrs}


@pytest.fixture(scope="module")
def variant(tmp_path_factory):
    """Seven numbers in three colours: 3 makes the next player draw from the stock and discard one, 5 makes them
    discard two without taking, 6 and 7 are laid out at once (bonus 2 and 1); 1, 2 and 4 give no bonus."""
    effects = {3: {"penalty": {"take": "stock", "discard": 1}}, 5: {"penalty": {"take": "none", "discard": 2}},
               6: {"laid_out": True, "bonus": 2}, 7: {"laid_out": True, "bonus": 1}}
    colours = ("red", "green", "blue")
    cards = [variant_card(n, c, **effects.get(n, {})) for n in range(1, 8) for c in colours]
    cards.append({"id": "trophy", "kind": "prize", "count": 1, "name": {"cs": "Pohár", "en": "Trophy"}})
    data = {"id": "variant", "game": "rychle-sipy", "languages": ["cs", "en"], "name": {"cs": "Varianta",
            "en": "Variant"}, "players": {"min": 2, "max": 3}, "card_size": "poker",
            "suits": [{"id": c, "name": {"cs": c, "en": c}} for c in colours], "cards": cards}
    folder = tmp_path_factory.mktemp("variant")
    (folder / "deck.yaml").write_text(json.dumps(data), encoding="utf-8")
    return load_deck(folder / "deck.yaml")


def test_a_variant_deck_plays_as_written(variant):
    engine = engine_for(variant, 2)
    assert engine.top == 7 and engine.start == 5
    assert engine.expected_effects() == {"bonus", "jezek-set-aside", "penalty:stock-then-discard-1",
                                         "penalty:discard-2"}
    effects, finished = Counter(), 0
    rng = random.Random(8)
    for _ in range(60):
        result = play_game(engine, rng, ["greedy", "random"], check=True)
        effects.update(result.effects)
        finished += result.finished
        assert not result.finished or result.plays[result.winners[0]]["trophy"] == 1
    assert finished >= 45 and engine.expected_effects() <= set(effects)
    assert "penalty:lose-turn" not in effects and "penalty:discard-1" not in effects
