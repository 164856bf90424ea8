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
  - name: Test Dull Edge
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - lose: {target: target_your_ally, keyword: critical}
  - name: Test Hone Edge
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - grant: {target: target_your_ally, keyword: critical, amount: 2}
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


@pytest.mark.parametrize(("first", "second", "need"), [
    ("Test Dull Edge", "Test Hone Edge", 2),   # removed, then Critical 2 granted: 2
    ("Test Hone Edge", "Test Dull Edge", 0),   # granted, then every Critical removed
])
def test_keyword_removed_then_granted_keeps_only_the_later_grant(
        tmp_path: Path, extra_pool: CardPool, first: str, second: str, need: int) -> None:
    """Continuous Effects, Layers D in timestamp order: Savage Marauder's printed Critical
    1, removed and then granted Critical 2, has Critical 2 (the removed instance does not
    come back with the grant); granted and then removed, it has none. Critical is asked
    of the defending player for N cards (Keywords - Critical N 1)."""
    asked = (f"""expect:
  decision.kind: critical
  decision.options: [discard {need} cards, take double damage]""" if need else """expect:
  players.1.champion.damage: 2""")
    run_scenario(tmp_path, extra_pool, f"""name: critical removed and granted
rules: Continuous Effects, Layers D; Keywords - Critical N
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [{first}, {second}]
      field: [Savage Marauder]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      hand: [Quick Study, Quick Study, Quick Study]
      deck: [Quick Study, Quick Study]
steps:
  - activate {first}
  - target Savage Marauder (player 0)
  - pass
  - pass
  - activate {second}
  - target Savage Marauder (player 0)
  - pass
  - pass
  - attack with Savage Marauder
  - target Spirit of Water (player 1)
  - pass
  - pass
  - pass
  - pass
{asked}
""")
