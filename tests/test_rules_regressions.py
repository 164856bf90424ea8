"""Rules bugs found in review, each pinned by a test (cards made up for the purpose)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pool_with, run_scenario

from gaenv import scenario
from gaenv.cards.schema import CardFileError, CardPool, load_pool
from gaenv.engine import statics

EXTRA = """set: test
cards:
  - name: Test Burn Draw
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - deal_damage: {amount: 20, target: opponent_champion}
      - draw: 1
  - name: Test Ally Booster
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {modify_stats: {life: 2, applies_to: {type: ally}}}
  - name: Test Plain Relic
    type: item
    supertypes: [unique]
    element: norm
    reserve_cost: 0
  - name: Test Sighted Strike
    type: attack
    element: norm
    reserve_cost: 1
    power: 2
    keywords: [true_sight]
  - name: Test Hidden Guard
    type: ally
    element: norm
    reserve_cost: 2
    power: 1
    life: 3
    keywords: [stealth, intercept]
  - name: Test Dawn Bell
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: phase_begins, filter: {phase: materialize, player: you}}
        effect: [draw: 1]
      - trigger: {event: phase_begins, filter: {phase: wake_up, player: you}}
        effect: [recover: 1]
      - trigger: {event: phase_begins, filter: {phase: draw, player: you}}
        effect: [recover: 2]
"""


@pytest.fixture(scope="module")
def extra_pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), EXTRA)


_run = run_scenario


def test_lethal_damage_and_deck_out_together_draw(tmp_path: Path, extra_pool: CardPool) -> None:
    """General Rules - Ending the Game: players who lose at the same time draw. The
    opponent's champion dies and the caster decks out in one resolution; the reason
    gives each player's loss, in seat order (`gaenv.core.outcome`)."""
    _run(tmp_path, extra_pool, """name: burn and deck out
rules: General Rules - Ending the Game
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Burn Draw]
    - lineage: [Spirit of Water]
      deck: [Quick Study]
steps: [activate Test Burn Draw, pass, pass]
expect:
  winner: draw
""")
    game = scenario.build(scenario.load(tmp_path / "s.yaml"), extra_pool)
    for step in ("activate Test Burn Draw", "pass", "pass"):
        game.step(scenario.match_option(game, step))
    assert (game.outcome, game.reason) == ("draw", "player 0 had to draw from an empty deck; "
                                                   "player 1's champion Spirit of Water died")


def test_ally_life_modifiers_keep_it_alive(tmp_path: Path, extra_pool: CardPool) -> None:
    """State-based Checks and Effects (Damage): an ally dies at damage >= its modified life."""
    _run(tmp_path, extra_pool, """name: booster
rules: State-based Checks and Effects
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Ember Bolt, Quick Study]
      field: [Test Ally Booster, Sparring Knight]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study]
steps: [activate Ember Bolt, "target Sparring Knight (player 0)", pay with Quick Study, pass, pass]
expect:
  players.0.field: [Test Ally Booster, Sparring Knight]
  players.0.field.1.damage: 2
  players.0.field.1.life: 4
""")


def test_unique_object_without_abilities_clashes(tmp_path: Path, extra_pool: CardPool) -> None:
    """Card Types - Supertypes 1: a second Unique object of a name, one with no abilities
    (no source of statics), still makes the state-based checks ask which to keep."""
    _run(tmp_path, extra_pool, """name: plain unique
rules: Card Types - Supertypes (Unique); State-based Checks
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Plain Relic]
      field: [Test Plain Relic]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study]
steps: [activate Test Plain Relic, pass, pass]
expect:
  decision.player: 0
  decision.kind: keep_unique
  decision.options: ["keep Test Plain Relic #1", "keep Test Plain Relic #2"]
""")


@pytest.mark.parametrize(("card", "message"), [
    ("{name: Odd, type: action, element: norm, reserve_cost: 0, memory_cost: 3}",
     "field memory_cost: only champions and regalia have a memory cost"),
    ("{name: Odd, type: item, element: norm, reserve_cost: 1, abilities: [{static: "
     "{modify_stats: {power: 1, applies_to: {type: alley}}}}]}",
     r"applies_to.type\[0\]: expected one of"),
    ("{name: Odd, type: item, element: norm, reserve_cost: 1, abilities: [{static: "
     "{modify_cost: {cost: reserve, op: add, amount: 1, applies_to: {element: fyre}}}}]}",
     r"applies_to.element\[0\]: expected one of"),
    ("{name: Odd, type: action, element: norm, reserve_cost: 1, keywords: [[floating_memory]]}",
     r"field keywords\[0\]: expected a keyword name"),
    ("{name: Odd, type: action, element: norm, reserve_cost: 1, effect: "
     "[{level_up: {player: each_player}}]}", r"level_up.player: expected one of you, opponent"),
])
def test_schema_closes_review_holes(tmp_path: Path, card: str, message: str) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(f"set: t\ncards:\n  - {card}\n")
    with pytest.raises(CardFileError, match=message) as info:
        load_pool([path])
    assert str(path) in str(info.value), "card file errors give the file's full path"


def test_filter_defaults_are_not_shared_mutable_dicts(tmp_path: Path) -> None:
    path = tmp_path / "plain.yaml"
    path.write_text("set: t\ncards:\n  - {name: Plain, type: item, element: norm, "
                    "reserve_cost: 1, abilities: [{static: {modify_stats: {power: 1}}}]}\n")
    node = load_pool([path]).get("Plain").abilities[0].static
    assert node is not None
    applies_to = node.args["applies_to"]
    assert applies_to == {}
    assert applies_to is not statics.STATICS["modify_stats"]["applies_to"][2]
    with pytest.raises(TypeError):
        applies_to["type"] = ("ally",)  # type: ignore[index]


def test_same_target_reuses_the_previous_target(tmp_path: Path) -> None:
    """One declared target, two effects on it."""
    path = tmp_path / "same.yaml"
    path.write_text("set: t\ncards:\n  - {name: Double Tap, type: action, element: norm, "
                    "reserve_cost: 0, effect: [{deal_damage: {amount: 1, target: target_ally}}, "
                    "{boost: {target: same_target, power: 2}}]}\n")
    card = load_pool([path]).get("Double Tap")
    assert [t.name for t in card.targets] == ["target_ally"]
    assert [n.args["_slot"] for n in card.effect] == [0, 0]
    bad = tmp_path / "bad.yaml"
    bad.write_text("set: t\ncards:\n  - {name: Orphan, type: action, element: norm, "
                   "reserve_cost: 0, effect: [{boost: {target: same_target, power: 2}}]}\n")
    with pytest.raises(CardFileError, match=r"'Orphan': field effect: same_target needs"):
        load_pool([bad])


_DAWN_BELL = """name: a trigger of a phase without opportunity of its own
rules: Turn Order - Wake Up Phase 1; Materialize Phase 2 and 3; Draw Phase 1 and 2
setup:
  phase: {phase}
  players:
    - lineage: [Spirit of Fire]
      champion: {{damage: 3}}
      field: [Test Dawn Bell]
      material: [Mentor's Tome]
      memory: [Quick Study]
      deck: [Drifting Thought, Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study]
steps: [{steps}]
expect:
  phase: {then}
  decision.kind: {kind}
  players.0.champion.damage: {damage}
  players.0.hand.count: {hand}
"""


@pytest.mark.parametrize(("phase", "steps", "then", "kind", "damage", "hand"), [
    # Wake Up Phase 1: its trigger (recover 1) waits on the stack in the wake up phase.
    ("wake_up", "", "wake_up", "opportunity", 3, 0),
    # ... and resolves there; then Materialize Phase 2: its beginning trigger (draw) goes
    # on the stack and resolves before the materialization step (3) is offered.
    ("wake_up", "pass, pass, pass, pass", "materialize", "materialize", 2, 1),
    # Draw Phase 1 and 2: the card is drawn, then the phase's trigger (recover 2) gives
    # opportunity in the draw phase, before the main phase begins.
    ("draw", "", "draw", "opportunity", 3, 1),
])
def test_phase_triggers_resolve_in_their_phase(tmp_path: Path, extra_pool: CardPool, phase: str,
                                               steps: str, then: str, kind: str, damage: int,
                                               hand: int) -> None:
    """Triggers of wake up, materialize and draw go on the stack and resolve in that phase,
    with opportunity, before it goes on (a made-up card: none of the pool triggers there)."""
    _run(tmp_path, extra_pool, _DAWN_BELL.format(phase=phase, steps=steps, then=then, kind=kind,
                                                 damage=damage, hand=hand))


def test_intercept_redirect_reads_the_attack_cards_keywords(tmp_path: Path,
                                                             extra_pool: CardPool) -> None:
    """Keywords - Intercept 1, True Sight 1, Stealth 3: an attack card with True Sight may be
    redirected to a Stealth ally with Intercept. The attack's keywords are its attacker's,
    weapon's and attack card's: the card in the intent zone counts after the declaration."""
    _run(tmp_path, extra_pool, """name: intercepted by a stealthy guard
rules: Keywords - Intercept 1; Keywords - True Sight 1
seed: 2569
setup:
  turn_player: 0
  phase: main
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Sighted Strike, Quick Study]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      field: [Test Hidden Guard]
      deck: [Quick Study]
steps:
  - activate Test Sighted Strike
  - pay with Quick Study
  - pass
  - pass
  - target Spirit of Water (player 1)
  - pass
  - pass
  - "yes"
  - {pass_until: main}
expect:
  players.1.champion.damage: 0
  players.1.field.0.damage: 2
""")
