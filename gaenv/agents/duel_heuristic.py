"""`DuelHeuristic`: a scripted player of the three-champion duel (docs/duel.md).

It reads the engine through its `View` (only what its seat may know: its hand, the
field, facedown cards it may look at) and scores each legal option from the card data:
damage to the opponent's champions, healing of its own, cards drawn, champions taken or
revived, equipment (its passive, its effect, four Quarter Pillars), and the costs paid.
Targets follow the step they are for: damage and removal go to the opponent, healing
and protection to itself. Triggers are always used; `draw` is the fallback action.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gaenv.agents.base import Agent
from gaenv.duel import rules
from gaenv.duel.state import DuelState, Program
from gaenv.engine.decisions import Option
from gaenv.env.view import View

DRAW_SCORE = 1.0  # what drawing is worth while the player's deck is not short
SHORT_DECK = 12   # a deck this small may run out before the opponent's


class DuelHeuristic(Agent):
    """Greedy over option scores; ties go to the first option (deterministic)."""

    name = "duel_heuristic"
    needs_view = True

    def act(self, observation: np.ndarray, mask: np.ndarray, view: View | None = None) -> int:
        assert view is not None, "DuelHeuristic needs the view (needs_view)"
        state: DuelState = view.game.state
        me = view.player
        best, best_score = -1, float("-inf")
        for index, option in sorted(view.options.items()):
            score = self.score(state, me, option)
            if score > best_score:
                best, best_score = index, score
        return best

    # --- scores -----------------------------------------------------------------------------

    def score(self, state: DuelState, me: int, option: Option) -> float:
        verb = option.verb
        if verb == "trigger":
            return 10.0
        if verb in ("pass", "done", "no", "concede", "offer"):
            return 0.0 if verb != "concede" else -100.0
        if verb == "draw":
            return DRAW_SCORE if not self._short(state, me) else -0.5
        if verb == "target":
            return self._target(state, me, option)
        if verb == "mode":
            return 1.0 if option.text == "choose deal" else 0.5
        if verb == "equip":
            return self._equip(state, me, option)
        if verb == "choose":
            card = state.cards[option.card].defn
            return card.health / 100 if card.type == "champion" else 0.1
        if verb == "activate":
            defn = state.cards[option.card].defn
            ability = defn.activated
            return self._steps(state, me, ability.effect, ability.cost) if ability else 0.0
        return 0.0

    def _steps(self, state: DuelState, me: int, effect: tuple[Any, ...],
               cost: tuple[Any, ...]) -> float:
        mine = rules.on_field(state, me)
        theirs = rules.on_field(state, 1 - me)
        hurt = max((ch.damage for ch in mine), default=0)
        their_gear = sum(len(rules.equipment(state, ch)) for ch in theirs)
        my_gear = sum(len(rules.equipment(state, ch)) for ch in mine)
        total = 0.0
        for step in (*effect, *cost):
            name, args = (step, None) if isinstance(step, str) else next(iter(step.items()))
            if name == "deal":
                hits = len(theirs) if args.get("to") == "each_opponent" else 1
                total += args["amount"] / 10 * hits
            elif name == "heal":
                total += min(args["amount"], hurt) / 10
            elif name == "draw":  # cards are worth drawing unless the deck runs out first
                total += (-0.8 if self._short(state, me) else 0.8) * args
            elif name in ("create", "return_chosen"):
                total += 1.0
            elif name in ("take_control", "revive_chosen"):
                total += 6.0
            elif name == "destroy_all_equipment":
                total += 1.5 * (their_gear - my_gear)
            elif name in ("copy_last_spell", "activate_spells", "mode", "equip_from"):
                total += 2.0
            elif name in ("destroy_target", "return_target", "flip_target_facedown"):
                total += 2.0 if their_gear else -1.0
            elif name in ("send_all_equipment", "send_one_equipment", "destroy_this"):
                total -= 0.5
            elif name == "mill":
                total += 3.0 if self._short(state, 1 - me) or self._short(state, me) else 0.5
            elif name in ("compel", "shuffle_from_grave"):
                total += 0.5
        return total

    @staticmethod
    def _short(state: DuelState, player: int) -> bool:
        """``player``'s deck is low and would run out first (11.2: drawing from an empty
        deck loses)."""
        left = len(state.players[player].deck)
        return left <= SHORT_DECK and left <= len(state.players[1 - player].deck) + 2

    def _equip(self, state: DuelState, me: int, option: Option) -> float:
        defn = state.cards[option.card].defn
        theirs = option.player != me
        passive = defn.passive if defn.type == "equipment" else defn.equipped_passive
        value = passive.get("max_health", 0) / 10 + (1.5 if defn.activated else 0.5)
        if passive.get("win_with"):
            value += 4.0
        if option.text.startswith("equip facedown"):
            value = 1.0
        return -value if theirs else value

    def _target(self, state: DuelState, me: int, option: Option) -> float:
        """By the step the target is for (the next step of the resolving effect)."""
        frame = state.frames[-1] if state.frames else None
        purpose = ""
        if isinstance(frame, Program):
            for step in frame.steps[frame.pc + 1:]:
                purpose = step if isinstance(step, str) else next(iter(step))
                break
            if not frame.resolving:
                purpose = "cost"
        ours = option.player == me
        if " on " in option.text:  # an Equipment
            if purpose in ("cost", "destroy_target") and frame is not None \
                    and frame.item.controller == me and ours:
                return 1.0 - self._equip_worth(state, option.card)
            return (1.0 + self._equip_worth(state, option.card)) * (-1 if ours else 1)
        champ = state.champs[option.card]
        health = rules.health(state, champ)
        if purpose == "heal":
            return (champ.damage / 10) * (1 if ours else -1)
        if purpose == "take_control":
            return health / 10 if not ours else -1.0
        # damage (and anything else): the opponent's weakest champion first
        return -1.0 if ours else 10.0 - health / 30

    @staticmethod
    def _equip_worth(state: DuelState, cid: int) -> float:
        card = state.cards[cid]
        if card.facedown:
            return 0.5
        passive = rules.passive(card)
        return passive.get("max_health", 0) / 20 + (2.0 if passive.get("win_with") else 0.0) + (
            1.0 if card.defn.activated else 0.3)


def paired_wins(agent: Agent, opponent: Agent, seeds: range) -> tuple[int, int]:
    """(games ``agent`` won, games played): each seed played twice through
    `duel_raw_env`, once from each seat, against ``opponent``."""
    from gaenv.env.duel import duel_raw_env

    env = duel_raw_env(seed=seeds.start)
    wins = played = 0
    for seed in seeds:
        for seat in (0, 1):
            env.reset(seed=seed)
            game = env.game
            assert game is not None
            seats = {f"player_{seat}": agent, f"player_{1 - seat}": opponent}
            while not game.over:
                env.step(env.ask(seats[env.agent_selection]))
            wins += game.winner == seat
            played += 1
    return wins, played
