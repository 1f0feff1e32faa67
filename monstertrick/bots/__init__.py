"""Computer players: ``easy``, ``medium`` and ``hard``, all deciding from a player's view.

>>> from monstertrick.bots import make_bot, bot_rng
>>> bot = make_bot("medium")
>>> # order = bot.choose_arrangement(game.view(p), bot_rng(seed, game.round, None, p))
>>> # move = bot.choose_move(game.view(p), bot_rng(seed, game.round, game.turn, p))
"""

from __future__ import annotations

from .base import Bot, StopCheck, bot_rng
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot

LEVELS = ("easy", "medium", "hard")
"""The levels a player may choose, weakest first."""

__all__ = [
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "StopCheck",
    "bot_level_problem",
    "bot_rng",
    "make_bot",
]


def bot_level_problem(spec: str) -> str | None:
    """What is wrong with a level as written (``"hard:200"``), in words, or None."""
    try:
        make_bot(spec)
    except ValueError as exc:
        return str(exc)
    return None


def make_bot(spec: str) -> Bot:
    """The computer player for a level: ``easy``, ``medium``, ``hard``, ``hard:N`` (N
    playouts per decision, reproducible) or ``hard:S s`` (a time budget, e.g.
    ``hard:0.3s``)."""
    text = spec.strip().lower()
    level, _, option = text.partition(":")
    if level == "easy" and not option:
        return EasyBot()
    if level == "medium" and not option:
        return MediumBot()
    if level == "hard":
        if not option:
            return HardBot()
        try:
            if option.endswith("s"):
                seconds = float(option[:-1])
                if not 0 < seconds <= 60:
                    raise ValueError
                return HardBot(seconds=seconds)
            iterations = int(option)
            if iterations < 1:
                raise ValueError
            return HardBot(iterations=iterations)
        except ValueError:
            raise ValueError(
                f"{spec.strip()!r}: write hard:N with N playouts per decision (hard:200) "
                "or a time budget in seconds (hard:0.5s)"
            ) from None
    raise ValueError(
        f"{spec.strip()!r} is not a computer player: choose easy, medium or hard "
        "(or hard:N for N playouts per decision)"
    )
