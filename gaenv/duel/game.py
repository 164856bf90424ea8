"""`DuelGame`: the duel behind the same narrow API as Grand Archive's `Game`.

    game = DuelGame.new(deck_a, deck_b, seed=7)
    while not game.over:
        game.step(game.decision.options[0])

``decision``, ``over``, ``winner``, ``truncated``, ``reason``, ``outcome``, ``ending``,
``log``, the answer lookup, saving (``to_json``) and the checked replay are the core's
(`gaenv.core.played`), which Grand Archive's `Game` shares; ``step`` (an Option, its
index or its text), ``clone`` and ``to_json``/``from_json`` behave as Game's; the same
seed and choices give the same game.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from gaenv.core import played
from gaenv.core.decisions import Decision, Option
from gaenv.core.played import IllegalOption, Played, ReplayError
from gaenv.duel import engine, rules
from gaenv.duel import options as opt
from gaenv.duel.cards import DuelCardError, DuelDeck, DuelPool, check_deck, default_pool
from gaenv.duel.state import FIELD, DuelState, Window

DEFAULT_TURN_LIMIT = 400
SAVE_FORMAT = "gaenv-duel-1"
ENGINE_VERSION = "0.1.0"  # changes when the same choices could give another game

__all__ = ["DuelGame", "IllegalOption", "ReplayError"]


class DuelGame(Played[DuelState]):
    """A duel between players 0 and 1 (docs/duel.md)."""

    __slots__ = ("decks",)

    def __init__(self, state: DuelState, decks: tuple[DuelDeck, DuelDeck] | None = None,
                 log: list[tuple[int, str, int, str]] | None = None) -> None:
        super().__init__(state, log)
        self.decks = decks

    @classmethod
    def new(cls, deck0: DuelDeck, deck1: DuelDeck, seed: int,
            turn_limit: int = DEFAULT_TURN_LIMIT, pool: DuelPool | None = None,
            first_player: int | None = None, **options: bool) -> DuelGame:
        """A new game (DUEL 3.4): ``first_player`` None draws it with the seeded RNG
        (3.5); ``options``: ``concede``, ``offer_draw``, ``draw_on_repetition``."""
        pool = pool or default_pool()
        for index, deck in enumerate((deck0, deck1)):
            check_deck(deck, pool, f"deck {index} ({deck.name})")
        state = engine.new_state(pool, seed, turn_limit, options)
        engine.setup(state, (deck0, deck1), first_player)
        game = cls(state, (deck0, deck1))
        game.run()
        return game

    def clone(self) -> DuelGame:
        return DuelGame(copy.deepcopy(self.state), self.decks, list(self.log))

    def determinized(self, player: int, rng: random.Random) -> DuelGame:
        """A copy that agrees with everything ``player`` may know and with nothing else,
        for search (as `Game.determinized`). What a seat may not know (DUEL 2.8, 7.12):
        the opponent's hand and deck, the order of every deck, and the identity of a
        facedown card it may not look at (`rules.may_look`). Every card object stays where
        it is (zones, slots, controllers); only the identities of those hidden cards are
        dealt again among themselves, owner by owner, the cards that can be equipped among
        themselves (only they can be facedown: 7.8), so sizes, slots and facedown elements
        stay as seen; decks are shuffled and the engine's RNG reseeded from ``rng`` (draws:
        player 0's hidden identities, then player 1's, then each deck, then the seed).
        Cards an open trigger chance or the chain refers to keep their identity (the
        engine would otherwise resolve a trigger the card does not have). No log: it is
        not the real game."""
        state = copy.deepcopy(self.state)
        pinned = {ch.card for ch in state.chances} | {item.card for item in state.chain}
        for owner in (0, 1):
            pile = state.players[owner]
            hidden = [*pile.hand, *pile.deck] if owner != player else []
            hidden += [c.id for c in state.cards if c.owner == owner and c.zone == FIELD
                       and c.facedown and not rules.may_look(state, c.id, player)]
            hidden = [cid for cid in hidden if cid not in pinned]
            for equippable in (True, False):
                group = [cid for cid in hidden
                         if bool(state.cards[cid].defn.equippable_element) == equippable]
                identities = [state.cards[cid].defn for cid in group]
                rng.shuffle(identities)
                for cid, defn in zip(group, identities, strict=True):
                    state.cards[cid].defn = defn
        for pile in state.players:
            rng.shuffle(pile.deck)
        state.rng = random.Random(rng.getrandbits(64))
        return DuelGame(state, self.decks)

    # --- the rules loop's parts (the loop is `Played.run`) ---------------------------------

    def _apply(self, player: int, kind: str, option: Option) -> None:
        """The turn's action (4.2), the answer to a draw offer (11.6), or an answer to a
        question a frame asked (a trigger window, costs, a resolution)."""
        state = self.state
        if kind == opt.ACTION:
            engine.take_action(state, option)
        elif kind == opt.YES_NO and not state.frames:  # the answer to a draw offer
            if option.verb == "yes":
                rules.end(state, None, f"draw by agreement: player {player} accepted the "
                          f"offer of player {1 - player}")
        else:
            state.decision = self._continue(state.frames[-1], option)

    def _continue(self, frame: Any, answer: Option | None) -> Decision | None:
        """A trigger window (6.5) or a program of steps (6.2, 6.7) goes on."""
        if isinstance(frame, Window):
            return engine.window_step(self.state, frame, answer)
        return engine.program_step(self.state, frame, answer)

    def _between(self) -> None:
        """The turn player's action (4.2), once; after it, the next turn (4.6)."""
        state = self.state
        if state.acted:
            engine.end_turn(state)
        else:
            state.decision = Decision(state.turn_player, opt.ACTION,
                                      tuple(engine.action_options(state)))

    # --- saving ----------------------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        if self.decks is None:
            raise ReplayError("only a game started by DuelGame.new can be saved or replayed")
        return {"format": SAVE_FORMAT, "game": "duel", "engine": ENGINE_VERSION,
                "decks": [{"name": d.name, "champions": list(d.champions), "main": list(d.main)}
                          for d in self.decks],
                "seed": self.state.seed, "turn_limit": self.state.turn_limit,
                "first_player": self.state.first_player, "options": dict(self.state.options)}

    @classmethod
    def from_header(cls, data: Any) -> DuelGame:
        """The game a saved game's header (`header`) starts, before any choice;
        ReplayError if it is not a duel's."""
        try:
            if data.get("format") != SAVE_FORMAT:
                raise ReplayError(f"not a duel game record (expected format {SAVE_FORMAT!r})")
            decks = [DuelDeck(d["name"], d["name"], tuple(d["champions"]), tuple(d["main"]))
                     for d in data["decks"]]
            return cls.new(decks[0], decks[1], data["seed"], data["turn_limit"],
                           first_player=data["first_player"], **data.get("options", {}))
        except (KeyError, TypeError, AttributeError, IndexError, DuelCardError) as exc:
            raise ReplayError(f"not a duel game record: {exc}") from None

    @classmethod
    def from_json(cls, text: str) -> DuelGame:
        try:
            data = json.loads(text)
            choices = data["choices"]
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ReplayError(f"not a duel game record: {exc}") from None
        return played.replay(cls.from_header(data), data, choices)
