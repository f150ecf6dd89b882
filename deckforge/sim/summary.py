"""Summary of a run: game counts, lengths, wins by seat and by position from the starter, cards played (and how
the seats that played them fared), effects and game-specific extras. This is the one place that adds up game
results: `deckforge simulate`, validate's play check and the report all read a `Summary`.

`Summary.add` takes the outcomes in game order; `as_dict` gives the JSON form with a fixed key order, so the same
run prints the same bytes. Beyond what every game reports, it counts the losing seat (`GameResult.loser`) and a
bidding game's bids (`GameResult.bids`), and sums each game's own figures (`GameResult.figures`, named in its
`GameSpec.figures`: numbers, or counts per key); `as_dict` prints all three under "extra". Games the report had
measured (GameResult.measures) are also tallied in `design` (measures.py).
"""
from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from ..model import Deck
from .base import Bids, GameResult
from .measures import MeasureTally


@dataclass
class CardTally:
    """Seats (in finished games) that played a card at least once, and those that did not, with their wins."""

    played: int = 0
    played_wins: int = 0
    unplayed: int = 0
    unplayed_wins: int = 0

    def add(self, played: bool, won: bool) -> None:
        if played:
            self.played += 1
            self.played_wins += won
        else:
            self.unplayed += 1
            self.unplayed_wins += won


@dataclass(frozen=True)
class GameError:
    """A game that broke an invariant or raised: recorded with what reproduces it, never a crash of the run."""

    game: int
    seed: int
    error: str

    def as_dict(self) -> dict:
        return {"game": self.game, "seed": self.seed, "error": self.error}


@dataclass
class Summary:
    """Figures summed over the games of one run, in game order."""

    deck: Deck
    players: int
    seed: int
    policies: tuple[str, ...]
    variants: tuple[str, ...] = ()
    games: int = 0
    finished: int = 0
    stalemates: int = 0
    bounded: int = 0                         # of the stalemates, those still going at the game's turn bound
    turns: list[int] = field(default_factory=list)
    wins_by_seat: list[int] = field(default_factory=list)
    score_totals: list[int] = field(default_factory=list)
    scored_games: int = 0
    plays_by_card: Counter = field(default_factory=Counter)
    effects: Counter = field(default_factory=Counter)
    figures: dict = field(default_factory=dict)   # each game figure summed: a number, or a count per key
    errors: list[GameError] = field(default_factory=list)
    # by position from the starter (1st to play = 0): what a first-player advantage is about
    wins_by_position: list[int] = field(default_factory=list)
    winner_slots: int = 0                    # winners over finished games (more than one per game on a tie)
    losers_by_position: list[int] = field(default_factory=list)
    losers_by_seat: list[int] = field(default_factory=list)
    loser_games: int = 0
    cards: dict[str, CardTally] = field(default_factory=dict)
    bids: dict[int, list[int]] = field(default_factory=dict)   # round number -> [made, attempted]
    bids_made_by_seat: list[int] = field(default_factory=list)
    bid_rounds: int = 0                      # rounds bid in, over the games
    design: MeasureTally | None = None       # the finished games' design measures, when they were measured

    @classmethod
    def start(cls, deck: Deck, players: int, seed: int, policies: tuple[str, ...],
              variants: tuple[str, ...] = ()) -> "Summary":
        return cls(deck, players, seed, policies, variants, wins_by_seat=[0] * players,
                   score_totals=[0] * players, wins_by_position=[0] * players, losers_by_position=[0] * players,
                   losers_by_seat=[0] * players, bids_made_by_seat=[0] * players,
                   cards={card.id: CardTally() for card in deck.cards})

    def add(self, outcome: GameResult | GameError) -> None:
        """Count one game's outcome."""
        self.games += 1
        if not isinstance(outcome, GameResult):
            self.errors.append(outcome)
            return
        self.turns.append(outcome.turns)
        if outcome.bids is not None:
            self._add_bids(outcome.bids)
        if outcome.finished:
            self.finished += 1
            for seat in outcome.winners:
                self.wins_by_seat[seat] += 1
            self._add_positions(outcome)
            self._add_cards(outcome)
            if outcome.measures is not None:
                self.design = self.design or MeasureTally()
                self.design.add(outcome)
        else:
            self.stalemates += 1
            self.bounded += outcome.bounded
        if outcome.scores is not None:
            self.scored_games += 1
            for seat, score in enumerate(outcome.scores):
                self.score_totals[seat] += score
        for seat_plays in outcome.plays:
            self.plays_by_card.update(seat_plays)
        self.effects.update(outcome.effects)
        self._add_figures(outcome.figures)

    def _add_positions(self, outcome: GameResult) -> None:
        """Count wins and losses by position from the seat that started (GameResult.first_player)."""
        starter = outcome.first_player or 0
        position = lambda seat: (seat - starter) % self.players  # noqa: E731
        for seat in outcome.winners:
            self.wins_by_position[position(seat)] += 1
        self.winner_slots += len(outcome.winners)
        if outcome.loser is not None:
            self.losers_by_seat[outcome.loser] += 1
            self.losers_by_position[position(outcome.loser)] += 1
            self.loser_games += 1

    def _add_cards(self, outcome: GameResult) -> None:
        for seat, plays in enumerate(outcome.plays):
            won = seat in outcome.winners
            for card_id, tally in self.cards.items():
                tally.add(plays.get(card_id, 0) > 0, won)

    def _add_bids(self, bids: Bids) -> None:
        """Count each round's bids (every seat bids) and those that came true, by round and by seat."""
        for round_no, made in enumerate(bids.made_by_round, bids.first_round):
            counts = self.bids.setdefault(round_no, [0, 0])
            counts[0] += made
            counts[1] += self.players
        for seat, made in enumerate(bids.made_by_seat):
            self.bids_made_by_seat[seat] += made
        self.bid_rounds += len(bids.made_by_round)

    def _add_figures(self, figures: dict) -> None:
        """Sum the game's own figures: numbers, and counts per key."""
        totals = self.figures
        for name, value in figures.items():
            if isinstance(value, dict):
                counts = totals.setdefault(name, {})
                for key, number in value.items():
                    counts[key] = counts.get(key, 0) + number
            else:
                totals[name] = totals.get(name, 0) + value

    # -- figures ------------------------------------------------------------------------------------------------

    @property
    def policy(self) -> str:
        """One policy name when all seats share it, else the per-seat list joined by commas."""
        return self.policies[0] if len(set(self.policies)) == 1 else ",".join(self.policies)

    @property
    def unplayed_cards(self) -> list[str]:
        return [card.id for card in self.deck.cards if not self.plays_by_card[card.id]]

    @property
    def fair_share(self) -> float:
        """Return the share of finished games a seat wins when no seat is favoured (ties give several winners)."""
        if not self.finished:
            return 1 / self.players
        return self.winner_slots / (self.finished * self.players)

    @property
    def stalemate_share(self) -> float:
        return self.stalemates / self.games if self.games else 0.0

    def turn_bound(self) -> int:
        """Return the game's bound on decisions at this table, where a game still going is called a stalemate."""
        from .base import engine_for

        return engine_for(self.deck, self.players).max_game_length()

    def turns_stats(self) -> tuple[float, float, int]:
        """Return the mean, median and maximum number of decisions per game."""
        if not self.turns:
            return 0.0, 0.0, 0
        return round(statistics.fmean(self.turns), 2), statistics.median(self.turns), max(self.turns)

    def as_dict(self) -> dict:
        """Return the JSON form; keys and entries in a fixed order."""
        mean, median, longest = self.turns_stats()
        data = {
            "deck": self.deck.id, "game": self.deck.game, "players": self.players, "seed": self.seed,
            "policy": self.policy, "variants": list(self.variants),
            "games": self.games, "finished": self.finished, "stalemates": self.stalemates,
            "stalemates_at_turn_bound": self.bounded,
            "turns_mean": mean, "turns_median": median, "turns_max": longest,
            "wins_by_seat": {str(seat): wins for seat, wins in enumerate(self.wins_by_seat)},
            "plays_by_card": {card.id: self.plays_by_card[card.id] for card in self.deck.cards},
            "unplayed_cards": self.unplayed_cards,
            "effects": {name: self.effects[name] for name in sorted(self.effects)},
            "extra": self.extra_dict(),
            "errors": [error.as_dict() for error in self.errors],
        }
        if self.scored_games:
            data["score_mean_by_seat"] = {str(seat): round(total / self.scored_games, 2)
                                          for seat, total in enumerate(self.score_totals)}
        return data


    def extra_dict(self) -> dict:
        """Return the loser's seat, the bids and the game's own figures, by name in alphabetical order."""
        extra = dict(self.figures)
        if self.loser_games:
            extra["loser_seat"] = {str(seat): lost for seat, lost in enumerate(self.losers_by_seat) if lost}
        if self.bids:
            rounds = sorted(self.bids)
            extra.update({
                "bids": sum(self.bids[r][1] for r in rounds), "bids_made": sum(self.bids[r][0] for r in rounds),
                "bids_by_round": {str(r): self.bids[r][1] for r in rounds},
                "bids_made_by_round": {str(r): self.bids[r][0] for r in rounds},
                "bids_made_by_seat": {str(seat): made for seat, made in enumerate(self.bids_made_by_seat)},
                "rounds": self.bid_rounds,
            })
        return {name: ordered(extra[name]) for name in sorted(extra)}


def ordered(value):
    """Return a dict with its keys in natural order (numbers by value), or the number itself."""
    if not isinstance(value, dict):
        return value
    return {key: value[key] for key in sorted(value, key=lambda k: (0, int(k), "") if k.isdigit() else (1, 0, k))}
