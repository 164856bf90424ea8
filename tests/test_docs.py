"""The docs name every decision kind, primitive, static, trigger and keyword the code has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gaenv.engine import decisions, effects, events, keywords, selectors, statics

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize("kind", decisions.DECISION_KINDS)
def test_engine_doc_lists_decision_kind(kind: str) -> None:
    assert f"`{kind}`" in (DOCS / "engine.md").read_text()


@pytest.mark.parametrize("name", [*effects.PRIMITIVES, *statics.STATICS, *events.TRIGGERS,
                                  *events.EVENTS, *keywords.KEYWORDS, *selectors.NAMED_SELECTORS,
                                  *selectors.SELECTOR_MODES, *selectors.FILTER_KEYS,
                                  *selectors.CONDITION_KEYS, *selectors.AMOUNT_KINDS,
                                  *effects.PLAYER_SELECTORS])
def test_cards_doc_lists_language_element(name: str) -> None:
    assert f"`{name}`" in (DOCS / "cards.md").read_text()


def test_observation_doc_layout_is_current() -> None:
    from gaenv.cards.schema import default_pool
    from gaenv.env.observation import Encoder, compact_markdown, markdown

    text = (DOCS / "observation.md").read_text()
    generated = text.split("<!-- generated -->\n", 1)[1].split("<!-- end generated -->", 1)[0]
    assert generated == markdown(Encoder(default_pool())), "run `gaenv layout` and update"
    compact = text.split("<!-- generated compact -->\n", 1)[1].split(
        "<!-- end generated compact -->", 1)[0]
    assert compact == compact_markdown(Encoder(default_pool())), "run `gaenv layout`, update"


def test_docs_give_the_observation_size() -> None:
    """Wherever the docs or the README count the observation's floats or card slots, the
    count is the encoder's, full or compact (docs/training.md once said 11,839 floats for
    11,838)."""
    from gaenv.cards.schema import default_pool
    from gaenv.env.observation import Encoder

    encoder = Encoder(default_pool())
    compact = Encoder(default_pool(), compact=True).observation_size
    texts = [p.read_text() for p in [*DOCS.glob("*.md"), DOCS.parent / "README.md"]]
    for pattern, sizes in ((r"(\d[\d,]*) floats", {encoder.size, compact}),
                           (r"(\d[\d,]*) card slots", {len(encoder.card_slots())})):
        counts = {int(n.replace(",", "")) for text in texts for n in re.findall(pattern, text)}
        assert counts == sizes, pattern
