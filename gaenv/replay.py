"""Replay files: a game as its start and every decision, one JSON object per line.

Line 1, the header: ``format`` (``gaenv-game-1``), ``engine`` (the engine version),
``pool`` (a digest of the printed cards in both decks), ``decks`` (each a name and
its main and material card names), ``seed``, ``turn_limit``, and ``agents`` (who
played each seat, when known). Then one line per decision, forced ones included:
``player``, ``kind`` (the decision kind), ``index`` (the chosen option's index
among the legal ones) and ``choice`` (its text).

`show` re-runs a replay and prints it turn by turn, checking at every decision
that the recorded option is legal and has the same text; a replay from another
engine or card pool that diverges stops there with a message saying where.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gaenv.board import board
from gaenv.engine.game import Game, ReplayError, replay


def write(folder: Path, name: str, game: Game, agents: Sequence[str] | None = None) -> Path:
    """Write ``game`` to ``folder/name.jsonl``; returns the path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (re.sub(r"[^A-Za-z0-9_.-]+", "_", name) + ".jsonl")
    header = {**game.header(), "agents": list(agents) if agents else None}
    lines = [json.dumps(header)]
    lines += [json.dumps({"player": p, "kind": k, "index": i, "choice": t})
              for p, k, i, t in game.log]
    path.write_text("\n".join(lines) + "\n")
    return path


def read(path: Path) -> tuple[dict[str, Any], list[tuple[int, str, int, str]]]:
    """The header and the recorded choices; ReplayError naming the file and line."""
    try:
        text = path.read_text()
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{path}: not a text file, not a replay") from None
    lines = text.splitlines()
    if not lines:
        raise ReplayError(f"{path}: empty file, not a replay")
    records = []
    for number, line in enumerate(lines, start=1):
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}, line {number}: not JSON: {exc.msg}") from None
    header, *entries = records
    choices = []
    for number, entry in enumerate(entries, start=2):
        if not isinstance(entry, dict) or set(entry) != {"player", "kind", "index", "choice"} \
                or entry["player"] not in (0, 1) or not isinstance(entry["kind"], str) \
                or not isinstance(entry["index"], int) or not isinstance(entry["choice"], str):
            raise ReplayError(f"{path}, line {number}: expected player (0 or 1), kind, index "
                              f"and choice, got {entry!r}")
        choices.append((entry["player"], entry["kind"], entry["index"], entry["choice"]))
    agents = header.get("agents") if isinstance(header, dict) else None
    if agents is not None and (not isinstance(agents, list) or len(agents) != 2):
        raise ReplayError(f"{path}, line 1: 'agents' must name two seats, got {agents!r}")
    return header, choices


def show(path: Path, step: bool = False, out: Callable[[str], None] = print,
         wait: Callable[[str], str] = input) -> Game:
    """Re-run the replay at ``path``, printing it turn by turn (``step``: wait for Enter
    before each turn). Returns the finished game; ReplayError if it diverges."""
    header, choices = read(path)
    agents = header.get("agents") if isinstance(header, dict) else None
    shown_turn = [-1]

    def before(game: Game, number: int, entry: tuple[int, str, int, str]) -> None:
        if game.state.turn != shown_turn[0]:
            shown_turn[0] = game.state.turn
            if step and number:
                wait("-- Enter for the next turn --")
            out("")
            out(board(game))
        player, kind, _, text = entry
        who = f"player {player}" + (f" ({agents[player]})" if agents else "")
        out(f"  {who} {kind}: {text}")

    try:
        game = replay(header, choices, before=before)
    except ReplayError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    out("")
    out(board(game))
    return game
