"""More deep mechanics and keywords (docs/cards.md; gaenv/cards/mechanics.py), engine and
translator, with invented cards: enlighten and wither counters, Fast Activation under a
restriction, Suppress, Imbue on actions and attacks, Prepare, Gather.
The real cards that use them are checked by tests/realcards/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import pool_with, run_scenario

from gaenv import heuristic, scenario
from gaenv.cards.schema import CardFileError, CardPool
from gaenv.cards.translate import translate
from gaenv.engine import champions, effects, events, journal, statics, views
from gaenv.engine.game import Game
from gaenv.engine.objects import BANISHMENT, FIELD, GRAVEYARD
from gaenv.env import actions

EXTRA = """set: test-more-mechanics
cards:
  - name: Test Insight
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - counters: {target: your_champion, kind: enlighten, amount: 1}
  - name: Test Suppressor
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - suppress: {target: {target: {type: ally}}}
  - name: Test Ember Surge
    type: action
    element: fire
    reserve_cost: 2
    imbue: 2
    effect:
      - deal_damage: {amount: 1, target: opponent_champion}
      - if: {when: {self: {imbued: true}}, then: [draw: 1]}
  - name: Test Ember Strike
    type: attack
    element: fire
    reserve_cost: 2
    power: 1
    imbue: 2
    abilities:
      - on_hit:
          - if: {when: {self: {imbued: true}}, then: [draw: 1]}
  - name: Test Ambush Plan
    type: action
    element: norm
    reserve_cost: 0
    prepare: 2
    effect:
      - draw: 1
      - if: {when: {self: {prepared: true}}, then: [draw: 1]}
  - name: Test Insight Crystal
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {modify_level: {amount: 1, applies_to: {type: champion, controller: you},
                                for_each: {counters: {kind: enlighten, of: your_champion},
                                           per: 3}}}
  - name: Test Quick Squire
    type: ally
    element: norm
    classes: [Warrior]
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - static: {own_keyword: {keyword: fast_activation}}
        requires: {class_bonus: true}
"""


@pytest.fixture(scope="module")
def more_pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), EXTRA)


_run = run_scenario
ENLIGHTEN = "use Spirit of Fire: remove 3 enlighten counters: draw a card"


# --- enlighten counters -------------------------------------------------------------------

@pytest.mark.parametrize(("counters", "offered"), [(2, False), (3, True), (5, True)])
def test_enlighten_counters_give_the_champion_a_draw(tmp_path: Path, more_pool: CardPool,
                                                     counters: int, offered: bool) -> None:
    """Enlighten Counters 1: with three or more enlighten counters the champion may remove
    three of them to draw a card (an ability on the stack: both players pass); with fewer
    it may not."""
    listed = "offered" if offered else "not_offered"
    setup = f"""rules: Enlighten Counters 1
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {{counters: {{enlighten: {counters}}}}}
      deck: [Quick Study]
    - lineage: [Spirit of Water]"""
    _run(tmp_path, more_pool, f"""name: enlighten offered
{setup}
steps: []
{listed}: ["{ENLIGHTEN}"]
""")
    if offered:
        left = f"{{enlighten: {counters - 3}}}" if counters > 3 else "{}"
        _run(tmp_path, more_pool, f"""name: enlighten used
{setup}
steps: ["{ENLIGHTEN}", pass, pass]
expect:
  players.0.champion.counters: {left}
  players.0.hand: [Quick Study]
""")


def test_an_effect_puts_enlighten_counters_that_then_draw(tmp_path: Path,
                                                          more_pool: CardPool) -> None:
    """Enlighten Counters 1 and 2: counters put by an effect count; the ability is usable
    at fast speed (here in the opponent's turn is not needed: at once after)."""
    _run(tmp_path, more_pool, f"""name: enlighten from an effect
rules: Enlighten Counters 1
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {{counters: {{enlighten: 2}}}}
      hand: [Test Insight]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Insight, pass, pass, "{ENLIGHTEN}", pass, pass]
expect:
  players.0.champion.counters: {{}}
  players.0.hand: [Quick Study]
""")


@pytest.mark.parametrize(("counters", "level"), [(2, 0), (5, 1), (6, 2)])
def test_a_level_for_every_three_counters(tmp_path: Path, more_pool: CardPool,
                                          counters: int, level: int) -> None:
    """Level Restrictions; Types of Effects - Continuous Effects, Layers E: +1 level for
    every three enlighten counters (an amount's ``per``: whole groups only)."""
    _run(tmp_path, more_pool, f"""name: per three
rules: Game Mechanics - Counters, Level
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {{counters: {{enlighten: {counters}}}}}
      field: [Test Insight Crystal]
    - lineage: [Spirit of Water]
steps: []
expect:
  players.0.champion.level: {level}
""")


def test_the_level_follows_the_counters_as_they_change(tmp_path: Path,
                                                       more_pool: CardPool) -> None:
    """The statics view follows the champion's counters: a sixth counter makes +2, and the
    kept views agree with a fresh computation after every step (`views.check`)."""
    path = tmp_path / "s.yaml"
    path.write_text("""name: per three follows
rules: Game Mechanics - Counters, Level
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {counters: {enlighten: 5}}
      field: [Test Insight Crystal]
      hand: [Test Insight]
    - lineage: [Spirit of Water]
steps: []
""")
    game = scenario.build(scenario.load(path), more_pool)
    assert champions.level(game.state, 0) == 1
    for answer in ("activate Test Insight", "pass", "pass"):
        champions.level(game.state, 0)  # the view in use, kept between steps
        game.step(answer)
        views.check(game.state)
    assert champions.level(game.state, 0) == 2


def test_the_enlighten_ability_is_the_rules_not_the_cards() -> None:
    """The ability has a negative index no card ability has, and reads as an ability."""
    ability = events.COUNTER_ABILITIES[events.ENLIGHTEN]
    assert events.ENLIGHTEN < -1 and ability.activated
    assert dict(ability.cost["remove_counters"]) == {"enlighten": 3}


@pytest.mark.parametrize(("text", "fields"), [
    ("Put two enlighten counters on your champion.",
     {"effect": [{"counters": {"target": "your_champion", "kind": "enlighten", "amount": 2}}]}),
    ("Deal damage to target ally equal to the amount of enlighten counters on your champion.",
     {"effect": [{"deal_damage": {"amount": {"counters": {"kind": "enlighten",
                                                          "of": "your_champion"}},
                                  "target": {"target": {"type": "ally"}}}}]}),
])
def test_enlighten_templates(text: str, fields: dict[str, Any]) -> None:
    out = translate("Invented Sage", "action", text)
    assert out.status == "full" and out.fields == fields


def test_for_every_n_counters_template() -> None:
    out = translate("Invented Crystal", "item", "Your champion gets +1 level for every three "
                    "enlighten counters on them.")
    assert out.status == "full" and out.fields == {"abilities": [{"static": {"modify_level": {
        "amount": 1, "applies_to": {"type": "champion", "controller": "you"},
        "for_each": {"counters": {"kind": "enlighten", "of": "your_champion"}, "per": 3}}}}]}


def test_agents_and_the_environment_take_the_enlighten_ability(tmp_path: Path,
                                                               more_pool: CardPool) -> None:
    """The rules' ability has no ability slot of its own: the environment gives it a choice
    slot, and the heuristic scores it as an ability."""
    path = tmp_path / "s.yaml"
    path.write_text("""name: position
rules: Enlighten Counters 1
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {counters: {enlighten: 3}}
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: []
""")
    game: Game = scenario.build(scenario.load(path), more_pool)
    decision = game.decision
    option = next(o for o in decision.options if o.text == ENLIGHTEN)
    by_index, choices = actions.assign(game.state, decision, actions.Slots.of(game.state, 0))
    assert option in choices and option in by_index.values()
    assert heuristic.score(game.state, decision, option) == 1.0


# --- Fast Activation under a restriction -----------------------------------------------------

@pytest.mark.parametrize(("champion", "offered"), [("Lorraine, Wandering Warrior", True),
                                                   ("Rai, Spellcrafter", False)])
def test_fast_activation_under_a_class_bonus(tmp_path: Path, more_pool: CardPool,
                                             champion: str, offered: bool) -> None:
    """Keywords - Fast Activation 1 and Keywords - Class Bonus 3: in the opponent's main
    phase the ally may be activated only while its Class Bonus holds, from the hand."""
    listed = "offered" if offered else "not_offered"
    _run(tmp_path, more_pool, f"""name: fast under a bonus
rules: Keywords - Fast Activation
setup:
  turn_player: 1
  players:
    - lineage: [Spirit of Fire, "{champion}"]
      hand: [Test Quick Squire]
    - lineage: [Spirit of Water]
steps: [pass]
{listed}: [activate Test Quick Squire]
""")


def test_a_fast_ally_enters_in_the_opponents_turn(tmp_path: Path, more_pool: CardPool) -> None:
    """Keywords - Fast Activation 1: activated at fast speed, it resolves onto the field."""
    _run(tmp_path, more_pool, """name: fast ally resolves
rules: Keywords - Fast Activation
setup:
  turn_player: 1
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      hand: [Test Quick Squire]
    - lineage: [Spirit of Water]
steps: [pass, activate Test Quick Squire, pass, pass]
expect:
  players.0.field: [Test Quick Squire]
""")


@pytest.mark.parametrize(("text", "requires"), [
    ("[Class Bonus] Fast Activation", {"class_bonus": True}),
    ("[Level 2+] Fast Activation", {"level": 2}),
])
def test_fast_activation_templates(text: str, requires: dict[str, Any]) -> None:
    out = translate("Invented Scout", "ally", text)
    assert out.status == "full" and out.fields == {"abilities": [
        {"static": {"own_keyword": {"keyword": "fast_activation"}}, "requires": requires}]}
    assert translate("Invented Scout", "ally", "Fast Activation").fields == {"speed": "fast"}


# --- Suppress ----------------------------------------------------------------------------------

SUPPRESS_SETUP = """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Suppressor]
    - lineage: [Spirit of Water]
      field: [{card: Hearth Warden, damage: 2, rested: true}, Spirit Wisp]
"""


def test_suppress_banishes_until_the_next_end_phase(tmp_path: Path,
                                                    more_pool: CardPool) -> None:
    """Suppress 1: the ally goes to its owner's banishment; as the end phase begins its
    delayed trigger returns it under its owner's control, a new object (awake, no damage)
    whose On Enter fires."""
    _run(tmp_path, more_pool, f"""name: suppressed
rules: Suppress 1
{SUPPRESS_SETUP}steps:
  - activate Test Suppressor
  - target Hearth Warden (player 1)
  - pass
  - pass
expect:
  players.1.field: [Spirit Wisp]
  players.1.banishment: [Hearth Warden]
""")
    _run(tmp_path, more_pool, f"""name: returned
rules: Suppress 1
{SUPPRESS_SETUP}steps:
  - activate Test Suppressor
  - target Hearth Warden (player 1)
  - pass
  - pass
  - pass
  - pass                          # main phase ends
  - pass
  - pass                          # end phase: the delayed trigger resolves
  - pass
  - pass                          # Hearth Warden's On Enter resolves
expect:
  players.1.field: [Spirit Wisp, Hearth Warden]
  players.1.field.1.damage: 0
  players.1.field.1.rested: false
  players.1.banishment: []
  players.0.champion.damage: 1
""")


def test_a_suppressed_token_ceases_to_exist(tmp_path: Path, more_pool: CardPool) -> None:
    """Token 2 and Suppress 1: a banished token is gone; nothing comes back."""
    _run(tmp_path, more_pool, f"""name: token
rules: Suppress 1
{SUPPRESS_SETUP}steps:
  - activate Test Suppressor
  - target Spirit Wisp (player 1)
  - pass
  - pass
  - pass
  - pass
  - pass
expect:
  players.1.field: [Hearth Warden]
  players.1.banishment: []
""")


def test_a_suppressed_card_that_left_banishment_stays_away(tmp_path: Path,
                                                           more_pool: CardPool) -> None:
    """Suppress 2: the delayed trigger returns only the card still in banishment as the
    one suppressed; one moved out (to the graveyard here) stays where it is."""
    path = tmp_path / "s.yaml"
    path.write_text(f"""name: left
rules: Suppress 2
{SUPPRESS_SETUP}steps: []
""")
    game = scenario.build(scenario.load(path), more_pool)
    for answer in ("activate Test Suppressor", "target Hearth Warden (player 1)", "pass",
                   "pass"):
        game.step(answer)
    warden = game.state.players[1].zones[BANISHMENT][0]
    assert game.state.cards[warden].counters == {"suppressed": 1}
    journal.move(game.state, warden, GRAVEYARD)
    journal.move(game.state, warden, BANISHMENT)  # back, but not as the card suppressed
    while game.state.phase != "end" or game.state.stack or game.state.pending_triggers:
        game.step("pass")
    assert game.state.cards[warden].zone == BANISHMENT
    assert warden not in game.state.players[1].zones[FIELD]


def test_suppress_templates() -> None:
    out = translate("Invented Gust", "action", "Suppress target item or regalia.")
    assert out.status == "full" and out.fields == {"effect": [{"suppress": {"target": {
        "target": {"any": [{"type": "item"}, {"supertype": ["regalia"]}]}}}}]}
    out = translate("Invented Gust", "ally", "On Enter: Suppress up to one target item an "
                    "opponent controls.")
    assert out.status == "full" and out.fields == {"abilities": [{"on_enter": [{"suppress": {
        "target": {"up_to_target": {"type": "item", "controller": "opponent"}}}}]}]}


# --- wither counters ----------------------------------------------------------------------------

WITHER_SETUP = """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Cinder Acolyte, Cinder Acolyte, Hearth Warden]
      field: [{card: Hearth Warden, counters: {wither: 2, buff: 1}},
              {card: Cinder Acolyte, counters: {wither: 1}}, Spirit Wisp]
    - lineage: [Spirit of Water]
"""


def test_wither_pay_for_one_and_sacrifice_the_other(tmp_path: Path,
                                                    more_pool: CardPool) -> None:
    """Wither 1, 3 and 4: as the main phase begins one trigger from the game asks, object
    by object, to pay (1) per wither counter or sacrifice it; the counters on those kept
    are removed (other counters stay)."""
    _run(tmp_path, more_pool, f"""name: wither
rules: Game Mechanics - Counters, Wither
{WITHER_SETUP}steps:
  - pass
  - pass                          # the wither trigger resolves
  - "yes"                         # pay for Hearth Warden
  - pay with Cinder Acolyte
  - pay with Cinder Acolyte
  - "no"                          # Cinder Acolyte is sacrificed
expect:
  players.0.field: [Hearth Warden, Spirit Wisp]
  players.0.field.0.counters: {{buff: 1}}
  players.0.graveyard: [Cinder Acolyte]
  players.0.memory: [Cinder Acolyte, Cinder Acolyte]
  players.0.hand: [Hearth Warden]
""")


def test_wither_without_the_reserve_sacrifices(tmp_path: Path, more_pool: CardPool) -> None:
    """Wither 3: what cannot be paid in full is sacrificed, without asking."""
    _run(tmp_path, more_pool, """name: wither unpaid
rules: Game Mechanics - Counters, Wither
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Cinder Acolyte]
      field: [{card: Hearth Warden, counters: {wither: 2}}]
    - lineage: [Spirit of Water]
steps: [pass, pass]
expect:
  players.0.field: []
  players.0.graveyard: [Hearth Warden]
  players.0.hand: [Cinder Acolyte]
""")


def test_no_wither_trigger_without_wither_counters(tmp_path: Path,
                                                   more_pool: CardPool) -> None:
    """Wither 1: only a player who controls objects with wither counters gets the trigger
    (the opponent's withered object waits for its controller's main phase)."""
    _run(tmp_path, more_pool, """name: no wither
rules: Game Mechanics - Counters, Wither
setup:
  players:
    - lineage: [Spirit of Fire]
    - lineage: [Spirit of Water]
      field: [{card: Hearth Warden, counters: {wither: 1}}]
steps: [pass, pass]               # the main phase ends with nothing to resolve
expect:
  players.1.field: [Hearth Warden]
  phase: end
""")


def test_wither_templates() -> None:
    out = translate("Invented Frost", "action", "Put two wither counters on target "
                    "non-champion object. (At the beginning of a player's main phase, they "
                    "sacrifice it unless they pay (1) for each wither counter on it.)")
    assert out.status == "full" and out.fields == {"effect": [{"counters": {
        "target": {"target": {"not": {"type": "champion"}}}, "kind": "wither", "amount": 2}}]}


# --- Imbue on actions and attacks --------------------------------------------------------------

IMBUE_SETUP = """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Ember Surge, Test Ember Strike, Ember Bolt, Ember Bolt, Quick Study]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
"""

PAID = {True: "pay with Ember Bolt, pay with Ember Bolt",
        False: "pay with Ember Bolt, pay with Quick Study"}


@pytest.mark.parametrize("imbued", [True, False])
def test_an_action_knows_it_is_imbued_as_it_resolves(tmp_path: Path, more_pool: CardPool,
                                                     imbued: bool) -> None:
    """Keywords - Imbue N 1 and 2: an action paid with two cards of its element is imbued as
    it resolves; paid with one, it is not."""
    _run(tmp_path, more_pool, f"""name: imbued action
rules: Keywords - Imbue N
{IMBUE_SETUP}steps: [activate Test Ember Surge, {PAID[imbued]}, pass, pass]
expect:
  players.1.champion.damage: 1
  players.0.hand.count: {3 - 1 + imbued}
""")


@pytest.mark.parametrize("imbued", [True, False])
def test_an_attack_knows_it_is_imbued_for_its_triggers(tmp_path: Path, more_pool: CardPool,
                                                       imbued: bool) -> None:
    """Keywords - Imbue N 2: an attack card's On Hit, from the intent, reads whether the
    attack was imbued as it was activated."""
    _run(tmp_path, more_pool, f"""name: imbued attack
rules: Keywords - Imbue N
{IMBUE_SETUP}steps: [activate Test Ember Strike, {PAID[imbued]}, pass, pass,
        "target Spirit of Water (player 1)", pass, pass, pass, pass, pass, pass]
expect:
  players.1.champion.damage: 1
  players.0.hand.count: {3 - 1 + imbued}
""")


def test_imbue_templates_of_actions() -> None:
    out = translate("Invented Spell", "action", "Imbue 2\nTarget unit becomes distant. If ~ "
                    "is imbued, that unit also gains stealth until end of turn.")
    assert out.status == "full" and out.fields == {"imbue": 2, "effect": [
        {"become_distant": {"target": {"type": ["champion", "ally"]}}},
        {"if": {"when": {"self": {"imbued": True}}, "then": [
            {"grant": {"target": "same_target", "keyword": "stealth"}}]}}]}


# --- Prepare -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("counters", "answer", "left", "drawn"), [
    (3, "yes", 1, 2),      # paid: two counters off, prepared
    (3, "no", 3, 1),       # declined: not prepared
])
def test_prepare_is_an_optional_cost_of_the_champions_counters(
        tmp_path: Path, more_pool: CardPool, counters: int, answer: str, left: int,
        drawn: int) -> None:
    """Keywords - Prepare N 1 and 2; Preparation Counters 2: as the card is activated its
    player may remove N preparation counters from their champion; if they do, it is
    prepared as it resolves."""
    _run(tmp_path, more_pool, f"""name: prepare
rules: Keywords - Prepare N
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {{counters: {{preparation: {counters}}}}}
      hand: [Test Ambush Plan]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Ambush Plan, "{answer}", pass, pass]
expect:
  players.0.champion.counters: {{preparation: {left}}}
  players.0.hand.count: {drawn}
""")


def test_prepare_is_not_offered_without_the_counters(tmp_path: Path,
                                                     more_pool: CardPool) -> None:
    """Keywords - Prepare N 1: with fewer than N preparation counters there is nothing to
    ask; the card is activated unprepared."""
    _run(tmp_path, more_pool, """name: no prepare
rules: Keywords - Prepare N
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {counters: {preparation: 1}}
      hand: [Test Ambush Plan]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Ambush Plan, pass, pass]
expect:
  players.0.champion.counters: {preparation: 1}
  players.0.hand.count: 1
""")


def test_prepare_templates() -> None:
    out = translate("Invented Trap", "action", "Prepare 3 (You may remove three preparation "
                    "counters from your champion as you activate this card.)\nDraw a card. "
                    "If ~ was prepared, draw a card.")
    assert out.status == "full" and out.fields == {"prepare": 3, "effect": [
        {"draw": {"amount": 1}},
        {"if": {"when": {"self": {"prepared": True}}, "then": [{"draw": {"amount": 1}}]}}]}
    assert translate("Invented Rogue", "ally", "Prepare 2").status == "none"


# --- Gather ------------------------------------------------------------------------------------

INGREDIENTS = "".join(f"""
  - name: {name}
    type: item
    element: norm
    token: true
    subtypes: [Herb]""" for name in effects.GATHERED)
GATHER_CARDS = """set: test-gather
cards:
  - name: Test Forage
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - gather: 3
""" + INGREDIENTS


def test_gather_summons_random_ingredients(tmp_path: Path) -> None:
    """Game Terms - Gather 2: each gather summons one of the six ingredient tokens, chosen
    at random with the game's RNG (so the same seed gathers the same)."""
    pool = pool_with(tmp_path, GATHER_CARDS)
    path = tmp_path / "s.yaml"
    path.write_text("""name: gather
rules: Game Terms - Gather
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Forage]
    - lineage: [Spirit of Water]
steps: [activate Test Forage, pass, pass]
""")
    fields = []
    for _ in range(2):
        game = scenario.build(scenario.load(path), pool)
        for answer in scenario.load(path).data["steps"]:
            game.step(answer)
        field = [game.state.cards[c].defn for c in game.state.players[0].zones[FIELD]]
        assert len(field) == 3 and all(d.token and d.name in effects.GATHERED for d in field)
        fields.append([d.name for d in field])
    assert fields[0] == fields[1]


def test_gathering_needs_the_ingredient_tokens(tmp_path: Path) -> None:
    """A card that gathers in a pool without the six ingredient token cards is refused at
    load, naming the card and the field."""
    with pytest.raises(CardFileError, match=r"card 'Test Forage': field effect\[0\]\.gather: "
                                            r"gathering needs the ingredient token cards"):
        pool_with(tmp_path, GATHER_CARDS.split("\n  - name: Blightroot")[0])


@pytest.mark.parametrize(("text", "effect"), [
    ("Gather, then draw a card.", [{"gather": 1}, {"draw": {"amount": 1}}]),
    ("Glimpse 2, then gather twice.", [{"glimpse": 2}, {"gather": 2}]),
    ("Gather three times.", [{"gather": 3}]),
])
def test_gather_templates(text: str, effect: list[dict[str, Any]]) -> None:
    out = translate("Invented Farmer", "action", text)
    assert out.status == "full" and out.fields == {"effect": effect}


def test_whenever_you_gather(tmp_path: Path) -> None:
    """Game Terms - Gather: each gather is a moment ``gathered`` that "whenever you gather"
    triggers on, once per ingredient summoned."""
    pool = pool_with(tmp_path, GATHER_CARDS + """
  - name: Test Herbalist
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - trigger: {event: gathered, filter: {player: you}}
        effect: [{deal_damage: {amount: 1, target: opponent_champion}}]
""")
    run_scenario(tmp_path, pool, """name: whenever you gather
rules: Game Terms - Gather
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Forage]
      field: [Test Herbalist]
    - lineage: [Spirit of Water]
      field: [Test Herbalist]
steps: [activate Test Forage, pass, pass, pass, pass, pass, pass, pass, pass]
expect:
  players.1.champion.damage: 3
  players.0.champion.damage: 0
""")
    out = translate("Invented Tender", "ally", "Whenever you gather, draw a card.")
    assert out.status == "full" and out.fields == {"abilities": [{
        "trigger": {"event": "gathered", "filter": {"player": "you"}},
        "effect": [{"draw": {"amount": 1}}]}]}


# --- amounts of counters and omens -------------------------------------------------------------

@pytest.mark.parametrize(("text", "effect"), [
    ("Put LV buff counters on target damaged ally.",
     [{"counters": {"target": {"target": {"damaged": True, "type": "ally"}}, "kind": "buff",
                    "amount": {"level": "you"}}}]),
    ("Put X charge counters on target item, where X is the amount of allies you control.",
     [{"counters": {"target": {"target": {"type": "item"}}, "kind": "charge",
                    "amount": {"count": {"type": "ally", "controller": "you"}}}}]),
    ("Recover X, where X is the amount of water element omens you have.",
     [{"recover": {"cards": {"zone": "banishment", "counters": "omen",
                             "element": ["water"]}}}]),
])
def test_counters_and_omens_as_amounts(text: str, effect: list[dict[str, Any]]) -> None:
    out = translate("Invented Keeper", "action", text)
    assert out.status == "full" and out.fields == {"effect": effect}


def test_an_x_of_counters_is_put(tmp_path: Path, more_pool: CardPool) -> None:
    """Game Terms - LV: "put LV buff counters" puts as many as the champion's level."""
    pool = pool_with(tmp_path, EXTRA + """
  - name: Test Growth
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - counters: {target: {target: {type: ally}}, kind: buff, amount: {level: you}}
""")
    _run(tmp_path, pool, """name: LV counters
rules: Game Terms - LV
setup:
  players:
    - lineage: [Spirit of Fire, "Lorraine, Wandering Warrior"]
      champion: {counters: {level: 1}}      # level 2
      hand: [Test Growth]
      field: [Cinder Acolyte]
    - lineage: [Spirit of Water]
steps: [activate Test Growth, target Cinder Acolyte (player 0), pass, pass]
expect:
  players.0.field.0.counters: {buff: 2}
""")


def test_linked_gets_and_has_template() -> None:
    """Keywords - Link: "linked ally gets +1 LIFE and has taunt" is two statics on the linked
    object; behind a restriction both carry it."""
    out = translate("Invented Charm", "phantasia", "Ally Link\n[Class Bonus] Linked ally gets "
                    "+2 POWER and has stealth.")
    assert out.status == "full" and out.fields == {"link": {"type": "ally"}, "abilities": [
        {"static": {"modify_stats": {"power": 2, "applies_to": {"linked": True}}},
         "requires": {"class_bonus": True}},
        {"static": {"grant_keyword": {"keyword": "stealth", "applies_to": {"linked": True}}},
         "requires": {"class_bonus": True}}]}


@pytest.mark.parametrize(("age", "drawn"), [(3, 2), (2, 1)])
def test_counters_there_were_on_a_sacrificed_source(tmp_path: Path, more_pool: CardPool,
                                                    age: int, drawn: int) -> None:
    """Game Terms - Last-known Information: "if there were three or more age counters on
    this" reads the counters the source had as it was sacrificed for the cost."""
    pool = pool_with(tmp_path, EXTRA + """
  - name: Test Tonic
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - activated:
          - draw: 1
          - if: {when: {amount: {counters: {kind: age}}, at_least: 3}, then: [draw: 1]}
        cost: {sacrifice: true}
""")
    _run(tmp_path, pool, f"""name: there were
rules: Game Terms - Last-known Information
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [{{card: Test Tonic, counters: {{age: {age}}}}}]
      deck: [Quick Study, Quick Study]
    - lineage: [Spirit of Water]
steps: ["use Test Tonic: ability 1", pass, pass]
expect:
  players.0.hand.count: {drawn}
""")
    out = translate("Invented Tonic", "item", "Sacrifice ~: Draw a card. Then if there were "
                    "three or more age counters on ~, draw an additional card.")
    assert out.status == "full" and out.fields == {"abilities": [{"activated": [
        {"draw": {"amount": 1}},
        {"if": {"when": {"amount": {"counters": {"kind": "age", "of": "self"}},
                         "at_least": 3}, "then": [{"draw": {"amount": 1}}]}}],
        "cost": {"sacrifice": True}}]}


# --- stats for each --------------------------------------------------------------------------

def test_stats_for_each_counter_follow_the_counters(tmp_path: Path) -> None:
    """Types of Effects - Continuous Effects, Layers E: "+1 POWER for each charge counter on
    it" is read as the counters change (its own marks: the view follows them), and kept
    views agree with a fresh computation after every step."""
    pool = pool_with(tmp_path, EXTRA + """
  - name: Test Charged Hound
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
    abilities:
      - static: {modify_stats: {power: 1, for_each: {counters: {kind: charge}},
                                applies_to: {self: true}}}
  - name: Test Charger
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - counters: {target: {each: {type: ally, controller: you}}, kind: charge, amount: 2}
""")
    path = tmp_path / "s.yaml"
    path.write_text("""name: for each counter
rules: Layers
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [{card: Test Charged Hound, counters: {charge: 1}}]
      hand: [Test Charger]
    - lineage: [Spirit of Water]
steps: []
""")
    game = scenario.build(scenario.load(path), pool)
    hound = game.state.players[0].zones[FIELD][0]
    assert statics.stat(game.state, hound, "power") == 2
    for answer in ("activate Test Charger", "pass", "pass"):
        statics.stat(game.state, hound, "power")  # the view in use, kept between steps
        game.step(answer)
        views.check(game.state)
    assert statics.stat(game.state, hound, "power") == 4


@pytest.mark.parametrize(("text", "for_each"), [
    ("~ gets +1 POWER for each durability counter on it.", {"counters": {"kind": "durability"}}),
    ("~ gets +1 POWER for every ten damage counters on your champion.",
     {"stat": {"stat": "damage", "of": "your_champion"}, "per": 10}),
    ("~ gets +1 POWER for each water element card in your graveyard.",
     {"cards": {"zone": "graveyard", "element": ["water"]}}),
])
def test_stats_for_each_templates(text: str, for_each: dict[str, Any]) -> None:
    out = translate("Invented Serpent", "ally", text)
    assert out.status == "full" and out.fields == {"abilities": [{"static": {"modify_stats": {
        "power": 1, "for_each": for_each, "applies_to": {"self": True}}}}]}
