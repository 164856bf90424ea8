"""Same-games check for engine refactors: play fixed random games, record each one's choices.

    python scripts/samegames.py record OUT.json [--games 300] [--decks DECKS.json]
    python scripts/samegames.py compare BEFORE.json AFTER.json

``record`` plays ``--games`` games of random legal play (game i: seed 1000 + i, a
seat-ordered pairing of the decks, choices from ``random.Random(i)``) and writes, per
game, a digest of its full choice log, the number of decisions, the winner, whether it
was truncated and the last turn. ``--decks`` reads the deck lists from a file instead
of the built-in decks, and ``record`` writes the lists it used beside OUT
(``OUT.decks.json``), so a later checkout can replay the same decks even after the
built-in ones change. ``compare`` prints the games that differ and exits 1 if any do.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

from gaenv.cards.decks import builtin_deck_names, load_deck
from gaenv.cards.schema import default_pool
from gaenv.engine.game import DeckList, Game


def _decks(path: Path | None) -> list[DeckList]:
    pool = default_pool()
    if path is None:
        return [load_deck(name, pool).cards for name in builtin_deck_names()]
    return [DeckList(d["name"], tuple(pool.get(n) for n in d["main"]),
                     tuple(pool.get(n) for n in d["material"]))
            for d in json.loads(path.read_text())]


def record(out: Path, games: int, decks_file: Path | None) -> None:
    decks = _decks(decks_file)
    result: dict[str, list[object]] = {}
    for g in range(games):
        rng = random.Random(g)
        game = Game.new(decks[g % len(decks)], decks[(g // len(decks)) % len(decks)],
                        seed=1000 + g)
        while not game.over:
            assert game.decision is not None
            game.step(rng.randrange(len(game.decision.options)))
        digest = hashlib.sha256(json.dumps(game.log).encode()).hexdigest()
        result[str(g)] = [digest, len(game.log), game.winner, game.truncated, game.state.turn]
    out.write_text(json.dumps(result, indent=0))
    out.with_suffix(".decks.json").write_text(json.dumps(
        [{"name": d.name, "main": [c.name for c in d.main],
          "material": [c.name for c in d.material]} for d in decks]))
    print(f"{out}: {games} games, {sum(int(v[1]) for v in result.values())} decisions")


def compare(before: Path, after: Path) -> int:
    a, b = json.loads(before.read_text()), json.loads(after.read_text())
    differ = sorted((g for g in a if a[g] != b.get(g)), key=int)
    print(f"{len(differ)} of {len(a)} games differ" + (f": {', '.join(differ)}" if differ
                                                         else ""))
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    rec.add_argument("--games", type=int, default=300)
    rec.add_argument("--decks", type=Path, default=None)
    cmp = sub.add_parser("compare")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "record":
        record(args.out, args.games, args.decks)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
