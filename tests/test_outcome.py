"""The end of a game, shared by both games (`gaenv.core.outcome`): CR "General Rules -
Ending the Game" and DUEL 11.3-11.4 (who wins when players lose), the words people read
and the one-word result."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gaenv.core import outcome


def _state() -> SimpleNamespace:
    return SimpleNamespace(over=False, winner=None, truncated=False, reason="",
                           decision="pending")


def test_no_loss_goes_on() -> None:
    state = _state()
    assert not outcome.end_by_losses(state, ["", ""])
    assert (state.over, state.decision) == (False, "pending")
    assert outcome.result(False, False, None) == "ongoing"
    assert outcome.ending(False, False, None, "") == ""


@pytest.mark.parametrize("loser", [0, 1])
def test_one_loser_the_other_wins(loser: int) -> None:
    """CR Ending the Game; DUEL 11.4: exactly one player lost, so the other wins."""
    state = _state()
    reasons = ["", ""]
    reasons[loser] = f"player {loser} has no champion"
    assert outcome.end_by_losses(state, reasons)
    assert (state.over, state.winner, state.truncated, state.decision) == (
        True, 1 - loser, False, None)
    assert state.reason == f"player {loser} has no champion"
    assert outcome.result(True, False, state.winner) == "win"
    assert outcome.ending(True, False, state.winner, state.reason) == (
        f"player {1 - loser} wins: player {loser} has no champion")


def test_both_lose_a_draw_with_both_reasons() -> None:
    """CR Ending the Game; DUEL 11.4: both lost at once, a draw; each reason is kept."""
    state = _state()
    assert outcome.end_by_losses(state, ["player 0 a", "player 1 b"])
    assert (state.over, state.winner, state.reason) == (True, None, "player 0 a; player 1 b")
    assert outcome.result(True, False, None) == "draw"
    assert outcome.ending(True, False, None, state.reason) == "a draw: player 0 a; player 1 b"


def test_a_later_loss_changes_nothing() -> None:
    state = _state()
    outcome.end(state, 1, "player 0 conceded")
    assert outcome.end_by_losses(state, ["", "player 1 has no champion"])
    assert (state.winner, state.reason) == (1, "player 0 conceded")


def test_truncated_has_no_result() -> None:
    state = _state()
    outcome.end(state, None, "it reached the turn limit (5 turns)", truncated=True)
    assert outcome.result(True, True, None) == "truncated"
    assert outcome.ending(True, True, None, state.reason) == (
        "the game stopped: it reached the turn limit (5 turns)")
