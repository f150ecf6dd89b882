"""Turn a deck's tallies into a verdict: playable or not at each player count, seat balance, the strongest findings.

Every finding is a tested comparison (a seat's win share against its fair share, the win share of players who
played a card against those who did not, a stall rate against the 2% a playable deck allows, a seat's loss share)
and findings are ranked by p-value. With dozens of comparisons some look strong by chance, so a finding says
whether it survives a Bonferroni correction over every comparison made.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from babel.core import Locale, UnknownLocaleError
from babel.numbers import format_decimal, get_decimal_symbol

from ..i18n import SOURCE_LANGUAGE, has_catalog, translations
from ..model import Card, Deck
from .play import CountRun, DeckRun
from .stats import Difference, Share, bonferroni, compare_shares

MAX_STALL_SHARE = 0.02      # a playable deck stalls in at most 2% of games
MIN_SEAT_DEVIATION = 0.10   # a seat is flagged when its win share is 10% (relative) off its fair share and the
                            # deviation survives a Bonferroni correction over every comparison made
FINDINGS_SHOWN = 3


def decimal(number: float, lang: str = SOURCE_LANGUAGE) -> str:
    """Format a number with one decimal as the language writes it: '34.1' in English, '34,1' in Czech."""
    return f"{number:.1f}".replace(".", _decimal_symbol(lang))


def pct(share: float, lang: str = SOURCE_LANGUAGE) -> str:
    """Format a share as a percentage with one decimal: 0.3412 -> '34.1%' (in Czech and German '34,1 %')."""
    return decimal(share * 100, lang) + _percent_sign(lang)


def span(low: float, high: float, lang: str = SOURCE_LANGUAGE) -> str:
    """Format an interval of shares: '32.0–36.2%'."""
    return f"{decimal(low * 100, lang)}–{decimal(high * 100, lang)}{_percent_sign(lang)}"


@lru_cache(maxsize=None)
def _decimal_symbol(lang: str) -> str:
    return get_decimal_symbol(_locale(lang))


@lru_cache(maxsize=None)
def _percent_sign(lang: str) -> str:
    """Return what follows a percentage in the language (CLDR): '%' in English, a no-break space and '%' in Czech."""
    pattern = _locale(lang).percent_formats[None]
    return pattern.suffix[0] or "%"


def _locale(lang: str) -> Locale:
    """Return the locale whose numbers go with the page's words: English where deckforge has no catalog."""
    if not has_catalog(lang):
        return Locale.parse(SOURCE_LANGUAGE)
    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE_LANGUAGE)


def card_name(card: Card, lang: str) -> str:
    """Return the card's name in the report's language, or in the deck's first language when it has none."""
    return card.names.get(lang) or next(iter(card.names.values()))


def signed(number: float, lang: str = SOURCE_LANGUAGE) -> str:
    """Format a number with its sign and one decimal, never as '-0.0'."""
    return f"{round(number, 1) + 0.0:+.1f}".replace(".", _decimal_symbol(lang))


def ordinal(number: int, lang: str = SOURCE_LANGUAGE) -> str:
    """Return 1st, 2nd, 3rd, 4th... 11th, 12th, 21st in English; in another language as its catalog writes
    ordinals in digits ("1." in Czech and German)."""
    if lang == SOURCE_LANGUAGE or not has_catalog(lang):
        suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
        return f"{number}{suffix}"
    # TRANSLATORS: an ordinal number in digits, as in "the 2nd seat"; English ones are written by code.
    return translations(lang).pgettext("ordinal", "%(num)dth") % {"num": number}


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


def count_verdict(run: CountRun, tests: int, lang: str = SOURCE_LANGUAGE) -> CountVerdict:
    """Judge one player count: playable when games stall at most 2% of the time and none breaks.

    `tests` is the number of comparisons made over the whole run: a seat is flagged only when its deviation holds
    beyond chance after correcting for all of them, as a finding must.
    """
    t, stall = translations(lang), stall_share(run)
    reasons = []
    if stall.value > MAX_STALL_SHARE:
        shares = {"share": pct(stall.value, lang), "limit": pct(MAX_STALL_SHARE, lang)}
        if run.bounded == run.stalemates:  # none stuck: every one was still going at the bound (validate says so too)
            reasons.append(t.gettext("%(share)s of games stall, still going after %(bound)s decisions (at most "
                                     "%(limit)s allowed)")
                           % {**shares, "bound": format_decimal(run.turn_bound(), locale=_locale(lang))})
        else:
            reasons.append(t.gettext("%(share)s of games stall (at most %(limit)s allowed)") % shares)
    if run.errors:
        reasons.append(t.ngettext("%(num)d game broke with an error", "%(num)d games broke with an error",
                                  len(run.errors)) % {"num": len(run.errors)})
    return CountVerdict(run.players, not reasons, run.games, stall, len(run.errors), tuple(reasons),
                        seat_flag(run, tests, lang))


def seat_flag(run: CountRun, tests: int, lang: str = SOURCE_LANGUAGE) -> str | None:
    """Describe the most unfair seat when its deviation is large and beyond chance over `tests` seats, else None."""
    if not run.finished:
        return None
    position, share = min(enumerate(seat_shares(run)), key=lambda item: item[1].p)
    deviation = share.value - share.expected
    if not bonferroni(share.p, tests) or abs(deviation) < MIN_SEAT_DEVIATION * share.expected:
        return None
    t = translations(lang)
    flag = (t.gettext("%(ordinal)s seat favoured: wins %(share)s, fair share %(fair)s") if deviation > 0 else
            t.gettext("%(ordinal)s seat disadvantaged: wins %(share)s, fair share %(fair)s"))
    return flag % {"ordinal": ordinal(position + 1, lang), "share": pct(share.value, lang),
                   "fair": pct(share.expected, lang)}


def seat_findings(run: CountRun, lang: str = SOURCE_LANGUAGE) -> list[Finding]:
    n, t = run.players, translations(lang)
    text = t.ngettext("the %(ordinal)s seat to play wins %(share)s of %(num)d-player games, fair share %(fair)s, "
                      "95%% CI %(span)s", "the %(ordinal)s seat to play wins %(share)s of %(num)d-player games, "
                      "fair share %(fair)s, 95%% CI %(span)s", n)
    return [Finding(text % {"ordinal": ordinal(k + 1, lang), "share": pct(s.value, lang), "num": n,
                            "fair": pct(s.expected, lang), "span": span(*s.interval, lang=lang)}, s.p, s.z, n, "seat")
            for k, s in enumerate(seat_shares(run)) if run.finished]


def card_findings(deck: Deck, run: CountRun, lang: str) -> list[Finding]:
    findings, n = [], run.players
    text = translations(lang).ngettext(
        "players who played %(card)s win %(a)s of %(num)d-player games, those who did not %(b)s (difference %(diff)s "
        "points, 95%% CI %(low)s to %(high)s)", "players who played %(card)s win %(a)s of %(num)d-player games, "
        "those who did not %(b)s (difference %(diff)s points, 95%% CI %(low)s to %(high)s)", n)
    for card in deck.cards:
        diff = card_difference(run, card.id)
        if not diff.a.trials or not diff.b.trials:
            continue  # every seat played it, or none did: nothing to compare
        findings.append(Finding(text % {
            "card": card_name(card, lang), "a": pct(diff.a.value, lang), "num": n, "b": pct(diff.b.value, lang),
            "diff": signed(diff.value * 100, lang), "low": signed(diff.interval[0] * 100, lang),
            "high": signed(diff.interval[1] * 100, lang)}, diff.p, diff.z, n, "card"))
    return findings


def stall_findings(run: CountRun, lang: str = SOURCE_LANGUAGE) -> list[Finding]:
    stall, n = stall_share(run), run.players
    if stall.value <= MAX_STALL_SHARE:
        return []
    text = translations(lang).ngettext(
        "%(share)s of %(num)d-player games stall, more than the %(limit)s a playable deck allows (95%% CI %(span)s)",
        "%(share)s of %(num)d-player games stall, more than the %(limit)s a playable deck allows (95%% CI %(span)s)",
        n)
    return [Finding(text % {"share": pct(stall.value, lang), "num": n, "limit": pct(MAX_STALL_SHARE, lang),
                            "span": span(*stall.interval, lang=lang)}, stall.p, stall.z, n, "stall")]


def loser_findings(run: CountRun, lang: str = SOURCE_LANGUAGE) -> list[Finding]:
    if not run.loser_games:
        return []
    n = run.players
    text = translations(lang).ngettext(
        "the %(ordinal)s seat to play loses %(share)s of %(num)d-player games, fair share %(fair)s, 95%% CI %(span)s",
        "the %(ordinal)s seat to play loses %(share)s of %(num)d-player games, fair share %(fair)s, 95%% CI %(span)s",
        n)
    return [Finding(text % {"ordinal": ordinal(k + 1, lang), "share": pct(s.value, lang), "num": n,
                            "fair": pct(s.expected, lang), "span": span(*s.interval, lang=lang)}, s.p, s.z, n, "loser")
            for k, s in enumerate(loser_shares(run))]


def all_findings(deck_run: DeckRun, lang: str) -> list[Finding]:
    """Return every tested comparison of the run, unsorted."""
    findings = []
    for run in deck_run.counts.values():
        findings += seat_findings(run, lang) + card_findings(deck_run.deck, run, lang)
        findings += stall_findings(run, lang) + loser_findings(run, lang)
    return findings


def judge(deck_run: DeckRun, lang: str) -> Verdict:
    """Return the verdict: each player count judged, and the strongest findings first."""
    findings = all_findings(deck_run, lang)
    tests = len(findings)
    strongest = tuple(Finding(f.text, f.p, f.z, f.players, f.kind, bonferroni(f.p, tests))
                      for f in strongest_findings(findings))
    counts = tuple(count_verdict(run, tests, lang) for run in deck_run.counts.values())
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


def summary_sentence(verdict: Verdict, lang: str = SOURCE_LANGUAGE) -> str:
    """Say in one sentence at which player counts the deck is playable."""
    t = translations(lang)
    good = verdict.playable_counts
    bad = [c.players for c in verdict.counts if not c.playable]
    if not bad:
        return t.ngettext("Playable at every player count played (%(counts)s player).",
                          "Playable at every player count played (%(counts)s players).", good[-1]) % {
            "counts": count_ranges(good)}
    if not good:
        return t.ngettext("Not playable at any player count played (%(counts)s player).",
                          "Not playable at any player count played (%(counts)s players).", bad[-1]) % {
            "counts": count_ranges(bad)}
    return t.ngettext("Playable at %(good)s player; not at %(bad)s.", "Playable at %(good)s players; not at %(bad)s.",
                      good[-1]) % {"good": count_ranges(good), "bad": count_ranges(bad)}
