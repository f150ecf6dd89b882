"""The verdict and findings from synthetic game results, where the truth is known by construction."""
import pytest

from deckforge.load import load_deck
from deckforge.report.analysis import (Finding, count_ranges, judge, seat_shares, strongest_findings,
                                       summary_sentence)
from deckforge.report.play import DeckRun
from deckforge.report.stats import wilson
from deckforge.sim.base import Bids
from deckforge.sim.summary import GameError
from report_helpers import result, tally

KNP = load_deck("kamen-nuzky-papir")


def seat_biased_games(games: int, players: int, first_seat_wins: int):
    """Yield (result, starter): the starter rotates; the starter wins `first_seat_wins` games, the rest go round."""
    others = 0
    for index in range(games):
        starter = index % players
        if index < first_seat_wins:
            winner = starter
        else:
            winner = (starter + 1 + others % (players - 1)) % players
            others += 1
        yield result(players, winner), starter


def run_of(*counts) -> DeckRun:
    return DeckRun(KNP, 1, "random", counts[0].games, {c.players: c for c in counts})


def test_a_first_seat_advantage_is_flagged_and_leads_the_findings():
    count = tally(KNP, 4, seat_biased_games(400, 4, 160))
    assert count.wins_by_position == [160, 80, 80, 80]
    verdict = judge(run_of(count), "en")
    assert verdict.counts[0].seat_flag == "1st seat favoured: wins 40.0%, fair share 25.0%"
    low, high = wilson(160, 400)
    top = verdict.findings[0]
    assert top.kind == "seat" and top.beyond_chance
    assert top.text == (f"the 1st seat to play wins 40.0% of 4-player games, fair share 25.0%, "
                        f"95% CI {low * 100:.1f}–{high * 100:.1f}%")


def test_a_balanced_deck_is_not_flagged():
    count = tally(KNP, 4, seat_biased_games(400, 4, 100))
    assert count.wins_by_position == [100, 100, 100, 100]
    verdict = judge(run_of(count), "en")
    assert verdict.counts[0].seat_flag is None
    assert all(s.p == pytest.approx(1.0) for s in seat_shares(count))
    assert not any(f.beyond_chance for f in verdict.findings)


def test_seats_are_counted_from_the_starter_not_by_number():
    # seat 2 always wins, and always starts: a first-seat effect, not a "seat 2" effect
    count = tally(KNP, 3, [(result(3, 2), 2)] * 30 + [(result(3, 0), 2)] * 30)
    assert count.wins_by_position == [30, 30, 0]


def test_card_tally_splits_seats_that_played_a_card_from_those_that_did_not():
    games = [(result(2, 0, plays={0: ["bedrock"], 1: ["rock"]}), 0),
             (result(2, 1, plays={1: ["bedrock", "rock"]}), 0),
             (result(2, 1, plays={0: ["bedrock"]}), 1)]
    count = tally(KNP, 2, games)
    bedrock, rock = count.cards["bedrock"], count.cards["rock"]
    assert (bedrock.played, bedrock.played_wins, bedrock.unplayed, bedrock.unplayed_wins) == (3, 2, 3, 1)
    assert (rock.played, rock.played_wins, rock.unplayed, rock.unplayed_wins) == (2, 1, 4, 2)


def test_stalls_over_two_percent_or_an_error_make_a_count_unplayable():
    stalled = tally(KNP, 2, [(result(2, 0), 0)] * 97 + [(result(2, None), 0)] * 3)
    fine = tally(KNP, 3, [(result(3, 0), 0)] * 98 + [(result(3, None), 0)] * 2)
    broken = tally(KNP, 4, [(result(4, 0), 0)] * 99 + [(GameError(7, 1, "InvariantError: card lost"), 0)])
    verdict = judge(run_of(stalled, fine, broken), "en")
    by_count = {c.players: c for c in verdict.counts}
    assert not by_count[2].playable
    assert by_count[2].reasons == ("3.0% of games stall (at most 2.0% allowed)",)
    assert by_count[3].playable and by_count[3].stall.value == 0.02
    assert not by_count[4].playable and by_count[4].reasons == ("1 game broke with an error",)
    assert summary_sentence(verdict) == "Playable at 3 players; not at 2, 4."


def test_loser_seat_is_counted_from_the_starter():
    games = [(result(3, 1, loser=2), 2)] * 5 + [(result(3, 0, loser=1), 2)]
    count = tally(KNP, 3, games)
    assert count.losers_by_position == [5, 0, 1]
    assert count.loser_games == 6


def test_wizard_bids_are_summed_per_round():
    bids = Bids(first_round=1, made_by_round=(3, 0), made_by_seat=(1, 1, 1, 0))
    count = tally(KNP, 4, [(result(4, 0, bids=bids), 0), (result(4, 1, bids=bids), 0)])
    assert count.bids == {1: [6, 8], 2: [0, 8]}


def test_strongest_findings_take_each_kind_first():
    findings = [Finding(f"card {i}", 1e-9 * (i + 1), 6, 4, "card") for i in range(5)]
    findings += [Finding("seat", 0.01, 2.5, 4, "seat"), Finding("stall", 0.2, 1.2, 4, "stall")]
    chosen = strongest_findings(findings)
    assert [f.text for f in chosen] == ["card 0", "seat", "stall"]
    only_cards = strongest_findings(findings[:5])
    assert [f.text for f in only_cards] == ["card 0", "card 1", "card 2"]


def test_count_ranges():
    assert count_ranges([2, 3, 4, 6, 8, 9]) == "2–4, 6, 8–9"
    assert count_ranges([5]) == "5"


def test_stalls_still_going_at_the_turn_bound_are_said_so():
    """Games that went on to the turn bound (play went round, never ending) are told from games where nobody could
    move, as validate tells them; the bound is the engine's (4,000 + 1,000 a player for Kámen, nůžky, papír)."""
    from dataclasses import replace

    going = replace(result(2, None, turns=6000), bounded=True)
    stalled = tally(KNP, 2, [(result(2, 0), 0)] * 97 + [(going, 0)] * 3)
    mixed = tally(KNP, 3, [(result(3, 0), 0)] * 96 + [(replace(going, players=3, turns=7000), 0)] * 2
                  + [(result(3, None), 0)] * 2)
    assert (stalled.bounded, mixed.bounded, mixed.stalemates) == (3, 2, 4)
    reasons = {lang: {c.players: c.reasons for c in judge(run_of(stalled, mixed), lang).counts}
               for lang in ("en", "cs", "de")}
    assert reasons["en"] == {2: ("3.0% of games stall, still going after 6,000 decisions (at most 2.0% allowed)",),
                             3: ("4.0% of games stall (at most 2.0% allowed)",)}
    assert reasons["cs"][2] == ("3,0\xa0% her se zasekne: ani po 6\xa0000 rozhodnutích neskončí (povoleno nejvýš "
                                "2,0\xa0%)",)
    assert reasons["de"][2] == ("3,0\xa0% der Spiele fahren sich fest: nach 6.000 Entscheidungen noch nicht zu Ende "
                                "(höchstens 2,0\xa0% erlaubt)",)
