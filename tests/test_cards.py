"""The card pool and deck files: reference cards exact, schema and deck errors precise."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaenv.cards.decks import load_deck
from gaenv.cards.schema import CardFileError, CardPool, load_pool
from gaenv.engine.objects import BASIC_ELEMENTS

# ../shared/reference/CARDS.md: name -> (type, classes, element, level, memory cost, life).
REFERENCE_CHAMPIONS = {
    "Spirit of Fire": ("Spirit", "fire", 0, 0, 15),
    "Spirit of Water": ("Spirit", "water", 0, 0, 15),
    "Spirit of Wind": ("Spirit", "wind", 0, 0, 15),
    "Lorraine, Wandering Warrior": ("Warrior", "norm", 1, 1, 20),
    "Lorraine, Blademaster": ("Warrior", "norm", 2, 2, 24),
    "Lorraine, Crux Knight": ("Warrior", "crux", 3, 3, 28),
    "Rai, Spellcrafter": ("Mage", "norm", 1, 1, None),
    "Rai, Archmage": ("Mage", "norm", 2, 2, None),
    "Rai, Storm Seer": ("Mage", "wind", 3, 3, None),
}
# name -> (type, class, element, speed, reserve, memory, power, life, durability, keywords)
REFERENCE_CARDS = {
    "Practice Squire": ("ally", "Warrior", "norm", "slow", 1, None, 1, 1, None, []),
    "Sparring Knight": ("ally", "Warrior", "norm", "slow", 2, None, 2, 2, None, []),
    "Stalwart Sentry": ("ally", "Guardian", "norm", "slow", 2, None, 1, 3, None, ["intercept"]),
    "Ember Bolt": ("action", None, "fire", "fast", 1, None, None, None, None, []),
    "Quick Study": ("action", None, "norm", "slow", 1, None, None, None, None, []),
    "Drifting Thought": ("action", None, "norm", "fast", 1, None, None, None, None,
                         ["floating_memory"]),
    "Crux Lance": ("action", None, "crux", "fast", 1, None, None, None, None, []),
    "Steel Strike": ("attack", None, "norm", "slow", 1, None, 2, None, None, []),
    "Training Sword": ("weapon", None, "norm", "slow", 1, None, 1, None, 2, []),
    "Mentor's Tome": ("item", None, "norm", "slow", None, 1, None, None, None, []),
}


@pytest.mark.parametrize("name", REFERENCE_CHAMPIONS)
def test_reference_champion(pool: CardPool, name: str) -> None:
    cls, element, level, cost, life = REFERENCE_CHAMPIONS[name]
    card = pool.get(name)
    assert card.type == "champion" and card.classes == (cls,)
    assert (card.element, card.level, card.memory_cost, card.reserve_cost) == (
        element, level, cost, None)
    if life is not None:
        assert card.life == life
    if name.startswith("Spirit"):
        assert [a.effect[0].op for a in card.abilities] == ["draw"]
        assert card.abilities[0].effect[0].args["amount"] == 7
    if level >= 2:
        assert card.lineage == name.split(",")[0]


@pytest.mark.parametrize("name", REFERENCE_CARDS)
def test_reference_card(pool: CardPool, name: str) -> None:
    ctype, cls, element, speed, reserve, memory, power, life, durability, keywords = (
        REFERENCE_CARDS[name])
    card = pool.get(name)
    assert card.type == ctype
    assert card.classes == ((cls,) if cls else ())
    assert (card.element, card.speed, card.reserve_cost, card.memory_cost) == (
        element, speed, reserve, memory)
    assert (card.power, card.life, card.durability) == (power, life, durability)
    assert sorted(card.keywords) == keywords


def test_reference_effects(pool: CardPool) -> None:
    bolt = pool.get("Ember Bolt")
    assert [t.name for t in bolt.targets] == ["target_unit"] and bolt.effect[0].args["amount"] == 2
    assert pool.get("Crux Lance").effect[0].args["amount"] == 1
    for name in ("Quick Study", "Drifting Thought"):
        assert [(n.op, n.args["amount"]) for n in pool.get(name).effect] == [("draw", 1)]
    assert pool.get("Mentor's Tome").is_regalia


def test_pool_is_large_enough_and_indexed(pool: CardPool) -> None:
    assert len(pool.cards) >= 40
    assert [c.index for c in pool.cards] == list(range(len(pool.cards)))
    assert len({c.name for c in pool.cards}) == len(pool.cards)


_LEVELER = ("  - {{name: Lev, type: ally, element: norm, reserve_cost: 1, power: 1, life: 1, "
            "level_up: {{reserve: 1}}, levels: {levels}}}\n")


def test_leveler_expands_into_plain_abilities(pool: CardPool) -> None:
    """LEVELERS.md 711.2, 711.4: level up is a slow activated ability; each band is a
    layer A static on the object itself and its keywords are layer D grants, every one
    conditioned on the object's level counters (the abilities outside the bands are not)."""
    captain = pool.get("Hearthguard Captain")
    assert captain.bands == ((1, 2), (3, 4), (5, None))
    level_up = captain.abilities[captain.level_up]
    assert level_up.activated and level_up.slow and level_up.cost == {"reserve": 1}
    assert not captain.abilities[0].requires  # "Your champion gets +1 life": every level
    kinds = [(a.static.op, a.requires["at_least"], a.requires.get("at_most"))
             for a in captain.abilities[captain.level_up + 1:] if a.static is not None]
    assert kinds == [("set_stats", 1, 2), ("set_stats", 3, 4), ("grant_keyword", 3, 4),
                     ("set_stats", 5, None), ("grant_keyword", 5, None),
                     ("modify_stats", 5, None)]
    assert pool.get("Galecrest Scout").abilities[0].cost == {"rest": True}


def test_leveler_band_grants_numbered_keywords(tmp_path: Path) -> None:
    """A band's numbered keyword is granted with its number (layer D)."""
    path = _write(tmp_path, _LEVELER.format(levels="[{from: 1, to: 1, power: 1, life: 1}, "
                                                   "{from: 2, power: 2, life: 2, "
                                                   "keywords: [{ranged: 2}]}]"))
    grant = load_pool([path]).get("Lev").abilities[-1].static
    assert grant.op == "grant_keyword" and grant.args["keyword"] == "ranged"
    assert grant.args["amount"] == 2


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "broken.yaml"
    path.write_text("set: test\ncards:\n" + body)
    return path


@pytest.mark.parametrize(("body", "message"), [
    ("  - {name: Bad Ally, type: ally, element: norm, power: 1, life: 1, reserve_cost: 1, "
     "colour: red}\n", r"broken.yaml: card 'Bad Ally': field colour: unknown field"),
    ("  - {name: Bad Ally, type: ally, element: norm, power: one, life: 1}\n",
     r"card 'Bad Ally': field power: expected a whole number"),
    ("  - {name: Bad Ally, type: ally, element: plasma, power: 1, life: 1}\n",
     r"card 'Bad Ally': field element: expected one of"),
    ("  - {name: Bad Ally, type: ally, element: norm, life: 1}\n",
     r"card 'Bad Ally': field power: a ally card needs a power stat"),
    ("  - {name: Bad Bolt, type: action, element: fire, effect: [{zap: 2}]}\n",
     r"card 'Bad Bolt': field effect\[0\]: unknown primitive 'zap'"),
    ("  - {name: Bad Bolt, type: action, element: fire, effect: "
     "[{deal_damage: {amount: 2, target: everyone}}]}\n",
     r"field effect\[0\].deal_damage.target: expected one of"),
    ("  - {name: Bad Bolt, type: action, element: fire, effect: [{deal_damage: {amount: 2}}]}\n",
     r"field effect\[0\].deal_damage.target: missing required argument"),
    ("  - {name: Bad Bolt, type: action, element: fire, keywords: [flying]}\n",
     r"field keywords\[0\]: unknown keyword 'flying'"),
    ("  - {name: Bad Champ, type: champion, element: fire, life: 10, memory_cost: 1}\n",
     r"card 'Bad Champ': field level: a champion needs a level"),
    ("  - {name: Bad Ally, type: ally, element: norm, power: 1, life: 1, abilities: "
     "[{static: {modify_stats: {life: 1}}, inherited: true}]}\n",
     r"field abilities\[0\].inherited: only champion cards"),
    ("  - {type: ally, element: norm, power: 1, life: 1}\n",
     r"card '#0': field name: missing required field"),
    # Levelers (LEVELERS.md 711.1): the format is validated like every card.
    (_LEVELER.format(levels="[{from: 1, to: 3, power: 2, life: 2}, "
                            "{from: 3, power: 3, life: 3}]"),
     r"card 'Lev': field levels\[1\].from: bands start at 1 or more, ascending"),
    (_LEVELER.format(levels="[{from: 0, to: 1, power: 2, life: 2}, {from: 2, power: 3, life: 3}]"),
     r"field levels\[0\].from: bands start at 1 or more"),
    (_LEVELER.format(levels="[{from: 1, to: 2, life: 2}, {from: 3, power: 3, life: 3}]"),
     r"field levels\[0\].power: missing: a band sets the base power and life"),
    (_LEVELER.format(levels="[{from: 1, to: 2, power: 2, life: 2}, "
                            "{from: 3, to: 4, power: 3, life: 3}]"),
     r"field levels\[1\].to: every band but the last has an end"),
    (_LEVELER.format(levels="[{from: 1, power: 2, life: 2}]"),
     r"field levels: expected a list of two or three bands"),
    (_LEVELER.format(levels="[{from: 1, to: 1, power: 1, life: 1}, {from: 2, to: 2, power: 2, "
                            "life: 2}, {from: 3, to: 3, power: 3, life: 3}, {from: 4, power: 4, "
                            "life: 4}]"),
     r"field levels: expected a list of two or three bands"),
    (_LEVELER.format(levels="[{from: 1, to: 1, power: 1, life: 1}, "
                            "{from: 2, power: 2, life: 2, keywords: [wings]}]"),
     r"field keywords\[0\]: unknown keyword 'wings'"),
    (_LEVELER.format(levels="[{from: 1, to: 1, power: 1, life: 1}, {from: 2, power: 2, life: "
                            "2, abilities: [{static: {set_stats: {power: 1}}, requires: "
                            "{amount: 1, at_least: 1}}]}]"),
     r"field levels\[1\].abilities\[0\].requires: a band's ability cannot compare"),
    (_LEVELER.format(levels="[{from: 1, power: 2, life: 2}]").replace("reserve: 1", ""),
     r"field level_up: a level up needs a cost"),
    (_LEVELER.format(levels="[{from: 1, power: 2, life: 2}]").replace("level_up: {reserve: 1}, ",
                                                                     ""),
     r"field level_up: a leveler has both level_up and levels"),
    ("  - {name: Lev, type: action, element: norm, reserve_cost: 1, effect: [draw: 1], "
     "level_up: {reserve: 1}, levels: [{from: 1}]}\n",
     r"field levels: only allies and weapons can be levelers"),
    ("  - {name: Lev, type: weapon, element: norm, reserve_cost: 1, power: 1, durability: 1, "
     "level_up: {reserve: 1}, levels: [{from: 1, to: 1, power: 2, life: 2}, {from: 2, power: 3}]}"
     "\n", r"field levels\[0\].life: a weapon has no life to set"),
    ("  - {name: Lev, type: ally, element: norm, power: 1, life: 1, abilities: "
     "[{static: {set_stats: {power: 1}}, speed: slow}]}\n",
     r"field abilities\[0\].speed: only activated abilities have a speed"),
    ("  - {name: Bad Bolt, type: action, element: norm, effect: [{remove_counters: "
     "{target: target_ally}}]}\n",
     r"field effect\[0\].remove_counters.kind: missing: name a kind"),
    ("  - {name: Bad Negate, type: action, element: norm, effect: [{negate: "
     "{target: {choose: {type: action}}, unless_pays: 1}}]}\n",
     r"field effect\[0\].negate.target: negate asks its own questions"),
])
def test_card_file_errors_name_file_card_field(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(CardFileError, match=message):
        load_pool([_write(tmp_path, body)])


def test_duplicate_names_and_bad_yaml(tmp_path: Path) -> None:
    card = "  - {name: Twin, type: action, element: norm}\n"
    with pytest.raises(CardFileError, match="'Twin': field name: already defined"):
        load_pool([_write(tmp_path, card + card)])
    with pytest.raises(CardFileError, match="not valid YAML"):
        load_pool([_write(tmp_path, "  - {name: [unclosed\n")])


DECK = """name: Test
description: a test deck
material: [Spirit of Fire, "Lorraine, Wandering Warrior"]
main:
{main}
"""
FIFTEEN = ["Practice Squire", "Sparring Knight", "Stalwart Sentry", "Ember Bolt", "Quick Study",
           "Drifting Thought", "Crux Lance", "Cinder Acolyte", "Hearth Warden", "Flare Volley",
           "Kindling Rite", "Field Medic", "Focused Mind", "Archive Lantern", "Training Sword"]


def _deck(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text(text)
    return path


def _main(names: list[str], copies: int = 4) -> str:
    return "\n".join(f'  "{n}": {copies}' for n in names)


def test_valid_deck_loads(tmp_path: Path) -> None:
    deck = load_deck(str(_deck(tmp_path, DECK.format(main=_main(FIFTEEN)))))
    assert len(deck.cards.main) == 60 and len(deck.cards.material) == 2


@pytest.mark.parametrize(("text", "message"), [
    (DECK.format(main=_main(FIFTEEN[:14])), "main deck has 56 cards; at least 60"),
    (DECK.format(main=_main(FIFTEEN[1:]) + '\n  "Practice Squire": 5'), "at most 4 of a name"),
    (DECK.format(main=_main(FIFTEEN) + '\n  "Ember Bolt": 1'), "'Ember Bolt' is given twice"),
    (DECK.format(main=_main(FIFTEEN) + '\n  "Ember Blot": 1'),
     "unknown card 'Ember Blot'.*Ember Bolt"),
    (DECK.format(main=_main(FIFTEEN)).replace('"Lorraine, Wandering Warrior"',
                                              '"Lorraine, Wandering Warrior", Spirit of Fire'),
     "one copy of a name"),
    (DECK.format(main=_main(FIFTEEN)).replace("Spirit of Fire, ", ""), "needs a level 0 champion"),
    (DECK.format(main=_main(FIFTEEN)).replace("Spirit of Fire", "Practice Squire, Spirit of Fire"),
     "only champions and regalia"),
    (DECK.format(main=_main(FIFTEEN) + "\n  Mentor's Tome: 1"), "belong in the material deck"),
    (DECK.format(main=_main(FIFTEEN)) + "sideboard: []\n", "unknown key 'sideboard'"),
])
def test_deck_rules(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(CardFileError, match=message):
        load_deck(str(_deck(tmp_path, text)))


def test_material_deck_limit(tmp_path: Path, pool: CardPool) -> None:
    champions = [c.name for c in pool.cards if c.is_champion or c.is_regalia][:13]
    text = DECK.format(main=_main(FIFTEEN)).replace(
        'material: [Spirit of Fire, "Lorraine, Wandering Warrior"]',
        "material:\n" + "\n".join(f'  - "{n}"' for n in champions))
    with pytest.raises(CardFileError, match="material deck has 13 cards; at most 12"):
        load_deck(str(_deck(tmp_path, text)))


def test_builtin_decks_are_legal_and_distinct(decks: dict) -> None:
    assert len(decks) >= 4
    elements, classes, contents = set(), set(), set()
    for deck in decks.values():
        assert deck.description and "\n" not in deck.description
        champs = [c for c in deck.cards.material if c.is_champion]
        elements |= {c.element for c in champs if c.element != "norm"}
        classes |= {cls for c in champs if c.level for cls in c.classes}
        contents.add(tuple(sorted(c.name for c in deck.cards.main + deck.cards.material)))
    assert len(contents) == len(decks)
    assert elements >= BASIC_ELEMENTS
    assert len(classes) >= 2
