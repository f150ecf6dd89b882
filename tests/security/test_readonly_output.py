"""An output in a folder that cannot be written ends in one line naming the output, exit 1, nothing left behind.

Root ignores folder permissions, so as root the commands run without that right (util-linux `setpriv`).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DECKFORGE = [sys.executable, "-m", "deckforge.cli"]
NO_OVERRIDE = ["--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search"]


def deckforge() -> list[str]:
    if os.geteuid() != 0:
        return DECKFORGE
    if not shutil.which("setpriv"):
        pytest.skip("as root, needs setpriv to give up the right to write anywhere")
    return [shutil.which("setpriv"), *NO_OVERRIDE, *DECKFORGE]


@pytest.mark.parametrize("args, message", [
    (["build", "kamen-nuzky-papir", "--players", "2", "--backs", "none", "-o", "ro/cards.pdf"],
     "cannot write ro/cards.pdf: Permission denied"),
    (["build", "kamen-nuzky-papir", "--players", "2", "--backs", "none", "-o", "ro/sub/cards.pdf"],
     "cannot create the folder ro/sub: Permission denied"),
    (["build", "kamen-nuzky-papir", "--players", "2", "--format", "cards-png", "-o", "ro/pngs"],
     "cannot write ro/pngs: Permission denied"),
    (["build", "kamen-nuzky-papir", "--players", "2", "--format", "tts", "-o", "ro/tts"],
     "cannot write ro/tts: Permission denied"),
    (["rulebook", "kamen-nuzky-papir", "--format", "html", "-o", "ro/rules.html"],
     "cannot write ro/rules.html: Permission denied"),
    (["report", "kamen-nuzky-papir", "--games", "2", "--jobs", "1", "-o", "ro/report.html"],
     "cannot write ro/report.html: Permission denied"),
    (["new", "ro/my-deck"], "cannot create ro/my-deck: Permission denied"),
], ids=["build", "missing-folder", "cards-png", "tts", "rulebook", "report", "new"])
def test_a_read_only_folder_gets_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        result = subprocess.run([*deckforge(), *args], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    finally:
        folder.chmod(0o755)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip().splitlines()[-1] == f"Error: {message}", result.stderr
    assert "Traceback" not in result.stderr
    assert os.listdir(folder) == []


def test_a_read_only_output_folder_keeps_its_files(tmp_path: Path) -> None:
    folder = tmp_path / "pngs"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    folder.chmod(0o555)
    try:
        result = subprocess.run([*deckforge(), "build", "kamen-nuzky-papir", "--players", "2", "--format",
                                 "cards-png", "-o", "pngs"], cwd=tmp_path, capture_output=True, text=True,
                                timeout=300)
    finally:
        folder.chmod(0o755)
    assert result.returncode == 1 and "Error: cannot write pngs: Permission denied" in result.stderr, result.stderr
    assert os.listdir(folder) == ["notes.txt"] and [p.name for p in tmp_path.iterdir()] == ["pngs"]


@pytest.mark.parametrize("output, message", [
    ("t.pdf/report.html", "cannot write t.pdf/report.html: t.pdf is a file, not a folder"),
    ("t.pdf/sub/report.html", "cannot create the folder t.pdf/sub: t.pdf is a file, not a folder"),
])
def test_a_file_where_the_output_folder_should_be_is_refused_before_any_game(tmp_path: Path, monkeypatch,
                                                                           output: str, message: str) -> None:
    """`report -o t.pdf/r.html` with t.pdf a file played every game (a minute) and failed only when writing."""
    from click.testing import CliRunner

    import deckforge.report.page as page
    from deckforge.cli import main

    (tmp_path / "t.pdf").write_bytes(b"%PDF-1.4\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(page, "build_report", lambda *args, **kwargs: pytest.fail("games were played"))
    result = CliRunner().invoke(main, ["report", "kamen-nuzky-papir", "-o", output])
    assert result.exit_code == 1 and result.output.strip().splitlines()[-1] == f"Error: {message}", result.output
    assert sorted(os.listdir(tmp_path)) == ["t.pdf"]
