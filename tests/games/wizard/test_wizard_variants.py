"""Wizard variants (RULES.md, Wizard): each switch changes what a player may see or bid, and binds the greedy player.

The greedy player decides from `WizardState.view(seat)` alone; these tests check what a view shows under each
variant, and that the greedy choice does not change when only hidden information changes.
"""
import random

import pytest
from wizard_helpers import bid_all, deal, engine, settle

from deckforge.games.wizard import SPEC
from deckforge.games.wizard.engine import BID, PLAY, VARIANTS
from deckforge.sim.base import SimulationError, chosen_variants, play_game


def test_unknown_variant_names_the_allowed_ones():
    with pytest.raises(SimulationError) as error:
        engine(4, "hiden-bids")
    message = str(error.value)
    assert "unknown Wizard variant 'hiden-bids'" in message and "did you mean 'hidden-bids'?" in message
    assert "one of: lucid-vision, plus-minus-one, hidden-bids, secret-bids" in message


@pytest.mark.parametrize("other", ["hidden-bids", "secret-bids"])
def test_plus_minus_one_needs_open_bids(other):
    with pytest.raises(SimulationError, match=f"plus-minus-one needs open bids, so it cannot be combined with {other}"):
        engine(4, "plus-minus-one", other)


def test_variants_may_come_as_one_comma_list():
    assert chosen_variants(SPEC, "lucid-vision, secret-bids") == {"lucid-vision", "secret-bids"}
    assert chosen_variants(SPEC, ()) == frozenset()


# -- lucid vision: round 1, each player sees the others' cards and not their own ---------------------------------
def first_round(variants, own, second="humans-3", turned_up="giants-2"):
    """Round 1 at 4 players, dealer P3: P0 bids and leads first, holding `own`."""
    eng = engine(4, *variants)
    return eng, deal(eng, 1, [[own], [second], ["elves-4"], ["jester"]], turned_up, dealer=3)


def test_lucid_vision_shows_the_others_cards_and_hides_ones_own():
    eng, state = first_round(["lucid-vision"], "wizard")
    view = state.view(0)
    assert view.hand is None
    assert {s: [eng.table.ids[c] for c in cards] for s, cards in view.seen_hands.items()} == \
        {1: ["humans-3"], 2: ["elves-4"], 3: ["jester"]}
    plain = first_round([], "wizard")[1].view(0)
    assert plain.seen_hands == {} and len(plain.hand) == 1


def test_lucid_vision_greedy_bid_ignores_its_own_card_and_reads_the_others():
    def greedy_bid(state):
        return state.engine.greedy_action(state, None) - state.engine.bid_base

    blind = [first_round(["lucid-vision"], own)[1] for own in ("wizard", "jester", "humans-1")]
    assert [greedy_bid(state) for state in blind] == [1, 1, 1]
    # most unseen cards beat a 3 of Humans, a 4 of Elves and a Jester when led; a Wizard in sight beats them all
    assert greedy_bid(first_round(["lucid-vision"], "humans-13", second="wizard")[1]) == 0
    assert [greedy_bid(first_round([], own)[1]) for own in ("wizard", "jester")] == [1, 0]


def test_lucid_vision_ends_after_round_one():
    eng = engine(4, "lucid-vision")
    state = eng.new_game(random.Random(3))
    rng = random.Random(3)
    while state.round == 1:
        assert state.view(state.player).hand is None
        state.apply_action(rng.choice(state.legal_actions()))
    settle(state, rng)
    view = state.view(state.player)
    assert view.hand is not None and len(view.hand) == 2 and view.seen_hands == {}


# -- hidden and secret bids ----------------------------------------------------------------------------------
STRONG = ["wizard", "wizard", "humans-13", "elves-13", "giants-12"]
OTHERS = [["humans-2", "humans-4", "elves-3", "giants-5", "jester"], ["humans-6", "elves-8", "elves-9", "giants-1",
          "giants-3"], ["dwarves-2", "humans-7", "humans-8", "elves-10", "giants-7"]]


def dealer_to_bid(variants, earlier_bids):
    """Round 5 at 4 players: P0..P2 have bid `earlier_bids`; the dealer P3 holds a strong hand and bids last."""
    state = deal(engine(4, *variants), 5, OTHERS + [STRONG], "dwarves-6", dealer=3)
    bid_all(state, *earlier_bids)
    return state


def test_open_bids_are_seen_and_change_the_greedy_bid():
    low, high = dealer_to_bid([], (0, 0, 0)), dealer_to_bid([], (5, 5, 5))
    assert low.view(3).bids == (0, 0, 0, None)
    assert low.engine.greedy_action(low, None) > high.engine.greedy_action(high, None)


@pytest.mark.parametrize("variant", ["hidden-bids", "secret-bids"])
def test_hidden_and_secret_bids_are_not_seen_while_bidding(variant):
    low, high = dealer_to_bid([variant], (0, 0, 0)), dealer_to_bid([variant], (5, 5, 5))
    assert low.phase == BID and low.view(3).bids == (None, None, None, None)
    assert low.engine.greedy_action(low, None) == high.engine.greedy_action(high, None)


def test_hidden_bids_are_revealed_when_all_have_bid():
    state = dealer_to_bid(["hidden-bids"], (0, 1, 2))
    bid_all(state, 2)
    assert state.phase == PLAY
    assert state.view(0).bids == (0, 1, 2, 2)


def test_secret_bids_stay_secret_until_the_round_ends():
    state = dealer_to_bid(["secret-bids"], (0, 1, 2))
    bid_all(state, 2)
    assert state.phase == PLAY
    assert state.view(0).bids == (0, None, None, None) and state.view(3).bids == (None, None, None, 2)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.view(0).bids == (0, 1, 2, 2)   # the round is over: all is shown


@pytest.mark.parametrize("variants", [(v,) for v in VARIANTS] + [("lucid-vision", "plus-minus-one"),
                                                                  ("lucid-vision", "secret-bids")])
@pytest.mark.parametrize("players", [3, 6])
def test_every_variant_plays_whole_games(variants, players):
    eng = engine(players, *variants)
    for seed, policy in ((1, "greedy"), (2, "random")):
        result = play_game(eng, random.Random(seed), [policy] * players, check=True)
        assert result.finished and len(result.bids.made_by_round) == 60 // players


def test_the_trace_says_what_each_variant_hides_or_forbids():
    def log(*variants):
        return play_game(engine(4, *variants, trace=True), random.Random(4), ["greedy"] * 4).log
    assert "  (lucid vision: each player sees the others' cards, not their own)" in log("lucid-vision")
    assert sum(line.endswith("(secret until the round ends)") for line in log("secret-bids")) == 60
    assert sum(line.endswith("(hidden until all have bid)") for line in log("hidden-bids")) == 60
    forbidding = [line for line in log("plus-minus-one") if "(plus/minus one: not " in line]
    assert forbidding and all(line.endswith(")") and "which would make the bids add up to" in line
                              for line in forbidding)
