"""Helpers for Kámen, nůžky, papír tests: custom decks written to a folder, and tables laid out card by card."""
from __future__ import annotations

import json
import random
from pathlib import Path

from deckforge.load import load_deck
from deckforge.games.kamen_nuzky_papir.engine import ANY, ITEM_CODES, KamenNuzkyPapir


def item(card_id: str, item_name: str, count: int = 1, effects: list | None = None) -> dict:
    """Return a deck-file card: a plain item, or a spell when effects are given."""
    card = {"id": card_id, "kind": "spell" if effects else "item", "item": item_name, "count": count,
            "name": {"cs": card_id, "en": card_id}}
    if effects:
        card["effects"] = effects
    return card


def changer(card_id: str = "changer", count: int = 1) -> dict:
    return {"id": card_id, "kind": "changer", "count": count, "name": {"cs": card_id, "en": card_id}}


def write_deck(folder: Path, cards: list[dict], deck_id: str = "test-deck", high: int = 8, per_set: int = 4) -> Path:
    """Write a Kámen, nůžky, papír deck file (JSON is YAML) and return its path."""
    data = {"id": deck_id, "game": "kamen-nuzky-papir", "languages": ["cs", "en"],
            "name": {"cs": "Zkušební balíček", "en": "Test deck"},
            "players": {"min": 2, "max": high, "per_set": per_set}, "card_size": "poker", "cards": cards}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "deck.yaml"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def engine(deck_or_path="kamen-nuzky-papir", players: int = 3) -> KamenNuzkyPapir:
    deck = load_deck(deck_or_path) if isinstance(deck_or_path, (str, Path)) else deck_or_path
    return KamenNuzkyPapir(deck, players)


def arrange(eng: KamenNuzkyPapir, hands: list[list[str]], draw: list[str] = (), discard: list[str] = ("rock",),
            current: int = 0, top: str | None = None, rest: str = "draw", out: tuple[int, ...] = ()):
    """Return a new state with these hands, draw pile (top card first) and discard pile (top card last).

    Every card of the deck not named goes under the draw pile (rest="draw") or under the discard pile
    (rest="discard"), so that the table always holds the whole deck. The draw pile is the known-order kind (as if
    rebuilt), so draws take its cards in order, without chance; the unseen stock is empty. Seats in `out` have
    gone out, in that order.
    """
    state = eng.new_game(random.Random(0), starter=current)
    free: dict[str, list[int]] = {}
    for index, card_id in enumerate(eng.card_ids):
        free.setdefault(card_id, []).append(index)
    state.hands = [sorted(free[c].pop(0) for c in hand) for hand in hands]
    for seat, hand in enumerate(state.hands):
        for card in hand:
            state.known_by[card] = 1 << seat  # only its holder knows a card is there
    named_discard = [free[c].pop(0) for c in discard]
    named_draw = [free[c].pop(0) for c in draw]
    leftover = sorted(i for indices in free.values() for i in indices)
    state.unseen = []
    state.draw_pile = (leftover if rest == "draw" else []) + named_draw[::-1]
    state.discard = (leftover if rest == "discard" else []) + named_discard
    last = eng.item_of[state.discard[-1]]
    state.top = ITEM_CODES[top] if top in ITEM_CODES else ANY if top == "anything" or last < 0 else last
    state.seat = state.player = current
    for seat in out:
        state.out[seat] = True
        state.places.append(seat)
        state.in_play -= 1
    state.check_invariants()
    return state


def ids(eng: KamenNuzkyPapir, cards: list[int]) -> list[str]:
    return [eng.card_ids[c] for c in cards]


def lay(eng: KamenNuzkyPapir, state, card_id: str, naming: str | None = None) -> int:
    """Return the legal action that lays a card with this id from the current hand (a changer naming an item)."""
    for action in state.legal_actions():
        if action >= eng.draw_action:
            continue
        card, named = divmod(action - eng.size, 3) if action >= eng.size else (action, None)
        if eng.card_ids[card] == card_id and (naming is None or named == ITEM_CODES[naming]):
            return action
    raise AssertionError(f"{card_id} cannot be laid now; legal: {state.legal_actions()}")


def choose(eng: KamenNuzkyPapir, seat: int) -> int:
    return eng.target_base + seat


def give(eng: KamenNuzkyPapir, card: int) -> int:
    """Return the action that gives this card (an index) away."""
    return eng.give_base + card
