"""A described deck through the command line: `simulate --json` (also in two processes), `validate`, and a deck
mistake reported with its place and no traceback."""
import json

from click.testing import CliRunner

from deckforge.cli import main
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
