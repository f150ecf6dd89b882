"""Game-design measures per player count: fairness, decisiveness, drama, lead changes, game length, forced moves,
and how often each rule fires; with two decks, which one is fairer and by how much.

The measures follow CardStock (Goadrich et al.; docs/report.md cites the papers and states each definition): the
per-game ones come from the simulator (deckforge/sim/measures.py), averaged here over the finished games of a count,
each with its 95% interval. Fairness is read from the first seat's win share, as CardStock's is.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..effect_text import effect_name
from ..games import deck_spec
from ..i18n import SOURCE_LANGUAGE, translations
from .analysis import decimal, pct, seat_shares, span
from .play import CountRun, DeckRun
from .stats import (Estimate, Share, difference_estimate, fairness_estimate, mean_estimate, ratio_estimate,
                    z_for)


@dataclass(frozen=True)
class CountMeasures:
    """The design measures of one player count (None where the games cannot give one)."""

    players: int
    games: int                       # finished games measured
    fairness: Estimate | None        # of the first seat's win share, 1 = fair
    decisiveness: Estimate | None    # None: the game has no standings
    drama: Estimate | None
    lead_changes: Estimate | None    # per game
    length: Estimate | None          # decisions per finished game
    forced: Estimate | None          # the share of decisions with one legal action
    followed: int = 0                # finished games whose standings were followed (play.STANDING_GAMES)

    @property
    def partial(self) -> bool:
        """Return True when decisiveness, drama and lead changes come from fewer games than the others."""
        return self.lead_changes is not None and self.followed < self.games


def count_measures(run: CountRun) -> CountMeasures:
    """Return a player count's measures from its finished games."""
    first = seat_shares(run)[0]
    tally = run.design
    fair = fairness_estimate(first.successes, first.trials, first.expected)
    if tally is None:
        return CountMeasures(run.players, 0, fair, None, None, None, None, None)
    return CountMeasures(run.players, tally.games, fair, mean_estimate(tally.decisiveness),
                         mean_estimate(tally.drama), mean_estimate(tally.lead_changes), mean_estimate(tally.decisions),
                         ratio_estimate(tally.forced, tally.decisions), len(tally.lead_changes))


def deck_measures(run: DeckRun) -> list[CountMeasures]:
    return [count_measures(count) for count in run.counts.values()]


@dataclass(frozen=True)
class RuleFiring:
    """How often one rule (an effect name the game counts) fired at a player count, in each deck."""

    name: str
    per_game: tuple[float | None, ...]     # mean times per finished game, per deck (None: deck not measured)
    games: tuple[Share | None, ...]        # the share of finished games in which it fired at least once
    label: str = ""                        # its name in the page's language; the name itself when it has none

    @property
    def named(self) -> bool:
        return bool(self.label) and self.label != self.name


def rule_firings(series: list[tuple[str, DeckRun]], players: int, lang: str = SOURCE_LANGUAGE) -> list[RuleFiring]:
    """Return every rule that fired in some deck at `players`, by id, with its name in `lang`: a spell effect's, or
    the name its game gives it (GameSpec.event_names)."""
    tallies = [run.counts[players].design if players in run.counts else None for _, run in series]
    events = {name: entry for _, run in reversed(series) for name, entry in deck_spec(run.deck).event_names.items()}
    names = sorted({name for tally in tallies if tally for name in tally.effects})
    return [RuleFiring(name, tuple(tally.effects[name] / tally.games if tally and tally.games else None
                                   for tally in tallies),
                       tuple(Share(tally.effect_games[name], tally.games) if tally else None for tally in tallies),
                       effect_name(name, lang, events))
            for name in names]


@dataclass(frozen=True)
class FairnessComparison:
    """Deck B's fairness against deck A's at one player count."""

    players: int
    a: Estimate
    b: Estimate
    difference: Estimate          # B − A with its 95% interval
    holds: bool                   # the interval corrected over every count compared excludes 0

    @property
    def fairer(self) -> str | None:
        """Return 'A' or 'B' when one deck is fairer beyond chance, else None."""
        return ("B" if self.difference.value > 0 else "A") if self.holds else None


def compare_fairness(run_a: CountRun, run_b: CountRun, tests: int) -> FairnessComparison | None:
    """Return B's fairness minus A's; `holds` asks the Bonferroni interval over `tests` counts to exclude 0."""
    shares = seat_shares(run_a)[0], seat_shares(run_b)[0]
    plain = [fairness_estimate(s.successes, s.trials, s.expected) for s in shares]
    if None in plain:
        return None
    strict = [fairness_estimate(s.successes, s.trials, s.expected, z_for(tests)) for s in shares]
    corrected = difference_estimate(*strict)
    return FairnessComparison(run_a.players, plain[0], plain[1], difference_estimate(*plain), corrected.excludes(0))


def fairness_sentence(rows: list, labels: tuple[str, str], lang: str = SOURCE_LANGUAGE) -> str:
    """Say which deck is fairer where it is beyond chance, and by how much, or that neither is."""
    t = translations(lang)
    clauses = []
    for row in rows:
        fair = row.fairness
        if fair is None or fair.fairer is None:
            continue
        gap = fair.difference if fair.fairer == "B" else _negated(fair.difference)
        clauses.append(t.ngettext(
            "%(deck)s is fairer at %(num)d player, by %(gap)s (95%% CI %(low)s to %(high)s)",
            "%(deck)s is fairer at %(num)d players, by %(gap)s (95%% CI %(low)s to %(high)s)", row.players) % {
            "deck": labels["AB".index(fair.fairer)], "num": row.players, "gap": hundredths(gap.value, lang),
            "low": hundredths(gap.low, lang), "high": hundredths(gap.high, lang)})
    if not clauses:
        return t.gettext("Neither deck is fairer beyond chance at any player count compared.")
    return "; ".join(clauses) + "."  # each clause starts with a deck's label, written as the deck has it


def _negated(estimate: Estimate) -> Estimate:
    return Estimate(-estimate.value, -estimate.high, -estimate.low)


def hundredths(number: float, lang: str = SOURCE_LANGUAGE) -> str:
    """Format a measure between 0 and 1 with two decimals, as the language writes them: '0.93', '0,93'."""
    return f"{number:.2f}".replace(".", decimal(0.0, lang)[1])


def signed_hundredths(number: float, lang: str = SOURCE_LANGUAGE) -> str:
    """Format a difference of measures with its sign and two decimals: '+0.12', never '-0.00'."""
    return f"{round(number, 2) + 0.0:+.2f}".replace(".", decimal(0.0, lang)[1])


def estimate_text(estimate: Estimate | None, kind: str, lang: str = SOURCE_LANGUAGE) -> str:
    """Format an estimate with its interval: a measure '0.93 (0.88–0.98)', a share '12.5% (11.9–13.1%)', a count
    '3.2 (2.9–3.5)'; an en dash when there is none."""
    if estimate is None:
        return "–"
    if kind == "share":
        return f"{pct(estimate.value, lang)} ({span(estimate.low, estimate.high, lang)})"
    number = hundredths if kind == "measure" else decimal
    return f"{number(estimate.value, lang)} ({number(estimate.low, lang)}–{number(estimate.high, lang)})"

