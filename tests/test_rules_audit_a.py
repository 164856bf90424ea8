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
  - name: Test Keen Sword
    type: weapon
    element: norm
    reserve_cost: 0
    power: 1
    durability: 2
    keywords: [{critical: 1}]
  - name: Test Keen Strike
    type: attack
    element: norm
    reserve_cost: 0
    power: 1
    keywords: [{critical: 2}]
  - name: Test Blight Moth
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 3
    abilities:
      - on_attack: [{counters: {target: self, kind: wither, amount: 1}}]
  - name: Test Quick Recruit
    type: ally
    element: norm
    speed: fast
    reserve_cost: 0
    power: 1
    life: 1
  - name: Test Unmaking
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - delevel: {player: opponent, min_level: 2}
  - name: Test Blood Price
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    sacrifices: [{type: ally}]
    effect: [draw: 1]
  - name: Test Restless Guard
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
    keywords: [vigor]
    abilities:
      - static: {grant_keyword: {keyword: vigor, applies_to: {self: true}}}
  - name: Test Proud Warden
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 3
    keywords: [intercept, {pride: 2}]
  - name: Test Hexing Glyph
    type: phantasia
    subtypes: [Spell]
    element: norm
    reserve_cost: 0
    abilities:
      - on_end_phase: [{deal_damage: {amount: 1, target: target_unit}}]
  - name: Test Frost Field
    type: domain
    element: norm
    reserve_cost: 0
    abilities:
      - static: {grant_keyword: {keyword: hindered, applies_to: {type: ally, controller: opponent}}}
  - name: Test True Strike
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - deal_damage: {amount: 2, target: target_unit, unpreventable: true}
  - name: Test Reaper Blade
    type: weapon
    element: norm
    reserve_cost: 0
    power: 2
    durability: 2
    abilities:
      - on_kill: [recover: 2]
  - name: Test Proud Banner
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {grant_keyword: {keyword: pride, amount: 3, applies_to: {name: Prideful Knight}}}
  - name: Test Steady Hands
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - grant: {target: target_your_ally, keyword: steadfast}
  - name: Test Unveil
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - lose: {target: target_ally, keyword: stealth}
  - name: Test Sweeping Order
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - grant: {target: target_your_ally, keyword: cleave}
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


def test_critical_instances_of_one_attack_add_up(tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - Critical N 3 and Game Mechanics - Damage 10a-i: a champion's attack is one
    source, so the Critical of its weapon (1) and of its attack card (2) add up: the
    defending player is asked for 3 cards, and declining doubles the damage once:
    (1 + 1) x 2 = 4."""
    run_scenario(tmp_path, extra_pool, """name: critical adds up
rules: Keywords - Critical N 3
setup:
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      hand: [Test Keen Strike]
      field: [Test Keen Sword]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      hand: [Quick Study, Quick Study, Quick Study]
      deck: [Quick Study, Quick Study]
steps:
  - activate Test Keen Strike
  - pass
  - pass
  - target Spirit of Water (player 1)
  - use Test Keen Sword
  - pass
  - pass
  - pass
  - pass
  - take double damage
  - {pass_until: main}
expect:
  players.1.champion.damage: 4
  players.1.hand.count: 3
""")


def test_wither_put_during_combat_waits_for_next_main_phase(
        tmp_path: Path, extra_pool: CardPool) -> None:
    """Game Mechanics - Counters, Wither 5: a wither counter put on during a combat does
    not make a second wither trigger when the main phase resumes (one main phase a turn):
    the Moth keeps its counter through the end of the turn."""
    run_scenario(tmp_path, extra_pool, """name: wither in combat
rules: Game Mechanics - Counters, Wither 5
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Blight Moth]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study, Quick Study]
steps:
  - attack with Test Blight Moth
  - target Spirit of Water (player 1)
  - pass
  - pass            # On Attack: a wither counter on the Moth
  - {pass_until: main}
  - pass
  - pass            # the main phase ends with nothing on the stack
expect:
  phase: end
  players.0.field.0.counters: {wither: 1}
""")


def test_ally_entering_during_cleave_combat_is_not_a_defender(
        tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - Cleave 4: the defenders of a Cleave attack are those at its declaration;
    an ally entering the defending player's field during the combat is not dealt damage
    and may not retaliate."""
    run_scenario(tmp_path, extra_pool, """name: cleave newcomer
rules: Keywords - Cleave 4
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Whirlwind Brute]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      hand: [Test Quick Recruit]
      deck: [Quick Study, Quick Study]
steps:
  - attack with Whirlwind Brute
  - pass
  - activate Test Quick Recruit
  - pass
  - pass            # the Recruit enters
  - pass
  - pass            # before retaliation ends: no one may retaliate
  - {pass_until: main}
expect:
  players.1.champion.damage: 3
  players.1.field: [Test Quick Recruit]
  players.1.field.0.damage: 0
  players.1.field.0.rested: false
""")


def test_attacking_ally_keeps_attacking_after_it_stops_obeying(
        tmp_path: Path, extra_pool: CardPool) -> None:
    """Game Terms - Obedience 4: Prideful Knight (Pride 2) attacks for a level 2 champion;
    the champion is deleveled before retaliation, so the Knight no longer obeys, yet it
    goes on with the attack and deals its 4 damage."""
    run_scenario(tmp_path, extra_pool, """name: obedience lost mid-attack
rules: Game Terms - Obedience 4; Keywords - Pride N 1
setup:
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior", "Lorraine, Blademaster"]
      field: [Prideful Knight]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      hand: [Test Unmaking]
      deck: [Quick Study, Quick Study]
steps:
  - attack with Prideful Knight
  - target Spirit of Water (player 1)
  - pass
  - activate Test Unmaking
  - pass
  - pass            # player 0's champion is level 1 again
  - {pass_until: main}
expect:
  players.0.champion.level: 1
  players.1.champion.damage: 4
""")


def test_on_death_of_an_ally_sacrificed_as_a_cost_resolves_first(
        tmp_path: Path, extra_pool: CardPool) -> None:
    """Game Terms - Sacrifice 3: Grave Herald sacrificed to pay for Test Blood Price dies,
    and its On Death goes on the stack above the card: after two passes the Herald's draw
    has happened (Tailwind) and the card's own draw has not."""
    run_scenario(tmp_path, extra_pool, """name: sacrificed as a cost
rules: Game Terms - Sacrifice 3
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Blood Price]
      field: [Grave Herald]
      deck: [Tailwind, Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study, Quick Study]
steps:
  - activate Test Blood Price
  - choose Grave Herald
  - pass
  - pass
expect:
  players.0.hand: [Tailwind]
  players.0.graveyard: [Grave Herald]
  decision.kind: opportunity
""")


def test_two_instances_of_vigor_trigger_twice(tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - Vigor 2: a unit with Vigor printed and Vigor granted has two instances,
    and each triggers at the beginning of its controller's end phase: two passes resolve
    the first (the Guard is awake) and the second is still on the stack, so the end
    phase goes on."""
    run_scenario(tmp_path, extra_pool, """name: two vigor
rules: Keywords - Vigor 2
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [{card: Test Restless Guard, rested: true}]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study, Quick Study]
steps:
  - {pass_until: end}
  - pass
  - pass
  - pass
  - pass
expect:
  turn_player: 0
  phase: end
  players.0.field.0.rested: false
""")


@pytest.mark.parametrize(("level", "redirected"), [(1, False), (2, True)])
def test_intercept_of_an_ally_that_does_not_obey_fails(
        tmp_path: Path, extra_pool: CardPool, level: int, redirected: bool) -> None:
    """Keywords - Intercept 2 and 2a: Test Proud Warden (Intercept, Pride 2) triggers when
    its champion is attacked, but while its champion is below level 2 it does not obey: its
    controller is not even asked, and the attack goes on; at level 2 it intercepts."""
    lineage = '[Spirit of Water, "Rai, Spellcrafter"' + (', "Rai, Archmage"]' if level == 2
                                                        else "]")
    champion, ally = (0, 2) if redirected else (2, 0)
    answer = '\n  - "yes"' if redirected else ""  # the trigger resolves: asked or not
    run_scenario(tmp_path, extra_pool, f"""name: intercept without obedience
rules: Keywords - Intercept 2
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Sparring Knight]
      deck: [Quick Study, Quick Study]
    - lineage: {lineage}
      field: [Test Proud Warden]
      deck: [Quick Study, Quick Study]
steps:
  - attack with Sparring Knight
  - target {'Rai, Archmage' if level == 2 else 'Rai, Spellcrafter'} (player 1)
  - pass
  - pass{answer}
  - {{pass_until: main}}
expect:
  players.1.champion.damage: {champion}
  players.1.field.0.damage: {ally}
""")


def test_trigger_of_a_spell_cannot_target_spellshroud(
        tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - Spellshroud 1a; Abilities - Triggered Abilities (a trigger has its
    source's typing): the end-phase trigger of a Spell phantasia may target Practice Squire
    but not Mistcloak Adept (Spellshroud)."""
    run_scenario(tmp_path, extra_pool, """name: spell trigger vs spellshroud
rules: Keywords - Spellshroud 1a
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Hexing Glyph]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      field: [Mistcloak Adept, Practice Squire]
      deck: [Quick Study, Quick Study]
steps:
  - {pass_until: end}
offered: [target Practice Squire (player 1)]
not_offered: [target Mistcloak Adept (player 1)]
""")


def test_hindered_granted_by_a_static_makes_an_ally_enter_rested(
        tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - Hindered 1 granted by a static (Layers D): while player 0 controls Test
    Frost Field, an ally entering under player 1 enters rested."""
    run_scenario(tmp_path, extra_pool, """name: granted hindered
rules: Keywords - Hindered 1; Continuous Effects, Layers D
setup:
  turn_player: 1
  players:
    - lineage: [Spirit of Fire]
      field: [Test Frost Field]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      hand: [Practice Squire, Quick Study]
      deck: [Quick Study, Quick Study]
steps:
  - activate Practice Squire
  - pay with Quick Study
  - pass
  - pass
expect:
  players.1.field: [Practice Squire]
  players.1.field.0.rested: true
""")


def test_unpreventable_damage_leaves_the_shield(tmp_path: Path, extra_pool: CardPool) -> None:
    """Game Mechanics - Damage 3 and Damage Prevention 1: unpreventable damage is dealt in
    full and does not use up a shield, which is left for the next damage."""
    run_scenario(tmp_path, extra_pool, """name: unpreventable
rules: Game Mechanics - Damage 3; Game Mechanics - Damage Prevention 1
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test True Strike]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      field: [{card: Riverbank Sentinel, counters: {prevent: 3}}]
      deck: [Quick Study, Quick Study]
steps:
  - activate Test True Strike
  - target Riverbank Sentinel (player 1)
  - pass
  - pass
expect:
  players.1.field.0.damage: 2
  players.1.field.0.counters: {prevent: 3}
""")


def test_on_kill_of_a_weapon(tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - On Kill 3: a weapon's On Kill triggers when an attack using it kills a
    unit with its combat damage."""
    run_scenario(tmp_path, extra_pool, """name: weapon on kill
rules: Keywords - On Kill 3
setup:
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      champion: {damage: 5}
      field: [Test Reaper Blade]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      field: [Sparring Knight]
      deck: [Quick Study, Quick Study]
steps:
  - attack with Lorraine, Wandering Warrior using Test Reaper Blade
  - target Sparring Knight (player 1)
  - pass
  - pass
  - do not retaliate
  - {pass_until: main}
expect:
  players.1.graveyard: [Sparring Knight]
  players.0.champion.damage: 3
""")


def test_pride_counts_only_its_highest_instance(tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - Pride N 2: Prideful Knight (Pride 2) granted Pride 3 needs level 3; with a
    level 2 champion it does not obey, so it cannot attack."""
    run_scenario(tmp_path, extra_pool, """name: highest pride
rules: Keywords - Pride N 2
setup:
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior", "Lorraine, Blademaster"]
      field: [Prideful Knight, Test Proud Banner, Practice Squire]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study, Quick Study]
steps: []
offered: [attack with Practice Squire]
not_offered: [attack with Prideful Knight]
""")


def test_granted_steadfast_lets_a_rested_defender_retaliate(
        tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - Steadfast 1 granted until end of turn: player 1's rested Sparring Knight,
    given Steadfast before retaliation, retaliates while rested and kills the attacker."""
    run_scenario(tmp_path, extra_pool, """name: granted steadfast
rules: Keywords - Steadfast 1
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Practice Squire]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      field: [{card: Sparring Knight, rested: true}]
      hand: [Test Steady Hands]
      deck: [Quick Study, Quick Study]
steps:
  - attack with Practice Squire
  - target Sparring Knight (player 1)
  - pass
  - activate Test Steady Hands
  - target Sparring Knight (player 1)
  - pass
  - pass
  - pass
  - pass
  - retaliate with Sparring Knight
  - {pass_until: main}
expect:
  players.0.graveyard: [Practice Squire]
  players.1.field.0.damage: 1
""")


def test_stealth_lost_makes_a_unit_attackable(tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - Stealth 1 removed until end of turn (Layers D): Veiled Skulker may be
    attacked once it has lost its Stealth."""
    run_scenario(tmp_path, extra_pool, """name: stealth lost
rules: Keywords - Stealth 1; Continuous Effects, Layers D
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Sparring Knight]
      hand: [Test Unveil]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      field: [Veiled Skulker]
      deck: [Quick Study, Quick Study]
steps:
  - activate Test Unveil
  - target Veiled Skulker (player 1)
  - pass
  - pass
  - attack with Sparring Knight
expect:
  decision.options: [target Spirit of Water (player 1), target Veiled Skulker (player 1)]
""")


def test_granted_cleave_attacks_everything(tmp_path: Path, extra_pool: CardPool) -> None:
    """Keywords - Cleave 1 granted until end of turn: Sparring Knight attacks every
    attackable object player 1 controls at once, with no target to choose."""
    run_scenario(tmp_path, extra_pool, """name: granted cleave
rules: Keywords - Cleave 1 and 3
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Sparring Knight]
      hand: [Test Sweeping Order]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      field: [Practice Squire, Riverbank Sentinel]
      deck: [Quick Study, Quick Study]
steps:
  - activate Test Sweeping Order
  - target Sparring Knight (player 0)
  - pass
  - pass
  - attack with Sparring Knight
  - pass
  - pass
  - do not retaliate
  - {pass_until: main}
expect:
  players.1.champion.damage: 2
  players.1.graveyard: [Practice Squire]
  players.1.field.0.damage: 2
""")
