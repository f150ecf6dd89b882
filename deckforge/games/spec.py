"""What a game tells the rest of deckforge: one `GameSpec` per game folder, read by loader, layout, rulebook,
validate and simulator alike, so each rule is stated once.

A game's folder (`deckforge/games/<game>/`) defines `SPEC` in its `__init__.py`. Heavy parts (the engine, the
card art) are named as modules of that folder and imported only when first used.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from ..errors import DeckforgeError
from ..rulebook.games import N_
from ..said import NS_, Said
from ..vocab import GameSchema

if TYPE_CHECKING:
    from ..model import Deck
    from ..rulebook.games import GameBook
    from ..validate import Finding


@dataclass(frozen=True)
class Deal:
    """How many cards each player gets at the start, and how many are turned up to start the game."""

    hand: int = 0           # cards dealt to each player before play (0: by round, as in Wizard)
    turned_up: int = 0      # cards turned face up from the stock after the deal
    by_round: bool = False  # round r deals r cards each; the deck size fixes the number of rounds

    def rounds(self, total: int, players: int) -> int:
        """Return the number of rounds a deck of `total` cards gives (by-round deals), else 0."""
        return total // players if self.by_round else 0

    def needed(self, players: int) -> int:
        """Return the cards the deal takes from the deck (at least one each for a by-round deal)."""
        return max(self.hand * players + self.turned_up, players if self.by_round else 0)

    def describe(self, players: int) -> Said:
        """Say what the deal does at `players` players: "deal 4 to each of 3 players and turn one up"."""
        if self.by_round:
            return NS_("deal one card to each of %(num)d player", "deal one card to each of %(num)d players", players)
        if not self.turned_up:
            return NS_("deal %(hand)d to each of %(num)d player", "deal %(hand)d to each of %(num)d players", players,
                       hand=self.hand)
        if self.turned_up == 1:
            return NS_("deal %(hand)d to each of %(num)d player and turn one up",
                       "deal %(hand)d to each of %(num)d players and turn one up", players, hand=self.hand)
        return NS_("deal %(hand)d to each of %(num)d player and turn %(up)d up",
                   "deal %(hand)d to each of %(num)d players and turn %(up)d up", players, hand=self.hand,
                   up=self.turned_up)


SPELL_AND_EFFECT = "spell and effect"  # a figure's `per` whose keys are "<card id>.<effect>": the report names both


@dataclass(frozen=True)
class Figure:
    """A figure a game counts in each result beyond what every game reports (`GameResult.figures`).

    `per` empty: one number per game (cards drawn); else a count per key, and `per` says what the keys are ("seat",
    "position from the leader"). The simulator sums each over the games under `name` (`simulate --json`'s "extra");
    the report shows it under `label`, which says what a key is when there are keys ("…, by seat"); mark it with
    `N_` and translate it in the catalogs.
    """

    name: str
    label: str
    per: str = ""

    @property
    def keyed(self) -> bool:
        return bool(self.per)


@dataclass(frozen=True)
class GameSpec:
    """Everything deckforge knows about one game, in one place.

    `package` is the game's folder as a module path; `engine` and `art` name modules in it (`engine` as
    "module:Class"), imported on first use. `checks` proves what it can about a deck without playing it;
    `warnings` names what is worth a look but plays all the same (validate prints both).
    """

    id: str                                  # the `game:` value of a deck file
    title: str                               # English display name
    package: str
    schema: GameSchema
    deal: Deal
    book: "GameBook"
    # the fewest players its rules are played by: validate fails a deck that serves fewer, and the engine refuses
    # to seat them (one seat alone is never the last holding cards, so a shedding game would never end)
    min_players: int = 2
    checks: Callable[["Deck"], list["Finding"]] = lambda deck: []
    warnings: Callable[["Deck"], list[str]] = lambda deck: []
    engine: str | None = None                # "module:Class" in the package; None: no simulator
    art: str | None = "art"                  # module registering the symbols its card faces draw
    scorepad: bool = False                   # keeps a score sheet (one row per round)
    starter: bool = False                    # the bundled deck `deckforge new` copies when no --from is given
    figures: tuple[Figure, ...] = ()         # the game's own figures in GameResult.figures, each named once
    variants: tuple[str, ...] = ()           # the variant switches its engine plays (`simulate --variant`)
    # the game's words for its card kinds, N_-marked (the preview captions each card with its kind in the page's
    # language); a deck with no game has cards of kind "card" unless it names its own, shown as written
    kind_labels: dict[str, str] = field(default_factory=lambda: {"card": N_("card")})
    # the short names of the game's own rule events (GameResult.effects) by id, marked P_("effect name", ...); an id
    # that ends in a number ("penalty:discard-2") is named under its stem with "#" for the number, with NP_ and
    # %(num)d; the report names spell effects itself (effect_text.effect_name), any other id as it is
    event_names: dict[str, tuple] = field(default_factory=dict)

    @property
    def has_simulator(self) -> bool:
        return self.engine is not None

    def figure(self, name: str) -> Figure | None:
        """Return the figure the game declares under `name`, or None."""
        return next((figure for figure in self.figures if figure.name == name), None)

    def engine_class(self):
        """Import and return the game's engine class, or None when the game has no simulator."""
        if self.engine is None:
            return None
        module, _, name = self.engine.partition(":")
        found = getattr(self._module(module, "engine", "set engine=None while the game has no simulator"), name, None)
        if found is None:
            raise DeckforgeError(f"game '{self.id}': its GameSpec names engine={self.engine!r}, but "
                                 f"{self._file(module)} defines no {name}")
        return found

    def load_art(self) -> None:
        """Import the module that registers the game's card-face symbols."""
        if self.art:
            self._module(self.art, "art", "set art=None when its faces draw no symbols of their own")

    def _module(self, module: str, field: str, instead: str):
        """Import a module of the game's folder. A module that is not there is the game maker's mistake, said
        plainly; an import that fails inside the module keeps its own traceback."""
        path = f"{self.package}.{module}"
        try:
            return importlib.import_module(path)
        except ModuleNotFoundError as exc:
            if exc.name != path:
                raise
            raise DeckforgeError(f"game '{self.id}': its GameSpec names {field}={getattr(self, field)!r}, but "
                                 f"{self._file(module)} does not exist; write it, or {instead}") from None

    def _file(self, module: str) -> str:
        return f"{self.package.replace('.', '/')}/{module}.py"


def no_game() -> GameSpec:
    """Return the spec of a homemade deck that names no game: it prints and gets a rulebook from its own `rules`
    text, has no typed card attributes beyond what it writes, and no simulator."""
    from ..rulebook.games import GameBook, same_name_or

    return GameSpec(
        id="", title="", package=__name__, schema=GameSchema(kinds={}), deal=Deal(),
        book=GameBook(group_key=lambda card: card.id,
                      group_label=same_name_or(lambda deck, cards, lang: cards[0].name(lang)),
                      group_detail=lambda deck, cards, lang: "", plain_kinds=frozenset()),
        min_players=1, engine=None, art=None)
