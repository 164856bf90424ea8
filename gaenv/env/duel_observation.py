"""The duel's observation: one float vector per seat, built only from what that seat
may know (DUEL 2.8): the field, both Graves, the counts of hands and decks, its own
hand, facedown identities it may look at (7.12), the chain, the opponent's last turn.

Pieces, in order (`DuelEncoder.pieces` gives names and sizes; docs/duel.md lists them):
``header`` (turn, whose turn, deck and hand counts, chain length, compulsion, the
decision kind), ``hand`` (own hand, count per card name), ``grave`` and
``opponent_grave`` (per name), ``champions`` (two sides of `POSITIONS` places, seen from
the seat, each with its champion and its slots), ``chain`` (the top `CHAIN_ITEMS`
activations), ``last_turn`` (the Spells the opponent activated from hand and how
many cards they equipped in their last turn) and ``resolving`` (the effect whose costs
are being paid or which is resolving: its card, whose it is, the step asking now and
the steps after it; a resolving activation has left the chain, DUEL 6.7, so without
this piece a target for Healing Rain looks like one for Firebolt) and ``advice`` (one
flag per action index: the option the duel heuristic would take, `gaenv.duel.heuristic.pick`;
it reads only what the seat may know, so the flag leaks nothing; a policy may add it to
its logits, `gaenv.agents.policy.AdvisedPolicy`).
"""

from __future__ import annotations

import numpy as np

from gaenv.core.decisions import Decision
from gaenv.duel import effects, rules
from gaenv.duel import options as opt
from gaenv.duel.cards import ELEMENTS, DuelPool
from gaenv.duel.state import Champ, DuelState, Program
from gaenv.env.duel_actions import POSITIONS, SLOTS, DuelActions

CHAIN_ITEMS = 4
SCALE = 200.0  # health and damage are divided by this
HEADER = 8
HIGH = 4.0     # every feature is clipped to this (a Grave may hold many created copies)
STEPS = tuple(sorted({*effects.STEPS, *effects.WOULD_STEPS}))  # effect step names


class DuelEncoder:
    def __init__(self, pool: DuelPool) -> None:
        cards = list(pool.cards.values())
        self.names = {c.name: i for i, c in enumerate(cards)}
        self.champions = {c.name: i for i, c in enumerate(c for c in cards
                                                          if c.type == "champion")}
        self.equippable = {c.name: i for i, c in enumerate(c for c in cards
                                                           if c.equippable_element)}
        self.spells = {c.name: i for i, c in enumerate(c for c in cards if c.type == "spell")}
        self.slot_size = 4 + len(ELEMENTS) + len(self.equippable)
        self.champion_size = 6 + len(self.champions) + SLOTS * self.slot_size
        self.pieces: tuple[tuple[str, int], ...] = (
            ("header", HEADER + len(opt.KINDS)), ("hand", len(self.names)),
            ("grave", len(self.names)), ("opponent_grave", len(self.names)),
            ("champions", 2 * POSITIONS * self.champion_size),
            ("chain", CHAIN_ITEMS * (2 + len(self.names))), ("last_turn", len(self.spells) + 1),
            ("resolving", 4 + len(self.names) + 2 * len(STEPS)),
            ("advice", DuelActions(pool).size),
        )
        self.size = sum(size for _, size in self.pieces)

    def _counts(self, out: np.ndarray, at: int, ids: list[int], state: DuelState) -> None:
        for cid in ids:
            out[at + self.names[state.cards[cid].defn.name]] += 0.25

    def encode(self, state: DuelState, player: int, decision: Decision | None,
               advice: int | None = None) -> np.ndarray:
        """``advice``: the action index the heuristic would take (None: no flag)."""
        out = np.zeros(self.size, dtype=np.float32)
        me, them = state.players[player], state.players[1 - player]
        compelled = state.compel[0] == state.turn and state.turn_player == player
        out[:HEADER] = (state.turn / max(1, state.turn_limit), state.turn_player == player,
                        len(me.deck) / 60, len(them.deck) / 60, len(me.hand) / 20,
                        len(them.hand) / 20, len(state.chain) / 8, compelled)
        if decision is not None:
            out[HEADER + opt.KINDS.index(decision.kind)] = 1.0
        at = HEADER + len(opt.KINDS)
        for ids in (me.hand, me.grave, them.grave):
            self._counts(out, at, ids, state)
            at += len(self.names)
        for side, who in enumerate((player, 1 - player)):
            for pos, champ in enumerate(rules.on_field(state, who)[:POSITIONS]):
                self._champion(out, at + (side * POSITIONS + pos) * self.champion_size,
                               state, champ, player)
        at += 2 * POSITIONS * self.champion_size
        for k, item in enumerate(reversed(state.chain[-CHAIN_ITEMS:])):
            base = at + k * (2 + len(self.names))
            out[base] = 1.0
            out[base + 1] = item.controller == player
            out[base + 2 + self.names[state.cards[item.card].defn.name]] = 1.0
        at += CHAIN_ITEMS * (2 + len(self.names))
        last = state.history[1 - player]
        for name in last.spells:
            out[at + self.spells[name]] += 0.5
        out[at + len(self.spells)] = len(last.equipped) / 4
        at += len(self.spells) + 1
        self._resolving(out, at, state, player)
        if advice is not None:
            out[self.size - self.pieces[-1][1] + advice] = 1.0
        return np.minimum(out, HIGH, out=out)

    def _resolving(self, out: np.ndarray, at: int, state: DuelState, player: int) -> None:
        """The top frame when it is an effect's costs or resolution (not a window): public,
        as the activation and every choice are (DUEL 2.8)."""
        frame = state.frames[-1] if state.frames else None
        if not isinstance(frame, Program) or frame.pc >= len(frame.steps):
            return
        item = frame.item
        out[at:at + 3] = (1.0, item.controller == player, not frame.resolving)
        out[at + 3 + self.names[state.cards[item.card].defn.name]] = 1.0
        base = at + 3 + len(self.names)
        out[base + STEPS.index(frame.steps[frame.pc].op)] = 1.0
        for step in frame.steps[frame.pc + 1:]:
            out[base + len(STEPS) + STEPS.index(step.op)] = 1.0
            if step.op == "place_chosen" and step.args == "bottom":
                out[base + 2 * len(STEPS)] = 1.0

    def _champion(self, out: np.ndarray, at: int, state: DuelState, champ: Champ,
                  player: int) -> None:
        defn = state.cards[champ.card].defn
        out[at:at + 6] = (1.0, rules.health(state, champ) / SCALE,
                          rules.max_health(state, champ) / SCALE, champ.damage / SCALE,
                          champ.owner == player, champ.card in state.once_used)
        out[at + 6 + self.champions[defn.name]] = 1.0
        base = at + 6 + len(self.champions)
        for slot, cid in enumerate(champ.slots):
            if cid < 0:
                continue
            card = state.cards[cid]
            s = base + slot * self.slot_size
            out[s:s + 4] = (1.0, card.facedown, card.locked, card.owner == player)
            out[s + 4 + ELEMENTS.index(rules.element(state, cid))] = 1.0
            if rules.may_look(state, cid, player):
                out[s + 4 + len(ELEMENTS) + self.equippable[card.defn.name]] = 1.0

    def markdown(self) -> str:
        rows = [f"| `{name}` | {size} |" for name, size in self.pieces]
        return "\n".join(["| piece | size |", "|---|---|", *rows, f"| total | {self.size} |"])
