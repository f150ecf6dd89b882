"""Build Prší positions for the tests: hands, pile and stock named by card id, every card of the deck placed once."""
from __future__ import annotations

from deckforge.games import load_game
from deckforge.games.prsi.engine import PrsiEngine
from deckforge.games.prsi.rules import NAME, PLAY
from deckforge.games.prsi.state import PrsiState


def engine(players: int = 2) -> PrsiEngine:
    return load_game("prsi", players=players)


def card(game: PrsiEngine, card_id: str) -> int:
    """Return the card index of the (first) physical card with this id."""
    return game.ids.index(card_id)


def cards(game: PrsiEngine, card_ids) -> list[int]:
    return [card(game, card_id) for card_id in card_ids]


def arrange(game: PrsiEngine, hands, top: str, *, under=(), stock=None, player: int = 0, penalty: int = 0,
            ace: bool = False, suit: str | None = None, out=(), naming: bool = False) -> PrsiState:
    """Return a state in play: `hands[seat]` and the pile (`under`, then `top`) by card id; the stock is `stock`
    when given (the cards named nowhere then lie under the pile), else every card named nowhere. `out` lists seats
    already out (in the order they went out); `suit` overrides the suit to follow (a named suit on a svršek)."""
    state = game.new_initial_state(starter=0)
    named = set()
    state.hands = [sorted(cards(game, hand)) for hand in hands]
    for hand in state.hands:
        named.update(hand)
    pile = cards(game, list(under) + [top])
    named.update(pile)
    if stock is not None:
        state.stock = cards(game, stock)
        named.update(state.stock)
        pile = [c for c in range(game.size) if c not in named] + pile
    else:
        state.stock = [c for c in range(game.size) if c not in named]
    state.pile = pile
    top_card = pile[-1]
    state.top_suit = game.suits.index(suit) if suit else game.suit_of[top_card]
    state.top_rank = game.rank_of[top_card]
    state.penalty, state.ace = penalty, ace
    state.dealt = 4 * game.players
    for seat in out:
        state.out[seat] = True
        state.places.append(seat)
        state.in_count -= 1
    state.phase, state.player = (NAME if naming else PLAY), player
    state.check_invariants()
    return state


def names(game: PrsiEngine, actions) -> list[str]:
    """Return actions in words, for readable assertions."""
    return [game.describe(action) for action in actions]
