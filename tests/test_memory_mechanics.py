"""Cards in memory (docs/cards.md; gaenv/cards/mechanics.py), engine and translator, with
invented cards: influence ("Influence 1": the cards in a player's hand and memory) and
Balance ("Label Keywords": as many cards in hand as in memory), read by conditions that
compare one amount with another. The real cards that use them are checked by
tests/realcards/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import pool_with, run_scenario

from gaenv.cards.schema import CardFileError, CardPool
from gaenv.cards.translate import translate
from gaenv.engine import turn
from gaenv.engine.state import GameState

BALANCE = {"amount": {"cards": {"zone": "hand"}}, "at_least": {"cards": {"zone": "memory"}},
           "at_most": {"cards": {"zone": "memory"}}}
EXTRA = """set: test-memory-mechanics
cards:
  - name: Test Even Scribe
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 2
    abilities:
      - static: {modify_stats: {power: 3, applies_to: {self: true}}}
        requires: {amount: {cards: {zone: hand}}, at_least: {cards: {zone: memory}},
                   at_most: {cards: {zone: memory}}}
  - name: Test Humble Gift
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - if: {when: {amount: {influence: opponent}, at_least: {influence: you, plus: 1}},
             then: [{draw: {amount: 1, into: memory}}]}
  - name: Test Small Spark
    type: action
    element: norm
    reserve_cost: 1
    effect:
      - recover: 1
  - name: Test Open Mind
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - reveal: {}
      - recover: {amount: {cards: {zone: memory, element: [water]}}}
  - name: Test Opponents Open Up
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - reveal: {player: opponent}
  - name: Test Hidden Light
    type: action
    element: norm
    reserve_cost: 0
    abilities:
      - trigger: {event: revealed, filter: {self: true, player: you}}
        effect: [{deal_damage: {amount: 2, target: opponent_champion}}]
  - name: Test Recycle
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - move_cards: {zone: memory, to: deck_bottom, amount: {cards: {zone: memory}}, up_to: true}
      - draw: {amount: {moved: true}, into: memory}
  - name: Test Ember Feast
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - move_cards: {zone: graveyard, to: banishment, amount: 2, up_to: true,
                     filter: {element: [fire]}}
      - deal_damage: {amount: {moved: true, times: 2}, target: opponent_champion}
  - name: Test Blindfold
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - move_cards: {zone: hand, to: memory, amount: 2, player: opponent}
  - name: Test Map
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - search: {filter: {}, to: memory}
  - name: Test Water Map
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - search: {filter: {element: [water]}, to: memory}
  - name: Test Loner
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - static: {modify_stats: {power: 2, applies_to: {self: true}}}
        requires: {self: {type: ally}, amount: {count: {type: ally, controller: you}},
                   at_most: 1}
  - name: Test Dark Vow
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - omen: {source: hand}
  - name: Test Omen Swap
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - move_cards: {zone: banishment, to: hand, counter: omen}
      - deal_damage: {amount: {cards: {zone: banishment, counters: omen}},
                      target: opponent_champion}
  - name: Test Omen Reader
    type: ally
    element: norm
    reserve_cost: 0
    power: 0
    life: 1
    abilities:
      - static: {modify_stats: {power: 1, for_each: {cards: {zone: banishment, counters: omen,
                                                             distinct: reserve_cost}},
                                applies_to: {self: true}}}
  - name: Test Omen Lows
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - deal_damage: {amount: {cards: {zone: banishment, counters: omen, lowest: reserve_cost}},
                      target: opponent_champion}
      - deal_damage: {amount: {cards: {zone: banishment, counters: omen,
                                       highest: reserve_cost}},
                      target: your_champion}
  - name: Test Phoenix
    type: ally
    element: norm
    reserve_cost: 0
    power: 1
    life: 1
    abilities:
      - on_death: [{move: {target: self, to: memory}}]
  - name: Test Grave Sweep
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - move_cards: {zone: graveyard, to: banishment, filter: {type: ally}}
  - name: Test Second Breath
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - if: {when: {champion: {rested: true}}, then: [{wake: your_champion},
                                                     {draw: {amount: 1, into: memory}}]}
  - name: Test Tithe
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - if: {when: {amount: {cards: {zone: material}}, at_least: 2},
             then: [{move_cards: {zone: material, to: banishment, amount: 2, random: true}},
                    {draw: 1}]}
  - name: Test Encore
    type: action
    element: norm
    speed: fast
    reserve_cost: 0
    effect:
      - if: {when: {this_turn: {activated: {subtype: [Melody]}}}, then: [draw: 1]}
  - name: Test Little Tune
    type: action
    element: norm
    reserve_cost: 0
    subtypes: [Melody]
    effect: [{recover: 1}]
  - name: Test Drill
    type: action
    element: norm
    reserve_cost: 0
    effect: [{recover: 1}]
  - name: Test Crowded Statue
    type: ally
    element: norm
    reserve_cost: 0
    power: 0
    life: 1
    abilities:
      - static: {modify_stats: {life: 1, for_each: {influence: opponent},
                                applies_to: {self: true}}}
"""


@pytest.fixture(scope="module")
def memory_pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), EXTRA)


# --- Balance ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "memory", "power"), [
    (0, 0, 4), (2, 2, 4), (1, 2, 1), (3, 2, 1)])
def test_balance_compares_hand_with_memory(tmp_path: Path, memory_pool: CardPool, hand: int,
                                           memory: int, power: int) -> None:
    """Label Keywords (Balance): the static holds only with exactly as many cards in hand
    as in memory, fewer or more either way not."""
    run_scenario(tmp_path, memory_pool, f"""name: balance
rules: Label Keywords (Balance)
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Even Scribe]
      hand: {["Tailwind"] * hand}
      memory: {["Undertow"] * memory}
    - lineage: [Spirit of Water]
steps: []
expect:
  players.0.field.0.power: {power}
""")


def test_balance_follows_the_cards_as_they_move(tmp_path: Path, memory_pool: CardPool) -> None:
    """Label Keywords (Balance): the static is read again as cards move: three in hand,
    then one activated and one paid into memory leave one in hand and one in memory."""
    run_scenario(tmp_path, memory_pool, """name: balance after paying
rules: Label Keywords (Balance); Game Mechanics - Paying Costs
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Even Scribe]
      hand: [Test Small Spark, Tailwind, Undertow]
    - lineage: [Spirit of Water]
steps: [activate Test Small Spark, pay with Tailwind]
expect:
  players.0.field.0.power: 4
""")


# --- influence ------------------------------------------------------------------------------

@pytest.mark.parametrize(("opponent", "memory"), [(2, ["Quick Study"]), (1, [])])
def test_influence_greater_than_yours(tmp_path: Path, memory_pool: CardPool, opponent: int,
                                      memory: list[str]) -> None:
    """Influence 1: hand and memory together; "greater than yours" is strictly greater
    (one card in hand and one in memory against three: draw; against two: equal, no
    draw)."""
    run_scenario(tmp_path, memory_pool, f"""name: influence greater
rules: Influence 1
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Humble Gift, Tailwind]
      memory: [Undertow]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
      hand: {["Tailwind"] * opponent}
      memory: [Undertow]
steps: [activate Test Humble Gift, pass, pass]
expect:
  players.0.memory: {["Undertow", *memory]}
""")


def test_an_amount_of_influence(tmp_path: Path, memory_pool: CardPool) -> None:
    """Influence 1: the opponent's hand and memory both count."""
    run_scenario(tmp_path, memory_pool, """name: influence amount
rules: Influence 1
setup:
  players:
    - lineage: [Spirit of Fire]
      field: [Test Crowded Statue]
    - lineage: [Spirit of Water]
      hand: [Tailwind, Undertow]
      memory: [Undertow]
steps: []
expect:
  players.0.field.0.life: 4
""")


def test_a_compared_amount_is_checked_at_load(tmp_path: Path) -> None:
    """An amount compared with another is checked like any amount: a bad one is refused,
    naming the card and the field."""
    bad = EXTRA.replace("at_least: {influence: you, plus: 1}", "at_least: {influence: them}")
    with pytest.raises(CardFileError, match=r"card 'Test Humble Gift': field effect\[0\]\.if\."
                                            r"when\.at_least\.influence"):
        pool_with(tmp_path, bad)


# --- reveal ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("memory", "hand", "left", "dealt"), [
    (["Test Hidden Light", "Tidal Insight"], [], 3, 2),
    (["Tidal Insight"], ["Test Hidden Light"], 3, 0),
    (["Test Hidden Light", "Test Hidden Light"], [], 4, 4)])
def test_revealing_memory_triggers_the_cards_revealed(
        tmp_path: Path, memory_pool: CardPool, memory: list[str], hand: list[str],
        left: int, dealt: int) -> None:
    """Reveal 1 and 2: every card of the memory is revealed (the water one counted: recover
    1), and a card revealed there hears it about itself (2 damage each); one in hand is not
    revealed."""
    run_scenario(tmp_path, memory_pool, f"""name: reveal memory
rules: Reveal 1 and 2; Abilities - Triggered Abilities
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {{damage: 4}}
      hand: {["Test Open Mind", *hand]}
      memory: {memory}
    - lineage: [Spirit of Water]
steps: [activate Test Open Mind, pass, pass{", pass, pass" * memory.count("Test Hidden Light")}]
expect:
  players.0.champion.damage: {left}
  players.1.champion.damage: {dealt}
""")


def test_an_opponent_reveals_and_their_card_triggers(tmp_path: Path,
                                                     memory_pool: CardPool) -> None:
    """Reveal 1: the opponent reveals their memory; "whenever you reveal" is their card's,
    so it deals its damage to the first player's champion."""
    run_scenario(tmp_path, memory_pool, """name: opponent reveals
rules: Reveal 1; Abilities - Triggered Abilities
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Opponents Open Up]
      memory: [Test Hidden Light]
    - lineage: [Spirit of Water]
      memory: [Test Hidden Light]
steps: [activate Test Opponents Open Up, pass, pass, pass, pass]
expect:
  players.0.champion.damage: 2
  players.1.champion.damage: 0
""")


@pytest.mark.parametrize(("text", "effect"), [
    ("Reveal all cards in your memory. Recover X where X is the amount of wind element cards "
     "revealed this way.", [{"reveal": {}}, {"recover": {"cards": {"zone": "memory",
                                                                  "element": ["wind"]}}}]),
    ("You may reveal all cards in your memory. For each fire element card revealed, draw a "
     "card.", [{"may": [{"reveal": {}}, {"draw": {"amount": {"cards": {
         "zone": "memory", "element": ["fire"]}}}}]}]),
    ("Each opponent reveals all Spell cards in their memory.",
     [{"reveal": {"filter": {"subtype": ["Spell"]}, "player": "opponent"}}]),
])
def test_reveal_templates(text: str, effect: list[dict[str, Any]]) -> None:
    out = translate("Invented Seer", "action", text)
    assert out.status == "full" and out.fields == {"effect": effect}


@pytest.mark.parametrize("text", [
    # declined, nothing was revealed: what it counts is not the memory
    "You may reveal all cards in your memory. Recover X where X is the amount of fire "
    "element cards revealed this way.",
    "Reveal the top two cards of your deck. Recover X where X is the amount of fire "
    "element cards revealed this way.",
    "Each opponent reveals all cards in your memory.",
])
def test_reveal_templates_read_nothing_else(text: str) -> None:
    assert translate("Invented Seer", "action", text).status != "full"


def test_whenever_you_reveal_this_template() -> None:
    out = translate("Invented Glow", "action", "[Element Bonus] Whenever you reveal this card "
                    "from your memory, recover 4.\nDraw a card.")
    assert out.status == "full" and out.fields == {"effect": [{"draw": {"amount": 1}}],
                                                   "abilities": [{
        "trigger": {"event": "revealed", "filter": {"self": True, "player": "you"}},
        "effect": [{"recover": 4}], "requires": {"element_bonus": True}}]}


# --- up to N cards, and what they count -------------------------------------------------------

@pytest.mark.parametrize(("chosen", "memory"), [
    ([], ["Tailwind", "Undertow"]),
    (["Undertow"], ["Tailwind", "Flare Volley"]),
    (["Undertow", "Tailwind"], ["Flare Volley", "Quick Study"])])
def test_any_amount_then_that_many(tmp_path: Path, memory_pool: CardPool, chosen: list[str],
                                   memory: list[str]) -> None:
    """As many cards as the player likes go to the bottom of the deck (stopping with
    "choose nothing", or when none is left), then they draw that many into memory."""
    stop = ", choose nothing" if len(chosen) < 2 else ""
    run_scenario(tmp_path, memory_pool, f"""name: any amount
rules: Game Zones - Memory; Game Mechanics - Drawing Cards
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Recycle]
      memory: [Tailwind, Undertow]
      deck: [Flare Volley, Quick Study]   # top first
    - lineage: [Spirit of Water]
steps: [activate Test Recycle, pass, pass{"".join(f", choose {c}" for c in chosen)}{stop}]
expect:
  players.0.memory: {memory}
""")


@pytest.mark.parametrize(("graveyard", "dealt"), [
    (["Flare Volley", "Tailwind", "Flare Volley", "Flare Volley"], 4),
    (["Flare Volley", "Tailwind"], 2), (["Tailwind"], 0)])
def test_up_to_n_and_for_each_one_moved(tmp_path: Path, memory_pool: CardPool,
                                        graveyard: list[str], dealt: int) -> None:
    """Up to two fire element cards are banished (at most two, only fire ones), and the
    damage is 2 for each one banished this way."""
    picks = ", choose Flare Volley" * (dealt // 2)
    run_scenario(tmp_path, memory_pool, f"""name: up to two
rules: Game Terms - Banish
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Ember Feast]
      graveyard: {graveyard}
    - lineage: [Spirit of Water]
steps: [activate Test Ember Feast, pass, pass{picks}]
expect:
  players.1.champion.damage: {dealt}
  players.0.banishment: {["Flare Volley"] * (dealt // 2)}
""")


@pytest.mark.parametrize(("text", "effect"), [
    ("Put any amount of Spell cards from your hand into your memory.", [{"move_cards": {
        "filter": {"subtype": ["Spell"]}, "zone": "hand", "to": "memory", "amount": {
            "cards": {"zone": "hand", "subtype": ["Spell"]}}, "up_to": True}}]),
    ("Put up to two cards from your hand on the bottom of your deck then draw that many "
     "cards.", [{"move_cards": {"filter": {}, "zone": "hand", "to": "deck_bottom", "amount": 2,
                                "up_to": True}}, {"draw": {"amount": {"moved": True}}}]),
    ("Banish up to two water element cards from your graveyard. For each card banished this "
     "way, recover 3.", [{"move_cards": {"filter": {"element": ["water"]}, "zone": "graveyard",
                                         "to": "banishment", "amount": 2, "up_to": True}},
                         {"recover": {"amount": {"moved": True, "times": 3}}}]),
    ("Put any amount of cards from your hand on the bottom of your deck in any order, then "
     "draw that many cards into your memory.", [
         {"move_cards": {"filter": {}, "zone": "hand", "to": "deck_bottom", "amount": {
             "cards": {"zone": "hand"}}, "up_to": True}},
         {"draw": {"amount": {"moved": True}, "into": "memory"}}]),
])
def test_move_up_to_templates(text: str, effect: list[dict[str, Any]]) -> None:
    out = translate("Invented Sorter", "action", text)
    assert out.status == "full" and out.fields == {"effect": effect}


@pytest.mark.parametrize("text", [
    "Put up to two cards from your hand.",            # where to
    "Banish up to two cards from your graveyard into your hand.",
    "Put up to two cards from your hand into your hand.",
    "Draw that many cards.",                          # nothing moved before it
])
def test_move_up_to_templates_read_nothing_else(text: str) -> None:
    assert translate("Invented Sorter", "action", text).status != "full"


def test_moved_is_true_or_refused(tmp_path: Path) -> None:
    bad = EXTRA.replace("{moved: true, times: 2}", "{moved: 2}")
    with pytest.raises(CardFileError, match=r"card 'Test Ember Feast': field effect\[1\]\."
                                            r"deal_damage\.amount\.moved: expected true"):
        pool_with(tmp_path, bad)


# --- the opponent's cards, and searching into memory ---------------------------------------

@pytest.mark.parametrize(("hand", "left"), [(["Tailwind", "Undertow", "Flare Volley"],
                                             ["Undertow"]), (["Tailwind"], [])])
def test_the_opponent_moves_their_own_cards(tmp_path: Path, memory_pool: CardPool,
                                            hand: list[str], left: list[str]) -> None:
    """Game Zones - Memory: the opponent chooses two cards of their hand (fewer if they
    have fewer) and puts them into their memory."""
    picks = "".join(f", choose {c}" for c in hand if c not in left)
    run_scenario(tmp_path, memory_pool, f"""name: their move
rules: Game Zones - Memory
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Blindfold]
    - lineage: [Spirit of Water]
      hand: {hand}
steps: [activate Test Blindfold, pass, pass{picks}]
expect:
  players.1.hand: {left}
  players.1.memory: {[c for c in hand if c not in left]}
  players.0.memory: []
""")


def test_the_opponent_chooses(tmp_path: Path, memory_pool: CardPool) -> None:
    run_scenario(tmp_path, memory_pool, """name: their choice
rules: Game Zones - Memory
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Blindfold]
    - lineage: [Spirit of Water]
      hand: [Tailwind, Undertow, Flare Volley]
steps: [activate Test Blindfold, pass, pass]
expect:
  decision.player: 1
""")


@pytest.mark.parametrize(("card", "options"), [
    ("Test Map", ["choose Flare Volley", "choose Tidal Insight"]),
    ("Test Water Map", ["choose nothing", "choose Tidal Insight"])])
def test_a_search_for_just_a_card_must_find_one(tmp_path: Path, memory_pool: CardPool,
                                                card: str, options: list[str]) -> None:
    """Searching and Finding 1 and 2: a search for a card of some kind may find nothing,
    one for just "a card" may not."""
    run_scenario(tmp_path, memory_pool, f"""name: search
rules: Searching and Finding 1 and 2
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [{card}]
      deck: [Tidal Insight, Flare Volley]
    - lineage: [Spirit of Water]
steps: [activate {card}, pass, pass]
expect:
  decision.options: {options}
""")


def test_a_search_into_memory(tmp_path: Path, memory_pool: CardPool) -> None:
    run_scenario(tmp_path, memory_pool, """name: search into memory
rules: Game Terms - Search
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Water Map]
      deck: [Tidal Insight, Flare Volley]
    - lineage: [Spirit of Water]
steps: [activate Test Water Map, pass, pass, choose Tidal Insight]
expect:
  players.0.memory: [Tidal Insight]
  players.0.hand: []
""")


@pytest.mark.parametrize(("text", "effect"), [
    ("Each opponent puts two cards from their hand into their memory.", [{"move_cards": {
        "filter": {}, "zone": "hand", "to": "memory", "amount": 2, "player": "opponent"}}]),
    ("Search your deck for a card and put it into your memory. Then shuffle your deck.",
     [{"search": {"filter": {}, "to": "memory"}}]),
    ("Search your deck for a Beast ally card and put it into your hand. Then shuffle your deck.",
     [{"search": {"filter": {"subtype": ["Beast"], "type": "ally"}}}]),
    ("Put all cards from your memory on the bottom of your deck in any order, then draw that "
     "many cards.", [{"move_cards": {"filter": {}, "zone": "memory", "to": "deck_bottom",
                                     "amount": {"cards": {"zone": "memory"}}}},
                     {"draw": {"amount": {"moved": True}}}]),
])
def test_memory_move_templates(text: str, effect: list[dict[str, Any]]) -> None:
    out = translate("Invented Mover", "action", text)
    assert out.status == "full" and out.fields == {"effect": effect}


@pytest.mark.parametrize("text", [
    "Search your deck for a card and put it into your memory.",   # the shuffle unsaid
    "Each opponent puts two cards from their hand into their hand.",
])
def test_memory_move_templates_read_nothing_else(text: str) -> None:
    assert translate("Invented Mover", "action", text).status != "full"


# --- omens from hand, and back ----------------------------------------------------------------

def test_an_omen_from_hand_and_back(tmp_path: Path, memory_pool: CardPool) -> None:
    """Game Mechanics - Counters (omens): a card chosen from hand is banished with an omen
    counter; returning "one of your omens" offers only cards with one (not the plain
    banished Undertow), and the omen loses its counter as it leaves (none left to count)."""
    setup = """rules: Game Mechanics - Counters
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Dark Vow, Test Omen Swap, Tailwind, Flare Volley]
      banishment: [Undertow]
    - lineage: [Spirit of Water]
steps: [activate Test Dark Vow, pass, pass, choose Flare Volley, activate Test Omen Swap,
        pass, pass"""
    run_scenario(tmp_path, memory_pool, f"""name: omens
{setup}]
expect:
  decision.options: [choose Flare Volley]
""")
    run_scenario(tmp_path, memory_pool, f"""name: omens back
{setup}, choose Flare Volley]
expect:
  players.0.hand: [Tailwind, Flare Volley]
  players.0.banishment: [Undertow]
  players.1.champion.damage: 0
""")


def test_the_omens_of_a_count(tmp_path: Path, memory_pool: CardPool) -> None:
    """Omens made from hand count as omens, the plain banished card not: two made, one
    returned, 1 damage."""
    run_scenario(tmp_path, memory_pool, """name: omens counted
rules: Game Mechanics - Counters
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Dark Vow, Test Dark Vow, Test Omen Swap, Tailwind, Flare Volley, Undertow]
      banishment: [Undertow]
    - lineage: [Spirit of Water]
steps: [activate Test Dark Vow, pass, pass, choose Flare Volley, activate Test Dark Vow,
        pass, pass, choose Tailwind, activate Test Omen Swap, pass, pass, choose Tailwind]
expect:
  players.1.champion.damage: 1
""")


@pytest.mark.parametrize(("omens", "power", "low", "high"), [
    ([], 0, 0, 0), (["Undertow", "Tidal Insight"], 1, 2, 2),
    (["Undertow", "Flare Volley", "Mending Tide"], 3, 1, 3)])
def test_omens_with_different_reserve_costs(tmp_path: Path, memory_pool: CardPool,
                                            omens: list[str], power: int, low: int,
                                            high: int) -> None:
    """"Omens you have with different reserve costs" counts the costs, not the cards (two
    omens of cost 2 are one); "the lowest/highest reserve cost among your omens" reads the
    lowest and highest (0 with none). The plain banished card is no omen."""
    steps = "".join(f"activate Test Dark Vow, pass, pass, choose {c}, " for c in omens)
    run_scenario(tmp_path, memory_pool, f"""name: different reserve costs
rules: Game Mechanics - Counters
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: {["Test Dark Vow"] * len(omens) + omens + ["Test Omen Lows"]}
      field: [Test Omen Reader]
      banishment: [Kindling Rite, Zephyr Shot]
    - lineage: [Spirit of Water]
steps: [{steps}activate Test Omen Lows, pass, pass]
expect:
  players.0.field.0.power: {power}
  players.1.champion.damage: {low}
  players.0.champion.damage: {high}
""")


@pytest.mark.parametrize(("text", "effect"), [
    ("Deal X damage to each champion, where X is the lowest reserve cost among your omens.",
     [{"deal_damage": {"amount": {"cards": {"zone": "banishment", "counters": "omen",
                                            "lowest": "reserve_cost"}},
                       "target": {"each": {"type": "champion"}}}}]),
    ("Recover X, where X is the highest power among your ally omens.",
     [{"recover": {"cards": {"zone": "banishment", "counters": "omen", "highest": "power",
                             "type": "ally"}}}]),
    ("Return one of your omens to your hand. If you do, banish one card from your hand and "
     "put an omen counter on it.", [{"if": {"when": {"amount": {"cards": {
         "zone": "banishment", "counters": "omen"}}, "at_least": 1}, "then": [
             {"move_cards": {"filter": {}, "zone": "banishment", "to": "hand", "amount": 1,
                             "counter": "omen"}}, {"omen": {"source": "hand"}}]}}]),
])
def test_omen_templates(text: str, effect: list[dict[str, Any]]) -> None:
    out = translate("Invented Haunt", "action", text)
    assert out.status == "full" and out.fields == {"effect": effect}


# --- On Death: this card, from the graveyard ------------------------------------------------

@pytest.mark.parametrize("swept", [False, True])
def test_on_death_moves_the_card_from_the_graveyard(tmp_path: Path, memory_pool: CardPool,
                                                    swept: bool) -> None:
    """Game Terms - Last-known Information: "On Death: put this into its owner's memory"
    moves the card from the graveyard it died into; if it left the graveyard before the
    ability resolved, it is a new object there and stays where it went."""
    sweep = ", activate Test Grave Sweep, pass, pass, choose Test Phoenix" if swept else ""
    run_scenario(tmp_path, memory_pool, f"""name: on death
rules: Game Terms - Last-known Information
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Flare Volley, Tailwind, Undertow, Tidal Insight, Test Grave Sweep]
      field: [Test Phoenix]
    - lineage: [Spirit of Water]
steps: [activate Flare Volley, target Test Phoenix (player 0), pay with Tailwind,
        pay with Undertow, pay with Tidal Insight, pass, pass{sweep}, pass, pass]
expect:
  players.0.memory: {["Tailwind", "Undertow", "Tidal Insight"] + ([] if swept else
                                                                 ["Test Phoenix"])}
  players.0.banishment: {["Test Phoenix"] if swept else []}
""")


@pytest.mark.parametrize(("rested", "memory"), [(True, ["Quick Study"]), (False, [])])
def test_wake_up_your_champion_if_you_do(tmp_path: Path, memory_pool: CardPool,
                                         rested: bool, memory: list[str]) -> None:
    """"Wake up your champion. If you do, ...": done only when it was rested."""
    run_scenario(tmp_path, memory_pool, f"""name: wake if you do
rules: Game Terms - Wake Up
setup:
  players:
    - lineage: [Spirit of Fire]
      champion: {{rested: {str(rested).lower()}}}
      hand: [Test Second Breath]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Second Breath, pass, pass]
expect:
  players.0.memory: {memory}
  players.0.champion.rested: false
""")


@pytest.mark.parametrize(("material", "banished", "drawn"), [
    (["Sefa, Windborne Scout", "Sefa, Gale Strider"], 2, ["Quick Study"]),
    (["Sefa, Windborne Scout"], 0, [])])
def test_banish_from_the_material_deck(tmp_path: Path, memory_pool: CardPool,
                                       material: list[str], banished: int,
                                       drawn: list[str]) -> None:
    """Game Zones - Material Deck: two cards at random from it are banished, and "if you
    do" holds, only when there are two."""
    run_scenario(tmp_path, memory_pool, f"""name: banish from material
rules: Game Zones - Material Deck
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [Test Tithe]
      material: {material}
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate Test Tithe, pass, pass]
expect:
  players.0.hand: {drawn}
  players.0.material: {[] if banished else material}
""")


# --- this turn -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("first", "drawn"), [("Test Little Tune", ["Quick Study"]),
                                              ("Test Drill", [])])
def test_activated_a_melody_this_turn(tmp_path: Path, memory_pool: CardPool, first: str,
                                      drawn: list[str]) -> None:
    """Label Keywords (Harmonize): "if you've activated a Melody card this turn" holds after
    a Melody card was activated this turn, not after another card."""
    run_scenario(tmp_path, memory_pool, f"""name: this turn
rules: Label Keywords (Harmonize)
setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [{first}, Test Encore]
      deck: [Quick Study]
    - lineage: [Spirit of Water]
steps: [activate {first}, pass, pass, activate Test Encore, pass, pass]
expect:
  players.0.hand: {drawn}
""")


def test_this_turn_begins_again_each_turn() -> None:
    """What the players did is forgotten as a new turn begins (both players', whoever's
    turn it was), and copies of the state keep their own."""
    state = GameState(seed=1, turn_limit=10)
    for p in state.players:
        p.activated.append(3)
        p.attacked = True
    copy = state.clone()
    turn.new_turn(state)
    assert all(p.activated == [] and not p.attacked for p in state.players)
    assert all(p.activated == [3] and p.attacked for p in copy.players)


def test_this_turn_is_refused_in_a_static(tmp_path: Path) -> None:
    bad = EXTRA.replace("requires: {self: {type: ally}, amount: {count: {type: ally, "
                        "controller: you}},", "requires: {this_turn: {attacked: true}, "
                        "self: {type: ally}, amount: {count: {type: ally, controller: you}},")
    with pytest.raises(CardFileError, match=r"card 'Test Loner': field abilities\[0\]\."
                                            r"requires: a static's condition cannot read"):
        pool_with(tmp_path, bad)


@pytest.mark.parametrize(("text", "when"), [
    ("If you've activated a Melody card this turn, draw a card.",
     {"this_turn": {"activated": {"subtype": ["Melody"]}}}),
    ("If your champion has attacked this turn, draw a card.", {"this_turn": {"attacked": True}}),
])
def test_this_turn_templates(text: str, when: dict[str, Any]) -> None:
    out = translate("Invented Echo", "action", text)
    assert out.fields == {"effect": [{"if": {"when": when, "then": [{"draw": {"amount": 1}}]}}]}


# --- smaller templates of this round ----------------------------------------------------------

@pytest.mark.parametrize(("field", "power"), [(["Test Loner"], 3),
                                              (["Test Loner", "Test Crowded Statue"], 1)])
def test_the_only_ally_you_control(tmp_path: Path, memory_pool: CardPool, field: list[str],
                                   power: int) -> None:
    """"~ is the only ally you control": this one, and no other ally of yours."""
    run_scenario(tmp_path, memory_pool, f"""name: only ally
rules: Abilities - Static Abilities
setup:
  players:
    - lineage: [Spirit of Fire]
      field: {field}
    - lineage: [Spirit of Water]
      field: [Test Crowded Statue]
steps: []
expect:
  players.0.field.0.power: {power}
""")


@pytest.mark.parametrize(("text", "fields"), [
    ("At the beginning of your end phase, if ~ is the only ally you control, draw a card.",
     {"abilities": [{"on_end_phase": [{"if": {"when": {
         "self": {"type": "ally"}, "amount": {"count": {"type": "ally", "controller": "you"}},
         "at_most": 1}, "then": [{"draw": {"amount": 1}}]}}]}]}),
    ("On Enter: Wake up your champion. If you do, draw two cards into your memory.", {
        "abilities": [{"on_enter": [{"if": {"when": {"champion": {"rested": True}}, "then": [
            {"wake": "your_champion"}, {"draw": {"amount": 2, "into": "memory"}}]}}]}]}),
    ("On Enter: You may banish two cards at random from your material deck. If you do, draw "
     "a card.", {"abilities": [{"on_enter": [{"if": {"when": {"amount": {"cards": {
         "zone": "material"}}, "at_least": 2}, "then": [{"may": [
             {"move_cards": {"filter": {}, "zone": "material", "to": "banishment", "amount": 2,
                             "random": True}}, {"draw": {"amount": 1}}]}]}}]}]}),
    ("On Enter: You may return ~ to your hand.", {"abilities": [{"on_enter": [
        {"may": [{"move": {"target": "self", "to": "hand"}}]}]}]}),
    ("On Enter: For every three damage counters on your champion, put a buff counter on ~.",
     {"abilities": [{"on_enter": [{"counters": {"target": "self", "kind": "buff", "amount": {
         "stat": {"stat": "damage", "of": "your_champion"}, "per": 3}}}]}]}),
    ("For every four damage counters on your champion, ~ gets +1 POWER.", {"abilities": [
        {"static": {"modify_stats": {"power": 1, "for_each": {"stat": {
            "stat": "damage", "of": "your_champion"}, "per": 4}, "applies_to": {
                "self": True}}}}]}),
])
def test_smaller_templates(text: str, fields: dict[str, Any]) -> None:
    out = translate("Invented Loner", "ally", text)
    assert out.status == "full" and out.fields == fields


# --- the translator ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "fields"), [
    ("Balance — ~ gets +3 POWER as long as the amount of cards in your hand and memory are "
     "equal.", {"abilities": [{"static": {"modify_stats": {"power": 3, "applies_to": {
         "self": True}}}, "requires": BALANCE}]}),
    ("On Enter: If your influence is four or less, draw a card.", {"abilities": [{"on_enter": [
        {"if": {"when": {"amount": {"influence": "you"}, "at_most": 4},
                "then": [{"draw": {"amount": 1}}]}}]}]}),
    ("On Enter: If target opponent's influence is six or more, draw a card.", {"abilities": [
        {"on_enter": [{"if": {"when": {"amount": {"influence": "opponent"}, "at_least": 6},
                              "then": [{"draw": {"amount": 1}}]}}]}]}),
    ("~ gets +X LIFE where X is the highest influence among your opponents.", {"abilities": [
        {"static": {"modify_stats": {"life": 1, "for_each": {"influence": "opponent"},
                                     "applies_to": {"self": True}}}}]}),
    ("~ gets +X POWER, where X is your influence.", {"abilities": [
        {"static": {"modify_stats": {"power": 1, "for_each": {"influence": "you"},
                                     "applies_to": {"self": True}}}}]}),
])
def test_influence_and_balance_templates(text: str, fields: dict[str, Any]) -> None:
    out = translate("Invented Sage", "ally", text)
    assert out.status == "full" and out.fields == fields


@pytest.mark.parametrize(("text", "when"), [
    ("If target opponent's influence is greater than yours, recover 2.",
     {"amount": {"influence": "opponent"}, "at_least": {"influence": "you", "plus": 1}}),
    ("If your influence is less than theirs, recover 2.",
     {"amount": {"influence": "you"}, "at_most": {"influence": "opponent", "plus": -1}}),
])
def test_influence_against_the_other_player(text: str, when: dict[str, Any]) -> None:
    out = translate("Invented Mercy", "action", text)
    assert out.fields == {"effect": [{"if": {"when": when, "then": [{"recover": 2}]}}]}


@pytest.mark.parametrize("text", [
    "If your influence is greater than yours, recover 2.",
    "If target opponent's influence is greater than theirs, recover 2.",
])
def test_influence_against_oneself_is_not_understood(text: str) -> None:
    assert translate("Invented Muddle", "action", text).status == "none"


def test_a_read_number_is_checked_at_load(tmp_path: Path) -> None:
    bad = EXTRA.replace("distinct: reserve_cost", "distinct: colour")
    with pytest.raises(CardFileError, match=r"card 'Test Omen Reader': .*distinct"):
        pool_with(tmp_path, bad)
