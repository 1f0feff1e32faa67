"""Computer players: ``easy``, ``medium`` and ``hard``, all deciding from a player's view
(and ``ismcts``, the arena's textbook yardstick, not offered at the table).

>>> from monstertrick.games.monster_trick.bots import make_bot, bot_rng
>>> bot = make_bot("medium")
>>> # order = bot.choose_arrangement(game.view(p), bot_rng(seed, game.round, None, p))
>>> # move = bot.choose_move(game.view(p), bot_rng(seed, game.round, game.turn, p))
"""

from __future__ import annotations

from .base import Bot, StopCheck, bot_rng
from .easy import EasyBot
from .hard import HardBot
from .ismcts import IsmctsBot
from .medium import MediumBot

LEVELS = ("easy", "medium", "hard")
"""The levels a player may choose, weakest first."""

__all__ = [
    "LEVELS",
    "MAX_PLAYOUTS",
    "MAX_SECONDS",
    "Bot",
    "EasyBot",
    "HardBot",
    "IsmctsBot",
    "MediumBot",
    "StopCheck",
    "bot_level_problem",
    "bot_rng",
    "make_bot",
]


MAX_PLAYOUTS = 100_000
"""The most playouts ``hard:N`` may ask for per decision."""
MAX_SECONDS = 10.0
"""The longest time budget ``hard:Ss`` may give a decision."""


def bot_level_problem(spec: object) -> str | None:
    """What is wrong with a level as written (``"hard:200"``), in words, or None."""
    try:
        make_bot(spec)
    except ValueError as exc:
        return str(exc)
    return None


def _shown(spec: str) -> str:
    text = repr(spec.strip())
    return text if len(text) <= 30 else text[:26] + "…"


def make_bot(spec: object) -> Bot:
    """The computer player for a level: ``easy``, ``medium``, ``hard``, ``hard:N`` (N
    playouts per decision, reproducible, at most :data:`MAX_PLAYOUTS`) or ``hard:S s``
    (a time budget of at most :data:`MAX_SECONDS`, e.g. ``hard:0.3s``); ``ismcts`` with
    the same options is the arena's reference player (not in :data:`LEVELS`).

    Raises ``ValueError`` with the reason in words for anything else (a saved game's
    level is untrusted input: it may not even be a string).
    """
    if not isinstance(spec, str):
        kind = "nothing" if spec is None else type(spec).__name__
        raise ValueError(f"a computer player's level is a word like 'hard', not {kind}")
    text = spec.strip().lower()
    level, _, option = text.partition(":")
    if level == "easy" and not option:
        return EasyBot()
    if level == "medium" and not option:
        return MediumBot()
    if level in ("hard", "ismcts"):
        make = HardBot if level == "hard" else IsmctsBot
        if not option:
            return make()
        try:
            if option.endswith("s"):
                seconds = float(option[:-1])
                if not 0 < seconds:  # also refuses nan
                    raise ValueError
                if seconds > MAX_SECONDS:
                    raise OverflowError(
                        f"{_shown(spec)}: a {level} player thinks at most {MAX_SECONDS:g} "
                        "seconds per decision"
                    )
                return make(seconds=seconds)
            iterations = int(option)
            if iterations < 1:
                raise ValueError
            if iterations > MAX_PLAYOUTS:
                raise OverflowError(
                    f"{_shown(spec)}: a {level} player plays at most {MAX_PLAYOUTS} "
                    "playouts per decision"
                )
            return make(iterations=iterations)
        except OverflowError as exc:
            raise ValueError(str(exc)) from None
        except ValueError:
            raise ValueError(
                f"{_shown(spec)}: write {level}:N with N playouts per decision "
                f"({level}:200) or a time budget in seconds ({level}:0.5s)"
            ) from None
    raise ValueError(
        f"{_shown(spec)} is not a computer player: choose easy, medium or hard "
        "(or hard:N for N playouts per decision)"
    )
