"""The observation: one float32 vector of named pieces, for one player's view.

Shaped like OpenSpiel's observers (``KuhnPokerObserver``). The list of pieces,
`Encoder.pieces`, is the one description of the layout (docs/observation.md's
tables are generated from it by ``gaenv layout``). From it each encoder allocates
one float32 buffer of `Encoder.size` values and `Encoder.views`, a named numpy view
of it per piece: a card piece's view is shaped (slots, width), a row per card slot;
the others are 1-D. Each piece has one small writer, ``_write_<name>``, which fills
that piece's view and nothing else; `Encoder.encode` zeroes the buffer, runs the
writers in piece order and returns a copy (callers keep observations, so the
buffer itself is never handed out).

Card slots carry the same card features everywhere: numeric characteristics
(types, element, costs, stats, speed, keywords, ...) and, in one feature, the
card's integer index into the frozen card vocabulary (the pool's order), so
an embedding layer can look it up. Only what the observing player may know is
encoded: the opponent's hand, memory and material deck appear as counts, no
main deck is ever shown except the cards the observer is choosing among during
their own search or glimpse (which the rules show them).

The compact observation (``Encoder(pool, compact=True)``, the environment's
``observation: compact``) is the same vector without the printed features a policy
can look up from the card index (`PRINTED`): each card slot keeps ``present``,
``card_index`` and what play changed (`compact_columns`), a quarter of the floats.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gaenv.cards.schema import CardPool
from gaenv.core.decisions import Decision, Option
from gaenv.engine import champions, combat, decisions, events, keywords, statics
from gaenv.engine.objects import CARD_TYPES, ELEMENTS, PLAYER_ZONES, CardDef, CardObj, band
from gaenv.engine.state import PHASES, GameState
from gaenv.env.actions import (
    CHOICE_SLOTS,
    GRAVEYARD_SLOTS,
    HAND_SLOTS,
    MATERIAL_SLOTS,
    OPPONENT_SLOTS,
    OWN_SLOTS,
    Slots,
)

MEMORY_SLOTS = 8
OPPONENT_GRAVEYARD_SLOTS = 8
STACK_SLOTS = 6
CLASS_SLOTS = 16
LOW, HIGH_VALUE = -1.0, 4.0  # static features are clipped to this range
# A player piece's champion part: level, life, damage, rested, then a flag per element.
CHAMPION_SIZE = 4 + len(ELEMENTS)

PHASE_NAMES = (*PHASES, "combat")
STACK_KINDS = ("activation", "materialization", "trigger", "ability")
VERBS = ("pass", "no", "yes", "random", "activate", "materialize", "put", "target", "pay",
         "banish", "choose", "attack", "weapon", "retaliate", "first", "discard", "top",
         "bottom", "mode", "keep", "trigger", "use", "rest")
NUMBERED = tuple(k for k, spec in keywords.KEYWORDS.items() if spec.numbered)
ABILITY_FLAGS = (*events.TRIGGERS, "static", "activated", "modal")

# Per-card features: the static part comes from the printed card, the rest from play.
STATIC_NAMES = (
    "present", "card_index", *(f"type_{t}" for t in CARD_TYPES),
    *(f"element_{e}" for e in ELEMENTS), "regalia", "unique", "token", "fast",
    "has_reserve_cost", "reserve_cost", "has_memory_cost", "memory_cost", "level", "leveler",
    "printed_power", "printed_life", "printed_durability",
    *(f"kw_{k}" for k in keywords.KEYWORDS), *(f"kw_{k}_n" for k in NUMBERED),
    *(f"has_{a}" for a in ABILITY_FLAGS), *(f"class_{i}" for i in range(CLASS_SLOTS)),
)
DYNAMIC_NAMES = ("mine", "power", "life", "damage", "rested", "durability", "buff", "debuff",
                 "distant", "prevent", "stealth_now", "taunt_now", "level_counters", "band")
CARD_FEATURES = len(STATIC_NAMES) + len(DYNAMIC_NAMES)
CARD_INDEX = STATIC_NAMES.index("card_index")
# The printed features: a function of the card alone (the compact observation leaves
# them out; a policy looks them up from ``card_index``).
PRINTED = tuple(i for i, n in enumerate(STATIC_NAMES) if n not in ("present", "card_index"))
# Where each play feature (DYNAMIC_NAMES, in order) sits in a card row.
(_MINE, _POWER, _LIFE, _DAMAGE, _RESTED, _DURABILITY, _BUFF, _DEBUFF, _DISTANT, _PREVENT,
 _STEALTH_NOW, _TAUNT_NOW, _LEVEL_COUNTERS, _BAND) = range(len(STATIC_NAMES), CARD_FEATURES)


@dataclass(frozen=True)
class Piece:
    """A named slice of the vector; card pieces are ``slots`` card slots of ``width``."""

    name: str
    start: int
    size: int
    meaning: str
    slots: int = 0
    width: int = 0


def _scaled(value: float | None, scale: float) -> float:
    return 0.0 if value is None else value / scale


def _bounded(value: float) -> float:
    return LOW if value < LOW else HIGH_VALUE if value > HIGH_VALUE else value

# A piece's writer: (its view, state, player, decision, slots, choices).
Writer = Callable[[np.ndarray, GameState, int, "Decision | None", Slots, list[Option]], None]

_ELEMENT_AT = {e: i for i, e in enumerate(ELEMENTS)}
_ZONE_SCALE = 20  # a zone of n cards is shown as n / 20, at most HIGH_VALUE
_ZONE_FULL = int(_ZONE_SCALE * HIGH_VALUE)
_STACK_WIDTH = CARD_FEATURES + 2 + len(STACK_KINDS)
_CHOICE_WIDTH = CARD_FEATURES + len(VERBS) + 1
# Choice verbs whose card field is a number (a mode, a trigger, a yes), not a card.
_NUMBERED_VERBS = frozenset({"mode", "trigger", "yes"})
# Each option verb's column among a choice slot's verb flags. Returning a preserved card
# to hand replaces a materialization ("Preserve/Preserved 4c"): it is shown as one, so
# the layout (and the models trained on it) stay as they were.
VERB_COLUMN = {**{verb: i for i, verb in enumerate(VERBS)},
               decisions.RETURN_PRESERVED: VERBS.index("materialize")}
_GLOBAL_SCALARS = ("turn", "my_turn", "my_decision", "first_player", "stack_size", "empower")


def _keyword(defn: CardDef, mods: statics.Modifiers, name: str) -> bool:
    """Whether an object has a keyword now (as `gaenv.engine.keywords.has` reads it)."""
    return (name in defn.keywords and name not in mods.removed) or bool(mods.granted(name))


class Encoder:
    """Builds observations for one card pool (its order is the card vocabulary); full
    ones, or with ``compact`` the vector without the printed card features."""

    def __init__(self, pool: CardPool, compact: bool = False) -> None:
        self.pool = pool
        classes = sorted({c for card in pool.cards for c in card.classes})
        self.classes = {name: i for i, name in enumerate(classes[:CLASS_SLOTS])}
        # Every printed card's row as anyone sees it (a table of the pool, not a memo):
        # row 2i is card i in someone else's card slot, 2i + 1 in mine (``mine`` set);
        # `_code` says which.
        printed = np.zeros((2 * len(pool.cards), CARD_FEATURES), dtype=np.float32)
        printed[:, :len(STATIC_NAMES)] = np.repeat(
            np.array([self._static_row(card) for card in pool.cards], dtype=np.float32), 2, axis=0)
        printed[1::2, _MINE] = 1.0
        self._printed = printed
        # The one memo, of the game last encoded (its card list): per card and seat, the
        # object row last made (``_object_table[2 * card id + seat]``) and what it was
        # made from: the card's journal stamp and its modifiers (`_write_objects`).
        self._cards: list[CardObj] | None = None
        self._made: list[tuple[int, object] | None] = []
        self._object_table = np.zeros((0, CARD_FEATURES), dtype=np.float32)
        at = {n: i for i, n in enumerate(self._global_names())}
        assert tuple(at)[:len(_GLOBAL_SCALARS)] == _GLOBAL_SCALARS
        self._phase_at = {p: at["phase_" + p] for p in PHASE_NAMES}
        self._combat_step_at = at["combat_step_0"]
        self._decision_at = {k: at["decision_" + k] for k in decisions.DECISION_KINDS}
        # (name, size, meaning, card slots, slot width): card pieces are slots of cards.
        layout = [
            ("globals", len(at),
             "turn, phase, combat step, who plays and decides, decision kind, stack size", 0, 0),
            ("me", self._player_size(), "my champion and the number of cards in my zones", 0, 0),
            ("opponent", self._player_size(), "the same for the opponent", 0, 0),
            ("my_hand", HAND_SLOTS * CARD_FEATURES, f"my hand, first {HAND_SLOTS} cards",
             HAND_SLOTS, CARD_FEATURES),
            ("my_memory", MEMORY_SLOTS * CARD_FEATURES, f"my memory, first {MEMORY_SLOTS}",
             MEMORY_SLOTS, CARD_FEATURES),
            ("my_material", MATERIAL_SLOTS * CARD_FEATURES, "my material deck",
             MATERIAL_SLOTS, CARD_FEATURES),
            ("my_field", OWN_SLOTS * CARD_FEATURES,
             "my champion, then my objects in entry order", OWN_SLOTS, CARD_FEATURES),
            ("opponent_field", OPPONENT_SLOTS * CARD_FEATURES,
             "the opponent's champion and objects", OPPONENT_SLOTS, CARD_FEATURES),
            ("my_graveyard", GRAVEYARD_SLOTS * CARD_FEATURES, "my graveyard, newest first",
             GRAVEYARD_SLOTS, CARD_FEATURES),
            ("opponent_graveyard", OPPONENT_GRAVEYARD_SLOTS * CARD_FEATURES,
             "the opponent's graveyard, newest first", OPPONENT_GRAVEYARD_SLOTS, CARD_FEATURES),
            ("stack", STACK_SLOTS * _STACK_WIDTH,
             "the effects stack, top first: card, mine?, targets, kind", STACK_SLOTS,
             _STACK_WIDTH),
            ("choices", CHOICE_SLOTS * _CHOICE_WIDTH,
             "the options in choice slots: card (if I may see it), verb, number", CHOICE_SLOTS,
             _CHOICE_WIDTH),
        ]
        self.pieces: list[Piece] = []
        start = 0
        for name, size, meaning, slots, width in layout:
            self.pieces.append(Piece(name, start, size, meaning, slots, width))
            start += size
        self.size = start  # of the full vector, which the pieces lay out
        self.compact = compact
        self._kept = compact_columns(self) if compact else None
        # The floats `encode` returns.
        self.observation_size = self.size if self._kept is None else len(self._kept)
        self.high = float(max(HIGH_VALUE, len(pool.cards)))
        # The one buffer every observation is written in, and each piece's view of it.
        self._buffer = np.zeros(self.size, dtype=np.float32)
        self.views: dict[str, np.ndarray] = {}
        for p in self.pieces:
            view = self._buffer[p.start:p.start + p.size]
            self.views[p.name] = view.reshape(p.slots, p.width) if p.slots else view
        # The writers in piece order, each with its view.
        self._writers: list[tuple[Writer, np.ndarray]] = [
            (getattr(self, "_write_" + p.name), self.views[p.name]) for p in self.pieces]

    # --- the layout -------------------------------------------------------------------

    def card_slots(self) -> list[int]:
        """Where every card slot starts in the vector: its ``STATIC_NAMES`` features
        (``card_index`` among them) come first, then ``DYNAMIC_NAMES``; for policies that
        embed card identities."""
        return [p.start + i * p.width for p in self.pieces for i in range(p.slots)]

    def printed_table(self) -> np.ndarray:
        """The printed features (`PRINTED`) of every card of the pool, a row per card in
        vocabulary order: what the compact observation leaves for a policy to look up."""
        return self._printed[0::2][:, list(PRINTED)].copy()

    @staticmethod
    def _global_names() -> list[str]:
        return [*_GLOBAL_SCALARS, *(f"phase_{p}" for p in PHASE_NAMES),
                *(f"combat_step_{i}" for i in range(combat.STAGES)),
                *(f"decision_{k}" for k in decisions.DECISION_KINDS)]

    @staticmethod
    def _player_size() -> int:
        return CHAMPION_SIZE + len(PLAYER_ZONES)

    def _static_row(self, card: CardDef) -> list[float]:
        row = [1.0, float(card.index)]
        row += [float(card.type == t) for t in CARD_TYPES]
        row += [float(card.element == e) for e in ELEMENTS]
        row += [float(card.is_regalia), float("unique" in card.supertypes), float(card.token),
                float(card.speed == "fast")]
        row += [float(card.reserve_cost is not None), _scaled(card.reserve_cost, 10),
                float(card.memory_cost is not None), _scaled(card.memory_cost, 10),
                _scaled(card.level, 3), float(bool(card.bands)), _scaled(card.power, 10),
                _scaled(card.life, 30),
                _scaled(card.durability, 10)]
        row += [float(k in card.keywords) for k in keywords.KEYWORDS]
        row += [card.keywords.get(k, 0) / 5 for k in NUMBERED]
        triggers = {a.trigger.name for a in card.abilities if a.trigger is not None}
        row += [float(t in triggers) for t in events.TRIGGERS]
        row += [float(bool(card.static_abilities)),
                float(bool(card.activated)), float(bool(card.modes))]
        row += [float(c in card.classes) for c in list(self.classes)]
        row += [0.0] * (CLASS_SLOTS - len(self.classes))
        return [min(max(v, LOW), HIGH_VALUE) if i != CARD_INDEX else v
                for i, v in enumerate(row)]

    # --- encoding ---------------------------------------------------------------------

    def encode(self, state: GameState, player: int, decision: Decision | None,
               slots: Slots, choices: list[Option]) -> np.ndarray:
        """``player``'s observation, a new array; ``decision`` is theirs to make (or None),
        ``choices`` the options in choice slots. Every value is written inside
        [LOW, HIGH_VALUE] (the card index inside the vocabulary), so the observation
        never leaves its space (tested). A compact encoder returns the kept columns."""
        self._buffer.fill(0.0)  # the writers write only what is not zero
        for write, view in self._writers:
            write(view, state, player, decision, slots, choices)
        return self._buffer.copy() if self._kept is None else self._buffer[self._kept]

    @staticmethod
    def _code(card: CardObj, player: int) -> int:
        """The card's row of ``_printed`` as ``player`` sees it."""
        return 2 * card.defn.index + (card.controller == player)

    def _write_cards(self, view: np.ndarray, state: GameState, player: int,
                     ids: list[int]) -> None:
        """Card slots out of play: the printed rows of cards ``ids`` as ``player`` sees
        them (`_code`, written out: no call per card), gathered in one call. (``take``
        in mode "clip" writes straight into the view, where its default mode goes through
        a temporary; every code is in range, so nothing is clipped. Three times as fast
        as ``view[:n] = self._printed[codes]``.)"""
        if ids:
            cards = state.cards
            self._printed.take([2 * cards[c].defn.index + (cards[c].controller == player)
                                for c in ids], 0, view[:len(ids)], "clip")

    def _write_globals(self, view: np.ndarray, state: GameState, player: int,
                       decision: Decision | None, slots: Slots, choices: list[Option]) -> None:
        """Turn, whether ``player`` plays, decides and played first, stack size, empower,
        then a flag each for the phase, the combat step (in combat) and the decision
        kind."""
        turn = state.turn / (state.turn_limit if state.turn_limit > 1 else 1)
        view[0] = turn if turn < 1.0 else 1.0
        if state.turn_player == player:
            view[1] = 1.0
        if decision is not None and decision.player == player:
            view[2] = 1.0
        if state.first_player == player:
            view[3] = 1.0
        if state.stack:
            stack = len(state.stack) / 10
            view[4] = stack if stack < HIGH_VALUE else HIGH_VALUE
        empower = state.players[player].empower / 5
        if empower:
            view[5] = empower if empower < HIGH_VALUE else HIGH_VALUE
        phase = state.phase
        view[self._phase_at[phase]] = 1.0
        if phase == "combat":
            view[self._combat_step_at + state.phase_stage] = 1.0
        if decision is not None:
            view[self._decision_at[decision.kind]] = 1.0

    def _write_me(self, view: np.ndarray, state: GameState, player: int,
                  decision: Decision | None, slots: Slots, choices: list[Option]) -> None:
        """``player``'s champion (level, life, damage, rest) and a flag per element they
        may use; then the number of cards in each of their zones (a player's zones dict
        keeps PLAYER_ZONES' order, `PlayerState`)."""
        zones = state.players[player].zones
        lineage = zones["lineage"]
        if lineage:
            card = state.cards[lineage[-1]]
            view[0] = champions.level(state, player) / 3
            view[1] = _bounded(champions.life(state, player) / 30)
            if card.damage:
                view[2] = _bounded(card.damage / 30)
            if card.rested:
                view[3] = 1.0
        for element in champions.elements(state, player):
            view[4 + _ELEMENT_AT[element]] = 1.0
        for i, n in enumerate(map(len, zones.values()), CHAMPION_SIZE):
            if n:
                view[i] = n / _ZONE_SCALE if n < _ZONE_FULL else HIGH_VALUE

    def _write_opponent(self, view: np.ndarray, state: GameState, player: int,
                        decision: Decision | None, slots: Slots,
                        choices: list[Option]) -> None:
        """The opponent's own ``me`` piece."""
        self._write_me(view, state, 1 - player, decision, slots, choices)

    def _write_my_hand(self, view: np.ndarray, state: GameState, player: int,
                       decision: Decision | None, slots: Slots, choices: list[Option]) -> None:
        self._write_cards(view, state, player, slots.hand)

    def _write_my_memory(self, view: np.ndarray, state: GameState, player: int,
                         decision: Decision | None, slots: Slots,
                         choices: list[Option]) -> None:
        self._write_cards(view, state, player, state.players[player].zones["memory"][:MEMORY_SLOTS])

    def _write_my_material(self, view: np.ndarray, state: GameState, player: int,
                           decision: Decision | None, slots: Slots,
                           choices: list[Option]) -> None:
        self._write_cards(view, state, player, slots.material)

    def _write_my_field(self, view: np.ndarray, state: GameState, player: int,
                        decision: Decision | None, slots: Slots,
                        choices: list[Option]) -> None:
        self._write_objects(view, state, player, slots.own)

    def _write_opponent_field(self, view: np.ndarray, state: GameState, player: int,
                              decision: Decision | None, slots: Slots,
                              choices: list[Option]) -> None:
        self._write_objects(view, state, player, slots.opponent)

    def _write_objects(self, view: np.ndarray, state: GameState, player: int,
                       ids: list[int]) -> None:
        """Objects in play: each one's row (`_object_row`), gathered in one call. A row is
        a function of the card, the seat, the object's state (damage, rest, counters,
        controller, identity) and the statics' modifiers of it, which are a function of
        the statics view and the object's identity, controller and card. So it is made
        again only when the journal has stamped the card since (`gaenv.engine.journal`:
        every change to a card stamps it) or the statics view is another (a change to
        the sources of continuous effects replaces it: `gaenv.engine.views`). The memo
        belongs to one game: another card list (a new game, or a card added) starts it
        afresh."""
        if not ids:
            return
        cards = state.cards
        if self._cards is not cards or len(self._made) != 2 * len(cards):
            self._cards = cards
            self._made = [None] * (2 * len(cards))
            self._object_table = np.zeros((2 * len(cards), CARD_FEATURES), dtype=np.float32)
        made = self._made
        table = self._object_table
        force = statics.in_force(state)
        at = []
        for cid in ids:
            card = cards[cid]
            i = 2 * cid + player
            key = made[i]
            if key is None or key[0] != card.stamp or key[1] is not force:
                made[i] = (card.stamp, force)
                self._object_row(table[i], card, player, statics.modifiers(state, cid))
            at.append(i)
        table.take(at, 0, view[:len(at)], "clip")

    def _object_row(self, row: np.ndarray, card: CardObj, player: int,
                    mods: statics.Modifiers) -> None:
        """Write an object's card row: its printed row as ``player`` sees it (``mine``
        included, its other play features zero), then those play features that are not
        zero."""
        defn = card.defn
        counters = card.counters
        row[:] = self._printed[self._code(card, player)]
        power, life = statics.modified_stats(defn, counters, mods)
        if power:
            row[_POWER] = _bounded(power / 10)
        if life:
            row[_LIFE] = _bounded(life / 30)
        if card.damage:
            row[_DAMAGE] = _bounded(card.damage / 30)
        if card.rested:
            row[_RESTED] = 1.0
        if counters:
            row[_DURABILITY] = _bounded(counters.get("durability", 0) / 10)
            row[_BUFF] = _bounded(counters.get("buff", 0) / 5)
            row[_DEBUFF] = _bounded(counters.get("debuff", 0) / 5)
            row[_DISTANT] = float(bool(counters.get("distant")))
            row[_PREVENT] = _bounded(counters.get("prevent", 0) / 5)
            row[_LEVEL_COUNTERS] = _bounded(counters.get("level", 0) / 5)
        if defn.bands:  # a leveler: the band in force (LEVELERS.md)
            row[_BAND] = _bounded((band(card) + 1) / 3)
        if _keyword(defn, mods, "stealth"):
            row[_STEALTH_NOW] = 1.0
        if _keyword(defn, mods, "taunt"):
            row[_TAUNT_NOW] = 1.0

    def _write_my_graveyard(self, view: np.ndarray, state: GameState, player: int,
                            decision: Decision | None, slots: Slots,
                            choices: list[Option]) -> None:
        self._write_cards(view, state, player, slots.graveyard)

    def _write_opponent_graveyard(self, view: np.ndarray, state: GameState, player: int,
                                  decision: Decision | None, slots: Slots,
                                  choices: list[Option]) -> None:
        graveyard = state.players[1 - player].zones["graveyard"]
        self._write_cards(view, state, player, graveyard[-OPPONENT_GRAVEYARD_SLOTS:][::-1])

    def _write_stack(self, view: np.ndarray, state: GameState, player: int,
                     decision: Decision | None, slots: Slots, choices: list[Option]) -> None:
        """The stack, top first: each item's printed card row, then whether it is mine,
        its number of targets and a flag for its kind."""
        if not state.stack:
            return
        cards = state.cards
        for j, item in enumerate(reversed(state.stack[-STACK_SLOTS:])):
            row = view[j]
            row[:CARD_FEATURES] = self._printed[self._code(cards[item.card], player)]
            if item.controller == player:
                row[CARD_FEATURES] = 1.0
            if item.targets:
                row[CARD_FEATURES + 1] = min(len(item.targets) / 4, HIGH_VALUE)
            row[CARD_FEATURES + 2 + STACK_KINDS.index(item.kind)] = 1.0

    def _write_choices(self, view: np.ndarray, state: GameState, player: int,
                       decision: Decision | None, slots: Slots,
                       choices: list[Option]) -> None:
        """While the decision is ``player``'s, per option in a choice slot: the printed
        row of the card it is about (if any), a flag for its verb, and the number of a
        mode, trigger or yes."""
        if not choices or decision is None or decision.player != player:
            return
        cards = state.cards
        for row, option in zip(view, choices, strict=False):
            if option.verb in _NUMBERED_VERBS:
                row[-1] = min(option.card / 10, HIGH_VALUE)
            elif option.card >= 0:
                row[:CARD_FEATURES] = self._printed[self._code(cards[option.card], player)]
            row[CARD_FEATURES + VERB_COLUMN[option.verb]] = 1.0


def compact_columns(encoder: Encoder) -> np.ndarray:
    """The columns of the full vector the compact observation keeps, in order: all but
    the `PRINTED` features of every card slot (its layout is the same for every pool)."""
    keep = np.ones(encoder.size, dtype=bool)
    for start in encoder.card_slots():
        keep[start + np.array(PRINTED)] = False
    return np.flatnonzero(keep)


def compact_markdown(encoder: Encoder) -> str:
    """docs/observation.md's generated part for the compact observation: each piece's
    slice in the compact vector."""
    kept = compact_columns(encoder)
    lines = ["| piece | compact slice | size | card slot width |", "|---|---|---|---|"]
    for p in encoder.pieces:
        first, end = np.searchsorted(kept, [p.start, p.start + p.size])
        width = p.width - len(PRINTED) if p.slots else 0
        lines.append(f"| `{p.name}` | {first}:{end} | {end - first} | {width or ''} |")
    lines += ["", f"Total: {len(kept)} floats. A card slot keeps `present`, `card_index`, "
              "then the features after the printed ones, in the full slot's order."]
    return "\n".join(lines) + "\n"


def markdown(encoder: Encoder) -> str:
    """docs/observation.md's generated part: the pieces, card features and action blocks."""
    from gaenv.env import actions

    lines = ["| piece | slice | size | meaning |", "|---|---|---|---|"]
    lines += [f"| `{p.name}` | {p.start}:{p.start + p.size} | {p.size} | {p.meaning} |"
              for p in encoder.pieces]
    lines += ["", f"Total: {encoder.size} floats.", "",
              f"Card features ({CARD_FEATURES} per card slot, in this order):", ""]
    lines.append(", ".join(f"`{n}`" for n in (*STATIC_NAMES, *DYNAMIC_NAMES)))
    lines += ["", "Globals, in order: " + ", ".join(f"`{n}`" for n in encoder._global_names()),
              "", "| action block | first index | slots |", "|---|---|---|"]
    lines += [f"| `{name}` | {start} | {size} |" for name, start, size in actions.describe()]
    lines += ["", f"N = {actions.N_ACTIONS} actions."]
    return "\n".join(lines) + "\n"
