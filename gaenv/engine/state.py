"""The position of a game as plain data, and its cheap `clone()`.

Nothing in here is callable game logic: frames and stack items are records
that the engine's handlers interpret, so a state can be cloned, compared and
(later) saved without losing anything. Card definitions are shared between
clones; everything mutable is copied.
"""

from __future__ import annotations

import random
from typing import Any

from gaenv.core.decisions import Decision
from gaenv.core.events import Event
from gaenv.core.program import Node
from gaenv.engine.objects import PLAYER_ZONES, CardObj

PHASES = ("wake_up", "materialize", "recollection", "draw", "main", "end")


class StackItem:
    """A layer of the effects stack ("Game Zones - Effects Stack").

    kind: ``activation`` or ``materialization`` (``card`` is the card on the
    stack), ``trigger`` or ``ability`` (``card`` is the source; ``ability``
    indexes its abilities, or names the keyword whose built-in trigger it is).
    ``targets`` holds the oids of the objects chosen (-1 for an "up to" target
    left empty), ``mode`` the chosen mode of a modal card, ``empower`` the
    levels Empower lends it ("Keywords - Empower N"), ``about`` the card id the
    event that triggered it was about (-1 if none) and ``about_oid`` the object that card
    was then (-1 if none), for "that unit" and "its controller" in its effect; ``moved``
    the cards its latest ``move_cards`` step moved ("for each card banished this way",
    "draw that many"), ``discarded`` the card ids its ``discard`` steps discarded ("if a
    fire element card was discarded").
    """

    __slots__ = ("ability", "about", "about_oid", "brewed", "card", "controller", "discarded",
                 "empower", "kind", "mode", "moved", "prepared", "revealed", "source_oid",
                 "targets")

    def __init__(self, kind: str, card: int, controller: int, ability: int | str = -1,
                 source_oid: int = -1, about: int = -1, about_oid: int = -1) -> None:
        self.kind = kind
        self.card = card
        self.controller = controller
        self.ability = ability
        self.source_oid = source_oid
        self.about = about
        self.about_oid = about_oid
        self.targets: list[int] = []
        self.mode = -1
        self.empower = 0
        self.brewed = False  # activated by Brew, its ingredients sacrificed ("Keywords - Brew")
        self.revealed = 0  # cards of its element paid for it: imbued at its Imbue N or more
        self.prepared = False  # its Prepare cost paid ("Keywords - Prepare N 2")
        self.moved = 0
        self.discarded: tuple[int, ...] = ()

    def copy(self) -> StackItem:
        c = StackItem(self.kind, self.card, self.controller, self.ability, self.source_oid,
                      self.about, self.about_oid)
        c.targets = list(self.targets)
        c.mode = self.mode
        c.empower = self.empower
        c.brewed = self.brewed
        c.revealed = self.revealed
        c.prepared = self.prepared
        c.moved = self.moved
        c.discarded = self.discarded
        return c

    def key(self) -> tuple:
        return (self.kind, self.card, self.controller, self.ability, self.source_oid,
                self.about, self.about_oid, tuple(self.targets), self.mode, self.empower,
                self.brewed, self.revealed, self.prepared, self.moved, self.discarded)


class Combat:
    """The combat in progress ("Turn Order - Combat Phase").

    Objects are named by oid. ``defenders`` are the attack's targets;
    ``retaliators`` the units retaliating against the attacker, in the order
    they deal damage; ``asked`` the units whose controller already declined or
    chose to retaliate; ``weapon`` the weapon used by a champion (-1 if none);
    ``ordered`` how many retaliators the attacking player has put in order;
    ``critical`` the source (the attacker for the attack, or a retaliator) whose
    Critical was asked last, -1 before any; ``discards`` the cards still owed to
    stop it; ``doubled`` the sources whose combat damage Critical doubles; ``bonus`` what
    effects have added to this attack's power ("this attack gets +2 POWER").
    """

    __slots__ = ("asked", "attacker", "bonus", "critical", "defenders", "discards", "doubled",
                 "ordered", "player", "retaliators", "weapon")

    def __init__(self, player: int, attacker: int, weapon: int = -1) -> None:
        self.player = player
        self.attacker = attacker
        self.weapon = weapon
        self.defenders: list[int] = []
        self.retaliators: list[int] = []
        self.asked: list[int] = []
        self.ordered = 0
        self.critical = -1
        self.discards = 0
        self.doubled: list[int] = []
        self.bonus = 0

    def copy(self) -> Combat:
        c = Combat(self.player, self.attacker, self.weapon)
        c.defenders = list(self.defenders)
        c.retaliators = list(self.retaliators)
        c.asked = list(self.asked)
        c.ordered = self.ordered
        c.critical = self.critical
        c.discards = self.discards
        c.doubled = list(self.doubled)
        c.bonus = self.bonus
        return c

    def key(self) -> tuple:
        return (self.player, self.attacker, self.weapon, tuple(self.defenders),
                tuple(self.retaliators), tuple(self.asked), self.ordered, self.critical,
                self.discards, tuple(self.doubled), self.bonus)


class AttackFrame:
    """An attack being declared: its target(s), then (for an attack card) a weapon.

    ``attacker`` is the attacking unit's card id, ``weapon`` a weapon's card id
    or -1, ``card`` the attack card in the intent or -1 ("Combat Phase - Attack
    Declaration"; "Card Types - Attack").
    """

    __slots__ = ("attacker", "card", "player", "reserve_left", "stage", "targets", "weapon")

    def __init__(self, player: int, attacker: int, weapon: int, card: int, stage: str) -> None:
        self.player = player
        self.attacker = attacker
        self.weapon = weapon
        self.card = card
        self.stage = stage
        self.targets: list[int] = []
        self.reserve_left = 0  # of an additional attack cost (``attack_cost``) still to pay

    def copy(self) -> AttackFrame:
        c = AttackFrame(self.player, self.attacker, self.weapon, self.card, self.stage)
        c.targets = list(self.targets)
        c.reserve_left = self.reserve_left
        return c

    def key(self) -> tuple:
        return ("attack", self.player, self.attacker, self.weapon, self.card, self.stage,
                tuple(self.targets), self.reserve_left)


class PlayFrame:
    """A card or trigger being put onto the stack: targets, then costs.

    ``depth`` is the index of its layer in the stack. ``stage`` moves through
    targets -> reserve -> memory -> done ("Playing Cards - Card Activation",
    "Playing Cards - Card Materialization").
    """

    __slots__ = ("depth", "memory_left", "reserve_left", "sacrificed", "stage")

    def __init__(self, depth: int, stage: str, reserve_left: int = 0, memory_left: int = 0,
                 sacrificed: int = 0) -> None:
        self.depth = depth
        self.stage = stage
        self.reserve_left = reserve_left
        self.memory_left = memory_left
        self.sacrificed = sacrificed  # Brew ingredients sacrificed so far

    def copy(self) -> PlayFrame:
        return PlayFrame(self.depth, self.stage, self.reserve_left, self.memory_left,
                         self.sacrificed)

    def key(self) -> tuple:
        return ("play", self.depth, self.stage, self.reserve_left, self.memory_left,
                self.sacrificed)


class ResolveFrame:
    """A stack layer in the middle of resolving ("Playing Cards - Resolution"): a program
    the core carries out (`gaenv.core.program.Running`).

    ``steps`` is the effect program still to run (immutable card data), ``pc``
    the next step. A primitive that needs a choice suspends the frame; the
    answer resumes it at the same step. ``scratch`` holds what a step that asks
    several times remembers between answers (cards still to place, to discard);
    it is emptied as the next step begins.
    """

    __slots__ = ("item", "pc", "scratch", "steps")

    def __init__(self, item: StackItem, steps: tuple[Node, ...], pc: int = 0) -> None:
        self.item = item
        self.steps = steps
        self.pc = pc
        self.scratch: list[int] = []

    def next_step(self) -> None:
        self.pc += 1
        self.scratch = []

    def copy(self) -> ResolveFrame:
        c = ResolveFrame(self.item.copy(), self.steps, self.pc)
        c.scratch = list(self.scratch)
        return c

    def key(self) -> tuple:
        return ("resolve", self.item.key(), tuple(n.op for n in self.steps), self.pc,
                tuple(self.scratch))


Frame = AttackFrame | PlayFrame | ResolveFrame


class Lasting:
    """A static effect created by a resolution that lasts until the end of the turn
    ("Types of Effects - Continuous Effects, Instanced Effects"), or with ``until`` =
    ``next_turn`` until its controller's next turn begins.

    ``target`` is the oid of the one object it applies to, or -1 when the
    static's own filter decides.
    """

    __slots__ = ("controller", "node", "target", "timestamp", "until")

    def __init__(self, node: Node, controller: int, timestamp: int, target: int = -1,
                 until: str = "turn") -> None:
        self.node = node
        self.controller = controller
        self.timestamp = timestamp
        self.target = target
        self.until = until

    def key(self) -> tuple:
        return (self.node.op, repr(sorted(self.node.args.items())), self.controller,
                self.timestamp, self.target, self.until)


class PlayerState:
    """One player's zones (lists of card ids) and per-game flags."""

    __slots__ = ("activated", "attacked", "currents", "empower", "had_champion", "index", "lost",
                 "materialized", "turns_started", "zones")

    def __init__(self, index: int) -> None:
        self.index = index
        # Deck lists keep their top at the end (pop() draws). The dict keeps PLAYER_ZONES'
        # order (copies too): the observation reads the zones' sizes in its order.
        self.zones: dict[str, list[int]] = {z: [] for z in PLAYER_ZONES}
        self.turns_started = 0
        self.materialized = 0  # materializations made this materialize phase
        self.had_champion = False
        self.lost = ""  # why the player lost, naming them ("" while they have not)
        self.empower = 0  # levels Empower lends the next Spell this turn
        # The direction of the player's Shifting Currents mastery ("Game Mechanics -
        # Mastery"), "" without it; written by `gaenv.engine.journal.currents`.
        self.currents = ""
        # What the player did this turn, for "if you've activated a Melody card this turn"
        # and "if your champion has attacked this turn" (turn bookkeeping, reset as each
        # turn begins): the cards activated from hand, and whether their champion attacked.
        self.activated: list[int] = []
        self.attacked = False

    def copy(self) -> PlayerState:
        c = PlayerState(self.index)  # (a compiled class is made only by its constructor)
        c.zones = {k: v[:] for k, v in self.zones.items()}
        c.turns_started = self.turns_started
        c.materialized = self.materialized
        c.had_champion = self.had_champion
        c.lost = self.lost
        c.empower = self.empower
        c.currents = self.currents
        c.activated = self.activated[:]
        c.attacked = self.attacked
        return c


class GameState:
    """Everything that makes up a position. See docs/engine.md for the fields."""

    __slots__ = (
        "board_views",
        "cards",
        "checks_due",
        "clock",
        "combat",
        "decision",
        "decisions_made",
        "events",
        "first_player",
        "frames",
        "lasting",
        "mark_views",
        "next_oid",
        "next_timestamp",
        "over",
        "passes",
        "pending_triggers",
        "phase",
        "phase_stage",
        "players",
        "priority",
        "reason",
        "rng",
        "stack",
        "truncated",
        "turn",
        "turn_limit",
        "turn_one_pending",
        "turn_player",
        "views",
        "winner",
    )

    def __init__(self, seed: int, turn_limit: int) -> None:
        self.cards: list[CardObj] = []
        self.players = [PlayerState(0), PlayerState(1)]
        self.stack: list[StackItem] = []
        self.frames: list[Frame] = []
        # (card id, ability index or keyword, controller, source oid, the card id the event
        # was about or -1, the object it was then or -1), in firing order.
        self.pending_triggers: list[tuple[int, int | str, int, int, int, int]] = []
        self.combat: Combat | None = None
        self.lasting: list[Lasting] = []
        # The change journal (gaenv.engine.journal): ``clock`` counts every change to the
        # game; ``events`` the changes since the last answer (`gaenv.core.events`);
        # ``views`` the derived views of this position; ``board_views`` and ``mark_views``
        # the names of those that a change to the board, or any change, drops
        # (gaenv.engine.views).
        self.clock = 0
        self.events: list[Event] = []
        self.views: dict[str, Any] = {}
        self.board_views: list[str] = []
        self.mark_views: list[str] = []
        # Whether a change the state-based checks look at happened since they last ran
        # (set by the journal, from its table of change kinds).
        self.checks_due = True
        self.turn = 0
        self.turn_player = 0
        self.first_player = 0
        self.phase = "wake_up"
        self.phase_stage = 0
        self.turn_one_pending = False
        # The player holding opportunity, or -1 when no opportunity window is open.
        self.priority = -1
        self.passes = 0
        self.decision: Decision | None = None
        self.decisions_made = 0
        self.over = False
        self.truncated = False
        self.winner: int | None = None  # None with over=True is a draw
        self.reason = ""  # why the game ended (gaenv.core.outcome)
        self.turn_limit = turn_limit
        self.next_oid = 1
        self.next_timestamp = 1
        self.rng = random.Random(seed)

    def clone(self) -> GameState:
        c = GameState(0, self.turn_limit)  # (its random generator is set to ours below)
        c.cards = [card.copy() for card in self.cards]
        c.players = [p.copy() for p in self.players]
        c.stack = [item.copy() for item in self.stack]
        c.frames = [f.copy() for f in self.frames]
        c.pending_triggers = list(self.pending_triggers)
        c.combat = self.combat.copy() if self.combat is not None else None
        c.lasting = list(self.lasting)  # Lasting records are never mutated
        c.events = list(self.events)
        # A view is a function of the position, which both now share; each copy keeps and
        # drops its views in its own dict from here on.
        c.views = dict(self.views)
        c.board_views = list(self.board_views)
        c.mark_views = list(self.mark_views)
        # Immutable values, and values only ever replaced (the decision):
        for name in _SHARED_SLOTS:
            setattr(c, name, getattr(self, name))
        c.rng.setstate(self.rng.getstate())
        return c

    def snapshot(self) -> tuple[Any, ...]:
        """A canonical, comparable picture of the whole position (RNG included)."""
        cards = tuple(
            (c.id, c.defn.name, c.owner, c.controller, c.zone, c.oid, c.rested, c.damage,
             tuple(sorted(c.counters.items())), c.timestamp, c.entered, c.last_oid,
             c.last_controller,
             tuple(sorted(c.last_counters.items())), c.fostered, c.hurt, c.brewed, c.imbued,
             c.prepared, c.linked)
            for c in self.cards
        )
        players = tuple(
            (tuple((z, tuple(ids)) for z, ids in p.zones.items()), p.turns_started,
             p.materialized, p.had_champion, p.lost, p.empower, p.currents,
             tuple(p.activated), p.attacked)
            for p in self.players
        )
        decision = None
        if self.decision is not None:
            d = self.decision
            decision = (d.player, d.kind, d.source, tuple(str(o) for o in d.options))
        return (
            cards, players, tuple(i.key() for i in self.stack), tuple(f.key() for f in self.frames),
            tuple(self.pending_triggers), tuple(x.key() for x in self.lasting),
            self.combat.key() if self.combat is not None else None, self.turn,
            self.turn_player, self.first_player, self.phase, self.phase_stage,
            self.turn_one_pending, self.priority, self.passes, decision, self.decisions_made,
            self.over, self.truncated, self.winner, self.reason, self.turn_limit, self.checks_due,
            self.next_oid, self.next_timestamp, self.rng.getstate(),
        )


# GameState slots a clone may share with the original.
_SHARED_SLOTS = (
    "clock", "checks_due", "turn", "turn_player", "first_player", "phase",
    "phase_stage", "turn_one_pending", "priority", "passes", "decision", "decisions_made", "over",
    "truncated", "winner", "reason", "turn_limit", "next_oid", "next_timestamp",
)
