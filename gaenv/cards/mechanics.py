"""Translator templates for the deeper Grand Archive mechanics (docs/cards.md, "The
translator"): champion level modifiers, Foster, Shifting Currents, Preparation
counters, Omens, Brew, Imbue, Link, Negation, materializing by an effect, Suppress and
Fast Activation under restrictions.
`gaenv.cards.translate` consults these step templates before its own (they are the more
particular) and the rest where its own find nothing; like those, they parse the words (a
target phrase, a number, a condition), never a card's name.

- Champion level ("Game Mechanics - Counters, Level"; "Layers" E; "Level Restrictions"):
  "your champion gets +N level until end of turn" is a ``level_boost`` step; "your
  champion gets +N level", "champions you don't control get -N level" (optionally
  "as long as CONDITION"; "for each FILTER card in your ZONE": ``for_each``), and a
  champion's "~ gets +N level ...", a ``modify_level`` static.
- Foster ("Keywords - Foster", "On Foster", "Fostered"): the keyword line is the
  triggered ability the rules say it means (at the beginning of your recollection
  phase, if this ally was not dealt damage since the end of your previous turn, it
  becomes fostered); "On Foster:" and "Whenever X becomes fostered," are triggers on the
  ``fostered`` event; "X becomes fostered" is a ``foster`` step; "~ is fostered" (or
  "it's fostered") a condition, "fostered" a filter word.
- Shifting Currents ("Game Mechanics - Mastery"): "you gain the Shifting Currents
  mastery" is ``gain_currents``; "change the direction of your Shifting Currents to an
  adjacent/a different direction of your choice" ``change_currents``; "your Shifting
  Currents face West" the condition ``currents: west``; "Whenever your Shifting Currents
  change from facing North to West," a trigger on ``currents_change``.
- Prepare ("Keywords - Prepare N"): "Prepare N" on an action or attack is the card field
  ``prepare``, "~ was prepared" a condition on the card.
- Preparation counters ("Preparation Counters"): removing N counters from this or your
  champion, as a step ("you may remove a preparation counter from your champion. If you
  do, ...": offered only when there are N), and "~ / your champion has N or more NAME
  counters on it" as a condition. (A cost "Remove N NAME counters from your champion:"
  is `gaenv.cards.translate.cost_of`'s.)
- Omens (a card in your banishment with an omen counter): "banish ~ and put an omen
  counter on it" is the ``omen`` step ("banish a card from your hand and put an omen
  counter on it": with ``source: hand``); "return one of your omens to your hand" a
  ``move_cards`` of cards with an omen counter (done only when there is one); "you have
  N or more [FILTER] omens" counts them (the ``cards`` amount with ``counters: omen``);
  "Whenever an omen counter is put on a card in your banishment," a ``counters_placed``
  trigger.
- Brew ("Keywords - Brew"): "Brew — One Razorvine, Two Herbs" is the card field
  ``brew``, one filter per ingredient object: a Gather ingredient's name ("Game Terms -
  Gather 2" names the six) is a ``name``, any other word a ``subtype``; "~ was brewed"
  is a condition on the object.
- Imbue ("Keywords - Imbue N"): "Imbue N" is the card field ``imbue``, "~ is imbued" a
  condition on the card (an object, or an action or attack as it resolves and an attack's
  triggers from the intent).
- Materialize ("Playing Cards - Card Materialization"): "materialize a FILTER card [with
  memory cost N] from your material deck" is the ``materialize`` step.
- Link ("Keywords - Link"): "Ally Link", "Unit Link", "Polearm Weapon Link" is the card
  field ``link`` (a filter); "linked ally" (unit, champion, weapon, object) is the object
  it is linked to: a static's ``applies_to: {linked: true}``, an effect's ``{each:
  {linked: true}}``.
- Influence and Balance ("Influence"; "Label Keywords", Balance): "your influence" is
  the ``influence`` amount (cards in hand and memory); "your influence is N or less",
  "target opponent's influence is greater than yours" compare it (with a number, or with
  the other player's); Balance's "the amount of cards in your hand and memory are equal"
  compares the cards in hand with those in memory.
- Reveal ("Reveal"): "reveal all [FILTER] cards in your memory" is the ``reveal`` step;
  after revealing all of your memory, the next sentence's "cards revealed this way" are
  those in your memory (`join_sentences`); "Whenever you reveal this card from your
  memory," a trigger on ``revealed`` about the card itself.
- Up to N cards: "put any amount of cards from your hand into your memory", "banish up
  to three fire element cards from your graveyard" is a ``move_cards`` step with
  ``up_to``; "then draw that many cards" and "For each card banished this way, ..." after
  it read the ``moved`` amount (the next sentence joined by `join_sentences`); "put all
  cards from your memory ..." moves every one. "Each opponent puts two cards from their
  hand into their memory" is a ``move_cards`` of the opponent's; "search your deck for a
  card and put it into your memory. Then shuffle your deck." a ``search`` into memory.
- This turn: "you've activated a Melody card this turn" (Harmonize, "Label Keywords") and
  "your champion has attacked this turn" are the condition ``this_turn`` (``activated``,
  ``attacked``), for ``if`` and trigger conditions.
- Smaller ones: "banish two [FILTER] cards [at random] from your material deck" (done only
  when there are that many), "Wake up your champion. If you do, ..." (done only when it is rested),
  "~ is the only ally you control" (a condition), "return ~ to your hand",
  "put ~ into its owner's memory",
  "For every five damage counters on your champion, STEP" and the static "For every
  five ..., ~ gets +1 POWER" (whole groups: ``per``).
- Gather ("Game Terms - Gather"): "gather", "gather twice", "gather three times" is a
  ``gather`` step.
- Suppress ("Suppress"): "suppress target item or regalia" is a ``suppress`` step.
- Fast Activation under restrictions ("Keywords - Fast Activation", "Keywords - Class
  Bonus 3"): "[Class Bonus] Fast Activation" is an ``own_keyword`` static.
- Materializing ("Playing Cards - Card Materialization 9"): "Whenever you materialize a
  card," (an Upkeep's moment) is a trigger on ``materialized``; "you control four or fewer
  other domains" a condition counting with ``at_most``.
- Divine Relic ("Divine Relic 1"): the keyword line is the card field ``divine_relic`` (a
  deck rule); "~ gets +1 POWER and your champion gets +1 level" two statics.
- Removing counters ("Game Mechanics - Counters"): "remove N NAME counters from TARGET" (also
  "the hit champion", the opponent's in a duel); "[you may] remove up to N NAME counters
  from your champion. For each counter removed this way, STEP", one counter a question.
- Preserve ("Preserve/Preserved 1, 2"): the keyword line is the card field ``preserve``
  on an action, and on an ally the triggered ability it means (``on_death`` with the
  ``preserve`` step).
- This attack ("Combat Phase - Attacking 5c, 6b"): "this attack gets +N POWER" is the
  ``boost_attack`` step, the attack's damage and not the attacker's power.
- Banished until their next end phase ("Abilities - Triggered Abilities", delayed
  triggers): "banish N cards at random from target opponent's memory" is a random
  ``move_cards`` of theirs; a next sentence returning them to their memory as their next
  end phase begins (joined by `join_sentences`) makes it ``returns``.
- Looking at a memory ("Game Terms - Discard"): "look at that opponent's memory and discard
  [up to] N cards from it" is a ``move_cards`` of their memory to their graveyard that you
  choose (``you_choose``); their drawing as many into their memory after it, and one
  "additional card" discarded from among them, read the same look.
- "Each player banishes all FILTER cards from their graveyard": a ``move_cards`` of every
  such card of each player's, yours first.
- Any amount of objects ("Game Mechanics - Objects and Targeting"): "choose any amount of
  FILTER and STEP each of them" is the step on a ``choose_any`` selector.
- Negation: "Negate target [FILTER] card activation [unless its controller pays (N)]."
  is the ``negate`` step, its target ``{activation: true, ...}``; a next sentence
  banishing "the card that had its activation negated this way" or putting it into its
  owner's memory says where it goes.
"""

from __future__ import annotations

import re
from typing import Any

from gaenv.cards.translate import (
    NUM,
    STATS,
    TARGET,
    NotUnderstood,
    Template,
    Translation,
    _applies,
    _guarded,
    _retarget,
    _selector_of,
    _stats,
    amount,
    counted,
    effect_of,
    keyword_of,
    object_filter,
    quantity,
    steps_of,
    target,
    times,
)
from gaenv.cards.translate import condition_of as any_condition
from gaenv.cards.translate import static_of as any_static
from gaenv.engine.effects import GATHERED

LEVEL = r"([+\-−])(\d+) levels?"
# An amount of counters that is not a plain number: X (filled by "where X is"), LV.
X_AMOUNT = r"X|\d+\+X|LV|\d+\+LV"


def _signed(sign: str, number: str) -> int:
    return -int(number) if sign in "-−" else int(number)


def _level_boost(m: re.Match[str]) -> list[dict[str, Any]]:
    selector = target(m.group(1))
    if selector == "self":  # only a champion has a level: "~" may be anything
        raise NotUnderstood(m.group(0))
    return [{"level_boost": {"target": selector, "amount": _signed(m.group(2), m.group(3))}}]


DIRECTION = r"(north|east|south|west)"
# "this" (also "him"/"her": a champion's own text) or "your champion": whose counters a
# step or condition counts.
HOLDER = r"(~|him|her|your champion)"


def _holder(phrase: str) -> str:
    return "your_champion" if phrase == "your champion" else "self"


def _remove(m: re.Match[str]) -> list[dict[str, Any]]:
    """Remove N counters: done only when N are there, so that "if you do" after it
    holds exactly when they were removed."""
    n, kind, holder = amount(m.group(1)), m.group(2).lower(), _holder(m.group(3).lower())
    return [{"if": {"when": {"amount": {"counters": {"kind": kind, "of": holder}},
                             "at_least": n},
                    "then": [{"remove_counters": {"target": holder, "kind": kind,
                                                  "amount": n}}]}}]


def _remove_up_to(m: re.Match[str]) -> list[dict[str, Any]]:
    """"[You may] remove up to three preparation counters from your champion. For each
    counter removed this way, STEP" (joined by `join_sentences`): one counter at a time,
    each offered only while there is one and each followed by the step, so the player
    stops when they like."""
    n, kind, holder = amount(m.group(1)), m.group(2).lower(), _holder(m.group(3).lower())
    each = steps_of(m.group(4), [])
    chain: list[dict[str, Any]] = []
    for _ in range(n):
        chain = [{"if": {"when": {"amount": {"counters": {"kind": kind, "of": holder}},
                                  "at_least": 1},
                         "then": [{"may": [{"remove_counters": {"target": holder, "kind": kind,
                                                                "amount": 1}},
                                           *each, *chain]}]}}]
    return chain


def _done_to_target(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Rest target X; if you do, STEP" (joined by `join_sentences`): done, and the step
    after it, only when the target is awake; "remove a NAME counter from target X; if you
    do, STEP" only when it has such a counter."""
    kind = (m.group(2) or "").lower()
    selector = target(m.group(3))
    if not (isinstance(selector, dict) and "target" in selector):
        raise NotUnderstood(m.group(0))
    step = ({"remove_counters": {"target": selector, "kind": kind, "amount": 1}} if kind
            else {"rest": selector})
    return [{"if": {"when": {"target": {"counters": kind} if kind else {"rested": False}},
                    "then": [step, *steps_of(m.group(4), [])]}}]


NEGATED = "the card that had its activation negated this way"
# "Banish N cards at random from target opponent's memory" (the one opponent in a duel).
BANISH_MEMORY = (rf"banish ({NUM}|LV) cards? at random from (?:target|each) opponent's "
                 r"memory")
# "Look at that opponent's memory and discard a card from it": you choose, seeing them.
LOOK_MEMORY = r"look at (?:target|that|the hit) opponent's memory"
# After it, the opponent drawing as many as were discarded.
THEY_DRAW = r"(?:they|that player|that opponent) draws? that many cards into their memory"
# and their delayed return ("Abilities - Triggered Abilities", delayed triggers)
RETURN_MEMORY = (r"return (?:that card|those cards|them|it) to their memory at the beginning of "
                 r"their next end phase")
# "Put any amount of cards from your hand into your memory", "banish up to three fire
# element cards from your graveyard": moves of as many as the player likes ("put all cards
# from your memory ...": of every one).
MOVE_UP_TO = (rf"(put|banish|return) (any amount of|up to {NUM}|all) ((?:[\w-]+ )*?cards?"
              r"(?: with [a-z ]+)?) from "
              r"your (hand|memory|graveyard)(?: (?:into|to|on) (?:your|the) (hand|memory|bottom "
              r"of your deck))?(?: in any order)?")


def _move_up_to(m: re.Match[str]) -> list[dict[str, Any]]:
    """A move of up to N (or any amount of) cards, the player stopping when they like (or of
    all of them), and
    what the cards it moved count for: "then draw that many cards [into your memory]",
    "for each card banished this way, ..." (joined to it by `join_sentences`)."""
    verb, how, what, zone, to = m.group(1, 2, 4, 5, 6)
    if (verb.lower() == "banish") == bool(to):
        raise NotUnderstood(m.group(0))
    to = (to or "banishment").lower()
    to = {"bottom of your deck": "deck_bottom"}.get(to, to)
    flt = object_filter(what)
    if to == zone.lower() or "another" in flt:
        raise NotUnderstood(m.group(0))
    every = {"cards": {"zone": zone.lower(), **flt}}
    n = amount(m.group(3)) if m.group(3) else every
    steps: list[dict[str, Any]] = [{"move_cards": {"filter": flt, "zone": zone.lower(),
                                                   "to": to, "amount": n}}]
    if how.lower() != "all":
        steps[0]["move_cards"]["up_to"] = True
    if m.group(7):
        steps.append({"draw": {"amount": {"moved": True},
                               **({"into": "memory"} if m.group(8) else {})}})
    if m.group(9):  # each of its steps once per card moved
        steps += [s for step in effect_of(m.group(9), []) for s in times([step], {"moved": True})]
    return steps


def join_sentences(body: str) -> str:
    """The sentences of a text, those that read one effect together joined: a negation
    and where "the card that had its activation negated this way" goes; after revealing
    every card of your memory (which moves none), the next sentence's "FILTER cards
    revealed this way" (or "For each FILTER card revealed, ...", even after "you may":
    then both are declined together) are those cards in your memory; "If you do, ..."
    after returning an omen or waking your champion (done only when it can be)."""
    body = re.sub(r"(search your deck for [^.]+)\. (then shuffle your deck)", r"\1; \2", body,
                  flags=re.IGNORECASE)
    # "Rest target Herb. If you do, ...", "Remove a buff counter from target unit. If buff
    # counter was removed this way, ...": done exactly when the target allowed it
    body = re.sub(r"\b(rest target [^.]+|remove (?:a|an|one) (\w+) counter from target [^.]+)\. "
                  r"if (?:you do|(?:an? )?\2 counters? (?:was|were) removed this way), ",
                  r"\1; if you do, ", body, flags=re.IGNORECASE)
    # "Class Bonus: If ~ was prepared, X instead.": both conditions, one "If"
    body = re.sub(r"\b(class|element) bonus: if ([^,.]+), ", r"If \2 with the \1 bonus, ", body,
                  flags=re.IGNORECASE)
    # "an Assassin action or an Assassin attack card": one qualifier, two types
    body = re.sub(r"\b(an?) ((?:[A-Z][\w-]* )+)(\w+) or an? \2(\w+) card", r"\1 \2\3 or \4 card",
                  body)
    body = re.sub(r"(return \w+ of your [^.]*omens to your hand|wake up your champion)\. "
                  r"(if you do, )", r"\1; \2", body, flags=re.IGNORECASE)
    body = re.sub(rf"({MOVE_UP_TO})\. (?:then )?(?:for each card \w+ this way|(?P<draw>draw that "
                  r"many))", lambda m: f"{m.group(1)}; " + (
                      "then draw that many" if m.group("draw") else
                      "for every card moved this way"), body, flags=re.IGNORECASE)
    body = re.sub(rf"(?:you may )?(remove up to {NUM} \w+ counters from {HOLDER})\. for each "
                  r"counter removed this way, ", r"\1; for every counter removed this way, ", body,
                  flags=re.IGNORECASE)  # (each counter is offered: "you may" says it again)
    body = re.sub(r"(reveal all cards in your memory)\. for each ((?:[\w-]+ )*?card) revealed"
                  r"(?: this way)?, ", r"\1; for every \2 revealed, ", body, flags=re.IGNORECASE)
    body = re.sub(r"((?:^|(?<=[.:] ))reveal all cards in your memory\. [^.]*?cards?) revealed "
                  r"this way", r"\1 in your memory", body, flags=re.IGNORECASE)
    # a look, then "you may discard up to N cards from it", then "if you do," their drawing
    # that many into their memory: one look, and the draw counts them
    body = re.sub(rf"({LOOK_MEMORY})\. you may (discard up to {NUM} cards? from it)\. if you "
                  rf"do, ({THEY_DRAW})", r"\1 and \2; then \4", body, flags=re.IGNORECASE)
    # a look and a discard, then "If CONDITION," one "additional card" discarded from among
    # them: from the memory looked at
    if re.search(LOOK_MEMORY, body, flags=re.IGNORECASE):
        body = re.sub(r"\bdiscard an additional card from among them", "look at that "
                      "opponent's memory and discard a card from it", body, flags=re.IGNORECASE)
    body = re.sub(rf"(?P<banish>{BANISH_MEMORY})\. (?P<back>{RETURN_MEMORY})",
                  r"\g<banish>; \g<back>", body, flags=re.IGNORECASE)
    return re.sub(rf"(negate target [^.]*card activation[^.]*)\. ((?:banish|put) {NEGATED}"
                  r"[^.]*)", r"\1; \2", body, flags=re.IGNORECASE)


def _negate(m: re.Match[str]) -> list[dict[str, Any]]:
    step: dict[str, Any] = {"target": {"target": {"activation": True,
                                                  **object_filter(f"{m.group(1)}card")}}}
    if m.group(2):
        step["unless_pays"] = int(m.group(2))
    if m.group(3):
        step["to"] = "banishment" if m.group(3).lower() == "banish" else "memory"
    return [{"negate": step}]


def _banish_memory(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Banish N cards at random from target opponent's memory", then [their return to
    that memory as their next end phase begins]: a random ``move_cards`` of the
    opponent's, and with the second clause (joined by `join_sentences`) each card banished
    waits for its delayed return (``returns``: "Abilities - Triggered Abilities", delayed
    triggers 4 and 5)."""
    n = m.group(1)
    step: dict[str, Any] = {"filter": {}, "zone": "memory", "to": "banishment",
                            "amount": quantity(n) if n == "LV" else amount(n),
                            "random": True, "player": "opponent"}
    if m.group("back"):
        step["returns"] = True
    return [{"move_cards": step}]


def _look_discard(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Look at that opponent's memory and discard [up to] N cards from it", and then their
    drawing as many into their memory: a ``move_cards`` of their memory to their
    graveyard ("Game Terms - Discard": from hand or memory) that you choose, seeing their
    cards as the options; the draw (joined by `join_sentences`) counts those moved."""
    step: dict[str, Any] = {"filter": {}, "zone": "memory", "to": "graveyard",
                            "amount": amount(m.group(2)), "player": "opponent",
                            "you_choose": True}
    if m.group(1):
        step["up_to"] = True
    steps: list[dict[str, Any]] = [{"move_cards": step}]
    if m.group(4):
        steps.append({"draw": {"amount": {"moved": True}, "player": "opponent",
                               "into": "memory"}})
    return steps


def _each_banishes_all(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Each player banishes all FILTER cards from their ZONE": every
    matching card of each player's, yours first, then the opponent's (who chooses the
    order of theirs)."""
    flt = object_filter(m.group(1))
    zone = m.group(2).lower()
    return [{"move_cards": {"filter": flt, "zone": zone, "to": "banishment",
                            "amount": {"cards": {"zone": zone, **flt, "player": player}},
                            **({"player": player} if player != "you" else {})}}
            for player in ("you", "opponent")]


def _choose_any(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Choose any amount of FILTER and put a NAME counter on each of them": the step on
    each object of the kind, read as one on the objects its controller chooses as it
    resolves (``choose_any``: each a different one; not targets)."""
    what = m.group(1)
    steps = steps_of(re.sub(r"\beach of them\b", f"each {what}", m.group(2)), [])
    selector = _selector_of(steps[0]) if len(steps) == 1 else None
    if not (isinstance(selector, dict) and set(selector) == {"each"}) or "each of them" not in \
            m.group(2):
        raise NotUnderstood(m.group(0))
    return [_retarget(steps[0], {"choose_any": selector["each"]})]


def _materialize(m: re.Match[str]) -> list[dict[str, Any]]:
    flt = object_filter(f"{m.group(1)}card")
    if m.group(2):
        flt["memory_cost"] = int(m.group(2))
    return [{"materialize": flt}]


def _reveal(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Reveal all [FILTER] cards in your memory", "each opponent reveals all cards in
    their memory": the ``reveal`` step ("Reveal")."""
    who = (m.group(1) or "").strip().lower()
    whose = m.group(0).lower().split(" in ")[-1]
    if (who == "") != (whose == "your memory"):
        raise NotUnderstood(m.group(0))
    flt = object_filter(f"{m.group(2)}cards")
    player = {"each opponent": "opponent", "each player": "each_player"}.get(who)
    return [{"reveal": {**({"filter": flt} if flt else {}),
                        **({"player": player} if player else {})}}]


def _their_move(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Each opponent puts two cards from their hand into their memory": a ``move_cards``
    of the opponent's cards, the opponent choosing."""
    n, zone, to = amount(m.group(1)), m.group(3).lower(), m.group(4).lower()
    to = {"bottom of their deck": "deck_bottom"}.get(to, to)
    if to == zone:
        raise NotUnderstood(m.group(0))
    return [{"move_cards": {"filter": object_filter(m.group(2)), "zone": zone, "to": to,
                            "amount": n, "player": "opponent"}}]


def _search(m: re.Match[str]) -> list[dict[str, Any]]:
    flt = object_filter(m.group(1))
    return [{"search": {"filter": flt, **({"to": "memory"} if m.group(2).lower() == "memory"
                                          else {})}}]


def _return_omens(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Return one of your omens to your hand": done only when there is one, and "If you
    do, ..." after it (joined by `join_sentences`) exactly then."""
    n, flt = amount(m.group(1)), object_filter(f"{m.group(2)}cards")
    done = steps_of(m.group(3), []) if m.group(3) else []
    return [{"if": {"when": {"amount": {"cards": {"zone": "banishment", "counters": "omen",
                                                  **flt}}, "at_least": n},
                    "then": [{"move_cards": {"filter": flt, "zone": "banishment", "to": "hand",
                                             "amount": n, "counter": "omen"}}, *done]}}]


def _banish_material(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Banish two cards [at random] from your material deck": done only when there are
    that many, so that "If you do," after it holds exactly when it was done."""
    n, flt = amount(m.group(1)), object_filter(m.group(2))
    return _guarded("material", flt, n, {"move_cards": {
        "filter": flt, "zone": "material", "to": "banishment", "amount": n,
        **({"random": True} if m.group(3) else {})}})


def _for_every(m: re.Match[str]) -> list[dict[str, Any]]:
    """"For every five damage counters on your champion, put a buff counter on ~": the
    step's one number per whole group of that many."""
    return times(steps_of(m.group(3), []), {**counted(m.group(2)), "per": amount(m.group(1))})


STEP_TEMPLATES: tuple[Template, ...] = (
    Template("this attack", r"this attack gets ([+\-−])(\d+) POWER",
             lambda m: [{"boost_attack": _signed(m.group(1), m.group(2))}]),
    Template("for every", rf"for every {NUM} ([^,]+), (.+)", _for_every),
    Template("wake", r"wake up your champion; if you do, (.+)",
             lambda m: [{"if": {"when": {"champion": {"rested": True}}, "then": [
                 {"wake": "your_champion"}, *steps_of(m.group(1), [])]}}]),
    Template("banish from material", rf"banish {NUM} ((?:[\w-]+ )*?cards?)( at random)? from your "
                                     r"material deck", _banish_material),
    Template("return to hand", r"return (?:~|this card) to your hand",
             lambda m: [{"move": {"target": "self", "to": "hand"}}]),
    Template("return to deck", rf"put {TARGET} on the bottom of (?:its|their) owners?'s? decks?",
             lambda m: [{"move": {"target": target(m.group(1)), "to": "deck_bottom"}}]),
    Template("return to memory", r"put (?:~|this card) into its owner's memory",
             lambda m: [{"move": {"target": "self", "to": "memory"}}]),
    Template("their move", rf"(?:each opponent|that opponent|that player) puts {NUM} "
                           r"((?:[\w-]+ )*?cards?) from their (hand|memory|graveyard) "
                           r"(?:into|on) (?:their|the) (memory|hand|graveyard|bottom of their "
                           r"deck)", _their_move),
    Template("search", r"search your deck for (?:a|an) ((?:[\w-]+ )*?card) and put it into your "
                       r"(hand|memory); then shuffle your deck", _search),
    Template("move up to", rf"{MOVE_UP_TO}(?:(?:; |,? )then (draw) that many cards( into your "
                           r"memory)?|; for every card moved this way, (.+))?", _move_up_to),
    Template("negation", r"negate target ((?:[\w-]+ )*?)card activation(?: unless its "
                         r"controller pays \((\d+)\))?(?:; (banish|put) " + NEGATED +
                         r"(?: into its owner's memory)?)?", _negate),
    Template("each player banishes all", r"each player banishes all ((?:[\w-]+ )*?cards) from "
                                         r"their (graveyard|memory|hand)", _each_banishes_all),
    Template("choose any amount", r"choose any amount of ((?:[\w-]+ )*?\w+) and (.+)",
             _choose_any),
    Template("look at memory", rf"{LOOK_MEMORY} and discard (up to )?{NUM} cards? from "
                               rf"(?:it|among them)(; then ({THEY_DRAW}))?", _look_discard),
    Template("banish from memory", rf"{BANISH_MEMORY}(?P<back>; {RETURN_MEMORY})?", _banish_memory),
    Template("materialize", r"materialize (?:a|an) ((?:[\w-]+ )*?)card(?: with memory cost "
                            r"(\d+))? from your material deck", _materialize),
    Template("omens", r"banish ~ and put an omen counter on it", lambda m: [{"omen": {}}]),
    Template("omens", r"banish (?:a|one) card from your hand and put an omen counter on it",
             lambda m: [{"omen": {"source": "hand"}}]),
    Template("omens", rf"return {NUM} of your ((?:[\w-]+ )*?)omens to your hand(?:; if you do, "
                      r"(.+))?", _return_omens),
    Template("reveal memory", r"(each opponent |each player )?reveals? all ((?:[\w-]+ )*?)cards "
                              r"in (?:your|their) memory", _reveal),
    Template("reveal memory", r"reveal all cards in your memory; for every ((?:[\w-]+ )*?card) "
                              r"revealed, (.+)",
             lambda m: [{"reveal": {}}, *times(steps_of(m.group(2), []), {"cards": {
                 "zone": "memory", **object_filter(m.group(1))}})]),
    Template("counters that were", rf"put the (\w+) counters that were on ~ on {TARGET}",
             lambda m: [{"counters": {"target": target(m.group(2)), "kind": m.group(1).lower(),
                                      "amount": {"counters": {"kind": m.group(1).lower()}}}}]),
    Template("counters X", rf"put ({X_AMOUNT}) (\w+) counters? on {TARGET}",
             lambda m: [{"counters": {"target": target(m.group(3)), "kind": m.group(2).lower(),
                                      "amount": quantity(m.group(1))}}]),
    Template("draw", r"(?:then )?draws? an additional card",
             lambda m: [{"draw": {"amount": 1}}]),
    Template("gather", rf"gather(?: (twice|{NUM} times))?",
             lambda m: [{"gather": 2 if (m.group(1) or "").lower() == "twice" else
                         amount(m.group(2) or "one")}]),
    Template("suppress", rf"suppress {TARGET}",
             lambda m: [{"suppress": {"target": target(m.group(1))}}]),
    Template("if done to a target", r"(rest|remove (?:a|an|one) (\w+) counter from) (target .+?); "
                                    r"if you do, (.+)", _done_to_target),
    Template("remove up to", rf"remove up to {NUM} (\w+) counters from {HOLDER}; "
                                r"for every counter removed this way, (.+)", _remove_up_to),
    Template("remove counters", rf"remove {NUM} (\w+) counters? from {HOLDER}", _remove),
    Template("remove counters", rf"remove {NUM} (\w+) counters? from {TARGET}",
             lambda m: [{"remove_counters": {"target": target(m.group(3)),
                                             "kind": m.group(2).lower(),
                                             "amount": amount(m.group(1))}}]),
    Template("champion level", rf"{TARGET} gets? {LEVEL} until end of turn", _level_boost),
    Template("champion level", rf"until end of turn, {TARGET} gets? {LEVEL}", _level_boost),
    Template("foster", rf"{TARGET} becomes? fostered",
             lambda m: [{"foster": target(m.group(1))}]),
    Template("shifting currents", r"you gain the shifting currents mastery",
             lambda m: [{"gain_currents": {}}]),
    Template("shifting currents", r"change the direction of your shifting currents to "
                                  r"(?:an|a) (adjacent|different) direction of your choice",
             lambda m: [{"change_currents": m.group(1).lower()}]),
)



def ability_of(line: str, used: list[str]) -> dict[str, Any] | None:
    """A whole ability of a deeper mechanic (Foster, On Foster, "whenever X becomes
    fostered"), or None."""
    line = line.strip()
    if re.fullmatch(r"foster\.?", line, flags=re.IGNORECASE):
        used.append("foster")  # "Keywords - Foster 1", written out as what it means
        return {"on_recollection": [{"foster": "self"}],
                "requires": {"self": {"hurt": False, "fostered": False}}}
    on_foster = re.fullmatch(r"on foster:\s*(.+)", line, flags=re.IGNORECASE)
    if on_foster:
        used.append("on foster")
        return {"trigger": {"event": "fostered", "filter": {"self": True}},
                "effect": effect_of(on_foster.group(1), used)}
    omen = re.fullmatch(r"whenever an omen counter is put on a card in your banishment, (.+)",
                        line, flags=re.IGNORECASE)
    if omen:
        used.append("omens")
        return {"trigger": {"event": "counters_placed", "filter": {
                    "counter": "omen", "controller": "you"}},
                "effect": effect_of(omen.group(1), used)}
    turn = re.fullmatch(rf"whenever your shifting currents change from facing {DIRECTION} to "
                        rf"{DIRECTION}, (.+)", line, flags=re.IGNORECASE)
    if turn:
        used.append("shifting currents")
        return {"trigger": {"event": "currents_change", "filter": {
                    "player": "you",
                    "currents": f"{turn.group(1).lower()}_to_{turn.group(2).lower()}"}},
                "effect": effect_of(turn.group(3), used)}
    reveal = re.fullmatch(r"whenever you reveal (?:~|this card) from your memory, (.+)", line,
                          flags=re.IGNORECASE)
    if reveal:  # "Reveal": heard by the card in memory (an ability about itself)
        used.append("whenever revealed")
        return {"trigger": {"event": "revealed", "filter": {"self": True, "player": "you"}},
                "effect": effect_of(reveal.group(1), used)}
    materialize = re.fullmatch(r"whenever (you|an opponent) materializes? (?:a|an) ([^,]+?), "
                               r"(.+)", line, flags=re.IGNORECASE)
    if materialize:  # "Card Materialization 9": once its costs are paid
        used.append("whenever materialized")
        return {"trigger": {"event": "materialized", "filter": {
                    **object_filter(materialize.group(2)),
                    "player": "you" if materialize.group(1).lower() == "you" else "opponent"}},
                "effect": effect_of(materialize.group(3), used, event=True)}
    theirs = re.fullmatch(r"at the beginning of each opponent's (recollection|end) phase, (.+)",
                          line, flags=re.IGNORECASE)
    if theirs:  # the opponent's phase: "that player" is them
        used.append(f"beginning of opponent's {theirs.group(1).lower()} phase")
        body = re.sub(r"\bthat player has\b", "an opponent has", theirs.group(2),
                      flags=re.IGNORECASE)
        body = re.sub(r"\btheir champion\b", "your opponent's champion", body,
                      flags=re.IGNORECASE)
        return {"trigger": {"event": "phase_begins", "filter": {
                    "phase": theirs.group(1).lower(), "player": "opponent"}},
                "effect": effect_of(body, used)}
    gather = re.fullmatch(r"whenever you gather, (.+)", line, flags=re.IGNORECASE)
    if gather:
        used.append("whenever you gather")
        return {"trigger": {"event": "gathered", "filter": {"player": "you"}},
                "effect": effect_of(gather.group(1), used)}
    whenever = re.fullmatch(r"whenever (?:a|an) (.+?) becomes fostered, (.+)", line,
                            flags=re.IGNORECASE)
    if whenever:
        used.append("whenever fostered")
        return {"trigger": {"event": "fostered", "filter": object_filter(whenever.group(1))},
                "effect": effect_of(whenever.group(2), used)}
    return None


# The ingredients a player gathers (`effects.GATHERED`) are the names Brew may list; its
# other words are subtypes of ingredients (Herb, Adjuvant, Root, ...).


def card_line(out: Translation, abilities: list[dict[str, Any]], line: str,
              requires: dict[str, Any], inherited: bool, card_type: str | None) -> bool:
    """A line that is a card field of a deeper mechanic (Brew, Imbue, Link, Preserve on
    an action), put into ``out``, or Fast Activation behind restrictions (``requires``),
    the two statics of "linked ally gets +1 LIFE and has taunt" or an ally's Preserve,
    abilities put into ``abilities``; False if the line is not one. A restricted Brew,
    Imbue, Link or an action's Preserve ("[X Bonus] Brew — ...") is not understood, nor
    Link on an action or attack."""
    restricted = bool(requires or inherited)
    resolves = card_type in ("action", "attack")
    if re.fullmatch(r"divine relic\.?", line.strip(), flags=re.IGNORECASE):
        if restricted:  # "Divine Relic 1": a deck rule, never behind a restriction
            raise NotUnderstood(line)
        out.fields["divine_relic"] = True
        out.templates.append("divine relic")
        return True
    if re.fullmatch(r"preserve\.?", line.strip(), flags=re.IGNORECASE):
        return _preserve(out, abilities, line, requires, inherited, card_type)
    both = re.fullmatch(rf"({LINKED}) (gets? [^,]+?),? and (has [a-z ]+?(?: \d+)?)\.?",
                        line.strip(), flags=re.IGNORECASE)
    if both and not (resolves or inherited):  # "Linked ally gets +2 POWER and has stealth."
        used: list[str] = []
        for part in (both.group(2), both.group(3)):
            static = static_of(f"{both.group(1)} {part}", used)
            if static is None:
                raise NotUnderstood(line)
            abilities.append({"static": static, **({"requires": dict(requires)}
                                                   if requires else {})})
        out.templates += used
        return True
    parts = _two_statics(line.strip())
    if parts and not (resolves or inherited):  # under the same restrictions
        used = []
        abilities += [{"static": any_static(part, used), **({"requires": dict(requires)}
                                                            if requires else {})}
                      for part in parts]
        out.templates += [*used, "two statics"]
        return True
    if re.fullmatch(r"fast activation\.?", line.strip(), flags=re.IGNORECASE) and requires \
            and not inherited:  # "Keywords - Fast Activation 1", under a Class Bonus
        abilities.append({"static": {"own_keyword": {"keyword": "fast_activation"}},
                          "requires": dict(requires)})
        out.keywords.append("fast_activation")
        out.templates.append("conditional fast activation")
        return True
    prepare = re.fullmatch(r"prepare (\d+)\.?", line.strip(), flags=re.IGNORECASE)
    if prepare:  # "Keywords - Prepare N": an optional cost of an action or attack
        if restricted or not resolves:
            raise NotUnderstood(line)
        out.fields["prepare"] = int(prepare.group(1))
        out.templates.append("prepare")
        return True
    imbue = re.fullmatch(r"imbue (\d+)\.?", line.strip(), flags=re.IGNORECASE)
    if imbue:
        if restricted:
            raise NotUnderstood(line)
        out.fields["imbue"] = int(imbue.group(1))
        out.templates.append("imbue")
        return True
    link = re.fullmatch(r"((?:[A-Z][a-z]+ )+)Link", line.strip())
    if link:
        if restricted or resolves:
            raise NotUnderstood(line)
        out.fields["link"] = object_filter(link.group(1).strip())
        out.templates.append("link")
        return True
    brew = re.fullmatch(r"brew\s*[—:-]\s*(.+?)\.?", line.strip(), flags=re.IGNORECASE)
    if brew is None:
        return False
    if restricted:
        raise NotUnderstood(line)
    ingredients: list[dict[str, Any]] = []
    for part in brew.group(1).split(","):
        found = re.fullmatch(rf"{NUM} ([A-Z][a-z]+)", part.strip(), flags=re.IGNORECASE)
        if found is None:
            raise NotUnderstood(part)
        n, word = amount(found.group(1)), found.group(2).capitalize()
        if n > 1:
            word = word[:-1] if word.endswith("s") else word
        flt = {"name": [word]} if word in GATHERED else {"subtype": [word]}
        ingredients += [dict(flt) for _ in range(n)]
    # named ingredients first: they are the most particular (see brew_choices)
    out.fields["brew"] = sorted(ingredients, key=lambda f: "name" not in f)
    out.templates.append("brew")
    return True


def _two_statics(line: str) -> tuple[str, str] | None:
    """The two statics of "~ gets +1 POWER and your champion gets +1 level" (two subjects)
    or "~ gets +1 POWER for each X and +1 LIFE for each Y" (two counts), or None."""
    level = re.fullmatch(rf"(.+? (?:gets?|has|have) [^,]+?),? and (your champion gets? {LEVEL})"
                         r"\.?", line, flags=re.IGNORECASE)
    if level:
        return level.group(1), level.group(2)
    each = re.fullmatch(r"((.+?) gets? \+\d+ POWER for each [^,]+?) and (\+\d+ LIFE for each "
                        r"[^,]+?)\.?", line, flags=re.IGNORECASE)
    return (each.group(1), f"{each.group(2)} gets {each.group(3)}") if each else None


def _preserve(out: Translation, abilities: list[dict[str, Any]], line: str,
              requires: dict[str, Any], inherited: bool, card_type: str | None) -> bool:
    """Preserve ("Preserve/Preserved 1, 2"): on an action the card field ``preserve`` (it
    resolves into the material deck preserved); on an ally the triggered ability it means,
    when it dies its card goes there from the graveyard (the ``preserve`` step), under the
    line's restrictions. On other cards (an object that is destroyed without dying, an
    attack that resolves into the intent) it is not understood."""
    if card_type == "action" and not (requires or inherited):
        out.fields["preserve"] = True
    elif card_type == "ally" and not inherited:
        abilities.append({"on_death": [{"preserve": {}}],
                          **({"requires": dict(requires)} if requires else {})})
    else:
        raise NotUnderstood(line)
    out.templates.append("preserve")
    return True


# Whose influence: "your", or the one opponent's ("target opponent's" names the only one).
WHOSE = r"(your|target opponent's|an opponent's|each opponent's|that player's)"


def _whose(word: str) -> str:
    return "you" if word.lower() == "your" else "opponent"


def _influence(m: re.Match[str]) -> dict[str, Any]:
    """"your influence is four or less", "target opponent's influence is greater than
    yours": the ``influence`` amount against a number or the other player's."""
    flt: dict[str, Any] = {"amount": {"influence": _whose(m.group(1))}}
    if m.group(2):
        side = "at_most" if m.group(3).lower() == "less" else "at_least"
        flt[side] = amount(m.group(2))
        return flt
    other = {"influence": "opponent" if flt["amount"]["influence"] == "you" else "you"}
    if (m.group(5).lower() == "yours") != (flt["amount"]["influence"] == "opponent"):
        raise NotUnderstood(m.group(0))  # "your influence is greater than yours"
    greater = m.group(4).lower() == "greater"
    flt["at_least" if greater else "at_most"] = {**other, "plus": 1 if greater else -1}
    return flt


def condition_of(text: str) -> dict[str, Any]:
    """A condition of a deeper mechanic: "~ is fostered", "it's fostered", "your Shifting
    Currents face North", "there were three or more age counters on ~", influence and
    Balance."""
    influence = re.fullmatch(rf"{WHOSE} influence is (?:{NUM} or (less|more|greater)|(greater|"
                             r"less) than (yours|theirs))", text.strip(), flags=re.IGNORECASE)
    if influence:
        return _influence(influence)
    activated = re.fullmatch(r"you(?:'ve| have) activated (?:a|an) ((?:[\w-]+ )*?card) this turn",
                             text.strip(), flags=re.IGNORECASE)
    if activated:  # Harmonize: "If you've activated a Melody card this turn"
        return {"this_turn": {"activated": object_filter(activated.group(1))}}
    if re.fullmatch(r"your champion has attacked this turn", text.strip(), flags=re.IGNORECASE):
        return {"this_turn": {"attacked": True}}
    parity = re.fullmatch(r"(?:there's|there is|(you have|an opponent has)) an (even|odd) amount "
                          r"of (.+)", text.strip(), flags=re.IGNORECASE)
    if parity:  # "there's an even amount of level counters on ~"
        theirs = (parity.group(1) or "").lower() == "an opponent has"
        flt = counted(re.sub(r" on (?:it|him|her)$", " on ~", parity.group(3).replace(
            " in their ", " in your ")))
        if theirs:  # "an opponent has an odd amount of cards in their memory"
            if "cards" not in flt:
                raise NotUnderstood(text)
            flt = {"cards": {**flt["cards"], "player": "opponent"}}
        return {"amount": flt, "parity": parity.group(2).lower()}
    equal = re.fullmatch(r"(your champion's level|the amount of [^,]+?) is equal to (the amount "
                         r"of [^,]+|your champion's level)", text.strip(), flags=re.IGNORECASE)
    if equal:  # "your champion's level is equal to the amount of cards in your memory"
        left, right = (_amount_of(side) for side in equal.groups())
        return {"amount": left, "at_least": right, "at_most": right}
    bonus = re.fullmatch(r"(.+) with the (class|element) bonus", text.strip(),
                         flags=re.IGNORECASE)
    if bonus:  # (`join_sentences`: "Class Bonus: If ~ was prepared, ...")
        return {**any_condition(bonus.group(1)), f"{bonus.group(2).lower()}_bonus": True}
    fewer = re.fullmatch(rf"(you|an opponent) controls? {NUM} or (?:fewer|less) (.+)",
                         text.strip(), flags=re.IGNORECASE)
    if fewer:  # "you control four or fewer other domains" (Upkeep's condition)
        return {"amount": {"count": {**object_filter(fewer.group(3)), "controller": (
            "you" if fewer.group(1).lower() == "you" else "opponent")}},
                "at_most": amount(fewer.group(2))}
    only = re.fullmatch(r"~ is the only (ally|unit|object|item|weapon) you control", text.strip(),
                        flags=re.IGNORECASE)
    if only:  # this object, and no other of that kind of yours
        kind = object_filter(only.group(1))
        return {"self": kind, "amount": {"count": {**kind, "controller": "you"}}, "at_most": 1}
    if re.fullmatch(r"the (?:amount|number) of cards in your hand and memory (?:are|is) equal",
                    text.strip(), flags=re.IGNORECASE):
        memory = {"cards": {"zone": "memory"}}
        return {"amount": {"cards": {"zone": "hand"}}, "at_least": memory, "at_most": memory}
    if re.fullmatch(r"(?:~ is|it's|it is) fostered", text.strip(), flags=re.IGNORECASE):
        return {"self": {"fostered": True}}
    made = re.fullmatch(r"~ (?:was (brewed|prepared)|is (imbued))", text.strip(),
                        flags=re.IGNORECASE)
    if made:
        return {"self": {(made.group(1) or made.group(2)).lower(): True}}
    has = re.fullmatch(rf"{HOLDER} has {NUM} or more (\w+) counters on (?:it|him|her|them)",
                       text.strip(), flags=re.IGNORECASE) or re.fullmatch(
        rf"there were ()?{NUM} or more (\w+) counters on ~", text.strip(), flags=re.IGNORECASE)
    if has:  # "there were": as it was, the source's last-known counters if it has left
        return {"amount": {"counters": {"kind": has.group(3).lower(),
                                        "of": _holder((has.group(1) or "~").lower())}},
                "at_least": amount(has.group(2))}
    if re.fullmatch(r"you have two or more omens with the same reserve cost", text.strip(),
                    flags=re.IGNORECASE):  # more omens with a reserve cost than such costs
        costed = {"zone": "banishment", "counters": "omen", "reserve_cost": {"at_least": 0}}
        return {"amount": {"cards": costed},
                "at_least": {"cards": {**costed, "distinct": "reserve_cost"}, "plus": 1}}
    omens = re.fullmatch(rf"you have {NUM} or more ((?:[\w-]+ )*?)omens( with different "
                         r"reserve costs)?", text.strip(), flags=re.IGNORECASE)
    if omens:  # (with different reserve costs: how many different costs they have)
        return {"amount": {"cards": {"zone": "banishment", "counters": "omen",
                                     **object_filter(f"{omens.group(2)}cards"),
                                     **({"distinct": "reserve_cost"} if omens.group(3)
                                        else {})}},
                "at_least": amount(omens.group(1))}
    facing = re.fullmatch(rf"your shifting currents face {DIRECTION}", text.strip(),
                          flags=re.IGNORECASE)
    if facing:
        return {"currents": facing.group(1).lower()}
    raise NotUnderstood(text)


def counted_of(phrase: str) -> dict[str, Any] | None:
    """What an X or a "for each" of a deeper mechanic counts: "omens you have", "wind
    element omens you have" (cards in your banishment with an omen counter), "omens you
    have with different reserve costs" (their different costs), "the lowest reserve cost
    among your omens", "your
    influence", "the highest influence among your opponents" (the one opponent's); None if
    the phrase is not one."""
    influence = re.fullmatch(rf"{WHOSE} influence|the highest influence among your "
                             r"(opponents)", phrase.strip(), flags=re.IGNORECASE)
    if influence:
        return {"influence": _whose(influence.group(1) or influence.group(2))}
    omens = re.fullmatch(r"((?:[\w-]+ )*?)omens? you have( with different reserve costs)?",
                         phrase.strip(), flags=re.IGNORECASE)
    among = re.fullmatch(r"the (lowest|highest) (reserve cost|memory cost|power|life)(?: stat)? "
                         r"among your ((?:[\w-]+ )*?)omens", phrase.strip(), flags=re.IGNORECASE)
    if among:  # "the lowest reserve cost among your omens"
        return {"cards": {"zone": "banishment", "counters": "omen",
                          among.group(1).lower(): among.group(2).lower().replace(" ", "_"),
                          **object_filter(f"{among.group(3)}cards")}}
    if omens is None:
        return None
    return {"cards": {"zone": "banishment", "counters": "omen",
                      **object_filter(f"{omens.group(1)}cards"),
                      **({"distinct": "reserve_cost"} if omens.group(2) else {})}}


def _amount_of(phrase: str) -> dict[str, Any]:
    """An amount a condition compares: "your champion's level" (with any level it gets this
    turn: "Game Terms - LV"), or what "the amount of ..." counts."""
    if phrase.lower() == "your champion's level":
        return {"level": "you"}
    return counted(re.sub(r"^the amount of ", "", phrase, flags=re.IGNORECASE))


def _champions(phrase: str) -> dict[str, Any]:
    """The champions a level static applies to: "your champion", "champions you
    control", "champions you don't control" (a filter of champions only)."""
    selector = target(phrase)
    if selector == "self":  # a champion's own text ("~ gets +1 level for each ...")
        return {"self": True}
    if selector == "your_champion":
        return {"type": "champion", "controller": "you"}
    if selector == "opponent_champion":
        return {"type": "champion", "controller": "opponent"}
    flt = selector.get("each") if isinstance(selector, dict) else None
    if flt is None or flt.get("type") != "champion":
        raise NotUnderstood(phrase)
    return flt


LINKED = r"linked (?:ally|unit|champion|weapon|object)"


def target_of(phrase: str) -> Any:
    """A target phrase of a deeper mechanic: "linked ally" (Link); "the hit champion" of an
    On Champion Hit, which in a duel is always the opponent's ("Combat Phase - Attacking
    4": an attack is on the defending player's objects, and a retaliator hits the
    attacking player's champion)."""
    if re.fullmatch(LINKED, phrase.strip(), flags=re.IGNORECASE):
        return {"each": {"linked": True}}
    if phrase.strip().lower() == "the hit champion":
        return "opponent_champion"
    raise NotUnderstood(phrase)


def static_of(sentence: str, used: list[str]) -> dict[str, Any] | None:
    """A static of a deeper mechanic ("your champion gets +1 level", "linked ally gets +2
    POWER", "linked unit has vigor", "~ gets +1 POWER for each durability counter on it",
    "~ gets +X LIFE where X is your influence"), or None."""
    each = re.fullmatch(rf"(.+?) gets? {STATS} for (each|every {NUM}) (.+)", sentence,
                        flags=re.IGNORECASE)
    if each:  # what it counts is read as it is: "on it" is this object's
        spec = counted(re.sub(r" on (?:it|them|him|her)$", " on ~", each.group(10)))
        if each.group(9):
            spec["per"] = amount(each.group(9))
        used.append("static stats for each")
        return {"modify_stats": {**_stats(each, 2), "for_each": spec,
                                 "applies_to": _applies(each.group(1), sentence)}}
    where = re.fullmatch(r"(.+?) gets? \+X (POWER|LIFE),? where X is (.+)", sentence,
                         flags=re.IGNORECASE)
    if where:  # "~ gets +X LIFE where X is ...": +1 for each one of what X counts
        used.append("static stats where X is")
        return {"modify_stats": {where.group(2).lower(): 1, "for_each": counted(where.group(3)),
                                 "applies_to": _applies(where.group(1), sentence)}}
    gets = re.fullmatch(rf"{LINKED} gets? {STATS}", sentence, flags=re.IGNORECASE)
    if gets:
        used.append("link")
        return {"modify_stats": {**_stats(gets, 1), "applies_to": {"linked": True}}}
    has = re.fullmatch(rf"{LINKED} (?:has|have) ([a-z ]+?(?: \d+)?)", sentence,
                       flags=re.IGNORECASE)
    found = keyword_of(has.group(1)) if has else None
    if found:
        used.append("link")
        return {"grant_keyword": {"keyword": found[0], "applies_to": {"linked": True},
                                  **({"amount": found[1]} if found[1] else {})}}
    level = re.fullmatch(rf"(.+?) gets? {LEVEL}(?: for each ((?:[\w-]+ )*?cards?) in your "
                         rf"(graveyard|banishment|hand|memory)| for every {NUM} (\w+) counters on "
                         r"(?:them|him|her))?", sentence, flags=re.IGNORECASE)
    if level:
        used.append("champion level")
        static: dict[str, Any] = {"amount": _signed(level.group(2), level.group(3)),
                                  "applies_to": _champions(level.group(1))}
        if level.group(4):
            static["for_each"] = {"cards": {"zone": level.group(5).lower(),
                                            **object_filter(level.group(4))}}
        if level.group(6):  # "for every three enlighten counters on them": the champion's
            if static["applies_to"] != {"type": "champion", "controller": "you"}:
                raise NotUnderstood(sentence)
            static["for_each"] = {"counters": {"kind": level.group(7).lower(),
                                               "of": "your_champion"},
                                  "per": amount(level.group(6))}
        return {"modify_level": static}
    return None


def lead_condition(line: str) -> str:
    """A static's "as long as" condition in front, as the translator reads it: "X gets +1
    level as long as you control a Beast ally." -> "As long as you control a Beast ally,
    X gets +1 level."; in the main clause "it" is the card itself ("As long as ~ is
    fostered, it gets +2 LIFE") and "~ has KEYWORD" is a conditional keyword line. A
    leading "For every five damage counters on your champion, ~ gets +1 POWER." reads as
    "~ gets +1 POWER for every five damage counters on your champion."."""
    text = line.strip()
    every = re.fullmatch(rf"for every {NUM} ([^,]+), (.+? gets? {STATS})\.?", text,
                         flags=re.IGNORECASE)
    if every:
        return f"{every.group(3)} for every {every.group(1)} {every.group(2)}."
    leading = re.fullmatch(r"as long as ([^,]+), (.+)", text, flags=re.IGNORECASE)
    trailing = re.fullmatch(r"([^,]+?) as long as ([^,.]+)\.?", text, flags=re.IGNORECASE)
    if leading:
        condition, main = leading.groups()
    elif trailing:
        main, condition = trailing.groups()
    else:
        return line
    main = re.sub(r"^it (gets?|has)\b", r"~ \1", main.strip(), flags=re.IGNORECASE)
    has = re.fullmatch(r"~ (?:has|have) ([a-z ]+?(?: \d+)?)\.?", main)
    return f"As long as {condition}, {has.group(1) if has else main}"
