"""The `deckforge report` command: default output path, formats, and clean errors."""
from click.testing import CliRunner

from deckforge.cli import main
from report_helpers import knp_variant, starter_rush, write_deck


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_report_writes_to_the_default_output_path(tmp_path, monkeypatch):
    deck = knp_variant(tmp_path / "whirlwind")
    monkeypatch.chdir(tmp_path)
    outcome = run("report", deck, "--games", 20, "--seed", 2, "--jobs", 1)
    assert outcome.exit_code == 0, outcome.output
    page = tmp_path / "output" / "knp-whirlwind" / "knp-whirlwind-report.html"
    assert outcome.output.startswith("wrote output/knp-whirlwind/knp-whirlwind-report.html: 60 games")
    assert "Playable at every player count played (2–4 players)." in outcome.output
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "Kámen, nůžky, papír s vichřicí" in html


def test_a_deck_that_fails_a_static_check_is_not_played(tmp_path, monkeypatch):
    from deckforge.sim.pool import GamePool

    def no_games(*args, **kwargs):
        raise AssertionError("a game was played")
    monkeypatch.setattr(GamePool, "play", no_games)
    deck = starter_rush(tmp_path / "rush")   # changers only: the static check misses rock, paper and scissors
    outcome = run("report", deck, "-o", tmp_path / "x.html")
    assert outcome.exit_code == 1
    assert outcome.output.startswith("Error: ")
    assert "deck.yaml: 3 problems that need no game to find; no games were played" in outcome.output
    assert "- no paper card: every item must be in the deck for play to flow" in outcome.output
    assert "Traceback" not in outcome.output and not (tmp_path / "x.html").exists()


def test_a_deck_for_fewer_players_than_its_game_needs_is_not_played(tmp_path, monkeypatch):
    from deckforge.sim.pool import GamePool

    def no_games(*args, **kwargs):
        raise AssertionError("a game was played")
    monkeypatch.setattr(GamePool, "play", no_games)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "solo").mkdir()
    (tmp_path / "solo" / "deck.yaml").write_text("extends: kamen-nuzky-papir\nid: solo\nplayers: {min: 1, max: 1}\n",
                                                 encoding="utf-8")
    outcome = run("report", "solo", "-o", tmp_path / "x.html")
    assert outcome.exit_code == 1
    assert outcome.output.startswith(
        "Error: solo/deck.yaml: 1 problem that needs no game to find; no games were played")
    assert outcome.output.splitlines()[1:] == [
        "- solo/deck.yaml:3:10: players.min: Rock, Paper, Scissors (kamen-nuzky-papir) needs at least 2 players, not "
        "1: raise it and players.max to 2"]
    assert "Traceback" not in outcome.output and not (tmp_path / "x.html").exists()


def test_report_refuses_decks_with_no_player_count_in_common(tmp_path):
    rush = starter_rush(tmp_path / "rush")
    big = write_deck(tmp_path / "big", {
        "id": "big-table", "game": "kamen-nuzky-papir", "languages": ["cs", "en"],
        "name": {"cs": "Velký stůl", "en": "Big Table"}, "players": {"min": 6, "max": 8}, "card_size": "poker",
        "cards": [{"id": "changer", "kind": "changer", "count": 60, "name": {"cs": "Měnič", "en": "Changer"}}]})
    outcome = run("report", rush, "--against", big, "-o", tmp_path / "x.html")
    assert outcome.exit_code == 1
    assert ("Error: decks 'starter-rush' (2–4 players) and 'big-table' (6–8 players) have no player count in "
            "common to compare") in outcome.output
    assert not (tmp_path / "x.html").exists()


def test_report_warns_when_the_deck_against_is_of_another_game(tmp_path, monkeypatch):
    import click

    import deckforge.report.page as page

    def stop(*args, **kwargs):  # the warning comes before any game: stop there
        raise click.exceptions.Exit(3)
    monkeypatch.setattr(page, "build_report", stop)
    variant = knp_variant(tmp_path / "whirlwind")
    other = run("report", "kamen-nuzky-papir", "--against", "wizard", "-o", tmp_path / "w.html")
    assert other.exit_code == 3, other.output
    assert ("warning: 'kamen-nuzky-papir' and 'wizard' are decks of different games: the figures side by side "
            "compare two games, not two versions of one deck, which --against is for") in other.output
    same = run("report", "kamen-nuzky-papir", "--against", variant, "-o", tmp_path / "v.html")
    assert same.exit_code == 3 and "warning" not in same.output, same.output


def test_report_names_a_missing_deck(tmp_path):
    outcome = run("report", tmp_path / "nowhere", "-o", tmp_path / "x.html")
    assert outcome.exit_code == 1
    assert outcome.output.startswith("Error: ") and "Traceback" not in outcome.output


def test_report_help_has_an_example():
    outcome = run("report", "--help")
    assert outcome.exit_code == 0 and "Example:" in outcome.output and "--against" in outcome.output


NO_GAME = {"id": "hexduel", "languages": ["en"], "name": {"en": "Hex Duel"}, "players": {"min": 2, "max": 4},
           "card_size": "poker", "rules": {"en": "Play a card."},
           "cards": [{"id": "ember", "count": 8, "name": {"en": "Ember"}, "text": {"en": "Strike."}}]}
NO_GAME_ERROR = ("Error: hex/deck.yaml: deck 'hexduel' names no game, so there is nothing to play; name one with "
                 "`game:` (one of: dymock, kamen-nuzky-papir, prsi, rychle-sipy, wizard) or describe its rules as "
                 "data (docs/rules-format.md)\n")


def test_report_says_a_deck_with_no_game_has_nothing_to_play(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    outcome = run("report", write_deck(tmp_path / "hex", NO_GAME), "-o", tmp_path / "x.html")
    assert (outcome.exit_code, outcome.output) == (1, NO_GAME_ERROR)
    assert not (tmp_path / "x.html").exists()


def test_report_and_validate_judge_stalls_with_the_same_players(tmp_path):
    """Rychlé šípy's random players hoard second copies until every card is locked up at 2–3 players: a report
    with them called the deck unplayable there, which validate (greedy players' stalls) passes. The report plays
    greedy players by default; with random ones it says why its verdict may differ."""
    default = run("report", "rychle-sipy", "--games", 100, "--seed", 1, "--jobs", 1, "--lang", "en",
                  "-o", tmp_path / "greedy.html")
    assert default.exit_code == 0, default.output
    assert "Playable at every player count played (2–4 players)." in default.output
    assert "note:" not in default.output
    assert "greedy computer players" in (tmp_path / "greedy.html").read_text(encoding="utf-8")
    chosen = run("report", "rychle-sipy", "--games", 100, "--seed", 1, "--jobs", 1, "--lang", "en",
                 "--policy", "random", "-o", tmp_path / "random.html")
    assert chosen.exit_code == 0, chosen.output
    assert "not at 2–3" in chosen.output
    assert "note: random players can stall where no sensible player would" in chosen.output
    page = (tmp_path / "random.html").read_text(encoding="utf-8")
    assert "random computer players" in page and "deckforge validate counts the stalls of greedy players" in page
