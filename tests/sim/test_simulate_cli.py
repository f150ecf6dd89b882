"""`deckforge simulate` and the play part of `deckforge validate` through click's CliRunner."""
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from knp_helpers import item, write_deck

from deckforge.cli import main

KEYS = {"deck", "players", "games", "finished", "stalemates", "stalemates_at_turn_bound", "turns_mean", "turns_max",
        "wins_by_seat", "plays_by_card", "unplayed_cards", "errors", "extra"}
PRSI_AS_DATA = Path(__file__).resolve().parents[2] / "decks" / "examples" / "prsi-as-data"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_json_has_the_promised_keys_and_is_byte_identical_for_the_same_arguments():
    args = ("simulate", "kamen-nuzky-papir", "--players", "4", "--games", "40", "--seed", "3", "--json")
    first = run(*args)
    assert first.exit_code == 0
    data = json.loads(first.output)
    assert KEYS <= set(data) and data["games"] == 40 and data["players"] == 4 and data["deck"] == "kamen-nuzky-papir"
    assert data["finished"] + data["stalemates"] == 40 and data["errors"] == []
    assert sum(data["wins_by_seat"].values()) == data["finished"]
    assert first.output == run(*args).output == run(*args, "--jobs", "2").output
    assert first.output != run(*args[:-2], "4", "--json").output  # another seed


def test_the_readable_summary():
    result = run("simulate", "kamen-nuzky-papir", "--games", "30", "--policy", "greedy")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("Kámen, nůžky, papír (kamen-nuzky-papir): 4 players, 30 games, seed 1, "
                               "policy greedy")
    assert lines[1].startswith("finished 30, stalemates 0 (0.0%), errors 0")
    assert any(line.startswith("turns: mean ") and "median" in line for line in lines)
    assert any(line.startswith("effects triggered: draw ") for line in lines)
    assert "unplayed cards: none" in lines


def summary_line(output: str, start: str) -> str:
    return next(line for line in output.splitlines() if line.startswith(start))


def test_the_readable_summary_names_effects_as_the_english_report_does():
    """The summary printed the effects' ids ("swap_hands 106", "bedrock.play_again 103") and the game's figures by
    their keys ("spell_effects:"): it names them as the English report does, keeps the cards' ids, and --json keeps
    the ids."""
    args = ("simulate", "kamen-nuzky-papir", "--games", "20")
    output = run(*args).output
    effects = summary_line(output, "effects triggered: ")
    assert "skip a turn " in effects and "swap hands " in effects and "reverse the direction " in effects
    assert not re.search(r"[a-z]_[a-z]", effects), effects
    spells = summary_line(output, "spell effects that took effect, by spell and effect: ")
    assert spells.split(": ", 1)[1].startswith("bedrock (play again) ")
    assert re.fullmatch(r"cards drawn: \d+", summary_line(output, "cards drawn: "))  # the figures by their labels
    data = json.loads(run(*args, "--json").output)
    assert "swap_hands" in data["effects"] and "bedrock.play_again" in data["extra"]["spell_effects"]
    described = run("simulate", str(PRSI_AS_DATA), "--games", "5").output
    assert "matching card laid " in summary_line(described, "effects triggered: ")
    assert not re.search(r"[a-z][._][a-z]", summary_line(described, "effects triggered: "))



def test_the_readable_summary_names_the_bids_and_losses_it_counts_itself():
    """Wizard's bid tallies and DYMOCK's losses by seat come from the summary, not from a game's declared figures:
    they were printed by key ("bids_made_by_round: 1 110, 2 76"); now in words, each round or seat with its count.
    --json keeps the keys."""
    wizard = run("simulate", "wizard", "--players", "3", "--games", "4").output
    made = summary_line(wizard, "bids made by round: ")
    assert re.fullmatch(r"bids made by round: 1: \d+, 2: \d+, .*, 20: \d+", made), made
    assert re.fullmatch(r"bids made by seat: 0: \d+, 1: \d+, 2: \d+", summary_line(wizard, "bids made by seat: "))
    assert summary_line(wizard, "rounds played: ") == "rounds played: 80"  # 20 rounds a game at 3 players
    assert summary_line(wizard, "bids: ") == "bids: 240" and "_" not in wizard.split("\ntime: ")[0]
    assert "bids_made_by_round" in json.loads(run("simulate", "wizard", "--games", "2", "--json").output)["extra"]
    dymock = run("simulate", "dymock", "--players", "3", "--games", "10").output
    losses = summary_line(dymock, "losses by seat: ")
    assert sum(int(n) for n in re.findall(r"\d+: (\d+)", losses)) == 10, losses

def test_trace_prints_one_game_step_by_step():
    result = run("simulate", "kamen-nuzky-papir", "--players", "3", "--seed", "5", "--trace")
    assert result.exit_code == 0
    out = result.output
    assert out.startswith("deal: seat 0: ") and "\n1: seat " in out
    assert "decisions; places (seats, first to last)" in out


def test_trace_of_a_later_game_matches_the_run():
    data = json.loads(run("simulate", "kamen-nuzky-papir", "--players", "2", "--games", "13", "--json").output)
    traces = [json.loads(run("simulate", "kamen-nuzky-papir", "--players", "2", "--trace", "--game", str(g),
                             "--json").output) for g in range(13)]
    assert sum(t["turns"] for t in traces) == round(data["turns_mean"] * 13)
    assert [sum(t["winners"] == [s] for t in traces) for s in (0, 1)] == list(data["wins_by_seat"].values())


@pytest.mark.parametrize("args, message", [
    (("--policy", "smart"), "Error: unknown policy 'smart' (one of: random, greedy, mcts)"),
    (("--variant", "lucid-vision"),
     "Error: Rock, Paper, Scissors (kamen-nuzky-papir) has no variants; cannot play lucid-vision"),
    (("--players", "13"), "Error: deck 'kamen-nuzky-papir': this deck serves 2 to 12 players, not 13"),
])
def test_bad_arguments_are_clear_errors(args, message):
    result = CliRunner().invoke(main, ["simulate", "kamen-nuzky-papir", "--games", "5", *args])
    assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output


def test_help_has_an_example():
    result = run("simulate", "--help")
    assert result.exit_code == 0 and "Example:" in result.output and "--jobs" in result.output


def test_validate_fails_on_a_deck_that_stalls(tmp_path):
    path = write_deck(tmp_path, [item("rock", "rock", 10), item("scissors", "scissors", 2)], high=2)
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    # no paper card: the static check already knows, so validate plays no game to find it out
    assert "- no paper card: every item must be in the deck" in result.output
    assert "no games were played" in result.output


def test_validate_passes_the_bundled_deck_at_one_count():
    result = run("validate", "kamen-nuzky-papir", "--players", "5")
    # it said "ok (2–12 players)", though only 5 were played
    assert result.exit_code == 0 and result.output.endswith("kamen-nuzky-papir: ok (5 players)\n"), result.output


def test_broken_games_fail_the_run_and_say_how_to_replay_one(monkeypatch):
    from deckforge.games.kamen_nuzky_papir.engine import KnpState

    legal = KnpState._legal_actions
    monkeypatch.setattr(KnpState, "_legal_actions", lambda state: [] if state.turns == 3 else legal(state))
    result = CliRunner().invoke(main, ["simulate", "kamen-nuzky-papir", "--players", "2", "--games", "4",
                                       "--seed", "7", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)  # the summary is still printed whole, for a script to read
    assert len(data["errors"]) == 4
    assert ("Error: 4 of 4 games broke (the first: InvariantError: seat 1 is to move with nothing legal); replay it "
            "with: deckforge simulate kamen-nuzky-papir --players 2 --seed 7 --trace --game 0") in result.stderr
    traced = CliRunner().invoke(main, ["simulate", "kamen-nuzky-papir", "--players", "2", "--seed", "7", "--trace"])
    assert traced.exit_code == 1 and "Traceback" not in traced.output
    steps = traced.stdout.splitlines()
    assert steps[0].startswith("deal: ") and [line.split(":")[0] for line in steps if line[:1].isdigit()] == \
        ["1", "2", "3"]
    assert traced.stderr.strip() == ("Error: game 0 of seed 7 broke: InvariantError: seat 1 is to move with nothing "
                                     "legal (after the steps above)")


def test_a_game_broken_only_where_invariants_are_checked_is_replayed_with_the_check(monkeypatch):
    from deckforge.games.kamen_nuzky_papir.engine import KnpState
    from deckforge.sim.base import InvariantError

    def broken(state):
        if state.turns == 5:
            raise InvariantError("a card went missing")
    monkeypatch.setattr(KnpState, "check_invariants", broken)
    result = CliRunner().invoke(main, ["simulate", "kamen-nuzky-papir", "--players", "2", "--games", "3", "--check",
                                       "--policy", "greedy"])
    assert result.exit_code == 1
    replay = result.stderr.split("replay it with: ")[1].strip()
    assert replay == ("deckforge simulate kamen-nuzky-papir --players 2 --seed 1 --policy greedy --check --trace "
                      "--game 0")
    traced = CliRunner().invoke(main, replay.split()[1:])
    assert traced.exit_code == 1
    assert "broke: InvariantError: a card went missing" in traced.stderr
    unchecked = CliRunner().invoke(main, replay.replace(" --check", "").split()[1:])
    assert unchecked.exit_code == 0   # unchecked, the same game plays to its end


def test_the_summary_says_that_a_tie_is_a_win_for_each_tied_seat():
    """Shared wins made the seats' shares add up past 100 % with nothing to say why."""
    from deckforge.cli.simulate import summary_text
    from deckforge.load import load_deck
    from deckforge.sim.base import GameResult
    from deckforge.sim.summary import Summary

    summary = Summary.start(load_deck("kamen-nuzky-papir"), 2, 1, ("random", "random"))
    for winners in ([0], [0, 1], [1], [0, 1]):
        summary.add(GameResult(2, True, False, 4, winners, [0, 1]))
    line = next(line for line in summary_text(summary, 1.0).splitlines() if line.startswith("wins by seat: "))
    assert line == ("wins by seat: 0: 3 (75.0%)  1: 3 (75.0%)  (a tie is a win for each tied seat: 2 more wins than "
                    "finished games)")


def test_simulate_says_a_deck_with_no_game_has_nothing_to_play(tmp_path, monkeypatch):
    (tmp_path / "hex").mkdir()
    (tmp_path / "hex" / "deck.yaml").write_text(
        "id: hexduel\nlanguages: [en]\nname: {en: Hex Duel}\nplayers: {min: 2, max: 4}\ncard_size: poker\n"
        "rules: {en: Play a card.}\ncards:\n  - {id: ember, count: 8, name: {en: Ember}, text: {en: Strike.}}\n",
        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["simulate", "hex"])
    assert result.exit_code == 1
    assert result.output == ("Error: hex/deck.yaml: deck 'hexduel' names no game, so there is nothing to play; name "
                             "one with `game:` (one of: dymock, kamen-nuzky-papir, prsi, rychle-sipy, wizard) or "
                             "describe its rules as data (docs/rules-format.md)\n")


def test_simulate_refuses_a_deck_for_one_player_of_a_game_of_two(tmp_path, monkeypatch):
    """It played on without end: one seat of Kámen, nůžky, papír never finishes a game."""
    (tmp_path / "solo").mkdir()
    (tmp_path / "solo" / "deck.yaml").write_text("extends: kamen-nuzky-papir\nid: solo\nplayers: {min: 1, max: 1}\n",
                                                 encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["simulate", "solo", "--games", "3", "--policy", "greedy"])
    assert result.exit_code == 1
    assert result.output == ("Error: solo/deck.yaml:3:10: players.min: Rock, Paper, Scissors (kamen-nuzky-papir) "
                             "needs at least 2 players, not 1: raise it and players.max to 2\n")
