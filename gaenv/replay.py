"""Replay files: a game as its start and every decision, one JSON object per line.

Line 1, the header: the game's own (`gaenv.core.played.Played.header`) plus ``agents``
(who played each seat, when known). Grand Archive's: ``format`` (``gaenv-game-1``),
``engine`` (the engine version), ``pool`` (a digest of the printed cards in both decks),
``decks`` (each a name and its main and material card names), ``seed`` and
``turn_limit``; the duel's also names ``"game": "duel"`` (docs/duel.md). Then one line
per decision, forced ones included:
``player``, ``kind`` (the decision kind), ``index`` (the chosen option's index
among the legal ones) and ``choice`` (its text).

`run` re-runs a replay of either game with its log for people (`gaenv.gamelog`,
`gaenv.duel_log`), checking at every decision
that the recorded option is legal and has the same text; a replay from another
engine or card pool that diverges stops there with a message saying where. `show`
tells it in the terminal (``gaenv replay``); the web page steps through it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gaenv import games
from gaenv.cards.schema import CardPool
from gaenv.core import played
from gaenv.core.played import Played, ReplayError
from gaenv.gamelog import Teller, Told


def write(folder: Path, name: str, game: Played, agents: Sequence[str] | None = None
          ) -> Path:
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
    return parse(text, str(path))


def parse(text: str, path: str) -> tuple[dict[str, Any], list[tuple[int, str, int, str]]]:
    """`read` of a replay's text; ``path`` names it in errors."""
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
         wait: Callable[[str], str] = input, pool: CardPool | None = None) -> Any:
    """Re-run the replay at ``path``, telling it turn by turn (`gaenv.live.Teller`: the
    board as each turn begins, then the game log; ``step``: wait for Enter before each
    turn), its cards looked up in ``pool`` (None: the built-in pool). Returns the
    finished game (a `DuelGame` for a duel's replay: ``"game": "duel"`` in the header);
    ReplayError if it diverges."""
    tellers: list[Teller] = []

    def told(game: Any, log: Told) -> None:
        if not tellers:
            tellers.append(Teller(log, out, lambda: step and wait("-- Enter for the next turn --")))
        else:
            tellers[0].told()

    header, choices = read(path)
    try:
        game, _ = run(header, choices, told, pool)
    except ReplayError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    tellers[0].end()
    return game


def run(header: dict[str, Any], choices: Sequence[tuple[int, str, int, str]],
        after: Callable[[Any, Any], None],
        pool: CardPool | None = None) -> tuple[Any, Any]:
    """Re-run a replay (`read`) of the game its header names (``"game"``: `gaenv.games`;
    none is Grand Archive's, with the cards of ``pool``, None: the built-in pool), with
    the game's log for people (`gaenv.gamelog.GameLog`, the duel's `DuelLog`). ``after``
    sees the game and its log at the start and after every recorded choice. The finished
    game and its log; ReplayError if the replay is not a game's record or diverges."""
    try:
        spec = games.get(games.named(header))
    except games.UnknownGame as exc:
        raise ReplayError(f"not a game record: {exc}") from None
    game = spec.start(header, pool)
    log = spec.log(game)

    def before(game: Any, number: int, entry: Any) -> None:
        if number:
            log.collect()
        after(game, log)

    played.replay(game, header, choices, before)
    if choices:
        log.collect()
    after(game, log)
    return game, log
