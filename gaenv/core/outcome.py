"""How a game ends, the same in every game (docs/engine.md, "One core, two games").

A game's state carries its end in four fields: ``over``; ``winner``, the seat that won or
None (a draw, or no result); ``truncated``, True when the game stopped without a result
(a turn limit: CR has none, DUEL 11.8 is ours); and ``reason``, why it ended, in words
that name the players ("player 1's champion Lorraine died"), "" while it goes on. Each
player's loss is recorded as its own reason in that player's ``lost`` ("" while they
have not lost), so a draw where both lost says why each did.

The engines decide when a player loses (CR "General Rules - Ending the Game"; DUEL 11.2,
11.3); what follows from the losses (`end_by_losses`: CR ibid., DUEL 11.4), the words
people read (`ending`) and the one-word result reports use (`result`) are here.
"""

from __future__ import annotations

from gaenv.core.position import Position


def end(state: Position, winner: int | None, reason: str, truncated: bool = False) -> None:
    """End the game now: nothing more is asked."""
    state.over = True
    state.winner = winner
    state.reason = reason
    state.truncated = truncated
    state.decision = None


def end_by_losses(state: Position, reasons: list[str]) -> bool:
    """End the game if any player has lost (``reasons[p]``: why player p lost, "" if they
    have not): if exactly one has, the other wins; if every player has, it is a draw
    (CR "General Rules - Ending the Game"; DUEL 11.3, 11.4). True if the game is over
    (already, or now)."""
    if state.over:
        return True
    lost = [p for p, why in enumerate(reasons) if why]
    if not lost:
        return False
    winner = 1 - lost[0] if len(lost) == 1 else None
    end(state, winner, "; ".join(reasons[p] for p in lost))
    return True


def result(over: bool, truncated: bool, winner: int | None) -> str:
    """``ongoing``, ``truncated``, ``draw`` or ``win``: the result in one word."""
    if not over:
        return "ongoing"
    if truncated:
        return "truncated"
    return "draw" if winner is None else "win"


def ending(over: bool, truncated: bool, winner: int | None, reason: str) -> str:
    """How the game ended, for people ("player 0 wins: player 1 had to draw from an empty
    deck"); "" while it goes on."""
    if not over:
        return ""
    head = ("the game stopped" if truncated else "a draw" if winner is None
            else f"player {winner} wins")
    return f"{head}: {reason}" if reason else head
