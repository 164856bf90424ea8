"""The translator's templates on invented texts (docs/cards.md, The translator); what the
translated real cards do is checked by the scenarios of tests/test_realcards.py."""

from __future__ import annotations

from typing import Any

import pytest

from gaenv.cards.translate import translate

BEAST = {"target": {"subtype": ["Beast"], "type": "ally"}}


@pytest.mark.parametrize(("text", "effect"), [
    ("Target Beast ally gets +2 POWER and gains stealth until end of turn.",
     [{"boost": {"target": BEAST, "power": 2}},
      {"grant": {"target": "same_target", "keyword": "stealth"}}]),
    ("Until end of turn, allies you control get +1 POWER.",
     [{"boost": {"target": {"each": {"controller": "you", "type": "ally"}}, "power": 1}}]),
    ("Deal 3 damage to up to one target Animal or Beast ally you don't control.",
     [{"deal_damage": {"amount": 3, "target": {"up_to_target": {
         "controller": "opponent", "subtype": ["Animal", "Beast"], "type": "ally"}}}}]),
    ("Draw a card. Class Bonus: Draw two cards into your memory instead.",
     [{"if": {"when": {"class_bonus": True},
              "then": [{"draw": {"amount": 2, "into": "memory"}}],
              "otherwise": [{"draw": {"amount": 1}}]}}]),
])
def test_action_templates(text: str, effect: list[dict[str, Any]]) -> None:
    out = translate("Invented Spark", "action", text)
    assert out.status == "full" and out.fields["effect"] == effect


def test_the_own_name_reads_as_this_and_reminders_are_dropped() -> None:
    out = translate("Gale Sprite", "ally",
                    "Stealth (It hides.)\n\n[Class Bonus] Gale Sprite gets +1 POWER.")
    assert out.fields == {"keywords": ["stealth"], "abilities": [
        {"static": {"modify_stats": {"power": 1, "applies_to": {"self": True}}},
         "requires": {"class_bonus": True}}]}


def test_conditions_count_cards_in_a_zone() -> None:
    out = translate("Tide Blade", "weapon", "As long as you have three or more water element "
                    "cards in your graveyard, Tide Blade gets +2 POWER.")
    assert out.fields["abilities"] == [{
        "static": {"modify_stats": {"power": 2, "applies_to": {"self": True}}},
        "requires": {"amount": {"cards": {"zone": "graveyard", "element": ["water"]}},
                     "at_least": 3}}]


def test_sentences_not_understood_are_kept_word_for_word() -> None:
    out = translate("Odd Relic", "item", "On Enter: Draw a card.\n\nTransform the moon.")
    assert out.status == "partial" and out.not_understood == ["Transform the moon."]
    assert translate("Odd Relic", "item", "Transform the moon.").status == "none"
    assert translate("Blank", "ally", "").status == "full"
