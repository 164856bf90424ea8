"""Rules audit D: the card types, the parts of a card, the general rules and the game
zones, each checked with cards made up for it where the built-in pool has no card that
shows the rule alone. Every case names its section of the Comprehensive Rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pool_with, run_scenario

from gaenv.cards.schema import CardFileError, CardPool

EXTRA = """set: test-audit-d
cards:
  - name: Test Unmaking
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - destroy: {each: {type: [champion, ally]}}
  - name: Test Last Rite
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - sacrifice: {each: {controller: you}}
  - name: Test Topple
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - destroy: target_champion
  - name: Test Knack
    type: action
    element: fire
    speed: fast
    reserve_cost: 0
    effect: [draw: 1]
  - name: Test Plain Knack
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [draw: 1]
  - name: Test Slow Knack
    type: action
    element: norm
    speed: slow
    reserve_cost: 0
    effect: [draw: 1]
  - name: Test Pricey Knack
    type: action
    element: norm
    speed: fast
    reserve_cost: 1
    effect: [draw: 1]
  - name: Test Discount Charm
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static:
          modify_cost: {cost: reserve, op: subtract, amount: 2, applies_to: {controller: you}}
  - name: Test Surcharge Charm
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static:
          modify_cost: {cost: reserve, op: add, amount: 1, applies_to: {controller: you}}
  - name: Test Cheap Ally
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
  - name: Test Cheap Item
    type: item
    element: norm
    reserve_cost: 0
  - name: Test Cheap Domain
    type: domain
    element: norm
    reserve_cost: 0
  - name: Test Cheap Phantasia
    type: phantasia
    element: norm
    reserve_cost: 0
  - name: Test Cheap Blade
    type: weapon
    element: norm
    reserve_cost: 0
    power: 1
    durability: 2
  - name: Test Relic Blade
    type: weapon
    supertypes: [regalia]
    element: norm
    memory_cost: 0
    power: 1
    durability: 1
  - name: Test Cheap Strike
    type: attack
    element: norm
    reserve_cost: 0
    power: 1
  - name: Test Unique Idol
    type: item
    supertypes: [unique]
    element: norm
    reserve_cost: 0
  - name: Test Crush Any
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - destroy: {target: {}}
  - name: Test Bounce Any
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move: {target: {target: {}}, to: hand}
  - name: Test Forget Any
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move: {target: {target: {}}, to: memory}
  - name: Test Bury Any
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move: {target: {target: {}}, to: graveyard}
  - name: Test Seize Any
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - take_control: {target: {}}
  - name: Test Zap Unit
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - deal_damage: {amount: 1, target: target_unit}
  - name: Test Pair Shot
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - deal_damage: {amount: 1, target: target_ally}
      - deal_damage: {amount: 1, target: up_to_target_unit}
  - name: Test Hollow Ally
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
  - name: Test Sapping
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - boost: {target: target_ally, life: -1}
  - name: Test Armory
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - counters: {target: {target: {type: weapon}}, kind: durability, amount: 3}
  - name: Test Summons
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{summon: {token: Spirit Wisp}}]
  - name: Test Ward All
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - prevent: {target: opponent_champion, amount: 5}
  - name: Test Deep Draw
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [draw: 9]
  - name: Test Mutual Ruin
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - deal_damage: {amount: 20, target: {each: {type: champion}}}
  - name: Test Double Draw
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - draw: 1
      - draw: 1
  - name: Test Refusal
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - negate: {target: {target: {activation: true}}}
  - name: Test Champion Might
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {set_stats: {power: 2, applies_to: {type: champion, controller: you}}}
  - name: Test Topdeck Any
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move: {target: {target: {}}, to: deck_top}
  - name: Test Exile Any
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move: {target: {target: {}}, to: banishment}
  - name: Test Unlevel
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - delevel: {player: opponent}
  - name: Test Halving
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - draw: {amount: {cards: {zone: hand}, per: 2}}
  - name: Test Level Charm
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {modify_level: {amount: 1, applies_to: {type: champion, controller: you}}}
  - name: Test Raise
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - level_up: {player: opponent}
  - name: Test Ally Ruin
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - destroy: target_ally
  - name: Test Death Watcher
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: dies, filter: {type: ally}}
        effect: [draw: 1]
  - name: Test Cull
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - sacrifice: {each: {type: ally}}
  - name: Test Blunting
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - remove_counters: {target: {target: {}}, kind: durability, amount: 5}
  - name: Test Enter Watcher
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: enters, filter: {controller: you, another: true}}
        effect: [draw: 1]
  - name: Test Self Raise
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [level_up: {}]
  - name: Test Fire Lens
    type: item
    element: fire
    reserve_cost: 0
    abilities:
      - activated: [draw: 1]
        cost: {rest: true}
  - name: Test Call Forth
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - materialize: {type: champion}
  - name: Test Grave Send
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move_cards: {filter: {}, zone: material, to: graveyard, amount: 2}
  - name: Test Self Unlevel
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [delevel: {}]
  - name: Test Leave Watcher
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: leaves, filter: {controller: you, another: true}}
        effect: [draw: 1]
  - name: Test Pick Cull
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - sacrifice: {choose: {type: ally}}
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), EXTRA)


def _scenario(name: str, rules: str, body: str) -> str:
    return f"name: \"{name}\"\nrules: \"{rules}\"\n{body}"


CASES: list[tuple[str, str, str]] = [
    # -- Game Terms - Destruction 1, Sacrifice 2: champions are objects too --
    ("destroy each unit reaches the champions", "Game Terms - Destruction 1, 2; Card Types - "
     "Champion (banished instead of the graveyard); General Rules - Ending the Game", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Unmaking]
      field: [Test Cheap Ally]
    - lineage: [Spirit of Water, "Lorraine, Wandering Warrior"]
steps: [activate Test Unmaking, pass, pass]
expect:
  players.0.graveyard: [Test Cheap Ally, Test Unmaking]
  players.0.banishment: [Spirit of Fire]
  players.1.banishment: [Spirit of Water, "Lorraine, Wandering Warrior"]
  players.1.lineage: []
  winner: draw
"""),
    ("sacrificing each object you control sacrifices your champion too",
     "Game Terms - Sacrifice 2 (a champion into banishment); General Rules - Ending the Game",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Last Rite]
      field: [Test Cheap Item]
    - lineage: [Spirit of Water]
steps: [activate Test Last Rite, pass, pass]
expect:
  players.0.graveyard: [Test Cheap Item, Test Last Rite]
  players.0.banishment: [Spirit of Fire]
  winner: 1
"""),
    ("a destroy effect can target a champion", "Game Terms - Destruction 1", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Topple]
    - lineage: [Spirit of Water]
steps: [activate Test Topple, "target Spirit of Water (player 1)", pass, pass]
expect:
  players.1.banishment: [Spirit of Water]
  winner: 0
"""),
    ("an Immortal object is still left by each-destroy", "Game Terms - Destruction 1; "
     "Keywords - Immortality 1b", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Unmaking]
      field: [Undying Revenant]
    - lineage: [Spirit of Water]
steps: [activate Test Unmaking, pass, pass]
expect:
  players.0.field: [Undying Revenant]
  winner: draw
"""),
    # -- Parts of a Card - Element --
    ("a fire card is not offered without fire in the lineage", "Parts of a Card - Element",
     """setup:
  players:
    - lineage: [Spirit of Water]
      hand: [Test Knack, Test Plain Knack]
    - lineage: [Spirit of Fire]
steps: []
expect:
  players.0.hand: [Test Knack, Test Plain Knack]
offered: [activate Test Plain Knack]
not_offered: [activate Test Knack]
"""),
    ("an element of the inner lineage stays enabled", "Parts of a Card - Element; Card Types - "
     "Champion, Leveling Up 6b ii", """setup:
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      hand: [Test Knack]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Knack, pass, pass]
expect:
  players.0.hand: [Quick Study]
  players.0.graveyard: [Test Knack]
"""),
    ("a champion materializes without its element enabled", "Parts of a Card - Element; "
     "Card Types - Champion, Leveling Up 2", """setup:
  turn_player: 0
  phase: materialize
  turn: 3
  players:
    - lineage: [Spirit of Water, "Lorraine, Wandering Warrior", "Lorraine, Blademaster"]
      material: ["Lorraine, Crux Knight"]
      memory: [Quick Study, Quick Study, Quick Study]
    - lineage: [Spirit of Fire]
steps: ["materialize Lorraine, Crux Knight", pass, pass]
expect:
  players.0.champion.name: Lorraine, Crux Knight
"""),
    # -- Parts of a Card - Cost --
    ("cost increases and decreases are added at once", "Parts of a Card - Cost 5, 7",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Pricey Knack]
      field: [Test Discount Charm, Test Surcharge Charm]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Pricey Knack, pass, pass]
expect:
  players.0.hand: [Quick Study]
  players.0.memory.count: 0
"""),
    ("a cost is never below 0", "Parts of a Card - Cost 7", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Pricey Knack, Quick Study]
      field: [Test Discount Charm]
      deck: [Sparring Knight]
    - lineage: [Spirit of Water]
steps: [activate Test Pricey Knack, pass, pass]
expect:
  players.0.hand: [Quick Study, Sparring Knight]
  players.0.memory.count: 0
"""),
    ("a reserve cost is paid from hand into memory", "Parts of a Card - Cost (reserve)",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Pricey Knack, Quick Study]
      deck: [Sparring Knight]
    - lineage: [Spirit of Water]
steps: [activate Test Pricey Knack, pay with Quick Study, pass, pass]
expect:
  players.0.hand: [Sparring Knight]
  players.0.memory: [Quick Study]
"""),
    ("a reserve cost cannot be paid with the card itself", "Parts of a Card - Cost (X other "
     "cards)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Pricey Knack]
    - lineage: [Spirit of Water]
steps: []
not_offered_before: [activate Test Pricey Knack]
expect:
  players.0.hand: [Test Pricey Knack]
"""),
    # -- Parts of a Card - Typeline 3: class does not limit activation --
    ("a Warrior card is played by a champion of another class", "Parts of a Card - Typeline 3",
     """setup:
  players:
    - lineage: [Spirit of Fire, "Rai, Spellcrafter"]
      hand: [Steel Strike, Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Steel Strike]
expect:
  players.0.champion.rested: true
"""),
    # -- Parts of a Card - Speed / General Rules - Players --
    ("a slow action is not offered while the stack holds something",
     "Parts of a Card - Speed; General Rules - Players 2", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Plain Knack, Test Slow Knack]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Plain Knack]
not_offered: [activate Test Slow Knack]
expect:
  players.0.hand: [Test Slow Knack]
"""),
    ("the non-turn player has no slow actions", "General Rules - Players 3", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Plain Knack]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      hand: [Test Slow Knack, Test Cheap Ally, Test Cheap Item, Test Cheap Strike]
steps: [activate Test Plain Knack, pass]
expect:
  decision.player: 1
not_offered: [activate Test Slow Knack, activate Test Cheap Ally, activate Test Cheap Item, \
activate Test Cheap Strike]
"""),
    ("a fast action in the opponent's turn", "Parts of a Card - Speed; Timing and Permissions",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Slow Knack]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      hand: [Test Plain Knack]
      deck: [Sparring Knight]
steps: [activate Test Slow Knack, pass, activate Test Plain Knack, pass, pass]
expect:
  players.1.hand: [Sparring Knight]
"""),
    # -- Card Types - Ally --
    ("an ally enters awake and attacks the turn it enters", "Card Types - Ally; Game Zones - "
     "Field (objects enter awake)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Ally]
    - lineage: [Spirit of Water]
steps: [activate Test Cheap Ally, pass, pass, attack with Test Cheap Ally, "target Spirit of \
Water (player 1)", {pass_until: main}]
expect:
  players.1.champion.damage: 1
  players.0.field.0.rested: true
"""),
    ("an ally at 0 life is destroyed", "Card Types - Ally (0 life or less)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Sapping]
    - lineage: [Spirit of Water]
      field: [Test Hollow Ally]
steps: [activate Test Sapping, "target Test Hollow Ally (player 1)", pass, pass]
expect:
  players.1.field: []
  players.1.graveyard: [Test Hollow Ally]
"""),
    ("a rested ally cannot retaliate", "Card Types - Ally (retaliate if awake)", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Sparring Knight]
    - lineage: [Spirit of Water]
      field: [{card: Practice Squire, rested: true}]
steps: [attack with Sparring Knight, "target Practice Squire (player 1)", {pass_until: main}]
expect:
  players.0.field.0.damage: 0
  players.1.graveyard: [Practice Squire]
"""),
    # -- Card Types - Action --
    ("a required target gone: an up-to target does not save the card", "Card Types - Action "
     "(optional targets do not fulfil the required ones)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Pair Shot]
    - lineage: [Spirit of Water]
      field: [Sparring Knight]
      hand: [Test Bounce Any]
steps: [activate Test Pair Shot, "target Sparring Knight (player 1)", "target Spirit of Water \
(player 1)", pass, activate Test Bounce Any, "target Sparring Knight (player 1)", pass, pass, \
pass, pass]
expect:
  players.1.champion.damage: 0
  players.0.graveyard: [Test Pair Shot]
"""),
    ("an action goes to its owner's graveyard after resolving", "Card Types - Action; Game "
     "Zones - Graveyard", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Plain Knack]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Plain Knack, pass, pass]
expect:
  players.0.graveyard: [Test Plain Knack]
  players.1.graveyard: []
"""),
    # -- Card Types - Attack --
    ("a negated attack card: graveyard, no damage, the champion stays rested",
     "Card Types - Attack 1", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Strike]
    - lineage: [Spirit of Water]
      hand: [Test Refusal]
steps: [activate Test Cheap Strike, pass, activate Test Refusal, "target Test Cheap Strike", \
pass, pass]
expect:
  players.0.graveyard: [Test Cheap Strike]
  players.0.champion.rested: true
  players.1.champion.damage: 0
  phase: main
"""),
    ("an attack card goes to the graveyard at the end of combat", "Card Types - Attack; Game "
     "Zones - Intent", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Strike]
    - lineage: [Spirit of Water]
steps: [activate Test Cheap Strike, pass, pass, "target Spirit of Water (player 1)", \
{pass_until: main}]
expect:
  players.0.graveyard: [Test Cheap Strike]
  players.1.champion.damage: 1
"""),
    ("an attack card is not offered with a rested champion", "Card Types - Attack (rests the "
     "champion as a cost)", """setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {rested: true}
      hand: [Test Cheap Strike]
    - lineage: [Spirit of Water]
steps: []
not_offered_before: [activate Test Cheap Strike]
expect:
  players.0.hand: [Test Cheap Strike]
"""),
    ("a champion with a power stat attacks on its own", "Card Types - Champion 9b; General "
     "Rules - Card Characteristics, Stat-Setting", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Champion Might]
    - lineage: [Spirit of Water]
steps: [attack with Spirit of Fire, "target Spirit of Water (player 1)", {pass_until: main}]
expect:
  players.1.champion.damage: 2
  players.0.champion.rested: true
"""),
    # -- Card Types - Item, Domain, Phantasia, Weapon --
    ("an item, a domain and a phantasia enter awake", "Card Types - Item, Domain, Phantasia; "
     "Game Zones - Field", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Item, Test Cheap Domain, Test Cheap Phantasia]
    - lineage: [Spirit of Water]
steps: [activate Test Cheap Item, pass, pass, activate Test Cheap Domain, pass, pass, \
activate Test Cheap Phantasia, pass, pass]
expect:
  players.0.field: [Test Cheap Item, Test Cheap Domain, Test Cheap Phantasia]
  players.0.field.0.rested: false
  players.0.field.1.rested: false
  players.0.field.2.rested: false
"""),
    ("items, domains, phantasias and weapons are slow", "Card Types - Item, Weapon, Domain, "
     "Phantasia (slow speed)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Plain Knack, Test Cheap Item, Test Cheap Domain, Test Cheap Phantasia, \
Test Cheap Blade]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Plain Knack]
not_offered: [activate Test Cheap Item, activate Test Cheap Domain, activate Test Cheap \
Phantasia, activate Test Cheap Blade]
expect:
  players.0.hand.count: 4
"""),
    ("a stolen item destroyed goes to its owner's graveyard", "Card Types - Item (owner's "
     "graveyard); Game Zones - Graveyard", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Seize Any, Test Crush Any]
    - lineage: [Spirit of Water]
      field: [Test Cheap Domain]
steps: [activate Test Seize Any, "target Test Cheap Domain (player 1)", pass, pass, \
activate Test Crush Any, "target Test Cheap Domain (player 0)", pass, pass]
expect:
  players.0.field: []
  players.1.graveyard: [Test Cheap Domain]
  players.0.graveyard: [Test Seize Any, Test Crush Any]
"""),
    ("a weapon may hold more durability counters than its stat", "Parts of a Card - "
     "Durability 3; Card Types - Weapon 2a, 2b", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Blade, Test Armory]
    - lineage: [Spirit of Water]
steps: [activate Test Cheap Blade, pass, pass, activate Test Armory, "target Test Cheap Blade \
(player 0)", pass, pass]
expect:
  players.0.field.0.durability: 5
"""),
    ("prevented damage still costs the weapon durability", "Card Types - Weapon 2c, 3a",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Cheap Blade]
      hand: [Test Ward All]
    - lineage: [Spirit of Water]
steps: [activate Test Ward All, pass, pass, attack with Spirit of Fire using Test Cheap Blade, \
"target Spirit of Water (player 1)", {pass_until: main}]
expect:
  players.1.champion.damage: 0
  players.0.field.0.durability: 1
"""),
    ("a weapon at 0 durability is destroyed; a regalia weapon is banished", "Card Types - "
     "Weapon 3; Card Types - Supertypes 2c", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Relic Blade]
    - lineage: [Spirit of Water]
steps: [attack with Spirit of Fire using Test Relic Blade, "target Spirit of Water (player 1)", \
{pass_until: main}]
expect:
  players.1.champion.damage: 1
  players.0.field: []
  players.0.banishment: [Test Relic Blade]
  players.0.graveyard: []
"""),
    ("an ally cannot use a weapon", "Card Types - Weapon 1", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Sparring Knight, Test Cheap Blade]
    - lineage: [Spirit of Water]
steps: []
not_offered_before: [attack with Sparring Knight using Test Cheap Blade]
expect:
  players.0.field.1.durability: 2
"""),
    # -- Card Types - Supertypes --
    ("two Unique objects of a name: one is sacrificed", "Card Types - Supertypes 1", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Unique Idol]
      field: [Test Unique Idol]
    - lineage: [Spirit of Water]
steps: [activate Test Unique Idol, pass, pass, "keep Test Unique Idol #2"]
expect:
  players.0.field.count: 1
  players.0.graveyard: [Test Unique Idol]
"""),
    ("a Unique object per player: each may keep one", "Card Types - Supertypes 1 (a player "
     "controls one)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Unique Idol]
    - lineage: [Spirit of Water]
      field: [Test Unique Idol]
steps: [activate Test Unique Idol, pass, pass]
expect:
  players.0.field: [Test Unique Idol]
  players.1.field: [Test Unique Idol]
"""),
    ("a regalia sent to hand returns to the material deck", "Card Types - Supertypes 2d",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Bounce Any]
    - lineage: [Spirit of Water]
      field: [Test Relic Blade]
steps: [activate Test Bounce Any, "target Test Relic Blade (player 1)", pass, pass]
expect:
  players.1.material: [Test Relic Blade]
  players.1.hand: []
"""),
    ("a regalia sent to memory returns to the material deck", "Card Types - Supertypes 2d; "
     "Game Zones - Memory", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Forget Any]
    - lineage: [Spirit of Water]
      field: [Test Relic Blade]
steps: [activate Test Forget Any, "target Test Relic Blade (player 1)", pass, pass]
expect:
  players.1.material: [Test Relic Blade]
  players.1.memory: []
"""),
    ("a regalia put into the graveyard is banished", "Card Types - Supertypes 2c", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Bury Any]
    - lineage: [Spirit of Water]
      field: [Test Relic Blade]
steps: [activate Test Bury Any, "target Test Relic Blade (player 1)", pass, pass]
expect:
  players.1.banishment: [Test Relic Blade]
  players.1.graveyard: []
"""),
    # -- Functional Subtypes - Siegeable --
    ("a siegeable domain is no unit target", "Card Types - Functional Subtypes, Siegeable 1a ii",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Zap Unit]
    - lineage: [Spirit of Water]
      field: [Watchtower Ruins]
steps: [activate Test Zap Unit]
offered: ["target Spirit of Water (player 1)"]
not_offered: ["target Watchtower Ruins (player 1)"]
expect:
  players.1.field.0.durability: 3
"""),
    ("Taunt keeps a siegeable domain from being attacked", "Card Types - Functional Subtypes, "
     "Siegeable 1a iv", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Sparring Knight]
    - lineage: [Spirit of Water]
      field: [Watchtower Ruins, Bulwark Squire]
steps: [attack with Sparring Knight]
offered: ["target Bulwark Squire (player 1)"]
not_offered: ["target Watchtower Ruins (player 1)"]
expect:
  players.1.field.0.durability: 3
"""),
    # -- Game Zones --
    ("a sacrificed token is not in the graveyard", "Game Zones; Game Terms - Token 2",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Summons, Test Crush Any]
    - lineage: [Spirit of Water]
steps: [activate Test Summons, pass, pass, activate Test Crush Any, "target Spirit Wisp \
(player 0)", pass, pass]
expect:
  players.0.field: []
  players.0.graveyard: [Test Summons, Test Crush Any]
"""),
    ("a stolen ally sent to memory goes to its owner's memory", "Game Zones - Memory (owner's)",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Seize Any, Test Forget Any]
    - lineage: [Spirit of Water]
      field: [Sparring Knight]
steps: [activate Test Seize Any, "target Sparring Knight (player 1)", pass, pass, \
activate Test Forget Any, "target Sparring Knight (player 0)", pass, pass]
expect:
  players.1.memory: [Sparring Knight]
  players.0.memory: []
"""),
    ("no maximum hand size", "Game Zones - Hand", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Deep Draw]
      deck: [Quick Study, Quick Study, Quick Study, Quick Study, Quick Study, Quick Study, \
Quick Study, Quick Study, Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study]
steps: [activate Test Deep Draw, pass, pass, {pass_until: end}, pass, pass]
expect:
  players.0.hand.count: 9
"""),
    ("the effects stack resolves last in, first out", "Game Zones - Effects Stack", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Plain Knack]
      deck: [Quick Study, Sparring Knight]
    - lineage: [Spirit of Water]
      hand: [Test Zap Unit]
steps: [activate Test Plain Knack, pass, activate Test Zap Unit, "target Spirit of Fire \
(player 0)", pass, pass]
expect:
  players.0.champion.damage: 1
  players.0.hand: []
  players.1.graveyard: [Test Zap Unit]
  decision.player: 0
"""),
    ("a champion leaving takes its inner lineage with it", "Game Zones - Object-Specific "
     "Zones (inner lineage); Card Types - Champion 6b i", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Topple]
    - lineage: [Spirit of Water, "Lorraine, Wandering Warrior", "Lorraine, Blademaster"]
steps: [activate Test Topple, "target Lorraine, Blademaster (player 1)", pass, pass]
expect:
  players.1.banishment: [Spirit of Water, "Lorraine, Wandering Warrior", \
"Lorraine, Blademaster"]
  players.1.graveyard: []
"""),
    ("a card's effects all resolve though the first ends the game", "Game Zones - Effects "
     "Stack (each effect fully resolves); General Rules - Objectives 1", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Mutual Ruin]
    - lineage: [Spirit of Water]
steps: [activate Test Mutual Ruin, pass, pass]
expect:
  winner: draw
"""),
    ("a weapon loses no durability when the damage step is skipped", "Card Types - Weapon 2c "
     "(no damage step, no durability lost)", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Cheap Blade]
    - lineage: [Spirit of Water]
      field: [Sparring Knight]
      hand: [Test Bounce Any]
steps: [attack with Spirit of Fire using Test Cheap Blade, "target Sparring Knight (player 1)", \
pass, activate Test Bounce Any, "target Sparring Knight (player 1)", pass, pass, \
{pass_until: main}]
expect:
  players.1.hand: [Sparring Knight]
  players.0.field.0.durability: 2
  players.0.champion.rested: true
"""),
    ("a regalia sent to the top of the deck returns to the material deck",
     "Card Types - Supertypes 2d (main deck)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Topdeck Any]
    - lineage: [Spirit of Water]
      field: [Test Relic Blade]
      deck: [Quick Study]
steps: [activate Test Topdeck Any, "target Test Relic Blade (player 1)", pass, pass]
expect:
  players.1.material: [Test Relic Blade]
  players.1.deck: [Quick Study]
"""),
    ("a stolen ally banished goes to its owner's banishment", "Game Zones - Banishment "
     "(owner's)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Seize Any, Test Exile Any]
    - lineage: [Spirit of Water]
      field: [Sparring Knight]
steps: [activate Test Seize Any, "target Sparring Knight (player 1)", pass, pass, \
activate Test Exile Any, "target Sparring Knight (player 0)", pass, pass]
expect:
  players.1.banishment: [Sparring Knight]
  players.0.banishment: []
"""),
    ("a stolen ally sent to the deck goes to its owner's deck", "Game Zones - Main Deck; "
     "Game Terms - Control and Ownership", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Seize Any, Test Topdeck Any]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      field: [Sparring Knight]
      deck: [Quick Study]
steps: [activate Test Seize Any, "target Sparring Knight (player 1)", pass, pass, \
activate Test Topdeck Any, "target Sparring Knight (player 0)", pass, pass]
expect:
  players.1.deck: [Sparring Knight, Quick Study]
  players.0.deck: [Quick Study]
"""),
    ("a level 0 champion delevelled leaves its player without one: they lose",
     "Card Types - Champion, Deleveling; General Rules - Ending the Game", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Unlevel]
    - lineage: [Spirit of Water]
steps: [activate Test Unlevel, pass, pass]
expect:
  players.1.lineage: []
  players.1.material: [Spirit of Water]
  winner: 0
"""),
    ("a fire regalia is not materialized without fire", "Parts of a Card - Element; Playing "
     "Cards - Card Materialization", """setup:
  turn_player: 0
  phase: materialize
  turn: 3
  players:
    - lineage: [Spirit of Water]
      material: [Emberheart Brazier, Tidestone Pendant]
      memory: [Quick Study, Quick Study]
    - lineage: [Spirit of Fire]
steps: []
not_offered_before: [materialize Emberheart Brazier]
expect:
  players.0.material.count: 2
offered: [materialize Tidestone Pendant]
"""),
    ("a level 0 champion is never materialized", "Card Types - Champion (no materializing "
     "level 0)", """setup:
  turn_player: 0
  phase: materialize
  turn: 3
  players:
    - lineage: [Spirit of Water]
      material: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      memory: [Quick Study, Quick Study]
    - lineage: [Spirit of Fire]
steps: []
offered: ["materialize Lorraine, Wandering Warrior"]
not_offered: [materialize Spirit of Fire]
expect:
  players.0.material.count: 2
"""),
    ("nothing is materialized in the main phase", "Parts of a Card - Cost 3 (memory costs only "
     "in the materialize phase)", """setup:
  players:
    - lineage: [Spirit of Water]
      material: [Tidestone Pendant]
      memory: [Quick Study, Quick Study]
    - lineage: [Spirit of Fire]
steps: []
not_offered: [materialize Tidestone Pendant]
expect:
  phase: main
"""),
    ("a level modifier does not change which champion can level up", "Card Types - Champion, "
     "Leveling Up 1 (printed level)", """setup:
  turn_player: 0
  phase: materialize
  turn: 3
  players:
    - lineage: [Spirit of Water, "Lorraine, Wandering Warrior"]
      field: [Test Level Charm]
      material: ["Lorraine, Blademaster", "Lorraine, Crux Knight"]
      memory: [Quick Study, Quick Study, Quick Study]
    - lineage: [Spirit of Fire]
steps: []
offered: ["materialize Lorraine, Blademaster"]
not_offered: ["materialize Lorraine, Crux Knight"]
expect:
  players.0.champion.level: 2
"""),
    ("a level up effect levels only that player's champion", "Card Types - Champion, Leveling "
     "Up 7", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Raise]
      material: ["Lorraine, Wandering Warrior"]
    - lineage: [Spirit of Water]
      material: ["Rai, Spellcrafter"]
steps: [activate Test Raise, pass, pass, "choose Rai, Spellcrafter"]
expect:
  players.1.champion.name: Rai, Spellcrafter
  players.0.champion.name: Spirit of Fire
  players.0.material: ["Lorraine, Wandering Warrior"]
"""),
    ("taking a Unique object you already have one of: you keep one", "Card Types - "
     "Supertypes 1; Game Terms - Control and Ownership", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Seize Any]
      field: [Test Unique Idol]
    - lineage: [Spirit of Water]
      field: [Test Unique Idol]
steps: [activate Test Seize Any, "target Test Unique Idol (player 1)", pass, pass, \
"keep Test Unique Idol #1"]
expect:
  players.0.field.count: 1
  players.1.field: []
  players.1.graveyard: [Test Unique Idol]
"""),
    ("amounts round down", "Miscellaneous - Rounding", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Halving, Quick Study, Quick Study, Quick Study]
      deck: [Sparring Knight, Practice Squire]
    - lineage: [Spirit of Water]
steps: [activate Test Halving, pass, pass]
expect:
  players.0.hand: [Quick Study, Quick Study, Quick Study, Sparring Knight]
"""),
    ("no slow action during a combat", "General Rules - Players 2 (main phase, empty stack); "
     "Card Types - Ally, Attack (slow)", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Sparring Knight]
      hand: [Test Cheap Ally, Test Cheap Strike, Test Slow Knack, Test Plain Knack]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [attack with Sparring Knight, "target Spirit of Water (player 1)"]
expect:
  phase: combat
  decision.player: 0
offered: [activate Test Plain Knack]
not_offered: [activate Test Cheap Ally, activate Test Cheap Strike, activate Test Slow Knack]
"""),
    ("no slow action in the end phase", "General Rules - Players 2 (main phase only)",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Ally, Test Slow Knack, Test Plain Knack]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [{pass_until: end}]
expect:
  phase: end
offered: [activate Test Plain Knack]
not_offered: [activate Test Cheap Ally, activate Test Slow Knack]
"""),
    ("an ally on the effects stack is not yet an object", "Game Zones - Field (objects enter "
     "as they resolve)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Ally]
    - lineage: [Spirit of Water]
      hand: [Test Ally Ruin]
steps: [activate Test Cheap Ally, pass]
expect:
  decision.player: 1
not_offered: [activate Test Ally Ruin]
"""),
    ("a token ally destroyed dies, then ceases to exist", "Game Terms - Token 2, 3; "
     "Died/Dies and Kills/Killed 1", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Summons, Test Ally Ruin]
      field: [Test Death Watcher]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Summons, pass, pass, activate Test Ally Ruin, "target Spirit Wisp \
(player 0)", pass, pass, pass, pass]
expect:
  players.0.field: [Test Death Watcher]
  players.0.hand: [Quick Study]
  players.0.graveyard: [Test Summons, Test Ally Ruin]
"""),
    ("an ally of an element does not enable it", "Parts of a Card - Element (non-champion "
     "cards do not unlock elements)", """setup:
  players:
    - lineage: [Spirit of Water]
      field: [Cinder Acolyte]
      hand: [Test Knack]
    - lineage: [Spirit of Fire]
steps: []
not_offered_before: [activate Test Knack]
expect:
  players.0.hand: [Test Knack]
"""),
    ("the top champion's element is enabled", "Parts of a Card - Element; Card Types - "
     "Champion (elements of the lineage)", """setup:
  players:
    - lineage: [Spirit of Water, "Lorraine, Wandering Warrior", "Lorraine, Blademaster", \
"Lorraine, Crux Knight"]
      hand: [Crux Lance]
    - lineage: [Spirit of Fire]
steps: []
expect:
  players.0.champion.elements: [crux, norm, water]
"""),
    ("sacrificing each ally takes only the player's own", "Game Terms - Sacrifice 1, 2c",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cull]
      field: [Practice Squire]
    - lineage: [Spirit of Water]
      field: [Sparring Knight]
steps: [activate Test Cull, pass, pass]
expect:
  players.0.graveyard: [Practice Squire, Test Cull]
  players.1.field: [Sparring Knight]
"""),
    ("a weapon whose durability counters are removed is destroyed", "Card Types - Weapon 3; "
     "Game Terms - Destruction 4 (by other means)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Blunting]
    - lineage: [Spirit of Water]
      field: [Test Cheap Blade]
steps: [activate Test Blunting, "target Test Cheap Blade (player 1)", pass, pass]
expect:
  players.1.field: []
  players.1.graveyard: [Test Cheap Blade]
"""),
    ("a siegeable domain whose durability counters are removed is destroyed",
     "Card Types - Functional Subtypes, Siegeable 1b iii", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Blunting]
    - lineage: [Spirit of Water]
      field: [Watchtower Ruins]
steps: [activate Test Blunting, "target Watchtower Ruins (player 1)", pass, pass]
expect:
  players.1.field: []
  players.1.graveyard: [Watchtower Ruins]
"""),
    ("a champion without power has no attack of its own", "Card Types - Champion (attacks "
     "only through attack cards or weapons)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Strike]
    - lineage: [Spirit of Water]
steps: []
not_offered_before: [attack with Spirit of Fire]
offered: [activate Test Cheap Strike]
expect:
  players.0.champion.rested: false
"""),
    ("a reserve cost change leaves a regalia's memory cost", "Parts of a Card - Cost 6 (the "
     "card's own cost type)", """setup:
  turn_player: 0
  phase: materialize
  turn: 3
  players:
    - lineage: [Spirit of Water]
      field: [Test Discount Charm]
      material: [Tidestone Pendant]
      memory: [Quick Study, Quick Study]
    - lineage: [Spirit of Fire]
steps: [materialize Tidestone Pendant, pass, pass]
expect:
  players.0.field: [Test Discount Charm, Tidestone Pendant]
  players.0.memory.count: 1
  players.0.banishment.count: 1
"""),
    ("a level up is no object entering the field", "Card Types - Champion, Leveling Up 6b",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Self Raise]
      field: [Test Enter Watcher]
      material: ["Lorraine, Wandering Warrior"]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Self Raise, pass, pass, "choose Lorraine, Wandering Warrior", \
{pass_until: end}]
expect:
  players.0.champion.name: Lorraine, Wandering Warrior
  players.0.hand: []
"""),
    ("an object entering is seen by the watcher", "Card Types - Champion, Leveling Up 6b "
     "(the other side: a new object does enter)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Ally]
      field: [Test Enter Watcher]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Cheap Ally, pass, pass, pass, pass]
expect:
  players.0.hand: [Quick Study]
"""),
    ("an object's ability is used without its element enabled", "Parts of a Card - Element "
     "(playing a card, not using an object)", """setup:
  players:
    - lineage: [Spirit of Water]
      field: [Test Fire Lens]
      deck: [Quick Study]
    - lineage: [Spirit of Fire]
steps: ["use Test Fire Lens: ability 1", pass, pass]
expect:
  players.0.hand: [Quick Study]
"""),
    ("a rested champion cannot attack with a weapon", "Card Types - Champion 9 (rests as a "
     "cost)", """setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {rested: true}
      field: [Test Cheap Blade]
    - lineage: [Spirit of Water]
steps: []
not_offered_before: [attack with Spirit of Fire using Test Cheap Blade]
expect:
  players.0.field.0.durability: 2
"""),
    ("a weapon played again is a new object with its full durability", "Parts of a Card - "
     "Durability 2; Game Zones - Hand", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [{card: Test Cheap Blade, counters: {durability: 1}}]
      hand: [Test Bounce Any]
    - lineage: [Spirit of Water]
steps: [activate Test Bounce Any, "target Test Cheap Blade (player 0)", pass, pass, \
activate Test Cheap Blade, pass, pass]
expect:
  players.0.field.0.durability: 2
"""),
    ("a champion delevelled below its damage dies", "Card Types - Champion, Deleveling; "
     "Champion 6 iv (the top card's life, 20 + 2 from its Inherited Effect)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Unlevel]
    - lineage: [Spirit of Water, "Lorraine, Wandering Warrior", "Lorraine, Blademaster"]
      champion: {damage: 22}
steps: [activate Test Unlevel, pass, pass]
expect:
  players.1.lineage: []
  players.1.material: ["Lorraine, Blademaster"]
  players.1.banishment.count: 2
  winner: 0
"""),
    ("a champion with a power stat retaliates", "Card Types - Champion (no power: no "
     "retaliation; with one, it may)", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Sparring Knight]
    - lineage: [Spirit of Water]
      field: [Test Champion Might]
steps: [attack with Sparring Knight, "target Spirit of Water (player 1)", pass, pass, \
retaliate with Spirit of Water, {pass_until: main}]
expect:
  players.1.champion.damage: 2
  players.0.field: []
  players.0.graveyard: [Sparring Knight]
"""),
    ("a stolen ally sacrificed goes to its owner's graveyard", "Game Zones - Graveyard "
     "(owner's); Game Terms - Sacrifice 2c (the controller sacrifices)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Seize Any, Test Cull]
    - lineage: [Spirit of Water]
      field: [Sparring Knight, Practice Squire]
steps: [activate Test Seize Any, "target Sparring Knight (player 1)", pass, pass, \
activate Test Cull, pass, pass]
expect:
  players.1.graveyard: [Sparring Knight]
  players.1.field: [Practice Squire]
  players.0.field: []
"""),
    ("a delevelled champion's element is no longer enabled", "Parts of a Card - Element; "
     "Card Types - Champion, Deleveling", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Unlevel]
    - lineage: [Spirit of Water, "Lorraine, Wandering Warrior", "Lorraine, Blademaster", \
"Lorraine, Crux Knight"]
      hand: [Crux Lance, Quick Study]
steps: [activate Test Unlevel, pass, pass, pass]
expect:
  decision.player: 1
  players.1.champion.name: Lorraine, Blademaster
not_offered: [activate Crux Lance]
"""),
    ("a resolved attack card declares its attack at a legal target only", "Card Types - "
     "Attack 2 (a legal attack target); Keywords - Taunt", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Cheap Strike]
    - lineage: [Spirit of Water]
      field: [Bulwark Squire]
steps: [activate Test Cheap Strike, pass, pass]
expect:
  players.0.champion.rested: true
offered: ["target Bulwark Squire (player 1)"]
not_offered: ["target Spirit of Water (player 1)"]
"""),
    ("an effect's materialization never offers a level 0 champion", "Card Types - Champion "
     "(no materializing level 0); Playing Cards - Card Materialization", """setup:
  players:
    - lineage: [Spirit of Water]
      hand: [Test Call Forth]
      material: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      memory: [Quick Study]
    - lineage: [Spirit of Fire]
steps: [activate Test Call Forth, pass, pass]
offered: ["choose Lorraine, Wandering Warrior"]
not_offered: [choose Spirit of Fire]
expect:
  players.0.material.count: 2
"""),
    ("a champion card put into the graveyard from the material deck is banished",
     "Card Types - Champion (graveyard from anywhere: banished); Card Types - Supertypes 2c",
     """setup:
  players:
    - lineage: [Spirit of Water]
      hand: [Test Grave Send]
      material: ["Lorraine, Wandering Warrior", Tidestone Pendant]
    - lineage: [Spirit of Fire]
steps: [activate Test Grave Send, pass, pass, "choose Lorraine, Wandering Warrior", \
choose Tidestone Pendant]
expect:
  players.0.graveyard: [Test Grave Send]
  players.0.banishment: ["Lorraine, Wandering Warrior", Tidestone Pendant]
  players.0.material: []
"""),
    ("a delevel is no object leaving the field", "Card Types - Champion, Deleveling (the "
     "object carries on)", """setup:
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      hand: [Test Self Unlevel]
      field: [Test Leave Watcher]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Self Unlevel, pass, pass, {pass_until: end}]
expect:
  players.0.champion.name: Spirit of Fire
  players.0.material: ["Lorraine, Wandering Warrior"]
  players.0.hand: []
"""),
    ("an object leaving is seen by the watcher", "Card Types - Champion, Deleveling (the "
     "other side: an object that leaves)", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Bounce Any]
      field: [Test Leave Watcher, Test Cheap Item]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Bounce Any, "target Test Cheap Item (player 0)", pass, pass, pass, pass]
expect:
  players.0.hand: [Test Cheap Item, Quick Study]
"""),
    ("a rested ally cannot attack", "Card Types - Ally (attacks while awake)", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [{card: Sparring Knight, rested: true}, Practice Squire]
    - lineage: [Spirit of Water]
steps: []
offered: [attack with Practice Squire]
not_offered: [attack with Sparring Knight]
expect:
  players.0.field.0.rested: true
"""),
    ("sacrificing an ally of the player's choice offers only their own", "Game Terms - "
     "Sacrifice 2c", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Pick Cull]
      field: [Practice Squire]
    - lineage: [Spirit of Water]
      field: [Sparring Knight]
steps: [activate Test Pick Cull, pass, pass]
offered: ["choose Practice Squire (player 0)"]
not_offered: ["choose Sparring Knight (player 1)"]
expect:
  players.1.field: [Sparring Knight]
"""),
]


@pytest.mark.parametrize(("name", "rules", "body"), CASES, ids=[c[0] for c in CASES])
def test_rule(tmp_path: Path, pool: CardPool, name: str, rules: str, body: str) -> None:
    run_scenario(tmp_path, pool, _scenario(name, rules, body))


def test_card_names_are_unique(tmp_path: Path) -> None:
    """"Parts of a Card - Name": two cards of one name are refused as the pool loads, with
    an error naming the card."""
    twice = EXTRA + """  - name: Test Cheap Item
    type: item
    element: fire
    reserve_cost: 1
"""
    with pytest.raises(CardFileError, match="Test Cheap Item"):
        pool_with(tmp_path, twice)


def test_every_card_has_an_element(tmp_path: Path) -> None:
    """"General Rules - Parts of a Card": every card has a name, cost, type and element; a
    card without an element is refused, naming the card and the field."""
    text = """set: test-audit-d-bad
cards:
  - name: Test Elementless
    type: item
    reserve_cost: 0
"""
    with pytest.raises(CardFileError, match=r"Test Elementless.*element"):
        pool_with(tmp_path, text)


@pytest.mark.parametrize(("body", "message"), [
    ("  - {name: Test Bad Relic, type: item, supertypes: [regalia], element: norm, "
     "reserve_cost: 1}", "Test Bad Relic.*memory_cost"),      # Supertypes 2b
    ("  - {name: Test Bad Champ, type: champion, element: norm, level: 1, life: 9, "
     "reserve_cost: 1}", "Test Bad Champ.*memory_cost"),      # Parts of a Card - Cost
    ("  - {name: Test Bad Ally, type: ally, element: norm, reserve_cost: 1, power: 1}",
     "Test Bad Ally.*life"),                                  # Typeline: power and life
    ("  - {name: Test Bad Blade, type: weapon, element: norm, reserve_cost: 1, power: 1}",
     "Test Bad Blade.*durability"),                           # Typeline: power, durability
])
def test_card_types_carry_their_costs_and_stats(tmp_path: Path, body: str,
                                                message: str) -> None:
    """"Card Types - Supertypes 2b" (a regalia has a memory cost), "Parts of a Card - Cost"
    (a champion's memory cost) and "Parts of a Card - Typeline" (the stats each type
    carries): a card that breaks them is refused as the pool loads, naming it and the
    field."""
    with pytest.raises(CardFileError, match=message):
        pool_with(tmp_path, f"set: test-audit-d-bad\ncards:\n{body}\n")
