"""Game-design measures: CardStock's definitions on hand-made standings, a toy game one seat leads throughout, the
forced-move share of seeded games replayed step by step, and two rule variants compared with `--against`."""
import math
import re

import numpy as np
import pytest
import yaml

from deckforge.games import specs
from deckforge.load import bundled_decks, load_deck
from deckforge.report import build_report, render_html
from deckforge.report.design import compare_fairness, count_measures, fairness_sentence
from deckforge.report.play import play_deck
from deckforge.report.stats import (Estimate, difference_estimate, fairness, fairness_estimate, mean_estimate,
                                   ratio_estimate)
from deckforge.sim.base import CHANCE, Engine, GameInfo, GameResult, State, engine_for, play_game
from deckforge.sim.measures import (decisiveness, drama, drama_threshold, lead_changes, rank_estimates, shedding_rows,
                                    shedding_standings)
from deckforge.sim.runner import SERIES_LENGTH, game_rng
from deckforge.sim.summary import Summary
from report_helpers import table_rows, tally
from test_report_analysis import KNP, seat_biased_games


# -- the definitions, on standings worked out by hand ---------------------------------------------------------------

def test_rank_estimates_share_the_top_and_count_the_seats_strictly_ahead() -> None:
    assert rank_estimates((5, 3, 3, 1)) == (1.0, 2 / 3, 2 / 3, 0.0)
    assert rank_estimates((2, 2)) == (1.0, 1.0)
    assert drama_threshold(4) == pytest.approx(5 / 6) and drama_threshold(2) == 0.5


def test_lead_changes_count_a_new_sole_leader_and_ignore_ties() -> None:
    seesaw = [(0, 0), (2, 0), (2, 3), (4, 3), (4, 6), (6, 6), (8, 6)]  # leader: -, 0, 1, 0, 1, (tie), 0
    assert lead_changes(seesaw) == 4
    assert lead_changes([(2, 0), (2, 2), (2, 1)]) == 0  # the tie keeps seat 0's lead


def test_drama_and_decisiveness_follow_the_winner() -> None:
    # four players; the winner (seat 0) stands first, third, second, first: estimates 1, 1/3, 2/3, 1
    estimates = [rank_estimates(row) for row in [(9, 5, 3, 1), (2, 5, 3, 1), (4, 5, 3, 1), (9, 5, 3, 1)]]
    assert [row[0] for row in estimates] == [1.0, 1 / 3, 2 / 3, 1.0]
    expected = (math.sqrt(5 / 6 - 1 / 3) + math.sqrt(5 / 6 - 2 / 3)) / 2  # below the threshold twice
    assert drama(estimates, [0], 4) == pytest.approx(expected) == pytest.approx(0.5577, abs=1e-4)
    assert decisiveness(estimates, [0]) == 0.75  # at the top for good only with the 4th decision: 3 came before
    assert decisiveness([estimates[0], estimates[1], estimates[0], estimates[0]], [0]) == 0.5  # with the 3rd
    assert drama(estimates[:1], [0], 4) == 0.0 and decisiveness(estimates[:1], [0]) == 0.0


def test_a_shedding_games_rows_are_its_standings_after_each_decision() -> None:
    # four seats; seat 2 goes out after the second decision, seat 0 after the fourth, and seat 3 is then left
    held = [(5, 4, 1, 6), (5, 3, 0, 6), (2, 3, 0, 6), (0, 1, 0, 4), (0, 1, 0, 2)]
    outs, places = [0, 1, 1, 3, 3], [2, 0, 3]
    expected = [shedding_standings(row, places[:out]) for row, out in zip(held, outs)]
    assert expected[3] == [3, -1, 4, 2] and expected[0] == [-5, -4, -1, -6]  # out: 4 - place; in: minus the cards
    assert shedding_rows(np.array(held, dtype=float), outs, places).tolist() == expected


def test_fairness_is_cardstocks_formula() -> None:
    assert fairness(0.25, 0.25) == 1.0
    assert fairness(0.10, 0.25) == pytest.approx(0.4)            # wp · n
    assert fairness(0.50, 0.25) == pytest.approx(4 * 0.5 / 3)    # (n − n·wp) / (n − 1)
    estimate = fairness_estimate(30, 100, 0.25)
    assert estimate.value == pytest.approx(fairness(0.3, 0.25)) and estimate.high == 1.0  # its interval holds 25%


def test_the_intervals_of_means_ratios_and_differences() -> None:
    # the delta method by hand: R = 6/32; residuals -0.875, 0.125, 0.75; s² = 1.34375/2; se = √(s²/3) / (32/3)
    ratio = ratio_estimate([1, 2, 3], [10, 10, 12])
    half = 1.959963984540054 * math.sqrt(1.34375 / 2 / 3) / (32 / 3)
    assert (ratio.value, ratio.low, ratio.high) == pytest.approx((0.1875, 0.1875 - half, 0.1875 + half))
    mean = mean_estimate([2, 4, 6, 8])  # s = √(20/3)
    assert (mean.low, mean.high) == pytest.approx((5 - 1.959963984540054 * math.sqrt(20 / 3 / 4),
                                                   5 + 1.959963984540054 * math.sqrt(20 / 3 / 4)))
    moved = difference_estimate(Estimate(0.5, 0.4, 0.55), Estimate(0.8, 0.7, 0.9))  # B − A = 0.3
    assert (moved.value, moved.low, moved.high) == pytest.approx((0.3, 0.3 - math.hypot(0.1, 0.05),
                                                                  0.3 + math.hypot(0.1, 0.1)))


# -- a toy game that seat 0 leads from its first move to the end ------------------------------------------------------

class FrontRunner(Engine):
    """Two seats take turns for three rounds; seat 0 scores 2 or 3 (its choice), seat 1 scores 1 (no choice)."""

    info = GameInfo(game="front-runner", title="Front Runner", max_turns=lambda n: 100)

    def num_distinct_actions(self) -> int:
        return 2

    def new_initial_state(self, starter=None) -> State:
        return FrontRunnerState(self)


class FrontRunnerState(State):
    def __init__(self, engine):
        self.engine, self.player, self.turns, self.scores = engine, 0, 0, [0, 0]

    def _legal_actions(self):
        return [0, 1] if self.player == 0 else [0]

    def _apply_action(self, action):
        self.turns += 1
        self.scores[self.player] += 2 + action if self.player == 0 else 1
        self.player = 1 - self.player

    def is_terminal(self):
        return self.turns >= 6

    def result(self):
        return GameResult(2, self.is_terminal(), False, self.turns, [0] if self.is_terminal() else [], places=[0, 1])

    def standings(self):
        return [float(score) for score in self.scores]


def test_a_seat_that_leads_throughout_gives_no_lead_change_no_drama_and_no_decisiveness() -> None:
    engine = FrontRunner(KNP, 2)
    measured = [play_game(engine, game_rng(4, index), ["random", "random"], measure=True) for index in range(5)]
    assert {(r.measures.decisions, r.measures.forced) for r in measured} == {(6, 3)}   # seat 1's three moves
    assert {(r.measures.lead_changes, r.measures.drama, r.measures.decisiveness) for r in measured} == {(0, 0.0, 0.0)}
    summary = Summary.start(KNP, 2, 4, ("random", "random"))
    for outcome in measured:
        outcome.first_player = 0
        summary.add(outcome)
    row = count_measures(summary)
    assert (row.games, row.forced.value, row.lead_changes.value, row.length.value) == (5, 0.5, 0.0, 6.0)
    assert row.fairness.value == 0.0  # the first seat wins every game: as unfair as it gets


def test_a_game_without_standings_has_no_standing_measures() -> None:
    class Silent(FrontRunnerState):
        def standings(self):
            return None

    engine = FrontRunner(KNP, 2)
    engine.new_initial_state = lambda starter=None: Silent(engine)
    outcome = play_game(engine, game_rng(1, 0), ["random", "random"], measure=True)
    assert (outcome.measures.forced, outcome.measures.lead_changes, outcome.measures.drama) == (3, None, None)


# -- every bundled game keeps the standings contract ------------------------------------------------------------------

BUNDLED = {deck.game: deck for deck in map(load_deck, bundled_decks())}
STANDING = sorted(game for game, spec in specs().items() if spec.engine and game in BUNDLED)


@pytest.mark.parametrize("game", STANDING)
def test_every_bundled_game_says_who_is_ahead_and_measuring_changes_no_game(game) -> None:
    deck = BUNDLED[game]
    engine = engine_for(deck, deck.players.low, {"variants": (), "trace": False})
    for index in range(3):
        for policy in ("random", "greedy"):
            seats = [policy] * deck.players.low
            plain = play_game(engine, game_rng(7, index), seats)
            measured = play_game(engine, game_rng(7, index), seats, measure=True)
            assert (measured.turns, measured.winners, measured.places) == (plain.turns, plain.winners, plain.places)
            assert measured.measures.decisions == plain.turns and 0 <= measured.measures.forced <= plain.turns
            assert (measured.measures.lead_changes is None) == (not plain.finished)
        rng = game_rng(7, index)
        state = engine.new_game(rng)
        while not state.is_terminal() and state.turns < engine.max_game_length():
            chance = state.player == CHANCE
            state.apply_action(state.sample_chance(rng) if chance else rng.choice(state.legal_actions()))
        standings, result = state.standings(), state.result()
        assert len(standings) == deck.players.low and standings == state.standings()  # reading changes nothing
        if result.finished:
            assert all(standings[seat] == max(standings) for seat in result.winners), (game, standings, result.winners)


# -- seeded games of a bundled deck, replayed step by step --------------------------------------------------------

def replay_forced(deck, players: int, seed: int, games: int) -> list[tuple[int, int, bool]]:
    """Replay the seeded random games as the runner plays them and count (decisions, forced, finished) in each."""
    engine = engine_for(deck, players, {"variants": (), "trace": False})
    counts, previous = [], None
    for index in range(games):
        starter = engine.next_starter(previous) if index % SERIES_LENGTH else None
        rng = game_rng(seed, index)
        state = engine.new_game(rng, starter)
        decisions = forced = 0
        while not state.is_terminal() and state.turns < engine.max_game_length():
            if state.player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            decisions, forced = decisions + 1, forced + (len(legal) == 1)
            state.apply_action(rng.choice(legal))
        previous = state.result()
        counts.append((decisions, forced, previous.finished))
    return counts


def test_forced_moves_are_the_decisions_with_one_legal_action_in_the_seeded_games() -> None:
    run = play_deck(KNP, games=20, seed=5, policy="random", player_counts=[3], full=True, jobs=1).counts[3]
    replayed = [(d, f) for d, f, finished in replay_forced(KNP, 3, 5, 20) if finished]
    assert list(zip(run.design.decisions, run.design.forced)) == replayed
    share = count_measures(run).forced
    assert 0 < share.value < 1 and share.low < share.value < share.high
    assert share.value == sum(f for _, f in replayed) / sum(d for d, _ in replayed)
    assert run.design.decisions == [turns for turns in run.turns]  # every game of the run finished
    lead = count_measures(run).lead_changes
    assert lead.value == sum(run.design.lead_changes) / 20 and lead.value > 0  # the lead changes hands in KNP




@pytest.mark.parametrize("game, players", [("kamen-nuzky-papir", 4), ("dymock", 3), ("prsi", 5)])
def test_the_measures_of_a_seeded_game_are_those_of_its_standings_read_step_by_step(game, players) -> None:
    # the measured runner keeps the standings flat and reads them as one array; here they are read one decision at a
    # time as lists and measured by the definitions, with the seat in each row where the runner put it
    engine = engine_for(BUNDLED[game], players, {"variants": (), "trace": False})
    for index in range(4):
        measured = play_game(engine, game_rng(11, index), ["random"] * players, measure=True).measures
        rng = game_rng(11, index)
        state, history, decided = engine.new_game(rng), [], False
        while not state.is_terminal() and state.turns < engine.max_game_length():
            if state.player == CHANCE:
                state._apply_action(state.sample_chance(rng))
                continue
            if decided:  # after each decision, once the chance events it caused are resolved
                history.append(state.standings())
            state._apply_action(rng.choice(state._legal_actions()))
            decided = True
        history.append(state.standings())
        winners = state.result().winners
        estimates = [[rank_estimates(row)[seat] for seat in winners] for row in history]
        seats = range(len(winners))
        assert (measured.lead_changes, measured.drama, measured.decisiveness) == (
            lead_changes(history), drama(estimates, seats, players), decisiveness(estimates, seats)), (game, index)
        assert measured.lead_changes > 0 or game == "dymock"

def test_the_standing_measures_come_from_each_counts_first_games_the_others_from_all(monkeypatch) -> None:
    from deckforge.report import play

    everything = play_deck(KNP, games=40, seed=5, player_counts=[3], full=True, jobs=1).counts[3]
    monkeypatch.setattr(play, "STANDING_GAMES", 20)
    run = play_deck(KNP, games=40, seed=5, player_counts=[3], full=True, jobs=1).counts[3]
    assert run.games == 40 and run.design.decisions == everything.design.decisions  # every game still counted
    first = sum(1 for finished in replay_forced(KNP, 3, 5, 20) if finished[2])
    assert 0 < first == len(run.design.lead_changes) < len(run.design.decisions)
    for name in ("lead_changes", "drama", "decisiveness"):  # the first games' values, the same as when all are followed
        assert getattr(run.design, name) == getattr(everything.design, name)[:first], name
    row, full_row = count_measures(run), count_measures(everything)
    assert (row.followed, row.games, row.partial) == (first, len(run.design.decisions), True)
    assert (full_row.followed == full_row.games) and not full_row.partial
    assert row.lead_changes.value == sum(run.design.lead_changes) / first


# -- two rule variants compared -----------------------------------------------------------------------------------

def test_the_fairer_deck_is_named_with_its_margin() -> None:
    fair = tally(KNP, 4, seat_biased_games(400, 4, 100))      # the first seat wins 25%: fairness 1
    biased = tally(KNP, 4, seat_biased_games(400, 4, 200))    # 50%: fairness 2/3
    row = type("Row", (), {"players": 4, "fairness": compare_fairness(biased, fair, 1)})
    assert row.fairness.fairer == "B" and row.fairness.difference.value == pytest.approx(1 / 3)
    text = fairness_sentence([row], ("old", "new"))
    assert re.fullmatch(r"new is fairer at 4 players, by 0\.33 \(95% CI 0\.\d\d to 0\.\d\d\)\.", text), text
    czech = fairness_sentence([row], ("old", "new"), "cs")
    assert czech.startswith("new je spravedlivější při 4 hráčích, o 0,33 (95% IS 0,")
    same = type("Row", (), {"players": 4, "fairness": compare_fairness(fair, fair, 1)})
    assert fairness_sentence([same], ("a", "b")) == ("Neither deck is fairer beyond chance at any player count "
                                                     "compared.")


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """Kámen, nůžky, papír against a copy without Exchange of Letters (the one card that swaps hands) for 2–3
    players: the counts both decks serve."""
    data = yaml.safe_load(KNP.path.read_text(encoding="utf-8"))
    data.update(id="knp-no-exchange", players={"min": 2, "max": 3, "per_set": 4})
    data["cards"] = [card for card in data["cards"] if card["id"] != "exchange-of-letters"]
    folder = tmp_path_factory.mktemp("variant")
    (folder / "deck.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    report = build_report(KNP, games=20, seed=2, against=load_deck(folder), lang="en", full=True)
    return report, render_html(report)


def test_against_shows_which_variant_is_fairer_and_by_how_much(compared) -> None:
    report, page = compared
    rows = table_rows(page)
    for row in report.comparisons:
        a, b = (seat_shares_fairness(run.counts[row.players]) for _, run in report.series)
        assert (row.fairness.a.value, row.fairness.b.value) == (a, b)
        cells = rows[f"compare-{row.players}"]
        assert cells[10:12] == [f"{a:.2f}", f"{b:.2f}"]
        assert cells[12].startswith(f"{round(b - a, 2) + 0.0:+.2f} (")
    assert re.search(r'<p class="summary" id="fairer">[^<]*(fairer|Neither deck)', page)


def seat_shares_fairness(run) -> float:
    first = run.wins_by_position[0] / run.finished
    return fairness(first, run.fair_share)


def test_against_shows_both_decks_measures_and_the_rule_that_was_removed(compared) -> None:
    report, page = compared
    rows = table_rows(page)
    assert report.focus == 3
    for side in "ab":
        cells = rows[f"measures-{side}-2"]
        assert cells[1] == "20" and re.fullmatch(r"\d+\.\d% \(\d+\.\d–\d+\.\d%\)", cells[7])  # forced moves
    swap = rows["rule-swap_hands"]
    assert float(swap[1]) > 0 and swap[3:] == ["0.00", "0.0% (0.0–16.1%)"]  # 0 of 20 games: Wilson's upper bound
