"""Templates of the third round (docs/cards.md, The translator) on invented texts, and the
engine steps they need on invented cards; what the translated real cards do is checked by
the scenarios of tests/test_realcards.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import pool_with, run_scenario

from gaenv.cards.schema import DATA_DIR, CardFileError, CardPool, load_pool
from gaenv.cards.translate import translate

CARDS = """set: test-templates5
cards:
  - {name: Test Sleeper, type: ally, element: norm, reserve_cost: 0, power: 1, life: 4}
  - {name: Test Chill, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{stay_rested: {target: {type: ally}}}]}
  - {name: Test Sift, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{look_at_top: {amount: 3, to: hand, optional: false, rest: graveyard}}]}
  - {name: Test Sort, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{discard: 1}, {discard: 1},
              {if: {when: {discarded: {element: fire}}, then: [{draw: 1}]}}]}
  - {name: Test Gust, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{empower: {count: {type: ally, controller: you}}}]}
  - {name: Test Zap, type: action, element: norm, speed: fast, reserve_cost: 0, subtypes: [Spell],
     effect: [{deal_damage: {amount: {level: you}, target: target_unit}}]}
  - {name: Test Bury, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{move_cards: {zone: hand, to: deck_top}}]}
  - {name: Test Keep, type: domain, element: norm, reserve_cost: 0,
     abilities: [{on_recollection: [{if: {when: {amount: {count: {type: domain, another: true,
                                                                 controller: you}},
                                                 at_most: 1},
                                          then: [sacrifice: self]}}]}]}
  - {name: Test Plain, type: domain, element: norm, reserve_cost: 0}
  - {name: Test Ward, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{prevent_next_time: {target: target_unit, all_but: 0}}]}
  - {name: Test Jab, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{deal_damage: {amount: 2, target: target_unit}}]}
  - {name: Test Pierce, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{deal_damage: {amount: 1, target: target_unit, unpreventable: true}}]}
  - {name: Test Relic Hall, type: item, element: norm, reserve_cost: 0,
     abilities: [{static: {graveyard_keyword: {keyword: floating_memory,
                                               applies_to: {type: ally, controller: you}}}}]}
  - {name: Test Circlet, type: item, element: norm, supertypes: [regalia], memory_cost: 1}
  - {name: Test Altar, type: domain, element: norm, reserve_cost: 0,
     abilities: [{activated: [{draw: 1}], cost: {sacrifices: [{type: ally}, {type: domain}]}}]}
  - {name: Test Purge, type: action, element: norm, speed: fast, reserve_cost: 0,
     effect: [{mill: {amount: 2, to: banishment}}]}
  - {name: Test Lens, type: item, element: norm, reserve_cost: 0,
     abilities: [{activated: [{draw: 1}], cost: {reserve: 3, rest: true,
                                                   less: {count: {type: ally, controller: you},
                                                          times: 2}}}]}
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), CARDS)


def _run(tmp_path: Path, pool: CardPool, data: dict[str, Any]) -> None:
    run_scenario(tmp_path, pool, yaml.safe_dump({"rules": "docs/cards.md", **data}))


def _setup(mine: dict[str, Any], theirs: dict[str, Any] | None = None,
           **more: Any) -> dict[str, Any]:
    return {**more, "players": [{"lineage": ["Spirit of Fire"], **mine},
                                {"lineage": ["Spirit of Water"], **(theirs or {})}]}


def test_does_not_wake_up_during_the_next_wake_up_phase() -> None:
    out = translate("Rime Dart", "action", "Deal 1 damage to target ally. That ally doesn't "
                    "wake up during its controller's next wake up phase.")
    assert out.status == "full" and out.fields["effect"][1] == {"stay_rested": "same_target"}
    out = translate("Rime Field", "action", "Rest all units. Those units don't wake up "
                    "during their controller's next wake up phase.")
    assert out.fields["effect"][1] == {"stay_rested": {"each": {"type": ["champion", "ally"]}}}
    for text in ("Rest target ally. That ally doesn't wake up during its controller's wake "
                 "up phase as long as you control a Beast ally.",  # not only the next one
                 "Rest target ally. That ally doesn't wake up during its controller's next "
                 "wake up phase unless that player pays (3)."):
        assert translate("Rime Dart", "action", text).status != "full"


@pytest.mark.parametrize(("whose", "rested", "counters"), [
    (1, True, {}),                # its controller's wake up phase: kept rested, mark used
    (0, True, {"no_wake": 1}),    # the other player's: not woken anyway, the mark stays
])
def test_kept_rested_through_its_controllers_next_wake_up_only(
        tmp_path: Path, pool: CardPool, whose: int, rested: bool,
        counters: dict[str, int]) -> None:
    """"Turn Order - Wake Up Phase 1": the turn player's rested objects wake, but not one an
    effect keeps rested through its controller's next wake up phase."""
    sleeper = {"field": [{"card": "Test Sleeper", "rested": True}]}
    mine, theirs = (sleeper, {}) if whose == 0 else ({}, sleeper)
    _run(tmp_path, pool, {
        "name": "kept rested", "setup": _setup({**mine, "hand": ["Test Chill"]}, theirs,
                                               phase="end"),
        "steps": ["activate Test Chill", "target Test Sleeper", "pass", "pass", "pass",
                  "pass"],
        "expect": {"turn_player": 1, f"players.{whose}.field.0.rested": rested,
                   f"players.{whose}.field.0.counters": counters}})


def test_one_of_the_top_cards_and_the_rest_into_the_graveyard(tmp_path: Path,
                                                               pool: CardPool) -> None:
    out = translate("Tide Reader", "action", "Look at the top 2+LV cards of your deck. Put one "
                    "of them into your memory and the rest into your graveyard.")
    assert out.status == "full" and out.fields["effect"] == [{"look_at_top": {
        "amount": {"level": "you", "plus": 2}, "filter": {}, "to": "memory",
        "optional": False, "rest": "graveyard"}}]
    _run(tmp_path, pool, {
        "name": "sift", "setup": _setup({"hand": ["Test Sift"], "deck": [
            "Ember Bolt", "Quick Study", "Drifting Thought", "Test Sleeper"]}),
        "steps": ["activate Test Sift", "pass", "pass", "choose Quick Study"],
        "expect": {"players.0.hand": ["Quick Study"], "players.0.deck": ["Test Sleeper"],
                   "players.0.graveyard": ["Test Sift", "Ember Bolt", "Drifting Thought"]}})


def test_a_condition_on_the_card_discarded() -> None:
    out = translate("Ash Letter", "action", "Draw three cards, then discard a card. If a water "
                    "element card was discarded, draw a card. Class Bonus: If you didn't "
                    "discard an ally card, recover 2.")
    assert out.status == "full" and out.fields["effect"][2:] == [
        {"if": {"when": {"discarded": {"element": ["water"]}},
                "then": [{"draw": {"amount": 1}}]}},
        {"if": {"when": {"class_bonus": True, "not": {"discarded": {"type": "ally"}}},
                "then": [{"recover": 2}]}}]
    out = translate("Ash Letter", "action", "Draw three cards, then discard a card.\nClass "
                    "Bonus: "
                    "If a water element card was discarded, recover 2.")  # a line of its own
    assert out.status == "full" and out.fields["effect"][2] == {"if": {
        "when": {"class_bonus": True}, "then": [{"if": {
            "when": {"discarded": {"element": ["water"]}}, "then": [{"recover": 2}]}}]}}
    assert translate("Ash Letter", "action", "Draw a card.\nClass Bonus: Recover 5 and "
                     "glimpse 5 instead.").status != "full"   # an "instead" alone


@pytest.mark.parametrize(("discards", "drawn"), [
    (["discard Ember Bolt", "discard Quick Study"], ["Drifting Thought"]),   # one is fire
    (["discard Quick Study", "discard Test Sleeper"], []),
])
def test_the_cards_discarded_by_the_effect_are_read(tmp_path: Path, pool: CardPool,
                                                     discards: list[str],
                                                     drawn: list[str]) -> None:
    """"Game Terms - Discard": the condition reads every card this effect discarded."""
    _run(tmp_path, pool, {
        "name": "sort", "setup": _setup({
            "hand": ["Test Sort", "Ember Bolt", "Quick Study", "Test Sleeper"],
            "deck": ["Drifting Thought"]}),
        "steps": ["activate Test Sort", "pass", "pass", *discards],
        "expect": {"players.0.deck": [] if drawn else ["Drifting Thought"]}})


def test_an_abilitys_condition_cannot_read_the_cards_discarded(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("set: bad\ncards:\n  - {name: Bad Sort, type: ally, element: norm, "
                    "reserve_cost: 0, power: 1, life: 1, abilities: [{static: {modify_stats: "
                    "{power: 1}}, requires: {discarded: {element: fire}}}]}\n")
    with pytest.raises(CardFileError, match=r"requires\.discarded"):
        load_pool([*sorted(DATA_DIR.glob("*.yaml")), path])


def test_an_ability_that_costs_less_for_each() -> None:
    out = translate("Dome Lens", "item", "(5), REST: Draw a card. This ability costs (2) less "
                    "to activate for each domain you control.")
    assert out.status == "full" and out.fields["abilities"][0]["cost"] == {
        "reserve": 5, "rest": True, "less": {"count": {"controller": "you", "type": "domain"},
                                             "times": 2}}
    out = translate("Dome Lens", "item", "(5), REST: Draw a card. This ability costs (X) less "
                    "to activate, where X is the amount of cards in your graveyard.")
    assert out.fields["abilities"][0]["cost"]["less"] == {"cards": {"zone": "graveyard"}}


@pytest.mark.parametrize(("allies", "hand", "left"), [
    ([], ["Ember Bolt", "Quick Study", "Drifting Thought"], []),   # 3
    (["Test Sleeper"], ["Ember Bolt", "Quick Study"], ["Quick Study"]),   # 3 - 2
    (["Test Sleeper", "Test Sleeper"], ["Ember Bolt"], ["Ember Bolt"]),   # never below 0
])
def test_the_ability_costs_less_as_it_is_checked_and_paid(
        tmp_path: Path, pool: CardPool, allies: list[str], hand: list[str],
        left: list[str]) -> None:
    """"Playing Cards - Card Activation 7c-d", for an ability as for a card: what is
    subtracted is read as the cost is calculated, and the cost is never below 0."""
    paid = len(hand) - len(left)
    _run(tmp_path, pool, {
        "name": "lens", "setup": _setup({"field": ["Test Lens", *allies], "hand": hand,
                                         "deck": ["Test Sift"]}),
        "steps": ["use Test Lens", *(f"pay with {c}" for c in hand[:paid]), "pass", "pass"],
        "expect": {"players.0.hand": [*left, "Test Sift"]}})


@pytest.mark.parametrize(("whose", "rested"), [("you", True), ("opponent", False)])
def test_cards_enter_the_field_rested_this_turn(tmp_path: Path, whose: str,
                                                rested: bool) -> None:
    """A lasting effect makes matching cards enter the field rested, as Hindered does
    ("Keywords - Hindered"); its ``controller`` is read from the effect's controller."""
    out = translate("Hoarfrost", "action", "Until end of turn, allies you control enter the "
                    "field rested.")
    assert out.status == "full" and out.fields["effect"] == [{"this_turn": {"enter_rested": {
        "applies_to": {"type": "ally", "controller": "you"}}}}]
    pool = pool_with(tmp_path, CARDS + f"""  - {{name: Test Frost, type: action, element: norm,
     speed: fast, reserve_cost: 0, effect: [{{this_turn: {{enter_rested: {{applies_to: {{
        type: ally, controller: {whose}}}}}}}}}]}}
""")
    _run(tmp_path, pool, {
        "name": "frost", "setup": _setup({"hand": ["Test Frost", "Test Sleeper"]}),
        "steps": ["activate Test Frost", "pass", "pass", "activate Test Sleeper", "pass",
                  "pass"],
        "expect": {"players.0.field.0.name": "Test Sleeper",
                   "players.0.field.0.rested": rested}})


def test_entering_rested_is_no_printed_static(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("set: bad\ncards:\n  - {name: Bad Frost, type: item, element: norm, "
                    "reserve_cost: 0, abilities: [{static: {enter_rested: {}}}]}\n")
    with pytest.raises(CardFileError, match="only as a lasting effect"):
        load_pool([*sorted(DATA_DIR.glob("*.yaml")), path])


def test_empower_x_and_a_card_put_on_top_of_the_deck() -> None:
    out = translate("Gale Orb", "item", "On Enter: Empower X, where X is the amount of wind "
                    "element allies you control.\nREST: Put a card from your hand on top of "
                    "your deck.")
    assert out.status == "full" and out.fields["abilities"][0] == {"on_enter": [{"empower": {
        "count": {"controller": "you", "element": ["wind"], "type": "ally"}}}]}
    assert out.fields["abilities"][1]["activated"][0]["if"]["then"] == [{"move_cards": {
        "filter": {}, "zone": "hand", "to": "deck_top", "amount": 1}}]


@pytest.mark.parametrize(("allies", "damage"), [([], 0), (["Test Sleeper"] * 2, 2)])
def test_empower_by_an_amount(tmp_path: Path, pool: CardPool, allies: list[str],
                              damage: int) -> None:
    """"Keywords - Empower N": the next Spell's LV counts the amount read as it resolves."""
    _run(tmp_path, pool, {
        "name": "gust", "setup": _setup({"hand": ["Test Gust", "Test Zap"], "field": allies},
                                        {"field": ["Test Sleeper"]}),
        "steps": ["activate Test Gust", "pass", "pass", "activate Test Zap",
                  "target Test Sleeper (player 1)", "pass", "pass"],
        "expect": {"players.1.field.0.damage": damage}})


def test_a_card_put_on_top_of_the_deck(tmp_path: Path, pool: CardPool) -> None:
    _run(tmp_path, pool, {
        "name": "bury", "setup": _setup({"hand": ["Test Bury", "Ember Bolt", "Quick Study"],
                                         "deck": ["Drifting Thought", "Test Sleeper"]}),
        "steps": ["activate Test Bury", "pass", "pass", "choose Quick Study"],
        "expect": {"players.0.hand": ["Ember Bolt"],
                   "players.0.deck": ["Quick Study", "Drifting Thought", "Test Sleeper"]}})


def test_n_or_fewer() -> None:
    out = translate("Lone Keep", "domain", "At the beginning of your recollection phase, if you "
                    "control one or fewer other domains, sacrifice Lone Keep.")
    assert out.status == "full" and out.fields["abilities"][0]["on_recollection"][0]["if"][
        "when"] == {"amount": {"count": {"another": True, "type": "domain",
                                         "controller": "you"}}, "at_most": 1}
    out = translate("Lone Keep", "action", "If you have two or fewer cards in your hand, draw "
                    "a card.")
    assert out.fields["effect"][0]["if"]["when"] == {"amount": {"cards": {"zone": "hand"}},
                                                     "at_most": 2}


@pytest.mark.parametrize(("others", "kept"), [(1, False), (2, True)])
def test_one_or_fewer_other_domains(tmp_path: Path, pool: CardPool, others: int,
                                    kept: bool) -> None:
    """An at-most bound on a count of the other objects (``another``) of its controller."""
    _run(tmp_path, pool, {
        "name": "keep", "setup": _setup({"field": ["Test Keep", *["Test Plain"] * others]},
                                        phase="materialize"),
        "steps": ["pass", "pass", "pass"],
        "expect": {"players.0.field.0.name": "Test Keep" if kept else "Test Plain"}})


def test_for_each_other_one_than_the_target() -> None:
    """"For each other ally you control" after a target among those allies counts the
    others: the count less one, times the number ("+2 POWER for each other": 2 each)."""
    out = translate("Rally", "action", "Target Beast ally you control gets +2 POWER until end "
                    "of turn for each other Beast ally you control.")
    beasts = {"controller": "you", "subtype": ["Beast"], "type": "ally"}
    assert out.status == "full" and out.fields["effect"] == [{"boost": {
        "target": {"target": beasts}, "power": {"count": beasts, "plus": -2, "times": 2}}}]
    assert translate("Rally", "action", "Target ally gets +1 POWER until end of turn for each "
                     "other ally you control.").status != "full"  # the target may not be one


def test_the_next_time_damage_would_be_dealt() -> None:
    out = translate("Brace", "action", "The next time damage would be dealt to target ally "
                    "this turn, prevent 3 of that damage.\nThe next time your champion would "
                    "take damage this turn, prevent all but 2 of that damage.")
    assert out.status == "full" and out.fields["effect"] == [
        {"prevent_next_time": {"target": {"target": {"type": "ally"}}, "amount": 3}},
        {"prevent_next_time": {"target": "your_champion", "all_but": 2}}]


@pytest.mark.parametrize(("first", "damage"), [
    ("Test Jab", 2),      # all of the first 2 prevented, the second 2 dealt
    ("Test Pierce", 1),   # unpreventable damage passes the shield by and leaves it
])
def test_a_shield_for_the_next_time_only(tmp_path: Path, pool: CardPool, first: str,
                                         damage: int) -> None:
    """"Game Mechanics - Damage Prevention": the shield applies to the next damage dealt
    to the object, once, whatever it prevents; unpreventable damage is not prevented."""
    _run(tmp_path, pool, {
        "name": "ward", "setup": _setup({"hand": ["Test Ward", first, "Test Jab"]},
                                        {"field": ["Test Sleeper"]}),
        "steps": ["activate Test Ward", "target Test Sleeper", "pass", "pass",
                  f"activate {first}", "target Test Sleeper", "pass", "pass",
                  "activate Test Jab", "target Test Sleeper", "pass", "pass"],
        "expect": {"players.1.field.0.damage": damage}})


def test_cards_in_your_graveyard_have_floating_memory() -> None:
    out = translate("Old Hall", "domain", "Ally cards in your graveyard have floating "
                    "memory.")
    assert out.status == "full" and out.fields["abilities"] == [{"static": {
        "graveyard_keyword": {"keyword": "floating_memory",
                              "applies_to": {"type": "ally", "controller": "you"}}}}]


@pytest.mark.parametrize(("whose", "expect"), [
    (0, {"decision.options": ["banish Test Sleeper from graveyard", "pay the rest at random"]}),
    # the opponent's static gives nothing to this player: the memory pays, nothing to ask
    (1, {"players.0.memory": [], "players.0.graveyard": ["Ember Bolt", "Test Sleeper"]}),
])
def test_floating_memory_given_in_the_graveyard(tmp_path: Path, pool: CardPool, whose: int,
                                                expect: dict[str, Any]) -> None:
    """"Keywords - Floating Memory": a card in the graveyard with it pays 1 of a memory
    cost; a static of the player's can give it to their cards there."""
    hall = {"field": ["Test Relic Hall"]}
    mine = {"material": ["Test Circlet"], "memory": ["Quick Study"],
            "graveyard": ["Ember Bolt", "Test Sleeper"], **(hall if whose == 0 else {})}
    _run(tmp_path, pool, {
        "name": "hall", "setup": _setup(mine, hall if whose == 1 else {}, phase="materialize"),
        "steps": ["materialize Test Circlet"], "expect": expect})


def test_counters_that_were_on_this() -> None:
    """"... that were on ~" reads the source's counters as they were when it left (the
    engine's last-known counters, "Game Terms - Last-known Information")."""
    out = translate("Sap Jar", "item", "Sacrifice Sap Jar: Draw a card for each sap counter "
                    "that was on Sap Jar.")
    assert out.status == "full" and out.fields["abilities"][0]["activated"] == [
        {"draw": {"amount": {"counters": {"kind": "sap"}}}}]


def test_an_ability_that_sacrifices_other_objects() -> None:
    out = translate("Grim Altar", "domain", "REST, Sacrifice two Beasts and an item: Draw a "
                    "card.\nSacrifice another ally: Draw a card.")
    assert out.fields["abilities"][0]["cost"] == {"rest": True, "sacrifices": [
        {"subtype": ["Beast"]}, {"subtype": ["Beast"]}, {"type": "item"}]}
    assert out.not_understood == ["Sacrifice another ally: Draw a card."]  # not itself: no


@pytest.mark.parametrize(("field", "usable"), [
    (["Test Sleeper", "Test Plain"], True),
    (["Test Plain", "Test Plain"], False),   # no ally to sacrifice
])
def test_the_objects_an_ability_sacrifices_as_its_cost(tmp_path: Path, pool: CardPool,
                                                       field: list[str], usable: bool) -> None:
    """"Game Terms - Sacrifice": the ability is offered only when every object it names can
    be sacrificed, each a different one; they go as the cost is paid."""
    steps = ["use Test Altar", "choose Test Sleeper", "choose Test Plain", "pass", "pass"]
    _run(tmp_path, pool, {
        "name": "altar", "setup": _setup({"field": ["Test Altar", *field],
                                          "deck": ["Ember Bolt"]}),
        "steps": steps if usable else steps[:1],
        **({"expect": {"players.0.field": ["Test Altar"], "players.0.hand": ["Ember Bolt"]}}
           if usable else {"error": "use Test Altar"})})


def test_the_top_cards_of_the_deck_banished(tmp_path: Path, pool: CardPool) -> None:
    out = translate("Tide Eater", "action", "Banish the top three cards of your deck.")
    assert out.status == "full" and out.fields["effect"] == [
        {"mill": {"amount": 3, "player": "you", "to": "banishment"}}]
    _run(tmp_path, pool, {
        "name": "purge", "setup": _setup({"hand": ["Test Purge"], "deck": [
            "Ember Bolt", "Quick Study", "Drifting Thought"]}),
        "steps": ["activate Test Purge", "pass", "pass"],
        "expect": {"players.0.banishment": ["Ember Bolt", "Quick Study"],
                   "players.0.deck": ["Drifting Thought"],
                   "players.0.graveyard": ["Test Purge"]}})
