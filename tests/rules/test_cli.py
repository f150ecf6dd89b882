"""A described deck through the command line: `simulate --json` (also in two processes), `validate`, and a deck
mistake reported with its place and no traceback."""
import json

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.load import load_deck
from deckforge.sim.base import SimulationError, engine_for
from rules_tables import write_deck
from test_turns import GO_FISH


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_simulate_and_validate_a_described_deck(tmp_path):
    write_deck(tmp_path, GO_FISH, ranks=("1", "2", "3"), players=(2, 3))
    args = ("simulate", str(tmp_path), "--players", "2", "--games", "40", "--seed", "5", "--policy", "greedy",
            "--json")
    first = run(*args)
    assert first.exit_code == 0
    data = json.loads(first.output)
    assert data["game"] is None and data["finished"] == 40 and data["errors"] == [] and data["unplayed_cards"] == []
    assert data["effects"]["sets"] > 0 and data["effects"]["ask.hit"] > 0
    assert first.output == run(*args, "--jobs", "2").output
    checked = run("validate", str(tmp_path), "--players", "2")
    assert checked.exit_code == 0 and "ok" in checked.output.splitlines()[-1]


def test_a_mistake_in_the_description_is_one_clear_line(tmp_path):
    write_deck(tmp_path, GO_FISH.replace("same: rank", "same: rnak"), ranks=("1", "2", "3"))
    result = CliRunner().invoke(main, ["simulate", str(tmp_path), "--games", "5"])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "rules.play.always[0].sets.same: no card has the attribute 'rnak'; did you mean 'rank'?" in result.output


def test_building_a_described_deck_its_set_up_cannot_deal_warns_at_the_step(tmp_path, monkeypatch):
    from test_parse import EIGHTS

    monkeypatch.chdir(tmp_path)
    path = write_deck(tmp_path / "d", EIGHTS.replace("count: {2: 3, default: 2}", "count: 5"), players=(2, 3))
    lines = path.read_text(encoding="utf-8").splitlines()
    deal = next(number for number, line in enumerate(lines, start=1) if "- deal:" in line)
    column = lines[deal - 1].index("deal:") + 1
    result = CliRunner().invoke(main, ["build", "d", "--players", "3", "-o", "d.pdf"])
    assert result.exit_code == 0, result.output
    assert (f"warning: d/deck.yaml:{deal}:{column}: 3 players: rules.setup[0]: 8 cards cannot deal 5 to each of 3 "
            "players; the cards are printed all the same: add cards: the deck cannot be dealt at any count from 2 "
            "to 3 players\n") in result.stderr


def one_player_go_fish(project_root, folder) -> str:
    """Copy the example Go Fish (`rules.min_players: 2`) into `folder` for 1 to 6 players; return its `players`
    place."""
    text = (project_root / "decks" / "examples" / "go-fish" / "deck.yaml").read_text(encoding="utf-8")
    assert "\nplayers: {min: 2, " in text
    folder.mkdir()
    (folder / "deck.yaml").write_text(text.replace("\nplayers: {min: 2, ", "\nplayers: {min: 1, "), encoding="utf-8")
    lines = text.splitlines()
    line = next(number for number, row in enumerate(lines, start=1) if row.startswith("players:"))
    return f"{folder.name}/deck.yaml:{line}:{len('players: ') + 1}"


def test_validate_refuses_a_go_fish_for_one_player_at_its_players_line(tmp_path, monkeypatch, project_root):
    """Rules as data named no fewest players, so Go Fish for one player (nobody to ask) passed validate."""
    from deckforge.sim.pool import GamePool

    def no_games(*args, **kwargs):
        raise AssertionError("a game was played")
    monkeypatch.setattr(GamePool, "play", no_games)
    monkeypatch.chdir(tmp_path)
    at = one_player_go_fish(project_root, tmp_path / "solo")
    result = CliRunner().invoke(main, ["validate", "solo", "-j", "1"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.splitlines()[-2:] == [
        "Error: solo/deck.yaml: 1 problem:",
        f"- {at}: players.min: Rybičky (go-fish) needs at least 2 players, not 1: raise it to 2"]


def test_the_interpreter_will_not_seat_one_player_at_go_fish(tmp_path, monkeypatch, project_root):
    monkeypatch.chdir(tmp_path)
    at = one_player_go_fish(project_root, tmp_path / "solo")
    deck = load_deck(tmp_path / "solo" / "deck.yaml")
    with pytest.raises(SimulationError) as caught:
        engine_for(deck, 1)
    refusal = f"{at}: players.min: Rybičky (go-fish) needs at least 2 players, not 1: raise it to 2"
    assert str(caught.value).endswith(refusal)
    assert engine_for(deck, 2).players == 2
    result = CliRunner().invoke(main, ["simulate", "solo", "--players", "1", "--games", "3"])
    assert result.exit_code == 1 and result.output == f"Error: {refusal}\n"


@pytest.mark.parametrize("fewest, most, count, players, advice", [
    (2, 4, 5, 2, "add cards: the deck cannot be dealt at any count from 2 to 4 players"),
    (2, 4, 3, 3, "add cards, or build with --players for a count the deck can deal: 2"),
    (3, 2, 5, 2, "raise players.max to 3, the fewest players the game is played by, and add the cards that count "
                 "needs"),
])
def test_build_never_advises_a_count_below_the_games_fewest_players(tmp_path, monkeypatch, fewest, most, count,
                                                                    players, advice):
    """Eight cards of Go Fish for 1 to 4 players: the advice offered 1 player, a count the deck deals but nobody
    can play ('... a count the deck can deal: 1')."""
    from test_turns import GO_FISH

    monkeypatch.chdir(tmp_path)
    rules = f"  min_players: {fewest}\n" + GO_FISH.replace("count: 2}", f"count: {count}}}")
    write_deck(tmp_path / "d", rules, ranks=("1", "2", "3", "4"), players=(1, most))
    result = CliRunner().invoke(main, ["build", "d", "--players", str(players), "-o", "d.pdf"])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "cannot deal" in line]
    assert len(warnings) == 1 and warnings[0].endswith(f"; the cards are printed all the same: {advice}"), warnings
