"""Draw what playing each card goes with: win shares of seats that played it and of seats that did not.

A difference here is an association, not a cause: in a shedding game a seat that stays in longer plays more cards.
Card names come from the deck model in the report's language; a two-deck comparison marks cards that exist in only
one deck or that changed between them.
"""
from __future__ import annotations

import numpy as np

from ..i18n import translations
from .analysis import card_difference, card_name
from .charts import Chart, Series, percent_axis, card_rows, marker, players_label
from .play import DeckRun
from .stats import bonferroni
from .svg import FAIR_COLOUR, SERIES_COLOURS, new_figure, style, to_svg


def card_label(series: Series, card_id: str, lang: str) -> str:
    """Return the card's name from the first deck that has it, with its comparison marker."""
    card = next(card for _, run in series for card in run.deck.cards if card.id == card_id)
    note = marker(series, card_id, lang)
    return f"{card_name(card, lang)} ({note})" if note else card_name(card, lang)


def focus_count(series: Series) -> int:
    """Return the player count the card chart shows: the first deck's default count when it was played."""
    run = series[0][1]
    default = run.deck.players.default_players
    counts = sorted(run.counts)
    return default if default in run.counts else counts[len(counts) // 2]


def card_chart(series: Series, lang: str) -> Chart | None:
    """Dot plot at the focus player count: per card, the win share of seats that played it and of those that did not."""
    if not any(run.has_card_comparisons for _, run in series):
        return None
    n, t = focus_count(series), translations(lang)
    rows = card_rows(series)
    with style():
        figure = new_figure(9.5 if len(series) > 1 else 8, 0.9 + 0.27 * len(rows))
        axes = figure.subplots(1, len(series), squeeze=False, sharey=True).ravel()
        for ax, (label, run), colour in zip(axes, series, SERIES_COLOURS):
            _card_dots(ax, run, n, rows, colour, lang)
            ax.set_title(f"{label}: {players_label(n, lang)}" if len(series) > 1 else players_label(n, lang))
        axes[0].set_yticks(range(len(rows)), [card_label(series, i, lang) for i in rows])
        axes[0].invert_yaxis()
        figure.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", ncols=3)
    shown = "" if len(rows) == len({c.id for _, r in series for c in r.deck.cards}) else " " + t.ngettext(
        "Only the %(num)d card whose play is most tied to winning or losing is shown.",
        "Only the %(num)d cards whose play is most tied to winning or losing are shown.", len(rows)) % {
        "num": len(rows)}
    caption = t.ngettext(
        "For each card: the share of %(num)d-player games won by seats that played it at least once (filled) and by "
        "seats that never played it (hollow), with 95%% intervals; the dashed green line is the fair share. An "
        "association, not a cause: seats that stay in the game longer play more cards.",
        "For each card: the share of %(num)d-player games won by seats that played it at least once (filled) and by "
        "seats that never played it (hollow), with 95%% intervals; the dashed green line is the fair share. An "
        "association, not a cause: seats that stay in the game longer play more cards.", n) % {"num": n}
    title = t.ngettext("Cards and winning (%(num)d player)", "Cards and winning (%(num)d players)", n) % {"num": n}
    return Chart("cards", title, caption + shown, to_svg(figure, "cards"))


def _card_dots(ax, run: DeckRun, n: int, rows: list[str], colour: str, lang: str) -> None:
    count, t = run.counts.get(n), translations(lang)
    if count is None:
        return
    present = [(y, i) for y, i in enumerate(rows) if i in count.cards]
    for played, shift, label in ((True, -0.17, t.gettext("played it")), (False, 0.17, t.gettext("never played it"))):
        kept = [(y, _share(count, i, played)) for y, i in present if _share(count, i, played).trials]
        if kept:
            ys, shares = zip(*kept)
            values = np.array([s.value for s in shares])
            lows, highs = np.array([s.interval for s in shares]).T
            ax.errorbar(values, np.array(ys) + shift, xerr=[values - lows, highs - values], fmt="o", ms=4.5,
                        capsize=2, lw=1, color=colour, mfc=colour if played else "white", label=label)
    ax.axvline(count.fair_share, color=FAIR_COLOUR, lw=1, ls="--", label=t.gettext("fair share"))
    ax.set_xlim(left=0)
    percent_axis(ax, "x")
    ax.set_xlabel(t.gettext("games won"))


def _share(count, card_id: str, played: bool):
    diff = card_difference(count, card_id)
    return diff.a if played else diff.b


def card_heatmap(series: Series, lang: str) -> Chart | None:
    """Grid of cards by player count: how many points more often seats that played the card win."""
    drawn = [(label, run) for label, run in series if run.has_card_comparisons and len(run.counts) > 1]
    if not drawn:
        return None
    rows, t = card_rows(series), translations(lang)
    with style():
        figure = new_figure(9.5, 1.0 + 0.27 * len(rows))
        axes = figure.subplots(1, len(drawn), squeeze=False, sharey=True).ravel()
        for ax, (label, run) in zip(axes, drawn):
            image = _heat(ax, run, rows, t.gettext("players"))
            ax.set_title(label if len(series) > 1 else "")
        axes[0].set_yticks(range(len(rows)), [card_label(series, i, lang) for i in rows])
        scale = figure.colorbar(image, ax=list(axes), shrink=0.8, label=t.gettext("points won more when played"))
        scale.solids.set(rasterized=False, edgecolor="face")   # a vector gradient without seams, not a bitmap
    return Chart("card-grid", t.gettext("Cards and winning at every player count"), t.gettext(
        "Each cell: the win share of seats that played the card minus that of seats that did not, in percentage "
        "points; blue when playing it goes with winning, red with losing. Bold cells hold beyond chance after a "
        "Bonferroni correction over the grid; empty cells had nothing to compare."), to_svg(figure, "card-grid"))


def _heat(ax, run: DeckRun, rows: list[str], xlabel: str):
    counts = sorted(run.counts)
    grid = np.full((len(rows), len(counts)), np.nan)
    bold = np.zeros(grid.shape, dtype=bool)
    diffs = {(y, x): card_difference(run.counts[n], i) for y, i in enumerate(rows) for x, n in enumerate(counts)
             if i in run.counts[n].cards}
    tests = sum(1 for d in diffs.values() if d.a.trials and d.b.trials)
    for (y, x), diff in diffs.items():
        if diff.a.trials and diff.b.trials:
            grid[y, x] = diff.value * 100
            bold[y, x] = bonferroni(diff.p, tests)
    limit = max(5.0, float(np.nanmax(np.abs(grid))) if np.isfinite(grid).any() else 5.0)
    # pcolormesh, not imshow: cells stay vector shapes instead of an embedded bitmap
    image = ax.pcolormesh(np.arange(len(counts) + 1) - 0.5, np.arange(len(rows) + 1) - 0.5,
                          np.ma.masked_invalid(grid), cmap="RdBu", vmin=-limit, vmax=limit)
    for (y, x), value in np.ndenumerate(grid):
        if np.isfinite(value):
            ax.text(x, y, f"{value:+.0f}", ha="center", va="center", fontsize=7,
                    fontweight="bold" if bold[y, x] else "normal",
                    color="white" if abs(value) > 0.6 * limit else "#222222")
    ax.set_xticks(range(len(counts)), [str(n) for n in counts])
    ax.set_xlabel(xlabel)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.grid(False)
    return image
