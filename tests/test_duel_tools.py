"""The duel in every tool (docs/duel.md, "From the command line"): the seat-aware board
and game log, ``gaenv play|watch|replay --game duel``, best-of-three matches (DUEL 3.5,
3.8, 14.1) and ``gaenv eval --match bo3``, balance studies of the duel."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from gaenv.agents.duel_match import HeuristicChoices, RandomChoices, run_match
from gaenv.cli import main
from gaenv.duel import rules
from gaenv.duel.board import board
from gaenv.duel.cards import DuelCardError, DuelDeck, builtin_decks, default_pool, load_decks
from gaenv.duel.game import DuelGame
from gaenv.duel.match import MAX_GAMES, MatchError, Side, play_match
from gaenv.duel.scenario import build
from gaenv.duel.state import FIELD
from gaenv.duel_log import DuelLog
from gaenv.live import Table

POOL = default_pool()


def _positions(seeds: range) -> list[DuelGame]:
    """Positions of random games, every 9th decision."""
    found = []
    decks = builtin_decks()
    for seed in seeds:
        rng = random.Random(seed)
        game = DuelGame.new(decks["ember_assault"], decks["pillars_of_the_sky"], seed)
        while not game.over:
            if len(game.log) % 9 == 0:
                found.append(game.clone())
            assert game.decision is not None
            game.step(rng.randrange(len(game.decision.options)))
    return found


def _hide_again(game: DuelGame, seat: int) -> DuelGame:
    """A copy that differs from ``game`` only in what ``seat`` may not know (DUEL 2.8,
    7.12): the other hand's cards, the order of both decks, facedown identities the seat
    may not look at."""
    changed = game.clone()
    state = changed.state
    for pile in state.players:
        pile.deck.reverse()
    for cid in state.players[1 - seat].hand:
        state.cards[cid].defn = POOL.get("Firebolt")
    for card in state.cards:
        if card.zone == FIELD and card.facedown and not rules.may_look(state, card.id, seat):
            card.defn = POOL.get("Grenade" if card.defn.name != "Grenade" else "Aegis")
    return changed


# --- the seat's board ----------------------------------------------------------------------

def test_board_of_a_seat_does_not_change_with_what_it_may_not_know() -> None:
    """DUEL 2.8: for both seats, the text is the same whatever the other hand, the deck
    orders and the hidden facedown identities are; an observer's text shows them."""
    checked = 0
    for game in _positions(range(3)):
        for seat in (0, 1):
            assert board(game, seat) == board(_hide_again(game, seat), seat)
            other = game.state.players[1 - seat]
            if other.hand and any(game.state.cards[c].defn.name != "Firebolt"
                                  for c in other.hand):
                assert board(game, None) != board(_hide_again(game, seat), None)
                checked += 1
    assert checked > 10


@pytest.mark.parametrize("equipper", [0, 1])
def test_facedown_card_is_named_only_to_the_player_who_may_look(equipper: int) -> None:
    """DUEL 7.12 for both seats: the player who equipped a facedown card (and controls
    it) sees its name on the board; the opponent sees its slot's element only."""
    own = {"champions": [{"card": "Magma Slug", "equipment": [
        {"card": "Grenade", "slot": 0, "facedown": True}]}], "hand": ["Aegis"]}
    other = {"champions": ["Fenrir"], "hand": ["Strawman"]}
    game = build({"players": [own, other] if equipper == 0 else [other, own]})
    mine, theirs = board(game, equipper), board(game, 1 - equipper)
    assert "fire: facedown fire (Grenade)" in mine and "Aegis" in mine
    assert "Grenade" not in theirs and "fire: facedown fire," in theirs
    assert "Aegis" not in theirs and "hand: 1 cards" in theirs
    assert "Strawman" in theirs and "Strawman" not in mine
    assert "(Grenade)" in board(game, None)


def test_log_keeps_draws_and_facedown_names_to_their_player() -> None:
    """DUEL 2.8, 7.12: the drawn card and a card equipped facedown are named only to
    their player; the other reads "a card"."""
    game = build({"players": [
        {"champions": [{"card": "Magma Slug", "equipment": [
            {"card": "Cobbled Club", "slot": "earth"}]}],
         "hand": ["Sapphire Gemstone"], "deck": ["Firebolt", "Aegis"]},
        {"champions": ["Fenrir"], "deck": ["Firebolt", "Firebolt"]}]})
    log = DuelLog(game)
    for step in ("draw", "draw"):
        game.step(step)
        log.collect()
    assert "player 0: draws Firebolt" in log.since(0, 0)
    assert "player 0: draws a card" in log.since(0, 1)
    assert not [t for t in log.since(0, 1) if "player 0: draws F" in t]
    start = len(log.lines)
    for step in ("activate Cobbled Club (on Magma Slug)",
                 "equip facedown Sapphire Gemstone to Magma Slug (fire slot)"):
        game.step(step)
        log.collect()
    named = [t for t in log.since(start, 0) if "facedown" in t]
    hidden = [t for t in log.since(start, 1) if "facedown" in t]
    assert named == ["player 0: equip facedown Sapphire Gemstone to Magma Slug (fire slot)"]
    assert hidden == ["player 0: equip facedown a card to Magma Slug (fire slot)"]

def test_log_tells_what_an_answer_caused_and_names_a_flipped_card_to_all() -> None:
    """The journal's events (`rules.EVENTS`) as lines: damage, a champion defeated
    (9.6-9.8, its Equipment destroyed with it), Equipment destroyed; a facedown card is
    named to both players once it is in the Grave, face up (7.14). Each step's journal
    holds only what that step caused."""
    game = build({"players": [
        {"champions": ["Magma Slug"], "hand": ["Firebolt", "Celestial Shower"]},
        {"champions": [
            {"card": "Ember Fox", "damage": 50, "equipment": [
                {"card": "Sapphire Gemstone", "slot": "fire", "facedown": True}]},
            {"card": "Fenrir", "equipment": [{"card": "Cobbled Club", "slot": "earth"}]}]}]})
    log = DuelLog(game)
    for answer in ("activate Firebolt", "target Ember Fox (player 1)"):
        game.step(answer)
        log.collect()
    assert [e.kind for e in game.state.events] == [  # the target is chosen as it resolves
        "dealt_damage", "destroyed", "sent_to_grave", "defeated"]
    assert game.decision is not None
    while game.decision.kind != "action":  # the windows after the resolution
        game.step("pass")
        log.collect()
    for seat in (0, 1):
        told = log.since(0, seat)
        assert "Ember Fox (player 1) takes 30 damage" in told
        assert "Sapphire Gemstone (player 1) is destroyed" in told
        assert "Ember Fox (player 1) is defeated" in told
        assert told.index("Sapphire Gemstone (player 1) is destroyed") < told.index(
            "Ember Fox (player 1) is defeated")
    assert game.state.events == []  # a pass causes nothing: the journal forgot the rest
    assert log.collect() == []  # and no step since the last collect: nothing to add


def test_log_tells_the_last_defeat_though_the_game_ends_before_its_chances() -> None:
    """11.1: the game ends when the last champion falls, before any window, so no chance
    opens; the journal and the log still tell the defeat and the Equipment destroyed
    with it (9.8)."""
    game = build({"players": [
        {"champions": ["Magma Slug"], "hand": ["Firebolt"]},
        {"champions": [{"card": "Fenrir", "damage": 90, "equipment": [
            {"card": "Sapphire Gemstone", "slot": "earth", "facedown": True}]}]}]})
    log = DuelLog(game)
    for answer in ("activate Firebolt", "target Fenrir (player 1)"):
        game.step(answer)
        log.collect()
    assert game.over and game.winner == 0 and not game.state.chances
    assert [e.kind for e in game.state.events] == [
        "dealt_damage", "destroyed", "sent_to_grave", "defeated"]
    told = log.since(0, 1)
    assert told[-3:] == ["Sapphire Gemstone (player 1) is destroyed",
                         "Fenrir (player 1) is defeated", f"game over: {game.ending}"]

# --- the terminal tools -------------------------------------------------------------------

def test_play_a_duel_in_the_terminal(tmp_path: Path) -> None:
    """``gaenv play --game duel``: the person's board never shows the agent's hand."""
    from gaenv.agents.play import play

    out: list[str] = []
    answers = iter(["x", *["1"] * 2000])
    winner = play("random", "ember_assault", "pillars_of_the_sky", 0, 5,
                  read=lambda prompt: next(answers), write=out.append, replays=tmp_path,
                  game_kind="duel")
    text = "\n".join(out)
    assert "Please type a number" in text and "player 1: deck" in text
    assert "You are player 0 (ember_assault)" in text
    assert ("You win!" in text) == (winner == 0)
    saved = next(tmp_path.glob("*.jsonl"))
    assert '"game": "duel"' in saved.read_text().splitlines()[0]
    boards = [chunk for chunk in out if chunk.startswith("turn ")]
    assert boards and all("player 1: deck" in b and "cards" in b.split("player 1:")[1]
                          .splitlines()[0] for b in boards)


def test_watch_and_replay_a_duel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``gaenv watch --game duel`` tells the game; ``gaenv replay`` tells its file turn by
    turn, verifying every choice; ``--pool`` is refused."""
    assert main(["watch", "--game", "duel", "heuristic", "random", "--seed", "2", "--delay",
                 "0", "--replays", str(tmp_path)]) == 0
    watched = capsys.readouterr().out
    assert "player 0: heuristic (ember_assault)" in watched and "game over: " in watched
    path = next(tmp_path.glob("*.jsonl"))
    assert main(["replay", str(path)]) == 0
    told = capsys.readouterr().out
    assert "turn 2  player" in told and "every recorded choice was legal" in told
    assert told.split("replayed")[0].strip().splitlines()[-1] in watched
    assert main(["watch", "--game", "duel", "random", "random", "--pool", str(tmp_path)]) == 2
    assert "the duel plays its own" in capsys.readouterr().err


def test_table_refuses_an_unknown_duel_deck() -> None:
    from gaenv.cards.schema import CardFileError
    from gaenv.env.config import ConfigError

    with pytest.raises(CardFileError, match="no duel deck 'nope'"):
        Table(("ember_assault", "nope"), 0, (None, None), game="duel")
    with pytest.raises(ConfigError, match="pool: the duel plays its own cards"):
        Table(("ember_assault", "ember_assault"), 0, (None, None), pool=("x.yaml",),
              game="duel")


# --- best of three ---------------------------------------------------------------------------

def _decks() -> tuple[DuelDeck, DuelDeck]:
    decks = builtin_decks()
    return decks["ember_assault"], decks["pillars_of_the_sky"]


def test_the_match_decks_have_five_champions_and_a_side_deck() -> None:
    """DUEL 3.8, 14.1: 5 champions (14.2-14.3 name the fifth and sixth) and 20 side
    cards; main and side together hold at most 4 of a name (our ruling)."""
    for deck in _decks():
        assert len(deck.champions) + len(deck.match_champions) == 5
        assert len(deck.side) == 20
        assert all(deck.main.count(n) + deck.side.count(n) <= 4 for n in deck.side)


def test_side_deck_errors_name_file_deck_and_field(tmp_path: Path) -> None:
    path = tmp_path / "decks.yaml"
    text = (Path(__file__).parents[1] / "gaenv" / "duel" / "data" / "decks.yaml").read_text()
    for old, new, message in [
        ("    Gust of Wind: 4\n    Celestial Shower: 3", "    Gust of Wind: 4\n    Celestial "
         "Shower: 2", "ember_assault.side: 19 cards; a side deck holds 20"),
        ("    Pressure: 1\n    Infection: 2\n", "    Pressure: 2\n    Infection: 1\n",
         "ember_assault.side: 5 copies of Pressure"),
        ("  match_champions: [Ember Fox, Fenrir]\n", "",
         "ember_assault.match_champions: a deck with a side deck has 5 champions"),
    ]:
        assert old in text
        path.write_text(text.replace(old, new, 1))
        with pytest.raises(DuelCardError, match=message):
            load_decks(path)


class Scripted:
    """A match policy with fixed answers that records what it was shown."""

    def __init__(self, champions: list[str], swaps: list[tuple[str, str]] | None = None,
                 first: bool = True) -> None:
        self.picked = champions
        self.swapped = swaps or []
        self.go_first = first
        self.seen: list[tuple[int, int, list[int | None]]] = []

    def champions(self, side: Side) -> list[str]:
        self.seen.append((len(side.main), len(side.side), list(side.results)))
        return self.picked

    def swaps(self, side: Side) -> list[tuple[str, str]]:
        return self.swapped

    def first(self, side: Side) -> bool:
        return self.go_first


def _fixed(results: list[int | None]) -> Any:
    """A ``play`` that ends each game with the next result (None: a drawn game)."""
    queue = iter(results)

    def play(game: DuelGame) -> None:
        winner = next(queue)
        rules.end(game.state, winner, "decided by the test")

    return play


def test_loser_chooses_who_goes_first_and_two_wins_take_the_match() -> None:
    """DUEL 3.8: after a won game its loser chooses the first player (here: go first,
    then: let the winner go first); the first game's first player is random (3.5)."""
    a = Scripted(["Hestia", "Ember Fox", "Fenrir"])
    b = Scripted(["Water Beetle", "Tide Oracle", "Storm Heron"], first=False)
    result = play_match(_decks(), (a, b), _fixed([1, 0, 1]), seed=3)
    assert result.winner == 1 and result.score == (1, 2)
    firsts = [g.first_player for g in result.games]
    assert firsts[1] == 0             # seat 0 lost game 1 and chose to go first
    assert firsts[2] == 0             # seat 1 lost game 2 and let the winner go first
    assert result.games[0].champions == (("Hestia", "Ember Fox", "Fenrir"),
                                         ("Water Beetle", "Tide Oracle", "Storm Heron"))
    names = [rules.on_field(result.games[0].game.state, p) for p in (0, 1)]
    assert [result.games[0].game.state.cards[ch.card].defn.name for ch in names[1]] == \
        ["Water Beetle", "Tide Oracle", "Storm Heron"]
    openers = {play_match(_decks(), (a, b), _fixed([0, 0]), seed=s).games[0].first_player
               for s in range(12)}
    assert openers == {0, 1}


def test_drawn_games_are_replayed_with_a_random_first_player() -> None:
    """DUEL 3.8: a drawn game does not count; the next has a random first player; a match
    that never gets two wins stops at MAX_GAMES as a draw (ours)."""
    a = Scripted(["Hestia", "Magma Slug", "Technician Magician"])
    b = Scripted(["Water Beetle", "Fenrir Reborn", "Sky Weaver"])
    result = play_match(_decks(), (a, b), _fixed([None, 0, None, 0]), seed=1)
    assert result.winner == 0 and len(result.games) == 4 and result.score == (2, 0)
    assert a.seen[-1][2] == [None, 0, None]
    after_draws = {play_match(_decks(), (a, b), _fixed([None, 0, 0]), seed=s).games[1]
                   .first_player for s in range(12)}
    assert after_draws == {0, 1}
    endless = play_match(_decks(), (a, b), _fixed([None] * MAX_GAMES), seed=0)
    assert endless.winner is None and len(endless.games) == MAX_GAMES


def test_swaps_keep_both_sizes_and_are_checked() -> None:
    """DUEL 3.8: swaps between games are one for one, so main and side keep their sizes;
    a swap of a card not there, or a wrong champion choice, is refused."""
    a = Scripted(["Hestia", "Magma Slug", "Fenrir"], [("Firebolt", "Gust of Wind")] * 2)
    b = Scripted(["Water Beetle", "Fenrir Reborn", "Sky Weaver"])
    result = play_match(_decks(), (a, b), _fixed([1, 0, 0]), seed=0)
    assert [seen[:2] for seen in a.seen] == [(60, 20)] * 3
    second = result.games[1].game.decks
    assert second is not None and second[0].main.count("Gust of Wind") == 2
    assert result.games[2].game.decks[0].main.count("Firebolt") == 0  # type: ignore[index]
    bad = Scripted(["Hestia", "Magma Slug", "Fenrir"], [("Aegis", "Gust of Wind")])
    with pytest.raises(MatchError, match="seat 0: swaps out 'Aegis'"):
        play_match(_decks(), (bad, b), _fixed([1, 0]), seed=0)
    with pytest.raises(MatchError, match="seat 1: chooses"):
        play_match(_decks(), (a, Scripted(["Hestia", "Magma Slug", "Fenrir"])),
                   _fixed([0]), seed=0)
    plain = DuelDeck("x", "x", _decks()[0].champions, _decks()[0].main)
    with pytest.raises(MatchError, match="a match needs 5 champions and a side deck"):
        play_match((plain, _decks()[1]), (a, b), _fixed([0]), seed=0)


def test_random_and_heuristic_choices_are_legal_and_matches_repeat() -> None:
    """DUEL 3.8: both agents' choices hold over whole matches; the same seed gives the same
    match."""
    side = Side(0, _decks()[0], list(_decks()[0].main), list(_decks()[0].side))
    chooser = RandomChoices(4)
    for _ in range(20):
        assert len(set(chooser.champions(side))) == 3
        assert len(chooser.swaps(side)) <= 3
    heuristic = HeuristicChoices()
    assert list(heuristic.champions(side)) == ["Magma Slug", "Hestia", "Fenrir"]
    assert heuristic.swaps(side) == []  # every card fits a slot of those three
    airy = DuelDeck("x", "x", ("Technician Magician", "Ember Fox", "Storm Heron"),
                    side.deck.main, ("Sky Weaver", "Water Beetle"), side.deck.side)
    swaps = heuristic.swaps(Side(0, airy, list(airy.main), list(airy.side)))
    assert len(swaps) == 16  # the earth Equipment, for Spells of the side deck
    assert {POOL.get(out).element for out, _ in swaps} == {"earth"}
    assert {POOL.get(into).type for _, into in swaps} == {"spell"}
    first = [run_match(("heuristic", "random"), ("ember_assault", "pillars_of_the_sky"), s)
             for s in range(3)]
    again = [run_match(("heuristic", "random"), ("ember_assault", "pillars_of_the_sky"), s)
             for s in range(3)]
    assert first == again and all(r.winner is not None for r in first)


def test_eval_plays_best_of_three_matches(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``gaenv eval --game duel --match bo3`` reports match wins with a 95% interval;
    ``--match`` without the duel is refused."""
    assert main(["eval", "--game", "duel", "--match", "bo3", "--agents", "heuristic",
                 "random", "--games", "6", "--out", str(tmp_path / "ev"), "--replays",
                 str(tmp_path / "rp")]) == 0
    out = capsys.readouterr().out
    assert "| agent | opponent | matches | wins |" in out
    row = next(line for line in out.splitlines() if line.startswith("| heuristic | random"))
    assert row.split("|")[3].strip() == "6"
    assert len(list((tmp_path / "rp").glob("*-game1.jsonl"))) == 6
    assert main(["eval", "--match", "bo3", "--agents", "heuristic", "random",
                 "--games", "2"]) == 2
    assert "only for the duel" in capsys.readouterr().err


# --- balance --------------------------------------------------------------------------------

def test_a_balance_study_of_the_duel(tmp_path: Path) -> None:
    """``game: duel`` in a study config: the duel's decks and a variant swapping a
    champion; cards played are read from the answers."""
    from gaenv.balance import run_study
    from gaenv.balance.games import RESULTS, read_results

    config = tmp_path / "study.yaml"
    config.write_text("game: duel\ndecks: [ember_assault, pillars_of_the_sky]\n"
                      "pilot: heuristic\ngames: 2\nturn_limit: 400\npilot_games: 2\n"
                      "variants:\n  - {name: Ember with Fenrir, deck: ember_assault, "
                      "swap: {Technician Magician: Fenrir, Firebolt: Gust of Wind}}\n")
    result = run_study(config, tmp_path / "out", progress=False)
    assert {d["name"] for d in result["decks"]} == {"Ember Assault", "Pillars of the Sky",
                                                    "Ember with Fenrir"}
    rows = read_results(tmp_path / "out" / RESULTS)
    assert len(rows) == 2 * 9 + 2  # 9 ordered pairs of decks; the pilot against random
    played = set().union(*(r.played[0] | r.played[1] for r in rows))
    assert played and not played & {"Hestia", "Water Beetle"}
    assert (tmp_path / "out" / "report.md").exists()


@pytest.mark.parametrize("extra, message", [
    ("pool: [builtin]\n", "pool: the duel plays its own cards"),
    ("variants:\n  - {name: V, deck: ember_assault, swap: {Hestia: Firebolt}}\n",
     "variants[0].swap.Hestia: a champion is swapped for a champion"),
    ("variants:\n  - {name: V, deck: ember_assault, swap: {Aegis: Firebolt}}\n",
     "variants[0].swap: card 'Aegis' is not in deck"),
])
def test_duel_study_errors_name_file_and_key(tmp_path: Path, extra: str, message: str) -> None:
    from gaenv.balance import config as study_config
    from gaenv.env.config import ConfigError

    path = tmp_path / "study.yaml"
    path.write_text("game: duel\ndecks: [ember_assault, pillars_of_the_sky]\n" + extra)
    with pytest.raises(ConfigError, match=f"{path}: .*{message}".replace("[", r"\[")):
        study_config.load(path, tmp_path / "out")



def test_env_render_is_the_observers_board() -> None:
    """The environment's ``render`` (ansi) shows everything, hidden cards too, with the
    legal actions by index: it is for debugging, not for a seat."""
    from gaenv.env import env

    e = env(game="duel", seed=2, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    raw = e.unwrapped
    assert isinstance(text, str) and raw.game is not None
    state = raw.game.state
    for pile in state.players:
        assert all(state.cards[c].defn.name in text for c in pile.hand)
    assert text == board(raw.game, None, dict(sorted(raw.legal_options(e.agent_selection)
                                                     .items())))
    assert "[2] draw" in text
