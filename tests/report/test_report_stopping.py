"""The report stops a player count once its verdict is settled, the same way whatever the number of processes."""
from report_helpers import starter_rush

from deckforge.load import load_deck
from deckforge.report.play import ROUND_GAMES, play_deck, seat_tolerance, verdict_settled
from deckforge.sim.sequential import Run
from deckforge.sim.summary import Summary

KNP = load_deck("kamen-nuzky-papir")


def run_with(stalls: int, games: int, wins: list[int]) -> Run:
    """Return a run of `games` games at len(wins) players: `stalls` stalled, the rest won by position as given."""
    players = len(wins)
    summary = Summary.start(KNP, players, 1, ("random",) * players)
    summary.games, summary.stalemates, summary.finished = games, stalls, games - stalls
    summary.wins_by_position, summary.winner_slots = list(wins), sum(wins)
    return Run(players, 0, players, ("random",) * players, 1, 1000, summary)


def test_a_count_is_settled_once_every_seat_is_known_to_within_5_points():
    assert seat_tolerance(0.5) == 0.05 and seat_tolerance(1 / 12) == 0.05
    assert verdict_settled(run_with(0, 400, [200, 200]))       # 50% ± 4.9 points
    assert not verdict_settled(run_with(0, 300, [150, 150]))   # 50% ± 5.6 points
    assert verdict_settled(run_with(0, 200, [20, 16, 17, 15, 18, 16, 17, 15, 16, 17, 17, 16]))  # 12 players: ± 4


def test_a_seat_far_beyond_its_fair_share_is_settled_at_once():
    assert verdict_settled(run_with(0, 100, [75, 25]))          # 75% (65.7–82.5%): beyond 45–55%


def test_a_seat_near_the_edge_of_its_tolerance_keeps_the_count_playing():
    assert not verdict_settled(run_with(0, 200, [120, 80]))    # 60% (53.1–66.5%): maybe within 5 points, maybe not


def test_an_undecided_stall_rate_keeps_the_count_playing():
    # seats far from fair (settled), but the stall test has not decided: 60 clean games, or 1 stall in 100
    assert not verdict_settled(run_with(0, 60, [45, 15]))
    assert not verdict_settled(run_with(1, 100, [75, 24]))
    assert verdict_settled(run_with(0, 80, [60, 20]))
    assert verdict_settled(run_with(100, 100, [0, 0]))         # everything stalled: broken, no wins to weigh


def test_a_starter_favouring_deck_stops_early_and_plays_to_the_maximum_when_asked(tmp_path):
    rush = load_deck(starter_rush(tmp_path / "rush"))   # the first seat wins about 70% of 2-player games
    settled = play_deck(rush, 1000, seed=4, jobs=2, player_counts=[2])
    games = settled.counts[2].games
    assert games < 1000 and games % ROUND_GAMES == 0 and settled.played == games
    assert verdict_settled(Run(2, 0, 2, ("random",) * 2, 4, 1000, settled.counts[2]))
    full = play_deck(rush, games + 50, seed=4, jobs=2, player_counts=[2], full=True)
    assert full.counts[2].games == games + 50


def test_stopping_is_the_same_whatever_the_jobs():
    one = play_deck(KNP, 400, seed=9, jobs=1, player_counts=[2, 3])
    two = play_deck(KNP, 400, seed=9, jobs=2, player_counts=[2, 3])
    assert one.counts == two.counts
    assert {n: run.games % ROUND_GAMES for n, run in one.counts.items()} == {2: 0, 3: 0}


def test_charts_drawn_side_by_side_are_the_charts_drawn_one_by_one():
    from deckforge.report.page import draw_charts

    series = [("kamen-nuzky-papir", play_deck(KNP, 20, seed=9, jobs=1, player_counts=[2, 3], full=True))]
    alone, side_by_side = draw_charts(series, "cs", jobs=1), draw_charts(series, "cs", jobs=2)
    assert len(alone) >= 3 and [c.name for c in alone] == [c.name for c in side_by_side]
    assert [c.svg for c in alone] == [c.svg for c in side_by_side]
