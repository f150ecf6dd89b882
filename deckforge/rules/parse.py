"""Parse a deck's `rules:` description into a `RulesModel` (model.py), reporting every problem with its place.

`keys.is_description(value)` tells a description from a deck's own rules text (a mapping of languages to
Markdown); `parse_rules` reads one, checked against the deck's cards and suits. Grammar: docs/rules-format.md.
"""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Iterable

from ..limits import MAX_PLAYERS
from ..load.check import Checker, nearest
from ..model import Card
from .model import (ANY_CARD, ROUND_ENDS, WINNERS, AttributeNames, Bid, BidScore, CardEffect, Count, Deal, End,
                    MoveCards, OutBonus, PerCard, PerSet, PerTrick, RulesModel, ShootTheMoon, SumScore, Trump, TurnUp,
                    Values, Winner, Zone)
from .parse_play import read_play
from .keys import RULES_KEYS
from .read import RulesReader

SETUP_KEYS = {"deal": ("to", "count", "where", "by", "from"), "move": ("where", "to", "from"),
              "turn_up": ("to", "count", "acts")}
SCORE_KEYS = {"per_card": ("zone", "where", "points"), "per_trick": (), "per_set": (),
              "bid": ("exact", "made", "missed"), "sum": ("zone", "of", "bust"), "shoot_the_moon": ("own", "others"),
              "first_out": ()}
DEFAULT_SETUP = (Deal(),)


def parse_rules(checker: Checker, container: dict, key: str, cards: Iterable[Card] | None,
                suit_ids: Iterable[str] = (), languages: tuple[str, ...] = ()) -> RulesModel | None:
    """Read `container[key]` as a description; record problems in `checker`; None when it has any."""
    before = len(checker.problems)
    r = RulesReader(checker, cards, suit_ids)
    rules = checker.mapping(container, key, "rules", allowed=RULES_KEYS)
    if rules is None:
        return None
    zones = _zones(r, rules) if "zones" in rules else None
    ranks = _ranks(r, rules)
    model = RulesModel(
        play=read_play(r, rules),
        ranks=ranks,
        values=_values(r, rules) if "values" in rules else Values(),
        teams=r.word(rules, "teams", "rules.teams", ("none", "partners"), "none"),
        min_players=r.number(rules, "min_players", "rules.min_players", 1, 1, MAX_PLAYERS),
        zones=MappingProxyType(dict(zones or r.zones)),
        setup=_setup(r, rules) if "setup" in rules else DEFAULT_SETUP,
        bid=_bid(r, rules) if "bid" in rules else None,
        trump=_trump(r, rules) if "trump" in rules else Trump(),
        effects=_effects(r, rules) if "effects" in rules else (),
        score=_score(r, rules) if "score" in rules else (),
        end=_end(r, rules) if "end" in rules else End(),
        winner=_winner(r, rules) if "winner" in rules else Winner(),
        notes=_notes(checker, rules, languages) if "notes" in rules else MappingProxyType({}),
        attributes=_attributes(r, rules, languages) if "attributes" in rules else MappingProxyType({}),
        source=r.source(container, key),
    )
    if len(checker.problems) == before and model.play is not None:
        _coherence(r, rules, model)
    if len(checker.problems) > before or model.play is None:
        found = sorted(checker.problems[before:], key=lambda p: (p.line or 0, p.column or 0))
        checker.problems[before:] = found  # in the file's order, as the reader meets them
        return None
    return model


def _coherence(r: RulesReader, rules: dict, model: RulesModel) -> None:
    """Refuse parts that are each well formed but say nothing together: the game would play otherwise than its
    rulebook says, or not at all (each at the key to change)."""
    style = model.play.style
    if style != "tricks":
        for key in ("bid", "trump"):
            if key in rules:
                r.c.error(rules, key, f"rules.{key}", f"'{key}' belongs to a game of tricks (play: {{style: tricks}}); "
                                                      f"this game plays {style}: leave it out")
        for items, i, kind, holder, path in r.entries(rules, "score", "rules", SCORE_KEYS) if "score" in rules else ():
            if kind in ("per_trick", "bid"):
                r.c.error(items, i, path, f"'{kind}' scores tricks, which a game of {style} has none of "
                                          "(play: {style: tricks})")
    if not model.score:
        if model.winner.kind in ("highest_score", "lowest_score"):
            said = "winner" in rules
            r.c.error(rules if said else {"rules": rules}, "winner" if said else "rules",
                      "rules.winner" if said else "rules",
                      f"the winner is the player with the {model.winner.kind.split('_')[0]} score"
                      f"{'' if said else ' (the default winner)'}, but no rule scores points: add 'score' "
                      "(e.g. per_card, per_set, first_out) or choose another winner (first_out, not_last_holding)")
        if model.end.score is not None:
            r.c.error(rules["end"]["game"], "score", "rules.end.game.score",
                      f"the game ends when a player reaches {model.end.score} points, but no rule scores points: "
                      "add 'score' or end the game after a number of rounds")
    reveal = model.play.reveal
    if reveal is not None and reveal.prize_from is None and reveal.tie != "discard":
        r.c.error(rules["play"], "tie", "rules.play.tie",
                  f"tie: {reveal.tie} says what becomes of the prize on a tie, but this game turns up no prize "
                  "(play.prize); a tied reveal's cards go where every reveal's go (revealed_to): leave out tie")
    dealt_all = False
    entries = r.entries(rules, "setup", "rules", SETUP_KEYS) if "setup" in rules else ()
    for step, (items, i, kind, holder, path) in zip(model.setup, entries):
        if isinstance(step, Deal) and step.by is None and step.source == "stock" and step.where == ANY_CARD \
                and step.count == Count(None):
            dealt_all = True
        elif isinstance(step, TurnUp) and dealt_all:
            r.c.error(items, i, path, "turn_up finds no card: the deal before it gives out the whole stock "
                                      "(count: all); deal a number of cards, or leave out turn_up")


def _zones(r: RulesReader, rules: dict) -> dict[str, Zone] | None:
    spec = r.c.mapping(rules, "zones", "rules.zones")
    for zone_id in spec or ():
        path = f"rules.zones.{zone_id}"
        if zone_id in r.zones:
            r.c.error(spec, zone_id, path, f"'{zone_id}' is a built-in zone; give yours another name", at_key=True)
            continue
        body = r.mapping(spec, zone_id, path, ("owner", "face"))
        if body is None:
            continue
        r.zones[str(zone_id)] = Zone(str(zone_id), r.word(body, "owner", f"{path}.owner", ("shared", "each"), "shared"),
                                     r.word(body, "face", f"{path}.face", ("up", "down", "owner"), "up"))
    return r.zones


def _ranks(r: RulesReader, rules: dict) -> tuple[str, ...]:
    """Read `ranks`; every rank the cards use must be listed once. Default: the deck's order."""
    used = r.values.get("rank", [])
    if "ranks" not in rules:
        return tuple(used)
    items = r.c.sequence(rules, "ranks", "rules.ranks") or []
    ranks: list[str] = []
    for i in range(len(items)):
        value = r.value_of("rank", items, i, f"rules.ranks[{i}]")
        if value in ranks:
            r.c.error(items, i, f"rules.ranks[{i}]", f"rank '{value}' is listed twice")
        elif value is not None:
            ranks.append(value)
    missing = [rank for rank in used if rank not in ranks]
    if missing and r.cards is not None and items:
        r.c.error(rules, "ranks", "rules.ranks", f"the cards also have the rank{'s' if len(missing) > 1 else ''} "
                                                 f"{', '.join(missing)}: list every rank, low to high")
    return tuple(ranks)


def _values(r: RulesReader, rules: dict) -> Values:
    spec = r.c.mapping(rules, "values", "rules.values")
    if spec is None:
        return Values()
    attrs = [k for k in spec if k != "default"]
    if len(attrs) > 1:
        r.c.error(spec, attrs[1], f"rules.values.{attrs[1]}", "values come from one attribute; give one table, "
                                                              "e.g. {rank: {J: 10, Q: 10}, default: rank}", at_key=True)
    attr = attrs[0] if attrs else "rank"
    table = {}
    if attrs:
        attr = r.attribute({attr: attr}, attr, f"rules.values.{attr}", attr)
        body = r.c.mapping(spec, attrs[0], f"rules.values.{attrs[0]}") or {}
        for value in body:
            if r.value_of(attr, {value: value}, value, f"rules.values.{attr}.{value}") is not None:
                number = r.points(body, value, f"rules.values.{attr}.{value}")
                table[str(value)] = number
    default = spec.get("default", "rank")
    if default != "rank" and (isinstance(default, bool) or not isinstance(default, int)):
        r.c.error(spec, "default", "rules.values.default", f"expected rank or a number, found {default!r}")
        default = "rank"
    return Values(attr, MappingProxyType(table), default)


def _setup(r: RulesReader, rules: dict) -> tuple:
    steps = []
    for items, i, kind, holder, path in r.entries(rules, "setup", "rules", SETUP_KEYS):
        body = r.mapping(holder, kind, path, SETUP_KEYS[kind], required=("where", "to") if kind == "move" else ())
        if body is None:
            continue
        at = r.source(items, i)
        if kind == "deal":
            where = r.where(body, "where", f"{path}.where") if "where" in body else None
            by = r.attribute(body, "by", f"{path}.by", "") or None if "by" in body else None
            steps.append(Deal(r.zone(body, "to", f"{path}.to", "hand", owner="each"),
                              r.count(body, "count", f"{path}.count", Count(None)), where or Deal().where, by,
                              r.zone(body, "from", f"{path}.from", "stock", owner="shared"), at))
        elif kind == "move":
            where = r.where(body, "where", f"{path}.where") if "where" in body else None
            steps.append(MoveCards(where or Deal().where, r.zone(body, "to", f"{path}.to", "pile", owner="shared"),
                                   r.zone(body, "from", f"{path}.from", "stock", owner="shared"), at))
        else:
            steps.append(TurnUp(r.zone(body, "to", f"{path}.to", "pile", owner="shared"),
                                r.number(body, "count", f"{path}.count", 1, 1, 52),
                                r.flag(body, "acts", f"{path}.acts", False), at))
    return tuple(steps)


def _bid(r: RulesReader, rules: dict) -> Bid | None:
    spec = r.mapping(rules, "bid", "rules.bid", ("min", "max", "not_total"))
    if spec is None:
        return None
    high = None if spec.get("max", "hand") == "hand" else r.number(spec, "max", "rules.bid.max", None, 0, 100)
    return Bid(r.number(spec, "min", "rules.bid.min", 0, 0, 100), high,
               r.flag(spec, "not_total", "rules.bid.not_total", False))


TURN_UP_KEYS = ("dealer_chooses", "no_trump", "stock_empty")


def _trump(r: RulesReader, rules: dict) -> Trump:
    value = rules["trump"]
    if value in ("none", "turn_up"):
        return Trump(value)
    if isinstance(value, dict) and list(value) == ["turn_up"]:
        return _turn_up(r, value)
    suits = r.values.get("suit", list(r.suit_ids))
    if isinstance(value, str) and (value in suits or r.cards is None):
        return Trump("suit", value)
    if isinstance(value, dict):
        r.c.error(rules, "trump", "rules.trump", "a mapping here holds only turn_up and its options, e.g. "
                                                 "{turn_up: {stock_empty: none}}")
        return Trump()
    r.c.error(rules, "trump", "rules.trump", f"unknown trump {value!r}{nearest(str(value), ['none', 'turn_up', *suits])}"
                                             f" (none, turn_up or a suit: {', '.join(suits) or 'the cards have none'})")
    return Trump()


def _turn_up(r: RulesReader, value: dict) -> Trump:
    """Read `trump: {turn_up: {dealer_chooses, no_trump, stock_empty}}` (docs/rules-format.md, "trump")."""
    path = "rules.trump.turn_up"
    body = r.mapping(value, "turn_up", path, TURN_UP_KEYS) or {}
    chooses, no_trump = (r.where(body, key, f"{path}.{key}") if key in body else None
                         for key in ("dealer_chooses", "no_trump"))
    return Trump("turn_up", dealer_chooses=chooses, no_trump=no_trump,
                 stock_empty=r.word(body, "stock_empty", f"{path}.stock_empty", ("last_dealt", "none"), "last_dealt"))


def _effects(r: RulesReader, rules: dict) -> tuple[CardEffect, ...]:
    items = r.c.sequence(rules, "effects", "rules.effects") or []
    found = []
    for i in range(len(items)):
        path = f"rules.effects[{i}]"
        body = r.c.mapping(items, i, path, allowed=("when", "do"), required=("when", "do"))
        if not body or "when" not in body or "do" not in body:
            continue
        when = r.where(body, "when", f"{path}.when")
        steps = r.effects(body, "do", f"{path}.do")
        if when is not None and steps:
            found.append(CardEffect(when, steps, r.source(items, i)))
    return tuple(found)


def _score(r: RulesReader, rules: dict) -> tuple:
    found = []
    for items, i, kind, holder, path in r.entries(rules, "score", "rules", SCORE_KEYS):
        if kind in ("per_trick", "per_set", "first_out"):
            points = r.points(holder, kind, path, 1) if holder and holder[kind] is not None else 1
            found.append({"per_trick": PerTrick, "per_set": PerSet, "first_out": OutBonus}[kind](points))
            continue
        body = r.mapping(holder, kind, path, SCORE_KEYS[kind])
        if body is not None:
            found.append(_SCORE_READERS[kind](r, body, path))
    return tuple(found)


def _per_card(r: RulesReader, body: dict, path: str) -> PerCard:
    where = r.where(body, "where", f"{path}.where") if "where" in body else None
    by_value = body.get("points") == "value"
    points = 1 if by_value else r.points(body, "points", f"{path}.points", 1)
    return PerCard(r.zone(body, "zone", f"{path}.zone", "won", owner="each"), where or PerCard().where, points,
                   by_value)


def _bid_score(r: RulesReader, body: dict, path: str) -> BidScore:
    made = r.mapping(body, "made", f"{path}.made", ("base", "per_bid", "per_extra")) if "made" in body else {}
    missed = r.mapping(body, "missed", f"{path}.missed", ("base", "per_bid", "per_off")) if "missed" in body else {}
    made, missed, d = made or {}, missed or {}, BidScore()
    return BidScore(r.flag(body, "exact", f"{path}.exact", False),
                    r.points(made, "base", f"{path}.made.base", d.made_base),
                    r.points(made, "per_bid", f"{path}.made.per_bid", d.made_per_bid),
                    r.points(made, "per_extra", f"{path}.made.per_extra", d.made_per_extra),
                    r.points(missed, "base", f"{path}.missed.base", d.missed_base),
                    r.points(missed, "per_bid", f"{path}.missed.per_bid", d.missed_per_bid),
                    r.points(missed, "per_off", f"{path}.missed.per_off", d.missed_per_off))


def _sum(r: RulesReader, body: dict, path: str) -> SumScore:
    return SumScore(r.zone(body, "zone", f"{path}.zone", "table", owner="each"),
                    r.word(body, "of", f"{path}.of", ("value",), "value"), r.points(body, "bust", f"{path}.bust", 0))


def _moon(r: RulesReader, body: dict, path: str) -> ShootTheMoon:
    others = None if body.get("others") is None else r.points(body, "others", f"{path}.others", 0)
    return ShootTheMoon(r.points(body, "own", f"{path}.own", 0), others)


_SCORE_READERS = {"per_card": _per_card, "bid": _bid_score, "sum": _sum, "shoot_the_moon": _moon}


def _end(r: RulesReader, rules: dict) -> End:
    spec = r.mapping(rules, "end", "rules.end", ("round", "game", "blocked", "next_game"))
    if spec is None:
        return End()
    blocked = r.word(spec, "blocked", "rules.end.blocked", ("score", "stalemate"), "score")
    next_game = r.word(spec, "next_game", "rules.end.next_game", ("next_dealer", "winner"), "next_dealer")
    return replace(_end_of(r, spec), blocked=blocked, next_game=next_game)


def _end_of(r: RulesReader, spec: dict) -> End:
    round_end = r.word(spec, "round", "rules.end.round", ROUND_ENDS, "hands_empty")
    if "game" not in spec:
        return End(round_end)
    game = r.mapping(spec, "game", "rules.end.game", ("rounds", "score"))
    if not game:
        return End(round_end)
    if game.get("rounds") == "by_deck":
        if "score" in game:
            r.c.error(spec, "game", "rules.end.game", "rounds: by_deck plays every round the cards allow; "
                                                      "leave out score")
        return End(round_end, None, None, True)
    score = r.number(game, "score", "rules.end.game.score", 100, 1, 100_000) if "score" in game else None
    default_rounds = None if score is not None else 1
    return End(round_end, r.number(game, "rounds", "rules.end.game.rounds", default_rounds, 1, 1000), score)


def _winner(r: RulesReader, rules: dict) -> Winner:
    value = rules["winner"]
    if isinstance(value, dict) and len(value) == 1 and "not_last_holding" in value:
        body = r.mapping(value, "not_last_holding", "rules.winner.not_last_holding", ("holds",))
        holds = r.where(body, "holds", "rules.winner.not_last_holding.holds") if body and "holds" in body else None
        return Winner("not_last_holding", holds)
    return Winner(r.word(rules, "winner", "rules.winner", WINNERS, "highest_score"))


def _attributes(r: RulesReader, rules: dict, languages: tuple[str, ...], rank_attr: str = "rank") -> MappingProxyType:
    """Read `attributes: {colour: {name: {cs: barva, en: colour}, values: {red: {cs: červená, en: red}}}}`: the
    rulebook's names for the deck's own attributes and their values, each naming an attribute and values the cards
    have. Suits are named by the deck's `suits`, and the rank attribute by the rulebook's own word."""
    spec = r.c.mapping(rules, "attributes", "rules.attributes")
    found = {}
    for attr in spec or {}:
        path = f"rules.attributes.{attr}"
        if r.cards is not None and attr not in r.values:
            known = ", ".join(r.values) or "none"
            r.c.error(spec, attr, path, f"no card has the attribute '{attr}'{nearest(str(attr), r.values)} "
                                        f"(the cards have: {known})", at_key=True)
            continue
        if attr == "suit":
            r.c.error(spec, attr, path, "the rulebook names suits by the deck's `suits` (their `name` in each "
                                        "language): name them there", at_key=True)
            continue
        body = r.mapping(spec, attr, path, allowed=("name", "values"))
        if body is None:
            continue
        if "name" in body and attr == rank_attr:
            r.c.error(body, "name", f"{path}.name", f"the rulebook has its own word for '{attr}', the order of "
                                                   "the cards (hodnota, rank, Wert); give only its `values`",
                      at_key=True)
        name = r.c.lang_map(body, "name", f"{path}.name", languages) if "name" in body and attr != rank_attr else {}
        values = {}
        given = r.c.mapping(body, "values", f"{path}.values") if "values" in body else {}
        for value in given or {}:
            known = r.values.get(attr, [])
            if r.cards is not None and str(value) not in known:
                r.c.error(given, value, f"{path}.values.{value}", f"no card has {attr} '{value}'"
                                                                  f"{nearest(str(value), known)} (the values of "
                                                                  f"{attr}: {', '.join(known)})", at_key=True)
                continue
            names = r.c.lang_map(given, value, f"{path}.values.{value}", languages)
            if names:
                values[str(value)] = MappingProxyType(names)
        found[str(attr)] = AttributeNames(MappingProxyType(name or {}), MappingProxyType(values))
    return MappingProxyType(found)


def _notes(c: Checker, rules: dict, languages: tuple[str, ...]) -> MappingProxyType:
    return MappingProxyType(c.lang_map(rules, "notes", "rules.notes", languages) or {})
