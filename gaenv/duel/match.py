"""Best-of-three matches of the duel (DUEL 3.8, 3.5, 14.1).

Each player brings a deck with a side deck of 20 cards and five champions (the built-in
decks: their three champions and two ``match_champions``). Before each game:

1. from the second game on, each player may swap cards between main and side deck one
   for one (`MatchPolicy.swaps`), so both sizes stay the same for the whole match;
2. each player chooses 3 of their 5 champions (`MatchPolicy.champions`), secretly: a
   policy is shown only its own deck and the public results so far;
3. the first player: at random for the first game (3.5); after a won game the loser
   chooses (`MatchPolicy.first`: True to go first); after a drawn game at random again.

A drawn or truncated game does not count and is replayed (3.8). The first player to
win two games wins the match; a match that reaches `MAX_GAMES` games without that is a
draw (our limit, so a match of endless draws ends). Player 0 of every game is the
match's seat 0. The same seed and policies give the same match.

The choices are a `MatchPolicy`'s, outside the game's decisions: `play_match` takes one
per seat and a function that plays a `DuelGame` to its end (`gaenv.agents.duel_match`
gives agents their policies and plays the games through the environment).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from gaenv.duel.cards import (
    CHAMPIONS,
    MATCH_CHAMPIONS,
    SIDE,
    DuelCardError,
    DuelDeck,
    check_deck,
    default_pool,
)
from gaenv.duel.game import DEFAULT_TURN_LIMIT, DuelGame

WINS = 2        # games to win a match (best of three)
MAX_GAMES = 9   # games after which a match without a winner is a draw (ours)


class MatchError(ValueError):
    """A match deck or a policy's answer that breaks DUEL 3.8; the message says which."""


@dataclass
class Side:
    """What one player of a match holds and may know: the deck as it stands now (main and
    side after the swaps so far), the five champions, the games so far."""

    seat: int
    deck: DuelDeck
    main: list[str]
    side: list[str]
    results: list[int | None] = field(default_factory=list)  # winner of each game played

    @property
    def champions(self) -> tuple[str, ...]:
        return (*self.deck.champions, *self.deck.match_champions)

    @property
    def score(self) -> tuple[int, int]:
        """Games won by this seat and by the other (drawn games do not count)."""
        return (sum(w == self.seat for w in self.results),
                sum(w == 1 - self.seat for w in self.results))


class MatchPolicy(Protocol):
    """A player's choices in a match (see the module doc)."""

    def champions(self, side: Side) -> Sequence[str]:
        """3 of ``side.champions`` for the next game."""

    def swaps(self, side: Side) -> Sequence[tuple[str, str]]:
        """Swaps before the next game: (a card of the main deck, a card of the side
        deck) pairs, carried out in order; empty to keep the deck."""

    def first(self, side: Side) -> bool:
        """Asked of the loser of the last game: True to go first in the next one."""


@dataclass(frozen=True)
class MatchGame:
    """One game of a match: its winner (None: drawn or truncated), first player, the
    champions each seat chose, the game itself."""

    winner: int | None
    first_player: int
    champions: tuple[tuple[str, ...], tuple[str, ...]]
    game: DuelGame


@dataclass(frozen=True)
class MatchResult:
    """``winner``: the seat that won two games, None for a drawn match."""

    winner: int | None
    games: tuple[MatchGame, ...]

    @property
    def score(self) -> tuple[int, int]:
        return (sum(g.winner == 0 for g in self.games), sum(g.winner == 1 for g in self.games))


def check_match_deck(deck: DuelDeck, where: str) -> None:
    """DUEL 3.8 and 14.1: a deck fit for a match has 5 champions and a side deck of 20."""
    if not deck.side or len(deck.champions) + len(deck.match_champions) != MATCH_CHAMPIONS:
        raise MatchError(f"{where} ({deck.name}): a match needs {MATCH_CHAMPIONS} champions "
                         f"and a side deck of {SIDE} cards")
    try:
        check_deck(deck, default_pool(), where)
    except DuelCardError as exc:
        raise MatchError(str(exc)) from None


def swap(side: Side, out: str, into: str, who: str) -> None:
    """One swap (3.8): ``out`` from the main deck to the side deck, ``into`` the other way."""
    if out not in side.main:
        raise MatchError(f"{who}: swaps out {out!r}, which is not in the main deck")
    if into not in side.side:
        raise MatchError(f"{who}: swaps in {into!r}, which is not in the side deck")
    side.main.remove(out)
    side.side.remove(into)
    side.main.append(into)
    side.side.append(out)


def chosen(side: Side, names: Sequence[str], who: str) -> tuple[str, ...]:
    """Three distinct champions of the player's five, as the game's deck names them."""
    picked = tuple(names)
    if len(picked) != CHAMPIONS or len(set(picked)) != CHAMPIONS \
            or not set(picked) <= set(side.champions):
        raise MatchError(f"{who}: chooses {list(picked)}; expected {CHAMPIONS} different "
                         f"champions of {list(side.champions)}")
    return picked


def play_match(decks: tuple[DuelDeck, DuelDeck], policies: tuple[MatchPolicy, MatchPolicy],
               play: Callable[[DuelGame], None], seed: int,
               turn_limit: int = DEFAULT_TURN_LIMIT) -> MatchResult:
    """A best-of-three match between seat 0 (``decks[0]``, ``policies[0]``) and seat 1;
    ``play`` plays each game to its end. MatchError if a deck or an answer breaks 3.8."""
    for seat, deck in enumerate(decks):
        check_match_deck(deck, f"seat {seat}'s deck")
    rng = random.Random(seed)
    sides = [Side(seat, deck, list(deck.main), list(deck.side))
             for seat, deck in enumerate(decks)]
    games: list[MatchGame] = []
    first = rng.randrange(2)  # 3.5: the first game's first player is random
    while len(games) < MAX_GAMES:
        if games:
            for side, policy in zip(sides, policies, strict=True):
                for out, into in policy.swaps(side):
                    swap(side, out, into, f"seat {side.seat}")
        champions = tuple(chosen(side, policy.champions(side), f"seat {side.seat}")
                          for side, policy in zip(sides, policies, strict=True))
        game_decks = [DuelDeck(side.deck.key, side.deck.name, picked, tuple(side.main))
                      for side, picked in zip(sides, champions, strict=True)]
        game = DuelGame.new(game_decks[0], game_decks[1], rng.getrandbits(32), turn_limit,
                            first_player=first)
        play(game)
        winner = None if game.truncated else game.winner
        games.append(MatchGame(winner, first, (champions[0], champions[1]), game))
        for side in sides:
            side.results.append(winner)
        if winner is None:  # 3.8: replayed with a random first player, not counted
            first = rng.randrange(2)
            continue
        wins = sum(g.winner == winner for g in games)
        if wins == WINS:
            return MatchResult(winner, tuple(games))
        loser = 1 - winner
        first = loser if policies[loser].first(sides[loser]) else winner
    return MatchResult(None, tuple(games))

