"""Monster Trick (Ravensburger, 2015): the default game of the table.

Its rules engine is :mod:`monstertrick.engine`; this package is its entry in the game
registry (:mod:`monstertrick.games`).
"""

from __future__ import annotations

from typing import Any

from ...engine.record import ReplayResult, replay
from ...engine.state import Phase


class MonsterTrick:
    """The registry's door to Monster Trick."""

    key = "monster-trick"
    title = "Monster Trick"

    def replay(self, doc: Any) -> dict[str, Any]:
        """The ``replay --json`` result of a parsed record (raises ``RecordError``)."""
        return replay(doc).to_json()

    def describe(self, doc: Any) -> str:
        """The replay outcome of a parsed record, for people (raises ``RecordError``)."""
        return describe(replay(doc))


def describe(result: ReplayResult) -> str:
    """The outcome of one record, for people."""
    game = result.game
    names = result.players
    width = max(len(n) for n in names)
    lines = [", ".join(names)]
    for r, (tricks, scores) in enumerate(zip(result.tricks, result.scores)):
        if scores is None:
            state = "arranging" if game.phase is Phase.ARRANGING else f"{game.turn} cards played"
            lines.append(f"  round {r + 1} (unfinished, {state}):")
        else:
            lines.append(f"  round {r + 1}:")
        for p, n in enumerate(names):
            score = f", {scores[p]} VP" if scores is not None else ""
            t = tricks[p]
            lines.append(f"    {n:<{width}}  {t} trick{'s' if t != 1 else ''}{score}")
    outcome = game.outcome()
    if outcome is None:
        lines.append("  the game is not finished")
    else:
        totals = ", ".join(f"{n} {v}" for n, v in zip(names, outcome.totals))
        lines.append(f"  totals: {totals}")
        lines.append(f"  {outcome.explain(names)}")
    return "\n".join(lines)


GAME = MonsterTrick()
