"""The search player (deckforge/sim/mcts.py) in the bundled games: it never peeks, it is seeded, it beats greedy."""
import random

import pytest

from deckforge.games import specs
from deckforge.load import bundled_decks, load_deck
from deckforge.sim.base import CHANCE, engine_for, play_game
from deckforge.sim.mcts import Node, Playout, greedy_positions, score_returns, search
from deckforge.sim.runner import game_rng, iter_outcomes

DECKS = {deck.game: deck for deck in map(load_deck, bundled_decks())}
SIMULATED = sorted(game for game, spec in specs().items() if spec.engine)



@pytest.mark.parametrize("game", SIMULATED)
def test_the_choice_depends_only_on_what_the_player_knows(game):
    deck = DECKS[game]
    engine = engine_for(deck, max(deck.players.low, 3) if game == "wizard" else deck.players.low)
    hidden_differed = 0
    for index, state in enumerate(greedy_positions(engine, 11, 6)):
        seat = state.player
        other = state.determinize(seat, random.Random(index))  # the same game for `seat`, other hidden cards
        assert other.information_state_string(seat) == state.information_state_string(seat)
        hidden_differed += str(other) != str(state)
        assert search(other, random.Random(index), budget=12) == search(state, random.Random(index), budget=12)
    assert hidden_differed >= 3  # the worlds really differed in what the seat cannot see


def test_a_seeded_game_against_greedy_is_the_same_every_time():
    engine = engine_for(DECKS["kamen-nuzky-papir"], 2)

    def play():
        result = play_game(engine, game_rng(4, 0), ["mcts", "greedy"], options={"mcts": {"budget": 30}})
        return result.turns, result.places, [dict(plays) for plays in result.plays]
    first = play()
    assert first == play()
    other = play_game(engine, game_rng(4, 0), ["mcts", "greedy"], options={"mcts": {"budget": 90}})
    assert (other.turns, other.places) != first[:2]  # the budget matters: the figures are not the greedy game's


def test_a_wizard_playout_stops_at_the_end_of_its_round_and_ranks_by_score():
    engine = engine_for(DECKS["wizard"], 4)
    state = engine.new_game(random.Random(2))  # round 1's first decision: at most a trump, four bids, four cards
    assert state.round == 1 and len(state._legal_actions()) > 1
    playout = Playout(state, "greedy", 0.7, "places")
    world = state.determinize(state.player, random.Random(1))
    steps = playout.run(world, state._legal_actions()[0], Node(state.player), random.Random(2))
    assert world.round == 2 and not world.is_terminal()
    assert 1 <= steps <= 9 and world.turns - state.turns == steps
    ranks = score_returns(world.scores)
    assert playout._returns(world) == ranks
    leaders = [seat for seat in range(4) if ranks[seat] == max(ranks)]
    first = Playout(state, "greedy", 0.7, "first")._returns(world)  # first place, the ranks breaking ties
    assert first == pytest.approx([(1 / len(leaders) if seat in leaders else 0) + 0.1 * ranks[seat]
                                   for seat in range(4)])


def test_the_tree_walk_stops_at_the_end_of_the_round_too():
    # the same root again and again: the tree of the seat's decisions grows past the round's last one, and the walk
    # must stop where a playout would, before the next round's deal and decisions
    engine = engine_for(DECKS["wizard"], 4)
    state = engine.new_game(random.Random(2))
    assert state.round == 1 and len(state._legal_actions()) > 1
    playout, root, rng = Playout(state, "greedy", 0.7, "places"), Node(state.player), random.Random(3)
    for _ in range(40):
        world = state.determinize(state.player, rng)
        steps = playout.run(world, state._legal_actions()[0], root, rng)
        assert world.round == 2 and world.player == CHANCE and not world.hands[state.player] and steps <= 9


def test_scores_rank_into_returns_with_ties_sharing_their_places():
    assert score_returns([30, -10, 30, 0]) == pytest.approx([2 / 3, -1, 2 / 3, -1 / 3])
    assert score_returns([5, 5]) == [0.0, 0.0]
    assert score_returns([1, 9, 4]) == [-1.0, 1.0, 0.0]


def seat_swapped_wins(game: str, players: int, games: int, seed: int, budget: int) -> int:
    """Return the games the mcts seat wins when it sits in each seat in turn against greedy players."""
    engine = engine_for(DECKS[game], players)
    wins = 0
    for seat in range(players):
        seats = ["greedy"] * players
        seats[seat] = "mcts"
        outcomes = iter_outcomes(engine, games, seed, seats, policy_options={"mcts": {"budget": budget}})
        wins += sum(seat in outcome.winners for outcome in outcomes)
    return wins


@pytest.mark.slow   # 40 games with search; test_mcts.py shows the edge over greedy in fewer
def test_it_beats_the_greedy_player_at_rock_paper_scissors_seat_swapped():
    # greedy players in the same seats of the same 40 games win 20; a player no better than greedy wins 27 or more
    # with probability 1.9 % (binomial, 40 games, 1/2). This seed gives 29 (30 before ties went to the quickest
    # finish). (Seed 5 gave 29, and 26 once ties went to the greedy choice; over seeds 11 to 15, 200 games, that
    # change took the wins from 125 to 132.)
    assert seat_swapped_wins("kamen-nuzky-papir", 2, 20, 11, 120) >= 27
