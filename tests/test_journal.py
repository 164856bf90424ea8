"""The engine core: the change journal, derived views, triggers on events, owner and
controller, continuous effects in layers (cards made up for the purpose)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gaenv import scenario
from gaenv.cards.schema import DATA_DIR, CardPool, load_pool, parse_card
from gaenv.checks import engine_step
from gaenv.core.program import Node
from gaenv.engine import journal, rules, statics, views, zones
from gaenv.engine.game import Game
from gaenv.engine.objects import FIELD, GRAVEYARD, HAND, LINEAGE, MARK, SOURCE
from gaenv.engine.state import GameState

EXTRA = """set: test
cards:
  - name: Test Grave Warden
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 3
    abilities:
      - trigger: {event: dies, filter: {another: true, type: ally, controller: you}}
        effect: [draw: 1]
  - name: Test Spell Drummer
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - trigger: {event: activated, filter: {type: action, controller: you}}
        effect: [{boost: {target: your_champion, power: 1}}]
  - name: Test Free Bolt
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect: [{deal_damage: {amount: 5, target: target_ally}}]
  - name: Test Leveler Shade
    type: ally
    element: norm
    reserve_cost: 0
    power: 3
    life: 3
  - name: Test Hush
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {set_stats: {power: 1, life: 1, applies_to: {type: ally}}}
  - name: Test Parting Gift
    type: ally
    supertypes: [unique]
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - on_leave: [draw: 1]
      - on_death: [draw: 1]
  - name: Test Wary Sentry
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 3
    abilities:
      - static: {modify_stats: {life: 2, applies_to: {self: true}}}
        requires: {self: {rested: false}}
  - name: Test Blade
    type: weapon
    token: true
    element: norm
    power: 1
    durability: 2
  - name: Test Banner
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {modify_stats: {power: 1, applies_to: {type: ally}}}
  - name: Test Conditional Watcher
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - trigger: {event: enters, filter: {another: true, controller: you}}
        requires: {controls: {class: Warrior}}
        effect: [draw: 1]
  - name: Test Ally Counter
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - trigger: {event: drawn, filter: {type: ally}}
        effect: [draw: 1]
"""


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    path = tmp_path_factory.mktemp("cards") / "zz_journal.yaml"
    path.write_text(EXTRA)
    return load_pool([*sorted(DATA_DIR.glob("*.yaml")), path])


def _position(pool: CardPool, fields: tuple[list[str], list[str]],
              hands: tuple[list[str], list[str]] = ([], [])) -> Game:
    """A main-phase position of player 0 with these objects and hands (both champions
    Spirits, a few cards in each deck)."""
    state = GameState(seed=1, turn_limit=50)
    state.turn, state.phase = 3, "main"
    for p, spirit in ((0, "Spirit of Fire"), (1, "Spirit of Water")):
        top = journal.create(state, p, pool.get(spirit), LINEAGE)
        journal.make_object(state, state.cards[top])
        state.players[p].had_champion = True
        state.players[p].turns_started = 2
        for name in ("Quick Study",) * 5:
            journal.create(state, p, pool.get(name), "deck")
        for name in hands[p]:
            journal.create(state, p, pool.get(name), HAND)
        for name in fields[p]:
            cid = journal.create(state, p, pool.get(name), FIELD)
            journal.make_object(state, state.cards[cid])
    game = Game(state)
    game.run()
    return game


def _ids(game: Game, player: int, name: str) -> list[int]:
    state = game.state
    return [c for c in state.players[player].zones[FIELD] if state.cards[c].defn.name == name]


def test_a_write_outside_the_journal_is_caught(pool: CardPool) -> None:
    """The views are current only because every write goes through the journal: a field
    list changed behind its back leaves the board view stale, and `views.check` (run by
    checked games and fuzzing) says so."""
    game = _position(pool, (["Test Grave Warden"], []))
    state = game.state
    views.check(state)  # all current
    zones.find_object(state, 1)  # the board view is in use
    warden = _ids(game, 0, "Test Grave Warden")[0]
    state.players[0].zones[FIELD].remove(warden)  # a move the journal never saw
    with pytest.raises(AssertionError, match="stale view 'board'"):
        views.check(state)


def test_counters_through_the_journal_make_the_checks_due(pool: CardPool) -> None:
    """A debuff counter put by any code makes the state-based checks due (journal
    CHECKS_DUE), so a 1-life ally dies before anyone acts again ("State-based Checks and
    Effects"; "Counters, Debuff")."""
    game = _position(pool, (["Test Spell Drummer"], []))
    state = game.state
    drummer = _ids(game, 0, "Test Spell Drummer")[0]
    state.checks_due = False
    journal.counters(state, drummer, "debuff", 1)
    assert state.checks_due
    rules.state_based(state)
    assert state.cards[drummer].zone == GRAVEYARD


def test_another_ally_dying_triggers_and_the_dying_one_does_not(pool: CardPool) -> None:
    """"Abilities - Triggered Abilities": a trigger on another object's event, with a
    filter (another ally you control); the watcher's own death does not trigger it."""
    game = _position(pool, (["Test Grave Warden", "Test Leveler Shade"], []))
    state = game.state
    warden = _ids(game, 0, "Test Grave Warden")[0]
    shade = _ids(game, 0, "Test Leveler Shade")[0]
    journal.emit(state, "dies", shade, 0)
    assert [t[:3] for t in state.pending_triggers] == [(warden, 0, 0)]
    state.pending_triggers.clear()
    journal.emit(state, "dies", warden, 0)
    assert state.pending_triggers == []


def test_activating_an_action_triggers_on_activation(pool: CardPool) -> None:
    """A trigger on a card being activated ("Playing Cards - Card Activation 9"): the
    champion gets +1 power once the action is activated and the trigger resolves."""
    game = _position(pool, (["Test Spell Drummer"], ["Test Leveler Shade"]),
                     (["Test Free Bolt"], []))
    champion = game.state.players[0].zones[LINEAGE][-1]
    assert statics.modifiers(game.state, champion).power == 0
    game.step("activate Test Free Bolt")
    game.step("target Test Leveler Shade (player 1)")
    while game.state.stack or game.state.pending_triggers:
        game.step("pass")
    assert statics.modifiers(game.state, champion).power == 1
    assert _ids(game, 1, "Test Leveler Shade") == []


def test_control_and_ownership(pool: CardPool) -> None:
    """"Control and Ownership": a stolen object is listed on its controller's field and
    its triggers are the controller's; when it dies it goes to its owner's graveyard,
    and it is the owner's again."""
    game = _position(pool, ([], ["Test Grave Warden", "Test Leveler Shade"]))
    state = game.state
    warden = _ids(game, 1, "Test Grave Warden")[0]
    journal.take_control(state, warden, 0)
    assert warden in state.players[0].zones[FIELD]
    assert warden not in state.players[1].zones[FIELD]
    assert (state.cards[warden].owner, state.cards[warden].controller) == (1, 0)
    zones.check_conservation(state)
    views.check(state)
    shade = _ids(game, 1, "Test Leveler Shade")[0]
    journal.emit(state, "dies", shade, 1)
    assert state.pending_triggers == []  # not an ally its controller (player 0) controls
    journal.move(state, warden, GRAVEYARD)
    assert warden in state.players[1].zones[GRAVEYARD]
    assert state.cards[warden].controller == 1


def test_base_stats_by_timestamp_then_modifications(pool: CardPool) -> None:
    """"Continuous Effects, Layers" A and E; "Timestamps": a static setting base power
    and life applies to allies entering after it too; of two setting effects the later
    wins; additions (layer E) and buff counters apply on top."""
    game = _position(pool, (["Test Hush", "Test Leveler Shade"], []))
    state = game.state
    shade = _ids(game, 0, "Test Leveler Shade")[0]
    assert (statics.stat(state, shade, "power"), statics.stat(state, shade, "life")) == (1, 1)
    later = Node("set_stats", {"power": 4, "life": None, "applies_to": {"type": ("ally",)}})
    journal.begin_lasting(state, later, 0)
    assert (statics.stat(state, shade, "power"), statics.stat(state, shade, "life")) == (4, 1)
    boost = Node("modify_stats", {"power": 2, "life": 1, "applies_to": {}})
    journal.begin_lasting(state, boost, 0, state.cards[shade].oid)
    journal.counters(state, shade, "buff", 1)
    assert (statics.stat(state, shade, "power"), statics.stat(state, shade, "life")) == (7, 3)
    views.check(state)


def test_checked_random_games_with_the_new_cards(pool: CardPool) -> None:
    """Every invariant (conservation, views current, no check left undone) holds after
    every decision of random games that use triggers on others and base-stat setting."""
    from gaenv.cards.decks import load_deck

    deck = load_deck("ember_vanguard", pool).cards
    extra = tuple(pool.get(n) for n in ("Test Grave Warden", "Test Spell Drummer",
                                        "Test Free Bolt", "Test Hush") for _ in range(4))
    deck = type(deck)("test", deck.main[:-16] + extra, deck.material)
    for seed in range(4):
        game = Game.new(deck, deck, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            game.step(rng.randrange(len(game.decision.options)))
            engine_step(game)


def test_scenario_setup_through_the_journal(tmp_path: Path, pool: CardPool) -> None:
    """A scenario's objects are made through the journal like any other: views are
    current right after setup."""
    path = tmp_path / "s.yaml"
    path.write_text("""name: setup
rules: Game Mechanics - Game Zones
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Hush, Test Leveler Shade]
    - lineage: [Spirit of Water]
steps: []
expect:
  players.0.field.1.power: 1
""")
    scenario.run(scenario.load(path), pool)


def test_keywords_added_and_removed_in_timestamp_order(pool: CardPool) -> None:
    """"Continuous Effects, Layers" D and "Timestamps": a keyword is removed by a later
    removal (printed ones too), and a grant after the removal gives it back."""
    from gaenv.engine import keywords

    game = _position(pool, ([], ["Test Leveler Shade"]))
    state = game.state
    shade = _ids(game, 1, "Test Leveler Shade")[0]
    oid = state.cards[shade].oid
    grant = Node("grant_keyword", {"keyword": "stealth", "amount": 0, "applies_to": {}})
    remove = Node("remove_keyword", {"keyword": "stealth", "applies_to": {}})
    journal.begin_lasting(state, grant, 1, oid)
    assert keywords.has(state, shade, "stealth")
    journal.begin_lasting(state, remove, 0, oid)
    assert not keywords.has(state, shade, "stealth")
    journal.begin_lasting(state, grant, 1, oid)
    assert keywords.has(state, shade, "stealth")
    views.check(state)


def test_filters_reach_non_units_by_type_and_supertype(pool: CardPool) -> None:
    """"Objects and Targeting": a filter picks items, weapons and regalia as well as
    units; a rested filter reads the object as it is now."""
    from gaenv.engine import selectors

    game = _position(pool, (["Test Hush", "Training Sword", "Mentor's Tome"], []))
    state = game.state
    names = lambda ids: [state.cards[c].defn.name for c in ids]  # noqa: E731
    assert names(selectors.objects(state, {"type": ("item", "weapon")}, 0)) == [
        "Test Hush", "Training Sword", "Mentor's Tome"]
    assert names(selectors.objects(state, {"supertype": ("regalia",)}, 0)) == ["Mentor's Tome"]
    assert selectors.objects(state, {"type": ("item",), "controller": "opponent"}, 0) == []
    sword = _ids(game, 0, "Training Sword")[0]
    journal.rest(state, sword)
    assert names(selectors.objects(state, {"rested": True}, 0)) == ["Training Sword"]


def test_keyword_triggers_are_always_listened_for() -> None:
    """Vigor's trigger fires whatever cards were loaded: its event kind is listened for."""
    from gaenv.engine import events
    from gaenv.engine.objects import LISTENED_KINDS

    for ability in events.KEYWORD_EFFECTS.values():
        if ability.trigger is not None:
            assert ability.trigger.event in LISTENED_KINDS


def test_a_stolen_object_leaving_triggers_for_its_controller(pool: CardPool) -> None:
    """"Control and Ownership": the On Leave of a stolen ally is its controller's (when it
    happened), as its On Death is, although it goes to its owner's graveyard."""
    game = _position(pool, ([], ["Test Parting Gift"]))
    state = game.state
    gift = _ids(game, 1, "Test Parting Gift")[0]
    journal.take_control(state, gift, 0)
    rules.sacrifice(state, gift)
    assert [(t[0], t[2]) for t in state.pending_triggers] == [(gift, 0), (gift, 0)]
    assert gift in state.players[1].zones[GRAVEYARD]


def test_sacrificed_ally_dies(pool: CardPool) -> None:
    """"Game Terms - Sacrifice 3": a sacrificed ally's On Death triggers (here the extra
    copy of a Unique ally, sacrificed by the state-based checks: "Supertypes 1")."""
    game = _position(pool, (["Test Parting Gift", "Test Parting Gift"], []))
    assert game.decision is not None and game.decision.kind == "keep_unique"
    game.step(0)
    kinds = [state_event[0] for state_event in game.state.events]
    assert "dies" in kinds


def test_a_card_in_hand_does_not_listen(pool: CardPool) -> None:
    """"Abilities - Triggered Abilities": an ability that is not about its own card works
    from play only: drawing the card that has it triggers nothing, drawing an ally while
    it is on the field does."""
    game = _position(pool, ([], []))
    state = game.state
    deck = state.players[0].zones["deck"]
    counter = journal.create(state, 0, pool.get("Test Ally Counter"), "deck")
    assert deck[-1] == counter
    zones.draw(state, 0, 1)
    assert state.pending_triggers == []
    journal.move(state, counter, FIELD)
    journal.create(state, 0, pool.get("Test Leveler Shade"), "deck")
    zones.draw(state, 0, 1)
    assert [t[0] for t in state.pending_triggers] == [counter]


@pytest.mark.parametrize(("step", "error"), [
    ("{deal_damage: {target: target_unit, amount: {stat: {stat: life, of: target_ally}}}}",
     "declares no target"),
    ("{destroy: {target: target_ally}}", None),
    ("{destroy: {each: {type: item}}}", None),
])
def test_selector_forms_in_card_files(tmp_path: Path, step: str, error: str | None) -> None:
    """A selector is written bare or as the `target` argument; an amount reads objects and
    declares no target (docs/cards.md)."""
    from gaenv.cards.schema import CardFileError

    path = tmp_path / "c.yaml"
    path.write_text(f"set: t\ncards:\n  - {{name: X, type: action, element: norm, "
                    f"reserve_cost: 0, effect: [{step}]}}\n")
    if error is None:
        load_pool([path])
    else:
        with pytest.raises(CardFileError, match=error):
            load_pool([path])


def test_a_static_on_marks_is_dropped_and_makes_the_checks_due(pool: CardPool) -> None:
    """A static whose condition reads a mark (awake) is recomputed after any change, and
    its change of life makes the state-based checks due: the ally with 3 damage and 5
    life while awake dies when it rests ("Continuous Effects"; "State-based Checks")."""
    game = _position(pool, (["Test Wary Sentry"], []))
    state = game.state
    sentry = _ids(game, 0, "Test Wary Sentry")[0]
    journal.damage(state, sentry, 3)
    rules.state_based(state)
    assert statics.stat(state, sentry, "life") == 5 and state.cards[sentry].zone == FIELD
    journal.rest(state, sentry)
    assert state.checks_due
    rules.state_based(state)
    assert state.cards[sentry].zone == GRAVEYARD
    views.check(state)


def test_a_big_change_with_a_view_on_marks_kept(pool: CardPool) -> None:
    """A change to the sources (a champion leaving) while a view that depends on marks is
    kept drops it with the rest (it used to be dropped twice)."""
    game = _position(pool, (["Test Wary Sentry"], []))
    state = game.state
    statics.in_force(state)  # a view on marks, kept
    journal.damage(state, state.players[1].zones[LINEAGE][-1], 30)
    rules.state_based(state)
    assert state.over and state.winner == 0


def test_clones_sharing_the_statics_keep_their_tokens_apart(pool: CardPool) -> None:
    """Two clones share the statics view until a source changes; tokens they make may get
    the same card id and oid, so a memoized modifiers entry is used only for the same
    printed card (here a weapon token must not get an ally's +1 power)."""
    game = _position(pool, (["Test Banner"], []))
    a, b = game.clone(), game.clone()
    statics.in_force(a.state)
    journal.create(a.state, 0, pool.get("Spirit Wisp"), "gone")
    journal.create(b.state, 0, pool.get("Test Blade"), "gone")
    wisp = len(a.state.cards) - 1
    journal.move(a.state, wisp, FIELD)
    journal.move(b.state, wisp, FIELD)
    assert a.state.cards[wisp].oid == b.state.cards[wisp].oid
    printed = pool.get("Spirit Wisp").power
    assert statics.stat(a.state, wisp, "power") == printed + 1  # an ally: the Banner's +1
    assert statics.stat(b.state, wisp, "power") == 1  # a weapon: no Banner
    views.check(a.state)
    views.check(b.state)


def test_a_static_may_not_read_a_stat(tmp_path: Path) -> None:
    """A static's condition reading power or life would read itself: refused at load."""
    from gaenv.cards.schema import CardFileError

    path = tmp_path / "c.yaml"
    path.write_text("set: t\ncards:\n  - {name: X, type: ally, element: norm, reserve_cost: 0, "
                    "power: 1, life: 1, abilities: [{static: {grant_keyword: {keyword: taunt, "
                    "applies_to: {self: true}}}, requires: {amount: {stat: {stat: power}}, "
                    "at_least: 2}}]}\n")
    with pytest.raises(CardFileError, match="cannot read a stat"):
        load_pool([path])


def test_a_champion_dies_once(pool: CardPool) -> None:
    """A champion that dies is recorded dying, and only it leaves the field (the inner
    lineage was never an object)."""
    game = _position(pool, ([], []))
    state = game.state
    lineage = state.players[1].zones[LINEAGE]
    journal.create(state, 1, pool.get("Lorraine, Wandering Warrior"), "material")
    from gaenv.engine import champions

    champions.level_up(state, 1, len(state.cards) - 1)
    assert len(lineage) == 2
    journal.damage(state, lineage[-1], 40)
    state.events = []
    rules.state_based(state)
    kinds = [(e[0], state.cards[e[1]].defn.name) for e in state.events
             if e[0] in ("dies", "leaves")]
    assert kinds == [("dies", "Lorraine, Wandering Warrior"),
                     ("leaves", "Lorraine, Wandering Warrior")]


def test_a_whenever_trigger_checks_its_condition_again_as_it_resolves(pool: CardPool) -> None:
    """"Abilities - Triggered Abilities 1": a condition that let a trigger onto the stack
    must still hold when it resolves, else the trigger does nothing."""
    from gaenv.engine import stack
    from gaenv.engine.state import StackItem

    game = _position(pool, (["Test Hush"], []))
    state = game.state
    cid = journal.create(state, 0, pool.get("Shieldwall Veteran"), "gone")  # a Warrior
    journal.move(state, cid, FIELD)
    watcher = journal.create(state, 0, pool.get("Test Conditional Watcher"), "gone")
    journal.move(state, watcher, FIELD)
    item = StackItem(stack.TRIGGER, watcher, 0, 0, state.cards[watcher].oid)
    assert stack._still_legal(state, item)
    journal.move(state, cid, GRAVEYARD)  # the condition (you control a Warrior) fails
    assert not stack._still_legal(state, item)


def test_that_object_is_the_object_not_the_card(pool: CardPool) -> None:
    """"that ally" names the object the event was about: once that card has left the
    field and come back, it is a new object and no longer "that" one ("Game Zones -
    Field")."""
    from gaenv.engine import effects
    from gaenv.engine.selectors import NAMED_SELECTORS
    from gaenv.engine.state import ResolveFrame, StackItem

    game = _position(pool, (["Test Leveler Shade"], []))
    state = game.state
    shade = _ids(game, 0, "Test Leveler Shade")[0]
    item = StackItem("trigger", shade, 0, 0, -1, shade, state.cards[shade].oid)
    frame = ResolveFrame(item, ())
    that = {"target": NAMED_SELECTORS["that_object"]}
    assert effects.objects_of(state, frame, that) == [shade]
    journal.move(state, shade, HAND)
    journal.move(state, shade, FIELD)
    assert effects.objects_of(state, frame, that) == []


def test_a_leave_filter_reads_the_controller_it_had(tmp_path: Path) -> None:
    """"Game Terms - Last-known Information": a trigger on an opponent's object leaving
    fires for an object the opponent controlled as it left, though it is its owner's
    (here: the watcher's own) card once it has left."""
    path = tmp_path / "w.yaml"
    path.write_text("""set: t
cards:
  - name: Test Leave Watcher
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - trigger: {event: leaves, filter: {controller: opponent, type: ally}}
        effect: [draw: 1]
""")
    pool = load_pool([*sorted(DATA_DIR.glob("*.yaml")), path])
    game = _position(pool, (["Test Leave Watcher", "Practice Squire"], []))
    state = game.state
    squire = _ids(game, 0, "Practice Squire")[0]
    journal.take_control(state, squire, 1)
    journal.move(state, squire, GRAVEYARD)
    watcher = _ids(game, 0, "Test Leave Watcher")[0]
    assert [t[0] for t in state.pending_triggers] == [watcher]


def test_a_lineage_card_statics_carry_its_own_timestamp(tmp_path: Path) -> None:
    """"Timestamps 3b": a champion card's abilities are timestamped when that card entered
    the lineage, not when the champion object first did. A cost set by an item that
    entered after the first champion card loses to one set by a champion card that
    entered the lineage later still (the latest wins, "Card Activation 7")."""
    path = tmp_path / "l.yaml"
    path.write_text("""set: t
cards:
  - name: Test Pricing Relic
    type: item
    element: norm
    reserve_cost: 0
    abilities:
      - static: {modify_cost: {cost: reserve, op: set, amount: 3, applies_to: {type: ally}}}
  - name: Test Thrifty Lord
    type: champion
    element: norm
    level: 1
    memory_cost: 0
    life: 20
    abilities:
      - static: {modify_cost: {cost: reserve, op: set, amount: 1, applies_to: {type: ally}}}
""")
    from gaenv.engine import champions, costs

    pool = load_pool([*sorted(DATA_DIR.glob("*.yaml")), path])
    game = _position(pool, (["Test Pricing Relic"], []))
    state = game.state
    squire = pool.get("Sparring Knight")
    assert costs.cost(state, 0, squire, costs.RESERVE) == 3
    lord = journal.create(state, 0, pool.get("Test Thrifty Lord"), "material")
    champions.level_up(state, 0, lord)
    assert costs.cost(state, 0, squire, costs.RESERVE) == 1


@pytest.mark.parametrize(("static", "level"), [
    # constants: a stat modification's power is a number, not the power filter key
    ({"modify_stats": {"power": 1, "life": 1, "applies_to": {"type": "ally"}}}, SOURCE),
    ({"grant_keyword": {"keyword": "taunt", "applies_to": {"controller": "you"}}}, SOURCE),
    # filters that read marks: the damage on an object, its rest
    ({"modify_stats": {"power": 1, "life": 0, "applies_to": {"damage": {"at_least": 1}}}},
     MARK),
    ({"grant_keyword": {"keyword": "taunt", "applies_to": {"rested": True}}}, MARK),
])
def test_a_static_depends_on_what_its_filters_read(static: dict, level: int) -> None:
    """The statics view is kept until a change of the finest level a static in force
    reads ("depends", `gaenv.engine.views`): a static whose filter reads nothing that
    marks change survives damage, rest and counters; one that does is made again."""
    card = parse_card({"name": "Test Banner", "type": "item", "element": "norm",
                       "reserve_cost": 1, "abilities": [{"static": static}]}, 0, "test")
    assert card.abilities[0].depends == level
