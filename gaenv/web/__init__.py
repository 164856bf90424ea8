"""``gaenv web``: a local web page to play against an agent, watch two agents and step
through a replay file (docs/web.md).

A small Flask app: the page (plain HTML, JavaScript and CSS in ``static/``, no build
step, nothing fetched from elsewhere) asks a JSON API, and the server keeps the games.
Each answer is a `view` of one game for one viewer: the board, the hands that viewer may
see, the stack, the game log (`gaenv.gamelog`), card texts and the legal options. A
person playing a seat is that seat's viewer: nothing the seat may not see (the other
hand, either deck) is ever sent. Watching and replays show everything. The duel
(docs/duel.md) is played, watched and replayed the same way, with its own board
(`gaenv.web.duel`): the forms' ``game`` field, a duel replay's header.
"""

from __future__ import annotations

import itertools
import logging
import socket
import threading
from collections.abc import Callable, Sequence
from typing import Any

from flask import Flask, Response, jsonify, request
from werkzeug.serving import make_server

from gaenv.agents.base import Agent
from gaenv.agents.registry import BUILT_IN, SPECS, AgentSpecError, make
from gaenv.board import board, option_note
from gaenv.cards.decks import builtin_deck_names
from gaenv.cards.report import summary
from gaenv.cards.schema import CardFileError
from gaenv.core.played import ReplayError
from gaenv.duel.cards import DuelCardError, builtin_decks
from gaenv.duel.game import DuelGame
from gaenv.engine.objects import DECK, HAND, MEMORY
from gaenv.engine.zones import can_see
from gaenv.env.config import ConfigError
from gaenv.gamelog import GameLog
from gaenv.live import Table, random_seed, seat_for
from gaenv.replay import parse, run
from gaenv.web.duel import duel_view

# Games kept at once: a new one past this drops the oldest.
KEPT = 16
# Bad input a person can give: the answer is its one-line message (HTTP 400).
INPUT_ERRORS = (AgentSpecError, CardFileError, ConfigError, DuelCardError, ReplayError,
                FileNotFoundError, KeyError, TypeError, ValueError)


def view(game: Any, log: Any, viewer: int | None, lines: int | None = None) -> dict[str, Any]:
    """What ``viewer`` (a seat, or None: a spectator) sees of ``game``: the board, their
    hands and memories, the log (its first ``lines``; all by default), the texts of the
    cards they may see, whether it is over and how it ended. A duel's: `duel_view`."""
    if isinstance(game, DuelGame):
        return duel_view(game, log, viewer, lines)
    state = game.state
    seen = (0, 1) if viewer is None else (viewer,)
    hands = [{"player": p, "zone": zone,
              "cards": [state.cards[c].defn.name for c in state.players[p].zones[zone]]}
             for p in seen for zone in (HAND, MEMORY)]
    texts = {card.defn.name: summary(card.defn) for card in state.cards
             if card.zone != DECK and (viewer is None or can_see(state, card.id, viewer))}
    return {"board": board(game, {}), "hands": hands, "texts": texts,
            "log": log_texts(log, viewer, lines), "options": [], "over": game.over,
            "ending": game.ending}


def log_texts(log: GameLog, viewer: int | None, lines: int | None = None) -> list[str]:
    """The texts of the log's first ``lines`` lines (all by default) ``viewer`` may read."""
    return [text for line in log.lines[:lines] if (text := line.seen_by(viewer))]


class Playing:
    """A person at ``seat`` against an agent; agents' steps run before each answer."""

    mode = "play"

    def __init__(self, data: dict[str, Any]) -> None:
        seed = _seed(data)
        seat = int(data["seat"]) if data.get("seat") not in (None, "") else seat_for(seed)
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, got {seat}")
        opponent = make(str(data.get("opponent") or "heuristic"), seed)
        defaults = _defaults(data, ("ember_vanguard", ""))
        deck = str(data.get("deck") or defaults[0])
        other = str(data.get("opponent_deck") or defaults[1] or deck)
        self.seat = seat
        self.table = _table(data, (deck, other) if seat == 0 else (other, deck), seed,
                            (None, opponent) if seat == 0 else (opponent, None))
        self.title = (f"you are player {seat} ({deck}) against {opponent.name} ({other}), "
                      f"seed {seed}")
        self._run()

    def _run(self) -> None:
        table = self.table
        while not table.game.over and table.person is None:
            table.advance()

    def act(self, data: dict[str, Any]) -> None:
        action = int(data["action"])
        if self.table.person != self.seat or action not in self.table.options():
            raise ValueError(f"action {action} is not one of your options now")
        self.table.choose(action)
        self._run()

    def show(self) -> dict[str, Any]:
        table = self.table
        shown = view(table.game, table.log, self.seat)
        if table.person == self.seat:
            duel = isinstance(table.game, DuelGame)  # (its option texts say it all)
            shown["options"] = [{"action": a, "text": o.text,
                                 "note": "" if duel else option_note(table.game, o)}
                                for a, o in table.options().items()]
        return shown


class Watching:
    """Two agents; each ``act`` runs them until the log has something new."""

    mode = "watch"

    def __init__(self, data: dict[str, Any]) -> None:
        seed = _seed(data)
        specs = [str(data.get("a") or "heuristic"), str(data.get("b") or "random")]
        defaults = _defaults(data, ("ember_vanguard", "vesper_shadows"))
        decks = [str(data.get("deck_a") or defaults[0]),
                 str(data.get("deck_b") or defaults[1] or defaults[0])]
        agents = [make(spec, f"{seed}:{seat}") for seat, spec in enumerate(specs)]
        self.table = _table(data, decks, seed, agents)
        self.title = (f"player 0: {specs[0]} ({decks[0]}); player 1: {specs[1]} ({decks[1]}); "
                      f"seed {seed}")

    def act(self, data: dict[str, Any]) -> None:
        self.table.advance_until_news()

    def show(self) -> dict[str, Any]:
        return view(self.table.game, self.table.log, None)


class Replaying:
    """A replay file, re-run once as it is opened. Its stops are the start and each
    decision after which the log had something new (forced passes are no stop); ``act``
    moves to the ``next`` stop, ``back`` to the one before, or on to the next ``turn``."""

    mode = "replay"

    def __init__(self, data: dict[str, Any]) -> None:
        name = str(data.get("name") or "replay")
        header, choices = parse(str(data["text"]), name)
        # Per stop: the spectator's view (without the log), its turn, how many log lines.
        self.stops: list[tuple[dict[str, Any], int, int]] = []
        self.game, self.log = run(header, choices, self._stop)
        self.at = 0
        self.title = f"replay {name}: {len(choices)} decisions, seed {header.get('seed')}"

    def _stop(self, game: Any, log: Any) -> None:
        if not self.stops or len(log.lines) > self.stops[-1][2] or game.over:
            self.stops.append((view(game, log, None, 0), game.state.turn, len(log.lines)))

    def act(self, data: dict[str, Any]) -> None:
        move, last = data.get("move"), len(self.stops) - 1
        if move == "back":
            self.at = max(0, self.at - 1)
        elif move == "turn":
            turn = self.stops[self.at][1]
            self.at = next((i for i, stop in enumerate(self.stops) if stop[1] > turn), last)
        else:
            self.at = min(last, self.at + 1)

    def show(self) -> dict[str, Any]:
        shown, _, lines = self.stops[self.at]
        return {**shown, "log": log_texts(self.log, None, lines),
                "position": f"step {self.at} of {len(self.stops) - 1}",
                "over": self.at == len(self.stops) - 1}


def _defaults(data: dict[str, Any], ga: tuple[str, str]) -> tuple[str, str]:
    """The decks of player 0 and 1 when none are given ("": the same as player 0's): the
    duel's two built-in decks, or ``ga``."""
    if data.get("game") == "duel":
        first, second = builtin_decks()
        return first, second
    return ga


def _table(data: dict[str, Any], decks: Sequence[str], seed: int,
           agents: Sequence[Agent | None]) -> Table:
    """A table of the form's ``game`` (``ga`` by default, or ``duel``; another name is a
    `gaenv.games.UnknownGame`, an input error)."""
    return Table(decks, seed, agents, game=str(data.get("game") or "ga"))


def _seed(data: dict[str, Any]) -> int:
    given = data.get("seed")
    return int(given) if given not in (None, "") else random_seed()


MODES: dict[str, Callable[[dict[str, Any]], Playing | Watching | Replaying]] = {
    "play": Playing, "watch": Watching, "replay": Replaying}


def create_app() -> Flask:
    """The Flask app (see the module doc)."""
    app = Flask(__name__, static_folder="static", static_url_path="/static")
    kept: dict[str, Playing | Watching | Replaying] = {}
    numbers = itertools.count(1)
    lock = threading.Lock()

    def answer(key: str, game: Playing | Watching | Replaying) -> Response:
        return jsonify({"id": key, "mode": game.mode, "title": game.title, **game.show()})

    @app.get("/")
    def index() -> Any:
        return app.send_static_file("index.html")

    @app.get("/api/setup")
    def setup() -> Any:
        return jsonify({"decks": builtin_deck_names(), "duel_decks": list(builtin_decks()),
                        "agents": list(BUILT_IN), "specs": SPECS})

    @app.post("/api/new/<mode>")
    def new(mode: str) -> Any:
        if mode not in MODES:
            return jsonify({"error": f"unknown mode {mode!r}"}), 404
        try:
            game = MODES[mode](request.get_json(force=True))
        except INPUT_ERRORS as exc:
            return jsonify({"error": _message(exc)}), 400
        with lock:
            key = str(next(numbers))
            kept[key] = game
            while len(kept) > KEPT:
                del kept[next(iter(kept))]
        return answer(key, game)

    @app.post("/api/game/<key>")
    def act(key: str) -> Any:
        game = kept.get(key)
        if game is None:
            return jsonify({"error": "no such game (the server keeps the last "
                                     f"{KEPT}; it may have restarted)"}), 404
        with lock:
            try:
                game.act(request.get_json(force=True))
            except INPUT_ERRORS as exc:
                return jsonify({"error": _message(exc)}), 400
            return answer(key, game)

    return app


def _message(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing {exc.args[0]!r}"
    return str(exc.args[0]) if exc.args else type(exc).__name__


def serve(host: str, port: int, write: Callable[[str], None] = print) -> None:
    """Serve the page at ``host:port`` until Ctrl-C; OSError if the port is taken."""
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    # Our own socket: a port in use is an OSError here, not werkzeug's exit.
    listening = socket.create_server((host, port))
    server = make_server(host, port, create_app(), threaded=True, fd=listening.fileno())
    write(f"gaenv web: open http://{host}:{server.port}/ (Ctrl-C stops)")
    try:
        server.serve_forever()  # (werkzeug's returns on Ctrl-C)
    finally:
        server.server_close()
        listening.close()
    write("gaenv web: stopped")
