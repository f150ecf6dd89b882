"""Decks that name no bundled game, and cards kept in a spreadsheet (CSV, xlsx, ods)."""
import csv
from pathlib import Path

import pytest

from deckforge.errors import DeckError
from deckforge.load import load_deck
from deckforge.validate import validate_deck

DECK = """id: hexduel
name: {en: Hex Duel, cs: Čarodějný souboj}
languages: [en, cs]
players: {min: 2, max: 4}
card_size: poker
rules:
  en: Each turn, play a card. Whoever holds the last card loses.
  cs: Každý tah zahraj kartu. Kdo drží poslední kartu, prohrává.
"""
HEADER = ["id", "count", "name.en", "name.cs", "text.en", "text.cs", "value", "type"]
ROWS = [["ember", "6", "Ember", "Žhavý uhlík", "Strike for 1.", "Úder za 1.", "1", "Fire"],
        ["frost", "4", "Frost", "Mráz", "Strike for 2.", "Úder za 2.", "2", ""]]


def write(folder: Path, cards: str, rows=ROWS, header=HEADER) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text(DECK + f"cards: {cards}\n", encoding="utf-8")
    if cards.endswith(".csv"):
        with open(folder / cards, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([header, *rows])
    return folder


def test_a_deck_without_a_game_loads_with_free_attributes_and_its_rules(tmp_path):
    deck = load_deck(write(tmp_path / "d", "cards.csv"))
    assert deck.game is None and deck.template == "basic"
    ember = deck.card("ember")
    assert (ember.kind, ember.count, ember.name("cs"), ember.get("value"), ember.get("type")) == (
        "card", 6, "Žhavý uhlík", 1, "Fire")
    assert "type" not in deck.card("frost").attrs  # an empty cell is no value
    assert deck.rules["en"].startswith("Each turn")


def test_cards_from_a_spreadsheet_remember_their_row(tmp_path):
    deck = load_deck(write(tmp_path / "d", "cards.csv"))
    source = deck.card("frost").source
    assert source.file.endswith("cards.csv") and source.line == 3


def test_validate_says_plainly_that_no_simulator_applies(tmp_path):
    report = validate_deck(load_deck(write(tmp_path / "d", "cards.csv")))
    assert report.ok
    assert any("names no game" in note and "no simulator" in note for note in report.notes)


@pytest.mark.parametrize("row, column, message", [
    (["x", "six", "X", "X", "", "", "", ""], 2, "expected a whole number"),
    (["Bad Id", "1", "X", "X", "", "", "", ""], 1, "is not a valid id"),
    (["y", "1", "Y", "", "", "", "", ""], 3, "missing the 'cs' translation"),
])
def test_a_bad_cell_is_reported_with_file_row_and_column(tmp_path, row, column, message):
    folder = write(tmp_path / "d", "cards.csv", rows=ROWS + [row])
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    problem = caught.value.problems[0]
    assert (Path(problem.file).name, problem.line, problem.column) == ("cards.csv", 4, column)
    assert message in problem.message


def test_a_header_without_an_id_column_or_with_an_undeclared_language_is_refused(tmp_path):
    header = ["count", "name.en", "name.cs", "name.de"]
    folder = write(tmp_path / "d", "cards.csv", rows=[["1", "A", "B", "C"]], header=header)
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    text = str(caught.value)
    assert "no column 'id'" in text and "'name.de'" in text and "does not declare" in text


def test_an_unknown_effect_in_the_compact_syntax_gets_a_suggestion(tmp_path):
    header = HEADER + ["effects"]
    rows = [ROWS[0] + ["draw(count=2); reverse"], ROWS[1] + ["skp"]]
    folder = write(tmp_path / "d", "cards.csv", rows=rows, header=header)
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert "did you mean 'skip'" in str(caught.value) and ":3:" in str(caught.value)
    rows[1][-1] = "skip(turns=2)"
    deck = load_deck(write(tmp_path / "e", "cards.csv", rows=rows, header=header))
    assert [(e.name, dict(e.params)) for e in deck.card("ember").effects] == [
        ("draw", {"target": "next", "count": 2}), ("reverse", {})]
    assert dict(deck.card("frost").effects[0].params)["turns"] == 2


def test_a_spreadsheet_outside_the_deck_folder_or_of_another_kind_is_refused(tmp_path):
    for name, message in (("../cards.csv", "outside the deck's folder"), ("cards.txt", "spreadsheet"),
                          ("missing.csv", "not in the deck's folder")):
        folder = write(tmp_path / name.replace("/", "_"), "cards.csv")
        text = (folder / "deck.yaml").read_text(encoding="utf-8").replace("cards: cards.csv", f"cards: {name}")
        (folder / "deck.yaml").write_text(text, encoding="utf-8")
        with pytest.raises(DeckError, match="deck.yaml:9:8") as caught:
            load_deck(folder)
        assert message in str(caught.value)


def test_a_workbook_sheet_is_read_by_name(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    folder = write(tmp_path / "d", "{file: cards.xlsx, sheet: Cards}")
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    sheet = book.create_sheet("Cards")
    for row in [HEADER, *ROWS]:
        sheet.append([int(v) if v.isdigit() else v for v in row])
    book.save(folder / "cards.xlsx")
    deck = load_deck(folder)
    assert [c.count for c in deck.cards] == [6, 4]
    (folder / "deck.yaml").write_text((folder / "deck.yaml").read_text().replace("sheet: Cards", "sheet: Cads"))
    with pytest.raises(DeckError, match="no sheet 'Cads'.*Notes, Cards"):
        load_deck(folder)


def test_a_misspelt_column_is_named_once_at_its_header(tmp_path):
    """A misspelt header is wrong in every row: one problem at the header cell, not one (or two) per row."""
    header = ["id", "count", "nmae.en", "name.cs", "text.en", "text.cs", "value", "type"]
    with pytest.raises(DeckError) as caught:
        load_deck(write(tmp_path / "d", "cards.csv", header=header))
    (problem,) = caught.value.problems
    assert (Path(problem.file).name, problem.line, problem.column) == ("cards.csv", 1, 3)
    assert problem.message.startswith("unknown column 'nmae.en'; did you mean 'name.en'?")


def test_the_same_problem_in_every_row_is_said_once(tmp_path):
    """A game's deck with a misspelt attribute column: the unknown key and the missing one, once each, with the
    rows they hold for (a 200-row sheet gave 400 lines)."""
    from knp_helpers import item

    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "deck.yaml").write_text("id: sheet-knp\ngame: kamen-nuzky-papir\nlanguages: [en]\nname: {en: Sheet}\n"
                                      "players: {min: 2, max: 4}\ncard_size: poker\ncards: cards.csv\n",
                                      encoding="utf-8")
    cards = [item(f"c{n}", ("rock", "paper", "scissors")[n % 3], 2) for n in range(9)]
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["id", "count", "kind", "name.en", "itme"],
                                      *[[c["id"], c["count"], "item", c["name"]["en"], c["item"]] for c in cards]])
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    found = [str(problem) for problem in caught.value.problems]
    assert len(found) == 2, found
    assert found[0].endswith("cards.csv:1:5: column 'itme' (9 rows: 2, 3, …, 10): unknown key 'itme'; did you mean "
                             "'item'? (allowed: id, kind, count, name, text, art, effects, item)")
    assert "cards.csv:2:1: 9 rows (2, 3, …, 10): no column 'item' in the sheet (one of: rock, paper, scissors)" \
        in found[1]


def test_an_empty_cell_is_called_an_empty_cell(tmp_path):
    """A spreadsheet's maker knows cells and columns: "missing key 'count'" said nothing to them."""
    rows = [ROWS[0], ["frost", "", "Frost", "Mráz", "Strike for 2.", "Úder za 2.", "2", ""]]
    with pytest.raises(DeckError) as caught:
        load_deck(write(tmp_path / "d", "cards.csv", rows=rows))
    assert [str(p).split("cards.csv:")[1] for p in caught.value.problems] == \
        ["3:2: row 3: the cell in column 'count' is empty"]  # at the empty cell, not the row's first


def test_a_workbook_whose_table_starts_further_in_is_placed_by_the_columns_shown(tmp_path):
    """calamine's rows begin at a sheet's first column holding anything: a table from column B had every problem
    named one column to the left (B3 was "3:1"); a table under a title row was refused without saying why."""
    openpyxl = pytest.importorskip("openpyxl")
    folder = write(tmp_path / "d", "cards.xlsx")
    rows = [HEADER, ROWS[0], ["frost", "", "Frost", "Mráz", "Strike for 2.", "Úder za 2.", "2", ""]]

    def save(first_row: int, title: str | None = None) -> None:
        book = openpyxl.Workbook()
        book.active["A1"] = title
        for number, row in enumerate(rows, start=first_row):
            for column, value in enumerate(row, start=2):
                book.active.cell(number, column, int(value) if value.isdigit() else value or None)
        book.save(folder / "cards.xlsx")

    save(1)
    assert _messages(folder) == ["cards.xlsx:3:3: row 3: the cell in column 'count' is empty"]  # C3
    rows[2][1] = "4"
    save(1)
    assert [card.count for card in load_deck(folder).cards] == [6, 4]
    for title in (None, "Hex Duel: the cards"):  # under empty rows, or under a title (which named no column)
        save(3, title)
        assert _messages(folder) == ["cards.xlsx:1:1: the first row must name the columns: id, count, "
                                     "name.<lang>, …; they are in row 3: delete the rows above it"]


def _messages(folder: Path) -> list[str]:
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    return [str(problem).split(f"{folder.name}/", 1)[1] for problem in caught.value.problems]


def test_a_misspelt_key_is_said_once_with_the_key_it_stands_for(tmp_path):
    """'cuont: 7' was reported twice, as an unknown key and as 'count' missing; 'card_size: {width: 70, ...}'
    four times. Where the unknown key's message names the missing key, that is all that is said."""
    from knp_helpers import item, write_deck

    card = item("rock", "rock", 3)
    card["cuont"] = card.pop("count")
    deck = write_deck(tmp_path / "knp", [card, item("paper", "paper", 3), item("scissors", "scissors", 3)])
    deck.write_text(deck.read_text(encoding="utf-8").replace('"card_size": "poker"',
                                                              '"card_size": {"width": 63, "height": 88}'),
                    encoding="utf-8")
    found = _messages(deck.parent)
    assert [m.split(": ", 2)[1:] for m in found] == [
        ["card_size.width", "unknown key 'width'; did you mean 'width_mm'? (allowed: width_mm, height_mm)"],
        ["card_size.height", "unknown key 'height'; did you mean 'height_mm'? (allowed: width_mm, height_mm)"],
        ["cards[0].cuont", "unknown key 'cuont'; did you mean 'count'? (allowed: id, kind, count, name, text, "
                           "art, effects, item)"]], found


def test_a_homemade_cards_misspelt_key_is_named_beside_the_missing_one(tmp_path):
    """A deck with no game takes any key as a free attribute, so 'cuont' is no error of its own; the missing
    'count' names it, in a deck file and in a spreadsheet's header."""
    folder = write(tmp_path / "yaml", "[{id: a, cuont: 2, name: {en: A, cs: A}}]")
    assert _messages(folder) == ["deck.yaml:9:9: cards[0]: missing key 'count'; is 'cuont' a misspelling of it?"]
    folder = write(tmp_path / "sheet", "cards.csv", header=["id", "cuont", *HEADER[2:]])
    assert _messages(folder) == ["cards.csv:1:2: no column 'count' (every card needs one); is 'cuont' a "
                                 "misspelling of it?"]
    folder = write(tmp_path / "far", "cards.csv", header=["id", "copies", *HEADER[2:]])
    assert _messages(folder) == ["cards.csv:1: no column 'count' (every card needs one)"]


def test_a_csv_saved_by_excel_in_windows_1250_is_named_with_its_row_and_how_to_save_it(tmp_path):
    """Czech Excel's plain "CSV" is Windows-1250 with semicolons: the message said only "at byte 93"."""
    folder = write(tmp_path / "d", "cards.csv")
    rows = [HEADER, *ROWS]
    (folder / "cards.csv").write_bytes("\r\n".join(";".join(row) for row in rows).encode("cp1250"))
    assert _messages(folder) == ["cards.csv:2: not UTF-8 text (byte 0x8e: a cell that reads 'Žhavý uhlík' in "
                                 "Windows-1250, the encoding Excel's plain 'CSV' format uses for Czech); save the "
                                 "sheet as 'CSV UTF-8' (Excel) or with the character set 'Unicode (UTF-8)' "
                                 "(LibreOffice)"]
    (folder / "cards.csv").write_bytes("\r\n".join(";".join(row) for row in rows).encode("utf-8-sig"))
    assert load_deck(folder).card("ember").name("cs") == "Žhavý uhlík"  # the same sheet saved as CSV UTF-8


def test_a_deck_file_saved_in_windows_1250_shows_the_word_and_how_to_save_it(tmp_path):
    """It said only "the file is not UTF-8 text (byte 0xc8); save it as UTF-8"."""
    folder = write(tmp_path / "d", "cards.csv")
    deck = folder / "deck.yaml"
    deck.write_bytes(deck.read_text(encoding="utf-8").encode("cp1250"))
    assert _messages(folder) == ["deck.yaml:2:26: the file is not UTF-8 text (byte 0xc8: 'Čarodějný' in "
                                 "Windows-1250, as Windows editors save Czech text by default); save it as UTF-8 "
                                 "(in Notepad: Save as, Encoding UTF-8)"]


def test_a_sheet_with_only_its_header_is_named_at_the_deck_files_cards(tmp_path):
    """It said "cards.csv:9:8: cards: the deck has no cards": the sheet's name with the deck file's place."""
    folder = write(tmp_path / "d", "cards.csv", rows=[])
    assert _messages(folder) == ["deck.yaml:9:8: cards: cards.csv has no card rows below its header; add a row for "
                                 "each card"]


def test_a_csv_saved_as_utf16_is_named_as_such(tmp_path):
    """Excel's "Unicode Text" is UTF-16: it was called Windows-1250, with NUL bytes in the cell it quoted."""
    folder = write(tmp_path / "d", "cards.csv")
    (folder / "cards.csv").write_bytes("\r\n".join(",".join(row) for row in [HEADER, *ROWS]).encode("utf-16"))
    (message,) = _messages(folder)
    assert message.startswith("cards.csv:1: the file is UTF-16 text (Excel's 'Unicode Text' format), not CSV in "
                              "UTF-8; save the sheet as 'CSV UTF-8'") and "\0" not in message


@pytest.mark.parametrize("second_row, said", [
    # a stray quote read the rest of the file into one card's name, up to the next quote in it
    ('frost,4,"Frost,Mráz,Strike for 2.,Úder za 2.,2,\nice,1,Ice,Led,"Strike, then draw.",Úder.,3,Water',
     'cards.csv:3:3: the quote that opens this cell closes only on line 4: the lines between would be part of '
     'this cell; end the cell with a quote, and write a quote inside it twice ("")'),
    ('frost,4,"Frost,Mráz,Strike for 2.,Úder za 2.,2,',
     'cards.csv:3:3: the quote that opens this cell is never closed: the rest of the file would be this cell; end '
     'the cell with a quote, and write a quote inside it twice ("")'),
    # an unquoted comma in a text shifts every cell after it, and the last falls past the header
    ("frost,4,Frost,Mráz,Strike, then draw.,Úder za 2.,2,Water",
     "cards.csv:3:9: the row has cells past the header's 8 columns ('Water'); a text that holds the delimiter must "
     "be in quotes, or the header lacks a column"),
])
def test_a_row_a_quote_or_comma_would_garble_is_refused_at_its_place(tmp_path, second_row, said):
    folder = write(tmp_path / "d", "cards.csv")
    lines = [",".join(HEADER), ",".join(ROWS[0]), second_row]
    (folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _messages(folder) == [said]


def test_quotes_as_spreadsheets_write_them_are_read(tmp_path):
    folder = write(tmp_path / "d", "cards.csv", rows=[ROWS[0], ["frost", "4", "Frost", 'Mráz "Ledový"',
                                                                 "Strike, then\ndraw.", "Úder.", "2", ""]])
    frost = load_deck(folder).card("frost")  # the csv module doubles the quote and quotes the comma and line;
    # the line break inside the cell was lost until 2026-12-04 ("Strike, thendraw.")
    assert frost.name("cs") == 'Mráz "Ledový"' and frost.text("en") == "Strike, then\ndraw."
    every_line_crlf = (folder / "cards.csv").read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    (folder / "cards.csv").write_bytes(every_line_crlf)  # as Excel ends lines, inside a cell too
    assert load_deck(folder).card("frost").text("en") == "Strike, then\ndraw."


def test_a_cell_is_quoted_as_it_holds_its_value_not_as_a_text(tmp_path):
    """Every cell is read as text, so a number typed into a sheet was said to be "a text '2.5'"."""
    rows = [ROWS[0], ["frost", "2.5", "Frost", "Mráz", "Strike for 2.", "Úder za 2.", "2", ""]]
    assert _messages(write(tmp_path / "d", "cards.csv", rows=rows)) == [
        "cards.csv:3:2: row 3.count: expected a whole number from 1 to 1000, found '2.5'"]


def test_the_basic_templates_back_prints_the_decks_back_art_instead_of_its_title(tmp_path):
    """`back.art` on a homemade deck was checked and then never printed: the basic template had no art box there."""
    import pdfplumber
    from PIL import Image

    from deckforge.layout import BuildOptions, build_deck

    folder = write(tmp_path / "d", "cards.csv")
    plain = build_deck(load_deck(folder), BuildOptions(lang="en"), out=tmp_path / "plain.pdf")
    Image.new("RGB", (815, 1110), (120, 40, 90)).save(folder / "back.png", dpi=(300, 300))
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8") + "back:\n  art: back.png\n", encoding="utf-8")
    pictured = build_deck(load_deck(folder), BuildOptions(lang="en"), out=tmp_path / "art.pdf")
    assert not [w for w in pictured.warnings if "never prints" in w or "DPI" in w], pictured.warnings
    with pdfplumber.open(plain.path) as before, pdfplumber.open(pictured.path) as after:
        fronts = len(before.pages[0].images)
        # each back's title, and the page line's deck name; then the page line's alone
        assert before.pages[1].extract_text().count("Hex Duel") > 1 and not before.pages[1].images
        assert after.pages[1].extract_text().count("Hex Duel") == 1  # the picture instead of frame and title
        assert after.pages[1].images and len(after.pages[0].images) == fronts  # on the backs only


def _formula_workbook(folder: Path, formulas: dict[str, str]) -> Path:
    """The sheet of HEADER and ROWS as openpyxl writes it, with `formulas` (cell -> formula) in place of values:
    each formula without a result, as a script's workbook holds it."""
    openpyxl = pytest.importorskip("openpyxl")
    write(folder, "cards.xlsx")
    book = openpyxl.Workbook()
    for row in [HEADER, *ROWS]:
        book.active.append([int(v) if v.isdigit() else v for v in row])
    for cell, formula in formulas.items():
        book.active[cell] = formula
    book.save(folder / "cards.xlsx")
    return folder / "cards.xlsx"


def _with_results(workbook: Path, results: dict[str, tuple[str | None, str]]) -> None:
    """Give formula cells the results a spreadsheet program saves beside them: cell -> (type, value)."""
    import re
    import zipfile

    with zipfile.ZipFile(workbook) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode("utf-8")
    for cell, (kind, value) in results.items():
        typed = f' t="{kind}"' if kind else ""
        sheet, done = re.subn(rf'<c r="{cell}"([^>]*)><f>([^<]*)</f><v\s*/?>(</v>)?',
                              rf'<c r="{cell}"\1{typed}><f>\2</f><v>{value}</v>', sheet)
        assert done == 1, cell
    parts["xl/worksheets/sheet1.xml"] = sheet.encode("utf-8")
    with zipfile.ZipFile(workbook, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_a_formula_without_its_result_is_named_at_its_cell(tmp_path):
    """calamine reads a formula's saved result; a script's workbook has none, and the cell read as empty: the
    count was "missing", a text formula silently printed no text."""
    folder = tmp_path / "d"
    _formula_workbook(folder, {"B3": "=2*2"})
    assert _messages(folder) == ["cards.xlsx:3:2: the cell B3 holds a formula (=2*2) whose result the workbook does "
                                 "not keep (a program wrote it without calculating); deckforge reads results, not "
                                 "formulas: open the workbook in a spreadsheet program (LibreOffice Calc, Excel) "
                                 "and save it, which keeps every result, or type the values instead of the formulas"]
    _formula_workbook(folder, {"E2": '=C2&" strikes."', "E3": '=C3&" strikes."', "F2": "=E2", "F3": "=E3",
                               "G3": "=G2+1"})
    (message,) = _messages(folder)
    assert message.startswith("cards.xlsx:2:5: the cells E2, F2, E3 and 2 more hold formulas whose results the "
                              "workbook does not keep")


def test_a_formula_with_its_saved_result_reads_as_the_result(tmp_path):
    folder = tmp_path / "d"
    workbook = _formula_workbook(folder, {"B3": "=2*2", "E3": '=C3&" strikes."', "H3": '=""'})
    _with_results(workbook, {"B3": (None, "4"), "E3": ("str", "Frost strikes."), "H3": ("str", "")})
    frost = load_deck(folder).card("frost")
    assert (frost.count, frost.text("en"), frost.get("type")) == (4, "Frost strikes.", None)
