"""A study's report folder: ``report.json`` (`gaenv.balance.stats`), ``report.md`` and the
plots: ``heatmap.png``, ``strength.png``, ``cards.png`` and ``pilots.png``. The figures are
drawn on matplotlib's Agg canvas directly, not through pyplot, so making a report changes
no global plotting state (a notebook's backend stays as it was)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

DPI = 100
FLAGGED = "tab:red"
PLAIN = "tab:blue"


def write(report: dict[str, Any], out: Path) -> None:
    """Write report.json, report.md and the plots into ``out``."""
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    _heatmap(report, out / "heatmap.png")
    _strength(report, out / "strength.png")
    _forest(report["cards"], out / "cards.png")
    if report["pilots"]:
        _pilot_plot(report, out / "pilots.png")
    (out / "report.md").write_text(markdown(report))


def _span(entry: dict[str, Any]) -> str:
    return f"{entry['ci_low']:.1%} - {entry['ci_high']:.1%}"


def largest(cards: Sequence[dict[str, Any]], count: int = 5) -> list[dict[str, Any]]:
    """The flagged cards of largest impact either way."""
    return sorted((c for c in cards if c["flagged"]), key=lambda c: -abs(c["impact"]))[:count]


def _names(entries: Sequence[dict[str, Any]]) -> str:
    return ", ".join(e["name"] for e in entries) or "none"


def markdown(report: dict[str, Any]) -> str:
    study = report["study"]
    decks, first, cards = report["decks"], report["first_player"], report["cards"]
    level = decks[0]["ci_level"] if decks else 1 - report["alpha"]
    single = 1 - report["alpha"]
    stronger = [d for d in decks if d["significant"] and d["win_rate"] > 0.5]
    weaker = [d for d in decks if d["significant"] and d["win_rate"] < 0.5]
    lines = [
        f"# Balance study: {study['config']}", "",
        f"{report['games']} games: {study['games_per_pair']} per ordered pair of "
        f"{len(study['decks'])} decks (mirrors included), seeds {study['seed']} to "
        f"{study['seed'] + study['games_per_pair'] - 1}, each with both seat assignments; "
        f"{report['draws']} draws and {report['truncated']} truncated at turn "
        f"{study['turn_limit']} (neither counts in a win rate).", "",
        "| deck | pilot | file |", "|---|---|---|",
        *(f"| {d['name']} | {d['pilot']} | {d['file']}"
          + (f" ({d['variant_of']}, swapped: "
             + ", ".join(f"{a} -> {b}" for a, b in d["swap"].items()) + ")"
             if d["variant_of"] else "") + " |" for d in study["decks"]), "",
    ]
    if report["warnings"]:
        lines += ["## Warnings", "", *(f"- {w}" for w in report["warnings"]), ""]
    lines += [
        "## Decks", "",
        f"Significantly stronger: {_names(stronger)}. Significantly weaker: "
        f"{_names(weaker)}. (Overall win rate against the other decks; "
        f"intervals at level {level:.2%}, Benjamini-Hochberg adjusted at alpha "
        f"{report['alpha']}.)", "",
        "![decks and first player](strength.png)", "",
        "| deck | pilot | games | wins | win rate | interval | significant |",
        "|---|---|---|---|---|---|---|",
        *(f"| {d['name']} | {d['pilot']} | {d['games']} | {d['wins']} | {d['win_rate']:.1%} "
          f"| {_span(d)} | {'yes' if d['significant'] else 'no'} |" for d in decks), "",
        "## First player", "",
        f"The first player won {first['wins']} of {first['games']} decided games: "
        f"{first['win_rate']:.1%} ({single:.0%} interval {_span(first)}); "
        + ("a significant advantage." if first["advantage"] and first["win_rate"] > 0.5
           else "a significant disadvantage." if first["advantage"]
           else "no significant advantage."), "",
        "## Matchups", "",
        f"Win rate of the row's deck against the column's, with its {single:.0%} Wilson "
        "interval; decks ordered by overall win rate.", "",
        "![matchups](heatmap.png)", "",
        "## Cards", "",
        "Impact: the win rate of a card's deck in games where its player played it minus "
        "in games where they did not (`played`), or the deck's win rate minus that of a "
        "variant without the card against the same opponents (`variant`). Flagged: the "
        f"interval (level {cards[0]['ci_level'] if cards else level:.2%}, "
        "Benjamini-Hochberg adjusted) excludes 0.", "",
        "A played-versus-not impact is an association, not an effect: a card played late "
        "(a champion's higher levels, an expensive card) is played mostly in games its deck "
        "is winning anyway, and one played early or thrown in when losing looks weak. A "
        "variant (the same deck with the card swapped out) measures the card itself.", "",
        f"Flagged: {sum(c['flagged'] for c in cards)} of {len(cards)} comparisons"
        + "".join(f"{'; the largest: ' if i == 0 else ', '}{c['name']} ({c['deck']}, "
                  f"{c['impact']:+.1%})" for i, c in enumerate(largest(cards))) + ".", "",
        "![card impact](cards.png)", "",
        "| card | deck | source | played | not played | impact | interval | flagged |",
        "|---|---|---|---|---|---|---|---|",
        *(f"| {c['name']} | {c['deck']} | {c['source']} | {c['played_games']} "
          f"({c['win_rate_played']:.1%}) "
          f"| {c['not_played_games']} ({c['win_rate_not_played']:.1%}) | {c['impact']:+.1%} "
          f"| {c['ci_low']:+.1%} - {c['ci_high']:+.1%} | {'yes' if c['flagged'] else 'no'} |"
          for c in cards), "",
        "## Pilots", "",
        f"Each pilot against the reference agents on the study's decks ({single:.0%} Wilson "
        "intervals).", "",
    ]
    if report["pilots"]:
        lines += ["![pilots](pilots.png)", "",
                  "| pilot | opponent | games | wins | win rate | interval |",
                  "|---|---|---|---|---|---|",
                  *(f"| {p['pilot']} | {p['opponent']} | {p['games']} | {p['wins']} "
                    f"| {p['win_rate']:.1%} | {_span(p)} |" for p in report["pilots"]), ""]
    lines += ["The statistics are described in docs/balance.md.", ""]
    return "\n".join(lines)


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)
    return fig, fig.subplots()


def _save(fig: Figure, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)


def _heatmap(report: dict[str, Any], path: Path) -> None:
    names = [d["name"] for d in report["decks"]]
    cells = {(m["deck"], m["opponent"]): m for m in report["matchups"]}
    rates = np.full((len(names), len(names)), np.nan)
    size = 1.1 * len(names) + 2.5
    fig, ax = _figure(size, size * 0.8)
    for i, deck in enumerate(names):
        for j, opponent in enumerate(names):
            cell = cells.get((deck, opponent))
            if cell is None or not cell["games"]:
                continue
            rates[i, j] = cell["win_rate"]
            ax.text(j, i, f"{cell['win_rate']:.0%}\n{cell['ci_low']:.0%}-{cell['ci_high']:.0%}",
                    ha="center", va="center", fontsize=8)
    image = ax.imshow(rates, cmap="coolwarm", vmin=0, vmax=1)
    fig.colorbar(image, ax=ax, label="win rate of the row's deck")
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("opponent")
    ax.set_title(f"Matchups ({1 - report['alpha']:.0%} Wilson intervals), strongest first")
    _save(fig, path)


def _bars(ax: Axes, labels: Sequence[str], entries: Sequence[dict[str, Any]],
          value: str, marked: Sequence[bool], null: float) -> None:
    """A forest of points with their intervals, top to bottom; ``marked`` in red."""
    y = np.arange(len(entries))[::-1]
    values = np.array([e[value] for e in entries])
    errors = np.array([[e[value] - e["ci_low"] for e in entries],
                       [e["ci_high"] - e[value] for e in entries]])
    colours = [FLAGGED if m else PLAIN for m in marked]
    for k in range(len(entries)):
        ax.errorbar(values[k], y[k], xerr=errors[:, k:k + 1], fmt="o", color=colours[k],
                    capsize=3)
    ax.axvline(null, color="grey", linestyle="--", linewidth=0.8)
    ax.set_yticks(y, labels)


def _strength(report: dict[str, Any], path: Path) -> None:
    decks, first = report["decks"], report["first_player"]
    entries = [*decks, first]
    labels = [*(d["name"] for d in decks), "first player"]
    fig, ax = _figure(7, 0.45 * len(entries) + 1.5)
    _bars(ax, labels, entries, "win_rate",
          [*(d["significant"] for d in decks), first["advantage"]], 0.5)
    ax.set_xlim(0, 1)
    level = decks[0]["ci_level"] if decks else 1 - report["alpha"]
    ax.set_xlabel(f"win rate; red: significant\n(decks: {level:.1%} adjusted intervals; "
                  f"first player: {1 - report['alpha']:.0%} interval)")
    _save(fig, path)


def _forest(cards: Sequence[dict[str, Any]], path: Path) -> None:
    labels = [f"{c['name']} ({c['deck']}" + (")" if c["source"] == "played"
                                             else f"; {c['source']})") for c in cards]
    fig, ax = _figure(8, 0.18 * len(cards) + 1.5)
    _bars(ax, labels, cards, "impact", [c["flagged"] for c in cards], 0.0)
    ax.tick_params(axis="y", labelsize=7)
    level = cards[0]["ci_level"] if cards else 1.0
    ax.set_xlabel(f"impact on the win rate ({level:.2%} adjusted intervals); red: flagged")
    _save(fig, path)


def _pilot_plot(report: dict[str, Any], path: Path) -> None:
    pilots = report["pilots"]
    labels = [f"{p['pilot']} vs {p['opponent']}" for p in pilots]
    fig, ax = _figure(7, 0.45 * len(pilots) + 1.5)
    _bars(ax, labels, pilots, "win_rate",
          [p["opponent"] == "random" and p["ci_low"] <= 0.5 for p in pilots], 0.5)
    ax.set_xlim(0, 1)
    ax.set_xlabel(f"win rate ({1 - report['alpha']:.0%} Wilson intervals); red: does not "
                  "beat random significantly")
    _save(fig, path)
