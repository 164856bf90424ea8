"""Golden playthroughs: a few whole games written out decision by decision.

Each file under ``tests/playthroughs/`` is one game (fixed decks, seed and
agents) as text: for every decision an agent saw, a summary of the position
and of the deciding seat's observation (a digest of the whole vector), the
legal actions and the one chosen. ``tests/test_playthroughs.py`` regenerates
them and fails on any difference, so a change in rules, encoding, action
layout or agents shows up as a reviewable diff. When a change is meant:

    python -m gaenv.agents.playthrough --refresh

rewrites them (review the ``git diff``; commit it with the change).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

from gaenv.agents.registry import make
from gaenv.engine import champions
from gaenv.engine.state import GameState
from gaenv.env.aec import AGENTS, raw_env

FOLDER = Path(__file__).resolve().parents[2] / "tests" / "playthroughs"

# name: (decks by seat, agents by seat, seed)
GAMES: dict[str, tuple[tuple[str, str], tuple[str, str], int]] = {
    "random-vs-random": (("ember_vanguard", "gale_skirmish"), ("random", "random"), 1),
    "heuristic-vs-random": (("tidecaller_study", "iron_bastion"), ("heuristic", "random"), 2),
    "heuristic-vs-heuristic": (("vesper_shadows", "cinder_scholars"),
                               ("heuristic", "heuristic"), 3),
}


def _seat(state: GameState, player: int) -> str:
    zones = state.players[player].zones
    champ = champions.champion(state, player)
    if champ < 0:
        head = "no champion"
    else:
        card = state.cards[champ]
        head = (f"{card.defn.name} L{champions.level(state, player)} "
                f"life {champions.life(state, player)} dmg {card.damage}")
    field = ", ".join(state.cards[c].defn.name for c in zones["field"]) or "-"
    return (f"{head}; hand {len(zones['hand'])} memory {len(zones['memory'])} "
            f"deck {len(zones['deck'])}; field: {field}")


def render(name: str) -> str:
    """The playthrough ``name`` as text."""
    decks, specs, seed = GAMES[name]
    agents = (make(specs[0], f"{seed}:0"), make(specs[1], f"{seed}:1"))
    env = raw_env(decks=decks, seed=seed)
    env.reset(seed=seed)
    game = env.game
    assert game is not None
    lines = [f"# {name}: {decks[0]} ({specs[0]}) vs {decks[1]} ({specs[1]}), seed {seed}",
             "# regenerate with: python -m gaenv.agents.playthrough --refresh", ""]
    number = 0
    while not game.over:
        agent_name = env.agent_selection
        player = AGENTS.index(agent_name)
        state = game.state
        obs = env.observe(agent_name)
        legal = env.legal_options(agent_name)
        digest = hashlib.sha256(obs["observation"].tobytes()).hexdigest()[:12]
        action = env.ask(agents[player])
        number += 1
        lines.append(f"{number}. turn {state.turn} {state.phase}, {agent_name} "
                     f"{game.decision.kind if game.decision else '?'}, obs {digest}")
        lines.append(f"   me: {_seat(state, player)}")
        lines.append(f"   opponent: {_seat(state, 1 - player)}")
        options = "; ".join(f"[{i}] {o.text}" for i, o in sorted(legal.items()))
        lines.append(f"   options: {options}")
        lines.append(f"   chose [{action}] {legal[action].text}")
        env.step(action)
    result = ("truncated" if game.truncated else "a draw" if game.winner is None
              else f"{AGENTS[game.winner]} won")
    lines += ["", f"result: {result} on turn {game.state.turn} after {number} decisions"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gaenv.agents.playthrough", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refresh", action="store_true",
                        help="rewrite tests/playthroughs/ (after a behaviour change you meant)")
    args = parser.parse_args(argv)
    stale = []
    for name in GAMES:
        path = FOLDER / f"{name}.txt"
        text = render(name)
        if args.refresh:
            FOLDER.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            print(f"wrote {path}")
        elif not path.exists() or path.read_text() != text:
            stale.append(name)
    if stale:
        print(f"out of date: {', '.join(stale)} (python -m gaenv.agents.playthrough --refresh)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
