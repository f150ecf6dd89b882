"""The report speaks the language asked for: its words from the catalogs, with the language's plural forms."""
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from deckforge.effect_text import effect_name
from deckforge.games import deck_spec
from deckforge.load import load_deck
from deckforge.report import build_report, render_html
from deckforge.report.analysis import judge, ordinal, seat_flag, summary_sentence
from deckforge.report.design import rule_firings
from deckforge.sim.runner import simulate
from deckforge.i18n import translations
from deckforge.report import play
from deckforge.sim.summary import GameError
from report_helpers import draw_no_charts, result, starter_rush, table_rows, tally, write_deck
from test_report_analysis import KNP, run_of, seat_biased_games

NOTE = ("Decisiveness, drama and lead changes are taken from the first game at each player count, if it finished.",
        "Decisiveness, drama and lead changes are taken from the finished games among the first %(num)d at each "
        "player count: more games would narrow their intervals little.")
ENGLISH = ("Verdict", "Strongest findings", "Charts", "fair share", "Playable at", "How long games last")


def unplayable_run(errors: int):
    """Return a run at 2 players where 3 games of 100 stall, and at 3 players where `errors` games break."""
    stalled = tally(KNP, 2, [(result(2, 0), 0)] * 97 + [(result(2, None), 0)] * 3)
    broken = tally(KNP, 3, [(result(3, 0), 0)] * (100 - errors)
                   + [(GameError(7, 1, "InvariantError: card lost"), 0)] * errors)
    return run_of(stalled, broken)


@pytest.mark.parametrize("errors, czech, german", [
    (1, "1 hra skončila chybou", "1 Spiel brach mit einem Fehler ab"),
    (2, "2 hry skončily chybou", "2 Spiele brachen mit einem Fehler ab"),
    (5, "5 her skončilo chybou", "5 Spiele brachen mit einem Fehler ab"),
])
def test_reasons_take_the_plural_form_of_their_number(errors: int, czech: str, german: str) -> None:
    assert judge(unplayable_run(errors), "cs").counts[1].reasons == (czech,)
    assert judge(unplayable_run(errors), "de").counts[1].reasons == (german,)
    stalls = judge(unplayable_run(errors), "cs").counts[0].reasons
    assert stalls == ("3,0\u00a0% her se zasekne (povoleno nejvýš 2,0\u00a0%)",)  # Czech numbers: comma, spaced %


def test_summary_and_seat_flag_in_czech_and_german() -> None:
    verdict = judge(unplayable_run(1), "cs")
    assert summary_sentence(verdict, "cs") == "Nehratelné při žádném odehraném počtu hráčů (2–3 hráči)."
    assert summary_sentence(verdict, "de") == "Bei keiner gespielten Spielerzahl spielbar (2–3 Spieler)."
    count = tally(KNP, 5, seat_biased_games(500, 5, 200))
    assert seat_flag(count, 5, "cs") == "1. místo zvýhodněno: vyhrává 40,0\u00a0%, spravedlivý podíl 20,0\u00a0%"
    assert seat_flag(count, 5, "de") == "1. Platz bevorzugt: gewinnt 40,0\u00a0%, fairer Anteil 20,0\u00a0%"
    assert (ordinal(2, "en"), ordinal(2, "cs"), ordinal(22, "de")) == ("2nd", "2.", "22.")


@pytest.fixture(scope="module")
def rush_pages(tmp_path_factory):
    deck = load_deck(starter_rush(tmp_path_factory.mktemp("rush")))
    with pytest.MonkeyPatch.context() as patch:  # standings followed in fewer games than played: the page says so
        patch.setattr(play, "STANDING_GAMES", 20)
        return {lang: render_html(build_report(deck, games=40, seed=1, lang=lang)) for lang in ("cs", "en")}


def test_the_page_says_which_games_the_standing_measures_come_from(rush_pages) -> None:
    assert ("Decisiveness, drama and lead changes are taken from the finished games among the first 20 at each "
            "player count") in rush_pages["en"]
    assert ("Rozhodnost, napínavost a změny vedení jsou spočteny z dohraných her mezi prvními 20 hrami u každého "
            "počtu hráčů") in rush_pages["cs"]
    german = translations("de").ngettext(*NOTE, 150) % {"num": 150}
    assert german.startswith("Entschiedenheit, Dramatik und Führungswechsel stammen aus den beendeten unter den "
                             "ersten 150 Spielen jeder Spielerzahl")


def test_a_czech_report_prints_no_english_interface_words(rush_pages) -> None:
    page = rush_pages["cs"]
    assert '<html lang="cs">' in page
    assert "<h2>Verdikt</h2>" in page and "<h2>Grafy</h2>" in page and "Jak dlouho hry trvají" in page
    assert re.search(r"Hráč na 1\. místě v pořadí vyhrává \d+,\d\u00a0% her pro [234] hráč", page)
    assert "<h2>Karty při 4 hráčích</h2>" in page
    assert "<th>spravedlivý podíl</th>" in page and "<th>hratelné</th>" in page
    visible = re.sub(r"<(style|svg)\b.*?</\1>", "", page, flags=re.S)
    assert [word for word in ENGLISH if word in visible] == []
    assert "Verdict" in rush_pages["en"]


@pytest.fixture(scope="module")
def knp_2_to_4(tmp_path_factory):
    """Kámen, nůžky, papír as bundled, for 2 to 4 players: its report plays three player counts, not eleven (the
    page's words do not depend on how many counts it shows)."""
    deck = {"extends": "kamen-nuzky-papir", "id": "kamen-nuzky-papir", "players": {"min": 2, "max": 4, "per_set": 4}}
    return load_deck(write_deck(tmp_path_factory.mktemp("knp"), deck))


def test_a_german_report_of_a_german_deck(knp_2_to_4) -> None:
    page = render_html(build_report(knp_2_to_4, games=10, seed=2, lang="de"))
    assert "<h2>Urteil</h2>" in page and "Testspielbericht: Schere, Stein, Papier" in page
    assert "<h2>Karten bei 4 Spielern</h2>" in page
    assert table_rows(page)["card-rock"][0] == "Stein"


def test_a_czech_report_names_spell_effects_and_cards_in_czech(knp_2_to_4) -> None:
    """The rules table and the spells' figure printed the deck file's ids ("swap_hands", "bedrock.play_again") on a
    Czech page: the effects now have their Czech names from the catalog, the spells their names from the deck."""
    page = render_html(build_report(knp_2_to_4, games=10, seed=2, lang="cs"))
    rows = table_rows(page)
    assert rows["rule-swap_hands"][0] == "výměna karet v ruce"
    assert rows["rule-play_again"][0] == "tah navíc"
    spells = " ".join(rows["figure-spell_effects"][1:]).replace("\u00a0", " ")
    assert "Pevná skála (tah navíc): " in spells and "Papírový déšť (líznutí karet): " in spells
    assert not re.search(r"[a-z-]+\.[a-z_]+:", spells), spells


# A rule event of each bundled game that fires in a few games at every count, with its Czech name.
CZECH_EVENTS = {"dymock": ("burn", "spálení balíku"), "prsi": ("seven", "vyložená sedma"),
                "rychle-sipy": ("penalty:lose-turn", "trest: jedno kolo nebere"),
                "wizard": ("trick-won-by-trump", "štych vzatý trumfem"),
                "kamen-nuzky-papir": ("skip", "vynechání tahu")}


@pytest.mark.parametrize("game", sorted(CZECH_EVENTS))
def test_a_czech_report_names_every_rule_event_of_the_game(game: str, monkeypatch) -> None:
    """The table of how often each rule fires printed DYMOCK's, Prší's, Rychlé šípy's and Wizard's own events as
    their ids ("four-of-a-kind-burn", "penalty:discard-1") on a Czech page: each game now names them in its
    GameSpec, in every language of the catalogs."""
    draw_no_charts(monkeypatch)  # their Czech words are read in test_a_czech_report_prints_no_english_interface_words
    page = render_html(build_report(load_deck(game), games=6, seed=2, lang="cs"))
    rules = {row[5:]: cells[0] for row, cells in table_rows(page).items() if row.startswith("rule-")}
    event, czech = CZECH_EVENTS[game]
    assert rules[event] == czech
    assert [name for name, label in rules.items() if label == name or re.search(r"[a-z]-[a-z]|:[a-z]", label)] == []
    visible = re.sub(r"<(style|svg)\b.*?</\1>|<[^>]+>", " ", page, flags=re.S)
    assert [name for name in rules if "-" in name and name in visible] == []
    assert "<td><code>" not in page.split('class="rules"')[1].split("</table>")[0]


EXAMPLES = Path(__file__).resolve().parents[2] / "decks" / "examples"
DESCRIBED = sorted(folder.name for folder in EXAMPLES.iterdir() if (folder / "deck.yaml").is_file())


def narrowed_example(name: str, folder: Path):
    """Return an example deck described as data, for its two lowest player counts (per_set kept): the rules that
    fire do not depend on how many counts the page shows."""
    players = load_deck(EXAMPLES / name).players
    narrowed = {"min": players.low, "max": min(players.low + 1, players.high)}
    narrowed.update({"per_set": players.per_set} if players.per_set else {})
    text = re.sub(r"(?m)^players:.*\n", "", (EXAMPLES / name / "deck.yaml").read_text(encoding="utf-8"))
    text = re.sub(r"(?m)^(id: .*\n)", lambda m: m[1] + f"players: {json.dumps(narrowed)}\n", text, count=1)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    return load_deck(folder)


@pytest.mark.parametrize("name", DESCRIBED)
def test_every_event_a_described_game_counts_has_a_name(name: str) -> None:
    """The table of how often each rule fires printed a described game's moves and rules as their ids on a Czech
    page („líznutí karet, name_suit, play.match, play.wild, refill“ for Crazy Eights): every event the rules
    interpreter counts in a few games at its two lowest counts now has a name of its kind (rules/events.py)."""
    deck = load_deck(EXAMPLES / name)
    events = deck_spec(deck).event_names
    counted = Counter()
    for players in list(deck.players)[:2]:
        counted.update(simulate(deck, players, games=4, seed=2).effects)
    assert counted
    for lang in ("cs", "en"):
        unnamed = [event for event in counted
                   if effect_name(event, lang, events) == event or re.search(r"[._]", effect_name(event, lang, events))]
        assert unnamed == [], (lang, unnamed)


@pytest.mark.parametrize("name", ["crazy-eights", "wizard-as-data"])
def test_a_report_names_the_rule_events_of_a_game_described_as_data(name: str, tmp_path, monkeypatch) -> None:
    """The page's table names them: Crazy Eights' moves of two kinds, Wizard's tricks, trumps and bids."""
    draw_no_charts(monkeypatch)
    deck = narrowed_example(name, tmp_path / name)
    assert deck.described is not None
    report = build_report(deck, games=4, seed=2, lang="cs")
    page = render_html(report)
    rules = {row[5:]: cells[0] for row, cells in table_rows(page).items() if row.startswith("rule-")}
    assert rules and [name for name, label in rules.items() if label == name or re.search(r"[._]", label)] == []
    assert "<td><code>" not in page.split('class="rules"')[1].split("</table>")[0]
    english = {rule.name: rule.label for rule in rule_firings(report.series, report.focus, "en")}
    assert english.keys() == rules.keys() and [name for name, label in english.items() if not label
                                               or label == name or re.search(r"[._]", label)] == []
