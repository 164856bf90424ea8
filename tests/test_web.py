"""The web page (`gaenv web`): its JSON API, hidden information, bad input, and the page
itself in a real headless browser (Debian's chromium and chromedriver, with Selenium)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gaenv import replay
from gaenv.agents.registry import make
from gaenv.cli import main
from gaenv.duel.game import DuelGame
from gaenv.engine.objects import DECK, HAND, MATERIAL, MEMORY
from gaenv.engine.zones import can_see
from gaenv.live import Table

flask = pytest.importorskip("flask", reason="gaenv web needs the web extra (Flask)")
from gaenv.web import Playing, create_app  # noqa: E402  (after the skip)


@pytest.fixture
def client() -> Any:
    return create_app().test_client()


def _hidden_names(table: Table, seat: int) -> set[str]:
    """Names of the other seat's hidden cards that ``seat`` sees nowhere."""
    state = table.game.state
    other = state.players[1 - seat].zones
    hidden = {state.cards[c].defn.name for zone in (HAND, MEMORY, DECK, MATERIAL)
              for c in other[zone]}
    visible = {card.defn.name for card in state.cards if card.zone != DECK
               and can_see(state, card.id, seat)}
    return hidden - visible


def test_a_seat_is_sent_nothing_it_may_not_see(client: Any) -> None:
    setup = {"opponent": "heuristic", "seat": 1, "seed": 4, "deck": "ember_vanguard",
             "opponent_deck": "vesper_shadows"}
    data = client.post("/api/new/play", json=setup).get_json()
    playing = Playing(setup)  # the same game, to know what the seat may not see
    for _ in range(30):
        text = json.dumps(data)
        secret = _hidden_names(playing.table, 1)
        assert secret and not [name for name in secret if name in text]
        assert [hand["player"] for hand in data["hands"]] == [1, 1]
        if data["over"]:
            break
        action = data["options"][-1]["action"]
        data = client.post(f"/api/game/{data['id']}", json={"action": action}).get_json()
        playing.act({"action": action})
        assert data["board"] == playing.show()["board"]
    assert data["log"] and "player 0" in " ".join(data["log"])


def _opened_replay(client: Any, table: Table, folder: Path) -> dict[str, Any]:
    """The table's game played to its end, saved and opened on the page as a replay."""
    while not table.game.over:
        table.advance()
    text = replay.write(folder, "game", table.game).read_text()
    return client.post("/api/new/replay", json={"name": "g.jsonl", "text": text}).get_json()


def test_watch_and_replay_through_the_api(client: Any, tmp_path: Path) -> None:
    data = client.post("/api/new/watch",
                       json={"a": "heuristic", "b": "random", "seed": 3}).get_json()
    assert data["title"].endswith("seed 3") and data["mode"] == "watch"
    steps = 0
    while not data["over"]:
        lines = len(data["log"])
        data = client.post(f"/api/game/{data['id']}", json={}).get_json()
        assert data["over"] or len(data["log"]) > lines  # every step says something
        steps += 1
    assert data["ending"].startswith("player ") and steps > 20
    # The same game, made here and opened as a replay file: the same log, the same end.
    shown = _opened_replay(client, Table(("ember_vanguard", "vesper_shadows"), 3, (
        make("heuristic", "3:0"), make("random", "3:1"))), tmp_path)
    key = shown["id"]
    for move in ("next", "turn", "back"):
        before = shown["position"]
        shown = client.post(f"/api/game/{key}", json={"move": move}).get_json()
        assert shown["position"] != before
    while not shown["over"]:
        shown = client.post(f"/api/game/{key}", json={"move": "turn"}).get_json()
    assert shown["log"] == data["log"] and shown["ending"] == data["ending"]


def _duel_hidden_names(table: Table, seat: int, seen: set[str]) -> set[str]:
    """Names of the other seat's hidden duel cards (hand, deck, facedown cards it may not
    look at: DUEL 2.8, 7.12) that ``seat`` sees nowhere now and has not seen before
    (``seen``, which gains what it sees now: a card returned to a hand was public)."""
    from gaenv.duel import rules
    from gaenv.duel.state import DECK as DUEL_DECK
    from gaenv.duel.state import HAND as DUEL_HAND

    state = table.game.state
    hidden = {c.defn.name for c in state.cards
              if (c.zone in (DUEL_HAND, DUEL_DECK) and c.owner != seat)
              or not rules.may_look(state, c.id, seat)}
    visible = {c.defn.name for c in state.cards
               if c.zone != DUEL_DECK and (c.zone != DUEL_HAND or c.owner == seat)
               and rules.may_look(state, c.id, seat)}
    seen |= visible
    return hidden - seen


def test_a_duel_seat_is_sent_nothing_it_may_not_see(client: Any) -> None:
    """The duel on the page (``game: duel``): its own board, and a seat is never sent the
    other hand, a deck or a facedown card it may not look at (DUEL 2.8, 7.12)."""
    setup = {"game": "duel", "opponent": "heuristic", "seat": 1, "seed": 4}
    data = client.post("/api/new/play", json=setup).get_json()
    playing = Playing(setup)
    assert isinstance(playing.table.game, DuelGame)
    assert "(ember_assault)" in data["title"] and data["board"].startswith("turn ")
    seen: set[str] = set()
    for _ in range(40):
        text = json.dumps(data)
        secret = _duel_hidden_names(playing.table, 1, seen)
        assert secret and not [name for name in secret if name in text]
        assert [hand["player"] for hand in data["hands"]] == [1]
        if data["over"]:
            break
        action = data["options"][0]["action"]
        data = client.post(f"/api/game/{data['id']}", json={"action": action}).get_json()
        playing.act({"action": action})
        assert data["board"] == playing.show()["board"]
    assert data["log"] and "player 0" in " ".join(data["log"])


def test_watch_and_replay_a_duel_through_the_api(client: Any, tmp_path: Path) -> None:
    data = client.post("/api/new/watch", json={"game": "duel", "a": "heuristic",
                                               "b": "random", "seed": 3}).get_json()
    assert "(pillars_of_the_sky)" in data["title"]
    while not data["over"]:
        data = client.post(f"/api/game/{data['id']}", json={}).get_json()
    shown = _opened_replay(client, Table(("ember_assault", "pillars_of_the_sky"), 3, (
        make("heuristic", "3:0"), make("random", "3:1")), game="duel"), tmp_path)
    while not shown["over"]:
        shown = client.post(f"/api/game/{shown['id']}", json={"move": "turn"}).get_json()
    assert shown["log"] == data["log"] and shown["ending"] == data["ending"]
    assert "game over: " in shown["board"]
    answer = client.post("/api/new/play", json={"game": "chess"})
    assert answer.status_code == 400
    assert "no game 'chess'; the games are ga, duel" in answer.get_json()["error"]


def test_bad_input_is_a_one_line_error(client: Any, tmp_path: Path) -> None:
    for mode, body, message in [
        ("play", {"opponent": "nobody"}, "unknown agent 'nobody'"),
        ("watch", {"a": "heuristic", "b": "random", "deck_a": "no_deck"}, "no_deck"),
        ("replay", {"name": "x.jsonl", "text": "not json"}, "x.jsonl, line 1: not JSON"),
    ]:
        answer = client.post(f"/api/new/{mode}", json=body)
        assert answer.status_code == 400 and message in answer.get_json()["error"]
    played = client.post("/api/new/play", json={"seed": 1}).get_json()
    answer = client.post(f"/api/game/{played['id']}", json={"action": 10_000})
    assert answer.status_code == 400 and "not one of your options" in answer.get_json()["error"]
    assert client.post("/api/game/999", json={}).status_code == 404


def test_port_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["web", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in err


# --- the page in a browser ---------------------------------------------------------------

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")


@pytest.fixture
def server() -> Iterator[str]:
    from werkzeug.serving import make_server

    httpd = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.port}"
    httpd.shutdown()


@pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER),
                    reason="the browser test needs Debian's chromium and chromedriver "
                           "(`make test` installs them when root: apt-get install chromium "
                           "chromium-driver)")
def test_the_page_in_a_browser(server: str, tmp_path: Path) -> None:
    """Loads the page, plays a few moves, steps through a replay file, watches a game."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="needs Selenium (dev extra)")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900"):
        options.add_argument(flag)
    browser = webdriver.Chrome(options=options,
                               service=webdriver.ChromeService(executable_path=CHROMEDRIVER))
    wait = WebDriverWait(browser, 10)
    try:
        browser.get(server)
        wait.until(lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        seed = browser.find_element(By.CSS_SELECTOR, "#play-form [name=seed]")
        seed.send_keys("4")
        browser.find_element(By.ID, "play").click()
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#options button"))
        assert "you are player" in browser.find_element(By.ID, "title").text
        for _ in range(4):  # a few moves: the last option each time
            before = browser.find_element(By.ID, "board").text
            count = len(browser.find_elements(By.CSS_SELECTOR, "#log li"))
            browser.find_elements(By.CSS_SELECTOR, "#options button")[-1].click()
            wait.until(lambda b, before=before, count=count: (
                b.find_element(By.ID, "board").text != before
                or len(b.find_elements(By.CSS_SELECTOR, "#log li")) != count))
        assert browser.find_elements(By.CSS_SELECTOR, "#log li")
        assert "hand:" in browser.find_element(By.ID, "hands").text
        if os.environ.get("GAENV_WEB_SCREENSHOT"):  # docs/web.png is taken this way
            browser.save_screenshot(os.environ["GAENV_WEB_SCREENSHOT"])
        table = Table(("ember_vanguard", "vesper_shadows"), 2,
                      (make("random", 0), make("random", 1)))
        while not table.game.over:
            table.advance()
        path = replay.write(tmp_path, "game", table.game)
        browser.find_element(By.ID, "replay-file").send_keys(str(path))
        browser.find_element(By.ID, "replay").click()
        wait.until(lambda b: "replay game.jsonl" in b.find_element(By.ID, "title").text)
        for _ in range(3):  # three turns on, waiting for each
            title = browser.find_element(By.ID, "title").text
            browser.find_element(By.XPATH, "//button[text()='Next turn']").click()
            wait.until(lambda b, title=title: b.find_element(By.ID, "title").text != title)
        assert browser.find_element(By.ID, "board").text.startswith("turn 4 ")
        assert browser.find_elements(By.CSS_SELECTOR, "#log li")
        delay = browser.find_element(By.CSS_SELECTOR, "#watch-form [name=delay]")
        delay.clear()
        delay.send_keys("0")
        browser.find_element(By.ID, "watch").click()  # two agents, run to the end
        WebDriverWait(browser, 20).until(
            lambda b: "game over: player" in b.find_element(By.ID, "title").text)
        assert not browser.find_element(By.ID, "error").text
        # The duel: the game switch fills its decks; its own board and options.
        Select(browser.find_element(By.CSS_SELECTOR, "#play-form [name=game]")
               ).select_by_value("duel")
        decks = browser.find_element(By.CSS_SELECTOR, "#play-form [name=deck]")
        assert "ember_assault" in decks.text and "ember_vanguard" not in decks.text
        browser.find_element(By.ID, "play").click()
        wait.until(lambda b: "(ember_assault)" in b.find_element(By.ID, "title").text)
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#options button")
                   or "game over" in b.find_element(By.ID, "title").text)
        assert "hand:" in browser.find_element(By.ID, "board").text
        assert not browser.find_element(By.ID, "error").text
    finally:
        browser.quit()
