"""The events the rules interpreter counts (`GameResult.effects`) for a described game: their ids and their short
names, by the kind of rule that fires them, so no deck ever names them itself.

The ids (docs/rules-format.md, "Every rule that fires is counted under its name"): a move by its word ("play",
"ask.hit"; several `play` moves by their first test, "play.match"; a word still used twice numbered, "play.1"),
an automatic rule by its word ("sets"), an effect by its name ("skip"; one named like a move apart from it,
"draw.effect"; a waiting effect also ".answered" and ".taken"), and the events of the styles, the trump, the score
and the round ("trick", "trump.chosen", "bid.made", "refill"). Their names are gettext messages in the
"effect name" context, translated in the catalogs as the bundled games' are (effect_text.effect_name reads them).
"""
from __future__ import annotations

from ..effect_text import NAMES as SPELL_NAMES, P_
from .model import AskMove, Bust, DrawMove, HitMove, PassMove, PlayMove, RulesModel, Sets, StandMove, TakeMove
from .read import ANSWERABLE

MOVE_WORDS = {PlayMove: "play", DrawMove: "draw", AskMove: "ask", TakeMove: "take", HitMove: "hit",
              StandMove: "stand", PassMove: "pass"}
PLAY_TESTS = ("wild", "match", "card", "higher", "lower", "beats")  # a play move's word among several: its first

# TRANSLATORS: the short name of a move or an automatic rule of a game described as data, in the report's table of
# how often each rule fires.
RULE_NAMES: dict[str, tuple[str, str]] = {
    "play": P_("effect name", "card laid"),
    "play.wild": P_("effect name", "card laid that goes on anything"),
    "play.match": P_("effect name", "matching card laid"),
    "play.card": P_("effect name", "allowed card laid"),
    "play.higher": P_("effect name", "higher card laid"),
    "play.lower": P_("effect name", "lower card laid"),
    "play.beats": P_("effect name", "card laid that beats the top card"),
    "draw": P_("effect name", "card drawn on one's turn"),
    "ask.hit": P_("effect name", "asked and given cards"),
    "ask.miss": P_("effect name", "asked in vain"),
    "take": P_("effect name", "card taken from another hand"),
    "hit": P_("effect name", "one more card taken"),
    "stand": P_("effect name", "stood for the round"),
    "pass": P_("effect name", "turn passed"),
    "sets": P_("effect name", "set laid down"),
    "bust": P_("effect name", "gone bust"),
}
# TRANSLATORS: the short name of an effect a card of a game described as data has, beyond the spell effects.
EFFECT_NAMES: dict[str, tuple] = {
    **SPELL_NAMES,
    "name_suit": P_("effect name", "suit named"),
    "name": P_("effect name", "value named"),
}
# TRANSLATORS: a waiting effect ("draw cards", "skip a turn") passed on by the next player's card, or taken.
WAITING_NAMES: dict[str, tuple[str, str]] = {
    "draw.answered": P_("effect name", "draw passed on"),
    "draw.taken": P_("effect name", "cards drawn instead of passing them on"),
    "skip.answered": P_("effect name", "skip passed on"),
    "skip.taken": P_("effect name", "turn missed instead of passing it on"),
}
# TRANSLATORS: the short name of an event of a game described as data: its tricks, reveals, trump, bids and rounds.
GAME_EVENT_NAMES: dict[str, tuple[str, str]] = {
    "trick": P_("effect name", "trick taken"),
    "trump": P_("effect name", "trick won by a trump"),
    "beats_all": P_("effect name", "trick won by a card that beats all"),
    "loses_all": P_("effect name", "trick of cards that lose to all"),
    "trump.chosen": P_("effect name", "trump chosen by the dealer"),
    "trump.none": P_("effect name", "no trump: the card turned up names none"),
    "trump.stock_empty": P_("effect name", "no trump: no card left to turn up"),
    "lead_locked.broken": P_("effect name", "lead restriction lifted"),
    "reveal": P_("effect name", "cards revealed"),
    "reveal.tie": P_("effect name", "tie on a reveal"),
    "bid": P_("effect name", "bid placed"),
    "bid.made": P_("effect name", "bid made"),
    "bid.missed": P_("effect name", "bid missed"),
    "shoot_the_moon": P_("effect name", "all the points taken by one player"),
    "refill": P_("effect name", "stock rebuilt from the discards"),
    "turn_up.acts": P_("effect name", "card turned up at the start took effect"),
    "blocked": P_("effect name", "round blocked: everyone passed"),
    "no_moves": P_("effect name", "nobody could move"),
}


def rule_names(rules: RulesModel) -> tuple[str, ...]:
    """Name each move and automatic rule for the counts of `GameResult.effects`: its word ("play", "sets"); a play
    move among several by its condition ("play.wild", "play.match"); a word still used twice with its place
    ("play.1", "play.2")."""
    words = [_move_word(move, rules) for move in rules.play.moves]
    words += ["sets" if isinstance(rule, Sets) else "bust" for rule in rules.play.always
              if isinstance(rule, (Sets, Bust))]
    names = []
    for i, word in enumerate(words):
        twins = [j for j, other in enumerate(words) if other == word]
        names.append(word if len(twins) == 1 else f"{word}.{twins.index(i) + 1}")
    return tuple(names)


def _move_word(move, rules: RulesModel) -> str:
    word = MOVE_WORDS[type(move)]
    if not isinstance(move, PlayMove) or sum(isinstance(m, PlayMove) for m in rules.play.moves) < 2:
        return word
    cond = move.cond
    tests = [name for name, on in zip(PLAY_TESTS, (cond.wild is not None, cond.match, cond.card, cond.higher,
                                                   cond.lower, cond.beats)) if on]
    return f"play.{tests[0]}" if tests else word


def effect_keys(names: tuple[str, ...]) -> dict[str, str]:
    """Return the id an effect named like a move or rule is counted under: "draw" → "draw.effect"."""
    return {name: f"{name}.effect" for name in names}


def event_names(rules: RulesModel) -> dict[str, tuple]:
    """Return the short name of every event the interpreter can count for these rules, by id (GameSpec.event_names);
    a word used twice goes in as "play.#", which effect_text.effect_name names with the number after it."""
    names = rule_names(rules)
    keys = effect_keys(names)
    events: dict[str, tuple] = dict(GAME_EVENT_NAMES)
    for name in names:
        events.update(_rule_events(name))
    for effect, entry in EFFECT_NAMES.items():
        events[keys.get(effect, effect)] = entry
    for effect in ANSWERABLE:
        for outcome in ("answered", "taken"):
            events[f"{keys.get(effect, effect)}.{outcome}"] = WAITING_NAMES[f"{effect}.{outcome}"]
    return events


def _rule_events(name: str) -> dict[str, tuple]:
    """Name the events one move or rule is counted under: an ask by its outcome ("ask.hit", "ask.miss")."""
    word, dot, place = name.rpartition(".")
    if name.startswith("ask"):  # turns.py counts an ask by its outcome only (the second ask move is never asked)
        return {f"{name}.hit": RULE_NAMES["ask.hit"], f"{name}.miss": RULE_NAMES["ask.miss"]}
    if dot and place.isdigit():
        return {f"{word}.#": RULE_NAMES[word]}
    return {name: RULE_NAMES[name]}
