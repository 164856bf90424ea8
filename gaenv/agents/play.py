"""A person against an agent in the terminal: ``gaenv play --opponent heuristic``.

Before each of the person's decisions: what both players did since the last one (the
game log, `gaenv.gamelog`), then the board with the person's own hand and memory, and
the options numbered from 1 (a card's cost and text beside an option that plays it).
Anything but a listed number (or ``q`` to quit) is asked again; end of input quits. The
game runs on a `gaenv.live.Table`, so the agent sees exactly what it would in the
environment.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gaenv import replay
from gaenv.agents.registry import make
from gaenv.live import Table


def play(opponent: str, deck: str, opponent_deck: str, seat: int, seed: int,
         read: Callable[[str], str] = input, write: Callable[[str], None] = print,
         replays: Path | None = None, pool: tuple[str, ...] | None = None,
         game_kind: str = "ga") -> int | None:
    """Play one game; returns the winning seat (None for a draw, truncation or quitting).
    With ``replays`` the game's replay file is written there (a left game too), named
    after the seed. ``pool``: the card files the decks are made of (None: built-in).
    ``game_kind``: ``ga``, or ``duel`` (decks: the duel's built-in decks)."""
    agent = make(opponent, seed, pool)
    decks = (deck, opponent_deck) if seat == 0 else (opponent_deck, deck)
    seats = (None, agent) if seat == 0 else (agent, None)
    table = Table(decks, seed, seats, pool=pool, game=game_kind)
    game = table.game
    write(f"You are player {seat} ({deck}); your opponent is {opponent} ({opponent_deck}); "
          f"seed {seed}.")
    shown = 0
    while not game.over:
        if table.person is None:
            table.advance()
            continue
        shown = _news(table, seat, shown, write)
        options = table.options()
        actions = list(options)
        numbered = {n: options[a] for n, a in enumerate(actions, start=1)}
        write(table.log.show(seat, numbered))
        choice = _ask(read, write, len(actions))
        if choice is None:
            _save(replays, table, seat, opponent, seed, write)
            write("You left the game.")
            return None
        table.choose(actions[choice - 1])
    _news(table, seat, shown, write)
    _save(replays, table, seat, opponent, seed, write)
    write(table.log.show(seat))
    if game.truncated or game.winner is None:
        write("The game ends without a winner.")
    else:
        write("You win!" if game.winner == seat else "You lose.")
    return None if game.truncated else game.winner


def _news(table: Table, seat: int, shown: int, write: Callable[[str], None]) -> int:
    """Write the log lines from ``shown`` on that ``seat`` may read; the new count."""
    texts = table.log.since(shown, seat)
    if texts:
        write("since your last decision:")
        for text in texts:
            write(f"  {text}")
    return len(table.log.lines)


def _save(folder: Path | None, table: Table, seat: int, opponent: str, seed: int,
          write: Callable[[str], None]) -> None:
    if folder is not None:
        agents = ["you", opponent] if seat == 0 else [opponent, "you"]
        path = replay.write(folder, f"play-seed{seed}", table.game, agents)
        write(f"replay written to {path}")


def _ask(read: Callable[[str], str], write: Callable[[str], None], count: int) -> int | None:
    """A number from 1 to ``count``, asked until given; None to quit (``q`` or end of input)."""
    while True:
        try:
            answer = read(f"your choice (1-{count}, q to quit): ").strip().lower()
        except EOFError:
            return None
        if answer in ("q", "quit", "exit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= count:
            return int(answer)
        write(f"Please type a number from 1 to {count}, or q to quit.")
