"""Self-play balance studies (``gaenv balance``): which decks and cards win too often, and
how sure we are.

A study (`config`) names decks, a card pool, pilots and a number of games per ordered pair
of decks. `games` plays every ordered pair on paired seeds, and each pilot against the
reference agents, appending every finished game to ``results.csv`` (so a study resumes);
`stats` turns the games into win rates with intervals, per-card impact and pilot strength
(``report.json``); `report` writes ``report.md`` and the plots. docs/balance.md describes
the config, the files and the statistics.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gaenv.balance import config, games, report, stats


def run_study(config_path: Path, out: Path, workers: int = 1, resume: bool = False,
              pool: list[str] | None = None, progress: bool = True, backend: str = "local",
              address: str = "") -> dict[str, Any]:
    """Check the config at ``config_path`` (``pool`` replacing its pool), play the games
    ``out/results.csv`` lacks in ``workers`` processes (or as Ray tasks: ``backend``,
    ``address``, `gaenv.parallel.executor`), and write the report into ``out``; returns
    report.json's content. ``resume``: continue a study already in ``out``."""
    study = config.load(config_path, out, pool)
    games.prepare(study, out, resume)
    rows = games.run(study, out, workers, progress, backend, address)
    result = stats.analyze(study, rows)
    report.write(result, out)
    return result
