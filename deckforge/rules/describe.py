"""Write a described game's rules as a rulebook's sections: goal, set-up, play, special cards, end and scoring.

Every sentence is a gettext message (English msgid; Czech and German in deckforge/locale/), its numbers agreeing with
their nouns through the catalog's plural forms; what it names (cards, suits, ranks, zones) comes from the deck through
`Words` (wording.py). The model (model.py) is read, never re-stated: change the deck's `rules:` and both rulebooks
follow. The play itself (turns, tricks, reveals) is written by describe_play.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Deck
from ..typography import tie
from . import model as m
from .wording import KEYS_READ_AS_WORDS, Words, sentence

PICTURED_AT_MOST = 8   # a rule naming more distinct cards than this is not pictured beside its sentence


@dataclass(frozen=True)
class Block:
    """One piece of a section: a paragraph ("p"), a note ("note"), a sub-heading ("h3"), a numbered ("steps") or
    plain ("list") list, each optionally with the cards it names pictured beside it (`cards`: card ids)."""

    kind: str
    text: str = ""
    items: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulesText:
    """A described game's rulebook text, section by section, in one language."""

    goal: tuple[Block, ...]
    setup: tuple[Block, ...]
    turn: tuple[Block, ...]
    special: tuple[Block, ...]
    end: tuple[Block, ...]
    glance: tuple[str, ...] = ()   # the title page's summary: the goal, the deal, when the round ends, who wins
    unnamed: tuple[str, ...] = ()  # the deck's own attributes the text calls by their key (no name in `attributes`)


class Writer:
    """Writes sentences for one deck, language and player count; `w` names things, `t` is the catalog."""

    def __init__(self, deck: Deck, rules: m.RulesModel, lang: str, players: int):
        self.deck, self.rules, self.lang, self.players = deck, rules, lang, players
        self.w = Words(deck, lang, rules.ranks, rules.rank_attr, rules.attributes)
        self.t = self.w.t

    def say(self, text: str, **values) -> str:
        """Fill a translated message and set it as a sentence: capital first letter, Czech ties."""
        return tie(sentence(text % values if values else text), self.lang, paragraphs=False)

    def p(self, text: str, **values) -> Block:
        return Block("p", self.say(text, **values))

    def pictured(self, where: m.Where | None) -> tuple[str, ...]:
        """Return the ids of the distinct cards a filter names, if few enough to picture."""
        if where is None or where.is_any:
            return ()
        ids = tuple(card.id for card in self.deck.cards if where.matches(card))
        return ids if len(ids) <= PICTURED_AT_MOST else ()


def describe(deck: Deck, rules: m.RulesModel, lang: str, players: int) -> RulesText:
    """Write the rules of a described deck in `lang`, counted for `players` players."""
    from .describe_play import play_blocks
    from .describe_score import round_end, winner

    writer = Writer(deck, rules, lang, players)
    goal, setup = goal_blocks(writer), setup_blocks(writer)
    deal = setup[0].items[1 + _first_deal(rules):][:1]   # the set-up's first deal (after the shuffle)
    glance = (*(block.text for block in goal), *deal, round_end(writer), winner(writer))
    turn, special, end = play_blocks(writer), effect_blocks(writer), end_blocks(writer)
    return RulesText(goal=goal, setup=setup, turn=turn, special=special, end=end, glance=glance,
                     unnamed=tuple(sorted(writer.w.unnamed)))


def unnamed_attributes(deck: Deck, lang: str) -> tuple[str, ...]:
    """Return the deck's own attributes that its rulebook in `lang` calls by their key: where the language is not
    English, the words of the key are not the reader's (validate and `rulebook` warn)."""
    rules = deck.described
    if rules is None or lang in KEYS_READ_AS_WORDS:
        return ()
    return describe(deck, rules, lang, deck.players.low).unnamed


def unnamed_warning(deck: Deck, lang: str, attr: str) -> str:
    from ..errors import display_path

    where = display_path(deck.path) if deck.path else deck.id
    return (f"{where}: rules: the {lang} rulebook calls the attribute '{attr}' by its key; give it a {lang} name "
            f"under rules.attributes.{attr}.name (docs/rules-format.md, \"attributes\")")


# -- goal -------------------------------------------------------------------------------------------------------------

def goal_blocks(wr: Writer) -> tuple[Block, ...]:
    t, rules = wr.t, wr.rules
    blocks = []
    if rules.teams == "partners":
        blocks.append(wr.p(t.gettext("You play in two teams of two: partners sit opposite each other and score "
                                     "together.")))
    bust = next((rule for rule in rules.play.always if isinstance(rule, m.Bust)), None)
    kind = rules.winner.kind
    if bust is not None and any(isinstance(item, m.SumScore) for item in rules.score):
        blocks.append(wr.p(t.gettext("Collect cards whose values add up as close to %(num)d as you can without "
                                     "going over."), num=bust.over))
    elif kind == "highest_score" and rules.teams == "partners":
        blocks.append(wr.p(t.gettext("Together with your partner, score more points than the other team.")))
    elif kind == "highest_score":
        blocks.append(wr.p(t.gettext("Score more points than anyone else.")))
    elif kind == "lowest_score":   # who wins is said apart (winner()); the summary shows both
        blocks.append(wr.p(t.gettext("Score as few points as you can.")))
    elif kind == "first_out":
        blocks.append(wr.p(t.gettext("Be the first to get rid of all your cards.")))
    elif rules.winner.loser_holds is not None:
        blocks.append(wr.p(t.gettext("Do not be the one left holding %(card)s at the end."),
                           card=wr.w.cards(rules.winner.loser_holds, "sg", "ins", article=True, agree=False)))
    else:
        blocks.append(wr.p(t.gettext("Do not be the last player left holding cards.")))
    if any(isinstance(item, m.BidScore) and item.exact for item in rules.score):   # only an exact bid is made
        blocks.append(wr.p(t.gettext("In each round, predict how many tricks you will take, then take exactly that "
                                     "many.")))
    return tuple(blocks)


# -- set-up -----------------------------------------------------------------------------------------------------------

def setup_blocks(wr: Writer) -> tuple[Block, ...]:
    """Say the set-up step by step, with the numbers for the chosen player count."""
    t = wr.t
    steps = [wr.say(t.gettext("Shuffle all the cards and choose a dealer at random."))]
    pool = {card.id: n for card, n in wr.deck.counts_for(wr.players)}
    notes, dealt = [], 0
    for step in wr.rules.setup:
        if isinstance(step, m.Deal):
            before = sum(pool.values())
            steps.append(_deal(wr, step, pool))
            dealt = before - sum(pool.values())
            notes += _deal_other_counts(wr, step)
        elif isinstance(step, m.MoveCards):
            steps.append(_move(wr, step, pool))
        elif isinstance(step, m.TurnUp):
            steps.append(_turn_up(wr, step))
            _take(pool, None, step.count)
    if sum(pool.values()):
        steps.append(_rest(wr, sum(pool.values())))
    if wr.rules.trump.kind == "turn_up":
        steps.append(" ".join([_trump_turned_up(wr, left=sum(pool.values()), dealt=dealt),
                               *_trump_cards(wr, left=sum(pool.values()))]))
    blocks = [Block("steps", items=tuple(steps))]
    blocks += [Block("note", note) for note in notes]
    if wr.rules.trump.kind == "suit":
        blocks.append(wr.p(t.gettext("%(cards)s are always trumps."),
                           cards=wr.w.suit_cards(wr.rules.trump.suit, "pl", "nom")))
    if not wr.rules.end.single_round:
        blocks.append(wr.p(t.gettext("Each new round is dealt by the player to the left of the previous dealer.")))
    return tuple(blocks)


def _first_deal(rules: m.RulesModel) -> int:
    """Return the place among the set-up's steps of its first deal (0 when there is none)."""
    return next((i for i, step in enumerate(rules.setup) if isinstance(step, m.Deal)), 0)


def _trump_turned_up(wr: Writer, left: int, dealt: int) -> str:
    """Say how the trump is turned up (trump: turn_up): the top card of the stock, or, when the deal took every
    card, the last card dealt, which stays in its owner's hand (state.py, _after_trump)."""
    t = wr.t
    if left:
        return wr.say(t.gettext("Turn up the top card of the stock and leave it there: its suit is trumps for this "
                                "round."))
    if wr.rules.trump.stock_empty == "none":
        return wr.say(t.gettext("No card is left to turn up: this round is played without trumps."))
    if dealt % wr.players == 0:   # dealing from the dealer's left, the last card is the dealer's own
        return wr.say(t.gettext("Turn up the last card dealt, the dealer's own, for everyone to see: its suit is "
                                "trumps for this round. Then the dealer takes it into their hand."))
    return wr.say(t.gettext("Turn up the last card dealt for everyone to see: its suit is trumps for this round. "
                            "Then the player it was dealt to takes it into their hand."))


def _trump_cards(wr: Writer, left: int) -> list[str]:
    """Say what the options of `trump: turn_up` change: cards turned up that let the dealer choose or mean no trump,
    and no trump when the deal took every card (`stock_empty: none`)."""
    t, w, trump, said = wr.t, wr.w, wr.rules.trump, []
    if left and trump.dealer_chooses is not None:
        said.append(wr.say(t.gettext("If %(card)s is turned up, the dealer chooses the trump suit."),
                           card=w.one_card(trump.dealer_chooses)))
    if left and trump.no_trump is not None:
        said.append(wr.say(t.gettext("If %(card)s is turned up, there are no trumps this round."),
                           card=w.one_card(trump.no_trump)))
    if trump.stock_empty == "none" and left and any(isinstance(s, m.Deal) and s.count.per_round
                                                    for s in wr.rules.setup):   # a later round may deal every card
        said.append(wr.say(t.gettext("In a round whose deal takes every card, no card is left to turn up: that "
                                     "round is played without trumps.")))
    return said


def _take(pool: dict[str, int], where: m.Where | None, count: int | None, deck: Deck | None = None) -> int:
    """Take up to `count` cards (None: all) matching `where` out of the pool; return how many were taken."""
    taken = 0
    for card_id in list(pool):
        if count is not None and taken >= count:
            break
        if where is not None and deck is not None and not where.matches(deck.card(card_id)):
            continue
        n = pool[card_id] if count is None else min(pool[card_id], count - taken)
        pool[card_id] -= n
        taken += n
    return taken


def _deal(wr: Writer, step: m.Deal, pool: dict[str, int]) -> str:
    t, w, n = wr.t, wr.w, wr.players
    if step.by is not None:
        return _deal_by(wr, step, pool)
    if step.count.per_round:
        _take(pool, step.where, n, wr.deck)
        return wr.say(t.gettext("In the first round each player gets 1 card, in the second round 2 cards, and so "
                                "on: one card more in each round."))
    where = None if step.where.is_any else step.where
    count = step.count.for_players(n)
    if count is None:  # all: every card, one at a time; the seats from the dealer's left may get one more
        each, extra = divmod(_take(pool, where, None, wr.deck), n)
        if extra and extra == n - 1:  # dealt round from the dealer's left, the one seat a card short is the dealer
            text = wr.say(t.ngettext("Deal out all the cards one at a time: the dealer gets %(fewer)s, the other "
                                     "player %(more)s.", "Deal out all the cards one at a time: the dealer gets "
                                     "%(fewer)s, the other %(num)d players %(more)s.", extra),
                          num=extra, more=w.cards_count(each + 1), fewer=w.cards_count(each))
        elif extra:
            text = wr.say(t.ngettext(
                "Deal out all the cards one at a time: the player to the dealer's left gets %(more)s, the others "
                "%(fewer)s.", "Deal out all the cards one at a time: the first %(num)d players from the dealer's "
                "left get %(more)s, the others %(fewer)s.", extra), num=extra, more=w.cards_count(each + 1),
                fewer=w.cards_count(each))
        else:
            text = wr.say(t.ngettext("Deal out all the cards: each player gets %(num)d card.",
                                     "Deal out all the cards: each player gets %(num)d cards.", each), num=each)
    else:
        _take(pool, where, count * n, wr.deck)
        if step.to == "hand":
            text = wr.say(t.ngettext("Each player gets %(num)d card.", "Each player gets %(num)d cards.", count),
                          num=count)
        elif wr.rules.zones.get(step.to) is not None and wr.rules.zones[step.to].owner == "each":
            face_up = wr.rules.zones[step.to].face == "up"
            text = wr.say(t.ngettext("Deal each player %(num)d card face up in front of them.",
                                     "Deal each player %(num)d cards face up in front of them.", count) if face_up
                          else t.ngettext("Deal each player %(num)d card face down in front of them.",
                                          "Deal each player %(num)d cards face down in front of them.", count),
                          num=count)
        else:
            text = wr.say(t.ngettext("Deal %(num)d card %(to)s.", "Deal %(num)d cards %(to)s.", count * n),
                          num=count * n, to=w.zone(step.to, "to", wr.rules.zones))
    if where is not None:
        text += " " + wr.say(t.gettext("Only %(cards)s are dealt this way."),
                             cards=w.cards(where, "pl", "nom", agree=False))
    return text


def _deal_by(wr: Writer, step: m.Deal, pool: dict[str, int]) -> str:
    """GOPS: each seat gets every card of one value of `by` (one suit each)."""
    t, w = wr.t, wr.w
    values = list(dict.fromkeys(str(card.get(step.by)) for card in wr.deck.cards
                                if pool.get(card.id) and step.where.matches(card) and card.get(step.by) is not None))
    values = values[:wr.players]
    sizes = {_take(pool, m.Where(((step.by, (value,)),)), None, wr.deck) for value in values}
    names = ", ".join(w.suit_name(v) if step.by == "suit" else w.rank_name(v) if step.by == wr.rules.rank_attr
                      else v for v in values)
    if len(sizes) == 1:
        size = sizes.pop()
        return wr.say(t.ngettext("Each player gets %(num)d card, all %(one)s, in this order from the dealer's left: "
                                 "%(names)s.", "Each player gets %(num)d cards, all %(one)s, in this order from the "
                                 "dealer's left: %(names)s.", size), num=size, one=w.attr_word(step.by, "one"),
                      names=names)
    return wr.say(t.gettext("Each player gets all the cards %(one)s, in this order from the dealer's left: "
                            "%(names)s."), one=w.attr_word(step.by, "one"), names=names)


def _deal_other_counts(wr: Writer, step: m.Deal) -> list[str]:
    """Say the deal at the other player counts when it depends on the count ("With 2 players: 7 cards each")."""
    if not step.count.by_players or step.count.per_round:
        return []
    t, w = wr.t, wr.w
    by_count: dict[int, list[int]] = {}
    for players in wr.deck.players:
        count = step.count.for_players(players)
        if players != wr.players and count is not None and count != step.count.for_players(wr.players):
            by_count.setdefault(count, []).append(players)
    parts = [wr.say(t.gettext("with %(players)s players, %(cards)s each"), players=w.join(seats, "or"),
                    cards=w.cards_count(count)) for count, seats in by_count.items()]
    return [wr.say(t.gettext("The deal depends on the number of players: %(list)s."), list="; ".join(
        p[:1].lower() + p[1:] for p in parts))] if parts else []


def _move(wr: Writer, step: m.MoveCards, pool: dict[str, int]) -> str:
    t, w = wr.t, wr.w
    _take(pool, step.where, None, wr.deck)
    zone = wr.rules.zones.get(step.to)
    face_down = zone is not None and zone.face != "up"
    text = (t.gettext("Take all the %(cards)s out of the stock, shuffle them and put them %(to)s.") if face_down
            else t.gettext("Take all the %(cards)s out of the stock and put them %(to)s."))
    return wr.say(text, cards=w.cards(step.where, "pl", "acc"), to=w.zone(step.to, "to", wr.rules.zones))


def _turn_up(wr: Writer, step: m.TurnUp) -> str:
    t, w = wr.t, wr.w
    if step.to == "pile":
        turned = wr.say(t.ngettext("Turn the top card of the stock face up: it starts the discard pile.",
                                   "Turn the top %(num)d cards of the stock face up: they start the discard pile.",
                                   step.count), num=step.count)
        return " ".join([turned, *_turned_up_acts(wr, step), *_turned_up_idle(wr, step)])
    return wr.say(t.ngettext("Turn the top card of the stock %(to)s.", "Turn the top %(num)d cards of the stock "
                             "%(to)s.", step.count), num=step.count, to=w.zone(step.to, "to", wr.rules.zones))


def _turned_up_acts(wr: Writer, step: m.TurnUp) -> list[str]:
    """Say that the card turned up acts on the first player (`acts`), when any card has an effect to act with."""
    if not step.acts or not (wr.rules.effects or any(card.effects for card in wr.deck.cards)):
        return []
    names = any(s.names_value for rule in wr.rules.effects for s in rule.do) or any(
        s.names_value for move in wr.rules.play.moves if isinstance(move, m.PlayMove) for s in move.then)
    return [wr.say(wr.t.gettext("If it is a card with an effect, it acts on the first player as if the dealer had "
                                "just played it; nobody names a suit: its own suit counts.") if names
                   else wr.t.gettext("If it is a card with an effect, it acts on the first player as if the dealer "
                                     "had just played it."))]


def _turned_up_idle(wr: Writer, step: m.TurnUp) -> list[str]:
    """Say that a card with an effect turned up does nothing (without `acts`), and that one without the attribute
    a `beats` test compares (a changer) takes any card."""
    t, said = wr.t, []
    if not step.acts and (wr.rules.effects or any(card.effects for card in wr.deck.cards)):
        said.append(wr.say(t.gettext("If it is a card with an effect, the effect does not apply.")))
    attrs = {move.cond.beats.attr for move in wr.rules.play.moves
             if isinstance(move, m.PlayMove) and move.cond.beats is not None}
    blank = [card.name(wr.lang) for card in wr.deck.cards if any(card.get(attr) is None for attr in attrs)]
    if blank:
        # English names the card with its article ("a Changer"); the catalogs say "the card „Měnič“"
        names = [wr.w.a_card_named(name) for name in dict.fromkeys(blank)]
        said.append(wr.say(t.gettext("If it is %(names)s, any card may be laid on it."), names=wr.w.join(names, "or")))
    return said


def _rest(wr: Writer, left: int) -> str:
    """Say what becomes of the cards left after the set-up: the stock, if anything draws from it."""
    t = wr.t
    if any(isinstance(step, m.Deal) and step.count.per_round for step in wr.rules.setup):
        # the deal grows each round, so the rest does too: no number
        return wr.say(t.gettext("Put the rest of the cards face down in the middle of the table: they are the "
                                "stock.") if _uses_stock(wr.rules)
                      else t.gettext("The rest of the cards are not used this round; put them aside face down."))
    if _uses_stock(wr.rules):
        return wr.say(t.ngettext("Put the remaining card face down in the middle of the table: it is the stock.",
                                 "Put the remaining %(num)d cards face down in the middle of the table: they are "
                                 "the stock.", left), num=left)
    return wr.say(t.ngettext("The remaining card is not used this round; put it aside face down.",
                             "The remaining %(num)d cards are not used this round; put them aside face down.", left),
                  num=left)


def _uses_stock(rules: m.RulesModel) -> bool:
    moves = rules.play.moves
    return (any(isinstance(move, (m.DrawMove, m.HitMove)) and move.source == "stock" for move in moves)
            or any(isinstance(move, m.AskMove) and move.miss_draw for move in moves)
            or (rules.play.reveal is not None and rules.play.reveal.prize_from == "stock")
            or rules.trump.kind == "turn_up"   # the trump is turned up from the stock and stays there
            or any(step.name == "draw" for effect in rules.effects for step in effect.do)
            or any(step.name == "draw" for move in moves if isinstance(move, m.PlayMove) for step in move.then))


# -- effects ----------------------------------------------------------------------------------------------------------

def effect_blocks(wr: Writer) -> tuple[Block, ...]:
    """Say what the cards with powers do when played; each rule with its cards pictured."""
    from .describe_play import effect_clauses, waiting_sentences

    blocks = []
    for rule in wr.rules.effects:
        text = wr.say(wr.t.gettext("When you play %(card)s, %(effects)s."),
                      card=wr.w.cards(rule.when, "sg", "acc", article=True, agree=False),
                      effects=effect_clauses(wr, rule.do))
        text = " ".join([text, *waiting_sentences(wr, rule.do)])
        blocks.append(Block("p", text, cards=wr.pictured(rule.when)))
    return (*blocks, *_effect_rules(wr))


# -- end and scoring --------------------------------------------------------------------------------------------------

def end_blocks(wr: Writer) -> tuple[Block, ...]:
    from .describe_score import game_end, round_end, score_blocks, winner

    return (wr.p(round_end(wr)), *_out_blocks(wr), *score_blocks(wr), wr.p(game_end(wr)), wr.p(winner(wr)))


def _out_blocks(wr: Writer) -> list[Block]:
    """Say that a player out of cards is passed by (`last_holding`) and what a round of passes means (`blocked`)."""
    t, end, said = wr.t, wr.rules.end, []
    if end.round == "last_holding" and wr.rules.play.style == "turns":
        effects = wr.rules.effects or any(card.effects for card in wr.deck.cards) or any(
            move.then for move in wr.rules.play.moves if isinstance(move, m.PlayMove))
        said.append(wr.p(t.gettext("A player who has no cards left is out: turns and the effects of cards pass "
                                   "them by.") if effects
                         else t.gettext("A player who has no cards left is out: play passes them by.")))
    if end.blocked == "stalemate" and any(isinstance(move, m.PassMove) for move in wr.rules.play.moves):
        said.append(wr.p(t.gettext("If every player still in has to pass, one after another, the game ends "
                                   "undecided: nobody wins.")))
    if end.next_game == "winner":
        said.append(wr.p(t.gettext("If you play several games in a row, the winner of each game starts the next "
                                   "one.")))
    elif end.single_round:   # with several rounds the set-up says it: "each new round is dealt by..."
        said.append(wr.p(t.gettext("If you play several games in a row, the next game is dealt by the player to "
                                   "the left of the previous dealer.")))
    return said


def _effect_rules(wr: Writer) -> list[Block]:
    """Say the general rules of the effects the cards have: the extra card (extra_play), several players drawing
    (draw on others), the last card out (what concerns its player's hand or turn is void under last_holding)."""
    t = wr.t
    steps = [s for rule in wr.rules.effects for s in rule.do]
    steps += [s for move in wr.rules.play.moves if isinstance(move, m.PlayMove) for s in move.then]
    names = {s.name for s in steps} | {e.name for card in wr.deck.cards for e in card.effects}
    targets = {s.target for s in steps if s.name == "draw"}
    targets |= {str(e.params.get("target", "next")) for card in wr.deck.cards for e in card.effects if e.name == "draw"}
    said = []
    if "extra_play" in names:
        said.append(wr.p(t.gettext("You may lay the extra card, but need not. It must be playable as usual, and if "
                                   "it has an effect, that applies too.")))
    if "others" in targets:
        said.append(wr.p(t.gettext("When a card makes several players draw, they draw one card at a time in turn "
                                   "order, starting with the next player.")))
    if "draw" in names:
        said.append(wr.p(t.gettext("If there are not enough cards left to draw, the player draws as many as there "
                                   "are.")))
    if wr.rules.end.round == "last_holding" and names & {"give", "swap_hands", "play_again", "extra_play"}:
        said.append(wr.p(t.gettext("A player who lays their last card is out at once: what the card would still do "
                                   "with their hand or turn (giving a card, swapping hands, another turn, one more "
                                   "card) no longer happens; its other effects still apply.")))
    return said
