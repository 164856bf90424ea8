"""The translator's templates on invented texts (docs/cards.md, The translator); what the
translated real cards do is checked by the scenarios of tests/test_realcards.py."""

from __future__ import annotations

from typing import Any

import pytest

from gaenv.cards.translate import object_filter, translate

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


@pytest.mark.parametrize(("text", "effect"), [
    ("Recover 2+X, where X is the amount of phantasias you control.",
     [{"recover": {"count": {"controller": "you", "type": "phantasia"}, "plus": 2}}]),
    ("Deal 2 damage to target unit for each fire element card in your graveyard.",
     [{"deal_damage": {"amount": {"cards": {"zone": "graveyard", "element": ["fire"]},
                                  "times": 2},
                       "target": {"target": {"type": ["champion", "ally"]}}}}]),
    ("Destroy target item or weapon with memory cost 0 or reserve cost 2 or less.",
     [{"destroy": {"target": {"any": [{"memory_cost": {"at_least": 0, "at_most": 0}},
                                      {"reserve_cost": {"at_most": 2}}],
                              "type": ["weapon", "item"]}}}]),
    ("Destroy target ally with 3 POWER or more.",
     [{"destroy": {"target": {"power": {"at_least": 3}, "type": "ally"}}}]),
    ("Each player puts the top two cards of their deck into their graveyard.",
     [{"mill": {"amount": 2, "player": "each_player"}}]),
    ("Summon two Ember Imp tokens rested.",
     [{"summon": {"token": "Ember Imp", "amount": 2, "rested": True}}]),
    ("Rest target attacking ally.", [{"rest": {"target": {"attacking": {}, "type": "ally"}}}]),
])
def test_amount_filter_and_zone_templates(text: str, effect: list[dict[str, Any]]) -> None:
    out = translate("Invented Spark", "action", text)
    assert out.status == "full" and out.fields["effect"] == effect


@pytest.mark.parametrize("text", [
    "Deal X damage to target unit.",                                   # X never said
    "Target ally gets +1 POWER until end of turn for each other ally you control.",
    "[Memory 4+] [Memory 2+] Draw a card.",                            # two of one kind
])
def test_amounts_the_translator_refuses(text: str) -> None:
    assert translate("Invented Spark", "action", text).status != "full"


def test_combat_conditions() -> None:
    out = translate("Tusk Raider", "ally", "Tusk Raider gets +2 POWER as long as it's attacking "
                    "a rested ally.\n[Memory 3+] As long as Tusk Raider is retaliating, it gets "
                    "+1 POWER.")
    assert [a["requires"] for a in out.fields["abilities"]] == [
        {"self": {"attacking": {"rested": True, "type": "ally"}}},
        {"amount": {"cards": {"zone": "memory"}}, "at_least": 3,
         "self": {"retaliating": True}}]
    out = translate("Sly Knife", "weapon", "As long as your champion is attacking, Sly Knife "
                    "gets +1 POWER.\nWhenever another ally enters the field under your control, "
                    "draw a card.")
    assert out.fields["abilities"] == [
        {"static": {"modify_stats": {"power": 1, "applies_to": {"self": True}}},
         "requires": {"champion": {"attacking": {}}}},
        {"trigger": {"event": "enters", "filter": {"controller": "you", "another": True,
                                                   "type": "ally"}},
         "effect": [{"draw": {"amount": 1}}]}]


def test_static_keywords_and_counted_control() -> None:
    out = translate("Reed Warden", "ally", "Cat and Fox allies you control have ranged 1.\n"
                    "As long as you control two or more phantasias, Reed Warden has taunt.\n"
                    "Reed Warden gets +1 POWER as long as an opponent controls no allies.")
    assert out.status == "full"
    assert out.fields["abilities"] == [
        {"static": {"grant_keyword": {"keyword": "ranged", "amount": 1, "applies_to": {
            "controller": "you", "subtype": ["Cat", "Fox"], "type": "ally"}}}},
        {"static": {"grant_keyword": {"keyword": "taunt", "applies_to": {"self": True}}},
         "requires": {"amount": {"count": {"type": "phantasia", "controller": "you"}},
                      "at_least": 2}},
        {"static": {"modify_stats": {"power": 1, "applies_to": {"self": True}}},
         "requires": {"amount": {"count": {"type": "ally", "controller": "opponent"}},
                      "at_most": 0}}]
    # "Cat and Fox" in a singular phrase would need both: not understood.
    assert translate("Reed Warden", "ally", "Target Cat and Fox ally gains taunt until end "
                     "of turn.").status != "full"


def test_activation_conditions_restrict_the_ability() -> None:
    out = translate("Tally Stone", "item", "[Class Bonus] REST: Draw a card. Activate this "
                    "ability only at slow speed and only if there are three or more tally "
                    "counters on Tally Stone.\nBanish Tally Stone: Recover 3. Activate this "
                    "ability only at slow speed and only during your turn.")
    assert out.fields["abilities"] == [
        {"activated": [{"draw": {"amount": 1}}], "cost": {"rest": True}, "speed": "slow",
         "requires": {"class_bonus": True, "amount": {"counters": {"kind": "tally"}},
                      "at_least": 3}},
        {"activated": [{"recover": 3}], "cost": {"banish": True}, "speed": "slow",
         "requires": {"your_turn": True}}]


def test_conditions_on_the_target_before() -> None:
    out = translate("Tinker Spark", "action", "Wake up target ally. If that ally is a "
                    "Golem, put two buff counters on it.")
    assert out.fields["effect"] == [
        {"wake": {"target": {"type": "ally"}}},
        {"if": {"when": {"target": {"subtype": ["Golem"]}},
                "then": [{"counters": {"target": "same_target", "kind": "buff", "amount": 2}}]}}]


def test_references_back_without_a_target() -> None:
    out = translate("Moss Cake", "item", "Whenever an Animal ally enters the field under your "
                    "control, you may sacrifice Moss Cake. If you do, put two buff counters on "
                    "that ally.\nOn Enter: Put a charge counter on Moss Cake. Class Bonus: Put "
                    "two charge counters on it instead.")
    first, second = out.fields["abilities"]
    assert first["effect"] == [{"may": [{"sacrifice": "self"}, {"counters": {
        "target": "that_object", "kind": "buff", "amount": 2}}]}]
    assert second["on_enter"][0]["if"]["then"] == [
        {"counters": {"target": "self", "kind": "charge", "amount": 2}}]
    assert translate("Moss Cake", "action", "Draw a card. Put a buff counter on it."
                     ).status != "full"   # "it" names nothing


def test_conditions_on_the_champion_and_your_zones() -> None:
    out = translate("Grim Token", "item", "[Damage 15+] Grim Token has taunt.\nAs long as "
                    "your champion has twelve or more damage counters on them, Grim Token gets "
                    "+2 POWER.\nAt the beginning of your end phase, if you have no cards in "
                    "your hand, draw a card.")
    assert [a.get("requires") for a in out.fields["abilities"]] == [
        {"champion": {"damage": {"at_least": 15}}},
        {"champion": {"damage": {"at_least": 12}}}, None]
    assert out.fields["abilities"][2]["on_end_phase"][0]["if"]["when"] == {
        "amount": {"cards": {"zone": "hand"}}, "at_most": 0}


def test_damage_equal_to_and_two_steps_joined() -> None:
    out = translate("Tide Lash", "action", "Deal damage to target ally equal to the amount "
                    "of domains you control. Put a buff counter on each ally you control and "
                    "draw a card.")
    assert out.fields["effect"] == [
        {"deal_damage": {"amount": {"count": {"controller": "you", "type": "domain"}},
                         "target": {"target": {"type": "ally"}}}},
        {"counters": {"target": {"each": {"controller": "you", "type": "ally"}},
                      "kind": "buff", "amount": 1}},
        {"draw": {"amount": 1}}]
    # As it dies its power would be read off the field (no last-known stats): refused.
    assert translate("Ember Slime", "ally", "On Death: Deal damage to each ally equal to "
                     "Ember Slime's power.").status == "none"


def test_non_words_negate_one_word() -> None:
    out = translate("Sift", "action", "Destroy target non-Human ally. Destroy each "
                    "non-champion fire element unit.")
    assert out.fields["effect"] == [
        {"destroy": {"target": {"not": {"subtype": ["Human"]}, "type": "ally"}}},
        {"destroy": {"each": {"not": {"type": "champion"}, "element": ["fire"],
                              "type": ["champion", "ally"]}}}]


def test_several_keywords_granted_at_once() -> None:
    out = translate("Veil", "action", "Target ally gains stealth and spellshroud until end "
                    "of turn. Until end of turn, allies you control get +1 LIFE and gain "
                    "ambush, steadfast and retort 1.")
    each = {"each": {"controller": "you", "type": "ally"}}
    assert out.fields["effect"] == [
        {"grant": {"target": {"target": {"type": "ally"}}, "keyword": "stealth"}},
        {"grant": {"target": "same_target", "keyword": "spellshroud"}},
        {"boost": {"target": each, "life": 1}},
        {"grant": {"target": each, "keyword": "ambush"}},
        {"grant": {"target": each, "keyword": "steadfast"}},
        {"grant": {"target": each, "keyword": "retort", "amount": 1}}]


def test_objects_chosen_as_it_resolves() -> None:
    out = translate("Kindle Pup", "ally", "On Enter: Put a buff counter on an Animal ally you "
                    "control.\nOn Death: Choose a unit and deal 1 damage to it.")
    animal = {"controller": "you", "subtype": ["Animal"], "type": "ally"}
    unit = {"type": ["champion", "ally"]}
    first, second = out.fields["abilities"]
    assert first["on_enter"] == [{"if": {"when": {"amount": {"count": animal}, "at_least": 1},
                                         "then": [{"counters": {"target": {"choose": animal},
                                                                "kind": "buff", "amount": 1}}]}}]
    assert second["on_death"] == [{"if": {"when": {"amount": {"count": unit}, "at_least": 1},
                                          "then": [{"deal_damage": {
                                              "amount": 1, "target": {"choose": unit}}}]}}]
    # "it" cannot name a chosen object again (it would be chosen anew).
    assert translate("Kindle Pup", "action", "Put two buff counters on an ally you control. "
                     "Wake it up.").status != "full"


def test_more_whenever_triggers() -> None:
    out = translate("Watchful Kite", "ally", "Whenever another unit you control becomes "
                    "distant, Watchful Kite becomes distant.\nWhenever Watchful Kite is dealt "
                    "damage, draw a card.\nWhenever a champion you don't control levels up, "
                    "deal 3 damage to it.\nWhenever an opponent activates a Harmony or a Melody "
                    "card, wake up Watchful Kite, and it gets +1 POWER until end of turn.")
    assert [a["trigger"] for a in out.fields["abilities"]] == [
        {"event": "counters_placed", "filter": {"another": True, "controller": "you",
                                                "type": ["champion", "ally"],
                                                "counter": "distant"}},
        {"event": "dealt_damage", "filter": {"self": True}},
        {"event": "levels_up", "filter": {"type": "champion", "controller": "opponent"}},
        {"event": "activated", "filter": {"subtype": ["Harmony", "Melody"],
                                          "player": "opponent"}}]
    assert out.fields["abilities"][2]["effect"] == [
        {"deal_damage": {"amount": 3, "target": "that_object"}}]
    assert out.fields["abilities"][3]["effect"] == [
        {"wake": "self"}, {"boost": {"target": "self", "power": 1}}]


def test_unpreventable_damage_and_have_this_deal() -> None:
    out = translate("Cinder Imp", "ally", "On Enter: You may have Cinder Imp deal 2 "
                    "unpreventable damage to your champion. If you do, draw a card.")
    assert out.fields["abilities"][0]["on_enter"] == [{"may": [
        {"deal_damage": {"amount": 2, "target": "your_champion", "unpreventable": True}},
        {"draw": {"amount": 1}}]}]


def test_cards_moved_between_your_zones() -> None:
    out = translate("Tidy", "action", "Return an Attack card from your graveyard to your "
                    "memory. You may banish three cards at random from your memory. If you do, "
                    "draw a card.")
    spell = {"type": "attack"}
    assert out.fields["effect"] == [
        {"if": {"when": {"amount": {"cards": {"zone": "graveyard", **spell}}, "at_least": 1},
                "then": [{"move_cards": {"filter": spell, "zone": "graveyard",
                                         "to": "memory", "amount": 1}}]}},
        {"if": {"when": {"amount": {"cards": {"zone": "memory"}}, "at_least": 3},
                "then": [{"may": [{"move_cards": {"filter": {}, "zone": "memory",
                                                  "to": "banishment", "amount": 3,
                                                  "random": True}},
                                  {"draw": {"amount": 1}}]}]}}]


def test_if_condition_instead_and_those_units() -> None:
    out = translate("Lens", "item", "REST: Glimpse 2. If your champion is distant, glimpse 5 "
                    "instead.")
    assert out.fields["abilities"][0]["activated"] == [{"if": {
        "when": {"champion": {"distant": True}}, "then": [{"glimpse": 5}],
        "otherwise": [{"glimpse": 2}]}}]
    # After a step that declared a target, the replacement runs when the condition does
    # not fail, so that both read the target the first branch declares.
    out = translate("Jab", "action", "Deal 2 damage to target ally. If that ally is rested, "
                    "deal 3 damage to it instead.")
    assert out.fields["effect"] == [{"if": {
        "when": {"not": {"target": {"rested": True}}},
        "then": [{"deal_damage": {"amount": 2, "target": {"target": {"type": "ally"}}}}],
        "otherwise": [{"deal_damage": {"amount": 3, "target": "same_target"}}]}}]
    # A condition on a target with no target before it is still refused.
    assert translate("Jab", "action", "Draw a card. If that ally is rested, draw two cards "
                     "instead.").status != "full"
    out = translate("Scorch", "action", "Deal 1 damage to each unit except your champion. "
                    "Class Bonus: Deal 2 damage to those units instead.")
    each = {"each": {"type": ["champion", "ally"],
                     "not": {"type": "champion", "controller": "you"}}}
    assert out.fields["effect"][0]["if"]["then"] == [
        {"deal_damage": {"amount": 2, "target": each}}]


def test_keywords_until_your_next_turn() -> None:
    out = translate("Shield Bearer", "ally", "On Enter: Shield Bearer gains taunt until the "
                    "beginning of your next turn.")
    assert out.fields["abilities"][0]["on_enter"] == [
        {"grant": {"target": "self", "keyword": "taunt", "until": "next_turn"}}]


def test_the_next_card_costs_less() -> None:
    out = translate("Horn", "item", "Banish Horn: The next Beast ally card you activate this "
                    "turn costs 3 less to activate.")
    assert out.fields["abilities"][0]["activated"] == [{"this_turn": {"static": {"modify_cost": {
        "cost": "reserve", "op": "subtract", "amount": 3,
        "applies_to": {"subtype": ["Beast"], "type": "ally", "controller": "you"}}},
        "once": True}}]


def test_if_you_dont_and_you_dont_control() -> None:
    out = translate("Quest Board", "item", "On Enter: You may put three quest counters on Quest "
                    "Board. If you don't, recover 3.\nAt the beginning of your recollection "
                    "phase, if you don't control a unique ally, draw a card.")
    first, second = out.fields["abilities"]
    assert first["on_enter"] == [{"may": {
        "effect": [{"counters": {"target": "self", "kind": "quest", "amount": 3}}],
        "otherwise": [{"recover": 3}]}}]
    assert second["on_recollection"][0]["if"]["when"] == {
        "not": {"controls": {"supertype": ["unique"], "type": "ally"}}}
    # Steps run on either branch may not declare a target twice.
    assert translate("Hex", "action", "You may draw a card. If you don't, deal 2 damage to "
                     "target ally.").status != "full"


def test_up_to_several_targets() -> None:
    out = translate("Volley", "action", "Deal 1 damage to up to two target allies.")
    one = {"up_to_target": {"type": "ally"}}
    two = {"up_to_target": {"type": "ally", "distinct": True}}
    assert out.fields["effect"] == [{"deal_damage": {"amount": 1, "target": one}},
                                    {"deal_damage": {"amount": 1, "target": two}}]
    assert translate("Volley", "action", "Deal 1 damage to up to two target allies. Rest "
                     "that ally.").status != "full"   # which one?


def test_activation_limits_of_the_card() -> None:
    out = translate("Night Trick", "action", "Activate this card only during an opponent's "
                    "main phase.\nDraw a card.")
    assert out.fields["abilities"] == [{"static": {"activation_limit": {}}, "requires": {
        "your_turn": False, "phase": "main"}}]
    out = translate("Spirit Gift", "action", "Activate this card only if your champion is "
                    "attacking an ally.\nDraw a card.")
    assert out.fields["abilities"][0]["requires"] == {"champion": {"attacking": {"type": "ally"}}}


def test_tokens_with_counters() -> None:
    out = translate("Cell Press", "action", "Summon two Ember Imp tokens each with a buff "
                    "counter on them.")
    assert out.fields["effect"] == [{"summon": {"token": "Ember Imp", "amount": 2,
                                                "counter": "buff", "counters": 1}}]


def test_reveal_the_top_card() -> None:
    out = translate("Breeze", "action", "Glimpse 2, then reveal the top card of your deck. If "
                    "that card is a Song or Melody card, put it into your hand.")
    assert out.fields["effect"] == [{"glimpse": 2}, {"look_at_top": {
        "amount": 1, "filter": {"subtype": ["Song", "Melody"]}, "to": "hand",
        "optional": False, "rest": "top"}}]


def test_counters_on_them_defending_and_optional_discards() -> None:
    out = translate("Herd", "item", "Allies you control with one or more buff counters on "
                    "them have taunt.")
    assert out.fields["abilities"][0]["static"]["grant_keyword"]["applies_to"] == {
        "counters": "buff", "controller": "you", "type": "ally"}
    out = translate("Brace", "action", "Target ally gets +5 LIFE until end of turn. If that "
                    "unit is defending, wake it up.")
    assert out.fields["effect"][1] == {"if": {"when": {"target": {"defending": True}},
                                              "then": [{"wake": "same_target"}]}}
    out = translate("Sift", "action", "Discard up to one Spell card. If you do, draw a card.")
    assert out.fields["effect"] == [{"if": {
        "when": {"amount": {"cards": {"zone": "hand", "subtype": ["Spell"]}}, "at_least": 1},
        "then": [{"may": [{"discard": {"amount": 1, "filter": {"subtype": ["Spell"]}}},
                          {"draw": {"amount": 1}}]}]}}]


@pytest.mark.parametrize(("text", "effect"), [
    ("If you control three or more tokens, draw a card.",
     [{"if": {"when": {"amount": {"count": {"token": True, "controller": "you"}},
                       "at_least": 3}, "then": [{"draw": {"amount": 1}}]}}]),
    ("If there are two or more umbra element cards in your banishment, recover 2.",
     [{"if": {"when": {"amount": {"cards": {"zone": "banishment", "element": ["umbra"]}},
                       "at_least": 2}, "then": [{"recover": 2}]}}]),
    ("If each opponent controls no phantasias, draw a card.",
     [{"if": {"when": {"amount": {"count": {"type": "phantasia", "controller": "opponent"}},
                       "at_most": 0}, "then": [{"draw": {"amount": 1}}]}}]),
    ("Each player recovers 3.", [{"recover": {"amount": 3, "player": "each_player"}}]),
    ("Return target weapon you control to its owner's memory.",
     [{"move": {"target": {"target": {"type": "weapon", "controller": "you"}},
                "to": "memory"}}]),
    ("For each Beast ally you control, glimpse 1.",
     [{"glimpse": {"amount": {"count": {"subtype": ["Beast"], "type": "ally",
                                        "controller": "you"}}}}]),
    ("Rest target unit attacking your champion.",
     [{"rest": {"target": {"attacking": {"type": "champion", "controller": "you"},
                           "type": ["champion", "ally"]}}}]),
])
def test_tokens_zones_players_and_target_phrases(text: str, effect: list[dict[str, Any]]) -> None:
    out = translate("Invented Spark", "action", text)
    assert out.status == "full" and out.fields["effect"] == effect


def test_an_instead_that_names_the_target_of_a_bonus() -> None:
    out = translate("Kiln Fractal", "phantasia", "On Enter: Deal 1 damage to target ally. "
                    "Class Bonus: Deal 3 damage to that ally instead.")
    assert out.fields["abilities"][0]["on_enter"] == [{"if": {
        "when": {"not": {"class_bonus": True}},
        "then": [{"deal_damage": {"amount": 1, "target": {"target": {"type": "ally"}}}}],
        "otherwise": [{"deal_damage": {"amount": 3, "target": "same_target"}}]}}]


def test_two_statics_of_one_subject_and_a_lost_keyword() -> None:
    out = translate("Herd Warden", "ally", "[Class Bonus] Bird and Fish allies you control get "
                    "+2 POWER and have stealth.\nAs long as you control a Bird ally, Herd "
                    "Warden loses pride, and has taunt.")
    birds = {"controller": "you", "subtype": ["Bird", "Fish"], "type": "ally"}
    bird = {"controls": {"subtype": ["Bird"], "type": "ally"}}
    assert out.status == "full" and out.fields["abilities"] == [
        {"static": {"modify_stats": {"power": 2, "applies_to": birds}},
         "requires": {"class_bonus": True}},
        {"static": {"grant_keyword": {"keyword": "stealth", "applies_to": birds}},
         "requires": {"class_bonus": True}},
        {"static": {"remove_keyword": {"keyword": "pride", "applies_to": {"self": True}}},
         "requires": bird},
        {"static": {"grant_keyword": {"keyword": "taunt", "applies_to": {"self": True}}},
         "requires": bird}]


def test_a_leading_cost_condition_level_up_and_another_token() -> None:
    out = translate("Pack Call", "action", "If you control a Wolf ally, this card costs 1 less "
                    "to activate.\nSummon a Cub token. You may pay (1). If you do, summon "
                    "another Cub token and level up your champion.")
    assert out.status == "full"
    assert out.fields["abilities"] == [{"static": {"own_cost": {
        "cost": "reserve", "op": "subtract", "amount": 1}},
        "requires": {"controls": {"subtype": ["Wolf"], "type": "ally"}}}]
    assert out.fields["effect"][1] == {"if": {"when": {"can_pay": 1}, "then": [{"may": [
        {"pay": 1}, {"summon": {"token": "Cub", "amount": 1}}, {"level_up": {}}]}]}}


def test_prevention_statics_and_for_the_turn() -> None:
    out = translate("Moss Guard", "ally", "If non-combat damage would be dealt to Moss Guard, "
                    "prevent 1 of that damage.\nIf damage would be dealt to Moss Guard while "
                    "it has a shell counter on it, prevent 2 of that damage.")
    assert [a["static"] for a in out.fields["abilities"]] == [
        {"prevent_damage": {"amount": 1, "applies_to": {"self": True}, "non_combat": True}},
        {"prevent_damage": {"amount": 2, "applies_to": {"self": True, "counters": "shell"}}}]
    out = translate("Brace", "action", "Until end of turn, if damage would be dealt to an "
                    "awake ally you control, prevent 1 of that damage. If your champion would "
                    "take damage this turn, prevent 2 of that damage.")
    assert out.fields["effect"] == [
        {"this_turn": {"prevent_damage": {"amount": 1, "applies_to": {
            "rested": False, "type": "ally", "controller": "you"}}}},
        {"this_turn": {"prevent_damage": {"amount": 2, "applies_to": {
            "type": "champion", "controller": "you"}}}}]
    # In an effect it lasts only as long as it says; a target is no static's object.
    assert translate("Brace", "action", "If damage would be dealt to your champion, prevent 2 "
                     "of that damage.").status != "full"
    assert translate("Brace", "action", "Until end of turn, if damage would be dealt to target "
                     "ally, prevent 2 of that damage.").status != "full"


def test_when_you_do_and_a_duration_after_for_each() -> None:
    out = translate("Toll Keeper", "ally", "On Enter: You may pay (1). When you do, rest target "
                    "ally.")
    assert out.fields["abilities"][0]["on_enter"] == [{"if": {"when": {"can_pay": 1}, "then": [
        {"may": [{"pay": 1}, {"rest": {"target": {"type": "ally"}}}]}]}}]
    out = translate("Rally", "action", "Allies you control get +1 LIFE for each Wolf card in "
                    "your banishment until end of turn.")
    assert out.fields["effect"] == [{"boost": {
        "target": {"each": {"controller": "you", "type": "ally"}},
        "life": {"cards": {"zone": "banishment", "subtype": ["Wolf"]}}}}]


def test_an_additional_cost_of_objects_to_sacrifice() -> None:
    out = translate("Pyre Rite", "action", "As an additional cost to activate this card, "
                    "sacrifice two Cogs.\nDraw a card.")
    assert out.status == "full" and out.fields["sacrifices"] == [{"subtype": ["Cog"]}] * 2
    assert translate("Pyre Rite", "action", "[Class Bonus] As an additional cost to activate "
                     "this card, sacrifice a Cog.").status != "full"


def test_an_additional_cost_of_attacking() -> None:
    out = translate("Toll Blade", "weapon", "As an additional cost to use this weapon for an "
                    "attack, pay (4).")
    assert out.status == "full" and out.fields == {"attack_cost": 4}
    out = translate("Toll Knight", "ally", "As an additional cost to declare an attack with "
                    "Toll Knight, pay (1).")
    assert out.status == "full" and out.fields == {"attack_cost": 1}
    assert translate("Toll Knight", "ally", "As an additional cost to use this weapon for an "
                     "attack, pay (1).").status != "full"


def test_an_opponents_zone_a_spaced_bonus_and_other_cards_in_a_zone() -> None:
    out = translate("Ember Spout", "action", "As long as an opponent has three or more cards "
                    "in their hand, this card costs 1 less to activate.\nDraw a card.")
    assert out.fields["abilities"][0]["requires"] == {
        "amount": {"cards": {"zone": "hand", "player": "opponent"}}, "at_least": 3}
    out = translate("Spout Imp", "ally", "Spout Imp gets + 2 POWER.")
    assert out.fields["abilities"][0]["static"] == {
        "modify_stats": {"power": 2, "applies_to": {"self": True}}}
    # "other" cards in a zone would leave out the card itself: not understood.
    assert translate("Spout Imp", "ally", "On Death: You may banish two other fire element "
                     "cards from your graveyard. If you do, draw two cards.").status != "full"


def test_reveal_until_and_one_of_the_top_cards() -> None:
    out = translate("Lark Call", "action", "Reveal cards from the top of your deck until you "
                    "reveal a wind element Bird card. Put that card into your memory and the "
                    "rest on the bottom of your deck in a random order.\nLook at the top three "
                    "cards of your deck. Put one of them into your hand and the rest on the "
                    "bottom of your deck in any order.")
    assert out.status == "full" and out.fields["effect"] == [
        {"reveal_until": {"filter": {"element": ["wind"], "subtype": ["Bird"]},
                          "to": "memory"}},
        {"look_at_top": {"amount": 3, "filter": {}, "to": "hand", "optional": False}}]


def test_other_cards_costs_while_in_hand() -> None:
    out = translate("Quill Warden", "ally", "Mage Spell cards you activate cost 2 less to "
                    "activate.")
    assert out.fields["abilities"][0]["static"] == {"modify_cost": {
        "cost": "reserve", "op": "subtract", "amount": 2,
        "applies_to": {"class": ["Mage"], "subtype": ["Spell"], "controller": "you"}}}
    out = translate("Smog", "action", "Until end of turn, non-ally cards your opponents "
                    "activate cost (3) more to activate.")
    assert out.fields["effect"] == [{"this_turn": {"modify_cost": {
        "cost": "reserve", "op": "add", "amount": 3,
        "applies_to": {"not": {"type": "ally"}, "controller": "opponent"}}}}]
    assert translate("Smog", "action", "Cards your opponents activate cost 1 more to "
                     "activate.").status != "full"   # an effect's change needs its duration


def test_keywords_joined_by_and_attacking_statics_and_either_in_a_zone() -> None:
    out = translate("Steppe Rider", "ally", "As long as you control a Camel ally, Steppe Rider "
                    "has vigor and stealth.\nOther Elf allies you control get +2 POWER as long "
                    "as they're attacking.")
    camel = {"controls": {"subtype": ["Camel"], "type": "ally"}}
    assert out.status == "full" and out.fields["abilities"] == [
        {"static": {"grant_keyword": {"keyword": k, "applies_to": {"self": True}}},
         "requires": camel} for k in ("vigor", "stealth")] + [
        {"static": {"modify_stats": {"power": 2, "applies_to": {
            "controller": "you", "another": True, "attacking": {}, "subtype": ["Elf"],
            "type": "ally"}}}}]
    out = translate("Herd Call", "action", "Draw a card for each Elk and/or Deer card in your "
                    "graveyard.")
    assert out.fields["effect"] == [{"draw": {"amount": {"cards": {
        "zone": "graveyard", "subtype": ["Elk", "Deer"]}}}}]


def test_banishing_up_to_n_cards_with_steps_for_each() -> None:
    """"Banish up to N ... For each card banished this way, X and Y": the player banishes up
    to N cards, then each step is done once per card banished (Game Terms - Banish), the
    whole under "you may"."""
    out = translate("Cinder Tithe", "action", "You may banish up to two Dragon cards with "
                    "stealth from your graveyard. For each card banished this way, recover 1 "
                    "and draw a card.")
    moved = {"moved": True}
    assert out.status == "full" and out.fields["effect"] == [{"may": [
        {"move_cards": {"filter": {"subtype": ["Dragon"], "keyword": ["stealth"]},
                        "zone": "graveyard", "to": "banishment", "amount": 2, "up_to": True}},
        {"recover": {"amount": moved}}, {"draw": {"amount": moved}}]}]
    # one target, declared as the card is activated: dealt 1 damage per card banished
    out = translate("Cinder Tithe", "action", "Banish up to two cards from your graveyard. "
                    "For each card banished this way, deal 1 damage to target unit.")
    assert out.fields["effect"][1]["deal_damage"]["amount"] == moved
    # "other" cards would have to leave out the card itself: no
    assert translate("Cinder Tithe", "ally", "On Enter: Banish up to two other cards from "
                     "your graveyard. For each card banished this way, draw a card."
                     ).status != "full"


def test_plural_subtypes_and_classes_name_each_one() -> None:
    """"Herbs you control" is each object with that subtype; a plural class likewise."""
    assert object_filter("Fairies you control") == {"controller": "you", "subtype": ["Fairy"]}
    assert object_filter("Warriors you control") == {"controller": "you", "class": ["Warrior"]}
    out = translate("Herb Song", "action", "Herbs you control get +1 POWER until end of turn.")
    assert out.status == "full" and out.fields["effect"] == [{"boost": {
        "target": {"each": {"controller": "you", "subtype": ["Herb"]}}, "power": 1}}]


def test_return_to_material_deck_and_graveyard_to_memory() -> None:
    """Return to the owner's material deck ("Game Mechanics - Game Zones"), a graveyard card
    to memory."""
    out = translate("Undo Crown", "action", "Return target regalia you don't control to its "
                    "owner's material deck.")
    assert out.fields["effect"] == [{"move": {"target": {"target": {
        "supertype": ["regalia"], "controller": "opponent"}}, "to": "material"}}]
    out = translate("Recall Gust", "action", "Return target water element card from your "
                    "graveyard to your memory.")
    assert out.status == "full" and out.fields["effect"][0]["move"]["to"] == "memory"


@pytest.mark.parametrize("text", [
    "As long as an opponent controls an ally with stealth, this gets -1 POWER.",
    "As long as this is attacking a unit with stealth, this gets +1 POWER.",
    "Until end of turn, if an ally with taunt would take damage, prevent 1 of that damage.",
])
def test_a_static_reading_an_objects_keyword_now_is_not_understood(text: str) -> None:
    """An object in play has the keywords printed on it and those granted to it
    ("Keywords - Stealth": a unit that gained stealth has it); the statics make the
    granted ones, so a static cannot pick its objects or its condition by them: refused.
    A card's keyword (in a zone, or activated) is its printed one and stays understood."""
    assert translate("Invented Spark", "ally", text).status != "full"
    out = translate("Invented Spark", "ally", "Whenever an opponent activates an attack card "
                    "with cleave, draw a card.")
    assert out.fields["abilities"][0]["trigger"]["filter"]["keyword"] == ["cleave"]


def test_an_effect_reads_an_objects_keyword_now() -> None:
    """In an effect, "target unit with taunt", "ally you control with stealth" and "if that
    unit has stealth" read the keywords the object has as the effect is activated or
    resolves, granted ones too (``has_keyword``, "Keywords - Stealth")."""
    out = translate("Invented Oil", "action", "Target unit with taunt gains vigor until end "
                    "of turn.")
    assert out.fields["effect"] == [{"grant": {"target": {"target": {
        "has_keyword": ["taunt"], "type": ["champion", "ally"]}}, "keyword": "vigor"}}]
    out = translate("Invented Oil", "action", "Target ally you control with stealth gets "
                    "+2 POWER until end of turn.")
    assert out.fields["effect"][0]["boost"]["target"] == {"target": {
        "controller": "you", "type": "ally", "has_keyword": ["stealth"]}}
    out = translate("Invented Oil", "action", "Deal 2 damage to target ally. If that ally has "
                    "taunt, deal 3 damage to it instead.")
    assert out.fields["effect"] == [{"if": {
        "when": {"not": {"target": {"has_keyword": ["taunt"]}}},
        "then": [{"deal_damage": {"amount": 2, "target": {"target": {"type": "ally"}}}}],
        "otherwise": [{"deal_damage": {"amount": 3, "target": "same_target"}}]}}]


def test_an_attack_cards_own_power_is_a_static() -> None:
    """On an attack card, "this gets +N POWER" (as long as ..., for each ...) is a static on
    its own power in the intent, and "the attacker" its player's champion ("Card Types -
    Attack")."""
    out = translate("Gale Cut", "attack", "[Class Bonus] As long as the attacker is attacking "
                    "a Goblin, Gale Cut gets +2 POWER.\nGale Cut gets +1\ufff0 POWER for each "
                    "Bird card in your graveyard.")
    assert out.status == "full" and out.fields["abilities"] == [
        {"static": {"modify_stats": {"power": 2, "applies_to": {"self": True}}},
         "requires": {"class_bonus": True, "champion": {"attacking": {"subtype": ["Goblin"]}}}},
        {"static": {"modify_stats": {"power": 1, "for_each": {"cards": {
            "zone": "graveyard", "subtype": ["Bird"]}}, "applies_to": {"self": True}}}}]
    # an action has no power to add to: the sentence is no static of it
    assert translate("Gale Cut", "action", "Gale Cut gets +2 POWER.").status != "full"


def test_the_next_non_combat_damage_prevented() -> None:
    out = translate("Mist Step", "action", "Prevent the next 2 non-combat damage that would be "
                    "dealt to each ally you control this turn.")
    assert out.status == "full" and out.fields["effect"] == [{"prevent": {
        "amount": 2, "target": {"each": {"controller": "you", "type": "ally"}},
        "non_combat": True}}]


def test_keywords_lost_until_end_of_turn() -> None:
    out = translate("Hushing Roar", "action", "Target ally loses taunt and pride until end of "
                    "turn.")
    assert out.status == "full" and out.fields["effect"] == [
        {"lose": {"target": {"target": {"type": "ally"}}, "keyword": "taunt"}},
        {"lose": {"target": "same_target", "keyword": "pride"}}]  # pride, whatever its N
    assert translate("Hushing Roar", "action", "Target ally loses pride 2 until end of "
                     "turn.").status != "full"


def test_a_target_player_mills() -> None:
    out = translate("Tide Snare", "ally", "On Enter: Target player puts the top three cards of "
                    "their deck into their graveyard.")
    assert out.status == "full" and out.fields["abilities"] == [
        {"on_enter": [{"mill": {"amount": 3, "player": "target_player"}}]}]
    out = translate("Tide Snare", "action", "Target player puts the top X cards of their deck "
                    "into their graveyard, where X is the amount of allies you control.")
    assert out.fields["effect"] == [{"mill": {
        "amount": {"count": {"type": "ally", "controller": "you"}}, "player": "target_player"}}]


def test_influence_in_conditions_and_a_static_where_x_is() -> None:
    """"Influence 1": cards in hand and memory."""
    out = translate("Soot Herald", "ally", "On Enter: If your influence is two or less, draw a "
                    "card.\nSoot Herald gets +X POWER where X is your opponent's influence.")
    assert out.status == "full" and out.fields["abilities"] == [
        {"on_enter": [{"if": {"when": {"amount": {"influence": "you"}, "at_most": 2},
                              "then": [{"draw": {"amount": 1}}]}}]},
        {"static": {"modify_stats": {"power": 1, "for_each": {"influence": "opponent"},
                                     "applies_to": {"self": True}}}}]


def test_a_target_card_in_a_graveyard() -> None:
    out = translate("Grave Call", "action", "Return up to one target Dragon card from your "
                    "graveyard to your hand.\nBanish target card in a graveyard.")
    assert out.status == "full" and out.fields["effect"] == [
        {"move": {"target": {"up_to_target": {"subtype": ["Dragon"], "graveyard": True,
                                              "controller": "you"}}, "to": "hand"}},
        {"move": {"target": {"target": {"graveyard": True}}, "to": "banishment"}}]
    # a card in the opponent's graveyard to your hand: no template says so
    assert translate("Grave Call", "action", "Return target card from a graveyard to your "
                     "hand.").status != "full"


def test_a_target_behind_a_restriction_bubble_is_not_understood() -> None:
    """A restriction bubble locks the text after it, its targets too, as the card is
    activated ("Restrictions, Types of Restrictions"); an ``if`` would declare the target
    on every activation (and not activate without one), so a required target there is
    refused, while one that may be left out, or steps without a target, are not."""
    for text in ("Draw a card.\n[Class Bonus] Target ally you control gets +2 POWER until "
                 "end of turn.",
                 "Choose one—\n• Draw a card.\n• [Level 2+] Destroy target item.",
                 "Choose one—\n• Draw a card.\n• [Level 2+] Glimpse 3."):  # not choosable
        assert translate("Invented Spark", "action", text).status != "full"
    out = translate("Invented Spark", "action", "Draw a card.\n[Class Bonus] Rest up to one "
                    "target ally.\n[Level 2+] Glimpse 2.")
    assert out.status == "full" and out.fields["effect"][1] == {"if": {
        "when": {"class_bonus": True}, "then": [{"rest": {"up_to_target": {"type": "ally"}}}]}}
    # an ability's restriction is checked as it is used: its target stays understood
    assert translate("Invented Spark", "ally", "[Class Bonus] On Enter: Deal 1 damage to "
                     "target unit.").status == "full"


def test_two_types_of_one_object_are_not_understood() -> None:
    """"Phantasia allies" are objects of both types, which a filter of a card's one type
    cannot ask (a list of types is any of them: Gray Wolf would get the LIFE too), while
    "domain, item, or weapon" and "allies and weapons" are any of those types."""
    assert translate("Invented Spark", "action", "Phantasia allies you control get +2 LIFE "
                     "until end of turn.").status != "full"
    out = translate("Invented Spark", "action", "Destroy target item, domain, or weapon.")
    assert out.fields["effect"] == [{"destroy": {"target": {
        "type": ["weapon", "item", "domain"]}}}]
    out = translate("Invented Spark", "ally", "Other allies and weapons you control get +1 "
                    "POWER.")
    assert out.fields["abilities"][0]["static"]["modify_stats"]["applies_to"]["type"] == [
        "weapon", "ally"]
