"""Rules scenarios: a position, the choices made from it, what must then hold.

    python -m gaenv.scenario FILE_OR_FOLDER...

prints ``PASS name`` or ``FAIL name: why`` per scenario and exits 1 if any
failed. The file format is a public interface, documented in
docs/scenarios.md; unknown keys are errors that name the file and the key.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaenv import games
from gaenv.cards.schema import CardFileError, CardPool, default_pool
from gaenv.core.decisions import DECLINE_VERBS, Option
from gaenv.core.played import IllegalOption
from gaenv.engine import champions, statics
from gaenv.engine.game import Game
from gaenv.engine.journal import create, make_object
from gaenv.engine.objects import (
    BANISHMENT,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    LINEAGE,
    MATERIAL,
    MEMORY,
    CardObj,
    band,
    band_text,
)
from gaenv.engine.state import PHASES, GameState
from gaenv.yamlio import YamlError, keyed, load_yaml

TOP_KEYS = ("game", "name", "rules", "seed", "setup", "steps", "expect", "offered", "not_offered",
            "not_offered_before", "error")
SETUP_KEYS = ("turn_player", "phase", "turn", "first_player", "players")
PLAYER_KEYS = ("lineage", "champion", "hand", "memory", "material", "deck", "graveyard",
               "banishment", "field")
OBJECT_KEYS = ("card", "rested", "damage", "counters")
CHAMPION_KEYS = ("rested", "damage", "counters")
NAME_ZONES = {"hand": HAND, "memory": MEMORY, "material": MATERIAL, "deck": DECK,
              "graveyard": GRAVEYARD, "banishment": BANISHMENT}
# Zones compared in order; the others are compared as multisets.
ORDERED = frozenset({"deck", "lineage", "field"})


class ScenarioError(ValueError):
    """A malformed scenario file (as opposed to a scenario that fails)."""


class ScenarioFailure(AssertionError):
    """The scenario ran and something it states does not hold."""


@dataclass
class Scenario:
    path: Path
    name: str
    data: dict[str, Any]


def _whole(value: Any, where: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ScenarioError(f"{where}: expected a whole number >= {minimum}, got {value!r}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: expected a list, got {value!r}")
    return value


def load(path: Path) -> Scenario:
    try:
        data = load_yaml(path.read_text(), str(path))
    except YamlError as exc:
        raise ScenarioError(str(exc)) from exc
    keyed(data, TOP_KEYS, str(path), ScenarioError)
    if data.get("game", "ga") not in games.NAMES:
        raise ScenarioError(f"{path}: game: {data['game']!r} is not one of "
                            f"{', '.join(games.NAMES)}")
    for key in ("name", "rules", "setup", "steps"):
        if key not in data:
            raise ScenarioError(f"{path}: missing key {key!r}")
    if "expect" in data and "error" in data:
        raise ScenarioError(f"{path}: give either 'expect' or 'error', not both")
    _whole(data.get("seed", 0), f"{path}: seed")
    _list(data["steps"] or [], f"{path}: steps")
    if not isinstance(data.get("expect") or {}, dict):
        raise ScenarioError(f"{path}: expect: expected a mapping of paths to values")
    for key in ("offered", "not_offered", "not_offered_before"):
        _list(data.get(key) or [], f"{path}: {key}")
    return Scenario(path, str(data["name"]), data)


# --- building the position ------------------------------------------------------

def build(scenario: Scenario, pool: CardPool) -> Game:
    """The scenario's starting position, run up to its first decision."""
    where = str(scenario.path)
    setup = keyed(scenario.data["setup"], SETUP_KEYS, f"{where}: setup", ScenarioError)
    players = setup.get("players", [{}, {}])
    if not isinstance(players, list) or len(players) != 2:
        raise ScenarioError(f"{where}: setup.players must list two players")
    phase = setup.get("phase", "main")
    if phase not in PHASES:
        raise ScenarioError(f"{where}: setup.phase {phase!r}: expected one of {', '.join(PHASES)}")
    tp = setup.get("turn_player", 0)
    first = setup.get("first_player", 0)
    if isinstance(tp, bool) or isinstance(first, bool) or tp not in (0, 1) or first not in (0, 1):
        raise ScenarioError(f"{where}: setup.turn_player and setup.first_player must be 0 or 1")
    with_lineage = sum(1 for p in players if isinstance(p, dict) and p.get("lineage"))
    turn = _whole(setup.get("turn", 1 + with_lineage), f"{where}: setup.turn", 1)
    state = GameState(scenario.data.get("seed", 0), turn_limit=turn + 100)
    state.turn = turn
    state.turn_player = tp
    state.first_player = first
    state.phase = phase

    def card(name: object, field: str) -> Any:
        try:
            return pool.get(str(name))
        except KeyError as exc:
            raise ScenarioError(f"{where}: {field}: {exc.args[0]}") from None

    for index, pdata in enumerate(players):
        here = f"{where}: setup.players[{index}]"
        pdata = keyed(pdata or {}, PLAYER_KEYS, here, ScenarioError)
        player = state.players[index]
        lineage = _list(pdata.get("lineage") or [], f"{here}.lineage")
        for name in lineage:
            create(state, index, card(name, f"setup.players[{index}].lineage"), LINEAGE)
        if lineage:
            top = state.cards[player.zones[LINEAGE][-1]]
            make_object(state, top)
            champion = keyed(pdata.get("champion", {}), CHAMPION_KEYS, f"{here}.champion",
                             ScenarioError)
            _apply_object_state(top, champion, f"{here}.champion")
            player.had_champion = True
            player.turns_started = 1
        elif "champion" in pdata:
            raise ScenarioError(f"{here}.champion needs a lineage")
        for key, zone in NAME_ZONES.items():
            names = _list(pdata.get(key, []), f"{here}.{key}")
            if zone == DECK:
                names = list(reversed(names))  # files list the top first; lists keep it last
            for name in names:
                create(state, index, card(name, f"setup.players[{index}].{key}"), zone)
        for i, obj in enumerate(_list(pdata.get("field", []), f"{here}.field")):
            spec = {"card": obj} if isinstance(obj, str) else keyed(
                obj, OBJECT_KEYS, f"{here}.field[{i}]", ScenarioError)
            if "card" not in spec:
                raise ScenarioError(f"{here}.field[{i}]: missing key 'card'")
            defn = card(spec["card"], f"setup.players[{index}].field[{i}]")
            cid = create(state, index, defn, FIELD)
            make_object(state, state.cards[cid])
            _apply_object_state(state.cards[cid], spec, f"{here}.field[{i}]")
    if not state.players[tp].zones[LINEAGE]:
        state.turn_one_pending = True
    state.players[tp].turns_started += 1
    game = Game(state)
    game.run()
    return game


def _apply_object_state(card: Any, spec: dict[str, Any], where: str) -> None:
    rested = spec.get("rested", False)
    if not isinstance(rested, bool):
        raise ScenarioError(f"{where}.rested: expected true or false, got {rested!r}")
    card.rested = rested
    card.damage = _whole(spec.get("damage", 0), f"{where}.damage")
    counters = spec.get("counters", {})
    if not isinstance(counters, dict):
        raise ScenarioError(f"{where}.counters: expected a mapping of counter names to numbers")
    for name, amount in counters.items():
        card.counters[str(name)] = _whole(amount, f"{where}.counters.{name}")


# --- steps -------------------------------------------------------------------------

def match_option(game: Game, step: str) -> Option:
    """The option whose text is ``step``, else the one option containing it."""
    d = game.decision
    if d is None:
        raise ScenarioFailure(f"step {step!r}: the game is over (winner {game.winner})")
    exact = [o for o in d.options if o.text == step]
    if exact:
        return exact[0]
    partial = [o for o in d.options if step in o.text]
    if len(partial) == 1:
        return partial[0]
    problem = "matches several options" if partial else "matches no option"
    raise ScenarioFailure(f"step {step!r} {problem} of player {d.player}'s {d.kind} decision; "
                          f"legal: {d.texts()}")


def pass_until(game: Game, phase: str) -> None:
    """Both players decline until ``phase`` of the current turn begins (or the game ends).
    From a combat, ``main`` means: until the combat is over and the main phase resumes."""
    if phase not in PHASES:
        raise ScenarioError(f"pass_until: unknown phase {phase!r}")
    state = game.state
    turn = state.turn
    current = "main" if state.phase == "combat" else state.phase  # combat happens in main
    if PHASES.index(phase) < PHASES.index(current):
        raise ScenarioFailure(f"pass_until {phase}: that phase of turn {turn} is over")
    while not game.over and not (state.phase == phase and state.turn == turn):
        d = game.decision
        assert d is not None
        declines = [o for o in d.options if o.verb in DECLINE_VERBS]
        if not declines:
            raise ScenarioFailure(f"pass_until {phase}: player {d.player}'s {d.kind} decision "
                                  f"cannot be declined; options: {d.texts()}")
        game.step(declines[0])
        if state.turn != turn:
            raise ScenarioFailure(f"pass_until {phase}: turn {turn} ended first")


def run_step(game: Any, step: Any, where: str,
             until: Callable[[Any, Any], None] = pass_until) -> None:
    if isinstance(step, bool):
        raise ScenarioError(f"{where}: a bare yes/no in YAML is a boolean; quote it: \"yes\"")
    if isinstance(step, dict) and set(step) == {"pass_until"}:
        until(game, step["pass_until"])
    elif isinstance(step, str):
        game.step(match_option(game, step))
    else:
        raise ScenarioError(f"{where}: a step is an option text or {{pass_until: PHASE}}, "
                            f"got {step!r}")


# --- expectations ---------------------------------------------------------------------

def _names(state: GameState, ids: Iterable[int]) -> list[str]:
    return [state.cards[c].defn.name for c in ids]


def _champion_value(game: Game, player: int, key: str) -> Any:
    state = game.state
    cid = champions.champion(state, player)
    if cid < 0:
        return None
    card = state.cards[cid]
    values: dict[str, Callable[[], Any]] = {
        "name": lambda: card.defn.name,
        "level": lambda: champions.level(state, player),
        "life": lambda: champions.life(state, player),
        "damage": lambda: card.damage,
        "rested": lambda: card.rested,
        "elements": lambda: sorted(champions.elements(state, player)),
        "counters": lambda: dict(card.counters),
    }
    if key not in values:
        raise ScenarioError(f"unknown champion field {key!r}; known: {', '.join(values)}")
    return values[key]()


def _object_value(game: Game, cid: int, key: str) -> Any:
    card = game.state.cards[cid]
    values: dict[str, Callable[[], Any]] = {
        "name": lambda: card.defn.name,
        "rested": lambda: card.rested,
        "damage": lambda: card.damage,
        "power": lambda: statics.stat(game.state, cid, "power"),
        "life": lambda: statics.stat(game.state, cid, "life"),
        "durability": lambda: card.counters.get("durability"),
        "counters": lambda: dict(card.counters),
        "band": lambda: _band(card),
    }
    if key not in values:
        raise ScenarioError(f"unknown field object field {key!r}; known: {', '.join(values)}")
    return values[key]()


def _band(card: CardObj) -> str | None:
    """The leveler band in force as its card writes it (``2-3``, ``4+``), or None."""
    index = band(card)
    return None if index < 0 else band_text(card.defn.bands, index)


def read_path(game: Game, path: str) -> Any:
    """The value a dotted expectation path names (see docs/scenarios.md)."""
    state = game.state
    parts = path.split(".")
    head = parts[0]
    if head in ("turn", "turn_player", "phase") and len(parts) == 1:
        return getattr(state, head)
    if head == "winner" and len(parts) == 1:
        if not state.over or state.truncated:
            return None
        return "draw" if state.winner is None else state.winner
    if head == "decision" and len(parts) == 2:
        d = state.decision
        if d is None:
            return None
        fields = {"player": d.player, "kind": d.kind, "options": d.texts()}
        if parts[1] in fields:
            return fields[parts[1]]
    if head == "players" and len(parts) >= 3 and parts[1] in ("0", "1"):
        player = int(parts[1])
        zone = parts[2]
        rest = parts[3:]
        if zone == "champion" and len(rest) == 1:
            return _champion_value(game, player, rest[0])
        zones = state.players[player].zones
        if zone in NAME_ZONES or zone in ("lineage", "field"):
            ids = zones[NAME_ZONES.get(zone, zone)]
            if zone == "deck":
                ids = list(reversed(ids))
            if not rest:
                return _names(state, ids)
            if rest == ["count"]:
                return len(ids)
            if zone == "field" and len(rest) == 2 and rest[0].isdigit():
                k = int(rest[0])
                if k >= len(ids):
                    raise ScenarioFailure(f"{path}: the field holds only {len(ids)} objects")
                return _object_value(game, ids[k], rest[1])
    raise ScenarioError(f"unknown expectation path {path!r}")


def _same(path: str, actual: Any, want: Any, ordered: frozenset[str] = ORDERED) -> bool:
    zone = path.split(".")[2] if path.startswith("players.") and path.count(".") >= 2 else ""
    if isinstance(want, list) and isinstance(actual, list) and zone not in ordered \
            and not path.startswith("decision."):
        return sorted(map(str, actual)) == sorted(map(str, want))
    return actual == want


def check(game: Any, data: dict[str, Any], rules: GameRules | None = None) -> None:
    rules = rules or GA_RULES
    for path, want in (data.get("expect") or {}).items():
        actual = rules.read_path(game, path)
        if not _same(path, actual, want, rules.ordered):
            raise ScenarioFailure(f"{path}: expected {want!r}, got {actual!r}")
    texts = game.decision.texts() if game.decision else []
    for text in data.get("offered") or []:
        if text not in texts:
            raise ScenarioFailure(f"offered: {text!r} is not offered; options: {texts}")
    for text in data.get("not_offered") or []:
        if text in texts:
            raise ScenarioFailure(f"not_offered: {text!r} is offered")


def run(scenario: Scenario, pool: CardPool | None = None) -> None:
    """Run one scenario; raise ScenarioFailure (or ScenarioError) if it does not hold."""
    try:
        _run(scenario, pool or default_pool())
    except ScenarioError as exc:
        if str(exc).startswith(str(scenario.path)):
            raise
        raise ScenarioError(f"{scenario.path}: {exc}") from exc


@dataclass(frozen=True)
class GameRules:
    """What differs between the games a scenario can be about (its top-level `game`)."""

    build: Callable[[Scenario, CardPool], Any]
    pass_until: Callable[[Any, Any], None]
    read_path: Callable[[Any, str], Any]
    snapshot: Callable[[Any], Any]
    ordered: frozenset[str]


GA_RULES = GameRules(build, pass_until, read_path, lambda game: game.state.snapshot(), ORDERED)


def _duel_rules() -> GameRules:
    """DUEL.md section 15: the duel's setup, paths and pass_until."""
    from gaenv.duel import scenario as duel

    def build_duel(scenario: Scenario, pool: CardPool) -> Any:
        try:
            return duel.build(scenario.data["setup"], scenario.data.get("seed", 0))
        except duel.SetupError as exc:
            raise ScenarioError(f"{scenario.path}: {exc}") from None

    def read(game: Any, path: str) -> Any:
        try:
            return duel.read_path(game, path)
        except duel.SetupError as exc:
            raise ScenarioError(str(exc)) from None
        except AssertionError as exc:
            raise ScenarioFailure(str(exc)) from None

    def until(game: Any, target: Any) -> None:
        try:
            duel.pass_until(game, target)
        except duel.SetupError as exc:
            raise ScenarioError(str(exc)) from None
        except AssertionError as exc:
            raise ScenarioFailure(str(exc)) from None

    return GameRules(build_duel, until, read, duel.snapshot, duel.ORDERED)


def _run(scenario: Scenario, pool: CardPool) -> None:
    data = scenario.data
    rules = _duel_rules() if data.get("game") == "duel" else GA_RULES
    game = rules.build(scenario, pool)
    before = game.decision.texts() if game.decision else []
    for text in data.get("not_offered_before") or []:
        if text in before:
            raise ScenarioFailure(f"not_offered_before: {text!r} is offered; options: {before}")
    steps = data["steps"] or []
    if not isinstance(steps, list):
        raise ScenarioError(f"{scenario.path}: steps must be a list")
    for index, step in enumerate(steps):
        where = f"{scenario.path}: steps[{index}]"
        if "error" in data:
            snapshot = rules.snapshot(game)
            try:
                run_step(game, step, where, rules.pass_until)
            except (IllegalOption, ScenarioFailure) as exc:
                if rules.snapshot(game) != snapshot:
                    raise ScenarioFailure(f"steps[{index}] was refused but changed the "
                                          "game") from exc
                wanted = data["error"]
                if isinstance(wanted, str) and wanted not in str(exc):
                    raise ScenarioFailure(f"steps[{index}] was refused with {exc}, not "
                                          f"{wanted!r}") from exc
                return
        else:
            run_step(game, step, where, rules.pass_until)
    if "error" in data:
        raise ScenarioFailure("every step was accepted, but one should have been refused")
    check(game, data, rules)


def collect(paths: Iterable[str | Path]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.y*ml")))
        else:
            files.append(path)
    return files


USAGE = """usage: python -m gaenv.scenario [--pool DIR] FILE_OR_FOLDER...

Runs rules scenarios (docs/scenarios.md): one line per scenario, PASS or FAIL,
then a count; exits 1 if any failed, 2 if no scenario file was given or found.
--pool DIR: the cards of an import folder (gaenv cards import) instead of the
built-in pool."""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE, file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    pool = None
    if args[0] == "--pool":
        if len(args) < 2:
            print(USAGE, file=sys.stderr)
            return 2
        from gaenv.cards import imported

        try:
            pool = imported.load(Path(args[1]))
        except CardFileError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        args = args[2:]
    files = collect(args)
    if not files:
        print(f"no scenario files (*.yaml) found in {' '.join(args)}", file=sys.stderr)
        return 2
    passed = failed = 0
    for path in files:
        try:
            scenario = load(path)
            run(scenario, pool)
        except OSError as exc:
            print(f"FAIL {path}: cannot read: {exc}")
        except ScenarioError as exc:
            print(f"FAIL {exc}")  # the message starts with the file's path
        except (ScenarioFailure, IllegalOption) as exc:
            print(f"FAIL {scenario.name} ({path}): {exc}")
        except Exception as exc:  # an engine error must not stop the other scenarios
            print(f"FAIL {path}: the engine raised {type(exc).__name__}: {exc}")
        else:
            print(f"PASS {scenario.name}")
            passed += 1
            continue
        failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
