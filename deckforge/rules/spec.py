"""The `GameSpec` of a deck whose rules are described as data, so validate, simulate, report, preview and the
rulebook treat it like a bundled game: its deal, its static checks (what can be proved without playing) and the
rules interpreter as its engine. Built from `deck.described` (model.py), never from the deck's id."""
from __future__ import annotations

from ..games.spec import GameSpec, no_game
from ..model import Deck
from ..said import NS_, S_
from ..validate import Finding
from .events import event_names
from .model import BidScore, Bust, Deal as DealStep, PerSet, Sets, SumScore, TurnUp

HAND_ENDS = ("first_out", "last_holding", "hands_empty", "sets_complete")


def described_spec(deck: Deck) -> GameSpec:
    """Return the spec of a described deck (its title is the deck's name in its first language)."""
    from ..rulebook.described import described_book, described_deal  # the rulebook's reading of the deal

    rules = deck.described
    return GameSpec(id=deck.id, title=deck.name(deck.languages[0]), package=__package__, schema=no_game().schema,
                    deal=described_deal(deck, deck.players.default_players), book=described_book(deck),
                    checks=described_checks, engine="engine:RulesEngine", art=None, event_names=event_names(rules),
                    min_players=rules.min_players,  # `rules.min_players`: 1 unless the description names one
                    scorepad=len(rules.score) > 0 and (rules.end.rounds or 2) > 1)


def described_checks(deck: Deck) -> list[Finding]:
    """Prove what can be proved without playing: the set-up deals a hand where the round ends by the hands, each
    scoring item and round end has what it counts, partners sit at four. (Whether the set-up can be dealt at each
    player count: `setup_findings`, which validate.deal_findings asks for every deck.)"""
    rules = deck.described
    found, kinds = [], {type(rule) for rule in rules.play.always}
    if rules.end.round in HAND_ENDS and rules.play.style == "turns" \
            and not any(isinstance(s, DealStep) and s.to == "hand" for s in rules.setup):
        found.append(Finding(S_("rules.setup: the round ends by the hands (%(end)s), but the set-up deals no hand",
                                end=rules.end.round), source=rules.source))
    # the rest name the keys to look at (rules.…): the model keeps no place for them
    if any(isinstance(item, BidScore) for item in rules.score) and rules.bid is None:
        found.append(Finding(S_("rules.score: the score counts bids, but the rules have no 'bid': add "
                                "bid: {min: 0, max: hand}")))
    if any(isinstance(item, PerSet) for item in rules.score) and Sets not in kinds:
        found.append(Finding(S_("rules.score: the score counts sets, but no 'always: sets' rule (rules.play.always) "
                                "lays any down")))
    if rules.play.style in ("tricks",) and not any(card.get("suit") is not None for card in deck.cards):
        found.append(Finding(S_("rules.play: a trick game follows suit, but no card has a 'suit'")))
    if rules.end.round == "all_stood" and not any(type(m).__name__ == "StandMove" for m in rules.play.moves) \
            and Bust not in kinds:
        found.append(Finding(S_("rules.end.round: the round ends when all have stood, but no move "
                                "(rules.play.moves) lets a seat stand")))
    if any(isinstance(item, SumScore) for item in rules.score) and rules.play.style != "turns":
        found.append(Finding(S_("rules.score: a 'sum' score counts the cards hit in a turns game; this game plays "
                                "%(style)s", style=rules.play.style)))
    if rules.teams == "partners" and 4 not in deck.players:
        found.append(Finding(S_("rules.teams: partners play at four, but the deck serves %(low)d to %(high)d players",
                                low=deck.players.low, high=deck.players.high)))
    return found


def setup_findings(deck: Deck, players: int) -> list[Finding]:
    """Return why the set-up cannot be dealt at `players` players (too few cards, too few values to deal by), each
    placed at the step it is about."""
    rules, total = deck.described, deck.total_for(players)
    cards = deck.for_players(players)
    needed, found = 0, []
    for index, step in enumerate(rules.setup):
        where = f"rules.setup[{index}]"
        if isinstance(step, TurnUp):
            needed += step.count
        elif isinstance(step, DealStep) and step.by:
            values = {str(card.get(step.by)) for card in cards if step.where.matches(card)}
            if len(values) < players:
                found.append(Finding(NS_("%(where)s: dealing by %(by)s needs a value for each of %(num)d player; the "
                                         "cards have %(values)d",
                                         "%(where)s: dealing by %(by)s needs a value for each of %(num)d players; the "
                                         "cards have %(values)d", players, where=where, by=step.by,
                                         values=len(values)), players, step.at))
        elif isinstance(step, DealStep):
            count = step.count.for_players(players, 1)
            matching = sum(1 for card in cards if step.where.matches(card))
            if count is not None:
                needed += count * players
                if count * players > matching:
                    found.append(Finding(NS_("%(where)s: %(cards)s cannot deal %(count)d to each of %(num)d player",
                                             "%(where)s: %(cards)s cannot deal %(count)d to each of %(num)d players",
                                             players, where=where, count=count, cards=NS_(
                                                 "%(num)d card", "%(num)d cards", matching)), players, step.at))
    if needed > total and not found:
        found.append(Finding(NS_("rules.setup: %(num)d card cannot make the set-up, which takes %(needed)d",
                                 "rules.setup: %(num)d cards cannot make the set-up, which takes %(needed)d", total,
                                 needed=needed), players, rules.source))
    return found
