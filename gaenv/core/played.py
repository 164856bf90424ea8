"""`Played`: the narrow game API every tool is written against, with saving and the
checked replay of recorded choices (docs/engine.md, "One core, two games").

A game is its start (a header: format, game, engine version, decks, seed, settings) and
the choices made since, as (player, decision kind, option index, option text); the same
header and choices always give the same game. The rules loop is shared too
(`Played.step`, `Played.run`: apply an answer, then carry the innermost procedure under
way on, or else what comes between procedures, until someone must decide). Each game
supplies how it starts from a header (`Played.header`) and the loop's three parts: what
an answer does (`_apply`), how a procedure goes on (`_continue`) and what happens between
procedures (`_between`); answering by an option, its index or its text, the log, saving
and the replay check are shared.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from mypy_extensions import mypyc_attr

from gaenv.core import outcome
from gaenv.core.decisions import Decision, Option
from gaenv.core.position import Position

S = TypeVar("S", bound=Position)


class IllegalOption(ValueError):
    """An answer that is not one of the current decision's options."""


class ReplayError(ValueError):
    """A saved game or replay that cannot be restored here; the message says where."""


@mypyc_attr(allow_interpreted_subclasses=True)  # (the duel's game derives from it)
class Played(Generic[S]):
    """What every game of this project shares (Grand Archive's `gaenv.engine.game.Game`,
    the duel's `gaenv.duel.game.DuelGame`): a ``state``, the position (a
    `gaenv.core.position.Position`: the skeleton the core reads, and each game's own
    fields), and a ``log`` of the answers given, as (player, decision kind, option
    index, option text). An answer is an `Option`, its index or its text (`_answer`); a
    recorded one is replayed checked (`replay_choice`)."""

    __slots__ = ("log", "state")

    def __init__(self, state: S, log: list[tuple[int, str, int, str]] | None = None) -> None:
        self.state = state
        self.log: list[tuple[int, str, int, str]] = log if log is not None else []

    @property
    def decision(self) -> Decision | None:
        return self.state.decision

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def truncated(self) -> bool:
        return self.state.truncated

    @property
    def reason(self) -> str:
        """Why the game ended, naming the players ("" while it goes on; `gaenv.core.outcome`)."""
        return self.state.reason

    @property
    def outcome(self) -> str:
        """``ongoing`` / ``truncated`` / ``draw`` / ``win``, for reports."""
        state = self.state
        return outcome.result(state.over, state.truncated, state.winner)

    @property
    def ending(self) -> str:
        """How the game ended, for people ("player 0 wins: ..."); "" while it goes on."""
        state = self.state
        return outcome.ending(state.over, state.truncated, state.winner, state.reason)

    # --- the rules loop: the same in every game ------------------------------------------

    def step(self, choice: Option | int | str) -> None:
        """Apply one answer to the current decision (an `Option`, its index or its text;
        IllegalOption if it is none of them), then run on to the next decision or the end
        (`run`). What the answer does is each game's `_apply`; the journal
        (``state.events``) then holds what it caused."""
        player, kind, option = self._answer(choice)
        state = self.state
        state.decision = None
        state.decisions_made += 1
        state.events = []
        self._apply(player, kind, option)
        self.run()

    def run(self) -> None:
        """Advance until a player must decide or the game is over.

        A position keeps the procedures under way as a stack of frames (``state.frames``,
        innermost last: an activation being played, a resolution, an attack, a trigger
        window), plain records a game's handlers interpret, so a position clones and saves
        whole. While there is one, the innermost goes on (`_continue`) until it asks
        something or finishes; with none, the game does what comes between procedures
        (`_between`: its checks, its triggers, the next opportunity or action, the next
        step of the turn). The loop never calls a player: it stops at ``state.decision``.
        """
        state = self.state
        while undecided(state):
            frames = state.frames
            if frames:
                state.decision = self._continue(frames[-1], None)
            else:
                self._between()

    def _apply(self, player: int, kind: str, option: Option) -> None:
        """What ``player``'s answer ``option`` to a decision of ``kind`` does (the game's
        own rules; the decision is already cleared and counted)."""
        raise NotImplementedError

    def _continue(self, frame: Any, answer: Option | None) -> Decision | None:
        """Go on with the procedure ``frame`` (given ``answer`` to the question it asked,
        or None) until it asks something (that Decision) or finishes or waits for another
        (None)."""
        raise NotImplementedError

    def _between(self) -> None:
        """One thing that happens while no procedure is under way (the game's own turn
        structure): it may ask a decision, end the game, or change the position."""
        raise NotImplementedError

    def header(self) -> dict[str, Any]:
        """What identifies the game's start (each game's own keys; ``format`` and
        ``engine`` in every one); ReplayError for a game that was not started from one."""
        raise NotImplementedError

    def to_json(self) -> str:
        """The game as JSON text: its header and every choice since. The game's
        ``from_json`` restores it exactly, RNG included (the engines are deterministic)."""
        return json.dumps({**self.header(), "choices": [list(entry) for entry in self.log]})

    def _index_of(self, choice: Option | int | str) -> int:
        """The index of the current decision's option that ``choice`` names (the Option or
        its text: `step` takes an index in range as it is), or IllegalOption."""
        d = self.state.decision
        if d is None:
            raise IllegalOption(f"no decision is pending (game over: {self.state.over})")
        options = d.options
        if isinstance(choice, Option):
            if choice in options:
                return options.index(choice)
        elif isinstance(choice, str):
            for index, option in enumerate(options):
                if option.text == choice:
                    return index
        legal = "; ".join(f"{i}: {o.text}" for i, o in enumerate(options))
        raise IllegalOption(
            f"{choice!r} is not a legal option for player {d.player}'s {d.kind} decision; "
            f"legal options are [{legal}]")

    def _answer(self, choice: Option | int | str) -> tuple[int, str, Option]:
        """The player, decision kind and option that ``choice`` answers the current
        decision with (IllegalOption if none), logged."""
        d = self.state.decision
        # An index in range, the common answer, needs no lookup (bool is not an index).
        if d is not None and type(choice) is int and 0 <= choice < len(d.options):
            index = choice
        else:
            index = self._index_of(choice)
            assert d is not None
        option = d.options[index]
        self.log.append((d.player, d.kind, index, option.text))
        return d.player, d.kind, option

    def replay_choice(self, number: int, entry: Any) -> None:
        """Apply recorded choice ``number`` (player, kind, index, text), checking that it
        is legal here and means the same; ReplayError saying where it diverges."""
        d = self.state.decision
        try:
            player, kind, index, text = entry
        except (TypeError, ValueError):
            raise ReplayError(f"choice {number}: malformed entry {entry!r}") from None
        if d is None:
            raise ReplayError(f"choice {number} ({text!r}) was recorded but the game is "
                              "over here")
        if (d.player, d.kind) != (player, kind) or not (
                isinstance(index, int) and 0 <= index < len(d.options)
                and d.options[index].text == text):
            legal = "; ".join(f"[{i}] {o.text}" for i, o in enumerate(d.options))
            raise ReplayError(
                f"the replay diverges at choice {number} (turn {self.state.turn}): recorded "
                f"player {player}, {kind}, [{index}] {text!r}; here player {d.player} decides "
                f"{d.kind}, legal: {legal}")
        self.step(index)


def undecided(state: Position) -> bool:
    """No decision is asked and the game goes on. (A function, not a test written in the
    loop: compiled, the loop would keep mypy's narrowing of ``state.decision`` to None
    across the calls that set it; docs/engine.md, "Compiled".)"""
    return state.decision is None and not state.over


G = TypeVar("G", bound=Played[Any])


def replay(game: G, header: Mapping[str, Any], choices: Iterable[Any],
           before: Callable[[G, int, Any], None] | None = None) -> G:
    """Apply a record's ``choices`` to ``game``, just started from the record's
    ``header``, checking each (`Played.replay_choice`); ``before`` sees the game, the
    choice's number and the choice just before each is applied. A ReplayError also says
    when the record came from another engine version or other cards than this game's."""
    try:
        for number, entry in enumerate(choices):
            if before is not None:
                before(game, number, entry)
            game.replay_choice(number, entry)
    except ReplayError as exc:
        raise ReplayError(f"{exc}{_origin(header, game)}") from None
    return game


def _origin(header: Mapping[str, Any], game: Played[Any]) -> str:
    """A note on a record made with another engine version or other cards (a header's
    ``pool`` digest, where the game records one), if it was."""
    here = game.header()
    notes = []
    if header.get("engine") != here.get("engine"):
        notes.append(f"recorded with engine {header.get('engine')!r}, this is "
                     f"{here.get('engine')!r}")
    if header.get("pool") != here.get("pool"):
        notes.append(f"recorded with cards {header.get('pool')!r}, these are "
                     f"{here.get('pool')!r}")
    return f" ({'; '.join(notes)})" if notes else ""
