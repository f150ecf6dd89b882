"""Parsing a `rules:` description: what loads, the defaults it fills in, and every mistake reported with its place
(file:line:col) and the nearest valid word, all problems of a file in one run."""
from __future__ import annotations

import pytest

from deckforge.errors import DeckError
from deckforge.load import load_deck
from deckforge.rules import model as m
from deckforge.rules.keys import is_description
from rules_tables import write_deck

EIGHTS = """  ranks: ["1", "2", "3", "4"]
  setup:
    - deal: {to: hand, count: {2: 3, default: 2}}
    - turn_up: {to: pile}
  play:
    moves:
      - play: {if: {wild: {rank: "4"}}, then: [name_suit]}
      - play: {if: {match: [suit, rank]}}
      - draw: {then: continue, when: no_play}
      - pass: {}
  end: {round: first_out}
  winner: first_out
"""


def place(folder, text: str) -> tuple[int, int]:
    """Return the 1-based line and column where `text` first appears in the deck file."""
    lines = (folder / "deck.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, row in enumerate(lines) if text in row)
    return line + 1, lines[line].index(text) + 1


def problems(tmp_path, rules: str, **deck) -> list[str]:
    with pytest.raises(DeckError) as caught:
        load_deck(write_deck(tmp_path, rules, **deck))
    return [str(problem) for problem in caught.value.problems]


def test_a_description_loads_with_its_defaults(tmp_path):
    deck = load_deck(write_deck(tmp_path, EIGHTS))
    rules = deck.described
    assert deck.game is None and dict(deck.rules) == {}
    assert rules.ranks == ("1", "2", "3", "4")
    assert rules.setup[0] == m.Deal(to="hand", count=m.Count(2, ((2, 3),)))
    assert rules.setup[0].count.for_players(2) == 3 and rules.setup[0].count.for_players(4) == 2
    wild, match, draw, pass_ = rules.play.moves
    assert wild.cond.wild == m.Where((("rank", ("4",)),)) and not wild.cond.has_tests
    assert wild.then == (m.EffectStep("name_suit", attr="suit"),)
    assert match.cond.match == ("suit", "rank") and match.source == "hand" and match.to == "pile"
    assert draw == m.DrawMove(then="continue", when="no_play")
    assert pass_.when == "no_other"
    assert rules.end == m.End(round="first_out", rounds=1) and rules.winner.kind == "first_out"
    assert rules.score == () and rules.teams == "none" and rules.trump.kind == "none"
    assert (wild.at.line, wild.at.column) == place(tmp_path, "play: {if: {wild")  # the list item's place


def test_language_texts_stay_the_decks_own_rules(tmp_path):
    path = write_deck(tmp_path, "  en: Play as you like.\n")
    deck = load_deck(path)
    assert deck.described is None and deck.rules["en"] == "Play as you like."
    assert is_description({"play": {}}) and not is_description({"en": "text"}) and not is_description("text")


def test_every_mistake_is_placed_and_named_in_one_run(tmp_path):
    rules = (EIGHTS.replace("match: [suit, rank]", "mach: [suit, rank]")
             .replace("then: [name_suit]", "then: [name_sut]")
             .replace("winner: first_out", "winner: first_ot")
             .replace("to: pile}", "to: piles}"))
    found = problems(tmp_path, rules)
    shown = str(tmp_path / "deck.yaml")
    expected = [place(tmp_path, "piles"), place(tmp_path, "name_sut"), place(tmp_path, "mach"),
                place(tmp_path, "first_ot")]
    assert [tuple(int(n) for n in p.split(": ", 1)[0].rsplit(":", 2)[-2:]) for p in found] == expected
    assert found[0].endswith("rules.setup[1].turn_up.to: unknown value 'piles'; did you mean 'pile'? "
                             "(one of: stock, pile, hand, table, won, middle)")
    assert "rules.play.moves[0].play.then[0]: unknown effect 'name_sut'; did you mean 'name_suit'?" in found[1]
    assert "rules.play.moves[1].play.if.mach: unknown key 'mach'; did you mean 'match'?" in found[2]
    assert "rules.winner: unknown value 'first_ot'; did you mean 'first_out'?" in found[3]
    assert all(p.startswith(shown) for p in found)


def test_card_values_and_attributes_are_checked_against_the_cards(tmp_path):
    rules = """  ranks: ["1", "2", "3"]
  setup: [deal: {count: 2, where: {suit: rde}}]
  play:
    moves: [play: {if: {match: colour}}]
  trump: gren
"""
    found = problems(tmp_path, rules)
    assert any("rules.ranks: the cards also have the rank 4: list every rank, low to high" in p for p in found)
    assert any("rules.setup[0].deal.where.suit: no card has suit 'rde'; did you mean 'red'?" in p for p in found)
    assert any("rules.play.moves[0].play.if.match: no card has the attribute 'colour'" in p for p in found)
    assert any("rules.trump: unknown trump 'gren'" in p and "none, turn_up or a suit: red, blue" in p for p in found)


def test_structure_mistakes(tmp_path):
    rules = """  play:
    style: trick
    moves:
      - draw: {}
      - draw: {count: 2}
      - shuffle: {}
  end: {round: hands_empty, game: {rounds: by_deck, score: 10}}
"""
    found = problems(tmp_path, rules)
    assert any("rules.play.style: unknown value 'trick'; did you mean 'tricks'?" in p for p in found)
    assert any("rules.play.moves[1]: 'draw' is listed twice (also moves[0])" in p for p in found)
    assert any("rules.play.moves[2].shuffle: unknown entry 'shuffle'" in p for p in found)
    assert any("rules.end.game: rounds: by_deck plays every round the cards allow; leave out score" in p
               for p in found)


def test_a_description_and_a_bundled_game_exclude_each_other(tmp_path):
    path = write_deck(tmp_path, EIGHTS)
    path.write_text("game: prsi\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert "a deck whose rules are described as data names no game" in str(caught.value)


def test_a_turns_game_needs_moves(tmp_path):
    found = problems(tmp_path, "  play: {style: turns}\n")
    assert any("rules.play: a turns game needs 'moves'" in p for p in found)


@pytest.mark.parametrize("wrong, right, said", [
    ("  play:\n", "  paly:\n", "rules.paly: unknown key 'paly'; did you mean 'play'?"),
    ("    moves:\n", "    move:\n", "rules.play.move: unknown key 'move'; did you mean 'moves'?"),
])
def test_a_misspelt_play_or_moves_is_one_problem_not_two(tmp_path, wrong, right, said):
    """`paly:` was named twice: as an unknown key meaning 'play', and as 'play' missing."""
    found = problems(tmp_path, EIGHTS.replace(wrong, right, 1))
    assert len(found) == 1 and said in found[0], found


def test_every_key_the_parser_reads_is_documented(project_root):
    from deckforge.rules import parse, parse_play

    doc = (project_root / "docs" / "rules-format.md").read_text(encoding="utf-8")
    tables = [parse.RULES_KEYS, parse.SETUP_KEYS, parse.SCORE_KEYS, parse_play.MOVE_KEYS, parse_play.ALWAYS_KEYS,
              parse_play.TRICK_KEYS, parse_play.REVEAL_KEYS, parse_play.CONDITION_KEYS]
    keys = {key for table in tables for key in table}
    keys |= {key for table in tables if isinstance(table, dict) for keys_of in table.values() for key in keys_of}
    missing = sorted(key for key in keys if f"`{key}`" not in doc)
    assert missing == []


def test_a_deck_that_extends_a_bundled_game_plays_its_own_description(tmp_path):
    """House rules for Prší: the bundled cards, names and art, the maker's description instead of the game."""
    path = tmp_path / "deck.yaml"
    path.write_text("extends: prsi\nid: house-prsi\nrules:\n  play:\n    style: turns\n    moves:\n"
                    "      - play: {if: {match: [suit, rank]}}\n      - draw: {}\n"
                    "  setup: [{deal: {to: hand, count: 5}}, {turn_up: {to: pile}}]\n"
                    "  end: {round: first_out}\n  winner: first_out\n", encoding="utf-8")
    deck = load_deck(path)
    base = load_deck("prsi")
    assert deck.game is None and deck.described is not None
    assert [card.id for card in deck.cards] == [card.id for card in base.cards]
    assert deck.template == base.template
    path.write_text("game: prsi\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert "a deck whose rules are described as data names no game" in str(caught.value)


def test_name_suit_needs_cards_with_a_suit(tmp_path):
    """Naming a suit where the cards have none would leave the next player nothing to lay and stop every game;
    the loader says so at the effect and names the attribute the maker can name instead."""
    path = write_deck(tmp_path, EIGHTS.replace("match: [suit, rank]", "match: [colour, rank]"))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("suits:\n  - {id: red, name: {en: Red}}\n  - {id: blue, name: {en: Blue}}\n", "")
                    .replace(", suit: ", ", colour: "), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    found = [str(problem) for problem in caught.value.problems]
    line, column = place(tmp_path, "name_suit")
    assert any(f"deck.yaml:{line}:{column}: rules.play.moves[0].play.then[0]: name_suit names a suit, but no card "
               "has the attribute 'suit' (the cards have: colour, rank" in p and
               "write {effect: name, attr: colour}" in p for p in found), found
    named = path.read_text(encoding="utf-8").replace("then: [name_suit]", "then: [{effect: name, attr: colour}]")
    path.write_text(named, encoding="utf-8")
    assert load_deck(path).rules is not None


@pytest.mark.parametrize("rules, at, message", [
    (EIGHTS + "  bid: {min: 0}\n", "bid:", "rules.bid: 'bid' belongs to a game of tricks (play: {style: tricks}); "
                                          "this game plays turns: leave it out"),
    (EIGHTS + "  trump: red\n", "trump:", "rules.trump: 'trump' belongs to a game of tricks"),
    (EIGHTS.replace("  winner: first_out\n", "  score: [per_trick: 2]\n  winner: first_out\n"), "per_trick",
     "rules.score[0].per_trick: 'per_trick' scores tricks, which a game of turns has none of"),
    (EIGHTS.replace("  winner: first_out\n", "  winner: highest_score\n"), "winner: highest_score",
     "rules.winner: the winner is the player with the highest score, but no rule scores points"),
    (EIGHTS.replace("  winner: first_out\n", ""), "  ranks:",
     "rules: the winner is the player with the highest score (the default winner), but no rule scores points"),
    (EIGHTS.replace("end: {round: first_out}", "end: {round: first_out, game: {score: 50}}"), "score: 50",
     "rules.end.game.score: the game ends when a player reaches 50 points, but no rule scores points"),
    (EIGHTS.replace("count: {2: 3, default: 2}", "count: all"), "turn_up",
     "rules.setup[1].turn_up: turn_up finds no card: the deal before it gives out the whole stock (count: all)"),
])
def test_parts_that_say_nothing_together_are_refused_where_they_stand(tmp_path, rules, at, message):
    """Each part well formed, together meaningless: the game would play otherwise than its rulebook says (a bid
    in a game without tricks, a winner by points that nobody scores, a card turned up from an empty stock)."""
    found = problems(tmp_path, rules)
    line, _ = place(tmp_path, at)
    assert any(f"deck.yaml:{line}:" in p and message in p for p in found), found


def test_a_tie_rule_needs_a_prize(tmp_path):
    rules = """  ranks: ["1", "2", "3", "4"]
  setup: [deal: {to: hand, count: 2}]
  play: {style: reveal, winner: highest, tie: carry, revealed_to: won}
  score: [per_card: {zone: won, points: 1}]
"""
    found = problems(tmp_path, rules)
    line, _ = place(tmp_path, "tie: carry")
    assert any(f"deck.yaml:{line}:" in p and "rules.play.tie: tie: carry says what becomes of the prize on a tie, "
               "but this game turns up no prize" in p for p in found), found
    assert load_deck(write_deck(tmp_path / "ok", rules.replace("tie: carry, ", ""))).rules is not None


def test_the_fewest_players_defaults_to_one_and_reaches_the_spec(tmp_path):
    """Rules as data named no fewest players, so a Go Fish for one passed validate; `min_players` now says it, and
    a description without it stays what it was (a patience may be written for one)."""
    from deckforge.games import deck_spec

    plain = load_deck(write_deck(tmp_path / "plain", EIGHTS, players=(1, 4)))
    named = load_deck(write_deck(tmp_path / "named", "  min_players: 3\n" + EIGHTS, players=(3, 4)))
    assert plain.described.min_players == 1 and deck_spec(plain).min_players == 1
    assert named.described.min_players == 3 and deck_spec(named).min_players == 3


@pytest.mark.parametrize("value, message", [
    ("0", "rules.min_players: 0 is out of range: expected a whole number from 1 to 20"),
    ("two", "rules.min_players: expected a whole number from 1 to 20, found a text 'two'"),
    ("2.5", "rules.min_players: expected a whole number from 1 to 20, found a decimal number 2.5"),
])
def test_a_wrong_fewest_players_is_refused_at_its_place(tmp_path, value, message):
    found = problems(tmp_path, f"  min_players: {value}\n" + EIGHTS)
    line, column = place(tmp_path, f"min_players: {value}")
    assert f"deck.yaml:{line}:{column + len('min_players: ')}: {message}" in "\n".join(found), found
