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
  onto the field (a special game action: no response, not a materialization);
  the first player also skips their first draw.
- A phase that gives no one opportunity passes without a decision.

Each phase is a small state machine over ``state.phase_stage``; the game loop
calls `advance` whenever nothing else (a frame, a trigger, an open window)
is pending.
"""

from __future__ import annotations

from gaenv.engine import champions, combat, decisions, events, keywords, statics, zones
from gaenv.engine.decisions import Decision
from gaenv.engine.objects import HAND, MATERIAL, MEMORY
from gaenv.engine.stack import materialize_options, open_window
from gaenv.engine.state import PHASES, GameState

_DONE = 2  # phase_stage value for "this phase has nothing left to do"


# Each phase and the one after it in a turn (None after the last: a new turn begins).
_FOLLOWING: dict[str, str | None] = dict(zip(PHASES, (*PHASES[1:], None), strict=True))


def next_phase(state: GameState) -> None:
    following = _FOLLOWING[state.phase]
    if following is not None:
        state.phase = following
        state.phase_stage = 0
    else:
        new_turn(state)


def new_turn(state: GameState) -> None:
    """Begin the next turn, or stop the game as truncated past the turn limit."""
    if state.turn >= state.turn_limit:
        state.over = True
        state.truncated = True
        return
    state.turn += 1
    if state.turn > 1:
        state.turn_player = 1 - state.turn_player
    player = state.players[state.turn_player]
    player.turns_started += 1
    player.materialized = 0
    state.phase_stage = 0
    if player.turns_started == 1:
        state.turn_one_pending = True
        state.phase = "main" if state.turn_player == state.first_player else "draw"
    else:
        state.phase = "wake_up"


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


def _wake_up(state: GameState) -> None:
    for cid in zones.field_objects(state, state.turn_player):
        state.cards[cid].rested = False
    next_phase(state)


def _materialize(state: GameState) -> None:
    tp = state.turn_player
    allowed = 1 + statics.total(state, "extra_materialization", tp)
    if state.phase_stage != _DONE and state.players[tp].materialized < allowed:
        options = materialize_options(state, tp)
        if options:
            state.phase_stage = 1
            state.decision = Decision(tp, decisions.MATERIALIZE, (decisions.PASS, *options))
            return
    next_phase(state)


def _window_first(state: GameState, trigger: str = "") -> bool:
    """Phases that begin by giving the turn player opportunity: fire the phase's
    beginning triggers and open it once (stage 0 -> 1). True if it was opened now;
    False once everyone has passed on an empty stack."""
    if state.phase_stage == 0:
        state.phase_stage = 1
        if trigger:
            for cid in zones.field_objects(state, state.turn_player):
                card = state.cards[cid]
                events.fire(state, card, trigger)
                if trigger == "on_end_phase" and keywords.has(state, cid, "vigor"):
                    events.fire_keyword(state, card, "vigor")
        open_window(state)
        return True
    return False


def _recollection(state: GameState) -> None:
    if _window_first(state, "on_recollection"):
        return
    player = state.players[state.turn_player]
    for cid in list(player.zones[MEMORY]):
        zones.move_card(state, cid, HAND)
    next_phase(state)


def _draw(state: GameState) -> None:
    zones.draw(state, state.turn_player, 1)
    next_phase(state)


def _main(state: GameState) -> None:
    if not _window_first(state):
        next_phase(state)


def _end(state: GameState) -> None:
    if _window_first(state, "on_end_phase"):
        return
    cards = state.cards
    for p in state.players:
        for cid in zones.field_objects(state, p.index):
            card = cards[cid]
            if card.defn.type == "ally":
                card.damage = 0
            counters = card.counters
            if counters:
                counters.pop("prevent", None)
                if p.index == state.turn_player:
                    counters.pop("distant", None)
        p.empower = 0
    if state.lasting:  # "this turn" effects end (removing damage can kill nothing)
        state.lasting = []
        statics.changed(state)
    next_phase(state)  # the game loop runs the state-based checks before anything else


_PHASE_STEPS = {
    "wake_up": _wake_up,
    "materialize": _materialize,
    "recollection": _recollection,
    "draw": _draw,
    "main": _main,
    "end": _end,
}


def advance(state: GameState) -> None:
    """Do the next turn-based thing: turn one's champion, the combat's next step, or the
    current phase's next step."""
    if state.turn_one_pending:
        place_first_champion(state)
    elif state.phase == "combat":
        combat.advance(state)
    else:
        _PHASE_STEPS[state.phase](state)


def decline_materialize(state: GameState) -> None:
    state.phase_stage = _DONE
