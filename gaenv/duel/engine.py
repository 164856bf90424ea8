"""The duel's rules of play: turns and actions (DUEL 4), the chain and its windows (6),
setup (3.4-3.7), the end by repetition or turn limit (11.6, 11.8).

The loop that runs them is the core's (`gaenv.core.played.Played.run`); the duel's
answers and frames are `gaenv.duel.game.DuelGame`'s. All state lives in the `DuelState`,
so a deep copy is a full clone.
"""

from __future__ import annotations

import random

from gaenv.core import program
from gaenv.core.decisions import NO, YES, Decision, Option
from gaenv.duel import effects, rules
from gaenv.duel import options as opt
from gaenv.duel.cards import DuelDeck, DuelPool
from gaenv.duel.state import (
    CHAIN,
    CHAMPION,
    GRAVE,
    HAND,
    DuelState,
    History,
    Program,
    Window,
)

OPENING_HAND = 7  # 3.4


def new_state(pool: DuelPool, seed: int, turn_limit: int, options: dict[str, bool]) -> DuelState:
    state = DuelState(seed, turn_limit, random.Random(seed), pool)
    state.options = {"concede": False, "offer_draw": False, "draw_on_repetition": True,
                     **options}
    return state


def setup(state: DuelState, decks: tuple[DuelDeck, DuelDeck], first: int | None = None) -> None:
    """3.4-3.7: champions on the field, decks shuffled, a random first player (unless
    named), each player draws 7; no mulligan, no first-turn limit."""
    for player, deck in enumerate(decks):
        for name in deck.champions:
            cid = rules.create(state, state.pool.get(name), player, CHAMPION)
            rules.add_champion(state, cid, player)
        for name in deck.main:
            rules.create(state, state.pool.get(name), player, "deck")
        state.rng.shuffle(state.players[player].deck)
    drawn = state.rng.randrange(2)  # drawn either way: a named first player keeps the RNG
    state.first_player = drawn if first is None else first
    state.turn_player = state.first_player
    for player in (0, 1):
        rules.draw(state, player, OPENING_HAND)
    start_turn(state)


# --- turns -------------------------------------------------------------------------------

def position_key(state: DuelState) -> str:
    """11.6: everything the rules see at the start of a turn except the turn number."""
    def names(ids: list[int]) -> list[str]:
        return [state.cards[c].defn.name for c in ids]

    champs = [(state.cards[ch.card].defn.name, ch.owner, ch.controller, ch.damage,
               [(state.cards[c].defn.name, state.cards[c].facedown, state.cards[c].locked)
                if c >= 0 else None for c in ch.slots]) for ch in rules.on_field(state)]
    zones = [(names(p.deck), sorted(names(p.hand)), sorted(names(p.grave)))
             for p in state.players]
    history = [(h.spells, [state.cards[c].defn.name for c, _ in h.equipped])
               for h in state.history]
    compel = state.compel[1:] if state.compel[0] == state.turn else None
    return repr((state.turn_player, champs, zones, sorted(state.once_used), history, compel))


def start_turn(state: DuelState) -> None:
    """4.6: nothing happens at the start of a turn but the engine's own checks."""
    state.acted = False
    state.offered_draw = False
    state.history[state.turn_player] = History()
    if state.turn > state.turn_limit:
        rules.end(state, None, f"it reached the turn limit ({state.turn_limit} turns)",
                  truncated=True)
        return
    if state.options.get("draw_on_repetition"):
        key = position_key(state)
        state.positions[key] = state.positions.get(key, 0) + 1
        if state.positions[key] >= 3:
            rules.end(state, None,
                      "draw by repetition: the same position began a turn for the third time")


def end_turn(state: DuelState) -> None:
    """4.6 (c)-(d): open chances expire, the other player's turn begins."""
    state.chances.clear()
    state.turn += 1
    state.turn_player = 1 - state.turn_player
    start_turn(state)


# --- the action (4.2-4.3) ---------------------------------------------------------------------

def _compelled(state: DuelState, player: int, labels: dict[int, str]) -> list[Option]:
    """4.8: Twisted Compulsion's equipment, if its activated effect can be activated."""
    turn, cid, stamp = state.compel
    if turn != state.turn or cid < 0:
        return []
    return [o for o in _equipment_actions(state, player, labels) if o.card == cid
            and state.cards[cid].stamp == stamp]


def _equipment_actions(state: DuelState, player: int, labels: dict[int, str]) -> list[Option]:
    found = []
    for ch in rules.on_field(state, player):
        for cid in rules.equipment(state, ch):
            c = state.cards[cid]
            if rules.has_activated(c) and not c.locked and c.defn.activated is not None \
                    and effects.can_activate(state, player, cid, c.defn.activated):
                found.append((cid, (f"activate {c.defn.name} (on {labels[ch.oid]})", "")))
    texts = opt.numbered([parts for _, parts in found])
    return [Option("activate", t, cid) for (cid, _), t in zip(found, texts, strict=True)]


def action_options(state: DuelState) -> list[Option]:
    """The turn player's legal actions, in this order: draw, Spells from hand, equips,
    Equipment effects, Champion effects (then concede, if that option is on)."""
    player = state.turn_player
    labels = opt.champion_labels(state)
    compelled = _compelled(state, player, labels)
    if compelled:
        return compelled
    found = [opt.DRAW, *effects.spell_options(state, player)]
    equippable = [cid for cid in state.players[player].hand
                  if state.cards[cid].defn.equippable_element]
    found += effects.equip_options(state, player, equippable)
    found += _equipment_actions(state, player, labels)
    for ch in rules.on_field(state, player):
        defn = state.cards[ch.card].defn
        if defn.activated is not None and effects.can_activate(state, player, ch.card,
                                                               defn.activated):
            found.append(Option("activate", f"activate {labels[ch.oid]}", ch.card))
    if state.options.get("offer_draw") and not state.offered_draw:
        found.append(opt.OFFER_DRAW)
    if state.options.get("concede"):
        found.append(opt.CONCEDE)
    return found


def take_action(state: DuelState, option: Option) -> None:
    player = state.turn_player
    if option.verb == "concede":
        rules.end(state, 1 - player, f"player {player} conceded")
        return
    if option.verb == "offer":  # 11.6: answered by the opponent; not the turn's action
        state.offered_draw = True
        state.decision = Decision(1 - player, opt.YES_NO, (YES, NO))
        return
    state.acted = True
    if option.verb == "activate":
        effects.start_activation(state, player, option.card, -1)
        return
    if option.verb == "draw":
        rules.draw(state, player)
    else:
        oid, slot = opt.slot_of(option.other)
        rules.equip(state, option.card, oid, slot, player)
        rules.settle(state)
    if not state.over:  # 6.5: a window after a draw or equip action
        state.frames.append(Window())


# --- chain and windows (6) --------------------------------------------------------------------

def trigger_options(state: DuelState, player: int) -> list[Option]:
    """6.5: `trigger NAME` for each open chance the player holds. Chances of cards in one
    hand or one Grave that are alike (one name, one trigger, answering the same thing)
    are one option, as such cards are everywhere else (`effects.card_options`): using
    one leaves the others open (6.4), offered again in the next window; #k numbers only
    what differs (15.3)."""
    chances = []
    alike: set[tuple[str, int, str, int, int]] = set()
    for ch in state.chances:
        if ch.controller != player or not rules.chance_is_open(state, ch) \
                or not _trigger_has_choices(state, player, ch.card, ch.trigger):
            continue
        card = state.cards[ch.card]
        if card.zone in (HAND, GRAVE):
            key = (card.defn.name, ch.trigger, card.zone, card.owner, ch.answers)
            if key in alike:
                continue
            alike.add(key)
        chances.append(ch)
    texts = opt.numbered([(f"trigger {state.cards[ch.card].defn.name}", "") for ch in chances])
    return [Option("trigger", t, ch.uid) for ch, t in zip(chances, texts, strict=True)]


def _trigger_has_choices(state: DuelState, player: int, cid: int, index: int) -> bool:
    return effects.can_activate(state, player, cid, state.cards[cid].defn.triggers[index])


def _chain_base(state: DuelState) -> int:
    """The chain's length when the innermost waiting resolution started (6.7a)."""
    for frame in reversed(state.frames):
        if isinstance(frame, Program) and frame.resolving:
            return frame.chain_base
    return 0


def window_step(state: DuelState, window: Window, answer: Option | None) -> Decision | None:
    if answer is not None:
        if answer.verb == "pass":
            window.asked += 1
        else:  # a trigger: it goes on the chain and a new window opens (6.5)
            chance = next(ch for ch in state.chances if ch.uid == answer.card)
            state.chances.remove(chance)
            state.frames.pop()
            effects.start_activation(state, chance.controller, chance.card, chance.trigger,
                                     answers=chance.answers, equipment=chance.equipment)
            return None
    order = (state.turn_player, 1 - state.turn_player)
    while window.asked < 2:
        player = order[window.asked]
        options = trigger_options(state, player)
        if options:
            return Decision(player, opt.TRIGGER_WINDOW, (*options, opt.PASS))
        window.asked += 1
    state.frames.pop()  # everyone passed: the window closes
    if len(state.chain) > _chain_base(state):
        item = state.chain.pop()
        state.frames.append(Program(item, item.steps, resolving=True,
                                    chain_base=len(state.chain)))
    return None


def program_step(state: DuelState, frame: Program, answer: Option | None) -> Decision | None:
    """Carry out steps (the core's interpreter, `gaenv.core.program.run`) until a choice, a
    nested activation, or the end (6.2, 6.7)."""
    result = program.run(effects.STEPS, state, frame, answer)
    if state.over or result == effects.WAIT:
        return None
    if isinstance(result, Decision):
        return result
    state.frames.remove(frame)
    item = frame.item
    if frame.resolving:  # 6.7: a resolved Spell goes to its owner's Grave
        if item.spell_on_field and state.cards[item.card].zone == CHAIN:
            rules.move(state, item.card, GRAVE)
    else:  # 6.2 (c): onto the chain; an activated effect's is an event (Medusa's Head)
        state.chain.append(item)
        if item.ability < 0:
            rules.happen(state, "activated", item.card, item.controller, item.uid)
    state.frames.append(Window())
    return None
