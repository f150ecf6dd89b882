"""Session: the deck being previewed, reloaded on each save, and what the page shows for a language and count.

A save that does not load keeps the server up: the snapshot then carries the problems (file, line, message) in
place of a deck, and the next good save replaces it. `version` counts everything the page should follow (a
reload, a finished check); the page waits on it.
"""
from __future__ import annotations

import sys
import threading
import time
import traceback
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from ..errors import DeckError, DeckforgeError, Problem
from ..i18n import SOURCE_LANGUAGE, deck_words, translations
from ..load import BUNDLED_DIR, load_deck, resolve_deck
from ..load.card_template import CARD_TEMPLATES_DIR, CardTemplate, load_card_template
from ..model import Deck
from .budget import LOAD_SECONDS, STEP_SECONDS, Budget, OverBudget, Progress
from .checks import CheckQueue, Verdict, quick_check
from .render import DeckView, FaceRenderer


LOAD_ADVICE = ("look for a YAML alias that expands into a huge tree, or an art file that is very large or slow "
               "to decode")
DRAW_ADVICE = "look for a loop in the card template's expressions, or an art file that is very slow to decode"


@dataclass(frozen=True)
class Snapshot:
    """The deck as last loaded: a deck and its template, or the problems that stopped it from loading."""

    revision: int
    deck: Deck | None
    template: CardTemplate | None
    problems: tuple[Problem, ...] = ()
    template_path: Path | None = None
    loaded_at: float = field(default_factory=time.time)


@dataclass(frozen=True)
class PageState:
    """Everything the page shows for one request."""

    version: int
    source: Path
    snapshot: Snapshot
    lang: str | None
    players: int | None
    languages: tuple[str, ...] = ()
    player_counts: tuple[int, ...] = ()
    view: DeckView | None = None
    problems: tuple[Problem, ...] = ()
    verdict: Verdict | None = None
    notes: tuple[str, ...] = ()


class PreviewSession:
    """One deck file under preview: its latest snapshot, its drawn faces and its checks."""

    def __init__(self, deck: str | Path, lang: str | None = None, players: int | None = None,
                 check: Callable[[Deck, int], Verdict] = quick_check):
        self.source = resolve_deck(str(deck)).resolve()
        self.lang, self.players = lang, players  # asked for on the command line; the page may switch
        self.last_players = players  # the count last shown: the next save's check plays at it
        self.last_lang = lang  # the language last shown: a broken save's page keeps speaking it
        self.version = 0
        self.renderer = FaceRenderer()
        self.budget = Budget()
        self.checks = CheckQueue(self.bump, check, self.budget)
        self._views: dict[tuple[int, str, int], DeckView | DeckforgeError] = {}
        self._lock = threading.Lock()
        self.snapshot = Snapshot(0, None, None)
        self._reloads = 0  # reloads begun: each one's revision
        self.reload()

    def bump(self) -> int:
        """Note a change the page should show."""
        with self._lock:
            self.version += 1
            return self.version

    def reload(self) -> Snapshot:
        """Load the deck and its template again; keep the problems in place of the deck when that fails."""
        with self._lock:
            self._reloads += 1
            revision = self._reloads
        try:
            deck, template = self.budget.run(self._load, LOAD_SECONDS, "loading the deck", LOAD_ADVICE)
            snapshot = Snapshot(revision, deck, template, template_path=template.path)
        except OverBudget as exc:
            snapshot = Snapshot(revision, None, None, (Problem(str(self.source), None, None, "", str(exc)),))
        except DeckforgeError as exc:
            snapshot = Snapshot(revision, None, None, problems_of(exc))
        except RecursionError:  # a deck nested deeper than the loader's own limits catch
            snapshot = Snapshot(revision, None, None, (Problem(str(self.source), None, None, "",
                                                               "the deck is nested too deeply to read"),))
        except Exception as exc:  # noqa: BLE001  (a loader bug must not end the preview; show it and go on)
            snapshot = Snapshot(revision, None, None, internal_problem(exc))
        with self._lock:
            if revision <= self.snapshot.revision:  # a newer reload finished first: it stays
                return self.snapshot
            self.snapshot = snapshot
            self._views.clear()
        if revision > 1:  # the first load's problems are printed by serve_preview
            log_problems(snapshot.problems)
        if snapshot.deck is not None:
            self.checks.verdict(snapshot.deck, revision, self._players(snapshot.deck, self.last_players)[0])
        self.bump()
        return snapshot

    def _load(self, progress: Progress) -> tuple[Deck, CardTemplate]:
        if not self.source.is_file():
            raise DeckError([Problem(str(self.source), None, None, "", "the deck file is gone (removed or renamed); "
                                     "the cards come back when it is saved here again")])
        deck = load_deck(self.source)
        progress.step("its card template")
        return deck, load_card_template(deck)

    def page(self, lang: str | None = None, players: int | None = None) -> PageState:
        """Return what the page shows for a language and player count (None: the session's choice)."""
        with deck_words(self.source.parent):  # the notes in the deck's own catalog, if it brings one
            return self._page(lang, players)

    def _page(self, lang: str | None, players: int | None) -> PageState:
        version, snapshot = self.version, self.snapshot  # read first: a later change is then never missed
        deck = snapshot.deck
        if deck is None:
            return PageState(version, self.source, snapshot, lang or self.lang or self.last_lang, players,
                             problems=snapshot.problems)
        lang, lang_notes = self._lang(deck, lang or self.lang)
        players, count_notes = self._players(deck, players or self.players, lang)
        self.last_players, self.last_lang = players, lang
        base = PageState(version, self.source, snapshot, lang, players, deck.languages, tuple(deck.players),
                         notes=lang_notes + count_notes)
        view = self.view(lang, players, snapshot)
        if isinstance(view, DeckforgeError):
            return replace(base, problems=problems_of(view))
        return replace(base, view=view, verdict=self.checks.verdict(deck, snapshot.revision, players))

    def view(self, lang: str, players: int, snapshot: Snapshot | None = None) -> DeckView | DeckforgeError:
        """Return the drawn view (or the error that stopped drawing it), once per revision, language and count."""
        snapshot = snapshot or self.snapshot
        key = (snapshot.revision, lang, players)
        found = self._views.get(key)
        if found is None:
            try:
                found = self.budget.run(lambda progress: self._draw(snapshot, lang, players, progress),
                                        STEP_SECONDS, "drawing the cards", DRAW_ADVICE)
            except OverBudget as exc:  # the template is the likely cause: name it
                found = DeckError([Problem(str(snapshot.template_path or ""), None, None, "", str(exc))])
                if not self.closing:
                    log_problems(found.problems)
            except DeckforgeError as exc:
                found = exc
                if not self.closing:
                    log_problems(problems_of(exc))
            except Exception as exc:  # noqa: BLE001  (a drawing bug must not end the preview either)
                found = DeckforgeError("\n".join(str(p) for p in internal_problem(exc)))
            with self._lock:
                if self.snapshot.revision == snapshot.revision:
                    self._views[key] = found
        return found

    def _draw(self, snapshot: Snapshot, lang: str, players: int, progress: Progress) -> DeckView:
        with deck_words(self.source.parent):  # a thread of its own: the deck's catalog is set here again
            return self.renderer.view(snapshot.deck, snapshot.template, lang, players, snapshot.revision,
                                      progress.step)

    def image(self, face_id: str, lang: str | None, players: int | None,
              back: bool = False) -> tuple[bytes, int] | None:
        """Return the PNG of a card's face (or the back) as the deck is now, with the revision that drew it."""
        state = self.page(lang, players)
        face = state.view.face(face_id, back) if state.view else None
        png = self.renderer.png(face.key) if face else None
        return (png, face.revision) if png else None

    def icon(self, name: str) -> Path | None:
        """Return the file of the deck's icon `name` as the deck is now, or None: only icons the deck loaded, so an
        address cannot name any other file."""
        deck = self.snapshot.deck
        return deck.icons.get(name) if deck else None

    def watched(self) -> tuple[Path, ...]:
        """Return the folders to watch: the deck's (its file, art, own template), the bundled templates and decks.

        Bundled decks are watched for a deck that extends one of them.
        """
        folders = [self.source.parent, CARD_TEMPLATES_DIR.resolve(), BUNDLED_DIR.resolve()]
        return tuple(f for f in folders if f.is_dir() and not any(f != o and f.is_relative_to(o) for o in folders))

    def concerns(self, path: Path) -> bool:
        """Tell whether a changed file can change what the page shows."""
        path = path.resolve()  # also for a file just deleted: its folder still resolves
        if path.is_relative_to(self.source.parent):
            return True
        deck = self.snapshot.deck
        if path.parent == CARD_TEMPLATES_DIR.resolve():
            return deck is None or path.stem == deck.template
        return path.is_relative_to(BUNDLED_DIR.resolve()) and path.name == "deck.yaml"

    @property
    def closing(self) -> bool:
        return self.budget.closing.is_set()

    def close(self) -> None:
        """Stop: every wait for loading, drawing or checking gives up at once (budget.py)."""
        self.budget.close()
        self.checks.close()

    @staticmethod
    def _lang(deck: Deck, lang: str | None) -> tuple[str, tuple[str, ...]]:
        if lang is None or lang in deck.languages:
            return lang or deck.languages[0], ()
        shown = deck.languages[0]
        return shown, (translations(shown).gettext("The deck has no '%(lang)s' texts; showing '%(shown)s'.")
                       % {"lang": lang, "shown": shown},)

    @staticmethod
    def _players(deck: Deck, players: int | None, lang: str = SOURCE_LANGUAGE) -> tuple[int, tuple[str, ...]]:
        default = deck.players.default_players
        if players is None or deck.players.low <= players <= deck.players.high:
            return players or default, ()
        note = translations(lang).ngettext("The deck serves %(low)d to %(num)d players, not %(asked)d; showing "
                                           "%(shown)d.", "The deck serves %(low)d to %(num)d players, not %(asked)d; "
                                           "showing %(shown)d.", deck.players.high)
        return default, (note % {"low": deck.players.low, "num": deck.players.high, "asked": players,
                                 "shown": default},)


def problems_of(exc: DeckforgeError) -> tuple[Problem, ...]:
    """Return an error's problems: its own when they say where they are (a DeckError's, a card's layout errors),
    else one problem per line of its message."""
    placed = getattr(exc, "problems", None)
    if isinstance(exc, DeckError) or placed and all(isinstance(problem, Problem) for problem in placed):
        return tuple(placed)
    return tuple(Problem("", None, None, "", line) for line in str(exc).splitlines() if line.strip())


def log_problems(problems: tuple[Problem, ...]) -> None:
    """Log a save that cannot be shown in one line; the page shows every problem."""
    if problems:
        more = f" (and {len(problems) - 1} more on the page)" if len(problems) > 1 else ""
        first = str(problems[0]) if problems[0].file else problems[0].message
        print(f"deckforge preview: {time.strftime('%H:%M:%S')} {first}{more}", file=sys.stderr, flush=True)


def internal_problem(exc: Exception) -> tuple[Problem, ...]:
    """Log a bug's traceback and return it as a problem the page can show."""
    traceback.print_exc(file=sys.stderr)
    return (Problem("", None, None, "", f"internal error (please report it): {type(exc).__name__}: {exc}"),)
