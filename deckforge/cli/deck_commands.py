"""Commands that read decks: list, show, validate, new, translate."""
from __future__ import annotations

import json
import os
import re
import shlex
from itertools import groupby
from pathlib import Path

import click

from ..errors import DeckforgeError, counted, display_path
from ..load.listing import deck_summaries
from ..load.paths import EXAMPLES_DIR
from .common import (OutputPath, all_games_option, deck_argument, lang_option, open_deck, pick_lang, pick_players,
                     player_range, players_option, players_option_saying, progress_bar)


@click.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON list for scripts.")
@click.option("--examples", is_flag=True, help="List the example games whose rules are written as data "
                                                "(decks/examples/) instead of the bundled decks.")
def list_decks(as_json: bool, examples: bool) -> None:
    """List the bundled decks with their game, player range, languages and card count.

    With --examples, list the example games instead; each is named examples/<id> in every command.

    \b
    Example:
      deckforge list
      deckforge list --json
      deckforge list --examples
      deckforge simulate examples/hearts --games 100
    """
    decks = deck_summaries(EXAMPLES_DIR) if examples else deck_summaries()
    if examples:
        decks = [{**deck, "id": f"examples/{deck['id']}"} for deck in decks]
    if as_json:
        click.echo(json.dumps([{"id": d["id"], "game": d["game"], "players": {"min": d["low"], "max": d["high"]},
                                "languages": d["languages"], "cards": d["cards"]} for d in decks],
                              ensure_ascii=False))
        return
    width = max((len(deck["id"]) for deck in decks), default=0)
    for deck in decks:
        scaling = f", +{deck['cards']} per {deck['per_set']} more" if deck["per_set"] else ""
        game = deck["game"] or ("(rules as data)" if examples else "(no game)")
        low, high = deck["low"], deck["high"]
        players = player_range(low, high)
        cards = counted(deck["cards"], "card")
        click.echo(f"{deck['id']:{width}}  {game:18} {players:13} {cards}{scaling}  {deck['name']}")


@click.command("show")
@deck_argument
@players_option
@lang_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object for scripts.")
def show(deck: str, players: int | None, lang: str | None, as_json: bool) -> None:
    """Show the physical cards of DECK for a number of players, grouped by kind.

    DECK is a bundled deck id or the path of a deck file or folder.

    \b
    Example:
      deckforge show kamen-nuzky-papir --players 8 --lang en
      deckforge show wizard --json
    """
    model = open_deck(deck)
    n = pick_players(model, players)
    lang = pick_lang(model, lang)
    counts = model.counts_for(n)
    if as_json:
        cards = [{"id": c.id, "kind": c.kind, "name": c.name(lang), "text": c.text(lang), "count": k}
                 for c, k in counts]
        click.echo(json.dumps({"deck": model.id, "players": n, "lang": lang, "total": model.total_for(n),
                               "cards": cards}, ensure_ascii=False))
        return
    click.echo(f"{model.name(lang)} ({model.id}) for {counted(n, 'player')}: {counted(model.total_for(n), 'card')}")
    for kind, group in groupby(sorted(counts, key=lambda ck: ck[0].kind), key=lambda ck: ck[0].kind):
        group = list(group)
        click.echo(f"\n{kind} ({sum(k for _, k in group)})")
        for card, k in group:
            text = f"  {card.text(lang)}" if card.text(lang) else ""
            click.echo(f"  {k:3}× {card.name(lang)} [{card.id}]{text}")


@click.command("validate")
@deck_argument
@players_option_saying("Check only this number of players (default: every number the deck supports).")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=None,
              help="Processes to play in (default: every core); the findings do not depend on it.")
@all_games_option
def validate(deck: str, players: int | None, jobs: int | None, all_games: bool) -> None:
    """Check DECK: its file, its composition and, where the engine exists, seeded play.

    Exits 0 when clean and 1 with every problem listed. Warnings (a number in a card text that its effects do
    not give) are printed on stderr and do not fail the check. Seeded play stops at each player count once its
    findings are settled, and is skipped when a check that needs no game already failed.

    \b
    Example:
      deckforge validate kamen-nuzky-papir
      deckforge validate my-deck/deck.yaml --players 6
    """
    model = open_deck(deck)
    if players:
        pick_players(model, players)
    from ..sim.playcheck import progress_total  # the simulator's imports wait until a deck is validated
    from ..validate import validate_deck

    with progress_bar(progress_total(model, players), "Playing") as progress:
        report = validate_deck(model, players, jobs=jobs, full=all_games, progress=progress)
    for warning in report.warnings:
        click.echo(f"warning: {warning}", err=True)
    for note in report.notes:
        click.echo(f"note: {note}")
    if not report.ok:
        lines = "\n".join(f"- {f}" for f in report.findings)
        raise DeckforgeError(f"{display_path(model.path)}: {counted(len(report.findings), 'problem')}:\n{lines}")
    checked = (players, players) if players else (model.players.low, model.players.high)  # what was checked
    click.echo(f"{model.id}: ok ({player_range(*checked)})")


@click.command("new")
@click.argument("path", type=OutputPath())
@click.option("--from", "source", default=None,
              help="Bundled deck id or deck path to copy  [default: the starter deck, see 'deckforge list']")
@click.option("--spreadsheet", is_flag=True,
              help="Keep the cards in cards.csv (one row a card) instead of the deck file's YAML list.")
@click.option("--own", is_flag=True,
              help="Start a game of your own instead: no bundled rules, a rules text for its rulebook and three "
                   "example cards in cards.csv to rewrite.")
def new(path: Path, source: str, spreadsheet: bool, own: bool) -> None:
    """Start a custom deck in PATH as a copy of a bundled deck, with a new id, or a game of your own (--own).

    Refuses to overwrite an existing folder.

    \b
    Example:
      deckforge new my-deck --from kamen-nuzky-papir
      deckforge new my-deck --spreadsheet
      deckforge new my-game --own
    """
    import shutil
    import tempfile

    from ..deck_copy import copy_files, deck_id_from_name, survey
    from ..output import uninterrupted
    from ..output_guard import check_output, protect

    if own and source:
        raise DeckforgeError("--own starts a game of your own and --from copies a deck: give one of them")
    original = None if own else open_deck(source or starter_deck())
    if original is not None:
        protect(original, whole_folder=True)  # a copy inside the folder it copies would copy itself
    check_output(path, instead="a folder of your own, outside the deck you copy")
    if os.path.lexists(path):
        raise DeckforgeError(f"{path} already exists; choose a new folder for the deck")
    new_id = deck_id_from_name(path.name)
    # refuses links out of the folder, pipes and devices before anything is made
    planned = survey(original.folder) if original is not None else None
    staging = Path(tempfile.mktemp(prefix=".deckforge-new-", dir=path.parent))  # named first: see atomic_path
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            staging.mkdir(mode=0o700)
        except OSError as exc:
            raise DeckforgeError(f"cannot create {path}: {exc.strerror}") from None
        if original is None:
            from ..own_game import own_game_files

            for name, text in own_game_files(new_id, path.name).items():
                (staging / name).write_text(text, encoding="utf-8")
        else:
            copy_files(planned, staging)
            deck_file = staging / "deck.yaml"
            text = deck_file.read_text(encoding="utf-8")
            deck_file.write_text(re.sub(r"(?m)^id:.*$", f"id: {new_id}", text, count=1), encoding="utf-8")
            if spreadsheet:
                _cards_to_spreadsheet(original, deck_file)
        staging.rename(path)
    finally:
        with uninterrupted():
            shutil.rmtree(staging, ignore_errors=True)
    if original is None:
        click.echo(f"created {path / 'deck.yaml'} (id {new_id}, a game of your own) and {path / 'cards.csv'}, its "
                   f"cards; edit them, then run deckforge validate {shlex.quote(str(path))}")
    else:
        click.echo(f"created {path / 'deck.yaml'} (id {new_id}, copied from {original.id}); edit it, then run "
                   f"deckforge validate {shlex.quote(str(path))}")


def _cards_to_spreadsheet(original, deck_file: Path) -> None:
    """Move the copied deck's cards into cards.csv beside it and point its `cards` key there."""
    from ruamel.yaml import YAML

    from ..load.spreadsheet import cards_csv

    (deck_file.parent / "cards.csv").write_text(cards_csv(original), encoding="utf-8")
    yaml = YAML()
    yaml.width = 120
    data = yaml.load(deck_file.read_text(encoding="utf-8"))
    if isinstance(data.get("cards"), dict):
        # `cards: {standard: ...}` brought its suits and card design with it: cards in a spreadsheet do not, so
        # the copy names them itself (or its cards would print on the plain face, without pips)
        if "suits" not in data and original.suits:
            data["suits"] = [{"id": suit.id, "name": dict(suit.names), "colour": suit.colour,
                              **({"emblem": suit.emblem} if suit.emblem else {})} for suit in original.suits]
        if "template" not in data:
            data["template"] = original.template
    data["cards"] = "cards.csv"
    with deck_file.open("w", encoding="utf-8") as handle:
        yaml.dump(data, handle)


@click.command("translate")
@deck_argument
@click.option("--lang", "-l", metavar="LANG", required=True, callback=lambda ctx, param, value: value.lower(),
              help="The language to translate deckforge's own words into, e.g. sk or pl.")
def translate(deck: str, lang: str) -> None:
    """Write DECK's own catalog of deckforge's words in LANG: locale/LANG.po beside the deck file.

    deckforge's own words (page labels, rulebook headings and tables, the report) come from its catalogs: Czech
    and German ship with it, English is the source. For another language, or to reword one, fill in the msgstr
    lines of this file; while a command works on the deck, its entries come first, and an empty one prints
    deckforge's own words, or English. Run it again after updating deckforge: new strings are added, your
    translations stay.

    \b
    Example:
      deckforge translate my-deck/ --lang sk
    """
    from ..catalog import put_first, update_deck_catalog, words_the_deck_prints
    from ..i18n import catalog_languages, check_language_code
    from ..load.deck import resolve_deck
    from ..load.paths import BUNDLED_DIR

    # The deck is not loaded first: one that cannot load without this catalog (an `auto` text in a language
    # deckforge has no catalog for) is the deck this command is for.
    path = resolve_deck(deck)
    folder = path.parent
    check_language_code(lang)
    if folder.resolve().is_relative_to(BUNDLED_DIR.resolve()):  # examples/hearts is copied by that name
        raise DeckforgeError(f"'{deck}' is a bundled deck; make a copy to translate first: deckforge new my-deck "
                             f"--from {folder.resolve().relative_to(BUNDLED_DIR.resolve()).as_posix()}")
    po, strings, done = update_deck_catalog(folder, lang)  # first: a deck whose `auto` texts need it can then load
    used = words_the_deck_prints(path, lang)
    ahead = put_first(po, lang, used) if used else 0
    said = f"wrote {display_path(po)}: {done} of {strings} strings translated"
    if done < strings:
        said += "; fill in the empty msgstr lines"
    elif lang in catalog_languages():  # every string already comes from deckforge's own catalog
        said += (f"; deckforge's own '{lang}' catalog has them all, so the file is for rewording any of them "
                 "(an entry you leave as it is changes nothing)")
    if used is None:
        said += ("; the deck does not load yet, so the strings it prints are not put first: run this again once "
                 "it does")
    if ahead:
        said += (f". The {ahead} that this deck prints on its cards and sheets and in its rulebook come first in the "
                 "file: they are the ones to fill in first")
    click.echo(said)
    languages = _declared_languages(path)
    if languages is not None and lang not in languages:
        click.echo(f"note: the deck has no '{lang}' texts yet; add '{lang}' to its languages and give every name "
                   f"and text in it (docs/deck-format.md, \"Adding a language\")", err=True)


def _declared_languages(path) -> list | None:
    """Return the languages a deck file declares, read without loading the deck; None where it cannot say."""
    from ..load.yamlread import read_yaml

    try:
        data = read_yaml(path)
    except (DeckforgeError, OSError):
        return None
    languages = data.get("languages") if isinstance(data, dict) else None
    return list(languages) if isinstance(languages, list) else None


def starter_deck() -> str:
    """Return the bundled deck of the game its spec marks as the starter (`deckforge new` copies it)."""
    from ..games import specs
    from ..load import bundled_decks, load_deck

    game = next(spec.id for spec in specs().values() if spec.starter)
    return next(str(p) for p in bundled_decks() if load_deck(p).game == game)


COMMANDS = [list_decks, show, validate, new, translate]
