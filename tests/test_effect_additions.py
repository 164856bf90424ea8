"""Engine additions for the translator's templates, on invented cards: tokens summoned
rested, putting the top cards of a deck into the graveyard, and the filter keys on printed
costs, power, either of two filters, and attacking or retaliating (docs/cards.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gaenv import scenario
from gaenv.cards.schema import DATA_DIR, CardFileError, CardPool, load_pool
from gaenv.engine import costs, journal
from gaenv.engine.objects import FIELD, HAND

CARDS = """set: test-additions
cards:
  - {name: Test Cell, type: item, element: norm, token: true}
  - name: Test Rested Call
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{summon: {token: Test Cell, rested: true}}]
  - name: Test Awake Call
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{summon: Test Cell}]
  - name: Test Rest Watcher
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 5
    abilities:
      - trigger: {event: rests, filter: {}}
        effect: [draw: 1]
  - name: Test Grind
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{mill: {amount: 3, player: each_player}}]
  - name: Test Small Sweep
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{destroy: {each: {type: ally, power: {at_most: 2}, damage: {at_most: 0}}}}]
  - name: Test Cheap Purge
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{destroy: {each: {any: [{reserve_cost: {at_most: 1}}, {memory_cost: 0}],
                               controller: opponent}}}]
  - name: Test Charger
    type: ally
    element: norm
    reserve_cost: 1
    power: 1
    life: 4
    abilities:
      - static: {modify_stats: {power: 2, applies_to: {self: true}}}
        requires: {self: {attacking: {type: ally}}}
  - name: Test Guard
    type: ally
    element: norm
    reserve_cost: 1
    power: 1
    life: 5
    abilities:
      - static: {modify_stats: {power: 2, applies_to: {self: true}}}
        requires: {self: {retaliating: true}}
  - name: Test Thrifty Call
    type: action
    element: norm
    reserve_cost: 5
    effect: [draw: 1]
    abilities:
      - static: {own_cost: {cost: reserve, op: subtract,
                            amount: {count: {type: ally, controller: you}, max: 2, times: 2}}}
        requires: {amount: {cards: {zone: graveyard}}, at_least: 1}
  - name: Test Chill
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{boost: {target: target_ally, power: -2, life: -1}}]
  - name: Test Toll
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{if: {when: {can_pay: 2}, then: [{may: [{pay: 2}, {draw: 1}]}]}}]
  - {name: Test Urn, type: item, element: norm, reserve_cost: 1, keywords: [reservable]}
  - {name: Test Focus, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [empower: 2]}
  - name: Test Level Bolt
    type: action
    element: norm
    subtypes: [Spell]
    speed: fast
    reserve_cost: 0
    effect: [{deal_damage: {amount: {level: you, plus: 1}, target: target_ally}}]
  - {name: Test Fury, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{boost_attacks: {target: target_ally, power: 2}}]}
  - name: Test Cull
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{destroy: {each: {type: ally, not: {reserve_cost: 1}}}},
             {destroy: {each: {type: item, not: {rested: false}}}}]
  - name: Test Pick
    type: action
    element: norm
    subtypes: [Spell]
    speed: fast
    reserve_cost: 0
    effect: [{counters: {target: {choose: {type: ally}}, kind: buff}}, draw: 1]
  - {name: Test Shrouded, type: ally, element: norm, reserve_cost: 1, power: 1, life: 1,
     keywords: [spellshroud]}
  - {name: Test Pierce, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{deal_damage: {amount: 2, target: target_ally, unpreventable: true}}]}
  - name: Test Shuffle Back
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{move_cards: {zone: hand, to: deck_bottom, filter: {type: action}}},
             {move_cards: {zone: memory, to: graveyard, amount: 2, random: true}}]
  - {name: Test Watch, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{grant: {target: target_ally, keyword: taunt, until: next_turn}}]}
  - name: Test Discount
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{this_turn: {static: {modify_cost: {cost: reserve, op: subtract, amount: 2,
                                                 applies_to: {type: ally, controller: you}}},
                          once: true}}]
  - {name: Test Peek, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{look_at_top: {amount: 1, to: graveyard, rest: top}}]}
  - name: Test Twin Bolt
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{deal_damage: {amount: 1, target: {up_to_target: {type: ally}}}},
             {deal_damage: {amount: 1, target: {up_to_target: {type: ally, distinct: true}}}}]
  - {name: Test Drone, type: ally, element: norm, token: true, power: 1, life: 1}
  - {name: Test Drone Call, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{summon: {token: Test Drone, amount: 2, counter: buff}}]}
  - {name: Test Rally, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{wake: {each: {type: ally, defending: true}}}]}
  - {name: Test Pup, type: ally, element: norm, reserve_cost: 1, power: 1, life: 1}
  - {name: Test Hound, type: ally, element: norm, reserve_cost: 2, power: 2, life: 2}
  - {name: Test Bear, type: ally, element: norm, reserve_cost: 3, power: 3, life: 3}
  - name: Test Cold Snap
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{if: {when: {not: {target: {rested: true}}},
                   then: [{deal_damage: {amount: 1, target: target_ally}}],
                   otherwise: [{deal_damage: {amount: 3, target: same_target}}]}}]
  - name: Test Padded Guard
    type: ally
    element: norm
    reserve_cost: 1
    power: 1
    life: 6
    abilities:
      - static: {prevent_damage: {amount: 2, non_combat: true, applies_to: {self: true}}}
  - name: Test Brace
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{this_turn: {prevent_damage: {amount: 1, applies_to: {type: ally,
                                                                   controller: you}}}}]
  - {name: Test Triple Jab, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{deal_damage: {amount: 3, target: target_ally}}]}
  - {name: Test Offering, type: action, element: norm, speed: fast, reserve_cost: 1,
     sacrifices: [{type: ally}, {type: ally, reserve_cost: {at_least: 2}}], effect: [draw: 1]}
  - {name: Test Toll Knight, type: ally, element: norm, reserve_cost: 1, power: 2, life: 2,
     attack_cost: 1}
  - {name: Test Toll Blade, type: weapon, element: norm, reserve_cost: 1, power: 1,
     durability: 3, attack_cost: 2}
  - {name: Test Swing, type: attack, element: norm, reserve_cost: 0, power: 1}
  - {name: Test Wall, type: ally, element: norm, reserve_cost: 1, power: 1, life: 5,
     keywords: [taunt]}
  - {name: Test Hush, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{lose: {target: target_ally, keyword: taunt}}]}
  - {name: Test Retaunt, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{grant: {target: target_ally, keyword: taunt}}]}
  - name: Test Veil
    type: item
    element: norm
    reserve_cost: 0
    abilities: [{static: {grant_keyword: {keyword: spellshroud, applies_to: {type: champion}}}}]
  - {name: Test Sift Hound, type: ally, element: norm, reserve_cost: 0, power: 1, life: 1,
     abilities: [{on_enter: [{mill: {amount: 2, player: target_player}}]}]}
  - {name: Test Sift, type: action, element: norm, speed: fast, reserve_cost: 0,
     subtypes: [Spell], effect: [{mill: {amount: 1, player: target_player}}]}
  - name: Test Sage
    type: ally
    element: norm
    reserve_cost: 1
    power: 1
    life: 3
    abilities: [{static: {modify_stats: {power: 1, for_each: {influence: you},
                                         applies_to: {self: true}}}}]
  - {name: Test Exhume, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{move: {target: {target: {graveyard: true, controller: you}}, to: hand}}]}
  - {name: Test Bury, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{banish_cards: {zone: graveyard, amount: 1}}]}
  - {name: Test Dodge, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{prevent: {amount: 2, target: target_unit, non_combat: true}}]}
  - name: Test Grave Swing
    type: attack
    element: norm
    reserve_cost: 0
    power: 1
    abilities:
      - static: {modify_stats: {power: 2, applies_to: {self: true}}}
        requires: {amount: {cards: {zone: graveyard}}, at_least: 1}
  - name: Test Rally Swing
    type: attack
    element: norm
    reserve_cost: 0
    power: 1
    abilities:
      - static: {modify_stats: {power: 3, applies_to: {type: champion, controller: you}}}
  - {name: Test Dig, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{reveal_until: {filter: {type: ally}, to: memory}}]}
  - {name: Test Charm, type: item, element: norm, supertypes: [regalia], memory_cost: 0}
  - {name: Test Crown, type: item, element: norm, supertypes: [regalia], memory_cost: 1}
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    path = tmp_path_factory.mktemp("cards") / "zz_additions.yaml"
    path.write_text(CARDS)
    return load_pool([*sorted(DATA_DIR.glob("*.yaml")), path])


def _run(tmp_path: Path, pool: CardPool, data: dict[str, Any]) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump({"rules": "docs/cards.md", **data}))
    scenario.run(scenario.load(path), pool)


def _setup(mine: dict[str, Any], theirs: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"players": [{"lineage": ["Spirit of Fire"], **mine},
                        {"lineage": ["Spirit of Water"], **(theirs or {})}]}


@pytest.mark.parametrize(("card", "rested", "hand"), [
    ("Test Rested Call", True, []),            # entered rested: no `rests` event, no draw
    ("Test Awake Call", False, []),
])
def test_a_token_summoned_rested_enters_rested(tmp_path: Path, pool: CardPool, card: str,
                                               rested: bool, hand: list[str]) -> None:
    """"Game Terms - Summon": the token enters the field rested, never awake there, so a
    trigger on an object becoming rested does not fire."""
    _run(tmp_path, pool, {
        "name": f"{card} summons a token", "setup": _setup(
            {"hand": [card], "field": ["Test Rest Watcher"], "deck": ["Ember Bolt"]}),
        "steps": [f"activate {card}", "pass", "pass"],
        "expect": {"players.0.field.1.name": "Test Cell", "players.0.field.1.rested": rested,
                   "players.0.hand": hand}})


def test_mill_puts_the_top_cards_into_the_graveyard_and_a_short_deck_does_not_lose(
        tmp_path: Path, pool: CardPool) -> None:
    """"Game Zones - Graveyard": cards put from the top of the deck, top first; fewer when
    the deck has fewer, and this is not a draw, so an empty deck does not lose."""
    _run(tmp_path, pool, {
        "name": "each player mills three", "setup": _setup(
            {"hand": ["Test Grind"], "deck": ["Ember Bolt", "Quick Study", "Drifting Thought",
                                              "Ember Bolt"]},
            {"deck": ["Quick Study", "Drifting Thought"]}),
        "steps": ["activate Test Grind", "pass", "pass"],
        "expect": {"players.0.deck": ["Ember Bolt"],
                   "players.0.graveyard": ["Test Grind", "Ember Bolt", "Quick Study",
                                           "Drifting Thought"],
                   "players.1.deck": [], "players.1.graveyard": ["Quick Study",
                                                                 "Drifting Thought"],
                   "winner": None}})


def test_power_filter_reads_power_after_counters(tmp_path: Path, pool: CardPool) -> None:
    """A ``power`` range reads the power now (a buff counter makes a 2-power ally 3); a
    ``damage`` range the damage on it (the damaged Guard is spared)."""
    _run(tmp_path, pool, {
        "name": "undamaged allies of power 2 or less are destroyed", "setup": _setup(
            {"hand": ["Test Small Sweep"]},
            {"field": ["Test Pup", {"card": "Test Hound", "counters": {"buff": 1}},
                       "Test Hound", "Test Bear", {"card": "Test Guard", "damage": 1}]}),
        "steps": ["activate Test Small Sweep", "pass", "pass"],
        "expect": {"players.1.field": ["Test Hound", "Test Bear", "Test Guard"],
                   "players.1.field.0.power": 3,
                   "players.1.graveyard": ["Test Pup", "Test Hound"]}})


def test_cost_filters_and_either_of_two(tmp_path: Path, pool: CardPool) -> None:
    """``any``: reserve cost 1 or less, or memory cost 0; a card without a reserve cost is
    not "reserve cost 1 or less" (no cost is not a cost of 0). The champion is an object
    too ("Game Terms - Destruction 1"): Spirit of Water, memory cost 0, is destroyed with
    the rest, banished as a champion card, and its player loses."""
    _run(tmp_path, pool, {
        "name": "cheap objects are destroyed", "setup": _setup(
            {"hand": ["Test Cheap Purge"]},
            {"field": ["Test Pup", "Test Hound", "Test Charm", "Test Crown"]}),
        "steps": ["activate Test Cheap Purge", "pass", "pass"],
        "expect": {"players.1.field": ["Test Hound", "Test Crown"],
                   "players.1.graveyard": ["Test Pup"],
                   "players.1.banishment": ["Test Charm", "Spirit of Water"],  # regalia too
                   "winner": 0}})


def test_attacking_an_ally_is_read_during_the_combat_only(tmp_path: Path,
                                                          pool: CardPool) -> None:
    """"Combat Phase - Attacking 4": the attacking unit, and its target; once the combat
    is over ("End of Combat Step") it attacks no more. The 3 power kills the 3-life Bear."""
    _run(tmp_path, pool, {
        "name": "Test Charger has +2 power while it attacks an ally", "setup": _setup(
            {"field": ["Test Charger"]}, {"field": ["Test Bear", "Test Guard"]}),
        "steps": ["attack with Test Charger", "target Test Bear (player 1)", "pass", "pass",
                  "do not retaliate", "pass", "pass"],
        "expect": {"phase": "main", "players.0.field.0.power": 1,
                   "players.1.field": ["Test Guard"], "players.1.graveyard": ["Test Bear"]}})
    _run(tmp_path, pool, {
        "name": "and none while it attacks a champion", "setup": _setup(
            {"field": ["Test Charger"]}),
        "steps": ["attack with Test Charger", "target Spirit of Water (player 1)"],
        "expect": {"phase": "combat", "players.0.field.0.power": 1}})


def test_a_retaliating_unit_is_read_as_retaliating(tmp_path: Path, pool: CardPool) -> None:
    """"Combat Phase - Retaliation Step": Test Guard deals 1 + 2 = 3 damage back."""
    _run(tmp_path, pool, {
        "name": "Test Guard has +2 power while it retaliates", "setup": _setup(
            {"field": ["Test Bear"]}, {"field": ["Test Guard"]}),
        "steps": ["attack with Test Bear", "target Test Guard (player 1)", "pass", "pass",
                  "retaliate with Test Guard", "pass", "pass"],
        "expect": {"phase": "main", "players.0.field": [], "players.0.graveyard": ["Test Bear"],
                   "players.1.field.0.power": 1, "players.1.field.0.damage": 3}})


def test_an_own_cost_reading_the_board_follows_it(tmp_path: Path, pool: CardPool) -> None:
    """"Playing Cards - Card Activation 7": 2 less for each of up to two allies you control,
    while a card is in your graveyard; worked out afresh as the board changes (the costs
    of such a card are not memoized with the statics)."""
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({"name": "costs", "rules": "docs/cards.md", "steps": [],
                                    "setup": _setup({"hand": ["Test Thrifty Call"],
                                                     "graveyard": ["Ember Bolt"]})}))
    game = scenario.build(scenario.load(path), pool)
    state = game.state
    defn = pool.get("Test Thrifty Call")
    seen = [costs.cost(state, 0, defn, "reserve")]
    for _ in range(3):
        cid = journal.create(state, 0, pool.get("Test Pup"), HAND)
        journal.move(state, cid, FIELD)
        seen.append(costs.cost(state, 0, defn, "reserve"))
    journal.move(state, state.players[0].zones["graveyard"][0], HAND)  # the condition fails
    seen.append(costs.cost(state, 0, defn, "reserve"))
    assert seen == [5, 3, 1, 1, 5]


def test_a_negative_boost_lowers_power_and_life(tmp_path: Path, pool: CardPool) -> None:
    """"Types of Effects - Continuous Effects": -2 power and -1 life until end of turn."""
    _run(tmp_path, pool, {
        "name": "Test Chill", "setup": _setup({"hand": ["Test Chill"]},
                                              {"field": ["Test Bear"]}),
        "steps": ["activate Test Chill", "target Test Bear (player 1)", "pass", "pass"],
        "expect": {"players.1.field.0.power": 1, "players.1.field.0.life": 2}})


def test_paying_as_an_effect_resolves_counts_reservable_objects(tmp_path: Path,
                                                                pool: CardPool) -> None:
    """"Parts of a Card - Cost", "Keywords - Reservable": (2) paid with a card from hand
    and a rested Reservable object; with neither enough, nothing is offered."""
    _run(tmp_path, pool, {
        "name": "pay (2) with a card and an urn", "setup": _setup(
            {"hand": ["Test Toll", "Ember Bolt"], "field": ["Test Urn"],
             "deck": ["Quick Study"]}),
        "steps": ["activate Test Toll", "pass", "pass", "yes", "pay with Ember Bolt",
                  "rest Test Urn"],
        "expect": {"players.0.memory": ["Ember Bolt"], "players.0.field.0.rested": True,
                   "players.0.hand": ["Quick Study"]}})
    _run(tmp_path, pool, {
        "name": "one card and no urn cannot pay (2)", "setup": _setup(
            {"hand": ["Test Toll", "Ember Bolt"], "deck": ["Quick Study"]}),
        "steps": ["activate Test Toll", "pass", "pass"],
        "expect": {"decision.kind": "opportunity", "players.0.hand": ["Ember Bolt"]}})


@pytest.mark.parametrize(("hand", "damage"), [
    (["Test Level Bolt"], 1),                       # LV 0, plus 1
    (["Test Focus", "Test Level Bolt"], 3),         # empowered by 2: as if LV were 2
])
def test_lv_counts_empower_on_the_spell_it_lends_to(tmp_path: Path, pool: CardPool,
                                                     hand: list[str], damage: int) -> None:
    """"Game Terms - LV" and "Keywords - Empower N 1": the Spell resolves as if the champion
    had that many more levels."""
    steps = ["activate Test Focus", "pass", "pass"] if len(hand) == 2 else []
    _run(tmp_path, pool, {
        "name": "1+LV damage", "setup": _setup({"hand": hand}, {"field": ["Test Guard"]}),
        "steps": [*steps, "activate Test Level Bolt", "target Test Guard (player 1)", "pass",
                  "pass"],
        "expect": {"players.1.field.0.damage": damage}})


def test_an_attack_boost_adds_to_the_attack_not_to_power(tmp_path: Path,
                                                         pool: CardPool) -> None:
    """"Game Mechanics - Damage": the Bear's attack deals 3 + 2 = 5 (the 5-life Guard dies)
    while its power stays 3; the Guard's retaliation (3) kills the Bear."""
    _run(tmp_path, pool, {
        "name": "Test Fury", "setup": _setup({"hand": ["Test Fury"], "field": ["Test Bear"]},
                                             {"field": ["Test Guard"]}),
        "steps": ["activate Test Fury", "target Test Bear (player 0)", "pass", "pass",
                  "attack with Test Bear", "target Test Guard (player 1)", "pass", "pass",
                  "retaliate with Test Guard", "pass", "pass"],
        "expect": {"players.1.graveyard": ["Test Guard"], "players.0.graveyard": [
            "Test Fury", "Test Bear"]}})


def test_not_filters_out_printed_and_state_keys(tmp_path: Path, pool: CardPool) -> None:
    """``not``: allies not of reserve cost 1 (the Pup stays), items not awake (the rested
    Charm goes, banished as a regalia)."""
    _run(tmp_path, pool, {
        "name": "Test Cull", "setup": _setup({"hand": ["Test Cull"]}, {"field": [
            "Test Pup", "Test Hound", {"card": "Test Charm", "rested": True}, "Test Crown"]}),
        "steps": ["activate Test Cull", "pass", "pass"],
        "expect": {"players.1.field": ["Test Pup", "Test Crown"],
                   "players.1.graveyard": ["Test Hound"], "players.1.banishment": ["Test Charm"]}})


def test_an_object_chosen_as_the_step_resolves_is_no_target(tmp_path: Path,
                                                             pool: CardPool) -> None:
    """"Game Mechanics - Objects and Targeting": a Spell may not target a Spellshroud ally,
    but may choose it as it resolves; with no ally, the step does nothing."""
    _run(tmp_path, pool, {
        "name": "choose", "setup": _setup({"hand": ["Test Pick"], "deck": ["Ember Bolt"]},
                                          {"field": ["Test Shrouded", "Test Pup"]}),
        "steps": ["activate Test Pick", "pass", "pass", "choose Test Shrouded (player 1)"],
        "expect": {"players.1.field.0.counters": {"buff": 1}, "players.1.field.1.counters": {},
                   "players.0.hand": ["Ember Bolt"]}})
    _run(tmp_path, pool, {
        "name": "nothing to choose", "setup": _setup({"hand": ["Test Pick"],
                                                     "deck": ["Ember Bolt"]}),
        "steps": ["activate Test Pick", "pass", "pass"],
        "expect": {"players.0.hand": ["Ember Bolt"], "decision.kind": "opportunity"}})


def test_unpreventable_damage_leaves_the_prevention_for_later(tmp_path: Path,
                                                              pool: CardPool) -> None:
    """"Game Mechanics - Damage 3", "Damage Prevention": unpreventable damage is dealt in
    full and does not use up the Guard's prevent counters."""
    _run(tmp_path, pool, {
        "name": "Test Pierce", "setup": _setup({"hand": ["Test Pierce"]}, {"field": [
            {"card": "Test Guard", "counters": {"prevent": 3}}]}),
        "steps": ["activate Test Pierce", "target Test Guard (player 1)", "pass", "pass"],
        "expect": {"players.1.field.0.damage": 2,
                   "players.1.field.0.counters": {"prevent": 3}}})


@pytest.mark.parametrize("seed", [1, 2])
def test_move_cards_chosen_or_at_random(tmp_path: Path, pool: CardPool, seed: int) -> None:
    """An action card chosen from hand to the bottom of the deck; two of three cards at
    random from memory to the graveyard ("Game Mechanics - Randomization": the game's RNG,
    so a seed gives one result)."""
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({"name": "move", "rules": "docs/cards.md", "seed": seed,
                                    "steps": ["activate Test Shuffle Back", "pass", "pass",
                                              "choose Quick Study"],
                                    "setup": _setup({
                                        "hand": ["Test Shuffle Back", "Quick Study",
                                                 "Test Pup"],
                                        "memory": ["Ember Bolt", "Drifting Thought",
                                                   "Test Hound"],
                                        "deck": ["Ember Bolt"]})}))
    game = scenario.build(scenario.load(path), pool)
    for step in scenario.load(path).data["steps"]:
        scenario.run_step(game, step, "test")
    names = [game.state.cards[c].defn.name for c in game.state.players[0].zones["deck"]]
    assert names == ["Quick Study", "Ember Bolt"]  # the bottom is the start of the list
    assert len(game.state.players[0].zones["memory"]) == 1
    again = scenario.build(scenario.load(path), pool)
    for step in scenario.load(path).data["steps"]:
        scenario.run_step(again, step, "test")
    assert again.state.players[0].zones["memory"] == game.state.players[0].zones["memory"]


def test_a_grant_until_the_next_turn_ends_as_that_turn_begins(tmp_path: Path,
                                                              pool: CardPool) -> None:
    """"until the beginning of your next turn": it survives its own end phase (the
    opponent's ally must attack the Bear) and ends as its controller's next turn begins."""
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({
        "name": "watch", "rules": "docs/cards.md", "setup": _setup(
            {"hand": ["Test Watch"], "field": ["Test Bear"],
             "deck": ["Ember Bolt", "Ember Bolt"]},
            {"field": ["Test Pup"], "deck": ["Ember Bolt", "Ember Bolt"]}),
        "steps": ["activate Test Watch", "target Test Bear (player 0)", "pass", "pass",
                  {"pass_until": "end"}, "pass", "pass", {"pass_until": "main"}],
        "expect": {"turn_player": 1}}))
    game = scenario.build(scenario.load(path), pool)
    for step in scenario.load(path).data["steps"]:
        scenario.run_step(game, step, "test")
    attack = [o.text for o in game.decision.options if o.text.startswith("attack")]
    assert attack == ["attack with Test Pup"]
    game.step("attack with Test Pup")
    assert [o.text for o in game.decision.options] == ["target Test Bear (player 0)"]
    assert [x.until for x in game.state.lasting] == ["next_turn"]
    game.step("target Test Bear (player 0)")
    while game.state.turn_player == 1 and not game.over:  # the rest of the opponent's turn
        options = [o for o in game.decision.options
                   if o.text in ("pass", "do not retaliate", "take double damage")]
        game.step(options[0])
    assert game.state.turn_player == 0 and game.state.lasting == []


def test_a_next_card_discount_ends_with_the_card_it_applied_to(tmp_path: Path,
                                                               pool: CardPool) -> None:
    """"Playing Cards - Card Activation 7": the next ally costs 2 less (the Bear: 1 card),
    the one after it full price; an action activated meanwhile does not use it up."""
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({
        "name": "discount", "rules": "docs/cards.md", "setup": _setup(
            {"hand": ["Test Discount", "Test Bear", "Test Bear", "Test Pierce", "Ember Bolt",
                      "Quick Study", "Drifting Thought", "Ember Bolt"]},
            {"field": ["Test Guard"]}),
        "steps": ["activate Test Discount", "pass", "pass", "activate Test Pierce",
                  "target Test Guard (player 1)", "pass", "pass", "activate Test Bear",
                  "pay with Ember Bolt", "pass", "pass"]}))
    game = scenario.build(scenario.load(path), pool)
    for step in scenario.load(path).data["steps"]:
        scenario.run_step(game, step, "test")
    assert game.state.lasting == []
    assert costs.cost(game.state, 0, pool.get("Test Bear"), "reserve") == 3


@pytest.mark.parametrize(("answer", "deck", "graveyard"), [
    ("choose Quick Study", ["Ember Bolt"], ["Test Peek", "Quick Study"]),
    ("choose nothing", ["Quick Study", "Ember Bolt"], ["Test Peek"]),  # stays on top
])
def test_look_at_the_top_card_and_maybe_put_it_into_the_graveyard(
        tmp_path: Path, pool: CardPool, answer: str, deck: list[str],
        graveyard: list[str]) -> None:
    _run(tmp_path, pool, {
        "name": "peek", "setup": _setup({"hand": ["Test Peek"],
                                         "deck": ["Quick Study", "Ember Bolt"]}),
        "steps": ["activate Test Peek", "pass", "pass", answer],
        "expect": {"players.0.deck": deck, "players.0.graveyard": graveyard}})


def test_distinct_targets_are_different_objects(tmp_path: Path, pool: CardPool) -> None:
    """"Game Mechanics - Objects and Targeting": "up to two target allies" are two
    different allies; the second target is not offered the first one."""
    _run(tmp_path, pool, {
        "name": "twin", "setup": _setup({"hand": ["Test Twin Bolt"]},
                                        {"field": ["Test Bear", "Test Guard"]}),
        "steps": ["activate Test Twin Bolt", "target Test Bear (player 1)"],
        "expect": {"decision.options": ["no target", "target Test Guard (player 1)"]}})


def test_tokens_summoned_with_counters(tmp_path: Path, pool: CardPool) -> None:
    """"Game Terms - Summon": each token enters with a buff counter (+1/+1)."""
    _run(tmp_path, pool, {
        "name": "drones", "setup": _setup({"hand": ["Test Drone Call"]}),
        "steps": ["activate Test Drone Call", "pass", "pass"],
        "expect": {"players.0.field": ["Test Drone", "Test Drone"],
                   "players.0.field.1.counters": {"buff": 1},
                   "players.0.field.1.power": 2}})


def test_defending_is_a_target_of_the_attack_in_progress(tmp_path: Path,
                                                          pool: CardPool) -> None:
    """"Combat Phase - Attacking 4": the attacked ally (rested) is defending and wakes; the
    other rested ally is not."""
    _run(tmp_path, pool, {
        "name": "rally", "setup": {"turn_player": 1, "players": [
            {"lineage": ["Spirit of Fire"], "hand": ["Test Rally"], "field": [
                {"card": "Test Guard", "rested": True}, {"card": "Test Hound", "rested": True}]},
            {"lineage": ["Spirit of Water"], "field": ["Test Bear"]}]},
        "steps": ["attack with Test Bear", "target Test Guard (player 0)", "pass",
                  "activate Test Rally", "pass", "pass"],
        "expect": {"players.0.field.0.rested": False, "players.0.field.1.rested": True}})


@pytest.mark.parametrize(("rested", "damage"), [(True, 3), (False, 1)])
def test_a_condition_before_any_target_reads_the_one_its_branches_declare(
        tmp_path: Path, pool: CardPool, rested: bool, damage: int) -> None:
    """"..., X instead" after the step that declared the target: the ``if`` declares it in
    its ``then`` as the card is played, and its condition (and the replacement's
    ``same_target``) read that target ("Game Mechanics - Objects and Targeting")."""
    _run(tmp_path, pool, {
        "name": "cold snap", "setup": _setup(
            {"hand": ["Test Cold Snap"]},
            {"field": [{"card": "Test Guard", "rested": rested}]}),
        "steps": ["activate Test Cold Snap", "target Test Guard (player 1)", "pass", "pass"],
        "expect": {"players.1.field.0.damage": damage}})


def test_prevention_statics_take_off_damage_as_it_is_dealt(tmp_path: Path,
                                                           pool: CardPool) -> None:
    """"Damage Prevention": the Padded Guard's static takes 2 off non-combat damage (3 from
    a spell: 1) but not combat damage (the Bear's 3); Test Brace takes 1 off every damage
    to its player's allies this turn, each time (and together with the Guard's: 0), and
    its ``prevent`` counters are still there for the next damage."""
    _run(tmp_path, pool, {
        "name": "padded", "setup": {"turn_player": 1, "players": [
            {"lineage": ["Spirit of Fire"], "hand": ["Test Brace"],
             "field": ["Test Padded Guard", "Test Hound"]},
            {"lineage": ["Spirit of Water"], "hand": ["Test Triple Jab", "Test Triple Jab"],
             "field": ["Test Bear"]}]},
        "steps": ["activate Test Triple Jab", "target Test Padded Guard (player 0)", "pass",
                  "pass", "attack with Test Bear", "target Test Padded Guard (player 0)",
                  "pass", "pass", "do not retaliate", "pass", "pass"],
        "expect": {"players.0.field.0.damage": 4}})
    _run(tmp_path, pool, {
        "name": "brace", "setup": _setup(
            {"hand": ["Test Brace", "Test Triple Jab", "Test Triple Jab"],
             "field": ["Test Padded Guard", {"card": "Test Bear", "counters": {"prevent": 1}}]}),
        "steps": ["activate Test Brace", "pass", "pass",
                  "activate Test Triple Jab", "target Test Padded Guard (player 0)", "pass",
                  "pass", "activate Test Triple Jab", "target Test Bear (player 0)", "pass",
                  "pass"],
        "expect": {"players.0.field.0.damage": 0, "players.0.field.1.damage": 1,
                   "players.0.field.1.counters": {}}})


def test_an_additional_cost_sacrifices_objects_before_the_reserve_cost(
        tmp_path: Path, pool: CardPool) -> None:
    """"Playing Cards - Card Activation": Test Offering's additional cost, two allies (one
    of reserve cost 2 or more), is paid with its reserve cost; with only the Pup and the
    Bear the Bear must be the second, so the first choice offers only the Pup; with one
    ally it is not offered at all."""
    _run(tmp_path, pool, {
        "name": "offering", "setup": _setup(
            {"hand": ["Test Offering", "Ember Bolt"], "field": ["Test Pup", "Test Bear"],
             "deck": ["Quick Study"]}),
        "steps": ["activate Test Offering"],
        "expect": {"decision.options": ["choose Test Pup"]}})
    _run(tmp_path, pool, {
        "name": "offering paid", "setup": _setup(
            {"hand": ["Test Offering", "Ember Bolt"], "field": ["Test Pup", "Test Bear"],
             "deck": ["Quick Study"]}),
        "steps": ["activate Test Offering", "choose Test Pup", "choose Test Bear",
                  "pay with Ember Bolt", "pass", "pass"],
        "expect": {"players.0.field": [], "players.0.hand": ["Quick Study"],
                   "players.0.memory": ["Ember Bolt"]}})
    path = tmp_path / "one.yaml"
    path.write_text(yaml.safe_dump({"rules": "docs/cards.md", "name": "one ally", "setup":
                                    _setup({"hand": ["Test Offering", "Ember Bolt"],
                                            "field": ["Test Bear"]}),
                                    "steps": [], "not_offered": ["activate Test Offering"]}))
    scenario.run(scenario.load(path), pool)


def test_an_attack_cost_is_paid_as_the_attack_is_declared(tmp_path: Path,
                                                          pool: CardPool) -> None:
    """"Combat Phase - Attack Declaration": the Toll Knight's attack costs (1), paid before
    its target; an attack card's weapon with a cost is offered only when the cost can be
    paid, and paid once it is chosen (then the attack begins)."""
    _run(tmp_path, pool, {
        "name": "knight", "setup": _setup({"hand": ["Ember Bolt"],
                                           "field": ["Test Toll Knight"]}),
        "steps": ["attack with Test Toll Knight", "pay with Ember Bolt",
                  "target Spirit of Water (player 1)", "pass", "pass", "pass", "pass"],
        "expect": {"players.0.memory": ["Ember Bolt"], "players.1.champion.damage": 2}})
    _run(tmp_path, pool, {
        "name": "knight unpaid", "setup": _setup({"field": ["Test Toll Knight"]}),
        "steps": [], "not_offered": ["attack with Test Toll Knight"]})
    _run(tmp_path, pool, {
        "name": "swing", "setup": _setup({"hand": ["Test Swing", "Ember Bolt", "Quick Study"],
                                          "field": ["Test Toll Blade"]}),
        "steps": ["activate Test Swing", "pass", "pass", "target Spirit of Water (player 1)",
                  "use Test Toll Blade", "pay with Ember Bolt", "pay with Quick Study",
                  "pass", "pass", "pass", "pass"],
        "expect": {"players.0.memory": ["Ember Bolt", "Quick Study"],
                   "players.1.champion.damage": 2}})
    _run(tmp_path, pool, {
        "name": "swing short", "setup": _setup({"hand": ["Test Swing", "Ember Bolt"],
                                                "field": ["Test Toll Blade"]}),
        "steps": ["activate Test Swing", "pass", "pass", "target Spirit of Water (player 1)"],
        "expect": {"phase": "combat"}})


@pytest.mark.parametrize(("deck", "memory", "after"), [
    (["Ember Bolt", "Test Pup", "Quick Study"], ["Test Pup"], ["Quick Study", "Ember Bolt"]),
    (["Ember Bolt", "Quick Study"], [], None),    # none matches: all revealed, to the bottom
])
def test_reveal_until_a_match(tmp_path: Path, pool: CardPool, deck: list[str],
                              memory: list[str], after: list[str] | None) -> None:
    """Cards are revealed from the top until an ally; it goes to memory, the others to the
    bottom in a random order, under the cards not revealed."""
    _run(tmp_path, pool, {
        "name": "dig", "setup": _setup({"hand": ["Test Dig"], "deck": deck}),
        "steps": ["activate Test Dig", "pass", "pass"],
        "expect": {"players.0.memory": memory, "players.0.deck.count": len(deck) - len(memory),
                   **({"players.0.deck": after} if after else {})}})


def _card(effect: str) -> str:
    return f"set: t\ncards:\n  - {{name: Bad, type: action, element: norm, effect: [{effect}]}}\n"


@pytest.mark.parametrize(("effect", "message"), [
    ("{destroy: {each: {reserve_cost: {below: 2}}}}",
     r"effect\[0\].destroy.target.each.reserve_cost.below: unknown key"),
    ("{destroy: {each: {power: {}}}}", r"power: expected at_least and/or at_most"),
    ("{destroy: {each: {power: -1}}}", r"power: expected a whole number >= 0"),
    ("{deal_damage: {amount: -1, target: target_ally}}", r"amount: expected a whole number >= 0"),
    ("{boost: {target: target_ally, power: two}}", r"power: expected a whole number"),
    ("{destroy: target_ally}], abilities: [{activated: [draw: 1], cost: {rest: true}, "
     "requires: {target: {type: ally}}}", r"requires.target: an ability's condition has no"),
    ("{destroy: {each: {any: [{type: ally}]}}}", r"any: expected a list of two or more"),
    ("{destroy: {each: {any: [{type: ally}, {colour: red}]}}}",
     r"any\[1\].colour: unknown filter key"),
    ("{draw: 1}], abilities: [{static: {modify_stats: {power: 1}}, requires: {phase: end}}",
     r"requires.phase: the phase is read as the card is activated"),
    ("{if: {when: {phase: night}, then: [draw: 1]}}", r"when.phase: expected one of"),
    ("{this_turn: {modify_stats: {power: 1, applies_to: {power: {at_most: 1}}}}}",
     r"applies_to.power: a static cannot pick its objects by power"),
    ("{if: {when: {target: {rested: true}}, then: [draw: 1]}}",
     r"same_target needs a target declared by an earlier step"),
    ("{draw: 1}], sacrifices: [{colour: red}", r"sacrifices\[0\].colour: unknown filter key"),
])
def test_bad_filters_are_refused(tmp_path: Path, effect: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(_card(effect))
    with pytest.raises(CardFileError, match=message):
        load_pool([path])


@pytest.mark.parametrize(("card", "graveyard", "damage"), [
    ("Test Grave Swing", ["Ember Bolt"], 3),   # its own static holds: 1 + 2
    ("Test Grave Swing", [], 1),               # its condition fails: the printed 1
    ("Test Rally Swing", ["Ember Bolt"], 1),   # a static on other objects: not from the intent
])
def test_an_attack_cards_own_power_in_the_intent(tmp_path: Path, pool: CardPool, card: str,
                                                  graveyard: list[str], damage: int) -> None:
    """"Card Types - Attack": the card in the intent is the attack, so a static of the card
    on its own power ("this gets +2 POWER as long as ...") counts in the attack's damage;
    its statics on other objects do not work from the intent."""
    _run(tmp_path, pool, {
        "name": f"{card} attacks", "setup": _setup({"hand": [card], "graveyard": graveyard}),
        "steps": [f"activate {card}", "pass", "pass", "target Spirit of Water (player 1)",
                  {"pass_until": "main"}],
        "expect": {"players.1.champion.damage": damage}})


def test_a_shield_against_non_combat_damage_is_used_first(tmp_path: Path,
                                                          pool: CardPool) -> None:
    """"Damage Prevention": the next 2 non-combat damage prevented; against non-combat
    damage that shield goes first, so the shield against any damage stays for later (its
    controller's best order of the two replacements)."""
    _run(tmp_path, pool, {
        "name": "Ember Bolt's 2 damage is stopped by the non-combat shield", "setup": _setup(
            {"hand": ["Test Dodge", "Ember Bolt", "Quick Study"],
             "field": [{"card": "Test Bear", "counters": {"prevent": 1}}]}),
        "steps": ["activate Test Dodge", "target Test Bear (player 0)", "pass", "pass",
                  "activate Ember Bolt", "target Test Bear (player 0)",
                  "pay with Quick Study", "pass", "pass"],
        "expect": {"players.0.field.0.damage": 0,
                   "players.0.field.0.counters": {"prevent": 1}}})


@pytest.mark.parametrize(("hand", "steps", "champion"), [
    (["Test Hush"], [], True),                  # taunt lost: the champion may be attacked
    (["Test Hush", "Test Retaunt"], ["activate Test Retaunt", "target Test Wall (player 1)",
                                   "pass", "pass"], False),   # granted again, later
    ([], [], False),                            # printed taunt: the Wall must be attacked
])
def test_a_keyword_lost_until_end_of_turn(tmp_path: Path, pool: CardPool, hand: list[str],
                                          steps: list[str], champion: bool) -> None:
    """"Keywords - Taunt"; layer D in timestamp order ("Types of Effects - Continuous
    Effects, Layers"): a keyword lost, then granted again by a later effect, is had."""
    hush = ["activate Test Hush", "target Test Wall (player 1)", "pass", "pass"] if hand else []
    target = "target Spirit of Water (player 1)"
    _run(tmp_path, pool, {
        "name": "Test Charger attacks past a Wall", "setup": _setup(
            {"hand": hand, "field": ["Test Charger"]}, {"field": ["Test Wall"]}),
        "steps": [*hush, *steps, "attack with Test Charger"],
        "offered" if champion else "not_offered": [target]})


@pytest.mark.parametrize("player", [0, 1])
def test_a_target_player_even_behind_spellshroud(tmp_path: Path, pool: CardPool,
                                                 player: int) -> None:
    """A target player ("Game Mechanics - Objects and Targeting"): either player, offered
    as their champion, declared as the Spell is played; a player is no object, so their
    champion's Spellshroud does not keep the Spell from targeting them."""
    champion = ("Spirit of Fire", "Spirit of Water")[player]
    _run(tmp_path, pool, {
        "name": "Test Sift mills the target player", "setup": {"players": [
            {"lineage": ["Spirit of Fire"], "hand": ["Test Sift"],
             "deck": ["Ember Bolt", "Quick Study"]},
            {"lineage": ["Spirit of Water"], "deck": ["Ember Bolt", "Quick Study"],
             "field": ["Test Veil"]}]},   # both champions have Spellshroud
        "steps": ["activate Test Sift", f"target {champion} (player {player})", "pass",
                  "pass"],
        "expect": {f"players.{player}.deck": ["Quick Study"],
                   f"players.{1 - player}.deck": ["Ember Bolt", "Quick Study"]}})


def test_no_reference_back_to_a_target_player(tmp_path: Path) -> None:
    path = tmp_path / "zz_bad.yaml"
    path.write_text("""set: bad
cards:
  - {name: Test Bad Sift, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{mill: {amount: 1, player: target_player}}, {wake: same_target}]}
""")
    with pytest.raises(CardFileError, match="cannot name a target player"):
        load_pool([*sorted(DATA_DIR.glob("*.yaml")), path])


def test_influence_is_cards_in_hand_and_memory_followed(tmp_path: Path,
                                                        pool: CardPool) -> None:
    """"Influence 1": a player's influence is the cards in their hand and memory; a static
    counting it follows them as a card leaves the hand."""
    _run(tmp_path, pool, {
        "name": "Test Sage's power is 1 + influence", "setup": _setup(
            {"hand": ["Test Grind", "Ember Bolt"], "memory": ["Quick Study"],
             "field": ["Test Sage"], "deck": ["Ember Bolt"]}, {"hand": ["Ember Bolt"]}),
        "steps": ["activate Test Grind", "pass", "pass"],
        "expect": {"players.0.field.0.power": 3}})   # Ember Bolt and Quick Study: 1 + 2


@pytest.mark.parametrize("bury", [False, True])
def test_a_target_card_in_a_graveyard(tmp_path: Path, pool: CardPool, bury: bool) -> None:
    """A declared target may be a card in a graveyard ("Game Mechanics - Objects and
    Targeting"): one of each name offered; if it has left the graveyard as the effect
    resolves, the target is gone and the card does nothing ("Playing Cards -
    Resolution")."""
    response = ["activate Test Bury", "pass", "pass", "choose Ember Bolt"] if bury else []
    _run(tmp_path, pool, {
        "name": "Test Exhume returns a card from the graveyard", "setup": _setup(
            {"hand": ["Test Exhume", "Test Bury"], "graveyard": ["Ember Bolt", "Ember Bolt"]},
            {"graveyard": ["Quick Study"]}),
        "steps": ["activate Test Exhume", "target Ember Bolt (player 0)", *response,
                  "pass", "pass"],
        "expect": {"players.0.hand": [] if bury else ["Ember Bolt", "Test Bury"],
                   "players.1.graveyard": ["Quick Study"]}})


def test_a_triggered_ability_targets_a_player(tmp_path: Path, pool: CardPool) -> None:
    """A target player declared as a trigger is put on the stack ("Abilities - Triggered
    Abilities"), like an object target."""
    _run(tmp_path, pool, {
        "name": "Test Sift Hound enters and mills the opponent", "setup": _setup(
            {"hand": ["Test Sift Hound"], "deck": ["Ember Bolt"]},
            {"deck": ["Ember Bolt", "Quick Study", "Drifting Thought"]}),
        "steps": ["activate Test Sift Hound", "pass", "pass",
                  "target Spirit of Water (player 1)", "pass", "pass"],
        "expect": {"players.1.deck": ["Drifting Thought"], "players.0.deck": ["Ember Bolt"]}})
