"""The duel's side of the scenario runner (DUEL.md 15): building the `setup`, reading
the `expect` paths, and `{pass_until: action}`. `gaenv.scenario` reads the file, matches
steps to options and compares values for both games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gaenv.duel import engine, rules
from gaenv.duel.cards import ELEMENTS, DuelCardError, DuelPool, default_pool
from gaenv.duel.game import DuelGame
from gaenv.duel.state import CHAMPION, DECK, GRAVE, HAND, Champ
from gaenv.yamlio import keyed

SETUP_KEYS = ("turn", "turn_player", "players")
PLAYER_KEYS = ("champions", "hand", "deck", "grave")
CHAMPION_KEYS = ("card", "damage", "health", "controller", "once_used", "equipment")
EQUIPMENT_KEYS = ("card", "slot", "facedown", "owner")
# Paths whose lists are compared in order; the others (hand, grave, controlled) as multisets.
ORDERED = frozenset({"deck", "champions"})
DECLINES = frozenset({"pass", "no", "done"})


class SetupError(ValueError):
    """A malformed duel setup; the message names the key (the runner adds the file)."""


def _player_index(value: Any, where: str) -> int:
    if isinstance(value, bool) or value not in (0, 1):
        raise SetupError(f"{where}: expected 0 or 1, got {value!r}")
    return int(value)


def _card(pool: DuelPool, name: Any, where: str) -> Any:
    try:
        return pool.get(name, where)
    except DuelCardError as exc:
        raise SetupError(str(exc)) from None


def build(data: dict[str, Any], seed: int = 0, pool: DuelPool | None = None) -> DuelGame:
    """15.2: the position at the start of the turn player's turn, empty history."""
    pool = pool or default_pool()
    setup = keyed(data, SETUP_KEYS, "setup", SetupError)
    players = setup.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise SetupError("setup.players: expected exactly two players")
    turn = setup.get("turn", 3)
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise SetupError(f"setup.turn: expected a whole number >= 1, got {turn!r}")
    state = engine.new_state(pool, seed, turn + 200, {})
    state.turn = turn
    state.turn_player = state.first_player = _player_index(setup.get("turn_player", 0),
                                                           "setup.turn_player")
    for p, raw in enumerate(players):
        where = f"setup.players[{p}]"
        spec = keyed(raw or {}, PLAYER_KEYS, where, SetupError)
        champions = spec.get("champions") or []
        if not isinstance(champions, list) or not champions:
            raise SetupError(f"{where}.champions: a player needs at least one champion")
        for k, entry in enumerate(champions):
            _place_champion(state, pool, p, entry, f"{where}.champions[{k}]")
        for zone in ("hand", "deck", "grave"):
            names = spec.get(zone) or []
            if not isinstance(names, list):
                raise SetupError(f"{where}.{zone}: expected a list of card names")
            for name in names:
                rules.create(state, _card(pool, name, f"{where}.{zone}"), p,
                             {"hand": HAND, "deck": DECK, "grave": GRAVE}[zone])
    engine.start_turn(state)
    game = DuelGame(state)
    game.run()
    return game


def _place_champion(state: Any, pool: DuelPool, owner: int, entry: Any, where: str) -> None:
    spec = {"card": entry} if isinstance(entry, str) else keyed(
        entry, CHAMPION_KEYS, where, SetupError)
    defn = _card(pool, spec.get("card"), f"{where}.card")
    if defn.type != "champion":
        raise SetupError(f"{where}.card: {defn.name} is not a champion")
    controller = _player_index(spec.get("controller", owner), f"{where}.controller")
    cid = rules.create(state, defn, owner, CHAMPION)
    champ = rules.add_champion(state, cid, controller)
    if spec.get("once_used"):
        state.once_used.add(cid)
    gear = spec.get("equipment") or []
    if not isinstance(gear, list):
        raise SetupError(f"{where}.equipment: expected a list")
    for j, item in enumerate(gear):
        _place_equipment(state, pool, champ, item, f"{where}.equipment[{j}]")
    if "damage" in spec and "health" in spec:
        raise SetupError(f"{where}: give damage or health, not both")
    for key in ("damage", "health"):
        value = spec.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SetupError(f"{where}.{key}: expected a whole number >= 0, got {value!r}")
    champ.damage = (rules.max_health(state, champ) - spec["health"] if "health" in spec
                    else spec.get("damage", 0))
    if champ.damage < 0:
        raise SetupError(f"{where}.health: above the champion's max health")


def _place_equipment(state: Any, pool: DuelPool, champ: Champ, item: Any, where: str) -> None:
    spec = keyed(item, EQUIPMENT_KEYS, where, SetupError)
    defn = _card(pool, spec.get("card"), f"{where}.card")
    facedown = bool(spec.get("facedown", False))
    if not defn.equippable_element:
        raise SetupError(f"{where}.card: {defn.name} cannot be equipped")
    slots = state.cards[champ.card].defn.slots
    slot = spec.get("slot")
    if slot in ELEMENTS:
        free = rules.empty_slots(state, champ, slot)
        if not free:
            raise SetupError(f"{where}.slot: no empty {slot} slot")
        slot = free[0]
    if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < len(slots):
        raise SetupError(f"{where}.slot: expected an element or an index below {len(slots)}")
    if champ.slots[slot] >= 0:
        raise SetupError(f"{where}.slot: slot {slot} is taken")
    if not facedown and slots[slot] != defn.equippable_element:
        raise SetupError(f"{where}.slot: a face-up {defn.equippable_element} card cannot sit "
                         f"in a {slots[slot]} slot (7.2)")
    owner = _player_index(spec.get("owner", champ.owner), f"{where}.owner")
    cid = rules.create(state, defn, owner, "nowhere")
    rules.equip(state, cid, champ.oid, slot, owner, facedown=facedown)
    state.history[owner].equipped.clear()  # 15.2: a scenario starts with an empty history


# --- steps and expectations ------------------------------------------------------------------

def pass_until(game: DuelGame, target: Any) -> None:
    """Decline every decision until the next `action` decision or the end of the game."""
    if target != "action":
        raise SetupError(f"pass_until: the duel knows only 'action', got {target!r}")
    while not game.over:
        d = game.decision
        assert d is not None
        if d.kind == "action":
            return
        declines = [o for o in d.options if o.verb in DECLINES]
        if not declines:
            raise AssertionError(f"pass_until action: player {d.player}'s {d.kind} decision "
                                 f"cannot be declined; options: {d.texts()}")
        game.step(declines[0])


def _equipment_value(state: Any, cid: int, key: str) -> Any:
    if cid < 0:
        return "empty" if key == "name" else None
    c = state.cards[cid]
    values: dict[str, Callable[[], Any]] = {
        "name": lambda: "facedown" if c.facedown else c.defn.name,
        "card": lambda: c.defn.name, "facedown": lambda: c.facedown,
        "element": lambda: rules.element(state, cid), "owner": lambda: c.owner,
        "controller": lambda: rules.controller(state, cid),
    }
    if key not in values:
        raise SetupError(f"unknown equipment field {key!r}; known: {', '.join(values)}")
    return values[key]()


def _champion_value(state: Any, champ: Champ, rest: list[str]) -> Any:
    defn = state.cards[champ.card].defn
    slots = champ.slots if champ.on_field else [-1] * len(champ.slots)
    if rest[0] == "equipment" and len(rest) == 3 and rest[1].isdigit():
        return _equipment_value(state, slots[int(rest[1])], rest[2])
    values: dict[str, Callable[[], Any]] = {
        "name": lambda: defn.name,
        "health": lambda: rules.health(state, champ) if champ.on_field else 0,
        "max_health": lambda: rules.max_health(state, champ),
        "damage": lambda: champ.damage, "defeated": lambda: not champ.on_field,
        "controller": lambda: champ.controller, "once_used": lambda: champ.card in state.once_used,
        "slots": lambda: list(defn.slots),
        "equipment": lambda: [_equipment_value(state, cid, "name") for cid in slots],
    }
    if len(rest) != 1 or rest[0] not in values:
        raise SetupError(f"unknown champion path {'.'.join(rest)!r}; known: {', '.join(values)}")
    return values[rest[0]]()


def read_path(game: DuelGame, path: str) -> Any:
    """15.4: the value an expectation path names."""
    state = game.state
    parts = path.split(".")
    if parts == ["winner"]:
        if not state.over or state.truncated:
            return None
        return "draw" if state.winner is None else state.winner
    if parts in (["turn"], ["turn_player"]):
        return getattr(state, parts[0])
    if len(parts) == 2 and parts[0] == "decision":
        d = state.decision
        fields = {"player": d.player, "kind": d.kind, "options": d.texts()} if d else {}
        if parts[1] in ("player", "kind", "options"):
            return fields.get(parts[1])
    if len(parts) >= 3 and parts[0] == "players" and parts[1] in ("0", "1"):
        p, what, rest = int(parts[1]), parts[2], parts[3:]
        names = _names(state, p, what)
        if names is not None and rest in ([], ["count"]):
            return len(names) if rest else names
        if what == "champions" and rest and rest[0].isdigit():
            entries = [ch for ch in state.champs if ch.owner == p]
            k = int(rest[0])
            if k >= len(entries):
                raise AssertionError(f"{path}: player {p} has {len(entries)} champion entries")
            return _champion_value(state, entries[k], rest[1:])
    raise SetupError(f"unknown expectation path {path!r}")


def _names(state: Any, player: int, what: str) -> list[str] | None:
    def label(ids: list[int]) -> list[str]:
        return [state.cards[c].defn.name for c in ids]

    pile = state.players[player]
    if what in ("hand", "grave", "deck"):
        return label(getattr(pile, what))
    if what == "controlled":
        return label([ch.card for ch in rules.on_field(state, player)])
    if what == "champions":
        return label([ch.card for ch in state.champs if ch.owner == player])
    return None


def snapshot(game: DuelGame) -> str:
    """The whole position as text: a refused step must leave it unchanged."""
    state = game.state
    return repr((state.cards, state.champs, state.players, state.chain, state.frames,
                 state.chances, state.decision, state.turn, state.over))

