"""The turn: wake up, materialize, recollection, draw, main, end; and turn one.

Rules ("Game Mechanics - Turn Order" and its phase pages; "General Rules -
Starting the Game, Turn One"):

- Wake up: the turn player's objects wake (a turn-based action, no opportunity).
- Materialize: the turn player may materialize once (more if an effect allows);
  opportunity arises only from that materialization or from triggers, and no
  new window opens once the stack is empty again.
- Recollection: the turn player receives opportunity; once everyone has
  passed on an empty stack, memory returns to hand.
- Draw: the turn player draws a card (no opportunity unless something triggers).
- Main: the turn player receives opportunity; everyone passing on an empty stack
  ends the phase.
- End: opportunity, then allies' damage is removed and "this turn" effects end.
- Turn one: each player's first turn skips wake up, materialize and
  recollection and instead puts a level 0 champion from the material deck
  onto the field (a special game action: no response, not a materialization)
  at the start of the first phase it does not skip; the first player also skips
  their first draw. A position that begins in a skipped phase skips it too.
- A phase that gives no one opportunity passes without a decision.

Each phase is a small state machine over ``state.phase_stage``; the game loop
calls `advance` whenever nothing else (a frame, a trigger, an open window)
is pending.
"""

from __future__ import annotations

from gaenv.core import outcome
from gaenv.core.decisions import Decision
from gaenv.engine import champions, combat, decisions, effects, journal, statics, zones
from gaenv.engine.objects import BANISHMENT, HAND, MATERIAL, MEMORY, NO_WAKE, NON_COMBAT_SHIELD
from gaenv.engine.stack import materialize_options, open_window
from gaenv.engine.state import PHASES, GameState

_DONE = 2  # phase_stage value for "this phase has nothing left to do"
# phase_stage value for "its turn-based actions are done; the triggers they or the phase's
# beginning caused are being put on the stack and resolved before the phase goes on"
_HELD = 3


# Each phase and the one after it in a turn (None after the last: a new turn begins).
_FOLLOWING: dict[str, str | None] = dict(zip(PHASES, (*PHASES[1:], None), strict=True))


def next_phase(state: GameState, played: bool = True) -> None:
    """The current phase ends (recorded if it was ``played``, not skipped: its end triggers
    fire) and the next begins, or a new turn after the end phase."""
    if played:
        journal.emit(state, "phase_ends", -1, state.turn_player, -1, 0, state.phase)
    following = _FOLLOWING[state.phase]
    if following is not None:
        state.phase = following
        state.phase_stage = 0
    else:
        new_turn(state)


def new_turn(state: GameState) -> None:
    """Begin the next turn, or stop the game as truncated past the turn limit."""
    if state.turn >= state.turn_limit:
        outcome.end(state, None, f"it reached the turn limit ({state.turn_limit} turns)",
                    truncated=True)
        return
    state.turn += 1
    if state.turn > 1:
        state.turn_player = 1 - state.turn_player
    player = state.players[state.turn_player]
    player.turns_started += 1
    player.materialized = 0
    for each in state.players:  # what "this turn" reads begins again
        each.activated = []
        each.attacked = False
    state.phase_stage = 0
    state.turn_one_pending = player.turns_started == 1
    state.phase = "wake_up"
    journal.begin_turn(state)
    journal.end_lasting_of(state, state.turn_player)  # "until the beginning of your next turn"


def skipped(state: GameState) -> bool:
    """Whether the current phase is skipped: on a player's first turn, wake up,
    materialize and recollection; for the first player, also the draw ("General Rules -
    Starting the Game, Turn One")."""
    if state.players[state.turn_player].turns_started != 1:
        return False
    return state.phase in _TURN_ONE_SKIPS or (state.phase == "draw"
                                              and state.turn_player == state.first_player)


_TURN_ONE_SKIPS = frozenset({"wake_up", "materialize", "recollection"})


def level0_champions(state: GameState, player: int) -> list[int]:
    cards = state.cards
    return [cid for cid in state.players[player].zones[MATERIAL]
            if cards[cid].defn.is_champion and cards[cid].defn.level == 0]


def place_first_champion(state: GameState) -> None:
    """Turn one's special action; a decision only when there is a real choice."""
    tp = state.turn_player
    candidates = level0_champions(state, tp)
    if len(candidates) > 1:
        options = tuple(decisions.put_champion(c, state.cards[c].defn.name) for c in candidates)
        state.decision = Decision(tp, decisions.CHOOSE_CHAMPION, options)
        return
    state.turn_one_pending = False
    if candidates:
        champions.put_champion(state, tp, candidates[0])


def _begins(state: GameState) -> None:
    """Record that the current phase begins: its beginning triggers fire, and go on the
    stack at the next opportunity (in this phase, if something then gives one)."""
    journal.emit(state, "phase_begins", -1, state.turn_player, -1, 0, state.phase)


def _held(state: GameState) -> bool:
    """A phase that gives no opportunity of its own (wake up, materialize, draw) waits,
    once its turn-based actions are done, while triggers are pending: they go on the stack
    and resolve in this phase, the turn player receiving opportunity, before it goes on
    ("Turn Order - Wake Up Phase 1", "Materialize Phase 2", "Draw Phase 2"). True if it
    waits now."""
    if state.pending_triggers:
        state.phase_stage = _HELD
        return True
    return False


def _wake_up(state: GameState) -> None:
    if state.phase_stage != _HELD:
        _begins(state)
        for cid in zones.field_objects(state, state.turn_player):
            if NO_WAKE in state.cards[cid].counters:  # kept rested this once (`stay_rested`)
                journal.counters(state, cid, NO_WAKE, -1)
            else:
                journal.rest(state, cid, False)
        if _held(state):
            return
    next_phase(state)


def _materialize(state: GameState) -> None:
    tp = state.turn_player
    if state.phase_stage == 0:
        _begins(state)
        if _held(state):  # the materialization step waits for them (Materialize Phase 2)
            return
    allowed = 1 + statics.total(state, "extra_materialization", tp)
    if state.phase_stage != _DONE and state.players[tp].materialized < allowed:
        options = materialize_options(state, tp)
        if options:
            state.phase_stage = 1
            state.decision = Decision(tp, decisions.MATERIALIZE, (decisions.PASS, *options))
            return
    next_phase(state)


def _window_first(state: GameState) -> bool:
    """Phases that begin by giving the turn player opportunity: record the phase's
    beginning (its triggers fire) and open it once (stage 0 -> 1). True if it was opened
    now; False once everyone has passed on an empty stack."""
    if state.phase_stage == 0:
        state.phase_stage = 1
        _begins(state)
        open_window(state)
        return True
    return False


def _recollection(state: GameState) -> None:
    if _window_first(state):
        return
    player = state.players[state.turn_player]
    for cid in list(player.zones[MEMORY]):
        journal.move(state, cid, HAND)
    next_phase(state)


def _draw(state: GameState) -> None:
    if state.phase_stage != _HELD:
        _begins(state)
        zones.draw(state, state.turn_player, 1)
        if _held(state):
            return
    next_phase(state)


def _main(state: GameState) -> None:
    if state.phase_stage == 0:
        _withered(state)
    if not _window_first(state):
        next_phase(state)


def _end(state: GameState) -> None:
    if state.phase_stage == 0:
        _suppressed_return(state)
    if _window_first(state):
        return
    cards = state.cards
    for p in state.players:
        for cid in zones.field_objects(state, p.index):
            card = cards[cid]
            if card.defn.type == "ally" and card.damage:
                journal.heal(state, cid, card.damage)
            counters = card.counters
            for shield in ("prevent", NON_COMBAT_SHIELD):
                if counters.get(shield):
                    journal.counters(state, cid, shield, -counters[shield])
            if p.index == state.turn_player and counters.get("distant"):
                journal.counters(state, cid, "distant", -counters["distant"])
        p.empower = 0
    journal.end_lasting(state)  # "this turn" effects end
    next_phase(state)  # the game loop runs the state-based checks before anything else


def _withered(state: GameState) -> None:
    """"Game Mechanics - Counters, Wither" 1, 2 and 5: as the turn player's main phase
    begins (once a turn: the main phase after combat is the same phase), if they control
    objects with wither counters (their champion among them), one trigger from the game
    fires for all of them (it is recorded on the first such object)."""
    tp = state.turn_player
    found = effects.withered(state, tp)
    if found:
        state.pending_triggers.append((found[0], "wither", tp, -1, -1, -1))


def _suppressed_return(state: GameState) -> None:
    """"Suppress 1": as the end phase begins, the delayed trigger of each card suppressed
    before it (in banishment with a ``suppressed`` counter) fires, to return it. The
    trigger was created by the suppress, so the player who suppressed the card controls it
    (the counter's number less one): that orders it among this moment's triggers. So does
    the delayed return of each card the turn player owns banished "until their next end
    phase" (an ``effects.RETURNING`` counter; "Abilities - Triggered Abilities", delayed
    triggers 4 and 5)."""
    tp = state.turn_player
    for player in state.players:
        for cid in player.zones[BANISHMENT]:
            counters = state.cards[cid].counters
            if not counters:
                continue
            by = counters.get("suppressed", 0)
            if by:
                state.pending_triggers.append((cid, "suppress", by - 1, -1, cid, -1))
            by = counters.get(effects.RETURNING, 0) if player.index == tp else 0
            if by:
                state.pending_triggers.append((cid, "returning", by - 1, -1, cid, -1))


_PHASE_STEPS = {
    "wake_up": _wake_up,
    "materialize": _materialize,
    "recollection": _recollection,
    "draw": _draw,
    "main": _main,
    "end": _end,
}


def advance(state: GameState) -> None:
    """Do the next turn-based thing: the combat's next step, skip a phase of turn one,
    turn one's champion (at the start of the first phase not skipped), or the current
    phase's next step."""
    if state.phase == "combat":
        combat.advance(state)
    elif skipped(state):
        next_phase(state, played=False)
    elif state.turn_one_pending:
        place_first_champion(state)
    else:
        _PHASE_STEPS[state.phase](state)


def decline_materialize(state: GameState) -> None:
    state.phase_stage = _DONE
