"""deckforge never writes its inputs: after every command the deck folder is byte-for-byte as it was."""
import hashlib
import os
import shutil
from pathlib import Path

from click.testing import CliRunner

from deckforge.cli import main

ROOT = Path(__file__).resolve().parents[2]


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_commands_leave_the_deck_folder_untouched(tmp_path: Path) -> None:
    deck = tmp_path / "deck"
    shutil.copytree(ROOT / "decks" / "kamen-nuzky-papir", deck)
    before = snapshot(deck)
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        for args in (["show", str(deck), "--json"], ["validate", str(deck), "--players", "2"],
                     ["simulate", str(deck), "--games", "5"], ["build", str(deck), "--backs", "none"],
                     ["rulebook", str(deck), "--format", "html"]):
            result = CliRunner().invoke(main, args)
            assert result.exit_code == 0, (args, result.output)
    finally:
        os.chdir(here)
    assert snapshot(deck) == before
    written = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "output").rglob("*") if p.is_file())
    assert written == ["output/kamen-nuzky-papir/kamen-nuzky-papir-4p-cs.pdf",
                       "output/kamen-nuzky-papir/kamen-nuzky-papir-rules-cs.html"]
