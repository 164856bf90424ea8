"""The duel's action layout: one ``Discrete(N)`` whose indices mean the same thing in
every position (docs/duel.md, Environment).

Champions are seen from the deciding player: *side* 0 is the champions they control,
side 1 the opponent's, each in entry order (position 0..7); an Equipment is its
champion's position and its slot. An option's index is its block's offset plus its
key there: `spell` by Spell name, `equip` by card name, side, position and slot, and
so on. Anything without a place of its own (a ninth champion on one side, a second
option with the same key) goes to the next free ``choice`` slot, so the mask is exact:
every unmasked index is one legal option and every legal option has an index.
"""

from __future__ import annotations

import numpy as np

from gaenv.core.decisions import Decision, Option
from gaenv.duel import options as opt
from gaenv.duel import rules
from gaenv.duel.cards import DuelPool
from gaenv.duel.state import CHAIN, FIELD, HAND, DuelState

POSITIONS = 8  # champions per side with a place of their own
SLOTS = 3
CHOICE_SLOTS = 16
MODES = 4


class ActionOverflow(RuntimeError):
    """A decision with more options than the layout can place."""


class DuelActions:
    """The layout for one card pool (the Spell, card and equippable name orders)."""

    def __init__(self, pool: DuelPool) -> None:
        cards = list(pool.cards.values())
        self.names = [c.name for c in cards]
        self.spells = [c.name for c in cards if c.type == "spell" and c.activated]
        self.equippable = [c.name for c in cards if c.equippable_element]
        places = 2 * POSITIONS
        self.blocks: tuple[tuple[str, int], ...] = (
            ("decline", 1), ("yes", 1), ("draw", 1), ("offer_draw", 1), ("concede", 1),
            ("spell", len(self.spells)), ("champion_ability", POSITIONS),
            ("equipment_ability", POSITIONS * SLOTS),
            ("equip", len(self.equippable) * places * SLOTS),
            ("equip_facedown", len(self.equippable) * places * SLOTS),
            ("trigger", len(self.names)), ("target_champion", places),
            ("target_equipment", places * SLOTS), ("choose", len(self.names)),
            ("mode", MODES), ("choice", CHOICE_SLOTS),
        )
        self.offset: dict[str, int] = {}
        total = 0
        for name, size in self.blocks:
            self.offset[name] = total
            total += size
        self.size = total

    def places(self, state: DuelState, player: int) -> dict[int, tuple[int, int]]:
        """Champion object -> (side, position) as ``player`` sees the field."""
        found = {}
        for side, who in ((0, player), (1, 1 - player)):
            for pos, champ in enumerate(rules.on_field(state, who)):
                found[champ.oid] = (side, pos)
        return found

    def _key(self, state: DuelState, decision: Decision, option: Option,
             places: dict[int, tuple[int, int]]) -> tuple[str, int] | None:
        """The block and the index in it that ``option`` means, or None (no place)."""
        verb = option.verb
        if verb in ("pass", "done", "no"):
            return "decline", 0
        if verb in ("yes", "draw", "concede"):
            return verb, 0
        if verb == "offer":
            return "offer_draw", 0
        if verb == "mode":
            return ("mode", option.card) if option.card < MODES else None
        if verb == "trigger":
            cid = option.card if decision.kind == opt.WOULD_WINDOW else next(
                ch.card for ch in state.chances if ch.uid == option.card)
            return "trigger", self.names.index(state.cards[cid].defn.name)
        if verb == "target":
            return self._target_key(state, option, places)
        card = state.cards[option.card]
        if verb == "choose":
            return "choose", self.names.index(card.defn.name)
        if verb == "equip":
            oid, slot = opt.slot_of(option.other)
            side, pos = places[oid]
            block = "equip_facedown" if option.text.startswith("equip facedown") else "equip"
            index = self.equippable.index(card.defn.name)
            return (block, ((index * 2 + side) * POSITIONS + pos) * SLOTS + slot) \
                if pos < POSITIONS else None
        if card.zone in (HAND, CHAIN):  # a Spell from hand (the action, or Intermezzo)
            return "spell", self.spells.index(card.defn.name)
        if card.zone == FIELD:
            side, pos = places[card.host]
            return ("equipment_ability", pos * SLOTS + card.slot) if pos < POSITIONS else None
        champ = next(ch for ch in state.champs if ch.card == card.id and ch.on_field)
        side, pos = places[champ.oid]
        return ("champion_ability", pos) if pos < POSITIONS else None

    @staticmethod
    def _target_key(state: DuelState, option: Option, places: dict[int, tuple[int, int]]
                    ) -> tuple[str, int] | None:
        """A champion target's ``card`` is its object; an Equipment's is its card."""
        if option.text.startswith("target ") and " on " in option.text:
            card = state.cards[option.card]
            side, pos = places[card.host]
            return ("target_equipment", (side * POSITIONS + pos) * SLOTS + card.slot) \
                if pos < POSITIONS else None
        side, pos = places[option.card]
        return ("target_champion", side * POSITIONS + pos) if pos < POSITIONS else None

    def assign(self, state: DuelState, decision: Decision) -> dict[int, Option]:
        """Action index -> the option it means, for the deciding player."""
        places = self.places(state, decision.player)
        by_index: dict[int, Option] = {}
        overflow: list[Option] = []
        for option in decision.options:
            key = self._key(state, decision, option, places)
            index = self.offset[key[0]] + key[1] if key is not None else -1
            if key is None or index in by_index:
                overflow.append(option)
            else:
                by_index[index] = option
        if len(overflow) > CHOICE_SLOTS:
            raise ActionOverflow(f"{len(overflow)} options without a place in a "
                                 f"{decision.kind} decision; {CHOICE_SLOTS} choice slots")
        for k, option in enumerate(overflow):
            by_index[self.offset["choice"] + k] = option
        return by_index

    def mask(self, by_index: dict[int, Option]) -> np.ndarray:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[list(by_index)] = 1
        return mask

    def markdown(self) -> str:
        """The blocks as a table (`gaenv layout --game duel` prints it)."""
        rows = [f"| `{name}` | {self.offset[name]} | {size} |" for name, size in self.blocks]
        return "\n".join(["| block | first index | size |", "|---|---|---|", *rows,
                          f"| total | | {self.size} |"])

