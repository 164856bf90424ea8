"""A study's games: the plan, playing them in worker processes, and ``results.csv``.

The plan is fixed by the config alone. Study games: for k in 0..games-1, every ordered
pair of decks (mirrors included) with seed ``seed + k``, so that each seed is played with
both seat assignments of every pair (paired seeds). Pilot games: each distinct pilot
against ``random`` and ``heuristic`` (`agents.evaluate.schedule`: paired seeds, both
seats, the study's decks). Every game is numbered; a game depends only on its own entry,
never on which worker plays it or when, so any number of workers gives the same results.
Each finished game is appended to ``results.csv`` at once; a study run again with
``resume`` plays only the games that file lacks.
"""

from __future__ import annotations

import contextlib
import csv
import signal
from collections.abc import Iterator, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass
from pathlib import Path

import yaml
from tqdm import tqdm

from gaenv.agents.evaluate import Game, run_game, schedule
from gaenv.balance.config import Study, write_deck
from gaenv.cards.schema import CardPool, pool_of
from gaenv.engine.game import Game as EngineGame
from gaenv.engine.game import replay
from gaenv.env.config import ConfigError
from gaenv.parallel import executor
from gaenv.simulate import pairings

STUDY = "study"
PILOT = "pilot"
REFERENCE = ("random", "heuristic")  # what each pilot is measured against
CONFIG = "config.yaml"
RESULTS = "results.csv"
FIELDS = ("game", "kind", "seed", "deck0", "deck1", "pilot0", "pilot1", "winner",
          "first_player", "truncated", "turns", "decisions", "played0", "played1")
PLAYED_EVENTS = frozenset({"activated", "enters"})
SEPARATOR = "|"  # between the card names of a played set in results.csv


@dataclass(frozen=True)
class Job:
    """Game number ``number`` of the plan: its kind, the game (agent specs and deck files
    by seat, seed) and the decks' labels by seat."""

    number: int
    kind: str
    game: Game
    labels: tuple[str, str]
    game_kind: str = "ga"  # the study's game: ga, or duel (gaenv.balance.duel)


@dataclass(frozen=True)
class Row:
    """One finished game, as a line of results.csv. ``winner`` and ``first_player`` are
    seats (``winner`` None: a draw or a truncation); ``played`` holds, per seat, the names
    of the cards that seat's player played (`played_cards`)."""

    game: int
    kind: str
    seed: int
    decks: tuple[str, str]
    pilots: tuple[str, str]
    winner: int | None
    first_player: int
    truncated: bool
    turns: int
    decisions: int
    played: tuple[frozenset[str], frozenset[str]]

    def fields(self) -> dict[str, object]:
        return {"game": self.game, "kind": self.kind, "seed": self.seed,
                "deck0": self.decks[0], "deck1": self.decks[1],
                "pilot0": self.pilots[0], "pilot1": self.pilots[1],
                "winner": "" if self.winner is None else self.winner,
                "first_player": self.first_player, "truncated": int(self.truncated),
                "turns": self.turns, "decisions": self.decisions,
                "played0": SEPARATOR.join(sorted(self.played[0])),
                "played1": SEPARATOR.join(sorted(self.played[1]))}

    @classmethod
    def parse(cls, line: dict[str, str]) -> Row:
        return cls(int(line["game"]), line["kind"], int(line["seed"]),
                   (line["deck0"], line["deck1"]), (line["pilot0"], line["pilot1"]),
                   int(line["winner"]) if line["winner"] else None, int(line["first_player"]),
                   bool(int(line["truncated"])), int(line["turns"]), int(line["decisions"]),
                   (frozenset(filter(None, line["played0"].split(SEPARATOR))),
                    frozenset(filter(None, line["played1"].split(SEPARATOR)))))


def plan(study: Study) -> list[Job]:
    """Every game of the study, numbered (see the module doc)."""
    config = study.config
    jobs: list[Job] = []
    for k in range(config.games):
        for a, b in pairings(study.decks):
            jobs.append(Job(len(jobs), STUDY, Game((a.pilot, b.pilot), (a.path, b.path),
                                                   config.seed + k), (a.label, b.label),
                            config.game))
    labels = {d.path: d.label for d in study.decks}
    measured: set[frozenset[str]] = set()
    for pilot in study.pilot_specs() if config.pilot_games else ():
        for opponent in REFERENCE:
            pair = frozenset({pilot, opponent})
            if len(pair) == 1 or pair in measured:  # itself, or a pilot the other way round
                continue
            measured.add(pair)
            for game in schedule([pilot, opponent], config.pilot_games, list(labels),
                                 config.seed):
                jobs.append(Job(len(jobs), PILOT, game,
                                (labels[game.decks[0]], labels[game.decks[1]]), config.game))
    return jobs


def played_cards(game: EngineGame, pool: CardPool) -> tuple[frozenset[str], frozenset[str]]:
    """The names of the cards each player played: activated, or put onto the field (a
    champion, a regalia, a unit), from their own deck (tokens left out). Read from the
    events (`gaenv.engine.events`: ``activated``, ``enters``) that replaying the game's
    choices records."""
    played: tuple[set[str], set[str]] = (set(), set())

    def note(now: EngineGame) -> None:
        state = now.state
        for event in state.events:
            if event.kind in PLAYED_EVENTS and event.player >= 0:
                card = state.cards[event.card]
                if card.owner == event.player and not card.defn.token:
                    played[event.player].add(card.defn.name)

    note(replay(game.header(), game.log, pool, before=lambda again, number, entry: note(again)))
    return frozenset(played[0]), frozenset(played[1])


def play(job: Job, turn_limit: int, pool: tuple[str, ...] | None) -> Row:
    """Play one game of the plan (in a worker process or not)."""
    result, game = run_game(job.game, turn_limit, pool=pool, kind=job.game_kind)
    if job.game_kind == "duel":
        from gaenv.balance.duel import played_cards as duel_played

        played = duel_played(game)
    else:
        played = played_cards(game, pool_of(pool))
    return Row(job.number, job.kind, job.game.seed, job.labels, job.game.seats, result.winner,
               game.state.first_player, result.truncated, result.turns, result.decisions,
               played)


def prepare(study: Study, out: Path, resume: bool) -> None:
    """Make the study folder: its resolved config and the variants' deck files. A folder
    that holds a study already is refused unless resuming one with the same config."""
    saved = out / CONFIG
    text = yaml.safe_dump(study.config.as_dict(), sort_keys=False, allow_unicode=True)
    if saved.exists():
        if not resume:
            raise FileExistsError(f"{out} holds a study already: --resume continues it, or "
                                  "choose another --out")
        if saved.read_text() != text:
            raise ConfigError(f"{saved}: the study there was made with another config; "
                              "resume it with the same config (and --pool), or choose "
                              "another --out")
    out.mkdir(parents=True, exist_ok=True)
    saved.write_text(text)
    for deck in study.decks:
        if deck.doc is not None:
            write_deck(deck)


def read_results(path: Path) -> list[Row]:
    """The finished games in a results file, by number (none if there is no file). A last
    line cut short (the study was killed while writing it) is dropped from the file."""
    if not path.exists():
        return []
    text = path.read_text()
    if not text.endswith("\n"):
        text = text[:text.rfind("\n") + 1]
        path.write_text(text)
    return sorted((Row.parse(line) for line in csv.DictReader(text.splitlines())),
                  key=lambda row: row.game)


def run(study: Study, out: Path, workers: int = 1, progress: bool = True,
        backend: str = "local", address: str = "") -> list[Row]:
    """Play the games of the plan that ``out/results.csv`` lacks (in ``workers``
    processes, or as Ray tasks: `gaenv.parallel.executor`), appending each as it
    finishes; returns every finished game, by number."""
    path = out / RESULTS
    rows = read_results(path)
    done = {row.game for row in rows}
    jobs = plan(study)
    todo = [job for job in jobs if job.number not in done]
    with open(path, "a", newline="") as f, \
            tqdm(total=len(jobs), initial=len(jobs) - len(todo), unit="game", desc="balance",
                 disable=not progress) as bar, \
            contextlib.closing(_played(todo, study, workers, backend, address)) as finished:
        writer = csv.DictWriter(f, FIELDS)
        if f.tell() == 0:
            writer.writeheader()
        for row in finished:
            writer.writerow(row.fields())
            f.flush()
            rows.append(row)
            bar.update()
    return sorted(rows, key=lambda row: row.game)


def _ignore_interrupt() -> None:
    """Worker processes leave Ctrl-C to the main process, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _played(jobs: Sequence[Job], study: Study, workers: int, backend: str = "local",
            address: str = "") -> Iterator[Row]:
    """The jobs' rows as their games finish."""
    turn_limit, pool = study.config.turn_limit, study.pool
    if workers == 1 and backend == "local":
        for job in jobs:
            yield play(job, turn_limit, pool)
        return
    runner = executor(workers, backend, address, initializer=_ignore_interrupt)
    try:
        futures = [runner.submit(play, job, turn_limit, pool) for job in jobs]
        for future in as_completed(futures):
            yield future.result()
    finally:
        runner.shutdown(cancel_futures=True)
