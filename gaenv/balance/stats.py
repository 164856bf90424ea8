"""A study's statistics (``report.json``), from its games.

Win rates count decided games only (a draw or a truncation is neither side's). Intervals
and tests come from statsmodels:

- a single proportion (a matchup, the first player, a pilot): the Wilson score interval
  at level ``1 - alpha``; the first player's advantage is significant when it excludes
  50%;
- a deck's overall win rate (mirror matches left out) against 50%: the score test, whose
  inversion is the Wilson interval;
- a card's impact in a deck, the difference of two win rates (the deck's games in which
  it was played minus those in which it was not; or the deck minus a variant without it,
  against the same opponents): the Agresti-Caffo test and interval, which agree exactly (the
  interval clipped to [-1, 1]);
- the decks and the cards are each one family of tests, corrected with Benjamini-Hochberg
  at ``alpha``; the family's intervals are false-coverage-rate adjusted (Benjamini and
  Yekutieli 2005): level ``1 - R * alpha / m`` for R rejections among m (R taken as 1
  when none), so an entry is significant (flagged) exactly when its interval excludes
  no effect, which is when the correction rejects it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import (
    confint_proportions_2indep,
    proportions_ztest,
    test_proportions_2indep,
)

from gaenv.agents.evaluate import wilson
from gaenv.balance.config import Study
from gaenv.balance.games import PILOT, REFERENCE, STUDY, Row
from gaenv.cards.decks import vanilla_line
from gaenv.cards.schema import pool_of
from gaenv.engine.game import DeckList

CORRECTION = "benjamini-hochberg"


@dataclass
class Tally:
    """Wins out of decided games."""

    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.5


def analyze(study: Study, rows: Sequence[Row]) -> dict[str, Any]:
    """report.json's content: ``decks`` (strongest first), ``matchups``, ``first_player``,
    ``cards`` (largest impact first), ``pilots``, ``warnings`` and what was played."""
    alpha = study.config.alpha
    games = [r for r in rows if r.kind == STUDY]
    decided = [r for r in games if r.winner is not None]
    decks = _decks(study, decided, alpha)
    order = [d["name"] for d in decks]
    pilots = _pilots(study, [r for r in rows if r.kind == PILOT], alpha)
    return {
        "study": {"config": str(study.source), "games_per_pair": study.config.games,
                  "seed": study.config.seed, "turn_limit": study.config.turn_limit,
                  "decks": [{"name": d.label, "file": d.path, "pilot": d.pilot,
                             "variant_of": d.variant_of, "swap": dict(d.swap)}
                            for d in study.decks]},
        "games": len(games),
        "draws": sum(r.winner is None and not r.truncated for r in games),
        "truncated": sum(r.truncated for r in games),
        "alpha": alpha,
        "correction": CORRECTION,
        "decks": decks,
        "matchups": _matchups(order, decided, alpha),
        "first_player": _first_player(decided, alpha),
        "cards": _cards(study, decided, alpha),
        "pilots": pilots,
        "warnings": _warnings(study, decks, pilots),
    }


def _interval(tally: Tally, alpha: float) -> dict[str, Any]:
    low, high = wilson(tally.wins, tally.games, alpha)
    return {"games": tally.games, "wins": tally.wins, "win_rate": tally.rate,
            "ci_low": low, "ci_high": high}


def _family_alpha(pvalues: Sequence[float], alpha: float) -> float:
    """The alpha of each interval of a family of tests (see the module doc)."""
    if not pvalues:
        return alpha
    rejected = int(multipletests(pvalues, alpha, method="fdr_bh")[0].sum())
    return alpha * max(rejected, 1) / len(pvalues)


def _decks(study: Study, decided: Sequence[Row], alpha: float) -> list[dict[str, Any]]:
    tallies = {d.label: Tally() for d in study.decks}
    for row in decided:
        if row.decks[0] != row.decks[1]:
            for seat in (0, 1):
                tallies[row.decks[seat]].add(row.winner == seat)
    pvalues = [float(proportions_ztest(t.wins, t.games, value=0.5, prop_var=0.5)[1])
               if t.games else 1.0 for t in tallies.values()]
    level = _family_alpha(pvalues, alpha)
    decks = []
    for deck in study.decks:
        entry = {"name": deck.label, "pilot": deck.pilot,
                 **_interval(tallies[deck.label], level), "ci_level": 1 - level}
        entry["significant"] = entry["ci_low"] > 0.5 or entry["ci_high"] < 0.5
        decks.append(entry)
    return sorted(decks, key=lambda d: -d["win_rate"])


def _matchups(order: Sequence[str], decided: Sequence[Row], alpha: float
              ) -> list[dict[str, Any]]:
    tallies = {(a, b): Tally() for a in order for b in order if a != b}
    for row in decided:
        if row.decks[0] != row.decks[1]:
            for seat in (0, 1):
                tallies[(row.decks[seat], row.decks[1 - seat])].add(row.winner == seat)
    return [{"deck": a, "opponent": b, **_interval(t, alpha)}
            for (a, b), t in tallies.items()]


def _first_player(decided: Sequence[Row], alpha: float) -> dict[str, Any]:
    tally = Tally()
    for row in decided:
        tally.add(row.winner == row.first_player)
    entry = _interval(tally, alpha)
    entry["advantage"] = entry["ci_low"] > 0.5 or entry["ci_high"] < 0.5
    return entry


def _cards(study: Study, decided: Sequence[Row], alpha: float) -> list[dict[str, Any]]:
    """Each card's impact in each deck that holds it: played versus not (where the deck
    played it both ways); and each variant's swapped-out cards versus their replacements.
    A card is compared within one deck at a time, so a strong deck does not make its cards
    look strong in a weaker deck that shares them."""
    tallies: dict[tuple[str, str], tuple[Tally, Tally]] = {}  # (deck, card): played, not
    for row in decided:
        for seat in (0, 1):
            deck = row.decks[seat]
            for name in study.deck(deck).cards:
                pair = tallies.setdefault((deck, name), (Tally(), Tally()))
                pair[name not in row.played[seat]].add(row.winner == seat)
    compared = [(name, deck, "played", a, b) for (deck, name), (a, b) in sorted(tallies.items())
                if a.games and b.games]
    for variant in study.decks:
        if variant.variant_of is not None:
            base = variant.variant_of
            against = _against_others(decided, base, {base, variant.label})
            without = _against_others(decided, variant.label, {base, variant.label})
            if against.games and without.games:
                compared.append((", ".join(old for old, _ in variant.swap), base,
                                 f"variant {variant.label}", against, without))
    with np.errstate(divide="ignore", invalid="ignore"):  # ratios it computes besides
        pvalues = [float(test_proportions_2indep(a.wins, a.games, b.wins, b.games,
                                                 method="agresti-caffo").pvalue)
                   for *_, a, b in compared]
    level = _family_alpha(pvalues, alpha)
    cards = []
    for name, deck, source, a, b in compared:
        low, high = np.clip(confint_proportions_2indep(
            a.wins, a.games, b.wins, b.games, method="agresti-caffo", alpha=level), -1, 1)
        cards.append({"name": name, "deck": deck, "source": source, "played_games": a.games,
                      "not_played_games": b.games, "win_rate_played": a.rate,
                      "win_rate_not_played": b.rate, "impact": a.rate - b.rate,
                      "ci_low": float(low), "ci_high": float(high), "ci_level": 1 - level,
                      "flagged": bool(low > 0 or high < 0)})
    return sorted(cards, key=lambda c: -c["impact"])


def _against_others(decided: Sequence[Row], deck: str, leave_out: set[str]) -> Tally:
    """``deck``'s games against the decks not in ``leave_out``."""
    tally = Tally()
    for row in decided:
        for seat in (0, 1):
            if row.decks[seat] == deck and row.decks[1 - seat] not in leave_out:
                tally.add(row.winner == seat)
    return tally


def _pilots(study: Study, rows: Sequence[Row], alpha: float) -> list[dict[str, Any]]:
    pilots = []
    for pilot in study.pilot_specs():
        for opponent in REFERENCE:
            tally = Tally()
            for row in rows:
                if row.winner is not None and set(row.pilots) == {pilot, opponent}:
                    tally.add(row.pilots[row.winner] == pilot)
            if tally.games:
                pilots.append({"pilot": pilot, "opponent": opponent, **_interval(tally, alpha)})
    return pilots


def _warnings(study: Study, decks: Sequence[dict[str, Any]],
              pilots: Sequence[dict[str, Any]]) -> list[str]:
    warnings = []
    if study.config.game == "ga":  # (the duel's cards are all implemented)
        pool = pool_of(study.pool)  # (variants' deck files may not be written yet)
        flag = vanilla_line([DeckList(d.label, tuple(map(pool.get, sorted(d.cards))), ())
                             for d in study.decks])
        warnings += [flag] if flag else []
    if not any(d["significant"] for d in decks):
        warnings.append("No deck's win rate differs significantly from 50%: the decks may be "
                        "balanced, or the pilots too weak (or the study too small) to tell "
                        "them apart; see the pilots' strength.")
    if not study.config.pilot_games:
        warnings.append("The pilots' strength was not measured (pilot_games: 0).")
    for entry in pilots:
        if entry["opponent"] == "random" and entry["ci_low"] <= 0.5:
            warnings.append(f"Pilot {entry['pilot']} does not beat random significantly "
                            f"({entry['win_rate']:.1%}, interval {entry['ci_low']:.1%} - "
                            f"{entry['ci_high']:.1%}): its games say little about the decks.")
    return warnings
