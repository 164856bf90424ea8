"""Moves of an opponent's memory, with invented cards: cards banished from it until their
owner's next end phase ("Abilities - Triggered Abilities", delayed triggers 4 and 5: the
``returns`` of ``move_cards``, template "banish from memory") and cards you discard from it
after looking at it ("Game Terms - Discard": ``you_choose``, template "look at memory"), and
each player's cards of a zone banished (template "each player banishes all";
gaenv/cards/mechanics.py). The real cards that use them are checked by tests/realcards/."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pool_with

from gaenv import scenario
from gaenv.cards.schema import CardPool
from gaenv.cards.translate import translate
from gaenv.engine import effects, journal
from gaenv.engine.game import Game
from gaenv.engine.objects import BANISHMENT, GRAVEYARD, MEMORY

EXTRA = """set: test-delayed-return
cards:
  - name: Test Mind Chill
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - move_cards: {zone: memory, to: banishment, amount: 2, random: true,
                     player: opponent, returns: true}
  - name: Test Mind Pick
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - move_cards: {zone: memory, to: banishment, player: opponent, returns: true}
  - name: Test Mind Peek
    type: action
    element: norm
    reserve_cost: 0
    effect:
      - move_cards: {zone: memory, to: graveyard, amount: 2, up_to: true, player: opponent,
                     you_choose: true}
      - draw: {amount: {moved: true}, player: opponent, into: memory}
"""

# Player 1 has three cards in memory; the caster's turn is turn 3, the owner's turn 4.
SETUP = """setup:
  players:
    - lineage: [Spirit of Fire]
      hand: [{card}]
    - lineage: [Spirit of Fire]
      memory: [Cinder Acolyte, Hearth Warden, Spirit Wisp]
      deck: [Cinder Acolyte, Cinder Acolyte]
"""


@pytest.fixture(scope="module")
def return_pool(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    return pool_with(tmp_path_factory.mktemp("cards"), EXTRA)


def test_random_cards_return_at_their_owners_end_phase(tmp_path: Path,
                                                       return_pool: CardPool) -> None:
    """Two cards at random leave the memory and wait through the caster's end phase (the
    counter names the caster's delayed trigger); as the owner's end phase begins each
    one's delayed return puts it back into their memory."""
    game = _played(return_pool, tmp_path, "Test Mind Chill", [])
    state = game.state
    for step in ({"pass_until": "end"}, "pass", "pass"):
        scenario.run_step(game, step, "to the owner's turn")
    assert state.turn == 4 and state.phase == "recollection"
    banished = state.players[1].zones[BANISHMENT]
    assert len(banished) == 2 and len(state.players[1].zones[MEMORY]) == 1
    assert all(state.cards[c].counters == {effects.RETURNING: 1} for c in banished)
    names = sorted(state.cards[c].defn.name for c in banished)  # (their memory went to
    # their hand as their recollection phase began: "Recollection Phase")
    scenario.pass_until(game, "end")  # both delayed returns trigger: player 0 orders them
    for _ in range(6):
        decision = game.decision
        assert decision is not None
        game.step(decision.options[0])  # one of the triggers first, then both pass
    assert state.turn == 4 and state.phase == "end"
    assert not state.players[1].zones[BANISHMENT]
    assert sorted(state.cards[c].defn.name for c in state.players[1].zones[MEMORY]) == names


def _played(pool: CardPool, tmp_path: Path, card: str, more: list[str]) -> Game:
    """The game after player 0 activated ``card`` and it resolved (with ``more`` steps)."""
    path = tmp_path / "played.yaml"
    steps = "".join(f"  - {step}\n" for step in ["pass", "pass", *more])
    path.write_text(f"name: played\nrules: delayed triggers 4, 5\n{SETUP.format(card=card)}"
                    f"steps:\n  - activate {card}\n{steps}")
    sc = scenario.load(path)
    game = scenario.build(sc, pool)
    for i, step in enumerate(sc.data["steps"]):
        scenario.run_step(game, step, f"step {i}")
    return game


def test_chosen_card_is_marked_and_one_that_left_stays(tmp_path: Path,
                                                       return_pool: CardPool) -> None:
    """Without ``random`` the owner chooses; the card chosen waits with a counter naming the
    caster's delayed trigger. A card that left banishment before the trigger resolved is
    not brought back from where it went (the trigger needs the same card in banishment,
    as Suppress 2 says of its own)."""
    game = _played(return_pool, tmp_path, "Test Mind Pick", ["choose Hearth Warden"])
    state = game.state
    (cid,) = state.players[1].zones[BANISHMENT]
    assert state.cards[cid].defn.name == "Hearth Warden"
    assert state.cards[cid].counters == {effects.RETURNING: 1}  # player 0's trigger
    journal.move(state, cid, GRAVEYARD)
    assert not state.cards[cid].counters
    for step in ({"pass_until": "end"}, "pass", "pass", {"pass_until": "end"}):
        scenario.run_step(game, step, "to the owner's end phase")
    assert state.turn == 4 and state.phase == "end" and not state.stack
    assert state.cards[cid].zone == GRAVEYARD
    assert cid not in state.players[1].zones[MEMORY]


def test_banish_from_memory_template() -> None:
    both = ("Banish two cards at random from target opponent's memory. Return them to their "
            "memory at the beginning of their next end phase.")
    out = translate("Invented Chill", "action", both)
    assert out.status == "full" and out.fields == {"effect": [{"move_cards": {
        "filter": {}, "zone": "memory", "to": "banishment", "amount": 2, "random": True,
        "player": "opponent", "returns": True}}]}
    out = translate("Invented Chill", "action", "Banish LV cards at random from each "
                    "opponent's memory.")
    assert out.status == "full" and out.fields["effect"][0]["move_cards"]["amount"] == {
        "level": "you"} and "returns" not in out.fields["effect"][0]["move_cards"]
    # a return at another moment, or to another zone, is not this template
    for other in (both.replace("their next end phase", "the next end phase"),
                  both.replace("to their memory", "to their hand")):
        assert translate("Invented Chill", "action", other).status != "full"


def test_you_choose_among_their_memory(tmp_path: Path, return_pool: CardPool) -> None:
    """A look at their memory, a discard of up to two from it, and their drawing as many
    into their memory: the caster (player 0) is asked, with the opponent's cards as options,
    may stop early, and the opponent draws as many as were discarded."""
    game = _played(return_pool, tmp_path, "Test Mind Peek", [])
    decision = game.decision
    assert decision is not None and decision.player == 0
    assert sorted(decision.texts()) == ["choose Cinder Acolyte", "choose Hearth Warden",
                                        "choose Spirit Wisp", "choose nothing"]
    game.step("choose Hearth Warden")
    game.step("choose nothing")
    state = game.state
    names = sorted(state.cards[c].defn.name for c in state.players[1].zones[MEMORY])
    assert names == ["Cinder Acolyte", "Cinder Acolyte", "Spirit Wisp"]  # one drawn
    assert [state.cards[c].defn.name for c in state.players[1].zones[GRAVEYARD]] == [
        "Hearth Warden"]


def test_look_at_memory_templates() -> None:
    out = translate("Invented Peek", "action", "Look at target opponent's memory and discard a "
                    "card from it.")
    assert out.status == "full" and out.fields == {"effect": [{"move_cards": {
        "filter": {}, "zone": "memory", "to": "graveyard", "amount": 1, "player": "opponent",
        "you_choose": True}}]}
    out = translate("Invented Peek", "ally", "On Champion Hit: Look at the hit opponent's "
                    "memory. You may discard up to three cards from it. If you do, that "
                    "opponent draws that many cards into their memory.")
    assert out.status == "full" and out.fields["abilities"][0]["effect"] == [
        {"move_cards": {"filter": {}, "zone": "memory", "to": "graveyard", "amount": 3,
                        "player": "opponent", "you_choose": True, "up_to": True}},
        {"draw": {"amount": {"moved": True}, "player": "opponent", "into": "memory"}}]
    # looking alone does nothing the engine can show: not understood
    assert translate("Invented Peek", "action",
                     "Look at target opponent's memory.").status != "full"


def test_additional_card_from_the_memory_looked_at() -> None:
    """One "additional card" discarded after a look, under a condition: one more
    from that memory, when the condition (different reserve costs among your omens) holds."""
    out = translate("Invented Peek", "action", "Look at target opponent's memory and discard one "
                    "card from among them. If you have three or more omens with different "
                    "reserve costs, discard an additional card from among them.")
    one = {"move_cards": {"filter": {}, "zone": "memory", "to": "graveyard", "amount": 1,
                          "player": "opponent", "you_choose": True}}
    assert out.status == "full" and out.fields["effect"] == [one, {"if": {"when": {
        "amount": {"cards": {"zone": "banishment", "counters": "omen",
                             "distinct": "reserve_cost"}}, "at_least": 3}, "then": [one]}}]


def test_each_player_banishes_all_template() -> None:
    """"Each player banishes all FILTER cards from their ZONE": one move of every matching
    card per player, yours first; "from your graveyard" is the other template's."""
    out = translate("Invented Purge", "action", "Each player banishes all fire element cards "
                    "from their memory.")
    fire = {"element": ["fire"]}
    assert out.status == "full" and out.fields == {"effect": [
        {"move_cards": {"filter": fire, "zone": "memory", "to": "banishment",
                        "amount": {"cards": {"zone": "memory", **fire, "player": "you"}}}},
        {"move_cards": {"filter": fire, "zone": "memory", "to": "banishment",
                        "amount": {"cards": {"zone": "memory", **fire, "player": "opponent"}},
                        "player": "opponent"}}]}
