"""The preview's routes through Starlette's test client: page, images, switching, error view and recovery."""
from __future__ import annotations

import io
import re

import pypdfium2
import pytest
from PIL import Image, ImageChops
from preview_helpers import edit, figures, line_of, version_of, view_when, wait_for

from deckforge.layout import BuildOptions, build_deck
from deckforge.layout.preview_render import PREVIEW_DPI
from deckforge.load import load_deck
from deckforge.preview import server
from deckforge.typography import tie


def test_page_lists_every_distinct_face_with_count_and_name(client, deck_copy) -> None:
    deck = load_deck(deck_copy)
    n = deck.players.default_players
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    shown = figures(page.text)
    expected = {f"card-{card.id}": (f"{copies}×", card.name("cs"), tie(card.text("cs"), "cs"))  # Czech line breaks
                for card, copies in deck.counts_for(n)}
    expected["back"] = (f"{deck.total_for(n)}×", deck.back.title("cs"), "")
    assert {key: (f["count"], f["name"], f.get("text", "")) for key, f in shown.items()} == expected
    assert "Kámen osudu" in page.text


def test_card_image_is_the_png_the_layout_engine_prints(client, deck_copy, tmp_path) -> None:
    """The page's image of a card is pixel for pixel the build's per-card PDF page of it, rasterised alike."""
    deck = load_deck(deck_copy)
    src = figures(client.get("/").text)["card-stone-of-fate"]["src"]
    response = client.get(src)
    assert response.status_code == 200 and response.headers["content-type"] == "image/png"
    shown = Image.open(io.BytesIO(response.content))
    assert shown.format == "PNG"
    assert shown.size == (round(deck.card_size.width_mm / 25.4 * PREVIEW_DPI),
                          round(deck.card_size.height_mm / 25.4 * PREVIEW_DPI))
    built = build_deck(deck, BuildOptions(players=4, lang="cs", bleed=0, backs="none", fmt="cards-pdf"),
                       out=tmp_path / "cards.pdf")
    page_index = [card.id for card in deck.for_players(4)].index("stone-of-fate")
    document = pypdfium2.PdfDocument(str(built.path))
    printed = document[page_index].render(scale=PREVIEW_DPI / 72).to_pil().crop((0, 0, *shown.size))
    document.close()
    assert ImageChops.difference(printed.convert("RGB"), shown.convert("RGB")).getbbox() is None


def test_back_image_and_unknown_card(client) -> None:
    back = client.get(figures(client.get("/").text)["back"]["src"])
    assert back.status_code == 200 and back.content.startswith(b"\x89PNG")
    assert client.get("/card/no-such-card.png").status_code == 404


def test_language_and_player_count_switch(client, deck_copy) -> None:
    deck = load_deck(deck_copy)
    english = client.get("/", params={"lang": "en", "players": 8}).text
    shown = figures(english)
    assert shown["card-stone-of-fate"]["name"] == "Stone of Fate" and "Kámen osudu" not in english
    assert {key: f["count"] for key, f in shown.items() if key != "back"} == \
        {f"card-{card.id}": f"{copies}×" for card, copies in deck.counts_for(8)}
    assert shown["back"]["count"] == f"{deck.total_for(8)}×"
    assert "lang=en" in shown["card-rock"]["src"] and "players=8" in shown["card-rock"]["src"]
    assert '<option value="8" selected>' in english and '<option value="en" selected>' in english


def test_a_count_the_deck_does_not_serve_falls_back_with_a_note(client, deck_copy) -> None:
    deck = load_deck(deck_copy)
    page = client.get("/", params={"players": 99, "lang": "pl"}).text
    # the deck has no Polish, so the page shows its first language, Czech, and says so in Czech
    assert f"ne pro 99; zobrazuji {deck.players.default_players}." in page
    assert "Balíček nemá texty v jazyce „pl“; zobrazuji „cs“." in page
    assert figures(page)["card-stone-of-fate"]["name"] == "Kámen osudu"


def test_broken_save_shows_file_line_and_message_then_recovers(client, session, deck_copy) -> None:
    edit(deck_copy, "{effect: reverse}", "{effect: revers}")
    session.reload()
    page = client.get("/")
    assert page.status_code == 200 and figures(page.text) == {}
    assert 'id="problems"' in page.text
    assert f'<td class="file">{deck_copy}</td>' in page.text
    assert f'<td class="line">{line_of(deck_copy, "effect: revers}")}:' in page.text
    assert "unknown effect &#39;revers&#39;; did you mean &#39;reverse&#39;?" in page.text
    assert client.get("/card/rock.png").status_code == 404
    edit(deck_copy, "{effect: revers}", "{effect: reverse}")
    session.reload()
    page = client.get("/view")
    assert 'id="problems"' not in page.text and "card-stone-of-fate" in figures(page.text)


def test_unparsable_yaml_is_shown_too(client, session, deck_copy) -> None:
    edit(deck_copy, "  - id: bedrock\n", "  - id: bedrock\n   kind: [\n")
    session.reload()
    page = client.get("/").text
    assert 'id="problems"' in page and "deck.yaml" in page and figures(page) == {}


def test_a_face_that_cannot_be_drawn_shows_the_layout_error(client, session, deck_copy) -> None:
    edit(deck_copy, "en: The direction of play reverses.", "en: " + "Reverse the direction of play. " * 40)
    session.reload()
    page = client.get("/", params={"lang": "en"}).text
    assert 'id="problems"' in page and "does not fit" in page and "stone-of-fate" in page
    assert "card-stone-of-fate" in figures(client.get("/", params={"lang": "cs"}).text)


def test_a_layout_error_fills_the_file_and_line_columns(client, session, deck_copy) -> None:
    """Like a YAML or effect error, a text too long names its card's file and line in their columns, not in the
    message."""
    edit(deck_copy, "en: The direction of play reverses.", "en: " + "Reverse the direction of play. " * 40)
    session.reload()
    page = client.get("/", params={"lang": "en"}).text
    assert f'<td class="file">{deck_copy}</td>' in page
    assert f'<td class="line">{line_of(deck_copy, "- id: stone-of-fate")}:5</td>' in page
    message = page.split('<td class="message">', 1)[1].split("</td>", 1)[0]
    assert message.startswith("templates/cards/kamen-nuzky-papir.yaml: faces.spell.elements[")
    assert "card &#39;stone-of-fate&#39; (en): the text does not fit" in message and "deck.yaml" not in message


def test_an_edit_redraws_only_the_face_it_changes(client, session, deck_copy) -> None:
    before = figures(client.get("/").text)
    drawn = session.renderer.drawn
    edit(deck_copy, "cs: Směr hry se obrátí.", "cs: Směr hry se otočí naruby.")
    session.reload()
    after = figures(client.get("/").text)
    assert session.renderer.drawn == drawn + 1
    assert after["card-stone-of-fate"]["text"] == "Směr hry se otočí naruby."
    changed = {key for key in after if version_of(after[key]["src"]) != version_of(before[key]["src"])}
    assert changed == {"card-stone-of-fate"}


def test_a_template_edit_redraws_every_face(client, session, deck_copy) -> None:
    from deckforge.load.card_template import CARD_TEMPLATES_DIR

    own = deck_copy.parent / "kamen-nuzky-papir.yaml"  # the deck folder's own template wins over the bundled one
    own.write_text((CARD_TEMPLATES_DIR / "kamen-nuzky-papir.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    session.reload()
    client.get("/")
    drawn = session.renderer.drawn
    edit(own, 'rock: "#6d5d4b"', 'rock: "#000000"')
    session.reload()
    page = client.get("/").text
    assert session.renderer.drawn == drawn + len(figures(page))
    assert "kamen-nuzky-papir.yaml" in page and str(deck_copy.parent) in page


def test_an_art_save_redraws_the_card_that_shows_it(client, session, deck_copy) -> None:
    (deck_copy.parent / "art").mkdir()
    art = deck_copy.parent / "art" / "stone.png"
    Image.new("RGB", (600, 400), "#ff0000").save(art)
    edit(deck_copy, "template: kamen-nuzky-papir", "template: basic")
    edit(deck_copy, "    name: {cs: Kámen osudu, en: Stone of Fate, de: Schicksalsstein}\n",
         "    name: {cs: Kámen osudu, en: Stone of Fate, de: Schicksalsstein}\n    art: art/stone.png\n")
    session.reload()
    red = client.get(figures(client.get("/").text)["card-stone-of-fate"]["src"]).content
    Image.new("RGB", (600, 400), "#0000ff").save(art)
    session.reload()
    after = figures(client.get("/").text)
    blue = client.get(after["card-stone-of-fate"]["src"]).content
    assert _has_colour(red, (255, 0, 0)) and not _has_colour(red, (0, 0, 255))
    assert _has_colour(blue, (0, 0, 255)) and not _has_colour(blue, (255, 0, 0))
    assert version_of(after["card-rock"]["src"]) != version_of(after["card-stone-of-fate"]["src"])


@pytest.mark.real_checks
def test_checks_run_in_the_background_and_show_their_verdict(client, session, deck_copy) -> None:
    # Wait on the condition, not the clock: the verdict's arrival moves the version /changes waits on.
    settled = view_when(client, lambda html: 'class="verdict pending"' not in html)
    assert 'class="verdict ok"' in settled
    # Every paper card played as rock: no paper is left, which the static check reports.
    text = deck_copy.read_text(encoding="utf-8")
    deck_copy.write_text(text.replace("item: paper", "item: rock"), encoding="utf-8")
    session.reload()
    page = view_when(client, lambda html: 'class="verdict pending"' not in html)
    # the static check, said in the page's language (it printed validate's English until 2026-12-04)
    assert 'class="verdict bad"' in page and "v balíčku chybí papír: aby hra plynula" in page
    # as `deckforge validate` does, no game is played while a static check fails: the stalls it would add are
    # the same fault said twice
    assert "stalled" not in page and "Statické kontroly našly problémy, takže se nic nehrálo" in page


@pytest.mark.real_checks
def test_a_count_the_deck_cannot_deal_is_one_finding_not_two(client, session, deck_copy) -> None:
    edit(deck_copy, "per_set: 4}", "per_set: 12}")  # one set of 30 cards for up to 12 players
    session.reload()
    page = view_when(client, lambda html: 'class="verdict pending"' not in html)  # at 12 players, the default
    findings = re.findall(r"<li>(.*?)</li>", page, flags=re.S)
    assert findings == [f"{deck_copy}:{line_of(deck_copy, 'per_set: 12')}:10: při 12 hráčích: 30 karet nestačí, "
                        "aby šlo rozdat 12 hráčům po 4 a jednu otočit lícem nahoru; potřeba je jich 49"], page
    english = client.get("/view", params={"lang": "en", "players": 12}).text
    assert "12 players: 30 cards cannot deal 4 to each of 12 players and turn one up, which takes 49" in english
    assert "Statické kontroly našly problémy, takže se nic nehrálo: nejdřív je opravte." in page
    assert "cannot be played" not in page and "Odehráno" not in page


def test_changes_answers_at_once_when_behind_and_waits_when_current(client, session, monkeypatch) -> None:
    monkeypatch.setattr(server, "LONG_POLL_SECONDS", 0.3)
    assert wait_for(lambda: "verdict pending" not in client.get("/view").text)  # its end moves the version too
    current = session.version
    assert client.get("/changes", params={"since": current - 1}).json() == {"version": current}
    assert client.get("/changes", params={"since": current}).json() == {"version": session.version}
    session.reload()
    assert client.get("/changes", params={"since": current}).json()["version"] > current


def test_a_bug_while_drawing_is_shown_not_fatal(client, session, monkeypatch) -> None:
    from deckforge.preview import render

    def broken(*args, **kwargs):
        raise RuntimeError("drawing went wrong")

    monkeypatch.setattr(render, "face_pngs", broken)
    session.reload()
    page = client.get("/", params={"lang": "en"})
    assert page.status_code == 200 and "internal error" in page.text and "drawing went wrong" in page.text
    monkeypatch.undo()
    session.reload()
    assert "card-rock" in figures(client.get("/", params={"lang": "en"}).text)


def _has_colour(png: bytes, rgb: tuple[int, int, int]) -> bool:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return any(colour == rgb for _, colour in image.getcolors(maxcolors=1 << 20))


def test_an_image_may_be_kept_under_its_own_address_only(client, session, deck_copy) -> None:
    src = figures(client.get("/").text)["card-rock"]["src"]
    edit(deck_copy, "cs: Směr hry se obrátí.", "cs: Směr hry se otočí naruby.")
    session.reload()
    assert figures(client.get("/").text)["card-rock"]["src"] == src  # rock did not change: same address
    assert client.get(src).headers["cache-control"] == "max-age=86400"
    assert client.get(src.replace(f"v={version_of(src)}", "v=999")).headers["cache-control"] == "no-cache"


ICON_DECK = """id: hexduel
name: {en: Hex Duel, cs: Čarodějný souboj}
languages: [en, cs]
players: {min: 2, max: 4}
card_size: poker
cards:
  - {id: ember, count: 6, name: {en: Ember, cs: Žhavý uhlík}, text: {en: "Strike :sword: for 1.", cs: "Úder :shield: za 1."}}
  - {id: guard, count: 2, name: {en: "Guard :shield:", cs: "Štít :shield:"}}
"""
SHIELD = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M4 4 L20 4 L12 22 Z"/></svg>'


@pytest.fixture
def icon_client(tmp_path):
    from starlette.testclient import TestClient

    from deckforge.preview import PreviewSession, create_app
    from preview_port import PORT

    (tmp_path / "icons").mkdir()
    Image.new("RGBA", (32, 32), "#803030").save(tmp_path / "icons" / "sword.png")
    (tmp_path / "icons" / "shield.svg").write_text(SHIELD, encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(ICON_DECK, encoding="utf-8")
    session = PreviewSession(tmp_path / "deck.yaml", check=lambda deck, players: None)
    with TestClient(create_app(session, watch=False, port=PORT), base_url=f"http://127.0.0.1:{PORT}") as client:
        yield client, tmp_path


def test_caption_icons_are_drawn_from_the_decks_own_files(icon_client) -> None:
    client, folder = icon_client
    captions = {lang: figures(client.get("/", params={"lang": lang}).text)["card-ember"]["text"]
                for lang in ("en", "cs")}
    assert ":" not in captions["en"] + captions["cs"], captions
    page = client.get("/", params={"lang": "cs"}).text
    assert re.search(r'Úder\s<img class="icon" alt="shield" src="/icon/shield">\sza', page), page
    png = client.get("/icon/sword")
    assert png.headers["content-type"] == "image/png"
    assert png.content == (folder / "icons" / "sword.png").read_bytes()
    svg = client.get("/icon/shield")
    assert svg.headers["content-type"].startswith("image/svg+xml") and svg.text == SHIELD
    assert "sandbox" in svg.headers["content-security-policy"]  # an SVG's script never runs, even opened alone


def test_a_card_images_alt_text_names_its_icons_without_codes(icon_client) -> None:
    """The face's alt text read the raw code ("Štít :shield:"); it now says the icon's name."""
    client, _ = icon_client
    assert figures(client.get("/", params={"lang": "cs"}).text)["card-guard"]["alt"] == "Štít shield"
    assert figures(client.get("/", params={"lang": "en"}).text)["card-guard"]["alt"] == "Guard shield"


def test_an_icon_address_serves_only_the_decks_icons(icon_client) -> None:
    client, _ = icon_client
    assert client.get("/icon/dagger").status_code == 404
    assert client.get("/icon/..%2Fdeck.yaml").status_code == 404
    refused = client.get("/icon/sword", params={"v": "1"})
    assert (refused.status_code, refused.text) == (
        400, "Bad request: unknown query parameter 'v'; this address takes none\n")
