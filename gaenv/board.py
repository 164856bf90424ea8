"""A readable text board: champions and lineages, fields, zone counts, the stack, and
whose decision it is with its options. Hidden cards appear only as counts. The
environment's ``render_mode="ansi"``, ``gaenv replay`` and ``gaenv play`` show it; it
reads only the engine."""

from __future__ import annotations

from gaenv.engine import champions, statics
from gaenv.engine.game import Game
from gaenv.engine.objects import PLAYER_ZONES, band, band_text
from gaenv.engine.zones import label


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


def board(game: Game, actions: dict[int, str] | None = None) -> str:
    """The board as text; ``actions`` (index -> option text) labels the options."""
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
    if state.stack:
        lines.append("stack (top first): " + "; ".join(
            f"{state.cards[i.card].defn.name} [{i.kind}, player {i.controller}]"
            for i in reversed(state.stack)))
    if game.over:
        result = ("truncated" if game.truncated else
                  "draw" if game.winner is None else f"player {game.winner} wins")
        lines.append(f"game over: {result}")
    elif game.decision is not None:
        d = game.decision
        lines.append(f"player {d.player} decides ({d.kind}):")
        texts = actions or dict(enumerate(d.texts()))
        lines.extend(f"  [{i}] {text}" for i, text in texts.items())
    return "\n".join(lines)
