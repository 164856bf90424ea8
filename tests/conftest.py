"""Shared fixtures: the built-in pool and decks, loaded once."""

from __future__ import annotations

import pytest

from gaenv.cards.decks import Deck, builtin_deck_names, load_deck
from gaenv.cards.schema import CardPool, default_pool


@pytest.fixture(scope="session")
def pool() -> CardPool:
    return default_pool()


@pytest.fixture(scope="session")
def decks() -> dict[str, Deck]:
    return {name: load_deck(name) for name in builtin_deck_names()}
