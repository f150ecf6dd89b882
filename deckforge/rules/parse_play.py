"""Read `rules.play`: the style, the moves of a turn and their conditions, the automatic rules, and the options of
the tricks and reveal styles (docs/rules-format.md, "play")."""
from __future__ import annotations

from dataclasses import replace

from .model import (STYLES, WHENS, AskMove, Beats, Bust, Condition, DrawMove, HitMove, PassMove, Play, PlayMove,
                    Reveal, Sets, StandMove, TakeMove, Tricks, Where)
from ..load.check import meant_by_unknown, nearest
from .keys import RULES_KEYS
from .read import RulesReader

MOVE_KEYS = {
    "play": ("from", "to", "if", "then"),
    "draw": ("from", "count", "then", "when", "refill"),
    "ask": ("for", "from", "hit", "miss", "again", "when"),
    "take": ("from", "random", "when"),
    "hit": ("from", "to", "when"),
    "stand": ("when",),
    "pass": ("when",),
}
ALWAYS_KEYS = {"sets": ("size", "same", "from", "to", "run"), "bust": ("over", "sum", "zone", "soft", "soft_value")}
TRICK_KEYS = ("follow", "lead_locked", "first_lead", "wild", "beats_all", "loses_all")
REVEAL_KEYS = ("prize", "winner", "by", "tie", "revealed_to")
PLAY_KEYS = ("style", "moves", "always", *TRICK_KEYS, *REVEAL_KEYS)
CONDITION_KEYS = ("match", "card", "higher", "lower", "beats", "wild")
ASK_TARGETS = ("opponent", "next", "left", "previous", "right")
TAKE_TARGETS = ("left", "next", "right", "previous", "chosen")


def read_play(r: RulesReader, rules: dict, path: str = "rules.play") -> Play | None:
    """Read `rules.play`; None when it is missing or not a mapping."""
    if "play" not in rules:
        if "play" not in meant_by_unknown(rules, RULES_KEYS):  # else the misspelt key's message names it
            r.c.error({"rules": rules}, "rules", "rules", "missing key 'play': how the game is played "
                                                          "(style: turns, tricks or reveal)")
        return None
    spec = r.mapping(rules, "play", path, PLAY_KEYS)
    if spec is None:
        return None
    style = r.word(spec, "style", f"{path}.style", STYLES, "turns")
    wrong = [k for k in spec if k in (REVEAL_KEYS if style != "reveal" else ()) + (TRICK_KEYS if style != "tricks"
                                                                                  else ())]
    for key in wrong:
        r.c.error(spec, key, f"{path}.{key}", f"'{key}' is an option of another style than '{style}'", at_key=True)
    moves = _moves(r, spec, path) if "moves" in spec else ()
    misspelt = "moves" not in spec and "moves" in meant_by_unknown(spec, PLAY_KEYS)  # said as the unknown key
    if style == "turns" and not moves and not misspelt:
        r.c.error({"play": spec}, "play", path, "a turns game needs 'moves': what a seat may do on its turn "
                                                "(play, draw, ask, take, hit, stand, pass)")
    elif style != "turns" and moves:
        r.c.error(spec, "moves", f"{path}.moves", f"the {style} style plays one card a turn; 'moves' belong to the "
                                                   "turns style", at_key=True)
    always = _always(r, spec, path) if "always" in spec else ()
    tricks = _tricks(r, spec, path) if style == "tricks" else None
    reveal = _reveal(r, spec, path) if style == "reveal" else None
    return Play(style, moves, always, tricks, reveal)


def _moves(r: RulesReader, spec: dict, path: str) -> tuple:
    moves, seen = [], {}
    for items, i, kind, holder, where in r.entries(spec, "moves", path, MOVE_KEYS):
        if kind != "play" and kind in seen:
            r.c.error(items, i, f"{path}.moves[{i}]", f"'{kind}' is listed twice (also moves[{seen[kind]}]); only "
                                                       "play may be listed more than once")
            continue
        seen[kind] = i
        body = r.mapping(holder, kind, where, MOVE_KEYS[kind]) if holder else {}
        if body is None:
            continue
        moves.append(replace(_MOVE_READERS[kind](r, body, where), at=r.source(items, i)))
    return tuple(moves)


def _play_move(r: RulesReader, body: dict, path: str) -> PlayMove:
    cond = _condition(r, body, "if", f"{path}.if") if "if" in body else Condition()
    then = r.effects(body, "then", f"{path}.then") if "then" in body else ()
    return PlayMove(r.zone(body, "from", f"{path}.from", "hand", owner="each"), r.zone(body, "to", f"{path}.to", "pile"),
                    cond, then)


def _draw_move(r: RulesReader, body: dict, path: str) -> DrawMove:
    return DrawMove(r.zone(body, "from", f"{path}.from", "stock", owner="shared"),
                    r.number(body, "count", f"{path}.count", 1, 1, 100),
                    r.word(body, "then", f"{path}.then", ("end", "continue"), "end"),
                    r.word(body, "when", f"{path}.when", WHENS, "always"),
                    _refill(r, body, f"{path}.refill"))


def _refill(r: RulesReader, body: dict, path: str) -> bool | str:
    """Read `refill`: true (the pile but its top is shuffled into a new stock), false, or unshuffled (turned over
    as it lies, the oldest card on top)."""
    if body.get("refill") == "unshuffled":
        return "unshuffled"
    if isinstance(body.get("refill"), str):
        r.c.error(body, "refill", path, f"unknown refill {body['refill']!r}{nearest(body['refill'], ['unshuffled'])} "
                                        "(true, false or unshuffled)")
        return True
    return r.flag(body, "refill", path, True)


def _ask_move(r: RulesReader, body: dict, path: str) -> AskMove:
    miss = body.get("miss", {"draw": 1})
    draws = 1
    if miss == "nothing":
        draws = 0
    elif "miss" in body:
        spec = r.mapping(body, "miss", f"{path}.miss", ("draw",))
        draws = r.number(spec, "draw", f"{path}.miss.draw", 1, 0, 100) if spec is not None else 1
    return AskMove(r.attribute(body, "for", f"{path}.for", "rank"),
                   r.word(body, "from", f"{path}.from", ASK_TARGETS, "opponent"),
                   r.word(body, "hit", f"{path}.hit", ("take_all", "take_one"), "take_all"), draws,
                   r.word(body, "again", f"{path}.again", ("hit", "never"), "hit"),
                   r.word(body, "when", f"{path}.when", WHENS, "always"))


def _take_move(r: RulesReader, body: dict, path: str) -> TakeMove:
    return TakeMove(r.word(body, "from", f"{path}.from", TAKE_TARGETS, "left"),
                    r.flag(body, "random", f"{path}.random", True),
                    r.word(body, "when", f"{path}.when", WHENS, "always"))


def _hit_move(r: RulesReader, body: dict, path: str) -> HitMove:
    return HitMove(r.zone(body, "from", f"{path}.from", "stock", owner="shared"),
                   r.zone(body, "to", f"{path}.to", "table", owner="each"),
                   r.word(body, "when", f"{path}.when", WHENS, "always"))


def _stand_move(r: RulesReader, body: dict, path: str) -> StandMove:
    return StandMove(r.word(body, "when", f"{path}.when", WHENS, "always"))


def _pass_move(r: RulesReader, body: dict, path: str) -> PassMove:
    return PassMove(r.word(body, "when", f"{path}.when", WHENS, "no_other"))


_MOVE_READERS = {"play": _play_move, "draw": _draw_move, "ask": _ask_move, "take": _take_move, "hit": _hit_move,
                 "stand": _stand_move, "pass": _pass_move}


def _condition(r: RulesReader, body: dict, key: str, path: str) -> Condition:
    """Read a play move's `if`: `any`, or a mapping of tests (docs/rules-format.md, "play … if")."""
    if body[key] == "any" or body[key] is None:
        return Condition()
    spec = r.mapping(body, key, path, CONDITION_KEYS)
    if spec is None:
        return Condition()
    match: tuple[str, ...] = ()
    if "match" in spec:
        raw = spec["match"]
        names = raw if isinstance(raw, list) else [raw]
        holder = raw if isinstance(raw, list) else spec
        match = tuple(r.attribute(holder, i if isinstance(raw, list) else "match",
                                  f"{path}.match[{i}]" if isinstance(raw, list) else f"{path}.match", "")
                      for i in range(len(names)))
        match = tuple(name for name in match if name)
    card = r.where(spec, "card", f"{path}.card") if "card" in spec else None
    wild = r.where(spec, "wild", f"{path}.wild") if "wild" in spec else None
    beats = _beats(r, spec, f"{path}.beats") if "beats" in spec else None
    return Condition(match, card, r.flag(spec, "higher", f"{path}.higher", False),
                     r.flag(spec, "lower", f"{path}.lower", False), beats, wild)


def _beats(r: RulesReader, spec: dict, path: str) -> Beats | None:
    body = r.mapping(spec, "beats", path, ("attr", "table"), required=("attr", "table"))
    if not body or "attr" not in body or "table" not in body:
        return None
    attr = r.attribute(body, "attr", f"{path}.attr", "")
    table = r.c.mapping(body, "table", f"{path}.table")
    if table is None or not attr:
        return None
    rows = []
    for value in table:
        if r.value_of(attr, {value: value}, value, f"{path}.table.{value}") is None:
            continue
        beaten = table[value] if isinstance(table[value], list) else [table[value]]
        holder = table[value] if isinstance(table[value], list) else table
        names = [r.value_of(attr, holder, i if isinstance(table[value], list) else value, f"{path}.table.{value}")
                 for i in range(len(beaten))]
        rows.append((str(value), tuple(name for name in names if name is not None)))
    return Beats(attr, tuple(rows))


def _always(r: RulesReader, spec: dict, path: str) -> tuple:
    rules = []
    for items, i, kind, holder, where in r.entries(spec, "always", path, ALWAYS_KEYS):
        body = r.mapping(holder, kind, where, ALWAYS_KEYS[kind]) if holder else {}
        if body is None:
            continue
        at = r.source(items, i)
        if kind == "sets":
            run = r.flag(body, "run", f"{where}.run", False)
            rules.append(Sets(r.number(body, "size", f"{where}.size", 2, 2, 13),
                              r.attribute(body, "same", f"{where}.same", "suit" if run else "rank"),
                              r.zone(body, "from", f"{where}.from", "hand", owner="each"),
                              r.zone(body, "to", f"{where}.to", "won", owner="each"), at, run=run))
        else:
            soft = r.where(body, "soft", f"{where}.soft") if "soft" in body else None
            rules.append(Bust(r.number(body, "over", f"{where}.over", 21, 1, 10_000),
                              r.word(body, "sum", f"{where}.sum", ("value",), "value"),
                              r.zone(body, "zone", f"{where}.zone", "table", owner="each"), soft,
                              r.points(body, "soft_value", f"{where}.soft_value", 1), at))
    return tuple(rules)


def _tricks(r: RulesReader, spec: dict, path: str) -> Tricks:
    locked = None
    if "lead_locked" in spec:
        raw = spec["lead_locked"]
        locked = (r.where({"l": {"suit": raw}}, "l", f"{path}.lead_locked") if isinstance(raw, list)
                  else r.where(spec, "lead_locked", f"{path}.lead_locked"))
    first = r.where(spec, "first_lead", f"{path}.first_lead") if "first_lead" in spec else None
    wild, beats_all, loses_all = (r.where(spec, key, f"{path}.{key}") if key in spec else None
                                  for key in ("wild", "beats_all", "loses_all"))
    return Tricks(r.word(spec, "follow", f"{path}.follow", ("suit", "any"), "suit"), "suit", locked, first,
                  wild, beats_all, loses_all)


def _reveal(r: RulesReader, spec: dict, path: str) -> Reveal:
    prize_from, prize_count = None, 1
    if "prize" in spec:
        prize = r.mapping(spec, "prize", f"{path}.prize", ("from", "turn_up"), required=("from",))
        if prize:
            prize_from = r.zone(prize, "from", f"{path}.prize.from", None, owner="shared")
            prize_count = r.number(prize, "turn_up", f"{path}.prize.turn_up", 1, 1, 52)
    return Reveal(prize_from, prize_count, r.word(spec, "winner", f"{path}.winner", ("highest", "lowest"), "highest"),
                  r.word(spec, "by", f"{path}.by", ("rank", "value"), "rank"),
                  r.word(spec, "tie", f"{path}.tie", ("discard", "carry", "split"), "discard"),
                  r.word(spec, "revealed_to", f"{path}.revealed_to", ("pile", "won"), "pile"))


def is_wild_only(cond: Condition) -> bool:
    """Return whether a condition admits only its wild cards (no other test)."""
    return cond.wild is not None and not cond.has_tests


__all__ = ["read_play", "is_wild_only", "Where"]
