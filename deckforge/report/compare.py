"""Compare two decks played with the same seeds: per player count, and card by card.

A difference is highlighted when it holds beyond chance: p below 5% after a Bonferroni correction over the
player counts compared (so a dozen counts do not turn up one "difference" by luck).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import SOURCE_LANGUAGE, translations
from .analysis import card_difference, card_name, pct, seat_shares, stall_share
from .charts import Series, marker
from .design import FairnessComparison, compare_fairness
from .play import DeckRun
from .stats import Difference, MeanDifference, bonferroni, compare_means


@dataclass(frozen=True)
class CountComparison:
    """Deck A against deck B at one player count."""

    players: int
    mean_turns: tuple[float, float]   # A's and B's mean decisions per game
    length: MeanDifference            # A minus B
    stall: Difference
    first_seat: Difference            # the first seat's win share
    tests: int                        # player counts compared
    fairness: FairnessComparison | None = None   # CardStock's fairness, B against A (design.py)

    def holds(self, difference) -> bool:
        return bonferroni(difference.p, self.tests)


def compare_counts(run_a: DeckRun, run_b: DeckRun) -> list[CountComparison]:
    """Return length, stall and first-seat comparisons at each player count both decks were played at."""
    shared = [n for n in run_a.counts if n in run_b.counts]
    rows = []
    for n in shared:
        a, b = run_a.counts[n], run_b.counts[n]
        seat_a, seat_b = seat_shares(a)[0], seat_shares(b)[0]
        stall_a, stall_b = stall_share(a), stall_share(b)
        rows.append(CountComparison(n, (_mean(a.turns), _mean(b.turns)), compare_means(a.turns, b.turns),
                                    Difference(stall_a, stall_b), Difference(seat_a, seat_b), len(shared),
                                    compare_fairness(a, b, len(shared))))
    return rows


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


@dataclass(frozen=True)
class CardComparison:
    """One card of either deck: where it exists, and the played-minus-not win share in each deck."""

    card_id: str
    name: str
    note: str                       # 'only in A', 'only in B', 'changed' or ''
    difference_a: Difference | None
    difference_b: Difference | None

    @property
    def shift(self) -> float | None:
        """Return how far the card's win-share gap moved from deck A to deck B, in points (None if not in both)."""
        if self.difference_a is None or self.difference_b is None:
            return None
        return (self.difference_b.value - self.difference_a.value) * 100


def compare_cards(series: Series, players: int, lang: str) -> list[CardComparison]:
    """Return every card of both decks, in deck order (A's, then those only in B), compared at `players`."""
    ids = list(dict.fromkeys(card.id for _, run in series for card in run.deck.cards))
    rows = []
    for card_id in ids:
        gaps = [_gap(run, card_id, players) for _, run in series] + [None] * (2 - len(series))
        card = next(card for _, run in series for card in run.deck.cards if card.id == card_id)
        rows.append(CardComparison(card_id, card_name(card, lang), marker(series, card_id, lang), *gaps))
    return rows


def _gap(run: DeckRun, card_id: str, players: int) -> Difference | None:
    count = run.counts.get(players)
    if count is None or card_id not in count.cards:
        return None
    diff = card_difference(count, card_id)
    return diff if diff.a.trials and diff.b.trials else None


def describe_gap(diff: Difference | None, lang: str = SOURCE_LANGUAGE) -> str:
    """Return '31.2% vs 24.0%' for a played/not-played comparison, or an en dash."""
    if diff is None:
        return "–"
    return translations(lang).gettext("%(played)s vs %(not_played)s") % {"played": pct(diff.a.value, lang),
                                                                          "not_played": pct(diff.b.value, lang)}
