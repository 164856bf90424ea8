"""The policy's feature extractor: one vector per card slot, one shared hidden layer.

In every card slot the observation carries the card's printed features and its
integer index into the card vocabulary (`Encoder.card_slots`). Fed raw to an
MLP, the index (up to the pool size, ~130) swamps the other features, which lie
in [-1, 4]; and the printed features, repeated in all 114 card slots, make the
first layer large (an input per float of the observation) and slow to train.
Here each slot's printed features go through one small linear map shared by all
slots, plus a learned embedding of the card's identity (an empty slot has its own
row); the slot's play state (power now, damage, ...), the globals, the players and
the stack and choice extras are used as they are. One shared layer maps all of that to
``features_dim`` features for the policy and value heads. Over the compact observation
(``observation: compact``) the printed features are not in the vector: the extractor
looks them up from the card index in a table of the pool's cards, the same computation
on a quarter of the floats.

The duel's observation (`gaenv.env.duel_observation`) marks card identities as one-hot
flags, not indices, so `DenseExtractor` (one shared layer over the whole vector) is its
feature extractor.

With ``ppo.advice_weight`` set, in either game, the policy is `AdvisedPolicy`: the
game's extractor over all but the ``advice`` piece (the heuristic's pick, one flag per
action; `gaenv.env.advice`), and action logits that add the flags, weighted, to what the
features give, so a fresh policy plays as the heuristic.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from stable_baselines3.common.type_aliases import Schedule
from torch import nn

from gaenv.cards.schema import default_pool
from gaenv.env.observation import CARD_INDEX, STATIC_NAMES, Encoder, compact_columns


class CardEmbeddingExtractor(BaseFeaturesExtractor):
    """``cards``: the size of the card vocabulary, the number of cards in the pool trained
    on (None: the built-in pool's, as models saved before it was given assume).

    Over a compact observation (`gaenv.env.observation.compact_columns`: no printed
    features in the card slots) the printed features come from ``card_table``, a row per
    card (`Encoder.printed_table`), saved with the weights (`set_card_table` fills it):
    the shared map and the embedding are then one table, looked up once per slot. The
    weights have the same shapes over either observation."""

    def __init__(self, observation_space: gymnasium.spaces.Box, features_dim: int = 256,
                 embedding_dim: int = 8, cards: int | None = None) -> None:
        super().__init__(observation_space, features_dim)
        encoder = Encoder(default_pool())  # card slots lie where they lie for every pool
        size = observation_space.shape[0]
        kept = compact_columns(encoder)
        self.compact = size == len(kept)
        if size != encoder.size and not self.compact:
            raise ValueError(f"observation size {size} does not match this gaenv's encoder "
                             f"({encoder.size} floats, compact {len(kept)})")
        starts = torch.tensor(encoder.card_slots(), dtype=torch.long)
        printed = [i for i in range(len(STATIC_NAMES)) if i != CARD_INDEX]  # present first
        if self.compact:  # the slots' starts in the compact vector; present, index kept
            starts = torch.as_tensor(np.searchsorted(kept, starts.numpy()), dtype=torch.long)
            in_slot: list[int] = [0, CARD_INDEX]
        else:
            in_slot = list(range(len(STATIC_NAMES)))
        keep = torch.ones(size, dtype=torch.bool)
        for offset in in_slot:
            keep[starts + offset] = False
        self.register_buffer("index_columns", starts + CARD_INDEX, persistent=False)
        self.register_buffer("present_columns", starts, persistent=False)  # "present" is first
        if not self.compact:
            self.register_buffer("printed_columns",
                                 (starts[:, None] + torch.tensor(printed)[None, :]).flatten(),
                                 persistent=False)
        self.register_buffer("other_columns", torch.nonzero(keep).flatten(), persistent=False)
        self.slots = len(starts)
        vocabulary = (cards or len(encoder.pool.cards)) + 1  # row 0: an empty slot
        self.printed = nn.Linear(len(printed), embedding_dim)
        self.embedding = nn.Embedding(vocabulary, embedding_dim)
        if self.compact:
            self.register_buffer("card_table", torch.zeros(vocabulary, len(printed)))
        inputs = int(keep.sum()) + self.slots * embedding_dim
        self.layer = nn.Sequential(nn.Linear(inputs, features_dim), nn.ReLU())

    def set_card_table(self, table: np.ndarray) -> None:
        """A compact observation's printed features: ``table`` has a row per card of the
        pool (`Encoder.printed_table`); row 0 stays the empty slot's, and ``present`` is
        set in the others."""
        rows = torch.as_tensor(table, dtype=torch.float32)
        self.card_table.zero_()
        self.card_table[1:, 0] = 1.0
        self.card_table[1:, 1:] = rows

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        present = observations[:, self.present_columns]
        ids = ((observations[:, self.index_columns] + 1) * present).round().long()  # 0: empty
        if self.compact:
            # (an embedding lookup: its backward is far faster than indexing's with threads)
            cards = nn.functional.embedding(ids, self.printed(self.card_table)
                                            + self.embedding.weight)
        else:
            printed = observations[:, self.printed_columns].view(len(observations),
                                                                 self.slots, -1)
            cards = self.printed(printed) + self.embedding(ids)
        return self.layer(torch.cat([observations[:, self.other_columns], cards.flatten(1)],
                                    dim=1))


class DenseExtractor(BaseFeaturesExtractor):
    """One shared layer, the observation as it is: the duel's feature extractor (its
    observation has no card indices to embed)."""

    def __init__(self, observation_space: gymnasium.spaces.Box, features_dim: int = 256
                 ) -> None:
        super().__init__(observation_space, features_dim)
        self.layer = nn.Sequential(nn.Linear(observation_space.shape[0], features_dim),
                                   nn.ReLU())

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return self.layer(observations)


class AdvisedExtractor(BaseFeaturesExtractor):
    """An ``inner`` extractor (`CardEmbeddingExtractor` for Grand Archive,
    `DenseExtractor` for the duel, built with ``inner_kwargs``) over the observation
    without its last ``advice`` floats (the ``advice`` piece), those floats appended as
    they are: the features are the inner's plus ``advice`` wide, for `AdvisedPolicy`."""

    def __init__(self, observation_space: gymnasium.spaces.Box, inner: type[BaseFeaturesExtractor],
                 advice: int, **inner_kwargs: Any) -> None:
        rest = gymnasium.spaces.Box(observation_space.low[:-advice],
                                    observation_space.high[:-advice])
        extractor = inner(rest, **inner_kwargs)
        super().__init__(observation_space, extractor.features_dim + advice)
        self.inner = extractor
        self.advice = advice

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        split = observations.shape[1] - self.advice
        return torch.cat([self.inner(observations[:, :split]), observations[:, split:]], dim=1)


class AdvisedHead(nn.Module):
    """Action logits: a linear map of the hidden features plus ``weight`` (learned, from
    ``start``) times the advice flags, so a new policy already prefers the advised action
    and training learns where to differ from it."""

    def __init__(self, hidden: int, actions: int, start: float) -> None:
        super().__init__()
        self.hidden = hidden
        self.linear = nn.Linear(hidden, actions)
        self.weight = nn.Parameter(torch.tensor(start))

    def forward(self, latent: torch.Tensor) -> torch.Tensor:
        return self.linear(latent[:, :self.hidden]) + self.weight * latent[:, self.hidden:]


class AdvisedPolicy(MaskableActorCriticPolicy):
    """A maskable actor-critic over `AdvisedExtractor` features whose action head is an
    `AdvisedHead` (``advice_weight``: its starting weight); ``net_arch`` must give the
    policy no layers of its own (``pi: []``) so the head sees the advice flags."""

    def __init__(self, *args: Any, advice_weight: float = 4.0, **kwargs: Any) -> None:
        self.advice_weight = advice_weight
        super().__init__(*args, **kwargs)

    def _build(self, lr_schedule: Schedule) -> None:
        super()._build(lr_schedule)
        extractor = self.features_extractor
        assert isinstance(extractor, AdvisedExtractor)
        assert self.mlp_extractor.latent_dim_pi == extractor.features_dim, "pi must be []"
        hidden = extractor.features_dim - extractor.advice
        self.action_net = AdvisedHead(hidden, extractor.advice, self.advice_weight)
        self.action_net.linear.apply(partial(self.init_weights, gain=0.01))
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),
                                              **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        return {**super()._get_constructor_parameters(), "advice_weight": self.advice_weight}
