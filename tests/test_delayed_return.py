"""Cards banished from a memory until their owner's next end phase ("Abilities - Triggered
Abilities", delayed triggers 4 and 5): the ``returns`` of ``move_cards`` and its translator
template ("banish from memory", gaenv/cards/mechanics.py), with invented cards. The real
cards that use them are checked by tests/realcards/."""

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
    both = ("Banish two cards at random from target opponent's memory. Return those cards to "
            "their memory at the beginning of their next end phase.")
    out = translate("Invented Chill", "action", both)
    assert out.status == "full" and out.fields == {"effect": [{"move_cards": {
        "filter": {}, "zone": "memory", "to": "banishment", "amount": 2, "random": True,
        "player": "opponent", "returns": True}}]}
    out = translate("Invented Chill", "action", "Banish LV cards at random from target "
                    "opponent's memory.")
    assert out.status == "full" and out.fields["effect"][0]["move_cards"]["amount"] == {
        "level": "you"} and "returns" not in out.fields["effect"][0]["move_cards"]
    # a return at another moment, or to another zone, is not this template
    for other in (both.replace("their next end phase", "the next end phase"),
                  both.replace("to their memory", "to their hand")):
        assert translate("Invented Chill", "action", other).status != "full"
