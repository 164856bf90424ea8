"""The ``gaenv`` command. Subcommands register themselves in ``COMMANDS``."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml

from gaenv import configs, games
from gaenv.agents.registry import AgentSpecError
from gaenv.cards import imported, report
from gaenv.cards.decks import build_deck, builtin_deck_names, load_deck, vanilla_line
from gaenv.cards.schema import CardFileError, CardPool, default_pool, pool_of
from gaenv.core.played import ReplayError
from gaenv.distributed import RayMissing
from gaenv.engine.game import DEFAULT_TURN_LIMIT, DeckList
from gaenv.engine.objects import CARD_TYPES, ELEMENTS
from gaenv.env.config import ConfigError
from gaenv.parallel import BACKENDS
from gaenv.simulate import pairings, simulate

# The decks ``play`` and ``watch`` use when none are named (built-in pool only).
DEFAULT_DECKS = ("ember_vanguard", "vesper_shadows")


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def non_negative(text: str) -> float:
    """An argparse type: a number of at least 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {text}")
    return value


def _simulate(args: argparse.Namespace) -> int:
    spec = _game(args)
    if spec.pools:
        pool: CardPool | None = _pool(args)
        names = deck_names(args.decks, args.pool, "--decks A B")
    else:  # its own cards and decks (the duel: docs/duel.md)
        pool, names = None, list(args.decks or spec.decks())
    decks = [spec.deck(name, pool) for name in names]
    if args.decks:
        pairs = [(decks[0], decks[1])]
        label = f"{decks[0].name} (player 0) vs {decks[1].name} (player 1)"
    else:
        pairs = pairings(decks)
        label = (f"cycling through the {len(pairs)} seat-ordered pairings of {len(decks)} "
                 "built-in decks")
    summary = simulate(pairs, args.games, args.seed, args.turn_limit, args.check, args.replays,
                       args.game)
    print(f"random vs random, {label}, seeds {args.seed}..{args.seed + args.games - 1}")
    for line in summary.lines():
        print(line)
    if spec.pools:  # (cards of Grand Archive's pools may be implemented in part)
        _print_flag([d.cards for d in decks])
    if args.check:
        print(f"checks           {spec.checks} held after every decision")
    return 0


def _add_simulate(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("simulate", help="play random-vs-random games and print a summary")
    p.add_argument("--games", type=positive_int, default=100,
                   help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--decks", nargs=2, metavar=("A", "B"),
                   help="deck names or files for player 0 and player 1 "
                        "(default: every pairing of the built-in decks)")
    p.add_argument("--turn-limit", type=positive_int,
                   help=f"truncate games after this many turns (default: the game's own, "
                        f"{DEFAULT_TURN_LIMIT} for Grand Archive)")
    p.add_argument("--check", action="store_true",
                   help="verify the invariants after every decision (slower)")
    _add_game(p)
    _add_replays(p)
    _add_pool(p)
    p.set_defaults(run=_simulate)


def _add_replays(p: argparse.ArgumentParser) -> None:
    p.add_argument("--replays", type=Path, metavar="DIR",
                   help="write each game's replay file (JSON lines) into DIR")


def _replay(args: argparse.Namespace) -> int:
    from gaenv import replay

    header, _ = replay.read(args.file)
    spec = games.GAMES.get(games.named(header))
    if spec is not None and not spec.pools:  # (another name: replay.show says what is wrong)
        _no_pool(args, spec)
        print(_replayed(replay.show(args.file, step=args.step)))
        return 0
    game = replay.show(args.file, step=args.step, pool=_pool(args))
    print(_replayed(game))
    assert game.setup is not None  # a replayed game was started by Game.new
    _print_flag(game.setup.decks)
    return 0


def _replayed(game: Any) -> str:
    """What a verified replay came to (either game's: the same narrow API)."""
    result = ("unfinished" if not game.over else "truncated" if game.truncated
              else "a draw" if game.winner is None else f"won by player {game.winner}")
    return (f"replayed {len(game.log)} decisions: every recorded choice was legal and the "
            f"same; the game was {result}")


def _add_replay(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("replay", help="re-run a replay file turn by turn, verifying it")
    p.add_argument("file", type=Path, help="a replay file (.jsonl)")
    p.add_argument("--step", action="store_true", help="wait for Enter before each turn")
    _add_pool(p)
    p.set_defaults(run=_replay)


def _pool(args: argparse.Namespace) -> CardPool:
    """The pool of ``--pool DIR`` (an import folder), else the built-in pool."""
    return imported.load(args.pool) if args.pool else default_pool()


def _pool_files(args: argparse.Namespace) -> tuple[str, ...] | None:
    """The card files of ``--pool DIR``, as the environment takes them (None: built-in)."""
    return imported.pool_files(args.pool) if args.pool else None


def _add_pool(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pool", type=Path, metavar="DIR",
                   help="play with the cards of this import folder (gaenv cards import)")


def deck_names(given: Sequence[str] | None, pool: Path | None, option: str,
               default: Sequence[str] | None = None) -> list[str]:
    """The decks given, else (with the built-in pool) ``default``, by default every
    built-in deck; with ``--pool`` the decks must be given, with ``option``."""
    if given:
        return list(given)
    if pool is not None:
        raise CardFileError(f"with --pool, give decks of its cards with {option} (gaenv "
                            "cards decks --pool DIR --champion NAME builds one)")
    return list(default or builtin_deck_names())


def flag_vanilla(names: Sequence[str], pool: tuple[str, ...] | None) -> None:
    """Load the decks ``names`` from the pool of the card files ``pool`` (None: built-in)
    and print the vanilla flag if any of their cards is vanilla."""
    cards = pool_of(pool)
    _print_flag([load_deck(n, cards).cards for n in names])


def _print_flag(decks: Sequence[DeckList]) -> None:
    flag = vanilla_line(decks)
    if flag:
        print(flag)


def _cards_list(args: argparse.Namespace) -> int:
    cards = [c for c in _pool(args).cards
             if (args.type is None or c.type == args.type)
             and (args.element is None or c.element == args.element)]
    return _print(report.list_lines(cards))


def _cards_coverage(args: argparse.Namespace) -> int:
    return _print(imported.coverage_lines(args.pool) if args.pool
                  else report.coverage_lines(default_pool()))


def _cards_import(args: argparse.Namespace) -> int:
    summary = imported.import_files(args.files, args.out, args.vanilla)
    print(f"imported {summary['cards']} cards into {args.out}: full {summary['full']}, "
          f"partial {summary['partial']}, none {summary['none']}, playable "
          f"{summary['playable']}" + (" (others with complete stats: vanilla)"
                                      if args.vanilla else ""))
    return 0


def _cards_show(args: argparse.Namespace) -> int:
    if args.pool:
        return _print(imported.show_lines(args.name, args.pool))
    try:
        card = default_pool().get(args.name)
    except KeyError as exc:
        raise CardFileError(exc.args[0]) from None
    return _print(report.show_lines(card))


def _cards_decks(args: argparse.Namespace) -> int:
    pool = _pool(args)
    if args.deck:
        deck = load_deck(args.deck, pool)
        print(f"{deck.path}: a legal deck of {len(deck.cards.main)} main and "
              f"{len(deck.cards.material)} material cards")
    else:
        if not args.champion:
            raise CardFileError("give --champion NAME to build a deck, or --deck FILE to "
                                "check one")
        text = yaml.safe_dump(build_deck(pool, args.champion), sort_keys=False,
                              allow_unicode=True)
        if args.out:
            args.out.write_text(text)
            deck = load_deck(str(args.out), pool)
            print(f"written to {args.out}")
        else:
            with tempfile.TemporaryDirectory() as folder:  # checked as a file is checked
                path = Path(folder) / "deck.yaml"
                path.write_text(text)
                deck = load_deck(str(path), pool)
            print(text, end="")
    _print_flag([deck.cards])
    return 0


def _print(lines: Iterable[str]) -> int:
    for line in lines:
        print(line)
    return 0


def _add_cards(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("cards", help="the card pool: list, coverage, import real cards, show")
    views = p.add_subparsers(dest="view", required=True)
    q = views.add_parser("list", help="one card per line")
    q.add_argument("--type", choices=CARD_TYPES, help="list only cards of this type")
    q.add_argument("--element", choices=ELEMENTS, help="list only cards of this element")
    _add_pool(q)
    q.set_defaults(run=_cards_list)
    q = views.add_parser("coverage", help="built-in: how each card is implemented; --pool: "
                                          "how much of the imported text was translated")
    _add_pool(q)
    q.set_defaults(run=_cards_coverage)
    q = views.add_parser("import", help="import real cards from the official database's JSON")
    q.add_argument("files", nargs="+", type=Path, metavar="FILE",
                   help="JSON exports: lists of cards or search pages (v1 or v2 records)")
    q.add_argument("--out", type=Path, default=Path("pool"),
                   help="the import folder to write (default ./pool)")
    q.add_argument("--vanilla", action="store_true",
                   help="also let cards with complete stats but text not fully translated "
                        "play, as stats only (flagged vanilla)")
    q.set_defaults(run=_cards_import)
    q = views.add_parser("decks", help="build a legal deck around a champion, or check a "
                                       "deck file, against a pool")
    q.add_argument("--champion", help="the champion's lineage name (Zander)")
    q.add_argument("--deck", help="a deck file (or built-in name) to check instead")
    q.add_argument("--out", type=Path, help="write the built deck here (default: print it)")
    _add_pool(q)
    q.set_defaults(run=_cards_decks)
    q = views.add_parser("show", help="a card: stats, text and effect tree")
    q.add_argument("name", help="the card's name")
    _add_pool(q)
    q.set_defaults(run=_cards_show)


def _layout(args: argparse.Namespace) -> int:
    print(games.get(args.game).layout().rstrip("\n"))
    return 0


def _add_layout(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("layout", help="print the observation and action layout (Markdown)")
    _add_game(p)
    p.set_defaults(run=_layout)


def _add_train(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from gaenv.agents import train

    p = sub.add_parser("train", help="self-play MaskablePPO training from a config",
                       description=train.__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    train.add_arguments(p)
    p.set_defaults(run=train.run)


def _eval(args: argparse.Namespace) -> int:
    import datetime

    from gaenv.agents.evaluate import ScheduleError, evaluate, write_json

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            print(f"  {done}/{total} games", file=sys.stderr)

    spec = _game(args)
    files = _pool_files(args)
    if spec.pools:
        decks = deck_names(args.decks, args.pool, "--decks")
        flag_vanilla(decks, files)
    else:  # its own cards and decks (the duel: docs/duel.md)
        decks = args.decks
    try:
        evaluation = evaluate(args.agents, args.games, decks, args.seed, args.turn_limit,
                              args.workers, progress, args.replays, pool=files,
                              backend=args.backend, address=args.address, game=args.game,
                              match=args.match or "")
    except ScheduleError as exc:
        print(f"gaenv eval: error: {exc}", file=sys.stderr)
        return 2
    out = args.out or Path("runs") / f"eval-{datetime.datetime.now():%Y%m%d-%H%M%S}"
    evaluation.write(out)
    if args.json:
        write_json(evaluation, args.json)
    print(evaluation.table(), end="")
    print(f"written to {out}" + (f" and {args.json}" if args.json else ""))
    return 0


def _add_game(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", choices=games.NAMES, default="ga",
                   help="the game (gaenv.games): ga, Grand Archive, or duel, the "
                        "three-champion duel (docs/duel.md)")


def _add_workers(p: argparse.ArgumentParser) -> None:
    """Where the games run (`gaenv.parallel`)."""
    p.add_argument("--workers", type=positive_int, default=1,
                   help="processes, or Ray tasks at once on a local Ray (default 1)")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local processes (default) or Ray tasks (the distributed extra; "
                        "docs/distributed.md)")
    p.add_argument("--address", default="",
                   help="with --backend ray: a Ray cluster (auto, HOST:PORT); default: a "
                        "local Ray")


def _add_eval(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from gaenv.agents.registry import SPECS

    p = sub.add_parser("eval", help="evaluate agents against each other on paired seeds")
    p.add_argument("--agents", nargs="+", required=True,
                   help=f"agent specs: {SPECS} (e.g. search:budget=96, ppo:RUN)")
    p.add_argument("--games", type=positive_int, default=100,
                   help="games per pair of agents, even: half the seeds, both seatings "
                        "(default 100)")
    p.add_argument("--decks", nargs="+", help="decks to cycle through (default: built-in)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--turn-limit", type=positive_int,
                   help=f"turns before a game is truncated (default: the game's own, "
                        f"{DEFAULT_TURN_LIMIT} for Grand Archive)")
    _add_game(p)
    p.add_argument("--match", choices=("bo3",),
                   help="with --game duel: play best-of-three matches with side decks "
                        "(DUEL 3.8); --games counts matches")
    _add_workers(p)
    p.add_argument("--out", type=Path, help="folder for results.csv/.md, ratings.csv "
                                            "(default runs/eval-TIME)")
    p.add_argument("--json", type=Path, help="also write the results as JSON here")
    _add_replays(p)
    _add_pool(p)
    p.set_defaults(run=_eval)


def _seed(given: int | None) -> int:
    """The seed given, or a random one (said, so the game can be played again)."""
    if given is not None:
        return given
    from gaenv.live import random_seed

    seed = random_seed()
    print(f"seed {seed} (--seed {seed} plays this game again)")
    return seed


def _play(args: argparse.Namespace) -> int:
    from gaenv.agents.play import play
    from gaenv.live import seat_for

    spec = _game(args)
    files = _pool_files(args)
    if spec.pools:
        deck = deck_names([args.deck] if args.deck else None, args.pool, "--deck",
                          DEFAULT_DECKS[:1])[0]
        opponent_deck = args.opponent_deck or deck
        flag_vanilla([deck, opponent_deck], files)
    else:  # its own cards and decks (the duel: docs/duel.md): by default, one of each
        first, second = spec.decks()[:2]
        deck, opponent_deck = args.deck or first, args.opponent_deck or second
    seed = _seed(args.seed)
    seat = args.seat if args.seat is not None else seat_for(seed)
    play(args.opponent, deck, opponent_deck, seat, seed, replays=args.replays, pool=files,
         game_kind=args.game)
    return 0


def _no_pool(args: argparse.Namespace, spec: games.GameSpec) -> None:
    """A game that plays only its own cards (the duel) refuses ``--pool``."""
    if args.pool and not spec.pools:
        raise ConfigError(f"--pool is for Grand Archive cards; {spec.title} plays its own")


def _game(args: argparse.Namespace) -> games.GameSpec:
    """The game of ``--game``, with ``--pool`` refused if it plays only its own cards
    (then ``_pool_files`` is None: no pool was given)."""
    spec = games.get(args.game)
    _no_pool(args, spec)
    return spec


def _add_play(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("play", help="play against an agent in the terminal")
    p.add_argument("--opponent", default="heuristic",
                   help="agent spec, as for eval --agents (default heuristic)")
    p.add_argument("--deck", help=f"your deck (default {DEFAULT_DECKS[0]}; with --pool, "
                                  "give one of its cards)")
    p.add_argument("--opponent-deck", help="the agent's deck (default: the same as yours; "
                                           "duel: the other built-in deck)")
    p.add_argument("--seat", type=int, choices=(0, 1), help="your seat (default: random)")
    p.add_argument("--seed", type=int, help="game seed (default: a random one, printed)")
    _add_game(p)
    _add_replays(p)
    _add_pool(p)
    p.set_defaults(run=_play)


def _balance(args: argparse.Namespace) -> int:
    import shlex
    import time

    from gaenv.balance import run_study
    from gaenv.balance.games import RESULTS, read_results
    from gaenv.balance.report import largest

    config = configs.find("balance", args.config)
    if config is None:
        raise ConfigError(f"unknown study config {args.config!r}; built-in: "
                          f"{', '.join(configs.names('balance'))} (or the path of a .yaml file)")
    out = args.out or Path("runs") / "balance" / config.stem
    start = time.perf_counter()
    done = len(read_results(out / RESULTS)) if args.resume else 0
    try:
        result = run_study(config, out, args.workers, args.resume, args.pool,
                           backend=args.backend, address=args.address)
    except KeyboardInterrupt:
        again = shlex.join(["gaenv", "balance", "--config", str(args.config), "--out",
                            str(out), "--resume",
                            *(["--workers", str(args.workers)] * (args.workers > 1)),
                            *(["--backend", "ray"] * (args.backend == "ray")),
                            *(["--address", args.address] * bool(args.address)),
                            *(["--pool", *args.pool] if args.pool else [])])
        print(f"\ngaenv balance: interrupted; every finished game is kept in "
              f"{out / RESULTS}. Resume with:\n  {again}", file=sys.stderr)
        return 130
    seconds = time.perf_counter() - start
    total = len(read_results(out / RESULTS))
    played = total - done
    print(f"played {played} games in {seconds:.1f} s ({played / max(seconds, 1e-9):.1f} "
          f"games/s, {args.workers} worker{'s' * (args.workers > 1)}); {total} in all")
    print("decks, strongest first: win rate (adjusted interval)")
    for deck in result["decks"]:
        verdict = ("significantly " + ("stronger" if deck["win_rate"] > 0.5 else "weaker")
                   if deck["significant"] else "")
        print(f"  {deck['name']:<28} {deck['win_rate']:6.1%} ({deck['ci_low']:.1%} - "
              f"{deck['ci_high']:.1%}) {verdict}")
    first = result["first_player"]
    print(f"first player: {first['win_rate']:.1%} ({first['ci_low']:.1%} - "
          f"{first['ci_high']:.1%}){', significant' if first['advantage'] else ''}")
    cards = result["cards"]
    print(f"flagged cards: {sum(c['flagged'] for c in cards)} of {len(cards)} comparisons"
          + "".join(f"{'; largest: ' if i == 0 else ', '}{c['name']} in {c['deck']} "
                    f"({c['impact']:+.1%})" for i, c in enumerate(largest(cards, 3))))
    for warning in result["warnings"]:
        print(f"warning: {warning}")
    print(f"report: {out / 'report.md'} (report.json, results.csv and plots beside it)")
    return 0


def _add_balance(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("balance", help="a self-play balance study of decks and cards "
                                       "(docs/balance.md)")
    p.add_argument("--config", required=True,
                   help=f"the study's config: a built-in name "
                        f"({', '.join(configs.names('balance'))}) or a YAML file")
    p.add_argument("--out", type=Path,
                   help="the study folder (default runs/balance/CONFIG-NAME)")
    _add_workers(p)
    p.add_argument("--resume", action="store_true",
                   help="continue the study in --out, playing only the games it lacks")
    p.add_argument("--pool", nargs="+", metavar="PATH",
                   help="card files or folders (builtin: the built-in cards), replacing "
                        "the config's pool")
    p.set_defaults(run=_balance)


def _watch(args: argparse.Namespace) -> int:
    import time

    from gaenv import replay
    from gaenv.agents.registry import make
    from gaenv.gamelog import Teller
    from gaenv.live import Table

    spec = _game(args)
    files = _pool_files(args)
    if spec.pools:
        decks = deck_names(args.decks, args.pool, "--decks A B", DEFAULT_DECKS)
        flag_vanilla(decks, files)
    else:  # its own cards and decks (the duel: docs/duel.md)
        decks = list(args.decks or spec.decks())
    seed = _seed(args.seed)
    table = Table(decks, seed, (make(args.a, f"{seed}:0", files),
                                make(args.b, f"{seed}:1", files)),
                  args.turn_limit, files, args.game)
    print(f"player 0: {args.a} ({decks[0]}); player 1: {args.b} ({decks[1]}); seed {seed}")
    teller = Teller(table.log, print, pause=lambda: time.sleep(args.delay))
    while not table.game.over:
        table.advance()
        teller.told()
    teller.end()
    if args.replays:
        print(f"replay written to "
              f"{replay.write(args.replays, f'watch-seed{seed}', table.game, [args.a, args.b])}")
    return 0


def _add_watch(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from gaenv.agents.registry import SPECS

    p = sub.add_parser("watch", help="watch two agents play, live in the terminal")
    p.add_argument("a", help=f"agent spec of player 0 ({SPECS})")
    p.add_argument("b", help="agent spec of player 1")
    p.add_argument("--decks", nargs=2, metavar=("A", "B"),
                   help=f"decks of player 0 and player 1 (default {' '.join(DEFAULT_DECKS)}; "
                        "with --pool, give two of its cards)")
    p.add_argument("--seed", type=int, help="game seed (default: a random one, printed)")
    p.add_argument("--delay", type=non_negative, default=1.0,
                   help="seconds to wait after each step with something to say (default 1, "
                        "0: no wait)")
    p.add_argument("--turn-limit", type=positive_int,
                   help=f"turns before the game stops (default: the game's own, "
                        f"{DEFAULT_TURN_LIMIT} for Grand Archive)")
    _add_game(p)
    _add_replays(p)
    _add_pool(p)
    p.set_defaults(run=_watch)


def _web(args: argparse.Namespace) -> int:
    try:
        from gaenv import web
    except ImportError as exc:
        print(f"gaenv web: error: {exc.msg}; install it with: pip install 'gaenv[web]'",
              file=sys.stderr)
        return 2
    try:
        web.serve(args.host, args.port)
    except OSError as exc:
        print(f"gaenv web: error: cannot listen on {args.host}:{args.port}: {exc.strerror}",
              file=sys.stderr)
        return 2
    return 0


def _add_web(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("web", help="a local web page: play an agent, watch two, open a replay")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.set_defaults(run=_web)


COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [  # type: ignore[type-arg]
    _add_simulate,
    _add_cards,
    _add_layout,
    _add_train,
    _add_eval,
    _add_balance,
    _add_play,
    _add_watch,
    _add_replay,
    _add_web,
]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gaenv", description="Grand Archive RL environment")
    sub = parser.add_subparsers(dest="command", required=True)
    for add in COMMANDS:
        add(sub)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (CardFileError, ConfigError, AgentSpecError, FileNotFoundError,
            FileExistsError, ReplayError, RayMissing) as exc:
        print(f"gaenv: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: whatever was running has said what it kept
        print("gaenv: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into e.g. `head`, which stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
