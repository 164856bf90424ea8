"""What `gaenv.agents.search.SearchAgent` needs to search the duel (docs/agents.md, "The
duel"): the duel heuristic for rollouts and unsearched decisions, a position score and
the decisions worth searching (the action, trigger windows, targets and modes; cards,
slots and would windows take the heuristic's answer). A rollout that reaches its horizon
plays on to the next action, so no effect is left half-resolved when the position is
scored.

The score reads only public information (DUEL 2.8): health on each side, champions,
Equipment, face-up Quarter Pillars (a win at four, 11.3), the cards in each hand (as
many as a draw is worth to the heuristic) and the cards left in each deck (drawing from
an empty one loses, 11.2).
"""

from __future__ import annotations

import math

from gaenv.agents.search import SearchRules
from gaenv.duel import options as opt
from gaenv.duel import rules
from gaenv.duel.game import DuelGame
from gaenv.duel.heuristic import DRAW_WORTH, choose, side_worth
from gaenv.duel.state import DuelState

SEARCHED = frozenset({opt.ACTION, opt.TRIGGER_WINDOW, opt.CHOOSE_TARGET, opt.CHOOSE_MODE})
PILLAR_WORTH = 3.0   # each face-up Quarter Pillar of the Sky on a champion a player controls
SCALE = 12.0         # side worth difference that makes the score about 0.88 or 0.12


def evaluate(game: DuelGame, player: int) -> float:
    """A position's worth to ``player`` in [0, 1]: 1 won, 0 lost, 0.5 a draw or a
    truncation, else from both sides' public strength."""
    state = game.state
    if state.over:
        if state.winner is None:
            return 0.5
        return 1.0 if state.winner == player else 0.0
    worth = _strength(state, player) - _strength(state, 1 - player)
    return 0.5 + 0.5 * math.tanh(worth / SCALE)


def _strength(state: DuelState, player: int) -> float:
    pillars = sum(1 for ch in rules.on_field(state, player) for cid in rules.equipment(state, ch)
                  if not state.cards[cid].facedown
                  and state.cards[cid].defn.passive.get("win_with"))
    deck = len(state.players[player].deck)
    return (side_worth(state, player) + PILLAR_WORTH * pillars
            + DRAW_WORTH * len(state.players[player].hand) - (3.0 if deck < 3 else 0.0))


# A rollout past its horizon plays on to the next action, so the effects under way have
# resolved (DUEL 6.7) when the position is scored.
DUEL = SearchRules(choose, evaluate, SEARCHED, frozenset({opt.ACTION}))
