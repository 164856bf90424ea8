"""Rules audit C: game terms, the general rules of abilities and the non-combat keywords,
each checked with cards made up for it (the built-in pool has no single card that shows
the rule alone). Every case names its section of the Comprehensive Rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pool_with, run_scenario

from gaenv.cards.schema import CardPool

EXTRA = """set: test-audit-c
cards:
  - name: Test Exile
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move: {target: target_ally, to: banishment}
  - name: Test Ruin
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - destroy: target_ally
  - name: Test Ruin Item
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - destroy: {target: {type: item}}
  - name: Test Mourner
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
    abilities:
      - on_death: [draw: 1]
  - name: Test Miller Ghost
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
    abilities:
      - on_death: [mill: 1]
  - name: Test Offering
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - sacrifice: target_your_ally
      - draw: 1
  - name: Test Tribute
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    sacrifices: [{type: ally}]
    effect: [draw: 1]
  - name: Test Full Mend
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [recover: 5]
  - name: Test Deep Mill
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{mill: {amount: 3, player: opponent}}]
  - name: Test Double Discard
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{discard: {amount: 2, player: opponent}}]
  - name: Test Lull
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - rest: target_ally
      - draw: 1
  - name: Test Rouse
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - wake: target_ally
  - name: Test Lookout
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
    abilities:
      - activated: [draw: 1]
        cost: {rest: true}
  - name: Test Gaze
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [glimpse: 3]
  - name: Test Seek Ally
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{search: {type: ally}}]
  - name: Test Suppressor
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - suppress: {target: {target: {type: ally}}}
  - name: Test Seize
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - take_control: target_opponent_ally
  - name: Test Quick Ally
    type: ally
    element: norm
    speed: fast
    reserve_cost: 0
    power: 1
    life: 1
  - name: Test Slow Ally
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
  - name: Test Fading
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - level_boost: {target: your_champion, amount: -2}
  - name: Test Thrifty Bolt
    type: action
    element: norm
    speed: fast
    reserve_cost: 1
    keywords: [efficiency]
    effect: [{deal_damage: {amount: 1, target: opponent_champion}}]
  - name: Test Spark Pair
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - deal_damage: {amount: 1, target: {up_to_target: {type: [ally, champion], distinct: true}}}
      - deal_damage: {amount: 1, target: {up_to_target: {type: [ally, champion], distinct: true}}}
  - name: Test Each Scorch
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - deal_damage: {amount: 1, target: each_ally}
  - name: Test Other Buff
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - static: {modify_stats: {power: 1, applies_to: {type: ally, another: true, controller: you}}}
  - name: Test Maybe Draw
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - may: {effect: [draw: 2], otherwise: [{mill: 1}]}
  - name: Test Trinket
    type: item
    element: norm
    reserve_cost: 0
  - name: Test Vengeful Spirit
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 3
    abilities:
      - on_death:
          - deal_damage: {amount: {stat: {stat: power, of: self}}, target: opponent_champion}
  - name: Test Rising
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - level_boost: {target: your_champion, amount: 1}
  - name: Test Adept Lens
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - activated: [draw: 1]
        cost: {rest: true}
        requires: {level: 1}
  - name: Test Vigil Candle
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: phase_begins, filter: {phase: end, player: you}}
        requires: {controls: {name: Test Trinket}}
        effect: [draw: 1]
  - name: Test Pinger
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - activated: [{deal_damage: {amount: 1, target: target_opponent_ally}}]
        cost: {rest: true}
  - name: Test Slow Lens
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - activated: [draw: 1]
        cost: {rest: true}
        speed: slow
  - name: Test Rest Watcher
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: rests, filter: {type: ally}}
        effect: [draw: 1]
  - name: Test Relic Lamp
    type: item
    supertypes: [regalia]
    element: norm
    memory_cost: 0
    abilities:
      - activated: [draw: 1]
        cost: {sacrifice: true}
  - name: Test Grave Drop
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move: {target: target_ally, to: graveyard}
  - name: Test Twin Lens
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - activated: [draw: 1]
        cost: {reserve: 1}
  - name: Test Bond Charm
    type: item
    element: norm
    reserve_cost: 0
    link: {type: ally}
    abilities:
      - static: {modify_stats: {power: 2, applies_to: {linked: true}}}
  - name: Test Nurture
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [foster: target_ally]
  - name: Test Foundling
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
    abilities:
      - trigger: {event: fostered, filter: {self: true}}
        effect: [draw: 1]
  - name: Test Costly Mend
    type: action
    element: norm
    speed: fast
    reserve_cost: 1
    effect: [recover: 5]
  - name: Test Refusal
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - negate: {target: {target: {activation: true}}}
  - name: Test Cast Watcher
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: activated, filter: {player: you}}
        effect: [draw: 1]
  - name: Test Brew Tonic
    type: action
    element: norm
    speed: fast
    reserve_cost: 2
    brew: [{name: Test Trinket}]
    effect: [draw: 1]
  - name: Test Tax Charm
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static:
          modify_cost: {cost: reserve, op: add, amount: 1, applies_to: {controller: opponent}}
  - name: Test Keep Insight
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    preserve: true
    effect: [draw: 1]
  - name: Test Forge Watcher
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: materialized, filter: {player: you}}
        effect: [draw: 1]
  - name: Test Veiled Ally
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
    keywords: [spellshroud]
  - name: Test Storm Spell
    type: action
    subtypes: [Spell]
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - deal_damage: {amount: 1, target: each_opponent_ally}
  - name: Test Pick Spell
    type: action
    subtypes: [Spell]
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - counters: {target: {choose: {type: ally, controller: opponent}}, kind: buff}
  - name: Test Big Refusal
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - negate: {target: {target: {activation: true, reserve_cost: {at_least: 2}}}}
  - name: Test Rally
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - boost: {target: each_your_ally, power: 1}
  - name: Test Banner Pole
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {modify_stats: {power: 1, applies_to: {type: ally, controller: you}}}
  - name: Test Level Draw
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{draw: {amount: {level: you}}}]
  - name: Test Doomed Idol
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: dies, filter: {self: true}}
        effect: [draw: 1]
  - name: Test Spell Totem
    type: phantasia
    subtypes: [Spell]
    element: norm
    reserve_cost: 0
    abilities:
      - activated: [{deal_damage: {amount: 1, target: target_ally}}]
        cost: {rest: true}
  - name: Test Heal Watcher
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: healed, filter: {type: champion, controller: you}}
        effect: [draw: 1]
  - name: Test Wake Watcher
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: wakes, filter: {type: ally}}
        effect: [draw: 1]
  - name: Test Keeper Ally
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - on_death: [{preserve: {}}]
  - name: Test Any Search
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{search: {}}]
  - name: Test Reserve Idol
    type: item
    element: norm
    reserve_cost: 0
    keywords: [reservable]
  - name: Test Soft Refusal
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - negate: {target: {target: {activation: true}}, unless_pays: 1}
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), EXTRA)


def _scenario(name: str, rules: str, body: str) -> str:
    return f"name: \"{name}\"\nrules: \"{rules}\"\n{body}"


CASES: list[tuple[str, str, str]] = [
    ("banished ally does not die", "Game Terms - Banish 3", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Exile]
    - lineage: [Spirit of Water]
      field: [Test Mourner]
      deck: [Spirit Wisp]
steps: [activate Test Exile, "target Test Mourner (player 1)", pass, pass]
expect:
  players.1.banishment: [Test Mourner]
  players.1.hand: []
  players.1.deck: [Spirit Wisp]
"""),
    ("destroyed ally dies", "Game Terms - Destruction 2a; Died/Dies and Kills/Killed 1", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Ruin]
    - lineage: [Spirit of Water]
      field: [Test Mourner]
      deck: [Spirit Wisp]
steps: [activate Test Ruin, "target Test Mourner (player 1)", pass, pass, pass, pass]
expect:
  players.1.graveyard: [Test Mourner]
  players.1.hand: [Spirit Wisp]
"""),
    ("destroyed item goes to its owner's graveyard", "Game Terms - Destruction 1, 2",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Ruin Item]
    - lineage: [Spirit of Water]
      field: [Test Trinket]
steps: [activate Test Ruin Item, "target Test Trinket (player 1)", pass, pass]
expect:
  players.1.graveyard: [Test Trinket]
  players.1.field: []
"""),
    ("sacrifice as an effect: On Death after the whole effect", "Game Terms - Sacrifice 4",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Offering]
      field: [Test Miller Ghost]
      deck: [Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
steps: [activate Test Offering, "target Test Miller Ghost (player 0)", pass, pass, pass, pass]
expect:
  players.0.hand: [Spirit Wisp]
  players.0.graveyard: [Test Miller Ghost, Test Offering, Hearth Warden]
"""),
    ("sacrifice as a cost: On Death resolves first", "Game Terms - Sacrifice 2b, 3",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Tribute]
      field: [Test Miller Ghost]
      deck: [Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
steps: [activate Test Tribute, choose Test Miller Ghost, pass, pass, pass, pass]
expect:
  players.0.hand: [Hearth Warden]
  players.0.graveyard: [Test Miller Ghost, Spirit Wisp, Test Tribute]
"""),
    ("only your own objects can be sacrificed", "Game Terms - Sacrifice 2c", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Tribute]
    - lineage: [Spirit of Water]
      field: [Test Miller Ghost]
steps: []
expect:
  players.0.hand: [Test Tribute]
not_offered_before: [activate Test Tribute]
"""),
    ("recover more than the damage", "Game Terms - Recover 2a, 2b", """setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {damage: 2}
      hand: [Test Full Mend]
    - lineage: [Spirit of Water]
steps: [activate Test Full Mend, pass, pass]
expect:
  players.0.champion.damage: 0
"""),
    ("mill fewer cards than asked is no loss", "Game Terms - Mill; Drawing Cards", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Deep Mill]
    - lineage: [Spirit of Water]
      deck: [Spirit Wisp, Hearth Warden]
steps: [activate Test Deep Mill, pass, pass]
expect:
  players.1.deck: []
  players.1.graveyard: [Spirit Wisp, Hearth Warden]
  winner: null
"""),
    ("discard two from a one-card hand", "Game Terms - Discard 1", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Double Discard]
    - lineage: [Spirit of Water]
      hand: [Spirit Wisp]
steps: [activate Test Double Discard, pass, pass, discard Spirit Wisp]
expect:
  players.1.hand: []
  players.1.graveyard: [Spirit Wisp]
"""),
    ("discard is the discarding player's choice", "Game Terms - Discard 3", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Double Discard]
    - lineage: [Spirit of Water]
      hand: [Spirit Wisp, Hearth Warden, Test Trinket]
steps: [activate Test Double Discard, pass, pass]
expect:
  decision.player: 1
offered: [discard Spirit Wisp, discard Hearth Warden, discard Test Trinket]
"""),
    ("resting a rested ally does nothing and the rest goes on", "Game Terms - Rest/Rested 5",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Lull]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
      field: [{card: Test Mourner, rested: true}]
steps: [activate Test Lull, "target Test Mourner (player 1)", pass, pass]
expect:
  players.1.field.0.rested: true
  players.0.hand: [Spirit Wisp]
"""),
    ("waking an awake ally does nothing", "Game Terms - Wake Up 2", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Rouse]
    - lineage: [Spirit of Water]
      field: [Test Mourner]
steps: [activate Test Rouse, "target Test Mourner (player 1)", pass, pass]
expect:
  players.1.field.0.rested: false
  players.0.graveyard: [Test Rouse]
"""),
    ("a rested object cannot pay a rest cost",
     "Game Terms - Awake 2; Abilities - Activated Abilities",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [{card: Test Lookout, rested: true}]
    - lineage: [Spirit of Water]
steps: []
expect:
  players.0.field.0.rested: true
not_offered_before: ["use Test Lookout: ability 1"]
"""),
    ("an activated ability rests as its cost and resolves",
     "Abilities - Activated Abilities; Game Terms - Rest/Rested 3",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Lookout]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps: ["use Test Lookout: ability 1"]
expect:
  players.0.field.0.rested: true
  players.0.hand: []
"""),
    ("glimpse puts cards on top and bottom", "Game Terms - Glimpse 2", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Gaze]
      deck: [Spirit Wisp, Hearth Warden, Test Trinket, Test Mourner]
    - lineage: [Spirit of Water]
steps:
  - activate Test Gaze
  - pass
  - pass
  - put Spirit Wisp on the bottom
  - put Test Trinket on the bottom
expect:
  players.0.deck: [Hearth Warden, Test Mourner, Spirit Wisp, Test Trinket]
"""),
    ("search may find nothing", "Game Terms - Search 1; Searching and Finding", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Seek Ally]
      deck: [Test Trinket, Test Gaze]
    - lineage: [Spirit of Water]
steps: [activate Test Seek Ally, pass, pass]
expect:
  players.0.hand: []
  players.0.deck.count: 2
"""),
    ("suppressed stolen ally comes back to its owner",
     "Game Terms - Suppress 1; Control and Ownership 3",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Seize, Test Suppressor]
    - lineage: [Spirit of Water]
      field: [Test Slow Ally]
steps:
  - activate Test Seize
  - target Test Slow Ally (player 1)
  - pass
  - pass
  - activate Test Suppressor
  - target Test Slow Ally (player 0)
  - pass
  - pass
  - {pass_until: end}
  - pass
  - pass
expect:
  players.1.field: [Test Slow Ally]
  players.0.field: []
  players.1.banishment: []
"""),
    ("suppress's return is the suppressing player's trigger",
     "Game Terms - Suppress 1; Abilities - Triggered Abilities",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Slow Ally, {card: Tireless Warden, rested: true}]
    - lineage: [Spirit of Water]
      hand: [Test Suppressor]
steps:
  - pass
  - activate Test Suppressor
  - target Test Slow Ally (player 0)
  - pass
  - pass
  - {pass_until: end}
  - pass
  - pass
expect:
  players.0.field: [Tireless Warden, Test Slow Ally]
  players.0.field.0.rested: true
  players.0.banishment: []
"""),
    ("on death reads the dead ally's last power", "Game Mechanics - Abilities 5",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Ruin]
    - lineage: [Spirit of Water]
      field: [{card: Test Vengeful Spirit, counters: {buff: 2}}]
steps: [activate Test Ruin, "target Test Vengeful Spirit (player 1)", pass, pass, pass, pass]
expect:
  players.1.graveyard: [Test Vengeful Spirit]
  players.0.champion.damage: 3
"""),
    ("a level restriction locks an activated ability",
     "Abilities - Restriction Abilities; Level Restrictions",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Adept Lens]
      hand: [Test Rising]
    - lineage: [Spirit of Water]
steps: []
expect:
  players.0.field.0.rested: false
not_offered_before: ["use Test Adept Lens: ability 1"]
"""),
    ("a restriction does not follow its ability to the stack", "Abilities - Restriction Abilities",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Adept Lens]
      hand: [Test Rising, Test Fading]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps:
  - activate Test Rising
  - pass
  - pass
  - "use Test Adept Lens: ability 1"
  - activate Test Fading
  - pass
  - pass
  - pass
  - pass
expect:
  players.0.hand: [Spirit Wisp]
"""),
    ("intervening if: no trigger without the condition", "Abilities - Triggered Abilities 1",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Vigil Candle]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps:
  - {pass_until: end}
expect:
  players.0.hand: []
  phase: end
"""),
    ("intervening if: checked again as it resolves", "Abilities - Triggered Abilities 1",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Vigil Candle, Test Trinket]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
      hand: [Test Ruin Item]
steps:
  - {pass_until: end}
  - pass
  - activate Test Ruin Item
  - target Test Trinket (player 0)
  - pass
  - pass
  - pass
  - pass
expect:
  players.0.graveyard: [Test Trinket]
  players.0.hand: []
"""),
    ("intervening if: met throughout, it resolves", "Abilities - Triggered Abilities 1",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Vigil Candle, Test Trinket]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps:
  - {pass_until: end}
  - pass
  - pass
expect:
  players.0.hand: [Spirit Wisp]
"""),
    ("an activated ability without a legal target is not offered",
     "Abilities - Activated Abilities",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Pinger]
    - lineage: [Spirit of Water]
steps: []
expect:
  players.0.field.0.rested: false
not_offered_before: ["use Test Pinger: ability 1"]
"""),
    ("activated abilities are fast: in the opponent's turn", "Abilities - Activated Abilities",
     """setup:
  turn_player: 1
  phase: main
  players:
    - lineage: [Spirit of Fire]
      field: [Test Lookout]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
      hand: [Test Full Mend]
steps: [activate Test Full Mend, pass, "use Test Lookout: ability 1", pass, pass]
expect:
  players.0.hand: [Spirit Wisp]
  players.1.graveyard: []
"""),
    ("a slow ability waits for an empty stack",
     "Abilities - Activated Abilities; Timing and Permissions",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Slow Lens]
      hand: [Test Full Mend]
    - lineage: [Spirit of Water]
steps: [activate Test Full Mend]
expect:
  players.0.field.0.rested: false
not_offered: ["use Test Slow Lens: ability 1"]
"""),
    ("resting a rested ally is not an event", "Game Terms - Rest/Rested 5",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Lull]
      field: [Test Rest Watcher]
      deck: [Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
      field: [{card: Test Mourner, rested: true}]
steps: [activate Test Lull, "target Test Mourner (player 1)", pass, pass]
expect:
  players.0.hand: [Spirit Wisp]
  players.0.deck: [Hearth Warden]
"""),
    ("a sacrificed regalia is banished", "Game Terms - Sacrifice 2",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Relic Lamp]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps: ["use Test Relic Lamp: ability 1", pass, pass]
expect:
  players.0.field: []
  players.0.banishment: [Test Relic Lamp]
  players.0.hand: [Spirit Wisp]
"""),
    ("put into the graveyard is not destroyed: no On Death",
     "Game Terms - Destruction 3; Died/Dies and Kills/Killed 1",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Grave Drop]
    - lineage: [Spirit of Water]
      field: [Test Mourner]
      deck: [Spirit Wisp]
steps: [activate Test Grave Drop, "target Test Mourner (player 1)", pass, pass]
expect:
  players.1.graveyard: [Test Mourner]
  players.1.hand: []
"""),
    ("an ability may be activated again while its costs can be paid",
     "Abilities - Activated Abilities",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Twin Lens]
      hand: [Hearth Warden, Spirit Wisp]
      deck: [Test Trinket, Test Gaze]
    - lineage: [Spirit of Water]
steps:
  - "use Test Twin Lens: ability 1"
  - pay with Hearth Warden
  - "use Test Twin Lens: ability 1"
  - pay with Spirit Wisp
  - pass
  - pass
  - pass
  - pass
expect:
  players.0.hand: [Test Trinket, Test Gaze]
  players.0.memory: [Hearth Warden, Spirit Wisp]
"""),
    ("a link card fizzles when its link target leaves", "Keywords - Link 2b, 3",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Bond Charm]
      field: [Test Slow Ally]
    - lineage: [Spirit of Water]
      hand: [Test Ruin]
steps:
  - activate Test Bond Charm
  - target Test Slow Ally (player 0)
  - pass
  - activate Test Ruin
  - target Test Slow Ally (player 0)
  - pass
  - pass
  - pass
  - pass
expect:
  players.0.field: []
  players.0.graveyard: [Test Slow Ally, Test Bond Charm]
"""),
    ("the link ends when the link object leaves", "Keywords - Link 4",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Bond Charm]
      field: [Test Slow Ally]
    - lineage: [Spirit of Water]
      hand: [Test Ruin Item]
steps:
  - activate Test Bond Charm
  - target Test Slow Ally (player 0)
  - pass
  - pass
  - pass
  - activate Test Ruin Item
  - target Test Bond Charm (player 0)
  - pass
  - pass
expect:
  players.0.field: [Test Slow Ally]
  players.0.field.0.power: 1
  players.0.graveyard: [Test Bond Charm]
"""),
    ("an object may carry several links", "Keywords - Link 6",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Bond Charm, Test Bond Charm]
      field: [Test Slow Ally]
    - lineage: [Spirit of Water]
steps:
  - activate Test Bond Charm
  - target Test Slow Ally (player 0)
  - pass
  - pass
  - activate Test Bond Charm
  - target Test Slow Ally (player 0)
  - pass
  - pass
expect:
  players.0.field: [Test Slow Ally, Test Bond Charm, Test Bond Charm]
  players.0.field.0.power: 5
"""),
    ("an ally becomes fostered only once", "Game Terms - Fostered 4; Keywords - On Foster",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Nurture, Test Nurture]
      field: [Test Foundling]
      deck: [Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
steps:
  - activate Test Nurture
  - target Test Foundling (player 0)
  - pass
  - pass
  - pass
  - pass
  - activate Test Nurture
  - target Test Foundling (player 0)
  - pass
  - pass
expect:
  players.0.hand: [Spirit Wisp]
  players.0.graveyard: [Test Nurture, Test Nurture]
"""),
    ("a negated card: costs stay paid, activation triggers stay", "Game Terms - Negate 2, 3, 4, 5",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {damage: 3}
      hand: [Test Costly Mend, Spirit Wisp]
      field: [Test Cast Watcher]
      deck: [Hearth Warden]
    - lineage: [Spirit of Water]
      hand: [Test Refusal]
steps:
  - activate Test Costly Mend
  - pay with Spirit Wisp
  - pass
  - activate Test Refusal
  - target Test Costly Mend
  - pass
  - pass
  - pass
  - pass
expect:
  players.0.champion.damage: 3
  players.0.graveyard: [Test Costly Mend]
  players.0.memory: [Spirit Wisp]
  players.0.hand: [Hearth Warden]
"""),
    ("brewing ignores reserve cost changes", "Keywords - Brew 2, 3",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Brew Tonic]
      field: [Test Trinket]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
      field: [Test Tax Charm]
steps: [brew Test Brew Tonic, choose Test Trinket, pass, pass]
expect:
  players.0.hand: [Spirit Wisp]
  players.0.field: []
  players.0.graveyard: [Test Trinket, Test Brew Tonic]
"""),
    ("returning a preserved card is not a materialization", "Preserve/Preserved 4, 4a",
     """setup:
  phase: end
  turn_player: 1
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Keep Insight]
      field: [Test Forge Watcher]
      deck: [Spirit Wisp, Hearth Warden, Test Trinket]
    - lineage: [Spirit of Water]
      deck: [Test Gaze]
steps:
  - pass
  - activate Test Keep Insight
  - pass
  - pass
  - pass
  - pass
  - return preserved Test Keep Insight to hand
expect:
  phase: recollection
  players.0.hand: [Spirit Wisp, Test Keep Insight]
  players.0.deck: [Hearth Warden, Test Trinket]
"""),
    ("each reaches a Spellshroud ally: no target", "Keywords - Spellshroud 1; Game Terms - Each",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Storm Spell]
    - lineage: [Spirit of Water]
      field: [Test Veiled Ally]
steps: [activate Test Storm Spell, pass, pass]
expect:
  players.1.field.0.damage: 1
"""),
    ("a Spell's choice is not a target: Spellshroud allows it",
     "Keywords - Spellshroud 1; Game Terms - Redirect 2",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Pick Spell]
    - lineage: [Spirit of Water]
      field: [Test Veiled Ally]
steps: [activate Test Pick Spell, pass, pass, choose Test Veiled Ally (player 1)]
expect:
  players.1.field.0.power: 2
"""),
    ("a cost increase does not change the printed cost", "Abilities - Static Abilities 4",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Costly Mend, Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
      hand: [Test Big Refusal]
      field: [Test Tax Charm]
steps: [activate Test Costly Mend, pay with Spirit Wisp, pay with Hearth Warden, pass]
expect:
  players.0.memory.count: 2
not_offered: [activate Test Big Refusal]
"""),
    ("a one-shot boost reads its set once", "Game Terms - Have, Gain, Get, Become/Are 2",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Rally, Test Slow Ally]
      field: [Test Mourner]
    - lineage: [Spirit of Water]
steps: [activate Test Rally, pass, pass, activate Test Slow Ally, pass, pass]
expect:
  players.0.field: [Test Mourner, Test Slow Ally]
  players.0.field.0.power: 2
  players.0.field.1.power: 1
"""),
    ("a static reaches objects that enter later", "Game Terms - Have, Gain, Get, Become/Are 1, 2",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Slow Ally]
      field: [Test Banner Pole]
    - lineage: [Spirit of Water]
steps: [activate Test Slow Ally, pass, pass]
expect:
  players.0.field: [Test Banner Pole, Test Slow Ally]
  players.0.field.1.power: 2
"""),
    ("a negative level counts as zero", "Game Terms - LV 3",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Fading, Test Level Draw]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps: [activate Test Fading, pass, pass, activate Test Level Draw, pass, pass]
expect:
  players.0.hand: []
  players.0.graveyard: [Test Fading, Test Level Draw]
  winner: null
"""),
    ("a destroyed item does not die", "Game Terms - Died/Dies and Kills/Killed 1b",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Doomed Idol]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
      hand: [Test Ruin Item]
steps: [pass, activate Test Ruin Item, "target Test Doomed Idol (player 0)", pass, pass]
expect:
  players.0.graveyard: [Test Doomed Idol]
  players.0.hand: []
"""),
    ("a Spell object's ability cannot target Spellshroud", "Keywords - Spellshroud 1",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Spell Totem]
    - lineage: [Spirit of Water]
      field: [Test Veiled Ally]
steps: []
expect:
  players.1.field.0.damage: 0
not_offered_before: ["use Test Spell Totem: ability 1"]
"""),
    ("an ally's rest ability the turn it enters",
     "Abilities - Activated Abilities; Game Terms - Awake 3",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Lookout]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps: [activate Test Lookout, pass, pass, "use Test Lookout: ability 1", pass, pass]
expect:
  players.0.field.0.rested: true
  players.0.hand: [Spirit Wisp]
"""),
    ("a negated Preserve card is still preserved", "Game Terms - Negate 5; Preserve/Preserved 2",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Keep Insight]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
      hand: [Test Refusal]
steps:
  - activate Test Keep Insight
  - pass
  - activate Test Refusal
  - target Test Keep Insight
  - pass
  - pass
expect:
  players.0.graveyard: []
  players.0.material: [Test Keep Insight]
  players.0.hand: []
"""),
    ("recovering with no damage removes nothing and is no event", "Game Terms - Recover 2b",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Full Mend]
      field: [Test Heal Watcher]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps: [activate Test Full Mend, pass, pass]
expect:
  players.0.champion.damage: 0
  players.0.hand: []
"""),
    ("recovering damage is an event", "Game Terms - Recover 2",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {damage: 1}
      hand: [Test Full Mend]
      field: [Test Heal Watcher]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps: [activate Test Full Mend, pass, pass, pass, pass]
expect:
  players.0.champion.damage: 0
  players.0.hand: [Spirit Wisp]
"""),
    ("waking an awake ally is no event", "Game Terms - Wake Up 2",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Rouse]
      field: [Test Wake Watcher]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
      field: [Test Mourner]
steps: [activate Test Rouse, "target Test Mourner (player 1)", pass, pass]
expect:
  players.0.hand: []
"""),
    ("an ally with Preserve sacrificed as a cost is preserved",
     "Preserve/Preserved 1; Game Terms - Sacrifice 3",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Tribute]
      field: [Test Keeper Ally]
      deck: [Spirit Wisp]
    - lineage: [Spirit of Water]
steps: [activate Test Tribute, choose Test Keeper Ally, pass, pass]
expect:
  players.0.material: [Test Keeper Ally]
  players.0.graveyard: []
  players.0.hand: []
"""),
    ("searching for a card must find one", "Searching and Finding; Game Terms - Search 1",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Any Search]
      deck: [Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
steps: [activate Test Any Search, pass, pass]
expect:
  decision.player: 0
not_offered: [choose nothing]
"""),
    ("Reservable pays a negation's tax", "Keywords - Reservable 1, 2; Game Terms - Negate",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {damage: 2}
      hand: [Test Full Mend]
      field: [Test Reserve Idol]
    - lineage: [Spirit of Water]
      hand: [Test Soft Refusal]
steps:
  - activate Test Full Mend
  - pass
  - activate Test Soft Refusal
  - target Test Full Mend
  - pass
  - pass
  - "yes"
  - rest Test Reserve Idol
  - pass
  - pass
expect:
  players.0.field.0.rested: true
  players.0.champion.damage: 0
  players.0.graveyard: [Test Full Mend]
"""),
    ("a rested Reservable object cannot pay: the tax is not asked",
     "Keywords - Reservable 1; Game Terms - Negate",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {damage: 2}
      hand: [Test Full Mend]
      field: [{card: Test Reserve Idol, rested: true}]
    - lineage: [Spirit of Water]
      hand: [Test Soft Refusal]
steps:
  - activate Test Full Mend
  - pass
  - activate Test Soft Refusal
  - target Test Full Mend
  - pass
  - pass
expect:
  players.0.champion.damage: 2
  players.0.graveyard: [Test Full Mend]
"""),
    ("a level restriction counts negative level changes", "Level Restrictions; Game Terms - LV 1",
     """setup:
  players:
    - lineage: [Spirit of Fire, "Rai, Spellcrafter", "Rai, Archmage", "Rai, Storm Seer"]
      hand: [Test Fading, Surging Flame, Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
      field: [Test Mourner]
steps:
  - activate Test Fading
  - pass
  - pass
  - activate Surging Flame
  - target Test Mourner (player 1)
  - pay with Spirit Wisp
  - pass
  - pass
expect:
  players.1.graveyard: [Test Mourner]
  players.1.champion.damage: 0
"""),
    ("the same level restriction met without the change", "Level Restrictions",
     """setup:
  players:
    - lineage: [Spirit of Fire, "Rai, Spellcrafter", "Rai, Archmage", "Rai, Storm Seer"]
      hand: [Surging Flame, Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
      field: [Test Mourner]
steps:
  - activate Surging Flame
  - target Test Mourner (player 1)
  - pay with Spirit Wisp
  - pass
  - pass
expect:
  players.1.graveyard: [Test Mourner]
  players.1.champion.damage: 2
"""),
    ("fast activation: an ally in response", "Keywords - Fast Activation", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Full Mend]
    - lineage: [Spirit of Water]
      hand: [Test Quick Ally, Test Slow Ally]
steps: [activate Test Full Mend, pass]
expect:
  players.0.graveyard: []
offered: [activate Test Quick Ally]
not_offered: [activate Test Slow Ally]
"""),
    ("efficiency with a negative level raises the cost", "Keywords - Efficiency; Game Terms - LV 3",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Fading, Test Thrifty Bolt, Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
steps: [activate Test Fading, pass, pass]
expect:
  players.0.graveyard: [Test Fading]
not_offered: [activate Test Thrifty Bolt]
"""),
    ("up to targets may all be left out", "Objects and Targeting; Game Terms - Up To", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Spark Pair]
    - lineage: [Spirit of Water]
steps: [activate Test Spark Pair, no target, no target, pass, pass]
expect:
  players.0.graveyard: [Test Spark Pair]
  players.1.champion.damage: 0
"""),
    ("each reaches every ally, both players'", "Game Terms - Each; Objects and Targeting", """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Each Scorch]
      field: [Test Slow Ally]
    - lineage: [Spirit of Water]
      field: [Test Mourner]
steps: [activate Test Each Scorch, pass, pass]
expect:
  players.0.graveyard: [Test Slow Ally, Test Each Scorch]
  players.1.field.0.damage: 1
"""),
    ("another excludes the source", "Game Terms - Another; Abilities - Static Abilities", """setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Other Buff, Test Slow Ally]
    - lineage: [Spirit of Water]
      field: [Test Mourner]
steps: []
expect:
  players.0.field.0.power: 1
  players.0.field.1.power: 2
  players.1.field.0.power: 1
"""),
    ("you may: declining runs the otherwise branch",
     "Playing Cards - Resolution; Game Terms - You May",
     """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Maybe Draw]
      deck: [Spirit Wisp, Hearth Warden]
    - lineage: [Spirit of Water]
steps: [activate Test Maybe Draw, pass, pass, "no"]
expect:
  players.0.hand: []
  players.0.graveyard: [Spirit Wisp, Test Maybe Draw]
"""),
]


@pytest.mark.parametrize(("name", "rules", "body"), CASES, ids=[c[0] for c in CASES])
def test_rule(tmp_path: Path, pool: CardPool, name: str, rules: str, body: str) -> None:
    run_scenario(tmp_path, pool, _scenario(name, rules, body))
