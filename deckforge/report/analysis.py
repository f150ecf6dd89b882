"""Turn a deck's tallies into a verdict: playable or not at each player count, seat balance, the strongest findings.

Every finding is a tested comparison (a seat's win share against its fair share, the win share of players who
played a card against those who did not, a stall rate against the 2% a playable deck allows, a seat's loss share)
and findings are ranked by p-value. With dozens of comparisons some look strong by chance, so a finding says
whether it survives a Bonferroni correction over every comparison made.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Card, Deck
from .play import CountRun, DeckRun
from .stats import Difference, Share, bonferroni, compare_shares

MAX_STALL_SHARE = 0.02      # a playable deck stalls in at most 2% of games
MIN_SEAT_DEVIATION = 0.10   # a seat is flagged when its win share is 10% (relative) off its fair share and the
                            # deviation survives a Bonferroni correction over every comparison made
FINDINGS_SHOWN = 3


def pct(share: float) -> str:
    """Format a share as a percentage with one decimal: 0.3412 -> '34.1%'."""
    return f"{share * 100:.1f}%"


def span(low: float, high: float) -> str:
    """Format an interval of shares: '32.0–36.2%'."""
    return f"{low * 100:.1f}–{high * 100:.1f}%"


def card_name(card: Card, lang: str) -> str:
    """Return the card's name in the report's language, or in the deck's first language when it has none."""
    return card.names.get(lang) or next(iter(card.names.values()))


def signed(number: float) -> str:
    """Format a number with its sign and one decimal, never as '-0.0'."""
    return f"{round(number, 1) + 0.0:+.1f}"


def ordinal(number: int) -> str:
    """Return 1st, 2nd, 3rd, 4th... 11th, 12th, 21st."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


@dataclass(frozen=True)
class Finding:
    """One tested observation, worded for the verdict."""

    text: str
    p: float
    z: float
    players: int
    kind: str                  # 'seat', 'card', 'stall' or 'loser'
    beyond_chance: bool = False


@dataclass(frozen=True)
class CountVerdict:
    """Whether one player count plays well, and why not when it does not."""

    players: int
    playable: bool
    games: int
    stall: Share
    errors: int
    reasons: tuple[str, ...]
    seat_flag: str | None        # e.g. "1st seat favoured: 34.1% vs fair 25.0%"


@dataclass(frozen=True)
class Verdict:
    counts: tuple[CountVerdict, ...]
    findings: tuple[Finding, ...]    # the strongest first, FINDINGS_SHOWN of them
    tests: int                       # comparisons made, for the Bonferroni correction

    @property
    def playable_counts(self) -> list[int]:
        return [c.players for c in self.counts if c.playable]


def seat_shares(run: CountRun) -> list[Share]:
    """Return the win share of each position from the starter over finished games, against the fair share."""
    return [Share(wins, run.finished, run.fair_share) for wins in run.wins_by_position]


def loser_shares(run: CountRun) -> list[Share]:
    """Return each position's share of the losses (DYMOCK), against 1/n."""
    return [Share(losses, run.loser_games, 1 / run.players) for losses in run.losers_by_position]


def stall_share(run: CountRun) -> Share:
    return Share(run.stalemates, run.games, MAX_STALL_SHARE)


def card_difference(run: CountRun, card_id: str) -> Difference:
    """Return the win share of seats that played the card minus that of seats that did not."""
    t = run.cards[card_id]
    return compare_shares(t.played_wins, t.played, t.unplayed_wins, t.unplayed)


def count_verdict(run: CountRun, tests: int) -> CountVerdict:
    """Judge one player count: playable when games stall at most 2% of the time and none breaks.

    `tests` is the number of comparisons made over the whole run: a seat is flagged only when its deviation holds
    beyond chance after correcting for all of them, as a finding must.
    """
    stall = stall_share(run)
    reasons = []
    if stall.value > MAX_STALL_SHARE:
        reasons.append(f"{pct(stall.value)} of games stall (at most {pct(MAX_STALL_SHARE)} allowed)")
    if run.errors:
        reasons.append(f"{len(run.errors)} game{'s' if len(run.errors) != 1 else ''} broke with an error")
    return CountVerdict(run.players, not reasons, run.games, stall, len(run.errors), tuple(reasons),
                        seat_flag(run, tests))


def seat_flag(run: CountRun, tests: int) -> str | None:
    """Describe the most unfair seat when its deviation is large and beyond chance over `tests` seats, else None."""
    if not run.finished:
        return None
    position, share = min(enumerate(seat_shares(run)), key=lambda item: item[1].p)
    deviation = share.value - share.expected
    if not bonferroni(share.p, tests) or abs(deviation) < MIN_SEAT_DEVIATION * share.expected:
        return None
    leaning = "favoured" if deviation > 0 else "disadvantaged"
    return f"{ordinal(position + 1)} seat {leaning}: wins {pct(share.value)}, fair share {pct(share.expected)}"


def seat_findings(run: CountRun) -> list[Finding]:
    n = run.players
    return [Finding(f"the {ordinal(k + 1)} seat to play wins {pct(s.value)} of {n}-player games, fair share "
                    f"{pct(s.expected)}, 95% CI {span(*s.interval)}", s.p, s.z, n, "seat")
            for k, s in enumerate(seat_shares(run)) if run.finished]


def card_findings(deck: Deck, run: CountRun, lang: str) -> list[Finding]:
    findings = []
    for card in deck.cards:
        diff = card_difference(run, card.id)
        if not diff.a.trials or not diff.b.trials:
            continue  # every seat played it, or none did: nothing to compare
        findings.append(Finding(
            f"players who played {card_name(card, lang)} win {pct(diff.a.value)} of {run.players}-player games, those "
            f"who did not {pct(diff.b.value)} (difference {signed(diff.value * 100)} points, 95% "
            f"CI {signed(diff.interval[0] * 100)} to {signed(diff.interval[1] * 100)})", diff.p, diff.z, run.players,
            "card"))
    return findings


def stall_findings(run: CountRun) -> list[Finding]:
    stall = stall_share(run)
    if stall.value <= MAX_STALL_SHARE:
        return []
    return [Finding(f"{pct(stall.value)} of {run.players}-player games stall, more than the {pct(MAX_STALL_SHARE)} "
                    f"a playable deck allows (95% CI {span(*stall.interval)})", stall.p, stall.z, run.players,
                    "stall")]


def loser_findings(run: CountRun) -> list[Finding]:
    if not run.loser_games:
        return []
    return [Finding(f"the {ordinal(k + 1)} seat to play loses {pct(s.value)} of {run.players}-player games, fair "
                    f"share {pct(s.expected)}, 95% CI {span(*s.interval)}", s.p, s.z, run.players, "loser")
            for k, s in enumerate(loser_shares(run))]


def all_findings(deck_run: DeckRun, lang: str) -> list[Finding]:
    """Return every tested comparison of the run, unsorted."""
    findings = []
    for run in deck_run.counts.values():
        findings += seat_findings(run) + card_findings(deck_run.deck, run, lang)
        findings += stall_findings(run) + loser_findings(run)
    return findings


def judge(deck_run: DeckRun, lang: str) -> Verdict:
    """Return the verdict: each player count judged, and the strongest findings first."""
    findings = all_findings(deck_run, lang)
    tests = len(findings)
    strongest = tuple(Finding(f.text, f.p, f.z, f.players, f.kind, bonferroni(f.p, tests))
                      for f in strongest_findings(findings))
    counts = tuple(count_verdict(run, tests) for run in deck_run.counts.values())
    return Verdict(counts, strongest, tests)


def strongest_findings(findings: list[Finding], shown: int = FINDINGS_SHOWN) -> list[Finding]:
    """Return the `shown` strongest findings, the strongest of each kind first, in order of strength.

    In a shedding game a seat that stays in longer plays more cards, so card findings are many and strong; taking
    each kind's strongest first keeps them from crowding out a seat imbalance or a stall rate.
    """
    strength = lambda f: (f.p, -abs(f.z), f.players, f.text)  # noqa: E731
    ranked = sorted(findings, key=strength)
    leaders = list({f.kind: f for f in reversed(ranked)}.values())   # the first (strongest) of each kind wins
    leaders.sort(key=strength)
    chosen = leaders[:shown] + [f for f in ranked if f not in leaders][:max(shown - len(leaders), 0)]
    return sorted(chosen, key=strength)


def count_ranges(counts: list[int]) -> str:
    """Join player counts into ranges: [2, 3, 4, 6] -> '2–4, 6'."""
    parts, start = [], None
    for index, n in enumerate(counts):
        start = n if start is None else start
        if index + 1 == len(counts) or counts[index + 1] != n + 1:
            parts.append(str(n) if n == start else f"{start}–{n}")
            start = None
    return ", ".join(parts)


def summary_sentence(verdict: Verdict) -> str:
    """Say in one sentence at which player counts the deck is playable."""
    good = verdict.playable_counts
    bad = [c.players for c in verdict.counts if not c.playable]
    if not bad:
        return f"Playable at every player count played ({count_ranges(good)} players)."
    if not good:
        return f"Not playable at any player count played ({count_ranges(bad)} players)."
    return f"Playable at {count_ranges(good)} players; not at {count_ranges(bad)}."
