"""What a game tells the rest of deckforge: one `GameSpec` per game folder, read by loader, layout, rulebook,
validate and simulator alike, so each rule is stated once.

A game's folder (`deckforge/games/<game>/`) defines `SPEC` in its `__init__.py`. Heavy parts (the engine, the
card art) are named as modules of that folder and imported only when first used.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

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


@dataclass(frozen=True)
class GameSpec:
    """Everything deckforge knows about one game, in one place.

    `package` is the game's folder as a module path; `engine` and `art` name modules in it (`engine` as
    "module:Class"), imported on first use. `checks` proves what it can about a deck without playing it.
    """

    id: str                                  # the `game:` value of a deck file
    title: str                               # English display name
    package: str
    schema: GameSchema
    deal: Deal
    book: "GameBook"
    checks: Callable[["Deck"], list["Finding"]] = lambda deck: []
    engine: str | None = None                # "module:Class" in the package; None: no simulator
    art: str | None = "art"                  # module registering the symbols its card faces draw
    scorepad: bool = False                   # keeps a score sheet (one row per round)
    starter: bool = False                    # the bundled deck `deckforge new` copies when no --from is given
    extra: tuple[str, ...] = field(default=())  # names of the game's own figures in GameResult.extra

    @property
    def has_simulator(self) -> bool:
        return self.engine is not None

    def engine_class(self):
        """Import and return the game's engine class, or None when the game has no simulator."""
        if self.engine is None:
            return None
        module, _, name = self.engine.partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), name)

    def load_art(self) -> None:
        """Import the module that registers the game's card-face symbols."""
        if self.art:
            importlib.import_module(f"{self.package}.{self.art}")


def no_game() -> GameSpec:
    """Return the spec of a homemade deck that names no game: it prints and gets a rulebook from its own `rules`
    text, has no typed card attributes beyond what it writes, and no simulator."""
    from ..rulebook.games import GameBook, same_name_or

    return GameSpec(
        id="", title="", package=__name__, schema=GameSchema(kinds={}), deal=Deal(),
        book=GameBook(group_key=lambda card: card.id,
                      group_label=same_name_or(lambda deck, cards, lang: cards[0].name(lang)),
                      group_detail=lambda deck, cards, lang: "", plain_kinds=frozenset()),
        engine=None, art=None)
