"""The duel's decision kinds and option texts (DUEL 15.3): a public interface. The kinds
both games ask alike (choose_target, choose_card, choose_mode, yes_no) are the core's."""

from __future__ import annotations

from gaenv.core.decisions import CHOOSE_CARD, CHOOSE_MODE, CHOOSE_TARGET, YES_NO, Option
from gaenv.core.decisions import PASS as PASS  # (the windows' and choices' pass)
from gaenv.duel import rules
from gaenv.duel.state import Champ, DuelState

ACTION = "action"
TRIGGER_WINDOW = "trigger_window"
WOULD_WINDOW = "would_window"
CHOOSE_SLOT = "choose_slot"
KINDS = (ACTION, TRIGGER_WINDOW, WOULD_WINDOW, CHOOSE_TARGET, CHOOSE_CARD, CHOOSE_SLOT,
         CHOOSE_MODE, YES_NO)

DRAW = Option("draw", "draw")
CONCEDE = Option("concede", "concede")
OFFER_DRAW = Option("offer", "offer draw")
DONE = Option("done", "done")


def champion_labels(state: DuelState) -> dict[int, str]:
    """Each champion on the field by name. Champions of one name under one controller get
    ` #k`, in the order of the entry lists (player 0's entries first, 15.3-15.4): every
    text that names a champion also names its controller, or is its controller's own
    (`activate CHAMPION`, equipping to your own), so only these would have the same
    text. Same-named champions of different controllers keep their bare names."""
    ordered = sorted(rules.on_field(state), key=lambda ch: ch.owner)
    keys = [(state.cards[ch.card].defn.name, ch.controller) for ch in ordered]
    return {ch.oid: (f"{key[0]} #{keys[:i + 1].count(key)}" if keys.count(key) > 1 else key[0])
            for i, (ch, key) in enumerate(zip(ordered, keys, strict=True))}


def numbered(parts: list[tuple[str, str]]) -> list[str]:
    """Texts ``head + tail``; where two are equal, ` #k` goes between head and tail."""
    whole = [head + tail for head, tail in parts]
    return [f"{head} #{whole[:i + 1].count(w)}{tail}" if whole.count(w) > 1 else w
            for i, ((head, tail), w) in enumerate(zip(parts, whole, strict=True))]


def slot_code(oid: int, slot: int) -> int:
    """A champion and one of its slots in one number (an option's ``other``)."""
    return oid * 16 + slot


def slot_of(code: int) -> tuple[int, int]:
    return divmod(code, 16)


def equip_text(state: DuelState, name: str, champ: Champ, slot: int, player: int,
               labels: dict[int, str], facedown: bool = False) -> str:
    """`equip [facedown ]NAME to CHAMPION (ELEMENT slot[, player P])`; the player is named
    when the champion is not the equipping player's (Empty Gift, 15.3)."""
    elem = state.cards[champ.card].defn.slots[slot]
    owner = f", player {champ.controller}" if champ.controller != player else ""
    down = "facedown " if facedown else ""
    return f"equip {down}{name} to {labels[champ.oid]} ({elem} slot{owner})"


def equipment_target_parts(state: DuelState, cid: int, labels: dict[int, str]) -> tuple[str, str]:
    c = state.cards[cid]
    host = state.champs[c.host]
    return (f"target {rules.name_seen(state, cid)}",
            f" on {labels[host.oid]} (player {host.controller})")
