"""Benchmark: what the template budgets cost, as the ratio of deckforge's sandbox to Jinja2's plain sandbox.

Every card face renders a few small templates, so the figure that matters is the time of one small render. Both
environments render the same card-template expressions (a title, a condition, a loop, a `~` join, a filter) over
the cards of a bundled deck, in the same run, so the ratio means the same on a loaded or an idle machine.

Run by hand: `python benchmarks/bench_sandbox.py [--repeat 5] [--deck wizard]`. Each figure is the best of
--repeat runs.
"""
from __future__ import annotations

import argparse
import time

from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from deckforge.layout.context import BuildContext, card_context
from deckforge.load import load_deck
from deckforge.load.card_template import load_card_template
from deckforge.sandbox import CARD_SECONDS, LimitedSandbox, render

SOURCES = (
    "{{ name }}",
    "{{ name | upper }}{% if count > 1 %} ×{{ count }}{% endif %}",
    "{% for word in name.split() %}{{ word[0] ~ '.' }}{% endfor %}",
    "{{ '%s (%d)' % (name, count) }}",
)


def seconds(env, contexts: list[dict], plain: bool) -> float:
    templates = [env.from_string(source) for source in SOURCES]
    start = time.perf_counter()
    for context in contexts:
        for template in templates:
            template.render(context) if plain else render(template, context, CARD_SECONDS)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--deck", default="wizard")
    args = parser.parse_args()
    deck = load_deck(args.deck)
    build = BuildContext(deck, deck.languages[0], deck.players.default_players, False, load_card_template(deck))
    contexts = [card_context(build, card, 1) for card in deck.cards] * 20
    plain = SandboxedEnvironment(autoescape=False, undefined=StrictUndefined)
    limited = LimitedSandbox(autoescape=False, undefined=StrictUndefined)
    base = min(seconds(plain, contexts, True) for _ in range(args.repeat))
    ours = min(seconds(limited, contexts, False) for _ in range(args.repeat))
    renders = len(contexts) * len(SOURCES)
    print(f"{renders} renders: plain sandbox {base * 1e6 / renders:.0f} µs each, deckforge's sandbox "
          f"{ours * 1e6 / renders:.0f} µs each: ratio {ours / base:.2f}")


if __name__ == "__main__":
    main()
