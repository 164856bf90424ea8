"""A person against an agent in the terminal: ``gaenv play --opponent heuristic``.

The board is the environment's ``render("ansi")`` plus the person's own hand and
memory; the options are numbered from 1. Anything but a listed number (or
``q`` to quit) is asked again; end of input quits. The game runs through
``raw_env``, so the person sees exactly what an agent in that seat would.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gaenv import replay
from gaenv.agents.registry import make
from gaenv.board import board
from gaenv.engine.game import Game
from gaenv.env.aec import AGENTS, raw_env


def _own_cards(env: raw_env, seat: int) -> str:
    game = env.game
    assert game is not None
    zones = game.state.players[seat].zones
    cards = game.state.cards
    hand = ", ".join(cards[c].defn.name for c in zones["hand"]) or "(empty)"
    memory = ", ".join(cards[c].defn.name for c in zones["memory"]) or "(empty)"
    return f"your hand: {hand}\nyour memory: {memory}"


def play(opponent: str, deck: str, opponent_deck: str, seat: int, seed: int,
         read: Callable[[str], str] = input, write: Callable[[str], None] = print,
         replays: Path | None = None) -> int | None:
    """Play one game; returns the winning seat (None for a draw, truncation or quitting).
    With ``replays`` the game's replay file is written there (a left game too)."""
    agent = make(opponent, seed)
    decks = (deck, opponent_deck) if seat == 0 else (opponent_deck, deck)
    env = raw_env(decks=decks, seed=seed)
    env.reset(seed=seed)
    game = env.game
    assert game is not None
    me = AGENTS[seat]
    write(f"You are player {seat} ({deck}); your opponent is {opponent} ({opponent_deck}).")
    while not game.over:
        if env.agent_selection != me:
            env.step(env.ask(agent))
            continue
        legal = sorted(env.legal_options(me).items())
        labels = {n: option.text for n, (_, option) in enumerate(legal, start=1)}
        write(board(game, labels))
        write(_own_cards(env, seat))
        choice = _ask(read, write, len(legal))
        if choice is None:
            _save(replays, game, seat, opponent, write)
            write("You left the game.")
            return None
        env.step(legal[choice - 1][0])
    _save(replays, game, seat, opponent, write)
    write(board(game))
    if game.truncated or game.winner is None:
        write("The game ends without a winner.")
    else:
        write("You win!" if game.winner == seat else "You lose.")
    return None if game.truncated else game.winner


def _save(folder: Path | None, game: Game, seat: int, opponent: str,
          write: Callable[[str], None]) -> None:
    if folder is not None:
        agents = ["you", opponent] if seat == 0 else [opponent, "you"]
        path = replay.write(folder, f"play-{game.setup.seed if game.setup else 0:06d}", game,
                            agents)
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
