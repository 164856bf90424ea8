"""Every card in the pool has a test: a file under tests/ that names it (tests/scenarios/cards/
holds one scenario per card; rules scenarios and Python tests count too)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaenv.cards.schema import default_pool

TESTS = Path(__file__).parent
TEXT = "\n".join(p.read_text() for p in sorted(TESTS.rglob("*"))
                 if p.suffix in (".py", ".yaml") and p.name != Path(__file__).name)


@pytest.mark.parametrize("name", [c.name for c in default_pool().cards])
def test_card_has_a_test(name: str) -> None:
    assert name in TEXT, f"no test or scenario names {name!r}"


def test_every_card_has_its_own_scenario_file() -> None:
    """tests/scenarios/cards/ exercises each card's own text (vanilla cards may share)."""
    cards_dir = TESTS / "scenarios" / "cards"
    text = "\n".join(p.read_text() for p in cards_dir.rglob("*.yaml"))
    missing = [c.name for c in default_pool().cards if c.name not in text]
    assert missing == []
