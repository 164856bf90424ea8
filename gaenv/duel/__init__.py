"""The three-champion duel (DUEL.md; docs/duel.md): a second game beside Grand Archive.

It reuses the engine's `Decision`/`Option` and `Game`'s option lookup and replay check;
its own modules hold the cards (`cards`), the position (`state`), the rules (`rules`),
effect steps (`effects`), the turn loop with its chain and windows (`engine`), the
`DuelGame` API (`game`) and its scenario format (`scenario`).
"""
