"""Hostile templates end fast in a one-line `file:line: message`, never a hang, gigabytes or a traceback.

Card templates (a deck's own `<id>.yaml`) go through `build`, rulebook templates (a deck's own `rulebook/`)
through `rulebook`; both evaluate in `deckforge/sandbox.py`. Each case ends within seconds: the budgets stop it.
"""
import base64
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckforge import sandbox
from deckforge.cli import main
from launcher import run_deckforge

ROOT = Path(__file__).resolve().parents[2]
CARD_TEXT = 'text: "{{ name }}"'


def copy_deck(tmp_path: Path) -> Path:
    target = tmp_path / "deck"
    shutil.copytree(ROOT / "decks" / "kamen-nuzky-papir", target)
    return target / "deck.yaml"


def with_card_text(tmp_path: Path, text: str) -> tuple[Path, Path]:
    """Return a deck whose own card template `evil.yaml` prints `text` as every card's title."""
    deck = copy_deck(tmp_path)
    source = (ROOT / "templates" / "cards" / "basic.yaml").read_text(encoding="utf-8")
    assert CARD_TEXT in source
    template = deck.parent / "evil.yaml"
    template.write_text(source.replace(CARD_TEXT, f"text: {text}", 1), encoding="utf-8")
    deck.write_text(deck.read_text(encoding="utf-8").replace("template: kamen-nuzky-papir", "template: evil"),
                    encoding="utf-8")
    return deck, template


def run(*args: str) -> subprocess.CompletedProcess:
    """Run deckforge in a process of its own, with a time limit and 3 GB of address space: a template that
    escaped the budgets fails the test instead of hanging it or filling the machine."""
    return run_deckforge(list(args), ROOT, 120, 3 * 2**30)  # forked from a warm launcher (launcher.py)


def build(deck: Path, out: Path) -> subprocess.CompletedProcess:
    return run("build", str(deck), "--backs", "none", "-o", str(out))


def assert_one_line_error(result, out: Path) -> str:
    """Exit code 1, one line of deckforge's own error, no traceback, no output file; return the message."""
    if isinstance(result, subprocess.CompletedProcess):
        code, output = result.returncode, result.stdout + result.stderr
    else:
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        code, output = result.exit_code, result.output
    assert code == 1, output
    assert "Traceback" not in output and not out.exists()
    assert output.startswith("Error: ") and len(output.strip().splitlines()) == 1, output
    return output


def assert_points_at(output: str, template: Path, snippet: str) -> None:
    """The message names the template file and a line of the element that holds `snippet`."""
    match = re.search(rf"{re.escape(template.name)}:(\d+): faces\.", output)
    assert match, output
    line = int(match.group(1))
    element = template.read_text(encoding="utf-8").splitlines()[line - 1:line + 8]
    assert any(snippet in row for row in element), (line, element)


@pytest.mark.parametrize("text, snippet, message", [
    ('"{% for a in range(9999) %}{% for b in range(9999) %}{% for c in range(9999) %}{% endfor %}{% endfor %}'
     '{% endfor %}"', "range(9999)", "ran for more than 2 s and was stopped"),
    ('"{{ 10 ** 100000 }}"', "10 ** 100000", "is too large a number"),
    ("\"{{ 'x' * 10 ** 9 }}\"", "'x' * 10", "would hold 1,000,000,000 characters"),
    ('"{{ range(10 ** 9) | list }}"', "range(10", "a template may count to 10,000 at most"),
    ('"{% macro again(n) %}{{ again(n + 1) }}{% endmacro %}{{ again(0) }}"', "again(n + 1)",
     "calls are nested more than 100 deep"),
    ('"{% set ns = namespace(t=\'ab\') %}{% for i in range(64) %}{% set ns.t = ns.t ~ ns.t %}{% endfor %}'
     '{{ ns.t }}"', "ns.t ~ ns.t", "the joined text would hold"),
    ("\"{{ 'x' | center(10 ** 9) }}\"", "center(", "too large a width or count"),
    ("\"{{ '%999999999d' % 1 }}\"", "999999999d", "too large a width or count"),
    ("\"{% set kept = [] %}{% for i in range(9999) %}{% set _ = kept.append('x' * 900000 ~ i) %}{% endfor %}\"",
     "kept.append", "took more than 256 MB of memory"),
])
def test_a_hostile_card_template_fails_fast_with_its_place(tmp_path: Path, text: str, snippet: str,
                                                          message: str) -> None:
    deck, template = with_card_text(tmp_path, text)
    output = assert_one_line_error(build(deck, tmp_path / "cards.pdf"), tmp_path / "cards.pdf")
    assert message in output
    assert_points_at(output, template, snippet)
    assert "cannot render" in output


def test_a_hostile_condition_fails_fast_with_its_place(tmp_path: Path) -> None:
    deck, template = with_card_text(tmp_path, '"{{ name }}"\n        when: "(\'x\' * 10 ** 8) | length > 0"')
    output = assert_one_line_error(build(deck, tmp_path / "cards.pdf"), tmp_path / "cards.pdf")
    assert "cannot evaluate the condition" in output and "would hold 100,000,000 characters" in output
    assert_points_at(output, template, "when:")


@pytest.mark.parametrize("command", ["build", "validate"])
def test_a_template_out_of_time_on_a_later_element_is_run_out_once(tmp_path: Path, monkeypatch, command) -> None:
    """The type sizes are planned over every card in every language before the first face is drawn, and validate
    plans every face in every language; a rule text that runs out of its time must stop both at once, not spend
    the budget again on each of the deck's faces (it did: 30 cards in 3 languages, 81 s for build, 84 s and 42
    copies of the message for validate), and be named as the face's drawing names it."""
    from deckforge.layout import faces

    monkeypatch.setattr(faces, "CARD_SECONDS", 0.2)  # the real budget is 2 s; the mechanism is the same
    spent = []

    def counted(template, context, seconds):
        try:
            return sandbox.render(template, context, seconds)
        except sandbox.TemplateProblem as exc:
            spent.append(exc.spent)
            raise
    monkeypatch.setattr(faces, "render", counted)
    deck = copy_deck(tmp_path)
    source = (ROOT / "templates" / "cards" / "basic.yaml").read_text(encoding="utf-8")
    body = 'text: "{{ text }}"'  # the rule text, with or without art: after the corner indices and the title
    assert source.count(body) == 2 and source.index(CARD_TEXT) < source.index(body)
    (deck.parent / "evil.yaml").write_text(source.replace(body, 'text: "{% for a in range(9999) %}'
                                                                '{% for b in range(9999) %}{% endfor %}{% endfor %}"'),
                                           encoding="utf-8")
    deck.write_text(deck.read_text(encoding="utf-8").replace("template: kamen-nuzky-papir", "template: evil"),
                    encoding="utf-8")
    out = tmp_path / "cards.pdf"
    if command == "build":
        output = assert_one_line_error(CliRunner().invoke(main, ["build", str(deck), "--backs", "none", "-o",
                                                                 str(out)]), out)
    else:
        result = CliRunner().invoke(main, ["validate", str(deck)])
        output = result.output
        assert result.exit_code == 1 and "Traceback" not in output and "1 problem:" in output, output
    assert spent == [True], spent
    assert len(re.findall("cannot render", output)) == 1, output
    assert re.search(r"deck\.yaml:\d+:\d+: \S*evil\.yaml:\d+: faces\.default\.elements\[\d\] \(body without art\): "
                     r"card '\w+' \(\w\w\): cannot render '.*': the template ran for more than 0\.2 s", output), output


def test_a_legitimate_card_template_still_renders(tmp_path: Path) -> None:
    deck, _ = with_card_text(tmp_path, "\"{{ name ~ ' ' ~ '%d' % (2 ** 10) ~ ' ' ~ 'ab' * 2 }}"
                                       "{% for i in range(2) %}!{% endfor %}\"")
    result = build(deck, tmp_path / "cards.pdf")
    assert result.returncode == 0, result.stderr
    import pdfplumber

    with pdfplumber.open(tmp_path / "cards.pdf") as pdf:
        assert "1024 abab!!" in pdf.pages[0].extract_text()


def with_rulebook(tmp_path: Path, source: str) -> tuple[Path, Path]:
    deck = copy_deck(tmp_path)
    (deck.parent / "rulebook").mkdir()
    template = deck.parent / "rulebook" / "cs.html"
    template.write_text(source, encoding="utf-8")
    return deck, template


def rulebook(deck: Path, out: Path, fmt: str = "html", in_process: bool = False):
    args = ["rulebook", str(deck), "--lang", "cs", "--format", fmt, "-o", str(out)]
    return CliRunner().invoke(main, args) if in_process else run(*args)


def in_goal(body: str) -> str:
    return ('{% extends "kamen-nuzky-papir/cs.html" %}\n{% block goal %}\n'
            '<p>Cíl hry: zbavte se všech karet v ruce jako první.</p>\n' + body + '\n{% endblock %}\n')


@pytest.mark.parametrize("source, line, message", [
    (in_goal("{% if %}"), 4, "Expected an expression"),
    (in_goal("{{ 'x' * 10 ** 9 }}"), 4, "would hold 1,000,000,000 characters"),
    (in_goal("{{ 2 ** 10000000 }}"), 4, "is too large a number"),
    (in_goal("{% for i in range(100001) %}{% endfor %}"), 4, "a template may count to 10,000 at most"),
    (in_goal("{% macro again() %}\n{{ again() }}\n{% endmacro %}\n{{ again() }}"), 5,
     "calls are nested more than 100 deep"),
    ('<p>x</p>\n{% include "cs.html" %}\n', 2, "include, extend or call each other without end"),
])
def test_a_hostile_rulebook_template_fails_with_its_file_and_line(tmp_path: Path, source: str, line: int,
                                                                 message: str) -> None:
    deck, template = with_rulebook(tmp_path, source)
    output = assert_one_line_error(rulebook(deck, tmp_path / "rules.html"), tmp_path / "rules.html")
    assert f"rulebook/cs.html:{line}: " in output and message in output, output


def test_a_rulebook_template_that_loops_for_ever_is_stopped(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(sandbox, "RULEBOOK_SECONDS", 1.0)  # the real budget is 30 s; the mechanism is the same
    deck, _ = with_rulebook(tmp_path, in_goal("{% for a in range(9999) %}{% for b in range(9999) %}"
                                              "{% for c in range(9999) %}{% endfor %}{% endfor %}{% endfor %}"))
    output = assert_one_line_error(rulebook(deck, tmp_path / "rules.html", in_process=True),
                                   tmp_path / "rules.html")
    assert "rulebook/cs.html:4: the template ran for more than 1 s and was stopped" in output


def test_a_rulebook_template_folder_linked_out_of_the_deck_is_refused(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "cs.html").write_text(in_goal("<p>Tajné.</p>"), encoding="utf-8")
    (deck.parent / "rulebook").symlink_to(outside, target_is_directory=True)
    output = assert_one_line_error(rulebook(deck, tmp_path / "rules.html"), tmp_path / "rules.html")
    assert "rulebook is a link that leads outside the deck's folder" in output


SECRET = b"do-not-embed-7f3a9c"


def pdf_streams(path: Path) -> bytes:
    """Every stream of the PDF, decoded: what a reader of the file could get out of it."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        assert "/EmbeddedFiles" not in pdf.Root.get("/Names", {})
        chunks = []
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream):
                chunks.append(obj.read_bytes())
            if isinstance(obj, pikepdf.Dictionary):
                assert obj.get("/Subtype") != "/FileAttachment" and obj.get("/Type") != "/Filespec"
        return b"\n".join(chunks)


@pytest.fixture()
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """A deck folder with a stylesheet and a picture of its own, and a folder outside it with secrets."""
    from PIL import Image

    deck, outside = tmp_path / "deck", tmp_path / "outside"
    deck.mkdir()
    outside.mkdir()
    (deck / "style.css").write_text("p { color: #123456 }", encoding="utf-8")
    Image.new("RGB", (8, 8), "red").save(deck / "ok.png")
    (deck / "notes.txt").write_bytes(SECRET)
    (outside / "secret.txt").write_bytes(SECRET)
    (outside / "secret.css").write_text("p { color: red }", encoding="utf-8")
    Image.new("RGB", (8, 8), "blue").save(outside / "secret.png")
    (deck / "linked.png").symlink_to(outside / "secret.png")
    return deck, outside


@pytest.mark.parametrize("markup", [
    '<link rel="stylesheet" href="{outside}/secret.css">',
    '<img src="{outside}/secret.png">',
    '<img src="{deck}/linked.png">',                      # a link in the deck folder that leads out of it
    '<img src="{deck}/../outside/secret.png">',
    '<img src="../../../../../../../../etc/hostname">',    # relative to deckforge's templates
    '<style>@import url("{outside}/secret.css");</style>',
    '<p style="background: url({outside}/secret.png)">x</p>',
    '<img src="http://127.0.0.1:9/x.png">',
])
def test_the_typesetter_reads_no_file_outside_the_deck(folders, tmp_path: Path, markup: str) -> None:
    from deckforge.errors import BuildError
    from deckforge.rulebook.typeset import write_pdf

    deck, outside = folders
    html = "<p>Pravidla.</p>" + markup.format(deck=deck.as_uri(), outside=outside.as_uri())
    with pytest.raises(BuildError, match="lies outside|fetches nothing from the network"):
        write_pdf(html, tmp_path / "rules.pdf", folders=(deck,))
    assert not (tmp_path / "rules.pdf").exists()


def test_the_typesetter_uses_the_decks_own_files_and_embeds_no_attachment(folders, tmp_path: Path) -> None:
    from deckforge.rulebook.typeset import write_pdf

    deck, outside = folders
    html = (f'<link rel="stylesheet" href="{(deck / "style.css").as_uri()}">'
            f'<link rel="attachment" href="{(deck / "notes.txt").as_uri()}">'
            f'<link rel="attachment" href="{(outside / "secret.txt").as_uri()}">'
            f'<p>Pravidla. <a rel="attachment" href="{(deck / "notes.txt").as_uri()}">poznámky</a></p>'
            f'<img src="{(deck / "ok.png").as_uri()}" style="width: 20mm">')
    write_pdf(html, tmp_path / "rules.pdf", folders=(deck,))
    assert SECRET not in pdf_streams(tmp_path / "rules.pdf")
    import pdfplumber

    with pdfplumber.open(tmp_path / "rules.pdf") as pdf:
        page = pdf.pages[0]
        assert len(page.images) == 1 and "poznámky" in page.extract_text()
        colours = {tuple(round(v * 255) for v in c["non_stroking_color"]) for c in page.chars}
        assert (0x12, 0x34, 0x56) in colours  # the deck's own stylesheet applies


def test_a_rulebook_template_cannot_embed_a_file_from_outside_the_deck(folders, tmp_path: Path) -> None:
    deck_file = copy_deck(tmp_path / "e2e")
    _, outside = folders
    (deck_file.parent / "rulebook").mkdir()
    (deck_file.parent / "rulebook" / "cs.html").write_text(
        in_goal(f'<img src="{(outside / "secret.png").as_uri()}">'), encoding="utf-8")
    out = tmp_path / "rules.pdf"
    output = assert_one_line_error(rulebook(deck_file, out, "pdf"), out)
    assert "secret.png, which lies outside" in output
    # the HTML page inlines the files it names (so that it travels alone): by the same rule
    page = tmp_path / "rules.html"
    output = assert_one_line_error(rulebook(deck_file, page, "html", in_process=True), page)
    assert "secret.png, which lies outside" in output


def test_the_html_rulebook_carries_its_own_fonts_and_pictures(tmp_path: Path) -> None:
    """`--format html` is one standalone page: the fonts and the deck's own pictures it names come inline."""
    deck_file = copy_deck(tmp_path / "e2e")
    from PIL import Image

    Image.new("RGB", (8, 8), "red").save(deck_file.parent / "mine.png")
    (deck_file.parent / "rulebook").mkdir()
    (deck_file.parent / "rulebook" / "cs.html").write_text(
        in_goal(f'<img src="{(deck_file.parent / "mine.png").as_uri()}">'), encoding="utf-8")
    page = tmp_path / "rules.html"
    result = rulebook(deck_file, page, "html", in_process=True)
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert "file:" not in html
    assert html.count("src: url('data:font/woff2;base64,") >= 4   # Open Sans, subset as in the report
    picture = base64.b64encode((deck_file.parent / "mine.png").read_bytes()).decode("ascii")
    assert f'<img src="data:image/png;base64,{picture}">' in html
