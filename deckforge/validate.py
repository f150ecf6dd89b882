"""Static checks of a loaded deck: what can be proved about it without playing it.

Each game states its own checks in its `GameSpec` (deckforge/games/<game>/); where the game has a simulator,
`validate_deck` adds the seeded play checks (deckforge/sim/playcheck.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .i18n import SOURCE_LANGUAGE
from .model import Deck, Source
from .said import NS_, Said, said


@dataclass
class Finding:
    """One reason a deck may not work, with the player count it concerns (None: every count) and where the key it
    is about was written (None: its message names the keys to look at). The message is English text, or a `Said`
    that the preview's page says in its own language (`said`)."""

    message: str | Said
    players: int | None = None
    source: Source | None = None

    def __str__(self) -> str:
        return self.said(SOURCE_LANGUAGE)

    def said(self, lang: str) -> str:
        text = said(self.message, lang)
        if self.players:
            text = NS_("%(num)d player: %(finding)s", "%(num)d players: %(finding)s", self.players,
                       finding=text).said(lang)
        return f"{self.source}: {text}" if self.source else text


@dataclass
class ValidationReport:
    deck: Deck
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # worth a look, not a failure: texts that disagree with effects
    games: int = 0      # seeded games the play check played (none when a static check failed)

    @property
    def ok(self) -> bool:
        return not self.findings


def static_findings(deck: Deck, counts: Iterable[int] | None = None) -> list[Finding]:
    """Return what is wrong with the deck's composition for its game, that the game needs more players than some of
    `counts` (default: every count it serves), and why it cannot be dealt at each of them."""
    from .games import deck_spec

    counts = None if counts is None else list(counts)
    return deck_spec(deck).checks(deck) + seat_findings(deck, counts) + deal_findings(deck, counts)


def seat_findings(deck: Deck, counts: Iterable[int] | None = None) -> list[Finding]:
    """Return that the game needs more players than the fewest of `counts` (default: every count the deck serves),
    placed at the deck's `players`: one finding, whatever the counts, for one line to change."""
    from .games import deck_spec

    spec, fewest = deck_spec(deck), min(deck.players if counts is None else counts, default=None)
    if fewest is None or fewest >= spec.min_players:
        return []
    values = {"game": spec.title, "id": spec.id, "fewest": fewest}
    if deck.players.high >= spec.min_players:
        message = NS_("players.min: %(game)s (%(id)s) needs at least %(num)d player, not %(fewest)d: raise it to "
                      "%(num)d",
                      "players.min: %(game)s (%(id)s) needs at least %(num)d players, not %(fewest)d: raise it to "
                      "%(num)d", spec.min_players, **values)
    else:
        message = NS_("players.min: %(game)s (%(id)s) needs at least %(num)d player, not %(fewest)d: raise it and "
                      "players.max to %(num)d",
                      "players.min: %(game)s (%(id)s) needs at least %(num)d players, not %(fewest)d: raise it and "
                      "players.max to %(num)d", spec.min_players, **values)
    return [Finding(message, source=deck.players.source)]


def deal_findings(deck: Deck, counts: Iterable[int] | None = None) -> list[Finding]:
    """Return why the deck cannot be dealt at each of `counts` players (default: every count it serves), placed at
    its `players` (a described game's deal: at the set-up step that cannot be made)."""
    from .games import deck_spec

    counts = list(deck.players) if counts is None else list(counts)
    if deck.described is not None:
        from .rules.spec import setup_findings

        return [finding for n in counts for finding in setup_findings(deck, n)]
    deal = deck_spec(deck).deal
    return [Finding(NS_("%(num)d card cannot %(deal)s, which takes %(needed)d",
                        "%(num)d cards cannot %(deal)s, which takes %(needed)d", deck.total_for(n),
                        deal=deal.describe(n), needed=deal.needed(n)), n, deck.players.source)
            for n in counts if deck.total_for(n) < deal.needed(n)]


def played_counts(deck: Deck) -> list[int]:
    """Return the player counts the deck serves that its game is played by: none below the game's fewest players,
    though a deck whose `players.min` is lower (which the seat check fails) serves them."""
    from .games import deck_spec

    fewest = deck_spec(deck).min_players
    return [n for n in deck.players if n >= fewest]


def deal_advice(deck: Deck, making: str) -> str:
    """Say what to do about a count the deck cannot deal: add cards, or pass `making` (a command's own words,
    "build") the counts it can deal. A count below the game's fewest players is never offered: it deals, but
    nobody can play it."""
    played = played_counts(deck)
    if not played:
        from .games import deck_spec

        return (f"raise players.max to {deck_spec(deck).min_players}, the fewest players the game is played by, "
                "and add the cards that count needs")
    dealt = [n for n in played if not deal_findings(deck, [n])]
    if not dealt:
        return f"add cards: the deck cannot be dealt at any count from {played[0]} to {played[-1]} players"
    return f"add cards, or {making} with --players for a count the deck can deal: {', '.join(map(str, dealt))}"


def rulebook_warnings(deck: Deck) -> list[str]:
    """Name each language of a game's deck that has no rulebook prose, bundled or its own: `rulebook --lang` would
    stop there. (A deck with no game, or with its rules as data, has its rulebook written from the deck itself.)"""
    from .rulebook import prose_files

    if not deck.game:
        return []
    missing = [lang for lang in deck.languages
               if not any(path is not None and path.is_file() for path in prose_files(deck, lang))]
    return [f"no {lang} rulebook text for the game '{deck.game}': `rulebook --lang {lang}` will stop; write "
            f"rulebook/{lang}.html in the deck's folder" for lang in missing]


def language_warnings(deck: Deck) -> list[str]:
    """Name each language of the deck whose deckforge words print in English (no catalog): the page labels and
    headings, and a described game's whole rules text, which `rulebook` would print without refusing."""
    from .i18n import catalog_warning, described_rules_warning

    found = []
    for lang in deck.languages:
        if (general := catalog_warning(lang)) is not None:
            found.append(general)
            if deck.described is not None:
                found.append(described_rules_warning(lang))
    return found


def attribute_warnings(deck: Deck) -> list[str]:
    """Name each attribute of the deck's own that a described game's rulebook calls by its key, per language."""
    if deck.described is None:
        return []
    from .rules.describe import unnamed_attributes, unnamed_warning

    return [unnamed_warning(deck, lang, attr) for lang in deck.languages for attr in unnamed_attributes(deck, lang)]


def no_simulator_note(deck: Deck) -> str:
    """Say plainly that no simulator applies, and why."""
    if deck.game is None:
        return "this deck names no game, so no simulator applies: static and print checks only"
    return f"no simulator plays '{deck.game}': static and print checks only"


def validate_deck(deck: Deck, players: int | None = None, play: bool = True, prints: bool = True,
                  jobs: int | None = None, full: bool = False, progress=None) -> ValidationReport:
    """Run the static checks, the print checks (every face laid out in every language, as a build would) and,
    where the game has a simulator and nothing static failed, the play checks (in `jobs` processes, every core by
    default; `full`: every game of each run, not only until its findings are settled; `progress(games)`)."""
    from .i18n import deck_words

    with deck_words(deck.folder):
        return _validate(deck, players, play, prints, jobs, full, progress)


def _validate(deck: Deck, players: int | None, play: bool, prints: bool, jobs: int | None, full: bool,
              progress) -> ValidationReport:
    from .games import deck_spec
    from .text_numbers import text_warnings

    counts = [players] if players else list(deck.players)
    report = ValidationReport(deck, static_findings(deck, counts), warnings=text_warnings(deck)
                              + deck_spec(deck).warnings(deck) + rulebook_warnings(deck)
                              + attribute_warnings(deck) + language_warnings(deck))
    if prints:
        from .layout.check import print_problems

        report.findings.extend(Finding(message) for message in print_problems(deck, report.warnings))
    if not play:
        return report
    from .sim.playcheck import play_check

    if deck_spec(deck).engine is None:
        report.notes.append(no_simulator_note(deck))
        return report
    if report.findings:
        report.notes.append("the deck has problems that need no game to find: fix them first; no games were played")
        return report
    checked = play_check(deck, counts, jobs, full, progress)
    report.findings.extend(checked.findings)
    report.notes.extend(checked.notes)
    report.games = checked.games
    return report
