"""The play check behind `deckforge validate`: what it finds in broken decks and engines, and that it passes."""
import re
import shutil
from pathlib import Path

from knp_helpers import item, write_deck

from deckforge.cli.simulate import summary_text
from deckforge.load import load_deck
from deckforge.sim.base import InvariantError
from deckforge.games.kamen_nuzky_papir.engine import KamenNuzkyPapir, KnpState
from deckforge.games import specs
from deckforge.sim.playcheck import play_check
from deckforge.validate import validate_deck

DECK = load_deck("kamen-nuzky-papir")


def messages(report):
    return [str(finding) for finding in report.findings]


def test_every_bundled_game_has_a_simulator_for_its_play_check():
    assert {"kamen-nuzky-papir", "wizard", "dymock", "rychle-sipy"} <= {g for g, s in specs().items() if s.engine}


def test_the_bundled_deck_passes_at_a_player_count():
    report = validate_deck(DECK, players=3)
    assert report.ok, messages(report)
    assert any("seeded games" in note for note in report.notes)


def test_a_deck_of_rocks_alone_stalls_and_says_so(tmp_path):
    deck = load_deck(write_deck(tmp_path, [item("rock", "rock", 20)], high=4))
    report = validate_deck(deck)  # the static check finds the missing items first, and no game is played
    assert "no paper card: every item must be in the deck for play to flow" in messages(report)
    assert any("no games were played" in note for note in report.notes)
    findings, notes = play_check(deck, [2, 3, 4])[:2]  # played anyway, the games stall and the play check says so
    found = [str(finding) for finding in findings]
    for players in (2, 3, 4):
        assert any(m.startswith(f"{players} players: greedy players: ") and "games stalled (100%" in m
                   for m in found), found
        assert any(n.startswith(f"{players} players: random players stalled in ") for n in notes)
    assert "card 'rock' was never played at 2–4 players: no seeded game found a moment to lay it" in found
    stalls = [m for m in found if "games stalled" in m]
    assert all(m.endswith("play reached a point where nobody could move; the deck lacks cards that let play go on")
               for m in stalls), stalls


# The bundled deck with one more spell that makes every opponent draw two: at 9 players (two sets, so two of it)
# greedy players' games may go on to the turn bound. Seeded: 2 of the first 20 games do.
STORM = {"id": "paper-storm", "kind": "spell", "item": "paper", "count": 1,
         "name": {"cs": "Papírová bouře", "en": "Paper Storm", "de": "Papiersturm"},
         "text": {"cs": "Každý soupeř si lízne 2 karty.", "en": "Every opponent draws 2 cards.",
                  "de": "Jeder Gegner zieht 2 Karten."},
         "effects": [{"effect": "draw", "target": "others", "count": 2}]}


def _stormy_deck(folder: Path) -> Path:
    from ruamel.yaml import YAML

    shutil.copytree(DECK.path.parent, folder)
    yaml = YAML()
    data = yaml.load(folder / "deck.yaml")
    data["cards"].append(STORM)
    yaml.dump(data, folder / "deck.yaml")
    return folder


def test_games_that_go_on_to_the_turn_bound_are_told_from_stuck_ones(tmp_path):
    from deckforge.sim.playcheck import run_findings
    from deckforge.sim.runner import simulate

    folder = _stormy_deck(tmp_path / "stormy")
    summary = simulate(load_deck(folder), 9, games=20, policy="greedy")
    assert summary.stalemates >= 2 and summary.bounded == summary.stalemates, summary.stalemates
    said = summary_text(summary, 1.0).splitlines()[1]  # what `deckforge simulate` prints, and --json holds
    assert said == (f"finished {20 - summary.stalemates}, stalemates {summary.stalemates} "
                    f"({summary.stalemates / 20:.1%}; {summary.stalemates} still going at the turn bound of 13,000 "
                    "decisions), errors 0")
    data = summary.as_dict()
    assert data["stalemates"] == data["stalemates_at_turn_bound"] == summary.stalemates
    assert summary.turn_bound() == 13_000 and max(summary.turns) == 13_000  # 4,000 + 1,000 a player
    (said_so,) = run_findings(summary)
    message = str(said_so)  # English, as validate prints it; the preview says it in its page's language
    assert said_so.said("cs").startswith(f"hladoví hráči: zaseklé hry {summary.stalemates}/20 (")
    assert "ještě běžely, když dosáhly hranice 13\u00a0000 rozhodnutí: točily se dokola" in said_so.said("cs")
    assert message.startswith(f"greedy players: {summary.stalemates} of 20 games stalled (")
    assert message.endswith("they were still going at the game's bound of 13,000 decisions: play went round "
                            "without coming to an end (most often because cards that make players draw or take "
                            "cards outweigh the ways to get rid of them)")
    # Some games at the bound, others stuck: both are said, with their numbers
    summary.stalemates += 3
    (mixed,) = map(str, run_findings(summary))
    assert f"{summary.bounded} were still going at the game's bound of 13,000 decisions" in mixed
    assert mixed.endswith("; in the other 3, play reached a point where nobody could move; the deck lacks cards "
                          "that let play go on")


def test_a_game_that_ends_itself_at_its_bound_counts_as_at_the_bound():
    """Prší ends a game itself when it reaches its bound (a stalemate by its own rules), where other engines are
    stopped by the runner: either way the game is one that went on, not one stuck."""
    import random
    from dataclasses import replace

    from deckforge.games.prsi.engine import PrsiEngine
    from deckforge.sim.base import play_game

    engine = PrsiEngine(load_deck("prsi"), 3)
    engine.info, engine.bound = replace(engine.info, max_turns=lambda n: 12), 12
    result = play_game(engine, random.Random(1), ("random",) * 3)
    assert result.stalemate and result.turns == 12 and result.bounded
    assert not play_game(PrsiEngine(load_deck("prsi"), 3), random.Random(1), ("random",) * 3).bounded


def test_a_card_never_laid_and_its_effect_are_reported(monkeypatch):
    original = KamenNuzkyPapir._lay_table

    def without_bedrock(engine):
        table = original(engine)  # per top item, per card
        return tuple(tuple(() if engine.card_ids[card] == "bedrock" else lays for card, lays in enumerate(row))
                     for row in table)
    monkeypatch.setattr(KamenNuzkyPapir, "_lay_table", without_bedrock)
    found = messages(validate_deck(DECK, players=2))
    assert "card 'bedrock' was never played at 2 players: no seeded game found a moment to lay it" in found
    assert any(m.startswith("the effect 'play_again' never took effect at 2 players") for m in found)


def test_a_broken_invariant_is_a_finding_with_a_replay_command(monkeypatch):
    def broken(state):
        if state.turns == 5:
            raise InvariantError("a card went missing")
    monkeypatch.setattr(KnpState, "check_invariants", broken)
    found = messages(validate_deck(DECK, players=2))
    broke = [m for m in found if "broke: InvariantError: a card went missing" in m]
    assert broke and "deckforge simulate kamen-nuzky-papir --players 2 --seed" in broke[0]


def test_the_replay_command_names_a_homemade_deck_by_its_file(tmp_path, monkeypatch):
    """The replay command names a deck of one's own by its file, as seen from the working directory: its id would
    name a bundled deck, or another folder of that name, instead."""
    from deckforge.sim.playcheck import deck_argument

    path = write_deck(tmp_path / "my deck", [item("rock", "rock", 3), item("paper", "paper", 3), item("scissors", "scissors", 3)])
    monkeypatch.chdir(tmp_path)
    assert deck_argument(load_deck(path)) == "'my deck/deck.yaml'"
    monkeypatch.chdir(tmp_path / "my deck")
    assert deck_argument(load_deck(path)) == "deck.yaml"
    assert deck_argument(DECK) == "kamen-nuzky-papir"
    assert deck_argument(load_deck("examples/go-fish")) == "examples/go-fish"

    def broken(state):
        if state.turns == 5:
            raise InvariantError("a card went missing")
    monkeypatch.setattr(KnpState, "check_invariants", broken)
    broke = [m for m in messages(validate_deck(load_deck(path), players=2)) if "broke: " in m]
    assert broke and "(replay it with: deckforge simulate deck.yaml --players 2 --seed " in broke[0]


def test_one_player_is_counted_in_the_singular(tmp_path):
    # Twenty-one is written as data: a copy whose rules let one player play it is played at 1 player
    folder = tmp_path / "solo"
    shutil.copytree(Path(__file__).parents[2] / "decks" / "examples" / "twenty-one", folder)
    deck_file = folder / "deck.yaml"
    text = deck_file.read_text(encoding="utf-8")
    text = re.sub(r"players: \{[^}]*\}", "players: {min: 1, max: 1}", text, count=1)
    deck_file.write_text(text.replace("min_players: 2", "min_players: 1"), encoding="utf-8")
    report = validate_deck(load_deck(folder))
    assert any(note.startswith("played ") and note.split(" (random and greedy players) at ")[1].startswith(
        "1 player") and "1 players" not in note for note in report.notes), report.notes
