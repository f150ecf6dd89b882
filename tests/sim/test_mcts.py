"""The search player (deckforge/sim/mcts.py) on a toy trick-taking game with hidden hands and a stock."""
import random

import pytest
from toy_game import ToyState, ToyTricks

from deckforge.sim.base import CHANCE, SimulationError, play_game
from deckforge.sim import mcts
from deckforge.sim.mcts import SearchPlayer, choose, first_place, mcts_chooser, search
from deckforge.sim.runner import iter_outcomes

ENGINE = ToyTricks()


def position(seed: int, decisions: int) -> ToyState:
    """Return a seeded game after `decisions` greedy decisions, at a decision of the seat to move."""
    rng = random.Random(seed)
    state = ENGINE.new_game(rng)
    while state.turns < decisions or state.player == CHANCE:
        state._apply_action(state.sample_chance(rng) if state.player == CHANCE else ENGINE.greedy_action(state, rng))
    return state


def swap_hidden(state: ToyState, seat: int) -> ToyState:
    """Return a copy in which `seat`'s opponent holds other cards from the stock: the same game for `seat`."""
    other = state.clone()
    hand, stock = other.hands[1 - seat], other.stock
    for k in range(min(len(hand), len(stock))):
        hand[k], stock[k] = stock[k], hand[k]
    return other


def test_the_choice_depends_only_on_what_the_player_knows():
    for seed in range(6):
        state = position(seed, 3)
        seat = state.player
        other = swap_hidden(state, seat)
        assert other.hands[1 - seat] != state.hands[1 - seat]
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.information_state_string(1 - seat) != state.information_state_string(1 - seat)
        assert search(state, random.Random(seed), budget=60) == search(other, random.Random(seed), budget=60)


class Guarded:
    """A state seen only through what a seat may use: its legal actions, and determinizations for itself."""

    def __init__(self, state: ToyState):
        self.player, self.engine, self._state, self.determinized = state.player, state.engine, state, []

    def _legal_actions(self) -> list[int]:
        return self._state._legal_actions()

    def determinize(self, player: int, rng: random.Random) -> ToyState:
        self.determinized.append(player)
        return self._state.determinize(player, rng)


def test_the_search_reads_the_real_state_only_through_determinizations():
    state = position(5, 0)
    guarded = Guarded(state)
    assert len(state._legal_actions()) > 1
    assert search(guarded, random.Random(1), budget=25) == search(state, random.Random(1), budget=25)
    sweeps = -(-25 // len(state._legal_actions()))  # every legal action is played out in each sampled deal
    assert guarded.determinized == [state.player] * sweeps


def test_a_fixed_seed_gives_the_same_choice():
    state = position(4, 2)
    choices = {search(state, random.Random(9), budget=80) for _ in range(3)}
    assert len(choices) == 1 and choices <= set(state._legal_actions())


def test_a_single_legal_action_is_played_without_searching(monkeypatch):
    state = position(1, 0)
    state.hands[state.player] = state.hands[state.player][:1]
    monkeypatch.setattr(ToyState, "determinize", lambda *args: pytest.fail("searched a forced move"))
    assert search(state, random.Random(1)) == state.hands[state.player][0]


def test_it_plays_only_legal_actions():
    for seed in range(20):  # check=True: every action goes through apply_action, which refuses illegal ones
        result = play_game(ENGINE, random.Random(seed), ["mcts", "random"], check=True, options={"mcts": {"budget": 20}})
        assert result.finished


def match(opponent: str, pairs: int, budget: int) -> int:
    """Return the games mcts wins of `pairs` seat-swapped pairs of seeded games against `opponent`."""
    wins = 0
    for index in range(pairs):
        for seats, me in ((("mcts", opponent), 0), ((opponent, "mcts"), 1)):
            result = play_game(ENGINE, random.Random(f"toy/{index}/{me}"), seats, options={"mcts": {"budget": budget}})
            wins += result.winners == [me]
    return wins


def test_it_beats_the_greedy_player():
    # 50% would win 60 of 120; 75 or more happens by luck with probability below 0.3%
    assert match("greedy", 60, 50) >= 75


def test_it_beats_the_random_player():
    assert match("random", 40, 50) >= 50  # of 80


def test_options_reach_the_worker_processes():
    def run(budget: int, jobs: int) -> list:
        outcomes = iter_outcomes(ENGINE, 20, 5, ("mcts", "greedy"), jobs, policy_options={"mcts": {"budget": budget}})
        return [(outcome.winners, outcome.figures["tricks"]) for outcome in outcomes]
    assert run(8, 2) == run(8, 1) != run(30, 1)


@pytest.mark.parametrize("options, message", [
    ({"budget": 0}, "the search budget must be a whole number of playouts, 1 or more, not 0"),
    ({"rollout": "smart"}, "unknown rollout policy 'smart' (one of: greedy, random)"),
    ({"reward": "score"}, "unknown search reward 'score' (one of: first, places)"),
])
def test_bad_settings_are_refused(options, message):
    with pytest.raises(SimulationError) as error:
        mcts_chooser(ENGINE, **options)
    assert str(error.value) == message


def test_the_search_overrules_its_playout_policy_only_on_paired_evidence():
    # action 1 is the playout policy's choice; action 2 does better in each world by 0.1 (paired: a small spread)
    steady = {1: [-1.0, 0.0, 1.0, 0.0], 2: [-0.9, 0.1, 1.1, 0.1], 3: [-1.0, -1.0, -1.0, -1.0]}
    assert choose([1, 2, 3], steady, 1, 1.0) == 2
    # the same means, but the gain comes from one lucky world: not enough evidence, the policy's choice stands
    lucky = {1: [-1.0, 0.0, 1.0, 0.0], 2: [-1.0, 0.5, 0.9, 0.0], 3: [-1.0, -1.0, -1.0, -1.0]}
    assert choose([1, 2, 3], lucky, 1, 1.0) == 1
    assert choose([1, 2, 3], lucky, 1, 0.0) == 2  # confidence 0: the best mean
    assert choose([1, 2, 3], lucky, 2, 1.0) == 2  # the best mean is the policy's own choice


def test_equal_results_go_to_the_playout_policys_choice_then_to_the_lower_action():
    every_world_won = {0: [1.1, 1.1, 1.1], 3: [1.1, 1.1, 1.1], 5: [1.1, 1.1, 1.1], 7: [0.0, 1.1, 0.0]}
    assert choose([0, 3, 5, 7], every_world_won, 5, 0.0) == 5   # not 0: a search that took it walked in circles
    assert choose([0, 3, 5, 7], every_world_won, 7, 0.0) == 0   # the policy's choice did worse: the best, lowest
    assert choose([0, 3, 5, 7], every_world_won, None, 0.0) == 0
    # the same totals summed in another order are still equal
    assert choose([1, 2], {1: [0.1, 0.2, 0.3], 2: [0.3, 0.2, 0.1]}, 2, 0.0) == 2


def test_equal_results_go_to_the_quickest_finish_before_the_playout_policys_choice():
    every_world_lost = {0: [-0.1, -0.1], 3: [-0.1, -0.1], 5: [-0.1, -0.1], 7: [-0.1, -0.2]}
    lengths = {0: 90, 3: 40, 5: 60, 7: 10}
    assert choose([0, 3, 5, 7], every_world_lost, 5, 0.0, lengths) == 3   # 7 ended sooner, but worse
    assert choose([0, 3, 5, 7], every_world_lost, 5, 1.0, lengths) == 3   # a tie lost on length needs no evidence
    assert choose([0, 3, 5, 7], every_world_lost, 5, 0.0, {0: 40, 3: 40, 5: 40, 7: 40}) == 5


class Circling:
    """A stand-in position: the same repetition key every time, actions 0, 1 and 2 legal."""

    player = 0

    def __init__(self, key="the same position"):
        self.key = key

    def repetition_key(self, player):
        return self.key

    def _legal_actions(self):
        return [0, 1, 2]


def test_a_position_come_round_a_third_time_gets_an_action_not_taken_there_before(monkeypatch):
    asked = []

    def best_left(state, rng, avoid=(), **settings):  # the search's choice: always the lowest it may take
        asked.append(set(avoid))
        return min(action for action in state._legal_actions() if action not in avoid)

    monkeypatch.setattr(mcts, "search", best_left)
    player, rng = SearchPlayer(budget=10), random.Random(0)
    chosen = [player(Circling(), rng) for _ in range(6)]
    assert chosen == [0, 0, 1, 2, 0, 0]  # every action tried there: all may be taken again
    assert asked == [set(), set(), {0}, {0, 1}, set(), set()]
    assert player(Circling("another position"), rng) == 0
    assert SearchPlayer(budget=10)(Circling(None), rng) == 0  # a game that gives no key: never avoided


def dymock_game(players: int, seed: int, index: int, options: dict | None, bound: int):
    """Play game `index` of a DYMOCK run seeded `seed` alone, the search in seat 0 and greedy players in the others,
    to its end or to `bound` turns; return the state."""
    from deckforge.load import load_deck
    from deckforge.sim.base import engine_for
    from deckforge.sim.policies import chooser
    from deckforge.sim.runner import game_rng

    engine = engine_for(load_deck("dymock"), players)
    rng = game_rng(seed, index)
    state = engine.new_game(rng, None)
    seats = [chooser("mcts", engine, options)] + [chooser("greedy", engine, None)] * (players - 1)
    while not state.is_terminal() and state.turns < bound:
        player = state.player
        state._apply_action(state.sample_chance(rng) if player == CHANCE else seats[player](state, rng))
    return state


def test_a_four_player_dymock_game_that_went_in_circles_now_ends():
    # Game 7 of a 4-player run seeded 100, the search (60 playouts a decision) in seat 0 and greedy players in the
    # others, each game played alone. With places 3 and 4 left to play for, the search laid two aces on a 4, led two
    # jacks after the greedy player took the pile, and took the aces back: six turns round and round to the bound.
    state = dymock_game(4, 100, 7, {"mcts": {"budget": 60}}, 600)
    assert state.is_terminal(), "the game is still going after 600 turns"


@pytest.mark.slow   # 73 searches at the default budget, about 15 s
def test_a_dymock_game_that_looped_when_every_action_won_now_ends():
    # Game 0 of `deckforge simulate dymock --players 2 --seed 4 --seats mcts,greedy`. With ties going to the lowest
    # action, the search led a jack where every lead won, and the two players passed a jack and a Joker back and
    # forth from turn 400 on, until the turn bound of 13,000 (about 20 minutes); it ends in 101 turns now.
    state = dymock_game(2, 4, 0, None, 1000)
    assert state.is_terminal(), "the game is still going after 1,000 turns"


def test_the_first_place_reward_counts_only_the_winners():
    assert first_place([1.0, -1 / 3, 1 / 3, -1.0]) == [1.0, 0.0, 0.0, 0.0]
    assert first_place([2 / 3, -1.0, 2 / 3, -1 / 3]) == [0.5, 0.0, 0.5, 0.0]
    assert first_place([0.0, 0.0]) == [0.0, 0.0]  # a stalemate: nobody won
