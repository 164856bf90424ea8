"""What happened, in words: the game log a person reads.

A `GameLog` follows one game from outside the engine. Call `GameLog.collect` after every
`Game.step`: it turns the answer just given and the journal's events of that step
(``state.events``, emptied by the next step) into `Line`s. The terminal game
(`gaenv.agents.play`), ``gaenv watch``, ``gaenv replay`` and the web page show the same
lines; each line says who may read it, so a seat never reads the other's hidden cards.
`Teller` prints a game in the terminal as it goes (``gaenv watch``, ``gaenv replay``).

What is said: turns; cards activated, materialized, paid into memory, banished,
discarded, drawn; champions put onto the field and levelling up; objects entering the
field and dying; attacks with attacker, defender and power; damage; counters, and the
level band a leveler enters; triggered abilities put on the stack; a player losing and
why; the answers the events do not show (targets, modes, retaliation, yes or no,
Critical, glimpses, an ability used). Passes and rests are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from gaenv.board import board
from gaenv.core.decisions import Decision, Option
from gaenv.core.events import Event
from gaenv.engine import combat, decisions, events
from gaenv.engine.game import Game
from gaenv.engine.objects import (
    BANISHMENT,
    DECK,
    FIELD,
    GONE,
    GRAVEYARD,
    HAND,
    INTENT,
    LINEAGE,
    MATERIAL,
    MEMORY,
    PRIVATE_ZONES,
    STACK,
    band,
    band_text,
)
from gaenv.engine.state import GameState, StackItem

# Answers worth a line of their own: what the events of the step do not already say.
# Passes are left out; so are plays, payments, discards and attacks (their events say them).
_SHOWN_VERBS = frozenset({"target", "no", "yes", "mode", "first", "keep", "top", "bottom",
                          "weapon", "retaliate", "rest", "use"})
# Option verbs whose ``card`` is a card id (the others carry an index or a count there).
_CARD_VERBS = frozenset({"target", "first", "keep", "top", "bottom", "weapon", "retaliate",
                         "rest", "use"})
# A card moving between two zones, as a sentence ({who}: its owner; {card}: its name).
# Moves missing here and not skipped get a plain "moves from ... to ...".
_MOVES: dict[tuple[str, str], str] = {
    (HAND, STACK): "{who} activates {card}",
    (MATERIAL, STACK): "{who} materializes {card}",
    (HAND, MEMORY): "{who} puts {card} from hand into memory",
    (MEMORY, HAND): "{who} returns {card} from memory to hand",
    (MEMORY, BANISHMENT): "{who} banishes {card} from memory",
    (GRAVEYARD, BANISHMENT): "{who} banishes {card} from the graveyard",
    (HAND, GRAVEYARD): "{who} discards {card}",
    (DECK, HAND): "{who} puts {card} from the deck into hand",
    (DECK, GRAVEYARD): "{who} puts {card} from the deck into the graveyard",
    (FIELD, GRAVEYARD): "{card} ({who}) is put into the graveyard",
    (FIELD, HAND): "{card} returns to {who}'s hand",
    (FIELD, BANISHMENT): "{card} ({who}) is banished",
    (LINEAGE, MATERIAL): "{who}'s champion {card} returns to the material deck",
}
# Moves another event or line already says: onto the field (``enters``), off the stack
# (what resolved shows in its effects), into and out of the intent (the attack line).
# A dead champion's lineage is banished (its death said it); a token is made from nothing.
_SILENT_MOVES = frozenset({(STACK, FIELD), (STACK, GRAVEYARD), (STACK, INTENT),
                           (INTENT, GRAVEYARD), (MATERIAL, LINEAGE), (HAND, LINEAGE),
                           (STACK, LINEAGE), (LINEAGE, BANISHMENT), (GONE, FIELD)})


@dataclass(frozen=True)
class Line:
    """One line of the log and who may read it: ``private`` is the player who alone may
    read ``text`` (-1: both); the other reads ``public`` instead, or nothing when that is
    empty."""

    text: str
    private: int = -1
    public: str = ""

    def seen_by(self, viewer: int | None) -> str:
        """The text ``viewer`` reads (None: a spectator who sees everything), "" for none."""
        if viewer is None or self.private < 0 or self.private == viewer:
            return self.text
        return self.public


class Told(Protocol):
    """What the terminal and the web page read of a game's log, whichever game it is:
    `GameLog` and the duel's `gaenv.duel_log.DuelLog`."""

    lines: list[Line]

    @property
    def game(self) -> Any: ...

    def since(self, start: int, viewer: int | None) -> list[str]: ...

    def show(self, viewer: int | None, actions: Mapping[int, Option] | None = None) -> str: ...


def who(player: int) -> str:
    return f"player {player}"


class GameLog:
    """The log of one game, collected after every step (see the module doc)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.lines: list[Line] = []
        state = game.state
        self._zones = [card.zone for card in state.cards]  # where each card was last seen
        self._bands: dict[int, int] = {}  # leveler card id -> the band it was last seen in
        self._stack: list[StackItem] = []  # the layers on the stack at the last collect
        self._answered = -1  # the answers in the game's log at the last collect (-1: none yet)
        self._decision: Decision | None = None
        # Moves of one kind in a row become one line: (template, owner, hidden) and names.
        self._run: tuple[str, int, bool] | None = None
        self._names: list[str] = []
        self.collect()

    def since(self, start: int, viewer: int | None) -> list[str]:
        """The texts of lines ``start`` onwards that ``viewer`` may read."""
        return [text for line in self.lines[start:] if (text := line.seen_by(viewer))]

    def collect(self) -> list[Line]:
        """Add the lines of the step just taken (the answer and the events since the
        previous step; none if no step was taken since the last call); returns them."""
        game = self.game
        state = game.state
        start = len(self.lines)
        stepped = len(game.log) != self._answered
        if stepped and self._decision is not None:
            self._answer(state, self._decision, game.log[-1][2])
        self._answered = len(game.log)
        if stepped:
            self._events(state, state.events)
        self._flush()
        self._triggers(state)
        self._decision = state.decision
        return self.lines[start:]

    def show(self, viewer: int | None, actions: Mapping[int, Option] | None = None) -> str:
        """The board as ``viewer`` (a seat, None: everything) may see it, with ``actions``
        numbering the options (`gaenv.board.board`) and how the game ended. The duel's
        log (`gaenv.duel_log.DuelLog`) has the same method, so the terminal tools tell
        either game."""
        return board(self.game, actions, seen=(0, 1) if viewer is None else (viewer,))

    # --- the parts of a step --------------------------------------------------------

    def _add(self, text: str, private: int = -1, public: str = "") -> None:
        self._flush()
        self.lines.append(Line(text, private, public))

    def _group(self, template: str, owner: int, name: str, hidden: bool) -> None:
        """A card moving (or drawn) as ``template`` says; ``hidden``: only its owner may
        know which card it is. Joined to the moves of the same kind just before it."""
        if self._run != (template, owner, hidden):
            self._flush()
            self._run = (template, owner, hidden)
        self._names.append(name)

    def _flush(self) -> None:
        """The line of the moves in a row (`_group`), if any."""
        if self._run is None:
            return
        template, owner, hidden = self._run
        names = self._names
        many = f"{len(names)} cards"
        text = template.format(who=who(owner), card=names[0] if len(names) == 1 else many)
        if len(names) > 1:
            text += ": " + ", ".join(names)
        public = template.format(who=who(owner), card="a card" if len(names) == 1 else many)
        self._run, self._names = None, []
        self.lines.append(Line(text, owner if hidden else -1, public))

    def _answer(self, state: GameState, decision: Decision, index: int) -> None:
        option = decision.options[index]
        if option.verb not in _SHOWN_VERBS or decision.kind == decisions.ATTACK_TARGET:
            return
        player = decision.player
        about = (f" ({state.cards[decision.source].defn.name})"
                 if decision.source >= 0 and option.verb != "use" else "")
        text = f"{who(player)}{about}: {option.text}"
        card = option.card if option.verb in _CARD_VERBS else -1
        if card >= 0 and state.cards[card].zone in PRIVATE_ZONES:  # a glimpsed card
            name = state.cards[card].defn.name
            self._add(text, player, text.replace(name, "a card"))
        else:
            self._add(text)

    def _events(self, state: GameState, found: list[Event]) -> None:
        cards = state.cards
        leveled = {e.card for e in found if e.kind == "levels_up"}
        died = {e.card for e in found if e.kind == "dies"}
        said = died | {e.card for e in found if e.kind == "drawn"}  # moves said otherwise
        attackers: list[int] = []
        counted: list[int] = []  # cards whose level counters changed
        for event in found:
            kind, cid, player = event.kind, event.card, event.player
            if kind not in ("moved", "drawn"):
                self._flush()  # (moves and draws in a row become one line)
            name = cards[cid].defn.name if cid >= 0 else ""
            if kind == "moved":
                self._moved(state, cid, event.detail, said)
            elif kind == "drawn":
                self._group("{who} draws {card}", player, name, True)
            elif kind == "turn_begins":
                self._add(f"-- turn {state.turn}, {who(player)} --")
            elif kind == "enters" and cards[cid].zone == LINEAGE and cid not in leveled:
                self._add(f"{who(player)} puts {name} onto the field as champion")
            elif kind == "enters" and cards[cid].zone == FIELD:
                self._add(f"{name} enters the field ({who(player)})")
            elif kind == "levels_up":
                level = cards[cid].defn.level
                self._add(f"{who(player)}'s champion levels up to {name} (level {level})")
            elif kind == "dies":
                self._add(f"{name} ({who(player)}) dies")
            elif kind == "attacks":
                attackers.append(cid)
            elif kind == "attacked" and attackers:
                self._attack(state, attackers, [e.card for e in found if e.kind == "attacked"])
                attackers = []
            elif kind == "dealt_damage":
                source = f" from {cards[event.other].defn.name}" if event.other >= 0 else ""
                self._add(f"{name} ({who(player)}) takes {event.amount} damage{source}")
            elif kind in ("counters_placed", "counters_removed"):
                verb = "gets" if kind == "counters_placed" else "loses"
                plural = "s" if event.amount != 1 else ""
                self._add(f"{name} ({who(player)}) {verb} {event.amount} "
                                 f"{event.detail} counter{plural}")
                if event.detail == "level":
                    counted.append(cid)
            elif kind == "healed":
                self._add(f"{event.amount} damage is removed from {name}")
            elif kind == "control_changes":
                self._add(f"{who(player)} gains control of {name}")
            elif kind == "loses":
                self._add(f"{state.players[player].lost}: {who(player)} loses")
        for cid in counted:
            self._band(state, cid)

    def _moved(self, state: GameState, cid: int, dest: str, said: set[int]) -> None:
        """A card's move; ``said``: cards whose draw or death says their move."""
        card = state.cards[cid]
        zones = self._zones
        zones.extend([GONE] * (len(state.cards) - len(zones)))  # made since (tokens)
        source = zones[cid]
        zones[cid] = dest
        move = (source, dest)
        # (a card already where it went moved before the log began)
        if move in _SILENT_MOVES or source == dest or (cid in said and move in (
                (DECK, HAND), (FIELD, GRAVEYARD))):
            return
        template = _MOVES.get(move, f"{{who}} moves {{card}} from the {source} to the {dest}")
        self._group(template, card.owner, card.defn.name,
                    source in PRIVATE_ZONES and dest in PRIVATE_ZONES)

    def _attack(self, state: GameState, attackers: list[int], defenders: list[int]) -> None:
        cards = state.cards
        attacker, *more = attackers
        player = cards[attacker].controller
        using = "".join(f" {'using' if cards[c].defn.type == 'weapon' else 'and'} "
                        f"{cards[c].defn.name}" for c in more)
        targets = " and ".join(f"{cards[c].defn.name} ({who(cards[c].controller)})"
                               for c in defenders)
        self._add(f"{who(player)} attacks {targets} with {cards[attacker].defn.name}"
                         f"{using}: power {combat.attack_power(state)}")

    def _band(self, state: GameState, cid: int) -> None:
        card = state.cards[cid]
        now = band(card)
        if now != self._bands.get(cid, -1) and now >= 0:
            self._add(f"{card.defn.name} ({who(card.controller)}) enters band "
                             f"LEVEL {band_text(card.defn.bands, now)}")
        self._bands[cid] = now

    def _triggers(self, state: GameState) -> None:
        """A line for each triggered ability put on the stack since the last collect."""
        for item in state.stack:
            if item.kind == "trigger" and not any(item is seen for seen in self._stack):
                ability = events.ability_of(state, item.card, item.ability)
                text = ability.text or (ability.trigger.name if ability.trigger else "")
                self._add(f"{state.cards[item.card].defn.name} "
                                 f"({who(item.controller)}) triggers: {text}")
        self._stack = list(state.stack)


class Teller:
    """Prints a game in the terminal as it goes: the board as each turn begins, then the
    log's lines. Call `told` after every step and `end` at the end. ``turn_break`` runs
    before each turn's board but the first (``gaenv replay --step`` waits for Enter
    there), ``pause`` after each step that had something to say (``gaenv watch
    --delay``)."""

    def __init__(self, log: Told, write: Callable[[str], None],
                 turn_break: Callable[[], object] = lambda: None,
                 pause: Callable[[], object] = lambda: None) -> None:
        self.log = log
        self.write = write
        self.turn_break = turn_break
        self.pause = pause
        self._shown = 0  # lines written
        self._turn = -1  # the turn whose board was written last
        self.told()

    def told(self) -> None:
        """Write the log's new lines, and the board when a turn has begun."""
        log = self.log
        for text in log.since(self._shown, None):
            self.write(f"  {text}")
        news = len(log.lines) > self._shown
        self._shown = len(log.lines)
        game = log.game
        if game.state.turn != self._turn and not game.over:
            if self._turn >= 0:
                self.turn_break()
            self._turn = game.state.turn
            self.write("")
            self.write(log.show(None, {}))
        if news:
            self.pause()

    def end(self) -> None:
        self.told()
        self.write("")
        self.write(self.log.show(None))
