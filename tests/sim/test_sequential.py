"""Checks that stop when they know: the stopping rules, and validate's play check played in rounds."""
from pathlib import Path

from knp_helpers import item, write_deck

from deckforge.games.kamen_nuzky_papir.engine import KamenNuzkyPapir
from deckforge.load import load_deck
from deckforge.report import play
from deckforge.sim import playcheck
from deckforge.sim.pool import Batch, GamePool
from deckforge.sim.runner import play_series, seat_policies
from deckforge.sim.sequential import RARE_GAMES, STALL_FINE, stall_decision
from deckforge.validate import validate_deck

DECK = load_deck("kamen-nuzky-papir")


def test_the_stall_test_needs_72_clean_games_to_call_a_deck_fine():
    # Wald's bounds for 1% against 5% at 5% errors: 72 games without a stall, 40 more for each stall
    assert stall_decision(0, 71) is None and stall_decision(0, 72) is False
    assert stall_decision(1, 111) is None and stall_decision(1, 112) is False
    assert stall_decision(3, 191) is None and stall_decision(3, 192) is False


def test_the_stall_test_calls_two_early_stalls_broken():
    assert stall_decision(2, 2) is True and stall_decision(2, 8) is True
    assert stall_decision(2, 9) is None
    assert stall_decision(3, 48) is True and stall_decision(3, 49) is None


def test_the_stall_test_agrees_with_the_two_percent_limit_wherever_it_decides():
    decisions = {(stalls, games): stall_decision(stalls, games) for games in range(1, playcheck.MAX_GAMES + 1)
                 for stalls in range(games + 1)}
    for (stalls, games), decided in decisions.items():
        if decided is True:
            assert stalls / games > playcheck.STALL_LIMIT and stalls >= 2, (stalls, games)
        elif decided is False:
            assert stalls / games < playcheck.STALL_LIMIT, (stalls, games)
    assert {True, False, None} == set(decisions.values())
    assert STALL_FINE < playcheck.STALL_LIMIT


def test_a_card_unseen_in_59_games_turns_up_in_fewer_than_one_game_in_20():
    assert RARE_GAMES == 59
    assert 0.95 ** 59 <= 0.05 < 0.95 ** 58


def test_checked_games_are_the_same_games_as_unchecked_ones():
    policies = seat_policies("random", 3)
    engine = KamenNuzkyPapir(DECK, 3, {"variants": (), "trace": False})
    checked = play_series(engine, 5, 10, 10, policies, check=3)
    plain = play_series(engine, 5, 10, 10, policies)
    assert [(r.turns, r.winners, r.first_player) for r in checked] == [(r.turns, r.winners, r.first_player)
                                                                       for r in plain]
    with GamePool([DECK], jobs=2) as pool:
        pooled = pool.play([Batch(0, 3, policies, 5, first, 10, check=1) for first in (0, 10)])
    assert [(r.turns, r.winners) for r in pooled[1]] == [(r.turns, r.winners) for r in plain]


def test_a_clearly_good_deck_stops_as_soon_as_the_stall_test_decides():
    report = validate_deck(DECK, players=2, prints=False)
    full = validate_deck(DECK, players=2, prints=False, full=True)
    assert report.ok and full.ok
    # no stall and every card played: 72 clean games settle it, so 4 rounds of 20 for each policy
    assert report.games == 2 * 80
    assert full.games == 2 * playcheck.MAX_GAMES
    assert "2 of 2 runs stopped early" in report.notes[0]


def test_a_borderline_stall_rate_plays_on_to_the_maximum(monkeypatch):
    # greedy 2-player games take 16 decisions on average; cut at 45, about 3% of them stall: neither 1% nor 5%
    monkeypatch.setattr(KamenNuzkyPapir, "max_game_length", lambda engine: 45)
    checked = playcheck.play_check(DECK, [2], jobs=2)
    greedy = checked.runs[(2, "greedy")]
    assert greedy.games == playcheck.MAX_GAMES
    assert stall_decision(greedy.stalemates, greedy.games) is None
    random_run = checked.runs[(2, "random")]  # random games are far longer: nearly all stall, settled at once
    assert random_run.games == playcheck.ROUND_GAMES


def test_a_deck_that_fails_a_static_check_plays_no_game(tmp_path, monkeypatch):
    def no_games(*args, **kwargs):
        raise AssertionError("a game was played")
    monkeypatch.setattr(GamePool, "play", no_games)
    deck = load_deck(write_deck(tmp_path, [item("rock", "rock", 20)], high=4))
    report = validate_deck(deck)
    assert report.games == 0 and not report.ok
    assert any("no games were played" in note for note in report.notes)


def test_validate_finds_the_same_whatever_the_number_of_processes():
    one = validate_deck(DECK, players=4, prints=False, jobs=1)
    two = validate_deck(DECK, players=4, prints=False, jobs=2)
    assert (one.games, [str(f) for f in one.findings], one.notes) == (two.games, [str(f) for f in two.findings],
                                                                      two.notes)


def test_the_docs_state_the_stopping_rule_the_code_applies():
    docs = Path(__file__).resolve().parents[2] / "docs"
    simulator = (docs / "simulator.md").read_text(encoding="utf-8")
    report = (docs / "report.md").read_text(encoding="utf-8")
    first_clean = next(n for n in range(1, 500) if stall_decision(0, n) is False)
    assert f"So {first_clean} games without a stall settle" in simulator.replace("\n", " ")
    assert f"missed in at least {RARE_GAMES} games" in simulator.replace("\n", " ")
    assert f"rounds of {playcheck.ROUND_GAMES} seeded games" in simulator.replace("\n", " ")
    assert f"rounds of {play.ROUND_GAMES} seeded games" in report.replace("\n", " ")
    assert f"within {round(play.SEAT_POINTS * 100)} percentage points" in report.replace("\n", " ")


def test_the_pool_plays_the_longest_batches_first_and_returns_them_in_the_order_given(monkeypatch):
    from deckforge.sim import pool as pool_module

    played = []

    def record(cache, decks, batch):
        played.append((batch.players, batch.first))
        return play_series(pool_module._engine(cache, decks, batch.deck, batch.players), batch.seed, batch.first,
                           batch.count, batch.policies)

    batches = [Batch(0, n, ("random",) * n, 5, first, 10) for n, first in ((2, 0), (4, 10), (3, 20), (4, 0))]
    monkeypatch.setattr(pool_module, "_play_batch", record)
    with GamePool([DECK], jobs=1) as pool:
        outcomes = pool.play(batches)
    assert played == [(4, 10), (4, 0), (3, 20), (2, 0)]
    for batch, games in zip(batches, outcomes):  # each batch's own games, where it was given
        engine = pool_module._engine({}, (DECK,), 0, batch.players)
        assert games == play_series(engine, 5, batch.first, 10, batch.policies)
