"""Materializing as a moment triggers hear ("Playing Cards - Card Materialization 9"), Upkeep
conditions counted with "N or fewer", effects on the attack itself ("Combat Phase -
Attacking 5c, 6b": "this attack gets +N POWER"), Preserve ("Preserve/Preserved"), Divine
Relic ("Divine Relic 1") and two statics of two subjects, engine and translator, with
invented cards whose abilities are the translator's own output. The real cards that use
them are checked by tests/realcards/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import pool_with, run_scenario

from gaenv.cards.decks import deck_from, one_relic, resolve_deck_path
from gaenv.cards.schema import CardFileError, CardPool
from gaenv.cards.translate import translate


def _card(name: str, card_type: str, text: str, **stats: Any) -> dict[str, Any]:
    """An invented card whose abilities are what the translator makes of ``text``."""
    out = translate(name, card_type, text)
    assert out.status == "full", out.not_understood
    return {"name": name, "type": card_type, "element": "norm", **stats, **out.fields}


CARDS = [
    _card("Test Cursed Isle", "domain", "Upkeep — Whenever you materialize a card, sacrifice ~.",
          reserve_cost=0),
    _card("Test Watchtower", "item", "Whenever an opponent materializes a card with memory cost "
          "0, draw a card.", reserve_cost=0),
    _card("Test Throne", "domain", "Upkeep — At the beginning of your recollection phase, if you "
          "control two or fewer other domains, sacrifice ~.", reserve_cost=0),
    {"name": "Test Hamlet", "type": "domain", "element": "norm", "reserve_cost": 0},
    {"name": "Test Bauble", "type": "item", "supertypes": ["regalia"], "element": "norm",
     "memory_cost": 0},
    {"name": "Test Summons", "type": "action", "element": "norm", "reserve_cost": 0,
     **translate("Test Summons", "action", "Materialize an item card from your material "
                 "deck.").fields},
    _card("Test Insight", "action", "Preserve\nDraw a card.", reserve_cost=0, speed="fast"),
    _card("Test Gardener", "ally", "Preserve", reserve_cost=0, power=1, life=1),
    {"name": "Test Cull", "type": "action", "element": "norm", "reserve_cost": 0,
     "effect": [{"deal_damage": {"amount": 1, "target": {"target": {"type": "ally"}}}}]},
    _card("Test Schemer", "ally", "On Attack: You may remove up to two preparation counters "
          "from your champion. For each counter removed this way, this attack gets +1 POWER.",
          reserve_cost=0, power=1, life=6),
    _card("Test Relic", "item", "Divine Relic", supertypes=["regalia"], memory_cost=0),
    _card("Test Second Relic", "item", "Divine Relic", supertypes=["regalia"], memory_cost=0),
    _card("Test Vow", "action", "Banish a card from your hand and put an omen counter on it.",
          reserve_cost=0),
    _card("Test Trouncer", "ally", "As long as you have two or more omens with the same "
          "reserve cost, ~ gets +2 POWER.", reserve_cost=0, power=1, life=1),
    _card("Test Toll", "attack", "~ gets +X POWER, where X is the amount of cards in your "
          "graveyard.", reserve_cost=0, power=1),
    _card("Test Lull", "action", "Rest target ally. If you do, draw a card.", reserve_cost=0),
    _card("Test Drain", "action", "Remove a buff counter from target ally. If buff counter was "
          "removed this way, draw a card.", reserve_cost=0),
    _card("Test Duelist", "ally", "On Attack: You may pay (1). If you do, this attack gets +3 "
          "POWER.", reserve_cost=0, power=1, life=6),
]


NAMED = {card["name"]: card for card in CARDS}


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"),
                     yaml.safe_dump({"set": "test-attack-and-upkeep", "cards": CARDS}))


def test_the_translations() -> None:
    assert NAMED["Test Cursed Isle"]["abilities"] == [{"trigger": {"event": "materialized",
                                                  "filter": {"player": "you"}},
                                      "effect": [{"sacrifice": "self"}]}]
    assert NAMED["Test Watchtower"]["abilities"][0]["trigger"] == {
        "event": "materialized",
        "filter": {"player": "opponent", "memory_cost": {"at_least": 0, "at_most": 0}}}
    assert NAMED["Test Throne"]["abilities"] == [{"on_recollection": [{"if": {
        "when": {"amount": {"count": {"type": "domain", "another": True, "controller": "you"}},
                 "at_most": 2},
        "then": [{"sacrifice": "self"}]}}]}]
    assert NAMED["Test Insight"]["preserve"] is True and NAMED["Test Gardener"]["abilities"] == [
        {"on_death": [{"preserve": {}}]}]
    assert NAMED["Test Relic"]["divine_relic"] is True
    assert NAMED["Test Duelist"]["abilities"][0]["on_attack"][0]["if"]["then"][0]["may"][1] == {
        "boost_attack": 3}


# --- materializing is a moment ------------------------------------------------------------

MATERIALIZE = """rules: Playing Cards - Card Materialization 9; Label Keywords 1
setup:
  phase: materialize
  players:
    - lineage: [Spirit of Fire]
      material: [Test Bauble]
      field: [Test Cursed Isle, Test Watchtower]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      field: [Test Cursed Isle, Test Watchtower]
      deck: [Quick Study]
"""


def test_materializing_in_the_phase_triggers_whose_it_is(tmp_path: Path, pool: CardPool) -> None:
    """The turn player materializes: their own Upkeep isle is sacrificed, and the opponent's
    Watchtower (an opponent materialized a memory cost 0 card) draws; the others stay."""
    run_scenario(tmp_path, pool, "name: materialize in the phase\n" + MATERIALIZE + """steps:
  - materialize Test Bauble
  - pass
  - pass
  - pass
  - pass
  - pass
  - pass
expect:
  players.0.field: [Test Watchtower, Test Bauble]
  players.0.graveyard: [Test Cursed Isle]
  players.1.field: [Test Cursed Isle, Test Watchtower]
  players.1.hand: [Quick Study]
  players.0.hand: []
""")


def test_materializing_by_an_effect_triggers_too(tmp_path: Path, pool: CardPool) -> None:
    """An effect's permission to materialize ("Card Materialization"): once its memory cost
    is paid the card is materialized, and the Upkeep trigger follows."""
    run_scenario(tmp_path, pool, """name: materialize by an effect
rules: Playing Cards - Card Materialization 9
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Summons]
      material: [Test Bauble]
      field: [Test Cursed Isle]
    - lineage: [Spirit of Water]
steps: [activate Test Summons, pass, pass, choose Test Bauble, pass, pass, pass, pass]
expect:
  players.0.field: [Test Bauble]
  players.0.graveyard: [Test Summons, Test Cursed Isle]
""")


def test_materializing_nothing_triggers_nothing(tmp_path: Path, pool: CardPool) -> None:
    run_scenario(tmp_path, pool, "name: pass the phase\n" + MATERIALIZE + """steps: [pass]
expect:
  players.0.field: [Test Cursed Isle, Test Watchtower]
  players.1.hand: []
""")


# --- N or fewer -----------------------------------------------------------------------------

@pytest.mark.parametrize(("others", "kept"), [(1, False), (2, False), (3, True)])
def test_upkeep_counts_the_other_domains(tmp_path: Path, pool: CardPool, others: int,
                                         kept: bool) -> None:
    """"If you control two or fewer other domains": the Throne itself does not count, the
    opponent's domains do not either."""
    hamlets = ", ".join(["Test Hamlet"] * others)
    field = f"[Test Throne, {hamlets}]"
    run_scenario(tmp_path, pool, f"""name: upkeep with {others} other domains
rules: Label Keywords 1; Abilities - Triggered Abilities
setup:
  phase: recollection
  players:
    - lineage: [Spirit of Fire]
      field: {field}
    - lineage: [Spirit of Water]
      field: [Test Hamlet, Test Hamlet, Test Hamlet]
steps: [pass, pass]
expect:
  players.0.graveyard: {"[]" if kept else "[Test Throne]"}
""")


# --- this attack ----------------------------------------------------------------------------

def _attack(tmp_path: Path, pool: CardPool, name: str, attacker: str, mine: str,
            answers: str, expect: str) -> None:
    """``attacker`` (with ``mine``: more of its player's setup) attacks a Test Duelist, the
    On Attack question answered with ``answers``, unopposed to the damage step."""
    run_scenario(tmp_path, pool, f"""name: {name}
rules: Combat Phase - Attacking 5c, 6b; Preparation Counters
setup:
  players:
    - lineage: [Spirit of Fire]
{mine}      field: [{attacker}]
    - lineage: [Spirit of Water]
      field: [Test Duelist]
steps: [attack with {attacker}, target Test Duelist (player 1), pass, pass, {answers}, pass,
        pass, do not retaliate, pass, pass]
expect:
{expect}""")


@pytest.mark.parametrize(("answer", "damage"), [('"yes", pay with Ember Bolt', 4), ('"no"', 1)])
def test_this_attack_gets_more_power(tmp_path: Path, pool: CardPool, answer: str,
                                     damage: int) -> None:
    """"This attack gets +3 POWER" adds to the damage of this attack only, in the damage
    step: the attacker's power is unchanged."""
    _attack(tmp_path, pool, f"this attack ({answer})", "Test Duelist",
            "      hand: [Ember Bolt]\n", answer,
            f"  players.1.field.0.damage: {damage}\n  players.0.field.0.power: 1\n")


# --- Preserve ---------------------------------------------------------------------------------

PRESERVE = """rules: Preserve/Preserved 1, 2, 4
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Insight, Test Cull]
      field: [Test Gardener]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
      deck: [Quick Study]
"""


def test_preserved_cards_go_to_the_material_deck(tmp_path: Path, pool: CardPool) -> None:
    """An action with Preserve resolves into the material deck, an ally with it goes there
    from the graveyard when it dies: both preserved (a ``preserved`` counter)."""
    run_scenario(tmp_path, pool, "name: preserved\n" + PRESERVE + """steps: [activate Test Insight,
  pass, pass, activate Test Cull, target Test Gardener (player 0), pass, pass, pass, pass]
expect:
  players.0.material: [Test Insight, Test Gardener]
  players.0.graveyard: [Test Cull]
  players.0.hand: [Quick Study]
""")


def test_a_preserved_card_returns_instead_of_a_materialization(tmp_path: Path,
                                                               pool: CardPool) -> None:
    """"Preserve/Preserved 4c": offered in the materialize phase with nothing to
    materialize; returning it is the phase's materialization; back in hand it is a card
    like any other (the counter stayed behind)."""
    head = "rules: Preserve/Preserved 4\nsetup:\n  phase: end\n  turn_player: 1\n"
    common = head + PRESERVE.split("setup:\n", 1)[1].replace(
        "      hand: [Test Insight, Test Cull]\n",
        "      hand: [Test Insight]\n      material: [Test Bauble]\n")
    steps = "steps: [pass, activate Test Insight, pass, pass, pass, pass"
    run_scenario(tmp_path, pool, f"""name: offered
{common}{steps}]
expect:
  phase: materialize
  decision.options: [pass, materialize Test Bauble, return preserved Test Insight to hand]
""")
    run_scenario(tmp_path, pool, f"""name: returned
{common}{steps}, return preserved Test Insight to hand]
expect:
  phase: recollection
  players.0.hand: [Quick Study, Test Insight]
  players.0.material: [Test Bauble]
""")


def test_an_effect_that_materializes_offers_the_return(tmp_path: Path, pool: CardPool) -> None:
    run_scenario(tmp_path, pool, """name: by an effect
rules: Preserve/Preserved 4c
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Insight, Test Summons]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Insight, pass, pass, activate Test Summons, pass, pass,
        return preserved Test Insight to hand]
expect:
  players.0.hand: [Quick Study, Test Insight]
  players.0.material: []
""")


def test_preserve_is_only_an_actions_field(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match="preserve: only an action resolves into the "
                                            "material deck"):
        pool_with(tmp_path, yaml.safe_dump({"set": "bad", "cards": [{
            "name": "Test Keeper", "type": "ally", "element": "norm", "reserve_cost": 0,
            "power": 1, "life": 1, "preserve": True}]}))
    for card_type, text in (("action", "[Class Bonus] Preserve"), ("item", "Preserve"),
                            ("attack", "Preserve")):
        out = translate("Invented Keeper", card_type, text)
        assert out.status != "full", (card_type, text)


# --- removing counters ------------------------------------------------------------------------

@pytest.mark.parametrize(("answers", "damage", "left"), [
    ('"yes", "yes"', 3, 1), ('"yes", "no"', 2, 2), ('"no"', 1, 3)])
def test_remove_up_to_counters_one_at_a_time(tmp_path: Path, pool: CardPool, answers: str,
                                             damage: int, left: int) -> None:
    """"You may remove up to two preparation counters from your champion. For each counter
    removed this way, this attack gets +1 POWER": one counter a question, each with its
    +1, never more than two ("Preparation Counters"; "Combat Phase - Attacking 6b")."""
    _attack(tmp_path, pool, f"remove up to ({answers})", "Test Schemer",
            "      champion: {counters: {preparation: 3}}\n", answers,
            f"  players.1.field.0.damage: {damage}\n"
            f"  players.0.champion.counters: {{preparation: {left}}}\n")


@pytest.mark.parametrize(("card_type", "text", "effect"), [
    ("action", "Remove two buff counters from target ally.",
     [{"remove_counters": {"target": {"target": {"type": "ally"}}, "kind": "buff",
                           "amount": 2}}]),
    ("action", "Put target ally on the bottom of its owner's deck.",
     [{"move": {"target": {"target": {"type": "ally"}}, "to": "deck_bottom"}}]),
    ("ally", "On Leave: Put the buff counters that were on ~ on target ally you control.",
     [{"counters": {"target": {"target": {"type": "ally", "controller": "you"}}, "kind": "buff",
                    "amount": {"counters": {"kind": "buff"}}}}]),
    ("attack", "On Champion Hit: Remove a preparation counter from the hit champion.",
     [{"remove_counters": {"target": "opponent_champion", "kind": "preparation",
                           "amount": 1}}]),
])
def test_moves_and_counters_of_a_target(card_type: str, text: str,
                                       effect: list[dict[str, Any]]) -> None:
    """"The hit champion" of an On Champion Hit is the opponent's, in a duel ("Combat Phase
    - Attacking 4")."""
    out = translate("Invented Strike", card_type, text)
    assert out.status == "full"
    ability = out.fields.get("abilities", [{}])[0]
    found = out.fields.get("effect") or ability.get("effect") or ability["on_leave"]
    assert found == effect


# --- Divine Relic -----------------------------------------------------------------------------

@pytest.mark.parametrize(("material", "error"), [
    (["Spirit of Fire", "Test Relic", "Test Bauble"], None),
    (["Spirit of Fire", "Test Relic", "Test Second Relic"],
     "material: cards ['Test Relic', 'Test Second Relic']: at most one card with Divine Relic"),
])
def test_one_divine_relic_in_a_material_deck(pool: CardPool, material: list[str],
                                             error: str | None) -> None:
    """"Divine Relic 1": a material deck may have one card with Divine Relic; the decks the
    tools build keep to it (`one_relic`)."""
    main = yaml.safe_load(resolve_deck_path("ember_vanguard").read_text())["main"]
    doc = {"name": "relics", "description": "relics", "material": material, "main": main}
    if error is None:
        deck_from(doc, "relics.yaml", Path("relics.yaml"), pool)
    else:
        with pytest.raises(CardFileError, match=re.escape(f"relics.yaml: {error}")):
            deck_from(doc, "relics.yaml", Path("relics.yaml"), pool)
    relics = [pool.get(n) for n in ("Test Relic", "Test Bauble", "Test Second Relic")]
    assert [c.name for c in one_relic(relics)] == ["Test Relic", "Test Bauble"]
    assert translate("Invented Relic", "item", "[Class Bonus] Divine Relic").status != "full"


def test_two_statics_of_two_subjects() -> None:
    """"~ gets +1 POWER and your champion gets +1 level" under one condition: a static each
    ("Abilities - Static Abilities"; "Game Mechanics - Counters, Level")."""
    out = translate("Invented Alchemist", "ally", "As long as you control a Powercell, ~ gets +1 "
                    "POWER and your champion gets +1 level.")
    requires = {"controls": {"subtype": ["Powercell"]}}
    assert out.status == "full" and out.fields["abilities"] == [
        {"static": {"modify_stats": {"power": 1, "applies_to": {"self": True}}},
         "requires": requires},
        {"static": {"modify_level": {"amount": 1, "applies_to": {"type": "champion",
                                                                 "controller": "you"}}},
         "requires": requires}]


# --- omens of one cost; an attack's own X -------------------------------------------------------

@pytest.mark.parametrize(("second", "power"), [("Ember Bolt", 3), ("Flare Volley", 1)])
def test_two_omens_with_the_same_reserve_cost(tmp_path: Path, pool: CardPool, second: str,
                                              power: int) -> None:
    """"Two or more omens with the same reserve cost": more omens with a reserve cost than
    there are such costs among them ("Game Mechanics - Counters", omens)."""
    run_scenario(tmp_path, pool, f"""name: omens of one cost ({second})
rules: Game Mechanics - Counters
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Vow, Test Vow, Quick Study, {second}]
      field: [Test Trouncer]
    - lineage: [Spirit of Water]
steps: [activate Test Vow, pass, pass, choose Quick Study, activate Test Vow, pass, pass,
        choose {second}]
expect:
  players.0.banishment: [Quick Study, {second}]
  players.0.field.0.power: {power}
""")


def test_an_attack_cards_own_x_counts_in_the_intent(tmp_path: Path, pool: CardPool) -> None:
    """An attack card's "~ gets +X POWER, where X is ..." is a static of the card, read in
    the intent ("Card Types - Attack"): 1 printed and 2 cards in the graveyard."""
    run_scenario(tmp_path, pool, """name: attack card's own X
rules: Card Types - Attack
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Toll]
      graveyard: [Ember Bolt, Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Toll, pass, pass, target Spirit of Water (player 1), pass, pass, pass, pass]
expect:
  players.1.champion.damage: 3
""")


def test_one_qualifier_two_types_and_him() -> None:
    """"an Assassin action or an Assassin attack card" is an Assassin card of either type
    (not two classes); "from him" in a champion's text is the champion itself."""
    out = translate("Invented Executor", "champion", "On Enter: You may remove a preparation "
                    "counter from him. If you do, return a Mage action or a Mage attack card "
                    "from your graveyard to your hand.")
    assert out.status == "full"
    ((guard,),) = [a["on_enter"] for a in out.fields["abilities"]]
    removed, returned = guard["if"]["then"][0]["may"]
    assert removed == {"remove_counters": {"target": "self", "kind": "preparation",
                                           "amount": 1}}
    assert returned["if"]["then"][0]["move_cards"]["filter"] == {"class": ["Mage"],
                                                                  "type": ["action", "attack"]}


def test_a_bonus_and_a_condition_replace_together() -> None:
    """"Class Bonus: If ~ was prepared, X instead.": X replaces what came before only when
    both hold ("Keywords - Class Bonus"; "Keywords - Prepare N 2"; a condition's keys must
    all hold)."""
    out = translate("Invented Trap", "action", "Prepare 1\nRest target ally. Element Bonus: If "
                    "~ was prepared, destroy that ally instead.")
    assert out.status == "full" and out.fields["effect"] == [{"if": {
        "when": {"not": {"self": {"prepared": True}, "element_bonus": True}},
        "then": [{"rest": {"target": {"type": "ally"}}}],
        "otherwise": [{"destroy": "same_target"}]}}]


@pytest.mark.parametrize(("card", "state", "drawn"), [
    ("Test Lull", "rested: false", True), ("Test Lull", "rested: true", False),
    ("Test Drain", "counters: {buff: 1}", True), ("Test Drain", "counters: {}", False)])
def test_if_done_to_a_target(tmp_path: Path, pool: CardPool, card: str, state: str,
                             drawn: bool) -> None:
    """"Rest target ally. If you do, ..." and "Remove a buff counter from target ally. If buff
    counter was removed this way, ...": the step after it only when it was done (the target
    was awake, had the counter)."""
    run_scenario(tmp_path, pool, f"""name: "{card} ({state})"
rules: Game Terms - Rest; Game Mechanics - Counters
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [{card}]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      field: [{{card: Test Duelist, {state}}}]
steps: [activate {card}, target Test Duelist (player 1), pass, pass]
expect:
  players.0.hand: {"[Quick Study]" if drawn else "[]"}
  players.1.field.0.rested: {"true" if card == "Test Lull" else "false"}
  players.1.field.0.counters: {{}}
""")


def test_an_amount_equal_to_another() -> None:
    """"If your champion's level is equal to the amount of cards in your memory": both
    bounds of one amount (the level with this turn's changes: "Game Terms - LV")."""
    out = translate("Invented Prayer", "action", "If your champion's level is equal to the "
                    "amount of cards in your hand, draw a card.")
    hand = {"cards": {"zone": "hand"}}
    assert out.status == "full" and out.fields["effect"] == [{"if": {
        "when": {"amount": {"level": "you"}, "at_least": hand, "at_most": hand},
        "then": [{"draw": {"amount": 1}}]}}]


def test_even_and_odd_amounts() -> None:
    """"If there's an even amount of level counters on ~", "if that player has an odd amount
    of cards in their memory" (at the beginning of each opponent's end phase): the
    condition's ``parity``; it reads an amount, so it needs one."""
    out = translate("Invented Sage", "item", "At the beginning of each opponent's end phase, if "
                    "that player has an odd amount of cards in their hand, draw a card.")
    assert out.status == "full" and out.fields["abilities"] == [{
        "trigger": {"event": "phase_begins", "filter": {"phase": "end", "player": "opponent"}},
        "effect": [{"if": {"when": {"amount": {"cards": {"zone": "hand", "player": "opponent"}},
                                    "parity": "odd"},
                           "then": [{"draw": {"amount": 1}}]}}]}]
    out = translate("Invented Sage", "item", "On Enter: If there's an even amount of charge "
                    "counters on ~, draw a card.")
    assert out.fields["abilities"][0]["on_enter"][0]["if"]["when"] == {
        "amount": {"counters": {"kind": "charge"}}, "parity": "even"}


def test_parity_needs_an_amount(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match="parity read an amount"):
        pool_with(tmp_path, yaml.safe_dump({"set": "bad", "cards": [{
            "name": "Test Odd", "type": "action", "element": "norm", "reserve_cost": 0,
            "effect": [{"if": {"when": {"parity": "odd"}, "then": [{"draw": 1}]}}]}]}))


def test_it_in_a_trigger_about_itself() -> None:
    """"Whenever ~ is dealt damage, put a buff counter on it": "it" is the object the event
    is about, this one."""
    out = translate("Invented Slime", "ally", "Whenever ~ is dealt damage, put a buff counter "
                    "on it.")
    assert out.status == "full" and out.fields["abilities"] == [{
        "trigger": {"event": "dealt_damage", "filter": {"self": True}},
        "effect": [{"counters": {"target": "that_object", "kind": "buff", "amount": 1}}]}]


def test_the_return_is_observed_as_a_materialization(pool: CardPool) -> None:
    """The observation shows "return preserved ..." ("Preserve/Preserved 4c") as a
    materialize choice of that card, in the layout models were trained on."""
    from gaenv.engine import decisions
    from gaenv.env import actions, observation
    from gaenv.scenario import Scenario, build, run_step

    setup = {"turn_player": 1, "phase": "end", "players": [
        {"lineage": ["Spirit of Fire"], "hand": ["Test Insight"], "deck": ["Quick Study"]},
        {"lineage": ["Spirit of Water"], "deck": ["Quick Study"]}]}
    game = build(Scenario(Path("test"), "preserved", {"setup": setup}), pool)
    for step in ("pass", "activate Test Insight", "pass", "pass", "pass", "pass"):
        run_step(game, step, "test")
    state = game.state
    assert [o.text for o in state.decision.options] == [
        "pass", "return preserved Test Insight to hand"]
    slots = actions.Slots.of(state, 0)
    choices = actions.assign(state, state.decision, slots)[1]
    encoder = observation.Encoder(pool)
    encoder.encode(state, 0, state.decision, slots, choices)
    index = [o.verb for o in choices].index(decisions.RETURN_PRESERVED)
    verbs = encoder.views["choices"][index][observation.CARD_FEATURES:-1]
    assert verbs.tolist() == [float(v == "materialize") for v in observation.VERBS]
