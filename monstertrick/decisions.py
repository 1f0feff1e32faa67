"""What the computer players of every game share: where the randomness of one decision
comes from (how a long think is cut short is the contract's
:data:`~monstertrick.games.contract.StopCheck`).

A decision's randomness is a hash of the game's seed and the position
(:func:`bot_rng`), so a resumed game plays on exactly like an uninterrupted one while
the seed itself (which would reveal the deal) stays with the host.
"""

from __future__ import annotations

import hashlib
import random


def bot_rng(seed: int | str | None, round: int, turn: int | None, player: int) -> random.Random:
    """The random generator for one decision: a hash of the game's seed and the position.

    ``round`` is 1-based (a round, hand or game of a match); ``turn`` counts the
    decisions made in it so far, or None for a decision before the first (Monster
    Trick's VP row).
    """
    key = f"monstertrick-bot/{seed}/{round}/{'arrange' if turn is None else turn}/{player}"
    digest = hashlib.sha256(key.encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
