"""Draw the report's charts from the tallies of one deck, or of two decks side by side.

Each function takes the series to draw, `[(label, DeckRun), ...]` (one deck, or deck A then deck B played with
the same seeds), and returns a `Chart`, or None when the game has no such data (bids exist only in Wizard, the
loser's seat only in DYMOCK). Every interval drawn is a 95% Wilson interval.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Callable

import numpy as np
from matplotlib import colormaps
from matplotlib.ticker import MaxNLocator
from markupsafe import Markup

from ..i18n import SOURCE_LANGUAGE, translations
from .analysis import MAX_STALL_SHARE, card_difference, loser_shares, seat_shares, stall_share
from .play import CountRun, DeckRun
from .stats import Share
from .svg import FAIR_COLOUR, SERIES_COLOURS, new_figure, style, to_svg

Series = list[tuple[str, DeckRun]]
PANEL_COLUMNS = 4
MAX_CARD_ROWS = 20


@dataclass(frozen=True)
class Chart:
    name: str
    title: str
    caption: str
    svg: Markup


def _offsets(series: Series, width: float = 0.36) -> list[float]:
    """Return each series' shift along x so that two series stand side by side."""
    return [0.0] if len(series) == 1 else [-width / 2, width / 2]


def _error_bars(ax, xs, shares: list[Share], colour: str, label: str | None, filled: bool = True) -> None:
    values = np.array([s.value for s in shares])
    lows, highs = np.array([s.interval for s in shares]).T
    ax.errorbar(xs, values, yerr=[values - lows, highs - values], fmt="o", ms=4.5, capsize=2.5, lw=1.1,
                color=colour, mfc=colour if filled else "white", label=label)


def percent_axis(ax, axis: str = "y") -> None:
    formatter = lambda value, _: f"{value * 100:.0f}%"  # noqa: E731
    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(formatter)


def length_chart(series: Series, lang: str = SOURCE_LANGUAGE) -> Chart:
    """Box plots of game length (decisions) at each player count."""
    t = translations(lang)
    counts = sorted({n for _, run in series for n in run.counts})
    with style():
        figure = new_figure(9.5, 3.4)
        ax = figure.add_subplot()
        for (label, run), shift, colour in zip(series, _offsets(series), SERIES_COLOURS):
            present = [n for n in counts if n in run.counts and run.counts[n].turns]
            boxes = ax.boxplot([run.counts[n].turns for n in present], positions=[n + shift for n in present],
                               widths=0.3 if len(series) > 1 else 0.55, whis=(5, 95), showfliers=False,
                               showmeans=True, patch_artist=True, manage_ticks=False,
                               meanprops={"marker": "D", "markersize": 3.5, "markerfacecolor": "white",
                                          "markeredgecolor": colour},
                               medianprops={"color": "white", "linewidth": 1.4})
            _colour_boxes(boxes, colour)
            ax.plot([], [], color=colour, lw=6, label=label)
        ax.set_xticks(counts)
        ax.set_xlabel(t.gettext("players"))
        ax.set_ylabel(t.gettext("decisions per game"))
        ax.set_ylim(bottom=0)
        if len(series) > 1:
            ax.legend(loc="upper left")
    return Chart("lengths", t.gettext("How long games last"),
                 t.gettext("Decisions per game at each player count: the box holds the middle half of the games, the "
                           "white line is the median, the diamond the mean, the whiskers reach the 5th and 95th "
                           "percentiles."), to_svg(figure, "lengths"))


def _colour_boxes(boxes: dict, colour: str) -> None:
    for patch in boxes["boxes"]:
        patch.set(facecolor=colour, edgecolor=colour, alpha=0.85)
    for line in boxes["whiskers"] + boxes["caps"]:
        line.set(color=colour)


# Margins of a chart of panels, in inches, set by hand (constrained layout costs a third of its drawing time): room
# for the y label and tick labels ("100%") at the left, a panel's title above it, its x tick labels below it
PANEL_MARGINS = {"left": 0.62, "right": 0.1, "top": 0.3, "bottom": 0.3, "column_gap": 0.48, "row_gap": 0.56,
                 "legend": 0.3}


def _panels(count: int, legend: bool = False, row_height: float = 2.3):
    """Return a figure of `count` panels, PANEL_COLUMNS to a row, with room at the top for a legend if asked."""
    columns = min(PANEL_COLUMNS, count)
    rows = ceil(count / columns)
    top = PANEL_MARGINS["top"] + (PANEL_MARGINS["legend"] if legend else 0)
    width, height = 2.45 * columns, row_height * rows + 0.2 + top - PANEL_MARGINS["top"]
    figure = new_figure(width, height, constrained=False)
    m = PANEL_MARGINS
    panel_width = (width - m["left"] - m["right"] - (columns - 1) * m["column_gap"]) / columns
    panel_height = (height - top - m["bottom"] - (rows - 1) * m["row_gap"]) / rows
    figure.subplots_adjust(left=m["left"] / width, right=1 - m["right"] / width, top=1 - top / height,
                           bottom=m["bottom"] / height, wspace=m["column_gap"] / panel_width,
                           hspace=m["row_gap"] / panel_height)
    axes = figure.subplots(rows, columns, squeeze=False).ravel()
    for ax in axes[count:]:
        ax.set_visible(False)
    return figure, axes


def share_panels(series: Series, shares_of: Callable[[CountRun], list[Share]], fair_of: Callable[[CountRun], float],
                 name: str, ylabel: str, lang: str = SOURCE_LANGUAGE) -> Markup | None:
    """Draw one panel per player count: each seat's share (from the starter) with its interval, and the fair line."""
    counts = sorted({n for _, run in series for n, c in run.counts.items() if any(s.trials for s in shares_of(c))})
    if not counts:
        return None
    with style():
        figure, axes = _panels(len(counts), legend=len(series) > 1)
        for ax, n in zip(axes, counts):
            _share_panel(ax, series, n, shares_of, fair_of, lang)
            ax.set_ylabel(ylabel if ax.get_subplotspec().is_first_col() else "")
        if len(series) > 1:
            figure.legend(*axes[0].get_legend_handles_labels(), loc="upper center", ncols=len(series),
                          bbox_to_anchor=(0.5, 1))
    return to_svg(figure, name)


def _share_panel(ax, series: Series, n: int, shares_of, fair_of, lang: str) -> None:
    seats = np.arange(1, n + 1)
    for (label, run), shift, colour in zip(series, _offsets(series, 0.3), SERIES_COLOURS):
        if n in run.counts:
            _error_bars(ax, seats + shift, shares_of(run.counts[n]), colour, label)
            ax.axhline(fair_of(run.counts[n]), color=FAIR_COLOUR, lw=1, ls="--")
    ax.set_title(players_label(n, lang))
    ax.set_xticks(seats if n <= 8 else seats[::2])
    ax.set_ylim(bottom=0)
    percent_axis(ax)


def players_label(n: int, lang: str) -> str:
    """Return "4 players" in the report's language, for a panel's title."""
    return translations(lang).ngettext("%(num)d player", "%(num)d players", n) % {"num": n}


def seat_chart(series: Series, lang: str = SOURCE_LANGUAGE) -> Chart | None:
    t = translations(lang)
    svg = share_panels(series, seat_shares, lambda run: run.fair_share, "seats", t.gettext("games won"), lang)
    return svg and Chart("seats", t.gettext("Who wins: seat in turn order from the starter"), t.gettext(
        "Share of finished games won by each seat, counted from the player who starts (1 = plays first), with "
        "95% confidence intervals (Wilson); the dashed green line is the fair share, 1 in n."), svg)


def loser_chart(series: Series, lang: str = SOURCE_LANGUAGE) -> Chart | None:
    t = translations(lang)
    svg = share_panels(series, loser_shares, lambda run: 1 / run.players, "losers", t.gettext("games lost"), lang)
    return svg and Chart("losers", t.gettext("Who loses: the loser's seat from the starter"), t.gettext(
        "Share of finished games lost by each seat, counted from the player who starts (1 = plays first), with "
        "95% confidence intervals; the dashed green line is the fair share, 1 in n."), svg)


def stall_chart(series: Series, lang: str = SOURCE_LANGUAGE) -> Chart:
    """Bars of the stall rate at each player count, with intervals and the 2% limit."""
    t = translations(lang)
    counts = sorted({n for _, run in series for n in run.counts})
    with style():
        figure = new_figure(9.5, 2.9)
        ax = figure.add_subplot()
        for (label, run), shift, colour in zip(series, _offsets(series), SERIES_COLOURS):
            present = [n for n in counts if n in run.counts]
            shares = [stall_share(run.counts[n]) for n in present]
            xs = np.array(present) + shift
            ax.bar(xs, [s.value for s in shares], width=0.36 if len(series) > 1 else 0.6, color=colour,
                   alpha=0.85, label=label)
            _error_bars(ax, xs, shares, "#555555", None)
        ax.axhline(MAX_STALL_SHARE, color="#c0392b", lw=1, ls="--")
        ax.set_xticks(counts)
        ax.set_xlabel(t.gettext("players"))
        ax.set_ylabel(t.gettext("games stalled"))
        ax.set_ylim(0, max(0.05, ax.get_ylim()[1]))
        percent_axis(ax)
        if len(series) > 1:
            ax.legend(loc="upper left")
    return Chart("stalls", t.gettext("How often games stall"), t.gettext(
        "Share of games that could not end (a stalemate, or the game's turn bound reached), with 95% intervals; "
        "the dashed red line is the 2% a playable deck may reach."), to_svg(figure, "stalls"))


def bids_chart(series: Series, lang: str = SOURCE_LANGUAGE) -> Chart | None:
    """Wizard: the share of bids made in each round, one line per player count; a panel per deck."""
    t = translations(lang)
    drawn = [(label, run) for label, run in series if any(c.bids for c in run.counts.values())]
    if not drawn:
        return None
    with style():
        figure = new_figure(9.5, 3.3)
        axes = figure.subplots(1, len(drawn), squeeze=False, sharey=True).ravel()
        for ax, (label, run) in zip(axes, drawn):
            _bid_lines(ax, run, lang)
            ax.set_title(label if len(series) > 1 else "")
        axes[0].set_ylabel(t.gettext("bids made"))
    return Chart("bids", t.gettext("Bids made by round"), t.gettext(
        "Share of bids that came true in each round, one line per player count; the band is the 95% interval."),
                 to_svg(figure, "bids"))


def _bid_lines(ax, run: DeckRun, lang: str) -> None:
    colours = matplotlib_colours(len(run.counts))
    for colour, (n, count) in zip(colours, sorted(run.counts.items())):
        rounds = sorted(count.bids)
        if not rounds:
            continue
        shares = [Share(*count.bids[r]) for r in rounds]
        lows, highs = np.array([s.interval for s in shares]).T
        ax.fill_between(rounds, lows, highs, color=colour, alpha=0.18, lw=0)
        ax.plot(rounds, [s.value for s in shares], color=colour, marker="o", ms=3, label=players_label(n, lang))
    ax.set_xlabel(translations(lang).gettext("round"))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(0, 1)
    percent_axis(ax)
    ax.legend(loc="upper right")


def matplotlib_colours(count: int) -> list:
    """Return `count` colours along viridis (dark to green, leaving out its palest yellow)."""
    return [colormaps["viridis"](i / max(count - 1, 1) * 0.9) for i in range(count)]


def card_rows(series: Series, limit: int = MAX_CARD_ROWS) -> list[str]:
    """Return the card ids to show: all of them for a small deck, else those most tied to winning or losing.

    Cards present in only one deck of a comparison, or changed between them, are always shown.
    """
    ids = list(dict.fromkeys(card.id for _, run in series for card in run.deck.cards))
    if len(ids) <= limit:
        return ids
    marked = [i for i in ids if marker(series, i)]
    strength = {i: min((card_difference(c, i).p for _, run in series for c in run.counts.values()
                        if i in c.cards), default=1.0) for i in ids}
    strongest = sorted((i for i in ids if i not in marked), key=lambda i: strength[i])
    keep = set(marked + strongest[:max(limit - len(marked), 0)])
    return [i for i in ids if i in keep]


def marker(series: Series, card_id: str, lang: str = SOURCE_LANGUAGE) -> str:
    """Return 'only in A', 'only in B', 'changed' or '' for a card of a two-deck comparison."""
    if len(series) < 2:
        return ""
    t = translations(lang)
    (label_a, run_a), (label_b, run_b) = series
    in_a, in_b = _find(run_a, card_id), _find(run_b, card_id)
    if in_a is None or in_b is None:
        return t.gettext("only in %(deck)s") % {"deck": label_b if in_a is None else label_a}
    return t.gettext("changed") if _as_played(in_a) != _as_played(in_b) else ""


def _find(run: DeckRun, card_id: str):
    return next((card for card in run.deck.cards if card.id == card_id), None)


def _as_played(card) -> tuple:
    """Return what makes a card play and read as it does (its art and source file do not count)."""
    return card.kind, card.count, dict(card.attrs), card.effects, dict(card.names), dict(card.texts)
