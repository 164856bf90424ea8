"""Templates of the fourth round (docs/cards.md, The translator) on invented texts, and the
engine parts they need on invented cards: an object's keywords now (``has_keyword``) and
the ``sacrificed`` event. What the translated real cards do is checked by the scenarios of
tests/test_realcards.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import pool_with, run_scenario

from gaenv import scenario
from gaenv.cards.schema import CardPool
from gaenv.cards.translate import translate

CARDS = """set: test-templates6
cards:
  - {name: Test Cell, type: item, element: norm, reserve_cost: 0, subtypes: [Powercell],
     abilities: [{activated: [{draw: 1}], cost: {sacrifice: true}}]}
  - {name: Test Crate, type: item, element: norm, reserve_cost: 0,
     abilities: [{activated: [{draw: 1}], cost: {sacrifice: true}}]}
  - {name: Test Armsmaster, type: ally, element: norm, reserve_cost: 0, power: 1, life: 4,
     abilities: [{trigger: {event: sacrificed, filter: {subtype: Powercell, player: you}},
                  effect: [{become_distant: self}]}]}
  - {name: Test Sneak, type: ally, element: norm, reserve_cost: 0, power: 1, life: 4,
     keywords: [stealth]}
  - {name: Test Unveil, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{lose: {target: {target: {type: ally, controller: you}}, keyword: stealth}}]}
  - {name: Test Oil, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{boost: {target: {target: {type: ally, controller: you,
                                         has_keyword: stealth}}, power: 2}}]}
  - {name: Test Halt, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{if: {when: {amount: {count: {type: [champion, ally], attacking: {}}},
                           at_least: 1},
                    then: [{end_combat: {}}]}}]}
  - {name: Test Stop, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{end_combat: {}}]}
  - {name: Test Judge, type: ally, element: norm, reserve_cost: 0, power: 1, life: 4,
     abilities: [{static: {no_recover: {players: opponent}}}]}
  - {name: Test Salve, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{recover: 2}]}
  - {name: Test Raider, type: ally, element: norm, reserve_cost: 0, power: 2, life: 4}
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), CARDS)


def _run(tmp_path: Path, pool: CardPool, data: dict[str, Any]) -> None:
    run_scenario(tmp_path, pool, yaml.safe_dump({"rules": "docs/cards.md", **data}))


def _setup(mine: dict[str, Any]) -> dict[str, Any]:
    return {"players": [{"lineage": ["Spirit of Fire"], **mine},
                        {"lineage": ["Spirit of Water"]}]}


def test_whenever_you_sacrifice_translates_to_the_sacrificed_event() -> None:
    out = translate("Cell Warden", "ally", "Whenever you sacrifice a Powercell, Cell Warden "
                    "becomes distant.")
    assert out.status == "full" and out.fields["abilities"] == [{
        "trigger": {"event": "sacrificed", "filter": {"subtype": ["Powercell"],
                                                      "player": "you"}},
        "effect": [{"become_distant": "self"}]}]
    # the object has gone: what it was then (state keys) is not read
    assert translate("Cell Warden", "ally", "Whenever you sacrifice a rested ally, draw a "
                     "card.").status != "full"


@pytest.mark.parametrize(("item", "counters"), [("Test Cell", {"distant": 1}),
                                                ("Test Crate", {})])
def test_a_sacrifice_of_a_matching_object_triggers(tmp_path: Path, pool: CardPool, item: str,
                                                   counters: dict[str, int]) -> None:
    """"Game Terms - Sacrifice": an object sacrificed (here as a cost) is a moment a
    triggered ability can wait for; only a Powercell matches the trigger's filter."""
    _run(tmp_path, pool, {
        "name": "sacrificed", "setup": _setup({"field": ["Test Armsmaster", item],
                                               "deck": ["Ember Bolt", "Quick Study"]}),
        "steps": [f"use {item}", "pass", "pass", "pass", "pass"],
        "expect": {"players.0.field": ["Test Armsmaster"], "players.0.graveyard": [item],
                   "players.0.field.0.counters": counters}})


@pytest.mark.parametrize(("first", "power"), [([], 3), (["activate Test Unveil",
                                                          "target Test Sneak", "pass",
                                                          "pass"], None)])
def test_a_target_with_a_keyword_now(tmp_path: Path, pool: CardPool, first: list[str],
                                     power: int | None) -> None:
    """"Keywords - Stealth": an ally that lost its printed stealth until end of turn has
    no stealth, so it is no target for "target ally you control with stealth"."""
    steps = [*first, "activate Test Oil"]
    if power is None:
        with pytest.raises(scenario.ScenarioFailure,
                           match="step 'activate Test Oil' matches no option"):
            _run(tmp_path, pool, {"name": "lost", "setup": _setup(
                {"field": ["Test Sneak"], "hand": ["Test Unveil", "Test Oil"]}),
                "steps": [*steps, "target Test Sneak"], "expect": {}})
        return
    _run(tmp_path, pool, {"name": "printed", "setup": _setup(
        {"field": ["Test Sneak"], "hand": ["Test Oil"]}),
        "steps": [*steps, "target Test Sneak", "pass", "pass"],
        "expect": {"players.0.field.0.power": power}})


def test_end_the_combat_phase_translates() -> None:
    out = translate("Still Water", "action",
                    "If a unit is attacking, draw a card and end the combat phase.")
    assert out.status == "full" and out.fields["effect"] == [{"if": {
        "when": {"amount": {"count": {"type": ["champion", "ally"], "attacking": {}}},
                 "at_least": 1},
        "then": [{"draw": {"amount": 1}}, {"end_combat": {}}]}}]


def test_ending_the_combat_phase(tmp_path: Path, pool: CardPool) -> None:
    """"Combat Phase - End of Combat Step": an effect that ends the combat phase before
    damage leaves only the end of combat step, then the main phase."""
    _run(tmp_path, pool, {
        "name": "halt", "setup": {"players": [
            {"lineage": ["Spirit of Fire"], "field": ["Test Raider"]},
            {"lineage": ["Spirit of Water"], "hand": ["Test Halt"]}]},
        "steps": ["attack with Test Raider", "target Spirit of Water (player 1)", "pass",
                  "activate Test Halt", "pass", "pass"],
        "expect": {"phase": "main", "players.1.champion.damage": 0}})


def test_ending_the_combat_phase_outside_a_combat(tmp_path: Path, pool: CardPool) -> None:
    """The `end_combat` step in the main phase does nothing: no combat to end."""
    _run(tmp_path, pool, {
        "name": "no combat", "setup": {"players": [
            {"lineage": ["Spirit of Fire"], "hand": ["Test Stop"]},
            {"lineage": ["Spirit of Water"]}]},
        "steps": ["activate Test Stop", "pass", "pass"],
        "expect": {"phase": "main", "players.0.graveyard": ["Test Stop"],
                   "decision.player": 0}})


def test_cant_recover_translates() -> None:
    out = translate("Stern Judge", "ally", "Your opponents can't recover.")
    assert out.status == "full" and out.fields["abilities"] == [
        {"static": {"no_recover": {"players": "opponent"}}}]
    assert translate("Stern Judge", "ally", "Players can't recover.").fields["abilities"] == [
        {"static": {"no_recover": {"players": "each"}}}]


@pytest.mark.parametrize(("judge_of", "damage"), [(1, 3), (0, 1)])
def test_an_opponent_who_cant_recover(tmp_path: Path, pool: CardPool, judge_of: int,
                                      damage: int) -> None:
    """"Game Terms - Recover": recovering removes damage counters from the champion; while
    a static says a player can't recover (here the opponents of Test Judge's controller),
    their recover removes none, and the static's controller still recovers."""
    judge = {"field": ["Test Judge"]}
    _run(tmp_path, pool, {
        "name": "no recover", "setup": {"players": [
            {"lineage": ["Spirit of Fire"], "champion": {"damage": 3}, "hand": ["Test Salve"],
             **(judge if judge_of == 0 else {})},
            {"lineage": ["Spirit of Water"], **(judge if judge_of == 1 else {})}]},
        "steps": ["activate Test Salve", "pass", "pass"],
        "expect": {"players.0.champion.damage": damage}})
