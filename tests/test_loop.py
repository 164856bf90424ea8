"""The rules loop both games share (`gaenv.core.played.Played.step` and `run`), on a toy
game small enough to follow by hand, and on both real games."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from gaenv import compiled
from gaenv.core import outcome
from gaenv.core.decisions import Decision, Option
from gaenv.core.events import Event
from gaenv.core.played import IllegalOption, Played
from gaenv.core.zones import census
from gaenv.duel import checks as duel_checks
from gaenv.duel.cards import builtin_decks
from gaenv.duel.game import DuelGame
from gaenv.engine.game import Game
from gaenv.engine.objects import DECK
from gaenv.engine.zones import check_conservation

TAKE = tuple(Option("take", f"take {n}", n) for n in (1, 2))


@dataclass
class Countdown:
    """A pile of ``left`` stones; players take 1 or 2 in turn, and who takes the last one
    wins. Each take is a frame that runs in two steps (announce, then remove), so the
    loop has a procedure to carry on; a removal is an event in the journal; ``trace``
    records what the loop called."""

    left: int
    turn_player: int = 0
    turn: int = 1
    frames: list[list[int]] = field(default_factory=list)
    decision: Decision | None = None
    decisions_made: int = 0
    over: bool = False
    winner: int | None = None
    truncated: bool = False
    reason: str = ""
    events: list[Event] = field(default_factory=list)
    taken: bool = False  # a take finished: the next turn comes
    trace: list[str] = field(default_factory=list)


class CountdownGame(Played[Countdown]):
    def _apply(self, player: int, kind: str, option: Option) -> None:
        self.state.trace.append(f"apply {option.text}")
        self.state.frames.append([option.card, 0])

    def _continue(self, frame: Any, answer: Option | None) -> Decision | None:
        state = self.state
        state.trace.append(f"continue step {frame[1]}")
        frame[1] += 1
        if frame[1] == 2:
            state.left -= frame[0]
            state.events.append(Event("took", player=state.turn_player, amount=frame[0]))
            state.taken = True
            state.frames.pop()
        return None

    def _between(self) -> None:
        state = self.state
        state.trace.append("between")
        if state.left <= 0:
            outcome.end(state, state.turn_player,
                        f"player {state.turn_player} took the last stone")
        elif state.taken:
            state.taken = False
            state.turn_player = 1 - state.turn_player
            state.turn += 1
        else:
            state.decision = Decision(state.turn_player, "take", TAKE[:state.left])


def test_the_loop_runs_between_procedures_until_someone_must_decide() -> None:
    game = CountdownGame(Countdown(3))
    game.run()
    assert game.state.trace == ["between"]
    assert game.decision == Decision(0, "take", TAKE)


def test_an_answer_is_applied_then_its_frame_carried_on_to_the_next_decision() -> None:
    game = CountdownGame(Countdown(3))
    game.run()
    game.step("take 2")
    state = game.state
    assert state.trace[1:] == ["apply take 2", "continue step 0", "continue step 1",
                               "between", "between"]
    assert (state.left, state.decisions_made, game.log) == (1, 1, [(0, "take", 1, "take 2")])
    assert game.decision == Decision(1, "take", TAKE[:1])
    assert state.events == [Event("took", player=0, amount=2)]
    game.step(0)
    assert state.events == [Event("took", player=1, amount=1)]  # this answer's only
    assert (game.over, game.winner, game.decision) == (True, 1, None)
    assert game.ending == "player 1 wins: player 1 took the last stone"


def test_an_illegal_answer_changes_nothing() -> None:
    game = CountdownGame(Countdown(1))
    game.run()
    before = (list(game.state.trace), game.state.decisions_made, list(game.log))
    with pytest.raises(IllegalOption, match=r"'take 2' is not a legal option .* \[0: take 1\]"):
        game.step("take 2")
    assert (game.state.trace, game.state.decisions_made, game.log) == before
    assert game.decision == Decision(0, "take", TAKE[:1])


@pytest.mark.parametrize("game_name", ["grand_archive", "duel"])
def test_both_games_answer_through_the_shared_loop(game_name: str, decks: dict[str, Any]
                                                    ) -> None:
    """Both games' `step` and `run` are the core's: every answer is logged and counts
    one decision."""
    if game_name == "duel":
        first, second = builtin_decks().values()
        game: Played[Any] = DuelGame.new(first, second, seed=3)
    else:
        one, two = list(decks.values())[:2]
        game = Game.new(one.cards, two.cards, seed=3)
    assert type(game).step is Played.step and type(game).run is Played.run
    for count in range(1, 60):
        if game.over:
            break
        game.step(0)
        assert game.state.decisions_made == count == len(game.log)


def test_both_positions_have_the_skeleton_the_core_reads(tmp_path: Path) -> None:
    """`gaenv.core.position.Position` is a protocol: mypy checks that each game's state
    has its fields, with their types (the duel's module is not compiled, so nothing else
    would)."""
    api = pytest.importorskip("mypy.api", reason="mypy is in the dev extra")
    check = tmp_path / "skeletons.py"
    check.write_text(
        "from gaenv.core.position import Position\n"
        "from gaenv.duel.state import DuelState\n"
        "from gaenv.engine.state import GameState\n\n\n"
        "def skeletons(ga: GameState, duel: DuelState) -> list[Position]:\n"
        "    return [ga, duel]\n")
    out, err, status = api.run([*compiled.MYPY_FLAGS, "--cache-dir", str(tmp_path / "cache"),
                                str(check)])
    assert status == 0, out + err


def test_census_finds_a_card_in_two_places_or_in_none() -> None:
    census(3, [(0, "hand"), (2, "deck"), (1, "grave")])
    with pytest.raises(AssertionError, match="card 2 is in deck and in hand"):
        census(3, [(0, "hand"), (2, "deck"), (2, "hand")])
    with pytest.raises(AssertionError, match=r"cards in no place: \[1\]"):
        census(3, [(0, "hand"), (2, "deck")])
    with pytest.raises(AssertionError, match=r"grave holds 7, which is no card \(0 to 2\)"):
        census(3, [(0, "hand"), (2, "deck"), (7, "grave")])


@pytest.mark.parametrize("game_name", ["grand_archive", "duel"])
def test_both_games_check_their_cards_with_the_census(game_name: str, decks: dict[str, Any]
                                                      ) -> None:
    """CR "Game Mechanics - Game Zones", DUEL 2.7: each game's conservation check is the
    core's census over its own places, so a card listed twice is found."""
    if game_name == "duel":
        duel = DuelGame.new(*builtin_decks().values(), seed=3)
        deck = duel.state.players[0].deck
        deck.append(deck[0])
        with pytest.raises(AssertionError, match=f"card {deck[0]} is in deck and in deck"):
            duel_checks.invariants(duel)
    else:
        one, two = list(decks.values())[:2]
        game = Game.new(one.cards, two.cards, seed=3)
        main = game.state.players[0].zones[DECK]
        main.append(main[0])
        with pytest.raises(AssertionError, match=f"card {main[0]} is in deck and in deck"):
            check_conservation(game.state)
