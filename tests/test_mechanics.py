"""The deeper mechanics (docs/cards.md; gaenv/cards/mechanics.py), engine and translator,
with invented cards; the real cards that use them are checked by tests/realcards/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import pool_with, run_scenario

from gaenv import scenario
from gaenv.cards import mechanics
from gaenv.cards.schema import CardFileError, CardPool, load_pool
from gaenv.cards.translate import translate
from gaenv.engine import journal
from gaenv.engine.objects import BANISHMENT, HAND

EXTRA = """set: test-mechanics
cards:
  - name: Test Level Relic
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {modify_level: {amount: 1, applies_to: {type: champion, controller: you}}}
  - name: Test Level Dampener
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {modify_level: {amount: -1, applies_to: {type: champion, controller: opponent}}}
  - name: Test Level Squire
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - static: {modify_stats: {power: 2, applies_to: {self: true}}}
        requires: {level: 2}
  - name: Test Level Hoard
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {modify_level: {amount: 2, for_each: {cards: {zone: graveyard, type: action}},
                                applies_to: {type: champion, controller: you}}}
  - name: Test Level Rush
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - level_boost: {target: your_champion, amount: 2}
  - name: Test Foster Pup
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
    abilities:
      - on_recollection: [foster: self]
        requires: {self: {hurt: false, fostered: false}}
      - trigger: {event: fostered, filter: {self: true}}
        effect: [draw: 1]
  - name: Test Foster Order
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - foster: {each: {type: [champion, ally], controller: you}}
  - name: Test Compass
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - gain_currents: {}
      - change_currents: adjacent
  - name: Test Weathervane
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - change_currents: different
  - name: Test Northern Squire
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - static: {modify_stats: {power: 2, applies_to: {self: true}}}
        requires: {currents: north}
  - name: Test Shadow Charm
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - activated: [draw: 1]
        cost: {champion_counters: {preparation: 2}}
  - name: Test Omen Wisp
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - on_death: [omen: {}]
  - name: Test Omen Reader
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 5
    abilities:
      - static: {modify_stats: {power: 2, applies_to: {self: true}}}
        requires: {amount: {cards: {zone: banishment, counters: omen, type: ally}}, at_least: 1}
  - name: Test Sprig
    type: item
    token: true
    element: norm
    subtypes: [Herb, Leaf]
  - name: Test Bloom
    type: item
    token: true
    element: norm
    subtypes: [Herb, Flower]
  - name: Test Flask
    type: item
    element: norm
    reserve_cost: 1
    brew: [{subtype: Leaf}, {subtype: Herb}]
    abilities:
      - on_enter:
          - if: {when: {self: {brewed: true}}, then: [draw: 1]}
  - name: Test Ember Adept
    type: ally
    element: fire
    reserve_cost: 2
    power: 1
    life: 1
    imbue: 2
    abilities:
      - on_enter:
          - if: {when: {self: {imbued: true}}, then: [draw: 1]}
  - name: Test Calling
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - materialize: {type: item}
      - draw: 1
  - name: Test Regal Lamp
    type: item
    supertypes: [regalia]
    element: norm
    memory_cost: 2
  - name: Test Link Charm
    type: item
    element: norm
    reserve_cost: 0
    link: {type: ally}
    abilities:
      - static: {modify_stats: {power: 2, applies_to: {linked: true}}}
  - name: Test Denial
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - negate: {target: {target: {activation: true, type: action}}, unless_pays: 1}
  - name: Test Level Bolt
    type: action
    element: norm
    reserve_cost: 3
    keywords: [efficiency]
    effect:
      - deal_damage: {amount: 1, target: opponent_champion}
"""


@pytest.fixture(scope="module")
def mech_pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), EXTRA)


_run = run_scenario


# --- champion level --------------------------------------------------------------------

def test_level_adds_counters_and_modifiers(tmp_path: Path, mech_pool: CardPool) -> None:
    """Level Counters 1; Layers E: printed 1, a level counter, +1 from a static of ours,
    -1 on the opponent's from our dampener; a Level 2+ static reads the sum."""
    _run(tmp_path, mech_pool, """name: level sums
rules: Level Counters; Types of Effects - Continuous Effects, Layers
setup:
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      champion: {counters: {level: 1}}
      field: [Test Level Relic, Test Level Dampener, Test Level Squire]
    - lineage: [Spirit of Water, "Rai, Spellcrafter"]
      field: [Test Level Squire]
steps: []
expect:
  players.0.champion.level: 3
  players.1.champion.level: 0
  players.0.field.2.power: 3
  players.1.field.0.power: 1
""")


def test_a_level_boost_lasts_until_end_of_turn(tmp_path: Path, mech_pool: CardPool) -> None:
    """Layers E; Level Restrictions: +2 until end of turn makes the Level 2+ static hold
    and Efficiency cheaper, then ends with the turn."""
    _run(tmp_path, mech_pool, """name: level boost
rules: Types of Effects - Continuous Effects, Layers; Level Restrictions; Keywords - Efficiency
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Level Rush, Test Level Bolt, Quick Study]
      field: [Test Level Squire]
    - lineage: [Spirit of Water]
steps: [activate Test Level Rush, pass, pass, activate Test Level Bolt, pay with Quick Study]
expect:
  players.0.champion.level: 2
  players.0.field.0.power: 3
  decision.kind: opportunity   # Efficiency took 2 of its 3: one card paid it
""")
    _run(tmp_path, mech_pool, """name: level boost ends
rules: Types of Effects - Continuous Effects, Layers; Turn Order - End Phase
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Level Rush]
      field: [Test Level Squire]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study]
steps: [activate Test Level Rush, pass, pass, pass, pass, pass, pass]
expect:
  turn_player: 1
  players.0.champion.level: 0
  players.0.field.0.power: 1
""")


def test_leveling_up_reads_the_printed_level(tmp_path: Path, mech_pool: CardPool) -> None:
    """Level (base); Level Up 3: a level 1 champion at level 2 by a modifier still levels
    into a level 2 champion only."""
    _run(tmp_path, mech_pool, """name: base level
rules: Level (base); Level Up 3
seed: 33
setup:
  turn_player: 0
  phase: materialize
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      field: [Test Level Relic]
      material: ["Lorraine, Crux Knight", "Lorraine, Blademaster"]
      memory: [Quick Study, Drifting Thought, Ember Bolt, Crux Lance, Tailwind]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
not_offered_before:
  - materialize Lorraine, Crux Knight
steps: ["materialize Lorraine, Blademaster", pass, pass]
expect:
  players.0.champion.level: 3
""")


@pytest.mark.parametrize(("card_type", "text", "fields"), [
    ("action", "Your champion gets +4 level until end of turn.",
     {"effect": [{"level_boost": {"target": "your_champion", "amount": 4}}]}),
    ("action", "Until end of turn, target champion gets -2 level.",
     {"effect": [{"level_boost": {"target": {"target": {"type": "champion"}}, "amount": -2}}]}),
    ("item", "Champions you don't control get -2 level.",
     {"abilities": [{"static": {"modify_level": {
         "amount": -2, "applies_to": {"type": "champion", "controller": "opponent"}}}}]}),
    ("ally", "Your champion gets +1 level as long as you control a Beast ally.",
     {"abilities": [{"static": {"modify_level": {
         "amount": 1, "applies_to": {"type": "champion", "controller": "you"}}},
         "requires": {"controls": {"type": "ally", "subtype": ["Beast"]}}}]}),
    ("action", "Put a level counter on your champion.",
     {"effect": [{"counters": {"target": "your_champion", "kind": "level", "amount": 1}}]}),
])
def test_level_templates(card_type: str, text: str, fields: dict[str, Any]) -> None:
    out = translate("Invented Lesson", card_type, text)
    assert out.status == "full" and out.fields == fields


@pytest.mark.parametrize("text", [
    "Invented Lesson gets +1 level until end of turn.",  # only a champion has a level
    "Allies you control get +1 level.",
])
def test_level_templates_refuse_what_has_no_level(text: str) -> None:
    assert translate("Invented Lesson", "ally", text).status == "none"



def test_a_level_modifier_for_each_card_is_read_as_the_cards_change(
        tmp_path: Path, mech_pool: CardPool) -> None:
    """Layers E: +2 level per action card in the graveyard, re-read when one goes there
    (Efficiency, reading the level, costs less)."""
    _run(tmp_path, mech_pool, """name: level per card
rules: Types of Effects - Continuous Effects, Layers
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Level Rush, Test Level Bolt, Quick Study]
      field: [Test Level Hoard]
      graveyard: [Ember Bolt, Test Omen Wisp]
    - lineage: [Spirit of Water]
steps: [activate Test Level Rush, pass, pass, activate Test Level Bolt]
expect:
  players.0.champion.level: 6       # 0, +2 for Ember Bolt and +2 for Test Level Rush, +2 this turn
  decision.kind: opportunity        # Efficiency: the Bolt's 3 cost nothing
""")


# --- Foster ------------------------------------------------------------------------------

def test_an_ally_becomes_fostered_only_once(tmp_path: Path, mech_pool: CardPool) -> None:
    """Fostered 4: a second foster does nothing (On Foster fires once); a champion is
    never fostered (Fostered 1: a property of allies)."""
    _run(tmp_path, mech_pool, """name: fostered once
rules: Fostered; On Foster
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Foster Order, Test Foster Order]
      field: [Test Foster Pup]
      deck: [Quick Study, Quick Study, Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Foster Order, pass, pass, pass, pass,
        activate Test Foster Order, pass, pass]
expect:
  players.0.hand.count: 1
  players.0.deck.count: 2
""")


def test_foster_skips_an_ally_dealt_damage_since_the_last_turn(
        tmp_path: Path, mech_pool: CardPool) -> None:
    """Keywords - Foster 1: damage in the opponent's turn stops it; an ally not dealt
    damage is fostered at its controller's recollection phase (On Foster: draw)."""
    common = """rules: Keywords - Foster 1
setup:
  turn_player: 1
  players:
    - lineage: [Spirit of Water]
      field: [Test Foster Pup]
      deck: [Quick Study, Quick Study, Quick Study]
    - lineage: [Spirit of Fire]
      hand: [Ember Bolt, Quick Study]
      deck: [Quick Study]
"""
    _run(tmp_path, mech_pool, "name: hurt\n" + common + """steps: [activate Ember Bolt,
  target Test Foster Pup (player 0), pay with Quick Study, pass, pass, pass, pass, pass, pass,
  pass, pass]
expect:
  phase: main
  turn_player: 0
  players.0.hand.count: 1     # the draw phase's card only
""")
    _run(tmp_path, mech_pool, "name: unhurt\n" + common + """steps: [activate Ember Bolt,
  target Spirit of Water (player 0), pay with Quick Study, pass, pass, pass, pass, pass, pass,
  pass, pass, pass, pass, pass, pass]
expect:
  phase: main
  turn_player: 0
  players.0.hand.count: 2     # On Foster's card and the draw phase's
""")


@pytest.mark.parametrize(("card_type", "text", "fields"), [
    ("ally", "[Class Bonus] Foster",
     {"abilities": [{"on_recollection": [{"foster": "self"}], "requires": {
         "self": {"hurt": False, "fostered": False}, "class_bonus": True}}]}),
    ("ally", "On Foster: Draw a card.",
     {"abilities": [{"trigger": {"event": "fostered", "filter": {"self": True}},
                     "effect": [{"draw": {"amount": 1}}]}]}),
    ("ally", "As long as ~ is fostered, it has steadfast.",
     {"abilities": [{"static": {"grant_keyword": {"keyword": "steadfast",
                                                  "applies_to": {"self": True}}},
                     "requires": {"self": {"fostered": True}}}]}),
    ("action", "Target ally becomes fostered.",
     {"effect": [{"foster": {"target": {"type": "ally"}}}]}),
    ("item", "Whenever a fostered ally you control dies, draw a card.",
     {"abilities": [{"trigger": {"event": "dies", "filter": {
         "fostered": True, "type": "ally", "controller": "you"}},
         "effect": [{"draw": {"amount": 1}}]}]}),
])
def test_foster_templates(card_type: str, text: str, fields: dict[str, Any]) -> None:
    out = translate("Invented Ward", card_type, text)
    assert out.status == "full" and out.fields == fields



# --- Shifting Currents -------------------------------------------------------------------

def test_shifting_currents_start_north_and_turn_to_an_adjacent_direction(
        tmp_path: Path, mech_pool: CardPool) -> None:
    """Mastery, Shifting Currents 1a and 2: gained facing North (the squire's North bonus
    holds), then an adjacent direction is East or West."""
    _run(tmp_path, mech_pool, """name: adjacent
rules: Game Mechanics - Mastery, Shifting Currents
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Compass]
      field: [Test Northern Squire]
    - lineage: [Spirit of Water]
steps: [activate Test Compass, pass, pass]
expect:
  decision.options: [face East, face West]
  players.0.field.0.power: 3
""")
    _run(tmp_path, mech_pool, """name: turned
rules: Game Mechanics - Mastery, Shifting Currents
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Compass, Test Weathervane]
      field: [Test Northern Squire]
    - lineage: [Spirit of Water]
steps: [activate Test Compass, pass, pass, face East, activate Test Weathervane, pass, pass]
expect:
  decision.options: [face North, face South, face West]
  players.0.field.0.power: 1
""")


def test_without_the_mastery_nothing_turns(tmp_path: Path, mech_pool: CardPool) -> None:
    """Mastery: a player without Shifting Currents has no direction to change, and a
    condition on a direction fails."""
    _run(tmp_path, mech_pool, """name: no mastery
rules: Game Mechanics - Mastery
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Weathervane]
      field: [Test Northern Squire]
    - lineage: [Spirit of Water]
steps: [activate Test Weathervane, pass, pass]
expect:
  decision.kind: opportunity
  players.0.graveyard: [Test Weathervane]
  players.0.field.0.power: 1
""")


@pytest.mark.parametrize(("text", "fields"), [
    ("On Attack: You gain the Shifting Currents mastery.",
     {"abilities": [{"on_attack": [{"gain_currents": {}}]}]}),
    ("As long as your Shifting Currents face East, allies you control get +2 LIFE.",
     {"abilities": [{"static": {"modify_stats": {
         "life": 2, "applies_to": {"controller": "you", "type": "ally"}}},
         "requires": {"currents": "east"}}]}),
    ("Whenever your Shifting Currents change from facing North to West, draw a card.",
     {"abilities": [{"trigger": {"event": "currents_change", "filter": {
         "player": "you", "currents": "north_to_west"}}, "effect": [{"draw": {"amount": 1}}]}]}),
    ("REST: You may change the direction of your Shifting Currents to an adjacent direction "
     "of your choice.",
     {"abilities": [{"activated": [{"may": [{"change_currents": "adjacent"}]}],
                     "cost": {"rest": True}}]}),
])
def test_shifting_currents_templates(text: str, fields: dict[str, Any]) -> None:
    out = translate("Invented Vane", "ally", text)
    assert out.status == "full" and out.fields == fields



# --- Preparation counters ----------------------------------------------------------------

@pytest.mark.parametrize(("counters", "offered"), [(1, False), (3, True)])
def test_a_cost_of_the_champions_counters(tmp_path: Path, mech_pool: CardPool,
                                          counters: int, offered: bool) -> None:
    """Preparation Counters 2: the champion must have them; paying takes them off it."""
    listed = "offered" if offered else "not_offered"
    _run(tmp_path, mech_pool, f"""name: champion counters
rules: Preparation Counters
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {{counters: {{preparation: {counters}}}}}
      field: [Test Shadow Charm]
    - lineage: [Spirit of Water]
steps: []
{listed}: ["use Test Shadow Charm: ability 1"]
""")
    if offered:
        _run(tmp_path, mech_pool, """name: paid
rules: Preparation Counters
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {counters: {preparation: 3}}
      field: [Test Shadow Charm]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: ["use Test Shadow Charm: ability 1", pass, pass]
expect:
  players.0.champion.counters: {preparation: 1}
  players.0.hand: [Quick Study]
""")


@pytest.mark.parametrize(("text", "fields"), [
    ("REST, Remove two preparation counters from your champion: Draw a card.",
     {"abilities": [{"activated": [{"draw": {"amount": 1}}], "cost": {
         "rest": True, "champion_counters": {"preparation": 2}}}]}),
    ("On Enter: You may remove a preparation counter from your champion. If you do, draw a "
     "card.",
     {"abilities": [{"on_enter": [{"if": {
         "when": {"amount": {"counters": {"kind": "preparation", "of": "your_champion"}},
                  "at_least": 1},
         "then": [{"may": [{"remove_counters": {"target": "your_champion",
                                                "kind": "preparation", "amount": 1}},
                           {"draw": {"amount": 1}}]}]}}]}]}),
    ("On Enter: If ~ has three or more preparation counters on him, draw a card.",
     {"abilities": [{"on_enter": [{"if": {
         "when": {"amount": {"counters": {"kind": "preparation", "of": "self"}},
                  "at_least": 3},
         "then": [{"draw": {"amount": 1}}]}}]}]}),
])
def test_preparation_templates(text: str, fields: dict[str, Any]) -> None:
    out = translate("Invented Rogue", "ally", text)
    assert out.status == "full" and out.fields == fields



# --- Omens -------------------------------------------------------------------------------

def test_a_dying_ally_becomes_an_omen_that_others_count(tmp_path: Path,
                                                       mech_pool: CardPool) -> None:
    """Omens (the cards' own definition: a card in its owner's banishment with an omen
    counter): banished from the graveyard it died into, counted by a `cards` amount."""
    _run(tmp_path, mech_pool, """name: omen
rules: Game Mechanics - Counters
setup:
  players:
    - lineage: [Spirit of Water]
      field: [Test Omen Reader]
    - lineage: [Spirit of Fire]
      hand: [Ember Bolt, Quick Study]
      field: [Test Omen Wisp]
      banishment: [Test Omen Wisp]
  turn_player: 1
steps: [activate Ember Bolt, target Test Omen Wisp (player 1), pay with Quick Study, pass, pass,
        pass, pass]
expect:
  players.1.banishment: [Test Omen Wisp, Test Omen Wisp]
  players.0.field.0.power: 1     # the omen is player 1's, not "yours"
""")


def test_an_omen_counter_stays_in_banishment(tmp_path: Path, mech_pool: CardPool) -> None:
    """Counters on a card out of play are its own while it stays in banishment; a card
    leaving banishment is a new card without them ("Game Mechanics - Counters")."""
    path = tmp_path / "s.yaml"
    path.write_text("""name: omen leaves
rules: Game Mechanics - Counters
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Omen Reader]
      banishment: [Test Omen Wisp]
    - lineage: [Spirit of Water]
steps: []
""")
    game = scenario.build(scenario.load(path), mech_pool)
    state = game.state
    wisp = state.players[0].zones[BANISHMENT][0]
    reader = state.players[0].zones["field"][0]
    journal.counters(state, wisp, "omen", 1)
    assert scenario.read_path(game, "players.0.field.0.power") == 3
    journal.move(state, wisp, HAND)
    assert state.cards[wisp].counters == {} and state.cards[reader].zone == "field"
    assert scenario.read_path(game, "players.0.field.0.power") == 1


@pytest.mark.parametrize(("text", "fields"), [
    ("On Death: Banish ~ and put an omen counter on it.",
     {"abilities": [{"on_death": [{"omen": {}}]}]}),
    ("As long as you have two or more ally omens, ~ gets +1 POWER.",
     {"abilities": [{"static": {"modify_stats": {"power": 1, "applies_to": {"self": True}}},
                     "requires": {"amount": {"cards": {
                         "zone": "banishment", "counters": "omen", "type": "ally"}},
                         "at_least": 2}}]}),
    ("Whenever an omen counter is put on a card in your banishment, draw a card.",
     {"abilities": [{"trigger": {"event": "counters_placed", "filter": {
         "counter": "omen", "controller": "you"}}, "effect": [{"draw": {"amount": 1}}]}]}),
])
def test_omen_templates(text: str, fields: dict[str, Any]) -> None:
    out = translate("Invented Seer", "ally", text)
    assert out.status == "full" and out.fields == fields



# --- Brew --------------------------------------------------------------------------------

@pytest.mark.parametrize(("field", "brewable"), [
    ("[Test Bloom, Test Sprig]", True),
    ("[Test Sprig]", False),           # one object cannot be two ingredients
    ("[Test Bloom, Test Bloom]", False),  # no Leaf
])
def test_brew_needs_an_object_per_ingredient(tmp_path: Path, mech_pool: CardPool, field: str,
                                             brewable: bool) -> None:
    """Keywords - Brew 2: sacrifice the listed objects, each a different one."""
    listed = "offered" if brewable else "not_offered"
    _run(tmp_path, mech_pool, f"""name: brewable
rules: Keywords - Brew
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Flask]
      field: {field}
    - lineage: [Spirit of Water]
steps: []
{listed}: [brew Test Flask]
""")


def test_a_brewed_object_knows_it_and_a_paid_one_does_not(tmp_path: Path,
                                                           mech_pool: CardPool) -> None:
    """Keywords - Brew 2 and 3; Activation Properties (Brewed): only the Leaf can be the
    Leaf (the choice offered), the reserve cost is not paid, and the object is brewed."""
    _run(tmp_path, mech_pool, """name: brewed
rules: Keywords - Brew; Activation Properties
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Flask, Test Flask, Quick Study]
      field: [Test Bloom, Test Sprig]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
steps: [brew Test Flask]
expect:
  decision.options: [choose Test Sprig]
""")
    _run(tmp_path, mech_pool, """name: brewed and paid
rules: Keywords - Brew; Activation Properties
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Flask, Test Flask, Quick Study]
      field: [Test Bloom, Test Sprig]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
steps: [brew Test Flask, choose Test Sprig, choose Test Bloom, pass, pass, pass, pass,
        activate Test Flask, pay with Quick Study, pass, pass]
expect:
  players.0.field: [Test Flask, Test Flask]
  players.0.hand: [Quick Study]       # drawn by the brewed one only
  players.0.memory: [Quick Study]     # the paid one's reserve cost
""")


def test_brew_replaces_a_reserve_cost(tmp_path: Path) -> None:
    path = tmp_path / "zz.yaml"
    path.write_text("set: t\ncards:\n  - {name: Odd Flask, type: item, element: norm, "
                    "supertypes: [regalia], memory_cost: 0, brew: [{subtype: Herb}]}\n")
    with pytest.raises(CardFileError, match="brew: Brew replaces a reserve cost"):
        load_pool([path])


@pytest.mark.parametrize(("text", "brew"), [
    ("Brew — One Razorvine, Two Herbs",
     [{"name": ["Razorvine"]}, {"subtype": ["Herb"]}, {"subtype": ["Herb"]}]),
    ("Brew — One Leaf, One Herb", [{"subtype": ["Leaf"]}, {"subtype": ["Herb"]}]),
])
def test_brew_templates(text: str, brew: list[dict[str, Any]]) -> None:
    out = translate("Invented Tonic", "item", text)
    assert out.status == "full" and out.fields == {"brew": brew}
    assert translate("Invented Tonic", "item", "[Class Bonus] " + text).status == "none"



# --- Imbue -------------------------------------------------------------------------------

@pytest.mark.parametrize(("payment", "drawn"), [
    ("[pay with Ember Bolt, pay with Ember Bolt]", 1),
    ("[pay with Ember Bolt, pay with Quick Study]", 0),
])
def test_imbue_counts_the_cards_of_its_element_paid(tmp_path: Path, mech_pool: CardPool,
                                                    payment: str, drawn: int) -> None:
    """Keywords - Imbue N 1 and 2: two fire cards paid for a fire Imbue 2 ally make the
    object imbued; a fire and a norm card do not."""
    _run(tmp_path, mech_pool, f"""name: imbue
rules: Keywords - Imbue N
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Ember Adept, Ember Bolt, Ember Bolt, Quick Study]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Ember Adept, {payment[1:-1]}, pass, pass, pass, pass]
expect:
  players.0.field: [Test Ember Adept]
  players.0.hand.count: {1 + drawn}
""")


def test_imbue_templates() -> None:
    out = translate("Invented Adept", "ally", "Imbue 2\nOn Enter: If ~ is imbued, draw a card.")
    assert out.status == "full" and out.fields == {"imbue": 2, "abilities": [{"on_enter": [
        {"if": {"when": {"self": {"imbued": True}}, "then": [{"draw": {"amount": 1}}]}}]}]}
    # an action's own resolution reads it too (tests/test_more_mechanics.py)
    out = translate("Invented Spell", "action", "Imbue 2\nDraw a card. If ~ is imbued, draw a "
                    "card.")
    assert out.status == "full" and out.fields["imbue"] == 2
    assert translate("Invented Spell", "action", "[Class Bonus] Imbue 2").status == "none"



# --- Materialize by an effect ------------------------------------------------------------

def test_an_effect_materializes_a_card_paying_its_memory_cost(
        tmp_path: Path, mech_pool: CardPool) -> None:
    """Playing Cards - Card Materialization (an effect's permission): the chosen card goes
    onto the stack, its memory cost paid at once (at random here), the effect goes on
    (draw), then the card resolves onto the field."""
    common = """rules: Playing Cards - Card Materialization
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Calling]
      material: [Test Regal Lamp, Crux Lance]
      memory: MEMORY
      deck: [Quick Study]
    - lineage: [Spirit of Water]
"""
    _run(tmp_path, mech_pool, "name: offered\n" + common.replace(
        "MEMORY", "[Ember Bolt, Ember Bolt]") + """steps: [activate Test Calling, pass, pass]
expect:
  decision.options: [choose Test Regal Lamp]
""")
    _run(tmp_path, mech_pool, "name: paid\n" + common.replace(
        "MEMORY", "[Ember Bolt, Ember Bolt]") + """steps: [activate Test Calling, pass, pass,
  choose Test Regal Lamp, pass, pass]
expect:
  players.0.field: [Test Regal Lamp]
  players.0.memory: []
  players.0.hand: [Quick Study]
""")
    _run(tmp_path, mech_pool, "name: too dear\n" + common.replace(
        "MEMORY", "[Ember Bolt]") + """steps: [activate Test Calling, pass, pass]
expect:
  players.0.material: [Test Regal Lamp, Crux Lance]
  players.0.hand: [Quick Study]
""")


def test_materialize_template() -> None:
    out = translate("Invented Knight", "champion", "On Enter: Materialize a weapon card with "
                    "memory cost 2 from your material deck.")
    assert out.status == "full" and out.fields == {"abilities": [{"on_enter": [
        {"materialize": {"type": "weapon", "memory_cost": 2}}]}]}



# --- Link --------------------------------------------------------------------------------

def test_a_link_object_targets_modifies_and_follows_its_ally(tmp_path: Path,
                                                             mech_pool: CardPool) -> None:
    """Keywords - Link 2, 3 and 5: the link is declared as a target, the object's statics
    reach the linked ally only, and when that ally leaves the object is sacrificed."""
    common = """rules: Keywords - Link
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Link Charm, Ember Bolt, Quick Study]
      field: [FIELD]
    - lineage: [Spirit of Water]
"""
    _run(tmp_path, mech_pool, "name: no ally\n" + common.replace("FIELD", "Test Shadow Charm")
         + "steps: []\nnot_offered: [activate Test Link Charm]\n")
    _run(tmp_path, mech_pool, "name: linked\n" + common.replace(
        "FIELD", "Test Level Squire, Test Omen Wisp") + """steps: [activate Test Link Charm,
  target Test Omen Wisp (player 0), pass, pass]
expect:
  players.0.field.0.power: 1
  players.0.field.1.power: 3
""")
    _run(tmp_path, mech_pool, "name: broken\n" + common.replace(
        "FIELD", "Test Level Squire, Test Omen Wisp") + """steps: [activate Test Link Charm,
  target Test Omen Wisp (player 0), pass, pass, activate Ember Bolt,
  target Test Omen Wisp (player 0), pay with Quick Study, pass, pass, pass, pass]
expect:
  players.0.field: [Test Level Squire]
  players.0.graveyard: [Ember Bolt, Test Link Charm]
  players.0.banishment: [Test Omen Wisp]
""")


def test_link_templates() -> None:
    out = translate("Invented Buckler", "item", "Unit Link\n[Class Bonus] Linked unit gets "
                    "+1 LIFE.\nLinked unit has taunt.\n(1): Linked unit gains stealth until "
                    "end of turn.")
    assert out.status == "full" and out.fields == {
        "link": {"type": ["champion", "ally"]}, "abilities": [
            {"static": {"modify_stats": {"life": 1, "applies_to": {"linked": True}}},
             "requires": {"class_bonus": True}},
            {"static": {"grant_keyword": {"keyword": "taunt", "applies_to": {"linked": True}}}},
            {"activated": [{"grant": {"target": {"each": {"linked": True}}, "keyword": "stealth"}}],
             "cost": {"reserve": 1}}]}
    assert translate("Invented Spell", "action", "Ally Link").status == "none"



# --- Negation ----------------------------------------------------------------------------

NEGATION = """rules: Game Zones - Effects Stack; Playing Cards - Resolution
setup:
  turn_player: 1
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Denial, Ember Bolt]
    - lineage: [Spirit of Water]
      hand: [Test Level Rush, Test Omen Wisp, Quick Study]
      deck: [Quick Study]
"""


@pytest.mark.parametrize(("answer", "negated"), [("no", True), ("yes", False)])
def test_negate_unless_its_controller_pays(tmp_path: Path, mech_pool: CardPool, answer: str,
                                           negated: bool) -> None:
    """A negated activation leaves the stack for the graveyard without resolving; its
    controller may pay instead (then it resolves)."""
    pay = ', pay with Quick Study' if answer == "yes" else ""
    _run(tmp_path, mech_pool, "name: negate\n" + NEGATION + f"""steps: [activate Test Level Rush,
  pass, activate Test Denial, target Test Level Rush (player 1), pass, pass, "{answer}"{pay},
  pass, pass]
expect:
  players.1.graveyard: [Test Level Rush]
  players.1.champion.level: {0 if negated else 2}
""")


def test_negation_targets_only_what_its_filter_names(tmp_path: Path,
                                                    mech_pool: CardPool) -> None:
    """An activation of an ally is not an action activation: nothing to target, so the
    card is not offered."""
    _run(tmp_path, mech_pool, "name: filter\n" + NEGATION + """steps: [activate Test Omen Wisp,
  pass]
not_offered: [activate Test Denial]
""")


def test_negation_template() -> None:
    out = translate("Invented Refusal", "action", "Negate target action card activation "
                    f"unless its controller pays (3). Put {mechanics.NEGATED} into its "
                    "owner's memory.")  # (the template's own phrase)
    assert out.status == "full" and out.fields == {"effect": [{"negate": {
        "target": {"target": {"activation": True, "type": "action"}}, "unless_pays": 3,
        "to": "memory"}}]}
