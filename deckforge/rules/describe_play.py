"""Write a described game's play: bidding, the turn and its legal moves, tricks or reveals, and the automatic rules.

Part of describe.py (which holds the `Writer` and `Block`); the same conventions: every sentence a gettext message,
every name from the deck.
"""
from __future__ import annotations

from ..effect_text import PHRASES, phrase
from ..model import Effect
from . import model as m
from .describe import Block, Writer
from .wording import CAPITAL_AFTER_COLON, sentence
from .read import AMOUNT_PARAM

_NO_TARGET = ("reverse", "play_again", "extra_play")


def play_blocks(wr: Writer) -> tuple[Block, ...]:
    blocks = [*_bid_blocks(wr)]
    style = wr.rules.play.style
    if style == "tricks":
        blocks += _trick_blocks(wr)
    elif style == "reveal":
        blocks += _reveal_blocks(wr)
    else:
        blocks += _turn_blocks(wr)
    blocks += _always_blocks(wr)
    blocks += _value_blocks(wr)
    return tuple(blocks)


# -- bidding ----------------------------------------------------------------------------------------------------------

def _bid_blocks(wr: Writer) -> list[Block]:
    bid, t = wr.rules.bid, wr.t
    if bid is None:
        return []
    blocks = [Block("h3", t.gettext("Bidding"))]
    if bid.high is None:
        text = wr.say(t.gettext("Before the first trick, each player in turn, starting to the dealer's left, bids how "
                                "many tricks they will take: from %(low)d up to the number of cards in their hand."),
                      low=bid.low)
    else:
        text = wr.say(t.gettext("Before the first trick, each player in turn, starting to the dealer's left, bids how "
                                "many tricks they will take: from %(low)d to %(high)d."), low=bid.low, high=bid.high)
    blocks.append(Block("p", text))
    if bid.not_total:
        blocks.append(wr.p(t.gettext("The last bidder may not make the bids add up to the number of cards each "
                                     "player holds: someone must miss.")))
    if wr.rules.teams == "partners":
        blocks.append(wr.p(t.gettext("Partners add their bids together, and their tricks too.")))
    return blocks


# -- turns ------------------------------------------------------------------------------------------------------------

def _turn_blocks(wr: Writer) -> list[Block]:
    t = wr.t
    blocks = [wr.p(t.gettext("The player to the dealer's left starts, and play goes clockwise. On your turn, do one "
                             "of the following:") if len(wr.rules.play.moves) > 1
                   else t.gettext("The player to the dealer's left starts, and play goes clockwise. On your turn:"))]
    items, pictured = [], ()
    for move in wr.rules.play.moves:
        items.append(_move(wr, move))
        if isinstance(move, m.PlayMove) and move.cond.wild is not None:
            pictured = pictured or wr.pictured(move.cond.wild)
    blocks.append(Block("list", items=tuple(items), cards=pictured))
    if any(isinstance(move, m.PlayMove) and (move.cond.higher or move.cond.lower) for move in wr.rules.play.moves):
        blocks.append(wr.p(t.gettext("The ranks from lowest to highest: %(ranks)s."), ranks=wr.w.rank_list()))
    moves = wr.rules.play.moves
    if (any(isinstance(move, m.DrawMove) and move.refill for move in moves)
            and any(isinstance(move, m.PlayMove) and move.to == "pile" for move in moves)):
        unshuffled = any(isinstance(move, m.DrawMove) and move.refill == "unshuffled" for move in moves)
        blocks.append(Block("note", wr.say(
            t.gettext("When the stock runs out, keep the top card of the discard pile and turn the rest over as the "
                      "new stock without shuffling: the card laid first is now on top.") if unshuffled
            else t.gettext("When the stock runs out, keep the top card of the discard pile, shuffle the rest and "
                           "turn them over as the new stock."))))
    return blocks


def _move(wr: Writer, move) -> str:
    if isinstance(move, m.PlayMove):
        return _play(wr, move)
    t, w = wr.t, wr.w
    if isinstance(move, m.DrawMove):
        text = wr.say(t.ngettext("Draw a card %(from)s.", "Draw %(num)d cards %(from)s.", move.count),
                      num=move.count, **{"from": w.zone(move.source, "from", wr.rules.zones)})
        text += _when(wr, move.when) + " " + (
            wr.say(t.gettext("Then you may go on and play, even what you drew.")) if move.then == "continue"
            else wr.say(t.gettext("That ends your turn.")))
        return text
    elif isinstance(move, m.AskMove):
        text = _ask(wr, move)
    elif isinstance(move, m.TakeMove):
        text = (wr.say(t.gettext("Take one card from the hand of %(seat)s without looking."),
                       seat=w.seat(move.target, "gen")) if move.random
                else wr.say(t.gettext("Take one card of your choice from the hand of %(seat)s."),
                            seat=w.seat(move.target, "gen")))
    elif isinstance(move, m.HitMove):
        text = wr.say(t.gettext("Hit: take a card %(from)s and lay it %(to)s."),
                      to=w.zone(move.to, "to", wr.rules.zones), **{"from": w.zone(move.source, "from",
                                                                                   wr.rules.zones)})
    elif isinstance(move, m.StandMove):
        text = wr.say(t.gettext("Stand: you stop for this round and take no more turns until the next one."))
    else:
        return wr.say(t.gettext("Pass, if you can do nothing else.") if move.when == "no_other"
                      else t.gettext("Pass."))
    return text + _when(wr, move.when)


def _when(wr: Writer, when: str) -> str:
    if when == "no_play":
        return " " + wr.say(wr.t.gettext("You may do this only if you cannot play a card."))
    if when == "no_other":
        return " " + wr.say(wr.t.gettext("You may do this only if you can do nothing else."))
    return ""


def _play(wr: Writer, move: m.PlayMove) -> str:
    t, w, cond = wr.t, wr.w, move.cond
    where = {"from": w.zone(move.source, "from", wr.rules.zones), "to": w.zone(move.to, "to", wr.rules.zones)}
    only_wild = cond.wild is not None and not cond.has_tests
    if only_wild:
        # one card, named as players name it ("an Eight", „osmičku“, „svrška“): "one of the …" would make Czech
        # agree "jednu" with a noun that may be masculine
        text = wr.say(t.gettext("Play %(card)s %(from)s %(to)s, whatever the top card is."),
                      card=w.cards(cond.wild, "sg", "acc", article=True, agree=False), **where)
    else:
        text = wr.say(t.gettext("Play a card %(from)s %(to)s."), **where)
    rules = []
    if cond.match:
        names = [w.attr_word(attr, "match") for attr in cond.match]
        rules.append(wr.say(t.gettext("It must match the top card in %(attrs)s."), attrs=w.join(names, "or")))
    if cond.card is not None:
        rules.append(wr.say(t.gettext("Only %(cards)s may be played this way."),
                            cards=w.cards(cond.card, "pl", "nom", agree=False)))
    if cond.higher:
        rules.append(wr.say(t.gettext("It must rank higher than the top card.")))
    if cond.lower:
        rules.append(wr.say(t.gettext("It must rank lower than the top card.")))
    if cond.beats is not None:
        rules.append(_beats(wr, cond.beats))
    if cond.wild is not None and not only_wild:
        rules.append(wr.say(t.gettext("%(cards)s may be played on any card."),
                            cards=w.cards(cond.wild, "pl", "acc", agree=False)))
    if move.then:
        rules.append(wr.say(t.gettext("Then %(effects)s."), effects=effect_clauses(wr, move.then)))
    return " ".join([text, *rules])


def _beats(wr: Writer, beats: m.Beats) -> str:
    w = wr.w
    pairs = [wr.t.gettext("%(winner)s beats %(loser)s") % {
        "winner": w.value_name(beats.attr, value), "loser": w.join([w.value_name(beats.attr, v) for v in losers])}
        for value, losers in beats.table]
    return wr.say(wr.t.gettext("It must beat the top card: %(pairs)s."), pairs="; ".join(pairs))


def _ask(wr: Writer, move: m.AskMove) -> str:
    t, w = wr.t, wr.w
    parts = [wr.say(t.gettext("Pick %(pick)s you hold and ask %(seat)s for their cards %(that)s."),
                    pick=w.attr_word(move.attr, "pick"), seat=w.seat(move.target, "acc"),
                    that=w.attr_word(move.attr, "that"))]
    parts.append(wr.say(t.gettext("They must give you all of them.") if move.hit == "take_all"
                        else t.gettext("They must give you one of them.")))
    if move.miss_draw:
        parts.append(wr.say(t.ngettext("If they have none, you draw a card from the stock.",
                                       "If they have none, you draw %(num)d cards from the stock.", move.miss_draw),
                            num=move.miss_draw))
    if move.again == "hit":
        parts.append(wr.say(t.gettext("If you got what you asked for, you ask again.")))
    return " ".join(parts)


def effect_clauses(wr: Writer, steps: tuple[m.EffectStep, ...]) -> str:
    """Join the clauses of effects as the language joins a list ("the next player draws 2 cards and ...")."""
    clauses = []
    for step in steps:
        if step.names_value and step.attr == "suit":
            clauses.append(wr.t.pgettext("effect", "you name a suit, which the next player must follow"))
            continue
        if step.names_value:  # name: a value of another attribute, which the card then counts as
            values = dict.fromkeys(str(card.get(step.attr)) for card in wr.deck.cards if card.get(step.attr) is not None)
            names = wr.w.join([wr.w.value_name(step.attr, value) for value in values], "or")
            clauses.append(wr.t.pgettext("effect", "you say what the card counts as: %(values)s") % {"values": names})
            continue
        if step.answer is not None:
            clauses.append(_waiting_clause(wr, step))
            continue
        params = {} if step.name in _NO_TARGET else {"target": _effect_target(step)}
        if step.name in AMOUNT_PARAM:
            params[AMOUNT_PARAM[step.name]] = step.amount
        clauses.append(phrase(Effect(step.name, params), wr.lang))
    joined = wr.w.join(clauses)
    # The sentences set the clauses after a colon, where some languages (German) start a full sentence with a capital.
    return sentence(joined) if wr.lang in CAPITAL_AFTER_COLON else joined


def _waiting_clause(wr: Writer, step: m.EffectStep) -> str:
    """Say an effect that waits for the next player's answer (`answer`): what they owe, and the card that answers."""
    t, answer = wr.t, wr.w.cards(step.answer, "sg", "ins", article=True, agree=False)
    if step.name == "draw":
        return t.ngettext("the next player must draw %(num)d card, unless they answer with %(answer)s",
                          "the next player must draw %(num)d cards, unless they answer with %(answer)s",
                          step.amount) % {"num": step.amount, "answer": answer}
    return t.gettext("the next player stands (misses their turn), unless they answer with %(answer)s") % {
        "answer": answer}


def waiting_sentences(wr: Writer, steps: tuple[m.EffectStep, ...]) -> list[str]:
    """Say how the effects that wait for an answer are passed on or taken, and that no other card answers."""
    t, said = wr.t, []
    for step in (step for step in steps if step.answer is not None):
        if step.name == "draw" and _answers_add_up(wr, step):
            said.append(wr.say(t.gettext("Whoever answers passes the cards owed on to the next player, and the "
                                         "answering card adds its own. Whoever does not answer draws them all: that "
                                         "is their whole turn, and the card on top is an ordinary card again.")))
        elif step.name == "draw":
            said.append(wr.say(t.gettext("Whoever answers passes the cards owed on to the next player. Whoever does "
                                         "not answer draws them all: that is their whole turn, and the card on top "
                                         "is an ordinary card again.")))
        else:
            said.append(wr.say(t.gettext("Whoever answers passes the stand on to the next player. Whoever does not "
                                         "answer stands: the card on top is an ordinary card again.")))
        wild = any(isinstance(move, m.PlayMove) and move.cond.wild is not None for move in wr.rules.play.moves)
        said.append(wr.say(t.gettext("No other card answers, not even one that may otherwise go on any card.")
                           if wild else t.gettext("No other card answers.")))
    return said


def _answers_add_up(wr: Writer, step: m.EffectStep) -> bool:
    """Return whether every card that answers a waiting draw makes the next player draw too (the draws add up)."""
    answering = [card for card in wr.deck.cards if step.answer.matches(card)]
    return bool(answering) and all(any(other.name == "draw" and other.answer is not None
                                       for rule in wr.rules.effects if rule.when.matches(card) for other in rule.do)
                                   for card in answering)


def _effect_target(step: m.EffectStep) -> str:
    """Return the target the card-text phrases know for an effect's seat ("left" is "next", "right" "previous")."""
    target = {"left": "next", "right": "previous", "opponent": "chosen"}.get(step.target, step.target)
    known = PHRASES[step.name]
    return target if target in known else next(iter(known))


# -- tricks -----------------------------------------------------------------------------------------------------------

def _trick_blocks(wr: Writer) -> list[Block]:
    t, w = wr.t, wr.w
    tricks = wr.rules.play.tricks or m.Tricks()
    blocks = [Block("h3", t.gettext("Tricks"))]
    if tricks.first_lead is not None:
        first = wr.say(t.gettext("Whoever holds %(card)s leads it to the first trick."),
                       card=w.cards(tricks.first_lead, "sg", "acc", article=True))
    else:
        first = wr.say(t.gettext("The player to the dealer's left leads the first trick."))
    blocks.append(Block("p", " ".join([wr.say(t.gettext("The game is played in tricks: one player leads a card, "
                                                        "then each of the others adds one, clockwise.")), first]),
                        cards=wr.pictured(tricks.first_lead)))
    if tricks.follow == "suit":
        blocks.append(wr.p(t.gettext("You must follow suit: if you have a card of the suit led, play one. If you "
                                     "have none, play any card.")))
    else:
        blocks.append(wr.p(t.gettext("You may play any card.")))
    blocks += _trick_cards(wr, tricks)
    blocks.append(_trick_winner(wr))
    if tricks.lead_locked is not None:
        blocks.append(Block("p", wr.say(t.gettext("You may not lead %(cards)s until one has been played to an earlier "
                                                  "trick, unless you hold nothing else."),
                                        cards=w.cards(tricks.lead_locked, "pl", "acc"))))
    blocks.append(wr.p(t.gettext("Whoever wins the trick puts it face down in front of them and leads the next "
                                 "one.")))
    return blocks


def _trick_cards(wr: Writer, tricks: m.Tricks) -> list[Block]:
    """Say what the cards the tricks style treats apart do: `wild`, `beats_all`, `loses_all` (each pictured)."""
    t, w, blocks = wr.t, wr.w, []
    if tricks.wild is not None and tricks.follow == "suit":
        blocks.append(Block("p", wr.say(t.gettext("You may play %(card)s at any time, even when you could follow "
                                                  "suit."), card=w.one_card(tricks.wild, "acc")),
                            cards=wr.pictured(tricks.wild)))
    if tricks.beats_all is not None:
        text = [wr.say(t.gettext("The first %(card)s played in a trick wins it."),
                       card=w.cards(tricks.beats_all, "sg", "nom"))]
        if tricks.follow == "suit" and tricks.loses_all is not None:
            text.append(wr.say(t.gettext("If %(card)s is led, or is the first card after %(low)s that was led, "
                                         "there is no suit to follow in that trick: everyone may play any card."),
                               card=w.one_card(tricks.beats_all), low=w.one_card(tricks.loses_all, "loc")))
        elif tricks.follow == "suit":
            text.append(wr.say(t.gettext("If %(card)s is led, there is no suit to follow in that trick: everyone "
                                         "may play any card."), card=w.one_card(tricks.beats_all)))
        blocks.append(Block("p", " ".join(text), cards=wr.pictured(tricks.beats_all)))
    if tricks.loses_all is not None:
        text = [wr.say(t.gettext("%(card)s never wins a trick, unless every card in it is one: then the first of "
                                 "them wins."), card=w.one_card(tricks.loses_all))]
        if tricks.follow == "suit":
            text.append(wr.say(t.gettext("If %(card)s is led, the suit to follow is set by the first card played "
                                         "after it that is not %(other)s."),
                               card=w.one_card(tricks.loses_all), other=w.one_card(tricks.loses_all, "ins")))
        blocks.append(Block("p", " ".join(text), cards=wr.pictured(tricks.loses_all)))
    return blocks


def _trick_winner(wr: Writer) -> Block:
    t = wr.t
    ranks = wr.say(t.gettext("The ranks from lowest to highest: %(ranks)s."), ranks=wr.w.rank_list())
    if wr.rules.trump.kind == "none":
        text = wr.say(t.gettext("The highest card of the suit led wins the trick."))
    else:
        text = wr.say(t.gettext("The highest trump wins the trick; if no trump was played, the highest card of the "
                                "suit led wins."))
    return Block("p", f"{text} {ranks}")


# -- reveals ----------------------------------------------------------------------------------------------------------

def _reveal_blocks(wr: Writer) -> list[Block]:
    t, w = wr.t, wr.w
    reveal = wr.rules.play.reveal or m.Reveal()
    items = []
    if reveal.prize_from is not None:
        items.append(wr.say(t.ngettext("Turn up a card %(from)s: it is the prize.",
                                       "Turn up %(num)d cards %(from)s: they are the prize.", reveal.prize_count),
                            num=reveal.prize_count, **{"from": w.zone(reveal.prize_from, "from", wr.rules.zones)}))
    items.append(wr.say(t.gettext("Each player chooses a card from their hand and lays it face down. When everyone "
                                  "has chosen, all turn their cards up at once.")))
    by_value = reveal.by == "value"
    if reveal.winner == "lowest":
        items.append(wr.say(t.gettext("The lowest card by value wins.") if by_value
                            else t.gettext("The lowest card wins.")))
    else:
        items.append(wr.say(t.gettext("The highest card by value wins.") if by_value
                            else t.gettext("The highest card wins.")))
    if reveal.prize_from is not None:
        items.append(wr.say(t.gettext("The winner takes the prize and puts it face down in front of them.")))
    ties = {"discard": t.gettext("On a tie, nobody gets the prize: it is discarded."),
            "carry": t.gettext("On a tie, the prize stays in the middle and goes to the winner of the next reveal."),
            "split": t.gettext("On a tie, every tied player scores the prize.")}
    items.append(wr.say(ties[reveal.tie]))
    items.append(wr.say(t.gettext("The winner also takes the revealed cards.") if reveal.revealed_to == "won"
                        else t.gettext("The revealed cards are then discarded.")))
    blocks = [wr.p(t.gettext("Everyone plays at the same time. Each reveal goes like this:")),
              Block("steps", items=tuple(items))]
    if reveal.by == "rank":
        blocks.append(wr.p(t.gettext("The ranks from lowest to highest: %(ranks)s."), ranks=w.rank_list()))
    return blocks


# -- automatic rules and card values -----------------------------------------------------------------------------------

def _always_blocks(wr: Writer) -> list[Block]:
    t, w = wr.t, wr.w
    blocks = []
    for rule in wr.rules.play.always:
        if isinstance(rule, m.Sets) and rule.run:
            blocks.append(wr.p(t.ngettext("Whenever you hold %(num)d card %(same)s whose ranks follow one another, "
                                          "put it %(to)s at once.",
                                          "Whenever you hold %(num)d cards %(same)s whose ranks follow one another, "
                                          "put them %(to)s at once.",
                                          rule.size), num=rule.size, same=w.attr_word(rule.same, "same"),
                               to=w.zone(rule.to, "to", wr.rules.zones)))
        elif isinstance(rule, m.Sets):
            blocks.append(wr.p(t.ngettext("Whenever you hold %(num)d card %(same)s, put it %(to)s at once.",
                                          "Whenever you hold %(num)d cards %(same)s, put them %(to)s at once.",
                                          rule.size), num=rule.size, same=w.attr_word(rule.same, "same"),
                               to=w.zone(rule.to, "to", wr.rules.zones)))
        elif isinstance(rule, m.Bust):
            blocks.append(wr.p(t.gettext("If the values of your cards add up to more than %(num)d, you are bust: "
                                         "you take no more turns this round."), num=rule.over))
            if rule.soft is not None:
                blocks.append(wr.p(t.gettext("%(cards)s count %(num)d instead when their full value would make you "
                                             "bust."), cards=w.cards(rule.soft, "pl", "nom", agree=False),
                               num=rule.soft_value))
    return blocks


def _value_blocks(wr: Writer) -> list[Block]:
    """Say what each card is worth, where a rule adds values up (press your luck) or scores them."""
    rules = wr.rules
    uses_values = (any(isinstance(r, m.Bust) for r in rules.play.always)
                   or any(isinstance(s, m.SumScore) or (isinstance(s, m.PerCard) and s.by_value)
                          for s in rules.score) or (rules.play.reveal is not None and rules.play.reveal.by == "value"))
    if not uses_values:
        return []
    t, w, values = wr.t, wr.w, rules.values
    groups: dict[int, list[str]] = {}
    for value, number in values.table.items():
        groups.setdefault(number, []).append(w.rank_name(value) if values.attr == rules.rank_attr else value)
    if values.default == "rank" and values.attr == rules.rank_attr:  # a rank that is no number counts its place
        for place, value in enumerate(w.rank_order, start=1):
            if value not in values.table and not value.isdigit():
                groups.setdefault(place, []).append(w.rank_name(value))
    exceptions = "; ".join(f"{w.join(names)}: {number}" for number, names in groups.items())
    if values.default == "rank":
        text = (wr.say(t.gettext("Each card is worth its number, except: %(list)s."), list=exceptions) if groups
                else wr.say(t.gettext("Each card is worth its number.")))
    else:
        text = (wr.say(t.gettext("Each card is worth %(num)s, except: %(list)s."), num=values.default,
                       list=exceptions) if groups
                else wr.say(t.gettext("Each card is worth %(num)s."), num=values.default))
    return [Block("h3", t.gettext("Card values")), Block("p", text)]
