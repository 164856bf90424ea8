"""The kernel both games of gaenv share (docs/engine.md, "One core, two games").

- `decisions`: how a game asks a player (`Decision`, `Option`, the kinds both games
  name alike);
- `played`: the narrow game API every tool is written against (`Played`: the pending
  decision, the answer by option, index or text, the log, the end of the game), the rules
  loop that runs a game to its next decision, saving and the checked replay of recorded
  choices;
- `program`: effect programs (`Node`), the registry of a game's effect vocabulary
  (`Primitive`, `registrar`) and the interpreter that runs them;
- `events`: the record of what happened (`Event`), kept in a position's journal;
- `zones`: the census that finds a card in two places or in none;
- `position`: the skeleton of a position, the fields the core reads (`Position`);
- `outcome`: how a game ends (a winner, a draw, or stopped without a result) and why, in
  words that name the players.

It imports nothing else of gaenv: Grand Archive's rules (`gaenv.engine`) and the duel's
(`gaenv.duel`) are built on it, never the reverse (tests/test_architecture.py).
"""
