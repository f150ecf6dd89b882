"""The report page: figures read back from the HTML against the runner's own outcomes, flags, comparison, files."""
import base64
import dataclasses
import io
import re
import shutil
import statistics
from collections import Counter

import pytest
from click.testing import CliRunner

from deckforge.cli import main
from deckforge.games import specs
from deckforge.load import load_deck
from deckforge.report import build_report, render_html, write_report
from deckforge.report.stats import wilson
from deckforge.sim.base import engine_for
from deckforge.sim.runner import SERIES_LENGTH, game_rng, iter_outcomes
from report_helpers import draw_no_charts, element_ids, knp_variant, starter_rush, table_rows

GAMES = 40
EFFECT_NAMES = {"skip": "skip a turn", "reverse": "reverse the direction", "draw": "draw cards",
                "play_again": "play again", "extra_play": "lay more cards", "give": "give cards",
                "swap_hands": "swap hands"}


@pytest.fixture(scope="module")
def knp_page():
    deck = load_deck("kamen-nuzky-papir")
    return deck, render_html(build_report(deck, games=GAMES, seed=3, jobs=2, lang="en"))


@pytest.fixture(scope="module")
def rush_deck(tmp_path_factory):
    return load_deck(starter_rush(tmp_path_factory.mktemp("rush")))


def knp_figures(deck, players: int, seed: int) -> dict:
    """Work out the verdict row of one player count straight from the runner's outcomes."""
    engine = engine_for(deck, players, {"variants": (), "trace": False})
    outcomes = list(iter_outcomes(engine, GAMES, seed, ("greedy",) * players))  # the report's default players
    first_wins, previous = 0, None
    for index, game in enumerate(outcomes):
        # RULES.md: chance picks the first starter of a series, then the previous winner starts
        if index % SERIES_LENGTH and previous is not None and previous.winners:
            starter = previous.winners[0]
        else:
            starter = engine.new_game(game_rng(seed, index)).current_player()
        first_wins += game.finished and starter in game.winners
        previous = game
    finished = sum(game.finished for game in outcomes)
    turns = [game.turns for game in outcomes]
    low, high = wilson(first_wins, finished)
    return {"stalled": f"{(GAMES - finished) / GAMES:.1%}",
            "turns": f"{statistics.fmean(turns):.1f} / {statistics.median(turns)}",
            "first": f"{first_wins / finished:.1%} ({low * 100:.1f}–{high * 100:.1f}%)"}


def test_verdict_table_holds_the_runners_figures(knp_page):
    deck, html = knp_page
    rows = table_rows(html)
    for players in deck.players:
        assert rows[f"count-a-{players}"][:2] == [str(players), str(GAMES)]
    # the oracle replays one count of each number of sets (one set serves 2–4 players, two 5–8, three 9–12): the
    # same paths as all eleven, in a fifth of the games' time
    for players in (2, 5, 9):
        cells = rows[f"count-a-{players}"]
        expected = knp_figures(deck, players, 3)
        assert cells[2].startswith(expected["stalled"] + " (")
        assert cells[4] == expected["turns"]
        assert cells[5] == expected["first"], players


def test_the_games_own_figures_are_labelled_from_its_spec(knp_page):
    deck, html = knp_page
    rows = table_rows(html)
    for figure in specs()[deck.game].figures:
        assert rows[f"figure-{figure.name}"][0] == figure.label
    engine = engine_for(deck, 2, {"variants": (), "trace": False})
    outcomes = list(iter_outcomes(engine, GAMES, 3, ("greedy",) * 2))
    assert rows["figure-draws"][1] == f"{sum(game.figures['draws'] for game in outcomes) / GAMES:.1f}"
    spells = Counter()
    for game in outcomes:
        spells.update(game.figures["spell_effects"])
    largest = max(spells, key=spells.__getitem__)
    card_id, _, effect = largest.rpartition(".")
    shares = rows["figure-spell_effects"][1].replace("\u00a0", " ")  # a key and its share never break apart
    named = f"{deck.card(card_id).name('en')} ({EFFECT_NAMES[effect]})"
    assert f"{named}: {spells[largest] / sum(spells.values()):.1%}" in shares


def test_page_is_self_contained_with_charts(knp_page):
    _, html = knp_page
    assert len(re.findall(r"<svg\b", html)) >= 3
    assert not re.search(r"<(script|link|iframe|object|embed)\b", html)
    assert "@import" not in html and "file:" not in html
    for target in re.findall(r'(?:src|href)="([^"]*)"', html):
        assert target.startswith(("#", "data:")), target
    assert not [u for u in re.findall(r"url\(([^)]*)\)", html) if not u.strip("'\"").startswith(("#", "data:"))]
    ids = element_ids(html)
    assert len(ids) == len(set(ids)), "ids clash between the inline SVG charts"
    assert "95% CI" in html


def test_cards_are_named_from_the_deck_model(knp_page):
    deck, html = knp_page
    rows = table_rows(html)
    for card in deck.cards:
        assert rows[f"card-{card.id}"][0] == card.name("en")


def test_charts_drawn_are_those_the_game_has_data_for(knp_page):
    _, html = knp_page
    charts = {i for i in element_ids(html) if i.startswith("chart-")}
    assert charts == {"chart-seats", "chart-lengths", "chart-stalls", "chart-cards", "chart-card-grid"}


def test_a_deck_that_favours_the_starter_is_flagged(rush_deck):
    html = render_html(build_report(rush_deck, games=150, seed=1, lang="en"))
    rows = table_rows(html)
    assert rows["count-a-2"][-1].startswith("1st seat favoured: wins ")
    for players in (3, 4):  # the strongest seat flag leads: the 1st favoured or the last starved
        assert re.match(r"(1st seat favoured|\d(rd|th) seat disadvantaged): wins ", rows[f"count-a-{players}"][-1])
    findings = re.search(r'<ol class="findings">(.*?)</ol>', html, re.S).group(1)
    assert re.search(r"The 1st seat to play wins [\d.]+% of [234]-player games, fair share", findings)


def test_same_seed_gives_the_same_page_whatever_the_jobs(rush_deck):
    one = render_html(build_report(rush_deck, games=30, seed=4, jobs=1))
    two = render_html(build_report(rush_deck, games=30, seed=4, jobs=2))
    assert one == two


def test_comparison_shows_the_changed_and_the_new_card(tmp_path, monkeypatch):
    draw_no_charts(monkeypatch)
    base, variant = load_deck("kamen-nuzky-papir"), load_deck(knp_variant(tmp_path / "variant"))
    html = render_html(build_report(base, games=GAMES, seed=3, against=variant, lang="en"))
    rows = table_rows(html)
    assert rows["card-heavy-envelope"][:2] == ["Heavy Envelope", "changed"]
    assert rows["card-whirlwind"][:2] == ["Whirlwind", "only in knp-whirlwind"]
    assert rows["card-whirlwind"][2] == "–"   # not in deck A
    assert rows["card-rock"][:2] == ["Rock", "the same in both"]
    assert sorted(r for r in rows if r.startswith("compare-")) == ["compare-2", "compare-3", "compare-4"]
    assert "count-b-4" in rows and "count-a-5" not in rows   # only the player counts both decks serve


def test_pdf_embeds_open_sans_and_prints_the_verdict(rush_deck, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    target = write_report(build_report(rush_deck, games=30, seed=1, lang="en"), tmp_path / "rush.pdf", "pdf")
    reader = pypdf.PdfReader(target)
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Verdict" in text and "1st seat" in text
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            descriptor = font.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert "/FontFile2" in descriptor, "font not embedded"
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert fonts and all(name.startswith("Open-Sans") for name in fonts), fonts


def test_card_names_from_a_deck_file_print_as_text(tmp_path):
    folder = starter_rush(tmp_path / "rush")
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace(
        '"en": "Changer"', '"en": "<script>alert(1)</script> {{ 7 * 7 }}"'), encoding="utf-8")
    html = render_html(build_report(load_deck(folder), games=10, seed=1, lang="en"))
    assert "&lt;script&gt;alert(1)&lt;/script&gt; {{ 7 * 7 }}" in html
    assert "<script" not in html


def test_the_page_carries_its_own_fonts() -> None:
    from deckforge.report.page import font_faces

    css = str(font_faces(embed=True))
    assert css.count("data:font/woff2;base64,") == 4 and "file:" not in css


def test_the_web_fonts_are_subset_once_and_kept_in_the_cache(tmp_path, monkeypatch) -> None:
    import ttf_opensans
    from fontTools.ttLib import TTFont

    from deckforge import webfonts

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    regular = next(font.path for font in ttf_opensans.FONTS if (font.weight, font.italic) == (400, False))
    made = webfonts.web_font.__wrapped__(regular)  # nothing kept yet: subset now
    kept = list((tmp_path / "deckforge" / "web-fonts").glob("*.woff2"))
    assert len(kept) == 1 and made == "data:font/woff2;base64," + base64.b64encode(kept[0].read_bytes()).decode()
    font = TTFont(io.BytesIO(kept[0].read_bytes()))
    assert font.flavor == "woff2" and {ord("ř"), ord("ů"), ord("–")} <= set(font.getBestCmap())
    monkeypatch.setattr(webfonts, "subset_web_font", lambda path: pytest.fail("subset again although it was kept"))
    assert webfonts.web_font.__wrapped__(regular) == made
    kept[0].write_bytes(b"half a fi")  # a broken file is made again
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert webfonts.web_font.__wrapped__(regular) == made and kept[0].read_bytes()[:4] == b"wOF2"


def heading(html: str) -> str:
    return html.split("<h1>", 1)[1].split("</h1>", 1)[0]


def test_a_comparison_title_needs_no_declension(tmp_path, monkeypatch):
    draw_no_charts(monkeypatch)
    base, variant = load_deck("kamen-nuzky-papir"), load_deck(knp_variant(tmp_path / "variant"))
    html = render_html(build_report(base, games=10, seed=3, against=variant, lang="cs"))
    assert heading(html) == "Zpráva z testovacích her – A: Kámen, nůžky, papír / B: Kámen, nůžky, papír s vichřicí"


def test_two_decks_of_one_id_and_name_are_told_apart_by_their_folders(tmp_path, monkeypatch):
    draw_no_charts(monkeypatch)
    before, after = (load_deck(knp_variant(tmp_path / name)) for name in ("before", "after"))
    html = render_html(build_report(before, games=10, seed=3, against=after, lang="cs"))
    assert heading(html) == ("Zpráva z testovacích her – A: Kámen, nůžky, papír s vichřicí (before) / "
                             "B: Kámen, nůžky, papír s vichřicí (after)")
    assert 'class="deck-tag s0">A: before<' in html and 'class="deck-tag s1">B: after<' in html


def test_decks_of_one_folder_are_told_apart_by_their_files(tmp_path):
    from deckforge.report.page import series_labels

    folder = knp_variant(tmp_path / "knp")
    (folder / "other.yaml").write_text((folder / "deck.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    decks = [load_deck(folder / "deck.yaml"), load_deck(folder / "other.yaml")]
    assert series_labels(decks) == ["A: deck.yaml", "B: other.yaml"]


def test_the_header_lists_the_compared_decks_without_declining_their_names(tmp_path, monkeypatch):
    # Before, the line read "…; proti B: s1b Kámen, nůžky, papír…": „proti“ wants the dative, which a name cannot take.
    shutil.copytree(load_deck("kamen-nuzky-papir").folder, tmp_path / "s1b")
    # The copy serves 2 players only, so the report plays one player count, not eleven: the header is the same.
    deck_file = tmp_path / "s1b" / "deck.yaml"
    source = deck_file.read_text(encoding="utf-8")
    assert source.count("players: {min: 2, max: 12,") == 1
    deck_file.write_text(source.replace("players: {min: 2, max: 12,", "players: {min: 2, max: 2,"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["report", "kamen-nuzky-papir", "--games", "5", "--against", "s1b",
                                       "--lang", "cs", "--jobs", "1", "-o", "report.html"])
    assert result.exit_code == 0, result.output
    header = (tmp_path / "report.html").read_text(encoding="utf-8").split("<header>", 1)[1].split("</header>", 1)[0]
    decks = " ".join(re.sub(r"<[^>]+>", " ", header.split('<p class="run">', 2)[1]).split())
    assert re.fullmatch(r"Porovnávané balíčky: A: kamen-nuzky-papir Kámen, nůžky, papír, hra kamen-nuzky-papir, "
                        r"\S+/kamen-nuzky-papir/deck\.yaml; "
                        r"B: s1b Kámen, nůžky, papír, hra kamen-nuzky-papir, s1b/deck\.yaml", decks), decks
    assert "proti" not in header


def comparison_head(html: str) -> tuple[str, str]:
    """Return the comparison's heading and the line naming its decks, as text."""
    section = html.split('<section id="comparison">', 1)[1]
    title = section.split("<h2>", 1)[1].split("</h2>", 1)[0]
    decks = section.split('<p class="run" id="compared">', 1)[1].split("</p>", 1)[0]
    return title, " ".join(re.sub(r"<[^>]+>", " ", decks).split())


def test_the_comparison_heading_names_the_decks_on_a_line_of_their_own(tmp_path, monkeypatch):
    # Before, the heading read "Co se změnilo: kamen-nuzky-papir proti knp-whirlwind": „proti“ wants the dative.
    draw_no_charts(monkeypatch)
    base, variant = load_deck("kamen-nuzky-papir"), load_deck(knp_variant(tmp_path / "variant"))
    report = build_report(base, games=10, seed=3, against=variant, lang="cs")
    heads = {lang: comparison_head(render_html(dataclasses.replace(report, lang=lang))) for lang in ("cs", "en", "de")}
    decks = "A kamen-nuzky-papir, B knp-whirlwind"
    assert heads == {"cs": ("Co se změnilo", decks), "en": ("What changed", decks),
                     "de": ("Was sich geändert hat", decks)}


def test_the_comparison_names_decks_of_one_id_once_by_their_folders(tmp_path, monkeypatch):
    draw_no_charts(monkeypatch)
    before, after = (load_deck(knp_variant(tmp_path / name)) for name in ("before", "after"))
    html = render_html(build_report(before, games=10, seed=3, against=after, lang="en"))
    assert comparison_head(html) == ("What changed", "A before, B after")
    assert "A: before, B: after; differences are B minus A" in html
