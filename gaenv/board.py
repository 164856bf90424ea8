"""A readable text board: champions and lineages, fields, zone counts, the public
graveyards and banishments, the stack with its targets, the attack in progress, what is
left to pay, and whose decision it is with its options (an option that plays a card
shows the card's cost and text). Hidden cards appear only as counts, except the hands
and memories of the players ``seen``. The environment's ``render_mode="ansi"``, ``gaenv
play``, ``watch`` and ``replay`` and the web page show it; it reads only the engine."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from gaenv.cards.report import summary
from gaenv.core.decisions import Option
from gaenv.engine import champions, combat, decisions, statics
from gaenv.engine.game import Game
from gaenv.engine.objects import BANISHMENT, GRAVEYARD, HAND, MEMORY, PLAYER_ZONES, band, band_text
from gaenv.engine.state import PlayFrame
from gaenv.engine.zones import find_object, label

# Option verbs that play a card: the card's cost and text go beside them.
_PLAYS = frozenset({"activate", "materialize", "put"})


def _object(game: Game, cid: int) -> str:
    state = game.state
    card = state.cards[cid]
    parts = [label(state, cid)]
    power = statics.stat(state, cid, "power")
    life = statics.stat(state, cid, "life")
    if power is not None or life is not None:
        parts.append(f"{power if power is not None else '-'}/{life if life is not None else '-'}")
    if card.damage:
        parts.append(f"dmg {card.damage}")
    parts.extend(f"{k} {v}" for k, v in sorted(card.counters.items()))
    if (index := band(card)) >= 0:  # a leveler in a band (LEVELERS.md 711.2)
        parts.append(f"[LEVEL {band_text(card.defn.bands, index)}]")
    if card.rested:
        parts.append("rested")
    return " ".join(parts)


def option_note(game: Game, option: Option) -> str:
    """The cost and text of the card an option plays ("" for an option that plays none)."""
    return summary(game.state.cards[option.card].defn) if option.verb in _PLAYS else ""


def option_text(game: Game, option: Option) -> str:
    """An option's text, with the card's cost and text when it plays a card."""
    note = option_note(game, option)
    return f"{option.text}  ({note})" if note else option.text


def _names(game: Game, ids: list[int]) -> str:
    return ", ".join(game.state.cards[c].defn.name for c in ids) or "(none)"


def _status(game: Game) -> list[str]:
    """The stack (top first, with targets), the attack in progress and what is left to pay."""
    state = game.state
    cards = state.cards
    lines = []
    if state.stack:
        layers = []
        for item in reversed(state.stack):
            targets = [cards[c].defn.name for c in
                       (find_object(state, oid) for oid in item.targets) if c >= 0]
            aimed = f" -> {', '.join(targets)}" if targets else ""
            layers.append(f"{cards[item.card].defn.name} [{item.kind}, player "
                          f"{item.controller}]{aimed}")
        lines.append("stack (top first): " + "; ".join(layers))
    fight = state.combat
    if fight is not None and not game.over:
        attacker = find_object(state, fight.attacker)
        defenders = [c for c in (find_object(state, oid) for oid in fight.defenders) if c >= 0]
        if attacker >= 0:
            lines.append(f"attack: {cards[attacker].defn.name} (player {fight.player}) -> "
                         f"{_names(game, defenders)}, power {combat.attack_power(state)}")
    d = game.decision
    if d is not None and d.kind in (decisions.PAY_RESERVE, decisions.PAY_MEMORY) and \
            state.frames and isinstance(frame := state.frames[-1], PlayFrame):
        left, kind = ((frame.reserve_left, "reserve") if d.kind == decisions.PAY_RESERVE
                      else (frame.memory_left, "memory"))
        lines.append(f"paying for {cards[d.source].defn.name}: {left} {kind} left to pay")
    return lines


def board(game: Game, actions: Mapping[int, Option] | None = None,
          seen: Collection[int] = ()) -> str:
    """The board as text; ``actions`` (index -> option) numbers the options (by default
    from 0 in order); ``seen``: the players whose hand and memory are shown; at the end,
    how the game ended (`gaenv.core.played.Played.ending`)."""
    state = game.state
    lines = [f"turn {state.turn}  player {state.turn_player} to play  phase {state.phase}"]
    for p in (0, 1):
        zones = state.players[p].zones
        champ = champions.champion(state, p)
        if champ >= 0:
            card = state.cards[champ]
            lineage = " > ".join(state.cards[c].defn.name for c in zones["lineage"])
            lines.append(f"player {p}: {card.defn.name} (level {champions.level(state, p)}, "
                         f"life {champions.life(state, p)}, damage {card.damage}"
                         f"{', rested' if card.rested else ''})  lineage: {lineage}")
        else:
            lines.append(f"player {p}: no champion")
        counts = ", ".join(f"{z} {len(zones[z])}" for z in PLAYER_ZONES
                           if z not in ("field", "lineage"))
        lines.append(f"  {counts}")
        field = "; ".join(_object(game, c) for c in zones["field"]) or "(empty)"
        lines.append(f"  field: {field}")
        shown = [HAND, MEMORY] if p in seen else []
        lines.extend(f"  {zone}: {_names(game, zones[zone])}"
                     for zone in (*shown, GRAVEYARD, BANISHMENT) if zones[zone] or zone in shown)
    lines.extend(_status(game))
    if game.over:
        lines.append(f"game over: {game.ending}")
    elif game.decision is not None:
        d = game.decision
        options = actions if actions is not None else dict(enumerate(d.options))
        lines.append(f"player {d.player} decides ({d.kind}){':' if options else ''}")
        lines.extend(f"  [{i}] {option_text(game, o)}" for i, o in options.items())
    return "\n".join(lines)
