"""Rules faults found by the combat, damage, keyword, trigger and counter audit that the
built-in card pool cannot show, each pinned by a test with cards made up for it (the
others are scenarios under tests/scenarios/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pool_with, run_scenario

from gaenv.cards.schema import CardPool

EXTRA = """set: test
cards:
  - name: Test Grave Send
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move: {target: target_ally, to: graveyard}
"""


@pytest.fixture(scope="module")
def extra_pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), EXTRA)


@pytest.mark.parametrize(("ally", "stays"), [("Undying Revenant", True),
                                            ("Practice Squire", False)])
def test_immortal_object_is_not_moved_to_the_graveyard(
        tmp_path: Path, extra_pool: CardPool, ally: str, stays: bool) -> None:
    """Keywords - Immortality 1: an Immortal object cannot be sent from the field to the
    graveyard, by a move as by destruction; a mortal one can."""
    field, graveyard = (f"[{ally}]", "[]") if stays else ("[]", f"[{ally}]")
    run_scenario(tmp_path, extra_pool, f"""name: moved to the graveyard
rules: Keywords - Immortality 1
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Grave Send]
    - lineage: [Spirit of Water]
      field: [{ally}]
steps: [activate Test Grave Send, "target {ally} (player 1)", pass, pass]
expect:
  players.1.field: {field}
  players.1.graveyard: {graveyard}
  players.0.graveyard: [Test Grave Send]
""")
