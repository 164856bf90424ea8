"""The translator: a real card's text into the effect language (docs/cards.md).

A text is split into abilities (its lines; bullet lines are the modes of the line
before), each ability into its prefixes (``[Class Bonus]``, ``[Level N+]``,
``Inherited Effect:``), its trigger or cost, and its sentences. Keyword lines, ability
words and sentence templates become card fields and effect steps. The templates are
general (a target phrase, an amount, a counter name are parsed, never a card's name),
so a text nobody has seen translates as well as one that has been.

A sentence no template understands is kept, word for word, in ``not_understood``; an
ability with one is left out. Reminder text (in parentheses) is ignored; the card's own
name reads as "this".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gaenv.cards.importer import CLASSES
from gaenv.engine.keywords import KEYWORDS
from gaenv.engine.objects import ELEMENTS
from gaenv.engine.selectors import PRINTED_KEYS

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
           "fifteen": 15, "twenty": 20}
NUM = rf"(\d+|{'|'.join(sorted(NUMBERS, key=len, reverse=True))})"
# Keywords that work on an object in play, so a condition on them is a static on the
# object; the others (floating memory, efficiency, hindered) work from other zones.
OWN_KEYWORDS = ("floating_memory", "efficiency")  # those that work from hand or graveyard
FIELD_KEYWORDS = ("intercept", "taunt", "stealth", "true_sight", "cleave", "unblockable",
                  "steadfast", "ambush", "ranged", "retort", "critical", "pride", "vigor",
                  "spellshroud", "immortality", "reservable")
# Words of a text that point at a deeper mechanic the effect language does not have yet,
# for the coverage report (the first that matches names the sentence's mechanic).
MECHANICS = (
    ("Preparation", r"prepar"), ("Loaded/Gun/Bow", r"\bload|\bgun\b|\bbow\b|bullet"),
    ("Transform", r"transform"), ("Brew", r"\bbrew"), ("Shifting Currents", r"currents"),
    ("Omens", r"\bomen"), ("Negation", r"negat"), ("Imbue", r"imbue"),
    ("Generate", r"generate"), ("Link", r"\blink"), ("Foster", r"foster"),
    ("Lineage Release", r"lineage release"),
    ("Keywords the engine lacks", r"fast activation|renewable|divine relic|preserve|"
                                  r"aethercalling|starcalling|\bgather|suppress|upkeep"),
    ("Additional costs", r"additional cost|rather than pay"),
    ("Cards in memory", r"(?<!floating )memory(?! cost)"),
    ("Materialize", r"materializ"), ("Cost changes", r"costs? \S+ (less|more)"),
    ("Champion level", r"\blevel\b"), ("Look at cards", r"\b(look at|reveal)"),
    ("Copy", r"\bcop(y|ies)\b"), ("Activation limits", r"activate this (ability|card) only"),
    ("Graveyard", r"graveyard"), ("Banish", r"banish"), ("Counters", r"counter"),
    ("Prevention", r"prevent"), ("Restrictions", r"\bcan't|\bcannot"),
)
TYPE_WORDS = {"unit": ["champion", "ally"], "ally": ["ally"], "allies": ["ally"],
              "champion": ["champion"], "item": ["item"], "weapon": ["weapon"],
              "phantasia": ["phantasia"], "phantasias": ["phantasia"], "domain": ["domain"],
              "object": [], "objects": [], "units": ["champion", "ally"],
              "champions": ["champion"], "items": ["item"], "weapons": ["weapon"],
              "domains": ["domain"]}


PLURALS = {"allies", "units", "champions", "objects", "items", "weapons", "phantasias",
           "domains"}


# The words that name a type of card or object (a card may be of any type).
ALL_TYPE_WORDS = {**TYPE_WORDS, "action": ["action"], "attack": ["attack"], "card": [],
                  "cards": []}


class NotUnderstood(Exception):
    """A sentence or phrase no template covers."""


@dataclass
class Translation:
    """What the translator made of a text: card fields (``keywords``, ``effect``,
    ``modes``, ``abilities``, ``lineage``, ``speed``), the sentences it did not
    understand, and the templates and keywords it used (for the coverage report)."""

    fields: dict[str, Any] = field(default_factory=dict)
    not_understood: list[str] = field(default_factory=list)
    templates: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        if not self.not_understood:
            return "full"
        return "partial" if self.templates or self.keywords else "none"


def mechanic(sentence: str) -> str:
    """The deeper mechanic a sentence not understood points at ("other" if none)."""
    low = sentence.lower()
    return next((name for name, pattern in MECHANICS if re.search(pattern, low)), "other")


# --- text ----------------------------------------------------------------------------

def clean(text: str, name: str) -> str:
    """The text with plain quotes, without reminder text, the card's name as ``~``."""
    text = (text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
            .replace("\u201d", '"').replace("\u2013", "—").replace("\r", "")
            .replace("\ufff0", ""))  # (a stray mark some records have beside POWER)
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"\s*\((?:[^()]|\(\d+\))*[a-z](?:[^()]|\(\d+\))*\)", "", text)  # "(pay (1))"
    for alias in (name, name.split(",")[0].strip()):
        text = re.sub(rf"\b{re.escape(alias)}\b", "~", text)
    text = re.sub(r"(\d)(POWER|LIFE)", r"\1 \2", text)
    text = re.sub(r"([+\-−]) (\d+ (?:POWER|LIFE))", r"\1\2", text)  # "+ 1 POWER"
    return re.sub(r"[ \t]+", " ", text)


def amount(word: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    if word in NUMBERS:
        return NUMBERS[word]
    raise NotUnderstood(word)


AMOUNT = r"(\d+|X|\d+\+X|LV|\d+\+LV)"
ZONES = ("graveyard", "banishment", "hand", "memory")


def quantity(word: str) -> Any:
    """A printed amount: a number, ``LV`` (your champion's level, "Game Terms - LV"; ``1+LV``)
    or ``X`` (``1+X``: X plus one) left as ``{"X": plus}`` for the sentence's "where X is
    ..." to fill (`filled`)."""
    if word.isdigit():
        return int(word)
    lv = re.fullmatch(r"(?:(\d+)\+)?LV", word)
    if lv:
        return {"level": "you", **({"plus": int(lv.group(1))} if lv.group(1) else {})}
    x = re.fullmatch(r"(?:(\d+)\+)?X", word)
    if x is None:
        raise NotUnderstood(word)
    return {"X": int(x.group(1) or 0)}


def counted(phrase: str) -> dict[str, Any]:
    """What an X or a "for each" counts -> an amount: ``the amount of domains you
    control`` (objects in play), ``water element cards in your graveyard`` (cards in a zone
    of yours), ``buff counters on ~``, ``~'s power``."""
    phrase = re.sub(r"^the (?:amount|number) of ", "", phrase.strip(), flags=re.IGNORECASE)
    zone = re.fullmatch(rf"((?:[\w/-]+ )*cards?) in your ({'|'.join(ZONES)})", phrase)
    counters = re.fullmatch(r"(\w+) counters? (?:that (?:was|were) )?on (~|your champion)",
                            phrase)  # ("that were on ~": as it was, once it has left)
    stat = re.fullmatch(r"~'s (power|life)", phrase, flags=re.IGNORECASE)
    if zone:
        return {"cards": {"zone": zone.group(2), **object_filter(zone.group(1))}}
    if counters:
        of = {"of": "your_champion"} if counters.group(2) != "~" else {}
        if counters.group(1).lower() == "damage":  # damage is marked, not counters here
            return {"stat": {"stat": "damage", **of}}
        return {"counters": {"kind": counters.group(1).lower(), **of}}
    if stat:
        return {"stat": {"stat": stat.group(1).lower()}}
    if re.fullmatch(r"your influence", phrase, flags=re.IGNORECASE):
        return {"influence": "you"}
    if re.fullmatch(r"(?:your opponent's|the highest influence among your opponents'?)"
                    r"(?: influence)?", phrase, flags=re.IGNORECASE):
        return {"influence": "opponent"}  # (a duel: one opponent, the highest of them)
    return mechanics.counted_of(phrase) or {"count": object_filter(phrase)}


def filled(tree: Any, spec: dict[str, Any]) -> Any:
    """``tree`` with every ``{"X": plus}`` left by `quantity` replaced by the amount
    ``spec`` (plus that much)."""
    if isinstance(tree, dict):
        if set(tree) == {"X"}:
            return {**spec, "plus": tree["X"]} if tree["X"] else spec
        return {k: filled(v, spec) for k, v in tree.items()}
    if isinstance(tree, list):
        return [filled(v, spec) for v in tree]
    return tree


def reads_stat(tree: Any) -> bool:
    """Whether steps read an object's power or life (an amount ``stat``)."""
    if isinstance(tree, dict):
        return "stat" in tree or any(reads_stat(v) for v in tree.values())
    return isinstance(tree, list) and any(reads_stat(v) for v in tree)


def has_x(tree: Any) -> bool:
    """Whether an X is left unfilled in the steps."""
    if isinstance(tree, dict):
        return set(tree) == {"X"} or any(has_x(v) for v in tree.values())
    return isinstance(tree, list) and any(has_x(v) for v in tree)


def keyword_of(text: str) -> tuple[str, int] | None:
    """``Ranged 2`` -> (ranged, 2); ``True Sight`` -> (true_sight, 0); None if not one."""
    match = re.fullmatch(r"([A-Za-z ]+?)(?: (\d+))?", text.strip())
    if match is None:
        return None
    name = match.group(1).lower().replace(" ", "_")
    if name not in KEYWORDS or KEYWORDS[name].numbered != (match.group(2) is not None):
        return None
    return name, int(match.group(2) or 0)


# --- phrases ---------------------------------------------------------------------------

def object_filter(phrase: str) -> dict[str, Any]:
    """``another rested Beast ally you control`` -> a selector filter; ``domain, item, or
    weapon`` is any of those types."""
    phrase = phrase.replace(",", "")
    flt: dict[str, Any] = {}
    counters = re.fullmatch(r"(.+?) with (?:one or more|an?) (\w+) counters? on (?:it|them)",
                            phrase, flags=re.IGNORECASE)
    if counters:  # "allies you control with one or more buff counters on them"
        flt["counters"] = counters.group(2).lower()
        phrase = counters.group(1)
    attacking = re.fullmatch(r"(.+?) attacking (?:your champion|you)", phrase, flags=re.IGNORECASE)
    if attacking:  # "target ally attacking your champion"
        flt["attacking"] = {"type": "champion", "controller": "you"}
        phrase = attacking.group(1)
    trailing = re.fullmatch(r"(.+? (?:you|an opponent) (?:don't )?controls?) with ([a-z ]+)",
                            phrase)
    now = keyword_of(trailing.group(2)) if trailing else None
    if trailing and now:  # "ally you control with stealth": an object's keyword now
        return {**flt, **object_filter(trailing.group(1)), "has_keyword": [now[0]]}
    words = phrase.split()
    for suffix, controller in ((" you don't control", "opponent"),
                               (" an opponent controls", "opponent"),
                               (" your opponents control", "opponent"),
                               (" you control", "you")):
        if phrase.endswith(suffix):
            flt["controller"] = controller
            words = phrase[: -len(suffix)].split()
            break
    numbers = re.fullmatch(rf"(.+?) with ({NUMBER_CLAUSE}(?: or {NUMBER_CLAUSE})?)",
                           " ".join(words), flags=re.IGNORECASE)
    if numbers:
        flt.update(_numbers(numbers.group(2)))
        words = numbers.group(1).split()
    regalia = re.fullmatch(r"(.+) or regalias?", " ".join(words))
    if regalia:  # "ally or regalia": a type, or the supertype
        flt["any"] = [object_filter(regalia.group(1)), {"supertype": ["regalia"]}]
        return flt
    with_keyword = re.fullmatch(r"(.+?) with ([a-z ]+)", " ".join(words))
    printed = keyword_of(with_keyword.group(2)) if with_keyword else None
    if with_keyword and printed:
        words = with_keyword.group(1).split()
        flt[keyword_key(words[-1])] = [printed[0]]
    if not words:
        raise NotUnderstood(phrase)
    last = words[-1]
    plural = last.lower() in PLURALS
    types: list[str] = []
    if last.lower() in ALL_TYPE_WORDS:
        types += ALL_TYPE_WORDS[last.lower()]
        words = words[:-1]
    elif last.lower() in ("regalia", "regalias"):
        flt["supertype"] = ["regalia"]
        words = words[:-1]
    elif last.lower() in ("token", "tokens"):  # "four or more tokens": token objects
        flt["token"] = True
        words = words[:-1]
    elif not (last[0].isupper() and last.isalpha()):  # a bare subtype: "target Potion"
        raise NotUnderstood(phrase)
    else:  # "Animals you control": the plural of a bare class or subtype names each one
        words[-1] = _singular(last)
    # "domain, item, or weapon", "allies and weapons": any of the types; "phantasia allies"
    # would need both, which a card of one type cannot be asked (`_add`).
    listed = bool({"or", "and/or"} & set(words)) or (plural and "and" in words)
    for i, word in enumerate(words):
        low = word.lower()
        either = i > 0 and (words[i - 1] in ("or", "and/or") or (
            words[i - 1] == "and" and plural))  # "Animal or Beast (allies)": one of them
        if low in ("or", "and/or", "element") or (low == "and" and plural):
            continue
        if low in ALL_TYPE_WORDS:
            if types and ALL_TYPE_WORDS[low] and not listed:
                raise NotUnderstood(phrase)
            types += ALL_TYPE_WORDS[low]
        elif low in ("another", "other"):
            flt["another"] = True
        elif low in ("rested", "damaged", "distant", "fostered"):
            flt[low] = True
        elif low in ("attacking", "retaliating"):  # "target attacking ally"
            flt[low] = {} if low == "attacking" else True
        elif low == "awake":
            flt["rested"] = False
        elif low in ELEMENTS:
            _add(flt, "element", low, either, phrase)
        elif low in ("token", "non-token"):
            flt["token"] = low == "token"
        elif low.startswith("non-") and "not" not in flt:  # "non-Human", "non-champion"
            flt["not"] = _one_word(word[4:], phrase)
        elif low == "unique":
            flt["supertype"] = ["unique"]
        elif word.capitalize() in CLASSES and word[0].isupper():
            _add(flt, "class", word.capitalize(), either, phrase)
        elif word[0].isupper() and word.isalpha():
            _add(flt, "subtype", word, either, phrase)
        else:
            raise NotUnderstood(phrase)
    if types:
        flt["type"] = types if len(types) > 1 else types[0]
    return flt


def keyword_key(noun: str) -> str:
    """The filter key of "NOUN with KEYWORD" (docs/cards.md, Filters): ``keyword`` reads
    the keywords printed on a card ("a card with floating memory", "an attack card with
    cleave"); an object in play also has those granted, less those lost ("target unit
    with taunt", "an ally with stealth"): ``has_keyword``."""
    return "keyword" if noun.lower() in ("card", "cards") else "has_keyword"


def reads_keywords_now(tree: Any, in_static: bool = False) -> bool:
    """Whether a static (an ability's, or one an effect sets up) reads an object's keywords
    now (``has_keyword``): the statics make those keywords, so one cannot depend on them."""
    if isinstance(tree, dict):
        in_static = in_static or "static" in tree or "this_turn" in tree
        return (in_static and "has_keyword" in tree) or any(
            reads_keywords_now(v, in_static) for v in tree.values())
    return isinstance(tree, list) and any(reads_keywords_now(v, in_static) for v in tree)


def _singular(word: str) -> str:
    """A class or subtype word in the singular (``Fairies`` -> ``Fairy``, ``Herbs`` ->
    ``Herb``); a word that is not a plural as it is."""
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


NUMBER_CLAUSE = r"(?:(?:memory|reserve) cost \d+|\d+ power)(?: or (?:less|more|greater))?"


def _numbers(text: str) -> dict[str, Any]:
    """``memory cost 0 or reserve cost 4 or less`` -> filter keys on printed costs and
    power (either of two: ``any``)."""
    found = []
    for clause in re.finditer(r"(?:(memory|reserve) cost (\d+)|(\d+) power)(?: or (less|more|"
                              r"greater))?", text, flags=re.IGNORECASE):
        key = f"{clause.group(1).lower()}_cost" if clause.group(1) else "power"
        number = int(clause.group(2) or clause.group(3))
        side = {None: {"at_least": number, "at_most": number}, "less": {"at_most": number}}
        found.append({key: side.get(clause.group(4), {"at_least": number})})
    return found[0] if len(found) == 1 else {"any": found}


def _one_word(word: str, phrase: str) -> dict[str, Any]:
    """The filter one word names: a type, an element, a class or a subtype."""
    low = word.lower()
    if low in TYPE_WORDS:
        types = TYPE_WORDS[low]
        return {"type": types if len(types) != 1 else types[0]}
    if low in ELEMENTS:
        return {"element": [low]}
    if word.capitalize() in CLASSES and word[0].isupper():
        return {"class": [word.capitalize()]}
    if word[0].isupper() and word.isalpha():
        return {"subtype": [word]}
    raise NotUnderstood(phrase)


def _add(flt: dict[str, Any], key: str, value: str, either: bool, phrase: str) -> None:
    """One more value of a filter key: "Animal or Beast" is either of them; two values
    of one key without "or" ("Beast Animal") would need both, which a filter cannot say."""
    if key in flt and not either:
        raise NotUnderstood(phrase)
    flt.setdefault(key, []).append(value)


SELF_WORDS = ("~", "this card", "this ally", "this unit", "this object", "this weapon",
              "this item", "this champion", "this phantasia", "this domain")
THAT = "that"  # "that ally" before `refer_back` decides what it names
BACK_WORDS = ("it", "that unit", "that ally", "that champion", "that object", "them",
              "that weapon", "that item")


def target(phrase: str) -> Any:
    """A noun phrase -> an object selector (docs/cards.md, Object selectors)."""
    phrase = phrase.strip()
    low = phrase.lower()
    if low in SELF_WORDS:
        return "self"
    if low in ("it", "them"):
        return "same_target"
    if low in BACK_WORDS:  # "that ally": resolved by `refer_back`
        return THAT
    if re.fullmatch(r"(?:those|these) (?:units|allies|objects|champions)", low):
        return THAT  # the objects an earlier step named ("those allies ... instead")
    except_you = re.fullmatch(r"(.+) except (?:for )?your champion", phrase, re.IGNORECASE)
    if except_you:  # "all units except for your champion"
        selector = target(except_you.group(1))
        if not (isinstance(selector, dict) and "each" in selector and "not" not in
                selector["each"]):
            raise NotUnderstood(phrase)
        return {"each": {**selector["each"], "not": {"type": "champion",
                                                     "controller": "you"}}}
    if low == "your champion":
        return "your_champion"
    buried = re.fullmatch(r"(up to one target|target) (.+?) (?:in|from) (your|a) graveyard",
                          phrase, re.IGNORECASE)
    if buried:  # "target Spell card from your graveyard": a card there, not an object
        flt = {**object_filter(buried.group(2)), "graveyard": True,
               **({"controller": "you"} if buried.group(3).lower() == "your" else {})}
        return {"up_to_target" if buried.group(1).lower().startswith("up") else "target": flt}
    if low in ("each opponent's champion", "your opponent's champion", "the opponent's champion",
               "each champion you don't control"):
        return "opponent_champion"
    for prefix, mode in (("up to one target ", "up_to_target"), ("target ", "target"),
                         ("another target ", "target"), ("each ", "each"), ("all ", "each"),
                         ("a ", "choose"), ("an ", "choose")):  # "an ally you control"
        if low.startswith(prefix):
            flt = object_filter(phrase[len(prefix):])
            if prefix.startswith("another"):
                flt["another"] = True
            return {mode: flt}
    if set(low.split()) & PLURALS:  # "allies you control", "Beast allies"
        return {"each": object_filter(phrase)}
    noun = re.sub(r" (?:you|an opponent|your opponents) (?:don't )?controls?$", "",
                  phrase).split()[-1]
    if noun[0].isupper() and noun.isalpha() and _singular(noun) != noun:
        return {"each": object_filter(phrase)}  # "Animals you control": each of them
    return mechanics.target_of(phrase)


# The steps whose value is their selector (docs/cards.md: ``destroy: target_ally``).
MAIN_OPS = ("destroy", "wake", "rest", "become_distant", "sacrifice", "take_control",
            "stay_rested")


def main_arg(op: str, selector: Any) -> dict[str, Any]:
    """A step whose main argument is the selector (``destroy: target_ally``)."""
    return {op: selector}


# --- sentence templates -------------------------------------------------------------

Build = Callable[[re.Match[str]], list[dict[str, Any]]]
TARGET = r"(.+?)"


@dataclass(frozen=True)
class Template:
    name: str
    pattern: str
    build: Build

    def match(self, sentence: str) -> list[dict[str, Any]] | None:
        found = re.fullmatch(self.pattern, sentence, flags=re.IGNORECASE)
        return None if found is None else self.build(found)


def _damage(how_much: Any, whom: str, unpreventable: str | None) -> dict[str, Any]:
    """A deal_damage step (``have ~ deal``: this card is the source, as always)."""
    return {"deal_damage": {"amount": how_much, "target": target(whom),
                            **({"unpreventable": True} if unpreventable else {})}}


def _draw(m: re.Match[str]) -> list[dict[str, Any]]:
    step: dict[str, Any] = {"amount": amount(m.group(2))}
    if m.group(1):
        step["player"] = "each_player"
    if m.group(3):
        step["into"] = "memory"
    return [{"draw": step}]


def _stats(m: re.Match[str], first: int = 1) -> dict[str, int]:
    """``+2 POWER and +1 LIFE`` from groups (sign, number, stat, sign, number, stat)."""
    out: dict[str, int] = {}
    for i in (first, first + 3):
        if m.group(i) is None:
            continue
        value = int(m.group(i + 1)) * (-1 if m.group(i) in "-−" else 1)
        out[m.group(i + 2).lower()] = value
    return out


STATS = r"([+\-−])(\d+) (POWER|LIFE)(?: and ([+\-−])(\d+) (POWER|LIFE))?"


def _boost(m: re.Match[str]) -> list[dict[str, Any]]:
    stats = _stats(m, 2)
    steps: list[dict[str, Any]] = [{"boost": {"target": target(m.group(1)), **stats}}]
    if m.group(8):  # "... and gains stealth until end of turn": the same objects
        steps += grants(again(steps[0]["boost"]["target"]), m.group(8))
    return steps


def again(selector: Any) -> Any:
    """The selector that names a step's objects once more: a declared target is named
    again as `same_target` (naming it anew would declare a second target)."""
    return ("same_target" if isinstance(selector, dict) and set(selector) & {
        "target", "up_to_target"} else selector)


def grants(selector: Any, words: str) -> list[dict[str, Any]]:
    """``stealth``, ``ambush and steadfast``, ``taunt, vigor and ranged 1`` -> a `grant`
    step per keyword, all on the objects ``selector`` names (the first may declare a
    target; the others then name it again)."""
    steps = []
    for word in re.split(r",? and |, ", words.strip()):
        found = keyword_of(word)
        if found is None:
            raise NotUnderstood(words)
        steps.append({"grant": {"target": selector, "keyword": found[0],
                                **({"amount": found[1]} if found[1] else {})}})
        selector = again(selector)
    return steps


def _attacks(m: re.Match[str]) -> list[dict[str, Any]]:
    if not re.search(r"until end of turn", m.group(0), flags=re.IGNORECASE):
        raise NotUnderstood(m.group(0))  # a lasting change needs its duration said
    power = int(m.group(3)) * (-1 if m.group(2) in "-−" else 1)
    return [{"boost_attacks": {"target": target(m.group(1)), "power": power}}]


def _counters(m: re.Match[str]) -> list[dict[str, Any]]:
    kind = m.group(2).lower()
    if not kind.isalpha():
        raise NotUnderstood(kind)
    return [{"counters": {"target": target(m.group(3)), "kind": kind,
                          "amount": amount(m.group(1))}}]


def _grant(m: re.Match[str]) -> list[dict[str, Any]]:
    return grants(target(m.group(1)), m.group(2))


def _lose(m: re.Match[str]) -> list[dict[str, Any]]:
    """"X loses taunt and intercept until end of turn": a `lose` step per keyword; a
    numbered keyword is lost whatever its number ("loses pride")."""
    selector, steps = target(m.group(1)), []
    for word in re.split(r",? and |, ", m.group(2).strip()):
        name = word.strip().lower().replace(" ", "_")
        if name not in KEYWORDS:
            raise NotUnderstood(word)
        steps.append({"lose": {"target": selector, "keyword": name}})
        selector = again(selector)
    return steps


def _guarded(zone: str, flt: dict[str, Any], n: int, step: dict[str, Any]
             ) -> list[dict[str, Any]]:
    """A step that moves N chosen cards, only when N are there: so that "if you do" after
    it holds exactly when it was done. ("Other" cards in a zone would have to leave out
    the card itself, which a zone's filter of printed keys cannot say.)"""
    if "another" in flt:
        raise NotUnderstood("other cards in a zone")
    return [{"if": {"when": {"amount": {"cards": {"zone": zone, **flt}}, "at_least": n},
                    "then": [step]}}]


def _discard(m: re.Match[str]) -> list[dict[str, Any]]:
    n = amount(m.group(1))
    flt = object_filter(m.group(2))
    step: dict[str, Any] = {"amount": n, **({"filter": flt} if flt else {})}
    return _guarded("hand", flt, n, {"discard": step})


def _banish_cards(m: re.Match[str]) -> list[dict[str, Any]]:
    n, zone = amount(m.group(1)), m.group(3).lower()
    flt = object_filter(m.group(2))
    return _guarded(zone, flt, n, {"banish_cards": {"filter": flt, "zone": zone, "amount": n}})


def _next_cost(m: re.Match[str]) -> list[dict[str, Any]]:
    """"The next Beast ally card you activate this turn costs 3 less to activate"."""
    flt = {**object_filter(m.group(1)), "controller": "you"}
    return [{"this_turn": {"static": {"modify_cost": {
        "cost": "reserve", "op": "subtract" if m.group(3).lower() == "less" else "add",
        "amount": amount(m.group(2)), "applies_to": flt}}, "once": True}}]


def _move_cards(m: re.Match[str]) -> list[dict[str, Any]]:
    n, zone = amount(m.group(1)), m.group(3).lower()
    flt = object_filter(m.group(2))
    to = (m.group(4).lower() if m.lastindex and m.lastindex >= 4 else "banishment")
    to = {"bottom of your deck": "deck_bottom", "top of your deck": "deck_top"}.get(to, to)
    step = {"filter": flt, "zone": zone, "to": to, "amount": n,
            **({"random": True} if to == "banishment" and "random" in m.group(0) else {})}
    if to == zone:
        raise NotUnderstood(m.group(0))
    return _guarded(zone, flt, n, {"move_cards": step})


def _look_at_top(m: re.Match[str]) -> list[dict[str, Any]]:
    return [{"look_at_top": {"amount": amount(m.group(1)), "filter": object_filter(m.group(3)),
                             "to": m.group(4).lower(), "optional": bool(m.group(2))}}]


def _one_of_top(m: re.Match[str]) -> list[dict[str, Any]]:
    """Look at the top N (or ``1+LV``) cards and put one into your hand or memory, the
    others on the bottom of the deck or into the graveyard."""
    n = amount(m.group(1)) if m.group(1) else quantity(m.group(2))
    rest = {"rest": "graveyard"} if "graveyard" in m.group(4).lower() else {}
    return [{"look_at_top": {"amount": n, "filter": {}, "to": m.group(3).lower(),
                             "optional": False, **rest}}]


def _next_time(m: re.Match[str]) -> list[dict[str, Any]]:
    """"The next time damage would be dealt to X this turn, prevent N (all but N) of that
    damage" (no number: all of it)."""
    whom = target(m.group(1) or m.group(2))
    if m.group(4) is None:
        return [{"prevent_next_time": {"target": whom, "all_but": 0}}]
    if m.group(3):
        return [{"prevent_next_time": {"target": whom, "all_but": amount(m.group(4))}}]
    return [{"prevent_next_time": {"target": whom, "amount": quantity(m.group(4))}}]


def _summon(m: re.Match[str]) -> list[dict[str, Any]]:
    rested = {"rested": True} if m.group(3) else {}
    counters: dict[str, Any] = {}
    if m.group(5):
        counters = {"counter": m.group(5).lower(), "counters": amount(m.group(4))}
    n = 1 if m.group(1).lower() == "another" else amount(m.group(1))  # one more
    return [{"summon": {"token": m.group(2), "amount": n, **rested,
                        **counters}}]


# The players a sentence's subject names ("each opponent recovers 1").
PLAYERS = {"each opponent": "opponent", "each player": "each_player"}


def _mill(m: re.Match[str]) -> list[dict[str, Any]]:
    who = (m.group(1) or "").strip().lower()
    player = {"": "you", "each player": "each_player", "target player": "target_player"}.get(
        who, "opponent")
    n = m.group(2) or "one"
    return [{"mill": {"amount": quantity(n) if n == "X" else amount(n), "player": player}}]


# "If (non-combat) damage would be dealt to X (while STATE), prevent N of that damage", "If
# X would take damage ...": a ``prevent_damage`` static; in an effect, with "this turn" or
# "until end of turn", for the rest of the turn (`this_turn`).
PREVENTION = re.compile(
    r"(?P<turn>until end of turn, )?if (?:(?P<nc>non-combat )?damage would be dealt to (?P<to>"
    r".+?)|(?P<who>.+?) would (?:take|be dealt) (?P<nc2>non-combat )?damage)(?P<turn2> this "
    r"turn)?(?: while (?P<state>.+?))?, prevent (?P<n>\d+) of that damage", flags=re.IGNORECASE)
# What "while ..." says of the object damage is dealt to.
WHILE_STATES = {"it's attacking": {"attacking": {}}, "it is attacking": {"attacking": {}}}


def prevention(m: re.Match[str]) -> dict[str, Any]:
    """The ``prevent_damage`` static `PREVENTION` matched: to this, a linked unit, your
    champion or the objects a plural or "a ..." phrase names."""
    whom = (m.group("to") or m.group("who")).strip()
    low = whom.lower()
    if low in SELF_WORDS:
        applies: dict[str, Any] = {"self": True}
    elif re.fullmatch(r"linked (?:unit|ally)", low):
        applies = {"linked": True}
    elif low == "your champion":
        applies = {"type": "champion", "controller": "you"}
    else:
        one = re.fullmatch(r"(?:an?|one or more) (.+)", whom, flags=re.IGNORECASE)
        applies = _applies(f"each {one.group(1)}" if one else whom, m.group(0))
    state = (m.group("state") or "").lower()
    counters = re.fullmatch(r"it has (?:a|an|one or more) (\w+) counters? on it", state)
    if counters:
        applies = {**applies, "counters": counters.group(1)}
    elif state:
        if state not in WHILE_STATES:
            raise NotUnderstood(m.group(0))
        applies = {**applies, **WHILE_STATES[state]}
    return {"prevent_damage": {"amount": int(m.group("n")), "applies_to": applies,
                               **({"non_combat": True} if m.group("nc") or m.group("nc2")
                                  else {})}}


def _prevention_this_turn(m: re.Match[str]) -> list[dict[str, Any]]:
    if not (m.group("turn") or m.group("turn2")):
        raise NotUnderstood(m.group(0))  # in an effect, it lasts the turn only if it says so
    return [{"this_turn": prevention(m)}]


# "FILTER cards you (your opponents) activate cost N less (more) to activate": other
# cards' cost while in hand, a ``modify_cost`` static; in an effect, with "this turn" or
# "until end of turn", for the rest of the turn (`this_turn`).
OTHERS_COST = re.compile(
    r"(?P<turn>until end of turn, )?(?P<what>(?:[\w-]+ )*?)cards (?P<who>you|your opponents|"
    r"opponents) activate(?P<turn2> this turn)? cost \(?(?P<n>\d+)\)? (?P<op>less|more) to "
    r"activate", flags=re.IGNORECASE)


def others_cost(m: re.Match[str]) -> dict[str, Any]:
    """The ``modify_cost`` static `OTHERS_COST` matched."""
    return {"modify_cost": {
        "cost": "reserve", "op": "subtract" if m.group("op").lower() == "less" else "add",
        "amount": int(m.group("n")), "applies_to": {
            **object_filter(f"{m.group('what')}cards"),
            "controller": "you" if m.group("who").lower() == "you" else "opponent"}}}


def _others_cost_this_turn(m: re.Match[str]) -> list[dict[str, Any]]:
    if not (m.group("turn") or m.group("turn2")):
        raise NotUnderstood(m.group(0))  # in an effect, it lasts the turn only if it says so
    return [{"this_turn": others_cost(m)}]


STEP_TEMPLATES: tuple[Template, ...] = (
    Template("cost changes", OTHERS_COST.pattern, _others_cost_this_turn),
    Template("prevention", PREVENTION.pattern, _prevention_this_turn),
    Template("draw", rf"(each player )?draws? {NUM} cards?( into (?:your|their) memory)?",
             _draw),
    Template("deal damage", rf"(?:have ~ )?deal {AMOUNT} (unpreventable )?damage to {TARGET}",
             lambda m: [_damage(quantity(m.group(1)), m.group(3), m.group(2))]),
    Template("deal damage", rf"(?:have ~ )?deal (?:an amount of )?(unpreventable )?damage to "
                            rf"{TARGET} equal to (.+)",
             lambda m: [_damage(counted(m.group(3)), m.group(2), m.group(1))]),
    Template("recover", rf"recover {AMOUNT}", lambda m: [{"recover": quantity(m.group(1))}]),
    Template("recover", rf"(each opponent|each player) recovers? {AMOUNT}",
             lambda m: [{"recover": {"amount": quantity(m.group(2)), "player": PLAYERS[
                 m.group(1).lower()]}}]),
    Template("glimpse", rf"glimpse {AMOUNT}", lambda m: [{"glimpse": quantity(m.group(1))}]),
    Template("empower", rf"empower {AMOUNT}", lambda m: [{"empower": quantity(m.group(1))}]),
    Template("boost", rf"{TARGET} gets? {STATS}(?: and gains? ([a-z ,]+?(?: \d+)?))? until end "
                      "of turn", _boost),
    Template("boost", rf"until end of turn, {TARGET} gets? {STATS}(?: and gains? ([a-z ,]+?"
                      r"(?: \d+)?))?", _boost),
    Template("counters", rf"put {NUM} (\w+) counters? on {TARGET}", _counters),
    Template("attacks get", rf"(?:until end of turn, )?{TARGET}'s attacks get ([+\-−])(\d+) POWER"
                            r"(?: until end of turn)?", _attacks),
    Template("look at the top", rf"look at the top {NUM} cards of your deck; (you may )?reveal "
                                r"(?:a|an) ((?:[\w-]+ )*cards?) from among them and put it "
                                r"into your (hand|memory); put the rest(?: of the cards)? on "
                                r"the bottom of your deck in any order", _look_at_top),
    Template("look at the top", r"look at the top card of your deck; you may put it into your "
                                r"graveyard",
             lambda m: [{"look_at_top": {"amount": 1, "filter": {}, "to": "graveyard",
                                         "optional": True, "rest": "top"}}]),
    Template("look at the top", r"reveal the top card of your deck; if (?:that card|it) is "
                                r"(?:an? )?(.+?)(?: card)?, put it into your hand",
             lambda m: [{"look_at_top": {"amount": 1, "filter": object_filter(m.group(1) + " card"),
                                         "to": "hand", "optional": False, "rest": "top"}}]),
    Template("look at the top", rf"look at the top (?:{NUM}|{AMOUNT}) cards of your deck; put "
                                r"one of (?:those cards|them) into your (hand|memory) and the "
                                r"(?:other|rest) (on the bottom of your deck(?: in any order)?|"
                                r"into your graveyard)", _one_of_top),
    Template("reveal until", r"reveal cards from the top of your deck until you reveal (?:a|an) "
                             r"((?:[\w-]+ )*?card); put that card into your (hand|memory) and "
                             r"the rest on the bottom of your deck in a random order",
             lambda m: [{"reveal_until": {"filter": object_filter(m.group(1)),
                                          "to": m.group(2).lower()}}]),
    Template("destroy", rf"destroy {TARGET}", lambda m: [main_arg("destroy", target(m.group(1)))]),
    Template("wake", rf"wake up {TARGET}", lambda m: [main_arg("wake", target(m.group(1)))]),
    Template("wake", rf"wake {TARGET} up", lambda m: [main_arg("wake", target(m.group(1)))]),
    Template("rest", rf"rest {TARGET}", lambda m: [main_arg("rest", target(m.group(1)))]),
    Template("stay rested", rf"{TARGET} (?:doesn't|don't|does not|do not) wake up during "
                            r"(?:its|their) controller's next wake up phase",
             lambda m: [main_arg("stay_rested", target(m.group(1)))]),
    Template("enter rested", r"until end of turn, ((?:[\w-]+ )*?(?:allies|items|weapons|units|"
                             r"objects)(?: you control| your opponents control)?) enter the "
                             r"field rested",
             lambda m: [{"this_turn": {"enter_rested": {"applies_to": object_filter(
                 m.group(1))}}}]),
    Template("end combat", r"end the combat phase", lambda m: [{"end_combat": {}}]),
    Template("distant", rf"{TARGET} becomes? distant",
             lambda m: [main_arg("become_distant", target(m.group(1)))]),
    Template("prevent next time", rf"the next time (?:damage would be dealt to {TARGET}|{TARGET} "
                                  r"would (?:be dealt|take) damage) this turn, prevent (?:(all "
                                  rf"but )?{AMOUNT} of )?(?:that damage|it)", _next_time),
    Template("prevent", rf"prevent the next {AMOUNT} (non-combat )?damage that would be dealt "
                        rf"to {TARGET} this turn",
             lambda m: [{"prevent": {"amount": quantity(m.group(1)),
                                     "target": target(m.group(3)),
                                     **({"non_combat": True} if m.group(2) else {})}}]),
    Template("return to hand", rf"return {TARGET} to (?:its|their) owners?'s? hands?",
             lambda m: [{"move": {"target": target(m.group(1)), "to": "hand"}}]),
    Template("return to hand", rf"return ({TARGET} from your graveyard) to your "
                               r"(?P<to>hand|memory)",
             lambda m: [{"move": {"target": target(m.group(1)), "to": m.group("to").lower()}}]),
    Template("return to memory", rf"return {TARGET} to (?:its|their) owners?'s? memor(?:y|ies)",
             lambda m: [{"move": {"target": target(m.group(1)), "to": "memory"}}]),
    Template("return to material", rf"return {TARGET} to (?:its|their) owners?'s? material "
                                   r"decks?",
             lambda m: [{"move": {"target": target(m.group(1)), "to": "material"}}]),
    Template("level up", r"level up your champion", lambda m: [{"level_up": {}}]),
    Template("summon", rf"summon (another|{NUM[1:-1]}) ([A-Z][\w' ]*?) tokens?( rested)?"
                       rf"(?: (?:each )?with {NUM} (\w+) counters? on (?:it|them))?", _summon),
    Template("pay", r"pay \((\d+)\)",
             lambda m: [{"if": {"when": {"can_pay": int(m.group(1))},
                                "then": [{"pay": int(m.group(1))}]}}]),
    Template("mill", rf"(each player |each opponent |that opponent |target player )?puts? the "
                     rf"top (?:(X|{NUM[1:-1]}) )?cards? (?:from|of) (?:your|their) deck into "
                     "(?:your|their) graveyard", _mill),
    Template("mill", rf"()banish the top (?:(X|{NUM[1:-1]}) )?cards? of your deck",
             lambda m: [{"mill": {**_mill(m)[0]["mill"], "to": "banishment"}}]),
    Template("grant keyword", rf"{TARGET} gains? ([a-z ,]+?(?: \d+)?) until end of turn", _grant),
    Template("lose keyword", rf"{TARGET} loses? ([a-z ,]+?) until end of turn", _lose),
    Template("grant until next turn", rf"{TARGET} gains? ([a-z ,]+?(?: \d+)?) until the beginning "
                                      "of your next turn",
             lambda m: [{"grant": {**s["grant"], "until": "next_turn"}} for s in _grant(m)]),
    Template("discard", rf"discard {NUM} ((?:[\w-]+ )*cards?)", _discard),
    Template("discard", r"discard up to one ((?:[\w-]+ )*cards?)",  # "you may discard a ..."
             lambda m: steps_of(f"you may discard a {m.group(1)}", [])),
    Template("banish cards", rf"banish {NUM} ((?:[\w-]+ )*cards?(?: with [a-z ]+)?) from your "
                             "(graveyard|hand|memory)", _banish_cards),
    Template("next card costs", rf"the next ((?:[\w-]+ )*card) you activate this turn costs "
                                rf"{NUM} (less|more) to activate", _next_cost),
    Template("move cards", rf"(?:return|put) {NUM} ((?:[\w-]+ )*cards?(?: with [a-z ]+)?) from "
                           r"your (graveyard|hand|memory|banishment) (?:to|into|on) (?:your |the )?"
                           r"(hand|memory|graveyard|bottom of your deck|top of your deck)",
             _move_cards),
    Template("move cards", rf"banish {NUM} ((?:[\w-]+ )*cards?) at random from your "
                           r"(graveyard|hand|memory)", _move_cards),
    Template("sacrifice", rf"sacrifice {TARGET}",
             lambda m: [main_arg("sacrifice", target(m.group(1)))]),
    Template("banish", rf"banish {TARGET}",
             lambda m: [{"move": {"target": target(m.group(1)), "to": "banishment"}}]),
    Template("gain control", rf"gain control of {TARGET}",
             lambda m: [main_arg("take_control", target(m.group(1)))]),
)


def steps_of(sentence: str, used: list[str]) -> list[dict[str, Any]]:
    """One sentence (no final period) -> effect steps; "and"/"then" join two; ", where X
    is ..." fills the sentence's X; "... for each ..." multiplies its one number."""
    sentence = sentence.strip().rstrip(".").strip()
    sentence = re.sub(r"^then,? ", "", sentence, flags=re.IGNORECASE)
    sentence = re.sub(r"\b(allies|units|ally|unit|control) also (gets?|gains?|becomes?)\b",
                      r"\1 \2", sentence, flags=re.IGNORECASE)  # "those allies also get ..."
    several = re.match(rf"(.*?)\bup to {NUM} target (.+)", sentence, flags=re.IGNORECASE)
    if several and amount(several.group(2)) > 1:  # "up to two target allies": N targets
        one = steps_of(f"{several.group(1)}up to one target {several.group(3)}", used)
        selector = _selector_of(one[-1]) if len(one) == 1 else None
        if not (isinstance(selector, dict) and "up_to_target" in selector):
            raise NotUnderstood(sentence)
        again = {"up_to_target": {**selector["up_to_target"], "distinct": True}}
        return one + [_retarget(one[0], again) for _ in range(amount(several.group(2)) - 1)]
    leading = re.fullmatch(r"for each ([^,]+), (.+)", sentence, flags=re.IGNORECASE)
    if leading:  # "For each Human ally you control, put ..." reads as "put ... for each ..."
        return steps_of(f"{leading.group(2)} for each {leading.group(1)}", used)
    where = re.fullmatch(r"(.+?),? where x is (.+)", sentence, flags=re.IGNORECASE)
    if where:
        steps = filled(steps_of(where.group(1), used), counted(where.group(2)))
        used.append("where X is")
        return steps
    late = re.fullmatch(r"(.+?) (for each .+?) (until end of turn)", sentence, flags=re.IGNORECASE)
    if late:  # "... get +1 POWER for each X until end of turn": the duration first
        sentence = f"{late.group(1)} {late.group(3)} {late.group(2)}"
    each = re.fullmatch(r"(.+?) for each (.+)", sentence, flags=re.IGNORECASE)
    if each:
        steps = times(steps_of(each.group(1), used), counted(each.group(2)))
        used.append("for each")
        return steps
    may = re.match(r"you may (.+)", sentence, flags=re.IGNORECASE)
    if may:
        steps = steps_of(may.group(1), used)
        guard = steps[0]["if"] if len(steps) == 1 and "if" in steps[0] else None
        if guard and "otherwise" not in guard:  # only offered when it can be done
            return [{"if": {**guard, "then": [{"may": guard["then"]}]}}]
        return [{"may": steps}]
    chosen = re.fullmatch(r"choose (an? [^,]+?) and (.+ (?:it|them))", sentence, re.IGNORECASE)
    if chosen:  # "choose a unit and deal 2 damage to it"
        steps = steps_of(chosen.group(2), used)
        if len(steps) != 1 or _selector_of(steps[0]) != "same_target":
            raise NotUnderstood(sentence)
        return _with_choice(_retarget(steps[0], target(chosen.group(1))))
    for template in (*mechanics.STEP_TEMPLATES, *STEP_TEMPLATES):
        try:
            steps = template.match(sentence)
        except NotUnderstood:  # its words fit, its parts do not: maybe two steps joined
            continue
        if steps is not None:
            used.append(template.name)
            return [s for step in steps for s in _with_choice(step)]
    for joint in (", then ", " and then ", ", and ", " and "):
        if joint in sentence:
            head, tail = sentence.split(joint, 1)
            return steps_of(head, used) + steps_of(tail, used)
    raise NotUnderstood(sentence)


def _selector_of(step: dict[str, Any]) -> Any:
    """The object selector of a step (None if it acts on no object)."""
    ((op, args),) = step.items()
    if op in MAIN_OPS:
        return args
    return args.get("target") if isinstance(args, dict) else None


def _retarget(step: dict[str, Any], selector: Any) -> dict[str, Any]:
    ((op, args),) = step.items()
    return {op: selector if op in MAIN_OPS else {**args, "target": selector}}


def _with_choice(step: dict[str, Any]) -> list[dict[str, Any]]:
    """A step on an object chosen as it resolves, only when one fits: so that a "you may"
    before it is offered only then, and "if you do" holds exactly when it was done."""
    selector = _selector_of(step)
    if not (isinstance(selector, dict) and "choose" in selector):
        return [step]
    return [{"if": {"when": {"amount": {"count": selector["choose"]}, "at_least": 1},
                    "then": [step]}}]


SCALED = ("amount", "power", "life")


def times(steps: list[dict[str, Any]], spec: dict[str, Any]) -> list[dict[str, Any]]:
    """One step whose one number (its amount, or a boost's power or life) is N per thing
    counted: ``deal 2 damage ... for each ally you control``."""
    if len(steps) != 1:
        raise NotUnderstood("for each over several steps")
    ((op, args),) = steps[0].items()
    if not isinstance(args, dict):
        args = {"amount": args}
    numbers = [k for k in SCALED if isinstance(args.get(k), int) and args[k]]
    if len(numbers) != 1:
        raise NotUnderstood("for each without one number")
    key = numbers[0]
    count = spec.get("count", {})
    if count.get("another") and args.get("target", "self") != "self":
        # "another" reads the source; "for each other ally you control" after a target of
        # those same allies counts the others than the target, which is one of them
        others = {k: v for k, v in count.items() if k != "another"}
        selector = args.get("target")
        if not (isinstance(selector, dict) and len(selector) == 1 and others in (
                selector.get("target"), selector.get("up_to_target"))):
            raise NotUnderstood("other than the target")
        return [{op: {**args, key: {**spec, "count": others, "plus": -args[key],
                                    **({"times": args[key]} if args[key] != 1 else {})}}}]
    scaled = {**spec, "times": args[key]} if args[key] != 1 else spec
    return [{op: {**args, key: scaled}}]


def sentences(body: str) -> list[str]:
    """The sentences of a text; the three of "look at the top N, take one, the rest to
    the bottom" stay one (joined by semicolons), for the template that reads them."""
    body = mechanics.join_sentences(body)
    body = re.sub(r"(look at the top [^.]+ of your deck)\. ((?:you may )?reveal [^.]+ from "
                  r"among them [^.]+)\. (put the rest[^.]+)", r"\1; \2; \3", body.strip(),
                  flags=re.IGNORECASE)
    body = re.sub(r"(reveal cards from the top of your deck until you reveal [^.]+)\. (put that "
                  r"card [^.]+)", r"\1; \2", body, flags=re.IGNORECASE)
    body = re.sub(r"(look at the top [\w+]+ cards of your deck)\. (put one of (?:those cards|them) "
                  r"[^.]+)", r"\1; \2", body, flags=re.IGNORECASE)
    body = re.sub(r"(look at the top card of your deck)\. (you may put it into your "
                  r"graveyard)", r"\1; \2", body, flags=re.IGNORECASE)
    body = re.sub(r"(reveal the top card of your deck)\. (if (?:that card|it) is [^.]+, put it "
                  r"into your hand)", r"\1; \2", body, flags=re.IGNORECASE)
    return [s for s in re.split(r"(?<=[.!])\s+", body) if s.strip()]


def declares(steps: list[dict[str, Any]],
             modes: tuple[str, ...] = ("target", "up_to_target")) -> bool:
    """Whether steps declare a target (which steps written twice would declare twice): a
    step's selector ``target``/``up_to_target`` (those of ``modes``), or one in a branch
    (``if``, ``may``)."""
    for step in steps:
        ((op, args),) = step.items()
        if op in ("if", "may"):
            branches = [args] if isinstance(args, list) else [
                v for k, v in args.items() if k in ("then", "otherwise", "effect")]
            if any(declares(b, modes) for b in branches):
                return True
            continue
        selector = _selector_of(step)
        if isinstance(selector, dict) and set(selector) & set(modes):
            return True
    return False


def locked_target(steps: list[dict[str, Any]]) -> bool:
    """Whether steps behind a restriction bubble ("[Class Bonus] Target ally you control
    gets +2 POWER") declare a required target. The bubble locks them while its condition
    fails, their targets too, and decides as the card is activated ("Restrictions, Types
    of Restrictions"); an ``if`` on the condition would still declare (and require) the
    target on every activation and check the condition again as it resolves, so such
    steps are not understood."""
    return declares(steps, ("target",))


def _otherwise_may(steps: list[dict[str, Any]], alternative: list[dict[str, Any]]) -> bool:
    """Give the "you may" that ends ``steps`` the steps to run when it is declined, and the
    guards around it (it was not offered) the same; False if there is no such "you may"."""
    if not steps:
        return False
    last = steps[-1]
    if "may" in last:
        last["may"] = {"effect": last["may"], "otherwise": alternative}
        return True
    if "if" in last and "otherwise" not in last["if"] and _otherwise_may(
            last["if"]["then"], alternative):
        last["if"]["otherwise"] = list(alternative)
        return True
    return False


def _tail_may(steps: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The steps of the "you may" that ends ``steps`` (perhaps inside a guard or a bonus
    without an otherwise), for the "if you do" after it; None if there is none."""
    if not steps:
        return None
    last = steps[-1]
    if "may" in last:
        return last["may"]["effect"] if isinstance(last["may"], dict) else last["may"]
    if "if" in last and "otherwise" not in last["if"]:
        return _tail_may(last["if"]["then"])
    return None


def refer_back(steps: list[dict[str, Any]], event: bool,
               seen: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """References back ("it", "that ally"): after a declared target, that target
    (`same_target`); before any, "that ally" is the object of the triggering event
    (`that_object`, in a trigger on another object's event) and "it" the object the
    effect last acted on ("wake up ~, and it gets ...", "put a counter on ~; ... on it
    instead": ``self``), or the event's object when there is none yet."""
    seen = {"declared": False, "last": None} if seen is None else seen
    out = []
    for step in steps:
        ((op, args),) = step.items()
        if op == "may":  # its steps, or {effect, otherwise}
            out.append({op: {k: refer_back(v, event, seen) for k, v in args.items()}
                         if isinstance(args, dict) else refer_back(args, event, seen)})
            continue
        if op == "if":  # what "instead" replaces is what "it" names in the replacement:
            order = ("then", "otherwise") if declares(args["then"]) else ("otherwise", "then")
            branches = {k: refer_back(args[k], event, seen) for k in order if k in args}
            out.append({op: {k: branches.get(k, v) for k, v in args.items()}})
            continue
        key = "target" if op not in MAIN_OPS and isinstance(args, dict) and "target" in args \
            else None
        if key is None and op not in MAIN_OPS:  # no object acted on ("draw: 1")
            out.append(step)
            continue
        selector = args["target"] if key else args
        if isinstance(selector, dict) and set(selector) & {"target", "up_to_target"}:
            seen["declared"] = "several" if selector.get("up_to_target", {}).get(
                "distinct") else True
        elif selector in ("same_target", THAT):
            if seen["declared"] == "several":  # "them": which of the several targets?
                raise NotUnderstood("a reference back to several targets")
            if seen["declared"]:
                selector = "same_target"
            elif selector == THAT or seen["last"] is None:  # "that ally": the event's
                selector = "that_object" if event else seen["last"]
            else:  # "it": what the effect last acted on
                selector = seen["last"]
            if selector is None or (isinstance(selector, dict) and "choose" in selector):
                raise NotUnderstood("a reference back to nothing, or to a chosen object")
            args = {**args, "target": selector} if key else selector
        if isinstance(selector, (str, dict)) and selector != "same_target":
            seen["last"] = selector
        out.append({op: args})
    return out


def replaced(steps: list[dict[str, Any]], when: dict[str, Any], new: list[dict[str, Any]]
             ) -> list[dict[str, Any]]:
    """"..., X instead": ``new`` runs instead of ``steps`` when the condition holds. Steps
    that declare a target come first (``then``, under the condition's negation), so that
    the replacement and the condition can name that target (some damage to the target,
    more "to it instead" when "that unit" is rested)."""
    if declares(steps):
        return [{"if": {"when": {"not": when}, "then": steps, "otherwise": new}}]
    return [{"if": {"when": when, "then": new, "otherwise": steps}}]


def effect_of(body: str, used: list[str], event: bool = False) -> list[dict[str, Any]]:
    """Several sentences -> steps: "If you do, ..." joins the "you may" before it; "Class
    Bonus: ... instead." replaces what came before when the condition holds. ``event``:
    the ability triggers on another object's event, which "that ally" names."""
    steps: list[dict[str, Any]] = []
    for sentence in sentences(body):
        sentence = re.sub(r"^then,? (?=if )", "", sentence, flags=re.IGNORECASE)
        if_do = re.match(r"(?:if|when) you do, (.+)", sentence, flags=re.IGNORECASE)
        if_dont = re.match(r"if you don't, (.+)", sentence, flags=re.IGNORECASE)
        bonus = re.match(r"\[?((?:class|element) bonus|level \d+\+)\]?:? (.+)", sentence,
                         flags=re.IGNORECASE)
        condition = re.match(r"if (?!you do\b|you don't,)(?![^,]* would )([^,]+), (.+)",
                             sentence, flags=re.IGNORECASE)  # ("would": a replacement)
        instead = condition and re.fullmatch(r"(.+?) instead\.?", condition.group(2),
                                             flags=re.IGNORECASE)
        if instead:  # "If CONDITION, X instead.": X replaces what came before
            when = condition_of(condition.group(1))
            if not steps or ("target" in when and not declares(steps)):
                raise NotUnderstood(sentence)  # (a target condition would read a later one)
            steps = replaced(steps, when, steps_of(instead.group(1), used))
            used.append("if instead")
        elif condition:
            steps.append({"if": {"when": condition_of(condition.group(1)),
                                 "then": steps_of(condition.group(2), used)}})
            used.append("if condition")
        elif if_dont:  # the "you may" before it, declined or not offered
            alternative = steps_of(if_dont.group(1), used)
            if declares(alternative) or not _otherwise_may(steps, alternative):
                raise NotUnderstood(sentence)
            used.append("if you don't")
        elif if_do:
            done = _tail_may(steps)
            if done is None:
                raise NotUnderstood(sentence)
            done += steps_of(if_do.group(1), used)
            used.append("if you do")
        elif bonus:
            when = restriction(bonus.group(1))
            rest = bonus.group(2).strip()
            if sentence.startswith("[") and locked_target(steps_of(rest, [])):
                raise NotUnderstood(sentence)
            instead = re.fullmatch(r"(.+?) instead\.?", rest, flags=re.IGNORECASE)
            if instead:
                if not steps:
                    raise NotUnderstood(sentence)
                steps = replaced(steps, when, steps_of(instead.group(1), used))
                used.append("bonus instead")
            else:
                also = re.fullmatch(r"if ([^,]+), (.+)", rest, flags=re.IGNORECASE)
                if also:  # "Class Bonus: If CONDITION, ...": both must hold
                    merge(when, condition_of(also.group(1)))
                    rest = also.group(2)
                steps.append({"if": {"when": when, "then": steps_of(rest, used)}})
                used.append("bonus")
        else:
            steps += steps_of(sentence, used)
    if has_x(steps):
        raise NotUnderstood(body)
    return refer_back(steps, event)


# --- abilities ----------------------------------------------------------------------

# "Whenever X ...": the event kinds (docs/cards.md, Triggers).
WHENEVER = {"dies": "dies", "attacks": "attacks", "enters the field": "enters",
            "becomes distant": "counters_placed", "is dealt damage": "dealt_damage",
            "levels up": "levels_up"}
TRIGGERS = {"on enter": "on_enter", "on attack": "on_attack", "on hit": "on_hit",
            "on death": "on_death", "on leave": "on_leave", "on kill": "on_kill"}
HIT_TRIGGERS = {"on champion hit": "champion", "on ally hit": "ally"}
PHASE_TRIGGERS = {"recollection": "on_recollection", "end": "on_end_phase"}


def sacrificed(n: str, what: str) -> list[dict[str, Any]]:
    """"two Cogs" -> a filter per object to sacrifice (a plural subtype read singular)."""
    count = amount(n)
    if count > 1 and re.fullmatch(r"[A-Z][a-z]+s", what):
        what = what[:-1]
    return [object_filter(what) for _ in range(count)]


def cost_of(text: str) -> dict[str, Any]:
    """``REST, (2)`` -> an activated ability's cost."""
    cost: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(",")):
        low = part.lower()
        reserve = re.fullmatch(r"\((\d+)\)", part)
        remove = re.fullmatch(rf"remove {NUM} (\w+) counters? from (.+)", low)
        if low == "rest":
            cost["rest"] = True
        elif reserve:
            cost["reserve"] = int(reserve.group(1))
        elif low in ("sacrifice ~", "sacrifice this"):
            cost["sacrifice"] = True
        elif low in ("banish ~", "banish this"):
            cost["banish"] = True
        elif low.startswith("sacrifice ") and low not in ("sacrifice ~", "sacrifice this"):
            # other objects: "Sacrifice three Herbs", "Sacrifice an Automaton ally and a
            # Human ally"
            for one in re.split(r" and (?=(?:a|an|one|two|three|four) )", part[10:]):
                each = re.fullmatch(rf"{NUM} (.+)", one, flags=re.IGNORECASE)
                if each is None or each.group(2).lower().startswith(("other", "another")):
                    raise NotUnderstood(part)
                cost.setdefault("sacrifices", []).extend(sacrificed(*each.groups()))
        elif remove and target(remove.group(3)) in ("self", "your_champion"):
            key = "remove_counters" if target(remove.group(3)) == "self" else "champion_counters"
            cost.setdefault(key, {})[remove.group(2)] = amount(remove.group(1))
        else:
            raise NotUnderstood(part)
    return cost


OWN_COST = re.compile(rf"(?:this card|~) costs {NUM} (less|more) to (activate|materialize)"
                      rf"(?: for each (?:of up to {NUM} )?(.+))?", flags=re.IGNORECASE)
# Label keywords name a group of cards and do nothing themselves ("Label Keywords 1").
LABELS = r"(?:balance|deluge \d+|harmonize|equestrian|upkeep)\s*—\s*"


# Two statics of one subject joined by "and" (`_Card._static_pair`).
STATIC_VERB = r"(?:gets?|has|have|loses?)"
STATIC_PAIR = re.compile(rf"(.+?) ({STATIC_VERB} .+?),? and ({STATIC_VERB} .+?)\.?",
                         flags=re.IGNORECASE)


def static_of(sentence: str, used: list[str]) -> dict[str, Any]:
    """A static sentence: "~ gets +1 POWER", "Allies you control get +1 LIFE"."""
    sentence = sentence.strip().rstrip(".")
    cost = OWN_COST.fullmatch(sentence)
    if cost:
        used.append("own cost")
        change: Any = amount(cost.group(1))
        if cost.group(5):  # "for each (of up to N) X": N at most counted
            each = counted(cost.group(5))
            change = {**each, **({"times": change} if change != 1 else {}),
                      **({"max": amount(cost.group(4))} if cost.group(4) else {})}
        return {"own_cost": {"cost": "reserve" if cost.group(3).lower() == "activate"
                             else "memory", "op": "subtract" if cost.group(2) == "less"
                             else "add", "amount": change}}
    has = re.fullmatch(r"(.+?) (?:has|have) ([a-z]+(?: [a-z]+)?(?: \d+)?)", sentence)
    granted = keyword_of(has.group(2)) if has else None
    if has and granted and granted[0] in FIELD_KEYWORDS:  # "Ranger units you control have ..."
        applies = _applies(has.group(1), sentence)
        used.append("static keyword")
        return {"grant_keyword": {"keyword": granted[0], "applies_to": applies,
                                  **({"amount": granted[1]} if granted[1] else {})}}
    buried = re.fullmatch(r"((?:[\w-]+ )*?cards?) in your graveyard have floating memory",
                          sentence, flags=re.IGNORECASE)
    if buried:  # "Sword cards in your graveyard have floating memory"
        used.append("graveyard keyword")
        return {"graveyard_keyword": {"keyword": "floating_memory", "applies_to": {
            **object_filter(buried.group(1)), "controller": "you"}}}
    others = OTHERS_COST.fullmatch(sentence)
    if others and not others.group("turn"):  # "Mage Spell cards you activate cost 2 less"
        used.append("cost changes")
        return others_cost(others)
    shield = PREVENTION.fullmatch(sentence)
    if shield and not shield.group("turn"):  # "If damage would be dealt to ~, prevent 2 ..."
        used.append("prevention")
        return prevention(shield)
    loses = re.fullmatch(r"(.+?) loses? ([a-z]+(?: [a-z]+)?)", sentence)
    lost = loses.group(2).replace(" ", "_") if loses else None
    if loses and lost in FIELD_KEYWORDS:  # "~ loses pride" (any number of it)
        used.append("static keyword")
        return {"remove_keyword": {"keyword": lost,
                                   "applies_to": _applies(loses.group(1), sentence)}}
    attacks = re.fullmatch(r"(.+?)'s attacks get ([+\-−])(\d+) POWER", sentence)
    if attacks:  # "~'s attacks get +1 POWER"
        used.append("static attacks")
        return {"modify_attacks": {"power": int(attacks.group(3)) * (
            -1 if attacks.group(2) in "-−" else 1), "applies_to": _applies(attacks.group(1),
                                                                            sentence)}}
    where_x = re.fullmatch(r"(.+?) gets? \+X (POWER|LIFE),? where X is (.+)", sentence)
    if where_x:  # "~ gets +X LIFE where X is ...": +1 for each thing X counts
        used.append("static stats")
        return {"modify_stats": {where_x.group(2).lower(): 1, "for_each": counted(
            where_x.group(3)), "applies_to": _applies(where_x.group(1), sentence)}}
    gets = re.fullmatch(rf"(.+?) gets? {STATS}", sentence)
    if gets:  # "it" in a static is the object itself ("as long as ~ is ..., it gets")
        applies = _applies(gets.group(1), sentence)
        used.append("static stats")
        return {"modify_stats": {**_stats(gets, 2), "applies_to": applies}}
    barred = re.fullmatch(r"(your opponents|players|you) can't recover", sentence,
                          flags=re.IGNORECASE)
    if barred:  # "Your opponents can't recover"
        used.append("can't recover")
        return {"no_recover": {"players": {"your opponents": "opponent", "players": "each",
                                           "you": "you"}[barred.group(1).lower()]}}
    deeper = mechanics.static_of(sentence, used)
    if deeper is None:
        raise NotUnderstood(sentence)
    return deeper


def _applies(phrase: str, sentence: str) -> dict[str, Any]:
    """What a static applies to: this object ("~", "it"), or every object a plural phrase
    names ("allies you control")."""
    selector = "self" if phrase.lower() == "it" else target(phrase)
    if selector == "self":
        return {"self": True}
    if isinstance(selector, dict) and "each" in selector:
        return selector["each"]
    raise NotUnderstood(sentence)


HOW_MANY = rf"(no|{NUM} or (?:more|fewer)|exactly {NUM})"


def _how_many(how: str, most: str | None, exactly: str | None) -> dict[str, int]:
    """The bounds of `HOW_MANY`'s groups: "no", "N or more", "N or fewer", "exactly N"."""
    if how.lower() == "no":
        return {"at_most": 0}
    if exactly:
        return {"at_least": amount(exactly), "at_most": amount(exactly)}
    return {"at_most" if how.lower().endswith("fewer") else "at_least": amount(most or "")}


def condition_of(text: str) -> dict[str, Any]:
    """``as long as``/``if`` conditions: you control X; it's your turn; ~ is distant."""
    low = text.lower().strip()
    counted_control = re.fullmatch(rf"(you|an opponent|each opponent) controls? {HOW_MANY} (.+)",
                                   text.strip(), re.IGNORECASE)
    if counted_control:  # "you control two or more allies", "an opponent controls no allies"
        who, how, most, exactly, what = counted_control.groups()
        flt = {**object_filter(what), "controller": "you" if who.lower() == "you" else
               "opponent"}
        bounds = _how_many(how, most, exactly)
        return {"amount": {"count": flt}, **bounds}
    if re.fullmatch(r"an opponent controls (a|an) (.+)", text.strip(), re.IGNORECASE):
        what = text.strip().split(" ", 4)[4]
        return {"amount": {"count": {**object_filter(what), "controller": "opponent"}},
                "at_least": 1}
    if low.startswith("you don't control "):  # "you don't control a unique ally"
        return {"not": condition_of("you control " + text.strip()[len("you don't control "):])}
    control = re.fullmatch(r"you control (a|an|another) (.+)", text.strip(), re.IGNORECASE)
    if control:
        flt = object_filter(control.group(2))
        if control.group(1).lower() == "another":
            flt["another"] = True
        return {"controls": flt}
    have = re.fullmatch(rf"(you have|there (?:are|is)|an opponent has) {HOW_MANY} ((?:[\w-]+ )*"
                        "cards?) in (?:your|their) (graveyard|banishment|hand|memory)",
                        text.strip(), re.IGNORECASE)
    if have and ("their" in low) == have.group(1).lower().startswith("an opponent"):
        who, how, most, exactly, what, zone = have.groups()
        bounds = _how_many(how, most, exactly)
        whose = {"player": "opponent"} if who.lower() == "an opponent has" else {}
        return {"amount": {"cards": {"zone": zone.lower(), **whose, **object_filter(what)}},
                **bounds}
    hurt = re.fullmatch(rf"your champion has ({NUM} or more|zero|no) damage counters on "
                        "(?:them|it|him|her)", low)
    if hurt:
        return {"champion": {"damage": {"at_most": 0} if hurt.group(1) in ("zero", "no") else
                             {"at_least": amount(hurt.group(2))}}}
    champ = re.fullmatch(r"your champion is (rested|awake|distant|damaged)", low)
    if champ:
        word = champ.group(1)
        return {"champion": {"rested": False} if word == "awake" else {word: True}}
    influence = re.fullmatch(rf"(your|your opponent's) influence is {NUM} or (less|more)", low)
    if influence:  # "Influence 1": cards in hand and memory
        bound = "at_most" if influence.group(3) == "less" else "at_least"
        return {"amount": {"influence": "you" if influence.group(1) == "your" else "opponent"},
                bound: amount(influence.group(2))}
    if low in ("it's your turn", "it is your turn"):
        return {"your_turn": True}
    combat = re.fullmatch(r"(~|it|your champion) (?:is|'s) (attacking|retaliating)(?: (?:a|an) "
                          r"(.+))?", text.strip().replace("it's", "it 's"), re.IGNORECASE)
    if combat:
        who, doing, what = combat.groups()
        if doing.lower() == "retaliating" and what:
            raise NotUnderstood(text)
        state: dict[str, Any] = ({"retaliating": True} if doing.lower() == "retaliating" else
                                 {"attacking": object_filter(what) if what else {}})
        return {"champion" if who.lower() == "your champion" else "self": state}
    that = re.fullmatch(r"(?:that unit|that ally|that champion|it) is (?:(a|an) (.+)|(rested|"
                        r"unique|defending|attacking))", text.strip(), re.IGNORECASE)
    if that:  # "if that ally is an Automaton": the object of the target before
        word = (that.group(3) or "").lower()
        return {"target": object_filter(that.group(2)) if that.group(1) else
                {"supertype": ["unique"]} if word == "unique" else
                {"attacking": {}} if word == "attacking" else {word: True}}
    has = re.fullmatch(r"(?:that unit|that ally|that champion|it) has ([a-z ]+)", low)
    now = keyword_of(has.group(1)) if has else None
    if now:  # "if that unit has stealth": the target's keywords now, granted ones too
        return {"target": {"has_keyword": [now[0]]}}
    discarded = re.fullmatch(r"(?:(?:a|an) ((?:[\w-]+ )*?card) was discarded|you didn't "
                             r"discard (?:a|an) ((?:[\w-]+ )*?card))", text.strip(), re.IGNORECASE)
    if discarded:  # "if a fire element card was discarded": by this effect's discard
        flt = object_filter(discarded.group(1) or discarded.group(2))
        return {"discarded": flt} if discarded.group(1) else {"not": {"discarded": flt}}
    counters = re.fullmatch(rf"there are {NUM} or more (\w+) counters on ~", low)
    if counters:
        return {"amount": {"counters": {"kind": counters.group(2)}},
                "at_least": amount(counters.group(1))}
    if re.fullmatch(r"(?:a|an) (?:unit|ally) is attacking", low):  # any attack in progress
        return {"amount": {"count": {**object_filter(low.split()[1]), "attacking": {}}},
                "at_least": 1}
    state = re.fullmatch(r"~ is (rested|awake|distant|damaged)", low)
    if state:
        word = state.group(1)
        return {"self": {"rested": False} if word == "awake" else {word: True}}
    return mechanics.condition_of(text)


def restriction(words: str) -> dict[str, Any]:
    """A restriction bubble -> a condition: ``Class Bonus``, ``Element Bonus``, ``Level
    2+``, ``Lorraine Bonus`` (a Champion Bonus: the champion's lineage name)."""
    low = words.strip().lower()
    if low == "class bonus":
        return {"class_bonus": True}
    if low == "element bonus":
        return {"element_bonus": True}
    level = re.fullmatch(r"level (\d+)\+", low)
    if level:
        return {"level": int(level.group(1))}
    damage = re.fullmatch(r"damage (\d+)\+", low)
    if damage:  # "[Damage N+]": your champion has N or more damage
        return {"champion": {"damage": {"at_least": int(damage.group(1))}}}
    memory = re.fullmatch(r"memory (\d+)\+", low)
    if memory:  # "[Memory N+]": N or more cards in your memory
        return {"amount": {"cards": {"zone": "memory"}}, "at_least": int(memory.group(1))}
    champion = re.fullmatch(r"([A-Z][\w' ]*) Bonus", words.strip())
    if champion:
        return {"champion_name": champion.group(1)}
    raise NotUnderstood(words)


def merge(requires: dict[str, Any], condition: dict[str, Any]) -> None:
    """Add a condition's keys to an ability's ``requires``; two conditions of one key (two
    amounts compared) cannot both be said, so that is not understood."""
    if set(requires) & set(condition):
        raise NotUnderstood("two conditions of one kind")
    requires.update(condition)


class _Card:
    """Translates one card's abilities into fields."""

    def __init__(self, name: str, card_type: str | None) -> None:
        self.name = name
        self.type = card_type
        self.out = Translation()
        self.keywords: list[Any] = []
        self.abilities: list[dict[str, Any]] = []
        self.effect: list[dict[str, Any]] = []

    @property
    def resolves(self) -> bool:
        return self.type in ("action", "attack")

    def line(self, line: str, bullets: list[str]) -> None:
        used: list[str] = []
        requires: dict[str, Any] = {}
        inherited = False
        rest = line.strip()
        while True:
            prefix = re.match(rf"\[([^\]]+)\]\s*|inherited effect\s*[:—-]\s*|({LABELS})|"
                              r"((?:class|element) bonus):\s*(?!.* instead\.?$)", rest,
                              flags=re.IGNORECASE)  # (a bonus line's "instead": not alone)
            if prefix is None:
                break
            if prefix.group(2):
                used.append("label keyword")
            elif prefix.group(1) is None and prefix.group(3) is None:
                inherited = True
            else:
                merge(requires, restriction(prefix.group(1) or prefix.group(3)))
                if re.fullmatch(r"memory \d+\+", prefix.group(1) or "", flags=re.IGNORECASE):
                    used.append("memory N+")
            rest = rest[prefix.end():]
        attacking = re.fullmatch(r"(other )?(.+? get) (.+) as long as they're attacking\.?", rest,
                                 flags=re.IGNORECASE)
        if attacking:  # "... get +1 POWER as long as they're attacking": attacking ones get it
            rest = f"{attacking.group(1) or ''}attacking {attacking.group(2)} {attacking.group(3)}"
        if self.type == "attack":  # an attack card's attacker is its player's champion
            rest = re.sub(r"\bthe attacker\b(?!')", "your champion", rest, flags=re.IGNORECASE)
        rest = mechanics.lead_condition(rest)
        own_if = re.fullmatch(r"((?:this card|~) costs \S+ (?:less|more) to \w+) if ([^,.]+)\.?",
                              rest, flags=re.IGNORECASE)
        if_own = re.fullmatch(r"if ([^,]+), ((?:this card|~) costs \S+ (?:less|more) to \w+)\.?",
                              rest, flags=re.IGNORECASE)
        if own_if:  # "this card costs 2 less to activate if you control ..."
            rest = f"As long as {own_if.group(2)}, {own_if.group(1)}."
        elif if_own:  # "If you control ..., this card costs 2 less to activate."
            rest = f"As long as {if_own.group(1)}, {if_own.group(2)}."
        as_long = re.match(r"as long as ([^,]+), (.+)", rest, flags=re.IGNORECASE)
        if as_long and (not self.resolves or OWN_COST.fullmatch(as_long.group(2).rstrip("."))
                        or self._own_power(as_long.group(2))):
            merge(requires, condition_of(as_long.group(1)))
            used.append("as long as")
            rest = as_long.group(2)
        if self._keywords(rest, requires, inherited) or mechanics.card_line(
                self.out, self.abilities, rest, requires, inherited, self.type) or \
                self._sacrifice_cost(rest, bool(requires or inherited)) or \
                self._attack_cost(rest, bool(requires or inherited)):
            return
        limit = re.fullmatch(r"activate this card only (?:if (.+?)|during (your|an opponent's) "
                             r"(turn|\w+ phase))\.?", rest, flags=re.IGNORECASE)
        if limit:  # a restriction on activating the card itself
            if limit.group(1):
                merge(requires, condition_of(limit.group(1)))
            else:
                merge(requires, {"your_turn": limit.group(2).lower() == "your"})
                if limit.group(3).lower() != "turn":
                    merge(requires, {"phase": limit.group(3).lower().split()[0]})
            self.abilities.append({"static": {"activation_limit": {}}, "requires": requires})
            self.out.templates += [*used, "activation limit"]
            return
        lineage = re.fullmatch(r"(\S.*?) lineage", rest, flags=re.IGNORECASE)
        if lineage and self.type == "champion":
            self.out.fields["lineage"] = (self.name.split(",")[0].strip()
                                          if lineage.group(1) == "~" else lineage.group(1))
            self.out.templates.append("lineage")
            return
        if bullets:
            self._modes(rest, bullets, requires, used)
            self.out.templates += used
            return
        if self._static_pair(rest, requires, inherited, used):
            return
        ability = self._ability(rest, used)
        if ability is not None and "requires" in ability:  # its own, and those in front
            merge(requires, ability.pop("requires"))
        if ability is None:  # the card's own resolution
            steps = effect_of(rest, used)
            if requires:
                if locked_target(steps):
                    raise NotUnderstood(rest)
                steps = [{"if": {"when": requires, "then": steps}}]
                used.append("bonus")
            self.effect += steps
        else:
            if requires:
                ability["requires"] = {**ability.get("requires", {}), **requires}
            if inherited:
                ability["inherited"] = True
            self.abilities.append(ability)
        self.out.templates += used

    def _keywords(self, rest: str, requires: dict[str, Any], inherited: bool) -> bool:
        items = [keyword_of(p) for p in re.split(r",(?: and)? | and ", rest.strip().rstrip("."))]
        if rest.strip().lower() == "fast activation" and not requires and self.type in (
                "action", "ally", "item", "weapon", "phantasia", "domain"):
            self.out.fields["speed"] = "fast"
            self.out.keywords.append("fast_activation")
            return True
        if re.fullmatch(r"~ enters the field rested\.?", rest.strip()) and not requires:
            items = [("hindered", 0)]
        if not items or None in items:
            return False
        found = [i for i in items if i is not None]
        if requires or inherited:
            if any(k not in (*FIELD_KEYWORDS, *OWN_KEYWORDS) or (
                    k in FIELD_KEYWORDS and self.resolves) or (k in OWN_KEYWORDS and inherited)
                   for k, _ in found):
                raise NotUnderstood(rest)
            for name, number in found:
                grant: dict[str, Any] = {"keyword": name, "applies_to": (
                    {"type": "champion", "controller": "you"} if inherited else {"self": True})}
                if number:
                    grant["amount"] = number
                ability = {"static": {"own_keyword": {"keyword": name}} if name in OWN_KEYWORDS
                           else {"grant_keyword": grant}}
                if requires:
                    ability["requires"] = dict(requires)
                if inherited:
                    ability["inherited"] = True
                self.abilities.append(ability)
            self.out.templates.append("conditional keyword")
        else:
            for name, number in found:
                self.keywords.append({name: number} if KEYWORDS[name].numbered else name)
        self.out.keywords += [k for k, _ in found]
        return True

    def _ability(self, rest: str, used: list[str]) -> dict[str, Any] | None:
        """A triggered, activated or static ability; None for a resolution effect."""
        deeper = mechanics.ability_of(rest, used)
        if deeper is not None:
            return deeper
        head = re.match(r"(on [a-z ]+?):\s*(.+)", rest, flags=re.IGNORECASE)
        if head and head.group(1).lower() in TRIGGERS:
            used.append(head.group(1).lower())
            steps = effect_of(head.group(2), used)
            if head.group(1).lower() in ("on death", "on leave") and reads_stat(steps):
                raise NotUnderstood(rest)  # its power as it left: no last-known stats yet
            return {TRIGGERS[head.group(1).lower()]: steps}
        if head and head.group(1).lower() in HIT_TRIGGERS:
            used.append(head.group(1).lower())
            hit = HIT_TRIGGERS[head.group(1).lower()]
            return {"trigger": {"event": "hits", "filter": {"self": True, "hit": hit}},
                    "effect": effect_of(head.group(2), used)}
        phase = re.match(r"at the beginning of your (recollection|end) phase, (.+)", rest,
                         flags=re.IGNORECASE)
        if phase:
            used.append(f"beginning of {phase.group(1).lower()} phase")
            return {PHASE_TRIGGERS[phase.group(1).lower()]: effect_of(phase.group(2), used)}
        if re.match(r"whenever ", rest, flags=re.IGNORECASE):
            return self._whenever(rest, used)
        activated = re.fullmatch(r"([^:.]+):\s*(.+)", rest)
        if activated:
            cost = cost_of(activated.group(1))
            used.append("activated")
            if "sacrifices" in cost:
                used.append("ability sacrifices")
            body = activated.group(2)
            less = re.search(r"\s*this ability costs \((\d+|X)\) less to activate(?: for each "
                             r"([^,.]+)|, where x is ([^.]+))\.", body, flags=re.IGNORECASE)
            if less and cost.get("reserve") and (less.group(1) == "X") == bool(less.group(3)):
                body = body[:less.start()] + body[less.end():]  # "for each domain you control"
                spec = counted(less.group(2) or less.group(3))
                n = 1 if less.group(1) == "X" else int(less.group(1))
                cost["less"] = {**spec, "times": n} if n != 1 else spec
                used.append("ability cost")
            limit = re.search(r"\s*activate this ability only (at slow speed)?(?: and )?"
                              r"(?:(?:only )?(during your turn|if ([^.]+)))?\.$", body,
                              flags=re.IGNORECASE)
            if limit and (limit.group(1) or limit.group(2)):
                body = body[:limit.start()]
            ability = {"activated": effect_of(body, used), "cost": cost}
            if limit and limit.group(1):
                ability["speed"] = "slow"
                used.append("slow speed")
            if limit and limit.group(2):  # a restriction: it cannot be used otherwise
                ability["requires"] = ({"your_turn": True} if limit.group(3) is None else
                                       condition_of(limit.group(3)))
                used.append("activation condition")
            return ability
        if self.resolves and not (OWN_COST.fullmatch(rest.strip().rstrip("."))
                                  or self._own_power(rest)):
            return None
        statics = [static_of(s, used) for s in sentences(rest)]
        if len(statics) != 1:
            raise NotUnderstood(rest)
        return {"static": statics[0]}

    def _own_power(self, sentence: str) -> bool:
        """Whether a sentence of an attack card is a static on its own power ("~ gets +2
        POWER", also "for each ..."): the attack's power while it is in the intent ("Card
        Types - Attack"), not a step of its resolution."""
        return self.type == "attack" and re.fullmatch(
            r"~ gets [+\-−](?:\d+ POWER(?: for each [^.]+)?|X POWER,? where X is [^.]+)\.?",
            sentence.strip(), flags=re.IGNORECASE) is not None

    def _sacrifice_cost(self, rest: str, restricted: bool) -> bool:
        """An additional cost of activating the card that sacrifices objects ("... sacrifice
        two Cogs"): the card field ``sacrifices`` (a filter per object); False if the line
        is not that."""
        found = re.fullmatch(rf"as an additional cost to activate this card, sacrifice {NUM} "
                             r"(.+?)\.?", rest.strip(), flags=re.IGNORECASE)
        if found is None:
            return False
        if restricted or self.type in (None, "champion"):
            raise NotUnderstood(rest)
        self.out.fields["sacrifices"] = sacrificed(found.group(1), found.group(2))
        self.out.templates.append("sacrifice cost")
        return True

    def _attack_cost(self, rest: str, restricted: bool) -> bool:
        """An additional cost of N reserve to use this weapon for an attack (or to declare an
        attack with this ally): the card field ``attack_cost``; False if the line is not
        that."""
        found = re.fullmatch(r"as an additional cost to (?:use (?:this weapon|~) for an attack|"
                             r"declare an attack with (?:this ally|~)), pay \((\d+)\)\.?",
                             rest.strip(), flags=re.IGNORECASE)
        if found is None:
            return False
        if restricted or self.type not in ("ally", "weapon") or (
                "weapon" in found.group(0).lower()) != (self.type == "weapon"):
            raise NotUnderstood(rest)
        self.out.fields["attack_cost"] = int(found.group(1))
        self.out.templates.append("attack cost")
        return True

    def _static_pair(self, rest: str, requires: dict[str, Any], inherited: bool,
                     used: list[str]) -> bool:
        """Two statics of one subject ("Beast allies you control get +1 LIFE and have
        intercept", "~ loses pride and has vigor"): an ability each, under the same
        restrictions; False if the line is not that."""
        pair = STATIC_PAIR.fullmatch(rest.strip())
        if pair is None or self.resolves:
            return False
        subject, first, second = pair.groups()
        for part in (first, second):
            ability: dict[str, Any] = {"static": static_of(f"{subject} {part}", used)}
            if requires:
                ability["requires"] = dict(requires)
            if inherited:
                ability["inherited"] = True
            self.abilities.append(ability)
        self.out.templates += [*used, "two statics"]
        return True

    def _whenever(self, rest: str, used: list[str]) -> dict[str, Any]:
        activate = re.fullmatch(r"whenever (you|an opponent) activates? (?:a|an) ([^,]+?), (.+)",
                                rest, flags=re.IGNORECASE)
        if activate:
            used.append("whenever activated")
            what = re.sub(r"\bor an? ", "or ", activate.group(2))  # "a Harmony or a Melody"
            return {"trigger": {"event": "activated", "filter": {
                        **object_filter(what),
                        "player": "you" if activate.group(1).lower() == "you" else "opponent"}},
                    "effect": effect_of(activate.group(3), used, event=True)}
        sacrificed = re.fullmatch(r"whenever you sacrifice (?:a|an) ([^,]+?), (.+)", rest,
                                  flags=re.IGNORECASE)
        if sacrificed:  # "whenever you sacrifice a Powercell": what it was, printed only
            flt = object_filter(sacrificed.group(1))
            if set(flt) - set(PRINTED_KEYS):
                raise NotUnderstood(rest)
            used.append("whenever sacrificed")
            return {"trigger": {"event": "sacrificed", "filter": {**flt, "player": "you"}},
                    "effect": effect_of(sacrificed.group(2), used, event=True)}
        found = re.fullmatch(r"whenever (.+?) (dies|attacks|enters the field|becomes distant|is "
                             r"dealt damage|levels up)( under your control)?, (.+)", rest,
                             flags=re.IGNORECASE)
        if found is None:
            raise NotUnderstood(rest)
        who, what, yours, body = found.groups()
        if yours and what.lower() == "enters the field":
            who += " you control"
        event = WHENEVER[what.lower()]
        one = re.match(r"(?:a|an) (.+)", who, flags=re.IGNORECASE)
        selector = target("each " + one.group(1) if one else
                          "each " + who if who.lower().startswith("another ") else who)
        if selector == "self":
            flt: dict[str, Any] = {"self": True}
        elif selector in ("your_champion", "opponent_champion"):
            flt = {"type": "champion",
                   "controller": "you" if selector == "your_champion" else "opponent"}
        elif isinstance(selector, dict) and "each" in selector:
            flt = selector["each"]
        else:
            raise NotUnderstood(rest)
        if what.lower() == "becomes distant":  # a distant counter put on it: it becomes so
            flt["counter"] = "distant"
        used.append("whenever " + {"enters the field": "enters"}.get(what.lower(), what.lower()))
        return {"trigger": {"event": event, "filter": flt},
                "effect": effect_of(body, used, event=True)}

    def _modes(self, rest: str, bullets: list[str], requires: dict[str, Any],
               used: list[str]) -> None:
        if not re.fullmatch(r"choose one\s*[—:.-]?", rest, flags=re.IGNORECASE) or requires \
                or not self.resolves or any(b.startswith("[") for b in bullets):
            raise NotUnderstood(rest)  # (a restriction bubble locks a mode: not choosable)
        self.out.fields["modes"] = [{"text": b, "effect": effect_of(b, used)} for b in bullets]
        used.append("choose one")


def translate(name: str, card_type: str | None, text: str) -> Translation:
    """Translate a card's text (``card_type`` as normalised; None if not known)."""
    card = _Card(name, card_type)
    lines = [line.strip() for line in clean(text, name).split("\n") if line.strip()]
    groups: list[tuple[str, list[str]]] = []
    for line in lines:
        if line.startswith("•") and groups:
            groups[-1][1].append(line.lstrip("• ").strip())
        else:
            groups.append((line, []))
    for line, bullets in groups:
        try:
            before = (len(card.abilities), len(card.effect))
            card.line(line, bullets)
            if reads_keywords_now([card.abilities[before[0]:], card.effect[before[1]:]]):
                del card.abilities[before[0]:], card.effect[before[1]:]
                raise NotUnderstood(line)
        except NotUnderstood:
            card.out.not_understood += [line, *bullets]
    fields = card.out.fields
    if card.keywords:
        fields["keywords"] = card.keywords
    if card.abilities:
        fields["abilities"] = card.abilities
    if card.effect and "modes" not in fields:
        fields["effect"] = card.effect
    elif card.effect:
        card.out.not_understood.append("an effect beside modes")
    return card.out


# The deeper mechanics' templates (they build on the phrase parsers above).
from gaenv.cards import mechanics  # noqa: E402
