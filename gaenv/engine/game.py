"""`Game`: a position plus Grand Archive's parts of the core's rules loop, which runs it
until someone must choose (`gaenv.core.played.Played.run`).

    game = Game.new(deck_a, deck_b, seed=7)
    while not game.over:
        game.step(game.decision.options[0])

The loop never calls a player: it stops at ``game.decision``. ``step`` takes
one of that decision's options (the Option, its index, or its text) and runs
on to the next decision or the end. The same seed and the same choices always
give the same game. ``clone`` copies the position cheaply.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from gaenv.core import played
from gaenv.core.decisions import Decision, Option
from gaenv.core.played import Played, ReplayError
from gaenv.engine import champions, combat, decisions, journal, rules, stack, turn
from gaenv.engine.objects import DECK, HAND, MATERIAL, MEMORY, CardDef
from gaenv.engine.state import AttackFrame, GameState, PlayFrame

DEFAULT_TURN_LIMIT = 120
SAVE_FORMAT = "gaenv-game-1"  # saved games and replay headers
ENGINE_VERSION = "0.2.0"      # changes when the same choices could give another game


def _pool_version(decks: tuple[DeckList, DeckList]) -> str:
    """A digest of what the cards in both decks print (not their order, not where their
    files are, not their place in the card vocabulary)."""
    printed = sorted({_printed(c) for d in decks for c in (*d.main, *d.material)})
    return hashlib.sha256("\n".join(printed).encode()).hexdigest()[:12]


def _printed(card: CardDef) -> str:
    """What a card prints, as text: its fields but its place in the vocabulary, its
    supertypes sorted (a set's order varies between processes)."""
    text = repr(dataclasses.replace(card, index=0, supertypes=frozenset()))
    return text.replace("supertypes=frozenset()", f"supertypes={sorted(card.supertypes)!r}", 1)


@dataclasses.dataclass(frozen=True)
class DeckList:
    """The cards a player brings: main deck and material deck (validated elsewhere)."""

    name: str
    main: tuple[CardDef, ...]
    material: tuple[CardDef, ...]


@dataclasses.dataclass(frozen=True)
class Setup:
    """How a game started: what `Game.new` was given. With the choices made since, it
    determines the game exactly (`Game.to_json`)."""

    decks: tuple[DeckList, DeckList]
    seed: int
    turn_limit: int


class Game(Played[GameState]):
    """A game of Grand Archive between players 0 and 1.

    ``log`` records every answer given, as (player, decision kind, option index,
    option text); a game started by `Game.new` also keeps its ``setup``, so it can be
    saved (`to_json`) and replayed.
    """

    __slots__ = ("setup",)

    def __init__(self, state: GameState, setup: Setup | None = None,
                 log: list[tuple[int, str, int, str]] | None = None) -> None:
        super().__init__(state, log)
        self.setup = setup

    @classmethod
    def new(cls, deck0: DeckList, deck1: DeckList, seed: int,
            turn_limit: int = DEFAULT_TURN_LIMIT) -> Game:
        """Start a game ("General Rules - Starting the Game"): decks in place and
        shuffled, a random first player, then turn one."""
        state = GameState(seed, turn_limit)
        for player, listed in ((0, deck0), (1, deck1)):
            for defn in listed.material:
                journal.create(state, player, defn, MATERIAL)
            for defn in listed.main:
                journal.create(state, player, defn, DECK)
        state.first_player = state.rng.randrange(2)
        for p in state.players:
            deck = list(p.zones[DECK])
            state.rng.shuffle(deck)
            journal.reorder(state, p.index, DECK, deck)
        state.turn_player = state.first_player
        turn.new_turn(state)
        game = cls(state, Setup((deck0, deck1), seed, turn_limit))
        game.run()
        return game

    # --- reading the position ---------------------------------------------------

    def clone(self) -> Game:
        return Game(self.state.clone(), self.setup, list(self.log))

    def determinized(self, player: int, rng: random.Random) -> Game:
        """A copy of the position that agrees with everything ``player`` can see and
        with nothing else, for search. Hidden and resampled, all with draws from ``rng``
        in this order: the opponent's hand, memory and main deck are redealt from their
        union, each keeping its size; ``player``'s own main deck is shuffled (the
        opponent's is, by the redeal); the engine's RNG is reseeded, so future random
        draws differ too. Both deck lists stay as they are (as with open deck lists).
        The copy has no setup and no log: it is not the real game."""
        copy = Game(self.state.clone())
        state = copy.state
        opponent = state.players[1 - player].zones
        hidden = [*opponent[HAND], *opponent[MEMORY], *opponent[DECK]]
        rng.shuffle(hidden)
        dealt: dict[str, list[int]] = {}
        start = 0
        for zone in (HAND, MEMORY, DECK):
            size = len(opponent[zone])
            dealt[zone] = hidden[start:start + size]
            start += size
        journal.redeal(state, 1 - player, dealt)
        deck = list(state.players[player].zones[DECK])
        rng.shuffle(deck)
        journal.reorder(state, player, DECK, deck)
        state.rng = random.Random(rng.getrandbits(64))
        return copy

    # --- saving ------------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        """What identifies the game's start: format, engine version, decks, seed."""
        if self.setup is None:
            raise ReplayError("only a game started by Game.new can be saved or replayed")
        setup = self.setup
        return {
            "format": SAVE_FORMAT, "engine": ENGINE_VERSION,
            "pool": _pool_version(setup.decks),
            "decks": [{"name": d.name, "main": [c.name for c in d.main],
                       "material": [c.name for c in d.material]} for d in setup.decks],
            "seed": setup.seed, "turn_limit": setup.turn_limit,
        }

    @classmethod
    def from_json(cls, text: str, pool: Any = None) -> Game:
        """Restore a game saved by `to_json` (cards looked up in ``pool``, by default the
        built-in pool). Every recorded choice is checked as it is replayed."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"not a saved game: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("choices"), list):
            raise ReplayError("not a saved game: expected an object with 'choices'")
        return replay(data, data["choices"], pool)

    # --- acting ------------------------------------------------------------------

    def _apply(self, player: int, kind: str, option: Option) -> None:
        """An answer (`Played.step`): to an opportunity, a materialization, the choice of
        a champion, the order of triggers, which Unique object to keep, a question a
        procedure asked (its frame goes on), or combat's declarations."""
        state = self.state
        if kind == decisions.OPPORTUNITY:
            if option.verb == "pass":
                stack.pass_opportunity(state)
            elif option.verb == "activate":
                stack.announce(state, player, option.card, stack.ACTIVATION,
                               brew=option.other == stack.BREW)
            elif option.verb == "use":
                stack.use_ability(state, player, option.card, option.other)
            else:
                combat.declare(state, player, option.card, option.other)
        elif kind == decisions.MATERIALIZE:
            if option.verb == "pass":
                turn.decline_materialize(state)
            elif option.verb == decisions.RETURN_PRESERVED:  # instead of materializing
                state.players[player].materialized += 1
                journal.move(state, option.card, HAND)
            else:
                state.players[player].materialized += 1
                stack.announce(state, player, option.card, stack.MATERIALIZATION)
        elif kind == decisions.CHOOSE_CHAMPION:
            state.turn_one_pending = False
            champions.put_champion(state, player, option.card)
        elif kind == decisions.ORDER_TRIGGERS:
            stack.stack_chosen_trigger(state, option.card)
        elif kind == decisions.KEEP_UNIQUE:
            rules.keep_unique(state, option.card)
        elif state.frames:
            state.decision = self._continue(state.frames[-1], option)
        else:
            combat.answer(state, kind, option)

    def _continue(self, frame: Any, answer: Option | None) -> Decision | None:
        """Playing a card or an ability, an attack, or a resolution goes on."""
        state = self.state
        if isinstance(frame, PlayFrame):
            return stack.play_step(state, frame, answer)
        if isinstance(frame, AttackFrame):
            return combat.attack_step(state, frame, answer)
        return stack.resolve_step(state, frame, answer)

    def _between(self) -> None:
        """State-based checks first, so that nothing happens to or for a player who has
        already lost ("State-based Checks"); then triggered abilities onto the stack, then
        opportunity for the player holding it, else the turn goes on."""
        state = self.state
        if state.checks_due:  # (they can find nothing otherwise: see state_based)
            rules.state_based(state)
            if not played.undecided(state):
                return
        if state.pending_triggers:
            state.decision = stack.put_triggers(state)
        elif (priority := state.priority) >= 0:
            options = stack.opportunity_options(state, priority)
            state.decision = (decisions.ONLY_PASS[priority] if len(options) == 1 else
                              Decision(priority, decisions.OPPORTUNITY, options))
        else:
            turn.advance(state)


def start(header: Any, pool: Any = None) -> Game:
    """A new game from a saved game's or replay's header (cards looked up in ``pool``,
    by default the built-in pool)."""
    if not isinstance(header, dict) or header.get("format") != SAVE_FORMAT:
        raise ReplayError(f"not a gaenv game record (expected format {SAVE_FORMAT!r})")
    if pool is None:
        from gaenv.cards.schema import default_pool

        pool = default_pool()
    try:
        decks = tuple(DeckList(d["name"], tuple(pool.get(n) for n in d["main"]),
                               tuple(pool.get(n) for n in d["material"]))
                      for d in header["decks"])
        seed, turn_limit = header["seed"], header["turn_limit"]
    except KeyError as exc:
        raise ReplayError(f"cannot rebuild the decks or settings: {exc.args[0]}") from None
    except (TypeError, ValueError) as exc:
        raise ReplayError(f"malformed game record: {exc}") from None
    if len(decks) != 2:
        raise ReplayError("a game record needs exactly two decks")
    for field, value in (("seed", seed), ("turn_limit", turn_limit)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ReplayError(f"malformed game record: {field!r} must be a whole number, got "
                              f"{value!r}")
    return Game.new(decks[0], decks[1], seed, turn_limit)


def replay(header: Any, choices: Iterable[Any], pool: Any = None,
           before: Callable[[Game, int, Any], None] | None = None) -> Game:
    """Re-run a recorded game from its header, checking every choice (`gaenv.core.played.
    replay`: ``before`` sees the game, the choice's number and the choice just before each
    is applied; a ReplayError also says when the record came from another engine or card
    pool)."""
    return played.replay(start(header, pool), header, choices, before)
