"""Cards kept in a spreadsheet: `cards: cards.csv` (or `.xlsx`, `.ods`; a workbook may name its sheet with
`cards: {file: cards.xlsx, sheet: Cards}`) instead of a YAML list.

One row is one card; the header row (row 1) names the columns: `id`, `count`, `kind`, `name.<lang>`,
`text.<lang>`, `art`, `effects` and any other column as a card attribute. The rows become the same nested
mappings a YAML card list gives, each value marked with its row and column, so the deck loader checks them with
the same rules and every problem names the spreadsheet, its row (as the spreadsheet numbers it) and its column.
CSV is read with the standard library; workbooks with python-calamine (a maintained Rust reader of xlsx and ods).

`effects` has a compact form, one effect after another separated by `;`, each an effect name with optional
`key=value` parameters in brackets: `draw(target=next, count=2); reverse`.
"""
from __future__ import annotations

import csv
import os
import re
from pathlib import Path

from ..errors import DeckError, Problem, display_path, windows_1250_reading
from ..limits import (MAX_SPREADSHEET_BYTES, MAX_SPREADSHEET_COLUMNS, MAX_SPREADSHEET_ROWS,
                      MAX_SPREADSHEET_UNPACKED_BYTES, check_size, read_bytes)
from .check import closest, nearest
from .yamlread import MarkedMap, MarkedSeq

SUFFIXES = (".csv", ".xlsx", ".ods")
SNIFFED_CHARS = 16_384  # of the header row, enough to tell its delimiter
_EFFECT = re.compile(r"^\s*([a-z_]+)\s*(?:\((.*)\))?\s*$")


class Sheet:
    """The rows of one sheet as text cells, with the name errors use for it ("cards.csv", "cards.xlsx[Cards]")."""

    def __init__(self, path: Path, sheet: str | None):
        self.path, self.sheet = path, sheet
        self.shown = display_path(path) + (f"[{sheet}]" if sheet else "")
        rows = _read_csv(path) if path.suffix.lower() == ".csv" else _read_workbook(path, sheet, self.shown)
        self.rows = _within_limits(rows, self.shown)

    def problem(self, row: int | None, column: int | None, message: str) -> Problem:
        return Problem(self.shown, row, column, "", message)


def _within_limits(rows, shown: str) -> list[list[str]]:
    """Take rows one by one as text cells, refusing the sheet at the first row or column past the limits."""
    kept = []
    try:
        for number, row in enumerate(rows, start=1):
            if number > MAX_SPREADSHEET_ROWS + 1:  # the header row, then the card rows
                raise _too_many_rows(shown)
            if len(row) > MAX_SPREADSHEET_COLUMNS and any(str(cell).strip() for cell in row[MAX_SPREADSHEET_COLUMNS:]):
                raise _too_many_columns(shown, number)
            kept.append([_cell_text(cell) for cell in row[:MAX_SPREADSHEET_COLUMNS]])
    except csv.Error as exc:  # a NUL byte, a cell past the csv module's size limit
        raise DeckError([Problem(shown, len(kept) + 1, None, "", f"cannot read the row: {exc}")]) from None
    return kept


def _too_many_rows(shown: str) -> DeckError:
    return DeckError([Problem(shown, MAX_SPREADSHEET_ROWS + 2, 1, "", f"more than {MAX_SPREADSHEET_ROWS:,} card "
                                                                      f"rows; deckforge handles at most "
                                                                      f"{MAX_SPREADSHEET_ROWS:,}")])


def _too_many_columns(shown: str, row: int) -> DeckError:
    return DeckError([Problem(shown, row, MAX_SPREADSHEET_COLUMNS + 1, "", f"more than {MAX_SPREADSHEET_COLUMNS} "
                                                                           f"columns; deckforge reads at most "
                                                                           f"{MAX_SPREADSHEET_COLUMNS}")])


def _not_utf8(shown: str, raw: bytes, at: int) -> Problem:
    """Say where a CSV file stops being UTF-8, the cell as Windows-1250 would read it (Excel's plain "CSV" saves
    Czech text so), and how to save the sheet as UTF-8."""
    guess = windows_1250_reading(raw, at, b",;\t\r").strip('"')
    seen = (f": a cell that reads '{guess[:40]}' in Windows-1250, the encoding Excel's plain 'CSV' format uses for "
            "Czech" if guess else "")
    return Problem(shown, raw[:at].count(b"\n") + 1, None, "",
                   f"not UTF-8 text (byte 0x{raw[at]:02x}{seen}); save the sheet as 'CSV UTF-8' (Excel) or with the "
                   "character set 'Unicode (UTF-8)' (LibreOffice)")


def _read_csv(path: Path):
    raw = read_bytes(path, MAX_SPREADSHEET_BYTES, "a spreadsheet")
    shown = display_path(path)
    start = raw[:1024]
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or start.count(0) >= max(2, len(start) // 4):  # every other byte
        raise DeckError([Problem(shown, 1, None, "", "the file is UTF-16 text (Excel's 'Unicode Text' format), not "
                                                     "CSV in UTF-8; save the sheet as 'CSV UTF-8' (Excel) or with "
                                                     "the character set 'Unicode (UTF-8)' (LibreOffice)")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DeckError([_not_utf8(shown, raw, exc.start)]) from None
    try:
        header = text[:SNIFFED_CHARS].split("\n", 1)[0]
        delimiter = csv.Sniffer().sniff(header, delimiters=",;\t").delimiter  # its time grows with the text
    except csv.Error:
        delimiter = ","
    return _csv_rows(text.splitlines(keepends=True), delimiter, shown)  # lazily: _within_limits stops at the limit


def _csv_rows(lines: list[str], delimiter: str, shown: str):
    """Yield the rows of a CSV text as Excel and LibreOffice write it (a quote inside a quoted cell doubled).

    A cell that starts with a quote runs to the next quote: a stray one (`"Liška 3,Fox 3,...`) would swallow the
    cells and rows up to the next quote in the file, or to its end. The strict reader refuses both, named at the
    row and column where the quote opens."""
    reader = csv.reader(lines, delimiter=delimiter, quotechar='"', doublequote=True, strict=True)
    done = 0  # lines read by the rows yielded so far
    try:
        for row in reader:
            yield row
            done = reader.line_num
    except csv.Error as exc:
        text = str(exc)
        if "expected after" not in text and "end of data" not in text:
            raise  # a NUL byte, a cell past the size limit: _within_limits names the row
        opened = lines[done] if done < len(lines) else ""
        column = _quoted_column(opened, delimiter)
        if "end of data" in text:
            said = "is never closed: the rest of the file would be this cell"
        elif reader.line_num > done + 1:
            said = f"closes only on line {reader.line_num}: the lines between would be part of this cell"
        else:
            said = "closes before the cell ends"
        raise DeckError([Problem(shown, done + 1, column, "", f"the quote that opens this cell {said}; end the cell "
                                                              "with a quote, and write a quote inside it twice "
                                                              "(\"\")")]) from None


def _quoted_column(line: str, delimiter: str) -> int | None:
    """Return the 1-based column of the last cell on `line` that starts with a quote (the one left open)."""
    column, start, inside, opened = 1, True, False, None
    for char in line:
        if inside:
            inside = char != '"'
        elif char == delimiter:
            column, start = column + 1, True
            continue
        elif start and char == '"':
            inside, opened = True, column
        start = False
    return opened


def _read_workbook(path: Path, sheet: str | None, shown: str):
    from python_calamine import CalamineWorkbook

    check_size(path, MAX_SPREADSHEET_BYTES, "a spreadsheet")
    archive = _archive(path)  # what deckforge reads of the file itself, opened once
    try:
        _check_unpacked(path, archive)
        try:
            book = CalamineWorkbook.from_path(str(path))
        except Exception as exc:  # noqa: BLE001  (calamine raises its own errors for damaged files)
            raise DeckError([Problem(display_path(path), None, None, "", f"cannot read the workbook: {exc}")]) from None
        names = book.sheet_names
        if sheet is None:
            sheet = names[0] if names else None
        if sheet not in names:
            raise DeckError([Problem(display_path(path), None, None, "cards.sheet",
                                     f"no sheet '{sheet}' in the workbook (its sheets: {', '.join(names)})")])
        table = book.get_sheet_by_name(sheet)
        if table.height > MAX_SPREADSHEET_ROWS + 1:  # measured before a cell is turned into a Python value
            raise _too_many_rows(shown)
        if table.width > MAX_SPREADSHEET_COLUMNS:
            raise _too_many_columns(shown, 1)
        if archive is not None and path.suffix.lower() == ".xlsx":
            _check_formula_results(archive, sheet, shown)
    finally:
        if archive is not None:
            archive.close()
    # calamine's rows start at the sheet's first column that holds anything: pad them, so that a sheet whose
    # cards begin in column B names the columns a spreadsheet program shows
    skipped = table.start[1] if table.start else 0
    return ([""] * skipped + row for row in table.iter_rows()) if skipped else table.iter_rows()


def _archive(path: Path):
    """Return the workbook opened as the zip archive it is, or None where it is none (calamine names the fault)."""
    import zipfile

    try:
        return zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError):
        return None


def _check_unpacked(path: Path, archive) -> None:
    """Refuse a workbook (a zip archive) whose parts unpack to more than the limit: calamine holds a whole sheet."""
    if archive is None:
        return  # calamine names what is wrong with it
    unpacked = sum(item.file_size for item in archive.infolist())
    if unpacked > MAX_SPREADSHEET_UNPACKED_BYTES:
        raise DeckError([Problem(display_path(path), None, None, "", f"the workbook unpacks to "
                                 f"{unpacked // 2**20:,} MB; deckforge reads workbooks that unpack to at most "
                                 f"{MAX_SPREADSHEET_UNPACKED_BYTES // 2**20} MB")])


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_RELATION = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_CELL = re.compile(r"([A-Z]+)(\d+)")
SHOWN_CELLS = 3  # formula cells named in the problem; the rest are counted


def _check_formula_results(archive, sheet: str, shown: str) -> None:
    """Refuse a sheet with formulas whose results the file does not keep. A spreadsheet program saves each
    formula's last result beside it, which is what calamine reads; a workbook written by a program (openpyxl, a
    script) has the formula alone, and its cell read as empty: a card without its name, count or text."""
    missing = _formulas_without_results(archive, sheet)
    if not missing:
        return
    ref, formula = missing[0]
    found = _CELL.fullmatch(ref)
    row, column = (int(found.group(2)), _column_number(found.group(1))) if found else (None, None)
    if len(missing) == 1:
        what = f"the cell {ref} holds a formula{f' (={formula})' if formula else ''} whose result"
    else:
        cells = [cell for cell, _ in missing[:SHOWN_CELLS]]
        if len(missing) > SHOWN_CELLS:
            cells.append(f"{len(missing) - SHOWN_CELLS} more")
        what = f"the cells {', '.join(cells[:-1])} and {cells[-1]} hold formulas whose results"
    raise DeckError([Problem(shown, row, column, "", f"{what} the workbook does not keep (a program wrote it "
                             "without calculating); deckforge reads results, not formulas: open the workbook in a "
                             "spreadsheet program (LibreOffice Calc, Excel) and save it, which keeps every result, "
                             "or type the values instead of the formulas")])


def _formulas_without_results(archive, sheet: str) -> list[tuple[str, str]]:
    """Return the reference and formula of each formula cell of an xlsx sheet (in its open zip archive) that holds
    no result: no value, or an empty one where the cell is not text (an empty text is a formula's result)."""
    import io
    import zipfile
    from xml.etree import ElementTree

    try:
        book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        ids = [entry.get(_RELATION) for entry in book.iter(_MAIN + "sheet") if entry.get("name") == sheet]
        relations = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        target = next((entry.get("Target") for entry in relations if ids and entry.get("Id") == ids[0]), None)
        if target is None:
            return []
        data = archive.read(target.lstrip("/") if target.startswith("/") else f"xl/{target}")
    except (KeyError, zipfile.BadZipFile, ElementTree.ParseError, OSError):
        return []  # calamine has read the sheet; only a sheet found here can be checked
    if b"<f" not in data and b":f" not in data:
        return []  # no formula at all (the usual workbook): not parsed
    missing = []
    try:
        for _, element in ElementTree.iterparse(io.BytesIO(data)):  # each element as it ends
            if element.tag == _MAIN + "c":
                formula, value = element.find(_MAIN + "f"), element.find(_MAIN + "v")
                if formula is not None and element.get("t", "n") == "n" and not (
                        value is not None and (value.text or "").strip()):
                    missing.append((element.get("r", ""), (formula.text or "").strip()))
                element.clear()
            elif element.tag == _MAIN + "row":
                element.clear()  # its cells are read: a sheet of 5,000 rows is not held whole
    except ElementTree.ParseError:
        return []
    return missing


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _cell_text(value: object) -> str:
    """Return a cell as the text a CSV would hold: whole numbers without '.0', booleans as true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value).replace("\r\n", "\n").replace("\r", "\n")  # a cell's line breaks


def card_items(sheet: Sheet, languages: tuple[str, ...], typed: dict[str, str]) -> MarkedSeq:
    """Turn the sheet's rows into a card list, each value marked with its place; `typed` maps attribute names to
    their type ("int", "bool", ...) so numbers and flags arrive as the loader expects them."""
    rows = sheet.rows
    named = {"id", "count"}  # the columns every sheet has: a row holding both is the header
    header = [cell.strip() for cell in rows[0]] if rows else []
    if not named <= set(header):  # an empty first row, or a title above the table
        later = next((number for number, row in enumerate(rows[1:50], start=2)
                      if named <= {cell.strip() for cell in row}), None)
        if later is not None or not any(header):
            moved = f"; they are in row {later}: delete the rows above it" if later else ""
            raise DeckError([sheet.problem(1, 1, "the first row must name the columns: id, count, name.<lang>, …"
                                                 + moved)])
    _check_header(sheet, header, languages)
    if sheet.path.suffix.lower() == ".csv":
        _check_row_lengths(sheet, len(header))
    items = MarkedSeq()
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue  # an empty row between groups of cards
        card = _card(header, row, number, typed)
        items.lc.add_kv_line_col(len(items), [number - 1, 0])
        items.append(card)
    return items


_MISSING_KEY = re.compile(r"^missing key '([^']+)'")


def in_sheet_words(problems: list[Problem], sheet: Sheet) -> list[Problem]:
    """Say a missing key of a row in a spreadsheet's words: an empty cell of a column it has, or a column it
    lacks (a maker of a spreadsheet knows cells and columns, not keys); and a cell's value as what it holds, not
    as "a text" (every cell is read as text: "found a text '2.5'" said the number typed was something else)."""
    header = {}  # each column's name -> its number, the first where a name is given twice
    for number, cell in enumerate(sheet.rows[0] if sheet.rows else (), start=1):
        header.setdefault(cell.strip(), number)
    said = []
    for problem in problems:
        found = _MISSING_KEY.match(problem.message)
        words, column = problem.message, problem.column
        if found and problem.key_path.startswith("row "):
            key = found.group(1)
            columns = sorted(c for c in header if c == key or c.startswith(f"{key}."))
            words = (f"the cell in column '{columns[0]}' is empty" if columns
                     else f"no column '{key}' in the sheet") + problem.message[found.end():]
            column = header[columns[0]] if columns else column  # the empty cell itself, not the row's first
        elif problem.key_path.startswith("row "):
            words = words.replace(", found a text '", ", found '")
        if words != problem.message or column != problem.column:
            problem = Problem(problem.file, problem.line, column, problem.key_path, words)
        said.append(problem)
    return said


def same_in_every_row(problems: list[Problem]) -> list[Problem]:
    """Say once what goes wrong the same way in several rows (a misspelt column header is wrong in every row): one
    problem naming the column and its rows, at the column's header, instead of one per row. `problems` are a
    sheet's, in order; the key path of a row's problem starts `row <n>`."""
    groups: dict[object, list[Problem]] = {}
    for problem in problems:
        row, _, column_name = problem.key_path.partition(".")
        key = (problem.column, column_name, problem.message) if row.startswith("row ") else id(problem)
        groups.setdefault(key, []).append(problem)
    merged = []
    for found in groups.values():
        if len(found) < 2:
            merged.extend(found)
            continue
        first, rows = found[0], _rows([p.line for p in found])
        column_name = first.key_path.partition(".")[2]
        if column_name:
            merged.append(Problem(first.file, 1, first.column, f"column '{column_name}' ({len(found)} rows: {rows})",
                                  first.message))
        else:
            merged.append(Problem(first.file, first.line, first.column, f"{len(found)} rows ({rows})", first.message))
    return merged


def _rows(rows: list[int | None]) -> str:
    known = [r for r in rows if r is not None]
    if len(known) > 3:
        return f"{known[0]}, {known[1]}, …, {known[-1]}"
    return ", ".join(str(r) for r in known)


def _check_row_lengths(sheet: Sheet, columns: int) -> None:
    """Refuse CSV rows with filled cells past the header's last column: most often a text with a comma (or the
    file's delimiter) that is not in quotes, which shifts every cell after it; they would be left out unsaid."""
    problems = []
    for number, row in enumerate(sheet.rows[1:], start=2):
        extra = [cell for cell in row[columns:] if cell.strip()]
        if extra:
            shown = ", ".join(f"'{cell.strip()[:20]}'" for cell in extra[:3]) + (", …" if len(extra) > 3 else "")
            problems.append(sheet.problem(number, columns + 1, f"the row has cells past the header's {columns} "
                                                               f"columns ({shown}); a text that holds the "
                                                               "delimiter must be in quotes, or the header lacks "
                                                               "a column"))
    if problems:
        raise DeckError(problems)


def _check_header(sheet: Sheet, header: list[str], languages: tuple[str, ...]) -> None:
    problems = []
    seen: dict[str, int] = {}
    for column, name in enumerate(header, start=1):
        if not name:
            continue
        if name in seen:
            problems.append(sheet.problem(1, column, f"the column '{name}' appears twice (first in column "
                                                     f"{seen[name]})"))
        seen[name] = column
        base, dot, lang = name.partition(".")
        if dot and base not in ("name", "text"):
            known = [f"{kind}.{code}" for kind in ("name", "text") for code in languages]
            problems.append(sheet.problem(1, column, f"unknown column '{name}'{nearest(name, known)} (a column "
                                                     "with a dot is a card's name or text in one language: "
                                                     f"{', '.join(known)}; an attribute's name has no dot)"))
        elif base in ("name", "text") and lang and lang not in languages:
            problems.append(sheet.problem(1, column, f"the column '{name}' is for the language '{lang}', which the "
                                                     f"deck does not declare (languages: {', '.join(languages)})"))
    for needed in ("id", "count"):
        if needed not in seen:
            near = closest(needed, [name for name in seen if name not in ("id", "count")])
            problems.append(sheet.problem(1, seen[near] if near else None,
                                          f"no column '{needed}' (every card needs one)"
                                          + (f"; is '{near}' a misspelling of it?" if near else "")))
    if not any(name.startswith("name.") for name in seen):
        problems.append(sheet.problem(1, None, "no name column: add one per language, e.g. "
                                               + ", ".join(f"name.{lang}" for lang in languages)))
    if problems:
        raise DeckError(problems)


def _card(header: list[str], row: list[str], number: int, typed: dict[str, str]) -> MarkedMap:
    """Return one row as a card mapping; every key and value marked at (row, column)."""
    card = MarkedMap()
    card.lc.line, card.lc.col = number - 1, 0
    nested: dict[str, MarkedMap] = {}
    for column, name in enumerate(header):
        value = row[column].strip() if column < len(row) else ""
        if not name or value == "":
            continue
        place = [number - 1, column, number - 1, column]
        base, dot, lang = name.partition(".")
        if dot and base in ("name", "text"):
            inner = nested.get(base)
            if inner is None:
                inner = nested[base] = MarkedMap()
                inner.lc.line, inner.lc.col = number - 1, column
                card[base] = inner
                card.lc.add_kv_line_col(base, place)
            inner[lang] = value
            inner.lc.add_kv_line_col(lang, place)
            continue
        card[name] = _typed(name, value, typed, number, column)
        card.lc.add_kv_line_col(name, place)
    return card


def _typed(name: str, value: str, typed: dict[str, str], number: int, column: int) -> object:
    """Return a cell's value as the loader expects it: counts and numeric attributes as numbers, flags as
    booleans, effects as a list; anything that does not convert stays text, so the loader reports it."""
    kind = "int" if name == "count" else typed.get(name)
    if name == "effects":
        return _effects(value, number, column)
    if kind == "int" and re.fullmatch(r"[+-]?\d+", value):
        return int(value)
    if kind == "bool" and value.lower() in ("true", "false", "yes", "no", "1", "0"):
        return value.lower() in ("true", "yes", "1")
    # a rank stays text, as in the standard decks and the rules format ("2" ... "10", J): a card design that
    # draws pips by `rank in ('8', '9', '10')` would see a number and draw none
    if kind is None and re.fullmatch(r"[+-]?\d+", value) and name not in ("id", "kind", "art", "rank"):
        return int(value)
    return value


def _effects(value: str, number: int, column: int) -> MarkedSeq | str:
    """Parse `draw(target=next, count=2); reverse` into effect mappings; leave bad text for the loader."""
    effects = MarkedSeq()
    for i, part in enumerate(p for p in value.split(";") if p.strip()):
        match = _EFFECT.match(part)
        if not match:
            return value
        effect = MarkedMap(effect=match.group(1))
        effect.lc.line, effect.lc.col = number - 1, column
        effect.lc.add_kv_line_col("effect", [number - 1, column, number - 1, column])
        for pair in (p for p in (match.group(2) or "").split(",") if p.strip()):
            key, eq, raw = pair.partition("=")
            if not eq:
                return value
            raw = raw.strip()
            effect[key.strip()] = int(raw) if re.fullmatch(r"[+-]?\d+", raw) else raw
            effect.lc.add_kv_line_col(key.strip(), [number - 1, column, number - 1, column])
        effects.lc.add_kv_line_col(i, [number - 1, column])
        effects.append(effect)
    return effects


def cards_csv(deck) -> str:
    """Return a deck's cards as the text of a cards.csv that loads back to the same cards (`deckforge new
    --spreadsheet`). Attributes that are mappings have no cell form: refuse them, naming the card."""
    import io

    from ..errors import DeckforgeError

    attrs = list(dict.fromkeys(name for card in deck.cards for name in card.attrs))
    nested = [(card.id, name) for card in deck.cards for name, value in card.attrs.items() if hasattr(value, "keys")]
    if nested:
        card_id, name = nested[0]
        raise DeckforgeError(f"card '{card_id}': the attribute '{name}' is a mapping, which a spreadsheet cell "
                             "cannot hold; keep this deck's cards in YAML")
    header = ["id", "count", "kind", *(f"name.{lang}" for lang in deck.languages),
              *(f"text.{lang}" for lang in deck.languages), "art", "effects", *attrs]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for card in deck.cards:
        # the art's path as the deck file gives it: the art is resolved, the folder may be relative (`--from src`)
        art = Path(os.path.relpath(card.art.resolve(), deck.folder.resolve())).as_posix() \
            if card.art and deck.folder else ""
        effects = "; ".join(e.name + (f"({', '.join(f'{k}={v}' for k, v in e.params.items())})" if e.params else "")
                            for e in card.effects)
        writer.writerow([card.id, card.count, card.kind, *(card.names.get(lang, "") for lang in deck.languages),
                         *(card.texts.get(lang, "") for lang in deck.languages), art, effects,
                         *(_cell(card.attrs.get(name)) for name in attrs)])
    return out.getvalue()


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
