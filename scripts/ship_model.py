"""Make the policy shipped in the package (``ppo:default``) from a training run.

    gaenv train --config shipped --out runs/shipped
    python scripts/ship_model.py runs/shipped

Takes the run's best evaluated model (else its final one), gives it a fresh optimizer (a
player needs no Adam moments: the file is a third of a checkpoint's size; training from
it again starts a new optimizer) and writes ``gaenv/agents/models/default.zip``. The model
keeps the card pool and observation layout it was trained on (`gaenv.agents.ppo`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sb3_contrib import MaskablePPO

from gaenv.agents.ppo import SHIPPED, check_model, model_path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", type=Path, help="a training run folder (or a model .zip)")
    args = parser.parse_args()
    source = model_path(args.run)
    check_model(source)
    model = MaskablePPO.load(source, device="cpu")
    policy = model.policy
    policy.optimizer = policy.optimizer_class(policy.parameters(), lr=model.lr_schedule(1),
                                              **policy.optimizer_kwargs)
    SHIPPED.mkdir(exist_ok=True)
    target = SHIPPED / "default.zip"
    model.save(target)
    check_model(target)
    print(f"{source} -> {target} ({target.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
