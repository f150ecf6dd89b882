"""Kámen, nůžky, papír played whole: invariants in seeded games, custom decks played as written."""
import random
import re

import pytest
from hypothesis import given, settings, strategies as st
from knp_helpers import changer, item, write_deck

from deckforge.load import load_deck
from deckforge.sim.base import engine_for, play_game
from deckforge.sim.runner import simulate

DECK = load_deck("kamen-nuzky-papir")
GAMES = {2: 40, 4: 20, 5: 12, 8: 6}


@pytest.mark.parametrize("players", sorted(GAMES))
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_seeded_games_keep_every_invariant_and_end(players, policy):
    engine = engine_for(DECK, players)
    rng = random.Random(players)
    games = GAMES[players] * (1 if policy == "random" else 3)
    for _ in range(games):
        result = play_game(engine, rng, [policy] * players, check=True)  # check_invariants after every step
        assert result.finished != result.stalemate
        if result.finished:
            assert sorted(result.places) == list(range(players)) and result.winners == result.places[:1]
        laid = sum(sum(plays.values()) for plays in result.plays)
        assert laid >= 4 * (players - 1)  # everyone but the last laid at least the cards dealt


@pytest.mark.parametrize("players", [2, 3, 5, pytest.param(8, marks=pytest.mark.slow)])
def test_a_deck_with_every_effect_keeps_the_invariants(spell_deck, players):
    seats = ",".join("random" if seat % 2 else "greedy" for seat in range(players))  # mixed seats
    summary = simulate(spell_deck, players, games=24, seed=players, policy=seats, check=True)
    assert summary.errors == [] and summary.finished + summary.stalemates == 24
    assert summary.as_dict()["unplayed_cards"] == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 12), policy=st.sampled_from(["random", "greedy"]))
def test_any_seed_conserves_cards_and_ends(seed, players, policy):
    engine = engine_for(DECK, players)
    result = play_game(engine, random.Random(seed), [policy] * players, check=True)
    assert result.finished or result.stalemate
    assert result.turns <= engine.info.max_turns(players)


def test_a_custom_spell_is_played_and_does_what_it_says(tmp_path):
    words = {"cs": "Vichřice", "en": "Whirlwind"}
    names = ", ".join(f"{lang}: {words.get(lang, 'Whirlwind')}" for lang in DECK.languages)  # all the deck has
    (tmp_path / "deck.yaml").write_text(
        "extends: kamen-nuzky-papir\nid: my-rps\n"
        "cards:\n"
        "  - id: whirlwind\n    kind: spell\n    item: paper\n    count: 2\n"
        f"    name: {{{names}}}\n"
        "    effects: [{effect: skip, target: previous, turns: 2}, {effect: draw, target: others, count: 2}]\n",
        encoding="utf-8")
    deck = load_deck(tmp_path)
    summary = simulate(deck, 4, games=100, seed=2, policy="greedy")
    played = summary.plays_by_card["whirlwind"]
    assert played > 0 and not summary.unplayed_cards and not summary.errors
    spells = summary.figures["spell_effects"]
    assert spells["whirlwind.skip"] == spells["whirlwind.draw"]  # both effects, in order
    assert 0 <= played - spells["whirlwind.skip"] <= summary.finished  # all but a last card that ended the game


def test_a_deck_with_other_counts_plays_as_written(tmp_path):
    cards = [item("rock", "rock", 5), item("scissors", "scissors", 6), item("paper", "paper", 8), changer(count=2)]
    deck = load_deck(write_deck(tmp_path, cards, high=4))
    engine = engine_for(deck, 3)
    assert engine.size == 21 and engine.card_ids.count("rock") == 5 and engine.card_ids.count("changer") == 2
    summary = simulate(deck, 3, games=30, seed=1, policy="greedy", check=True)
    assert summary.plays_by_card["rock"] > 0 and not summary.errors and summary.finished == 30


def test_a_trace_follows_the_game():
    engine = engine_for(DECK, 3, {"trace": True})
    result = play_game(engine, random.Random(8), ["random"] * 3)
    log = result.log
    assert log[0].startswith("deal: seat 0: ") and "turned up" in log[0]
    assert sum(1 for line in log if line[:1].isdigit()) == result.turns  # one numbered line per decision
    assert log[-1] == f"   places: {result.places}"


def test_a_trace_says_who_misses_a_turn_and_the_turn_passes_them_by(tmp_path):
    """A skip spell's trace said only "cut-thread: skip": not whom it struck. Each seat it strikes now has its line,
    and the next decision belongs to another seat."""
    engine = engine_for(DECK, 4, {"trace": True})
    log = play_game(engine, random.Random(3), ["random"] * 4).log
    skips = [i for i, line in enumerate(log) if line == "   cut-thread: skip"]
    assert skips
    for i in skips:
        missed = re.fullmatch(r"   seat (\d) misses its next turn", log[i + 1])
        assert missed, log[i:i + 2]
        decision = next(line for line in log[i + 2:] if line[:1].isdigit() or line.startswith("   places"))
        assert f": seat {missed.group(1)} " not in decision, log[i:i + 4]
    (tmp_path / "deck.yaml").write_text(
        "extends: kamen-nuzky-papir\nid: my-rps\ncards:\n  - id: whirlwind\n    kind: spell\n    item: scissors\n"
        "    count: 3\n    name: {cs: Vichřice, en: Whirlwind, de: Wirbelsturm}\n"
        "    effects: [{effect: skip, target: others, turns: 2}]\n", encoding="utf-8")
    log = "\n".join(play_game(engine_for(load_deck(tmp_path), 3, {"trace": True}), random.Random(5),
                              ["random"] * 3).log)
    assert re.search(r"   whirlwind: skip\n   seat (\d) misses its next 2 turns\n   seat (?!\1)\d misses its next 2 "
                     r"turns\n", log), log
