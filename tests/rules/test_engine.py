"""The interpreter as the simulator sees it: every style plays whole seeded games with every policy, invariants
checked at each step; the same seed gives the same games; states clone, pickle and determinize; validate's static
checks read the description."""
from __future__ import annotations

import pickle
import random

import pytest

from deckforge.errors import display_path
from deckforge.load import load_deck
from deckforge.sim.base import CHANCE, engine_for
from deckforge.sim.runner import simulate
from deckforge.validate import static_findings
from rules_tables import write_deck
from test_parse import EIGHTS
from test_styles import GOPS, HEARTS, WHIST
from test_turns import GO_FISH, OLD_MAID, TWENTY

MAID = '\n  - {id: maid, count: 1, name: {en: Old Maid}, suit: red, rank: "9"}'
GAMES = {  # rules, deck options, player count
    # without refilling the stock from the pile, so that a round nobody can go on with ends ("blocked")
    "eights": (EIGHTS.replace("when: no_play}", "when: no_play, refill: false}"), {"suits": ("red", "blue", "gold")},
               2),
    "go-fish": (GO_FISH, {"ranks": ("1", "2", "3")}, 2),
    "old-maid": (OLD_MAID, {"ranks": ("1", "2", "3"), "extra_cards": MAID}, 3),
    "twenty": (TWENTY.replace("over: 5", "over: 8"), {"suits": ("red", "blue", "gold")}, 3),
    "hearts": (HEARTS, {}, 2),
    "whist": (WHIST.replace("count: 2", "count: 4"), {}, 2),
    "gops": (GOPS, {"suits": ("red", "blue", "gold")}, 2),
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def described(request, tmp_path_factory):
    rules, options, players = GAMES[request.param]
    deck = load_deck(write_deck(tmp_path_factory.mktemp(request.param), rules, **options))
    return deck, players


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_every_style_plays_whole_games(described, policy):
    deck, players = described
    summary = simulate(deck, players, games=60, seed=5, policy=policy, check=True)
    assert not summary.errors and summary.stalemates == 0 and summary.finished == 60
    assert summary.unplayed_cards == []
    assert sum(summary.wins_by_seat) >= 60  # every finished game has a winner (ties give several)


def test_the_search_player_plays_too(described):
    deck, players = described
    summary = simulate(deck, players, games=2, seed=5, policy="mcts", policy_options={"mcts": {"budget": 20}})
    assert not summary.errors and summary.finished == 2


def test_the_same_seed_gives_the_same_games(described):
    deck, players = described
    first = simulate(deck, players, games=30, seed=11, policy="random").as_dict()
    again = simulate(deck, players, games=30, seed=11, policy="random").as_dict()
    other = simulate(deck, players, games=30, seed=12, policy="random").as_dict()
    assert first == again and first != other


def midgame(deck, players: int, steps: int = 6):
    engine = engine_for(deck, players)
    rng = random.Random(3)
    state = engine.new_game(rng)
    for _ in range(steps):
        if state.is_terminal():
            break
        state._apply_action(state.sample_chance(rng) if state.player == CHANCE else rng.choice(state.legal_actions()))
    while state.player == CHANCE and not state.is_terminal():  # stop at a seat's decision
        state._apply_action(state.sample_chance(rng))
    return engine, state, rng


def play_out(state, rng) -> list:
    actions = []
    while not state.is_terminal():
        action = state.sample_chance(rng) if state.player == CHANCE else rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)
    return actions + [state.returns()]


def test_clones_and_pickles_play_on_alike_and_apart(described):
    deck, players = described
    _, state, _ = midgame(deck, players)
    before = str(state)
    copy, thawed = state.clone(), pickle.loads(pickle.dumps(state))
    assert play_out(copy, random.Random(9)) == play_out(thawed, random.Random(9))
    assert str(state) == before  # the original did not move with its copies
    assert play_out(state, random.Random(9)) == play_out(state.clone(), random.Random(9)) or state.is_terminal()


def test_determinize_keeps_what_the_seat_knows(described):
    deck, players = described
    engine, state, rng = midgame(deck, players, steps=3)
    assert not state.is_terminal()
    seat = state.player
    world = state.determinize(seat, rng)
    world.check_invariants()
    assert world.zones[engine.t.hand + seat] == state.zones[engine.t.hand + seat]
    assert [len(cards) for cards in world.zones] == [len(cards) for cards in state.zones]
    assert world.legal_actions() == state.legal_actions()  # they depend only on what the seat sees


def test_static_checks_read_the_description(tmp_path):
    rules = EIGHTS.replace("count: {2: 3, default: 2}", "count: 5") + "  score: [per_set: 1]\n"
    deck = load_deck(write_deck(tmp_path, rules, players=(2, 3)))
    found = [str(finding) for finding in static_findings(deck)]
    # each names its place: the deal's line in the deck file and its key path, or the keys to look at
    lines = deck.path.read_text(encoding="utf-8").splitlines()
    deal = next(number for number, line in enumerate(lines, start=1) if "- deal:" in line)
    column = lines[deal - 1].index("deal:") + 1
    place = f"{display_path(deck.path)}:{deal}:{column}"
    assert f"{place}: 2 players: rules.setup[0]: 8 cards cannot deal 5 to each of 2 players" in found
    assert f"{place}: 3 players: rules.setup[0]: 8 cards cannot deal 5 to each of 3 players" in found
    assert "rules.score: the score counts sets, but no 'always: sets' rule (rules.play.always) lays any down" in found


def test_a_traced_game_tells_each_decision_and_each_card_dealt(tmp_path):
    from deckforge.sim.base import play_game

    deck = load_deck(write_deck(tmp_path, EIGHTS))
    engine = engine_for(deck, 2, {"trace": True})
    result = play_game(engine, random.Random(4), ["greedy", "greedy"])
    assert result.log[0].startswith("round 1, dealer P") and result.log[1].startswith("  ") \
        and " -> P" in result.log[1]
    decisions = [line for line in result.log if line.startswith("P")]
    assert len(decisions) == result.turns and decisions[0].split(": ")[1].split()[0] in ("play", "draw", "pass")


def test_a_traced_game_of_tricks_tells_rounds_dealers_trumps_tricks_and_scores():
    """The plain lines told decisions and cards dealt, not who took a trick, when a round began or what it
    scored; a replay of the recorded actions now adds those lines (only a traced game pays for it)."""
    from deckforge.load import BUNDLED_DIR
    from deckforge.sim.base import play_game

    deck = load_deck(BUNDLED_DIR / "examples" / "whist")
    result = play_game(engine_for(deck, 4, {"trace": True}), random.Random(3), ["greedy"] * 4)
    log = result.log
    rounds = [i for i, line in enumerate(log) if line.startswith("round ") and ", dealer P" in line]
    assert [log[i].split(",")[0] for i in rounds] == [f"round {n}" for n in range(1, len(rounds) + 1)]
    assert len(rounds) >= 2
    dealers = [int(log[i].rsplit("P", 1)[1]) for i in rounds]
    assert all(b == (a + 1) % 4 for a, b in zip(dealers, dealers[1:]))  # the deal passes to the left
    # every trick of 13 cards a hand is followed by who took it, counted up to 13 a round
    for start, end in zip(rounds, rounds[1:] + [len(log)]):
        part = log[start:end]
        first_play = next(i for i, line in enumerate(part) if line.startswith("P"))
        # the trump is the last card dealt (whist turns it up): said once it is known, before the first card
        assert [line for line in part[:first_play] if line.startswith("  trump: ")] == [
            f"  trump: {part[first_play - 2].split()[0].split('-')[0]}"]
        taken = [line for line in part if " takes the trick " in line]
        plays = [line for line in part if line.startswith("P") and ": play " in line]
        assert len(plays) == 52 and len(taken) == 13
        assert taken[-1].endswith(f"{', '.join(taken[-1].split(': ')[1].rstrip(')').split(', '))})")
        assert sum(map(int, taken[-1].split("tricks taken: ")[1].rstrip(")").split(", "))) == 13
        winner = int(taken[0].split()[0][1:])
        following = part[part.index(taken[0]) + 1]
        assert following.startswith(f"P{winner}: play ")  # the taker leads the next trick
    scores = [line for line in log if line.startswith("  round ") and " scores: " in line]
    assert len(scores) == len(rounds) and scores[-1].endswith(f"totals {', '.join(map(str, result.scores))}")
    assert len([line for line in log if line.startswith("P")]) == result.turns


def test_a_wild_card_turned_up_at_the_start_takes_any_card(tmp_path):
    """A joker has neither suit nor rank, so it shares neither with anything: turned up at the start it blocked
    every `match` play until another joker came. Now it takes any card, as `beats` already did (docs/rules-format.md).
    The other way round, a card without the values matches nothing that shows them: the joker on a red 1."""
    from rules_tables import card, engine, feed, hand

    jokers = '\n  - {id: joker-1, count: 1, name: {en: Joker}}\n  - {id: joker-2, count: 1, name: {en: Joker}}'
    rules = EIGHTS.replace('      - play: {if: {wild: {rank: "4"}}, then: [name_suit]}\n', "")
    game = engine(tmp_path, rules, 2, extra_cards=jokers)
    state = game.new_initial_state(0)
    feed(state, "red-1", "blue-2", "red-3", "blue-4", "red-2", "blue-1", "joker-1")  # 3 each, then the joker up
    assert hand(state, state.player) and state.legal_actions()
    plays = {game.t.labels[a] for a in state.legal_actions() if a < len(game.t.labels)}
    assert plays == set(hand(state, state.player))
    other = game.new_initial_state(0)
    feed(other, "joker-2", "blue-2", "red-3", "blue-4", "red-2", "blue-1", "red-1")  # seat 0 holds the joker
    assert card(game, "joker-2") not in other.legal_actions() and card(game, "red-3") in other.legal_actions()
