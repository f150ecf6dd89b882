"""docs/spells.md and docs/simulator.md against the code: every effect, parameter and range; examples that play."""
import json
import re
from pathlib import Path

from click.testing import CliRunner

from deckforge.cli import main
from deckforge.load import load_deck
from deckforge.sim.runner import simulate
from deckforge.vocab import EFFECTS

DOCS = Path(__file__).resolve().parents[2] / "docs"
SPELLS = (DOCS / "spells.md").read_text(encoding="utf-8")
SIMULATOR = (DOCS / "simulator.md").read_text(encoding="utf-8")


def section(name: str) -> str:
    start = SPELLS.index(f"## `{name}`")
    end = SPELLS.find("\n## ", start + 1)
    return SPELLS[start:end]


def test_every_effect_has_a_section_with_its_parameters_ranges_and_defaults():
    for name, spec in EFFECTS.items():
        text = section(name)
        for param, field in spec.params.items():
            row = next((line for line in text.splitlines() if line.startswith(f"| `{param}`")), None)
            assert row, f"{name}: parameter {param} is not in its table"
            if field.type == "int":
                assert f"{field.low}–{field.high}" in row, f"{name}.{param}: range"
            assert all(f"`{choice}`" in row for choice in field.choices), f"{name}.{param}: choices"
            assert str(field.default) in row, f"{name}.{param}: default"
        assert "```yaml" in text, f"{name}: no example card"


def test_the_example_spells_load_and_get_played(tmp_path):
    blocks = re.findall(r"```yaml\n(.*?)```", SPELLS, flags=re.S)
    cards = "".join(block for block in blocks if block.startswith("  - id: "))
    (tmp_path / "deck.yaml").write_text(f"extends: kamen-nuzky-papir\nid: doc-spells\nlanguages: [cs, en]\ncards:\n{cards}",
                                        encoding="utf-8")
    deck = load_deck(tmp_path)
    examples = re.findall(r"^  - id: ([\w-]+)", cards, flags=re.M)
    assert len(examples) == len(EFFECTS) + 2  # the opening example, one per effect, several effects
    summary = simulate(deck, 4, games=60, seed=1, policy="greedy")
    assert not [card for card in examples if not summary.plays_by_card[card]]
    assert set(summary.effects) == set(EFFECTS)


def test_every_json_key_of_simulate_is_documented():
    output = CliRunner().invoke(main, ["simulate", "wizard", "--games", "2", "--json"]).output
    keys = json.loads(output)
    assert [key for key in keys if f"`{key}`" not in SIMULATOR] == []
