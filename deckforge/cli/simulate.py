"""The `simulate` command: play seeded games of a deck with computer players and report how they went."""
from __future__ import annotations

import json
import shlex
import time

import click

from ..effect_text import effect_name
from ..games import deck_spec
from ..games.spec import SPELL_AND_EFFECT
from ..sim.mcts import DEFAULT_STEPS
from ..sim.runner import BrokenGame, replay_command, seat_policies, trace_game
from ..sim.runner import simulate as run_games
from ..sim.summary import Summary
from .common import deck_argument, open_deck, pick_players, players_option


@click.command("simulate")
@deck_argument
@players_option
@click.option("--games", "-g", type=click.IntRange(1, 10_000_000), default=1000, show_default=True,
              help="Number of games to play.")
@click.option("--seed", "-s", type=int, default=1, show_default=True, help="Seed: the same seed plays the same games.")
@click.option("--policy", default=None,
              help="Computer players at every seat: random (default), greedy or mcts (a search player); or a comma "
                   "list with one per seat.")
@click.option("--seats", default=None, metavar="P0,P1,...",
              help="One policy per seat, in seat order: e.g. mcts,greedy,random,random.")
@click.option("--mcts-budget", type=click.IntRange(1, 1_000_000), default=None,
              help=f"Search playouts per decision of an mcts seat (default: as many as about {DEFAULT_STEPS:,} "
                   "simulated moves take).")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Processes to play in; the figures do not depend on it.")
@click.option("--variant", "variants", default="", help="Comma list of the game's variant switches.")
@click.option("--check", is_flag=True,
              help="Check the engine's invariants after every step (slower); with --trace, in the traced game.")
@click.option("--trace", is_flag=True, help="Play one game for the seed and print every step and the result.")
@click.option("--game", "game_number", type=click.IntRange(0), default=0, show_default=True,
              help="With --trace: which game of the run to play (as numbered in reported errors).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object for scripts.")
def simulate(deck: str, players: int | None, games: int, seed: int, policy: str | None, seats: str | None,
             mcts_budget: int | None, jobs: int, variants: str, check: bool, trace: bool, game_number: int,
             as_json: bool) -> None:
    """Play GAMES seeded games of DECK with computer players and summarize them.

    DECK is a bundled deck id or the path of a deck file or folder. The summary gives finished games and
    stalemates, game length in decisions, wins by seat, how often each card was played and each effect
    triggered; --json prints the same as one JSON object (identical for identical arguments).

    \b
    Example:
      deckforge simulate kamen-nuzky-papir --players 6 --games 2000 --seed 1
      deckforge simulate kamen-nuzky-papir --policy greedy --jobs 2 --json
      deckforge simulate kamen-nuzky-papir --players 3 --seed 5 --trace
      deckforge simulate kamen-nuzky-papir --players 2 --seats mcts,greedy --games 60
    """
    model = open_deck(deck)
    n = pick_players(model, players)
    policies = _seat_policies(policy, seats, n)
    options = {"mcts": {"budget": mcts_budget}}
    variant_list = tuple(v.strip() for v in variants.split(",") if v.strip())
    if trace:
        try:
            result = trace_game(model, n, seed, policies, variant_list, game_number, options, check=check)
        except BrokenGame as exc:
            for line in exc.log if not as_json else ():
                click.echo(line)
            raise click.ClickException(f"{exc}" + (" (after the steps above)" if exc.log and not as_json else ""))
        _print_trace(result, as_json)
        return
    started = time.perf_counter()
    summary = run_games(model, n, games, seed, policies, jobs, variant_list, check, options)
    if as_json:
        click.echo(json.dumps(summary.as_dict(), ensure_ascii=False))
    else:
        click.echo(summary_text(summary, time.perf_counter() - started))
    if summary.errors:
        raise click.ClickException(broken_games(summary, deck, variant_list, policy, seats, check, mcts_budget))


def broken_games(summary: Summary, deck: str, variants: tuple[str, ...], policy: str | None,
                 seats: str | None, check: bool = False, mcts_budget: int | None = None) -> str:
    """Say how many games broke and how to replay the first: a broken game is a bug in the deck's rules or in
    deckforge, and a script running `simulate` must not take the run for a success."""
    first = summary.errors[0]
    replay = replay_command(shlex.quote(deck), summary.players, first.seed, first.game, policy, seats, variants,
                            mcts_budget, check)
    count = len(summary.errors)
    return (f"{count} of {summary.games} {'game' if summary.games == 1 else 'games'} broke "
            f"(the first: {first.error}); replay it with: {replay}")


def _seat_policies(policy: str | None, seats: str | None, players: int) -> tuple[str, ...]:
    """Return the policy of each seat from --policy or --seats (not both)."""
    if seats is None:
        return seat_policies(policy or "random", players)
    if policy is not None:
        raise click.ClickException("give --policy or --seats, not both")
    return seat_policies(seats, players, per_seat=True)


def _print_trace(result, as_json: bool) -> None:
    log = result.log or []
    if as_json:
        data = {"finished": result.finished, "stalemate": result.stalemate, "turns": result.turns,
                "winners": result.winners, "places": result.places, "scores": result.scores, "log": log}
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    for line in log:
        click.echo(line)
    outcome = "finished" if result.finished else "stalemate"
    click.echo(f"\n{outcome} after {result.turns} decisions; places (seats, first to last): {result.places}")
    if result.scores is not None:
        click.echo(f"scores by seat: {result.scores}")


# What the summary counts itself, beside a game's declared figures (Summary.extra_dict), named for the text summary;
# --json keeps the keys.
SUMMARY_FIGURES = {"loser_seat": "losses by seat", "bids": "bids", "bids_made": "bids made",
                   "bids_by_round": "bids by round", "bids_made_by_round": "bids made by round",
                   "bids_made_by_seat": "bids made by seat", "rounds": "rounds played"}


def summary_text(summary: Summary, seconds: float) -> str:
    """Return the readable summary of a run."""
    data = summary.as_dict()
    deck = summary.deck
    spec = deck_spec(deck)
    games = data["games"]
    lines = [
        f"{deck.name(deck.languages[0])} ({deck.id}): {data['players']} players, {games} games, seed {data['seed']},"
        f" policy {data['policy']}" + (f", variants {', '.join(data['variants'])}" if data["variants"] else ""),
        f"finished {data['finished']}, stalemates {data['stalemates']} ({summary.stalemate_share:.1%}"
        + (f"; {summary.bounded} still going at the turn bound of {summary.turn_bound():,} decisions"
           if summary.bounded else "") + f"), errors {len(data['errors'])}",
        f"turns: mean {data['turns_mean']}, median {data['turns_median']}, max {data['turns_max']}",
        "wins by seat: " + "  ".join(f"{seat}: {wins} ({wins / max(data['finished'], 1):.1%})"
                                     for seat, wins in data["wins_by_seat"].items())
        + (f"  (a tie is a win for each tied seat: {summary.winner_slots - data['finished']} more wins than "
           "finished games)" if summary.winner_slots > data["finished"] else ""),
        "cards played: " + ", ".join(f"{card} {times}" for card, times in data["plays_by_card"].items()),
        "unplayed cards: " + (", ".join(data["unplayed_cards"]) or "none"),
        "effects triggered: " + (", ".join(f"{effect_name(name, 'en', spec.event_names)} {k}"
                                           for name, k in data["effects"].items()) or "none"),
    ]
    figures = {figure.name: figure for figure in spec.figures}  # labels in English: the catalogs' source text
    for key, value in data["extra"].items():
        figure = figures.get(key)
        own = figure is None and key in SUMMARY_FIGURES  # counted by the summary itself, by seat or round
        label = SUMMARY_FIGURES[key] if own else figure.label if figure else key
        if isinstance(value, dict):
            value = ", ".join(f"{k}: {v}" if own else f"{_figure_key(k, figure, spec)} {v}" for k, v in value.items())
        lines.append(f"{label}: {value}")
    if "score_mean_by_seat" in data:
        lines.append("mean score by seat: " + ", ".join(f"{s}: {v}" for s, v in data["score_mean_by_seat"].items()))
    for error in data["errors"][:10]:
        lines.append(f"error in game {error['game']} (seed {error['seed']}): {error['error']}")
    lines.append(f"time: {seconds:.2f} s ({games / max(seconds, 1e-9):.0f} games/s)")
    return "\n".join(lines)


def _figure_key(key: str, figure, spec) -> str:
    """Name a key of a game's figure (a games.spec.Figure, or None) as the English report does, the card by its id:
    "bedrock (play again)"."""
    if figure is None or figure.per != SPELL_AND_EFFECT:
        return key
    card_id, _, effect = key.rpartition(".")
    return f"{card_id} ({effect_name(effect, 'en', spec.event_names)})"


COMMANDS = [simulate]
