"""The ``choose_any`` selector ("Game Mechanics - Objects and Targeting": objects chosen as
the effect resolves are not targets) and its translator template "choose any amount"
(gaenv/cards/mechanics.py), with invented cards. The real cards that use it are checked by
tests/realcards/unknown_stats/."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pool_with

from gaenv import scenario
from gaenv.cards.schema import CardPool
from gaenv.cards.translate import translate
from gaenv.engine.game import Game

EXTRA = """set: test-choose-any
cards:
  - name: Test Frost Waltz
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - counters: {target: {choose_any: {not: {type: champion}}}, kind: buff, amount: 2}
"""


@pytest.fixture(scope="module")
def any_pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), EXTRA)


def _resolving(pool: CardPool, tmp_path: Path) -> Game:
    path = tmp_path / "waltz.yaml"
    path.write_text("""name: waltz
rules: Game Mechanics - Objects and Targeting
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Frost Waltz]
      field: [Hearth Warden]
    - lineage: [Spirit of Fire]
      field: [Cinder Acolyte]
steps:
  - activate Test Frost Waltz
  - pass
  - pass
""")
    sc = scenario.load(path)
    game = scenario.build(sc, pool)
    for i, step in enumerate(sc.data["steps"]):
        scenario.run_step(game, step, f"step {i}")
    return game


def test_each_object_once_until_none_is_left(tmp_path: Path, any_pool: CardPool) -> None:
    """The controller chooses one object at a time (champions do not fit), never one
    already chosen; with none left the step acts on those chosen, without asking again."""
    game = _resolving(any_pool, tmp_path)
    decision = game.decision
    assert decision is not None and decision.player == 0
    assert sorted(decision.texts()) == ["choose Cinder Acolyte (player 1)",
                                        "choose Hearth Warden (player 0)", "choose nothing"]
    game.step("choose Cinder Acolyte (player 1)")
    assert game.decision is not None
    assert sorted(game.decision.texts()) == ["choose Hearth Warden (player 0)", "choose nothing"]
    game.step("choose Hearth Warden (player 0)")
    state = game.state
    assert state.stack == [] and not state.frames
    counters = {state.cards[c].defn.name: state.cards[c].counters.get("buff", 0)
                for p in state.players for c in p.zones["field"]}
    assert counters == {"Hearth Warden": 2, "Cinder Acolyte": 2}


def test_choosing_nothing(tmp_path: Path, any_pool: CardPool) -> None:
    game = _resolving(any_pool, tmp_path)
    game.step("choose nothing")
    state = game.state
    assert not any(state.cards[c].counters for p in state.players for c in p.zones["field"])


def test_choose_any_amount_template() -> None:
    out = translate("Invented Waltz", "action", "Choose any amount of allies you control and "
                    "deal 1 damage to each of them.")
    assert out.status == "full" and out.fields == {"effect": [{"deal_damage": {
        "amount": 1, "target": {"choose_any": {"controller": "you", "type": "ally"}}}}]}
    # a step that is not about each of them is not this shape
    assert translate("Invented Waltz", "action",
                     "Choose any amount of allies and draw a card.").status != "full"
