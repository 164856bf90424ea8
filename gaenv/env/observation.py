"""The observation: one float32 vector built from named pieces, for one player's view.

A piece is a fixed slice of the vector (see `Encoder.pieces` and
docs/observation.md, whose tables ``gaenv layout`` prints).
Card slots carry the same card features everywhere: numeric characteristics
(types, element, costs, stats, speed, keywords, ...) and, in one feature, the
card's integer index into the frozen card vocabulary (the pool's order), so
an embedding layer can look it up. Only what the observing player may know is
encoded: the opponent's hand, memory and material deck appear as counts, no
main deck is ever shown except the cards the observer is choosing among during
their own search or glimpse (which the rules show them).
"""

from __future__ import annotations

import itertools
import struct
import weakref
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import numpy as np

from gaenv.cards.schema import CardPool
from gaenv.engine import champions, combat, decisions, events, keywords, statics
from gaenv.engine.decisions import Decision, Option
from gaenv.engine.objects import CARD_TYPES, ELEMENTS, PLAYER_ZONES, CardDef, CardObj
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
MEMO_SIZE = 4096  # memoized object rows (and champion parts, globals pieces) kept at most
# A player piece's champion part: level, life, damage, rested, then a flag per element.
CHAMPION_SIZE = 4 + len(ELEMENTS)
# The head's parts (`Encoder._parts`): the globals piece, then per player (me, then the
# opponent) the champion part and one part per zone count.
_HEAD_PARTS = 1 + 2 * (1 + len(PLAYER_ZONES))

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
    "has_reserve_cost", "reserve_cost", "has_memory_cost", "memory_cost", "level",
    "printed_power", "printed_life", "printed_durability",
    *(f"kw_{k}" for k in keywords.KEYWORDS), *(f"kw_{k}_n" for k in NUMBERED),
    *(f"has_{a}" for a in ABILITY_FLAGS), *(f"class_{i}" for i in range(CLASS_SLOTS)),
)
DYNAMIC_NAMES = ("mine", "power", "life", "damage", "rested", "durability", "buff", "debuff",
                 "distant", "prevent", "stealth_now", "taunt_now")
CARD_FEATURES = len(STATIC_NAMES) + len(DYNAMIC_NAMES)
CARD_INDEX = STATIC_NAMES.index("card_index")


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


# Everything an object's row depends on (its memo key): its `Encoder._seat` code (card
# and whose it is), its damage, rest and counters, and the modifiers applying to it.
ObjectState = tuple[int, int, bool, tuple[tuple[str, int], ...], statics.Modifiers]
# Per seat of a game: card id -> its row of ``Encoder._printed``, and that row's bytes.
_Seat = tuple[list[int], list[bytes]]
_FLOAT32 = np.dtype(np.float32)  # (a dtype object, given by position: the cheapest call)
_ELEMENT_AT = {e: i for i, e in enumerate(ELEMENTS)}
# A zone of n cards is shown as n / 20, at most HIGH_VALUE.
_ZONE_SCALE = 20
_STACK_WIDTH = CARD_FEATURES + 2 + len(STACK_KINDS)
_CHOICE_WIDTH = CARD_FEATURES + len(VERBS) + 1
# Choice verbs whose card field is a number (a mode, a trigger, a yes), not a card.
_NUMBERED_VERBS = frozenset({"mode", "trigger", "yes"})


_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


def _remember(memo: dict[_Key, _Value], key: _Key, value: _Value) -> _Value:
    """Memoize ``value`` under ``key`` and return it; a full memo (MEMO_SIZE entries) starts
    afresh first (the values in use live on)."""
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = value
    return value


class _PoolMemos:
    """What the encoders of one card pool memoize in common: an object's row under its
    `ObjectState` (its printed row with its state in play written over the dynamic
    features), a champion part under the lineage's cards and the champion's row (which
    stands for its state: `Encoder._players`), and the globals piece under what it is
    made of (`Encoder._globals`). Each is a function of the pool and the key alone, so a
    new environment of the pool starts with them warm. At most MEMO_SIZE entries each;
    kept while the pool lives."""

    _of_pool: ClassVar[dict[int, tuple[weakref.ref[CardPool], _PoolMemos]]] = {}

    def __init__(self) -> None:
        self.objects: dict[ObjectState, bytes] = {}
        self.champions: dict[tuple[Any, ...], bytes] = {}
        self.globals: dict[tuple[Any, ...], bytes] = {}

    @classmethod
    def of(cls, pool: CardPool) -> _PoolMemos:
        key = id(pool)
        entry = cls._of_pool.get(key)
        if entry is None or entry[0]() is not pool:
            entry = cls._of_pool[key] = (weakref.ref(pool, cls._forget), cls())
        return entry[1]

    @classmethod
    def _forget(cls, ref: weakref.ref[CardPool]) -> None:
        """A pool is gone: so is its entry (unless another pool now has its id)."""
        for key, entry in list(cls._of_pool.items()):
            if entry[0] is ref:
                del cls._of_pool[key]


class Encoder:
    """Builds observations for one card pool (its order is the card vocabulary)."""

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        classes = sorted({c for card in pool.cards for c in card.classes})
        self.classes = {name: i for i, name in enumerate(classes[:CLASS_SLOTS])}
        # The card rows the card pieces are made of (`_parts`), as bytes of float32 values.
        # Row 2i: card i's printed features in someone else's card slot; 2i+1: in mine
        # (the ``mine`` flag set); then an all-zero row for an empty slot. Objects in play
        # have rows of their own (`_PoolMemos.objects`).
        printed_rows = 2 * len(pool.cards) + 1
        printed = np.zeros((printed_rows, CARD_FEATURES), dtype=np.float32)
        printed[:-1, :len(STATIC_NAMES)] = np.repeat(
            np.array([self._static_row(card) for card in pool.cards], dtype=np.float32), 2, axis=0)
        printed[1:-1:2, len(STATIC_NAMES)] = 1.0
        self._printed = printed
        self._row_bytes = [row.tobytes() for row in printed]
        self._empty = self._row_bytes[-1]
        # Object rows, champion parts and globals pieces, memoized with every encoder of
        # the pool (`_PoolMemos`).
        self._memos = _PoolMemos.of(pool)
        # Per seat, the statics epoch (`statics.epoch`) its entries hold under, and card
        # id -> (oid, damage, rested, counters, row): the row last used for that object,
        # so an object unchanged since, under the same statics (so with the same
        # modifiers), is not keyed again. Dropped when the epoch changes and for a new
        # game (within one, a card id always means the same card object and printed card).
        self._seen: list[tuple[object, dict[int, tuple[Any, ...]]]] = [(None, {}), (None, {})]
        # Per seat and player, the champion part last used, with the lineage and the
        # champion's row it was made for (`_players`); dropped for a new game.
        self._champions_seen: list[list[tuple[list[int], bytes, bytes] | None]] = [
            [None, None], [None, None]]
        # Where the values of the globals piece go (`_globals`): six scalars first, then
        # flags, one per phase, combat step and decision kind.
        at = {n: i for i, n in enumerate(self._global_names())}
        assert list(at)[:6] == ["turn", "my_turn", "my_decision", "first_player",
                                "stack_size", "empower"]
        self._global_flags = [0.0] * (len(at) - 6)
        self._globals_struct = struct.Struct(f"={len(at)}f")  # float32 values
        self._champion_struct = struct.Struct(f"={CHAMPION_SIZE}f")
        self._phase_at = {p: at["phase_" + p] for p in PHASE_NAMES}
        self._combat_step_at = at["combat_step_0"]
        self._decision_at = {k: at["decision_" + k] for k in decisions.DECISION_KINDS}
        # For the game last encoded: its card list and, per seat, each card id's row of
        # ``_printed`` and that row's bytes (a card's printed card and owner never change
        # within a game).
        self._game_seats: tuple[list[CardObj], tuple[_Seat, _Seat]] | None = None
        # The bytes of the value shown for a zone of n cards, for every n up to the game's
        # card count (made with the seats, `_seat`).
        self._zone_bytes: list[bytes] = []
        # (name, size, meaning, card slots, slot width): card pieces are slots of cards.
        layout = [
            ("globals", len(self._global_names()),
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
        self.size = start
        # The pieces from my_hand to opponent_graveyard lie end to end with one width:
        # their card slots are rows in one list of the vector's parts (`_parts`), after
        # the head (globals, me, opponent) and before the stack and choices pieces.
        run = self.pieces[3:10]
        for before, after in itertools.pairwise(run):
            assert before.width == after.width == CARD_FEATURES
            assert before.start + before.size == after.start
        slot_at = {p.name: _HEAD_PARTS + (p.start - run[0].start) // CARD_FEATURES
                   for p in run}
        # Where in that list the first card slot of each piece of cards out of play is (in
        # `_parts`' order), and of my_field and opponent_field (their champions' slots).
        self._zone_slots = tuple(slot_at[n] for n in (
            "my_hand", "my_memory", "my_material", "my_graveyard", "opponent_graveyard"))
        self._field_slots = (slot_at["my_field"], slot_at["opponent_field"])
        # The head's parts (globals, me, opponent) lie end to end.
        globals_, me, opponent = self.pieces[:3]
        assert globals_.start == 0 and globals_.size == me.start
        assert me.start + me.size == opponent.start == me.start + self._player_size()
        # The head and the card pieces cover everything up to the stack piece; the stack
        # and choices pieces follow, each slot's values packed after its card row.
        assert opponent.start + opponent.size == run[0].start
        tail = run[-1].start + run[-1].size
        assert [p.name for p in self.pieces if p.start >= tail] == ["stack", "choices"]
        self._stack_extra = struct.Struct(f"={_STACK_WIDTH - CARD_FEATURES}f")
        self._choice_extra = struct.Struct(f"={_CHOICE_WIDTH - CARD_FEATURES}f")
        self._zero_stack = bytes(4 * STACK_SLOTS * _STACK_WIDTH)
        self._zero_choices = bytes(4 * CHOICE_SLOTS * _CHOICE_WIDTH)
        # `_parts` before it is filled: the head's places, empty card slots, an empty stack
        # and no choices.
        self._blank_parts = [*[b""] * _HEAD_PARTS, *[self._empty] * sum(p.slots for p in run),
                             self._zero_stack, self._zero_choices]
        self.high = float(max(HIGH_VALUE, len(pool.cards)))

    # --- the layout -------------------------------------------------------------------

    def card_slots(self) -> list[int]:
        """Where every card slot starts in the vector: its ``STATIC_NAMES`` features
        (``card_index`` among them) come first, then ``DYNAMIC_NAMES``; for policies that
        embed card identities."""
        return [p.start + i * p.width for p in self.pieces for i in range(p.slots)]

    @staticmethod
    def _global_names() -> list[str]:
        return ["turn", "my_turn", "my_decision", "first_player", "stack_size", "empower",
                *(f"phase_{p}" for p in PHASE_NAMES),
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
                _scaled(card.level, 3), _scaled(card.power, 10), _scaled(card.life, 30),
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

    # --- building ---------------------------------------------------------------------

    def _seat(self, cards: list[CardObj], player: int) -> _Seat:
        """Card id -> its row of ``_printed`` as ``player`` sees it, and card id -> that
        row's bytes, for this game (built again for another game, or when a token has
        joined the card list)."""
        memo = self._game_seats
        if memo is None or memo[0] is not cards or len(memo[1][0][0]) != len(cards):
            bases = [2 * c.defn.index for c in cards]  # the row of the card in no one's slot
            self._seen = [(None, {}), (None, {})]
            self._champions_seen = [[None, None], [None, None]]
            full = int(_ZONE_SCALE * HIGH_VALUE)
            self._zone_bytes = [struct.pack("=f", min(n, full) / _ZONE_SCALE)
                                for n in range(len(cards) + 1)]
            seats = []
            for seat in (0, 1):
                codes = [b + (c.owner == seat) for b, c in zip(bases, cards, strict=True)]
                seats.append((codes, list(map(self._row_bytes.__getitem__, codes))))
            memo = self._game_seats = (cards, (seats[0], seats[1]))
        return memo[1][player]

    def encode(self, state: GameState, player: int, decision: Decision | None,
               slots: Slots, choices: list[Option]) -> np.ndarray:
        """``player``'s observation; ``decision`` is theirs to make (or None)."""
        codes, rows = self._seat(state.cards, player)
        # The vector is assembled as bytes in one join (the head's parts, every card
        # slot's row, the stack and choices pieces) and wrapped by one numpy call: numpy
        # calls are the slow part of building it.
        parts = self._parts(state, player, slots, codes, rows)
        parts[0] = self._globals(state, player, decision)
        self._players(state, player, codes, parts)
        if state.stack:
            parts[-2] = self._stack(state, player, rows)
        if choices and decision is not None and decision.player == player:
            parts[-1] = self._choices(choices, rows)
        # Every value is written inside [LOW, HIGH_VALUE] (the card index inside the
        # vocabulary), so the observation never leaves its space (tested).
        return np.frombuffer(bytearray().join(parts), _FLOAT32)  # writable

    def _globals(self, state: GameState, player: int, decision: Decision | None) -> bytes:
        """The ``globals`` piece, memoized under everything it is made of."""
        key = (state.turn, state.turn_limit, state.turn_player == player,
               state.first_player == player, len(state.stack), state.players[player].empower,
               state.phase, state.phase_stage,
               None if decision is None else (decision.kind, decision.player == player))
        memo = self._memos.globals
        piece = memo.get(key)
        if piece is None:
            piece = _remember(memo, key, self._globals_struct.pack(*self._global_values(key)))
        return piece

    def _global_values(self, key: tuple[Any, ...]) -> list[float]:
        """The ``globals`` piece's values from its memo key (`_globals`)."""
        turn, turn_limit, my_turn, first, stack_size, empower, phase, stage, decided = key
        values = [min(turn / max(turn_limit, 1), 1.0), float(my_turn),
                  float(decided is not None and decided[1]), float(first),
                  min(stack_size / 10, HIGH_VALUE), min(empower / 5, HIGH_VALUE)]
        values += self._global_flags
        values[self._phase_at[phase]] = 1.0
        if phase == "combat":
            values[self._combat_step_at + stage] = 1.0
        if decided is not None:
            values[self._decision_at[decided[0]]] = 1.0
        return values

    def _players(self, state: GameState, player: int, codes: list[int],
                 parts: list[bytes]) -> None:
        """Put the ``me`` and ``opponent`` pieces in their places in ``parts`` (after the
        globals piece): each player's champion part, memoized (see `_champion`), then the
        number of cards in each of their zones. ``parts`` holds the card slots' rows
        (`_parts`)."""
        memo = self._memos.champions
        mine, theirs = self._field_slots
        zone_bytes = self._zone_bytes
        seen = self._champions_seen[player]
        at = 1
        for p, slot in ((player, mine), (1 - player, theirs)):
            zones = state.players[p].zones
            lineage = zones["lineage"]
            # The champion is the first object in its field piece; its row stands for its
            # state (`ObjectState`: its life, damage and rest follow from it). The part
            # this seat last used for the player is kept while both are unchanged.
            row = parts[slot]
            last = seen[p]
            if last is not None and last[1] is row and last[0] == lineage:
                part = last[2]
            else:
                key = (tuple(map(codes.__getitem__, lineage)), row) if lineage else ()
                part = memo.get(key)
                if part is None:
                    part = _remember(memo, key,
                                     self._champion_struct.pack(*self._champion(state, p)))
                seen[p] = (lineage.copy(), row, part)
            parts[at] = part
            # (mapped in C: no Python step per zone; a player's zones are kept in
            # PLAYER_ZONES' order, `PlayerState`)
            parts[at + 1:at + 1 + len(PLAYER_ZONES)] = map(
                zone_bytes.__getitem__, map(len, zones.values()))
            at += 1 + len(PLAYER_ZONES)

    @staticmethod
    def _champion(state: GameState, player: int) -> list[float]:
        """A player's champion part: level, life, damage, rest and the elements they may
        use. A function of its memo key (`_players`): the lineage's cards (level and
        elements follow from them) and the champion's state."""
        values = [0.0] * CHAMPION_SIZE
        lineage = state.players[player].zones["lineage"]
        if lineage:
            card = state.cards[lineage[-1]]
            values[:4] = [champions.level(state, player) / 3,
                          _bounded(champions.life(state, player) / 30),
                          _bounded(card.damage / 30), float(card.rested)]
        for element in champions.elements(state, player):
            values[4 + _ELEMENT_AT[element]] = 1.0
        return values

    def _parts(self, state: GameState, player: int, slots: Slots,
               codes: list[int], rows: list[bytes]) -> list[bytes]:
        """The vector's parts, to be joined: the head's places (left empty), the row of
        every card slot of the card pieces (the printed features of each card and whose
        it is, with their state now for objects in play; the empty row for empty slots),
        then an empty stack piece and no choices."""
        parts = self._blank_parts.copy()
        row_of = rows.__getitem__  # by card id
        zones = state.players[player].zones
        for first, ids in zip(self._zone_slots, (
                slots.hand, zones["memory"][:MEMORY_SLOTS], slots.material, slots.graveyard,
                state.players[1 - player].zones["graveyard"][::-1][:OPPONENT_GRAVEYARD_SLOTS]),
                strict=True):
            if ids:
                parts[first:first + len(ids)] = map(row_of, ids)
        objects = self._memos.objects
        epoch = statics.in_force(state)
        last_epoch, seen = self._seen[player]
        if last_epoch is not epoch:
            seen = {}
            self._seen[player] = (epoch, seen)
        cards = state.cards
        for first, ids in zip(self._field_slots, (slots.own, slots.opponent), strict=True):
            for cid in ids:
                card = cards[cid]
                # The row this seat last used for the object, if the object is unchanged
                # since: the same object (oid) with the same damage, rest and counters.
                last = seen.get(cid)
                if last is not None and last[0] == card.oid and last[1] == card.damage \
                        and last[2] is card.rested and last[3] == card.counters:
                    parts[first] = last[4]
                    first += 1
                    continue
                # The object's state (`ObjectState`): its card and whose it is, its
                # damage, rest and counters, and the modifiers applying to it.
                counters = card.counters
                key = (codes[cid], card.damage, card.rested,
                       tuple(counters.items()) if counters else (),
                       statics.modifiers(state, cid))
                row = objects.get(key)
                if row is None:
                    row = _remember(objects, key, self._object_row(key).tobytes())
                seen[cid] = (card.oid, card.damage, card.rested, dict(counters), row)
                parts[first] = row
                first += 1
        return parts

    def _object_row(self, key: ObjectState) -> np.ndarray:
        """An object's card row: its printed features, then its state in play."""
        code, damage, rested, counted, mods = key
        mine = code & 1
        counters = dict(counted)
        defn = self.pool.cards[code >> 1]
        power, life = statics.modified_stats(defn, counters, mods)
        row = self._printed[code].copy()
        row[len(STATIC_NAMES):] = (
            float(mine), 0.0 if power is None else _bounded(power / 10),
            0.0 if life is None else _bounded(life / 30), _bounded(damage / 30),
            float(rested), _bounded(counters.get("durability", 0) / 10),
            _bounded(counters.get("buff", 0) / 5), _bounded(counters.get("debuff", 0) / 5),
            float(bool(counters.get("distant"))), _bounded(counters.get("prevent", 0) / 5),
            float(defn.has_keyword("stealth") or bool(mods.granted("stealth"))),
            float(defn.has_keyword("taunt") or bool(mods.granted("taunt"))))
        return row

    def _stack(self, state: GameState, player: int, rows: list[bytes]) -> bytes:
        """The ``stack`` piece, top first: each item's card row, then whether it is mine,
        its number of targets and a flag for its kind."""
        parts = []
        kinds = [0.0] * len(STACK_KINDS)
        for item in reversed(state.stack[-STACK_SLOTS:]):
            parts.append(rows[item.card])
            kinds[STACK_KINDS.index(item.kind)] = 1.0
            parts.append(self._stack_extra.pack(float(item.controller == player),
                                                min(len(item.targets) / 4, HIGH_VALUE), *kinds))
            kinds[STACK_KINDS.index(item.kind)] = 0.0
        parts.append(self._zero_stack[4 * _STACK_WIDTH * len(parts) // 2:])
        return b"".join(parts)

    def _choices(self, choices: list[Option], rows: list[bytes]) -> bytes:
        """The ``choices`` piece: per option, the card row (when the option is about a
        card), a flag for its verb, and the number of a mode, trigger or yes."""
        parts = []
        extra = [0.0] * (_CHOICE_WIDTH - CARD_FEATURES)
        for option in choices:
            numbered = option.verb in _NUMBERED_VERBS
            parts.append(rows[option.card] if option.card >= 0
                         and not numbered else self._empty)
            verb = VERBS.index(option.verb)
            extra[verb] = 1.0
            extra[-1] = min(option.card / 10, HIGH_VALUE) if numbered else 0.0
            parts.append(self._choice_extra.pack(*extra))
            extra[verb] = 0.0
        parts.append(self._zero_choices[4 * _CHOICE_WIDTH * len(parts) // 2:])
        return b"".join(parts)


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

