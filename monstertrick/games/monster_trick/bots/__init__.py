"""Computer players: ``easy``, ``medium`` and ``hard``, all deciding from a player's view
(and the arena's yardsticks ``ismcts`` and ``pimc``, :mod:`monstertrick.yardsticks`, not
offered at the table).

>>> from monstertrick.games.monster_trick.bots import make_bot, bot_rng
>>> bot = make_bot("medium")
>>> # view = game.view(p)
>>> # action = bot.choose(view, bot_rng(seed, *view.decision_key(), p))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ....levels import Level, level_problem, make_player
from ....yardsticks import WORDS, Yardstick, makers
from ..engine import Action, PlayerView
from .base import Bot, StopCheck, bot_rng
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .yardsticks import KIT

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


_SEARCHING = ("hard", *WORDS)
"""The levels that take a budget (the yardsticks: the arena's, not offered at the table)."""


def bot_level_problem(spec: object) -> str | None:
    """What is wrong with a level as written (``"hard:200"``), in words, or None."""
    return level_problem(spec, LEVELS, searching=_SEARCHING, unlisted=WORDS)


_MAKERS: dict[str, Callable[[Level], Bot]] = {
    "easy": lambda level: EasyBot(),
    "medium": lambda level: MediumBot(),
    "hard": lambda level: HardBot(iterations=level.playouts, seconds=level.seconds),
    **makers(KIT),
}


def make_bot(spec: object) -> Bot:
    """The computer player for a level (:mod:`monstertrick.levels`): ``easy``,
    ``medium``, ``hard``, ``hard:N`` (N playouts per decision, reproducible) or
    ``hard:Ss`` (a time budget, e.g. ``hard:0.3s``); ``ismcts`` and ``pimc`` with the same
    options are the arena's yardsticks (not in :data:`LEVELS`).

    Raises :class:`~monstertrick.levels.LevelError` (a ``ValueError``) with the reason
    in words for anything else (a saved game's level is untrusted input: it may not
    even be a string).
    """
    return make_player(spec, _MAKERS, LEVELS, searching=_SEARCHING, unlisted=WORDS)


if TYPE_CHECKING:  # mypy --strict checks that every computer player keeps the contract
    from ...contract import Bot as _ContractBot

    _BOTS: tuple[type[_ContractBot[PlayerView, Action]], ...] = (
        EasyBot,
        MediumBot,
        HardBot,
        Yardstick,
    )
