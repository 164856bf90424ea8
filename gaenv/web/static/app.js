// The gaenv web page: asks the server (gaenv/web) for views of a game and shows them.
"use strict";
const $ = (id) => document.getElementById(id);
let game = null;      // the last view the server sent
let watching = false; // a watched game runs by itself until paused or over
let delay = 0.5;

async function ask(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function fields(form) {
  return Object.fromEntries(new FormData(form).entries());
}

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  Object.assign(node, attributes);
  return node;
}

function button(text, action) {
  const node = element("button", text);
  node.addEventListener("click", action);
  return node;
}

function show(view) {
  game = view;
  $("error").textContent = "";
  document.querySelector("main").hidden = false;
  $("title").textContent = view.title + (view.position ? ` (${view.position})` : "") +
    (view.ending ? ` | game over: ${view.ending}` : "");
  $("board").textContent = view.board;
  $("hands").replaceChildren(...view.hands.map((hand) => {
    const row = element("div", `player ${hand.player} ${hand.zone}: `);
    for (const name of hand.cards) row.append(element("span", name, {title: view.texts[name] || ""}));
    if (!hand.cards.length) row.append("(none)");
    return row;
  }));
  $("text-list").replaceChildren(...Object.entries(view.texts).sort().flatMap(
    ([name, text]) => [element("dt", name), element("dd", text)]));
  $("options").replaceChildren(...view.options.map((option) => {
    const node = button(option.text, () => act({action: option.action}));
    node.className = "option";
    if (option.note) node.append(element("small", option.note));
    return node;
  }));
  $("log").replaceChildren(...view.log.map((text) => element("li", text)));
  $("log").scrollTop = $("log").scrollHeight;
  controls(view);
}

function controls(view) {
  const box = $("controls");
  box.replaceChildren();
  if (view.mode === "watch" && !view.over) {
    box.append(button(watching ? "Pause" : "Run", () => { watching = !watching; controls(game); run(); }));
    box.append(button("Step", () => act({})));
  } else if (view.mode === "replay") {
    box.append(button("Back", () => act({move: "back"})));
    box.append(button("Next", () => act({move: "next"})));
    box.append(button("Next turn", () => act({move: "turn"})));
  }
}

function fail(error) {
  $("error").textContent = error.message;
  watching = false;
}

async function act(body) {
  try { show(await ask(`/api/game/${game.id}`, body)); } catch (error) { fail(error); }
}

async function run() {
  while (watching && game && game.mode === "watch" && !game.over) {
    await act({});
    await new Promise((done) => setTimeout(done, delay * 1000));
  }
  if (game && game.over) { watching = false; controls(game); }
}

async function start(mode, body) {
  watching = false;
  try { show(await ask(`/api/new/${mode}`, body)); } catch (error) { fail(error); return; }
  if (mode === "watch") { watching = true; controls(game); run(); }
}

$("play-form").addEventListener("submit", (event) => {
  event.preventDefault();
  start("play", fields(event.target));
});
$("watch-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const data = fields(event.target);
  delay = Math.max(0, Number(data.delay) || 0);
  start("watch", data);
});
$("replay-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = $("replay-file").files[0];
  if (!file) { fail(new Error("choose a replay file (.jsonl) first")); return; }
  start("replay", {name: file.name, text: await file.text()});
});

// A form's deck lists hold the decks of its game (Grand Archive's, or the duel's).
function fillDecks(form, setup) {
  const decks = form.elements.game.value === "duel" ? setup.duel_decks : setup.decks;
  for (const select of form.querySelectorAll("select.decks")) {
    select.replaceChildren(...decks.map((name) => element("option", name)));
  }
  const second = form.querySelector("[name=opponent_deck], [name=deck_b]");
  second.value = decks[1] || decks[0];
}

ask("/api/setup").then((setup) => {
  for (const form of [$("play-form"), $("watch-form")]) {
    fillDecks(form, setup);
    form.elements.game.addEventListener("change", () => fillDecks(form, setup));
  }
  $("agents").replaceChildren(...setup.agents.map((name) => element("option", "", {value: name})));
  document.body.dataset.ready = "yes";
}).catch(fail);
