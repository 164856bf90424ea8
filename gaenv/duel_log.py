"""The duel's game log for people.

`DuelLog` is the duel's `gaenv.gamelog.GameLog`: call `DuelLog.collect` after every
step. Its lines are the turns, the answers given (passes left out), what they caused
(the journal's events, `gaenv.duel.rules.EVENTS`: damage, Equipment destroyed or sent to
the Grave, champions defeated) and how the game ended; each says who may read it
(`gaenv.gamelog.Line`), so a seat never reads what it may not know (DUEL 2.8): the card
a player draws and a card chosen from a hand are that player's alone (the other reads
"a card"), and so is the name of a card equipped facedown (7.12). The board beside the
log is `gaenv.duel.board`, seen from a seat.

`gaenv.replay.run` re-runs a duel's replay file with it (``gaenv replay``, the web
page's replays); `gaenv.live.Table` plays a duel live with it.
"""

from __future__ import annotations

from collections.abc import Mapping

from gaenv.core.decisions import Decision, Option
from gaenv.duel import options as opt
from gaenv.duel.board import board
from gaenv.duel.game import DuelGame
from gaenv.duel.state import HAND
from gaenv.gamelog import Line, who

_SILENT = frozenset({"pass", "done"})  # answers that say nothing worth a line


class DuelLog:
    """The log of one duel, collected after every step (see the module doc)."""

    def __init__(self, game: DuelGame) -> None:
        self.game = game
        self.lines: list[Line] = []
        self._answered = -1  # the answers in the game's log at the last collect (-1: none yet)
        self._decision: Decision | None = None
        self._hand = 0     # the deciding player's hand size before the answer
        self._in_hand: set[int] = set()  # the options' cards that were in a hand then
        self._turn = 0
        self.collect()

    def since(self, start: int, viewer: int | None) -> list[str]:
        """The texts of lines ``start`` onwards that ``viewer`` may read."""
        return [text for line in self.lines[start:] if (text := line.seen_by(viewer))]

    def collect(self) -> list[Line]:
        """Add the lines of the step just taken (none if no step was taken since the last
        call); returns them."""
        game, start = self.game, len(self.lines)
        state = game.state
        stepped = len(game.log) != self._answered
        if stepped and self._decision is not None:
            self._answer(self._decision, game.log[-1][2])
        self._answered = len(game.log)
        if stepped:
            self._events()
        if game.over:
            if stepped:
                self.lines.append(Line(f"game over: {game.ending}"))
        elif state.turn != self._turn:
            self._turn = state.turn
            self.lines.append(Line(f"turn {state.turn}: {who(state.turn_player)} to act"))
        self._decision = state.decision
        if self._decision is not None:
            self._hand = len(state.players[self._decision.player].hand)
            self._in_hand = {o.card for o in self._decision.options
                             if o.card >= 0 and state.cards[o.card].zone == HAND}
        return self.lines[start:]

    def show(self, viewer: int | None, actions: Mapping[int, Option] | None = None) -> str:
        """The board as ``viewer`` (a seat, None: an observer) may see it."""
        return board(self.game, viewer, actions)

    def _answer(self, decision: Decision, index: int) -> None:
        option = decision.options[index]
        player = decision.player
        if option.verb in _SILENT:
            return
        state = self.game.state
        text = f"{who(player)}: {option.text}"
        pile = state.players[player]
        if option.verb == "draw" and len(pile.hand) > self._hand:
            drawn = state.cards[pile.hand[self._hand]].defn.name
            self.lines.append(Line(f"{text}s {drawn}", player, f"{text}s a card"))
        elif decision.kind == opt.CHOOSE_CARD and option.verb == "choose" \
                and option.card in self._in_hand:
            name = state.cards[option.card].defn.name
            self.lines.append(Line(text, player, text.replace(name, "a card")))
        elif decision.kind == opt.CHOOSE_SLOT and option.text.startswith("equip facedown "):
            name = state.cards[option.card].defn.name
            self.lines.append(Line(text, player, text.replace(f" {name} ", " a card ", 1)))
        else:
            self.lines.append(Line(text))

    def _events(self) -> None:
        """A line for each event of the step that people follow: an Equipment leaving the
        field names itself, as it is face up once it has left (7.14)."""
        state = self.game.state
        found = state.events
        destroyed = {e.card for e in found if e.kind == "destroyed"}
        for event in found:
            kind, player = event.kind, who(event.player)
            name = state.cards[event.card].defn.name
            if kind == "dealt_damage":
                self.lines.append(Line(f"{name} ({player}) takes {event.amount} damage"))
            elif kind == "destroyed":
                self.lines.append(Line(f"{name} ({player}) is destroyed"))
            elif kind == "sent_to_grave" and event.card not in destroyed:
                self.lines.append(Line(f"{name} ({player}) goes to the Grave"))
            elif kind == "defeated":
                self.lines.append(Line(f"{name} ({player}) is defeated"))
