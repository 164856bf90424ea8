"""`Game`: a position plus the loop that runs it until someone must choose.

    game = Game.new(deck_a, deck_b, seed=7)
    while not game.over:
        game.step(game.decision.options[0])

The loop never calls a player: it stops at ``game.decision``. ``step`` takes
one of that decision's options (the Option, its index, or its text) and runs
on to the next decision or the end. The same seed and the same choices always
give the same game. ``clone`` copies the position cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass

from gaenv.engine import champions, combat, decisions, rules, stack, turn
from gaenv.engine.decisions import Decision, Option
from gaenv.engine.objects import DECK, MATERIAL, CardDef
from gaenv.engine.state import AttackFrame, GameState, PlayFrame
from gaenv.engine.zones import create_card

DEFAULT_TURN_LIMIT = 120


class IllegalOption(ValueError):
    """An answer that is not one of the current decision's options."""


@dataclass(frozen=True)
class DeckList:
    """The cards a player brings: main deck and material deck (validated elsewhere)."""

    name: str
    main: tuple[CardDef, ...]
    material: tuple[CardDef, ...]


class Game:
    """A game of Grand Archive between players 0 and 1."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    @classmethod
    def new(cls, deck0: DeckList, deck1: DeckList, seed: int,
            turn_limit: int = DEFAULT_TURN_LIMIT) -> Game:
        """Start a game ("General Rules - Starting the Game"): decks in place and
        shuffled, a random first player, then turn one."""
        state = GameState(seed, turn_limit)
        for player, deck in ((0, deck0), (1, deck1)):
            for defn in deck.material:
                create_card(state, player, defn, MATERIAL)
            for defn in deck.main:
                create_card(state, player, defn, DECK)
        state.first_player = state.rng.randrange(2)
        for p in state.players:
            state.rng.shuffle(p.zones[DECK])
        state.turn_player = state.first_player
        turn.new_turn(state)
        game = cls(state)
        game.run()
        return game

    # --- reading the position ---------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        return self.state.decision

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def truncated(self) -> bool:
        return self.state.truncated

    def clone(self) -> Game:
        return Game(self.state.clone())

    # --- acting ------------------------------------------------------------------

    def resolve_option(self, choice: Option | int | str) -> Option:
        """The current decision's option that ``choice`` names, or IllegalOption."""
        d = self.state.decision
        if d is None:
            raise IllegalOption(f"no decision is pending (game over: {self.state.over})")
        if isinstance(choice, Option):
            if choice in d.options:
                return choice
        elif isinstance(choice, int) and not isinstance(choice, bool):
            if 0 <= choice < len(d.options):
                return d.options[choice]
        elif isinstance(choice, str):
            for option in d.options:
                if option.text == choice:
                    return option
        legal = "; ".join(f"{i}: {o.text}" for i, o in enumerate(d.options))
        raise IllegalOption(
            f"{choice!r} is not a legal option for player {d.player}'s {d.kind} decision; "
            f"legal options are [{legal}]")

    def step(self, choice: Option | int | str) -> None:
        """Apply one answer to the current decision and run to the next one."""
        option = self.resolve_option(choice)
        state = self.state
        d = state.decision
        assert d is not None
        state.decision = None
        state.decisions_made += 1
        kind = d.kind
        if kind == decisions.OPPORTUNITY:
            if option.verb == "pass":
                stack.pass_opportunity(state)
            elif option.verb == "activate":
                stack.announce(state, d.player, option.card, stack.ACTIVATION)
            elif option.verb == "use":
                stack.use_ability(state, d.player, option.card, option.other)
            else:
                combat.declare(state, d.player, option.card, option.other)
        elif kind == decisions.MATERIALIZE:
            if option.verb == "pass":
                turn.decline_materialize(state)
            else:
                state.players[d.player].materialized += 1
                stack.announce(state, d.player, option.card, stack.MATERIALIZATION)
        elif kind == decisions.CHOOSE_CHAMPION:
            state.turn_one_pending = False
            champions.put_champion(state, d.player, option.card)
        elif kind == decisions.ORDER_TRIGGERS:
            stack.stack_chosen_trigger(state, option.card)
        elif kind == decisions.KEEP_UNIQUE:
            rules.keep_unique(state, option.card)
        elif state.frames:
            self._continue_frame(option)
        else:
            combat.answer(state, kind, option)
        self.run()

    def _continue_frame(self, answer: Option | None) -> None:
        state = self.state
        frame = state.frames[-1]
        if isinstance(frame, PlayFrame):
            decision = stack.play_step(state, frame, answer)
        elif isinstance(frame, AttackFrame):
            decision = combat.attack_step(state, frame, answer)
        else:
            decision = stack.resolve_step(state, frame, answer)
        state.decision = decision

    def run(self) -> None:
        """Advance until a decision is needed or the game is over."""
        state = self.state
        while state.decision is None and not state.over:
            if state.frames:
                self._continue_frame(None)
                continue
            # Nothing is mid-resolution: state-based checks first, so that nothing
            # happens to or for a player who has already lost ("State-based Checks").
            rules.state_based(state)
            if state.over or state.decision is not None:
                break
            if state.pending_triggers:
                state.decision = stack.put_triggers(state)
            elif state.priority >= 0:
                state.decision = Decision(state.priority, decisions.OPPORTUNITY,
                                          stack.opportunity_options(state, state.priority))
            else:
                turn.advance(state)
